/**
 * Secret schemes (SETUP-8, scoring.md §2): each player keeps two schemes of the encounter's pool and
 * the secret picks they need (models, a marker type, a terrain piece). The bot posts a commitment of
 * each scheme publicly and keeps the choice in the player's private view; a reveal shows the scheme
 * and its pick, and anyone can check them against the commitment posted before the game.
 *
 * Pure: hashing with node:crypto is plain computation, as in the table engine's rng.ts.
 *
 * Commitments, exactly (so anyone can recompute them):
 * - salt of scheme `index` (0 or 1, the order of the player's choice) of `seat` (0 or 1):
 *   HMAC-SHA256(key = the game's secret seed as 32 bytes, message = `fatekeeper/scheme-salt/${seat}/${index}`,
 *   or `fatekeeper/scheme-salt/${seat}/${index}/${gameId}` when a game id is given), as 64 lowercase hex
 *   characters. Secret while the seed is; anyone can derive it once the seed is revealed. The seed's other
 *   HMAC messages (`fatekeeper/shuffle/…`) never start this way, so no salt is a shuffle block.
 * - commitment of one scheme: SHA-256, as 64 lowercase hex characters, of the UTF-8 text
 *   `fatekeeper/scheme/v1` + "\n" + salt + "\n" + JSON.stringify([scheme, friendly, enemy, markerType, terrain])
 *   where `friendly` and `enemy` are the picked model ids sorted ascending by UTF-16 code units
 *   (JavaScript's default sort; byte order for ASCII ids) and `markerType`, `terrain` are the strings as
 *   stored, or null. JSON.stringify writes no spaces and escapes only `"`, `\` and control characters
 *   (Python: `json.dumps(v, separators=(',', ':'), ensure_ascii=False)`). Shell, for ASCII values:
 *   `printf 'fatekeeper/scheme/v1\n%s\n%s' "$salt" '["core.claim-jump",["m1"],[],null,null]' | sha256sum`.
 * - one commitment per scheme, each with its own salt: revealing one scheme publishes its salt and pick
 *   only; the other salt is another HMAC output of the seed, which the first tells nothing about.
 */
import { createHash, createHmac } from 'node:crypto';
import { z } from 'zod';
import type { Result, RuleError } from '../../contract.js';
import { isValidSeed } from '../../malifaux-table/engine/rng.js';
import type { Seat } from '../../malifaux-table/engine/schema.js';
import type { Station } from '../crews/model.js';
import type { ModelInPlay } from './models.js';
import { schemeIdSchema } from './encounterPacks.js';
import type { SchemeId } from './encounterPacks.js';

// ---------------------------------------------------------------------------------------------------
// What each scheme's secret pick needs (scoring.md §7 and §9, "Secret pick")

/** Friendly and enemy are judged from the chooser's side (SETUP-8, U10). */
export type PickSide = 'friendly' | 'enemy';

/**
 * One condition a pick must meet. Model conditions apply to every model of their side; `combinedCostAtMost`
 * to the side's models together; `enemyCost` compares the enemy pick's cost with the friendly pick's.
 * Costs are printed costs (§13-A21: a Leader's hiring cost of 0 does not count here).
 */
export type PickConstraint =
  | { kind: 'significant'; side: PickSide }
  | { kind: 'station'; side: PickSide; in: readonly Station[] }
  | { kind: 'notStation'; side: PickSide; in: readonly Station[] }
  | { kind: 'leader'; side: PickSide; is: boolean }
  | { kind: 'totem'; side: PickSide; is: boolean }
  | { kind: 'leaderOrStation'; side: PickSide; station: Station }
  | { kind: 'costAtMost'; side: PickSide; max: number }
  | { kind: 'combinedCostAtMost'; side: PickSide; max: number }
  | { kind: 'enemyCost'; than: 'more' | 'equalOrMore' };

/** How many models of a side the pick names; `max` null is "no upper bound". */
export interface PickCount {
  min: number;
  max: number | null;
}

