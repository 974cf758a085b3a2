import { generateKeyPairSync, sign } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { InitialReply, InteractionHandler } from '../src/discord/contract.js';
import { createInteractionsServer, listen } from '../src/discord/http.js';
import { createRest } from '../src/discord/outbox.js';

const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const publicKeyHex = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url').toString('hex');

function signed(body: string, timestamp = String(Math.floor(Date.now() / 1000))): Record<string, string> {
  return {
    'content-type': 'application/json',
    'x-signature-ed25519': sign(null, Buffer.from(timestamp + body), privateKey).toString('hex'),
    'x-signature-timestamp': timestamp,
  };
}

// The smallest well-formed command: the endpoint checks the envelope (src/discord/envelope.ts) before the handler.
const command = JSON.stringify({ id: '1', application_id: '2', type: 2, token: 'tok', version: 1, channel_id: '4', user: { id: '5', username: 'alice' }, data: { id: '3', name: 'flip', type: 1 } });

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function start(handler: InteractionHandler, maxBodyBytes?: number, apiBase = 'http://127.0.0.1:9/api') {
  const calls: unknown[] = [];
  const logs: string[] = [];
  server = createInteractionsServer({
    publicKey: publicKeyHex,
    rest: createRest({ apiBase }),
    handler: (interaction) => (calls.push(interaction), handler(interaction)),
    log: (message) => logs.push(message),
    ...(maxBodyBytes ? { maxBodyBytes } : {}),
  });
  const port = await listen(server, 0);
  return { url: `http://127.0.0.1:${port}`, calls, logs };
}

const reply = (content: string): Promise<InitialReply> => Promise.resolve({ response: { type: 4, data: { content } } });

describe('HTTP interactions endpoint', () => {
  it('answers a signed PING with {"type":1} as JSON', async () => {
    const { url, calls } = await start(() => reply('x'));
    const body = JSON.stringify({ id: '1', application_id: '2', type: 1, token: 't', version: 1 });
    const res = await fetch(`${url}/interactions`, { method: 'POST', headers: signed(body), body });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({ type: 1 });
    expect(calls).toHaveLength(0);
  });

  it('refuses a bad signature, missing headers and a stale timestamp with 401 without calling the handler', async () => {
    const { url, calls } = await start(() => reply('x'));
    const headers = signed(command);
    headers['x-signature-ed25519'] = (headers['x-signature-ed25519']![0] === '0' ? '1' : '0') + headers['x-signature-ed25519']!.slice(1);
    expect((await fetch(`${url}/interactions`, { method: 'POST', headers, body: command })).status).toBe(401);
    expect((await fetch(`${url}/interactions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: command })).status).toBe(401);
    const stale = String(Math.floor(Date.now() / 1000) - 600);
    expect((await fetch(`${url}/interactions`, { method: 'POST', headers: signed(command, stale), body: command })).status).toBe(401);
    expect(calls).toHaveLength(0);
  });

  it('answers malformed JSON with a valid signature with 400 and a JSON error', async () => {
    const { url, calls } = await start(() => reply('x'));
    const body = '{"type": 2,';
    const res = await fetch(`${url}/interactions`, { method: 'POST', headers: signed(body), body });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({ error: expect.any(String) });
    expect(calls).toHaveLength(0);
  });

  it('refuses bodies over the limit with 413, declared or streamed', async () => {
    const { url, calls } = await start(() => reply('x'), 1024);
    const big = JSON.stringify({ type: 2, pad: 'x'.repeat(2000) });
    const declared = await fetch(`${url}/interactions`, { method: 'POST', headers: signed(big), body: big });
    expect(declared.status).toBe(413);

    // Chunked (no content-length): the limit is enforced while streaming.
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${url}/interactions`, { method: 'POST', headers: signed(big) }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.write(big.slice(0, 800));
      setTimeout(() => req.end(big.slice(800)), 20);
    });
    expect(status).toBe(413);
    expect(calls).toHaveLength(0);
  });

  it('answers a command inline as JSON and runs after() once the answer is out', async () => {
    // after() blocks until the client holds the response: if the server waited for after() before
    // answering, this would deadlock.
    let received!: () => void;
    const clientHasResponse = new Promise<void>((resolve) => (received = resolve));
    let afterDone = false;
    const { url } = await start(async () => ({
      response: { type: 4, data: { content: 'hi' } },
      after: async () => {
        await clientHasResponse;
        afterDone = true;
      },
    }));
    const res = await fetch(`${url}/interactions`, { method: 'POST', headers: signed(command), body: command });
    received();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({ type: 4, data: { content: 'hi' } });
    await new Promise((r) => setTimeout(r, 20));
    expect(afterDone).toBe(true);
  });

  it('logs a failing after() and still answers; a throwing handler still gets an answer, never a 5xx', async () => {
    let fail = false;
    const { url, logs } = await start(async () => {
      if (fail) throw new Error('boom');
      return { response: { type: 4, data: { content: 'ok' } }, after: () => Promise.reject(new Error('later')) };
    });
    expect((await fetch(`${url}/interactions`, { method: 'POST', headers: signed(command), body: command })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 20));
    expect(logs.some((l) => l.includes('after()'))).toBe(true);
    fail = true;
    const failed = await fetch(`${url}/interactions`, { method: 'POST', headers: signed(command), body: command });
    expect(failed.status).toBe(200);
    expect(await failed.json()).toMatchObject({ type: 4, data: { flags: 64, content: expect.stringContaining('went wrong') } });
  });

  it('a reply whose callback with files fails is answered inline, then its files are added to the message', async () => {
    // A stand-in for Discord's REST that refuses the multipart callback (as it does past the 3-second
    // deadline or on a bad upload) and accepts the edit of the original message; it records both.
    const seen: { method: string; url: string; body: string }[] = [];
    const api = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({ method: req.method!, url: req.url!, body: Buffer.concat(chunks).toString('latin1') });
        const refused = req.url!.endsWith('/callback');
        res.writeHead(refused ? 400 : 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(refused ? { code: 40060, message: 'Interaction has already been acknowledged.' } : { id: '9' }));
      });
    });
    const apiPort = await listen(api, 0);
    try {
      const picture = { name: 'flip.png', data: Buffer.from('PNG-BYTES'), contentType: 'image/png' };
      const embeds = [{ title: 'Flip', image: { url: 'attachment://flip.png' } }];
      const { url, logs } = await start(async () => ({ response: { type: 4, data: { embeds } }, files: [picture] }), undefined, `http://127.0.0.1:${apiPort}/api`);
      const res = await fetch(`${url}/interactions`, { method: 'POST', headers: signed(command), body: command });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ type: 4, data: { embeds } });
      await expect.poll(() => seen.length).toBe(2);
      expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/v10/interactions/1/tok/callback', 'PATCH /api/v10/webhooks/2/tok/messages/%40original']);
      // The edit carries the picture and the embed that shows it.
      expect(seen[1]!.body).toContain('PNG-BYTES');
      expect(seen[1]!.body).toContain('attachment://flip.png');
      expect(logs.filter((l) => l.includes('the callback with files failed'))).toHaveLength(1);
      expect(logs.filter((l) => l.includes('could not be added'))).toEqual([]);
    } finally {
      api.closeAllConnections();
      await new Promise<void>((resolve) => api.close(() => resolve()));
    }
  });

  it('serves /healthz and 404s anything else', async () => {
    const { url } = await start(() => reply('x'));
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect((await fetch(`${url}/elsewhere`)).status).toBe(404);
    expect((await fetch(`${url}/interactions`)).status).toBe(404);
  });
});
