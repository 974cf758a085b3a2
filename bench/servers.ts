/**
 * The servers the benchmarks drive: the real bot behind the real HTTP endpoint (with its REST pointed at
 * the local Discord double, never Discord), and a bare node:http server that only checks the signature.
 */
import { randomBytes } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { REST } from '@discordjs/rest';
import { buildBot } from '../src/discord/bot.js';
import type { Logger } from '../src/app/services.js';
import type { InitialReply, InteractionHandler } from '../src/discord/contract.js';
import { createInteractionsServer, listen } from '../src/discord/http.js';
import { createRest } from '../src/discord/outbox.js';
import { createPictureLinks } from '../src/discord/pictureLinks.js';
import { createSignatureVerifier } from '../src/discord/signature.js';
import { openStore } from '../src/store/open.js';
import type { GameStore } from '../src/store/contract.js';
import type { DiscordDouble } from '../src/discord-double/index.js';
import { signInteraction, type SignedRequest } from './interactions.js';
import type { KeyObject } from 'node:crypto';

export interface Counters {
  /** appendEvents calls that lost the compare-and-swap (each is retried once by `act`). */
  casConflicts: number;
  /** appendEvents calls refused for any other reason (e.g. a duplicate interaction). */
  otherAppendRefusals: number;
  appendCalls: number;
  /** Errors the router or the transport logged (after() failures, unexpected exceptions). */
  loggedErrors: number;
  errorSamples: string[];
}

export function newCounters(): Counters {
  return { casConflicts: 0, otherAppendRefusals: 0, appendCalls: 0, loggedErrors: 0, errorSamples: [] };
}

function note(counters: Counters, message: string): void {
  counters.loggedErrors++;
  if (counters.errorSamples.length < 5) counters.errorSamples.push(message.slice(0, 300));
}

/** A store that counts lost compare-and-swaps; everything else passes through. */
function countingStore(store: GameStore, counters: Counters): GameStore {
  return {
    ...store,
    async appendEvents(input) {
      counters.appendCalls++;
      const result = await store.appendEvents(input);
      if (!result.ok) {
        // Read loosely: the contract's refusal reasons may grow.
        if ((result as { reason?: string }).reason === 'version_conflict') counters.casConflicts++;
        else counters.otherAppendRefusals++;
      }
      return result;
    },
  };
}

