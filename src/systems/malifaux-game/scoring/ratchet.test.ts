/** The strategy ratchet (scoring.md §3.1): every expected value is worked out by hand from the table in §3.1. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STRATEGY_CAP, ratchet } from './ratchet.js';

/** Plays turns 2–5 with the given X each turn; answers the VP banked after each turn. */
function play(xs: readonly number[]): number[] {
  let banked = 0;
  return xs.map((x) => (banked += ratchet(x, banked)));
}

describe('the ratchet', () => {
  it('§3.1: scoring in turns 2, 3, 4 and 5 needs X ≥ 1, 2, 3, 4', () => {
    expect(play([1, 2, 3, 4])).toEqual([1, 2, 3, 4]);
    expect(play([0, 2, 3, 4])).toEqual([0, 1, 2, 3]);
    expect(ratchet(1, 1)).toBe(0);
    expect(ratchet(2, 1)).toBe(1);
  });

  it('§3.1: a missed turn lowers the next target, since X is compared with the VP banked, not the turn', () => {
    // Turn 2 missed (X = 0): turn 3 needs only X ≥ 1, not 2.
    expect(play([0, 1, 2, 3])).toEqual([0, 1, 2, 3]);
    expect(play([1, 1, 1, 1])).toEqual([1, 1, 1, 1]);
  });

  it('§3.1, U3, END-3: the cap of 4 is reached only by scoring in all four scoring turns, and never passed', () => {
    expect(play([5, 5, 5, 5])).toEqual([1, 2, 3, 4]);
    expect(ratchet(9, STRATEGY_CAP)).toBe(0);
  });

  it('§3.1: never more than 1 VP a turn nor above 4, whatever X is', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 4, maxLength: 4 }), (xs) => {
        const banked = play(xs);
        banked.forEach((v, i) => expect(v - (banked[i - 1] ?? 0)).toBeLessThanOrEqual(1));
        expect(banked[3]).toBeLessThanOrEqual(STRATEGY_CAP);
      }),
    );
  });
});
