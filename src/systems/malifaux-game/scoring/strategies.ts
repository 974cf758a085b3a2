/**
 * The eight strategies of the core rules and of Gaining Grounds 3 as data (scoring.md §6, §8), each judged
 * by `evaluateStrategy` at the End Phase. Reckoning is decided from the death records alone (class a);
 * Cursed Objects scores by itself when no enemy model is left; every other X is counted on the table, so
 * the scoring player claims it and the bot refuses a count that cannot be (more markers than the strategy
 * has) or that does not beat the ratchet (§3.1).
 *
 * The caps of the ledger (U2, U3) are checked again when the VP is banked (ledger.ts).
 */
import type { Seat } from '../../malifaux-table/engine/schema.js';
import type { ModelInPlay } from '../engine/models.js';
import type { DeploymentId, StrategyId } from '../engine/encounterPacks.js';
import { fails, judgeClaim, scores } from './claims.js';
import type { ObjectiveContext } from './claims.js';
import type { Evaluation, ScoringFacts, TableClaim } from './objective.js';
import { STRATEGY_CAP, ratchet } from './ratchet.js';
import { deathsThisTurn, enemiesInPlay, isSignificant, modelById } from './records.js';

/** §11: decided from the records (a), from positions (b), or only by the players (c). */
export type DecisionClass = 'a' | 'b' | 'c';

interface StrategyCommon {
  id: StrategyId;
  section: string;
  /** What X is, for developers (players read the claim's statement). */
  x: string;
  classes: readonly DecisionClass[];
}

/**
 * How a strategy scores: the ratchet on an X the records count (Reckoning), the ratchet on an X the table
 * claims (at most `maxX`), or Cursed Objects' flat 1 VP a turn on a claimed fact. `statement` is the
 * claim's message key.
 */
export type StrategyRule = StrategyCommon &
  (
    | { vp: 'ratchet'; recordsX: (facts: ScoringFacts, seat: Seat) => number }
    | { vp: 'ratchet'; statement: string; maxX: (facts: ScoringFacts) => number }
    | { vp: 'flat'; statement: string }
  );

/** §8.2: Guard the Stash's quarter centres (9,27) and (27,9) lie on the diagonal centerline of Corner and Flank, so 5 markers can count there. */
const STASH_MARKERS_COUNTING: Readonly<Record<DeploymentId, number>> = { standard: 4, wedge: 4, corner: 5, flank: 5 };

/**
 * §6.2 sets no cap on X: this bound follows from it, so that a count no table can show is refused. Each crew
 * places 5 Explosive tokens at set-up (S0 p.44, S1); a marker is placed only by discarding a token, removing
 * one only gains a token back, and a dead carrier's tokens pass to an enemy model or are discarded. So
 * both crews' tokens and markers together never exceed 10, and one crew can own all 10 markers only by
 * taking the other's (the ratchet needs at most 4 anyway, §3.1).
 */
const EXPLOSIVES_IN_GAME = 10;

export const STRATEGY_RULES: Readonly<Record<StrategyId, StrategyRule>> = {
  'core.turf-war': {
    id: 'core.turf-war',
    section: '§6.1',
    vp: 'ratchet',
    x: 'Strategy markers friendly to the crew (5 on the table)',
    classes: ['a', 'b'],
    maxX: () => 5,
    statement: 'scoring.claim.core.turf-war',
  },
  'core.plant-explosives': {
    id: 'core.plant-explosives',
    section: '§6.2, §13-A8',
    vp: 'ratchet',
    x: 'friendly Strategy markers in the enemy half (on the centerline counts)',
    classes: ['a', 'b'],
    maxX: () => EXPLOSIVES_IN_GAME,
    statement: 'scoring.claim.core.plant-explosives',
  },
  'core.corrupted-idols': {
    id: 'core.corrupted-idols',
    section: '§6.3',
    vp: 'ratchet',
    x: 'idols completely in the enemy half (at most one idol placed a turn)',
    classes: ['a', 'b'],
    maxX: (facts) => facts.turn,
    statement: 'scoring.claim.core.corrupted-idols',
  },
  'core.reckoning': {
    id: 'core.reckoning',
    section: '§6.4',
    vp: 'ratchet',
    x: "this turn's weighted enemy deaths (Leader or Master 3, Henchman 2, others 1, Insignificant 0), or 1 VP with no enemy in play",
    classes: ['a'],
    recordsX: (facts, seat) => reckoningX(facts, seat),
  },
  'gg3.cursed-objects': {
    id: 'gg3.cursed-objects',
    section: '§8.1',
    vp: 'flat',
    x: 'none: 1 VP a turn for a Curse token discarded from an enemy model this turn, or with no enemy in play',
    classes: ['a', 'b'],
    statement: 'scoring.claim.gg3.cursed-objects',
  },
  'gg3.guard-the-stash': {
    id: 'gg3.guard-the-stash',
    section: '§8.2',
    vp: 'ratchet',
    x: 'controlled Strategy markers not completely in the crew’s own half',
    classes: ['b', 'c'],
    maxX: (facts) => STASH_MARKERS_COUNTING[facts.deployment],
    statement: 'scoring.claim.gg3.guard-the-stash',
  },
  'gg3.carve-a-path': {
    id: 'gg3.carve-a-path',
    section: '§8.3, §13-A16',
    vp: 'ratchet',
    x: 'points of the crew’s 2 markers: 1 completely in the enemy half, 2 if also in the enemy DZ',
    classes: ['b', 'c'],
    maxX: () => 4,
    statement: 'scoring.claim.gg3.carve-a-path',
  },
  'gg3.covert-operation': {
    id: 'gg3.covert-operation',
    section: '§8.4',
    vp: 'ratchet',
    x: 'Strategy markers (4 on the centerline) holding a friendly Claim token',
    classes: ['a', 'b', 'c'],
    maxX: () => 4,
    statement: 'scoring.claim.gg3.covert-operation',
  },
};

