/**
 * The models in play of a whole game (issue 15): what each model on (or under) the table is, its Health,
 * conditions and tokens, and what happens to it — damage and killing (DMG-10, DMG-12, KILL-1..4),
 * conditions (COND-1..12), action limits (ACT-2, ACT-3), activations (ACTV-3, -4, -6), summoning (SUM),
 * replacing (REP), burying (BURY) and the pass tokens of the Start Phase (START-5).
 *
 * Pure: every function takes models and answers new ones; nothing is mutated. Geometry (placement, base
 * contact, LoS) is the caller's: a summon or replace that cannot be placed is refused before coming here.
 * Damage arrives already reduced (DMG-7 step 3 is the damage module's): this module lowers Health.
 */
import { z } from 'zod';
import type { Result, RuleError } from '../../contract.js';
import { seatSchema } from '../../malifaux-table/engine/schema.js';
import type { Seat } from '../../malifaux-table/engine/schema.js';
import { copyLimit, nameKey, profileKey, stationSchema } from '../crews/model.js';
import type { HiredCrew, ModelProfile } from '../crews/model.js';

// ---------------------------------------------------------------------------------------------------
// Shapes (stored: a game's state holds its models and is parsed when loaded)

const int = z.number().int();
const natural = int.min(0);

export const CONDITION_IDS = ['fast', 'slow', 'staggered', 'stunned', 'adversary', 'shielded', 'injured', 'burning', 'distracted', 'focused', 'poison'] as const;
export const conditionIdSchema = z.enum(CONDITION_IDS);
export type ConditionId = z.infer<typeof conditionIdSchema>;

/** Conditions printed without a value: held or not, so stored as 1 (gaining one again adds nothing). */
export const VALUELESS_CONDITIONS: readonly ConditionId[] = ['fast', 'slow', 'staggered', 'stunned', 'adversary'];
export type ValuedConditionId = Exclude<ConditionId, 'fast' | 'slow' | 'staggered' | 'stunned' | 'adversary'>;

export const MODEL_STATUSES = ['in-play', 'buried', 'killed', 'removed'] as const;
export const modelStatusSchema = z.enum(MODEL_STATUSES);
export type ModelStatus = z.infer<typeof modelStatusSchema>;

/** Who gets a kill (KILL-3): the model that generated the action or ability, and its crew. */
export const killerSchema = z.object({ modelId: z.string().min(1), seat: seatSchema, controller: seatSchema });
export type Killer = z.infer<typeof killerSchema>;

/**
 * Where damage comes from. A model's action or ability credits the kill to it; a condition or hazardous
 * terrain credits nobody (KILL-3). An action dealing damage "because of" a condition is a `model` source.
 * Damage a model chose for itself (DMG-16) is `chosen`: it cannot kill, so it credits nobody either.
 */
export const damageSourceSchema = z.discriminatedUnion('kind', [
  killerSchema.extend({ kind: z.literal('model') }),
  z.object({ kind: z.literal('condition'), condition: conditionIdSchema }),
  z.object({ kind: z.literal('hazard') }),
  z.object({ kind: z.literal('chosen') }),
]);
export type DamageSource = z.infer<typeof damageSourceSchema>;

/**
 * How a model was killed: by reaching 0 Health (`health`, which healing in the killed sequence can
 * undo, KILL-2 step 1), outright (`outright`, which it cannot), or still buried at game end (`gameEnd`, END-4).
 */
export const killedHowSchema = z.enum(['health', 'outright', 'gameEnd']);
export type KilledHow = z.infer<typeof killedHowSchema>;

