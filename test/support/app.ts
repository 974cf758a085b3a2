/**
 * The whole bot, end to end, for the e2e tests: the local Discord double, the REAL bot (`buildBot`) wired
 * to it through a real transport (the discord.js gateway Client, or the signed HTTP endpoint), and a real
 * database (a fresh SQLite file in a temp dir, or a fresh PostgreSQL database on the test server).
 *
 * Nothing here is mocked. Two harness-only additions, neither of which changes what the bot does:
 *  - every `after()` the bot returns (DMs, channel posts after a click) is tracked, so `settle()` can
 *    wait until the bot has finished everything an interaction caused;
 *  - the bot's Logger and the transports' log are captured (and console output too) for the
 *    hidden-information checks.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { buildBot, type Bot } from '../../src/discord/bot.js';
import type { SystemRegistry } from '../../src/systems/registry.js';
import type { Logger } from '../../src/app/services.js';
import { effectiveEvents, type StoredPayload } from '../../src/app/games.js';
import type { InitialReply, InteractionHandler } from '../../src/discord/contract.js';
import { createInteractionsServer, listen } from '../../src/discord/http.js';
import type { DeliveryResult, DoubleMessage, OptionValue, ApiCommandOption } from '../../src/discord-double/index.js';
import { DEFAULT_IDS } from '../../src/discord-double/index.js';
import * as engine from '../../src/systems/malifaux-table/engine/index.js';
import type { GameStore, StoredEvent, StoredGame } from '../../src/store/contract.js';
import { openStore } from '../../src/store/open.js';
import { card as cardGlyph, cardName } from '../../src/systems/malifaux-table/present/cards.js';
import { translator } from '../../src/i18n/index.js';
import { registerCommands } from '../../scripts/register.js';
import { END_WINDOW_MS } from '../../src/discord/commands/gameEnd.js';
import { startBotAgainstDouble, type BotAgainstDouble } from './double.js';
import { createTestDatabase, startPostgres, type PostgresServer } from './postgres.js';

export type Mode = 'gateway' | 'http';
export type Backend = 'sqlite' | 'postgres';

export const IDS = {
  alice: DEFAULT_IDS.alice,
  bob: DEFAULT_IDS.bob,
  carol: '1100000000000000304',
  rita: DEFAULT_IDS.rita,
  channel: DEFAULT_IDS.table1,
  channel2: DEFAULT_IDS.table2,
  refereeRole: DEFAULT_IDS.refereeRole,
} as const;

export type Who = 'alice' | 'bob' | 'carol' | 'rita';

export interface AppOptions {
  mode: Mode;
  backend?: Backend;
  /** Register the command definitions with the double (its client then validates input like Discord's). Default true. */
  register?: boolean;
  /** A fixed seed source (tests that must know the seed to look for it). */
  newSeed?: () => string;
  /** Also listen on a second HTTP endpoint verified with a key the test holds (raw signed bodies). */
  rawEndpoint?: boolean;
  maxBodyBytes?: number;
  /** Guild locale (public messages); default en-US. */
  guildLocale?: string;
  /** The game systems the bot plays (buildBot's default, the built ones, otherwise): a test system plugs in here. */
  systems?: SystemRegistry;
  /** The bot's clock (ms); by default the real time plus whatever passTime() added. */
  clock?: () => number;
}

export interface CommandResult extends DeliveryResult {
  /** The message the interaction's initial response created (or the clicked message after an update). */
  reply?: DoubleMessage;
}

