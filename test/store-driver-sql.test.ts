/**
 * src/store/driver-sql.ts on its own: SQL building per dialect, the shared adapter handed to the Prisma client, and reading result values the way Prisma's
 * runtime does. (The store tests cover it against real databases.)
 */
import { describe, expect, it } from 'vitest';
import {
  compile,
  empty,
  join,
  raw,
  shareAdapter,
  sql,
  toBoolean,
  toDate,
  toInt,
  toNullableText,
  type SqlDriver,
  type SqlDriverQuery,
} from '../src/store/driver-sql.js';

describe('sql fragments', () => {
  const at = new Date('2026-11-21T10:00:00.123Z');
  const nested = sql`SELECT ${raw('"a", "b"')} FROM "T" WHERE "x" = ${'x'}${empty} AND "y" IN (${join([sql`${1}`, sql`${2.5}`])}) AND "at" = ${at} AND "z" = ANY(${['p', null]})`;

  it('numbers placeholders per dialect and types each argument', () => {
    expect(compile(nested, 'sqlite')).toEqual({
      sql: 'SELECT "a", "b" FROM "T" WHERE "x" = ? AND "y" IN (?, ?) AND "at" = ? AND "z" = ANY(?)',
      args: ['x', 1, 2.5, at, ['p', null]],
      argTypes: [
        { scalarType: 'string', arity: 'scalar' },
        { scalarType: 'int', arity: 'scalar' },
        { scalarType: 'float', arity: 'scalar' },
        { scalarType: 'datetime', arity: 'scalar' },
        { scalarType: 'string', arity: 'list' },
      ],
    });
    expect(compile(nested, 'postgresql').sql).toBe('SELECT "a", "b" FROM "T" WHERE "x" = $1 AND "y" IN ($2, $3) AND "at" = $4 AND "z" = ANY($5)');
  });

  it('joins with any separator, and nothing into nothing', () => {
    expect(compile(join([sql`A${1}`, raw('B'), sql`C${2}`], ' | '), 'postgresql')).toMatchObject({ sql: 'A$1 | B | C$2', args: [1, 2] });
    expect(compile(join([]), 'sqlite')).toMatchObject({ sql: '', args: [] });
  });
});

/** A fake adapter recording what is sent to it. */
function fakeDriver() {
  const log: string[] = [];
  const run = (where: string) => (query: SqlDriverQuery) => {
    log.push(`${where}:${query.sql}`);
    return Promise.resolve(query.sql === 'SELECT' ? { columnNames: ['n'], columnTypes: [0 as const], rows: [[1]] } : { columnNames: [], columnTypes: [], rows: [] });
  };
  const driver: SqlDriver = {
    provider: 'sqlite',
    adapterName: 'fake',
    queryRaw: run('driver'),
    executeRaw: async (query) => (await run('driver')(query), 0),
    executeScript: () => Promise.resolve(),
    startTransaction: () => {
      log.push('begin');
      return Promise.resolve({
        provider: 'sqlite',
        adapterName: 'fake',
        options: { usePhantomQuery: false },
        queryRaw: run('tx'),
        executeRaw: async (query: SqlDriverQuery) => (await run('tx')(query), 1),
        commit: () => (log.push('commit()'), Promise.resolve()),
        rollback: () => (log.push('rollback()'), Promise.resolve()),
      });
    },
    dispose: () => (log.push('dispose'), Promise.resolve()),
  };
  return { driver, log };
}

describe('shareAdapter', () => {
  it('hands the client the connected adapter, which the client cannot dispose of', async () => {
    const { driver, log } = fakeDriver();
    const factory = shareAdapter(driver);
    expect([factory.provider, factory.adapterName]).toEqual(['sqlite', 'fake']);
    const view = await factory.connect();
    expect(await view.queryRaw(compile(raw('SELECT'), 'sqlite'))).toMatchObject({ rows: [[1]] });
    await view.dispose();
    expect(log).toEqual(['driver:SELECT']);
    expect(view.getConnectionInfo).toBeUndefined();
    await driver.dispose();
    expect(log).toEqual(['driver:SELECT', 'dispose']);
  });

  it('passes the connection info on when the adapter has some', async () => {
    const { driver } = fakeDriver();
    driver.getConnectionInfo = () => ({ schemaName: 'public', supportsRelationJoins: true });
    expect((await shareAdapter(driver).connect()).getConnectionInfo?.()).toEqual({ schemaName: 'public', supportsRelationJoins: true });
  });
});

describe('result values', () => {
  it('reads dates as Prisma does: an explicit zone is kept, none means UTC', () => {
    const at = Date.parse('2026-11-21T10:00:00.123Z');
    expect(toDate('2026-11-21T10:00:00.123+00:00', 'at').getTime()).toBe(at); // SQLite, as the adapter writes
    expect(toDate('2026-11-21T10:00:00.123Z', 'at').getTime()).toBe(at);
    expect(toDate('2026-11-21 10:00:00.123', 'at').getTime()).toBe(at); // CURRENT_TIMESTAMP style
    expect(toDate('2026-11-21T11:00:00.123+01', 'at').getTime()).toBe(at);
    expect(toDate('2026-11-21', 'at').getTime()).toBe(Date.parse('2026-11-21T00:00:00Z'));
    expect(toDate(at, 'at').getTime()).toBe(at); // epoch milliseconds
    expect(() => toDate('yesterday', 'at')).toThrow(/column "at"/);
    expect(() => toDate(null, 'at')).toThrow(TypeError);
  });

  it('reads integers and booleans in each adapter’s form', () => {
    expect([toInt(42, 'n'), toInt('42', 'n'), toInt(42n, 'n')]).toEqual([42, 42, 42]);
    expect(() => toInt('4.5', 'n')).toThrow(TypeError);
    expect(() => toInt(null, 'n')).toThrow(TypeError);
    expect(['1', '0', 'true', 1, 0, 1n, 0n, true, false].map((v) => toBoolean(v, 'b'))).toEqual([true, false, true, true, false, true, false, true, false]);
    expect(() => toBoolean(null, 'b')).toThrow(TypeError);
    expect([toNullableText(null, 't'), toNullableText('x', 't')]).toEqual([null, 'x']);
    expect(() => toNullableText(1, 't')).toThrow(TypeError);
  });
});
