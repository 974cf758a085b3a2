/**
 * Assembles the bot from its parts: storage, the REST outbox and the router over every command.
 * Each way in (gateway, HTTP endpoint, sandbox) wraps the same `handler`.
 */
import { randomBytes } from 'node:crypto';
import type { REST } from '@discordjs/rest';
import { allCommands, allComponents } from '../discord/commands/index.js';
import { createOutbox } from '../discord/outbox.js';
import { createRouter } from '../discord/router.js';
import { withDeadline } from '../discord/deadline.js';
import type { InteractionHandler } from '../discord/contract.js';
import type { GameStore } from '../store/contract.js';
import { consoleLogger, type Logger, type Services } from './services.js';
import { languageChoices } from './languages.js';

export interface Bot {
  handler: InteractionHandler;
  services: Services;
}

export function buildBot(options: { store: GameStore; rest: REST; applicationId: string; log?: Logger; newSeed?: () => string; deadlineMs?: number }): Bot {
  const services: Services = {
    store: options.store,
    outbox: createOutbox({ rest: options.rest, applicationId: options.applicationId }),
    newSeed: options.newSeed ?? (() => randomBytes(32).toString('hex')),
    log: options.log ?? consoleLogger,
    languages: languageChoices(options.store),
  };
  const router = createRouter({ commands: allCommands, components: allComponents, services });
  return { handler: withDeadline(router, services.outbox, options.deadlineMs), services };
}

/** A bot token starts with the bot user's id in base64, which is the application's id for every modern app. */
export function applicationIdFromToken(token: string): string | null {
  const first = token.split('.')[0];
  if (!first) return null;
  const decoded = Buffer.from(first, 'base64').toString('utf8');
  return /^\d{15,25}$/.test(decoded) ? decoded : null;
}
