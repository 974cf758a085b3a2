/**
 * Assembles the bot from its parts: storage, the REST outbox and the router over every command.
 * Each way in (gateway, HTTP endpoint, sandbox) wraps the same `handler`.
 */
import { randomBytes } from 'node:crypto';
import type { REST } from '@discordjs/rest';
import { interactionsFor } from './commands/index.js';
import { createOutbox, uploadable } from './outbox.js';
import { createRouter } from './router.js';
import { withDeadline } from './deadline.js';
import { createReminders, type Reminders } from './reminders.js';
import type { InteractionHandler } from './contract.js';
import type { Services } from './services.js';
import { builtSystems, type SystemRegistry } from '../systems/registry.js';
import type { GameStore } from '../store/contract.js';
import { consoleLogger, type Logger } from '../app/services.js';
import { languageChoices } from '../app/languages.js';
import { localeFrom, translator } from '../i18n/index.js';
import type { PictureRecipe } from '../systems/contract.js';

export interface Bot {
  handler: InteractionHandler;
  services: Services;
  /**
   * Settles once every system's start-up work (fonts, a first picture) is done; failures are logged, not
   * thrown. Started by buildBot: a server may listen at once, but waiting for it keeps the first player's
   * answer as fast as the next ones.
   */
  warmedUp: Promise<void>;
  /** A public picture drawn again from its recipe by the system that wrote it (null: no such picture). */
  drawPicture(recipe: PictureRecipe): Promise<Buffer | null>;
  /**
   * The reminders of slow games (their turn clocks' timers), on the bot's clock. Not started by buildBot:
   * main.ts starts the loop once the bot serves (tests run passes themselves with `tick`).
   */
  reminders: Reminders;
}

/**
 * `systems`: the game systems this bot plays (the built ones by default; tests add their own to prove a
 * system plugs in without touching the platform).
 */
export function buildBot(options: { store: GameStore; rest: REST; applicationId: string; log?: Logger; newSeed?: () => string; deadlineMs?: number; systems?: SystemRegistry; clock?: () => number; leaguePageUrl?: (leagueId: string) => string; linkPictures?: boolean }): Bot {
  const services: Services = {
    store: options.store,
    outbox: createOutbox({ rest: options.rest, applicationId: options.applicationId }),
    newSeed: options.newSeed ?? (() => randomBytes(32).toString('hex')),
    log: options.log ?? consoleLogger,
    languages: languageChoices(options.store),
    systems: options.systems ?? builtSystems,
    clock: options.clock ?? Date.now,
    ...(options.leaguePageUrl ? { leaguePageUrl: options.leaguePageUrl } : {}),
  };
  const { commands, components } = interactionsFor(services.systems);
  const router = createRouter({ commands, components, services });
  const warmedUp = Promise.all(
    services.systems.all.map((system) => system.presentation.warmUp?.(translator('en')).catch((error: unknown) => services.log.warn(`warming up ${system.id} failed: ${String(error)}`))),
  ).then(() => undefined);
  const drawPicture = async (recipe: PictureRecipe): Promise<Buffer | null> => {
    const presentation = services.systems.byId(recipe.system)?.presentation;
    return presentation?.drawPicture ? presentation.drawPicture(translator(localeFrom(recipe.locale)), recipe.kind, recipe.data) : null;
  };
  // A reply's pictures are drawn within the 3-second guard, as part of the answer — unless the transport
  // links them (`linkPictures`: a public address, on either transport), when they are not drawn at all.
  const answer: InteractionHandler = options.linkPictures ? router : async (interaction) => {
    const reply = await router(interaction);
    return reply.files?.some((file) => typeof file.data === 'function') ? { ...reply, files: await uploadable(reply.files) } : reply;
  };
  return { handler: withDeadline(answer, services.outbox, options.deadlineMs), services, warmedUp, drawPicture, reminders: createReminders(services) };
}

/** A bot token starts with the bot user's id in base64, which is the application's id for every modern app. */
export function applicationIdFromToken(token: string): string | null {
  const first = token.split('.')[0];
  if (!first) return null;
  const decoded = Buffer.from(first, 'base64').toString('utf8');
  return /^\d{15,25}$/.test(decoded) ? decoded : null;
}