/**
 * Where a picked terrain piece must be. The bot has no geometry yet, so the player types the piece's name
 * and this condition stays the player's claim, for the opponent to check once the scheme is revealed (§11).
 */
export type TerrainWhere = 'enemyHalfAwayFromCenterline' | 'awayFromOwnDeploymentZone';

export interface SchemePickRule {
  /** Where the pick is written (scoring.md sections). */
  rule: string;
  friendly: PickCount;
  enemy: PickCount;
  markerType: boolean;
  terrain: TerrainWhere | null;
  constraints: readonly PickConstraint[];
}

const NO_MODEL: PickCount = { min: 0, max: 0 };
const ONE_MODEL: PickCount = { min: 1, max: 1 };

const pickRule = (rule: string, fields: Partial<Omit<SchemePickRule, 'rule'>> = {}): SchemePickRule => ({
  rule,
  friendly: NO_MODEL,
  enemy: NO_MODEL,
  markerType: false,
  terrain: null,
  constraints: [],
  ...fields,
});

/** U9: Insignificant models are never chosen, whatever the scheme. */
const UNIVERSAL_CONSTRAINTS: readonly PickConstraint[] = [
  { kind: 'significant', side: 'friendly' },
  { kind: 'significant', side: 'enemy' },
];
const UNIVERSAL_RULE = '§3-U9';

/** Every scheme of both packs: a Record, so a scheme without its pick data does not compile. */
export const SCHEME_PICKS: Readonly<Record<SchemeId, SchemePickRule>> = {
  'core.detonate-charges': pickRule('§7 #1'),
  'core.breakthrough': pickRule('§7 #2'),
  'core.harness-the-ley-line': pickRule('§7 #3'),
  'core.search-the-ruins': pickRule('§7 #4'),
  'core.dig-their-graves': pickRule('§7 #5'),
  'core.hold-up-their-forces': pickRule('§7 #6'),
  'core.take-prisoner': pickRule('§7 #7', { enemy: ONE_MODEL, constraints: [{ kind: 'station', side: 'enemy', in: ['Minion', 'Enforcer'] }] }),
  'core.power-ritual': pickRule('§7 #8'),
  'core.outflank': pickRule('§7 #9'),
  'core.assassinate': pickRule('§7 #10'),
  'core.deliver-a-message': pickRule('§7 #11', { enemy: ONE_MODEL, constraints: [{ kind: 'leaderOrStation', side: 'enemy', station: 'Master' }] }),
  'core.claim-jump': pickRule('§7 #12', { friendly: ONE_MODEL, constraints: [{ kind: 'leader', side: 'friendly', is: false }] }),
  'core.vendetta': pickRule('§7 #13, §10', {
    friendly: ONE_MODEL,
    enemy: ONE_MODEL,
    constraints: [
      { kind: 'totem', side: 'friendly', is: false },
      { kind: 'leader', side: 'enemy', is: false },
      { kind: 'enemyCost', than: 'more' },
    ],
  }),
  'gg3.breakthrough': pickRule('§9 #1'),
  'gg3.vendetta': pickRule('§9 #2, §10', {
    friendly: ONE_MODEL,
    enemy: ONE_MODEL,
    constraints: [
      { kind: 'totem', side: 'friendly', is: false },
      { kind: 'leader', side: 'enemy', is: false },
      { kind: 'enemyCost', than: 'equalOrMore' },
    ],
  }),
  'gg3.assassinate': pickRule('§9 #3'),
  'gg3.leave-your-mark': pickRule('§9 #4'),
  'gg3.sabotage': pickRule('§9 #5', { terrain: 'enemyHalfAwayFromCenterline' }),
  'gg3.hidden-martyrs': pickRule('§9 #6, §13-A17', {
    friendly: { min: 2, max: 2 },
    constraints: [
      { kind: 'leader', side: 'friendly', is: false },
      { kind: 'combinedCostAtMost', side: 'friendly', max: 15 },
    ],
  }),
  'gg3.catch-and-release': pickRule('§9 #7', { friendly: ONE_MODEL, constraints: [{ kind: 'station', side: 'friendly', in: ['Minion'] }] }),
  'gg3.spread-them-out': pickRule('§9 #8'),
  'gg3.load-em-up': pickRule('§9 #9', { markerType: true }),
  // "≥3 own models" has no upper bound; the costs bound it (at most 18 ss together).
  'gg3.public-demonstration': pickRule('§9 #10, §13-A25', {
    friendly: { min: 3, max: null },
    constraints: [
      { kind: 'costAtMost', side: 'friendly', max: 7 },
      { kind: 'combinedCostAtMost', side: 'friendly', max: 18 },
    ],
  }),
  'gg3.set-the-trap': pickRule('§9 #11'),
  'gg3.in-your-face': pickRule('§9 #12'),
  'gg3.secret-meetup': pickRule('§9 #13', {
    friendly: ONE_MODEL,
    enemy: ONE_MODEL,
    terrain: 'awayFromOwnDeploymentZone',
    constraints: [
      { kind: 'notStation', side: 'friendly', in: ['Master'] },
      { kind: 'notStation', side: 'enemy', in: ['Master'] },
    ],
  }),
};

