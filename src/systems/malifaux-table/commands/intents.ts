/** The three things a Malifaux-at-the-table command can ask for, written the way the commands read. */
import type { Intent, Refusal, SeatLookup } from '../../contract.js';
import type { Command, Seat } from '../engine/index.js';

export function act(command: Command): Intent<Command> {
  return { kind: 'act', command };
}

/**
 * A command that names a seat (whose duel, whose pool): built from the state it will be decided on, so the
 * seat is read in the same load as everything else — no extra query, no race with a new game.
 */
export function actForSeat(userId: string, build: (seat: Seat) => Command, notSeated: Refusal = { code: 'NOT_A_PLAYER' }): Intent<Command> {
  return {
    kind: 'act',
    command: (seatOf: SeatLookup) => {
      const seat = seatOf(userId);
      return seat === 0 || seat === 1 ? build(seat) : notSeated;
    },
  };
}

export function refuse(problem: Refusal): Intent<Command> {
  return { kind: 'refuse', problem };
}
