/**
 * A referee's /score correct on a finished league game (issue 17 §2, issue 16 §5), through the real bot
 * and the Discord double on a real SQLite file: the game, ended by agreement, reported itself to its
 * league; the referee corrects its score with a reason, and the league's result follows — its audit log
 * saying who corrected it and why.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leagueSchema } from '../src/leagues/model.js';
import { leagueLog } from '../src/app/leagues.js';
import { IDS, findComponent, messageText, startApp, type App } from './support/app.js';
import { gameAtTurnOne, playUntil } from './support/wholeGame.js';

let app: App;
beforeAll(async () => {
  app = await startApp({ mode: 'http', backend: 'sqlite' });
});
afterAll(async () => {
  await app?.close();
});

async function league() {
  const [row] = await app.store.leagues.listLeagues(app.double.fixtures.guild.id);
  if (!row) throw new Error('no league');
  return { id: row.id, league: leagueSchema.parse(row.snapshot) };
}

async function ok(who: 'alice' | 'bob' | 'rita', name: string, options: Record<string, string | number | boolean> | undefined, channel: string) {
  const result = await app.command(who, name, options, channel);
  expect(result.ok, result.error).toBe(true);
  await app.settle();
  return result;
}

describe('a referee corrects a finished league game', () => {
  it('END-2: the league records the corrected result, its log keeping the referee and their reason', async () => {
    const channel = app.double.channel('table-1').id;
    await ok('rita', 'league create', { name: 'Refereed League' }, channel);
    const { id } = await league();
    for (const who of ['alice', 'bob'] as const) await ok(who, 'league join', { league: id }, channel);
    await ok('rita', 'league link', { league: id }, channel);
    const preview = await ok('rita', 'league pair', { league: id }, channel);
    const publish = findComponent([preview.reply!], (customId) => customId.startsWith('fk:lgpair:'))!;
    expect((await app.click('rita', preview.reply!.id, publish.customId)).ok).toBe(true);
    await app.settle();

    // Alice and Bob play their table on the bot and end it by agreement in turn 2: 0–0, a draw.
    const gameId = await gameAtTurnOne(app, channel);
    await playUntil(app, channel, (s) => s.game!.turn!.turn === 2 && s.game!.turn!.phase === 'activations');
    const asked = await ok('alice', 'game end', undefined, channel);
    expect((await app.click('alice', asked.reply!.id, `fk:end:${gameId}:agree`)).ok).toBe(true);
    await app.settle();
    const proposal = app.publicMessages(channel).at(-1)!;
    const accept = findComponent([proposal], (customId) => customId.endsWith(':acceptEnd'))!;
    expect((await app.click('bob', proposal.id, accept.customId)).ok).toBe(true);
    await app.settle();
    expect((await league()).league.results).toEqual([expect.objectContaining({ kind: 'played', round: 1, vp: [0, 0], source: 'game' })]);

    // Rita, a referee of the game, corrects Bob's score: the league's table follows, with her reason.
    const reason = 'the turn 2 marker was counted wrong';
    await ok('rita', 'score correct', { player: IDS.bob, objective: 'strategy', vp: 1, reason, turn: 2 }, channel);
    const after = (await league()).league;
    expect(after.results.at(-1)).toMatchObject({ kind: 'played', round: 1, players: [IDS.alice, IDS.bob], vp: [0, 1], source: 'game' });
    const log = await leagueLog(app.bot.services, id);
    if (!log.ok) throw new Error(log.problem.code);
    expect(log.entries.at(-1)).toMatchObject({ actor: IDS.rita, event: { type: 'ResultRecorded', reason } });
    // The game's own report of the end is the bot's, with no reason to give.
    expect(log.entries.at(-2)).toMatchObject({ actor: null, event: { type: 'ResultRecorded', reason: null } });
    expect(app.publicMessages(channel).map(messageText).some((text) => text.includes('Refereed League') && text.includes('follows the referee’s correction: Alice 0–1 Bob'))).toBe(true);
    const shown = messageText((await ok('alice', 'league log', { league: id }, channel)).reply!);
    expect(shown).toContain(`<@${IDS.rita}>: recorded round 1: Alice 0–1 Bob — ${reason}`);
    expect(app.logs.filter((l) => l.includes('[error]'))).toEqual([]);
  }, 120_000);
});
