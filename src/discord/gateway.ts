/**
 * The gateway transport: a real discord.js Client keeps the websocket session (heartbeats, resume,
 * reconnects), but the router receives the RAW API payload, exactly as the HTTP transport gets it, so
 * both ways in share one handler and one set of tests.
 */
import { Client, GatewayIntentBits } from 'discord.js';
import { GatewayDispatchEvents, type APIInteraction } from 'discord-api-types/v10';
import type { InteractionHandler } from './contract.js';
import { DISCORD_API_DEFAULT, defaultLog, postInteractionCallback, runAfter, type Log } from './outbox.js';

export interface GatewayOptions {
  token: string;
  handler: InteractionHandler;
  /** DISCORD_API_BASE, e.g. the double's `apiBase`; defaults to https://discord.com/api. */
  apiBase?: string;
  log?: Log;
}

export interface GatewayHandle {
  client: Client;
  stop(): Promise<void>;
}

/** Logs in and resolves once the client is ready (READY + every guild's GUILD_CREATE). */
export async function startGateway({ token, handler, apiBase, log = defaultLog }: GatewayOptions): Promise<GatewayHandle> {
  // Interactions arrive whatever the intents; Guilds keeps the guild/channel cache discord.js expects.
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: apiBase ?? DISCORD_API_DEFAULT, version: '10' } });

  async function onInteraction(interaction: APIInteraction): Promise<void> {
    const reply = await handler(interaction);
    await postInteractionCallback(client.rest, interaction, reply);
    await runAfter(reply, log);
  }

  // discord.js's WebSocketManager re-emits every dispatch under its event name with the untouched `d`
  // (WebSocketManager.js: `this.emit(data.t, data.d, shardId)`), before building its own Interaction.
  client.ws.on(GatewayDispatchEvents.InteractionCreate, (raw: APIInteraction) => {
    onInteraction(raw).catch((error: unknown) => log(`interaction ${raw.id} failed`, error));
  });

  // An 'error' event without a listener would crash the process; a transport logs and lets the client recover.
  client.on('error', (error) => log('gateway client error', error));

  const ready = new Promise<void>((resolve) => client.once('clientReady', () => resolve()));
  try {
    await client.login(token);
    await ready;
  } catch (error) {
    await client.destroy();
    throw error;
  }
  return {
    client,
    stop: () => client.destroy(),
  };
}