/** What the bot knows of a model to check a pick: both crews' models, identified by string ids. */
export interface PickModel {
  id: string;
  seat: Seat;
  station: Station;
  /** Printed cost (§13-A21); a "–" is the players' `noCostValue`. */
  cost: number;
  leader: boolean;
  totem: boolean;
  name: string;
  /** U9; absent is false. */
  insignificant?: boolean;
}

/** A model in play as a pick sees it; `insignificant` comes from its profile (U9), a dash's cost from the game's `noCostValue` (§13-A21). */
export function pickModelOf(m: ModelInPlay, insignificant: boolean, noCostValue = 0): PickModel {
  return { id: m.id, seat: m.seat, station: m.station, cost: m.cost ?? noCostValue, leader: m.leader, totem: m.totemOf !== null, name: m.name, insignificant };
}

interface Picked {
  friendly: readonly PickModel[];
  enemy: readonly PickModel[];
}

const totalCost = (models: readonly PickModel[]): number => models.reduce((sum, m) => sum + m.cost, 0);

/** The one checker of every constraint: the id of the model that fails it, '' for a whole side, or null when met. */
export function constraintFailure(c: PickConstraint, picked: Picked): string | null {
  const first = (side: PickSide, ok: (m: PickModel) => boolean): string | null => picked[side].find((m) => !ok(m))?.id ?? null;
  switch (c.kind) {
    case 'significant':
      return first(c.side, (m) => m.insignificant !== true);
    case 'station':
      return first(c.side, (m) => c.in.includes(m.station));
    case 'notStation':
      return first(c.side, (m) => !c.in.includes(m.station));
    case 'leader':
      return first(c.side, (m) => m.leader === c.is);
    case 'totem':
      return first(c.side, (m) => m.totem === c.is);
    case 'leaderOrStation':
      return first(c.side, (m) => m.leader || m.station === c.station);
    case 'costAtMost':
      return first(c.side, (m) => m.cost <= c.max);
    case 'combinedCostAtMost':
      return totalCost(picked[c.side]) <= c.max ? null : '';
    case 'enemyCost': {
      const mine = totalCost(picked.friendly);
      return first('enemy', (m) => (c.than === 'more' ? m.cost > mine : m.cost >= mine));
    }
  }
}

/** A constraint as stable params for the edge to localize: its kind, side and value. */
function constraintParams(c: PickConstraint): Record<string, string> {
  switch (c.kind) {
    case 'significant':
      return { constraint: c.kind, side: c.side, value: '' };
    case 'station':
    case 'notStation':
      return { constraint: c.kind, side: c.side, value: c.in.join('|') };
    case 'leader':
    case 'totem':
      return { constraint: c.kind, side: c.side, value: String(c.is) };
    case 'leaderOrStation':
      return { constraint: c.kind, side: c.side, value: c.station };
    case 'costAtMost':
    case 'combinedCostAtMost':
      return { constraint: c.kind, side: c.side, value: String(c.max) };
    case 'enemyCost':
      return { constraint: c.kind, side: 'enemy', value: c.than };
  }
}

