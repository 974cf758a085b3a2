/**
 * Pairing the next round.
 *
 * Round one is drawn from the league's seed, verifiable like a game's shuffle: the active players sorted
 * by id, then Fisher–Yates from the last position down with j = nextInt(i + 1) on the table engine's
 * ShuffleStream (rng.ts; the engine README's "Shuffles") keyed by the seed, seat 0, index 1 (2, 3… when
 * the organiser pairs round one again: each draw its own index); tables are positions (1, 2), (3, 4)…,
 * and with an odd count the last position has the bye.
 *
 * Later rounds are Swiss, as a maximum weighted matching (edmonds-blossom-fixed, maximum cardinality)
 * between the active players, plus a "bye" vertex when their count is odd (neighbours in the ranking
 * first, the complete graph when that is not enough: see pairSwiss). The weights
 * rank what matters, each above everything below it:
 *   1. no second bye: only the players with the fewest byes (none, while anyone has none) may get it;
 *   2. as few rematches as possible: a rematch edge lacks a bonus larger than all lower terms together;
 *   3. the bye to the lowest-ranked of those eligible;
 *   4. equal scores: minus the square of the distance between the players' score groups.
 * A greedy loop can paint itself into a corner (the notes' phase-rs#7938); the matching cannot: it finds
 * the best pairing of the whole round at once. Rematches and repeated byes that no pairing could avoid are
 * reported with the round, for the organiser to see before it goes out.
 *
 * A note on the library: its port has `<= nVertex` where Joris van Rantwijk's original has `< nVertex`
 * (blossomLeaves) and `> nVertex` for `>= nVertex` (augmentBlossom). Both only matter for the blossom
 * numbered nVertex, which is taken last (blossoms are popped from the top) and never reached: at most
 * (n − 1) / 2 blossoms exist at once. The tests check the matching against brute force anyway.
 */
import maxWeightMatching from 'edmonds-blossom-fixed';
import { ShuffleStream, fisherYates } from '../systems/malifaux-table/engine/rng.js';
import { isActive, missingResults, tableKey, type League, type LeagueError, type PlayerId, type Result, type Table } from './model.js';
import { standings } from './standings.js';

export interface Pairing {
  round: number;
  /** Table 1 first: the best-ranked tables first; each table's better-ranked player first. */
  tables: Table[];
  byes: PlayerId[];
  /** Tables whose players met before: no pairing of this round could avoid them. */
  rematches: [PlayerId, PlayerId][];
  /** A bye to a player who had one already: everyone active had had one. */
  repeatedByes: PlayerId[];
  /** In the 'warn' mode, what would have refused the round (results missing). */
  warnings: LeagueError[];
}

