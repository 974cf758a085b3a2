/**
 * The store's own SQLite connection for the statements every command runs (appending to a game, reading
 * a game, its log, settings), beside the connection the Prisma client runs on.
 *
 * Why a second connection rather than the Prisma adapter's: the better-sqlite3 adapter prepares every
 * statement again on every call, reads integers as BigInt and maps each result cell, and a transaction
 * on it spans several awaits. Measured on the bench machine (CPU per append of a /flip: one UPDATE of
 * the snapshot, one receipt, two events), the adapter took about 200 µs; the same SQL here, prepared
 * once and run as one synchronous transaction, about 40 µs. That difference was most of what separated
 * /flip from the bare HTTP server.
 *
 * Durability: the file is in WAL mode (migrate.ts), and this connection commits with
 * `synchronous = NORMAL`, SQLite's recommended setting for WAL: a commit survives a crash of the bot
 * process at once, and a power cut or OS crash once the next checkpoint has synced the WAL (so the last
 * few moves before a power cut may be lost, never half of one: every write is one transaction). With
 * FULL, each commit's fsync cost about 75 µs of CPU and twice that in wall time.
 *
 * Safe beside the Prisma connection because the store runs one operation at a time on SQLite (see
 * PrismaStoreOptions.provider): the Prisma client's transactions, which do span awaits, are never open
 * while a statement runs here, and the append's transaction here is synchronous, so it never holds the
 * write lock across a tick. Another process writing the same file makes a statement here wait up to the
 * busy timeout, blocking this process meanwhile, as SQLite does.
 */
import Database from 'better-sqlite3';
import type { Sql, SqlRunner, SqlValue } from './driver-sql.js';
import { compile } from './driver-sql.js';

type Statement = Database.Statement<unknown[], unknown>;

/** Prepared statements kept per SQL text: the append's text varies only with its number of events. */
const STATEMENT_CACHE_SIZE = 256;

export class SqliteConnection implements SqlRunner {
  private readonly db: Database.Database;
  private readonly statements = new Map<string, Statement>();

  constructor(file: string, busyTimeoutMs: number) {
    this.db = new Database(file, { timeout: busyTimeoutMs });
    this.db.pragma('synchronous = NORMAL');
  }

  /** Rows as arrays, in the shape of a driver adapter's result (what queryRows reads). */
  queryRaw(query: { sql: string; args: unknown[] }): Promise<{ columnNames: string[]; rows: unknown[][] }> {
    try {
      return Promise.resolve(this.rawRows(query.sql, query.args));
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  /** The rows of `query` as objects keyed by column name, now. */
  rows(query: Sql): Record<string, unknown>[] {
    const { sql, args } = compile(query, 'sqlite');
    return this.statement(sql).all(...bind(args)) as Record<string, unknown>[];
  }

  /** Runs a statement now, returning how many rows it changed. */
  run(query: Sql): number {
    const { sql, args } = compile(query, 'sqlite');
    return this.statement(sql).run(...bind(args)).changes;
  }

  /**
   * Runs `body` in one transaction, committed if it returns and rolled back if it throws. BEGIN IMMEDIATE
   * takes the write lock first, so the busy timeout applies there and not halfway through.
   */
  transaction<T>(body: () => T): T {
    return this.db.transaction(body).immediate();
  }

  close(): void {
    this.statements.clear();
    this.db.close();
  }

  private rawRows(sql: string, args: unknown[]): { columnNames: string[]; rows: unknown[][] } {
    const statement = this.statement(sql);
    if (!statement.reader) {
      statement.run(...bind(args));
      return { columnNames: [], rows: [] };
    }
    try {
      return { columnNames: statement.columns().map((column) => column.name), rows: statement.raw(true).all(...bind(args)) as unknown[][] };
    } finally {
      // The cached statement is shared with rows(), which wants objects.
      statement.raw(false);
    }
  }

  private statement(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (statement === undefined) {
      statement = this.db.prepare(sql);
      if (this.statements.size >= STATEMENT_CACHE_SIZE) this.statements.delete(this.statements.keys().next().value as string);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}

/**
 * Parameters as the Prisma adapter binds them, so rows written here and through the client are the same:
 * a Date as ISO-8601 text ending `+00:00` (the adapter's default timestamp format).
 */
function bind(args: readonly unknown[]): unknown[] {
  return args.map((arg) => (arg instanceof Date ? arg.toISOString().replace('Z', '+00:00') : (arg as Exclude<SqlValue, Date>)));
}