export interface App {
  mode: Mode;
  backend: Backend;
  env: BotAgainstDouble;
  double: BotAgainstDouble['double'];
  bot: Bot;
  store: GameStore;
  databaseUrl: string;
  /** Everything the bot logged through its Logger, the transports' log, and the console, in order. */
  logs: string[];
  /** The seeds the bot generated (newSeed), so tests can look for them. */
  seeds: string[];
  command(who: Who | string, name: string, options?: Record<string, OptionValue> | ApiCommandOption[], channelId?: string): Promise<CommandResult>;
  click(who: Who | string, messageId: string, customId: string, values?: string[]): Promise<CommandResult>;
  /** Waits until every after() the bot started has finished (DMs, posts after clicks). */
  settle(): Promise<void>;
  /** The newest public (non-ephemeral) bot message of the channel. */
  lastPublic(channelId?: string): DoubleMessage | undefined;
  publicMessages(channelId?: string): DoubleMessage[];
  dms(who: Who | string): DoubleMessage[];
  visibleTo(who: Who | string, channelId?: string): DoubleMessage[];
  /** The channel's active game, else its latest one (the row as the store returns it). */
  game(channelId?: string): Promise<StoredGame | null>;
  gameRow(channelId?: string): Promise<StoredGame | null>;
  state(channelId?: string): Promise<engine.GameState | null>;
  events(gameId?: string): Promise<StoredEvent[]>;
  /** The awaiting index's rows of a game or a league as stored, spent ones included (dueTimers never returns those). */
  awaitedRows(gameId: string): Promise<{ decisionId: string; sent: number }[]>;
  eventCount(gameId?: string): Promise<number>;
  /** Everything the database holds, as plain JSON (for "nothing changed" comparisons). */
  fingerprint(): Promise<DbFingerprint>;
  receiptCount(): Promise<number>;
  /**
   * HTTP mode: another bot process-alike on the same database (its own store, hence its own connection
   * and anything it keeps in memory) behind its own signed endpoint; `use()` points the double at it,
   * `usePrimary()` back at the first one. Like two instances of the bot behind one application.
   */
  addInstance(options?: { systems?: SystemRegistry }): Promise<Instance>;
  /** Moves the bot's clock on (the default clock only): an end's take-back window passes in no time. */
  passTime(ms: number): void;
  /**
   * Ends the channel's game as a player would: /game end, the confirmation clicked (abandon by default),
   * the take-back window let pass, and the end made final by the next look at the game (/game log).
   */
  endGame(who: Who | string, channelId?: string, kind?: 'abandon' | 'concede'): Promise<void>;
  usePrimary(): void;
  /** POST a raw body to the second endpoint (rawEndpoint: true), signed with the test's key unless told otherwise. */
  rawPost(body: string | Buffer, how?: { signature?: 'good' | 'bad' | 'none' }): Promise<{ status: number; text: string }>;
  close(): Promise<void>;
}

export interface Instance {
  bot: Bot;
  store: GameStore;
  use(): void;
}

export interface DbFingerprint {
  games: Record<string, unknown>[];
  eventCount: number;
  lastSeq: Record<string, number>;
  receipts: number;
  userSettings: Record<string, unknown>[];
  guildSettings: Record<string, unknown>[];
}

const USERS = [
  { id: IDS.alice, username: 'alice', globalName: 'Alice' },
  { id: IDS.bob, username: 'bob', globalName: 'Bob' },
  { id: IDS.carol, username: 'carol', globalName: 'Carol' },
  // Last: the double makes the last user the guild owner.
  { id: IDS.rita, username: 'rita', globalName: 'Referee Rita', roles: [IDS.refereeRole] },
];

// Normally the global setup's server (TEST_DATABASE_URL); a file run without the vitest config starts its
// own, stopped when the last app using it closes.
let pgServer: Promise<PostgresServer> | undefined;
let pgUsers = 0;
async function postgresServerUrl(): Promise<string> {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  pgServer ??= startPostgres();
  return (await pgServer).url;
}
async function releasePostgres(): Promise<void> {
  if (--pgUsers > 0 || !pgServer) return;
  const server = pgServer;
  pgServer = undefined;
  await (await server).stop();
}

function rawKeys(): { publicKeyHex: string; privateKey: KeyObject } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return { publicKeyHex: Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url').toString('hex'), privateKey };
}

