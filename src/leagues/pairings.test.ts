/**
 * Pairings (issue 17 §4): round one drawn from the seed as documented, Swiss later, refusals, and
 * properties over random leagues checked against brute force.
 */
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import maxWeightMatching from 'edmonds-blossom-fixed';
import { describe, expect, it } from 'vitest';
import { isActive, leagueSchema, type GameResult, type League } from './model.js';
import { drawRoundOne, pairNextRound, pairSwiss, pairingWindow, swissInput, type Pairing } from './pairings.js';
import { standings } from './standings.js';

const SEED = 'c4'.repeat(32);

const played = (round: number, a: string, b: string, vpA: number, vpB: number): GameResult => ({ kind: 'played', round, players: [a, b], vp: [vpA, vpB], voided: false });

function league(players: string[], extra: Record<string, unknown> = {}): League {
  return leagueSchema.parse({ seed: SEED, createdBy: 'org', players: players.map((id) => ({ id })), ...extra });
}

function pair(l: League): Pairing {
  const result = pairNextRound(l);
  if (!result.ok) throw new Error(`refused: ${result.error.code}`);
  return result.value;
}

/** Sends the pairing out as the league's next round. */
function goOut(l: League, p: Pairing): void {
  l.rounds.push({ number: p.round, tables: p.tables, byes: p.byes });
}

