/**
 * A second game system plugs in with no change to the platform: the real bot, built with
 * `systemRegistry([malifauxTable, coinToss])`, against the Discord double (signed HTTP endpoint) and a real
 * database (SQLite and PostgreSQL). The coin toss (test/systems/coin-toss) is registered here only.
 *
 * - /game new offers it, /toss and a click in a DM play it end to end, its events are stored and read back
 *   through its own schemas, /game log, /game end and /game verify work through its module;
 * - a command of one system in a channel whose game another plays is refused (WRONG_SYSTEM);
 * - a bot built without it (the built systems only) refuses its stored game (UNKNOWN_SYSTEM), never plays it;
 * - systems that are not built (gg3, fateforge) cannot be chosen at /game new;
 * - a stored event its system's schema does not accept is CORRUPT_LOG, never a silently different game.
 */
import { createHash } from 'node:crypto';
import { Routes } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtSystems, systemRegistry } from '../../src/systems/registry.js';
import { malifauxTable } from '../../src/systems/malifaux-table/index.js';
import { interactionsFor } from '../../src/discord/commands/index.js';
import { describeProblem } from '../../src/discord/replies.js';
import { translator, type Locale } from '../../src/i18n/index.js';
import { effectiveEntries, gameOutcome, loadGame, parseLog } from '../../src/app/games.js';
import type { Problem } from '../../src/app/problems.js';
import type { DoubleMessage } from '../../src/discord-double/index.js';
import { IDS, componentsOf, findComponent, messageText, startApp, type App, type Backend, type CommandResult, type Who } from '../support/app.js';
import { coinToss, coinOf, type GameEvent, type State } from './coin-toss/index.js';

const registry = systemRegistry([malifauxTable, coinToss]);
const CT = coinToss.id;

function refusalText(locale: Locale, problem: Problem): string {
  return `⚠️ ${describeProblem(translator(locale), problem)}`;
}

