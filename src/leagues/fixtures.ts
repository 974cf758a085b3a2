/** Leagues for the pictures', exports' and rating's tests, small enough to check by hand. */
import { leagueSchema, type GameResult, type League } from './model.js';

export const played = (round: number, a: string, b: string, vpA: number, vpB: number, voided = false): GameResult => ({ kind: 'played', round, players: [a, b], vp: [vpA, vpB], voided });
export const forfeit = (round: number, a: string, b: string, absent: string[]): GameResult => ({ kind: 'forfeit', round, players: [a, b], absent, voided: false });

/**
 * Five players, three rounds, every kind of entry (TP 3/1/0; a bye 3 TP, 5 VP, +3; a forfeit 5–0):
 *
 *   round 1: A 5–3 B, C 4–4 D, E has the bye
 *   round 2: E 6–2 A, B 7–1 C corrected to B 6–1 C, D has the bye (and drops after it)
 *   round 3: A–C a forfeit (C absent), B 8–0 E voided
 *
 *   player  TP  VP  VPD  record
 *   E        6  11   +7  1-0-0, 1 bye
 *   A        6  12   +3  2-0-1
 *   D        4   9   +3  0-1-0, 1 bye, dropped
 *   B        3   9   +3  1-0-1
 *   C        1   5  −10  0-1-2
 */
export function smallLeague(): League {
  return leagueSchema.parse({
    seed: 'c3'.repeat(32),
    createdBy: 'org',
    players: [{ id: 'A' }, { id: 'B' }, { id: 'C' }, { id: 'D', droppedAfterRound: 2 }, { id: 'E' }],
    rounds: [
      { number: 1, tables: [{ players: ['A', 'B'] }, { players: ['C', 'D'] }], byes: ['E'] },
      { number: 2, tables: [{ players: ['E', 'A'] }, { players: ['B', 'C'] }], byes: ['D'] },
      { number: 3, tables: [{ players: ['A', 'C'] }, { players: ['B', 'E'] }], byes: [] },
    ],
    results: [
      played(1, 'A', 'B', 5, 3),
      played(1, 'C', 'D', 4, 4),
      played(2, 'E', 'A', 6, 2),
      played(2, 'B', 'C', 7, 1),
      played(2, 'C', 'B', 1, 6),
      forfeit(3, 'A', 'C', ['C']),
      played(3, 'B', 'E', 8, 0, true),
    ],
  });
}

/** Names that a spreadsheet or a picture could choke on. */
export const HOSTILE_NAMES: ReadonlyMap<string, string> = new Map([
  ['A', 'Alice, the "Ace"'],
  ['B', '=HYPERLINK("http://evil")'],
  ['C', 'Carl\nNewline'],
  ['D', '-Dora'],
  ['E', 'Émile'],
]);

/** `count` players P01…, `rounds` rounds with wins, losses and draws spread over the tables, paired in id order shifted by one place each round. */
export function bigLeague(count: number, rounds: number): League {
  const ids = Array.from({ length: count }, (_, i) => `P${String(i + 1).padStart(2, '0')}`);
  const roundList = [];
  const results: GameResult[] = [];
  for (let r = 1; r <= rounds; r++) {
    const order = ids.map((_, i) => ids[(i + r - 1) % count]!);
    const tables = [];
    for (let i = 0; i + 1 < order.length; i += 2) {
      tables.push({ players: [order[i]!, order[i + 1]!] });
      const vp: [number, number] = [[5, 3], [3, 5], [4, 4]][(i / 2 + r) % 3] as [number, number];
      results.push(played(r, order[i]!, order[i + 1]!, ...vp));
    }
    roundList.push({ number: r, tables, byes: [] });
  }
  return leagueSchema.parse({ seed: 'b2'.repeat(32), createdBy: 'org', players: ids.map((id) => ({ id })), rounds: roundList, results });
}

export const namesOf = (league: League): Map<string, string> => new Map(league.players.map((p) => [p.id, `Player ${p.id}`]));
