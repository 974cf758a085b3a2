/**
 * The strategy ratchet (scoring.md §3.1, END-3): once per crew per End Phase, 1 VP when the strategy's X
 * exceeds the VP the crew already banked from it, up to the cap of 4 (U3). X is compared with the VP
 * banked, not with the turn: scoring in turns 2–5 needs X ≥ 1, 2, 3, 4, and a missed turn lowers the target.
 */

/** U3: no crew scores more than this from its strategy. */
export const STRATEGY_CAP = 4;

/** 1 VP or 0, from this turn's X and the VP already banked from the strategy. */
export function ratchet(x: number, banked: number): 0 | 1 {
  return x > banked && banked < STRATEGY_CAP ? 1 : 0;
}
