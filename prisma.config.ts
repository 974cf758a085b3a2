/**
 * Prisma CLI configuration. Its main job is to keep the CLI offline: `engine: "js"` with a driver
 * adapter makes migrate/generate use the bundled WebAssembly engines instead of downloading native
 * binaries (without this file even `prisma --version` tries to reach binaries.prisma.sh).
 *
 * The CLI is only used against SQLite: Prisma 6.19's schema engine cannot introspect PostgreSQL through
 * @prisma/adapter-pg (prisma/orm#27403), so PostgreSQL migrations are applied by src/store/migrate.ts.
 * `prisma generate --schema prisma/postgresql/schema.prisma` still works with this file: generating
 * never connects.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'prisma/config';
import { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3';

const url = process.env.DATABASE_URL ?? 'file:./data/fatekeeper.db';

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: path.join('prisma', 'sqlite', 'schema.prisma'),
  migrations: { path: path.join('prisma', 'sqlite', 'migrations') },
  async adapter() {
    if (!url.startsWith('file:')) {
      throw new Error(`The Prisma CLI is configured for SQLite only; DATABASE_URL=${url} is not a file: URL.`);
    }
    // better-sqlite3 creates the file but not its folder; a missing ./data otherwise surfaces as the
    // unhelpful "External error id#0".
    const file = url.slice('file:'.length);
    if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    return new PrismaBetterSQLite3({ url });
  },
});
