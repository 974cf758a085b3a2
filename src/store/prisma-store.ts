/**
 * The one GameStore implementation, for both providers: written against the Prisma client generated for
 * SQLite, and the PostgreSQL client, generated from the same models, satisfies the same StoreClient.
 *
 * Cost model (measured on the bench machine, CPU per call): a Prisma model query costs about 0.6–1 ms
 * (the WASM query compiler plans it, the client interprets the plan); a raw tagged-template query
 * (`$queryRaw`/`$executeRaw`) is only wrapped by the compiler, about 0.2–0.5 ms, growing with the size of
 * its parameters (they are serialized into the compiler and back); an interactive `$transaction` adds
 * about 0.15–0.25 ms plus a round of promises per statement, a batch `$transaction([...])` less (its
 * statements are wrapped in one compiler call). So the paths every command takes — reading a game,
 * appending to it, reading settings — are raw SQL in as few statements as the guarantees allow, and the
 * rare paths (creating a game, saving settings, pruning receipts) keep Prisma's model API.
 *
 * Raw SQL here is written once for both dialects where it can be (quoted identifiers, `CAST`, standard
 * `UPDATE … RETURNING`, which SQLite has since 3.35), and per dialect only for the append (see there).
 * Timestamps are passed as `Date` parameters, so each adapter stores them exactly as its model queries do
 * (SQLite: ISO-8601 text with `+00:00`; PostgreSQL: TIMESTAMP(3) in UTC), and raw results come back as
 * `Date` because Prisma types raw result columns from the declared column types.
 */
import { randomUUID } from 'node:crypto';
import { Prisma, type PrismaClient } from '../generated/sqlite/client.js';
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
type Raw = Pick<PrismaClient, '$queryRaw' | '$executeRaw'>;
export type StoreClient = Tx &
  Raw &
  Pick<PrismaClient, '$disconnect'> & {
    $transaction<R>(fn: (tx: Tx) => Promise<R>, options?: { maxWait?: number; timeout?: number }): Promise<R>;
    /** A batch: the statements run in order in one transaction, which rolls back if any fails. */
    $transaction<P extends Prisma.PrismaPromise<unknown>[]>(queries: [...P]): Promise<unknown[]>;
  };

/**
 * Prisma's defaults (2 s to start, 5 s to finish) are too tight: on SQLite the first write of a
 * transaction may block for the whole busy timeout (5 s) while another process commits, and on
 * PostgreSQL a burst of writes can queue for a pooled connection. Passed to each interactive transaction,
 * and to the client itself (openStore), whose defaults are the only ones a batch transaction uses.
 */
export const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 15_000 };

export interface PrismaStoreOptions {
  /**
   * Which SQL dialect the client speaks. SQLite also runs one operation at a time: the better-sqlite3
   * adapter has a single connection, and while a transaction is open on it, any query issued outside
   * that transaction (say, another game's append during an appendEvents) silently runs inside it: it
   * would see uncommitted rows and be rolled back with it. SQLite serializes writers anyway, so nothing
   * is lost.
   */
  provider: 'sqlite' | 'postgresql';
  /** Injected by tests; defaults to the wall clock. */
  now?: () => Date;
  /** Receipts older than this may be deleted: Discord stops retrying an interaction long before. */
  receiptTtlMs?: number;
  /** At most one pruning pass per this interval, done by writes that carry an interaction id. */
  pruneIntervalMs?: number;
}

const HOUR = 60 * 60 * 1000;

/** The Game columns a StoredGame is made of, snapshot aside. */
const GAME_COLUMNS = Prisma.raw(`"id", "guildId", "channelId", "system", "status", "version", "createdBy", "createdAt", "updatedAt"`);
const EVENT_COLUMNS = Prisma.raw(`"gameId", "seq", "type", "payload", "actor", "at"`);

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
  /** The highest seq before this append's events (0 for none). A bigint on SQLite. */
  lastSeq: number | bigint;
}

