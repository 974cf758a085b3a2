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
import { IDS, componentsOf, latestDecisionMessage, locateChoice, startApp, type App } from './support/app.js';

let app: App;

const en = translator('en');
const channel = (name: string) => app.double.channel(name).id;
const hasControls = (messageId: string) => {
  const message = app.dms('bob').find((m) => m.id === messageId)!;
  return componentsOf(message).some((c) => typeof c.custom_id === 'string' && c.custom_id.startsWith('fk:'));
};

async function bobMustCheat(table: string): Promise<engine.PendingDecision> {
  for (let attempt = 0; attempt < 5; attempt++) {
    expect((await app.command('bob', 'flip', { modifier: 0 }, table)).ok).toBe(true);
    await app.settle();
    const decision = engine.pendingDecision((await app.state(table))!);
    if (decision?.kind === 'cheat') return decision;
  }
  throw new Error('five flips without a cheat decision');
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

  describe('the channel\'s "waiting for" notice of a private decision', () => {
    it('is marked done once the decision is settled in a DM, from "My hand", or undone', async () => {
      const table = channel('table-8');
      expect((await app.command('alice', 'game new', { opponent: IDS.bob, system: 'm3e' }, table)).ok).toBe(true);
      const gameId = (await app.game(table))!.id;
      expect((await app.command('bob', 'draw', { count: 3 }, table)).ok).toBe(true);
      const notice = (id: string) => app.publicMessages(table).find((m) => m.id === id)!.content;
      const colour = (id: string) => app.publicMessages(table).find((m) => m.id === id)!.embeds[0]?.color;
      const waiting = `Waiting for <@${IDS.bob}>: cheat fate or not.`;
      const done = en('prompt.answered', { name: `<@${IDS.bob}>`, decision: 'cheat fate or not' });

      // Answered in the DM (the announcement was the /flip reply itself).
      let cheat = await bobMustCheat(table);
      let announcement = app.lastPublic(table)!;
      expect(announcement.content).toContain(waiting);
      expect(colour(announcement.id)).toBe(COLOR.waiting);
      const fromDm = locateChoice(latestDecisionMessage(app.dms('bob'), gameId)!, cheat, engine.DECLINE)!;
      expect((await app.click('bob', fromDm.message.id, fromDm.customId)).ok).toBe(true);
      await app.settle();
      expect(notice(announcement.id)).not.toContain(waiting);
      expect(notice(announcement.id)).toContain(done);
      // The rest of the message (what happened) stays as it was, no longer in the colour of waiting.
      expect(app.publicMessages(table).find((m) => m.id === announcement.id)!.embeds[0]).toEqual({ ...announcement.embeds[0], color: COLOR.neutral });

      // Undone by the referee.
      cheat = await bobMustCheat(table);
      announcement = app.lastPublic(table)!;
      expect(announcement.content).toContain(waiting);
      expect((await app.command('rita', 'game undo', {}, table)).ok).toBe(true);
      await app.settle();
      expect(notice(announcement.id)).toContain(done);
      // A decision still open keeps its notice, whatever else happens meanwhile (the referee sets a pool).
      cheat = await bobMustCheat(table);
      announcement = app.lastPublic(table)!;
      const set = await app.command('rita', 'soulstones', { count: 1, player: IDS.alice }, table);
      expect(set.reply?.ephemeral, set.reply?.content).toBe(false);
      await app.settle();
      expect(engine.pendingDecision((await app.state(table))!)?.id).toBe(cheat.id);
      expect(notice(announcement.id)).toContain(waiting);
      expect(colour(announcement.id)).toBe(COLOR.waiting);
      const repeated = app.lastPublic(table)!;
      expect(repeated.content).toContain(waiting);
      // Both say done once Bob decides (from "My hand" this time).
      const view = await app.click('bob', repeated.id, `fk:hand:${gameId}`);
      const decline = locateChoice(view.reply!, cheat, engine.DECLINE)!;
      expect((await app.click('bob', decline.message.id, decline.customId)).ok).toBe(true);
      await app.settle();
      expect(notice(announcement.id)).toContain(done);
      expect(notice(repeated.id)).toContain(done);
    });
  });
});