/** The draw of round one: the players sorted by id, shuffled with the seed's stream (its `draw`th). */
export function drawRoundOne(seed: string, players: readonly PlayerId[], draw = 1): { tables: Table[]; byes: PlayerId[] } {
  const order = fisherYates(new ShuffleStream(Buffer.from(seed, 'hex'), 0, draw), [...players].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  const tables: Table[] = [];
  for (let i = 0; i + 1 < order.length; i += 2) tables.push({ players: [order[i]!, order[i + 1]!] });
  return { tables, byes: order.length % 2 ? [order.at(-1)!] : [] };
}

export interface SwissInput {
  /** The active players, best-ranked first. */
  ranked: readonly PlayerId[];
  score: (id: PlayerId) => number;
  /** Has this pair met before (either order)? */
  met: (a: PlayerId, b: PlayerId) => boolean;
  byes: (id: PlayerId) => number;
}

export interface SwissPairing {
  tables: Table[];
  bye: PlayerId | null;
  rematches: [PlayerId, PlayerId][];
  repeatedBye: boolean;
  /** The sum over tables of the squared distance between the players' score groups (0: all equal). */
  scoreCost: number;
}

/**
 * Players this many places apart in the ranking, or fewer, are joined first (see pairSwiss); the
 * window grows with the rounds played, since each rematch to avoid may push a pairing one place further.
 */
export function pairingWindow(roundsPlayed: number): number {
  return Math.max(16, 4 * roundsPlayed);
}

/**
 * One Swiss round by maximum weighted matching (see the file's header for the weights).
 *
 * The library's port costs O(edges) per augmentation on top of the algorithm's O(n³), so 512 players on
 * the complete graph take seconds. A first matching joins only players at most `window` places apart in
 * the ranking (and the bye to everyone eligible); it is kept when it has no rematch and gives the bye to
 * the lowest-ranked eligible player — the best any pairing can do on those two counts. Otherwise the
 * complete graph decides. Scores are paired closest among neighbours in the ranking, so the first
 * matching's score cost is the complete graph's too; the tests compare the two over random leagues.
 */
export function pairSwiss({ ranked, score, met, byes }: SwissInput, window: number = Infinity): SwissPairing {
  const n = ranked.length;
  if (n === 0) return { tables: [], bye: null, rematches: [], repeatedBye: false, scoreCost: 0 };
  const scores = [...new Set(ranked.map(score))].sort((a, b) => b - a);
  const group = ranked.map((id) => scores.indexOf(score(id)));
  const spread = scores.length - 1;
  const vertices = n % 2 ? n + 1 : n;
  // Every matching has vertices / 2 edges, so constants per edge order the terms lexicographically.
  const scoreTerm = spread * spread + 1; // keeps every edge's weight positive
  const byeStep = (vertices / 2) * spread * spread + 1; // above any difference of score costs
  const noRematch = (n + 1) * byeStep + 1; // above any difference of bye terms and score costs
  const byeEdges: [number, number, number][] = [];
  const fewest = n % 2 ? Math.min(...ranked.map(byes)) : 0;
  if (n % 2) {
    // Lower-ranked eligible players get larger bonuses: rank order is the vertex order.
    let position = 0;
    for (let i = 0; i < n; i++) if (byes(ranked[i]!) === fewest) byeEdges.push([i, n, noRematch + scoreTerm + ++position * byeStep]);
  }
  const lowestEligible = byeEdges.at(-1)?.[0];

  const match = (reach: number): SwissPairing => {
    const edges: [number, number, number][] = [];
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n && j - i <= reach; j++) {
        const d = group[i]! - group[j]!;
        edges.push([i, j, (met(ranked[i]!, ranked[j]!) ? 0 : noRematch) + scoreTerm - d * d]);
      }
    }
    const mate = maxWeightMatching([...edges, ...byeEdges], true);
    const tables: Table[] = [];
    const rematches: [PlayerId, PlayerId][] = [];
    let bye: PlayerId | null = null;
    let scoreCost = 0;
    for (let i = 0; i < n; i++) {
      const m = mate[i] ?? -1;
      if (m === n && n % 2) bye = ranked[i]!;
      else if (m > i) {
        const players: [PlayerId, PlayerId] = [ranked[i]!, ranked[m]!];
        tables.push({ players });
        if (met(...players)) rematches.push(players);
        scoreCost += (group[i]! - group[m]!) ** 2;
      }
    }
    return { tables, bye, rematches, repeatedBye: fewest > 0 && bye !== null, scoreCost };
  };

  if (window < n - 1) {
    const first = match(window);
    const complete = 2 * first.tables.length + (first.bye === null ? 0 : 1) === n;
    if (complete && first.rematches.length === 0 && (lowestEligible === undefined || first.bye === ranked[lowestEligible])) return first;
  }
  return match(n);
}

/** What Swiss pairing needs of a league: its active players in standings order, TP, past pairs and byes. */
export function swissInput(league: League, active: readonly PlayerId[]): SwissInput {
  const activeSet = new Set(active);
  const ranked = standings(league).filter((row) => activeSet.has(row.playerId));
  const tp = new Map(ranked.map((row) => [row.playerId, row.tp]));
  const byeCount = new Map<PlayerId, number>();
  const met = new Set<string>();
  const pairKey = (a: PlayerId, b: PlayerId) => tableKey(0, [a, b]);
  for (const r of league.rounds) {
    for (const t of r.tables) met.add(pairKey(...t.players));
    for (const id of r.byes) byeCount.set(id, (byeCount.get(id) ?? 0) + 1);
  }
  return {
    ranked: ranked.map((row) => row.playerId),
    score: (id) => tp.get(id) ?? 0,
    met: (a, b) => met.has(pairKey(a, b)),
    byes: (id) => byeCount.get(id) ?? 0,
  };
}

/**
 * The next round of the league, or a refusal: a closed league, or (in the 'refuse' mode) a past table
 * still without a result. `draw`: round one's draw of the seed (see drawRoundOne).
 */
export function pairNextRound(league: League, draw = 1): Result<Pairing, LeagueError> {
  if (league.status === 'closed') return { ok: false, error: { code: 'LEAGUE_CLOSED' } };
  const round = league.rounds.length + 1;
  const warnings: LeagueError[] = [];
  const missing = missingResults(league);
  if (missing.length) {
    const error: LeagueError = { code: 'ROUND_RESULTS_MISSING', params: { round: missing[0]!.round, tables: missing.length } };
    if (league.settings.missingResults === 'refuse') return { ok: false, error };
    warnings.push(error);
  }
  const active = league.players.filter((p) => isActive(p, round)).map((p) => p.id);
  if (league.rounds.length === 0) {
    return { ok: true, value: { round, ...drawRoundOne(league.seed, active, draw), rematches: [], repeatedByes: [], warnings } };
  }

  const swiss = pairSwiss(swissInput(league, active), pairingWindow(league.rounds.length));
  return {
    ok: true,
    value: {
      round,
      tables: swiss.tables,
      byes: swiss.bye === null ? [] : [swiss.bye],
      rematches: swiss.rematches,
      repeatedByes: swiss.repeatedBye && swiss.bye !== null ? [swiss.bye] : [],
      warnings,
    },
  };
}
