/**
 * A fresh, empty database of either kind for a store test: a temporary SQLite file, or a new database on
 * the PostgreSQL test server (test/support/postgres.ts says where it comes from), with a way to look at
 * or tamper with what the store wrote from outside it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { createTestDatabase, startPostgres, type PostgresServer } from './postgres.js';

export interface TestBackend {
  name: string;
  url: string;
  /** One statement outside the store, to look at or tamper with what it wrote (`$1`… placeholders). */
  sql(text: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  cleanup(): Promise<void>;
}

export async function sqliteBackend(label = 'store'): Promise<TestBackend> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `fatekeeper-${label}-`));
  const file = path.join(dir, 'store.db');
  return {
    name: 'sqlite',
    url: `file:${file}`,
    async sql(text, params = []) {
      const db = new Database(file);
      try {
        const statement = db.prepare(text.replace(/\$\d+/g, '?'));
        return statement.reader ? (statement.all(...params) as Record<string, unknown>[]) : (statement.run(...params), []);
      } finally {
        db.close();
      }
    },
    async cleanup() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function postgresBackend(): Promise<TestBackend> {
  // Normally the global setup's server; a file run on its own (without the vitest config) starts one.
  let server: PostgresServer | undefined;
  const database = await createTestDatabase(process.env.TEST_DATABASE_URL ?? (server = await startPostgres()).url);
  return {
    name: 'postgresql',
    url: database.url,
    async sql(text, params = []) {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        return (await client.query(text, params)).rows as Record<string, unknown>[];
      } finally {
        await client.end();
      }
    },
    async cleanup() {
      await database.drop();
      await server?.stop();
    },
  };
}