export const modelInPlaySchema = z
  .object({
    /** Stable for the whole game: `s<seat>-m<n>`. */
    id: z.string().min(1).max(40),
    /** The crew it belongs to (a summoned model joins the summoner's, SUM-1). */
    seat: seatSchema,
    controller: seatSchema,
    key: z.string(),
    name: z.string(),
    title: z.string().nullable(),
    station: stationSchema,
    /** The number of Minion (3) (SUM-4); null for one copy. */
    stationLimit: int.min(1).max(9).nullable(),
    /** The Master a Totem belongs to (SUM-3). */
    totemOf: z.string().nullable(),
    /** Printed cost (null: a dash); `paid` is what hiring cost (null: never hired, SUM-1). */
    cost: natural.nullable(),
    paid: natural.nullable(),
    maxHealth: int.min(1),
    health: natural,
    conditions: z.partialRecord(conditionIdSchema, int.min(1)),
    /** The X of each Adversary (X) held, by name key, distinct (AMB-26). */
    adversaryOf: z.array(z.string()),
    /** Tokens and markers counted on this model, by name. */
    tokens: z.record(z.string(), int.min(1)),
    leader: z.boolean(),
    status: modelStatusSchema,
    /** The turn it was summoned in (SUM-5), or null. */
    summoned: int.min(0).nullable(),
    activated: z.boolean(),
    killedBy: killerSchema.nullable(),
    killedHow: killedHowSchema.nullable(),
    killedWhileBuried: z.boolean(),
    replacedBy: z.array(z.string()),
    replaces: z.array(z.string()),
  })
  .superRefine((m, ctx) => {
    if (m.health > m.maxHealth) ctx.addIssue({ code: 'custom', path: ['health'], message: 'aboveMax' });
    for (const id of VALUELESS_CONDITIONS) {
      if ((m.conditions[id] ?? 0) > 1) ctx.addIssue({ code: 'custom', path: ['conditions', id], message: 'valueless' });
    }
    if (m.conditions.fast !== undefined && m.conditions.slow !== undefined) ctx.addIssue({ code: 'custom', path: ['conditions'], message: 'fastAndSlow' });
    if ((m.conditions.adversary !== undefined) !== (m.adversaryOf.length > 0)) ctx.addIssue({ code: 'custom', path: ['adversaryOf'], message: 'adversaryMismatch' });
    if ((m.status === 'killed') !== (m.killedHow !== null)) ctx.addIssue({ code: 'custom', path: ['killedHow'], message: 'killedMismatch' });
  });
export type ModelInPlay = z.infer<typeof modelInPlaySchema>;

export const MODEL_ERROR_CODES = [
  'UNKNOWN_MODEL',
  'NOT_IN_PLAY',
  'MODEL_LIMIT',
  'TOTEM_WITHOUT_MASTER',
  'SUMMONER_BURIED',
  'ALREADY_BURIED',
  'NOT_BURIED',
  'OLD_MODEL_BURIED',
  'REPLACE_SHAPE',
  'NOT_KILLED',
  'KILLED_OUTRIGHT',
  'INVALID_AMOUNT',
  'CHOSEN_DAMAGE_KILLS',
] as const;
export type ModelErrorCode = (typeof MODEL_ERROR_CODES)[number];
export type ModelError = RuleError & { code: ModelErrorCode; rule: string; params: Record<string, string | number> };

function refuse<T>(code: ModelErrorCode, rule: string, params: Record<string, string | number> = {}): Result<T, ModelError> {
  return { ok: false, error: { code, rule, params } };
}

/** In play, buried included (BURY-1). */
export function isInPlay(m: ModelInPlay): boolean {
  return m.status === 'in-play' || m.status === 'buried';
}

// ---------------------------------------------------------------------------------------------------
// From a hired crew

function fromProfile(id: string, seat: Seat, p: ModelProfile, paid: number | null, leader: boolean): ModelInPlay {
  return {
    id,
    seat,
    controller: seat,
    key: profileKey(p),
    name: p.name,
    title: p.title,
    station: p.station,
    stationLimit: p.stationLimit,
    totemOf: p.totemOf,
    cost: p.cost,
    paid,
    maxHealth: p.health,
    health: p.health,
    conditions: {},
    adversaryOf: [],
    tokens: {},
    leader,
    status: 'in-play',
    summoned: null,
    activated: false,
    killedBy: null,
    killedHow: null,
    killedWhileBuried: false,
    replacedBy: [],
    replaces: [],
  };
}

/** One model per hired model, in the crew's order (Leader first): copies get their own ids. */
export function modelsFromCrew(seat: Seat, crew: Pick<HiredCrew, 'models'>, idPrefix = `s${seat}-m`): ModelInPlay[] {
  return crew.models.map((h, i) => fromProfile(`${idPrefix}${i}`, seat, h.profile, h.cost, h.role === 'leader'));
}

