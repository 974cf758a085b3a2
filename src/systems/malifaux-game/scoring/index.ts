/**
 * The scoring rules of a whole game (issue 16): the strategies and schemes of the core rules and of
 * Gaining Grounds 3 as data, each judged against the bot's records and, where the table must say, a claim
 * (scoring.md §3–§13); and the VP ledger's universal rules, the result and the End Phase order. Pure.
 */
export type {
  ClaimNeed,
  DamageRecord,
  DeathRecord,
  Evaluation,
  GameResult,
  ScoringErrorCode,
  ScoringFacts,
  ScoringOptions,
  TableClaim,
  VpEntry,
  VpSource,
} from './objective.js';
export { SCORING_ERROR_CODES } from './objective.js';
export type { DecisionClass, StrategyRule } from './strategies.js';
export { STRATEGY_RULES, evaluateStrategy, reckoningWeight, reckoningX } from './strategies.js';
export type { SchemeHalf, SchemeRule } from './schemes.js';
export { SCHEME_RULES, evaluateScheme } from './schemes.js';
export { STRATEGY_CAP, ratchet } from './ratchet.js';
export type { LedgerError } from './ledger.js';
export { CREW_CAP, SCHEME_HALF_CAP, TURNS, VP_PER_TURN, bankedFrom, mayBank, resultOf, sameSource, scoringOrder, vpBySource } from './ledger.js';
export { halfOf } from './records.js';
