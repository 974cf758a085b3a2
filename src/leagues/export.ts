/**
 * A league's exports (issue 17): its standings and its results as CSV for a spreadsheet, and the whole
 * league as JSON for another tool. Column names are fixed English identifiers, not translated, so that a
 * script reading the file works whatever the organiser's language.
 *
 * CSV follows RFC 4180 (CRLF line ends, a field quoted when it holds a comma, a quote or a line break,
 * its quotes doubled). A text field starting with = + - @ (or a tab or carriage return) gets a leading
 * apostrophe, as OWASP advises against CSV injection: a player's name must never become a spreadsheet
 * formula. Numbers are written as numbers (a negative VP difference stays a number).
 *
 * Deterministic: the same league gives the same bytes (rows in standings order, results by round and table).
 * The league's seed is left out of the JSON: round one's draw and the final key come from it.
 */
import { headToHeadPoints, shownTiebreaks, type ShownTiebreak } from './columns.js';
import { currentResults, tableKey, type GameResult, type League, type PlayerId } from './model.js';
import type { LeagueSettings } from './settings.js';
import { standings, type StandingRow } from './standings.js';

/** The JSON export's format; raised when a field changes meaning or goes away. */
export const LEAGUE_EXPORT_VERSION = 1;

export type Names = ReadonlyMap<PlayerId, string>;

const nameOf = (names: Names, id: PlayerId): string => names.get(id) ?? id;

/** One CSV field: numbers as they are, text guarded against formulas and quoted when it must be. */
export function csvField(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

function csv(rows: readonly (readonly (string | number | boolean | null)[])[]): string {
  return rows.map((row) => row.map(csvField).join(',') + '\r\n').join('');
}

/** SoS to two decimals, as shown everywhere (the exact fraction is in the JSON). */
export const sosFigure = (row: StandingRow): number => Math.round(row.sos * 100) / 100;

const TIEBREAK_COLUMNS: Record<ShownTiebreak, string> = { vpDiff: 'vp_diff', vpTotal: 'vp_total', sos: 'sos', headToHead: 'head_to_head' };

/** The standings after `afterRound` (default: the last round): one row per player, dropped ones marked. */
export function standingsCsv(league: League, names: Names, afterRound: number = league.rounds.length): string {
  const order = league.settings.tiebreaks;
  const rows = standings(league, afterRound, order);
  const shown = shownTiebreaks(order);
  const h2h = shown.includes('headToHead') ? headToHeadPoints(league, rows, afterRound, order) : new Map<PlayerId, number | null>();
  const value = (t: ShownTiebreak, row: StandingRow): number | null => (t === 'sos' ? sosFigure(row) : t === 'headToHead' ? (h2h.get(row.playerId) ?? null) : row[t]);
  return csv([
    ['rank', 'player_id', 'name', 'tp', ...shown.map((t) => TIEBREAK_COLUMNS[t]), 'wins', 'draws', 'losses', 'byes', 'dropped'],
    ...rows.map((row) => [row.rank, row.playerId, nameOf(names, row.playerId), row.tp, ...shown.map((t) => value(t, row)), row.wins, row.draws, row.losses, row.byes, row.dropped]),
  ]);
}

/** Each table's number in its round (1 first), by table key. */
function tableNumbers(league: League): Map<string, number> {
  const numbers = new Map<string, number>();
  for (const round of league.rounds) round.tables.forEach((table, i) => numbers.set(tableKey(round.number, table.players), i + 1));
  return numbers;
}

/** The result that counts for each table, in round and table order, written the way round the table is. */
export function orderedResults(league: League): { round: number; table: number; result: GameResult }[] {
  const numbers = tableNumbers(league);
  return [...currentResults(league).entries()]
    .map(([key, result]) => ({ round: result.round, table: numbers.get(key) ?? 0, result }))
    .sort((a, b) => a.round - b.round || a.table - b.table);
}

/**
 * The result that counts for each table (a correction replaces what it corrects), voided ones included
 * and marked. A forfeit has no VP; its `absent` lists who did not play, by id, separated by spaces.
 */
export function resultsCsv(league: League, names: Names): string {
  return csv([
    ['round', 'table', 'player_a_id', 'player_a', 'player_b_id', 'player_b', 'vp_a', 'vp_b', 'kind', 'absent', 'voided'],
    ...orderedResults(league).map(({ round, table, result }) => {
      const [a, b] = result.players;
      const vp = result.kind === 'played' ? result.vp : [null, null];
      return [round, table, a, nameOf(names, a), b, nameOf(names, b), vp[0], vp[1], result.kind, result.kind === 'forfeit' ? result.absent.join(' ') : '', result.voided];
    }),
  ]);
}

/** The settings with their keys in a fixed order, however the league object was built. */
function settingsOf(s: LeagueSettings): LeagueSettings {
  return {
    points: { win: s.points.win, draw: s.points.draw, loss: s.points.loss },
    bye: { ...(s.bye.tp === undefined ? {} : { tp: s.bye.tp }), vp: s.bye.vp, vpDiff: s.bye.vpDiff },
    forfeit: { winnerVp: s.forfeit.winnerVp, loserVp: s.forfeit.loserVp },
    tiebreaks: s.tiebreaks,
    missingResults: s.missingResults,
    maxVp: s.maxVp,
    format: s.format,
    roundMinutes: s.roundMinutes,
    rating: s.rating,
  };
}

/**
 * The whole league as JSON: settings, players with their names, rounds, every result entered (the audit
 * trail: corrections and voids are later entries for the same table), adjustments, and the standings after
 * the last round. Keys in a fixed order, two-space indented, with a final line break.
 */
export function leagueJson(league: League, names: Names): string {
  const rows = standings(league);
  const document = {
    version: LEAGUE_EXPORT_VERSION,
    status: league.status,
    createdBy: league.createdBy,
    organisers: league.organisers,
    settings: settingsOf(league.settings),
    players: league.players.map((p) => ({ id: p.id, name: nameOf(names, p.id), droppedAfterRound: p.droppedAfterRound })),
    rounds: league.rounds.map((r) => ({ number: r.number, tables: r.tables.map((t) => ({ players: t.players })), byes: r.byes })),
    results: league.results.map((r) => ({ round: r.round, players: r.players, kind: r.kind, ...(r.kind === 'played' ? { vp: r.vp } : { absent: r.absent }), voided: r.voided })),
    adjustments: league.adjustments.map((a) => ({ playerId: a.playerId, round: a.round, tp: a.tp, reason: a.reason })),
    standings: rows.map((r) => ({
      rank: r.rank,
      playerId: r.playerId,
      tp: r.tp,
      vpDiff: r.vpDiff,
      vpTotal: r.vpTotal,
      sos: sosFigure(r),
      sosTotal: r.sosTotal,
      sosGames: r.sosGames,
      wins: r.wins,
      draws: r.draws,
      losses: r.losses,
      byes: r.byes,
      adjustmentTp: r.adjustmentTp,
      dropped: r.dropped,
    })),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