describe('round one from the seed (issue 17 §4)', () => {
  /** The draw as the engine README's "Shuffles" documents the stream, written here from that text, not from rng.ts. */
  function documentedDraw(seed: string, players: string[]): string[] {
    const order = [...players].sort();
    let k = 0;
    const word = () => {
      const block = createHmac('sha256', Buffer.from(seed, 'hex')).update(`fatekeeper/shuffle/0/1/${Math.floor(k / 8)}`).digest();
      return block.readUInt32BE(4 * (k++ % 8));
    };
    const below = (m: number) => {
      const limit = 2 ** 32 - (2 ** 32 % m);
      for (;;) {
        const w = word();
        if (w < limit) return w % m;
      }
    };
    for (let i = order.length - 1; i >= 1; i--) {
      const j = below(i + 1);
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    return order;
  }

  it('is the players sorted by id, shuffled by the seed\'s HMAC stream (seat 0, index 1): verifiable by anyone', () => {
    for (const n of [2, 5, 8, 13]) {
      const players = Array.from({ length: n }, (_, i) => `u${(i * 7919) % 1000}`);
      const order = documentedDraw(SEED, players);
      const drawn = drawRoundOne(SEED, players);
      expect(drawn.tables.flatMap((t) => t.players).concat(drawn.byes)).toEqual(order);
      expect(drawn.byes).toHaveLength(n % 2);
    }
  });

  it('depends on the seed and the players, not on the order they are listed in', () => {
    const players = Array.from({ length: 12 }, (_, i) => `p${i}`);
    const a = pair(league(players));
    expect(pair(league([...players].reverse()))).toEqual(a);
    expect(pair(leagueSchema.parse({ seed: 'c5'.repeat(32), createdBy: 'org', players: players.map((id) => ({ id })) })).tables).not.toEqual(a.tables);
    expect(a.round).toBe(1);
    expect(a.rematches).toEqual([]);
  });

  it('leaves out a player who dropped before it', () => {
    const l = leagueSchema.parse({ seed: SEED, createdBy: 'org', players: [{ id: 'a' }, { id: 'b' }, { id: 'c', droppedAfterRound: 0 }] });
    const p = pair(l);
    expect(p.tables.flatMap((t) => t.players).sort()).toEqual(['a', 'b']);
    expect(p.byes).toEqual([]);
  });
});

describe('Swiss rounds (issue 17 §4), hand-checked', () => {
  it('pairs winners with winners, then avoids the rematch within a score group', () => {
    const l = league(['A', 'B', 'C', 'D']);
    l.rounds.push({ number: 1, tables: [{ players: ['A', 'B'] }, { players: ['C', 'D'] }], byes: [] });
    l.results.push(played(1, 'A', 'B', 6, 2), played(1, 'C', 'D', 5, 4));
    // A 3 TP (+4), C 3 (+1), D 0 (−1), B 0 (−4).
    expect(pair(l).tables).toEqual([{ players: ['A', 'C'] }, { players: ['D', 'B'] }]);
    l.rounds.push({ number: 2, tables: [{ players: ['A', 'C'] }, { players: ['D', 'B'] }], byes: [] });
    l.results.push(played(2, 'A', 'C', 5, 1), played(2, 'D', 'B', 2, 3));
    // A 6, C 3 (−3), B 3 (−3): C and B tie; D 0. A has met B and C, so A plays D, and C plays B.
    const third = pair(l);
    expect(third.tables.map((t) => [...t.players].sort())).toEqual([['A', 'D'], ['B', 'C']]);
    expect(third.rematches).toEqual([]);
  });

  it('flags rematches no pairing can avoid: four players in their fourth round', () => {
    const l = league(['A', 'B', 'C', 'D']);
    const schedule: [string, string][][] = [
      [['A', 'B'], ['C', 'D']],
      [['A', 'C'], ['B', 'D']],
      [['A', 'D'], ['B', 'C']],
    ];
    schedule.forEach((tables, i) => {
      l.rounds.push({ number: i + 1, tables: tables.map((players) => ({ players })), byes: [] });
      for (const [a, b] of tables) l.results.push(played(i + 1, a, b, 4, 4));
    });
    const fourth = pair(l);
    expect(fourth.tables).toHaveLength(2);
    expect(fourth.rematches).toHaveLength(2);
  });

  it('gives the bye to the lowest-ranked player without one, never a second, and flags it when everyone had one', () => {
    const l = league(['A', 'B', 'C']);
    // Round 1: A beat B, C had the bye: C 3 TP (+3), A 3 (+2), B 0. B is last but had no bye: B gets it.
    l.rounds.push({ number: 1, tables: [{ players: ['A', 'B'] }], byes: ['C'] });
    l.results.push(played(1, 'A', 'B', 4, 2));
    const second = pair(l);
    expect(second.byes).toEqual(['B']);
    expect(second.tables.map((t) => [...t.players].sort())).toEqual([['A', 'C']]);
    goOut(l, second);
    l.results.push(played(2, 'C', 'A', 3, 3));
    // Only A has had no bye.
    const third = pair(l);
    expect(third.byes).toEqual(['A']);
    expect(third.repeatedByes).toEqual([]);
    goOut(l, third);
    l.results.push(played(3, 'B', 'C', 5, 0));
    // Everyone has had one: the lowest-ranked gets a second, flagged. A 3+1+3 = 7, B 0+3+3 = 6, C 3+1+0 = 4.
    const fourth = pair(l);
    expect(fourth.byes).toEqual(['C']);
    expect(fourth.repeatedByes).toEqual(['C']);
    expect(fourth.rematches).toEqual([['A', 'B']]);
  });

  it('leaves out players who dropped; their results still count', () => {
    const l = league(['A', 'B', 'C', 'D', 'E']);
    l.players[1]!.droppedAfterRound = 1;
    l.rounds.push({ number: 1, tables: [{ players: ['A', 'B'] }, { players: ['C', 'D'] }], byes: ['E'] });
    l.results.push(played(1, 'A', 'B', 2, 6), played(1, 'C', 'D', 3, 3));
    const second = pair(l);
    expect(second.tables.flatMap((t) => t.players).sort()).toEqual(['A', 'C', 'D', 'E']);
    expect(second.byes).toEqual([]);
    expect(standings(l).find((r) => r.playerId === 'B')).toMatchObject({ tp: 3, dropped: true });
  });
});

describe('pairing refusals (issue 17 §8)', () => {
  function afterOneRound(settings: Record<string, unknown> = {}): League {
    const l = league(['A', 'B', 'C', 'D'], { settings });
    l.rounds.push({ number: 1, tables: [{ players: ['A', 'B'] }, { players: ['C', 'D'] }], byes: [] });
    l.results.push(played(1, 'A', 'B', 6, 2));
    return l;
  }

  it('refuses a round while a table of a past round has no result', () => {
    expect(pairNextRound(afterOneRound())).toEqual({ ok: false, error: { code: 'ROUND_RESULTS_MISSING', params: { round: 1, tables: 1 } } });
  });

  it('in the warn mode, pairs and says what is missing', () => {
    const result = pairNextRound(afterOneRound({ missingResults: 'warn' }));
    expect(result.ok && result.value.warnings).toEqual([{ code: 'ROUND_RESULTS_MISSING', params: { round: 1, tables: 1 } }]);
    expect(result.ok && result.value.tables).toHaveLength(2);
  });

  it('a voided result settles its table: the organiser decided it', () => {
    const l = afterOneRound();
    l.results.push({ ...played(1, 'D', 'C', 1, 1), voided: true });
    expect(pairNextRound(l).ok).toBe(true);
  });

  it('refuses a closed league', () => {
    expect(pairNextRound({ ...league(['A', 'B']), status: 'closed' })).toEqual({ ok: false, error: { code: 'LEAGUE_CLOSED' } });
  });
});

// ---------------------------------------------------------------------------------------------------
// Properties over random leagues.

interface Plan {
  players: number;
  rounds: number;
  /** Per player: drops after this round, or never (null). */
  drops: (number | null)[];
  /** Per round and table, a result: VP each, or a forfeit code. */
  outcomes: { vp: [number, number]; forfeit: 0 | 1 | 2 | 3 }[][];
}

const planArb = (minPlayers: number, maxPlayers: number, maxRounds: number) =>
  fc
    .record({ players: fc.integer({ min: minPlayers, max: maxPlayers }), rounds: fc.integer({ min: 1, max: maxRounds }) })
    .chain(({ players, rounds }) =>
      fc.record({
        players: fc.constant(players),
        rounds: fc.constant(rounds),
        drops: fc.array(fc.option(fc.integer({ min: 0, max: rounds }), { freq: 4 }), { minLength: players, maxLength: players }),
        outcomes: fc.array(
          fc.array(fc.record({ vp: fc.tuple(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 8 })), forfeit: fc.constantFrom<0 | 1 | 2 | 3>(0, 0, 0, 0, 0, 1, 2, 3) }), {
            minLength: Math.ceil(maxPlayers / 2),
            maxLength: Math.ceil(maxPlayers / 2),
          }),
          { minLength: rounds, maxLength: rounds },
        ),
      }),
    );

