/**
 * `/game new thread:true` through the real bot and the Discord double, over both transports: the bot
 * opens a public thread of the channel named after the game, and the game lives there — its start, its
 * living status message, the crews, the schemes, deployment, the first turn's decisions — while the
 * channel only hears where it went. Refused clearly, before anything is created, where the bot may not
 * open or post in a thread, and inside a thread.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wholeStateSchema, type WholeState } from '../src/systems/malifaux-game/engine/schema.js';
import { fixedEncounter } from '../src/systems/malifaux-game/engine/encounter.js';
import { encounterCode } from '../src/systems/malifaux-game/engine/shareCode.js';
import { cardForm, inkwellTable } from '../src/systems/malifaux-game/crews/fixtures.js';
import { DEFAULT_APP_PERMISSIONS } from '../src/discord-double/fixtures.js';
import { IDS, startApp, type App, type Mode } from './support/app.js';

const ALICE_LIST = 'Ada Quill (Arcanists)\nLeader:\n  Ada Quill\nTotem(s):\n  Blotter\nHires:\n  Scribe Major\n  Press Golem\n  Page\n';
const BOB_LIST = 'Scribes (Arcanists)\nLeader:\n  Scribe Major\nHires:\n  Quill Knight\n  Ink Sprite\n  Page\n';
/** A pool of schemes that name nothing, so /schemes needs only their numbers. */
const POOL = (() => {
  const fixed = fixedEncounter({ pack: 'core', strategy: 'core.turf-war', deployment: 'standard', schemes: ['core.detonate-charges', 'core.breakthrough', 'core.harness-the-ley-line', 'core.search-the-ruins', 'core.dig-their-graves'] });
  if (!fixed.ok) throw new Error(fixed.error.code);
  return encounterCode(fixed.value);
})();

