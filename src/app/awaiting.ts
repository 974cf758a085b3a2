/**
 * Who a game waits for, kept in the database beside the game (the awaiting index, schema.base.prisma's
 * AwaitedDecision), and the turn clock's timers of each open decision.
 *
 * The index is written by the write path itself, with the events that open or close a decision, so it
 * always matches the game's version: a write whose open decisions differ from its predecessor's hands the
 * store the new set (`awaitingChange`), and the store keeps the rows of those still open (when they
 * opened, what was sent), drops the others with their timers, and opens the new ones at its own time.
 * A write that changes nothing there (most flips, a referee acceptance) writes nothing there.
 *
 * A game whose end waits for its take-back window is paused: it awaits no one, so its timers are dropped;
 * a take-back opens its decisions again, each with a fresh clock.
 */
import type { AwaitedDecision, AwaitingUpdate, DeadlinePolicy, LeagueTimers, TimerOffsets, TurnClock } from '../store/contract.js';
import type { AnySystem } from '../systems/contract.js';
import type { LeagueEvent } from '../leagues/decider.js';

/** The turn clock players may set at /game new, in hours: one hour to two weeks. */
export const TURN_CLOCK_HOURS = { min: 1, max: 336 } as const;

/** The reminder is due at this fraction of the clock after the decision opened, the warning at this one. */
export const REMINDER_AT = 0.5;
export const WARNING_AT = 0.9;

/** The timers of a decision, in the order they fall due; the store counts the last one sent (0: none). */
export const TIMERS = ['reminder', 'warning', 'deadline'] as const;
export type Timer = (typeof TIMERS)[number];

export const DEADLINE_POLICIES: readonly DeadlinePolicy[] = ['nothing', 'referees'];

/** The decisions the game awaits in `state`: none unless it runs and no end waits. */
export function awaitedIn(system: AnySystem, state: unknown): AwaitedDecision[] {
  if (system.phase(state) !== 'active' || system.pendingEnd(state) !== null) return [];
  const seats = system.seatsOf(state);
  return system.pendingDecisions(state).flatMap((d) => {
    const userId = seats[d.seat]?.userId;
    return userId === undefined ? [] : [{ decisionId: d.id, seat: d.seat, userId, kind: d.kind }];
  });
}

/** The index of a game being created in `state`. */
export function awaitingOf(system: AnySystem, clock: TurnClock | null, state: unknown): AwaitingUpdate {
  return { decisions: awaitedIn(system, state), timers: timerOffsets(clock) };
}

/**
 * What a write from `before` to `after` does to the index: the open decisions after it, or undefined
 * when they are the ones open before (the index already says so).
 */
export function awaitingChange(system: AnySystem, clock: TurnClock | null, before: unknown, after: unknown): AwaitingUpdate | undefined {
  const was = awaitedIn(system, before);
  const update = awaitingOf(system, clock, after);
  const same = was.length === update.decisions.length && was.every((d) => update.decisions.some((e) => e.decisionId === d.decisionId && e.userId === d.userId));
  return same ? undefined : update;
}

/** When each timer of a decision falls due after it opened, under `clock` (null: no clock, no timers). */
export function timerOffsets(clock: TurnClock | null): TimerOffsets | null {
  if (clock === null) return null;
  const hourMs = 3_600_000;
  const deadlineMs = clock.hours * hourMs;
  return { remindMs: Math.round(deadlineMs * REMINDER_AT), warnMs: Math.round(deadlineMs * WARNING_AT), deadlineMs };
}

/** A decision's timers as recorded: when each falls due, and how many were sent. */
export interface RecordedTimers {
  timers: { remindAt: Date; warnAt: Date; deadlineAt: Date } | null;
  sent: number;
}

/**
 * The timer to send now: the most urgent one due that was not sent — a bot that was down sends the
 * warning alone when the reminder is also overdue, never both — with the number the store records for it
 * (`sent`) and when the one after it falls due (null: none). The deadline is a timer only when the game's
 * organiser chose that it pings the referees. Null when nothing is due.
 */
export function dueTimer(recorded: RecordedTimers, atDeadline: DeadlinePolicy, now: Date): { timer: Timer; sent: number; nextAt: Date | null } | null {
  if (recorded.timers === null) return null;
  const { remindAt, warnAt, deadlineAt } = recorded.timers;
  const dues = atDeadline === 'referees' ? [remindAt, warnAt, deadlineAt] : [remindAt, warnAt];
  let latest = -1;
  dues.forEach((at, index) => {
    if (at.getTime() <= now.getTime()) latest = index;
  });
  if (latest < 0 || latest < recorded.sent) return null;
  return { timer: TIMERS[latest]!, sent: latest + 1, nextAt: dues[latest + 1] ?? null };
}

/** The kind of a timed round's timers in the index: a league's, not a game's decision. */
export const ROUND_TIMERS_KIND = 'league-round';

/** How long before a timed round ends its channel is told so. */
export const ROUND_CLOSING_MS = 10 * 60_000;

const ROUND_KEY = /^round:(\d+)$/;

/**
 * The timers a league's write opens: a timed round that goes out gets two, in the channel it goes out in —
 * its last minutes (the warning: the reminder falls with it, so it is never sent apart) and its end (the
 * deadline, always sent: its post pings the organisers). A round sent from nowhere known gets none.
 */
export function roundTimersOf(events: readonly LeagueEvent[], channelId: string | undefined): LeagueTimers[] {
  if (channelId === undefined) return [];
  return events.flatMap((event) => {
    if (event.type !== 'RoundPaired' || event.round.endsAt === undefined) return [];
    const deadlineAt = new Date(event.round.endsAt);
    const closing = new Date(deadlineAt.getTime() - ROUND_CLOSING_MS);
    return [{ key: `round:${event.round.number}`, kind: ROUND_TIMERS_KIND, channelId, timers: { remindAt: closing, warnAt: closing, deadlineAt } }];
  });
}

/** The round a league's timers time (their key), or null for a key that names none. */
export function roundOfTimers(key: string): number | null {
  const match = ROUND_KEY.exec(key);
  return match ? Number(match[1]) : null;
}
