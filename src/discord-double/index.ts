/**
 * The Discord double: a local, in-process stand-in for Discord (REST under /api/v10, a gateway, signed
 * HTTP interactions, a visibility model and the sandbox page's API). Tests run the real bot against it;
 * `npm start` without a token runs the bot against it too, so anyone can play without Discord.
 */
import { randomBytes } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CommandRegistry, type RegisteredCommand } from './commands.js';
import { createDeliverer, postSigned, type DeliveryConfig, type SignedPost } from './delivery.js';
import { buildFixtures, type DoubleChannel, type DoubleGuild, type DoubleUser, type FixtureOptions, type Fixtures } from './fixtures.js';
import { GatewayServer } from './gateway-server.js';
import { sendJson } from './http-io.js';
import { InteractionBook, RESPONSE_DEADLINE_MS, type InteractionRecord } from './interactions.js';
import { apiChannel } from './api-shapes.js';
import { generateSigningKeys } from './keys.js';
import { modalSubmission, type ModalInput, type ShownModal } from './modals.js';
import { InputError, buildAutocompleteInteraction, buildCommandInteraction, buildComponentInteraction, buildModalSubmitInteraction, buildPing, type AutocompleteInput, type CommandInput, type ComponentInput, type PayloadContext } from './payloads.js';
import { createRestApi, type RecordedRequest } from './rest.js';
import { createSandbox, type Sandbox, type SandboxOptions } from './sandbox.js';
import { createSnowflakes } from './snowflake.js';
import { DoubleStore, type DoubleMessage } from './store.js';

export type { DeliveryConfig } from './delivery.js';
export type { DoubleChannel, DoubleGuild, DoubleRole, DoubleUser, FixtureOptions, Fixtures, UserInput } from './fixtures.js';
export { DEFAULT_IDS } from './fixtures.js';
export type { InteractionRecord, InteractionStatus } from './interactions.js';
export type { ApiCommandOption, AutocompleteInput, CommandInput, ComponentInput, OptionValue } from './payloads.js';
export type { ModalInput, ModalTextInput, ShownModal } from './modals.js';
export { textInputsOf } from './modals.js';
export type { RecordedRequest } from './rest.js';
export type { SandboxOptions } from './sandbox.js';
export type { DoubleMessage, InteractionMeta, StoredAttachment } from './store.js';

/** A thread of a guild text channel, as tests and the sandbox see it. */
export interface DoubleThread {
  id: string;
  name: string;
  parentId: string;
  /** 11 public, 12 private. */
  type: 11 | 12;
}
export type { RegisteredCommand } from './commands.js';

/** What the client shows under the option as the user types: the bot's choices, when it answered with them. */
export interface AutocompleteResult extends DeliveryResult {
  choices: { name: string; value: string | number }[];
}

export interface DiscordDoubleOptions extends FixtureOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** The token the bot must present (REST `Authorization: Bot …`, gateway IDENTIFY). Generated if absent. */
  botToken?: string;
  /** How interactions reach the bot; defaults to the gateway. Can be changed later with setDelivery. */
  delivery?: DeliveryConfig;
  /** Discord's 3-second deadline for the initial response. */
  responseTimeoutMs?: number;
  /** Serve the sandbox page and its JSON API. */
  sandbox?: SandboxOptions;
}

export type { DeliveryResult } from './delivery.js';
import type { DeliveryResult } from './delivery.js';

export interface DiscordDouble {
  /** http://127.0.0.1:PORT */
  url: string;
  /** `url + '/api'`: give this to @discordjs/rest as `api` (DISCORD_API_BASE). */
  apiBase: string;
  port: number;
  /** The application's Ed25519 public key (hex): configure the bot's HTTP endpoint with it. */
  publicKey: string;
  botToken: string;
  applicationId: string;
  fixtures: Fixtures;
  /** 'message' | 'update' | 'delete' (DoubleMessage), 'interaction' | 'responded' | 'failed' | 'modal' (InteractionRecord), 'channel' (a thread created). */
  events: EventEmitter;
  /** Every REST request the bot made, in order. */
  requests: RecordedRequest[];
  /** Every gateway IDENTIFY payload received. */
  identifies: Record<string, unknown>[];
  readonly delivery: DeliveryConfig;
  setDelivery(config: DeliveryConfig): void;
  /** Number of gateway sessions that can receive interactions. */
  readonly gatewaySessions: number;

