/** What the Discord edge adds to the use cases' services: the REST outbox every message goes through. */
import type { AppServices } from '../app/services.js';
import type { DiscordOutbox } from './contract.js';

export type Services = AppServices & {
  outbox: DiscordOutbox;
  /**
   * The edge's clock (ms since the epoch): the rules have none, so the moments they compare (an end's
   * take-back window) come in as command input read from here. Tests turn it.
   */
  clock: () => number;
  /** The address of a league's read-only web page, when the bot serves one (HTTP mode with a public address; the sandbox). */
  leaguePageUrl?: (leagueId: string) => string;
};
