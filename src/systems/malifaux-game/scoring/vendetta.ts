/**
 * Vendetta, in both packs (scoring.md §7 #13, §9 #2, §10): a friendly model's grudge against a chosen
 * enemy, decided from the records alone (class a). The Reveal is judged at the end of the friendly model's
 * activation: it damaged the enemy during that very activation (§13-A14) and the enemy is still in play at
 * half its maximum Health or less (§13-A13). The End: the friendly model in play, the enemy not. GG3 adds
 * that the friendly model was not Replaced by a costlier model (§9), on both halves.
 */
import { fails, modelParams, scores } from './claims.js';
import type { Evaluation } from './objective.js';
import { inChain, isInPlay } from './records.js';
import { healthTest, isFailure, notReplacedByCostlier, pickedChain } from './schemeKit.js';
import type { SchemeContext } from './schemeKit.js';

export interface VendettaVariant {
  /** GG3: "not Replaced by a costlier model". */
  replaceClause: boolean;
}

function chains(ctx: SchemeContext) {
  const friendly = pickedChain(ctx, 'friendly');
  if (isFailure(friendly)) return friendly;
  const enemy = pickedChain(ctx, 'enemy');
  if (isFailure(enemy)) return enemy;
  return { friendly, enemy };
}

export function vendettaReveal(ctx: SchemeContext, variant: VendettaVariant): Evaluation {
  const picked = chains(ctx);
  if (isFailure(picked)) return picked;
  const { friendly, enemy } = picked;
  const ended = ctx.facts.activationEnded;
  // A same-crew Replace during the activation continues it (REP-1 step 7): any model of the chain counts.
  if (ended === null || !inChain(friendly, ended.model)) return fails('NOT_END_OF_ACTIVATION', ctx.rule, modelParams(friendly.current));
  const replaced = variant.replaceClause ? notReplacedByCostlier(ctx, friendly) : null;
  if (replaced !== null) return replaced;
  const damaged = ctx.facts.damage.some((d) => d.activation === ended.activation && d.amount > 0 && inChain(friendly, d.by) && inChain(enemy, d.target));
  if (!damaged) return fails('NO_DAMAGE_THIS_ACTIVATION', `${ctx.rule}, §13-A14`, { ...modelParams(friendly.current), ...modelParams(enemy.current, 'target') });
  if (!isInPlay(enemy.current)) return fails('MODEL_OUT_OF_PLAY', ctx.rule, modelParams(enemy.current));
  return healthTest(ctx, enemy.current, 'atMostHalf') ?? scores(false, 0, { ...modelParams(friendly.current), ...modelParams(enemy.current, 'target') });
}

export function vendettaEnd(ctx: SchemeContext, variant: VendettaVariant): Evaluation {
  const picked = chains(ctx);
  if (isFailure(picked)) return picked;
  const { friendly, enemy } = picked;
  if (!isInPlay(friendly.current)) return fails('MODEL_OUT_OF_PLAY', ctx.rule, modelParams(friendly.current));
  const replaced = variant.replaceClause ? notReplacedByCostlier(ctx, friendly) : null;
  if (replaced !== null) return replaced;
  // VP-5: the enemy only has to be out of play, whoever or whatever removed it.
  if (isInPlay(enemy.current)) return fails('MODEL_STILL_IN_PLAY', ctx.rule, modelParams(enemy.current));
  return scores(false, 0, { ...modelParams(friendly.current), ...modelParams(enemy.current, 'target') });
}
