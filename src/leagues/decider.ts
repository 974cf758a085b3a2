/**
 * A league as a decider: `decideLeague(league, command, actor)` checks a command against the league and
 * returns the facts it leads to, or a refusal; `evolveLeague(league, event)` applies one fact. Like a
 * game's engine it is pure: the edge gives the time (a round's start) and the seed, and stores the events
 * as the league's audit log with who and when.
 *
 * Organisers: the league's creator, anyone named organiser, and members of the organiser role. A player
 * acts on their own games (join, leave, report, confirm, dispute, withdraw); everything else is an
 * organiser's. A finished game reports itself with no actor (the bot); a referee's later correction of
 * its score comes with the referee as its actor, whom the game's rules, not the league's, allowed.
 */
import { z } from 'zod';
import {
  adjustmentSchema,
  checkJoin,
  checkOrganiser,
  checkResult,
  currentResults,
  gameInfoSchema,
  gameResultSchema,
  isActive,
  leagueSchema,
  reportSchema,
  roundSchema,
  tableKey,
  type Actor,
  type GameInfo,
  type GameResult,
  type League,
  type LeagueError,
  type LeagueErrorCode,
  type PlayerId,
  type Report,
  type Result,
  type Round,
  type Table,
} from './model.js';
import { pairNextRound } from './pairings.js';
import { leagueSettingsSchema, type LeagueSettings } from './settings.js';

const pairSchema = z.tuple([z.string(), z.string()]);

export const leagueEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('LeagueCreated'), name: z.string(), seed: z.string(), createdBy: z.string(), settings: leagueSettingsSchema }),
  z.object({ type: z.literal('SettingsChanged'), settings: leagueSettingsSchema }),
  z.object({ type: z.literal('OrganiserRoleSet'), roleId: z.string().nullable() }),
  z.object({ type: z.literal('PlayerJoined'), playerId: z.string(), name: z.string() }),
  /** Left before any round paired them: gone from the league. */
  z.object({ type: z.literal('PlayerRemoved'), playerId: z.string() }),
  /** Left after playing: no longer paired, past games still count. */
  z.object({ type: z.literal('PlayerDropped'), playerId: z.string(), afterRound: z.number().int().min(0) }),
  z.object({
    type: z.literal('RoundPaired'),
    round: roundSchema,
    repeatedByes: z.array(z.string()),
    /** Results that were missing when the round went out anyway ('warn' mode), as refusal codes. */
    warnings: z.array(z.object({ code: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])).optional() })),
  }),
  /**
   * The organiser had the latest round paired again (before any of its results), by the rules that paired
   * it: it replaces the round. Who left since it went out (`leftOut`) now left before it.
   */
  z.object({
    type: z.literal('RoundPairedAgain'),
    round: roundSchema,
    repeatedByes: z.array(z.string()),
    warnings: z.array(z.object({ code: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])).optional() })),
    leftOut: z.array(z.string()),
  }),
  /** The organiser changed a round's pairing by hand (before any of its results). */
  z.object({ type: z.literal('PairingChanged'), round: z.number().int(), tables: z.array(z.object({ players: pairSchema })), byes: z.array(z.string()), rematches: z.array(pairSchema) }),
  z.object({ type: z.literal('EncounterFixed'), round: z.number().int(), code: z.string().nullable() }),
  z.object({ type: z.literal('ResultReported'), report: reportSchema }),
  z.object({ type: z.literal('ReportDisputed'), reportId: z.number().int(), reason: z.string() }),
  z.object({ type: z.literal('ReportClosed'), reportId: z.number().int(), how: z.enum(['confirmed', 'withdrawn', 'ruled']) }),
  z.object({ type: z.literal('ResultRecorded'), result: gameResultSchema, reason: z.string().nullable() }),
  z.object({ type: z.literal('TpAdjusted'), adjustment: adjustmentSchema }),
  z.object({ type: z.literal('LeagueClosed') }),
]);
export type LeagueEvent = z.infer<typeof leagueEventSchema>;
export type LeagueEventType = LeagueEvent['type'];

