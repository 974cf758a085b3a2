/**
 * Load generator, run as a child process of bench/run.ts so it does not share the server's event loop:
 * N keep-alive connections (one node:http Agent socket each), each sending pre-signed /flip interactions
 * back to back for a fixed duration. Every request carries a fresh interaction id unless the round asks
 * to reuse a pool (the bare server does not deduplicate, so signing is kept out of its timed window).
 *
 * Protocol over IPC: parent sends {type:'init', privateKeyPem} then {type:'round', ...RoundSpec}; the child
 * answers each round with {type:'result', ...RoundResult}.
 */
import { Agent, request } from 'node:http';
import type { KeyObject } from 'node:crypto';
import { flipInteraction, idFactory, privateKeyFromPem, signInteraction, type BenchUser, type SignedRequest } from './interactions.js';

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
}

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

function post(agent: Agent, url: URL, signed: SignedRequest): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { agent, hostname: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: signed.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(signed.body);
  });
}

function bump(map: Record<string, number>, key: string): void {
  if (Object.keys(map).length < 20 || key in map) map[key] = (map[key] ?? 0) + 1;
}

async function runRound(spec: RoundSpec): Promise<RoundResult> {
  if (!privateKey) throw new Error('loadgen: not initialised');
  const key = privateKey;
  const url = new URL(spec.url);
  const fresh = (c: RoundSpec['connections'][number]) => signInteraction(key, flipInteraction(nextId(), c.user, c.channelId));
  const pools = spec.connections.map((c) => Array.from({ length: spec.poolPerConnection }, () => fresh(c)));
  const agent = new Agent({ keepAlive: true, maxSockets: spec.connections.length, maxFreeSockets: spec.connections.length });
  const result: RoundResult = { id: spec.id, elapsedMs: 0, completed: 0, ok: 0, refused: 0, errors: 0, refusalSamples: {}, errorSamples: {}, latencies: [], signedInWindow: 0, clientCpuMs: 0 };

  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  const deadline = start + spec.durationMs;
  let last = start;
  await Promise.all(
    spec.connections.map(async (conn, index) => {
      const pool = pools[index]!;
      let i = 0;
      while (performance.now() < deadline) {
        let signed: SignedRequest;
        if (i < pool.length) signed = pool[i]!;
        else if (spec.reusePool) signed = pool[i % pool.length]!;
        else {
          signed = fresh(conn);
          result.signedInWindow++;
        }
        i++;
        const t = performance.now();
        try {
          const { status, body } = await post(agent, url, signed);
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
  agent.destroy();
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
