/**
 * Judging a claim: what the scoring player states about the table (classes b and c, scoring.md §11),
 * checked part by part against the bot's records before the opponent is asked to confirm it. A claim
 * names a count, models and pairs of models; every named model must exist, be of the side the objective
 * says, be significant (U9), be in play or on the table as the statement needs, be one of the secret pick's
 * models when the objective is about them, and meet the objective's own conditions (costs, stations,
 * Health). What the records cannot see (distances, LoS, engagement) is the opponent's to confirm.
 */
import type { Seat } from '../../malifaux-table/engine/schema.js';
import type { ModelInPlay } from '../engine/models.js';
import type { ClaimNeed, Evaluation, ScoringErrorCode, ScoringFacts, SchemePick, TableClaim } from './objective.js';
import { chainOf, isInPlay, isOnTable, isSignificant, modelById } from './records.js';

export type Failure = Extract<Evaluation, { kind: 'fails' }>;
type Params = Record<string, string | number>;

export function fails(code: ScoringErrorCode, rule: string, params: Params = {}): Failure {
  return { kind: 'fails', code, rule, params };
}

export function scores(claimed: boolean, markersRemoved: number, params: Params = {}): Evaluation {
  return { kind: 'scores', claimed, markersRemoved, params };
}

/** A model as message params: its name for players, its id for the flow. */
export function modelParams(m: ModelInPlay, key = 'model'): Params {
  return { [key]: m.name, [`${key}Id`]: m.id };
}

/** Everything an objective is judged from. `pick` is the scheme's secret pick (null for a strategy). */
export interface ObjectiveContext {
  facts: ScoringFacts;
  seat: Seat;
  pick: SchemePick | null;
  claim: TableClaim | undefined;
  /** Where the objective is written (scoring.md section), for the failures it gives. */
  rule: string;
}

/** What a named model must be, beyond its side: the records' part of the objective. */
export interface ModelTest {
  /** In play on the table (a distance, engagement or LoS is stated about it); false: in play is enough. Default true. */
  onTable?: boolean;
  /** One of the secret pick's models of its side (after same-crew Replaces, REP-1 step 4). */
  chosen?: boolean;
  /** Dead models may be named (a victim): then only existence, side and significance are checked before `check`. */
  mayBeDead?: boolean;
  check?: (m: ModelInPlay) => Failure | null;
}

export interface ModelSlot extends ModelTest {
  side: 'friendly' | 'enemy' | 'any';
  min: number;
  max: number;
  /** Message key of what the model is in the statement ("the model in the enemy deployment zone"). */
  role: string;
}

export interface PairSlot {
  min: number;
  roles: [string, string];
  friendly: ModelTest;
  enemy: ModelTest;
  /** Hold Up: each friendly model engages a different enemy. Public Demonstration: the same enemy may serve twice (§13-A25). */
  distinctEnemies: boolean;
  check?: (friendly: ModelInPlay, enemy: ModelInPlay) => Failure | null;
}

export interface ClaimSpec {
  statement: string;
  params?: Params;
  count?: { min: number; max: number };
  /** Set the Trap's Reveal: the count is of the markers named, all removed. */
  countIsMarkersRemoved?: boolean;
  models?: readonly ModelSlot[];
  pairs?: PairSlot;
  /** Scheme markers removed to score (Rm). */
  removes: number;
}

/** What was named, resolved to the records: each slot's models in order, the pairs, the count. */
export interface Named {
  models: ModelInPlay[][];
  pairs: [ModelInPlay, ModelInPlay][];
  count: number;
}

export function needOf(spec: ClaimSpec): ClaimNeed {
  return {
    statement: spec.statement,
    ...(spec.params === undefined ? {} : { params: spec.params }),
    ...(spec.count === undefined ? {} : { count: spec.count }),
    ...(spec.models === undefined ? {} : { models: spec.models.map((s) => ({ side: s.side, min: s.min, max: s.max, role: s.role })) }),
    ...(spec.pairs === undefined ? {} : { pairs: { min: spec.pairs.min, roles: spec.pairs.roles } }),
    ...(spec.countIsMarkersRemoved === true ? { countIsMarkersRemoved: true } : { markersRemoved: spec.removes }),
  };
}

