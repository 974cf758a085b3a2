/**
 * A league of 8 players over 3 rounds for the league page's tests (test/league-web*.test.ts): a draw, a
 * forfeit, a corrected result, a voided one, a table still awaiting its result, a player who dropped after
 * round 2 (so round 3 has a bye), a TP penalty, and names that try to be markup.
 */
import { leagueSchema, type GameResult, type League } from '../../src/leagues/model.js';

export const HOSTILE_NAME = `<script>alert("pwned")</script> & 'Cal'`;

export const LEAGUE_NAMES = new Map<string, string>([
  ['ada', 'Ada Quill'],
  ['bea', 'Béatrice'],
  ['cal', HOSTILE_NAME],
  ['dov', 'Dov & Co'],
  ['eve', 'Ève'],
  ['fox', 'Fox "the" Hound'],
  ['gus', 'Gus'],
  ['hal', 'Hal'],
]);

export const LEAGUE_TITLE = `Autumn <b>League</b> & "Friends"`;

const played = (round: number, a: string, b: string, vpA: number, vpB: number, voided = false): GameResult => ({ kind: 'played', round, players: [a, b], vp: [vpA, vpB], voided });

export function fixtureLeague(): League {
  return leagueSchema.parse({
    seed: 'c3'.repeat(32),
    createdBy: 'ada',
    players: [...LEAGUE_NAMES.keys()].map((id) => ({ id, droppedAfterRound: id === 'hal' ? 2 : null })),
    rounds: [
      { number: 1, tables: [{ players: ['ada', 'bea'] }, { players: ['cal', 'dov'] }, { players: ['eve', 'fox'] }, { players: ['gus', 'hal'] }] },
      { number: 2, tables: [{ players: ['ada', 'fox'] }, { players: ['bea', 'gus'] }, { players: ['cal', 'eve'] }, { players: ['dov', 'hal'] }] },
      { number: 3, tables: [{ players: ['ada', 'cal'] }, { players: ['fox', 'gus'] }, { players: ['bea', 'dov'] }], byes: ['eve'] },
    ],
    results: [
      played(1, 'ada', 'bea', 5, 3),
      played(1, 'cal', 'dov', 4, 4),
      played(1, 'eve', 'fox', 2, 6),
      played(1, 'gus', 'hal', 7, 1),
      played(2, 'ada', 'fox', 3, 5),
      played(2, 'bea', 'gus', 4, 2),
      { kind: 'forfeit', round: 2, players: ['cal', 'eve'], absent: ['eve'], voided: false },
      played(2, 'dov', 'hal', 5, 5),
      // The organiser corrects round 2's first table: this entry replaces the 3–5 above.
      played(2, 'fox', 'ada', 5, 6),
      played(3, 'ada', 'cal', 8, 2),
      played(3, 'fox', 'gus', 4, 1),
      played(3, 'fox', 'gus', 4, 1, true),
    ],
    adjustments: [{ playerId: 'dov', round: 3, tp: -1, reason: 'Late list <b>again</b>' }],
  });
}