// ---------------------------------------------------------------------------------------------------
// The choice (stored in the player's private view; only its commitments are public)

export const PICK_MODELS_MAX = 20;

// Control characters and lone surrogates are refused so the canonical JSON of a pick has no escapes to get wrong elsewhere.
const plainText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => s.trim() !== '' && s === s.trim(), { message: 'blankOrPadded' })
    .refine((s) => !/[\p{Cc}\p{Cs}]/u.test(s), { message: 'controlCharacter' });

export const pickModelIdSchema = plainText(100);
/** A marker type or a terrain piece as the player names it (no geometry yet). */
export const pickNameSchema = plainText(80);

/** One kept scheme and its secret pick; the parts a scheme does not need are empty (§7, §9). */
export const schemePickSchema = z
  .object({
    scheme: schemeIdSchema,
    friendly: z.array(pickModelIdSchema).max(PICK_MODELS_MAX),
    enemy: z.array(pickModelIdSchema).max(PICK_MODELS_MAX),
    markerType: pickNameSchema.nullable(),
    terrain: pickNameSchema.nullable(),
  })
  .strict();
export type SchemePick = z.infer<typeof schemePickSchema>;

/**
 * The two schemes a player keeps, in the order chosen (that order numbers their salts). "Both may keep
 * the same one" (§2) is about the two players. One player keeping one scheme twice is refused
 * (SCHEME_TWICE): SETUP-8 and the rulebook have each player select two schemes of the pool, and the
 * caps assume two different ones (U4: a scheme scores at most 2 VP; U11: 4 strategy + 2 × 2 scheme VP).
 */
export const schemeChoiceSchema = z.tuple([schemePickSchema, schemePickSchema]);
export type SchemeChoice = z.infer<typeof schemeChoiceSchema>;

export const SCHEME_ERROR_CODES = [
  'SCHEME_CHOICE_INVALID',
  'SCHEME_NOT_IN_POOL',
  'SCHEME_TWICE',
  'PICK_MISSING',
  'PICK_TOO_MANY',
  'PICK_REPEATED',
  'PICK_UNKNOWN_MODEL',
  'PICK_NOT_IN_CREW',
  'PICK_NOT_ALLOWED',
  'SCHEME_SEED_INVALID',
] as const;
export type SchemeErrorCode = (typeof SCHEME_ERROR_CODES)[number];
export type SchemeError = RuleError & { code: SchemeErrorCode };

function refuse<T>(code: SchemeErrorCode, rule: string, params: Record<string, string | number>): Result<T, SchemeError> {
  return { ok: false, error: { code, rule, params } };
}

type PickPart = 'friendly' | 'enemy' | 'markerType' | 'terrain';

/** How many of a part the scheme needs, and how many the pick names. */
function partCounts(rule: SchemePickRule, pick: SchemePick): { part: PickPart; need: PickCount; given: number }[] {
  const one = (needed: boolean): PickCount => (needed ? ONE_MODEL : NO_MODEL);
  return [
    { part: 'friendly', need: rule.friendly, given: pick.friendly.length },
    { part: 'enemy', need: rule.enemy, given: pick.enemy.length },
    { part: 'markerType', need: one(rule.markerType), given: pick.markerType === null ? 0 : 1 },
    { part: 'terrain', need: one(rule.terrain !== null), given: pick.terrain === null ? 0 : 1 },
  ];
}

