/**
 * Bad input (issue 17 §8): each refusal is a code for translation, and the checks change nothing.
 */
import { describe, expect, it } from 'vitest';
import { checkJoin, checkOrganiser, checkResult, leagueSchema, missingResults, type GameResult, type League } from './model.js';

function league(): League {
  return leagueSchema.parse({
    seed: 'd7'.repeat(32),
    createdBy: 'org',
    organisers: ['deputy'],
    players: [{ id: 'A' }, { id: 'B' }, { id: 'C' }, { id: 'D' }],
    rounds: [{ number: 1, tables: [{ players: ['A', 'B'] }, { players: ['C', 'D'] }] }],
  });
}

const played = (players: [string, string], vp: [number, number], round = 1): GameResult => ({ kind: 'played', round, players, vp, voided: false });

describe('league refusals (issue 17 §8)', () => {
  it('a player reports their own game, either way round; an organiser may report any', () => {
    const l = league();
    expect(checkResult(l, played(['A', 'B'], [5, 3]), 'A')).toEqual({ ok: true, value: undefined });
    expect(checkResult(l, played(['B', 'A'], [3, 5]), 'B').ok).toBe(true);
    expect(checkResult(l, played(['C', 'D'], [0, 8]), 'deputy').ok).toBe(true);
    expect(checkResult(l, played(['C', 'D'], [0, 8]), 'org').ok).toBe(true);
  });

  it('NOT_IN_GAME: reporting a game you did not play', () => {
    expect(checkResult(league(), played(['A', 'B'], [5, 3]), 'C')).toEqual({ ok: false, error: { code: 'NOT_IN_GAME' } });
  });

  it('NOT_PAIRED and UNKNOWN_ROUND: a result for players who were not at one table, or a round that never went out', () => {
    expect(checkResult(league(), played(['A', 'C'], [5, 3]), 'A')).toEqual({ ok: false, error: { code: 'NOT_PAIRED', params: { round: 1 } } });
    expect(checkResult(league(), played(['A', 'B'], [5, 3], 2), 'A')).toEqual({ ok: false, error: { code: 'UNKNOWN_ROUND', params: { round: 2 } } });
  });

  it('NEGATIVE_VP and IMPOSSIBLE_VP: U11 caps a crew at 8 VP (the organiser may set another maximum)', () => {
    expect(checkResult(league(), played(['A', 'B'], [-1, 3]), 'A')).toEqual({ ok: false, error: { code: 'NEGATIVE_VP', params: { vp: -1 } } });
    expect(checkResult(league(), played(['A', 'B'], [5, 9]), 'A')).toEqual({ ok: false, error: { code: 'IMPOSSIBLE_VP', params: { vp: 9, max: 8 } } });
    expect(checkResult(league(), played(['A', 'B'], [8, 0]), 'A').ok).toBe(true);
    const generous = { ...league(), settings: { ...league().settings, maxVp: 10 } };
    expect(checkResult(generous, played(['A', 'B'], [5, 9]), 'A').ok).toBe(true);
  });

  it('forfeits are the organiser\'s to record, naming a player at the table', () => {
    const forfeit = (absent: string[]): GameResult => ({ kind: 'forfeit', round: 1, players: ['A', 'B'], absent, voided: false });
    expect(checkResult(league(), forfeit(['B']), 'A')).toEqual({ ok: false, error: { code: 'NOT_ORGANISER' } });
    expect(checkResult(league(), forfeit(['B']), 'org').ok).toBe(true);
    expect(checkResult(league(), forfeit(['A', 'B']), 'org').ok).toBe(true);
    expect(checkResult(league(), forfeit(['C']), 'org')).toEqual({ ok: false, error: { code: 'INVALID_FORFEIT' } });
    expect(checkResult(league(), forfeit(['A', 'A']), 'org')).toEqual({ ok: false, error: { code: 'INVALID_FORFEIT' } });
  });

  it('LEAGUE_CLOSED: no result and no join once the league is closed', () => {
    const closed: League = { ...league(), status: 'closed' };
    expect(checkResult(closed, played(['A', 'B'], [5, 3]), 'A')).toEqual({ ok: false, error: { code: 'LEAGUE_CLOSED' } });
    expect(checkJoin(closed, 'E')).toEqual({ ok: false, error: { code: 'LEAGUE_CLOSED' } });
  });

  it('ALREADY_JOINED: joining twice, dropped or not', () => {
    const l = league();
    expect(checkJoin(l, 'E').ok).toBe(true);
    expect(checkJoin(l, 'A')).toEqual({ ok: false, error: { code: 'ALREADY_JOINED' } });
    l.players[0]!.droppedAfterRound = 1;
    expect(checkJoin(l, 'A')).toEqual({ ok: false, error: { code: 'ALREADY_JOINED' } });
  });

  it('NOT_ORGANISER: only the creator and the named organisers run the league', () => {
    expect(checkOrganiser(league(), 'org').ok).toBe(true);
    expect(checkOrganiser(league(), 'deputy').ok).toBe(true);
    expect(checkOrganiser(league(), 'A')).toEqual({ ok: false, error: { code: 'NOT_ORGANISER' } });
  });

  it('the checks change nothing', () => {
    const l = league();
    const before = structuredClone(l);
    checkResult(l, played(['A', 'B'], [-1, 3]), 'C');
    checkJoin(l, 'A');
    expect(l).toEqual(before);
  });

  it('missing results: the tables of past rounds with no entry yet', () => {
    const l = league();
    l.results.push(played(['B', 'A'], [2, 2]));
    expect(missingResults(l)).toEqual([{ round: 1, players: ['C', 'D'] }]);
  });

  it('the schemas refuse a player facing themself and a seed that is not 64 hex characters', () => {
    expect(leagueSchema.safeParse({ seed: 'd7'.repeat(32), createdBy: 'org', rounds: [{ number: 1, tables: [{ players: ['A', 'A'] }] }] }).success).toBe(false);
    expect(leagueSchema.safeParse({ seed: 'xyz', createdBy: 'org' }).success).toBe(false);
  });
});