/** The current models of the pick's side (a same-crew Replace passes the choice on, REP-1 step 4). */
export function chosenModels(ctx: ObjectiveContext, side: 'friendly' | 'enemy'): ModelInPlay[] {
  const ids = ctx.pick?.[side] ?? [];
  return ids.map((id) => chainOf(ctx.facts, id)?.current).filter((m): m is ModelInPlay => m !== undefined);
}

/** A model's presence as the statement needs it: in play, and on the table unless `onTable` is false. */
export function presence(ctx: ObjectiveContext, m: ModelInPlay, onTable = true): Failure | null {
  if (!isInPlay(m)) return fails('MODEL_OUT_OF_PLAY', ctx.rule, modelParams(m));
  if (onTable && !isOnTable(m)) return fails('MODEL_BURIED', ctx.rule, modelParams(m));
  return null;
}

function testModel(ctx: ObjectiveContext, id: string, side: ModelSlot['side'], test: ModelTest): ModelInPlay | Failure {
  const m = modelById(ctx.facts, id);
  if (m === undefined) return fails('CLAIM_UNKNOWN_MODEL', ctx.rule, { model: id, modelId: id });
  if (side === 'friendly' && m.seat !== ctx.seat) return fails('CLAIM_NOT_FRIENDLY', ctx.rule, modelParams(m));
  if (side === 'enemy' && m.seat === ctx.seat) return fails('CLAIM_NOT_ENEMY', ctx.rule, modelParams(m));
  if (!isSignificant(ctx.facts, m)) return fails('CLAIM_INSIGNIFICANT', '§3-U9', modelParams(m));
  if (test.mayBeDead !== true) {
    const absent = presence(ctx, m, test.onTable ?? true);
    if (absent !== null) return absent;
  }
  if (test.chosen === true && side !== 'any' && !chosenModels(ctx, side).some((c) => c.id === m.id)) return fails('CLAIM_NOT_CHOSEN', ctx.rule, modelParams(m));
  return test.check?.(m) ?? m;
}

const isFailure = (x: ModelInPlay | Failure): x is Failure => 'kind' in x && x.kind === 'fails';

/** Splits the named ids between the slots: each takes as many as it can while leaving the later slots their minimum. */
function splitModels(slots: readonly ModelSlot[], ids: readonly string[]): string[][] {
  let at = 0;
  return slots.map((slot, i) => {
    const later = slots.slice(i + 1).reduce((sum, s) => sum + s.min, 0);
    const take = Math.min(slot.max, ids.length - at - later);
    const part = ids.slice(at, at + take);
    at += take;
    return part;
  });
}

