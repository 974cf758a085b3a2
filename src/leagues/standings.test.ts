/**
 * Standings against tables computed by hand (issue 17 §3). The first league is built so that every
 * tiebreak orders the tied players differently:
 *
 *   round 1: A 4–3 C, B 5–0 D, F 8–0 E      round 2: E 5–2 A, C 6–1 B, D 2–1 F      round 3: A 3–2 D, F 3–2 B, C 5–4 E
 *
 *   player  TP  VPD  VP  opponents (their TP)   SoS        tied group's head-to-head
 *   A        6   −1   9  C6 E3 D3               12/3 = 4   beat C
 *   C        6   +5  14  A6 B3 E3               12/3 = 4   lost to A
 *   F        6   +8  12  E3 D3 B3                9/3 = 3   met neither A nor C
 *   B        3   −1   8  D3 C6 F6               15/3 = 5   beat D
 *   D        3   −5   4  B3 F6 A6               15/3 = 5   lost to B
 *   E        3   −6   9  F6 A6 C6               18/3 = 6   met neither B nor D
 *
 * The final key is SHA-256 of "fatekeeper/league-key/<seed>/<id>", computed with sha256sum for the seed
 * a1…a1: C 3b99…, F 4110…, D 4dbe…, E c758…, B d7a0…, A fe25… (ascending).
 */
import { describe, expect, it } from 'vitest';
import { leagueSchema, type GameResult, type League } from './model.js';
import { standings } from './standings.js';
import { TIEBREAKS, leagueSettingsSchema, type Tiebreak } from './settings.js';

const SEED = 'a1'.repeat(32);

const played = (round: number, a: string, b: string, vpA: number, vpB: number): GameResult => ({ kind: 'played', round, players: [a, b], vp: [vpA, vpB], voided: false });

function handLeague(): League {
  return leagueSchema.parse({
    seed: SEED,
    createdBy: 'org',
    players: ['A', 'B', 'C', 'D', 'E', 'F'].map((id) => ({ id })),
    rounds: [
      { number: 1, tables: [{ players: ['A', 'C'] }, { players: ['B', 'D'] }, { players: ['F', 'E'] }] },
      { number: 2, tables: [{ players: ['E', 'A'] }, { players: ['C', 'B'] }, { players: ['D', 'F'] }] },
      { number: 3, tables: [{ players: ['A', 'D'] }, { players: ['F', 'B'] }, { players: ['C', 'E'] }] },
    ],
    results: [
      played(1, 'A', 'C', 4, 3),
      played(1, 'B', 'D', 5, 0),
      played(1, 'F', 'E', 8, 0),
      played(2, 'E', 'A', 5, 2),
      played(2, 'C', 'B', 6, 1),
      played(2, 'D', 'F', 2, 1),
      played(3, 'A', 'D', 3, 2),
      played(3, 'F', 'B', 3, 2),
      played(3, 'C', 'E', 5, 4),
    ],
  });
}

/** The hand table above: TP, VPD, VP, SoS as a fraction. */
const HAND: Record<string, { tp: number; vpDiff: number; vpTotal: number; sosTotal: number; sosGames: number }> = {
  A: { tp: 6, vpDiff: -1, vpTotal: 9, sosTotal: 12, sosGames: 3 },
  C: { tp: 6, vpDiff: 5, vpTotal: 14, sosTotal: 12, sosGames: 3 },
  F: { tp: 6, vpDiff: 8, vpTotal: 12, sosTotal: 9, sosGames: 3 },
  B: { tp: 3, vpDiff: -1, vpTotal: 8, sosTotal: 15, sosGames: 3 },
  D: { tp: 3, vpDiff: -5, vpTotal: 4, sosTotal: 15, sosGames: 3 },
  E: { tp: 3, vpDiff: -6, vpTotal: 9, sosTotal: 18, sosGames: 3 },
};

const ranks = (league: League, order: Tiebreak[], afterRound?: number) => standings(league, afterRound, order).map((r) => `${r.rank} ${r.playerId}`);