export function createPrismaStore(client: StoreClient, options: PrismaStoreOptions): GameStore {
  const now = options.now ?? (() => new Date());
  const receiptTtlMs = options.receiptTtlMs ?? HOUR;
  const pruneIntervalMs = options.pruneIntervalMs ?? 10 * 60 * 1000;
  const sqlite = options.provider === 'sqlite';

  let tail: Promise<unknown> = Promise.resolve();
  const run = <T>(operation: () => Promise<T>): Promise<T> => {
    if (!sqlite) return operation();
    const result = tail.then(operation, operation);
    tail = result.catch(() => undefined);
    return result;
  };

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

  const receiptExists = async (id: string): Promise<boolean> =>
    (await client.$queryRaw<unknown[]>`SELECT 1 AS "x" FROM "InteractionReceipt" WHERE "id" = ${id}`).length > 0;

  const oneGame = async (where: Prisma.Sql): Promise<StoredGame | null> => {
    const rows = await client.$queryRaw<(GameRow & { snapshot: string })[]>`SELECT ${GAME_COLUMNS}, "snapshot" FROM "Game" ${where}`;
    const row = rows[0];
    return row === undefined ? null : toGame(row, JSON.parse(row.snapshot) as unknown);
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
      return run(() => oneGame(Prisma.sql`WHERE "activeChannelId" = ${channelId}`));
    },

    getGame(gameId) {
      return run(() => oneGame(Prisma.sql`WHERE "id" = ${gameId}`));
    },

    findLatestGame(channelId) {
      // A channel's active game is always its newest (it could only be created after the previous one
      // ended), which settles a tie on the millisecond. On SQLite the timestamps are ISO-8601 text of
      // one fixed format, so text order is time order.
      return run(() => oneGame(Prisma.sql`WHERE "channelId" = ${channelId} ORDER BY "createdAt" DESC, "status" ASC LIMIT 1`));
    },

    async appendEvents(input) {
      const snapshot = toJson(input.snapshot, 'snapshot');
      const events = input.events.map(toEventData);
      return run(async (): Promise<AppendResult> => {
        const at = now();
        if (input.interactionId) await maybePrune(at);
        let updated: UpdatedRow | undefined;
        try {
          updated = sqlite ? await appendSqlite(at) : await appendPostgres(at);
        } catch (error) {
          // A unique violation here is the receipt (seq numbers are taken under the game's write lock):
          // a retried delivery. Checked rather than assumed, since the statement rolled back whole.
          if (input.interactionId && isUniqueViolation(error) && (await receiptExists(input.interactionId))) {
            return { ok: false, reason: 'duplicate_interaction' };
          }
          throw error;
        }
        if (updated === undefined) {
          // Nothing was written. Either the version moved on (or the game does not exist: the caller
          // reloads and finds none), or the guard against reviving an ended game held it back.
          if (input.status === 'active') {
            const current = await client.game.findUnique({ where: { id: input.gameId }, select: { version: true, activeChannelId: true } });
            if (current !== null && current.version === input.expectedVersion && current.activeChannelId === null) {
              // Reviving an ended game would need the channel's slot back, which another game may hold by now.
              throw new Error(`Game ${input.gameId} has ended and cannot be made active again`);
            }
          }
          return { ok: false, reason: 'version_conflict' };
        }
        const firstSeq = Number(updated.lastSeq) + 1;
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
      function casUpdate(at: Date): Prisma.Sql {
        const status =
          input.status === undefined
            ? Prisma.empty
            : input.status === 'ended'
              ? // NULL frees the channel's slot in the unique index for the next game.
                Prisma.sql`, "status" = ${input.status}, "activeChannelId" = NULL`
              : Prisma.sql`, "status" = ${input.status}`;
        const revive = input.status === 'active' ? Prisma.sql` AND "activeChannelId" IS NOT NULL` : Prisma.empty;
        const version = sqlite ? Prisma.sql`${input.expectedVersion}` : Prisma.sql`CAST(${input.expectedVersion} AS INTEGER)`;
        const stamp = sqlite ? Prisma.sql`${at}` : Prisma.sql`CAST(${at} AS TIMESTAMP(3))`;
        return Prisma.sql`UPDATE "Game" SET "version" = "version" + 1, "snapshot" = ${snapshot}, "updatedAt" = ${stamp}${status}
          WHERE "id" = ${input.gameId} AND "version" = ${version}${revive}
          RETURNING ${GAME_COLUMNS}, (SELECT COALESCE(MAX("seq"), 0) FROM "GameEvent" WHERE "gameId" = ${input.gameId}) AS "lastSeq"`;
      }

      /**
       * SQLite has no data-modifying CTEs, so: one batch transaction (cheaper than an interactive one) of
       * the UPDATE, then the receipt and the events, each inserted only `WHERE changes() = 1`, i.e. only if
       * the statement before it wrote its one row (the UPDATE matched, then the receipt went in). A lost
       * compare-and-swap therefore writes nothing at all; a duplicate receipt fails its INSERT and the
       * batch rolls back, the UPDATE included. The seq numbers continue from MAX(seq), read in the same
       * statement under the write lock the UPDATE took.
       */
      async function appendSqlite(at: Date): Promise<UpdatedRow | undefined> {
        const update = client.$queryRaw<UpdatedRow[]>(casUpdate(at));
        if (!input.interactionId && events.length === 0) return (await update)[0];
        const statements: Prisma.PrismaPromise<unknown>[] = [update];
        if (input.interactionId) {
          statements.push(client.$executeRaw`INSERT INTO "InteractionReceipt" ("id", "at") SELECT ${input.interactionId}, ${at} WHERE changes() = 1`);
        }
        if (events.length > 0) {
          const rows = Prisma.join(events.map((event, index) => Prisma.sql`(${Prisma.raw(String(index + 1))}, ${event.type}, ${event.payload}, ${event.actor})`));
          statements.push(client.$executeRaw`INSERT INTO "GameEvent" (${EVENT_COLUMNS})
            SELECT ${input.gameId}, "m"."last" + "v"."column1", "v"."column2", "v"."column3", "v"."column4", ${at}
            FROM (SELECT COALESCE(MAX("seq"), 0) AS "last" FROM "GameEvent" WHERE "gameId" = ${input.gameId}) AS "m", (VALUES ${rows}) AS "v"
            WHERE changes() = 1`);
        }
        const [rows] = await client.$transaction(statements);
        return (rows as UpdatedRow[])[0];
      }

      /**
       * PostgreSQL: one statement, so one round trip and its own transaction. The receipt and the events
       * are inserted from the UPDATE's RETURNING rows, so a lost compare-and-swap (no row) inserts
       * neither, and a duplicate receipt fails the statement, the UPDATE included. Under READ COMMITTED
       * a concurrent append to the same game makes the UPDATE wait for its row lock, then re-check the
       * version against the committed row and match nothing.
       */
      async function appendPostgres(at: Date): Promise<UpdatedRow | undefined> {
        const stamp = Prisma.sql`CAST(${at} AS TIMESTAMP(3))`;
        const parts: Prisma.Sql[] = [Prisma.sql`WITH "g" AS (${casUpdate(at)})`];
        if (input.interactionId) {
          parts.push(Prisma.sql`, "r" AS (INSERT INTO "InteractionReceipt" ("id", "at") SELECT ${input.interactionId}, ${stamp} FROM "g")`);
        }
        if (events.length > 0) {
          const rows = Prisma.join(
            events.map((event, index) => Prisma.sql`(${Prisma.raw(String(index + 1))}, CAST(${event.type} AS TEXT), CAST(${event.payload} AS TEXT), CAST(${event.actor} AS TEXT))`),
          );
          parts.push(Prisma.sql`, "e" AS (INSERT INTO "GameEvent" (${EVENT_COLUMNS})
            SELECT "g"."id", "g"."lastSeq" + "v"."n", "v"."type", "v"."payload", "v"."actor", ${stamp}
            FROM "g" CROSS JOIN (VALUES ${rows}) AS "v" ("n", "type", "payload", "actor"))`);
        }
        parts.push(Prisma.sql` SELECT * FROM "g"`);
        return (await client.$queryRaw<UpdatedRow[]>(Prisma.join(parts, '', '', '')))[0];
      }
    },

    listEvents(gameId) {
      return run(async () => {
        const rows = await client.$queryRaw<(EventData & { gameId: string; seq: number | bigint; at: Date })[]>`
          SELECT ${EVENT_COLUMNS} FROM "GameEvent" WHERE "gameId" = ${gameId} ORDER BY "seq"`;
        return rows.map((row) => toEvent({ ...row, seq: Number(row.seq) }));
      });
    },

    getUserSettings(userId) {
      return run(async (): Promise<UserSettings> => {
        const rows = await client.$queryRaw<{ locale: string | null; directMessages: boolean | number | bigint }[]>`
          SELECT "locale", "directMessages" FROM "UserSetting" WHERE "userId" = ${userId}`;
        const row = rows[0];
        // Prisma maps SQLite's BOOLEAN to a boolean for raw results too; the Boolean() is belt and braces.
        return row === undefined ? { userId, locale: null, directMessages: true } : { userId, locale: row.locale, directMessages: Boolean(row.directMessages) };
      });
    },

    saveUserSettings(settings) {
      const data = { locale: settings.locale, directMessages: settings.directMessages };
      return run(async () => {
        await client.userSetting.upsert({ where: { userId: settings.userId }, create: { userId: settings.userId, ...data }, update: data });
      });
    },

    getGuildSettings(guildId) {
      return run(async (): Promise<GuildSettings> => {
        const rows = await client.$queryRaw<{ refereeRoleId: string | null }[]>`SELECT "refereeRoleId" FROM "GuildSetting" WHERE "guildId" = ${guildId}`;
        return { guildId, refereeRoleId: rows[0]?.refereeRoleId ?? null };
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
      await run(() => client.$disconnect());
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
    version: Number(row.version),
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
 * A unique-constraint violation: Prisma's P2002 from a model query, or P2010 ("raw query failed") from a
 * raw one, whose driver-adapter cause says UniqueConstraintViolation (SQLITE_CONSTRAINT_UNIQUE or
 * _PRIMARYKEY, PostgreSQL 23505). Duck-typed: each generated client has its own error classes.
 */
function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  if (error.code === 'P2002') return true;
  if (error.code !== 'P2010' || !('meta' in error)) return false;
  const meta = error.meta as { driverAdapterError?: { cause?: { kind?: unknown } } } | undefined;
  return meta?.driverAdapterError?.cause?.kind === 'UniqueConstraintViolation';
}
