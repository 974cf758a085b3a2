/**
 * A throwaway PostgreSQL server for the store tests, and one fresh database per test suite.
 *
 * Server: TEST_DATABASE_URL if set (it must allow CREATE DATABASE); otherwise startPostgres() runs
 * initdb + pg_ctl from the first directory holding both, searched in this order:
 *   $POSTGRES_BIN_DIR, /usr/local/bin, /usr/lib/postgresql/<newest version>/bin, each $PATH entry.
 * (Debian's `apt-get install postgresql` puts them in /usr/lib/postgresql/<version>/bin, off PATH.)
 */
import { execFile as execFileCallback, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const execFile = promisify(execFileCallback);

export interface PostgresServer {
  /** URL of the server's `postgres` maintenance database. */
  url: string;
  stop(): Promise<void>;
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

const SERVER_TOOLS = ['initdb', 'pg_ctl', 'postgres'];

export function postgresBinDirCandidates(): string[] {
  const versioned = (() => {
    try {
      return readdirSync('/usr/lib/postgresql')
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => `/usr/lib/postgresql/${version}/bin`);
    } catch {
      return [];
    }
  })();
  return [
    ...(process.env.POSTGRES_BIN_DIR ? [process.env.POSTGRES_BIN_DIR] : []),
    '/usr/local/bin',
    ...versioned,
    ...(process.env.PATH ?? '').split(path.delimiter).filter((dir) => dir !== ''),
  ];
}

export function findPostgresBinDir(): string {
  const candidates = postgresBinDirCandidates();
  const found = candidates.find((dir) => SERVER_TOOLS.every((tool) => existsSync(path.join(dir, tool))));
  if (found === undefined) {
    throw new Error(
      'PostgreSQL server binaries (initdb, pg_ctl, postgres) were not found, so the PostgreSQL store tests cannot run.\n' +
        `Looked in: ${[...new Set(candidates)].join(', ')}.\n` +
        'Install them (Debian/Ubuntu: `apt-get install -y postgresql`, or run .ci/postgres.sh), set POSTGRES_BIN_DIR, ' +
        'or set TEST_DATABASE_URL to a server where the user may CREATE DATABASE.',
    );
  }
  return found;
}

/** PostgreSQL refuses to run as root: as root, run it as `postgres`, creating a system user if needed. */
function serverIdentity(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  for (const user of ['postgres', 'fatekeeper-pg']) {
    try {
      const uid = Number(execFileSync('id', ['-u', user], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
      const gid = Number(execFileSync('id', ['-g', user], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
      return { uid, gid };
    } catch {
      // try the next one
    }
  }
  execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', 'fatekeeper-pg']);
  return serverIdentity();
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = findPostgresBinDir();
  const identity = serverIdentity();
  const root = mkdtempSync(path.join(os.tmpdir(), 'fatekeeper-pg-'));
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'postgres.log');
  if (identity !== null) chownSync(root, identity.uid, identity.gid);
  // Node drops to uid/gid itself (and clears supplementary groups), so no su/runuser is needed; the
  // working directory must be one that user can enter.
  const run = (tool: string, args: string[]) =>
    execFile(path.join(bin, tool), args, { cwd: root, env: { ...process.env, LC_ALL: 'C' }, ...(identity ?? {}) });

  try {
    await run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-locale', '-E', 'UTF8', '--no-sync']);
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw new Error(`initdb failed (${bin})`, { cause: error });
  }

  const port = await freePort();
  appendFileSync(
    path.join(dataDir, 'postgresql.conf'),
    [
      '',
      "listen_addresses = '127.0.0.1'",
      `port = ${port}`,
      "unix_socket_directories = ''",
      // A scratch server: durability is worthless, speed is not.
      'fsync = off',
      'synchronous_commit = off',
      'full_page_writes = off',
      // Deliberately far from UTC (+13:45): a timestamp stored or read in the server's zone instead of
      // UTC shows up as a wrong date in the tests instead of passing on UTC machines only.
      "timezone = 'Pacific/Chatham'",
      '',
    ].join('\n'),
  );
  // initdb --auth=trust already trusts local TCP; listen_addresses keeps it to this machine.

  try {
    await run('pg_ctl', ['-D', dataDir, '-l', logFile, '-w', '-t', '60', 'start']);
  } catch (error) {
    const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
    rmSync(root, { recursive: true, force: true });
    throw new Error(`PostgreSQL did not start on port ${port}:\n${log}`, { cause: error });
  }

  let stopped = false;
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        await run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}

/** Creates an empty database with a random name on the server at `serverUrl`. */
export async function createTestDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `fatekeeper_test_${randomBytes(6).toString('hex')}`;
  const admin = async <T>(fn: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  };
  await admin((client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // FORCE (PostgreSQL 13+) ends connections a failed test may have left open.
    drop: () => admin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}
