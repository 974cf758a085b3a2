/** Everything the use cases touch outside the engine, gathered once at start-up and passed down. */
import type { GameStore } from '../store/contract.js';
import type { DiscordOutbox } from '../discord/contract.js';
import type { LanguageChoices } from './languages.js';

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface Services {
  store: GameStore;
  outbox: DiscordOutbox;
  /** A fresh 256-bit secret for a game's shuffles (hex). Lives at the edge: the engine never makes randomness. */
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
