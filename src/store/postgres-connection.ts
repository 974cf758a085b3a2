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
 *
 * One difference in form, not in value: a list of texts goes in PostgreSQL's binary array format, where
 * pg would write an array literal. The literal quotes every element and escapes each quote and backslash
 * in it, two regular-expression passes over every snapshot and event payload of a batch (JSON, full of
 * quotes), and the server then scans it all again to undo that; in the binary format each element is its
 * length and its bytes. Measured on the bench machine (/flip, group-committed appends): pg's binding had
 * been about 12% of the bot's main thread, 7% in that escaping; reading the parameters went from 9% to 2%
 * of the database server's CPU. The server reads such a parameter only as TEXT[], so the SQL types every
 * list parameter so (`CAST($n AS TEXT[])`, cast further in SQL where it holds something else).
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
  if (Array.isArray(arg)) return textArray(arg.map(listElement));
  return arg instanceof Date ? postgresTimestamp(arg) : arg;
}

function listElement(element: unknown): string | null {
  if (element === null || element === undefined) return null;
  return element instanceof Date ? postgresTimestamp(element) : String(element);
}

const TEXT_OID = 25;

/**
 * A one-dimensional TEXT[] in the binary format array_recv reads: dimensions, a has-nulls flag, the
 * element type, then each element as its byte length (-1: NULL) and its UTF-8 bytes. pg sends a Buffer
 * parameter in binary format as it is.
 */
function textArray(elements: readonly (string | null)[]): Buffer {
  const lengths = elements.map((element) => (element === null ? -1 : Buffer.byteLength(element)));
  let size = 20;
  for (const length of lengths) size += 4 + Math.max(length, 0);
  const buffer = Buffer.allocUnsafe(elements.length === 0 ? 12 : size);
  // No dimensions at all is how PostgreSQL writes an empty array.
  buffer.writeInt32BE(elements.length === 0 ? 0 : 1, 0);
  buffer.writeInt32BE(lengths.includes(-1) ? 1 : 0, 4);
  buffer.writeUInt32BE(TEXT_OID, 8);
  if (elements.length === 0) return buffer;
  buffer.writeInt32BE(elements.length, 12);
  buffer.writeInt32BE(1, 16);
  let offset = 20;
  for (let index = 0; index < elements.length; index++) {
    const length = lengths[index]!;
    buffer.writeInt32BE(length, offset);
    offset += 4;
    if (length > 0) offset += buffer.write(elements[index]!, offset, length, 'utf8');
  }
  return buffer;
}

