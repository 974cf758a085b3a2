/**
 * SQL run on Prisma's driver adapter itself, underneath the Prisma client.
 *
 * Why: every query through the Prisma client, raw ones included, goes through its WASM query compiler
 * and plan interpreter, which serialize the parameters into the compiler and back. For the statements
 * every command runs (the append, reading a game, reading settings) that was most of their cost: about
 * 0.6–0.9 ms of CPU for an append, against a few tens of µs for the same SQL on the adapter. So those
 * statements go to the `SqlDriverAdapter` that the adapter factory (`PrismaBetterSQLite3`, `PrismaPg`)
 * connects, with the adapter's own argument conversion (`argTypes`) and result conversion, and the Prisma
 * client keeps everything else. Both run on the same connected adapter (see shareAdapter): one SQLite
 * connection, one PostgreSQL pool.
 *
 * Values are converted the way the Prisma client's runtime converts them, so rows written either way are
 * identical: a `Date` parameter is formatted by the adapter itself (SQLite: ISO-8601 text ending `+00:00`,
 * or epoch milliseconds if the adapter is configured so; PostgreSQL: `YYYY-MM-DD HH:MM:SS.mmm` in UTC),
 * DateTime results are parsed as the runtime's data mapper does (no zone means UTC), booleans and
 * integers are accepted in each adapter's result form (the better-sqlite3 adapter reads integers as
 * BigInt and returns them, booleans included, as decimal strings).
 *
 * Types come from @prisma/client's runtime (a declared dependency), not from @prisma/driver-adapter-utils.
 */
import type { SqlDriverAdapterFactory } from '@prisma/client/runtime/client';

/** A connected driver adapter (driver-adapter-utils' SqlDriverAdapter). */
export type SqlDriver = Awaited<ReturnType<SqlDriverAdapterFactory['connect']>>;
export type SqlDriverQuery = Parameters<SqlDriver['queryRaw']>[0];
type ArgType = SqlDriverQuery['argTypes'][number];
/** What queryRows needs: a driver adapter, or one of the store's own connections. */
export interface SqlRunner {
  queryRaw(query: SqlDriverQuery): Promise<{ columnNames: readonly string[]; rows: readonly (readonly unknown[])[] }>;
}
export type Dialect = 'sqlite' | 'postgresql';

/** What may be bound as a parameter. Integers bind as `int`, other numbers as `float`, arrays as text lists. */
export type SqlValue = string | number | Date | null | readonly (string | null)[];

/** A piece of SQL with its parameters in place, like Prisma.Sql; nest them with `sql`, `join`, `raw`. */
export class Sql {
  constructor(
    readonly strings: readonly string[],
    readonly values: readonly SqlValue[],
  ) {}
}

/** Interpolated values become parameters, interpolated `Sql` is spliced in. */
export function sql(strings: readonly string[], ...values: readonly (SqlValue | Sql)[]): Sql {
  const outStrings: string[] = [strings[0] ?? ''];
  const outValues: SqlValue[] = [];
  values.forEach((value, index) => {
    const next = strings[index + 1] ?? '';
    if (value instanceof Sql) {
      outStrings[outStrings.length - 1] += value.strings[0] ?? '';
      for (let k = 0; k < value.values.length; k++) {
        outValues.push(value.values[k] as SqlValue);
        outStrings.push(value.strings[k + 1] ?? '');
      }
      outStrings[outStrings.length - 1] += next;
    } else {
      outValues.push(value);
      outStrings.push(next);
    }
  });
  return new Sql(outStrings, outValues);
}

/** Trusted SQL text, no parameters. */
export const raw = (text: string): Sql => new Sql([text], []);
export const empty = raw('');

export function join(parts: readonly Sql[], separator = ', '): Sql {
  if (parts.length === 0) return empty;
  return sql(['', ...parts.slice(1).map(() => separator), ''], ...parts);
}

/** The adapter's query: `?` placeholders on SQLite, `$n` on PostgreSQL, and each parameter's type. */
export function compile(query: Sql, dialect: Dialect): SqlDriverQuery {
  let text = query.strings[0] ?? '';
  const argTypes: ArgType[] = [];
  for (let index = 0; index < query.values.length; index++) {
    argTypes.push(argTypeOf(query.values[index] as SqlValue));
    text += (dialect === 'sqlite' ? '?' : `$${index + 1}`) + (query.strings[index + 1] ?? '');
  }
  return { sql: text, args: [...query.values], argTypes };
}

const TEXT: ArgType = { scalarType: 'string', arity: 'scalar' };
const TEXT_LIST: ArgType = { scalarType: 'string', arity: 'list' };
const INT: ArgType = { scalarType: 'int', arity: 'scalar' };
const FLOAT: ArgType = { scalarType: 'float', arity: 'scalar' };
const DATETIME: ArgType = { scalarType: 'datetime', arity: 'scalar' };

function argTypeOf(value: SqlValue): ArgType {
  if (value instanceof Date) return DATETIME;
  if (typeof value === 'number') return Number.isInteger(value) ? INT : FLOAT;
  if (Array.isArray(value)) return TEXT_LIST;
  return TEXT;
}

