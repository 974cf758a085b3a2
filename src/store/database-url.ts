import path from 'node:path';

export const DEFAULT_DATABASE_URL = 'file:./data/fatekeeper.db';

export type DatabaseTarget =
  | { provider: 'sqlite'; /** absolute path of the database file */ file: string }
  | { provider: 'postgresql'; url: string };

/**
 * `file:<path>` (relative paths are taken from the working directory, like the SQLite CLI and the
 * Prisma adapter do, not from the schema folder as the Prisma CLI does) or `postgres[ql]://…`.
 */
export function parseDatabaseUrl(url: string): DatabaseTarget {
  if (/^postgres(ql)?:\/\//i.test(url)) return { provider: 'postgresql', url };
  if (url.startsWith('file:')) {
    // Prisma-style URLs may carry options (`file:./x.db?connection_limit=1`); none apply here.
    const file = url.slice('file:'.length).replace(/\?.*$/, '');
    if (file === '' || file === ':memory:') {
      // The migrator and the Prisma adapter open separate connections, and each in-memory connection is
      // its own empty database: tests should use a temporary file instead.
      throw new Error(`In-memory SQLite is not supported (${url}); use a file: URL pointing at a temporary file.`);
    }
    return { provider: 'sqlite', file: path.resolve(file) };
  }
  throw new Error(`Unsupported database URL "${redact(url)}": expected file:<path> or postgresql://…`);
}

/** The URL without its password, for error messages and logs. */
export function redact(url: string): string {
  return url.replace(/^([a-z]+:\/\/[^:/@]*:)[^@]*@/i, '$1***@');
}
