/**
 * Vitest global setup: one PostgreSQL server per test run, shared by the test files through
 * TEST_DATABASE_URL (each suite creates its own database on it). Does nothing when TEST_DATABASE_URL
 * is already set, e.g. to a CI service container.
 */
import { startPostgres, type PostgresServer } from './postgres.js';

let server: PostgresServer | undefined;

export async function setup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) return;
  server = await startPostgres();
  // Worker processes are forked after this and inherit the environment.
  process.env.TEST_DATABASE_URL = server.url;
}

export async function teardown(): Promise<void> {
  await server?.stop();
  server = undefined;
}