  /** Looks a user up by id, username or global name; throws if unknown. */
  user(nameOrId: string): DoubleUser;
  /** Looks a guild text channel (or a thread) up by id or name (`table-1`); throws if unknown. */
  channel(nameOrId: string): DoubleChannel;
  /** The threads started in the guild's channels, oldest first. */
  threads(): DoubleThread[];
  /** The bot's permissions in the guild's channels (what interactions carry as `app_permissions`, and what REST checks). */
  setAppPermissions(permissions: bigint): void;
  setUser(id: string, patch: Partial<Pick<DoubleUser, 'locale' | 'roles' | 'dmsClosed' | 'globalName'>>): DoubleUser;
  /** The guild's Discord language (Server Settings → Server Primary Language): what interactions in it carry as guild_locale. */
  setGuild(patch: Partial<Pick<DoubleGuild, 'preferredLocale'>>): DoubleGuild;

  sendCommand(input: CommandInput): Promise<DeliveryResult>;
  /**
   * The user types into an option defined with `autocomplete: true`: an APPLICATION_COMMAND_AUTOCOMPLETE
   * goes to the bot, which must answer with choices (type 8, at most 25). Refused like Discord's client
   * would: an unknown command or option, or one that does not autocomplete.
   */
  autocomplete(input: AutocompleteInput): Promise<AutocompleteResult>;
  clickComponent(input: ComponentInput): Promise<DeliveryResult>;
  /**
   * Submits the modal open for `input.userId` (the last one the bot answered that user's interaction
   * with) as a MODAL_SUBMIT interaction. Refused like Discord's client would: no open modal, a modal
   * that was replaced, an unknown input, a required input left empty, a length out of min/max.
   */
  submitModal(input: ModalInput): Promise<DeliveryResult>;
  /** The user closes their open modal without submitting it (the bot is not told, as on Discord). */
  dismissModal(userId: string): void;
  /** The last modal shown to a user (`open` false once submitted or dismissed). */
  lastModal(userId: string): ShownModal | undefined;
  /** HTTP mode: a signed PING, as Discord sends when the endpoint URL is saved. */
  ping(): Promise<SignedPost>;
  /** HTTP mode: Discord's endpoint check — a valid PING gets {"type":1}, a bad signature gets 401. */
  verifyEndpoint(): Promise<{ ok: boolean; error?: string }>;

  visibleMessages(query: { viewerId: string; channelId: string }): DoubleMessage[];
  /** All live messages (any visibility), optionally of one channel. */
  messages(channelId?: string): DoubleMessage[];
  message(id: string): DoubleMessage | undefined;
  dmChannelId(userId: string): string | undefined;
  /** The bot's messages in a user's DM channel. */
  dmMessages(userId: string): DoubleMessage[];
  /** Resolves with the first message (existing or future, created or updated) matching the predicate. */
  waitForMessage(predicate: (m: DoubleMessage) => boolean, timeoutMs?: number): Promise<DoubleMessage>;
  interactions(): InteractionRecord[];
  /** Registered commands: global, or one guild's. */
  commands(guildId?: string): RegisteredCommand[];
  /** Bytes of an uploaded attachment. */
  attachmentData(attachmentId: string): Buffer | undefined;
  clearRequests(): void;
  close(): Promise<void>;
}

