/**
 * Applies the committed migrations in prisma/<provider>/migrations, in name order, each in its own
 * transaction. Used at startup for both providers because the Prisma CLI cannot migrate PostgreSQL
 * through the pg adapter in 6.19 and the application should not need the CLI at runtime anyway.
 *
 * Applied migrations are recorded in Prisma's own `_prisma_migrations` table, with the same columns and
 * checksum (SHA-256 of migration.sql), so the two tools agree: on SQLite `prisma migrate status` and
 * `prisma migrate deploy` see what this migrator applied and vice versa, and `prisma db pull` does not
 * report a foreign table.
 *
 * A migration must not contain its own BEGIN/COMMIT, and on PostgreSQL nothing that refuses to run in a
 * transaction (CREATE INDEX CONCURRENTLY, ALTER TYPE … ADD VALUE before PG 12).
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import pg from 'pg';
import { parseDatabaseUrl, redact } from './database-url.js';
import { sqliteTimestamp } from './driver-sql.js';

export type Provider = 'sqlite' | 'postgresql';

export interface Migration {
  /** Folder name, e.g. `20261121232545_init`; its timestamp prefix gives the order. */
  name: string;
  sql: string;
  checksum: string;
}

export interface MigrationReport {
  /** Migrations applied by this run, in order. */
  applied: string[];
  /**
   * Already-applied migrations whose file has changed since. Not fatal (a line-ending conversion on
   * checkout is enough to change the checksum) but worth logging: editing an applied migration never
   * re-runs it.
   */
  modified: string[];
}

export interface MigrateOptions {
  /** Defaults to the repository's prisma/<provider>/migrations. */
  migrationsDir?: string;
}

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export function defaultMigrationsDir(provider: Provider): string {
  return path.join(REPO_ROOT, 'prisma', provider, 'migrations');
}

export function readMigrations(dir: string): Migration[] {
  if (!existsSync(dir)) throw new Error(`Migrations folder not found: ${dir}`);
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, 'migration.sql')))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const bytes = readFileSync(path.join(dir, name, 'migration.sql'));
      return { name, sql: bytes.toString('utf8'), checksum: createHash('sha256').update(bytes).digest('hex') };
    });
}

/** Migrates the database at `databaseUrl` (see parseDatabaseUrl) to the latest committed migration. */
export async function migrate(databaseUrl: string, options: MigrateOptions = {}): Promise<MigrationReport> {
  const target = parseDatabaseUrl(databaseUrl);
  const migrations = readMigrations(options.migrationsDir ?? defaultMigrationsDir(target.provider));
  if (target.provider === 'sqlite') {
    mkdirSync(path.dirname(target.file), { recursive: true });
    const db = new Database(target.file, { timeout: SQLITE_BUSY_TIMEOUT_MS });
    try {
      // WAL lets readers proceed while a writer commits. It is a property of the file, not of the
      // connection, and openStore() migrates before every open, so this is where it gets set.
      db.pragma('journal_mode = WAL');
      return migrateSqlite(db, migrations);
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: target.url });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`Cannot connect to ${redact(target.url)} to migrate it`, { cause: error });
  }
  try {
    return await migratePostgres(client, migrations);
  } finally {
    await client.end();
  }
}

/** How long a SQLite writer waits for another process's write lock before failing with SQLITE_BUSY. */
export const SQLITE_BUSY_TIMEOUT_MS = 5_000;