export async function startApp(options: AppOptions): Promise<App> {
  const backend = options.backend ?? 'sqlite';
  let tempDir: string | undefined;
  let dropDb: (() => Promise<void>) | undefined;
  let databaseUrl: string;
  if (backend === 'sqlite') {
    tempDir = mkdtempSync(path.join(os.tmpdir(), 'fatekeeper-e2e-'));
    databaseUrl = `file:${path.join(tempDir, 'bot.db')}`;
  } else {
    pgUsers++;
    const db = await createTestDatabase(await postgresServerUrl());
    databaseUrl = db.url;
    dropDb = async () => {
      await db.drop();
      await releasePostgres();
    };
  }
  const store = await openStore(databaseUrl);

  const logs: string[] = [];
  const seeds: string[] = [];
  const logger: Logger = {
    info: (m) => logs.push(`[info] ${m}`),
    warn: (m) => logs.push(`[warn] ${m}`),
    error: (m) => logs.push(`[error] ${m}`),
  };
  // Console output too: whatever the bot (or a library it uses) prints is something an operator's log keeps.
  const originals = { log: console.log, warn: console.warn, error: console.error, info: console.info, debug: console.debug };
  for (const level of Object.keys(originals) as (keyof typeof originals)[]) {
    console[level] = (...args: unknown[]) => {
      if (process.env.E2E_DEBUG) originals[level](...args);
      logs.push(`[console.${level}] ${args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : typeof a === 'string' ? a : safeJson(a))).join(' ')}`);
    };
  }

  const inFlight = new Set<Promise<unknown>>();
  let timeOffset = 0;
  const clock = options.clock ?? (() => Date.now() + timeOffset);
  let bot!: Bot;
  let tracked!: InteractionHandler;
  const seedSource = options.newSeed;
  const newSeed = (): string => {
    const seed = seedSource ? seedSource() : randomHex(32);
    seeds.push(seed);
    return seed;
  };
  /** Wraps a bot's handler so settle() knows when everything an interaction started has finished. */
  const track = (handler: InteractionHandler): InteractionHandler => async (interaction) => {
    let done!: () => void;
    const handled = new Promise<void>((resolve) => (done = resolve));
    inFlight.add(handled);
    let reply: InitialReply;
    try {
      reply = await handler(interaction);
    } catch (error) {
      inFlight.delete(handled);
      done();
      throw error;
    }
    if (!reply.after) {
      inFlight.delete(handled);
      done();
      return reply;
    }
    const after = reply.after;
    // The transport runs after() once the response is out; settle() waits for it (bounded, so a
    // transport that never runs it fails the test instead of hanging it).
    const guard = setTimeout(() => {
      logs.push('[harness] after() never ran');
      inFlight.delete(handled);
      done();
    }, 15_000);
    return {
      ...reply,
      after: async () => {
        try {
          await after();
        } finally {
          clearTimeout(guard);
          inFlight.delete(handled);
          done();
        }
      },
    };
  };
  const createHandler = (env: Parameters<NonNullable<Parameters<typeof startBotAgainstDouble>[0]['createHandler']>>[0]): InteractionHandler => {
    bot = buildBot({
      store,
      rest: env.rest,
      applicationId: env.double.applicationId,
      log: logger,
      newSeed,
      ...(options.systems ? { systems: options.systems } : {}),
      clock,
    });
    tracked = track(bot.handler);
    return (interaction) => tracked(interaction);
  };

  let env!: BotAgainstDouble;
  let raw: { server: Server; url: string; privateKey: KeyObject } | undefined;
  try {
    env = await startBotAgainstDouble({
      mode: options.mode,
      createHandler,
      double: {
        users: USERS,
        channels: [
          { id: IDS.channel, name: 'table-1' },
          { id: IDS.channel2, name: 'table-2' },
          ...Array.from({ length: 9 }, (_, i) => ({ name: `table-${i + 3}` })),
        ],
        ...(options.guildLocale ? { guild: { preferredLocale: options.guildLocale } } : {}),
      },
      ...(options.maxBodyBytes ? { maxBodyBytes: options.maxBodyBytes } : {}),
    });
    for (const entry of env.logs) logs.push(`[transport] ${entry.message}`);
    // Transport logs arrive later too: mirror them as they come.
    const transportLogs = env.logs;
    const originalPush = transportLogs.push.bind(transportLogs);
    transportLogs.push = (...items) => {
      for (const item of items) logs.push(`[transport] ${item.message} ${item.error instanceof Error ? (item.error.stack ?? item.error.message) : safeJson(item.error)}`);
      return originalPush(...items);
    };

    // As main.ts does before it serves: the first test's picture is then not the slow one.
    await bot.warmedUp;
    if (options.register !== false) await registerCommands(env.rest, env.double.applicationId, env.double.fixtures.guild.id);

    if (options.rawEndpoint) {
      const keys = rawKeys();
      const server = createInteractionsServer({
        publicKey: keys.publicKeyHex,
        handler: (interaction) => tracked(interaction),
        rest: env.rest,
        log: (message, error) => logs.push(`[raw-endpoint] ${message} ${String(error ?? '')}`),
        ...(options.maxBodyBytes ? { maxBodyBytes: options.maxBodyBytes } : {}),
      });
      const port = await listen(server, 0);
      raw = { server, url: `http://127.0.0.1:${port}/interactions`, privateKey: keys.privateKey };
    }
  } catch (error) {
    // A failed start leaves nothing behind: console restored, database dropped, files removed.
    Object.assign(console, originals);
    if (raw) raw.server.close();
    await env?.cleanup().catch(() => undefined);
    await store.close();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
    await dropDb?.();
    throw error;
  }

  const double = env.double;
  const primaryDelivery = double.delivery;
  const instances: { server: Server; store: GameStore }[] = [];
  const userId = (who: Who | string): string => (who in IDS ? IDS[who as Who] : who);

  async function settle(): Promise<void> {
    // after() of one interaction may not start before the transport has sent the response: loop until quiet.
    for (let round = 0; round < 50; round++) {
      if (inFlight.size === 0) {
        await new Promise((r) => setTimeout(r, 5));
        if (inFlight.size === 0) return;
      }
      await Promise.all([...inFlight]);
    }
    throw new Error('settle(): the bot never became idle');
  }

  const attach = (result: DeliveryResult): CommandResult => {
    const reply = result.messageId ? double.message(result.messageId) : undefined;
    return { ...result, ...(reply ? { reply } : {}) };
  };

  async function gameOf(channelId: string = IDS.channel): Promise<StoredGame | null> {
    return (await store.findActiveGame(channelId)) ?? (await store.findLatestGame(channelId));
  }

  async function sql<T extends Record<string, unknown>>(text: string): Promise<T[]> {
    if (backend === 'sqlite') {
      const db = new Database(databaseUrl.slice('file:'.length), { readonly: true, fileMustExist: true });
      try {
        return db.prepare(text).all() as T[];
      } finally {
        db.close();
      }
    }
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(text)).rows as T[];
    } finally {
      await client.end();
    }
  }

  const app: App = {
    mode: options.mode,
    backend,
    env,
    double,
    get bot() {
      return bot;
    },
    store,
    databaseUrl,
    logs,
    seeds,
    async command(who, name, commandOptions, channelId = IDS.channel) {
      const result = await double.sendCommand({ userId: userId(who), channelId, name, ...(commandOptions ? { options: commandOptions } : {}) });
      await settle();
      return attach(result);
    },
    async click(who, messageId, customId, values) {
      const result = await double.clickComponent({ userId: userId(who), messageId, customId, ...(values ? { values } : {}) });
      await settle();
      return attach(result);
    },
    settle,
    lastPublic(channelId = IDS.channel) {
      return app.publicMessages(channelId).at(-1);
    },
    publicMessages(channelId = IDS.channel) {
      return double.messages(channelId).filter((m) => !m.ephemeral && m.author.bot && !m.notice);
    },
    dms(who) {
      return double.dmMessages(userId(who));
    },
    visibleTo(who, channelId = IDS.channel) {
      return double.visibleMessages({ viewerId: userId(who), channelId });
    },
    game: gameOf,
    gameRow: gameOf,
    async state(channelId) {
      const stored = await gameOf(channelId);
      return stored ? (engine.stateSchema.parse(stored.snapshot) as engine.GameState) : null;
    },
    async events(gameId) {
      const id = gameId ?? (await gameOf())?.id;
      return id ? store.listEvents(id) : [];
    },
    async eventCount(gameId) {
      return (await app.events(gameId)).length;
    },
    async awaitedRows(gameId) {
      const rows = await sql<{ decisionId: string; sent: number | string }>(`SELECT "decisionId", "sent" FROM "AwaitedDecision" WHERE "gameId" = '${gameId.replaceAll("'", "''")}' ORDER BY "decisionId"`);
      return rows.map((row) => ({ decisionId: row.decisionId, sent: Number(row.sent) }));
    },
    async receiptCount() {
      const rows = await sql<{ n: number | string | bigint }>('SELECT COUNT(*) AS n FROM "InteractionReceipt"');
      return Number(rows[0]?.n ?? 0);
    },
    async fingerprint() {
      const games = await sql<Record<string, unknown>>('SELECT "id", "channelId", "status", "version", "snapshot", "activeChannelId", "updatedAt" FROM "Game" ORDER BY "id"');
      const counts = await sql<{ gameId: string; n: number | string; last: number | string }>('SELECT "gameId", COUNT(*) AS n, MAX("seq") AS last FROM "GameEvent" GROUP BY "gameId" ORDER BY "gameId"');
      const users = await sql<Record<string, unknown>>('SELECT * FROM "UserSetting" ORDER BY "userId"');
      const guilds = await sql<Record<string, unknown>>('SELECT * FROM "GuildSetting" ORDER BY "guildId"');
      return {
        games: games.map((g) => ({ ...g, updatedAt: String(g.updatedAt instanceof Date ? g.updatedAt.toISOString() : g.updatedAt) })),
        eventCount: counts.reduce((sum, c) => sum + Number(c.n), 0),
        lastSeq: Object.fromEntries(counts.map((c) => [c.gameId, Number(c.last)])),
        receipts: await app.receiptCount(),
        userSettings: users,
        guildSettings: guilds,
      };
    },
    async addInstance(instanceOptions = {}) {
      if (options.mode !== 'http') throw new Error('addInstance() needs HTTP mode');
      const otherStore = await openStore(databaseUrl);
      const systems = instanceOptions.systems ?? options.systems;
      const otherBot = buildBot({ store: otherStore, rest: env.rest, applicationId: double.applicationId, log: logger, newSeed, ...(systems ? { systems } : {}), clock });
      const server = createInteractionsServer({ publicKey: double.publicKey, handler: track(otherBot.handler), rest: env.rest, log: (message, error) => logs.push(`[instance] ${message} ${String(error ?? '')}`) });
      const port = await listen(server, 0);
      instances.push({ server, store: otherStore });
      const url = `http://127.0.0.1:${port}/interactions`;
      return { bot: otherBot, store: otherStore, use: () => double.setDelivery({ mode: 'http', interactionsUrl: url }) };
    },
    usePrimary() {
      double.setDelivery(primaryDelivery);
    },
    passTime(ms) {
      timeOffset += ms;
    },
    async endGame(who, channelId = IDS.channel, kind = 'abandon') {
      const asked = await app.command(who, 'game end', undefined, channelId);
      const offered = asked.reply ? componentsOf(asked.reply).map((c) => String(c.custom_id)) : [];
      // An end already waiting needs no confirming: only its window to pass.
      if (!offered.some((id) => id.startsWith('fk:endback:'))) {
        const confirm = offered.find((id) => id.endsWith(`:${kind}`));
        if (!asked.reply || !confirm) throw new Error(`/game end offered no "${kind}": ${asked.reply?.content ?? asked.error ?? ''}`);
        const clicked = await app.click(who, asked.reply.id, confirm);
        if (!clicked.ok) throw new Error(`the end was not confirmed: ${clicked.error ?? ''}`);
      }
      app.passTime(END_WINDOW_MS);
      await app.command(who, 'game log', undefined, channelId);
      const game = await gameOf(channelId);
      if (game?.status !== 'ended') throw new Error('the game did not end');
    },
    async rawPost(body, how = {}) {
      if (!raw) throw new Error('startApp({ rawEndpoint: true }) is needed for rawPost');
      const bytes = typeof body === 'string' ? Buffer.from(body) : body;
      const timestamp = String(Math.floor(Date.now() / 1000));
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      const mode = how.signature ?? 'good';
      if (mode !== 'none') {
        let signature = sign(null, Buffer.concat([Buffer.from(timestamp), bytes]), raw.privateKey).toString('hex');
        if (mode === 'bad') signature = (signature[0] === '0' ? '1' : '0') + signature.slice(1);
        headers['x-signature-ed25519'] = signature;
        headers['x-signature-timestamp'] = timestamp;
      }
      let res: Response;
      try {
        res = await fetch(raw.url, { method: 'POST', headers, body: new Uint8Array(bytes) });
      } catch (error) {
        // The endpoint closes the connection after a 413; undici may surface that as a socket error.
        return { status: -1, text: String(error) };
      }
      const text = await res.text();
      await settle();
      return { status: res.status, text };
    },
    async close() {
      try {
        await settle().catch(() => undefined);
        if (raw) {
          raw.server.closeAllConnections();
          await new Promise<void>((resolve) => raw!.server.close(() => resolve()));
        }
        for (const instance of instances) {
          instance.server.closeAllConnections();
          await new Promise<void>((resolve) => instance.server.close(() => resolve()));
          await instance.store.close();
        }
        await env.cleanup();
        await store.close();
      } finally {
        Object.assign(console, originals);
        if (tempDir) rmSync(tempDir, { recursive: true, force: true });
        await dropDb?.();
      }
    },
  };
  return app;
}