/** What a user (or the bot) asks of a league. Player ids are Discord user ids. */
export type LeagueCommand =
  | { type: 'create'; name: string; seed: string; settings?: Partial<LeagueSettings> }
  | { type: 'changeSettings'; settings: Record<string, unknown> }
  | { type: 'setOrganiserRole'; roleId: string | null }
  /** Joining yourself, or (an organiser) adding someone. */
  | { type: 'join'; playerId: PlayerId; name: string }
  /** Leaving yourself, or (an organiser) dropping someone. */
  | { type: 'leave'; playerId: PlayerId }
  | { type: 'pairRound'; now: string }
  /**
   * Discards the latest round's pairing (before any result or report of it) and pairs it again by the
   * same rules: round one from the seed's next draw, a later round Swiss. Its clock runs on.
   */
  | { type: 'pairAgain' }
  /** Swaps two players of the latest round (between tables, or with the bye). */
  | { type: 'swap'; a: PlayerId; b: PlayerId }
  | { type: 'fixEncounter'; round: number; code: string | null }
  /** A player reports their game: their VP first. The round is the latest one with their table open. */
  | { type: 'report'; opponent: PlayerId; vp: [number, number] }
  | { type: 'confirm'; reportId: number }
  | { type: 'dispute'; reportId: number; reason: string }
  | { type: 'withdraw'; reportId: number }
  /** An organiser enters, corrects or rules a result (ruling a disputed report closes it). */
  | { type: 'enter'; round: number; players: [PlayerId, PlayerId]; vp: [number, number]; reason: string | null }
  | { type: 'void'; round: number; players: [PlayerId, PlayerId]; reason: string }
  | { type: 'forfeit'; round: number; players: [PlayerId, PlayerId]; absent: PlayerId[]; reason: string | null }
  | { type: 'adjust'; playerId: PlayerId; tp: number; reason: string }
  /**
   * A game the bot refereed ended: its players (in the game's seat order) and VP, and who conceded, if one
   * did: a conceded game counts as the conceder's forfeit (the league's forfeit score), not by its VP.
   */
  | { type: 'gameFinished'; players: [PlayerId, PlayerId]; vp: [number, number]; conceded: PlayerId | null; game: GameInfo }
  /**
   * A referee corrected the score of a finished game that reported itself: its result follows, with the
   * referee's reason. The referee is the actor (the game's rules allowed them, not the league's).
   */
  | { type: 'gameCorrected'; gameId: string; players: [PlayerId, PlayerId]; vp: [number, number]; conceded: PlayerId | null; reason: string | null }
  | { type: 'close' };

export type LeagueDecision = Result<LeagueEvent[], LeagueError>;

const refuse = (code: LeagueErrorCode, params?: Record<string, string | number>): { ok: false; error: LeagueError } =>
  params ? { ok: false, error: { code, params } } : { ok: false, error: { code } };
const accept = (...events: LeagueEvent[]): LeagueDecision => ({ ok: true, value: events });

/** The league before its first event: what `LeagueCreated` is applied to. */
export function emptyLeague(): League {
  return leagueSchema.parse({ seed: '0'.repeat(64), createdBy: '-' });
}

/** The round a table of these two players is open in (no result yet), the latest first. */
function openTable(league: League, a: PlayerId, b: PlayerId): number | null {
  const results = currentResults(league);
  for (const round of [...league.rounds].reverse()) {
    const key = tableKey(round.number, [a, b]);
    if (round.tables.some((t) => tableKey(round.number, t.players) === key) && !results.has(key)) return round.number;
  }
  return null;
}

function reportFor(league: League, round: number, players: readonly [string, string]): Report | undefined {
  const key = tableKey(round, players);
  return league.reports.find((r) => tableKey(r.round, r.players) === key);
}

/** A result recorded for a table closes the report that waited on it (an organiser's ruling). */
function recordWithRuling(league: League, result: GameResult, reason: string | null): LeagueEvent[] {
  const open = reportFor(league, result.round, result.players);
  const events: LeagueEvent[] = [{ type: 'ResultRecorded', result, reason }];
  if (open) events.unshift({ type: 'ReportClosed', reportId: open.id, how: 'ruled' });
  return events;
}

function pairsOf(tables: readonly Table[]): Set<string> {
  return new Set(tables.map((t) => tableKey(0, t.players)));
}

