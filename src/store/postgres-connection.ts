/**
 * The store's own PostgreSQL pool for the statements every command runs (appending to a game, reading a
 * game, its log, settings), beside the pool the Prisma client runs on.
 *
 * Why not the Prisma adapter's pool: the adapter sends every statement unnamed, so PostgreSQL parses and
 * plans it again each time. Here each distinct SQL text becomes a named prepared statement on each
 * connection, planned once. Measured on the bench machine for the append of a /flip (one statement: the
 * compare-and-swap UPDATE, the receipt and the events in data-modifying CTEs), 16 at a time: about 340 µs
 * of server CPU per append unnamed, 135 µs named, and the Node side went from about 55 to 47 µs. On a
 * machine where the database shares the cores with the bot, that is most of the difference.
 *
 * Values are bound and read back exactly as the Prisma adapter does, so rows written either way are the
 * same: a Date as `YYYY-MM-DD HH:MM:SS.mmm` in UTC (the SQL casts it to TIMESTAMP(3)), TIMESTAMP results
 * as text (driver-sql.ts's toDate reads them as UTC, whatever the process's time zone), rows as arrays.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import { postgresTimestamp, type SqlRunner } from './driver-sql.js';

const TIMESTAMP_OID = 1114;

/** Keeps TIMESTAMP (without time zone) as text: pg would read it in the process's local time zone. */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMP_OID && format !== 'binary' ? (value: string) => value : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

export class PostgresConnection implements SqlRunner {
  private readonly pool: pg.Pool;
  /** SQL text → statement name. The texts are the store's own, a handful of shapes. */
  private readonly names = new Map<string, string>();

  constructor(connectionString: string) {
    this.pool = new pg.Pool({ connectionString, max: 10 });
    // An idle client's error (the server restarted, say) must not crash the process: the pool drops it.
    this.pool.on('error', () => undefined);
  }

  async queryRaw(query: { sql: string; args: unknown[] }): Promise<{ columnNames: string[]; rows: unknown[][] }> {
    const result = await this.pool.query<unknown[]>({ name: this.nameOf(query.sql), text: query.sql, values: query.args.map(bind), rowMode: 'array', types });
    return { columnNames: result.fields.map((field) => field.name), rows: result.rows };
  }

  close(): Promise<void> {
    return this.pool.end();
  }

  private nameOf(sql: string): string {
    let name = this.names.get(sql);
    if (name === undefined) {
      // A name per text: pg refuses one name for two texts on a connection.
      name = `fk_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`;
      this.names.set(sql, name);
    }
    return name;
  }
}

function bind(arg: unknown): unknown {
  if (Array.isArray(arg)) return arg.map(bind);
  return arg instanceof Date ? postgresTimestamp(arg) : arg;
}