function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

// ---------------------------------------------------------------------------------------------------
// Reading messages

/**
 * The edits of channel message `id` the bot made since request `from`: as the bot, or through the
 * webhook of an interaction (which edits its own reply, the message it posted).
 */
export function editsOf(app: App, id: string, from: number, channel: string): number {
  return app.double.requests.slice(from).filter((r) => r.method === 'PATCH' && (r.path === `/channels/${channel}/messages/${id}` || (r.path.startsWith('/webhooks/') && r.path.endsWith('/messages/@original')))).length;
}

/** Every string a viewer can read in a message: content, embeds (all text fields), component labels,
 * placeholders, option labels/values/descriptions, custom ids, attachment names and descriptions. */
export function messageText(m: DoubleMessage): string {
  const parts: string[] = [m.content];
  for (const e of m.embeds) {
    parts.push(e.title ?? '', e.description ?? '', e.footer?.text ?? '', e.author?.name ?? '', e.url ?? '');
    for (const f of e.fields ?? []) parts.push(f.name, f.value);
    if (e.image?.url) parts.push(e.image.url);
  }
  const walk = (components: unknown[]): void => {
    for (const c of components) {
      if (typeof c !== 'object' || c === null) continue;
      const comp = c as Record<string, unknown>;
      for (const key of ['label', 'placeholder', 'custom_id', 'url', 'content']) if (typeof comp[key] === 'string') parts.push(comp[key]);
      if (comp.emoji && typeof comp.emoji === 'object') parts.push(String((comp.emoji as { name?: string }).name ?? ''));
      for (const o of (comp.options as Record<string, unknown>[] | undefined) ?? []) parts.push(String(o.label ?? ''), String(o.value ?? ''), String(o.description ?? ''));
      if (Array.isArray(comp.components)) walk(comp.components);
    }
  };
  walk(m.components);
  for (const a of m.attachments) parts.push(a.filename, a.description ?? '');
  return parts.join('\n');
}

