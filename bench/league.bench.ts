/**
 * Leagues (issue 17 §9): the standings and pairings of a 512-player league over 8 rounds, as a ratio
 * against the least any standings must do (summing each player's TP), and how pairing one round grows
 * from 64 to 512 players.
 *
 * The league is played out first, untimed, with the real pairings and results made up from the players'
 * hidden strength (the stronger usually wins), so the score groups, rematch constraints and byes look
 * like a season's. Then, interleaved: for every round, the standings before it and its pairing (what the
 * bot does each round), against the TP totals after each round alone. Medians of `runs`.
 *
 *   npx tsx bench/league.bench.ts [--quick]
 */
import { pathToFileURL } from 'node:url';
import { leagueSchema, type GameResult, type League } from '../src/leagues/model.js';
import { pairNextRound } from '../src/leagues/pairings.js';
import { standings } from '../src/leagues/standings.js';
import { fmt, median, printTable, round, timeSync, type Row } from './stats.js';

const SEED = '5e'.repeat(32);

/** A made-up result: the stronger player (lower index) wins 7 times in 10, a draw 1 in 11. */
function resultOf(roundNumber: number, players: [string, string]): GameResult {
  const [i, j] = players.map((id) => Number(id.slice(1))) as [number, number];
  const mix = (i * 31 + j * 17 + roundNumber * 7) % 110;
  if (mix % 11 === 0) return { kind: 'played', round: roundNumber, players, vp: [4, 4], voided: false };
  const firstWins = i < j === mix % 10 < 7;
  const winner = 5 + (mix % 4);
  const loser = mix % 5;
  return { kind: 'played', round: roundNumber, players, vp: firstWins ? [winner, loser] : [loser, winner], voided: false };
}

/** The league after each round: prefixes[r] has rounds 1..r and their results (prefixes[0]: none). */
export function playLeague(players: number, rounds: number): League[] {
  const league = leagueSchema.parse({
    seed: SEED,
    createdBy: 'organiser',
    players: Array.from({ length: players }, (_, i) => ({ id: `p${i}` })),
  });
  const prefixes: League[] = [structuredClone(league)];
  for (let r = 1; r <= rounds; r++) {
    const pairing = pairNextRound(league);
    if (!pairing.ok) throw new Error(`round ${r} refused: ${pairing.error.code}`);
    league.rounds.push({ number: r, tables: pairing.value.tables, byes: pairing.value.byes });
    for (const table of pairing.value.tables) league.results.push(resultOf(r, table.players));
    prefixes.push(structuredClone(league));
  }
  return prefixes;
}

/** The baseline: each player's TP after round `afterRound`, nothing else (no byes, tiebreaks, order). */
function tpTotals(league: League, afterRound: number): Map<string, number> {
  const { points } = league.settings;
  const tp = new Map<string, number>();
  for (const result of league.results) {
    if (result.round > afterRound || result.kind !== 'played') continue;
    const [a, b] = result.players;
    const [va, vb] = result.vp;
    tp.set(a, (tp.get(a) ?? 0) + (va > vb ? points.win : va === vb ? points.draw : points.loss));
    tp.set(b, (tp.get(b) ?? 0) + (vb > va ? points.win : va === vb ? points.draw : points.loss));
  }
  return tp;
}

export interface LeagueBench {
  players: number;
  rounds: number;
  /** TP totals after each of the rounds. */
  tpTotalsMs: number;
  /** The standings after each round (every tiebreak computed, sorted, ranked). */
  standingsMs: number;
  standingsRatio: number;
  /** Every round's standings before it and its pairing, plus the final standings. */
  leagueMs: number;
  ratio: number;
  /** Pairing the fifth round (four played) of a league of each size. */
  pairing: { players: number; ms: number }[];
  /** t ∝ players^exponent between the smallest and the largest size. */
  pairingExponent: number;
  runs: number;
}