describe.each(['sqlite', 'postgres'] as Backend[])('a test-only game system plugs in (%s)', (backend) => {
  let app: App;
  beforeAll(async () => {
    let games = 0;
    app = await startApp({ mode: 'http', backend, systems: registry, newSeed: () => createHash('sha256').update(`plug-in-${backend}-${games++}`).digest('hex') });
    // startApp registers the built systems' commands: this bot's are those of its own registry (/toss too).
    await app.env.rest.put(Routes.applicationGuildCommands(app.double.applicationId, app.double.fixtures.guild.id), {
      body: interactionsFor(registry).commands.map((c) => c.definition),
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  const channel = (name: string) => app.double.channel(name).id;

  /** The rows a refused action must leave alone: the games (snapshot, version, status) and the event log. */
  async function gameRows() {
    const f = await app.fingerprint();
    return { games: f.games, eventCount: f.eventCount, lastSeq: f.lastSeq };
  }

  function expectRefusal(result: CommandResult, who: Who, text: string): void {
    expect(result.ok, result.error).toBe(true);
    expect(result.reply, 'a reply').toBeDefined();
    expect(result.reply!.ephemeral).toBe(true);
    expect(result.reply!.visibleTo).toBe(IDS[who]);
    expect(result.reply!.content).toBe(text);
  }

  async function coinState(channelId: string): Promise<State> {
    const game = await app.game(channelId);
    return coinToss.schemas.state.parse(game!.snapshot);
  }

  async function newCoinGame(channelId: string, creator: Who = 'alice', opponent: Who = 'bob'): Promise<string> {
    const created = await app.command(creator, 'game new', { opponent: IDS[opponent], system: CT }, channelId);
    expect(created.ok, created.error).toBe(true);
    expect(created.reply?.ephemeral, created.reply?.content).toBe(false);
    const game = (await app.game(channelId))!;
    expect(game.system).toBe(CT);
    return game.id;
  }

  /** The newest button of this game's answer components in `messages`, for `choice`. */
  function answerButton(messages: DoubleMessage[], gameId: string, choice: string) {
    return findComponent(messages, (id) => id.startsWith(`fk:ct:${gameId}:`) && id.endsWith(`:${choice}`));
  }

  it('/game new offers the coin toss beside the built systems, and starts a game of it', async () => {
    const game = app.double.commands(app.double.fixtures.guild.id).find((c) => c.name === 'game')!;
    const newSub = (game.options as { name: string; options?: { name: string; choices?: { value: string }[] }[] }[]).find((o) => o.name === 'new')!;
    const offered = newSub.options!.find((o) => o.name === 'system')!.choices!.map((c) => c.value);
    expect(offered).toEqual(['m3e', CT]);
    expect(app.double.commands(app.double.fixtures.guild.id).map((c) => c.name)).toContain('toss');

    const ch = channel('table-1');
    const gameId = await newCoinGame(ch);
    const reply = app.lastPublic(ch)!;
    expect(reply.content).toContain('Coin toss: Alice vs Bob');
    expect(reply.content).toContain(`<@${IDS.alice}> tosses next (/toss).`);
    const state = await coinState(ch);
    expect(state).toMatchObject({ status: 'active', gameId, turn: 0, scores: [0, 0], pending: null, target: 3 });
    if (state.status === 'new') throw new Error('not started');
    expect(state.seats.map((s) => s.userId)).toEqual([IDS.alice, IDS.bob]);
    // The seed stays secret while the game runs.
    expect(app.double.messages().map(messageText).join('\n')).not.toContain(state.seed);
  });

  it('/toss, then the call and the reveal clicked in DMs, end to end; the call stays hidden until the reveal', async () => {
    const ch = channel('table-1');
    const gameId = (await app.game(ch))!.id;
    const tossed = await app.command('alice', 'toss', { label: 'initiative' }, ch);
    expect(tossed.ok, tossed.error).toBe(true);
    expect(tossed.reply!.ephemeral).toBe(false);
    expect(tossed.reply!.content).toContain('Alice tossed the coin (toss #1, initiative); Bob calls it.');
    expect(tossed.reply!.content).toContain(`Waiting for <@${IDS.bob}> to call the coin`);

    // Bob's DM carries the call; Alice has no control of it.
    const heads = answerButton(app.dms('bob'), gameId, 'heads');
    expect(heads, 'the call in Bob’s DM').toBeDefined();
    expect(answerButton(app.dms('alice'), gameId, 'heads')).toBeUndefined();
    // Someone else clicking Bob's DM cannot even see it (Discord would not deliver it).
    expect((await app.click('alice', heads!.message.id, heads!.customId)).ok).toBe(false);

    const called = await app.click('bob', heads!.message.id, heads!.customId);
    expect(called.ok, called.error).toBe(true);
    // Bob's DM says it is done and shows his view after his call (his call, hidden from the others).
    expect(called.reply!.content.split('\n')[0]).toBe(`✅ Bob: call the coin — done.`);
    expect(called.reply!.content).toContain('Your call for toss #1: heads');
    expect(componentsOf(called.reply!)).toEqual([]);
    // The toss is a story: its one channel message (the /toss reply) is edited, not followed.
    const afterCall = app.lastPublic(ch)!;
    expect(afterCall.id).toBe(tossed.reply!.id);
    expect(afterCall.content).toContain('Bob called toss #1.');
    expect(afterCall.content).toContain(`Waiting for <@${IDS.alice}> to reveal the coin`);
    expect(afterCall.content).not.toContain(`Waiting for <@${IDS.bob}>`);

    // Nobody but Bob can read the call: not the channel, not Alice's DMs.
    const seenByAlice = [...app.visibleTo('alice', ch), ...app.dms('alice')].map(messageText).join('\n');
    expect(seenByAlice).not.toMatch(/heads|tails/i);
    const state = await coinState(ch);
    expect(state.status === 'active' && state.pending).toMatchObject({ kind: 'reveal', seat: 0, caller: 1, call: 'heads' });

    // /game status and /help go through the system's presentation: Bob's own call is in his reply alone,
    // and Alice is told the table waits for her.
    const bobStatus = await app.command('bob', 'game status', {}, ch);
    expect(bobStatus.reply!.ephemeral).toBe(true);
    expect(bobStatus.reply!.content).toContain('Your call for toss #1: heads.');
    expect(bobStatus.reply!.content).toMatch(/Waiting since <t:\d+:R> \(log entry #\d+\)/);
    const aliceStatus = await app.command('alice', 'game status', {}, ch);
    expect(aliceStatus.reply!.ephemeral).toBe(true);
    expect(messageText(aliceStatus.reply!)).not.toMatch(/heads|tails/i);
    const aliceHelp = await app.command('alice', 'help', {}, ch);
    expect(aliceHelp.reply!.ephemeral).toBe(true);
    expect(messageText(aliceHelp.reply!)).toContain('The table waits for you: reveal the coin (in your DMs).');
    expect(messageText(aliceHelp.reply!)).toContain('`/toss` on your turn');

    const reveal = answerButton(app.dms('alice'), gameId, 'reveal');
    expect(reveal, 'the reveal in Alice’s DM').toBeDefined();
    const revealed = await app.click('alice', reveal!.message.id, reveal!.customId);
    expect(revealed.ok, revealed.error).toBe(true);
    if (state.status === 'new') throw new Error('not started');
    const coin = coinOf(state.seed, 1);
    const scorer = coin === 'heads' ? 'Bob' : 'Alice';
    expect(app.lastPublic(ch)!.id).toBe(tossed.reply!.id);
    expect(app.lastPublic(ch)!.content).toContain(`Toss #1: ${coin}; Bob called heads. A point for ${scorer}.`);
    expect(await coinState(ch)).toMatchObject({ turn: 1, pending: null, scores: coin === 'heads' ? [0, 1] : [1, 0], last: { toss: 1, coin, call: 'heads' } });
  });

  it('stores the events, and reads them back through the coin toss’s own schemas', async () => {
    const ch = channel('table-1');
    const stored = (await app.game(ch))!;
    const log = await app.store.listEvents(stored.id);
    const parsed = parseLog(coinToss, stored, log);
    if (!parsed.ok) throw new Error(parsed.problem.code);
    const events = effectiveEntries(parsed.entries).map((e) => e.event as GameEvent);
    expect(events.map((e) => e.type)).toEqual(['GameStarted', 'CoinTossed', 'CallMade', 'CoinRevealed']);
    for (const event of events) expect(coinToss.schemas.event.parse(JSON.parse(JSON.stringify(event)))).toEqual(event);
    expect(coinToss.replay(events)).toEqual(coinToss.schemas.state.parse(stored.snapshot));
    // The platform's own load finds the module by the stored id and gets the same game.
    const loaded = await loadGame(app.bot.services, stored);
    if (!loaded.ok) throw new Error(loaded.problem.code);
    expect(loaded.game.system).toBe(coinToss);
    expect(loaded.game.state).toEqual(coinToss.replay(events));

    // The audit log is written by the system, from public events while the game runs.
    const audit = await app.command('bob', 'game log', undefined, ch);
    expect(audit.reply!.ephemeral).toBe(true);
    const text = messageText(audit.reply!);
    expect(text).toContain('Alice tossed the coin (toss #1, initiative); Bob calls it.');
    expect(text).toContain('Bob called toss #1.');
  });

  it('a player whose DMs are closed answers from the system’s own “my view” button', async () => {
    const ch = channel('table-3');
    app.double.setUser(IDS.carol, { dmsClosed: true });
    try {
      const gameId = await newCoinGame(ch, 'alice', 'carol');
      expect((await app.command('alice', 'toss', undefined, ch)).ok).toBe(true);
      const view = findComponent(app.visibleTo('carol', ch), (id) => id === `fk:ctv:${gameId}`);
      expect(view, 'the “my view” button in the channel').toBeDefined();
      const shown = await app.click('carol', view!.message.id, view!.customId);
      expect(shown.reply!.ephemeral).toBe(true);
      expect(shown.reply!.content).toContain('Call toss #1:');
      // Alice clicking it sees her own view, without the call.
      const aliceView = await app.click('alice', view!.message.id, view!.customId);
      expect(answerButton([aliceView.reply!], gameId, 'tails')).toBeUndefined();
      const tails = answerButton([shown.reply!], gameId, 'tails')!;
      const called = await app.click('carol', tails.message.id, tails.customId);
      expect(called.ok, called.error).toBe(true);
      expect(await coinState(ch)).toMatchObject({ pending: { kind: 'reveal', caller: 1, call: 'tails' } });
      await app.endGame('alice', ch);
    } finally {
      app.double.setUser(IDS.carol, { dmsClosed: false });
    }
  });

  it('a command of the other system is refused with WRONG_SYSTEM (English and French), and nothing changes', async () => {
    const ch = channel('table-1');
    const malifauxChannel = channel('table-2');
    const created = await app.command('alice', 'game new', { opponent: IDS.bob, system: 'm3e' }, malifauxChannel);
    expect(created.ok, created.error).toBe(true);
    const before = await gameRows();
    expectRefusal(await app.command('alice', 'flip', { modifier: 0 }, ch), 'alice', refusalText('en', { code: 'WRONG_SYSTEM', params: { system: 'm3e' } }));
    expectRefusal(await app.command('alice', 'draw', { count: 1 }, ch), 'alice', refusalText('en', { code: 'WRONG_SYSTEM', params: { system: 'm3e' } }));
    expectRefusal(await app.command('bob', 'toss', undefined, malifauxChannel), 'bob', refusalText('en', { code: 'WRONG_SYSTEM', params: { system: CT } }));
    app.double.setUser(IDS.bob, { locale: 'fr' });
    try {
      const fr = refusalText('fr', { code: 'WRONG_SYSTEM', params: { system: 'm3e' } });
      expect(fr).not.toBe(refusalText('en', { code: 'WRONG_SYSTEM', params: { system: 'm3e' } }));
      expectRefusal(await app.command('bob', 'flip', { modifier: 0 }, ch), 'bob', fr);
      expectRefusal(await app.command('bob', 'toss', undefined, malifauxChannel), 'bob', refusalText('fr', { code: 'WRONG_SYSTEM', params: { system: CT } }));
    } finally {
      app.double.setUser(IDS.bob, { locale: 'en-US' });
    }
    expect(await gameRows()).toEqual(before);
    await app.endGame('alice', malifauxChannel);
  });

  it('a bot built with the built systems only refuses the stored coin-toss game with UNKNOWN_SYSTEM (English and French), and nothing changes', async () => {
    const ch = channel('table-1');
    const stored = (await app.game(ch))!;
    const pendingCall = (await app.command('bob', 'toss', undefined, ch)).reply!;
    expect(pendingCall.content).toContain(`Waiting for <@${IDS.alice}> to call the coin`);
    const call = answerButton(app.dms('alice'), stored.id, 'tails')!;
    expect(call).toBeDefined();
    const before = await gameRows();

    const plain = await app.addInstance({ systems: builtSystems });
    expect(plain.bot.services.systems.byId(CT)).toBeNull();
    plain.use();
    try {
      const unknown = (locale: Locale) => refusalText(locale, { code: 'UNKNOWN_SYSTEM', params: { system: CT } });
      expect(unknown('en')).toContain(`“${CT}”`);
      expect(unknown('fr')).toContain(`« ${CT} »`);
      expectRefusal(await app.command('alice', 'flip', { modifier: 0 }, ch), 'alice', unknown('en'));
      expectRefusal(await app.command('alice', 'game end', undefined, ch), 'alice', unknown('en'));
      expectRefusal(await app.command('alice', 'game undo', undefined, ch), 'alice', unknown('en'));
      expectRefusal(await app.command('bob', 'game log', undefined, ch), 'bob', unknown('en'));
      // Its game is not a free channel either: a new game there is refused, not a replacement.
      expectRefusal(await app.command('bob', 'game new', { opponent: IDS.alice, system: 'm3e' }, ch), 'bob', refusalText('en', { code: 'CHANNEL_HAS_GAME' }));
      app.double.setUser(IDS.bob, { locale: 'fr' });
      try {
        expectRefusal(await app.command('bob', 'flip', { modifier: 0 }, ch), 'bob', unknown('fr'));
        expectRefusal(await app.command('bob', 'game end', undefined, ch), 'bob', unknown('fr'));
      } finally {
        app.double.setUser(IDS.bob, { locale: 'en-US' });
      }
      // The system's own command and buttons do not exist in that bot.
      expectRefusal(await app.command('bob', 'toss', undefined, ch), 'bob', refusalText('en', { code: 'UNKNOWN_COMMAND', params: { name: 'toss' } }));
      expectRefusal(await app.click('alice', call.message.id, call.customId), 'alice', refusalText('en', { code: 'STALE_BUTTON' }));
      // And it cannot be chosen at /game new there.
      expectRefusal(await app.command('carol', 'game new', { opponent: IDS.rita, system: CT }, channel('table-4')), 'carol', refusalText('en', { code: 'OPTION_NOT_A_CHOICE', params: { option: 'system' } }));
      expect(await gameRows()).toEqual(before);
    } finally {
      app.usePrimary();
    }
    // The bot that has the system still plays the very same game.
    const called = await app.click('alice', call.message.id, call.customId);
    expect(called.ok, called.error).toBe(true);
    expect(await coinState(ch)).toMatchObject({ pending: { kind: 'reveal', seat: 1, caller: 0, call: 'tails' } });
  });

  it('/game new refuses the systems that are not built (gg3, fateforge): not offered, nothing written', async () => {
    const ch = channel('table-5');
    const before = await gameRows();
    for (const system of ['gg3', 'fateforge', 'nope']) {
      expectRefusal(await app.command('alice', 'game new', { opponent: IDS.bob, system }, ch), 'alice', refusalText('en', { code: 'OPTION_NOT_A_CHOICE', params: { option: 'system' } }));
    }
    app.double.setUser(IDS.bob, { locale: 'fr' });
    try {
      expectRefusal(await app.command('bob', 'game new', { opponent: IDS.alice, system: 'gg3' }, ch), 'bob', refusalText('fr', { code: 'OPTION_NOT_A_CHOICE', params: { option: 'systeme' } }));
    } finally {
      app.double.setUser(IDS.bob, { locale: 'en-US' });
    }
    expect(await gameRows()).toEqual(before);
    expect(await app.game(ch)).toBeNull();
  });

  it('the game ends through its module: /game end (a concession, taken back, then final), its outcome, /game verify', async () => {
    const ch = channel('table-1');
    const gameId = (await app.game(ch))!.id;
    // Conceded: the module's end() waits for its window, the seed still secret; taken back by Alice.
    const asked = await app.command('bob', 'game end', undefined, ch);
    await app.click('bob', asked.reply!.id, `fk:end:${gameId}:concede`);
    const waiting = await coinState(ch);
    expect(waiting).toMatchObject({ status: 'active', ending: { by: IDS.bob, seat: 1, concede: true } });
    if (waiting.status === 'new') throw new Error('not started');
    expect(app.double.messages().map(messageText).join('\n')).not.toContain(waiting.seed);
    const notice = app.lastPublic(ch)!;
    const takeBack = componentsOf(notice).find((c) => String(c.custom_id).startsWith('fk:endback:'))!;
    expect((await app.click('alice', notice.id, String(takeBack.custom_id))).ok).toBe(true);
    expect(await coinState(ch)).toMatchObject({ status: 'active', ending: null });
    // Conceded again, and final once the window has passed.
    await app.endGame('bob', ch, 'concede');
    const state = await coinState(ch);
    if (state.status !== 'ended') throw new Error(`expected an ended game, got ${state.status}`);
    expect(app.lastPublic(ch)!.content).toContain(`The seed was ${state.seed}`);
    expect((await app.game(ch))!.status).toBe('ended');
    const outcome = await gameOutcome(app.bot.services, gameId);
    if (!outcome.ok) throw new Error(outcome.problem.code);
    expect(outcome.outcome).toMatchObject({ finished: true, endedBy: IDS.bob, how: 'conceded', seats: [{ seat: 0, userId: IDS.alice, result: 'win' }, { seat: 1, userId: IDS.bob, result: 'loss' }] });
    if (!outcome.outcome.finished) throw new Error('not finished');
    expect(outcome.outcome.seats.map((s) => s.vp)).toEqual(state.scores);
    const verified = await app.command('alice', 'game verify', undefined, ch);
    expect(messageText(verified.reply!)).toContain(state.seed);
    expect(verified.reply!.embeds[0]!.color).toBe(coinToss.presentation.colors.success);
  });

  it('the bot logged no failure while playing the coin toss', () => {
    expect(app.logs.filter((l) => /^\[(error|warn|console\.error|harness)\]/.test(l))).toEqual([]);
  });

  describe('a stored event its system does not accept', () => {
    /** A coin-toss game with a call pending, then `payload` appended behind the bot's back with a snapshot that fails validation. */
    async function corrupted(ch: string, payload: (batch: number) => unknown) {
      const gameId = await newCoinGame(ch);
      expect((await app.command('alice', 'toss', undefined, ch)).ok).toBe(true);
      const stored = (await app.game(ch))!;
      const appended = await app.store.appendEvents({
        gameId,
        expectedVersion: stored.version,
        events: [{ type: 'Corrupt', payload: payload(stored.version + 1), actor: IDS.alice }],
        snapshot: { status: 'active', corrupt: true },
        status: 'active',
      });
      expect(appended.ok).toBe(true);
      const log = await app.store.listEvents(gameId);
      return { gameId, entry: `#${log.at(-1)!.seq}` };
    }

    async function expectCorrupt(ch: string, gameId: string, entry: string) {
      const corrupt = (locale: Locale) => refusalText(locale, { code: 'CORRUPT_LOG', params: { game: gameId, entry } });
      const before = await gameRows();
      expectRefusal(await app.command('alice', 'toss', undefined, ch), 'alice', corrupt('en'));
      expectRefusal(await app.command('bob', 'game log', undefined, ch), 'bob', corrupt('en'));
      expectRefusal(await app.command('alice', 'game undo', undefined, ch), 'alice', corrupt('en'));
      const call = answerButton(app.dms('bob'), gameId, 'heads')!;
      expect(call).toBeDefined();
      expectRefusal(await app.click('bob', call.message.id, call.customId), 'bob', corrupt('en'));
      app.double.setUser(IDS.bob, { locale: 'fr' });
      try {
        expectRefusal(await app.command('bob', 'game end', undefined, ch), 'bob', corrupt('fr'));
      } finally {
        app.double.setUser(IDS.bob, { locale: 'en-US' });
      }
      // A Malifaux command there is refused too, whichever check comes first: never played.
      const flip = await app.command('alice', 'flip', { modifier: 0 }, ch);
      expect(flip.reply!.ephemeral).toBe(true);
      expect(await gameRows()).toEqual(before);
    }

    it('an event of another system (a Malifaux draw) is CORRUPT_LOG, never played as a coin toss', async () => {
      const ch = channel('table-6');
      const { gameId, entry } = await corrupted(ch, (batch) => ({ batch, event: { type: 'CardsDrawn', seat: 0, cards: ['1R'] } }));
      await expectCorrupt(ch, gameId, entry);
    });

    it('a coin-toss event with a value its schema refuses is CORRUPT_LOG', async () => {
      const ch = channel('table-7');
      const { gameId, entry } = await corrupted(ch, (batch) => ({ batch, event: { type: 'CallMade', toss: 1, seat: 1, side: 'edge' } }));
      await expectCorrupt(ch, gameId, entry);
    });
  });
});