/** A fresh id for a new model of a seat's crew: one past the highest `s<seat>-m<n>` in use. */
function nextModelId(models: readonly ModelInPlay[], seat: Seat, offset = 0): string {
  const prefix = `s${seat}-m`;
  const used = models.map((m) => (m.id.startsWith(prefix) ? Number(m.id.slice(prefix.length)) : -1)).filter(Number.isInteger);
  return `${prefix}${Math.max(-1, ...used) + 1 + offset}`;
}

// ---------------------------------------------------------------------------------------------------
// Conditions (COND-1..11)

function withConditions(m: ModelInPlay, conditions: ModelInPlay['conditions'], adversaryOf = m.adversaryOf): ModelInPlay {
  return { ...m, conditions, adversaryOf };
}

/** The value held (valueless ones count 1), 0 when not held. */
export function conditionValue(m: ModelInPlay, id: ConditionId): number {
  return m.conditions[id] ?? 0;
}

/**
 * Gains a condition (not Adversary: `gainAdversary`). Values add, valueless ones stay at 1; Fast and Slow
 * cancel each other in pairs, both removed together (COND-1, COND-2, TV-17). Gaining 0 does nothing.
 */
export function gainCondition(m: ModelInPlay, id: Exclude<ConditionId, 'adversary'>, value = 1): ModelInPlay {
  if (!Number.isInteger(value) || value <= 0) return m;
  const conditions = { ...m.conditions };
  const opposite = id === 'fast' ? 'slow' : id === 'slow' ? 'fast' : null;
  if (opposite !== null && conditions[opposite] !== undefined) {
    delete conditions[opposite];
    return withConditions(m, conditions);
  }
  conditions[id] = VALUELESS_CONDITIONS.includes(id) ? 1 : (conditions[id] ?? 0) + value;
  return withConditions(m, conditions);
}

/** Adversary (X): one more X beside any other (AMB-26); the same X again adds nothing. */
export function gainAdversary(m: ModelInPlay, x: string): ModelInPlay {
  const key = nameKey(x);
  if (key === '') return m;
  const adversaryOf = m.adversaryOf.includes(key) ? m.adversaryOf : [...m.adversaryOf, key];
  return withConditions(m, { ...m.conditions, adversary: 1 }, adversaryOf);
}

/** Lowers a condition by `by`, never below 0; at 0 it ends. Adversary with `x` loses only that X. */
export function reduceCondition(m: ModelInPlay, id: ConditionId, by: number, x?: string): ModelInPlay {
  const held = m.conditions[id];
  if (held === undefined || !Number.isInteger(by) || by <= 0) return m;
  if (id === 'adversary' && x !== undefined) {
    const adversaryOf = m.adversaryOf.filter((k) => k !== nameKey(x));
    const conditions = { ...m.conditions };
    if (adversaryOf.length === 0) delete conditions.adversary;
    return withConditions(m, conditions, adversaryOf);
  }
  const conditions = { ...m.conditions };
  if (held - by > 0) conditions[id] = held - by;
  else delete conditions[id];
  return withConditions(m, conditions, id === 'adversary' ? [] : m.adversaryOf);
}

/** Ends a condition whatever its value (every Adversary X with it). */
export function loseCondition(m: ModelInPlay, id: ConditionId): ModelInPlay {
  return reduceCondition(m, id, Number.MAX_SAFE_INTEGER);
}

/** Adds (or with a negative delta removes) tokens or markers counted on a model; never below 0. */
export function addTokens(m: ModelInPlay, name: string, delta: number): ModelInPlay {
  const count = Math.max(0, (m.tokens[name] ?? 0) + Math.trunc(delta));
  const tokens = { ...m.tokens };
  if (count > 0) tokens[name] = count;
  else delete tokens[name];
  return { ...m, tokens };
}

// ---------------------------------------------------------------------------------------------------
// Actions and activations (ACT-2, ACT-3, ACTV-3, ACTV-4, ACTV-6)

/**
 * ACT-2: 3 for a Master or the Leader, else 2. Fast +1 to at most 3 (AMB-23), Slow −1 to at least 0
 * (COND-1, COND-2): read from the conditions held now, so a change shows at once (ACT-3). A buried model
 * activates but takes no actions (ACTV-6): 0.
 */