/** One scheme's pick against its rule and the crews (SETUP-8: a picked model must already be in that crew). */
function checkPick(pick: SchemePick, slot: number, seat: Seat, byId: ReadonlyMap<string, PickModel>): Result<null, SchemeError> {
  const rule = SCHEME_PICKS[pick.scheme];
  const at = { slot, scheme: pick.scheme };
  for (const { part, need, given } of partCounts(rule, pick)) {
    if (given < need.min) return refuse('PICK_MISSING', rule.rule, { ...at, part, min: need.min, given });
    if (need.max !== null && given > need.max) return refuse('PICK_TOO_MANY', rule.rule, { ...at, part, max: need.max, given });
  }
  const picked: { friendly: PickModel[]; enemy: PickModel[] } = { friendly: [], enemy: [] };
  for (const side of ['friendly', 'enemy'] as const) {
    for (const id of pick[side]) {
      const model = byId.get(id);
      if (model === undefined) return refuse('PICK_UNKNOWN_MODEL', 'SETUP-8', { ...at, part: side, model: id });
      if ((model.seat === seat) !== (side === 'friendly')) return refuse('PICK_NOT_IN_CREW', 'SETUP-8', { ...at, part: side, model: id });
      if (picked[side].includes(model)) return refuse('PICK_REPEATED', rule.rule, { ...at, part: side, model: id });
      picked[side].push(model);
    }
  }
  const failed = pickFailure(rule, picked);
  return failed ? refuse('PICK_NOT_ALLOWED', failed.rule, { ...at, ...failed.params }) : { ok: true, value: null };
}

/** The side a constraint judges (`enemyCost` judges the enemy pick, against the friendly one). */
const sideOf = (c: PickConstraint): PickSide => (c.kind === 'enemyCost' ? 'enemy' : c.side);

/**
 * The first condition the picked models fail — U9's, then the scheme's own — with where it is written and
 * what it is; null when they meet them all. `side`: only the conditions on that side's models.
 */
function pickFailure(rule: SchemePickRule, picked: Picked, side?: PickSide): { rule: string; params: Record<string, string> } | null {
  for (const [constraints, where] of [
    [UNIVERSAL_CONSTRAINTS, UNIVERSAL_RULE],
    [rule.constraints, rule.rule],
  ] as const) {
    for (const c of constraints) {
      if (side !== undefined && sideOf(c) !== side) continue;
      const failed = constraintFailure(c, picked);
      if (failed !== null) return { rule: where, params: { ...constraintParams(c), model: failed } };
    }
  }
  return null;
}

/**
 * The models a side of a scheme's pick may name, each judged alone by the same conditions as the choice
 * (U9, the scheme's own; an enemy model's cost against the friendly models already picked, §10): what a
 * player is offered to pick from. A bound on the side's models together (a combined cost) rules out a
 * model that alone exceeds it; `sidePickFailure` judges the models picked together.
 */
export function eligiblePicks(scheme: SchemeId, side: PickSide, seat: Seat, models: readonly PickModel[], friendly: readonly PickModel[] = []): PickModel[] {
  const rule = SCHEME_PICKS[scheme];
  return models.filter((m) => (m.seat === seat) === (side === 'friendly') && pickFailure(rule, side === 'friendly' ? { friendly: [m], enemy: [] } : { friendly, enemy: [m] }, side) === null);
}

/** Whether one side's models, picked together, meet the scheme's conditions on that side (SETUP-8): the refusal if not. */
export function sidePickFailure(scheme: SchemeId, side: PickSide, picked: readonly PickModel[], friendly: readonly PickModel[] = []): SchemeError | null {
  const rule = SCHEME_PICKS[scheme];
  const failed = pickFailure(rule, side === 'friendly' ? { friendly: picked, enemy: [] } : { friendly, enemy: picked }, side);
  return failed ? { code: 'PICK_NOT_ALLOWED', rule: failed.rule, params: { scheme, part: side, ...failed.params } } : null;
}

/**
 * A player's two schemes and picks, checked against the pool and both crews (`models`: every model of
 * both seats, `seat`: the chooser's). Answers the parsed choice, or the first problem found.
 */
