/**
 * Reminders for slow games: the timers of the awaiting index (awaiting.ts) that have fallen due, claimed
 * one by one so that each is sent once, whatever the number of bot processes and restarts; and, for a
 * player, every game of a server that waits for them (/game mine).
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
import { refereeingOf } from './referees.js';
import { dueTimer, TIMERS, type Timer } from './awaiting.js';

/** A timer this process has claimed: the edge now says it in the game's channel. */
export interface ClaimedTimer {
  timer: Timer;
  decision: AwaitedRecord;
  game: LoadedGame;
  /** At a deadline that pings the referees: the game's referee role (null: nobody to ping). */
  refereeRole: string | null;
}

/** How many due timers one pass takes at most; the next pass takes the rest. */
export const TIMERS_PER_PASS = 50;

/**
 * Claims the timers due at `now`, the most overdue first: at most one per decision, the most urgent one
 * (catching up after a downtime sends the warning alone, not the reminder before it).
 */
export async function claimDueTimers(services: Pick<AppServices, 'store' | 'systems' | 'log'>, now: Date, limit = TIMERS_PER_PASS): Promise<ClaimedTimer[]> {
  const claimed: ClaimedTimer[] = [];
  for (const decision of await services.store.dueTimers(now, limit)) {
    const stored = await services.store.getGame(decision.gameId);
    const loaded = stored ? await loadGame(services, stored) : null;
    if (!stored?.turnClock || !loaded?.ok) {
      // The index only holds a running game's decisions; should one outlive its game, its timers are
      // put out of the way rather than found due at every pass.
      services.log.warn(`a due timer of game ${decision.gameId} has no running game with a turn clock: dropped`);
      await services.store.markTimerSent({ gameId: decision.gameId, decisionId: decision.decisionId, since: decision.since, sent: TIMERS.length, nextAt: null });
      continue;
    }
    const due = dueTimer(decision, stored.turnClock.atDeadline, now);
    if (due === null) continue;
    const refereeRole = due.timer === 'deadline' ? (await refereeingOf(services, loaded.game)).roleId : null;
    const mine = await services.store.markTimerSent({ gameId: decision.gameId, decisionId: decision.decisionId, since: decision.since, sent: due.sent, nextAt: due.nextAt });
    if (mine) claimed.push({ timer: due.timer, decision, game: loaded.game, refereeRole });
  }
  return claimed;
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
