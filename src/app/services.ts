/** Everything the use cases touch outside the rules, gathered once at start-up and passed down. */
import type { GameStore } from '../store/contract.js';
import type { SystemRegistry } from '../systems/registry.js';
import type { LanguageChoices } from './languages.js';

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface AppServices {
  store: GameStore;
  /** The game systems this bot plays; a stored game's system is looked up here on every load. */
  systems: SystemRegistry;
  /** A fresh 256-bit secret for a game's shuffles (hex). Lives at the edge: the rules never make randomness. */
  newSeed(): string;
  log: Logger;
  /** The languages users chose with /settings (cached: every interaction asks). */
  languages: LanguageChoices;
}

export const consoleLogger: Logger = {
  info: (m) => console.log(m),
  warn: (m) => console.warn(m),
  error: (m) => console.error(m),
};