export function checkSchemeChoice(pool: readonly string[], choice: SchemeChoice, seat: Seat, models: readonly PickModel[]): Result<SchemeChoice, SchemeError> {
  const parsed = schemeChoiceSchema.safeParse(choice);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return refuse('SCHEME_CHOICE_INVALID', 'SETUP-8', { field: issue?.path.join('.') ?? '', problem: issue?.code === 'custom' ? issue.message : (issue?.code ?? '') });
  }
  const picks = parsed.data;
  for (const [slot, pick] of picks.entries()) {
    if (!pool.includes(pick.scheme)) return refuse('SCHEME_NOT_IN_POOL', 'SETUP-8', { slot, scheme: pick.scheme });
  }
  if (picks[0].scheme === picks[1].scheme) return refuse('SCHEME_TWICE', 'SETUP-8', { scheme: picks[0].scheme });
  const byId = new Map(models.map((m) => [m.id, m]));
  for (const [slot, pick] of picks.entries()) {
    const checked = checkPick(pick, slot, seat, byId);
    if (!checked.ok) return checked;
  }
  return { ok: true, value: picks };
}

// ---------------------------------------------------------------------------------------------------
// Replace (REP-1 step 4)

/**
 * A same-crew Replace: every pick naming the old model names the new one. Only for same-crew replaces
 * (a cross-crew Replace leaves the old model chosen, now out of play, REP-1 step 5); REP-2 passes the
 * picks to the one new model its controller names. The constraints are not checked again: the new model
 * always counts as a valid choice, and scoring follows the Replace chain for "Replaced by a costlier
 * model" (§9). When two chosen models are replaced by one (REP-3) the pick names it once. The
 * commitments stay those of the choice as first made: a reveal shows that choice and its Replace chain.
 */
export function replacePicks(choice: SchemeChoice, oldId: string, newId: string): SchemeChoice {
  const swap = (ids: readonly string[]): string[] => [...new Set(ids.map((id) => (id === oldId ? newId : id)))];
  return choice.map((pick) => ({ ...pick, friendly: swap(pick.friendly), enemy: swap(pick.enemy) })) as SchemeChoice;
}

// ---------------------------------------------------------------------------------------------------
// Commitments (the exact algorithm is in this file's header)

export const SCHEME_SALT_PATTERN = /^[0-9a-f]{64}$/;
const COMMITMENT_PATTERN = /^[0-9a-f]{64}$/;

/** The salt of scheme `index` (0 or 1) of a seat's choice, from the game's secret seed (64 hex characters). */
export function schemeSalt(seed: string, seat: Seat, index: 0 | 1, gameId?: string): Result<string, SchemeError> {
  const hex = seed.toLowerCase();
  if (!isValidSeed(hex)) return refuse('SCHEME_SEED_INVALID', 'SETUP-8', {});
  const message = gameId === undefined ? `fatekeeper/scheme-salt/${seat}/${index}` : `fatekeeper/scheme-salt/${seat}/${index}/${gameId}`;
  return { ok: true, value: createHmac('sha256', Buffer.from(hex, 'hex')).update(message).digest('hex') };
}

/** The canonical text of one scheme's pick that its commitment hashes after the salt. */
export function canonicalPick(pick: SchemePick): string {
  return JSON.stringify([pick.scheme, [...pick.friendly].sort(), [...pick.enemy].sort(), pick.markerType, pick.terrain]);
}

/** The public commitment of one scheme and its pick: 64 lowercase hex characters. */
export function commitScheme(pick: SchemePick, salt: string): string {
  return createHash('sha256').update(`fatekeeper/scheme/v1\n${salt}\n${canonicalPick(pick)}`, 'utf8').digest('hex');
}

/** Both commitments of a seat's choice, in the choice's order, each with its own salt. */
export function commitChoice(choice: SchemeChoice, seed: string, seat: Seat, gameId?: string): Result<[string, string], SchemeError> {
  const salts = [schemeSalt(seed, seat, 0, gameId), schemeSalt(seed, seat, 1, gameId)] as const;
  if (!salts[0].ok) return salts[0];
  if (!salts[1].ok) return salts[1];
  return { ok: true, value: [commitScheme(choice[0], salts[0].value), commitScheme(choice[1], salts[1].value)] };
}

/** Whether a revealed scheme, its pick and its salt are what the commitment was made of. */
export function revealScheme(commitment: string, pick: SchemePick, salt: string): boolean {
  if (!COMMITMENT_PATTERN.test(commitment) || !SCHEME_SALT_PATTERN.test(salt)) return false;
  return commitScheme(pick, salt) === commitment;
}
