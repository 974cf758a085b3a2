/** What the Discord edge adds to the use cases' services: the REST outbox every message goes through. */
import type { AppServices } from '../app/services.js';
import type { DiscordOutbox } from './contract.js';

export type Services = AppServices & { outbox: DiscordOutbox };