export function benchLeague(options: { players?: number; rounds?: number; runs?: number; warmup?: number; sizes?: number[] } = {}): LeagueBench {
  const players = options.players ?? 512;
  const rounds = options.rounds ?? 8;
  const runs = options.runs ?? 5;
  const warmup = options.warmup ?? 1;
  const sizes = options.sizes ?? [64, 128, 256, 512];
  const prefixes = playLeague(players, rounds);
  const full = prefixes[rounds]!;
  let sink = 0;

  const tpOnce = () =>
    timeSync(() => {
      for (let r = 1; r <= rounds; r++) sink += tpTotals(full, r).size;
    });
  const standingsOnce = () =>
    timeSync(() => {
      for (let r = 1; r <= rounds; r++) sink += standings(full, r).length;
    });
  const leagueOnce = () =>
    timeSync(() => {
      for (let r = 1; r <= rounds; r++) {
        const before = prefixes[r - 1]!;
        sink += standings(before).length;
        const pairing = pairNextRound(before);
        sink += pairing.ok ? pairing.value.tables.length : 0;
      }
      sink += standings(full).length;
    });

  for (let i = 0; i < warmup; i++) {
    tpOnce();
    standingsOnce();
    leagueOnce();
  }
  const tpTimes: number[] = [];
  const standingsTimes: number[] = [];
  const leagueTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    // Alternate the order so both see the same machine state on average.
    if (i % 2 === 0) {
      tpTimes.push(tpOnce());
      standingsTimes.push(standingsOnce());
      leagueTimes.push(leagueOnce());
    } else {
      leagueTimes.push(leagueOnce());
      standingsTimes.push(standingsOnce());
      tpTimes.push(tpOnce());
    }
  }

  const pairing = sizes.map((size) => {
    const before = (size === players && rounds >= 4 ? prefixes : playLeague(size, 4))[4]!;
    pairNextRound(before); // warm
    const times = Array.from({ length: Math.max(1, Math.ceil(runs / 2)) }, () => timeSync(() => (sink += pairNextRound(before).ok ? 1 : 0)));
    return { players: size, ms: round(median(times), 2) };
  });
  if (sink === 0) throw new Error('nothing computed');

  const tpTotalsMs = median(tpTimes);
  const first = pairing[0]!;
  const last = pairing.at(-1)!;
  return {
    players,
    rounds,
    tpTotalsMs: round(tpTotalsMs, 3),
    standingsMs: round(median(standingsTimes), 3),
    standingsRatio: round(median(standingsTimes) / tpTotalsMs, 1),
    leagueMs: round(median(leagueTimes), 1),
    ratio: round(median(leagueTimes) / tpTotalsMs, 0),
    pairing,
    pairingExponent: round(Math.log(last.ms / first.ms) / Math.log(last.players / first.players), 2),
    runs,
  };
}

/** The rows bench/run.ts would print. */
export function leagueRows(b: LeagueBench): Row[] {
  return [
    {
      measure: `league: standings + pairings, ${b.players} players × ${b.rounds} rounds, vs TP totals alone`,
      a: `${fmt(b.leagueMs)} ms`,
      b: `${fmt(b.tpTotalsMs, 3)} ms`,
      ratio: `${fmt(b.ratio)}×`,
      goal: '—',
      note: `standings alone ${fmt(b.standingsMs)} ms (${fmt(b.standingsRatio)}× TP totals); the rest is pairing`,
    },
    {
      measure: `league: pairing a round, ${b.pairing.map((p) => p.players).join(' / ')} players`,
      a: b.pairing.map((p) => `${fmt(p.ms)}`).join(' / ') + ' ms',
      b: '—',
      ratio: '—',
      goal: '—',
      note: `grows as players^${fmt(b.pairingExponent)} (round 5 of each league)`,
    },
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const quick = process.argv.includes('--quick');
  const result = benchLeague(quick ? { runs: 1, warmup: 0 } : {});
  console.log(printTable(leagueRows(result), { measure: 'measure', a: 'measured', b: 'baseline', ratio: 'ratio', goal: 'goal', note: 'note' }));
  console.log(`BENCH_JSON ${JSON.stringify({ league: result })}`);
}