/** Every component (buttons, selects) of a message, flattened. */
export function componentsOf(m: DoubleMessage): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const walk = (components: unknown[]): void => {
    for (const c of components) {
      if (typeof c !== 'object' || c === null) continue;
      const comp = c as Record<string, unknown>;
      if (typeof comp.custom_id === 'string') out.push(comp);
      if (Array.isArray(comp.components)) walk(comp.components);
    }
  };
  walk(m.components);
  return out;
}

export function findComponent(messages: DoubleMessage[], predicate: (customId: string, component: Record<string, unknown>) => boolean): { message: DoubleMessage; component: Record<string, unknown>; customId: string } | undefined {
  for (const message of [...messages].reverse()) {
    for (const component of componentsOf(message)) {
      const customId = component.custom_id as string;
      if (predicate(customId, component)) return { message, component, customId };
    }
  }
  return undefined;
}

/** Option values of a string select. */
export function selectValues(component: Record<string, unknown>): string[] {
  return ((component.options as { value: string }[] | undefined) ?? []).map((o) => o.value);
}

// ---------------------------------------------------------------------------------------------------
// The engine's view of things

export function activeState(state: engine.GameState | null): engine.ActiveState {
  if (!state || state.status !== 'active') throw new Error(`expected an active game, got ${state?.status ?? 'none'}`);
  return state;
}

