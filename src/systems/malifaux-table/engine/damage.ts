/**
 * Damage (DMG-1..DMG-13): the damage flip, jokers, reductions, the soulstone reduction, blasts.
 */
import type { Band, CardCode } from './cards.js';
import { BLACK_JOKER, RED_JOKER, band, cardValue } from './cards.js';
import type { ActiveState, DamagePlan, DamageResult, DamageState, GameEvent, Resolution, Seat } from './schema.js';
import type { Step } from './step.js';
import { events } from './step.js';
import { bandValue, findFlip, finalCard, pickStep, revealStep, variableFlipValue } from './flip.js';
import { cheatStep } from './cheat.js';
import { preventStep, reduceStep } from './soulstones.js';

/** DMG-3: the precision modifier of a variable flip after an opposed duel, from attacker − defender. */
export function precisionFor(diff: number): -1 | 0 | 1 {
  if (diff <= 5) return -1; // a tie (0) is − as well [AMB-4]
  if (diff <= 10) return 0;
  return 1;
}

export function isVariable(profile: DamageState['profile']): profile is [number, number, number] {
  return Array.isArray(profile);
}

/** FLIP-2 / DMG-4: precision, cover −, prevention −, other modifiers (Focused +, text). */
export function damageNet(dmg: DamageState): number {
  return dmg.precision + dmg.fate - (dmg.cover ? 1 : 0) - (dmg.prevent === 'spent' ? 1 : 0);
}

export interface DamageInputs {
  dealer: Seat;
  target: Seat;
  profile: DamageState['profile'];
  blasts?: [number, number, number] | undefined;
  plus?: number | undefined;
  irreducible?: boolean | undefined;
  cheatable?: boolean | undefined;
  fate?: number | undefined;
  armor?: number | undefined;
  shielded?: number | undefined;
  health?: number | null | undefined;
  targetSoulstoneUser?: boolean | undefined;
  friendly?: boolean | undefined;
  precision: number;
  cover?: boolean | undefined;
}

/** A fresh damage sequence; Prevent needs a flip to act on, Reduce needs reducible damage (AMB-17). */
export function newDamageState(i: DamageInputs): DamageState {
  const user = i.targetSoulstoneUser ?? false;
  const irreducible = i.irreducible ?? false;
  return {
    dealer: i.dealer,
    target: i.target,
    profile: i.profile,
    blasts: i.blasts ?? [0, 0, 0],
    plus: i.plus ?? 0,
    irreducible,
    cheatable: i.cheatable ?? true,
    fate: i.fate ?? 0,
    armor: i.armor ?? 0,
    shielded: i.shielded ?? 0,
    health: i.health ?? null,
    targetSoulstoneUser: user,
    friendly: i.friendly ?? false,
    precision: i.precision,
    cover: i.cover ?? false,
    prevent: user && isVariable(i.profile) ? null : 'unavailable',
    reduce: user && !irreducible ? null : 'unavailable',
    result: null,
  };
}

export function damageFromPlan(plan: DamagePlan, dealer: Seat, precision: number, cover: boolean, friendly: boolean, triggerDamage = 0): DamageState {
  const { profile, blasts } = plan.spec;
  // Tuples copied, not shared with the state's plan: an event must not alias the state it was decided on.
  return newDamageState({
    dealer,
    target: plan.target,
    profile: isVariable(profile) ? [profile[0], profile[1], profile[2]] : profile,
    blasts: blasts === undefined ? undefined : [blasts[0], blasts[1], blasts[2]],
    plus: (plan.spec.plus ?? 0) + triggerDamage,
    irreducible: plan.spec.irreducible,
    cheatable: plan.spec.cheatable,
    fate: plan.spec.fate,
    armor: plan.armor,
    shielded: plan.shielded,
    health: plan.health,
    targetSoulstoneUser: plan.targetSoulstoneUser,
    friendly,
    precision,
    cover,
  });
}

/** SS-3 Reduce: a 1/2/3 flip; BJ 0, RJ 4 [AMB-18]. */
export function soulstoneReduction(card: CardCode): number {
  if (card === BLACK_JOKER) return 0;
  if (card === RED_JOKER) return 4;
  return bandValue([1, 2, 3], band(cardValue(card)));
}

