/**
 * The seam between the scoring rules (strategies and schemes as data, scoring.md §3, §6–§9) and the game
 * that runs them in its End Phase (§12). A rule never reads the game's state: it reads `ScoringFacts`, what
 * the bot knows from its own records (decision class a, §11), and, for what only the table can tell
 * (classes b and c: distances, LoS, engagement), a `TableClaim` that the scoring player states and the
 * opponent confirms. A later issue computes class b from positions: it will fill the same claim.
 *
 * Pure: no I/O, no clock; every function answers from its arguments.
 */
import type { Seat } from '../../malifaux-table/engine/schema.js';
import type { Killer, ModelInPlay } from '../engine/models.js';
import type { DeploymentId, PackId, SchemeId, StrategyId } from '../engine/encounterPacks.js';
import type { SchemePick } from '../engine/schemes.js';

/** One death, as the game recorded it when it happened (KILL, U14, REP-1 step 5). */
export interface DeathRecord {
  model: string;
  turn: number;
  /** The activation during which it died (a counter over the game), null outside activations (End Phase step A). */
  activation: number | null;
  /** KILL-3 and U14: the model credited (its crew and controller), null for a condition or hazard. */
  killer: Killer | null;
  /** How it left play: killed (Health, outright, buried at game end) or replaced by a model of another crew. */
  how: 'health' | 'outright' | 'gameEnd' | 'replacedByEnemy';
}

/** Damage one model dealt another, tagged with its activation (Vendetta, §13-A14). */
export interface DamageRecord {
  by: string;
  target: string;
  amount: number;
  turn: number;
  activation: number;
}

/** What the bot knows when an objective is scored (class a). */
export interface ScoringFacts {
  pack: PackId;
  /** 1–5. */
  turn: number;
  initiative: Seat;
  /** Every model of both crews (killed, buried and replaced ones too): status, cost, station, Leader, Health, tokens, Replace chain. */
  models: readonly ModelInPlay[];
  /** Ids of Insignificant models (U9): they never count, engage, get chosen or score. */
  insignificant: ReadonlySet<string>;
  deaths: readonly DeathRecord[];
  damage: readonly DamageRecord[];
  /** When scoring at the end of an activation (core Vendetta, GG3 Vendetta's Reveal): the model and the activation. */
  activationEnded: { model: string; activation: number } | null;
  /**
   * The activation begun last (the one under way, or, between two, the one just ended), 0 before the first:
   * Dig Their Graves' Reveal comes right after its kill (§7 #5), so it reads the kills made in this one only.
   */
  activationBegun: number;
  /** The encounter's deployment (§5): Guard the Stash can count 4 markers on Standard and Wedge, 5 on Corner and Flank (§8.2). */
  deployment: DeploymentId;
  /**
   * Schemes already revealed before this scoring, per crew (a Reveal scored, or shown): the End of Take
   * Prisoner and of Deliver a Message may count a kill by the chosen model's own crew only then (§7 #7, #11).
   */
  revealed: readonly { seat: Seat; scheme: SchemeId }[];
  /** The readings a group may switch (§6.4, §13-A21); absent: the defaults. */
  options?: ScoringOptions;
}

export interface ScoringOptions {
  /** §6.4: count a model Replaced by a model of another crew as a Reckoning kill (default false). */
  replaceCountsAsKill?: boolean;
  /** §13-A21: the cost of a model printed with a dash (a Master) when costs are compared, the game's `noCostValue` (default 0, as the secret picks use). */
  noCostValue?: number;
}

/**
 * What the scoring player states about the table, for the parts the bot cannot see. Every field is optional:
 * an objective says which it needs (`ClaimNeed`), and checks every named model against its records.
 */
export interface TableClaim {
  /** X for the counting strategies (markers friendly, idols in the enemy half, points…). */
  count?: number;
  /** Models the claim names, in the objective's order (e.g. the friendly model in the enemy DZ). */
  models?: string[];
  /** Pairs the claim names (Hold Up: each friendly model and the enemy it engages). */
  pairs?: [string, string][];
  /** Scheme markers the owner removes to score (Rm), as the objective requires. */
  markersRemoved?: number;
  /** Free text for the opponent (where, how): shown with the claim, never checked. */
  note?: string;
}

/**
 * What a claim must state for an objective the bot cannot decide alone (shown to the player as a form).
 * The statement's message reads `crew` (the scoring player's name), `count`, `models` and `pairs` (the
 * claim's, as the flow lists them) and the rule's own `params`. A scheme's need may name its secret pick
 * (`params.chosen`, `params.terrain`, `params.markerType`): show it to its owner only until the claim is posted.
 */
