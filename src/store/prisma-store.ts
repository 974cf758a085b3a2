/**
 * The one GameStore implementation, for both providers: written against the Prisma client generated for
 * SQLite, and the PostgreSQL client, generated from the same models, satisfies the same StoreClient.
 *
 * Two ways to the database (see open.ts):
 * - the paths every command takes — appending to a game, reading a game or its log, reading settings —
 *   are plain SQL written with driver-sql.ts, in as few statements as the guarantees allow, on the
 *   store's own connection: better-sqlite3 with statements prepared once (sqlite-connection.ts), or a pg
 *   pool with named prepared statements (postgres-connection.ts);
 * - the rare paths — creating a game, saving settings, pruning receipts — use the Prisma client's model
 *   API, on the same connected adapter.
 *
 * Cost model (measured on the bench machine, CPU per call): every query through the Prisma client goes
 * through its WASM query compiler and plan interpreter: about 0.6–1 ms for a model query, 0.2–0.5 ms for a
 * raw one plus the size of its parameters (serialized into the compiler and back), so about 0.6–0.9 ms for
 * an append with its snapshot. The same SQL on the adapter costs what the driver costs (tens of µs on
 * SQLite): the adapter converts arguments and results exactly as it does for the client, and driver-sql.ts
 * converts results as the client's runtime does.
 *
 * SQL here is written once for both dialects where it can be (quoted identifiers, `CAST`, standard
 * `UPDATE … RETURNING`, which SQLite has since 3.35), and per dialect only for the append (see there).
 * Timestamps are passed as `Date` parameters, so the adapter stores them exactly as the client's model
 * queries do (SQLite: ISO-8601 text with `+00:00`; PostgreSQL: TIMESTAMP(3) in UTC).
 */
import { randomUUID } from 'node:crypto';
import type { PrismaClient } from '../generated/sqlite/client.js';
import type {
  AppendResult,
  CreateGameResult,
  GameStatus,
  GameStore,
  GuildSettings,
  NewEvent,
  StoredEvent,
  StoredGame,
  UserSettings,
} from './contract.js';
import {
  empty,
  join,
  queryRows,
  raw,
  sql,
  toBoolean,
  toDate,
  toInt,
  toNullableText,
  toText,
  type Row,
  type Sql,
  type SqlDriver,
  type SqlRunner,
} from './driver-sql.js';
import type { PostgresConnection } from './postgres-connection.js';
import type { SqliteConnection } from './sqlite-connection.js';

/**
 * Exactly the client surface the store uses. Narrower than PrismaClient on purpose: the two providers'
 * clients differ in parts the store never touches (allowed transaction isolation levels, aggregate
 * helpers, string filter `mode`, `skipDuplicates`), so neither whole client type fits the other; over
 * these methods the PostgreSQL client type-checks against the SQLite one with no cast.
 */
type Tx = {
  game: Pick<PrismaClient['game'], 'create' | 'findUnique'>;
  interactionReceipt: Pick<PrismaClient['interactionReceipt'], 'create' | 'deleteMany' | 'findUnique'>;
  userSetting: Pick<PrismaClient['userSetting'], 'upsert'>;
  guildSetting: Pick<PrismaClient['guildSetting'], 'upsert'>;
};
export type StoreClient = Tx &
  Pick<PrismaClient, '$disconnect'> & {
    $transaction<R>(fn: (tx: Tx) => Promise<R>, options?: { maxWait?: number; timeout?: number }): Promise<R>;
  };

/**
 * Prisma's defaults (2 s to start, 5 s to finish) are too tight: on SQLite the first write of a
 * transaction may block for the whole busy timeout (5 s) while another process commits, and on
 * PostgreSQL a burst of writes can queue for a pooled connection. Passed to each interactive transaction,
 * and to the client itself (openStore) as its defaults.
 */
export const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 15_000 };