describe('standings: each player\'s figures (issue 17 §3)', () => {
  it('TP 3/1/0, VP difference, VP total, SoS as average opponent TP, and the record, as computed by hand', () => {
    const rows = standings(handLeague());
    for (const row of rows) {
      expect({ id: row.playerId, tp: row.tp, vpDiff: row.vpDiff, vpTotal: row.vpTotal, sosTotal: row.sosTotal, sosGames: row.sosGames }).toEqual({ id: row.playerId, ...HAND[row.playerId] });
      expect(row.sos).toBeCloseTo(HAND[row.playerId]!.sosTotal / 3, 10);
    }
    const byId = new Map(rows.map((r) => [r.playerId, r]));
    expect(byId.get('A')).toMatchObject({ wins: 2, draws: 0, losses: 1, byes: 0, dropped: false });
    expect(byId.get('E')).toMatchObject({ wins: 1, draws: 0, losses: 2 });
  });
});

describe('standings under the organiser\'s tiebreak order (issue 17 §3, hand-computed tables)', () => {
  it('default TP → VPD → VP → SoS: F, C, A then B, D, E', () => {
    expect(ranks(handLeague(), ['tp', 'vpDiff', 'vpTotal', 'sos'])).toEqual(['1 F', '2 C', '3 A', '4 B', '5 D', '6 E']);
    expect(standings(handLeague()).map((r) => r.playerId)).toEqual(['F', 'C', 'A', 'B', 'D', 'E']);
  });

  it('TP → VP total: C, F, A then E, B, D', () => {
    expect(ranks(handLeague(), ['tp', 'vpTotal', 'vpDiff', 'sos'])).toEqual(['1 C', '2 F', '3 A', '4 E', '5 B', '6 D']);
  });

  it('TP → SoS → VPD: A and C tie on SoS (4) and VPD puts C first; E leads the bottom on SoS (6)', () => {
    expect(ranks(handLeague(), ['tp', 'sos', 'vpDiff'])).toEqual(['1 C', '2 A', '3 F', '4 E', '5 B', '6 D']);
  });

  it('TP → SoS → head-to-head: head-to-head looks only at the pair still tied (A beat C; B beat D)', () => {
    expect(ranks(handLeague(), ['tp', 'sos', 'headToHead'])).toEqual(['1 A', '2 C', '3 F', '4 E', '5 B', '6 D']);
  });

  it('TP → head-to-head → SoS: A beat C; C and F never met, so SoS separates them', () => {
    expect(ranks(handLeague(), ['tp', 'headToHead', 'sos'])).toEqual(['1 A', '2 C', '3 F', '4 B', '5 E', '6 D']);
  });

  it('TP → head-to-head alone: players who never met share a rank (1, 2, 2, 4, 5, 5), listed in key order', () => {
    expect(ranks(handLeague(), ['tp', 'headToHead'])).toEqual(['1 A', '2 C', '2 F', '4 B', '5 D', '5 E']);
  });

  it('TP alone: three-way ties share ranks 1 and 4, listed in key order (C, F, A; D, E, B)', () => {
    expect(ranks(handLeague(), ['tp'])).toEqual(['1 C', '1 F', '1 A', '4 D', '4 E', '4 B']);
  });

  it('TP → key: the key separates everyone (C, F, A; D, E, B by SHA-256)', () => {
    expect(ranks(handLeague(), ['tp', 'key'])).toEqual(['1 C', '2 F', '3 A', '4 D', '5 E', '6 B']);
  });

  it('VPD without TP: A and B tie at −1 and share rank 3 (1, 2, 3, 3, 5, 6); then TP separates them', () => {
    expect(ranks(handLeague(), ['vpDiff'])).toEqual(['1 F', '2 C', '3 B', '3 A', '5 D', '6 E']);
    expect(ranks(handLeague(), ['vpDiff', 'tp'])).toEqual(['1 F', '2 C', '3 A', '4 B', '5 D', '6 E']);
  });

  it('every ordered choice among TP, VPD, VP and SoS ranks the hand figures lexicographically, ties sharing a rank', () => {
    const criteria = ['tp', 'vpDiff', 'vpTotal', 'sos'] as const;
    const orders: Tiebreak[][] = [];
    const grow = (prefix: Tiebreak[]) => {
      if (prefix.length) orders.push(prefix);
      for (const c of criteria) if (!prefix.includes(c)) grow([...prefix, c]);
    };
    grow([]);
    expect(orders).toHaveLength(4 + 12 + 24 + 24);
    // Every SoS here has 3 games, so its total orders it.
    const value = (id: string, c: (typeof criteria)[number]) => (c === 'sos' ? HAND[id]!.sosTotal : HAND[id]![c]);
    for (const order of orders) {
      const rows = standings(handLeague(), 3, order);
      // b − a on the first criterion where they differ (criteria are best when larger), 0 when none does.
      const better = (a: string, b: string) => order.map((c) => value(b, c as (typeof criteria)[number]) - value(a, c as (typeof criteria)[number])).find((d) => d !== 0) ?? 0;
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i]!;
        // Listed above only by someone at least as good; ranked 1 + the number strictly better.
        for (const above of rows.slice(0, i)) expect(better(above.playerId, row.playerId), `${order.join('>')}: ${above.playerId} above ${row.playerId}`).toBeLessThanOrEqual(0);
        expect(row.rank, `${order.join('>')}: ${row.playerId}`).toBe(1 + rows.filter((other) => better(row.playerId, other.playerId) > 0).length);
      }
    }
  });

  it('settings refuse a tiebreak twice and anything after the key', () => {
    expect(leagueSettingsSchema.safeParse({ tiebreaks: ['tp', 'tp'] }).success).toBe(false);
    expect(leagueSettingsSchema.safeParse({ tiebreaks: ['key', 'tp'] }).success).toBe(false);
    expect(leagueSettingsSchema.safeParse({ tiebreaks: [...TIEBREAKS] }).success).toBe(true);
  });
});

