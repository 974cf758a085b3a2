/**
 * The league use cases: create a league, load one (its snapshot parsed, never cast), let the league's
 * decider rule on a command, and store its events with compare-and-swap on the version — the events
 * being the league's audit log, with who and when. A league lives beside games: it reads a finished game
 * only through its system's `outcome`.
 */
import { z } from 'zod';
import type { LeagueEntry, NewEvent, StoredLeague } from '../store/contract.js';
import { leagueEventSchema, replayLeague, runLeague, type LeagueCommand, type LeagueEvent } from '../leagues/decider.js';
import { leagueSchema, type Actor, type League } from '../leagues/model.js';
import type { LeagueSettings } from '../leagues/settings.js';
import type { AppServices } from './services.js';
import type { LoadedGame } from './loadedGame.js';
import type { Outcome, Problem } from './problems.js';
import { roundTimersOf } from './awaiting.js';
import type { Outcome as GameOutcome } from '../systems/contract.js';

export interface LoadedLeague {
  stored: StoredLeague;
  league: League;
}

/** A league's name: what organisers type, shown in titles. */
export const LEAGUE_NAME = { min: 2, max: 64 } as const;

/**
 * What a command did to a league: its events and the league before and after them; or why nothing
 * changed — with the league as it was ruled on, when it was the league that refused.
 */
export type LeagueOutcome = Outcome<{ league: LoadedLeague; events: LeagueEvent[]; before: League }> | { ok: false; problem: Problem; league: LoadedLeague };

/** Parses a stored league's snapshot: a foreign or corrupt one is a problem naming it, never a league by chance. */
export function parseLeague(stored: StoredLeague): { ok: true; league: LoadedLeague } | { ok: false; problem: Problem } {
  const parsed = leagueSchema.safeParse(stored.snapshot);
  if (!parsed.success) return { ok: false, problem: { code: 'CORRUPT_LOG', params: { game: stored.id, entry: 'snapshot' } } };
  return { ok: true, league: { stored, league: parsed.data } };
}

/** A league by its id, or by its name in the server (what a user typed when autocomplete was not used). */
export async function findLeague(services: Pick<AppServices, 'store'>, guildId: string, idOrName: string): Promise<{ ok: true; league: LoadedLeague } | { ok: false; problem: Problem }> {
  const leagues = services.store.leagues;
  const byId = await leagues.getLeague(idOrName);
  const stored = byId && byId.guildId === guildId ? byId : await leagues.findLeague(guildId, idOrName);
  if (!stored) return { ok: false, problem: { code: 'NO_LEAGUE', params: { name: idOrName.slice(0, LEAGUE_NAME.max) } } };
  return parseLeague(stored);
}

export async function loadLeague(services: Pick<AppServices, 'store'>, leagueId: string): Promise<{ ok: true; league: LoadedLeague } | { ok: false; problem: Problem }> {
  const stored = await services.store.leagues.getLeague(leagueId);
  if (!stored) return { ok: false, problem: { code: 'NO_LEAGUE', params: { name: leagueId } } };
  return parseLeague(stored);
}

const toEntries = (events: readonly LeagueEvent[], actor: string | null): NewEvent[] => events.map((event) => ({ type: event.type, payload: event, actor }));

export async function createLeague(
  services: Pick<AppServices, 'store' | 'newSeed'>,
  input: { guildId: string; name: string; actor: Actor & { name: string }; interactionId?: string; settings?: Partial<LeagueSettings> },
): Promise<LeagueOutcome> {
  const name = input.name.trim().replace(/\s+/g, ' ');
  if (name.length < LEAGUE_NAME.min || name.length > LEAGUE_NAME.max) return { ok: false, problem: { code: 'LEAGUE_NAME_LENGTH', params: LEAGUE_NAME } };
  const empty = replayLeague([]);
  const ran = runLeague(empty, { type: 'create', name, seed: services.newSeed(), ...(input.settings ? { settings: input.settings } : {}) }, input.actor);
  if (!ran.ok) return { ok: false, problem: ran.error };
  const created = await services.store.leagues.createLeague({
    guildId: input.guildId,
    name,
    createdBy: input.actor.id,
    snapshot: ran.value.league,
    entries: toEntries(ran.value.events, input.actor.id),
    ...(input.interactionId ? { interactionId: input.interactionId } : {}),
  });
  if (!created.ok) return { ok: false, problem: created.reason === 'name_taken' ? { code: 'LEAGUE_NAME_TAKEN', params: { name } } : { code: 'DUPLICATE_INTERACTION' } };
  return { ok: true, league: { stored: created.league, league: ran.value.league }, events: ran.value.events, before: empty };
}

/**
 * Rules on a command and stores what it decided. Lost compare-and-swaps are decided again on the league
 * as stored (two organisers at once); a refusal stores nothing. `loaded`: the league as the caller has
 * just read it, so that the first attempt reads it no second time. A timed round that goes out opens its
 * timers with it, in `channelId` (the channel it goes out in), for the reminders (app/reminders.ts).
 */