const LOWER: Record<Band, Band | null> = { weak: null, moderate: 'weak', severe: 'moderate' };
const BAND_INDEX: Record<Band, 0 | 1 | 2> = { weak: 0, moderate: 1, severe: 2 };

/**
 * The whole computation of DMG-6/8/10/13 for a damage flip's final card (null for a fixed profile) and the
 * soulstone reduction card (null when not used). Reductions: min-1 (Armor) then min-0 (Shielded) [AMB-16],
 * the soulstone flip last (SS-3).
 */
export function computeDamage(dmg: DamageState, card: CardCode | null, reduceCard: CardCode | null): DamageResult {
  let base: number;
  let cardBand: Band | null = null;
  let blasts = 0;
  let blastDamage: number | null = null;
  if (!isVariable(dmg.profile) || card === null) {
    base = Math.max(0, (isVariable(dmg.profile) ? 0 : dmg.profile) + dmg.plus);
  } else {
    const v = variableFlipValue(dmg.profile, card);
    cardBand = v.band;
    base = v.modifiable ? Math.max(0, v.value + dmg.plus) : 0; // DMG-6: no "+N" on the BJ
    if (card !== BLACK_JOKER && !dmg.friendly) {
      blasts = dmg.blasts[BAND_INDEX[v.band]];
      const lower = LOWER[v.band];
      // DMG-13: one band lower; weak gives 1; "+N" does not carry over.
      if (blasts > 0) blastDamage = lower === null ? 1 : bandValue(dmg.profile, lower);
    }
  }
  let d = base;
  let afterArmor = base;
  let shieldedUsed = false;
  if (!dmg.irreducible) {
    // DMG-8: a normal reduction stops at 1 and never raises damage already below 1.
    afterArmor = d >= 1 ? Math.max(1, d - dmg.armor) : d;
    d = afterArmor;
    if (dmg.shielded > 0 && d > 0) {
      d -= 1;
      shieldedUsed = true;
    }
  }
  const afterReductions = d;
  const reduction = reduceCard === null ? 0 : soulstoneReduction(reduceCard);
  const final = Math.max(0, afterReductions - reduction);
  const applied = dmg.health === null ? null : Math.min(final, dmg.health);
  const healthAfter = dmg.health === null || applied === null ? null : dmg.health - applied;
  return {
    dealer: dmg.dealer,
    target: dmg.target,
    card,
    band: cardBand,
    base,
    afterArmor,
    shieldedUsed,
    afterReductions,
    soulstoneCard: reduceCard,
    soulstoneReduction: reduction,
    final,
    applied,
    healthAfter,
    killed: healthAfter === null ? null : healthAfter === 0,
    suffered: final > 0,
    blasts,
    blastDamage,
  };
}

/** DMG-7: Prevent, flip (pick, cheat unless −), reductions, Reduce flip (never cheated), result. */
export function damageStep(state: ActiveState, res: Resolution, dmg: DamageState): Step | null {
  const prevent = preventStep(state, dmg);
  if (prevent) return prevent;
  let card: CardCode | null = null;
  if (isVariable(dmg.profile)) {
    const reveal = revealStep(state, res, dmg.dealer, 'damage', damageNet(dmg), dmg.cheatable);
    if (reveal) return reveal;
    const flip = findFlip(res, 'damage');
    if (!flip) return null;
    const next = pickStep(flip) ?? cheatStep(state, res, flip);
    if (next) return next;
    card = finalCard(flip);
  }
  const reduce = reduceStep(state, dmg, computeDamage(dmg, card, null).afterReductions);
  if (reduce) return reduce;
  let reduceCard: CardCode | null = null;
  if (dmg.reduce === 'spent') {
    const reveal = revealStep(state, res, dmg.target, 'reduce', 0, false);
    if (reveal) return reveal;
    const flip = findFlip(res, 'reduce');
    if (!flip) return null;
    const next = pickStep(flip) ?? cheatStep(state, res, flip);
    if (next) return next;
    reduceCard = finalCard(flip);
  }
  if (dmg.result === null) {
    const event: GameEvent = { type: 'DamageResolved', result: computeDamage(dmg, card, reduceCard) };
    return events(event);
  }
  return null;
}