export interface PrismaStoreOptions {
  /**
   * Which SQL dialect the client speaks. SQLite also runs one operation at a time: the Prisma client's
   * transactions (createGame) span awaits on the adapter's connection, and a write on the store's own
   * connection meanwhile would wait for that write lock — synchronously, blocking the event loop the
   * transaction needs to finish — up to the busy timeout. One at a time, that never happens (the test
   * "two connections that never wait for each other" runs with a busy timeout of 0). SQLite serializes
   * writers anyway, so nothing is lost.
   */
  provider: 'sqlite' | 'postgresql';
  /**
   * The connected driver adapter the client runs on (open.ts shares it with the client); the hot paths
   * run on it only when the store has no connection of its own. Disposed of by close(), after the client
   * disconnects.
   */
  driver: SqlDriver;
  /** SQLite only: the store's own connection for the hot statements (see sqlite-connection.ts). */
  sqliteConnection?: SqliteConnection;
  /** PostgreSQL: the store's own pool for the hot statements, as named prepared statements (postgres-connection.ts). */
  postgresConnection?: PostgresConnection;
  /** Injected by tests; defaults to the wall clock. */
  now?: () => Date;
  /** Receipts older than this may be deleted: Discord stops retrying an interaction long before. */
  receiptTtlMs?: number;
  /** At most one pruning pass per this interval, done by writes that carry an interaction id. */
  pruneIntervalMs?: number;
}

const HOUR = 60 * 60 * 1000;

/** The Game columns a StoredGame is made of, snapshot aside. */
const GAME_COLUMNS = raw(`"id", "guildId", "channelId", "system", "status", "version", "createdBy", "createdAt", "updatedAt"`);
const EVENT_COLUMNS = raw(`"gameId", "seq", "type", "payload", "actor", "at"`);
/** SQLite allows 32,766 parameters per statement; an append's events are inserted this many rows at a time. */
const EVENTS_PER_INSERT = 500;

interface GameRow {
  id: string;
  guildId: string | null;
  channelId: string;
  system: string;
  status: string;
  version: number;
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
}

/** What the append's UPDATE … RETURNING gives back. */
interface UpdatedRow extends GameRow {
  /** The highest seq before this append's events (0 for none). */
  lastSeq: number;
}

