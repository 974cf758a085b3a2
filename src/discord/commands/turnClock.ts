/**
 * The turn clock of /game new, at the edge: the players' choice (hours a decision may take, and what its
 * deadline does), checked, and said where the game starts. The clock is the platform's, any system's:
 * app/awaiting.ts turns it into each decision's timers, discord/reminders.ts says them.
 */
import type { Problem } from '../../app/problems.js';
import type { TurnClock } from '../../store/contract.js';
import type { Translate } from '../../i18n/index.js';

/** /game new's turn clock, or the problem with it: a deadline needs a clock, and pinging referees needs some. */
export function chosenTurnClock(args: { turn_clock?: number; deadline?: 'nothing' | 'referees' }, refereeRole: string | null): { ok: true; clock: TurnClock | null } | { ok: false; problem: Problem } {
  if (args.turn_clock === undefined) return args.deadline === undefined ? { ok: true, clock: null } : { ok: false, problem: { code: 'DEADLINE_WITHOUT_CLOCK' } };
  const atDeadline = args.deadline ?? 'nothing';
  if (atDeadline === 'referees' && refereeRole === null) return { ok: false, problem: { code: 'DEADLINE_WITHOUT_REFEREES' } };
  return { ok: true, clock: { hours: args.turn_clock, atDeadline } };
}

/** The start announcement's "Turn clock" field, when the game has one. */
export function turnClockField(t: Translate, clock: TurnClock | null): { name: string; value: string }[] {
  return clock === null ? [] : [{ name: t('game.turnClock.field'), value: t('game.turnClock.value', { hours: clock.hours, atDeadline: clock.atDeadline }) }];
}
