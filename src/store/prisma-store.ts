/**
 * The one GameStore implementation, for both providers: written against the Prisma client generated for
 * SQLite, and the PostgreSQL client, generated from the same models, satisfies the same StoreClient.
 *
 * Two ways to the database (see open.ts):
 * - the paths every command takes — appending to a game, reading a game or its log, reading settings —
 *   are plain SQL, in as few statements as the guarantees allow, on the store's own connections:
 *   appends committed in groups (groupCommit.ts) on a writer thread (sqlite-writer.ts, sqlite-appender.ts)
 *   or in one statement per group (postgres-append.ts), reads on better-sqlite3 with statements prepared
 *   once (sqlite-connection.ts) or a pg pool with named prepared statements (postgres-connection.ts);
 * - the rare paths — creating a game, saving settings, the leagues' writes (league-store.ts), pruning receipts on PostgreSQL — use the Prisma
 *   client's model API, on the same connected adapter (on SQLite the writer thread prunes receipts).
 *
 * Cost model (measured on the bench machine, CPU per call): every query through the Prisma client goes
 * through its WASM query compiler and plan interpreter: about 0.6–1 ms for a model query, 0.2–0.5 ms for a
 * raw one plus the size of its parameters (serialized into the compiler and back), so about 0.6–0.9 ms for
 * an append with its snapshot. The same SQL on the adapter costs what the driver costs (tens of µs on
 * SQLite): the adapter converts arguments and results exactly as it does for the client, and driver-sql.ts
 * converts results as the client's runtime does.
 *
 * SQL here is written once for both dialects (quoted identifiers, `CAST`); the append, per dialect, lives
 * in its own module.
 * Timestamps are passed as `Date` parameters, so the adapter stores them exactly as the client's model
 * queries do (SQLite: ISO-8601 text with `+00:00`; PostgreSQL: TIMESTAMP(3) in UTC).
 */
import { randomUUID } from 'node:crypto';
import type { PrismaClient } from '../generated/sqlite/client.js';
import type {
  AppendResult,
  AwaitedRecord,
  AwaitingUpdate,
  CreateGameResult,
  GameStatus,
  GameStore,
  GameMessageRef,
  DraftSaved,
  GuildSettings,
  StoredEvent,
  StoredGame,
  TurnClock,
  UserSettings,
} from './contract.js';
import {
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
import { GAME_ROW_COLUMNS, isStaleSnapshot, isUniqueViolation, toEventData, toGameRow, toJson, type AppendOutcome, type AppendRequest, type AwaitedRow, type EventRow, type GameRow } from './append.js';
import { groupCommit } from './groupCommit.js';
import { readersWriterLock, unlocked } from './readersWriterLock.js';
import { commitPostgresAppends } from './postgres-append.js';
import { createLeagueStore, type LeagueTx } from './league-store.js';
import { createModelTableStore, type ModelTableTx } from './model-table.js';
import type { PostgresConnection } from './postgres-connection.js';
import type { SqliteConnection } from './sqlite-connection.js';
import type { SqliteWriter } from './sqlite-writer.js';

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
  gameMessage: Pick<PrismaClient['gameMessage'], 'upsert'>;
  awaitedDecision: Pick<PrismaClient['awaitedDecision'], 'createMany'>;
  playerDraft: Pick<PrismaClient['playerDraft'], 'upsert' | 'deleteMany'>;
} & ModelTableTx &
  LeagueTx;
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
   * Which SQL dialect the client speaks. On SQLite the Prisma client's writes never overlap an append
   * (readersWriterLock.ts): its transactions span awaits on a connection of their own, and the writer
   * thread's transaction meanwhile would wait for that write lock up to the busy timeout (the test "three
   * connections that never wait for each other" runs with a busy timeout of 0).
   */
  provider: 'sqlite' | 'postgresql';
  /**
   * The connected driver adapter the client runs on (open.ts shares it with the client); the hot paths
   * run on it only when the store has no connection of its own. Disposed of by close(), after the client
   * disconnects.
   */
  driver: SqlDriver;
  /** SQLite only: the store's own connection for the reads every command makes (see sqlite-connection.ts). */
  sqliteConnection?: SqliteConnection;
  /** SQLite only: the writer thread every append goes to (see sqlite-writer.ts). */
  sqliteWriter?: SqliteWriter;
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
const GAME_COLUMNS = raw(GAME_ROW_COLUMNS.map((column) => `"${column}"`).join(', '));
const AWAITED_COLUMNS = raw(`"gameId", "decisionId", "guildId", "channelId", "seat", "userId", "kind", "since", "remindAt", "warnAt", "deadlineAt", "sent", "nextAt"`);
const EVENT_COLUMNS = raw(`"gameId", "seq", "type", "payload", "actor", "at"`);