export async function startDiscordDouble(options: DiscordDoubleOptions = {}): Promise<DiscordDouble> {
  const snowflake = createSnowflakes();
  const fixtures = buildFixtures(options, snowflake);
  const keys = generateSigningKeys();
  const botToken = options.botToken ?? `double.${randomBytes(18).toString('base64url')}`;
  const timeoutMs = options.responseTimeoutMs ?? RESPONSE_DEADLINE_MS;
  let delivery: DeliveryConfig = options.delivery ?? { mode: 'gateway' };
  let url = '';
  const gatewayUrl = (): string => `${url.replace(/^http/, 'ws')}/gateway`;

  const store = new DoubleStore(fixtures, snowflake, () => url);
  const events = store.events;
  const threadsOf = (): DoubleThread[] => store.threads().map((c) => ({ id: c.id, name: c.name, parentId: c.parentId!, type: c.threadType ?? 11 }));
  const book = new InteractionBook({ fixtures, store, timeoutMs });
  for (const name of ['interaction', 'responded', 'failed', 'modal']) book.events.on(name, (record: InteractionRecord) => events.emit(name, record));
  const commands = new CommandRegistry(fixtures.application.id, snowflake);
  const gateway = new GatewayServer({ fixtures, botToken, url: gatewayUrl });
  // Discord tells the thread's creator (and members) of a new thread on the gateway.
  events.on('channel', (channel: Parameters<typeof apiChannel>[1]) => gateway.dispatch('THREAD_CREATE', { ...apiChannel(fixtures, channel), newly_created: true }));
  const deliverer = createDeliverer({ config: () => delivery, keys, gateway, book, timeoutMs });
  const requests: RecordedRequest[] = [];
  const rest = createRestApi({ fixtures, store, commands, book, botToken, gatewayUrl, requests });

  const unregisteredIds = new Map<string, string>();
  const payloadContext: PayloadContext = {
    fixtures,
    commands,
    commandId: (name) => unregisteredIds.get(name) ?? (unregisteredIds.set(name, snowflake()), unregisteredIds.get(name)!),
  };
  // Real interaction tokens are long opaque strings starting with base64("interaction:").
  const newToken = (): string => `aW50ZXJhY3Rpb246${randomBytes(96).toString('base64url')}`;

  const findUser = (nameOrId: string): DoubleUser | undefined =>
    fixtures.users.find((u) => u.id === nameOrId || u.username === nameOrId || u.globalName === nameOrId);

  async function run(open: () => InteractionRecord): Promise<DeliveryResult> {
    let record: InteractionRecord;
    try {
      record = open();
    } catch (error) {
      if (error instanceof InputError) return { ok: false, error: error.message };
      throw error;
    }
    deliverer.deliver(record).catch((error: unknown) => book.fail(record, `Delivery failed: ${String(error)}`));
    await book.settled(record);
    if (record.status !== 'responded') return { ok: false, error: record.error ?? 'The application did not respond', interaction: record };
    return {
      ok: true,
      interaction: record,
      ...(record.response ? { responseType: record.response.type } : {}),
      ...(record.originalMessageId ? { messageId: record.originalMessageId } : {}),
    };
  }

  /** A slash command typed (type 2) or being typed (4, autocomplete): by a known user, in a channel they can use. */
  function typed(type: 2 | 4, input: { userId: string; channelId: string }, build: (e: { id: string; token: string; user: DoubleUser; channel: NonNullable<ReturnType<typeof store.channel>> }) => { payload: Record<string, unknown>; name: string }): Promise<DeliveryResult> {
    return run(() => {
      const user = findUser(input.userId) ?? raise(`Unknown user ${input.userId}`);
      const channel = store.channel(input.channelId === 'dm' ? store.openDm(user.id).id : input.channelId) ?? raise(`Unknown channel ${input.channelId}`);
      if (channel.kind === 'dm' && channel.recipientId !== user.id) raise('That DM channel belongs to someone else');
      const id = snowflake();
      const token = newToken();
      const { payload, name } = build({ id, token, user, channel });
      return book.open({ id, token, type, userId: user.id, channelId: channel.id, name, sourceMessageId: null, payload });
    });
  }

  function sendCommand(input: CommandInput): Promise<DeliveryResult> {
    return typed(2, input, (e) => buildCommandInteraction(payloadContext, e, input));
  }

  async function autocomplete(input: AutocompleteInput): Promise<AutocompleteResult> {
    const result = await typed(4, input, (e) => buildAutocompleteInteraction(payloadContext, e, input));
    const choices = result.ok && result.responseType === 8 ? ((result.interaction?.response?.data?.choices ?? []) as AutocompleteResult['choices']) : [];
    return { ...result, choices: structuredClone(choices) };
  }

  function clickComponent(input: ComponentInput): Promise<DeliveryResult> {
    return run(() => {
      const user = findUser(input.userId) ?? raise(`Unknown user ${input.userId}`);
      const message = store.message(input.messageId);
      // The client only shows (and so only lets you click) messages you can see.
      if (!message || !store.visibleMessages(user.id, message.channelId).includes(message)) raise(`Unknown message ${input.messageId}`);
      const channel = store.channel(message.channelId)!;
      const id = snowflake();
      const token = newToken();
      const payload = buildComponentInteraction(payloadContext, { id, token, user, channel }, message, input);
      return book.open({ id, token, type: 3, userId: user.id, channelId: channel.id, name: input.customId, sourceMessageId: message.id, payload });
    });
  }

  async function submitModal(input: ModalInput): Promise<DeliveryResult> {
    const result = await run(() => {
      const user = findUser(input.userId) ?? raise(`Unknown user ${input.userId}`);
      const modal = book.lastModal(user.id);
      if (!modal?.open) raise(`No modal is open for ${user.username}`);
      if (input.customId !== undefined && input.customId !== modal.customId) raise(`The open modal is "${modal.customId}", not "${input.customId}"`);
      const data = modalSubmission(modal, input.values);
      const channel = store.channel(modal.channelId) ?? raise(`Unknown channel ${modal.channelId}`);
      const message = modal.sourceMessageId ? store.message(modal.sourceMessageId) : undefined;
      const id = snowflake();
      const token = newToken();
      const payload = buildModalSubmitInteraction(payloadContext, { id, token, user, channel }, data, message);
      return book.open({ id, token, type: 5, userId: user.id, channelId: channel.id, name: modal.customId, sourceMessageId: message ? message.id : null, payload });
    });
    // Answered: the client closes the modal. When the bot fails, Discord keeps it open to try again.
    if (result.ok && result.interaction) book.closeModal(result.interaction.userId);
    return result;
  }

  const dismissModal = (userId: string): void => book.closeModal((findUser(userId) ?? raise(`Unknown user ${userId}`)).id);
  const lastModal = (userId: string): ShownModal | undefined => {
    const modal = book.lastModal(findUser(userId)?.id ?? userId);
    return modal ? structuredClone(modal) : undefined;
  };

  function httpUrl(): string {
    if (delivery.mode !== 'http') throw new Error('The double is not in HTTP delivery mode');
    return delivery.interactionsUrl;
  }

  const ping = (tamper = false): Promise<SignedPost> =>
    postSigned(httpUrl(), keys, JSON.stringify(buildPing(fixtures, snowflake(), newToken())), timeoutMs, tamper);

  let sandbox: Sandbox | undefined;
  if (options.sandbox) sandbox = createSandbox({ options: options.sandbox, fixtures, store, commands, sendCommand, autocomplete, clickComponent, submitModal, dismissModal, lastModal });

  const server: Server = createServer((req, res) => {
    const parsed = new URL(req.url ?? '/', 'http://double.invalid');
    const path = parsed.pathname;
    const work = (async () => {
      if (path.startsWith('/api/v10/')) return rest(req, res, path.slice('/api/v10'.length), parsed.searchParams);
      const file = /^\/files\/(\d+)\/[^/]+$/.exec(path);
      if (file && req.method === 'GET') {
        const stored = store.fileData(file[1]!);
        if (!stored) return sendJson(res, 404, { message: '404: Not Found', code: 0 });
        res.writeHead(200, { 'content-type': stored.contentType, 'content-length': stored.data.length });
        return void res.end(stored.data);
      }
      if (sandbox && (await sandbox.handle(req, res, path, parsed.searchParams))) return;
      sendJson(res, 404, { message: '404: Not Found', code: 0 });
    })();
    work.catch((error: unknown) => {
      console.error('[discord-double]', error);
      if (!res.headersSent) sendJson(res, 500, { message: '500: Internal Server Error', code: 0 });
      else res.destroy();
    });
  });
  server.on('upgrade', (req, socket, head) => {
    if (new URL(req.url ?? '/', 'http://double.invalid').pathname === '/gateway') gateway.handleUpgrade(req, socket, head);
    else socket.destroy();
  });

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  return {
    url,
    apiBase: `${url}/api`,
    port,
    publicKey: keys.publicKeyHex,
    botToken,
    applicationId: fixtures.application.id,
    fixtures,
    events,
    requests,
    identifies: gateway.identifies,
    get delivery() {
      return delivery;
    },
    setDelivery(config) {
      delivery = config;
    },
    get gatewaySessions() {
      return gateway.readySessions;
    },
    user: (nameOrId) => findUser(nameOrId) ?? raise(`Unknown user ${nameOrId}`),
    channel: (nameOrId) =>
      fixtures.channels.find((c) => c.id === nameOrId || c.name === nameOrId) ??
      threadsOf().find((c) => c.id === nameOrId || c.name === nameOrId) ??
      raise(`Unknown channel ${nameOrId}`),
    threads: () => threadsOf(),
    setAppPermissions(permissions) {
      fixtures.appPermissions = permissions.toString();
    },
    setUser(id, patch) {
      const user = findUser(id) ?? raise(`Unknown user ${id}`);
      Object.assign(user, patch);
      return user;
    },
    setGuild(patch) {
      return Object.assign(fixtures.guild, patch);
    },
    sendCommand,
    autocomplete,
    clickComponent,
    submitModal,
    dismissModal,
    lastModal,
    ping: () => ping(),
    async verifyEndpoint() {
      try {
        const good = await ping();
        if (good.status !== 200 || !good.contentType?.includes('application/json') || (JSON.parse(good.text) as { type?: unknown }).type !== 1) {
          return { ok: false, error: `PING answered ${good.status} ${good.text}` };
        }
        const bad = await ping(true);
        if (bad.status !== 401) return { ok: false, error: `A bad signature was answered ${bad.status}, not 401` };
        return { ok: true };
      } catch (error) {
        return { ok: false, error: String(error) };
      }
    },
    visibleMessages: ({ viewerId, channelId }) => structuredClone(store.visibleMessages(viewerId, channelId)),
    messages: (channelId) => structuredClone(store.allMessages(channelId)),
    message: (id) => copy(store.message(id)),
    dmChannelId: (userId) => store.dmChannelOf(userId),
    dmMessages(userId) {
      const channelId = store.dmChannelOf(userId);
      return channelId ? structuredClone(store.allMessages(channelId)) : [];
    },
    waitForMessage(predicate, waitMs = 2_000) {
      const existing = store.allMessages().find(predicate);
      if (existing) return Promise.resolve(structuredClone(existing));
      return new Promise((resolve, reject) => {
        const listener = (m: DoubleMessage): void => {
          if (!predicate(m)) return;
          cleanup();
          resolve(m);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`No matching message within ${waitMs} ms`));
        }, waitMs);
        const cleanup = (): void => {
          clearTimeout(timer);
          events.off('message', listener);
          events.off('update', listener);
        };
        events.on('message', listener);
        events.on('update', listener);
      });
    },
    interactions: () => book.all(),
    commands: (guildId) => commands.list(guildId),
    attachmentData: (id) => store.fileData(id)?.data,
    clearRequests() {
      requests.length = 0;
    },
    async close() {
      book.close();
      sandbox?.close();
      gateway.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const copy = <T>(value: T | undefined): T | undefined => (value === undefined ? undefined : structuredClone(value));

function raise(message: string): never {
  throw new InputError(message);
}