/** Replays the stored log (undo markers applied) — what the snapshot must equal. */
export function replayStored(log: readonly StoredEvent[]): engine.GameState {
  return engine.replay(effectiveEvents<engine.GameEvent>(log).map((e) => e.event));
}

export function batchesOf(log: readonly StoredEvent[]): number[] {
  return log.map((e) => (e.payload as StoredPayload).batch);
}

// ---------------------------------------------------------------------------------------------------
// Cards as people read them, and what the bot sent (allowed mentions are not kept on stored messages)

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every way a card is written in messages (compact glyph form, long names in English and French, the
 * raw code as used in custom ids and select values), as regexps that do not match inside a longer card
 * ("1R" is not found in "11R", "1 of Rams" not in "11 of Rams"). */
export function cardPatterns(code: engine.CardCode): RegExp[] {
  const forms = [cardGlyph(code), cardName(translator('en'), code), cardName(translator('fr'), code), code];
  return forms.map((form) => new RegExp(`(?<![0-9A-Za-z])${escapeRegExp(form)}(?![0-9A-Za-z])`));
}

export function findCards(text: string, codes: readonly engine.CardCode[]): engine.CardCode[] {
  return codes.filter((code) => cardPatterns(code).some((re) => re.test(text)));
}

/** The bodies the bot sent (inline HTTP responses, interaction callbacks, channel and webhook posts). */
export function outgoingBodies(double: BotAgainstDouble['double']): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = [];
  for (const record of double.interactions()) if (record.response?.data) bodies.push(record.response.data);
  for (const request of double.requests) {
    if (request.method !== 'POST' && request.method !== 'PATCH') continue;
    const body = request.body as Record<string, unknown> | undefined;
    if (!body || typeof body !== 'object') continue;
    if (request.path.endsWith('/callback')) {
      const data = (body as { data?: Record<string, unknown> }).data;
      if (data) bodies.push(data);
    } else bodies.push(body);
  }
  return bodies;
}

