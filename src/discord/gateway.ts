/**
 * The gateway transport: a real discord.js Client keeps the websocket session (heartbeats, resume,
 * reconnects), but the router receives the RAW API payload, exactly as the HTTP transport gets it, so
 * both ways in share one handler and one set of tests.
 */
import { Client, GatewayIntentBits } from 'discord.js';
import { GatewayDispatchEvents } from 'discord-api-types/v10';
import type { InteractionHandler } from './contract.js';
import { admitInteraction } from './envelope.js';
import { linkedReply, type PictureLinks } from './pictureLinks.js';
import { DISCORD_API_DEFAULT, defaultLog, describeError, postInteractionCallback, runAfter, type Log } from './outbox.js';

export interface GatewayOptions {
  token: string;
  handler: InteractionHandler;
  /** DISCORD_API_BASE, e.g. the double's `apiBase`; defaults to https://discord.com/api. */
  apiBase?: string;
  log?: Log;
  /**
   * With a public address (PUBLIC_URL, whose pages server answers them): public pictures are linked in
   * the callback instead of uploaded with it, as the HTTP endpoint does (pictureLinks.ts).
   */
  pictures?: PictureLinks;
}

export interface GatewayHandle {
  client: Client;
  stop(): Promise<void>;
}

/** Logs in and resolves once the client is ready (READY + every guild's GUILD_CREATE). */
export async function startGateway({ token, handler, apiBase, log = defaultLog, pictures }: GatewayOptions): Promise<GatewayHandle> {
  // Interactions arrive whatever the intents; Guilds keeps the guild/channel cache discord.js expects.
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: apiBase ?? DISCORD_API_DEFAULT, version: '10' } });

  // The same check as the HTTP endpoint, before anything acts: a malformed interaction gets a refusal.
  const admit = admitInteraction(handler, log);

  // discord.js also builds its own Interaction from every INTERACTION_CREATE (this bot never uses it), and
  // throws on a malformed one (e.g. `options` that is not an array) out of its websocket handler: an
  // unhandled rejection, which ends a Node process. Its failure is logged instead; ours answers.
  const builtIn = (client as unknown as { actions?: { InteractionCreate?: { handle(data: unknown): unknown } } }).actions?.InteractionCreate;
  if (builtIn) {
    const handle = builtIn.handle.bind(builtIn);
    builtIn.handle = (data: unknown): unknown => {
      try {
        return handle(data);
      } catch (error) {
        log('discord.js could not read an interaction (answered by the bot all the same)', describeError(error));
        return undefined;
      }
    };
  }

  async function onInteraction(payload: unknown): Promise<void> {
    const admitted = await admit(payload);
    const { target } = admitted;
    // Without a well-formed id and token there is nowhere to send even a refusal (they are the callback's URL).
    if (!target) return log('a malformed interaction without a usable id or token was dropped');
    const reply = pictures ? linkedReply(pictures, admitted.reply) : admitted.reply;
    await postInteractionCallback(client.rest, target, reply);
    await runAfter(reply, log);
  }

  // discord.js's WebSocketManager re-emits every dispatch under its event name with the untouched `d`
  // (WebSocketManager.js: `this.emit(data.t, data.d, shardId)`), before building its own Interaction.
  client.ws.on(GatewayDispatchEvents.InteractionCreate, (raw: unknown) => {
    onInteraction(raw).catch((error: unknown) => log('an interaction failed', error));
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
