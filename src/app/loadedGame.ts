/** A game as the use cases hold it: its stored row, the system that plays it, and its validated state. */
import type { StoredGame } from '../store/contract.js';
import type { AnySystem } from '../systems/contract.js';

export interface LoadedGame {
  stored: StoredGame;
  system: AnySystem;
  /** The system's own state, parsed with its schema (or rebuilt from its parsed log). */
  state: unknown;
}
