#!/usr/bin/env node
// `node .ci/smoke-start.mjs [command…]`: runs `npm start` (or the command given, e.g. `node dist/src/main.js`
// as the Docker image does) as an operator would (no DISCORD_TOKEN: the sandbox), on a free port and a
// throwaway SQLite file, then drives it over HTTP like the page does: the page and its
// assets load, Alice starts a game against Bob and flips a card. That checks what only the compiled start
// can break — the build, the sandbox's static files and the migrations copied into dist/, the SQLite
// writer thread loaded from .js — under whichever `node` is first on PATH. Exits non-zero on failure.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const STARTUP_MS = 180_000; // includes `npm run build` (tsc) on a busy 2-core machine

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const dir = mkdtempSync(path.join(tmpdir(), 'fatekeeper-smoke-'));
const port = await freePort();
const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: `file:${path.join(dir, 'smoke.db')}` };
for (const name of ['DISCORD_TOKEN', 'DISCORD_APPLICATION_ID', 'BOT_MODE', 'DISCORD_API_BASE']) delete env[name];

// Its own process group, so the whole tree (npm, sh, node) can be stopped at the end.
const [command, ...args] = process.argv.length > 2 ? process.argv.slice(2) : ['npm', 'start'];
const child = spawn(command, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
let output = '';
child.stdout.on('data', (chunk) => (output += chunk));
child.stderr.on('data', (chunk) => (output += chunk));
const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

function stop() {
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

async function check() {
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "open http://…" line within ${STARTUP_MS / 1000} s`)), STARTUP_MS);
    const look = () => {
      const match = /open (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', look);
    exited.then(({ code, signal }) => reject(new Error(`${command} ${args.join(' ')} exited (${code ?? signal}) before it was ready`)));
  });
  const base = url.replace(/\/$/, '');
  const get = async (p) => {
    const res = await fetch(base + p);
    if (!res.ok) throw new Error(`GET ${p}: ${res.status}`);
    return res;
  };
  const post = async (p, body) => {
    const res = await fetch(base + p, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const json = await res.json();
    if (!res.ok || !json.ok) throw new Error(`POST ${p} ${JSON.stringify(body)}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };

  const page = await (await get('/')).text();
  if (!page.includes('<html')) throw new Error('GET / is not the sandbox page');
  for (const asset of page.matchAll(/(?:src|href)="(\/static\/[^"]+)"/g)) await get(asset[1]);

  const boot = await (await get('/sandbox/api/bootstrap')).json();
  const user = (name) => boot.users.find((u) => `${u.username} ${u.globalName}`.toLowerCase().includes(name));
  const alice = user('alice');
  const bob = user('bob');
  const channel = boot.channels[0];
  if (!alice || !bob || !channel) throw new Error(`unexpected bootstrap: ${JSON.stringify(boot).slice(0, 300)}`);

  const messages = async () => (await (await get(`/sandbox/api/messages?viewer=${alice.id}&channel=${channel.id}`)).json()).messages;
  await post('/sandbox/api/command', { viewer: alice.id, channel: channel.id, name: 'game new', options: { opponent: bob.id, system: 'm3e' } });
  const before = (await messages()).length;
  await post('/sandbox/api/command', { viewer: alice.id, channel: channel.id, name: 'flip', options: { modifier: 0 } });
  const after = await messages();
  const flip = after.slice(before).find((m) => m.author.bot && !m.ephemeral);
  if (!flip) throw new Error(`no public answer to /flip; messages: ${JSON.stringify(after.slice(-3)).slice(0, 600)}`);
  const text = [flip.content, ...flip.embeds.map((e) => [e.title, e.description].filter(Boolean).join(' '))].join(' ').replace(/\s+/g, ' ');
  console.log(`smoke: ${url} served the page, /game new and /flip answered: ${text.slice(0, 160)}`);
}

let failed = false;
try {
  await check();
} catch (error) {
  failed = true;
  console.error(`smoke: FAILED: ${error instanceof Error ? error.message : error}\n--- output of ${command} ${args.join(' ')} ---\n${output}`);
} finally {
  stop();
  const stopped = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve(null), 10_000))]);
  if (!stopped) {
    process.kill(-child.pid, 'SIGKILL');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
