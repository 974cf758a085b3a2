/**
 * Assembles the bot from its parts: storage, the REST outbox and the router over every command.
 * Each way in (gateway, HTTP endpoint, sandbox) wraps the same `handler`.
 */
import { randomBytes } from 'node:crypto';
import type { REST } from '@discordjs/rest';
import { interactionsFor } from './commands/index.js';
import { createOutbox } from './outbox.js';
import { createRouter } from './router.js';
import { withDeadline } from './deadline.js';
import type { InteractionHandler } from './contract.js';
import type { Services } from './services.js';
import { builtSystems, type SystemRegistry } from '../systems/registry.js';
import type { GameStore } from '../store/contract.js';
import { consoleLogger, type Logger } from '../app/services.js';
import { languageChoices } from '../app/languages.js';

export interface Bot {
  handler: InteractionHandler;
  services: Services;
}

/**
 * `systems`: the game systems this bot plays (the built ones by default; tests add their own to prove a
 * system plugs in without touching the platform).
 */
export function buildBot(options: { store: GameStore; rest: REST; applicationId: string; log?: Logger; newSeed?: () => string; deadlineMs?: number; systems?: SystemRegistry; clock?: () => number }): Bot {
  const services: Services = {
    store: options.store,
    outbox: createOutbox({ rest: options.rest, applicationId: options.applicationId }),
    newSeed: options.newSeed ?? (() => randomBytes(32).toString('hex')),
    log: options.log ?? consoleLogger,
    languages: languageChoices(options.store),
    systems: options.systems ?? builtSystems,
    clock: options.clock ?? Date.now,
  };
  const { commands, components } = interactionsFor(services.systems);
  const router = createRouter({ commands, components, services });
  return { handler: withDeadline(router, services.outbox, options.deadlineMs), services };
}

/** A bot token starts with the bot user's id in base64, which is the application's id for every modern app. */
export function applicationIdFromToken(token: string): string | null {
  const first = token.split('.')[0];
  if (!first) return null;
  const decoded = Buffer.from(first, 'base64').toString('utf8');
  return /^\d{15,25}$/.test(decoded) ? decoded : null;
}
