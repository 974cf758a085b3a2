import { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient as SqliteClient } from '../generated/sqlite/client.js';
import { PrismaClient as PostgresClient } from '../generated/postgresql/client.js';
import type { GameStore } from './contract.js';
import { DEFAULT_DATABASE_URL, parseDatabaseUrl } from './database-url.js';
import { shareAdapter } from './driver-sql.js';
import { PostgresConnection } from './postgres-connection.js';
import { SqliteConnection } from './sqlite-connection.js';
import { SqliteWriter } from './sqlite-writer.js';
import { migrate, SQLITE_BUSY_TIMEOUT_MS } from './migrate.js';
import { createPrismaStore, TRANSACTION_OPTIONS, type PrismaStoreOptions } from './prisma-store.js';

/** Tuning and test hooks; the application normally passes none. */
export type OpenStoreOptions = Omit<PrismaStoreOptions, 'provider' | 'driver' | 'sqliteConnection' | 'postgresConnection'> & {
  /** SQLite: how long a statement waits for another connection's write lock (default SQLITE_BUSY_TIMEOUT_MS). */
  busyTimeoutMs?: number;
};

/**
 * Opens the store and brings its schema up to date first (migrating is idempotent and safe to run from
 * several processes at once, so every start does it).
 *
 * `file:<path>` (default `file:./data/fatekeeper.db`, relative to the working directory) uses SQLite;
 * `postgresql://…` or `postgres://…` uses PostgreSQL. Open one store per process: its appends are
 * grouped into shared commits (groupCommit.ts), which two stores on one database cannot share.
 *
 * The driver adapter is connected here, once, and shared: the Prisma client runs on it (shareAdapter),
 * and the store runs its hot statements on connections of its own (sqlite-connection.ts,
 * sqlite-writer.ts and postgres-connection.ts say why): four SQLite connections (the client's, the reads',
 * the writer thread's and its checkpointer thread's, sqlite-checkpointer.ts), or two pg pools, per store.
 */
export async function openStore(databaseUrl: string = DEFAULT_DATABASE_URL, { busyTimeoutMs = SQLITE_BUSY_TIMEOUT_MS, ...options }: OpenStoreOptions = {}): Promise<GameStore> {
  const target = parseDatabaseUrl(databaseUrl);

  await migrate(databaseUrl);
  if (target.provider === 'sqlite') {
    // `timeout` is better-sqlite3's busy_timeout: another process's writer makes us wait, not fail.
    const driver = await new PrismaBetterSQLite3({ url: `file:${target.file}`, timeout: busyTimeoutMs }).connect();
    const client = new SqliteClient({ adapter: shareAdapter(driver), transactionOptions: TRANSACTION_OPTIONS });
    const sqliteConnection = new SqliteConnection(target.file, busyTimeoutMs);
    const sqliteWriter = await SqliteWriter.open({ file: target.file, busyTimeoutMs });
    await warmUp(client);
    return createPrismaStore(client, { ...options, provider: 'sqlite', driver, sqliteConnection, sqliteWriter });
  }
  const driver = await new PrismaPg({ connectionString: target.url }).connect();
  const client = new PostgresClient({ adapter: shareAdapter(driver), transactionOptions: TRANSACTION_OPTIONS });
  const postgresConnection = new PostgresConnection(target.url);
  await warmUp(client);
  return createPrismaStore(client, { ...options, provider: 'postgresql', driver, postgresConnection });
}

/**
 * Prisma loads its query compiler (WebAssembly, decoded from base64) on the first query, which holds the
 * event loop for about half a second — long enough, on a busy machine, for the first interaction after a
 * start to miss Discord's 3 seconds. One cheap query at start-up pays it before anyone waits.
 */
async function warmUp(client: SqliteClient | PostgresClient): Promise<void> {
  await (client as SqliteClient).game.findFirst({ where: { id: '' }, select: { id: true } });
}
