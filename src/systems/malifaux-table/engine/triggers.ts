/**
 * Triggers (TRIG-1..TRIG-6) and suit requirements as multisets (DUEL-5, AMB-42).
 */
import type { Suit } from './cards.js';
import type { DuelSide, SideTotal, TriggerSpec, TriggerTiming } from './schema.js';

/** The suits of `need` that `have` lacks, counting repeats: ['R','R'] needs two Rams (AMB-42). */
export function missingSuits(have: readonly Suit[], need: readonly Suit[]): Suit[] {
  const pool = [...have];
  const missing: Suit[] = [];
  for (const s of need) {
    const i = pool.indexOf(s);
    if (i >= 0) pool.splice(i, 1);
    else missing.push(s);
  }
  return missing;
}

export function containsSuits(have: readonly Suit[], need: readonly Suit[]): boolean {
  return missingSuits(have, need).length === 0;
}

/**
 * TRIG-1: the triggers whose suits all appear in the final total. A yielding model declares none (AMB-19),
 * nor does a side whose triggers are barred (Stunned TRIG-2, generated TRIG-7, Disengage TRIG-3); a trigger
 * whose discard cost the hand cannot pay is not offered (TRIG-4).
 */
export function legalTriggers(side: DuelSide, total: SideTotal | undefined, handSize: number): TriggerSpec[] {
  if (!total || total.yielded || side.triggersBarred) return [];
  return side.triggers.filter((t) => containsSuits(total.suits, t.suits) && (t.cost?.discard ?? 0) <= handSize);
}

/** TRIG-4: the cost still owed by a side that has declared a trigger with one, or null. */
export function unpaidTriggerCost(side: DuelSide): { trigger: string; discard: number } | null {
  // Nothing declared (or none): `trigger` is null and names no spec.
  if (side.triggerCostPaid) return null;
  const spec = side.triggers.find((t) => t.name === side.trigger);
  return spec?.cost ? { trigger: spec.name, discard: spec.cost.discard } : null;
}

export const DEFAULT_TIMING: TriggerTiming = 'afterSucceeding';

/**
 * TRIG-6: whether a declared trigger takes effect once the duel is decided. "After killing" depends on
 * the damage that follows ('ifKilled'); "when resolving" and "after succeeding" need the declarer's success.
 */
export function triggerStatus(timing: TriggerTiming, declarerSucceeded: boolean): 'fires' | 'fizzles' | 'ifKilled' {
  switch (timing) {
    case 'immediately':
    case 'afterResolving':
      return 'fires';
    case 'whenResolving':
    case 'afterSucceeding':
      return declarerSucceeded ? 'fires' : 'fizzles';
    case 'afterKilling':
      return declarerSucceeded ? 'ifKilled' : 'fizzles';
  }
}