/** The tables of `tables` whose players met in an earlier round. */
function rematchesIn(league: League, roundNumber: number, tables: readonly Table[]): [PlayerId, PlayerId][] {
  const earlier = new Set<string>();
  for (const round of league.rounds) if (round.number < roundNumber) for (const key of pairsOf(round.tables)) earlier.add(key);
  return tables.filter((t) => earlier.has(tableKey(0, t.players))).map((t) => [...t.players]);
}

/** The next round of `league`, its tables and byes (its clock is the caller's), or why not. */
function nextRound(league: League, draw?: number): Result<{ round: Round; repeatedByes: PlayerId[]; warnings: LeagueError[] }, LeagueError> {
  const active = league.players.filter((p) => isActive(p, league.rounds.length + 1));
  if (league.status === 'open' && active.length < 2) return refuse('TOO_FEW_PLAYERS', { count: active.length });
  const pairing = pairNextRound(league, draw);
  if (!pairing.ok) return pairing;
  const { round, tables, byes, rematches, repeatedByes, warnings } = pairing.value;
  const drawn = round === 1 && draw !== undefined ? { draw } : {};
  return { ok: true, value: { round: { number: round, tables, byes, rematches, ...drawn }, repeatedByes, warnings } };
}

/** May the latest round's tables still change? Not once one of them has a result, or a report waiting for its answer. */
function changeable(league: League): Result<Round, LeagueError> {
  const round = league.rounds.at(-1);
  if (!round) return refuse('UNKNOWN_ROUND', { round: 1 });
  if ([...currentResults(league).values()].some((r) => r.round === round.number)) return refuse('ROUND_HAS_RESULTS', { round: round.number });
  if (league.reports.some((r) => r.round === round.number)) return refuse('ROUND_HAS_REPORTS', { round: round.number });
  return { ok: true, value: round };
}

const trimmed = (reason: string | null): string | null => (reason === null || reason.trim() === '' ? null : reason.trim());