describe.each(['http', 'gateway'] as Mode[])('a game in a thread of its own (%s)', (mode) => {
  let app: App;
  beforeAll(async () => {
    app = await startApp({ mode, backend: 'sqlite' });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function submit(who: 'alice' | 'bob', values: Record<string, string>) {
    const result = await app.double.submitModal({ userId: IDS[who], values });
    await app.settle();
    return result;
  }
  async function whole(channel: string): Promise<WholeState> {
    return wholeStateSchema.parse((await app.game(channel))!.snapshot) as WholeState;
  }
  async function ok(who: 'alice' | 'bob', name: string, options: Record<string, string | number | boolean> | undefined, channel: string) {
    const before = await app.eventCount((await app.game(channel))!.id);
    const done = await app.command(who, name, options, channel);
    expect(done.ok, done.error).toBe(true);
    expect(await app.eventCount((await app.game(channel))!.id), `${name}: ${done.reply?.content}`).toBeGreaterThan(before);
  }

  it('the bot opens a public thread named after the game; its start, status, crews, schemes, deployment and first decisions all happen there', async () => {
    const parent = app.double.channel('table-7').id;
    app.double.clearRequests();
    const created = await app.command('alice', 'game new', { opponent: IDS.bob, system: 'm3e-game', encounter: POOL, thread: true }, parent);
    expect(created.ok, created.error).toBe(true);
    await app.settle();

    const [thread] = app.double.threads();
    expect(app.double.threads()).toHaveLength(1);
    expect(thread).toMatchObject({ name: 'Alice vs Bob — Malifaux', parentId: parent, type: 11 });
    expect(app.double.requests.find((r) => r.method === 'POST' && r.path === `/channels/${parent}/threads`)?.body).toMatchObject({ type: 11, name: 'Alice vs Bob — Malifaux' });
    // The channel hears where the game went, and nothing else.
    expect(app.publicMessages(parent).map((m) => m.content)).toEqual([`🧵 The game of **Alice** and **Bob** lives in its own thread: <#${thread!.id}>. Play there: its status message is there, and every command of the game works there.`]);
    expect(await app.game(parent)).toBeNull();
    const game = (await app.game(thread!.id))!;
    expect(game.channelId).toBe(thread!.id);
    // The start opens the thread, then the one living status message.
    const inThread = () => app.publicMessages(thread!.id);
    expect(inThread()[0]!.embeds[0]!.title).toContain('Alice');
    const status = () => inThread().filter((m) => (m.embeds[0]?.title ?? '').endsWith(': a whole game'));
    expect(status()).toHaveLength(1);

    // Every card once for the server, the crews pasted: all typed in the thread.
    for (const name of ['Ada Quill', 'Blotter', 'Scribe Major', 'Press Golem', 'Page', 'Quill Knight', 'Ink Sprite']) {
      expect((await app.command('alice', 'crew model', { name }, thread!.id)).responseType).toBe(9);
      expect((await submit('alice', cardForm(inkwellTable.models.find((p) => p.name === name && p.title === null)!))).ok).toBe(true);
    }
    for (const [who, list] of [
      ['alice', ALICE_LIST],
      ['bob', BOB_LIST],
    ] as const) {
      expect((await app.command(who, 'crew paste', undefined, thread!.id)).responseType).toBe(9);
      expect((await submit(who, { list })).ok).toBe(true);
    }
    expect((await whole(thread!.id)).game?.stage).toBe('schemes');
    await ok('alice', 'schemes', { first: 1, second: 2 }, thread!.id);
    await ok('bob', 'schemes', { first: 3, second: 4 }, thread!.id);

    // In the parent channel there is no game to play.
    const elsewhere = await app.command('alice', 'turn deployed', undefined, parent);
    expect(elsewhere.reply?.content).toContain('There is no game in this channel.');

    const attacker = (await whole(thread!.id)).game!.encounter!.attacker;
    const seat = (s: number) => (s === 0 ? 'alice' : 'bob');
    for (const s of [attacker, attacker === 0 ? 1 : 0, attacker]) await ok(seat(s), 'turn deployed', undefined, thread!.id);
    const state = await whole(thread!.id);
    expect(state.game?.stage).toBe('turns');
    expect(state.game?.turn).toMatchObject({ turn: 1, phase: 'start', step: 'draw' });
    // The turn's first decision, answered in the thread.
    await ok(seat(state.game!.turn!.pending[0]!), 'turn ready', undefined, thread!.id);

    // Still one status message, in the thread, kept up to date; none in the channel.
    expect(status()).toHaveLength(1);
    expect(status()[0]!.editedTimestamp).not.toBeNull();
    expect(app.publicMessages(parent)).toHaveLength(1);
    expect(app.logs.filter((l) => l.includes('[error]'))).toEqual([]);
  }, 120_000);

  it('refused clearly, in the asker’s language, where the bot may not open a thread, and inside a thread: no thread, no game', async () => {
    const parent = app.double.channel('table-8').id;
    const threads = app.double.threads().length;
    app.double.setAppPermissions(BigInt(DEFAULT_APP_PERMISSIONS) & ~(1n << 35n));
    app.double.setUser(IDS.bob, { locale: 'fr' });
    try {
      const refused = await app.command('alice', 'game new', { opponent: IDS.bob, system: 'm3e-game', thread: true }, parent);
      expect(refused.reply?.ephemeral).toBe(true);
      expect(refused.reply?.content).toContain('I cannot open a thread here: I lack the permission **Create Public Threads**.');
      const refusedFr = await app.command('bob', 'game new', { opponent: IDS.alice, system: 'm3e-game', thread: true }, parent);
      expect(refusedFr.reply?.content).toContain('il me manque la permission **Créer des fils publics**');
      expect(app.double.threads()).toHaveLength(threads);
      expect(await app.game(parent)).toBeNull();
    } finally {
      app.double.setAppPermissions(BigInt(DEFAULT_APP_PERMISSIONS));
      app.double.setUser(IDS.bob, { locale: 'en-US' });
    }
    // Inside a thread: no thread of a thread.
    const [thread] = app.double.threads();
    const inThread = await app.command('bob', 'game new', { opponent: IDS.alice, system: 'm3e-game', thread: true }, thread!.id);
    expect(inThread.reply?.content).toContain('This is already a thread');
    expect(app.double.threads()).toHaveLength(threads);
  }, 60_000);
});
