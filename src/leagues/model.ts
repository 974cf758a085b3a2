/**
 * A league as data: its players, the rounds that went out (tables and byes), the results reported for
 * them, bonus or penalty TP, and the refusals the use cases will translate.
 *
 * Results are kept, never edited: a correction or a void is a later entry for the same table, and the
 * last entry counts. That makes the league's audit trail the results list itself.
 */
import { z } from 'zod';
import { SEED_PATTERN } from '../systems/malifaux-table/engine/rng.js';
import type { Result } from '../systems/malifaux-table/engine/errors.js';
import { DEFAULT_SETTINGS, leagueSettingsSchema } from './settings.js';

export type { Result };

export const LEAGUE_ERROR_CODES = [
  'LEAGUE_CLOSED',
  'NOT_ORGANISER',
  'ALREADY_JOINED',
  'NOT_A_MEMBER',
  'UNKNOWN_ROUND',
  /** The two players of a result were not at one table in that round. */
  'NOT_PAIRED',
  /** The reporter is not one of the result's players (and not an organiser). */
  'NOT_IN_GAME',
  'NEGATIVE_VP',
  'IMPOSSIBLE_VP',
  /** A forfeit names an absent player who is not at the table, or nobody. */
  'INVALID_FORFEIT',
  'ROUND_RESULTS_MISSING',
  /** Pairing a round with fewer than two active players. */
  'TOO_FEW_PLAYERS',
  'PLAYER_NOT_IN_LEAGUE',
  'ALREADY_DROPPED',
  /** A table of that round already has a result: a player asks the organiser to correct it. */
  'RESULT_EXISTS',
  /** A report for that table waits for its answer already. */
  'REPORT_PENDING',
  'UNKNOWN_REPORT',
  /** Confirming (or disputing) the report you made yourself. */
  'OWN_REPORT',
  /** Confirming or disputing a report for a game you were not in. */
  'NOT_YOUR_REPORT',
  /** No table of any round has these two players without a result. */
  'NO_OPEN_TABLE',
  /** Voiding a table that has no result. */
  'NO_RESULT',
  /** Re-pairing a round some of whose tables have results. */
  'ROUND_HAS_RESULTS',
  /** Changing a round's tables while a player's report of one of them waits for its answer. */
  'ROUND_HAS_REPORTS',
  /** Swapping a player with themself, or players not in that round. */
  'INVALID_SWAP',
  'NOT_LATEST_ROUND',
  'ALREADY_CLOSED',
  /** A result needs a reason (a correction, a void, a bonus or penalty). */
  'REASON_REQUIRED',
  /** A correction for a game whose result the league never recorded. */
  'GAME_NOT_RECORDED',
  /** A setting out of its range (`problem` names which). */
  'INVALID_SETTINGS',
] as const;
export type LeagueErrorCode = (typeof LEAGUE_ERROR_CODES)[number];

/** A refusal: a stable code for translation and the values its message needs. */
export interface LeagueError {
  code: LeagueErrorCode;
  params?: Record<string, string | number>;
}

/**
 * A league's id as its web address and its buttons carry it: URL-safe, 1 to 64 characters, nothing to
 * decode. Anything else in a path or a custom id is not a league the bot made.
 */
export const LEAGUE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const playerIdSchema = z.string().min(1).max(64);
export type PlayerId = z.infer<typeof playerIdSchema>;

export const leaguePlayerSchema = z.object({
  id: playerIdSchema,
  /** The player left after this round (0: before the first): no longer paired, past games still count. */
  droppedAfterRound: z.number().int().min(0).nullable().default(null),
});
export type LeaguePlayer = z.infer<typeof leaguePlayerSchema>;

const pair = z.tuple([playerIdSchema, playerIdSchema]).refine(([a, b]) => a !== b, { message: 'a player cannot face themself' });

export const tableSchema = z.object({ players: pair });
export type Table = z.infer<typeof tableSchema>;

