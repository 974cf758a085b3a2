/**
 * An optional Glicko-2 rating of a league's players (issue 17), for the organiser to show beside the
 * standings; it never decides a rank.
 *
 * One rating period per round, as Glickman's paper has it for a tournament's rounds: every game of the
 * round is rated against the opponents' ratings from before the round, and a player who did not play sees
 * only their deviation grow. Only games played to the end count: a forfeit says nothing about skill, a bye
 * has no opponent, and a voided result counts for nothing, as in the standings. The outcome is the VP
 * comparison (a win, a draw or a loss), whatever the margin.
 *
 * Deterministic: the players are made in id order and each round's games are taken in table-key order,
 * so the same league gives the same figures whatever the order of its lists.
 */
import { Glicko2, type Glicko2Match, type Glicko2Player } from 'glicko2';
import { currentResults, tableKey, type League, type PlayerId } from './model.js';

/** Glicko-2's usual starting point: a rating of 1500 with a deviation of 350 and a volatility of 0.06. */
export const RATING_DEFAULTS = { rating: 1500, deviation: 350, volatility: 0.06, tau: 0.5 } as const;

export interface PlayerRating {
  /** Rounded to the unit, for display. */
  rating: number;
  /** The rating deviation (the uncertainty: about 95% of the true rating lies within twice it), rounded. */
  deviation: number;
  /** Rated games (played to the end, not voided). */
  games: number;
}

/** Every player's rating after round `afterRound` (default: every round that went out). */
export function leagueRatings(league: League, afterRound: number = league.rounds.length): Map<PlayerId, PlayerRating> {
  const system = new Glicko2({ tau: RATING_DEFAULTS.tau, rating: RATING_DEFAULTS.rating, rd: RATING_DEFAULTS.deviation, vol: RATING_DEFAULTS.volatility });
  const ids = league.players.map((p) => p.id).sort();
  const players = new Map<PlayerId, Glicko2Player>(ids.map((id) => [id, system.makePlayer()]));
  const games = new Map<PlayerId, number>(ids.map((id) => [id, 0]));

  const byRound = new Map<number, { key: string; match: Glicko2Match; players: [PlayerId, PlayerId] }[]>();
  for (const result of currentResults(league).values()) {
    if (result.kind !== 'played' || result.voided || result.round > afterRound) continue;
    const [a, b] = result.players;
    const pa = players.get(a);
    const pb = players.get(b);
    if (!pa || !pb) continue;
    const [va, vb] = result.vp;
    const list = byRound.get(result.round) ?? [];
    list.push({ key: tableKey(result.round, result.players), match: [pa, pb, va > vb ? 1 : va < vb ? 0 : 0.5], players: [a, b] });
    byRound.set(result.round, list);
  }

  const rounds = [...new Set(league.rounds.map((r) => r.number))].filter((n) => n <= afterRound).sort((x, y) => x - y);
  for (const round of rounds) {
    const list = (byRound.get(round) ?? []).sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
    system.updateRatings(list.map((g) => g.match));
    for (const g of list) for (const id of g.players) games.set(id, games.get(id)! + 1);
  }

  return new Map(ids.map((id) => {
    const p = players.get(id)!;
    return [id, { rating: Math.round(p.getRating()), deviation: Math.round(p.getRd()), games: games.get(id)! }];
  }));
}