export function decideLeague(league: League, command: LeagueCommand, actor: Actor | null): LeagueDecision {
  const roles = actor?.roles ?? [];
  // The bot itself acts only for a finished game; every other command has a user behind it.
  const organiser = (): Result<void, LeagueError> => (actor === null ? { ok: true, value: undefined } : checkOrganiser(league, actor.id, roles));
  const open = (): Result<void, LeagueError> => (league.status === 'closed' ? refuse('LEAGUE_CLOSED') : { ok: true, value: undefined });
  const gate = (...checks: (() => Result<void, LeagueError>)[]): Result<void, LeagueError> => {
    for (const check of checks) {
      const checked = check();
      if (!checked.ok) return checked;
    }
    return { ok: true, value: undefined };
  };
  const actorId = actor?.id ?? null;

  switch (command.type) {
    case 'create': {
      const settings = leagueSettingsSchema.safeParse(command.settings ?? {});
      if (!settings.success || actorId === null) return refuse('INVALID_SETTINGS');
      return accept({ type: 'LeagueCreated', name: command.name.trim(), seed: command.seed, createdBy: actorId, settings: settings.data });
    }
    case 'changeSettings': {
      const checked = gate(organiser, open);
      if (!checked.ok) return checked;
      const settings = leagueSettingsSchema.safeParse({ ...league.settings, ...command.settings });
      if (!settings.success) return refuse('INVALID_SETTINGS', { problem: settings.error.issues[0]?.path.join('.') ?? '' });
      return accept({ type: 'SettingsChanged', settings: settings.data });
    }
    case 'setOrganiserRole': {
      // Only the creator hands the league to a role: a role member could otherwise take it from them.
      if (actorId !== league.createdBy) return refuse('NOT_ORGANISER');
      return accept({ type: 'OrganiserRoleSet', roleId: command.roleId });
    }
    case 'join': {
      if (actorId !== command.playerId) {
        const checked = organiser();
        if (!checked.ok) return checked;
      }
      const checked = checkJoin(league, command.playerId);
      if (!checked.ok) return checked;
      return accept({ type: 'PlayerJoined', playerId: command.playerId, name: command.name });
    }
    case 'leave': {
      const checked = gate(open, () => (actorId === command.playerId ? { ok: true, value: undefined } : organiser()));
      if (!checked.ok) return checked;
      const player = league.players.find((p) => p.id === command.playerId);
      if (!player) return refuse('PLAYER_NOT_IN_LEAGUE');
      if (player.droppedAfterRound !== null) return refuse('ALREADY_DROPPED');
      const played = league.rounds.some((r) => r.byes.includes(player.id) || r.tables.some((t) => t.players.includes(player.id)));
      if (!played) return accept({ type: 'PlayerRemoved', playerId: player.id });
      return accept({ type: 'PlayerDropped', playerId: player.id, afterRound: league.rounds.length });
    }
    case 'pairRound': {
      const checked = organiser();
      if (!checked.ok) return checked;
      const next = nextRound(league);
      if (!next.ok) return next;
      // A one-day event's round ends its minutes after it goes out.
      const minutes = league.settings.format === 'event' ? league.settings.roundMinutes : null;
      const endsAt = minutes === null ? {} : { endsAt: new Date(Date.parse(command.now) + minutes * 60_000).toISOString() };
      return accept({ type: 'RoundPaired', ...next.value, round: { ...next.value.round, pairedAt: command.now, ...endsAt } });
    }
    case 'pairAgain': {
      const checked = gate(organiser, open);
      if (!checked.ok) return checked;
      const latest = changeable(league);
      if (!latest.ok) return latest;
      const { number, draw, pairedAt, endsAt, encounter } = latest.value;
      // Who left since the round went out is not paired in it again: they now left before it.
      const leftOut = league.players.filter((p) => p.droppedAfterRound === number).map((p) => p.id);
      const before: League = {
        ...league,
        rounds: league.rounds.slice(0, -1),
        players: league.players.map((p) => (leftOut.includes(p.id) ? { ...p, droppedAfterRound: number - 1 } : p)),
      };
      // Round one again is the seed's next draw: a new draw, as verifiable as the first.
      const next = nextRound(before, number === 1 ? (draw ?? 1) + 1 : undefined);
      if (!next.ok) return next;
      // Who plays whom changes, not when the round ends (its timers stand) nor its encounter.
      const kept = { ...(pairedAt ? { pairedAt } : {}), ...(endsAt ? { endsAt } : {}), ...(encounter ? { encounter } : {}) };
      const round = { ...next.value.round, ...kept };
      return accept({ type: 'RoundPairedAgain', round, repeatedByes: next.value.repeatedByes, warnings: next.value.warnings, leftOut });
    }
    case 'swap': {
      const checked = gate(organiser, open);
      if (!checked.ok) return checked;
      const latest = changeable(league);
      if (!latest.ok) return latest;
      const round = latest.value;
      const seated = (id: PlayerId) => round.byes.includes(id) || round.tables.some((t) => t.players.includes(id));
      if (command.a === command.b || !seated(command.a) || !seated(command.b)) return refuse('INVALID_SWAP');
      const swap = (id: PlayerId) => (id === command.a ? command.b : id === command.b ? command.a : id);
      const tables = round.tables.map((t) => ({ players: [swap(t.players[0]), swap(t.players[1])] as [PlayerId, PlayerId] }));
      if (tables.some((t) => t.players[0] === t.players[1])) return refuse('INVALID_SWAP');
      const byes = round.byes.map(swap);
      return accept({ type: 'PairingChanged', round: round.number, tables, byes, rematches: rematchesIn(league, round.number, tables) });
    }
    case 'fixEncounter': {
      const checked = gate(organiser, open);
      if (!checked.ok) return checked;
      if (!league.rounds.some((r) => r.number === command.round)) return refuse('UNKNOWN_ROUND', { round: command.round });
      return accept({ type: 'EncounterFixed', round: command.round, code: command.code });
    }
    case 'report': {
      if (actorId === null) return refuse('NOT_IN_GAME');
      const checked = open();
      if (!checked.ok) return checked;
      const players: [PlayerId, PlayerId] = [actorId, command.opponent];
      const round = openTable(league, actorId, command.opponent);
      if (round === null) {
        const everPaired = league.rounds.some((r) => r.tables.some((t) => tableKey(0, t.players) === tableKey(0, players)));
        return refuse(everPaired ? 'RESULT_EXISTS' : 'NO_OPEN_TABLE');
      }
      const result: GameResult = { kind: 'played', round, players, vp: command.vp, voided: false, source: 'report' };
      const valid = checkResult(league, result, actorId, roles);
      if (!valid.ok) return valid;
      if (reportFor(league, round, players)) return refuse('REPORT_PENDING', { round });
      return accept({ type: 'ResultReported', report: { id: league.nextReportId, round, players, vp: command.vp, status: 'pending', disputeReason: null } });
    }
    case 'confirm':
    case 'dispute':
    case 'withdraw': {
      const checked = open();
      if (!checked.ok) return checked;
      const report = league.reports.find((r) => r.id === command.reportId);
      if (!report) return refuse('UNKNOWN_REPORT');
      const [reporter, opponent] = report.players;
      if (command.type === 'withdraw') {
        if (actorId !== reporter) return refuse('NOT_YOUR_REPORT');
        return accept({ type: 'ReportClosed', reportId: report.id, how: 'withdrawn' });
      }
      if (actorId === reporter) return refuse('OWN_REPORT');
      if (actorId !== opponent) return refuse('NOT_YOUR_REPORT');
      if (command.type === 'dispute') {
        if (report.status === 'disputed') return refuse('REPORT_PENDING', { round: report.round });
        return accept({ type: 'ReportDisputed', reportId: report.id, reason: command.reason.trim() });
      }
      // A disputed report waits for the organiser; the opponent cannot take their dispute back by confirming.
      if (report.status === 'disputed') return refuse('REPORT_PENDING', { round: report.round });
      const result: GameResult = { kind: 'played', round: report.round, players: report.players, vp: report.vp, voided: false, source: 'report' };
      return accept({ type: 'ReportClosed', reportId: report.id, how: 'confirmed' }, { type: 'ResultRecorded', result, reason: null });
    }
    case 'enter':
    case 'forfeit': {
      const checked = organiser();
      if (!checked.ok) return checked;
      const result: GameResult =
        command.type === 'enter'
          ? { kind: 'played', round: command.round, players: command.players, vp: command.vp, voided: false, source: 'organiser' }
          : { kind: 'forfeit', round: command.round, players: command.players, absent: command.absent, voided: false, source: 'organiser' };
      const valid = checkResult(league, result, actorId ?? league.createdBy, roles);
      if (!valid.ok) return valid;
      // Changing a result that stands needs a reason: the audit log says why it changed.
      const correcting = currentResults(league).has(tableKey(result.round, result.players));
      const reason = trimmed(command.reason);
      if (correcting && reason === null) return refuse('REASON_REQUIRED');
      return accept(...recordWithRuling(league, result, reason));
    }
    case 'void': {
      const checked = gate(organiser, open);
      if (!checked.ok) return checked;
      const reason = trimmed(command.reason);
      if (reason === null) return refuse('REASON_REQUIRED');
      const standing = currentResults(league).get(tableKey(command.round, command.players));
      if (!standing || standing.voided) return refuse('NO_RESULT', { round: command.round });
      return accept({ type: 'ResultRecorded', result: { ...standing, voided: true }, reason });
    }
    case 'adjust': {
      const checked = gate(organiser, open);
      if (!checked.ok) return checked;
      if (!league.players.some((p) => p.id === command.playerId)) return refuse('PLAYER_NOT_IN_LEAGUE');
      const reason = trimmed(command.reason);
      if (reason === null) return refuse('REASON_REQUIRED');
      const adjustment = adjustmentSchema.safeParse({ playerId: command.playerId, round: league.rounds.length, tp: command.tp, reason });
      if (!adjustment.success) return refuse('INVALID_SETTINGS', { problem: 'tp' });
      return accept({ type: 'TpAdjusted', adjustment: adjustment.data });
    }
    case 'gameFinished': {
      const checked = open();
      if (!checked.ok) return checked;
      const [a, b] = command.players;
      const round = openTable(league, a, b);
      if (round === null) return refuse('NO_OPEN_TABLE');
      const game = gameInfoSchema.parse(command.game);
      const result: GameResult =
        command.conceded !== null
          ? { kind: 'forfeit', round, players: command.players, absent: [command.conceded], voided: false, source: 'game', game }
          : { kind: 'played', round, players: command.players, vp: command.vp, voided: false, source: 'game', game };
      // The bot's record is checked as an organiser's would be (a concession is a forfeit, which only they record).
      const valid = checkResult(league, result, league.createdBy, []);
      if (!valid.ok) return valid;
      // The bot's own record settles the table: a player's report still waiting on it is closed.
      return accept(...recordWithRuling(league, result, null));
    }
    case 'gameCorrected': {
      const checked = open();
      if (!checked.ok) return checked;
      const standing = [...currentResults(league).values()].find((r) => r.game?.gameId === command.gameId && !r.voided);
      if (!standing) return refuse('GAME_NOT_RECORDED');
      const { round, game } = standing;
      const base = { round, players: command.players, voided: false, source: 'game' as const, ...(game ? { game } : {}) };
      const result: GameResult =
        command.conceded !== null ? { kind: 'forfeit', ...base, absent: [command.conceded] } : { kind: 'played', ...base, vp: command.vp };
      const valid = checkResult(league, result, league.createdBy, []);
      if (!valid.ok) return valid;
      // The league's log keeps the referee's why beside the game's own.
      return accept({ type: 'ResultRecorded', result, reason: trimmed(command.reason) });
    }
    case 'close': {
      const checked = organiser();
      if (!checked.ok) return checked;
      if (league.status === 'closed') return refuse('ALREADY_CLOSED');
      return accept({ type: 'LeagueClosed' });
    }
    default: {
      const never: never = command;
      return never;
    }
  }
}