/**
 * Byes, forfeits, a void, bonus and penalty TP and a drop, default settings (bye 3 TP, 5 VP, +3; forfeit
 * 5–0), five players:
 *   round 1: P 5–3 Q; R–S forfeit (S absent); T bye
 *   round 2: P 4–4 T; Q 6–2 R entered then voided; S bye; T +1 TP (bonus, round 2)
 *   S drops after round 2
 *   round 3: P 2–7 R; Q–T both absent; R −1 TP (penalty, round 3)
 */
function eventfulLeague(settings: unknown = {}): League {
  return leagueSchema.parse({
    seed: SEED,
    createdBy: 'org',
    settings,
    players: [{ id: 'P' }, { id: 'Q' }, { id: 'R' }, { id: 'S', droppedAfterRound: 2 }, { id: 'T' }],
    rounds: [
      { number: 1, tables: [{ players: ['P', 'Q'] }, { players: ['R', 'S'] }], byes: ['T'] },
      { number: 2, tables: [{ players: ['P', 'T'] }, { players: ['Q', 'R'] }], byes: ['S'] },
      { number: 3, tables: [{ players: ['P', 'R'] }, { players: ['Q', 'T'] }], byes: [] },
    ],
    results: [
      played(1, 'P', 'Q', 5, 3),
      { kind: 'forfeit', round: 1, players: ['R', 'S'], absent: ['S'] },
      played(2, 'P', 'T', 4, 4),
      played(2, 'Q', 'R', 6, 2),
      { ...played(2, 'R', 'Q', 2, 6), voided: true },
      played(3, 'P', 'R', 2, 7),
      { kind: 'forfeit', round: 3, players: ['Q', 'T'], absent: ['Q', 'T'] },
    ],
    adjustments: [
      { playerId: 'T', round: 2, tp: 1, reason: 'painted crew' },
      { playerId: 'R', round: 3, tp: -1, reason: 'late list' },
    ],
  });
}

const figures = (league: League, afterRound: number) =>
  standings(league, afterRound).map((r) => [r.rank, r.playerId, r.tp, r.vpDiff, r.vpTotal, `${r.sosTotal}/${r.sosGames}`]);