export interface BotServer {
  url: string;
  store: GameStore;
  /** The bot's REST client (pointed at the double), e.g. to register the commands with it. */
  rest: REST;
  counters: Counters;
  /** Resolves once the after() work (follow-ups, DMs) of that interaction id has finished (needs `trackAfters`). */
  afterDone(interactionId: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The full path: signature check, router, engine, store, response, with after() work going to the
 * double. `databaseUrl` undefined (and no `store`) → a fresh SQLite file in a temp directory.
 */
export async function startBotServer(options: {
  double: DiscordDouble;
  publicKeyHex: string;
  databaseUrl?: string;
  /** A store to use instead of opening one (e.g. bench/memory-store.ts); `databaseUrl` is then ignored. */
  store?: GameStore;
  newSeed?: () => string;
  /** The bot's clock (ms): the duel bench moves it past an end's take-back window. */
  clock?: () => number;
  /**
   * Track each interaction's after() work so `afterDone` can wait for it (the duel driver needs it). Off
   * by default: the throughput runs never wait, and the tracking (a promise and a map entry per request,
   * kept until someone asks) would be bench overhead charged to the bot.
   */
  trackAfters?: boolean;
  /**
   * Link public pictures instead of uploading them, as an HTTP deployment with PUBLIC_URL does (src/discord/
   * pictureLinks.ts). Nobody fetches the links here: Discord's proxy would fetch each picture once.
   */
  linkPictures?: boolean;
}): Promise<BotServer> {
  const counters = newCounters();
  let tempDir: string | undefined;
  let databaseUrl = options.databaseUrl;
  if (!databaseUrl && !options.store) {
    tempDir = mkdtempSync(path.join(os.tmpdir(), 'fatekeeper-bench-'));
    databaseUrl = `file:${path.join(tempDir, 'bench.db')}`;
  }
  const store = countingStore(options.store ?? (await openStore(databaseUrl)), counters);
  const rest: REST = createRest({ token: options.double.botToken, apiBase: options.double.apiBase });
  const log: Logger = { info: () => undefined, warn: () => undefined, error: (m) => note(counters, m) };
  const bot = buildBot({ store, rest, applicationId: options.double.applicationId, log, linkPictures: options.linkPictures === true, ...(options.newSeed ? { newSeed: options.newSeed } : {}), ...(options.clock ? { clock: options.clock } : {}) });

  await bot.warmedUp;
  // Registered when the handler returns, i.e. before the response is written, so a client that got its
  // response can always find the after() work of its interaction here.
  const afters = new Map<string, Promise<void>>();
  const tracking: InteractionHandler = async (interaction) => {
    const reply: InitialReply = await bot.handler(interaction);
    if (!reply.after) return reply;
    const original = reply.after;
    let resolveDone!: () => void;
    afters.set(interaction.id, new Promise<void>((resolve) => (resolveDone = resolve)));
    return {
      ...reply,
      after: async () => {
        try {
          await original();
        } finally {
          resolveDone();
        }
      },
    };
  };

  const handler = options.trackAfters ? tracking : bot.handler;
  const pictures = options.linkPictures ? { links: createPictureLinks({ publicUrl: 'https://fatekeeper.invalid', secret: randomBytes(32) }), draw: bot.drawPicture } : undefined;
  const server = createInteractionsServer({ publicKey: options.publicKeyHex, handler, rest, log: (m, e) => note(counters, `${m} ${String(e ?? '')}`), ...(pictures ? { pictures } : {}) });
  const port = await listen(server, 0);
  return {
    url: `http://127.0.0.1:${port}/interactions`,
    store,
    rest,
    counters,
    async afterDone(interactionId) {
      if (!options.trackAfters) throw new Error('afterDone needs startBotServer({ trackAfters: true })');
      const done = afters.get(interactionId);
      if (done) {
        await done;
        afters.delete(interactionId);
      }
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rest.clearHashSweeper();
      rest.clearHandlerSweeper();
      await store.close();
      if (tempDir) rmSync(tempDir, { recursive: true, force: true });
    },
  };
}

/** The baseline: read the body, verify the same Ed25519 signature, answer a fixed type-4 message. */
export async function startBareServer(publicKeyHex: string): Promise<{ url: string; close(): Promise<void> }> {
  const verify = createSignatureVerifier(publicKeyHex);
  const answer = JSON.stringify({ type: 4, data: { content: 'ok' } });
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const header = (name: string) => {
        const v = req.headers[name];
        return Array.isArray(v) ? v[0] : v;
      };
      if (!verify({ signature: header('x-signature-ed25519'), timestamp: header('x-signature-timestamp'), body })) {
        res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"invalid request signature"}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) }).end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/interactions`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface Posted {
  status: number;
  /** The parsed JSON body (undefined for an empty body). */
  json: { type?: number; data?: { flags?: number; content?: string } } | undefined;
  ms: number;
}

/** One signed POST from this process (the throughput benchmarks' setup, with the bench keys). */
function postSigned(url: string, signed: SignedRequest): Promise<Posted> {
  const target = new URL(url);
  const t = performance.now();
  return new Promise((resolve, reject) => {
    const req = request({ hostname: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers: signed.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, json: text ? (JSON.parse(text) as Posted['json']) : undefined, ms: performance.now() - t });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(signed.body);
  });
}

export function postPayload(url: string, key: KeyObject, payload: unknown): Promise<Posted> {
  return postSigned(url, signInteraction(key, payload));
}

/** Throws unless the reply is a public type-4 message (what a successful command answers). */
export function expectPublic(what: string, posted: Posted): void {
  const flags = posted.json?.data?.flags ?? 0;
  if (posted.status !== 200 || posted.json?.type !== 4 || (flags & 64) !== 0) {
    throw new Error(`${what}: expected a public message, got HTTP ${posted.status} ${JSON.stringify(posted.json).slice(0, 300)}`);
  }
}
