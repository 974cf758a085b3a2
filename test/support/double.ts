/**
 * Test wiring: a Discord double plus the bot's real transport (gateway Client or HTTP endpoint) pointed
 * at it, and an outbox on the double's REST API. Nothing here reaches the real Discord.
 */
import type { Server } from 'node:http';
import type { REST } from '@discordjs/rest';
import type { DiscordOutbox, InteractionHandler } from '../../src/discord/contract.js';
import { startGateway, type GatewayHandle } from '../../src/discord/gateway.js';
import { createInteractionsServer, listen } from '../../src/discord/http.js';
import { createOutbox, createRest, type Log } from '../../src/discord/outbox.js';
import { startDiscordDouble, type DiscordDouble, type DiscordDoubleOptions } from '../../src/discord-double/index.js';

export interface BotEnv {
  double: DiscordDouble;
  rest: REST;
  outbox: DiscordOutbox;
}

export interface StartBotOptions {
  mode: 'gateway' | 'http';
  /** The router under test; or build it from the environment with `createHandler`. */
  handler?: InteractionHandler;
  createHandler?: (env: BotEnv) => InteractionHandler;
  /** Options for the double (fixtures, responseTimeoutMs, sandbox…); delivery is set from `mode`. */
  double?: Omit<DiscordDoubleOptions, 'delivery'>;
  /** HTTP mode: body limit of the endpoint. */
  maxBodyBytes?: number;
}

export interface BotAgainstDouble extends BotEnv {
  mode: 'gateway' | 'http';
  /** Gateway mode: the logged-in discord.js client. */
  gateway?: GatewayHandle;
  /** HTTP mode: the interactions endpoint and its URL. */
  server?: Server;
  interactionsUrl?: string;
  /** Errors the transports logged (after() failures, failed callbacks) instead of printing them. */
  logs: { message: string; error?: unknown }[];
  cleanup(): Promise<void>;
}

export async function startDouble(options: DiscordDoubleOptions = {}): Promise<DiscordDouble> {
  return startDiscordDouble(options);
}

export async function startBotAgainstDouble(options: StartBotOptions): Promise<BotAgainstDouble> {
  const double = await startDiscordDouble(options.double ?? {});
  const rest = createRest({ token: double.botToken, apiBase: double.apiBase });
  const outbox = createOutbox({ rest, applicationId: double.applicationId });
  const env: BotEnv = { double, rest, outbox };
  const handler = options.createHandler?.(env) ?? options.handler;
  if (!handler) throw new Error('startBotAgainstDouble needs handler or createHandler');
  const logs: BotAgainstDouble['logs'] = [];
  const log: Log = (message, error) => logs.push({ message, error });

  const cleanups: (() => Promise<void> | void)[] = [];
  const cleanup = async (): Promise<void> => {
    // Bot first: a client whose gateway vanished would try to reconnect.
    for (const step of cleanups.reverse()) await step();
    rest.clearHashSweeper();
    rest.clearHandlerSweeper();
    await double.close();
  };

  try {
    if (options.mode === 'gateway') {
      const gateway = await startGateway({ token: double.botToken, handler, apiBase: double.apiBase, log });
      cleanups.push(() => gateway.stop());
      return { ...env, mode: 'gateway', gateway, logs, cleanup };
    }
    const server = createInteractionsServer({ publicKey: double.publicKey, handler, rest, log, ...(options.maxBodyBytes ? { maxBodyBytes: options.maxBodyBytes } : {}) });
    const port = await listen(server, 0);
    cleanups.push(() => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    });
    const interactionsUrl = `http://127.0.0.1:${port}/interactions`;
    double.setDelivery({ mode: 'http', interactionsUrl });
    return { ...env, mode: 'http', server, interactionsUrl, logs, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
