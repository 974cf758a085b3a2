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
import type { PackId, SchemeId, StrategyId } from '../engine/encounterPacks.js';
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

/** What a claim must state for an objective the bot cannot decide alone (shown to the player as a form). */
export interface ClaimNeed {
  /** The table statement the opponent confirms, as a message key (en/fr): "3 of your Scheme markers are on the centerline". */
  statement: string;
  count?: { min: number; max: number };
  /** Models to name: whose, how many, and what the bot checks about them. */
  models?: { side: 'friendly' | 'enemy'; min: number; max: number }[];
  pairs?: { min: number };
  markersRemoved?: number;
}

export type ScoringErrorCode = string;

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