function checkShape(ctx: ObjectiveContext, spec: ClaimSpec, claim: TableClaim): Failure | null {
  // A part the objective does not ask for is refused rather than ignored: the opponent would confirm it.
  if (spec.count === undefined && claim.count !== undefined) return fails('CLAIM_NOT_ASKED', ctx.rule, { part: 'count' });
  if (spec.models === undefined && (claim.models?.length ?? 0) > 0) return fails('CLAIM_NOT_ASKED', ctx.rule, { part: 'models' });
  if (spec.pairs === undefined && (claim.pairs?.length ?? 0) > 0) return fails('CLAIM_NOT_ASKED', ctx.rule, { part: 'pairs' });
  if (spec.count !== undefined) {
    if (claim.count === undefined) return fails('CLAIM_COUNT_MISSING', ctx.rule, { min: spec.count.min, max: spec.count.max });
    if (!Number.isInteger(claim.count) || claim.count < spec.count.min || claim.count > spec.count.max) {
      return fails('CLAIM_COUNT_OUT_OF_RANGE', ctx.rule, { count: claim.count, min: spec.count.min, max: spec.count.max });
    }
  }
  if (spec.models !== undefined) {
    const given = claim.models?.length ?? 0;
    const min = spec.models.reduce((sum, s) => sum + s.min, 0);
    const max = spec.models.reduce((sum, s) => sum + s.max, 0);
    if (given < min || given > max) return fails('CLAIM_MODELS_NUMBER', ctx.rule, { given, min, max });
  }
  if (spec.pairs !== undefined && (claim.pairs?.length ?? 0) < spec.pairs.min) {
    return fails('CLAIM_PAIRS_NUMBER', ctx.rule, { given: claim.pairs?.length ?? 0, min: spec.pairs.min });
  }
  const removes = spec.countIsMarkersRemoved === true ? (claim.count ?? 0) : spec.removes;
  if (claim.markersRemoved !== undefined && claim.markersRemoved !== removes) {
    return fails('CLAIM_MARKERS_REMOVED', ctx.rule, { given: claim.markersRemoved, required: removes });
  }
  return null;
}

function resolve(ctx: ObjectiveContext, spec: ClaimSpec, claim: TableClaim): Named | Failure {
  const named: Named = { models: [], pairs: [], count: claim.count ?? 0 };
  const seen = new Set<string>();
  const once = (m: ModelInPlay): Failure | null => {
    if (seen.has(m.id)) return fails('CLAIM_MODEL_REPEATED', ctx.rule, modelParams(m));
    seen.add(m.id);
    return null;
  };
  const slots = spec.models ?? [];
  const parts = splitModels(slots, claim.models ?? []);
  for (const [i, slot] of slots.entries()) {
    const resolved: ModelInPlay[] = [];
    for (const id of parts[i] ?? []) {
      const m = testModel(ctx, id, slot.side, slot);
      if (isFailure(m)) return m;
      const repeated = once(m);
      if (repeated !== null) return repeated;
      resolved.push(m);
    }
    named.models.push(resolved);
  }
  if (spec.pairs !== undefined) {
    const enemies = new Set<string>();
    for (const [friendlyId, enemyId] of claim.pairs ?? []) {
      const friendly = testModel(ctx, friendlyId, 'friendly', spec.pairs.friendly);
      if (isFailure(friendly)) return friendly;
      const repeated = once(friendly);
      if (repeated !== null) return repeated;
      const enemy = testModel(ctx, enemyId, 'enemy', spec.pairs.enemy);
      if (isFailure(enemy)) return enemy;
      if (spec.pairs.distinctEnemies && enemies.has(enemy.id)) return fails('CLAIM_MODEL_REPEATED', ctx.rule, modelParams(enemy));
      enemies.add(enemy.id);
      const failed = spec.pairs.check?.(friendly, enemy) ?? null;
      if (failed !== null) return failed;
      named.pairs.push([friendly, enemy]);
    }
  }
  return named;
}

/**
 * An objective the table decides: without a claim, what it must state; with one, `fails` at the first part
 * the records contradict (its shape, a named model, then the objective's own `after` check), else `scores`.
 */
export function judgeClaim(ctx: ObjectiveContext, spec: ClaimSpec, after?: (named: Named) => Failure | null): Evaluation {
  const claim = ctx.claim;
  if (claim === undefined) return { kind: 'needsClaim', need: needOf(spec) };
  const shape = checkShape(ctx, spec, claim);
  if (shape !== null) return shape;
  const named = resolve(ctx, spec, claim);
  if ('kind' in named) return named;
  const failed = after?.(named) ?? null;
  if (failed !== null) return failed;
  const removes = spec.countIsMarkersRemoved === true ? named.count : spec.removes;
  const models = [...named.models.flat(), ...named.pairs.flat()].map((m) => m.name);
  return scores(true, removes, { ...(spec.count === undefined ? {} : { count: named.count }), ...(models.length === 0 ? {} : { models: models.join(', ') }) });
}