export const roundSchema = z.object({
  number: z.number().int().min(1),
  tables: z.array(tableSchema),
  byes: z.array(playerIdSchema).default([]),
  /** When the round went out (ISO time, given by the edge: the rules read no clock). */
  pairedAt: z.string().optional(),
  /** A one-day event's timed round: when it ends. Absent for a season's open rounds. */
  endsAt: z.string().optional(),
  /** The encounter fixed for every table of the round (a whole game's share code), when one is. */
  encounter: z.string().optional(),
  /** Tables whose players met before, flagged when the round went out. */
  rematches: z.array(pair).optional(),
  /** Round one: which draw of the seed's stream it is (absent: the first; more when it was paired again). */
  draw: z.number().int().min(1).optional(),
});
export type Round = z.infer<typeof roundSchema>;

/** What a finished game told about itself when it reported its result (the system's outcome and encounter). */
export const gameInfoSchema = z.object({
  gameId: z.string(),
  system: z.string(),
  encounter: z.object({ strategy: z.string(), deployment: z.string(), schemes: z.array(z.string()) }).nullable().default(null),
  /** Each crew, in the order of the result's players, when known. */
  crews: z.array(z.object({ faction: z.string().nullable(), leader: z.string().nullable() }).nullable()).default([]),
});
export type GameInfo = z.infer<typeof gameInfoSchema>;

const resultBase = {
  round: z.number().int().min(1),
  players: pair,
  voided: z.boolean().default(false),
  /** Who entered it: the bot from a finished game, a player's report confirmed, or an organiser. */
  source: z.enum(['game', 'report', 'organiser']).optional(),
  game: gameInfoSchema.optional(),
};

export const gameResultSchema = z.discriminatedUnion('kind', [
  /** A game played to the end: each crew's VP, in the order of `players`. */
  z.object({ kind: z.literal('played'), ...resultBase, vp: z.tuple([z.number().int(), z.number().int()]) }),
  /** A forfeit or no-show recorded by the organiser: who did not play (one or both). */
  z.object({ kind: z.literal('forfeit'), ...resultBase, absent: z.array(playerIdSchema).min(1).max(2) }),
]);
export type GameResult = z.infer<typeof gameResultSchema>;

