/**
 * The benchmark's load generator (bench/loadgen.ts, bench/httpClients.ts): its bare-socket HTTP client
 * reads responses however their bytes arrive, and both of its clients count the same requests the same
 * way against the real servers of the benchmark. No timing assertions.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeHttpConnection, RawConnection, type Connection } from '../bench/httpClients.js';
import { ALICE, LoadGenerator, channelIds, createGames } from '../bench/flip.bench.js';
import { generateBenchKeys, signInteraction, flipInteraction, idFactory } from '../bench/interactions.js';
import { startBareServer, startBotServer, type BotServer } from '../bench/servers.js';
import { startDiscordDouble, type DiscordDouble } from '../src/discord-double/index.js';

/** A server that answers each request with `response`, written in the pieces `split` cuts it into. */
async function scriptedServer(response: string, split: (bytes: Buffer) => Buffer[]): Promise<{ url: URL; server: Server; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((socket: Socket) => {
    let seen = '';
    socket.on('data', (chunk) => {
      seen += chunk.toString('latin1');
      const end = seen.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/content-length: *(\d+)/i.exec(seen.slice(0, end))?.[1] ?? 0);
      if (seen.length < end + 4 + length) return;
      requests.push(seen.slice(0, end + 4 + length));
      seen = seen.slice(end + 4 + length);
      const pieces = split(Buffer.from(response, 'utf8'));
      const writeNext = (i: number): void => {
        if (i >= pieces.length) return;
        socket.write(pieces[i]!);
        setTimeout(() => writeNext(i + 1), 2);
      };
      writeNext(0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: new URL(`http://127.0.0.1:${port}/interactions`), server, requests };
}

const body = JSON.stringify({ type: 4, data: { content: 'ok — ✅' } });
const ok = `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
const signed = { body: Buffer.from('{"type":2}'), headers: { 'content-type': 'application/json', 'content-length': '10', 'x-signature-ed25519': 'ab', 'x-signature-timestamp': '1' } };

describe('the raw HTTP client of the load generator', () => {
  it('reads a response whether it arrives whole, a byte at a time, or cut inside a multi-byte character', async () => {
    const cuts: [string, (b: Buffer) => Buffer[]][] = [
      ['whole', (b) => [b]],
      ['byte by byte', (b) => [...b].map((x) => Buffer.from([x]))],
      // The body ends with ✅"}} (E2 9C 85, then 3 bytes): the cut falls between 9C and 85.
      ['inside the ✅', (b) => [b.subarray(0, b.length - 4), b.subarray(b.length - 4)]],
    ];
    for (const [what, split] of cuts) {
      const { url, server, requests } = await scriptedServer(ok, split);
      const connection = new RawConnection(url);
      try {
        await connection.open();
        for (let i = 0; i < 3; i++) expect(await connection.post({ signed }), what).toEqual({ status: 200, body });
        // Three requests, each well-formed and on the one keep-alive connection.
        expect(requests).toHaveLength(3);
        expect(requests[0]).toMatch(/^POST \/interactions HTTP\/1\.1\r\nhost: 127\.0\.0\.1:\d+\r\n/);
        expect(requests[0]).toContain('x-signature-ed25519: ab\r\n');
        expect(requests[0]!.endsWith('\r\n\r\n{"type":2}')).toBe(true);
      } finally {
        connection.close();
        server.close();
      }
    }
  });

  it('fails the request a closed connection was holding, and connects again for the next', async () => {
    let connections = 0;
    const server = createServer((socket) => {
      connections++;
      // The first connection is closed as soon as a request arrives; the second one answers.
      socket.on('data', () => (connections === 1 ? socket.destroy() : socket.write(ok)));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = new URL(`http://127.0.0.1:${(server.address() as { port: number }).port}/interactions`);
    const connection = new RawConnection(url);
    try {
      await connection.open();
      // A FIN reads as "closed"; a reset, should the server close before reading everything, as ECONNRESET.
      await expect(connection.post({ signed })).rejects.toThrow(/closed the connection|ECONNRESET/);
      expect(await connection.post({ signed })).toEqual({ status: 200, body });
      expect(connections).toBe(2);
    } finally {
      connection.close();
      server.close();
    }
  });

  it('refuses a response without a Content-Length instead of waiting forever', async () => {
    const { url, server } = await scriptedServer('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n', (b) => [b]);
    const connection = new RawConnection(url);
    try {
      await connection.open();
      await expect(connection.post({ signed })).rejects.toThrow(/without Content-Length/);
    } finally {
      connection.close();
      server.close();
    }
  });
});

describe('both clients against the benchmark servers', () => {
  let double: DiscordDouble;
  let bot: BotServer;
  let bare: { url: string; close(): Promise<void> };
  let loadgen: LoadGenerator;
  const keys = generateBenchKeys();
  const channels = channelIds('14000000000001', 2);

  beforeAll(async () => {
    double = await startDiscordDouble();
    bare = await startBareServer(keys.publicKeyHex);
    bot = await startBotServer({ double, publicKeyHex: keys.publicKeyHex });
    await createGames(bot, keys.privateKey, channels);
    loadgen = new LoadGenerator(keys.privateKeyPem);
  }, 60_000);

  afterAll(async () => {
    loadgen?.close();
    await bot?.close();
    await bare?.close();
    await double?.close();
  });

  it('every request a round sends is a completed, public flip, whichever client sends it', async () => {
    for (const client of ['raw', 'node'] as const) {
      for (const [target, reusePool] of [
        [bare.url, true],
        [bot.url, false],
      ] as const) {
        const result = await loadgen.round({ url: target, durationMs: 300, connections: channels.map((channelId) => ({ user: ALICE, channelId })), poolPerConnection: 400, reusePool, client });
        const where = `${client} client → ${reusePool ? 'bare server' : 'bot'}`;
        expect(result.completed, where).toBeGreaterThan(0);
        expect({ errors: result.errors, refused: result.refused, errorSamples: result.errorSamples }, where).toEqual({ errors: 0, refused: 0, errorSamples: {} });
        expect(result.ok, where).toBe(result.completed);
      }
    }
  }, 60_000);

  it('reads the same refusal and the same 401 with either client', async () => {
    const nextId = idFactory(77);
    for (const Client of [RawConnection, NodeHttpConnection]) {
      const connection: Connection = new Client(new URL(bot.url));
      try {
        // A flip in a channel without a game: the bot answers, ephemerally, that there is none.
        const refused = await connection.post({ signed: signInteraction(keys.privateKey, flipInteraction(nextId(), ALICE, '14000000000009999')) });
        expect(refused.status).toBe(200);
        expect((JSON.parse(refused.body) as { data: { flags: number } }).data.flags & 64).toBe(64);
        const forged = signInteraction(keys.privateKey, flipInteraction(nextId(), ALICE, channels[0]!));
        const unsigned = await connection.post({ signed: { ...forged, headers: { ...forged.headers, 'x-signature-ed25519': '00'.repeat(64) } } });
        expect(unsigned.status).toBe(401);
      } finally {
        connection.close();
      }
    }
  });
});
