/**
 * The league's optional Glicko-2 rating (issue 17): one rating period per round, games played to the end
 * only, voided results ignored, the same league giving the same figures.
 */
import { describe, expect, it } from 'vitest';
import { forfeit, played, smallLeague } from './fixtures.js';
import { leagueSchema, type GameResult, type League } from './model.js';
import { leagueRatings, RATING_DEFAULTS } from './rating.js';

function twoTables(results: GameResult[], byes: string[] = []): League {
  return leagueSchema.parse({
    seed: 'e5'.repeat(32),
    createdBy: 'org',
    players: ['A', 'B', 'C', 'D', 'E'].map((id) => ({ id })),
    rounds: [{ number: 1, tables: [{ players: ['A', 'B'] }, { players: ['C', 'D'] }], byes }],
    results,
  });
}

const START = { rating: RATING_DEFAULTS.rating, deviation: RATING_DEFAULTS.deviation, games: 0 };

describe('league rating (Glicko-2, issue 17)', () => {
  it('the winner’s rating rises, the loser’s falls by as much, and both deviations shrink', () => {
    const r = leagueRatings(twoTables([played(1, 'A', 'B', 6, 2)]));
    const a = r.get('A')!;
    const b = r.get('B')!;
    expect(a.rating).toBeGreaterThan(RATING_DEFAULTS.rating);
    expect(b.rating).toBeLessThan(RATING_DEFAULTS.rating);
    expect(a.rating - RATING_DEFAULTS.rating).toBe(RATING_DEFAULTS.rating - b.rating);
    expect(a.deviation).toBeLessThan(RATING_DEFAULTS.deviation);
    expect(a.games).toBe(1);
  });

  it('the margin does not matter: a 5–4 win rates as an 8–0 one; a draw between equals moves nobody', () => {
    expect(leagueRatings(twoTables([played(1, 'A', 'B', 5, 4)]))).toEqual(leagueRatings(twoTables([played(1, 'A', 'B', 8, 0)])));
    const draw = leagueRatings(twoTables([played(1, 'C', 'D', 3, 3)]));
    expect(draw.get('C')!.rating).toBe(RATING_DEFAULTS.rating);
    expect(draw.get('D')!.rating).toBe(RATING_DEFAULTS.rating);
    expect(draw.get('C')!.deviation).toBeLessThan(RATING_DEFAULTS.deviation);
  });

  it('a voided result changes nothing: the league rates as if it had never been entered', () => {
    const without = leagueRatings(twoTables([played(1, 'A', 'B', 6, 2)]));
    const voided = leagueRatings(twoTables([played(1, 'A', 'B', 6, 2), played(1, 'C', 'D', 8, 0, true)]));
    expect(voided).toEqual(without);
    expect(voided.get('C')).toMatchObject({ rating: RATING_DEFAULTS.rating, games: 0 });
  });

  it('forfeits and byes are not rated: the players keep their rating, only their deviation grows with the round', () => {
    const r = leagueRatings(twoTables([forfeit(1, 'A', 'B', ['B'])], ['E']));
    for (const id of ['A', 'B', 'E']) {
      expect(r.get(id)!.rating).toBe(RATING_DEFAULTS.rating);
      expect(r.get(id)!.games).toBe(0);
      expect(r.get(id)!.deviation).toBeGreaterThanOrEqual(RATING_DEFAULTS.deviation);
    }
  });

  it('one rating period per round: two wins in two rounds differ from the same two wins rated in one', () => {
    const base = { seed: 'e5'.repeat(32), createdBy: 'org', players: ['A', 'B', 'C'].map((id) => ({ id })) };
    const twoRounds = leagueSchema.parse({
      ...base,
      rounds: [{ number: 1, tables: [{ players: ['A', 'B'] }], byes: ['C'] }, { number: 2, tables: [{ players: ['A', 'C'] }], byes: ['B'] }],
      results: [played(1, 'A', 'B', 5, 1), played(2, 'A', 'C', 5, 1)],
    });
    const afterOne = leagueRatings(twoRounds, 1);
    const afterTwo = leagueRatings(twoRounds);
    expect(afterOne.get('A')!.games).toBe(1);
    expect(afterOne.get('C')).toMatchObject({ rating: RATING_DEFAULTS.rating, games: 0 });
    expect(afterTwo.get('A')!.rating).toBeGreaterThan(afterOne.get('A')!.rating);
    // In round 2 C meets an A already rated above 1500, so C loses less than B did against a 1500 A.
    expect(RATING_DEFAULTS.rating - afterTwo.get('C')!.rating).toBeLessThan(RATING_DEFAULTS.rating - afterTwo.get('B')!.rating);
  });

  it('is deterministic: the same league, its lists in another order, gives the same figures', () => {
    const league = smallLeague();
    const shuffled: League = { ...league, players: [...league.players].reverse(), results: [...league.results.slice(0, 2).reverse(), ...league.results.slice(2)] };
    expect(leagueRatings(shuffled)).toEqual(leagueRatings(league));
    expect(leagueRatings(league)).toEqual(leagueRatings(structuredClone(league)));
  });

  it('rates the small league by hand’s outcomes: E beat A, B beat C (the correction counts once), A–C’s forfeit and B–E’s void are not rated', () => {
    const r = leagueRatings(smallLeague());
    expect(Object.fromEntries([...r].map(([id, x]) => [id, x.games]))).toEqual({ A: 2, B: 2, C: 2, D: 1, E: 1 });
    expect(r.get('E')!.rating).toBeGreaterThan(r.get('A')!.rating);
    expect(r.get('C')!.rating).toBeLessThan(RATING_DEFAULTS.rating);
    expect(r.get('D')!.rating).toBe(RATING_DEFAULTS.rating);
    for (const x of r.values()) expect(Number.isInteger(x.rating) && Number.isInteger(x.deviation)).toBe(true);
  });

  it('a league with no game keeps everyone at the start', () => {
    expect(leagueRatings(twoTables([]), 0).get('A')).toEqual(START);
  });
});