export const adjustmentSchema = z.object({
  playerId: playerIdSchema,
  /** Counts in the standings from this round on. */
  round: z.number().int().min(0),
  tp: z.number().int().min(-100).max(100),
  reason: z.string().min(1).max(200),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;

/** A player's report of a game, waiting for the opponent's confirmation (or, disputed, for the organiser). */
export const reportSchema = z.object({
  id: z.number().int().min(1),
  round: z.number().int().min(1),
  /** The reporter first. */
  players: pair,
  vp: z.tuple([z.number().int(), z.number().int()]),
  status: z.enum(['pending', 'disputed']),
  disputeReason: z.string().nullable().default(null),
});
export type Report = z.infer<typeof reportSchema>;

export const leagueSchema = z.object({
  name: z.string().min(1).max(64).default('League'),
  /** 64 hex characters, as a game's seed: round one's draw and the final tiebreak key come from it. */
  seed: z.string().regex(SEED_PATTERN),
  status: z.enum(['open', 'closed']).default('open'),
  createdBy: playerIdSchema,
  organisers: z.array(playerIdSchema).default([]),
  /** Members of this Discord role run the league beside its creator. */
  organiserRoleId: z.string().nullable().default(null),
  /** Each player's display name as last seen (pictures, the web page, exports). */
  names: z.record(z.string(), z.string()).default({}),
  settings: leagueSettingsSchema.default(DEFAULT_SETTINGS),
  players: z.array(leaguePlayerSchema).default([]),
  rounds: z.array(roundSchema).default([]),
  results: z.array(gameResultSchema).default([]),
  adjustments: z.array(adjustmentSchema).default([]),
  reports: z.array(reportSchema).default([]),
  nextReportId: z.number().int().min(1).default(1),
});
export type League = z.infer<typeof leagueSchema>;

const fail = (code: LeagueErrorCode, params?: Record<string, string | number>): { ok: false; error: LeagueError } =>
  params ? { ok: false, error: { code, params } } : { ok: false, error: { code } };
const OK: Result<void, LeagueError> = { ok: true, value: undefined };

/** One key per table of a round, whichever way round its players are written. */
export function tableKey(round: number, players: readonly [string, string]): string {
  const [a, b] = players[0] < players[1] ? players : [players[1], players[0]];
  return `${round}\u0000${a}\u0000${b}`;
}

/** The result that counts for each table (the last one entered), voided ones included. */
export function currentResults(league: Pick<League, 'results'>): Map<string, GameResult> {
  const current = new Map<string, GameResult>();
  for (const result of league.results) current.set(tableKey(result.round, result.players), result);
  return current;
}

/** Is the player still paired in round `round`? */
export function isActive(player: LeaguePlayer, round: number): boolean {
  return player.droppedAfterRound === null || player.droppedAfterRound >= round;
}

/** Who acts, as the edge knows them: a user and their roles in the server. */
export interface Actor {
  id: string;
  roles?: readonly string[];
}

export function isOrganiser(league: Pick<League, 'createdBy' | 'organisers'> & Partial<Pick<League, 'organiserRoleId'>>, userId: string, roles: readonly string[] = []): boolean {
  const role = league.organiserRoleId ?? null;
  return userId === league.createdBy || league.organisers.includes(userId) || (role !== null && roles.includes(role));
}

export function checkOrganiser(league: Pick<League, 'createdBy' | 'organisers'> & Partial<Pick<League, 'organiserRoleId'>>, userId: string, roles: readonly string[] = []): Result<void, LeagueError> {
  return isOrganiser(league, userId, roles) ? OK : fail('NOT_ORGANISER');
}

export function checkJoin(league: League, playerId: string): Result<void, LeagueError> {
  if (league.status === 'closed') return fail('LEAGUE_CLOSED');
  if (league.players.some((p) => p.id === playerId)) return fail('ALREADY_JOINED');
  return OK;
}

/**
 * May `reporter` enter this result? The players must have been at one table of that round, the
 * reporter one of them or an organiser (only an organiser records a forfeit), and the VP possible (0 to the settings' maximum).
 */
export function checkResult(league: League, result: GameResult, reporter: string, roles: readonly string[] = []): Result<void, LeagueError> {
  if (league.status === 'closed') return fail('LEAGUE_CLOSED');
  const round = league.rounds.find((r) => r.number === result.round);
  if (!round) return fail('UNKNOWN_ROUND', { round: result.round });
  const key = tableKey(result.round, result.players);
  if (!round.tables.some((t) => tableKey(round.number, t.players) === key)) return fail('NOT_PAIRED', { round: result.round });
  if (!result.players.includes(reporter) && !isOrganiser(league, reporter, roles)) return fail('NOT_IN_GAME');
  // Only the organiser rules that someone did not show.
  if (result.kind === 'forfeit' && !isOrganiser(league, reporter, roles)) return fail('NOT_ORGANISER');
  if (result.kind === 'played') {
    for (const vp of result.vp) {
      if (vp < 0) return fail('NEGATIVE_VP', { vp });
      if (vp > league.settings.maxVp) return fail('IMPOSSIBLE_VP', { vp, max: league.settings.maxVp });
    }
  } else if (new Set(result.absent).size !== result.absent.length || result.absent.some((id) => !result.players.includes(id))) {
    return fail('INVALID_FORFEIT');
  }
  return OK;
}

/** The tables of past rounds that have no result yet, as `{ round, players }`. */
export function missingResults(league: League): { round: number; players: [string, string] }[] {
  const current = currentResults(league);
  const missing: { round: number; players: [string, string] }[] = [];
  for (const round of league.rounds) {
    for (const table of round.tables) if (!current.has(tableKey(round.number, table.players))) missing.push({ round: round.number, players: table.players });
  }
  return missing;
}
