/**
 * Deep copies of engine data, much cheaper than `structuredClone` (which serialises): the state, the
 * events and the views are plain JSON-like trees (objects, arrays, strings, numbers, booleans, null).
 */
import type { ActiveState, SeatState } from './schema.js';

/** Deep copy of a JSON-like value (plain objects and arrays; anything else is copied by value). */
export function cloneData<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const n = value.length;
    const out = new Array<unknown>(n);
    for (let i = 0; i < n; i++) out[i] = cloneData(value[i] as unknown);
    return out as T;
  }
  const out: Record<string, unknown> = {};
  for (const k in value) {
    if (Object.prototype.hasOwnProperty.call(value, k)) out[k] = cloneData((value as Record<string, unknown>)[k]);
  }
  return out as T;
}

/**
 * A seat's zones are flat, dense arrays of card codes: a shallow copy of each is a deep copy. Spread, not
 * slice(): the app caches states deeply frozen, and V8 has no fast path for slice() on a frozen array
 * (about 40× slower for a 54-card deck), while spreading one is as fast as any.
 *
 * The copies are spread first and their fields set after, not written as one literal `{ ...z, deck: … }`:
 * V8 (Node 20) builds such a literal through a slow runtime path, about ten times slower.
 */
export function cloneSeat(z: SeatState): SeatState {
  const copy = { ...z };
  copy.deck = [...z.deck];
  copy.hand = [...z.hand];
  copy.conflict = [...z.conflict];
  copy.discard = [...z.discard];
  copy.removed = [...z.removed];
  copy.revealedInHand = [...z.revealedInHand];
  return copy;
}

/** A deep copy of an active state that shares nothing mutable with its source. */
export function cloneActive(s: ActiveState): ActiveState {
  const copy = { ...s };
  copy.options = { ...s.options };
  copy.seats = [cloneSeat(s.seats[0]), cloneSeat(s.seats[1])];
  copy.resolution = s.resolution === null ? null : cloneData(s.resolution);
  copy.pending = s.pending === null ? null : cloneData(s.pending);
  if (s.ending) copy.ending = { ...s.ending };
  return copy;
}
