/**
 * What every scheme is made of (scoring.md §7, §9): two halves, Reveal and End (U4), each with its decision
 * classes (§11), the Scheme markers it removes (Rm) and its judgement. The parts several schemes share live
 * here: a half the table alone decides, the secret pick's models now (REP-1 step 4), the Health thresholds
 * (§13-A13), and the kills credited to a crew (U14).
 */
import type { SchemeId } from '../engine/encounterPacks.js';
import type { ModelInPlay } from '../engine/models.js';
import { fails, judgeClaim, modelParams } from './claims.js';
import type { ClaimSpec, Failure, Named, ObjectiveContext } from './claims.js';
import type { Evaluation, SchemePick } from './objective.js';
import { chainOf, costOf, costlierReplacement, halfOf, inChain, scoringDeaths } from './records.js';
import type { ReplaceChain } from './records.js';
import type { DecisionClass } from './strategies.js';

export type SchemeContext = ObjectiveContext & { pick: SchemePick };

export interface SchemeHalf {
  classes: readonly DecisionClass[];
  /** Scheme markers the owner removes when it scores (Rm); 'named' for Set the Trap's Reveal (all those named). */
  removes: number | 'named';
  evaluate: (ctx: SchemeContext) => Evaluation;
}

export interface SchemeRule {
  id: SchemeId;
  section: string;
  reveal: SchemeHalf;
  end: SchemeHalf;
}

/** A claim's spec without its Rm, which the half states once. */
export type SpecOf = (ctx: SchemeContext) => Omit<ClaimSpec, 'removes'>;

/**
 * A half the table decides, after the records' own checks: `before` refuses what the records already
 * contradict (so no claim is asked for), `after` checks the models the claim named.
 */
export function claimHalf(
  classes: readonly DecisionClass[],
  removes: number,
  spec: SpecOf,
  before?: (ctx: SchemeContext) => Failure | null,
  after?: (ctx: SchemeContext, named: Named) => Failure | null,
): SchemeHalf {
  return {
    classes,
    removes,
    evaluate: (ctx) => before?.(ctx) ?? judgeClaim(ctx, { ...spec(ctx), removes }, after && ((named) => after(ctx, named))),
  };
}

/** A half decided by the Scheme markers on the table alone: the statement, and the markers removed. */
export function markersHalf(statement: string, removes: number, params?: Record<string, string | number>): SchemeHalf {
  return claimHalf(['b'], removes, () => ({ statement, ...(params === undefined ? {} : { params }) }));
}

/** A half the records alone decide. */
export function recordsHalf(classes: readonly DecisionClass[], evaluate: (ctx: SchemeContext) => Evaluation): SchemeHalf {
  return { classes, removes: 0, evaluate };
}

/** The Replace chain of the pick's `index`th model of a side, or PICK_INCOMPLETE when the pick lacks it. */
export function pickedChain(ctx: SchemeContext, side: 'friendly' | 'enemy', index = 0): ReplaceChain | Failure {
  const id = ctx.pick[side][index];
  const chain = id === undefined ? undefined : chainOf(ctx.facts, id);
  return chain ?? fails('PICK_INCOMPLETE', ctx.rule, { part: side });
}

/** Every model of a side of the pick, as chains. */
export function pickedChains(ctx: SchemeContext, side: 'friendly' | 'enemy'): ReplaceChain[] | Failure {
  const chains: ReplaceChain[] = [];
  for (const index of ctx.pick[side].keys()) {
    const chain = pickedChain(ctx, side, index);
    if ('kind' in chain) return chain;
    chains.push(chain);
  }
  return chains.length === 0 ? fails('PICK_INCOMPLETE', ctx.rule, { part: side }) : chains;
}

/** The pick's terrain piece or marker type, or PICK_INCOMPLETE. */
export function pickedName(ctx: SchemeContext, part: 'terrain' | 'markerType'): string | Failure {
  return ctx.pick[part] ?? fails('PICK_INCOMPLETE', ctx.rule, { part });
}

export function isFailure<T extends object>(x: T | Failure): x is Failure {
  return 'kind' in x && (x as { kind: unknown }).kind === 'fails';
}

export type HealthNeed = 'atMostHalf' | 'atLeastHalf' | 'moreThanHalf';

/** §13-A13: one threshold, half of the maximum rounded up; "at most", "at least" and "more than" it. */
export function healthTest(ctx: ObjectiveContext, m: ModelInPlay, need: HealthNeed): Failure | null {
  const half = halfOf(m.maxHealth);
  const met = need === 'atMostHalf' ? m.health <= half : need === 'atLeastHalf' ? m.health >= half : m.health > half;
  return met ? null : fails('HEALTH_TEST', `${ctx.rule}, §13-A13`, { ...modelParams(m), health: m.health, half, need });
}

/** §9: the chosen model has not been Replaced by a costlier one. */
export function notReplacedByCostlier(ctx: ObjectiveContext, chain: ReplaceChain): Failure | null {
  const costlier = costlierReplacement(ctx.facts, chain);
  return costlier === null ? null : fails('REPLACED_BY_COSTLIER', `${ctx.rule}, §9`, { ...modelParams(chain.originals[0] as ModelInPlay), ...modelParams(costlier, 'by') });
}

/** U14, KILL-3: a model of the chain was killed by a model of its own crew (its killer's crew, not its controller). */
export function killedByOwnCrew(ctx: ObjectiveContext, chain: ReplaceChain): boolean {
  return scoringDeaths(ctx.facts.deaths).some((d) => inChain(chain, d.model) && d.killer !== null && d.killer.seat === chain.current.seat);
}

/** Whether this crew revealed this scheme before (Take Prisoner's and Deliver a Message's End alternative). */
export function revealedBefore(ctx: SchemeContext): boolean {
  return ctx.facts.revealed.some((r) => r.seat === ctx.seat && r.scheme === ctx.pick.scheme);
}

/** An enemy model costs more than a friendly one (printed costs, §13-A21). */
export function costsMore(ctx: ObjectiveContext, enemy: ModelInPlay, than: ModelInPlay): Failure | null {
  const cost = costOf(ctx.facts, enemy);
  const thanCost = costOf(ctx.facts, than);
  return cost > thanCost ? null : fails('CLAIM_NOT_COSTLIER', ctx.rule, { ...modelParams(enemy), cost, ...modelParams(than, 'than'), thanCost });
}
