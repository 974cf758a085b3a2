/**
 * The one GameStore implementation, for both providers: written against the Prisma client generated for
 * SQLite, and the PostgreSQL client, generated from the same models, satisfies the same StoreClient.
 */
import { randomUUID } from 'node:crypto';
import type { Game as GameRow, PrismaClient } from '../generated/sqlite/client.js';
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
  game: Pick<PrismaClient['game'], 'create' | 'findUnique' | 'findFirst' | 'updateMany' | 'findUniqueOrThrow'>;
  gameEvent: Pick<PrismaClient['gameEvent'], 'findFirst' | 'findMany' | 'createMany'>;
  interactionReceipt: Pick<PrismaClient['interactionReceipt'], 'create' | 'deleteMany' | 'findUnique'>;
  userSetting: Pick<PrismaClient['userSetting'], 'findUnique' | 'upsert'>;
  guildSetting: Pick<PrismaClient['guildSetting'], 'findUnique' | 'upsert'>;
};
export type StoreClient = Tx & Pick<PrismaClient, '$disconnect'> & {
  $transaction<R>(fn: (tx: Tx) => Promise<R>, options?: { maxWait?: number; timeout?: number }): Promise<R>;
};

/**
 * Prisma's defaults (2 s to start, 5 s to finish) are too tight: on SQLite the first write of a
 * transaction may block for the whole busy timeout (5 s) while another process commits, and on
 * PostgreSQL a burst of writes can queue for a pooled connection.
 */
const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 15_000 };

export interface PrismaStoreOptions {
  /**
   * Run one operation at a time. Required for SQLite: the better-sqlite3 adapter has a single
   * connection, and while an interactive transaction is open on it, any query issued outside that
   * transaction (say, another game's append during an appendEvents) silently runs inside it: it would see
   * uncommitted rows and be rolled back with it. SQLite serializes writers anyway, so nothing is lost.
   */
  serialize: boolean;
  /** Injected by tests; defaults to the wall clock. */
  now?: () => Date;
  /** Receipts older than this may be deleted: Discord stops retrying an interaction long before. */
  receiptTtlMs?: number;
  /** At most one pruning pass per this interval, done by writes that carry an interaction id. */
  pruneIntervalMs?: number;
}

const HOUR = 60 * 60 * 1000;

export function createPrismaStore(client: StoreClient, options: PrismaStoreOptions): GameStore {
  const now = options.now ?? (() => new Date());
  const receiptTtlMs = options.receiptTtlMs ?? HOUR;
  const pruneIntervalMs = options.pruneIntervalMs ?? 10 * 60 * 1000;

  let tail: Promise<unknown> = Promise.resolve();
  const run = <T>(operation: () => Promise<T>): Promise<T> => {
    if (!options.serialize) return operation();
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
            const stored = toGame(game);
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
      return run(async () => {
        const row = await client.game.findUnique({ where: { activeChannelId: channelId } });
        return row === null ? null : toGame(row);
      });
    },

    getGame(gameId) {
      return run(async () => {
        const row = await client.game.findUnique({ where: { id: gameId } });
        return row === null ? null : toGame(row);
      });
    },

    findLatestGame(channelId) {
      return run(async () => {
        const row = await client.game.findFirst({
          where: { channelId },
          // A channel's active game is always its newest (it could only be created after the previous
          // one ended), which settles a tie on the millisecond.
          orderBy: [{ createdAt: 'desc' }, { status: 'asc' }],
        });
        return row === null ? null : toGame(row);
      });
    },

    async appendEvents(input) {
      const snapshot = toJson(input.snapshot, 'snapshot');
      const events = input.events.map(toEventData);
      return run(async () => {
        if (input.interactionId) await maybePrune(now());
        try {
          return await appendInTransaction();
        } catch (error) {
          if (error instanceof VersionConflict) return { ok: false, reason: 'version_conflict' } as const;
          if (input.interactionId && isUniqueViolation(error)) return { ok: false, reason: 'duplicate_interaction' } as const;
          throw error;
        }
      });

      function appendInTransaction(): Promise<AppendResult> {
        return client.$transaction(async (tx): Promise<AppendResult> => {
          const at = now();
          // The receipt first: a retried delivery fails here and the whole append rolls back.
          if (input.interactionId) await tx.interactionReceipt.create({ data: { id: input.interactionId, at } });
          // The compare-and-swap comes first: on PostgreSQL it takes the row lock, so a concurrent
          // writer with the same expected version blocks, then re-checks the condition, finds the new
          // version and updates nothing; on SQLite the first write takes the database write lock. Either
          // way the seq read below cannot race.
          const { count } = await tx.game.updateMany({
            where: { id: input.gameId, version: input.expectedVersion },
            data: {
              version: { increment: 1 },
              snapshot,
              updatedAt: at,
              ...(input.status === undefined ? {} : { status: input.status }),
              // NULL frees the channel's slot in the unique index for the next game.
              ...(input.status === 'ended' ? { activeChannelId: null } : {}),
            },
          });
          // An unknown game id lands here too: the caller reloads and finds no game. Thrown, not returned,
          // so the transaction rolls back — the receipt above included, or the caller's retry would find it.
          if (count === 0) throw new VersionConflict();

          const game = await tx.game.findUniqueOrThrow({ where: { id: input.gameId } });
          if (game.status === 'active' && game.activeChannelId === null) {
            // Reviving an ended game would need the channel's slot back, which another game may hold
            // by now; throwing rolls the whole append back.
            throw new Error(`Game ${game.id} has ended and cannot be made active again`);
          }
          const last = await tx.gameEvent.findFirst({ where: { gameId: input.gameId }, orderBy: { seq: 'desc' }, select: { seq: true } });
          const firstSeq = (last?.seq ?? 0) + 1;
          const rows = events.map((event, index) => ({ ...event, gameId: input.gameId, seq: firstSeq + index, at }));
          if (rows.length > 0) await tx.gameEvent.createMany({ data: rows });
          return { ok: true, game: toGame(game), events: rows.map(toEvent) };
        }, TRANSACTION_OPTIONS);
      }
    },

    listEvents(gameId) {
      return run(async () => {
        const rows = await client.gameEvent.findMany({ where: { gameId }, orderBy: { seq: 'asc' } });
        return rows.map(toEvent);
      });
    },


    getUserSettings(userId) {
      return run(async (): Promise<UserSettings> => {
        const row = await client.userSetting.findUnique({ where: { userId } });
        return row ?? { userId, locale: null, directMessages: true };
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
        const row = await client.guildSetting.findUnique({ where: { guildId } });
        return row ?? { guildId, refereeRoleId: null };
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

function toGame(row: GameRow): StoredGame {
  return {
    id: row.id,
    guildId: row.guildId,
    channelId: row.channelId,
    system: row.system,
    status: toStatus(row.status, row.id),
    version: row.version,
    snapshot: JSON.parse(row.snapshot) as unknown,
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

/** Prisma's P2002, raised for SQLITE_CONSTRAINT_UNIQUE/PRIMARYKEY and PostgreSQL 23505 alike. */
/** Lost compare-and-swap, raised inside the transaction to roll it back. */
class VersionConflict extends Error {}

function isUniqueViolation(error: unknown): boolean {
  // Duck-typed: each generated client has its own PrismaClientKnownRequestError class.
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'P2002';
}