/**
 * PostgreSQL group commit: one batch at a time (each one statement, so its arrays grow with the batch,
 * its text does not). Measured with `bench/profile-path.ts --store=postgresql`: one batch in flight let
 * /flip reach 0.39 of the bare server, two 0.35, four 0.33 — the fewer the statements, the less CPU the
 * database server takes from the two cores it shares with the bot — and it keeps the appends' order
 * without relying on the pool.
 */
const POSTGRES_BATCHES_IN_FLIGHT = 1;
const POSTGRES_MAX_BATCH = 64;

export function createPrismaStore(client: StoreClient, options: PrismaStoreOptions): GameStore {
  const now = options.now ?? (() => new Date());
  const receiptTtlMs = options.receiptTtlMs ?? HOUR;
  const pruneIntervalMs = options.pruneIntervalMs ?? 10 * 60 * 1000;
  const dialect = options.provider;
  const sqlite = dialect === 'sqlite';
  const driver = options.driver;
  const sqliteConnection = options.sqliteConnection;
  const sqliteWriter = options.sqliteWriter;
  if (sqlite && (sqliteConnection === undefined || sqliteWriter === undefined)) throw new TypeError('A SQLite store needs its own connection and writer (sqliteConnection, sqliteWriter)');
  const postgresConnection = options.postgresConnection;
  /** Where the hot statements run: the store's own SQLite connection or PostgreSQL pool (the adapter if none). */
  const hot: SqlRunner = sqliteConnection ?? postgresConnection ?? driver;

  const { shared, exclusive } = sqlite ? readersWriterLock() : { shared: unlocked, exclusive: unlocked };
  /**
   * The Prisma client's writes: exclusive, so on SQLite they never overlap this process's appends, and run
   * again, whole, when another process's commit made their SQLite snapshot stale (isStaleSnapshot). The
   * client's upserts and deletes read before they write, in a transaction of their own, so two bot
   * instances on one file can meet there; the appends and markTimerSent begin by writing, and wait.
   */
  const clientWrite = <T>(write: () => Promise<T>): Promise<T> => exclusive(() => (sqlite ? retryStale(write) : write()));

  /** Rows of a query on the store's own connection (the adapter if it has none). */
  const select = (query: Sql): Promise<Row[]> => queryRows(hot, query, dialect);

  const commitAppend = sqliteWriter
    ? sqliteWriter.append
    : groupCommit<AppendRequest, AppendOutcome>({
        commit: (batch) => commitPostgresAppends(hot, batch),
        maxInFlight: POSTGRES_BATCHES_IN_FLIGHT,
        maxBatch: POSTGRES_MAX_BATCH,
      });

  let lastPrune = -Infinity;
  /**
   * Deletes old receipts at most once per interval, before the append that noticed it was due, so that
   * from that append on the old receipts are gone. On SQLite the writer thread prunes, in chunks between
   * batches (sqlite-writer.ts): handed over first, its first chunk runs before the append's batch; and
   * like an append it is a shared operation, so the Prisma client's writes never overlap any of its
   * chunks. On PostgreSQL the append waits for the delete (once per interval), which would otherwise race
   * it on another connection. Housekeeping only: no command fails because of it, the next interval
   * retries.
   */
  const pruneIfDue = (at: Date): Promise<unknown> | undefined => {
    if (at.getTime() - lastPrune < pruneIntervalMs) return undefined;
    lastPrune = at.getTime();
    const before = new Date(at.getTime() - receiptTtlMs);
    if (sqliteWriter) return void shared(() => sqliteWriter.pruneReceipts(before)).catch(() => undefined);
    return client.interactionReceipt.deleteMany({ where: { at: { lt: before } } }).catch(() => undefined);
  };

  const oneGame = async (where: Sql): Promise<StoredGame | null> => {
    const row = (await select(sql`SELECT ${GAME_COLUMNS}, "snapshot" FROM "Game" ${where}`))[0];
    return row === undefined ? null : toGame(toGameRow(row), JSON.parse(toText(row.snapshot, 'snapshot')) as unknown);
  };

  let closed = false;

  const store: GameStore = {
    async createGame(input) {
      const snapshot = toJson(input.snapshot, 'snapshot');
      const events = input.events.map((event, index) => ({ ...toEventData(event), seq: index + 1 }));
      return clientWrite(async (): Promise<CreateGameResult> => {
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
                const id = input.id ?? randomUUID();
                if (input.awaiting !== undefined && input.awaiting.decisions.length > 0) {
                  await tx.awaitedDecision.createMany({
                    data: awaitedRows(input.awaiting, at).map(({ remindAt, ...row }) => ({ ...row, gameId: id, guildId: input.guildId, channelId: input.channelId, since: at, remindAt, nextAt: remindAt })),
                  });
                }
                return tx.game.create({
                  data: {
                    id,
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
                    turnClockHours: input.turnClock?.hours ?? null,
                    atDeadline: input.turnClock?.atDeadline ?? null,
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
      return shared(() => oneGame(sql`WHERE "activeChannelId" = ${channelId}`));
    },

    getGame(gameId) {
      return shared(() => oneGame(sql`WHERE "id" = ${gameId}`));
    },

    findLatestGame(channelId) {
      // A channel's active game is always its newest (it could only be created after the previous one
      // ended), which settles a tie on the millisecond. On SQLite the timestamps are ISO-8601 text of
      // one fixed format, so text order is time order.
      return shared(() => oneGame(sql`WHERE "channelId" = ${channelId} ORDER BY "createdAt" DESC, "status" ASC LIMIT 1`));
    },

    async appendEvents(input) {
      const request: AppendRequest = {
        gameId: input.gameId,
        expectedVersion: input.expectedVersion,
        snapshot: toJson(input.snapshot, 'snapshot'),
        events: input.events.map(toEventData),
        at: now(),
        ...(input.status === undefined ? {} : { status: input.status }),
        ...(input.interactionId === undefined ? {} : { interactionId: input.interactionId }),
      };
      if (input.awaiting !== undefined) request.awaiting = awaitedRows(input.awaiting, request.at);
      const pruning = input.interactionId ? pruneIfDue(request.at) : undefined;
      return shared(async (): Promise<AppendResult> => {
        if (pruning) await pruning;
        const outcome = await commitAppend(request);
        switch (outcome.kind) {
          case 'duplicate_interaction':
            return { ok: false, reason: 'duplicate_interaction' };
          case 'not_matched': {
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
          case 'appended': {
            const firstSeq = outcome.lastSeq + 1;
            const at = request.at;
            return {
              ok: true,
              // The snapshot is the value just written (JSON-checked above): no need to read it back.
              game: toGame(outcome.game, input.snapshot),
              events: input.events.map((event, index) => ({ gameId: input.gameId, seq: firstSeq + index, type: event.type, payload: event.payload, actor: event.actor, at })),
            };
          }
          default:
            return outcome satisfies never;
        }
      });
    },

    listEvents(gameId) {
      return shared(async () => {
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

    awaitedIn(guildId, userId) {
      return shared(async () =>
        (await select(sql`SELECT ${AWAITED_COLUMNS} FROM "AwaitedDecision" WHERE "guildId" = ${guildId} AND "userId" = ${userId} ORDER BY "since", "gameId", "decisionId"`)).map(toAwaited),
      );
    },

    dueTimers(due, limit) {
      // SQLite keeps instants as ISO-8601 text of one fixed format, so text order is time order.
      const at = sqlite ? sql`${due}` : sql`CAST(${due} AS TIMESTAMP(3))`;
      return shared(async () =>
        (await select(sql`SELECT ${AWAITED_COLUMNS} FROM "AwaitedDecision" WHERE "nextAt" <= ${at} ORDER BY "nextAt", "gameId", "decisionId" LIMIT ${limit}`)).map(toAwaited),
      );
    },

    markTimerSent({ gameId, decisionId, since, sent, nextAt, remove }) {
      // One UPDATE (or DELETE) whose WHERE is checked again on the row once its lock is had (PostgreSQL's
      // READ COMMITTED; SQLite's single writer): of callers racing for the same timer, one finds it unsent.
      // Not the client's updateMany, which may read the matching rows first and update them by key.
      const time = (date: Date) => (sqlite ? sql`${date}` : sql`CAST(${date} AS TIMESTAMP(3))`);
      const unsent = sql`WHERE "gameId" = ${gameId} AND "decisionId" = ${decisionId} AND "since" = ${time(since)} AND "sent" < ${sent} RETURNING "sent"`;
      return exclusive(async () => {
        const marked = await select(
          remove === true
            ? sql`DELETE FROM "AwaitedDecision" ${unsent}`
            : sql`UPDATE "AwaitedDecision" SET "sent" = ${sent}, "nextAt" = ${nextAt === null ? null : time(nextAt)} ${unsent}`,
        );
        return marked.length === 1;
      });
    },

    getUserSettings(userId) {
      return shared(async (): Promise<UserSettings> => {
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
      return clientWrite(async () => {
        await upsertRacing(() => client.userSetting.upsert({ where: { userId: settings.userId }, create: { userId: settings.userId, ...data }, update: data }));
      });
    },

    rememberClientLocale(userId, locale) {
      return clientWrite(async () => {
        await upsertRacing(() => client.userSetting.upsert({ where: { userId }, create: { userId, clientLocale: locale }, update: { clientLocale: locale } }));
      });
    },

    getGameMessage(gameId, slot) {
      return shared(async (): Promise<GameMessageRef | null> => {
        const row = (await select(sql`SELECT "channelId", "messageId", "topic", "fromBatch" FROM "GameMessage" WHERE "gameId" = ${gameId} AND "slot" = ${slot}`))[0];
        if (row === undefined) return null;
        return { gameId, slot, channelId: toText(row.channelId, 'channelId'), messageId: toText(row.messageId, 'messageId'), topic: toText(row.topic, 'topic'), fromBatch: toInt(row.fromBatch, 'fromBatch') };
      });
    },

    saveGameMessage(ref) {
      const { gameId, slot, ...data } = ref;
      return clientWrite(async () => {
        await upsertRacing(() => client.gameMessage.upsert({ where: { gameId_slot: { gameId, slot } }, create: ref, update: data }));
      });
    },

    getPlayerDraft(gameId, userId) {
      return shared(async (): Promise<string | null> => {
        const row = (await select(sql`SELECT "text" FROM "PlayerDraft" WHERE "gameId" = ${gameId} AND "userId" = ${userId}`))[0];
        return row === undefined ? null : toText(row.text, 'text');
      });
    },

    savePlayerDraft(gameId, userId, text, interactionId) {
      return clientWrite(async (): Promise<DraftSaved> => {
        // The receipt and the draft in one transaction: a retried delivery of the same step is refused,
        // never applied twice (a model added twice).
        const write = () =>
          client.$transaction(async (tx) => {
            if (interactionId) await tx.interactionReceipt.create({ data: { id: interactionId, at: now() } });
            if (text === null) await tx.playerDraft.deleteMany({ where: { gameId, userId } });
            else await tx.playerDraft.upsert({ where: { gameId_userId: { gameId, userId } }, create: { gameId, userId, text }, update: { text } });
          }, TRANSACTION_OPTIONS);
        try {
          await write();
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          if (interactionId && (await client.interactionReceipt.findUnique({ where: { id: interactionId } }))) return { ok: false, reason: 'duplicate_interaction' };
          // Another instance inserted the first draft between the read and the insert: update it.
          await write();
        }
        return { ok: true };
      });
    },

    getGuildSettings(guildId) {
      return shared(async (): Promise<GuildSettings> => {
        const row = (await select(sql`SELECT "refereeRoleId", "locale", "discordLocale" FROM "GuildSetting" WHERE "guildId" = ${guildId}`))[0];
        return row === undefined
          ? { guildId, refereeRoleId: null, locale: null, discordLocale: null }
          : {
              guildId,
              refereeRoleId: toNullableText(row.refereeRoleId, 'refereeRoleId'),
              locale: toNullableText(row.locale, 'locale'),
              discordLocale: toNullableText(row.discordLocale, 'discordLocale'),
            };
      });
    },

    saveGuildSettings(settings) {
      // Only the choices given: the referee role and the language are set by separate commands.
      const data = {
        ...(settings.refereeRoleId !== undefined ? { refereeRoleId: settings.refereeRoleId } : {}),
        ...(settings.locale !== undefined ? { locale: settings.locale } : {}),
      };
      return clientWrite(async () => {
        await upsertRacing(() => client.guildSetting.upsert({ where: { guildId: settings.guildId }, create: { guildId: settings.guildId, ...data }, update: data }));
      });
    },

    rememberGuildLocale(guildId, locale) {
      return clientWrite(async () => {
        await upsertRacing(() => client.guildSetting.upsert({ where: { guildId }, create: { guildId, discordLocale: locale }, update: { discordLocale: locale } }));
      });
    },

    modelTables(codec) {
      return createModelTableStore(codec, {
        dialect,
        select: (query) => shared(() => select(query)),
        transaction: (write) => clientWrite(() => upsertRacing(() => client.$transaction(write, TRANSACTION_OPTIONS))),
        delete: (write) => clientWrite(() => write(client)),
        now,
      });
    },

    // Like the model tables: reads share the store's connection with the other reads, and the Prisma
    // client's writes are exclusive, so on SQLite they never overlap an append (readersWriterLock.ts).
    leagues: createLeagueStore({
      select: (query) => shared(() => select(query)),
      transaction: (write) => clientWrite(() => client.$transaction(write, TRANSACTION_OPTIONS)),
      upsert: (write) => clientWrite(() => upsertRacing(() => write(client))),
      now,
    }),

    async close() {
      if (closed) return;
      closed = true;
      await exclusive(async () => {
        try {
          await client.$disconnect();
        } finally {
          // The client only borrowed the adapter (driver-sql.ts: shareAdapter).
          await driver.dispose();
          sqliteConnection?.close();
          await sqliteWriter?.close();
          await postgresConnection?.close();
        }
      });
    },
  };
  return store;
}

function toEvent(row: EventRow & { gameId: string; seq: number; at: Date }): StoredEvent {
  return { gameId: row.gameId, seq: row.seq, type: row.type, payload: JSON.parse(row.payload) as unknown, actor: row.actor, at: row.at };
}

/** An awaiting update's rows for a write at `at`: each timer's instant after it. */
function awaitedRows(update: AwaitingUpdate, at: Date): AwaitedRow[] {
  const after = (ms: number | undefined) => (ms === undefined ? null : new Date(at.getTime() + ms));
  return update.decisions.map((d) => ({
    decisionId: d.decisionId,
    seat: d.seat,
    userId: d.userId,
    kind: d.kind,
    remindAt: after(update.timers?.remindMs),
    warnAt: after(update.timers?.warnMs),
    deadlineAt: after(update.timers?.deadlineMs),
  }));
}

function toAwaited(row: Row): AwaitedRecord {
  const remindAt = row.remindAt === null ? null : toDate(row.remindAt, 'remindAt');
  const warnAt = row.warnAt === null ? null : toDate(row.warnAt, 'warnAt');
  const deadlineAt = row.deadlineAt === null ? null : toDate(row.deadlineAt, 'deadlineAt');
  return {
    gameId: toText(row.gameId, 'gameId'),
    decisionId: toText(row.decisionId, 'decisionId'),
    guildId: toNullableText(row.guildId, 'guildId'),
    channelId: toText(row.channelId, 'channelId'),
    seat: toInt(row.seat, 'seat'),
    userId: toText(row.userId, 'userId'),
    kind: toText(row.kind, 'kind'),
    since: toDate(row.since, 'since'),
    timers: remindAt === null || warnAt === null || deadlineAt === null ? null : { remindAt, warnAt, deadlineAt },
    sent: toInt(row.sent, 'sent'),
    nextAt: row.nextAt === null ? null : toDate(row.nextAt, 'nextAt'),
  };
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
    turnClock: toTurnClock(row),
  };
}

function toTurnClock(row: GameRow): TurnClock | null {
  if (row.turnClockHours === null) return null;
  if (row.atDeadline !== 'nothing' && row.atDeadline !== 'referees') throw new Error(`Game ${row.id} has an unknown deadline policy "${String(row.atDeadline)}" in the database`);
  return { hours: row.turnClockHours, atDeadline: row.atDeadline };
}

function toStatus(value: string, gameId: string): GameStatus {
  if (value === 'active' || value === 'ended') return value;
  throw new Error(`Game ${gameId} has an unknown status "${value}" in the database`);
}

/** How often a write is begun again while other processes keep committing under it, before it fails. */
const STALE_SNAPSHOT_ATTEMPTS = 10;

async function retryStale<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!isStaleSnapshot(error) || attempt >= STALE_SNAPSHOT_ATTEMPTS) throw error;
    }
  }
}

/**
 * Prisma's upsert here reads, then inserts or updates: two bot instances writing the first version of a
 * row at once (a user's settings, a guild's) can both find none and insert, and one of them then fails
 * on the key. Tried again it finds the row and updates it, which is what it meant to do.
 */
async function upsertRacing(upsert: () => Promise<unknown>): Promise<void> {
  try {
    await upsert();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await upsert();
  }
}
