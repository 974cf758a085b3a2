/**
 * Load generator, run as a child process of bench/run.ts so it does not share the server's event loop:
 * N keep-alive connections, each sending pre-signed /flip interactions back to back for a fixed duration.
 * Every request carries a fresh interaction id unless the round asks to reuse a pool (the bare server does
 * not deduplicate, so signing is kept out of its timed window).
 *
 * Two HTTP clients (RoundSpec.client). 'raw', the default: each connection a bare socket, each request's
 * bytes prepared before the clock starts and written at once, each response read only as far as its
 * status, Content-Length and body. 'node': node:http's client (one Agent socket per connection), as the
 * benchmark used until 2026-11-22. The load generator shares the machine's two cores with the server under
 * test, so whatever CPU it spends per request, and the time it takes to turn a response into the next
 * request, is taken from the server and added to every request's round trip. Measured side by side
 * (bench/profile-path.ts --mode=http, 16 connections): node:http's client costs about 100 µs of CPU per
 * request; with the raw client the bare server does not move (it is saturated either way) and the bot
 * gains 3–7% (PostgreSQL 0.50 → 0.53, SQLite 0.54 → 0.57, the in-memory store 0.70 → 0.73).
 *
 * Protocol over IPC: parent sends {type:'init', privateKeyPem} then {type:'round', ...RoundSpec}; the child
 * answers each round with {type:'result', ...RoundResult}.
 */
import type { KeyObject } from 'node:crypto';
import { flipInteraction, idFactory, privateKeyFromPem, signInteraction, type BenchUser, type SignedRequest } from './interactions.js';
import { NodeHttpConnection, RawConnection, type Connection, type HttpClientKind, type Prepared } from './httpClients.js';

export interface RoundSpec {
  id: number;
  url: string;
  durationMs: number;
  /** One entry per connection: who flips, in which channel. */
  connections: { user: BenchUser; channelId: string }[];
  /** Requests signed in advance per connection (before the clock starts). */
  poolPerConnection: number;
  /** Cycle through the pool instead of signing fresh interactions once it is used up. */
  reusePool: boolean;
  /** The HTTP client (see the top of this file); default 'raw'. */
  client?: HttpClientKind;
}

export type { HttpClientKind } from './httpClients.js';

export interface RoundResult {
  id: number;
  elapsedMs: number;
  completed: number;
  /** 200, type 4, not ephemeral: a public flip result (or the bare server's "ok"). */
  ok: number;
  /** 200, ephemeral type 4: the bot refused (e.g. "Someone acted at the same time"). */
  refused: number;
  /** Anything else: non-200, unparsable, network errors. */
  errors: number;
  refusalSamples: Record<string, number>;
  errorSamples: Record<string, number>;
  /** Per-request latency in ms, in completion order. */
  latencies: number[];
  /** Requests that had to be signed inside the timed window because the pool ran out. */
  signedInWindow: number;
  /** CPU time (user + system) this load generator spent inside the timed window, in ms. */
  clientCpuMs: number;
}

type Message = { type: 'init'; privateKeyPem: string } | ({ type: 'round' } & RoundSpec) | { type: 'exit' };

let privateKey: KeyObject | undefined;
const nextId = idFactory(process.pid % 100_000);

function bump(map: Record<string, number>, key: string): void {
  if (Object.keys(map).length < 20 || key in map) map[key] = (map[key] ?? 0) + 1;
}

async function runRound(spec: RoundSpec): Promise<RoundResult> {
  if (!privateKey) throw new Error('loadgen: not initialised');
  const key = privateKey;
  const url = new URL(spec.url);
  const fresh = (c: RoundSpec['connections'][number]) => signInteraction(key, flipInteraction(nextId(), c.user, c.channelId));
  const client = spec.client ?? 'raw';
  const prepare = (signed: SignedRequest): Prepared => (client === 'raw' ? { signed, bytes: RawConnection.bytes(url, signed) } : { signed });
  // Discord's interaction ids are snowflakes, ordered by the time they were made: signed in turns across
  // the connections, the ids arrive in about that order too, as they would from Discord (signed one
  // connection after another, each connection's ids would be a block of its own, and every receipt an
  // insert in the middle of the store's receipt index instead of at its end).
  const pools: Prepared[][] = spec.connections.map(() => []);
  for (let i = 0; i < spec.poolPerConnection; i++) spec.connections.forEach((c, index) => pools[index]!.push(prepare(fresh(c))));
  const connections: Connection[] = spec.connections.map(() => (client === 'raw' ? new RawConnection(url) : new NodeHttpConnection(url)));
  for (const connection of connections) if (connection instanceof RawConnection) await connection.open();
  const result: RoundResult = { id: spec.id, elapsedMs: 0, completed: 0, ok: 0, refused: 0, errors: 0, refusalSamples: {}, errorSamples: {}, latencies: [], signedInWindow: 0, clientCpuMs: 0 };

  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  const deadline = start + spec.durationMs;
  let last = start;
  await Promise.all(
    spec.connections.map(async (conn, index) => {
      const pool = pools[index]!;
      const connection = connections[index]!;
      let i = 0;
      while (performance.now() < deadline) {
        let prepared: Prepared;
        if (i < pool.length) prepared = pool[i]!;
        else if (spec.reusePool) prepared = pool[i % pool.length]!;
        else {
          // The raw client builds these bytes in the window too: rare (the pool is sized for the round).
          prepared = { signed: fresh(conn) };
          result.signedInWindow++;
        }
        i++;
        const t = performance.now();
        try {
          const { status, body } = await connection.post(prepared);
          const done = performance.now();
          last = done;
          result.latencies.push(done - t);
          result.completed++;
          if (status !== 200) {
            result.errors++;
            bump(result.errorSamples, `HTTP ${status} ${body.slice(0, 80)}`);
            continue;
          }
          const parsed = JSON.parse(body) as { type?: number; data?: { flags?: number; content?: string } };
          if (parsed.type !== 4) {
            result.errors++;
            bump(result.errorSamples, `type ${String(parsed.type)}`);
          } else if (((parsed.data?.flags ?? 0) & 64) !== 0) {
            result.refused++;
            bump(result.refusalSamples, (parsed.data?.content ?? '').slice(0, 80));
          } else if (body.includes('"fk:d:')) {
            // A flip that opened a decision did not resolve at once: not what this benchmark measures.
            result.errors++;
            bump(result.errorSamples, 'flip left a decision pending');
          } else {
            result.ok++;
          }
        } catch (error) {
          last = performance.now();
          result.completed++;
          result.errors++;
          bump(result.errorSamples, String(error).slice(0, 80));
        }
      }
    }),
  );
  result.elapsedMs = last - start;
  const cpu = process.cpuUsage(cpuBefore);
  result.clientCpuMs = (cpu.user + cpu.system) / 1000;
  for (const connection of connections) connection.close();
  return result;
}

process.on('message', (message: Message) => {
  if (message.type === 'init') {
    privateKey = privateKeyFromPem(message.privateKeyPem);
    process.send?.({ type: 'ready' });
  } else if (message.type === 'round') {
    runRound(message).then(
      (result) => process.send?.({ type: 'result', ...result }),
      (error: unknown) => process.send?.({ type: 'failed', id: message.id, error: String(error) }),
    );
  } else if (message.type === 'exit') {
    process.disconnect?.();
  }
});