export interface ClaimNeed {
  /** The table statement the opponent confirms, as a message key (en/fr): "3 of your Scheme markers are on the centerline". */
  statement: string;
  /** Values the rule knows for the statement (markers to remove, the chosen terrain…). */
  params?: Record<string, string | number>;
  count?: { min: number; max: number };
  /**
   * Models to name, in this order (`claim.models` lists each group's models one after the other):
   * whose ('any': either crew), how many, and the role a form shows for them (a message key).
   */
  models?: { side: 'friendly' | 'enemy' | 'any'; min: number; max: number; role: string }[];
  /** Pairs to name (Hold Up, Public Demonstration): a friendly model and an enemy model each, roles as message keys. */
  pairs?: { min: number; roles?: [string, string] };
  markersRemoved?: number;
  /** Set the Trap's Reveal: the markers named are counted (`count`) and all of them are removed. */
  countIsMarkersRemoved?: boolean;
}

/**
 * Every refusal of the scoring rules, each with an English and a French message (`error.<code>`,
 * src/i18n/scoringMessages.ts): an objective not met or a claim the records contradict (Evaluation's
 * `fails`), and the VP ledger's universal rules (ledger.ts).
 */
export const SCORING_ERROR_CODES = [
  // The strategy (§3.1)
  'STRATEGY_CAPPED',
  'STRATEGY_NOT_ENOUGH',
  // The shape of a claim
  'CLAIM_COUNT_MISSING',
  'CLAIM_COUNT_OUT_OF_RANGE',
  'CLAIM_MODELS_NUMBER',
  'CLAIM_PAIRS_NUMBER',
  'CLAIM_MARKERS_REMOVED',
  'CLAIM_NOT_ASKED',
  // A model a claim names, against the records
  'CLAIM_UNKNOWN_MODEL',
  'CLAIM_NOT_FRIENDLY',
  'CLAIM_NOT_ENEMY',
  'CLAIM_INSIGNIFICANT',
  'CLAIM_MODEL_REPEATED',
  'CLAIM_NOT_CHOSEN',
  'CLAIM_MODEL_NOT_ALLOWED',
  'CLAIM_NOT_COSTLIER',
  'CLAIM_SUMMONED_THIS_TURN',
  // What the records decide (class a)
  'MODEL_OUT_OF_PLAY',
  'MODEL_BURIED',
  'MODEL_STILL_IN_PLAY',
  'HEALTH_TEST',
  'REPLACED_BY_COSTLIER',
  'NO_ENEMY_LEADER',
  'NOT_END_OF_ACTIVATION',
  'NO_DAMAGE_THIS_ACTIVATION',
  'NO_KILL_BY_YOUR_CREW',
  'NOT_KILLED_BY_YOUR_CREW',
  'NO_COSTLY_DEATH',
  'NOT_A_COSTLY_DEATH',
  'MARTYRS_NOT_EXACTLY_ONE',
  'NO_CHOSEN_CAN_SCORE',
  'NO_WOUNDED_MASTER_OR_HENCHMAN',
  'TOO_FEW_ENEMIES',
  'NOT_COSTLIEST_HIRED',
  'COSTLIEST_OUT_OF_PLAY',
  'PICK_INCOMPLETE',
  // The VP ledger (U2–U6, U11)
  'VP_INVALID',
  'TURN_INVALID',
  'NO_VP_IN_TURN_ONE',
  'END_BEFORE_TURN_FIVE',
  'STRATEGY_CAP',
  'STRATEGY_ONCE_PER_TURN',
  'SCHEME_HALF_SCORED',
  'SCHEME_ONCE_PER_TURN',
  'REVEALED_IN_TURN_FIVE',
  'CREW_CAP',
  'CORRECTION_BELOW_ZERO',
] as const;
export type ScoringErrorCode = (typeof SCORING_ERROR_CODES)[number];

/**
 * One objective judged now: the bot's records decide it (`scores` or `fails`, class a), or it needs the
 * table's word (`needsClaim`). Given a claim, the answer is `scores` (the claim holds against every record)
 * or `fails` (a record contradicts it: the code and params say which), never `needsClaim` again.
 */
export type Evaluation =
  | { kind: 'scores'; claimed: boolean; markersRemoved: number; params: Record<string, string | number> }
  | { kind: 'fails'; code: ScoringErrorCode; rule: string; params: Record<string, string | number> }
  | { kind: 'needsClaim'; need: ClaimNeed };

/** The objective a VP comes from: the strategy, or one half of a scheme (U4). */
export type VpSource = { kind: 'strategy'; strategy: StrategyId } | { kind: 'scheme'; scheme: SchemeId; half: 'reveal' | 'end' };

/** One VP banked (or taken away by a referee's correction: vp −1). */
export interface VpEntry {
  seat: Seat;
  turn: number;
  source: VpSource;
  vp: number;
  /** Decided by the bot's records, confirmed by the opponent, ruled by a referee, or a referee's correction. */
  how: 'records' | 'confirmed' | 'referee' | 'correction';
  reason: string | null;
}

/** The final result (U11), for leagues through the system's `outcome`. */
export interface GameResult {
  vp: [number, number];
  /** VP per turn (index 0 = turn 1) per seat. */
  byTurn: [number[], number[]];
  winner: Seat | null;
}

export type { SchemePick };