export async function actOnLeague(
  services: Pick<AppServices, 'store'>,
  input: { leagueId: string; loaded?: LoadedLeague; command: LeagueCommand; actor: Actor | null; interactionId?: string; channelId?: string },
): Promise<LeagueOutcome> {
  let given = input.loaded?.stored.id === input.leagueId ? input.loaded : undefined;
  for (let attempt = 0; attempt < 3; attempt++) {
    const loaded = given ? { ok: true as const, league: given } : await loadLeague(services, input.leagueId);
    given = undefined;
    if (!loaded.ok) return loaded;
    const { stored, league } = loaded.league;
    const ran = runLeague(league, input.command, input.actor);
    if (!ran.ok) return { ok: false, problem: ran.error, league: loaded.league };
    const written = await services.store.leagues.appendLeagueEntries({
      leagueId: stored.id,
      expectedVersion: stored.version,
      entries: toEntries(ran.value.events, input.actor?.id ?? null),
      snapshot: ran.value.league,
      status: ran.value.league.status,
      ...(input.interactionId ? { interactionId: input.interactionId } : {}),
      timers: roundTimersOf(ran.value.events, input.channelId),
    });
    if (written.ok) return { ok: true, league: { stored: written.league, league: ran.value.league }, events: ran.value.events, before: league };
    if (written.reason === 'duplicate_interaction') return { ok: false, problem: { code: 'DUPLICATE_INTERACTION' } };
  }
  return { ok: false, problem: { code: 'CONCURRENT_ACTION' } };
}

/** One entry of a league's audit log, parsed: what happened, who did it, when. */
export interface LeagueLogEntry {
  seq: number;
  actor: string | null;
  at: Date;
  event: LeagueEvent;
}

export async function leagueLog(services: Pick<AppServices, 'store'>, leagueId: string): Promise<{ ok: true; entries: LeagueLogEntry[] } | { ok: false; problem: Problem }> {
  const stored: LeagueEntry[] = await services.store.leagues.listLeagueEntries(leagueId);
  const entries: LeagueLogEntry[] = [];
  for (const entry of stored) {
    const parsed = leagueEventSchema.safeParse(entry.payload);
    if (!parsed.success) return { ok: false, problem: { code: 'CORRUPT_LOG', params: { game: leagueId, entry: `#${entry.seq}` } } };
    entries.push({ seq: entry.seq, actor: entry.actor, at: entry.at, event: parsed.data });
  }
  return { ok: true, entries };
}

/** What became of a finished game's report to its league. */
export type LeagueReport =
  | { kind: 'none' }
  | { kind: 'recorded'; league: LoadedLeague; round: number; corrected: boolean }
  | { kind: 'refused'; league: LoadedLeague; problem: Problem };

const seat = z.object({ userId: z.string(), vp: z.number().int(), result: z.enum(['win', 'loss', 'draw']).nullable() });
const twoSeats = z.tuple([seat, seat]);

/** A referee's correction of a finished game's score: who made it and why. */
export interface GameCorrection {
  by: string;
  reason: string | null;
}

/**
 * A game that just finished reports itself to the league it was named for at /game new, else to the
 * league of its channel: both players and their VP, the encounter, the crews. A finished game whose
 * score a referee corrected (`correction`) reports its new result for the same table, the referee and
 * their reason in the league's log. A game with no score (an abandoned one, a duel at the table) reports
 * nothing; a league that cannot take it (no open table for these two) says why, for the channel to show.
 * `outcome` is the game's, as its system told it (the caller has it already).
 */
export async function reportFinishedGame(services: Pick<AppServices, 'store'>, game: LoadedGame, outcome: GameOutcome, correction: GameCorrection | null = null): Promise<LeagueReport> {
  if (!outcome.finished || outcome.how === 'abandoned') return { kind: 'none' };
  const seats = twoSeats.safeParse(outcome.seats);
  if (!seats.success) return { kind: 'none' };
  const leagues = services.store.leagues;
  const leagueId = (await leagues.leagueOfGame(game.stored.id)) ?? (await leagues.leagueOfChannel(game.stored.channelId));
  if (leagueId === null) return { kind: 'none' };
  const [a, b] = seats.data;
  const details = outcome.details ?? { encounter: null, crews: [] };
  const players: [string, string] = [a.userId, b.userId];
  const vp: [number, number] = [a.vp, b.vp];
  const conceded = outcome.how === 'conceded' ? ([a, b].find((s) => s.result === 'loss')?.userId ?? null) : null;
  const acted = await actOnLeague(services, {
    leagueId,
    actor: correction ? { id: correction.by } : null,
    command: correction
      ? { type: 'gameCorrected', gameId: game.stored.id, players, vp, conceded, reason: correction.reason }
      : { type: 'gameFinished', players, vp, conceded, game: { gameId: game.stored.id, system: game.stored.system, encounter: details.encounter, crews: details.crews } },
  });
  if (acted.ok) {
    const recorded = acted.events.find((e) => e.type === 'ResultRecorded');
    return { kind: 'recorded', league: acted.league, round: recorded?.type === 'ResultRecorded' ? recorded.result.round : 0, corrected: correction !== null };
  }
  return 'league' in acted ? { kind: 'refused', league: acted.league, problem: acted.problem } : { kind: 'none' };
}
