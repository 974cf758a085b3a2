/**
 * The SQLite append, on a connection of its own: statements prepared once, a batch of appends committed
 * in one transaction (see groupCommit.ts), each append in a savepoint of its own so that its lost
 * compare-and-swap or duplicate receipt rolls back only itself.
 *
 * It runs on the writer thread (sqlite-writer.ts says why), so it is plain better-sqlite3 and plain data
 * in and out: nothing here may need the main thread.
 *
 * Durability as for every connection of the store: WAL (migrate.ts) with `synchronous = NORMAL`, SQLite's
 * recommended setting for WAL: a committed append survives a crash of the bot process at once, and a
 * power cut or OS crash once the next checkpoint has synced the WAL (so the last moves before a power
 * cut may be lost, never half of one: every append is all or nothing).
 */
import Database from 'better-sqlite3';
import { GAME_ROW_COLUMNS, isUniqueViolation, toGameRow, type AppendOutcome, type AppendRequest, type AwaitedRow, type Settled } from './append.js';
import { sqliteTimestamp, toInt, type Row } from './driver-sql.js';

type Statement = Database.Statement<unknown[], unknown>;

const RETURNING = `RETURNING ${GAME_ROW_COLUMNS.map((column) => `"${column}"`).join(', ')},
  (SELECT COALESCE(MAX("seq"), 0) FROM "GameEvent" WHERE "gameId" = ?) AS "lastSeq"`;

/** SQLite allows 32,766 parameters per statement; events are inserted this many rows (6 parameters each) at a time. */
const EVENTS_PER_INSERT = 500;

/** Thrown inside an append's savepoint when its receipt exists: rolls the savepoint back, then reported. */
class DuplicateInteraction extends Error {}

export class SqliteAppender {
  private readonly db: Database.Database;
  /** The compare-and-swap UPDATE by the status it sets: none, 'ended' (frees the channel), 'active' (never revives). */
  private readonly update: { keep: Statement; ended: Statement; active: Statement };
  private readonly receipt: Statement;
  private readonly pruneChunk: Statement;
  /** The awaiting index (AwaitedDecision): drop the decisions no longer open, add the new ones. */
  private readonly awaited: { drop: Statement; open: Statement };
  /** Multi-row INSERTs of events, by number of rows (an append usually has a handful). */
  private readonly events = new Map<number, Statement>();
  private readonly commitBatch: (batch: readonly AppendRequest[]) => Settled<AppendOutcome>[];

  constructor(file: string, busyTimeoutMs: number) {
    this.db = new Database(file, { timeout: busyTimeoutMs });
    this.db.pragma('synchronous = NORMAL');
    const set = `UPDATE "Game" SET "version" = "version" + 1, "snapshot" = ?, "updatedAt" = ?`;
    const where = `WHERE "id" = ? AND "version" = ?`;
    this.update = {
      keep: this.db.prepare(`${set} ${where} ${RETURNING}`),
      // NULL frees the channel's slot in the unique index for the next game.
      ended: this.db.prepare(`${set}, "status" = 'ended', "activeChannelId" = NULL ${where} ${RETURNING}`),
      // An ended game's slot (NULL activeChannelId) may belong to another game by now.
      active: this.db.prepare(`${set}, "status" = 'active' ${where} AND "activeChannelId" IS NOT NULL ${RETURNING}`),
    };
    this.receipt = this.db.prepare(`INSERT INTO "InteractionReceipt" ("id", "at") VALUES (?, ?)`);
    this.pruneChunk = this.db.prepare(
      `DELETE FROM "InteractionReceipt" WHERE "rowid" IN (SELECT "rowid" FROM "InteractionReceipt" WHERE "at" < ? LIMIT ?)`,
    );

    this.awaited = {
      drop: this.db.prepare(`DELETE FROM "AwaitedDecision" WHERE "gameId" = ? AND "decisionId" NOT IN (SELECT "value" FROM json_each(?))`),
      // A decision already recorded keeps its row: when it opened, its timers, what was sent.
      open: this.db.prepare(
        `INSERT INTO "AwaitedDecision" ("gameId", "decisionId", "guildId", "channelId", "seat", "userId", "kind", "since", "remindAt", "warnAt", "deadlineAt", "sent", "nextAt")
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?) ON CONFLICT ("gameId", "decisionId") DO NOTHING`,
      ),
    };

    // better-sqlite3 runs a transaction function called inside another as a savepoint.
    const appendOne = this.db.transaction((request: AppendRequest): AppendOutcome => this.appendOne(request));
    this.commitBatch = this.db.transaction((batch: readonly AppendRequest[]) =>
      batch.map((request): Settled<AppendOutcome> => {
        try {
          return { ok: true, value: appendOne(request) };
        } catch (error) {
          if (error instanceof DuplicateInteraction) return { ok: true, value: { kind: 'duplicate_interaction' } };
          return { ok: false, error: error instanceof Error ? error : new Error(String(error)) };
        }
      }),
    ).immediate;
  }

