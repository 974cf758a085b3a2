import { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient as SqliteClient } from '../generated/sqlite/client.js';
import { PrismaClient as PostgresClient } from '../generated/postgresql/client.js';
import type { GameStore } from './contract.js';
import { DEFAULT_DATABASE_URL, parseDatabaseUrl } from './database-url.js';
import { migrate, SQLITE_BUSY_TIMEOUT_MS } from './migrate.js';
import { createPrismaStore, TRANSACTION_OPTIONS, type PrismaStoreOptions } from './prisma-store.js';

/** Tuning and test hooks; the application normally passes none. */
export type OpenStoreOptions = Omit<PrismaStoreOptions, 'provider'>;

/**
 * Opens the store and brings its schema up to date first (migrating is idempotent and safe to run from
 * several processes at once, so every start does it).
 *
 * `file:<path>` (default `file:./data/fatekeeper.db`, relative to the working directory) uses SQLite;
 * `postgresql://…` or `postgres://…` uses PostgreSQL. Open one store per process: on SQLite all of a
 * process's queries share one connection and the store serializes them.
 */
export async function openStore(databaseUrl: string = DEFAULT_DATABASE_URL, options: OpenStoreOptions = {}): Promise<GameStore> {
  const target = parseDatabaseUrl(databaseUrl);

  await migrate(databaseUrl);
  if (target.provider === 'sqlite') {
    // `timeout` is better-sqlite3's busy_timeout: another process's writer makes us wait, not fail.
    const adapter = new PrismaBetterSQLite3({ url: `file:${target.file}`, timeout: SQLITE_BUSY_TIMEOUT_MS });
    return createPrismaStore(new SqliteClient({ adapter, transactionOptions: TRANSACTION_OPTIONS }), { ...options, provider: 'sqlite' });
  }
  const client = new PostgresClient({ adapter: new PrismaPg({ connectionString: target.url }), transactionOptions: TRANSACTION_OPTIONS });
  return createPrismaStore(client, { ...options, provider: 'postgresql' });
}