export function actionLimit(m: ModelInPlay): number {
  if (m.status === 'buried') return 0;
  const base = m.leader || m.station === 'Master' ? 3 : 2;
  if (m.conditions.fast !== undefined) return Math.min(3, base + 1);
  if (m.conditions.slow !== undefined) return Math.max(0, base - 1);
  return base;
}

/** COND-4 (AMB-40): a Stunned model's bonus action counts toward its limit (still at most one). */
export function bonusActionCounts(m: ModelInPlay): boolean {
  return m.conditions.stunned !== undefined;
}

/** SUM-5 / GEN-1: a model summoned this turn cannot Interact. */
export function canInteract(m: ModelInPlay, turn: number): boolean {
  return m.summoned !== turn;
}

const ACTIVATION_CONDITIONS: readonly ConditionId[] = ['fast', 'slow', 'staggered', 'stunned'];

/** ACTV-4 step 3: the model is marked activated; Fast, Slow, Staggered and Stunned expire (COND-1..4). */
export function endActivation(m: ModelInPlay): ModelInPlay {
  const conditions = { ...m.conditions };
  for (const id of ACTIVATION_CONDITIONS) delete conditions[id];
  return { ...m, conditions, activated: true };
}

/** ACTV-3, ACTV-6: the models a seat controls that may still activate this turn (buried ones too). */
export function activatableModels(models: readonly ModelInPlay[], seat: Seat): ModelInPlay[] {
  return models.filter((m) => m.controller === seat && isInPlay(m) && !m.activated);
}

/** A new turn: no model has activated yet. */
export function startTurn(models: readonly ModelInPlay[]): ModelInPlay[] {
  return models.map((m) => (m.activated ? { ...m, activated: false } : m));
}

// ---------------------------------------------------------------------------------------------------
// Damage, healing, killing (DMG-10, DMG-12, KILL-1..4)

export interface DamageApplied {
  model: ModelInPlay;
  /** DMG-10 / AMB-33: the damage after reductions, and what Health actually lost. */
  final: number;
  applied: number;
  /** DMG-9: 0 damage is not suffered ("after damaged" effects do not fire). */
  suffered: boolean;
  /** KILL-1: this damage took Health to 0. */
  killed: boolean;
}

/** The kill credit of a source (KILL-3): a model's, or nobody's for a condition or a hazard. */
export function killerOf(source: DamageSource): Killer | null {
  return source.kind === 'model' ? { modelId: source.modelId, seat: source.seat, controller: source.controller } : null;
}

/** A model as the source of its action's or ability's damage. */
export function sourceModel(m: ModelInPlay): DamageSource {
  return { kind: 'model', modelId: m.id, seat: m.seat, controller: m.controller };
}

function killed(m: ModelInPlay, by: Killer | null, how: KilledHow): ModelInPlay {
  return { ...m, status: 'killed', killedBy: by, killedHow: how, killedWhileBuried: m.status === 'buried' };
}

/**
 * DMG-7 step 4 with damage already reduced: Health drops by `final`, stopping at 0 (applied =
 * min(final, Health before), DMG-10); at 0 the model is killed (KILL-1), credited by its source (KILL-3).
 */
export function applyDamage(m: ModelInPlay, final: number, source: DamageSource): Result<DamageApplied, ModelError> {
  if (!Number.isInteger(final) || final < 0) return refuse('INVALID_AMOUNT', 'DMG-10', { amount: final });
  if (!isInPlay(m)) return refuse('NOT_IN_PLAY', 'DMG-10', { model: m.id });
  const applied = Math.min(final, m.health);
  const hurt = { ...m, health: m.health - applied };
  const dies = final > 0 && hurt.health === 0;
  return { ok: true, value: { model: dies ? killed(hurt, killerOf(source), 'health') : hurt, final, applied, suffered: final > 0, killed: dies } };
}

/**
 * DMG-16: damage a model takes by its own choice (a cost, an option) is dealt as any other, but never
 * when it would take the model to 0 Health: that choice is not open to it. Nobody dealt it, so no kill
 * credit and no damage record.
 */
export function applyChosenDamage(m: ModelInPlay, amount: number): Result<DamageApplied, ModelError> {
  const hit = applyDamage(m, amount, { kind: 'chosen' });
  if (hit.ok && hit.value.killed) return refuse('CHOSEN_DAMAGE_KILLS', 'DMG-16', { model: m.id, amount, health: m.health });
  return hit;
}

