/**
 * Refusals. Every refusal is a value (never a throw) with a stable code the app localizes, the rule
 * that forbids the move, and params for the message. Params must never carry information hidden from
 * the person who receives the error (another player's hand, the deck order, the seed).
 */
export type Result<T, E> = { ok: true; value: T } | { ok: false; error: E };

export const ERROR_CODES = [
  // lifecycle
  'INVALID_COMMAND',
  'INVALID_SEED',
  'GAME_NOT_STARTED',
  'GAME_ALREADY_STARTED',
  'GAME_ENDED',
  // ending with a take-back window, and undo
  'GAME_ENDING',
  'NO_END_PENDING',
  'END_WINDOW_CLOSED',
  'END_NOT_DUE',
  'UNDO_PAST_END',
  // who may act
  'NOT_A_PLAYER',
  'NOT_YOUR_SEAT',
  'REFEREE_ONLY',
  'WAITING_FOR_DECISION',
  'NO_DECISION_PENDING',
  'STALE_DECISION',
  'NO_RESOLUTION',
  // cards and zones
  'CARD_NOT_IN_HAND',
  'DUPLICATE_CARD',
  'DECK_EXHAUSTED',
  'DISCARD_COUNT',
  'HAND_FULL',
  'ILLEGAL_PICK',
  // re-flips (FLIP-7)
  'NOTHING_TO_REFLIP',
  'REFLIP_TOO_LATE',
  'REFLIP_NOT_YOUR_FLIP',
  // cheating
  'CHEAT_FORBIDDEN_NEGATIVE_FLIP',
  'CHEAT_FORBIDDEN_BLACK_JOKER',
  'CHEAT_FORBIDDEN_RED_JOKER',
  'CHEAT_FORBIDDEN_BY_EFFECT',
  'CHEAT_ALREADY_DECIDED',
  'CHEAT_FORBIDDEN_EMPTY_HAND',
  // duels and triggers
  'UNKNOWN_TRIGGER',
  'TRIGGER_SUITS_MISSING',
  'TRIGGER_COST_UNPAYABLE',
  // soulstones
  'SOULSTONES_EMPTY',
  'NOT_A_SOULSTONE_USER',
  'SOULSTONE_ONE_PER_EFFECT',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface RuleError {
  code: ErrorCode;
  rule?: string;
  params?: Record<string, string | number>;
}

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export function fail(code: ErrorCode, rule?: string, params?: Record<string, string | number>): { ok: false; error: RuleError } {
  const error: RuleError = { code };
  if (rule !== undefined) error.rule = rule;
  if (params !== undefined) error.params = params;
  return { ok: false, error };
}