/** allowed_mentions.users of the body that produced a stored message (matched on content + first embed). */
export function allowedMentionUsers(double: BotAgainstDouble['double'], message: DoubleMessage): string[] | undefined {
  const description = message.embeds[0]?.description;
  const body = outgoingBodies(double).find(
    (b) => (b.content ?? '') === message.content && (b.embeds as { description?: string }[] | undefined)?.[0]?.description === description,
  );
  const mentions = body?.allowed_mentions as { users?: string[] } | undefined;
  return body ? (mentions?.users ?? []) : undefined;
}

// ---------------------------------------------------------------------------------------------------
// Answering decisions by clicking what the bot actually sent

export interface Located {
  message: DoubleMessage;
  customId: string;
  values?: string[];
}

const isDecisionComponent = (gameId: string) => (customId: string) => customId.startsWith(`fk:d:${gameId}:`);

/** The newest message among `messages` that carries decision components of this game. */
export function latestDecisionMessage(messages: DoubleMessage[], gameId: string): DoubleMessage | undefined {
  return [...messages].reverse().find((m) => componentsOf(m).some((c) => isDecisionComponent(gameId)(c.custom_id as string)));
}

/** The component of `message` that expresses `choice` (an engine choice token, or tokens for discardDown and triggerCost). */
export function locateChoice(message: DoubleMessage, decision: engine.PendingDecision, choice: string | readonly string[]): Located | undefined {
  const components = componentsOf(message);
  const select = components.find((c) => c.type === 3);
  const button = (suffix: string) => components.find((c) => c.type === 2 && (c.custom_id as string).endsWith(`:${suffix}`));
  const buttonLabelled = (label: string) => components.find((c) => c.type === 2 && c.label === label && (c.custom_id as string).startsWith('fk:d:'));
  const found = (c: Record<string, unknown> | undefined, values?: string[]): Located | undefined =>
    c ? { message, customId: c.custom_id as string, ...(values ? { values } : {}) } : undefined;
  switch (decision.kind) {
    case 'discardDown':
    case 'triggerCost':
      return found(select, [...(typeof choice === 'string' ? [choice] : choice)]);
    case 'cheat':
      return choice === engine.DECLINE ? found(button('no')) : found(select, [String(choice)]);
    case 'trigger':
      return choice === engine.NO_TRIGGER ? found(button('none')) : found(buttonLabelled(String(choice)));
    default:
      return found(button(String(choice)));
  }
}

/** The engine events that still count (undone batches removed), in order. */
export function effectiveLog(log: readonly StoredEvent[]): engine.GameEvent[] {
  return effectiveEvents<engine.GameEvent>(log).map((e) => e.event);
}

// ---------------------------------------------------------------------------------------------------
// Scripted games: the engine alone (to choose a seed), then the bot driven by the same choices

export type Policy = (state: engine.ActiveState, decision: engine.PendingDecision) => string | string[];

export interface SimStep {
  command: engine.Command;
  seat: engine.Seat;
}

export interface Simulation {
  seed: string;
  events: engine.GameEvent[];
  decisions: { seat: engine.Seat; kind: engine.PendingDecision['kind']; choice: string | string[]; decision: engine.PendingDecision; state: engine.ActiveState }[];
  final: engine.GameState;
}

const SEATED: Record<engine.Seat, engine.Actor> = {
  0: { userId: IDS.alice, seat: 0, referee: false },
  1: { userId: IDS.bob, seat: 1, referee: false },
};

/** Plays `steps` with the engine alone (Alice seat 0, Bob seat 1), answering every decision with `policy`. */
export function simulate(seed: string, steps: readonly SimStep[], policy: Policy): Simulation {
  let state: engine.GameState = engine.initialState;
  const events: engine.GameEvent[] = [];
  const decisions: Simulation['decisions'] = [];
  const apply = (command: engine.Command, actor: engine.Actor): void => {
    const decided = engine.decide(state, command, actor);
    if (!decided.ok) throw new Error(`${command.type}: ${decided.error.code}`);
    for (const e of decided.value) {
      events.push(e);
      state = engine.evolve(state, e);
    }
  };
  const answerAll = (): void => {
    for (let guard = 0; guard < 50; guard++) {
      const d = engine.pendingDecision(state);
      if (!d) return;
      const active = activeState(state);
      const choice = policy(active, d);
      decisions.push({ seat: d.seat, kind: d.kind, choice, decision: d, state: active });
      const command = engine.commandForChoice(d, choice);
      if (!command) throw new Error(`no command for ${d.kind} ${String(choice)}`);
      apply(command, SEATED[d.seat]);
    }
    throw new Error('the scripted game never stops deciding');
  };
  apply(
    { type: 'startGame', gameId: 'sim', system: 'm3e', seats: [{ userId: IDS.alice, name: 'Alice' }, { userId: IDS.bob, name: 'Bob' }], seed, createdBy: IDS.alice },
    { userId: IDS.alice, seat: null, referee: true },
  );
  for (const step of steps) {
    apply(step.command, SEATED[step.seat]);
    answerAll();
  }
  return { seed, events, decisions, final: state };
}