/** KILL-1: an effect kills the model outright; healing will not bring it back (KILL-2 step 1). */
export function killOutright(m: ModelInPlay, source: DamageSource): Result<ModelInPlay, ModelError> {
  if (!isInPlay(m)) return refuse('NOT_IN_PLAY', 'KILL-1', { model: m.id });
  return { ok: true, value: killed(m, killerOf(source), 'outright') };
}

/** DMG-12: Health rises by `amount`, up to its maximum; the surplus is lost. */
export function heal(m: ModelInPlay, amount: number): Result<ModelInPlay, ModelError> {
  if (!Number.isInteger(amount) || amount < 0) return refuse('INVALID_AMOUNT', 'DMG-12', { amount });
  if (!isInPlay(m)) return refuse('NOT_IN_PLAY', 'DMG-12', { model: m.id });
  return { ok: true, value: { ...m, health: Math.min(m.maxHealth, m.health + amount) } };
}

/**
 * KILL-2 step 1, for the caller still inside the killed sequence: a model killed by reaching 0 and healed
 * above 0 is no longer killed (back in play, or buried if it was). Healing 0 leaves it killed; a model
 * killed outright stays killed.
 */
export function healInKilledSequence(m: ModelInPlay, amount: number): Result<ModelInPlay, ModelError> {
  if (!Number.isInteger(amount) || amount < 0) return refuse('INVALID_AMOUNT', 'DMG-12', { amount });
  if (m.status !== 'killed') return refuse('NOT_KILLED', 'KILL-2', { model: m.id });
  if (m.killedHow !== 'health') return refuse('KILLED_OUTRIGHT', 'KILL-2', { model: m.id });
  const health = Math.min(m.maxHealth, m.health + amount);
  if (health === 0) return { ok: true, value: m };
  return { ok: true, value: { ...m, health, status: m.killedWhileBuried ? 'buried' : 'in-play', killedBy: null, killedHow: null, killedWhileBuried: false } };
}

// ---------------------------------------------------------------------------------------------------
// End Phase (COND-12, END-1, TIME-2)

export type EndPhaseFact =
  | { kind: 'conditionsEnded'; modelId: string; conditions: ConditionId[] }
  | { kind: 'conditionDamage'; modelId: string; condition: 'burning' | 'poison'; value: number; final: number; applied: number }
  | { kind: 'conditionReduced'; modelId: string; condition: 'poison'; value: number }
  /** KILL-3: no killer. `buried`: KILL-4, no marker. */
  | { kind: 'killed'; modelId: string; by: null; buried: boolean };

/** AMB-5: Burning and Poison +X deal 1 + floor((X − 1) / 3). */
export function endPhaseDamage(x: number): number {
  return x <= 0 ? 0 : 1 + Math.floor((x - 1) / 3);
}

const UNTIL_END_PHASE: readonly ConditionId[] = ['adversary', 'shielded', 'injured'];

/** TIME-2: the initiative holder's models first (in their order), then the other seat's. */
function endPhaseOrder(models: readonly ModelInPlay[], initiative: Seat): number[] {
  const indices = models.map((_, i) => i);
  return [...indices.filter((i) => models[i]?.controller === initiative), ...indices.filter((i) => models[i]?.controller !== initiative)];
}

/**
 * End Phase A (COND-12): first every Adversary, Shielded and Injured ends, then Burning and Poison deal
 * their damage (so Shielded never reduces it), Poison dropping by 1 after. Models resolve one at a time,
 * the initiative holder's first (TIME-2); a model killed by Burning takes no Poison. Kills have no killer.
 */