/**
 * Plays the plan round by round, calling `check` with the league as it stood and the pairing it got.
 * Forfeit codes: 1 the first player absent, 2 the second, 3 both.
 */
function simulate(plan: Plan, check: (before: League, pairing: Pairing) => void): void {
  const l = leagueSchema.parse({
    seed: SEED,
    createdBy: 'org',
    players: Array.from({ length: plan.players }, (_, i) => ({ id: `p${String(i).padStart(2, '0')}`, droppedAfterRound: plan.drops[i] ?? null })),
  });
  for (let r = 0; r < plan.rounds; r++) {
    const pairing = pair(l);
    check(structuredClone(l), pairing);
    goOut(l, pairing);
    pairing.tables.forEach((t, i) => {
      const o = plan.outcomes[r]![i]!;
      if (o.forfeit === 0) l.results.push(played(pairing.round, ...t.players, ...o.vp));
      else l.results.push({ kind: 'forfeit', round: pairing.round, players: t.players, absent: o.forfeit === 3 ? [...t.players] : [t.players[o.forfeit - 1]!], voided: false });
    });
  }
}

/** Every way to pair `ids` (a bye among `byeCandidates` when the count is odd): [bye, pairs]. */
function allPairings(ids: string[], byeCandidates: string[]): [string | null, [string, string][]][] {
  const perfect = (rest: string[]): [string, string][][] => {
    if (rest.length === 0) return [[]];
    const [first, ...others] = rest;
    return others.flatMap((other, i) => perfect(others.filter((_, j) => j !== i)).map((m) => [[first!, other] as [string, string], ...m]));
  };
  if (ids.length % 2 === 0) return perfect(ids).map((m) => [null, m]);
  return byeCandidates.flatMap((bye) => perfect(ids.filter((id) => id !== bye)).map((m) => [bye, m] as [string, [string, string][]]));
}

