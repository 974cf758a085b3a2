import { describe, expect, it } from 'vitest';
import type { Actor } from '../systems/contract.js';
import { builtSystems } from '../systems/registry.js';
import { awaitedIn, awaitingChange, awaitingOf, dueTimer, timerOffsets, type RecordedTimers } from './awaiting.js';

const HOUR = 3_600_000;
const table = builtSystems.byId('m3e')!;
const ALICE: Actor = { userId: 'alice', seat: 0, referee: false };
const BOB: Actor = { userId: 'bob', seat: 1, referee: false };

function decided(state: unknown, command: unknown, actor: Actor): unknown {
  const result = table.decide(state, command, actor);
  if (!result.ok) throw new Error(result.error.code);
  return result.value.state;
}

/** A fresh game (idle: nobody to wait for), then Bob's flips with + fate until one waits for him to choose its card. */
function bobPicking(): { idle: unknown; picking: unknown } {
  const start = table.start({ gameId: 'g', seats: [{ userId: 'alice', name: 'Alice' }, { userId: 'bob', name: 'Bob' }], seed: 'a'.repeat(64), createdBy: 'alice', options: {} });
  let idle = decided(table.initialState, start, { userId: 'alice', seat: null, referee: true });
  for (let flips = 0; flips < 9; flips++) {
    const next = decided(idle, { type: 'flip', modifier: 1 }, BOB);
    if (table.pendingDecisions(next).length > 0) return { idle, picking: next };
    idle = next;
  }
  throw new Error('no pick in nine flips');
}

describe('the awaiting index', () => {
  it('lists each open decision with its seat’s player, and nothing for a game that waits for no one', () => {
    const { idle, picking } = bobPicking();
    expect(awaitedIn(table, idle)).toEqual([]);
    const [decision] = table.pendingDecisions(picking);
    expect(awaitedIn(table, picking)).toEqual([{ decisionId: decision!.id, seat: 1, userId: 'bob', kind: 'pick' }]);
  });

  it('a whole game awaits both players at once when both must decide (their crews), each with their own decision', () => {
    const whole = builtSystems.byId('m3e-game')!;
    const start = whole.start({ gameId: 'g', seats: [{ userId: 'alice', name: 'Alice' }, { userId: 'bob', name: 'Bob' }], seed: 'a'.repeat(64), createdBy: 'alice', options: {} });
    const result = whole.decide(whole.initialState, start, { userId: 'alice', seat: null, referee: true });
    if (!result.ok) throw new Error(result.error.code);
    const awaited = awaitedIn(whole, result.value.state);
    expect(awaited.map((a) => [a.seat, a.userId, a.kind])).toEqual([
      [0, 'alice', 'declareCrew'],
      [1, 'bob', 'declareCrew'],
    ]);
    expect(new Set(awaited.map((a) => a.decisionId)).size).toBe(2);
  });

  it('a paused game (an end waiting for its take-back window) awaits no one', () => {
    const { picking } = bobPicking();
    const paused = decided(picking, table.end({ kind: 'abandon', at: 0, until: 600_000, reason: null }), ALICE);
    expect(table.pendingDecisions(paused)).not.toEqual([]);
    expect(awaitedIn(table, paused)).toEqual([]);
  });

  it('a write changes the index only when the open decisions change', () => {
    const { idle, picking } = bobPicking();
    const clock = { hours: 24, atDeadline: 'nothing' as const };
    expect(awaitingChange(table, clock, idle, idle)).toBeUndefined();
    expect(awaitingChange(table, clock, picking, picking)).toBeUndefined();
    expect(awaitingChange(table, clock, idle, picking)).toEqual({ decisions: awaitedIn(table, picking), timers: timerOffsets(clock) });
    expect(awaitingChange(table, null, picking, idle)).toEqual({ decisions: [], timers: null });
    expect(awaitingOf(table, null, idle)).toEqual({ decisions: [], timers: null });
  });
});

describe('the timers', () => {
  it('fall at half of the clock, at nine tenths, and at its end', () => {
    expect(timerOffsets({ hours: 24, atDeadline: 'nothing' })).toEqual({ remindMs: 12 * HOUR, warnMs: 21.6 * HOUR, deadlineMs: 24 * HOUR });
    expect(timerOffsets(null)).toBeNull();
  });

  const at = (hours: number) => new Date(hours * HOUR);
  const recorded = (sent: number): RecordedTimers => ({ timers: { remindAt: at(12), warnAt: at(21.6), deadlineAt: at(24) }, sent });

  it('nothing is due before the reminder, nor without a clock', () => {
    expect(dueTimer(recorded(0), 'referees', at(11.9))).toBeNull();
    expect(dueTimer({ timers: null, sent: 0 }, 'referees', at(1000))).toBeNull();
  });

  it('each timer in turn, each once, and what falls due after it', () => {
    expect(dueTimer(recorded(0), 'referees', at(12))).toEqual({ timer: 'reminder', sent: 1, nextAt: at(21.6) });
    expect(dueTimer(recorded(1), 'referees', at(13))).toBeNull();
    expect(dueTimer(recorded(1), 'referees', at(22))).toEqual({ timer: 'warning', sent: 2, nextAt: at(24) });
    expect(dueTimer(recorded(2), 'referees', at(24))).toEqual({ timer: 'deadline', sent: 3, nextAt: null });
    expect(dueTimer(recorded(3), 'referees', at(500))).toBeNull();
  });

  it('a deadline that does nothing is no timer: the warning is the last', () => {
    expect(dueTimer(recorded(1), 'nothing', at(22))).toEqual({ timer: 'warning', sent: 2, nextAt: null });
    expect(dueTimer(recorded(2), 'nothing', at(500))).toBeNull();
  });

  it('catching up sends the most urgent timer due alone, never a burst', () => {
    expect(dueTimer(recorded(0), 'referees', at(23))).toEqual({ timer: 'warning', sent: 2, nextAt: at(24) });
    expect(dueTimer(recorded(0), 'referees', at(30))).toEqual({ timer: 'deadline', sent: 3, nextAt: null });
    expect(dueTimer(recorded(0), 'nothing', at(30))).toEqual({ timer: 'warning', sent: 2, nextAt: null });
  });
});