export function evolveLeague(league: League, event: LeagueEvent): League {
  switch (event.type) {
    case 'LeagueCreated':
      return { ...league, name: event.name, seed: event.seed, createdBy: event.createdBy, settings: event.settings };
    case 'SettingsChanged':
      return { ...league, settings: event.settings };
    case 'OrganiserRoleSet':
      return { ...league, organiserRoleId: event.roleId };
    case 'PlayerJoined':
      return { ...league, players: [...league.players, { id: event.playerId, droppedAfterRound: null }], names: { ...league.names, [event.playerId]: event.name } };
    case 'PlayerRemoved':
      return { ...league, players: league.players.filter((p) => p.id !== event.playerId) };
    case 'PlayerDropped':
      return { ...league, players: league.players.map((p) => (p.id === event.playerId ? { ...p, droppedAfterRound: event.afterRound } : p)) };
    case 'RoundPaired':
      return { ...league, rounds: [...league.rounds, event.round] };
    case 'RoundPairedAgain':
      return {
        ...league,
        rounds: league.rounds.map((r) => (r.number === event.round.number ? event.round : r)),
        players: league.players.map((p) => (event.leftOut.includes(p.id) ? { ...p, droppedAfterRound: event.round.number - 1 } : p)),
      };
    case 'PairingChanged':
      return { ...league, rounds: league.rounds.map((r) => (r.number === event.round ? { ...r, tables: event.tables, byes: event.byes, rematches: event.rematches } : r)) };
    case 'EncounterFixed':
      return {
        ...league,
        rounds: league.rounds.map((r) => {
          if (r.number !== event.round) return r;
          const { encounter: _, ...rest } = r;
          return event.code === null ? rest : { ...rest, encounter: event.code };
        }),
      };
    case 'ResultReported':
      return { ...league, reports: [...league.reports, event.report], nextReportId: event.report.id + 1 };
    case 'ReportDisputed':
      return { ...league, reports: league.reports.map((r) => (r.id === event.reportId ? { ...r, status: 'disputed', disputeReason: event.reason } : r)) };
    case 'ReportClosed':
      return { ...league, reports: league.reports.filter((r) => r.id !== event.reportId) };
    case 'ResultRecorded':
      return { ...league, results: [...league.results, event.result] };
    case 'TpAdjusted':
      return { ...league, adjustments: [...league.adjustments, event.adjustment] };
    case 'LeagueClosed':
      return { ...league, status: 'closed' };
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** Folds a league's events from the empty league (a replay of its audit log). */
export function replayLeague(events: readonly LeagueEvent[]): League {
  return events.reduce(evolveLeague, emptyLeague());
}

/** Decides and applies: the events and the league they lead to. */
export function runLeague(league: League, command: LeagueCommand, actor: Actor | null): Result<{ events: LeagueEvent[]; league: League }, LeagueError> {
  const decided = decideLeague(league, command, actor);
  if (!decided.ok) return decided;
  return { ok: true, value: { events: decided.value, league: decided.value.reduce(evolveLeague, league) } };
}
