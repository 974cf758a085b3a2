/**
 * Keeps the committed Prisma files honest: generated schemas match the base, the migrations cover the
 * schema, and the Prisma CLI (which must keep working on SQLite for `migrate status`/`deploy`) accepts
 * the migrations and agrees with src/store/migrate.ts about what is applied.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATED_BASE, migrationsDir, runPrisma } from '../scripts/prisma-migration.js';
import { BASE_SCHEMA, PROVIDERS, schemaPath, staleSchemas } from '../scripts/prisma-schemas.js';
import { migrate } from '../src/store/migrate.js';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'fatekeeper-schema-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs the CLI with DATABASE_URL pointing at `file`, failing the test on a non-zero exit. */
function prisma(args: string[], file: string): string {
  const result = runPrisma(args, scratch, `file:${file}`);
  if (result.status !== 0) throw new Error(`prisma ${args.join(' ')} exited with ${result.status}:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

describe('Prisma schemas and migrations', () => {
  it('has provider schemas rendered from the current base (run `tsx scripts/prisma-schemas.ts`)', () => {
    expect(staleSchemas()).toEqual([]);
  });

  it('has a migration for every change to the base (run `tsx scripts/prisma-migration.ts <name>`)', () => {
    expect(readFileSync(MIGRATED_BASE, 'utf8')).toBe(readFileSync(BASE_SCHEMA, 'utf8'));
  });

  it('has the same migrations, in the same order, for every provider', () => {
    const names = PROVIDERS.map((provider) =>
      readdirSync(migrationsDir(provider), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort(),
    );
    expect(names[0]?.length).toBeGreaterThan(0);
    for (const other of names.slice(1)) expect(other).toEqual(names[0]);
  });

  it('lets `prisma migrate deploy` apply the SQLite migrations to a new file, after which the migrator has nothing to do', async () => {
    const file = path.join(scratch, 'deployed.db');
    expect(prisma(['migrate', 'deploy'], file)).toMatch(/successfully applied|No pending migrations/);
    expect(await migrate(`file:${file}`)).toEqual({ applied: [], modified: [] });
  });

  it('records migrations so that `prisma migrate status` and `deploy` see them as applied', async () => {
    const file = path.join(scratch, 'migrated.db');
    expect((await migrate(`file:${file}`)).applied.length).toBeGreaterThan(0);
    expect(prisma(['migrate', 'status'], file)).toMatch(/Database schema is up to date/);
    expect(prisma(['migrate', 'deploy'], file)).toMatch(/No pending migrations/);
  });

  it('produces exactly the SQLite schema from the SQLite migrations', async () => {
    const file = path.join(scratch, 'introspected.db');
    await migrate(`file:${file}`);
    // `db pull --print` prints a config warning first on stdout; the datamodel starts at its first block.
    const pulled = prisma(['db', 'pull', '--print', '--schema', schemaPath('sqlite')], file);
    const start = pulled.search(/^(generator|datasource|model) /m);
    expect(start).toBeGreaterThanOrEqual(0);
    const pulledFile = path.join(scratch, 'pulled.prisma');
    writeFileSync(pulledFile, pulled.slice(start));
    // --exit-code: 0 when the two datamodels are the same, 2 when there is a difference.
    const diff = runPrisma(
      ['migrate', 'diff', '--from-schema-datamodel', pulledFile, '--to-schema-datamodel', schemaPath('sqlite'), '--script', '--exit-code'],
      scratch,
    );
    expect(diff.status, `the migrations and the schema differ by:\n${diff.stdout}${diff.stderr}`).toBe(0);
  });
});