// The DDL Prisma itself uses, so the CLI can read and extend the table.
const SQLITE_HISTORY_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    TEXT PRIMARY KEY NOT NULL,
    "checksum"              TEXT NOT NULL,
    "finished_at"           DATETIME,
    "migration_name"        TEXT NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        DATETIME,
    "started_at"            DATETIME NOT NULL DEFAULT current_timestamp,
    "applied_steps_count"   INTEGER UNSIGNED NOT NULL DEFAULT 0
)`;

const POSTGRES_HISTORY_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

interface HistoryRow {
  migration_name: string;
  checksum: string;
  finished_at: unknown;
}

/**
 * Prisma's rules: a row rolled back with `prisma migrate resolve` does not count; a row that never
 * finished is a failed migration that someone must resolve before anything else is applied. This
 * migrator never leaves such a row itself (a failing migration rolls back with its record), but the
 * CLI on SQLite does.
 */
function classify(rows: HistoryRow[], migrations: Migration[]): { pending: Migration[]; modified: string[] } {
  const failed = rows.find((row) => row.finished_at === null);
  if (failed) {
    throw new Error(
      `Migration ${failed.migration_name} is recorded as failed in _prisma_migrations; fix the database and mark it ` +
        `with \`prisma migrate resolve --applied|--rolled-back ${failed.migration_name}\` before migrating again.`,
    );
  }
  const applied = new Map(rows.map((row) => [row.migration_name, row.checksum]));
  return {
    pending: migrations.filter((m) => !applied.has(m.name)),
    modified: migrations.filter((m) => applied.has(m.name) && applied.get(m.name) !== m.checksum).map((m) => m.name),
  };
}

const SELECT_HISTORY = `SELECT "migration_name", "checksum", "finished_at" FROM "_prisma_migrations" WHERE "rolled_back_at" IS NULL`;

export function migrateSqlite(db: Database.Database, migrations: Migration[]): MigrationReport {
  db.exec(SQLITE_HISTORY_TABLE);
  const selectHistory = db.prepare<[], HistoryRow>(SELECT_HISTORY);
  const insert = db.prepare(
    `INSERT INTO "_prisma_migrations" ("id", "checksum", "finished_at", "migration_name", "logs", "rolled_back_at", "started_at", "applied_steps_count")
     VALUES (?, ?, ?, ?, NULL, NULL, ?, 1)`,
  );
  const { pending, modified } = classify(selectHistory.all(), migrations);
  const applied: string[] = [];
  for (const migration of pending) {
    // IMMEDIATE takes the write lock up front, so a second process starting at the same moment waits
    // here and then sees the migration as applied, instead of failing halfway through.
    const ran = db
      .transaction(() => {
        if (classify(selectHistory.all(), [migration]).pending.length === 0) return false;
        const startedAt = sqliteTimestamp(new Date());
        try {
          db.exec(migration.sql);
        } catch (error) {
          throw new Error(`Migration ${migration.name} failed (rolled back)`, { cause: error });
        }
        insert.run(randomUUID(), migration.checksum, sqliteTimestamp(new Date()), migration.name, startedAt);
        return true;
      })
      .immediate();
    if (ran) applied.push(migration.name);
  }
  return { applied, modified };
}


/** The advisory lock key Prisma Migrate uses, so this migrator and the CLI never run concurrently. */
const PRISMA_MIGRATE_LOCK = 72707369;

export async function migratePostgres(client: pg.ClientBase, migrations: Migration[]): Promise<MigrationReport> {
  // A session lock rather than a transaction lock: it must span several transactions. Other
  // instances starting at the same time wait here, then find nothing left to do.
  await client.query('SELECT pg_advisory_lock($1)', [PRISMA_MIGRATE_LOCK]);
  try {
    await client.query(POSTGRES_HISTORY_TABLE);
    const { rows } = await client.query<HistoryRow>(SELECT_HISTORY);
    const { pending, modified } = classify(rows, migrations);
    const applied: string[] = [];
    for (const migration of pending) {
      await client.query('BEGIN');
      try {
        // No parameters: pg then uses the simple query protocol, which accepts several statements.
        await client.query(migration.sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" ("id", "checksum", "finished_at", "migration_name", "started_at", "applied_steps_count")
           VALUES ($1, $2, clock_timestamp(), $3, now(), 1)`,
          [randomUUID(), migration.checksum, migration.name],
        );
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw new Error(`Migration ${migration.name} failed (rolled back)`, { cause: error });
      }
      applied.push(migration.name);
    }
    return { applied, modified };
  } finally {
    // Closing the session releases the lock too, so a failed unlock must not mask the real error.
    await client.query('SELECT pg_advisory_unlock($1)', [PRISMA_MIGRATE_LOCK]).catch(() => undefined);
  }
}