  /**
   * Commits the batch in one transaction. BEGIN IMMEDIATE takes the write lock first, so another
   * process's writer makes it wait there (up to the busy timeout), not halfway through. Throws only if
   * the transaction itself fails (then nothing of the batch was written).
   */
  commit(batch: readonly AppendRequest[]): Settled<AppendOutcome>[] {
    return this.commitBatch(batch);
  }

  /** Deletes at most `limit` receipts older than `before`, in a transaction of their own; returns how many. */
  pruneReceipts(before: Date, limit: number): number {
    return this.pruneChunk.run(sqliteTimestamp(before), limit).changes;
  }

  /** SQLite checkpoints the WAL within the commit that makes it reach this many frames (0: never). */
  checkpointAt(frames: number): void {
    this.db.pragma(`wal_autocheckpoint = ${frames}`);
  }

  close(): void {
    this.db.close();
  }

  private appendOne(request: AppendRequest): AppendOutcome {
    const at = sqliteTimestamp(request.at);
    const update = request.status === undefined ? this.update.keep : this.update[request.status];
    const row = update.get(request.snapshot, at, request.gameId, request.expectedVersion, request.gameId) as Row | undefined;
    if (row === undefined) return { kind: 'not_matched' };
    if (request.interactionId !== undefined) {
      try {
        this.receipt.run(request.interactionId, at);
      } catch (error) {
        if (isUniqueViolation(error)) throw new DuplicateInteraction();
        throw error;
      }
    }
    // The transaction holds SQLite's write lock since the UPDATE: no other writer, in this process or
    // another, can add events between the MAX(seq) it read and these.
    const lastSeq = toInt(row.lastSeq, 'lastSeq');
    for (let start = 0; start < request.events.length; start += EVENTS_PER_INSERT) {
      const rows = request.events.slice(start, start + EVENTS_PER_INSERT);
      const values: unknown[] = [];
      rows.forEach((event, index) => values.push(request.gameId, lastSeq + start + index + 1, event.type, event.payload, event.actor, at));
      this.insertEvents(rows.length).run(...values);
    }
    const game = toGameRow(row);
    if (request.awaiting !== undefined) this.index(game.id, game.guildId, game.channelId, request.awaiting, at);
    return { kind: 'appended', game, lastSeq };
  }

  private index(gameId: string, guildId: string | null, channelId: string, awaiting: readonly AwaitedRow[], since: string): void {
    this.awaited.drop.run(gameId, JSON.stringify(awaiting.map((a) => a.decisionId)));
    const at = (date: Date | null) => (date === null ? null : sqliteTimestamp(date));
    for (const a of awaiting) {
      this.awaited.open.run(gameId, a.decisionId, guildId, channelId, a.seat, a.userId, a.kind, since, at(a.remindAt), at(a.warnAt), at(a.deadlineAt), at(a.remindAt));
    }
  }

  /** One statement for an append's events: one statement's overhead instead of one per event. */
  private insertEvents(count: number): Statement {
    let statement = this.events.get(count);
    if (statement === undefined) {
      statement = this.db.prepare(`INSERT INTO "GameEvent" ("gameId", "seq", "type", "payload", "actor", "at") VALUES ${Array(count).fill('(?, ?, ?, ?, ?, ?)').join(', ')}`);
      this.events.set(count, statement);
    }
    return statement;
  }
}