export function endPhaseEffects(models: readonly ModelInPlay[], initiative: Seat): { models: ModelInPlay[]; facts: EndPhaseFact[] } {
  const next = [...models];
  const facts: EndPhaseFact[] = [];
  const order = endPhaseOrder(models, initiative);
  for (const i of order) {
    const m = next[i] as ModelInPlay;
    if (!isInPlay(m)) continue;
    const ended = UNTIL_END_PHASE.filter((id) => m.conditions[id] !== undefined);
    if (ended.length === 0) continue;
    next[i] = ended.reduce(loseCondition, m);
    facts.push({ kind: 'conditionsEnded', modelId: m.id, conditions: ended });
  }
  for (const i of order) {
    for (const condition of ['burning', 'poison'] as const) {
      const m = next[i] as ModelInPlay;
      const value = m.conditions[condition];
      if (!isInPlay(m) || value === undefined) continue;
      const wasBuried = m.status === 'buried';
      const hit = applyDamage(m, endPhaseDamage(value), { kind: 'condition', condition });
      if (!hit.ok) continue;
      facts.push({ kind: 'conditionDamage', modelId: m.id, condition, value, final: hit.value.final, applied: hit.value.applied });
      next[i] = hit.value.model;
      if (hit.value.killed) {
        facts.push({ kind: 'killed', modelId: m.id, by: null, buried: wasBuried });
        break;
      }
      if (condition === 'poison') {
        next[i] = reduceCondition(hit.value.model, 'poison', 1);
        facts.push({ kind: 'conditionReduced', modelId: m.id, condition, value: value - 1 });
      }
    }
  }
  return { models: next, facts };
}

// ---------------------------------------------------------------------------------------------------
// Model limit (SUM-4) and summoning (SUM-1..5)

/** SUM-4: how many more models with this profile a seat's crew may gain (counting in play and buried). */
export function roomFor(models: readonly ModelInPlay[], seat: Seat, profile: ModelProfile): number {
  const key = profileKey(profile);
  const held = models.filter((m) => m.seat === seat && m.key === key && isInPlay(m)).length;
  return Math.max(0, copyLimit(profile) - held);
}

function findModel(models: readonly ModelInPlay[], id: string, rule: string): Result<ModelInPlay, ModelError> {
  const m = models.find((x) => x.id === id);
  return m === undefined ? refuse('UNKNOWN_MODEL', rule, { model: id }) : { ok: true, value: m };
}

/** SUM-3: a Totem needs its Master in play in the crew (buried counts as in play, BURY-1). */
function totemMasterInPlay(models: readonly ModelInPlay[], seat: Seat, profile: ModelProfile): boolean {
  if (profile.totemOf === null) return true;
  const master = nameKey(profile.totemOf);
  return models.some((m) => m.seat === seat && m.station === 'Master' && isInPlay(m) && nameKey(m.name) === master);
}

export interface Summoned {
  models: ModelInPlay[];
  summoned: ModelInPlay;
  /** SUM-2 (AMB-22): the opposing crew gains 1 pass token. */
  passTokenTo: Seat;
}

/**
 * SUM-1..5: a new model of the summoner's crew, not activated, summoned this turn (no Interact, SUM-5).
 * Refused with no model and no token (SUM-3) when the summoner is not in play or buried (it cannot be
 * in base contact), the model limit would break (SUM-4) or a Totem's Master is not in play.
 */
export function summon(models: readonly ModelInPlay[], profile: ModelProfile, summonerId: string, turn: number): Result<Summoned, ModelError> {
  const found = findModel(models, summonerId, 'SUM-3');
  if (!found.ok) return found;
  const summoner = found.value;
  if (!isInPlay(summoner)) return refuse('NOT_IN_PLAY', 'SUM-3', { model: summonerId });
  if (summoner.status === 'buried') return refuse('SUMMONER_BURIED', 'SUM-3', { model: summonerId });
  const seat = summoner.seat;
  if (roomFor(models, seat, profile) < 1) return refuse('MODEL_LIMIT', 'SUM-4', { key: profileKey(profile), limit: copyLimit(profile) });
  if (!totemMasterInPlay(models, seat, profile)) return refuse('TOTEM_WITHOUT_MASTER', 'SUM-3', { key: profileKey(profile), master: profile.totemOf ?? '' });
  const summoned: ModelInPlay = { ...fromProfile(nextModelId(models, seat), seat, profile, null, false), summoned: turn };
  return { ok: true, value: { models: [...models, summoned], summoned, passTokenTo: seat === 0 ? 1 : 0 } };
}

// ---------------------------------------------------------------------------------------------------
// Replacing (REP-1..3, AMB-29)