export function createPrismaStore(client: StoreClient, options: PrismaStoreOptions): GameStore {
  const now = options.now ?? (() => new Date());
  const receiptTtlMs = options.receiptTtlMs ?? HOUR;
  const pruneIntervalMs = options.pruneIntervalMs ?? 10 * 60 * 1000;
  const dialect = options.provider;
  const sqlite = dialect === 'sqlite';
  const driver = options.driver;
  const sqliteConnection = options.sqliteConnection;
  if (sqlite && sqliteConnection === undefined) throw new TypeError('A SQLite store needs its own connection (sqliteConnection)');
  const postgresConnection = options.postgresConnection;
  /** Where the hot statements run: the store's own SQLite connection or PostgreSQL pool (the adapter if none). */
  const hot: SqlRunner = sqliteConnection ?? postgresConnection ?? driver;

  let tail: Promise<unknown> = Promise.resolve();
  const run = <T>(operation: () => Promise<T>): Promise<T> => {
    if (!sqlite) return operation();
    const result = tail.then(operation, operation);
    tail = result.catch(() => undefined);
    return result;
  };

  /** Rows of a query on the adapter (outside any transaction: see `provider` for why SQLite serializes). */
  const select = (query: Sql): Promise<Row[]> => queryRows(hot, query, dialect);

  let lastPrune = -Infinity;
  const maybePrune = async (at: Date): Promise<void> => {
    if (at.getTime() - lastPrune < pruneIntervalMs) return;
    lastPrune = at.getTime();
    try {
      await client.interactionReceipt.deleteMany({ where: { at: { lt: new Date(at.getTime() - receiptTtlMs) } } });
    } catch {
      // Housekeeping only: the claim must not fail because of it, and the next interval retries.
    }
  };

  const receiptExists = async (id: string): Promise<boolean> => (await select(sql`SELECT 1 AS "x" FROM "InteractionReceipt" WHERE "id" = ${id}`)).length > 0;

  const oneGame = async (where: Sql): Promise<StoredGame | null> => {
    const row = (await select(sql`SELECT ${GAME_COLUMNS}, "snapshot" FROM "Game" ${where}`))[0];
    return row === undefined ? null : toGame(toGameRow(row), JSON.parse(toText(row.snapshot, 'snapshot')) as unknown);
  };

  let closed = false;

  const store: GameStore = {
    async createGame(input) {
      const snapshot = toJson(input.snapshot, 'snapshot');
      const events = input.events.map((event, index) => ({ ...toEventData(event), seq: index + 1 }));
      return run(async (): Promise<CreateGameResult> => {
        // Two attempts: a unique violation whose blocking game has ended by the time we look it up
        // means the channel just became free.
        for (let attempt = 1; ; attempt++) {
          const at = now();
          try {
            // The nested write keeps the game and its opening events in one transaction; it is made
            // explicit only to apply TRANSACTION_OPTIONS.
            const game = await client.$transaction(
              async (tx) => {
                if (input.interactionId) await tx.interactionReceipt.create({ data: { id: input.interactionId, at } });
                return tx.game.create({
                  data: {
                    id: input.id ?? randomUUID(),
                    guildId: input.guildId,
                    channelId: input.channelId,
                    activeChannelId: input.channelId,
                    system: input.system,
                    status: 'active',
                    version: 1,
                    snapshot,
                    createdBy: input.createdBy,
                    createdAt: at,
                    updatedAt: at,
                    events: { createMany: { data: events.map((event) => ({ ...event, at })) } },
                  },
                });
              },
              TRANSACTION_OPTIONS,
            );
            const stored = toGame(game, JSON.parse(game.snapshot) as unknown);
            return { ok: true, game: stored, events: events.map((event) => toEvent({ ...event, gameId: stored.id, at })) };
          } catch (error) {
            if (!isUniqueViolation(error)) throw error;
            if (input.interactionId && (await client.interactionReceipt.findUnique({ where: { id: input.interactionId } }))) {
              return { ok: false, reason: 'duplicate_interaction' };
            }
            const active = await client.game.findUnique({ where: { activeChannelId: input.channelId }, select: { id: true } });
            if (active !== null) return { ok: false, reason: 'channel_busy', activeGameId: active.id };
            if (attempt >= 2) throw error;
          }
        }
      });
    },

    findActiveGame(channelId) {
      return run(() => oneGame(sql`WHERE "activeChannelId" = ${channelId}`));
    },

    getGame(gameId) {
      return run(() => oneGame(sql`WHERE "id" = ${gameId}`));
    },

    findLatestGame(channelId) {
      // A channel's active game is always its newest (it could only be created after the previous one
      // ended), which settles a tie on the millisecond. On SQLite the timestamps are ISO-8601 text of
      // one fixed format, so text order is time order.
      return run(() => oneGame(sql`WHERE "channelId" = ${channelId} ORDER BY "createdAt" DESC, "status" ASC LIMIT 1`));
    },

    async appendEvents(input) {
      const snapshot = toJson(input.snapshot, 'snapshot');
      const events = input.events.map(toEventData);
      return run(async (): Promise<AppendResult> => {
        const at = now();
        if (input.interactionId) await maybePrune(at);
        let updated: UpdatedRow | undefined;
        try {
          updated = sqlite ? appendSqlite(at) : await appendPostgres(at);
        } catch (error) {
          // A unique violation here is the receipt (seq numbers are taken under the game's write lock):
          // a retried delivery. Checked rather than assumed, since the transaction rolled back whole.
          if (input.interactionId && isUniqueViolation(error) && (await receiptExists(input.interactionId))) {
            return { ok: false, reason: 'duplicate_interaction' };
          }
          throw error;
        }
        if (updated === undefined) {
          // Nothing was written. Either the version moved on (or the game does not exist: the caller
          // reloads and finds none), or the guard against reviving an ended game held it back.
          if (input.status === 'active') {
            const current = (await select(sql`SELECT "version", "activeChannelId" FROM "Game" WHERE "id" = ${input.gameId}`))[0];
            if (current !== undefined && toInt(current.version, 'version') === input.expectedVersion && current.activeChannelId === null) {
              // Reviving an ended game would need the channel's slot back, which another game may hold by now.
              throw new Error(`Game ${input.gameId} has ended and cannot be made active again`);
            }
          }
          return { ok: false, reason: 'version_conflict' };
        }
        const firstSeq = updated.lastSeq + 1;
        return {
          ok: true,
          // The snapshot is the value just written (JSON-checked above): no need to read it back.
          game: toGame(updated, input.snapshot),
          events: input.events.map((event, index) => ({ gameId: input.gameId, seq: firstSeq + index, type: event.type, payload: event.payload, actor: event.actor, at })),
        };
      });

      /**
       * The compare-and-swap UPDATE, shared by both dialects. It bumps the version, writes the snapshot
       * and returns the row with the last seq before this append (read under the write lock the UPDATE
       * holds: SQLite's database lock, PostgreSQL's row lock, so no other append to this game can slip in
       * between). `revive` keeps an ended game from being made active again: its channel slot (NULL
       * activeChannelId) may belong to another game by now.
       */
      function casUpdate(at: Date): Sql {
        const status =
          input.status === undefined
            ? empty
            : input.status === 'ended'
              ? // NULL frees the channel's slot in the unique index for the next game.
                sql`, "status" = ${input.status}, "activeChannelId" = NULL`
              : sql`, "status" = ${input.status}`;
        const revive = input.status === 'active' ? sql` AND "activeChannelId" IS NOT NULL` : empty;
        const version = sqlite ? sql`${input.expectedVersion}` : sql`CAST(${input.expectedVersion} AS INTEGER)`;
        const stamp = sqlite ? sql`${at}` : sql`CAST(${at} AS TIMESTAMP(3))`;
        return sql`UPDATE "Game" SET "version" = "version" + 1, "snapshot" = ${snapshot}, "updatedAt" = ${stamp}${status}
          WHERE "id" = ${input.gameId} AND "version" = ${version}${revive}
          RETURNING ${GAME_COLUMNS}, (SELECT COALESCE(MAX("seq"), 0) FROM "GameEvent" WHERE "gameId" = ${input.gameId}) AS "lastSeq"`;
      }

      function toUpdatedRow(row: Row | undefined): UpdatedRow | undefined {
        return row === undefined ? undefined : { ...toGameRow(row), lastSeq: toInt(row.lastSeq, 'lastSeq') };
      }

      /**
       * SQLite has no data-modifying CTEs, so: one synchronous transaction on the store's own connection
       * (sqlite-connection.ts) of the UPDATE, then the receipt and the events. A lost compare-and-swap
       * (no row) stops right there, having written nothing; a duplicate receipt fails its INSERT and the
       * transaction rolls back, the UPDATE included. The seq numbers continue from the MAX(seq) the UPDATE
       * returned: the transaction holds SQLite's write lock from the UPDATE on, so no other writer (in this
       * process or another) can add events in between.
       */
      function appendSqlite(at: Date): UpdatedRow | undefined {
        const connection = sqliteConnection!;
        return connection.transaction(() => {
          const updated = toUpdatedRow(connection.rows(casUpdate(at))[0]);
          if (updated === undefined) return undefined;
          if (input.interactionId) connection.run(sql`INSERT INTO "InteractionReceipt" ("id", "at") VALUES (${input.interactionId}, ${at})`);
          for (let start = 0; start < events.length; start += EVENTS_PER_INSERT) {
            const rows = events
              .slice(start, start + EVENTS_PER_INSERT)
              .map((event, index) => sql`(${input.gameId}, ${updated.lastSeq + start + index + 1}, ${event.type}, ${event.payload}, ${event.actor}, ${at})`);
            connection.run(sql`INSERT INTO "GameEvent" (${EVENT_COLUMNS}) VALUES ${join(rows)}`);
          }
          return updated;
        });
      }

      /**
       * PostgreSQL: one statement, so one round trip and its own transaction. The receipt and the events
       * are inserted from the UPDATE's RETURNING rows, so a lost compare-and-swap (no row) inserts
       * neither, and a duplicate receipt fails the statement, the UPDATE included. Under READ COMMITTED
       * a concurrent append to the same game makes the UPDATE wait for its row lock, then re-check the
       * version against the committed row and match nothing. The events travel as three text arrays
       * (unnest … WITH ORDINALITY numbers them), so the statement's text and parameter count do not grow
       * with their number.
       */
      async function appendPostgres(at: Date): Promise<UpdatedRow | undefined> {
        const stamp = sql`CAST(${at} AS TIMESTAMP(3))`;
        const parts: Sql[] = [sql`WITH "g" AS (${casUpdate(at)})`];
        if (input.interactionId) {
          parts.push(sql`, "r" AS (INSERT INTO "InteractionReceipt" ("id", "at") SELECT ${input.interactionId}, ${stamp} FROM "g")`);
        }
        if (events.length > 0) {
          const types = events.map((event) => event.type);
          const payloads = events.map((event) => event.payload);
          const actors = events.map((event) => event.actor);
          parts.push(sql`, "e" AS (INSERT INTO "GameEvent" (${EVENT_COLUMNS})
            SELECT "g"."id", "g"."lastSeq" + "v"."n", "v"."type", "v"."payload", "v"."actor", ${stamp}
            FROM "g" CROSS JOIN unnest(CAST(${types} AS TEXT[]), CAST(${payloads} AS TEXT[]), CAST(${actors} AS TEXT[])) WITH ORDINALITY AS "v" ("type", "payload", "actor", "n"))`);
        }
        parts.push(sql` SELECT * FROM "g"`);
        return toUpdatedRow((await select(join(parts, '')))[0]);
      }
    },

    listEvents(gameId) {
      return run(async () => {
        const rows = await select(sql`SELECT ${EVENT_COLUMNS} FROM "GameEvent" WHERE "gameId" = ${gameId} ORDER BY "seq"`);
        return rows.map((row) =>
          toEvent({
            gameId: toText(row.gameId, 'gameId'),
            seq: toInt(row.seq, 'seq'),
            type: toText(row.type, 'type'),
            payload: toText(row.payload, 'payload'),
            actor: toNullableText(row.actor, 'actor'),
            at: toDate(row.at, 'at'),
          }),
        );
      });
    },

    getUserSettings(userId) {
      return run(async (): Promise<UserSettings> => {
        const row = (await select(sql`SELECT "locale", "directMessages", "clientLocale" FROM "UserSetting" WHERE "userId" = ${userId}`))[0];
        return row === undefined
          ? { userId, locale: null, directMessages: true, clientLocale: null }
          : {
              userId,
              locale: toNullableText(row.locale, 'locale'),
              directMessages: toBoolean(row.directMessages, 'directMessages'),
              clientLocale: toNullableText(row.clientLocale, 'clientLocale'),
            };
      });
    },

    saveUserSettings(settings) {
      const data = { locale: settings.locale, directMessages: settings.directMessages };
      return run(async () => {
        await client.userSetting.upsert({ where: { userId: settings.userId }, create: { userId: settings.userId, ...data }, update: data });
      });
    },

    rememberClientLocale(userId, locale) {
      return run(async () => {
        await client.userSetting.upsert({ where: { userId }, create: { userId, clientLocale: locale }, update: { clientLocale: locale } });
      });
    },

    getGuildSettings(guildId) {
      return run(async (): Promise<GuildSettings> => {
        const row = (await select(sql`SELECT "refereeRoleId" FROM "GuildSetting" WHERE "guildId" = ${guildId}`))[0];
        return { guildId, refereeRoleId: row === undefined ? null : toNullableText(row.refereeRoleId, 'refereeRoleId') };
      });
    },

    saveGuildSettings(settings) {
      const data = { refereeRoleId: settings.refereeRoleId };
      return run(async () => {
        await client.guildSetting.upsert({ where: { guildId: settings.guildId }, create: { guildId: settings.guildId, ...data }, update: data });
      });
    },

    async close() {
      if (closed) return;
      closed = true;
      await run(async () => {
        try {
          await client.$disconnect();
        } finally {
          // The client only borrowed the adapter (driver-sql.ts: shareAdapter).
          await driver.dispose();
          sqliteConnection?.close();
          await postgresConnection?.close();
        }
      });
    },
  };
  return store;
}

