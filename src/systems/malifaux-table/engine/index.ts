/**
 * Fatekeeper's rules engine for the card and duel part of Malifaux Third Edition. Pure: no I/O, no
 * clock, no ambient randomness. See README.md for commands, events, decisions and the shuffle algorithm.
 */
export type { Suit, Card, CardCode, Band } from './cards.js';
export { SUITS, RED_JOKER, BLACK_JOKER, freshDeck, isCardCode, parseCard, cardValue, cardSuit, band } from './cards.js';
export type { Result, RuleError, ErrorCode } from './errors.js';
export { ERROR_CODES } from './errors.js';
export type {
  Seat,
  Command,
  CommandType,
  GameEvent,
  EventType,
  GameState,
  ActiveState,
  EndedState,
  SeatState,
  Resolution,
  DuelResolution,
  FlipResolution,
  DamageResolution,
  FlipState,
  FlipSlot,
  DuelSide,
  DuelRole,
  SideTotal,
  DuelResult,
  DamageState,
  DamageResult,
  DamageSpec,
  DamageProfile,
  TriggerSpec,
  TriggerTiming,
  SoulstoneUse,
  GameOptions,
  GameOptionsInput,
  GameSystem,
  SystemId,
  SeatInfo,
  FlipResult,
  Ending,
} from './schema.js';
export { stateSchema, commandSchema, eventSchema, decisionCoreSchema, LOG_FORMAT } from './schema.js';
export type { Actor, Decision } from './game.js';
export { initialState, decide, decideAndEvolve, evolve, evolveAll, replay } from './game.js';
export type { PendingDecision } from './decisions.js';
export { pendingDecision, isDecisionRecord, decisionChoices, commandForChoice, NO_TRIGGER, DECLINE } from './decisions.js';
export { isLegacyLog, upcastLog } from './upcast.js';
export type { DecisionCore, DecisionKind } from './step.js';
export type { PublicView, PrivateView, PublicSeat, PublicDecision } from './views.js';
export { publicView, privateView, publicEvent } from './views.js';
export { seedCommitment, isValidSeed } from './rng.js';
export type { Verification, ShuffleCheck } from './verify.js';
export { verifyShuffles } from './verify.js';
export { undoAmends, crossesAnEnd } from './undo.js';

/** The table system's id, stored with every game it plays (and in its pictures' recipes). */
export const SYSTEM_ID = 'm3e';