export interface ReplaceOptions {
  /** The crew the new models join; by default the old model's (same crew, REP-1 step 4). */
  seat?: Seat;
  /** Healing the replace effect gives, after step 2. */
  heal?: number;
  /** REP-2: which new model (index in `newProfiles`) takes the conditions, tokens and any activation. */
  carrier?: number;
  /** The model whose activation is under way, if any (REP-1 step 7). */
  activating?: string | null;
  /** The old model is in its killed sequence (KILL-2 step 1, "heal / replace effects"): it may be killed. */
  inKilledSequence?: boolean;
}

export interface Replaced {
  models: ModelInPlay[];
  added: ModelInPlay[];
  removed: string[];
  /** The new model that continues the old one's activation (REP-1 step 7), or null. */
  continuesActivation: string | null;
  /** REP-1 step 6: new models at 0 Health are killed (no killer). */
  killed: string[];
  /** AMB-29: a replace across crews counts as the old model killed, with nothing following from it. */
  crossCrew: boolean;
}

/** REP-3: the highest value of each valued condition, every valueless one; Fast and Slow still cancel. */
function mergedConditions(olds: readonly ModelInPlay[]): Pick<ModelInPlay, 'conditions' | 'adversaryOf'> {
  const conditions: ModelInPlay['conditions'] = {};
  for (const o of olds) {
    for (const id of CONDITION_IDS) {
      const v = o.conditions[id];
      if (v !== undefined) conditions[id] = Math.max(conditions[id] ?? 0, v);
    }
  }
  if (conditions.fast !== undefined && conditions.slow !== undefined) {
    delete conditions.fast;
    delete conditions.slow;
  }
  return { conditions, adversaryOf: [...new Set(olds.flatMap((o) => o.adversaryOf))] };
}

/** Tokens of the old models together (REP-3 names only conditions: tokens are summed, a reading). */
function mergedTokens(olds: readonly ModelInPlay[]): Record<string, number> {
  const tokens: Record<string, number> = {};
  for (const o of olds) for (const [name, n] of Object.entries(o.tokens)) tokens[name] = (tokens[name] ?? 0) + n;
  return tokens;
}

/**
 * REP-1..3: the old models (one, or several for REP-3) give way to the new ones (one, or several for
 * REP-2). Cancelled when an old model is buried or the model limit would break (step 1). New Health is
 * min(old Health, new max) — the old ones' sum for REP-3 — then the effect's healing (step 2); the carrier
 * takes conditions and tokens (step 3); in the same crew it takes the Leader designation (step 4). The
 * old models are removed (step 5), a new model at 0 Health is killed (step 6), and the carrier continues
 * an activation under way or counts as activated if the old model had (step 7; REP-3: if any had, so no
 * activation is gained). The other new models of REP-2 have not activated.
 */