describe('standings with byes, forfeits, voids, adjustments and drops (issue 17 §2–3)', () => {
  it('after round 1: a forfeit win scores 5–0, a bye 3 TP with 5 VP and +3', () => {
    // P W 5–3 (opp Q 0); R forfeit win +5 (opp S 0); T bye; Q L (opp P 3); S forfeit loss (opp R 3).
    expect(figures(eventfulLeague(), 1)).toEqual([
      [1, 'R', 3, 5, 5, '0/1'],
      [2, 'T', 3, 3, 5, '0/0'],
      [3, 'P', 3, 2, 5, '0/1'],
      [4, 'Q', 0, -2, 3, '3/1'],
      [5, 'S', 0, -5, 0, '3/1'],
    ]);
  });

  it('after round 2: a voided result counts for nothing; the bonus TP counts from its round', () => {
    // T 3 + draw 1 + bonus 1 = 5; P 3 + 1 = 4; S 0 + bye 3, VPD −5 + 3; Q and R unchanged.
    expect(figures(eventfulLeague(), 2)).toEqual([
      [1, 'T', 5, 3, 9, '4/1'],
      [2, 'P', 4, 2, 9, '5/2'],
      [3, 'R', 3, 5, 5, '3/1'],
      [4, 'S', 3, -2, 5, '3/1'],
      [5, 'Q', 0, -2, 3, '4/1'],
    ]);
  });

  it('after round 3: a double no-show is a loss for both at 0 VP; the dropped player stays listed and counts in SoS', () => {
    // R 3 + 3 − 1 = 5, VPD 5 + 5; SoS: P (Q0 + T5 + R5)/3, Q (P4 + T5)/2, R (S3 + P4)/2, S R5/1, T (P4 + Q0)/2.
    const rows = standings(eventfulLeague(), 3);
    expect(figures(eventfulLeague(), 3)).toEqual([
      [1, 'R', 5, 10, 12, '7/2'],
      [2, 'T', 5, 3, 9, '4/2'],
      [3, 'P', 4, -3, 11, '10/3'],
      [4, 'S', 3, -2, 5, '5/1'],
      [5, 'Q', 0, -2, 3, '9/2'],
    ]);
    const byId = new Map(rows.map((r) => [r.playerId, r]));
    expect(byId.get('S')).toMatchObject({ dropped: true, wins: 0, losses: 1, byes: 1 });
    expect(byId.get('T')).toMatchObject({ dropped: false, wins: 0, draws: 1, losses: 1, byes: 1, adjustmentTp: 1 });
    expect(byId.get('R')).toMatchObject({ wins: 2, losses: 0, adjustmentTp: -1 });
    expect(standings(eventfulLeague(), 2).find((r) => r.playerId === 'S')?.dropped).toBe(true);
    expect(standings(eventfulLeague(), 1).find((r) => r.playerId === 'S')?.dropped).toBe(false);
  });

  it('the organiser\'s points: win 2, draw 1, loss 0, a bye worth 1 TP with 4 VP and ±0, forfeits 6–1', () => {
    // Round 1: P 2 (5–3); R forfeit win 2, 6 VP, +5; T bye 1, 4 VP, 0; Q 0; S 0, 1 VP, −5.
    const league = eventfulLeague({ points: { win: 2, draw: 1, loss: 0 }, bye: { tp: 1, vp: 4, vpDiff: 0 }, forfeit: { winnerVp: 6, loserVp: 1 } });
    expect(figures(league, 1)).toEqual([
      [1, 'R', 2, 5, 6, '0/1'],
      [2, 'P', 2, 2, 5, '0/1'],
      [3, 'T', 1, 0, 4, '0/0'],
      [4, 'Q', 0, -2, 3, '2/1'],
      [5, 'S', 0, -5, 1, '2/1'],
    ]);
  });

  it('a corrected result replaces the earlier one for the same table, whichever way round it is written', () => {
    const league = handLeague();
    league.results.push(played(1, 'C', 'A', 5, 4)); // C now won round 1
    const byId = new Map(standings(league).map((r) => [r.playerId, r]));
    expect(byId.get('A')).toMatchObject({ tp: 3, vpDiff: -3, vpTotal: 9, wins: 1 });
    expect(byId.get('C')).toMatchObject({ tp: 9, vpDiff: 7, vpTotal: 16, wins: 3 });
  });

  it('an empty league has empty standings', () => {
    expect(standings(leagueSchema.parse({ seed: SEED, createdBy: 'org' }))).toEqual([]);
  });
});