describe('Swiss properties over random leagues (issue 17 §7)', () => {
  it('everyone active paired exactly once, never a second bye, no rematch or misplaced bye that brute force could avoid', () => {
    fc.assert(
      fc.property(planArb(2, 9, 10), (plan) => {
        simulate(plan, (before, pairing) => {
          const round = before.rounds.length + 1;
          const active = before.players.filter((p) => isActive(p, round)).map((p) => p.id);
          const seated = [...pairing.tables.flatMap((t) => t.players), ...pairing.byes];
          expect([...seated].sort()).toEqual([...active].sort());
          expect(pairing.byes).toHaveLength(active.length % 2);

          const met = new Set(before.rounds.flatMap((r) => r.tables.map((t) => [...t.players].sort().join())));
          const byes = new Map<string, number>();
          for (const r of before.rounds) for (const id of r.byes) byes.set(id, (byes.get(id) ?? 0) + 1);
          const rematchesOf = (pairs: [string, string][]) => pairs.filter((p) => met.has([...p].sort().join())).length;
          expect(pairing.rematches.length).toBe(rematchesOf(pairing.tables.map((t) => t.players)));

          const fewest = Math.min(...active.map((id) => byes.get(id) ?? 0));
          const eligible = active.filter((id) => (byes.get(id) ?? 0) === fewest);
          for (const bye of pairing.byes) {
            expect(eligible).toContain(bye);
            expect(pairing.repeatedByes).toEqual(fewest > 0 ? [bye] : []);
          }
          if (round === 1) return;

          // Brute force: fewest rematches first, then the lowest-ranked bye, then the closest scores.
          const order = standings(before).map((r) => r.playerId);
          const tp = new Map(standings(before).map((r) => [r.playerId, r.tp]));
          const groups = [...new Set(active.map((id) => tp.get(id)!))].sort((a, b) => b - a);
          const group = (id: string) => groups.indexOf(tp.get(id)!);
          const cost = ([bye, pairs]: [string | null, [string, string][]]) =>
            [rematchesOf(pairs), bye === null ? 0 : -order.indexOf(bye), pairs.reduce((s, [a, b]) => s + (group(a) - group(b)) ** 2, 0)] as const;
          const best = allPairings(active, eligible)
            .map(cost)
            .reduce((a, b) => (a[0] !== b[0] ? (a[0] < b[0] ? a : b) : a[1] !== b[1] ? (a[1] < b[1] ? a : b) : a[2] <= b[2] ? a : b));
          expect(cost([pairing.byes[0] ?? null, pairing.tables.map((t) => t.players)])).toEqual(best);
        });
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  it('bigger leagues: the neighbours-first matching is as good as the complete graph on every count', () => {
    fc.assert(
      fc.property(planArb(18, 40, 6), (plan) => {
        simulate(plan, (before, pairing) => {
          if (before.rounds.length === 0) return;
          const round = before.rounds.length + 1;
          const input = swissInput(before, before.players.filter((p) => isActive(p, round)).map((p) => p.id));
          const complete = pairSwiss(input);
          const windowed = pairSwiss(input, pairingWindow(before.rounds.length));
          expect({ rematches: windowed.rematches.length, bye: windowed.bye, scoreCost: windowed.scoreCost }).toEqual({
            rematches: complete.rematches.length,
            bye: complete.bye,
            scoreCost: complete.scoreCost,
          });
          expect(pairing.tables).toEqual(windowed.tables);
        });
      }),
      { numRuns: 25 },
    );
  }, 300_000);
});

describe('the matching library (edmonds-blossom-fixed), against brute force', () => {
  /** The best (size, weight) over every matching of the graph. */
  function bruteForce(n: number, edges: [number, number, number][]): [number, number] {
    let best: [number, number] = [0, 0];
    const used = new Array<boolean>(n).fill(false);
    const walk = (from: number, size: number, weight: number) => {
      if (size > best[0] || (size === best[0] && weight > best[1])) best = [size, weight];
      for (let k = from; k < edges.length; k++) {
        const [i, j, w] = edges[k]!;
        if (used[i] || used[j]) continue;
        used[i] = used[j] = true;
        walk(k + 1, size + 1, weight + w);
        used[i] = used[j] = false;
      }
    };
    walk(0, 0, 0);
    return best;
  }

  it('finds a matching of the largest size and, among those, the heaviest, on random graphs up to 10 vertices', () => {
    const graphArb = fc.integer({ min: 2, max: 10 }).chain((n) =>
      fc.uniqueArray(fc.tuple(fc.integer({ min: 0, max: n - 1 }), fc.integer({ min: 0, max: n - 1 }), fc.integer({ min: 1, max: 30 })), {
        minLength: 1,
        maxLength: 30,
        selector: ([i, j]) => `${Math.min(i, j)}-${Math.max(i, j)}`,
      }).map((raw) => ({ n, edges: raw.filter(([i, j]) => i !== j) })),
    );
    fc.assert(
      fc.property(graphArb, ({ n, edges }) => {
        const mate = maxWeightMatching(edges, true);
        let size = 0;
        let weight = 0;
        for (const [i, j, w] of edges) {
          if (mate[i] === j) {
            expect(mate[j]).toBe(i);
            size++;
            weight += w;
          }
        }
        expect([size, weight]).toEqual(bruteForce(n, edges));
      }),
      { numRuns: 400 },
    );
  });
});
