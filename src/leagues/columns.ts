/**
 * What the standings show of each tiebreak, for the pictures and the exports alike: the organiser's
 * tiebreaks in their order, TP apart (it has its own column) and the final key left out (it is a hash,
 * not a figure anyone could check by eye).
 */
import type { League, PlayerId } from './model.js';
import type { Tiebreak } from './settings.js';
import { standings, type StandingRow } from './standings.js';

export type ShownTiebreak = Exclude<Tiebreak, 'tp' | 'key'>;

export function shownTiebreaks(order: readonly Tiebreak[]): ShownTiebreak[] {
  return order.filter((t): t is ShownTiebreak => t !== 'tp' && t !== 'key');
}

/** A criterion's value as an exact, comparable string (SoS as its fraction, as the standings compare it). */
function exact(tiebreak: Tiebreak, row: StandingRow): string {
  if (tiebreak === 'sos') return String(row.sosTotal / Math.max(1, row.sosGames));
  return tiebreak === 'tp' || tiebreak === 'vpDiff' || tiebreak === 'vpTotal' ? String(row[tiebreak]) : '';
}

/**
 * Head-to-head as the standings use it: the TP each player earned against the others still tied with
 * them when the criterion comes up, or null for a player tied with nobody by then (it means nothing).
 * The tied group is the run of rows equal on every criterion before it; the TP are the standings of that
 * group alone (their games among themselves, no bye, no bonus), so they score exactly as the standings do.
 */
export function headToHeadPoints(league: League, rows: readonly StandingRow[], afterRound: number, order: readonly Tiebreak[]): Map<PlayerId, number | null> {
  const before = order.slice(0, Math.max(0, order.indexOf('headToHead')));
  const groups: StandingRow[][] = [];
  let previous = '';
  for (const row of rows) {
    const key = before.map((t) => exact(t, row)).join('\u0000');
    if (groups.length && key === previous) groups.at(-1)!.push(row);
    else groups.push([row]);
    previous = key;
  }
  const points = new Map<PlayerId, number | null>();
  for (const group of groups) {
    if (group.length === 1) {
      points.set(group[0]!.playerId, null);
      continue;
    }
    const members = new Set(group.map((r) => r.playerId));
    const alone: League = {
      ...league,
      players: league.players.filter((p) => members.has(p.id)),
      rounds: league.rounds.map((r) => ({ ...r, byes: [] })),
      results: league.results.filter((r) => members.has(r.players[0]) && members.has(r.players[1])),
      adjustments: [],
    };
    for (const row of standings(alone, afterRound, ['tp'])) points.set(row.playerId, row.tp);
  }
  return points;
}
