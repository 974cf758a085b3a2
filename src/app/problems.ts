/**
 * Why a use case did nothing: a closed union of the platform's own reasons, or a refusal by the game's
 * rules (the system's `RuleError`, carried as is). The edge turns each into localized words; nothing here
 * knows how a reply looks.
 */
import type { RuleError } from '../systems/contract.js';

export type AppProblem =
  /** No active game in this channel. */
  | { code: 'NO_GAME' }
  /** No game, active or ended, was ever played in this channel. */
  | { code: 'NO_GAME_EVER' }
  /** The clicked component belongs to a game or a decision that is no longer current. */
  | { code: 'STALE_BUTTON' }
  | { code: 'NOT_YOUR_BUTTON'; params: { name: string } }
  | { code: 'NOT_A_PLAYER' }
  /** Another action was written meanwhile, twice in a row. */
  | { code: 'CONCURRENT_ACTION' }
  /** Discord delivered this interaction again: it already acted once. */
  | { code: 'DUPLICATE_INTERACTION' }
  | { code: 'CHANNEL_HAS_GAME' }
  | { code: 'NOTHING_TO_UNDO' }
  /** The undo request has lapsed: something else was written since it was asked. */
  | { code: 'UNDO_REQUEST_STALE' }
  | { code: 'UNDO_ANSWER_NOT_YOURS'; params: { name: string } }
  | { code: 'REFEREE_ANSWER_NOT_YOURS'; params: { name: string } }
  /** /game new with a turn clock out of its range (hours). */
  | { code: 'TURN_CLOCK_RANGE'; params: { min: number; max: number } }
  /** /game new with a deadline policy but no turn clock. */
  | { code: 'DEADLINE_WITHOUT_CLOCK' }
  /** /game new whose deadline pings the referees, for a game nobody referees. */
  | { code: 'DEADLINE_WITHOUT_REFEREES' }
  /** /game new with both a referee role and "no referee". */
  | { code: 'REFEREE_OPTIONS_CONFLICT' }
  /** The game waits for its end's take-back window (`until`: Unix seconds). */
  | { code: 'GAME_ENDING'; params: { until: number } }
  | { code: 'VERIFY_NOT_ENDED'; params: { commitment: string } }
  | { code: 'NOT_VERIFIABLE' }
  /** The stored game names a system this build does not have: it is never played by another one. */
  | { code: 'UNKNOWN_SYSTEM'; params: { system: string } }
  /** A system not offered at /game new (not built, or not in this build). */
  | { code: 'SYSTEM_NOT_BUILT'; params: { system: string } }
  | { code: 'SEAT_COUNT'; params: { system: string; min: number; max: number } }
  /** A system's command in a channel whose game another system plays. */
  | { code: 'WRONG_SYSTEM'; params: { system: string } }
  /** A stored event or snapshot does not parse with its system's schema: never silently a different game. */
  | { code: 'CORRUPT_LOG'; params: { game: string; entry: string } }
  /** No league of that name (or id) in this server. */
  | { code: 'NO_LEAGUE'; params: { name: string } }
  | { code: 'LEAGUE_NAME_TAKEN'; params: { name: string } }
  | { code: 'LEAGUE_NAME_LENGTH'; params: { min: number; max: number } };

export type Problem = AppProblem | RuleError;

export type Outcome<T> = ({ ok: true } & T) | { ok: false; problem: Problem };