/** The first seed (of a fixed sequence, so every run picks the same) whose scripted game satisfies `wanted`. */
export function findSeed(label: string, steps: readonly SimStep[], policy: Policy, wanted: (sim: Simulation) => boolean, tries = 5_000): Simulation {
  for (let i = 0; i < tries; i++) {
    const seed = createHash('sha256').update(`${label}-${i}`).digest('hex');
    let sim: Simulation;
    try {
      sim = simulate(seed, steps, policy);
    } catch {
      continue;
    }
    if (wanted(sim)) return sim;
  }
  throw new Error(`no seed among ${tries} gives the scripted game "${label}"`);
}

/**
 * `who` flips (`/flip` with `options` in `channelId`) until `found`, asked after each flip, returns what
 * the test needs (the decision it waits on, the buttons of a DM, the flip's reply), and gives that back.
 * At most `attempts` flips; then it fails, saying `what` it did not get and what the last flip answered.
 */
export async function flipUntil<T>(
  app: App,
  who: Who | string,
  options: Record<string, OptionValue>,
  channelId: string | undefined,
  found: (flipped: CommandResult) => T | null | undefined | Promise<T | null | undefined>,
  { what, attempts = 5 }: { what: string; attempts?: number },
): Promise<T> {
  let last: CommandResult | undefined;
  // A flip opens a cheat or choice decision only for some deck orders (a Black Joker, say, must be taken), and the seed may deal those: flip again.
  for (let attempt = 0; attempt < attempts; attempt++) {
    last = await app.command(who, 'flip', options, channelId);
    if (!last.ok) throw new Error(`/flip refused by the double: ${last.error}`);
    // The decision's DM is sent after the answer: wait for it on a loaded machine.
    await app.settle();
    const result = await found(last);
    if (result !== null && result !== undefined) return result;
  }
  throw new Error(`${attempts} flips without ${what}; the last one answered: ${last?.reply?.content ?? '(no reply)'}`);
}

/**
 * Answers the channel's pending decisions with `policy`, by clicking the components the bot sent (the
 * selects and buttons in the decider's DM, where every decision goes), until `until` says stop
 * (the decision it stops at is returned, unanswered) or nothing is pending (null).
 */
export async function advance(
  app: App,
  options: { channelId?: string; policy: Policy; until?: (decision: engine.PendingDecision, state: engine.ActiveState) => boolean },
): Promise<engine.PendingDecision | null> {
  const channelId = options.channelId ?? IDS.channel;
  for (let guard = 0; guard < 50; guard++) {
    const state = await app.state(channelId);
    if (!state || state.status !== 'active') return null;
    const decision = engine.pendingDecision(state);
    if (!decision) return null;
    if (options.until?.(decision, state)) return decision;
    const choice = options.policy(state, decision);
    const decider = decision.seat === 0 ? 'alice' : 'bob';
    // Every decision's controls go to the decider's DM.
    const message = latestDecisionMessage(app.dms(decider), state.gameId);
    if (!message) throw new Error(`no message carries the ${decision.kind} decision of ${decider}`);
    const where = locateChoice(message, decision, choice);
    if (!where) throw new Error(`no component for ${decision.kind} = ${String(choice)}`);
    const clicked = await app.click(decider, where.message.id, where.customId, where.values);
    if (!clicked.ok) throw new Error(`click refused by the double: ${clicked.error}`);
    const after = await app.state(channelId);
    if (after?.status === 'active' && engine.pendingDecision(after)?.id === decision.id) {
      throw new Error(`the bot did not take ${decider}'s ${decision.kind} answer: ${clicked.reply?.content ?? ''}`);
    }
  }
  throw new Error('advance(): too many decisions');
}