/** §6.4: a Leader or a Master counts 3 (once, even if both), a Henchman 2, any other model 1. */
export function reckoningWeight(m: ModelInPlay): number {
  if (m.leader || m.station === 'Master') return 3;
  return m.station === 'Henchman' ? 2 : 1;
}

/**
 * §6.4 Reckoning's X: enemy models that died this turn, by any cause and any killer (§13-A31), weighted;
 * Insignificant ones count 0 (U9). A model Replaced by a model of another crew is not counted (AMB-29),
 * unless the table reads it otherwise (`replaceCountsAsKill`).
 */
export function reckoningX(facts: ScoringFacts, seat: Seat): number {
  const counted = new Set<string>();
  let x = 0;
  for (const d of deathsThisTurn(facts)) {
    if (d.how === 'replacedByEnemy' && facts.options?.replaceCountsAsKill !== true) continue;
    const m = modelById(facts, d.model);
    if (m === undefined || m.seat === seat || !isSignificant(facts, m) || counted.has(m.id)) continue;
    counted.add(m.id);
    x += reckoningWeight(m);
  }
  return x;
}

/** The ratchet judged on an X: 1 VP, or what X had to reach. */
function byRatchet(rule: StrategyRule, x: number, banked: number, claimed: boolean): Evaluation {
  return ratchet(x, banked) === 1 ? scores(claimed, 0, { x, banked }) : fails('STRATEGY_NOT_ENOUGH', `${rule.section}, §3.1`, { x, needed: banked + 1 });
}

/**
 * A crew's strategy at this End Phase, `banked` being the VP it already has from it. Decided from the
 * records (Reckoning; Cursed Objects with no enemy left; a strategy at its cap), or needing the table's
 * claim (X, or Cursed Objects' discarded token); a claim is judged against the records and the ratchet.
 */
export function evaluateStrategy(id: StrategyId, facts: ScoringFacts, seat: Seat, banked: number, claim?: TableClaim): Evaluation {
  const rule = STRATEGY_RULES[id];
  if (banked >= STRATEGY_CAP) return fails('STRATEGY_CAPPED', '§3-U3', { banked });
  const noEnemies = enemiesInPlay(facts, seat).length === 0;
  if ('recordsX' in rule) {
    // §6.4, §13-A11: with no enemy model in play the crew scores, still at most 1 VP a turn and within the cap.
    const x = rule.recordsX(facts, seat);
    return noEnemies ? scores(false, 0, { x, banked, noEnemies: 1 }) : byRatchet(rule, x, banked, false);
  }
  const ctx: ObjectiveContext = { facts, seat, pick: null, claim, rule: rule.section };
  if (rule.vp === 'flat') {
    if (noEnemies) return scores(false, 0, { banked, noEnemies: 1 });
    return judgeClaim(ctx, { statement: rule.statement, removes: 0 });
  }
  return judgeClaim(ctx, { statement: rule.statement, count: { min: 0, max: rule.maxX(facts) }, removes: 0 }, (named) => {
    const judged = byRatchet(rule, named.count, banked, true);
    return judged.kind === 'fails' ? judged : null;
  });
}