interface EventData {
  type: string;
  payload: string;
  actor: string | null;
}

function toEventData(event: NewEvent): EventData {
  return { type: event.type, payload: toJson(event.payload, `payload of event "${event.type}"`), actor: event.actor };
}

function toEvent(row: EventData & { gameId: string; seq: number; at: Date }): StoredEvent {
  return { gameId: row.gameId, seq: row.seq, type: row.type, payload: JSON.parse(row.payload) as unknown, actor: row.actor, at: row.at };
}

function toGame(row: GameRow, snapshot: unknown): StoredGame {
  return {
    id: row.id,
    guildId: row.guildId,
    channelId: row.channelId,
    system: row.system,
    status: toStatus(row.status, row.id),
    version: row.version,
    snapshot,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function toStatus(value: string, gameId: string): GameStatus {
  if (value === 'active' || value === 'ended') return value;
  throw new Error(`Game ${gameId} has an unknown status "${value}" in the database`);
}

function toJson(value: unknown, what: string): string {
  // JSON.stringify returns undefined (not a string) for undefined, functions and symbols; storing that
  // would fail later with a confusing NOT NULL error, or worse, parse back as something else.
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError(`The ${what} is not JSON-serializable`);
  return json;
}

/**
 * A unique-constraint violation (SQLITE_CONSTRAINT_UNIQUE or _PRIMARYKEY, PostgreSQL 23505): from the
 * adapter directly, a DriverAdapterError whose cause says UniqueConstraintViolation; through the client,
 * Prisma's P2002 from a model query (or P2010, "raw query failed", wrapping the adapter's error).
 * Duck-typed: each generated client has its own error classes, and driver-adapter-utils is not ours.
 */
function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  // better-sqlite3 and pg themselves (the store's own connections).
  if ('code' in error && (error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === '23505')) return true;
  if ('name' in error && error.name === 'DriverAdapterError' && 'cause' in error) {
    return (error.cause as { kind?: unknown } | undefined)?.kind === 'UniqueConstraintViolation';
  }
  if (!('code' in error)) return false;
  if (error.code === 'P2002') return true;
  if (error.code !== 'P2010' || !('meta' in error)) return false;
  const meta = error.meta as { driverAdapterError?: { cause?: { kind?: unknown } } } | undefined;
  return meta?.driverAdapterError?.cause?.kind === 'UniqueConstraintViolation';
}

/** The game columns of a row read on the adapter. */
function toGameRow(row: Row): GameRow {
  return {
    id: toText(row.id, 'id'),
    guildId: toNullableText(row.guildId, 'guildId'),
    channelId: toText(row.channelId, 'channelId'),
    system: toText(row.system, 'system'),
    status: toText(row.status, 'status'),
    version: toInt(row.version, 'version'),
    createdBy: toText(row.createdBy, 'createdBy'),
    createdAt: toDate(row.createdAt, 'createdAt'),
    updatedAt: toDate(row.updatedAt, 'updatedAt'),
  };
}