export type Row = Record<string, unknown>;

/** Runs a query, rows as objects keyed by column name. */
export async function queryRows(on: SqlRunner, query: Sql, dialect: Dialect): Promise<Row[]> {
  return rowsOf(await on.queryRaw(compile(query, dialect)));
}

/** A raw result's rows (arrays of cells) as objects keyed by column name. */
export function rowsOf(result: Awaited<ReturnType<SqlRunner['queryRaw']>>): Row[] {
  const names = result.columnNames;
  return result.rows.map((values) => {
    const row: Row = {};
    for (let index = 0; index < names.length; index++) row[names[index] as string] = values[index];
    return row;
  });
}

/**
 * A factory for `new PrismaClient({ adapter })` that hands the client an adapter already connected,
 * instead of opening a second connection (SQLite) or a second pool (PostgreSQL). The client gets a view
 * whose dispose() does nothing: the connection belongs to whoever connected it and is disposed of by
 * them, after `$disconnect()`, so a client that disconnects and reconnects gets the same live connection.
 */
export function shareAdapter(driver: SqlDriver): SqlDriverAdapterFactory {
  const view: SqlDriver = {
    provider: driver.provider,
    adapterName: driver.adapterName,
    queryRaw: (query) => driver.queryRaw(query),
    executeRaw: (query) => driver.executeRaw(query),
    executeScript: (script) => driver.executeScript(script),
    startTransaction: (isolationLevel) => driver.startTransaction(isolationLevel),
    dispose: () => Promise.resolve(),
  };
  const info = driver.getConnectionInfo?.bind(driver);
  if (info) view.getConnectionInfo = info;
  return { provider: driver.provider, adapterName: driver.adapterName, connect: () => Promise.resolve(view) };
}

// Timestamps as parameters, as the Prisma adapters bind a Date, so rows written either way are the same.

/** SQLite: ISO-8601 text ending `+00:00` (the better-sqlite3 adapter's default format). */
export function sqliteTimestamp(date: Date): string {
  return date.toISOString().replace('Z', '+00:00');
}

/** PostgreSQL: `YYYY-MM-DD HH:MM:SS.mmm` in UTC, cast to TIMESTAMP(3) by the SQL (the pg adapter drops a `.000`: same value). */
export function postgresTimestamp(date: Date): string {
  const iso = date.toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 23)}`;
}

// Result values, as the adapters return them.

/** A DateTime column: an ISO-8601-like string (normalized as Prisma's data mapper does), epoch ms, or a Date. */
export function toDate(value: unknown, column: string): Date {
  const date = value instanceof Date ? value : typeof value === 'string' ? new Date(normalizeDateTime(value)) : typeof value === 'number' ? new Date(value) : undefined;
  if (date === undefined || Number.isNaN(date.getTime())) throw new TypeError(`Expected a date in column "${column}", got ${typeof value}: ${String(value)}`);
  return date;
}

/** An integer column: a number (pg), or a decimal string / BigInt (better-sqlite3 reads BigInts). */
export function toInt(value: unknown, column: string): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' || typeof value === 'bigint' ? Number(value) : NaN;
  if (!Number.isSafeInteger(number)) throw new TypeError(`Expected an integer in column "${column}", got ${typeof value}: ${String(value)}`);
  return number;
}

/** A boolean column: a boolean (pg), or 1/0 as number, BigInt or string (SQLite). */
export function toBoolean(value: unknown, column: string): boolean {
  switch (typeof value) {
    case 'boolean':
      return value;
    case 'string':
      return value === '1' || value === 'true';
    case 'number':
      return value === 1;
    case 'bigint':
      return value === 1n;
    default:
      throw new TypeError(`Expected a boolean in column "${column}", got ${typeof value}: ${String(value)}`);
  }
}

export function toText(value: unknown, column: string): string {
  if (typeof value !== 'string') throw new TypeError(`Expected text in column "${column}", got ${typeof value}: ${String(value)}`);
  return value;
}

export function toNullableText(value: unknown, column: string): string | null {
  return value === null ? null : toText(value, column);
}

const TIME_TZ = /\d{2}:\d{2}:\d{2}(?:\.\d+)?(Z|[+-]\d{2}(:?\d{2})?)?$/;

/** Prisma's normalizeDateTime (client-engine-runtime, data-mapper.ts): no zone means UTC. */
function normalizeDateTime(text: string): string {
  const match = TIME_TZ.exec(text);
  if (match === null) return `${text}T00:00:00Z`;
  const [timeTz, tz, tzMinutes] = match;
  let withTz = text;
  if (tz !== undefined && tz !== 'Z' && tzMinutes === undefined) withTz = `${text}:00`;
  else if (tz === undefined) withTz = `${text}Z`;
  if (timeTz.length === text.length) return `1970-01-01T${withTz}`;
  const separator = match.index - 1;
  if (withTz[separator] === ' ') withTz = `${withTz.slice(0, separator)}T${withTz.slice(separator + 1)}`;
  return withTz;
}
