/**
 * Reminders for slow games and timed league rounds: the timers of the awaiting index (awaiting.ts) that
 * have fallen due, claimed one by one so that each is sent once, whatever the number of bot processes and
 * restarts; and, for a player, every game of a server that waits for them (/game mine).
 *
 * A timer is claimed — recorded as sent, by one conditional update — before anything is sent: of two
 * processes (or a process and its restarted self) that both find it due, one claims it and sends; the
 * other finds it claimed and sends nothing. A send that fails after its claim is not tried again:
 * a reminder missed is better than a reminder twice.
 */
import type { AwaitedRecord, DeadlinePolicy } from '../store/contract.js';
import type { AppServices } from './services.js';
import type { LoadedGame } from './loadedGame.js';
import { loadGame } from './games.js';
import { loadLeague, type LoadedLeague } from './leagues.js';
import { refereeingOf } from './referees.js';
import { dueTimer, ROUND_TIMERS_KIND, roundOfTimers, TIMERS, type Timer } from './awaiting.js';
import { missingResults } from '../leagues/model.js';

/** A timer this process has claimed: the edge now says it in its channel. */
export type ClaimedTimer = ClaimedGameTimer | ClaimedRoundTimer;

/** A game's decision's timer: said in the game's channel. */
export interface ClaimedGameTimer {
  of: 'game';
  timer: Timer;
  decision: AwaitedRecord;
  game: LoadedGame;
  /** At a deadline that pings the referees: the game's referee role (null: nobody to ping). */
  refereeRole: string | null;
}

/** A timed round's last minutes (the warning) or its end (the deadline): said in the channel it went out in. */
export interface ClaimedRoundTimer {
  of: 'round';
  timer: Timer;
  decision: AwaitedRecord;
  league: LoadedLeague;
  round: number;
  /** The round's tables without a result when the timer was claimed (never empty: a full round says nothing). */
  missing: [string, string][];
}

/** How many due timers one pass takes at most; the next pass takes the rest. */
export const TIMERS_PER_PASS = 50;

type ReminderServices = Pick<AppServices, 'store' | 'systems' | 'log'>;

/**
 * Puts timers out of the way that have nothing left to time, rather than find them due at every pass. A
 * game's decision keeps its row (spent: /game mine still lists it; the write that closes the decision
 * removes it); a league round's goes, since no write ever closes it.
 */
async function dropTimers(services: ReminderServices, decision: AwaitedRecord): Promise<void> {
  await services.store.markTimerSent({ gameId: decision.gameId, decisionId: decision.decisionId, since: decision.since, sent: TIMERS.length, nextAt: null, remove: decision.kind === ROUND_TIMERS_KIND });
}

/**
 * Claims the timers due at `now`, the most overdue first: at most one per decision (or round), the most
 * urgent one (catching up after a downtime sends the warning alone, not the reminder before it; a round's
 * end alone, not its last minutes).
 */
export async function claimDueTimers(services: ReminderServices, now: Date, limit = TIMERS_PER_PASS): Promise<ClaimedTimer[]> {
  const claimed: ClaimedTimer[] = [];
  for (const decision of await services.store.dueTimers(now, limit)) {
    const one = decision.kind === ROUND_TIMERS_KIND ? await claimRoundTimer(services, decision, now) : await claimGameTimer(services, decision, now);
    if (one) claimed.push(one);
  }
  return claimed;
}

async function claimGameTimer(services: ReminderServices, decision: AwaitedRecord, now: Date): Promise<ClaimedGameTimer | null> {
  const stored = await services.store.getGame(decision.gameId);
  const loaded = stored ? await loadGame(services, stored) : null;
  if (!stored?.turnClock || !loaded?.ok) {
    // The index only holds a running game's decisions; should one outlive its game, its timers go.
    services.log.warn(`a due timer of game ${decision.gameId} has no running game with a turn clock: dropped`);
    await dropTimers(services, decision);
    return null;
  }
  const due = dueTimer(decision, stored.turnClock.atDeadline, now);
  if (due === null) return null;
  const refereeRole = due.timer === 'deadline' ? (await refereeingOf(services, loaded.game)).roleId : null;
  const mine = await services.store.markTimerSent({ gameId: decision.gameId, decisionId: decision.decisionId, since: decision.since, sent: due.sent, nextAt: due.nextAt });
  return mine ? { of: 'game', timer: due.timer, decision, game: loaded.game, refereeRole } : null;
}

async function claimRoundTimer(services: ReminderServices, decision: AwaitedRecord, now: Date): Promise<ClaimedRoundTimer | null> {
  const number = roundOfTimers(decision.decisionId);
  const loaded = await loadLeague(services, decision.gameId);
  if (number === null || !loaded.ok || loaded.league.league.status === 'closed' || !loaded.league.league.rounds.some((r) => r.number === number)) {
    // A closed league's rounds are over, whatever their clock says.
    if (!loaded.ok || number === null) services.log.warn(`a due timer of league ${decision.gameId} has no league round: dropped`);
    await dropTimers(services, decision);
    return null;
  }
  // The end is always said (it pings the organisers), so the deadline counts as the referees' policy does.
  const due = dueTimer(decision, 'referees', now);
  if (due === null) return null;
  // Its last timer claimed, the round's row has nothing left to time.
  const mine = await services.store.markTimerSent({ gameId: decision.gameId, decisionId: decision.decisionId, since: decision.since, sent: due.sent, nextAt: due.nextAt, remove: due.nextAt === null });
  if (!mine) return null;
  // A round with every result in says nothing; its timer is spent all the same.
  const missing = missingResults(loaded.league.league)
    .filter((table) => table.round === number)
    .map((table) => table.players);
  return missing.length === 0 ? null : { of: 'round', timer: due.timer, decision, league: loaded.league, round: number, missing };
}

/** A game that waits for someone, with what it waits for. */
export interface Awaiting {
  decision: AwaitedRecord;
  game: LoadedGame;
  /** When the decision's deadline falls (null: the game has no turn clock). */
  deadline: Date | null;
  atDeadline: DeadlinePolicy | null;
}

/** Every open decision of `userId`'s in the running games of a server, the oldest first. */
export async function awaitingUser(services: Pick<AppServices, 'store' | 'systems'>, guildId: string, userId: string): Promise<Awaiting[]> {
  const found: Awaiting[] = [];
  for (const decision of await services.store.awaitedIn(guildId, userId)) {
    const stored = await services.store.getGame(decision.gameId);
    if (!stored || stored.status !== 'active') continue;
    const loaded = await loadGame(services, stored);
    if (!loaded.ok) continue;
    found.push({ decision, game: loaded.game, deadline: decision.timers?.deadlineAt ?? null, atDeadline: stored.turnClock?.atDeadline ?? null });
  }
  return found;
}
