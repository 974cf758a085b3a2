/**
 * The store's own SQLite connection for the reads every command makes (a game, its log, settings), beside
 * the connection the Prisma client runs on and the writer thread's (sqlite-writer.ts).
 *
 * Why not the Prisma adapter's connection: the better-sqlite3 adapter prepares every statement again on
 * every call, reads integers as BigInt and maps each result cell; here statements are prepared once. In
 * WAL mode a reader never waits for a writer, so these reads run at once, whatever the writer is doing.
 */
import Database from 'better-sqlite3';
import { sqliteTimestamp, type SqlRunner, type SqlValue } from './driver-sql.js';

type Statement = Database.Statement<unknown[], unknown>;

/** Prepared statements kept per SQL text (the store's reads are a handful of texts). */
const STATEMENT_CACHE_SIZE = 256;

export class SqliteConnection implements SqlRunner {
  private readonly db: Database.Database;
  private readonly statements = new Map<string, Statement>();

  constructor(file: string, busyTimeoutMs: number) {
    this.db = new Database(file, { timeout: busyTimeoutMs });
  }

  /** Rows as arrays, in the shape of a driver adapter's result (what queryRows reads). */
  queryRaw(query: { sql: string; args: unknown[] }): Promise<{ columnNames: string[]; rows: unknown[][] }> {
    try {
      return Promise.resolve(this.rawRows(query.sql, query.args));
    } catch (error) {
      return Promise.reject(error as Error);
    }
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
  return args.map((arg) => (arg instanceof Date ? sqliteTimestamp(arg) : (arg as Exclude<SqlValue, Date>)));
}
