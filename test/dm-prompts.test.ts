/**
 * A decision asked by DM loses its controls once it is settled some other way (answered from the
 * ephemeral "My hand" view, undone, the game ended) or once a newer DM carries them, so a player reading
 * their DMs never finds a live-looking select that only answers "stale"; and the channel's notice of a
 * private decision is marked done. End to end against the local Discord double, through both transports.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as engine from '../src/systems/malifaux-table/engine/index.js';
import { translator } from '../src/i18n/index.js';
import { COLOR } from '../src/systems/malifaux-table/present/status.js';
import { IDS, componentsOf, flipUntil, latestDecisionMessage, locateChoice, startApp, type App } from './support/app.js';

let app: App;

const en = translator('en');
const channel = (name: string) => app.double.channel(name).id;
const hasControls = (messageId: string) => {
  const message = app.dms('bob').find((m) => m.id === messageId)!;
  return componentsOf(message).some((c) => typeof c.custom_id === 'string' && c.custom_id.startsWith('fk:'));
};

async function bobMustCheat(table: string): Promise<engine.PendingDecision> {
  return flipUntil(app, 'bob', { modifier: 0 }, table, async () => {
    const decision = engine.pendingDecision((await app.state(table))!);
    return decision?.kind === 'cheat' ? decision : undefined;
  }, { what: 'a cheat decision' });
}

// Over signed HTTP on SQLite, and over the gateway (the reply goes through the callback endpoint) on PostgreSQL.
describe.each([
  { mode: 'http', backend: 'sqlite' },
  { mode: 'gateway', backend: 'postgres' },
] as const)('$mode transport, $backend', ({ mode, backend }) => {
  beforeAll(async () => {
    app = await startApp({ mode, backend });
    // Rita, a member of the server's referee role with no seat, referees the games started from now on.
    await app.command('rita', 'game referee-role', { role: IDS.refereeRole });
  });
  afterAll(async () => {
    await app?.close();
  });

  describe('DM prompts', () => {
    it('are closed when answered from "My hand", when undone, and when the game ends', async () => {
      const table = channel('table-6');
      expect((await app.command('alice', 'game new', { opponent: IDS.bob, system: 'm3e' }, table)).ok).toBe(true);
      const gameId = (await app.game(table))!.id;
      expect((await app.command('bob', 'draw', { count: 3 }, table)).ok).toBe(true);

      // Answered from the "My hand" view: the DM's select goes.
      let cheat = await bobMustCheat(table);
      let dm = latestDecisionMessage(app.dms('bob'), gameId)!;
      expect(hasControls(dm.id)).toBe(true);
      const view = await app.click('bob', app.lastPublic(table)!.id, `fk:hand:${gameId}`);
      const decline = locateChoice(view.reply!, cheat, engine.DECLINE)!;
      expect((await app.click('bob', decline.message.id, decline.customId)).ok).toBe(true);
      await app.settle();
      expect(hasControls(dm.id)).toBe(false);
      expect(app.dms('bob').find((m) => m.id === dm.id)!.content).toBe(en('prompt.closed'));

      // Undone by the referee: closed too.
      cheat = await bobMustCheat(table);
      dm = latestDecisionMessage(app.dms('bob'), gameId)!;
      expect(hasControls(dm.id)).toBe(true);
      expect((await app.command('rita', 'game undo', {}, table)).ok).toBe(true);
      await app.settle();
      expect(hasControls(dm.id)).toBe(false);

      // Pending when the game ends: closed once the end is final (not while it may still be taken back).
      await bobMustCheat(table);
      dm = latestDecisionMessage(app.dms('bob'), gameId)!;
      await app.endGame('alice', table);
      expect(hasControls(dm.id)).toBe(false);
    });
  });

  describe('older hand DMs', () => {
    it('say they are older once a newer hand is DMed, and only the newest reads as the hand', async () => {
      const table = channel('table-7');
      expect((await app.command('alice', 'game new', { opponent: IDS.bob, system: 'm3e' }, table)).ok).toBe(true);
      expect((await app.command('bob', 'draw', { count: 1 }, table)).ok).toBe(true);
      await app.settle();
      const first = app.dms('bob').at(-1)!;
      expect(first.embeds[0]?.title).toBe(en('hand.title', { count: 1 }));
      expect((await app.command('bob', 'draw', { count: 1 }, table)).ok).toBe(true);
      await app.settle();
      const second = app.dms('bob').at(-1)!;
      expect(second.id).not.toBe(first.id);
      expect(app.dms('bob').find((m) => m.id === first.id)!.content).toBe(en('hand.superseded'));
      expect(app.dms('bob').find((m) => m.id === second.id)!.content).not.toBe(en('hand.superseded'));
    });
  });

  describe('the living message of a flip awaiting a private decision', () => {
    it('is one channel message, edited in place: it names the wait, then what was decided, from a DM, from "My hand", or undone', async () => {
      const table = channel('table-8');
      expect((await app.command('alice', 'game new', { opponent: IDS.bob, system: 'm3e' }, table)).ok).toBe(true);
      const gameId = (await app.game(table))!.id;
      expect((await app.command('bob', 'draw', { count: 3 }, table)).ok).toBe(true);
      const living = (id: string) => app.publicMessages(table).find((m) => m.id === id)!;
      const waiting = `Waiting for <@${IDS.bob}>: cheat fate or not.`;
      const declined = (id: string) => living(id).embeds[0]?.description ?? '';

      // Answered in the DM: the /flip's reply is the flip's one message, and it is edited, not followed.
      let cheat = await bobMustCheat(table);
      let story = app.lastPublic(table)!;
      expect(story.content).toContain(waiting);
      expect(story.embeds[0]?.color).toBe(COLOR.waiting);
      const messagesBefore = app.publicMessages(table).length;
      const fromDm = locateChoice(latestDecisionMessage(app.dms('bob'), gameId)!, cheat, engine.DECLINE)!;
      expect((await app.click('bob', fromDm.message.id, fromDm.customId)).ok).toBe(true);
      await app.settle();
      expect(app.logs, "the bot logged no failure").toEqual([]);
      expect(app.publicMessages(table).length, 'no new channel message').toBe(messagesBefore);
      expect(living(story.id).content ?? '').not.toContain(waiting);
      expect(living(story.id).embeds[0]?.color).not.toBe(COLOR.waiting);
      expect(declined(story.id)).toContain('does not cheat');
      // The clicked DM now shows Bob's table after his decision, without controls.
      expect(app.dms('bob').find((m) => m.id === fromDm.message.id)!.content).toContain(en('prompt.answered', { name: 'Bob', decision: 'cheat fate or not' }));
      expect(hasControls(fromDm.message.id)).toBe(false);

      // Undone by the referee: the same message tells the flip again, waiting for Bob once more, and
      // strikes what no longer holds.
      expect((await app.command('rita', 'game undo', {}, table)).ok).toBe(true);
      await app.settle();
      expect(living(story.id).content).toContain(waiting);
      expect(declined(story.id)).toContain(en('story.undone'));
      expect(declined(story.id)).toMatch(/~~.*does not cheat.*~~/);
      // The undo itself is announced once, in its own reply.
      const afterUndo = app.publicMessages(table).length;
      expect(afterUndo).toBe(messagesBefore + 1);

      // A decision still open keeps its notice, whatever else happens meanwhile (the referee sets a pool):
      // the referee is answered privately, and the flip's message says the wait and what she did.
      cheat = engine.pendingDecision((await app.state(table))!)! as engine.PendingDecision;
      expect(cheat.kind).toBe('cheat');
      const set = await app.command('rita', 'soulstones', { count: 1, player: IDS.alice }, table);
      expect(set.reply?.ephemeral, set.reply?.content).toBe(true);
      expect(set.reply?.content).toContain(story.id);
      await app.settle();
      expect(engine.pendingDecision((await app.state(table))!)?.id).toBe(cheat.id);
      expect(living(story.id).content).toContain(waiting);
      expect(living(story.id).embeds[0]?.color).toBe(COLOR.waiting);
      expect(app.publicMessages(table).length, 'still no new channel message').toBe(afterUndo);
      // Once Bob decides (from "My hand" this time), the message says so.
      const view = await app.click('bob', story.id, `fk:hand:${gameId}`);
      const decline = locateChoice(view.reply!, cheat, engine.DECLINE)!;
      expect((await app.click('bob', decline.message.id, decline.customId)).ok).toBe(true);
      await app.settle();
      expect(living(story.id).content ?? '').not.toContain(waiting);

      // The next flip is a new story: a new message.
      await bobMustCheat(table);
      const next = app.lastPublic(table)!;
      expect(next.id).not.toBe(story.id);
      expect(next.content).toContain(waiting);
      story = next;
    });
  });
});