export function replace(models: readonly ModelInPlay[], oldIds: readonly string[], newProfiles: readonly ModelProfile[], options: ReplaceOptions = {}): Result<Replaced, ModelError> {
  if (oldIds.length === 0 || newProfiles.length === 0 || (oldIds.length > 1 && newProfiles.length > 1) || new Set(oldIds).size !== oldIds.length) {
    return refuse('REPLACE_SHAPE', 'REP-1', { old: oldIds.length, new: newProfiles.length });
  }
  const olds: ModelInPlay[] = [];
  for (const id of oldIds) {
    const found = findModel(models, id, 'REP-1');
    if (!found.ok) return found;
    const o = found.value;
    if (o.status === 'buried') return refuse('OLD_MODEL_BURIED', 'REP-1', { model: id });
    const killedNow = o.status === 'killed' && options.inKilledSequence === true;
    if (o.status !== 'in-play' && !killedNow) return refuse('NOT_IN_PLAY', 'REP-1', { model: id });
    olds.push(o);
  }
  const first = olds[0] as ModelInPlay;
  const seat = options.seat ?? first.seat;
  const sameCrew = olds.every((o) => o.seat === seat);
  // Step 1 comes before step 5: the old models still count toward the limit.
  for (const p of newProfiles) {
    const wanted = newProfiles.filter((q) => profileKey(q) === profileKey(p)).length;
    if (roomFor(models, seat, p) < wanted) return refuse('MODEL_LIMIT', 'SUM-4', { key: profileKey(p), limit: copyLimit(p) });
  }
  const carrierIndex = Math.min(Math.max(0, options.carrier ?? 0), newProfiles.length - 1);
  const healing = Math.max(0, Math.trunc(options.heal ?? 0));
  const oldHealth = olds.reduce((sum, o) => sum + o.health, 0);
  const activating = options.activating != null && oldIds.includes(options.activating);
  const anyActivated = olds.some((o) => o.activated);
  const newIds = newProfiles.map((_, i) => nextModelId(models, seat, i));
  const killedIds: string[] = [];
  const added = newProfiles.map((p, i): ModelInPlay => {
    const base = fromProfile(newIds[i] as string, seat, p, null, false);
    const health = Math.min(p.health, Math.min(oldHealth, p.health) + healing);
    const carrier = i === carrierIndex;
    let m: ModelInPlay = {
      ...base,
      controller: sameCrew ? first.controller : seat,
      health,
      replaces: [...oldIds],
      leader: carrier && sameCrew && olds.some((o) => o.leader),
      activated: carrier && !activating && anyActivated,
      ...(carrier ? { ...mergedConditions(olds), tokens: mergedTokens(olds) } : {}),
    };
    if (health === 0) {
      m = killed(m, null, 'health');
      killedIds.push(m.id);
    }
    return m;
  });
  const next = models.map((m) => (oldIds.includes(m.id) ? { ...m, status: 'removed' as const, killedBy: null, killedHow: null, killedWhileBuried: false, replacedBy: newIds } : m));
  return {
    ok: true,
    value: {
      models: [...next, ...added],
      added,
      removed: [...oldIds],
      continuesActivation: activating ? (newIds[carrierIndex] ?? null) : null,
      killed: killedIds,
      crossCrew: !sameCrew,
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Burying (BURY-1..4, END-4)

function updateModel(models: readonly ModelInPlay[], id: string, change: (m: ModelInPlay) => ModelInPlay): ModelInPlay[] {
  return models.map((m) => (m.id === id ? change(m) : m));
}

/**
 * BURY-1: off the table, still in play. Burying a buried model does nothing (BURY-3): that answers
 * ALREADY_BURIED, which an effect takes as "nothing happens", not as a failure of the effect.
 */
export function bury(models: readonly ModelInPlay[], id: string): Result<ModelInPlay[], ModelError> {
  const found = findModel(models, id, 'BURY-1');
  if (!found.ok) return found;
  if (found.value.status === 'buried') return refuse('ALREADY_BURIED', 'BURY-3', { model: id });
  if (!isInPlay(found.value)) return refuse('NOT_IN_PLAY', 'BURY-1', { model: id });
  return { ok: true, value: updateModel(models, id, (m) => ({ ...m, status: 'buried' })) };
}

/** BURY-3: back on the table (placement is the caller's); unburying a model not buried does nothing (NOT_BURIED). */
export function unbury(models: readonly ModelInPlay[], id: string): Result<ModelInPlay[], ModelError> {
  const found = findModel(models, id, 'BURY-3');
  if (!found.ok) return found;
  if (found.value.status !== 'buried') return refuse('NOT_BURIED', 'BURY-3', { model: id });
  return { ok: true, value: updateModel(models, id, (m) => ({ ...m, status: 'in-play' })) };
}

/** END-4 step 1 (AMB-28, BURY-4): every model still buried is killed, with no killer and no marker. */
export function killBuriedAtGameEnd(models: readonly ModelInPlay[]): { models: ModelInPlay[]; killed: string[] } {
  const killedIds = models.filter((m) => m.status === 'buried').map((m) => m.id);
  return { models: models.map((m) => (m.status === 'buried' ? killed(m, null, 'gameEnd') : m)), killed: killedIds };
}

// ---------------------------------------------------------------------------------------------------
// Pass tokens (START-5)

/** START-5 (AMB-43): each crew's models in play, buried included; the crew with fewer gains the difference. */
export function passTokensOwed(models: readonly ModelInPlay[]): { seat: Seat; tokens: number } | null {
  const count = (seat: Seat) => models.filter((m) => m.seat === seat && isInPlay(m)).length;
  const diff = count(0) - count(1);
  if (diff === 0) return null;
  return diff < 0 ? { seat: 0, tokens: -diff } : { seat: 1, tokens: diff };
}
