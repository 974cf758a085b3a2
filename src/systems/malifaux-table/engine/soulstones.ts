/**
 * Soulstones (SS-1..SS-5): the pool, and the three in-duel uses: Step A (+ or a suit), Prevent, Reduce.
 * Eligibility that never changes (is the model a soulstone user?) is fixed when the duel starts; what can
 * change (the pool) is checked when the step is reached and recorded with an event either way.
 */
import { SUITS } from './cards.js';
import type { ActiveState, DamageState, DuelSide, SoulstoneUse } from './schema.js';
import type { Step } from './step.js';
import { decision, events } from './step.js';

export const DUEL_SOULSTONE_USES: SoulstoneUse[] = ['none', 'plus', ...SUITS];

export function hasSoulstone(state: ActiveState, seat: 0 | 1): boolean {
  return state.seats[seat].soulstones >= 1;
}

/** DUEL-4 A / SS-3 "Duel": one stone (SS-4) for + on the flip or one suit named now (AMB-41). */
export function duelSoulstoneStep(state: ActiveState, side: DuelSide): Step | null {
  if (side.soulstone !== null) return null;
  if (!hasSoulstone(state, side.seat)) {
    return events({ type: 'SoulstoneDeclined', seat: side.seat, purpose: 'duel', role: side.role, reason: 'emptyPool' });
  }
  return decision({ kind: 'soulstone', seat: side.seat, role: side.role, legal: [...DUEL_SOULSTONE_USES] });
}

/** DMG-7 step 1 / SS-3 "Prevent": − on the damage flip. Only offered for variable profiles. */
export function preventStep(state: ActiveState, dmg: DamageState): Step | null {
  if (dmg.prevent !== null) return null;
  if (!hasSoulstone(state, dmg.target)) {
    return events({ type: 'SoulstoneDeclined', seat: dmg.target, purpose: 'prevent', role: null, reason: 'emptyPool' });
  }
  return decision({ kind: 'prevent', seat: dmg.target, legal: ['spend', 'decline'] });
}

/**
 * DMG-7 step 3 / SS-3 "Reduce": last of all reductions, knowing the damage. SS-4 / AMB-14: not after a
 * Prevent on the same damage unless the game option `preventAndReduce` allows both.
 */
export function reduceStep(state: ActiveState, dmg: DamageState, damageBeforeStone: number): Step | null {
  if (dmg.reduce !== null) return null;
  const decline = (reason: 'notNeeded' | 'oneStonePerEffect' | 'emptyPool'): Step =>
    events({ type: 'SoulstoneDeclined', seat: dmg.target, purpose: 'reduce', role: null, reason });
  if (damageBeforeStone <= 0) return decline('notNeeded');
  if (dmg.prevent === 'spent' && !state.options.preventAndReduce) return decline('oneStonePerEffect');
  if (!hasSoulstone(state, dmg.target)) return decline('emptyPool');
  return decision({ kind: 'reduce', seat: dmg.target, damage: damageBeforeStone, legal: ['spend', 'decline'] });
}
