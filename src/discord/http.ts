/**
 * The HTTP "Interactions Endpoint URL" transport: a bare node:http server, because the signature must be
 * checked over the raw bytes (a body parser would re-serialise them) and the whole path must stay cheap
 * enough to answer inside Discord's 3-second window. Beside it, the pages a public address serves (linked
 * pictures, leagues' pages): on the same server in HTTP mode, on a pages-only one on the gateway.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { REST } from '@discordjs/rest';
import type { InitialReply, InteractionHandler } from './contract.js';
import { admitInteraction } from './envelope.js';
import { attachFilesLate, defaultLog, postInteractionCallback, runAfter, type Log } from './outbox.js';
import { createSignatureVerifier, type SignedRequest } from './signature.js';
import { linkedReply, PICTURES_PATH, type PictureLinks } from './pictureLinks.js';
import type { PictureRecipe } from '../systems/contract.js';
import { localeFrom } from '../i18n/index.js';
import { LEAGUE_PAGE_CSP, renderLeagueNotFoundPage } from '../leagues/webPage.js';
import { LEAGUE_ID_PATTERN } from '../leagues/model.js';

export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

export const LEAGUES_PATH = '/leagues/';

/** The public address of a league's page, for the bot to post. */
export function leaguePageUrl(publicUrl: string, leagueId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${LEAGUES_PATH}${encodeURIComponent(leagueId)}`;
}

/** What the pages serve (each route answers 404 without its part). */
export interface PagesOptions {
  log?: Log;
  /**
   * With a public address: the pictures its links name are served under /pictures/. In HTTP mode public
   * pictures are also linked instead of uploaded, so a reply whose files all have recipes is answered in
   * the HTTP response, with no REST call.
   */
  pictures?: { links: PictureLinks; draw(recipe: PictureRecipe): Promise<Buffer | null> };
  /**
   * Serves GET /leagues/<leagueId>: the league's read-only page, or null when there is no such league (a
   * 404 page then, in the visitor's Accept-Language). Called only with an id that matches LEAGUE_ID_PATTERN.
   */
  leaguePage?: (leagueId: string) => Promise<{ html: string } | null>;
}

export interface InteractionsServerOptions extends PagesOptions {
  /** The application's hex Ed25519 public key (Developer Portal, or the double's `publicKey`). */
  publicKey: string;
  handler: InteractionHandler;
  /** Used only for replies with files, which must go through the callback endpoint as multipart. */
  rest: REST;
  maxBodyBytes?: number;
  /** Clock for the timestamp-skew check (tests). */
  now?: () => number;
}

class BodyTooLarge extends Error {}

/** Buffers the body, giving up (without buffering further) as soon as it exceeds `limit`. */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) return reject(new BodyTooLarge());
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    // Anonymous on purpose: under tsx (esbuild keepNames) a named closure costs a defineProperty per request.
    req.on('data', (chunk: Buffer): void => {
      if (refused) return;
      size += chunk.length;
      if (size > limit) {
        refused = true;
        req.pause();
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    // A body in one chunk (the usual case) is that chunk: the parser hands out its own copy of the bytes.
    req.on('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown, extraHeaders: Record<string, string> = {}): Promise<void> {
  const text = JSON.stringify(body);
  return new Promise((resolve) => {
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...extraHeaders });
    res.end(text, resolve);
  });
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Checks the signatures of the requests whose bodies arrived in the same turn of the event loop one
 * after another, at the end of that turn, before any of them is handled. The same checks, in a better
 * order: the Ed25519 code and tables stay in the CPU's caches from one to the next instead of being
 * evicted by a whole command in between (measured under load: about 4% less CPU per /flip, bench/
 * profile-path.ts). Alone, a request waits only for the end of the turn.
 */
function verifyInTurn(verify: (request: SignedRequest) => boolean): (request: SignedRequest) => Promise<boolean> {
  let waiting: { request: SignedRequest; resolve: (verified: boolean) => void }[] = [];
  const checkAll = (): void => {
    const batch = waiting;
    waiting = [];
    for (const { request, resolve } of batch) resolve(verify(request));
  };
  return (request) =>
    new Promise((resolve) => {
      if (waiting.length === 0) setImmediate(checkAll);
      waiting.push({ request, resolve });
    });
}

export function createInteractionsServer(options: InteractionsServerOptions): Server {
  const { handler, rest, maxBodyBytes = DEFAULT_MAX_BODY_BYTES, log = defaultLog } = options;
  const verify = verifyInTurn(createSignatureVerifier(options.publicKey, options.now));
  const admit = admitInteraction(handler, log);

  async function handleInteraction(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let raw: Buffer;
    try {
      raw = await readBody(req, maxBodyBytes);
    } catch (error) {
      if (!(error instanceof BodyTooLarge)) throw error;
      // Close the connection rather than drain an attacker-sized body.
      await sendJson(res, 413, { error: 'payload too large' }, { connection: 'close' });
      req.destroy();
      return;
    }

    const signed = await verify({ signature: header(req, 'x-signature-ed25519'), timestamp: header(req, 'x-signature-timestamp'), body: raw });
    if (!signed) return void (await sendJson(res, 401, { error: 'invalid request signature' }));

    let payload: unknown;
    try {
      payload = JSON.parse(raw.toString('utf8'));
    } catch {
      return void (await sendJson(res, 400, { error: 'invalid JSON body' }));
    }
    // Not even an object: nothing to answer as an interaction (Discord never sends this).
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return void (await sendJson(res, 400, { error: 'not an interaction' }));

    // Checked before anything acts: a malformed interaction is answered with a refusal, never a 5xx.
    const admitted = await admit(payload);
    const { target, interaction } = admitted;
    const reply = options.pictures ? linkedReply(options.pictures.links, admitted.reply) : admitted.reply;
    if (reply.files && reply.files.length > 0 && target) {
      // Files cannot ride in the HTTP response; Discord wants the callback endpoint, then 202 with no body.
      let called = false;
      try {
        await postInteractionCallback(rest, target, reply);
        called = true;
      } catch (error) {
        log(`interaction ${target.id}: the callback with files failed; answering without them, then adding them to the message`, error);
      }
      if (called) {
        await new Promise<void>((resolve) => {
          res.writeHead(202, { 'content-length': 0 });
          res.end(resolve);
        });
      } else {
        await sendJson(res, 200, reply.response);
        // The answer is out without its pictures: they follow on the same message, not lost.
        if (interaction) {
          try {
            await attachFilesLate(rest, interaction.application_id, target.token, reply);
          } catch (error) {
            log(`interaction ${target.id}: its files could not be added afterwards either`, error);
          }
        }
      }
    } else {
      await sendJson(res, 200, reply.response);
    }
    await runAfter(reply, log);
  }

  const pages = pagesRoute(options);
  return serve((req, res, path) => (path === '/interactions' && req.method === 'POST' ? handleInteraction(req, res) : pages(req, res, path)), log);
}

/**
 * The pages alone, with no interactions endpoint: what a bot on the gateway serves at its public address,
 * so that its leagues' pages and the pictures its messages link (see gateway.ts) answer there too.
 */
export function createPagesServer(options: PagesOptions): Server {
  return serve(pagesRoute(options), options.log ?? defaultLog);
}

type Route = (req: IncomingMessage, res: ServerResponse, path: string) => Promise<void>;

/** GET or HEAD /pictures/…, /leagues/<id> and /healthz; anything else 404. */
function pagesRoute(options: PagesOptions): Route {
  async function servePicture(res: ServerResponse, path: string, head: boolean): Promise<void> {
    const recipe = options.pictures?.links.read(path) ?? null;
    const png = recipe ? await options.pictures!.draw(recipe) : null;
    if (!png) return sendJson(res, 404, { error: 'not found' });
    await new Promise<void>((resolve) => {
      // The address is the picture's content: it never changes, so Discord's proxy may keep it for good.
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length, 'cache-control': 'public, max-age=31536000, immutable' });
      res.end(head ? undefined : png, resolve);
    });
  }

  async function serveLeaguePage(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const id = path.slice(LEAGUES_PATH.length);
    const page = LEAGUE_ID_PATTERN.test(id) ? await options.leaguePage!(id) : null;
    const html = Buffer.from(page?.html ?? renderLeagueNotFoundPage(localeFrom(header(req, 'accept-language'))), 'utf8');
    await new Promise<void>((resolve) => {
      res.writeHead(page ? 200 : 404, {
        'content-type': 'text/html; charset=utf-8',
        'content-length': html.length,
        'content-security-policy': LEAGUE_PAGE_CSP,
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        // Standings change with each result: a minute old at most. A league about to be created is not cached as missing.
        'cache-control': page ? 'public, max-age=60' : 'no-store',
      });
      res.end(req.method === 'HEAD' ? undefined : html, resolve);
    });
  }

  return (req, res, path) => {
    const read = req.method === 'GET' || req.method === 'HEAD';
    if (path.startsWith(PICTURES_PATH) && read) return servePicture(res, path, req.method === 'HEAD');
    if (options.leaguePage && path.startsWith(LEAGUES_PATH)) return read ? serveLeaguePage(req, res, path) : sendJson(res, 405, { error: 'method not allowed' }, { allow: 'GET, HEAD' });
    if (path === '/healthz' && read) return sendJson(res, 200, { ok: true });
    return sendJson(res, 404, { error: 'not found' });
  };
}

/** A server of `route`'s answers: a route that fails is answered 500, or its connection cut when too late for that. */
function serve(route: Route, log: Log): Server {
  return createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    route(req, res, path).catch(async (error: unknown) => {
      log(`${req.method} ${path} failed`, error);
      if (!res.headersSent) await sendJson(res, 500, { error: 'internal error' });
      else res.destroy();
    });
  });
}

/** Starts listening and resolves with the bound port (useful with port 0). */
export function listen(server: Server, port: number, host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

