/**
 * /flip throughput: the full HTTP endpoint (signature, router, engine, store, response) against a bare
 * node:http server that only verifies the same signature. The load comes from a child process
 * (bench/loadgen.ts); contenders are measured in interleaved rounds whose order rotates, after one
 * warm-up round each, and reported as medians.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { KeyObject } from 'node:crypto';
import type { HttpClientKind, RoundResult, RoundSpec } from './loadgen.js';
import { commandInteraction, idFactory, type BenchUser } from './interactions.js';
import { expectPublic, postPayload, type BotServer, type Counters } from './servers.js';
import { median, percentile } from './stats.js';

export const ALICE: BenchUser = { id: '1100000000000000301', username: 'alice', globalName: 'Alice' };
export const BOB: BenchUser = { id: '1100000000000000302', username: 'bob', globalName: 'Bob' };

export class LoadGenerator {
  private readonly child: ChildProcess;
  private readonly waiting = new Map<number, { resolve: (r: RoundResult) => void; reject: (e: Error) => void }>();
  private nextRound = 1;
  private readonly ready: Promise<void>;

  constructor(privateKeyPem: string) {
    const script = fileURLToPath(new URL('./loadgen.ts', import.meta.url));
    this.child = fork(script, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.ready = new Promise((resolve, reject) => {
      this.child.once('error', reject);
      this.child.once('exit', (code) => reject(new Error(`load generator exited (${code})`)));
      this.child.on('message', (m: { type: string; id?: number; error?: string } & Partial<RoundResult>) => {
        if (m.type === 'ready') resolve();
        const waiter = m.id === undefined ? undefined : this.waiting.get(m.id);
        if (!waiter) return;
        this.waiting.delete(m.id!);
        if (m.type === 'result') waiter.resolve(m as RoundResult);
        else waiter.reject(new Error(`load generator: ${m.error}`));
      });
    });
    this.child.send({ type: 'init', privateKeyPem });
  }

  async round(spec: Omit<RoundSpec, 'id'>): Promise<RoundResult> {
    await this.ready;
    const id = this.nextRound++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.child.send({ type: 'round', id, ...spec });
    });
  }

  close(): void {
    this.child.removeAllListeners('exit');
    this.child.kill();
  }
}

export interface Contender {
  name: string;
  url: string;
  connections: RoundSpec['connections'];
  /** The bare server may replay one pre-signed pool; the bot must see a fresh interaction id every time. */
  reusePool: boolean;
  counters?: Counters;
}

export interface ContenderResult {
  name: string;
  rps: number;
  okPerSecond: number;
  p50: number;
  p99: number;
  rounds: number[];
  completed: number;
  ok: number;
  refused: number;
  errors: number;
  casConflicts: number;
  /** Appends refused for another reason than the compare-and-swap (e.g. duplicate interaction). */
  otherAppendRefusals: number;
  appendCalls: number;
  refusalSamples: Record<string, number>;
  errorSamples: Record<string, number>;
  signedInWindow: number;
  /** Median over rounds of the server process's CPU time per completed request (µs). */
  serverCpuUsPerRequest: number;
  /** Median over rounds of the server process's CPU use as a share of one core (1 = one core busy). */
  serverCores: number;
  /** Median over rounds of the load generator's CPU use as a share of one core. */
  clientCores: number;
}

/** Games in each channel, created through the endpoint itself with `/game new`. */
export async function createGames(server: BotServer, key: KeyObject, channelIds: readonly string[]): Promise<void> {
  const nextId = idFactory(7);
  for (const channelId of channelIds) {
    const payload = commandInteraction(nextId(), ALICE, channelId, 'game', {
      subcommand: 'new',
      leaves: [
        { name: 'opponent', type: 6, value: BOB.id },
        { name: 'system', type: 3, value: 'm3e' },
      ],
      users: [BOB],
    });
    expectPublic(`/game new in ${channelId}`, await postPayload(server.url, key, payload));
  }
}

export function channelIds(prefix: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(4, '0')}`);
}

export async function runFlipRounds(
  loadgen: LoadGenerator,
  contenders: readonly Contender[],
  options: { rounds: number; durationMs: number; warmupMs: number; client?: HttpClientKind; onRound?: (round: number, name: string, r: RoundResult) => void },
): Promise<ContenderResult[]> {
  const estimate = new Map<string, number>();
  const spec = (c: Contender, durationMs: number) => {
    const perConnection = c.reusePool
      ? 200
      : // Enough fresh interactions for the expected rate, plus a margin; signing happens before the clock starts.
        Math.ceil((((estimate.get(c.name) ?? 2000) * durationMs) / 1000 / c.connections.length) * 1.6) + 20;
    return { url: c.url, durationMs, connections: c.connections, poolPerConnection: perConnection, reusePool: c.reusePool, client: options.client ?? 'raw' };
  };

  for (const c of contenders) {
    const r = await loadgen.round(spec(c, options.warmupMs));
    estimate.set(c.name, r.completed / (r.elapsedMs / 1000));
  }
  // Contenders may share a server (and its counters): count the conflicts of each round separately.
  const conflicts = new Map(contenders.map((c) => [c.name, { casConflicts: 0, otherAppendRefusals: 0, appendCalls: 0 }]));

  const results = new Map<string, RoundResult[]>(contenders.map((c) => [c.name, []]));
  const serverCpu = new Map<string, number[]>(contenders.map((c) => [c.name, []]));
  for (let round = 0; round < options.rounds; round++) {
    // Rotate the order each round so no contender always runs first (or right after the slowest one).
    const order = contenders.map((_, i) => contenders[(i + round) % contenders.length]!);
    for (const c of order) {
      const before = c.counters ? { ...c.counters } : undefined;
      const cpuBefore = process.cpuUsage();
      const r = await loadgen.round(spec(c, options.durationMs));
      // This process hosts the servers (the idle ones cost next to nothing); the pre-signing happens in
      // the child, so the window is a little wider than the timed one, which slightly overstates this.
      const cpu = process.cpuUsage(cpuBefore);
      serverCpu.get(c.name)!.push((cpu.user + cpu.system) / 1000);
      if (c.counters && before) {
        const mine = conflicts.get(c.name)!;
        mine.casConflicts += c.counters.casConflicts - before.casConflicts;
        mine.appendCalls += c.counters.appendCalls - before.appendCalls;
        mine.otherAppendRefusals += c.counters.otherAppendRefusals - before.otherAppendRefusals;
      }
      estimate.set(c.name, Math.max(estimate.get(c.name) ?? 0, r.completed / (r.elapsedMs / 1000)));
      results.get(c.name)!.push(r);
      options.onRound?.(round, c.name, r);
    }
  }

  return contenders.map((c) => {
    const rs = results.get(c.name)!;
    const latencies = rs.flatMap((r) => r.latencies);
    const sum = (f: (r: RoundResult) => number) => rs.reduce((a, r) => a + f(r), 0);
    const merge = (f: (r: RoundResult) => Record<string, number>) => {
      const out: Record<string, number> = {};
      for (const r of rs) for (const [k, v] of Object.entries(f(r))) out[k] = (out[k] ?? 0) + v;
      return out;
    };
    return {
      name: c.name,
      rps: median(rs.map((r) => r.completed / (r.elapsedMs / 1000))),
      okPerSecond: median(rs.map((r) => r.ok / (r.elapsedMs / 1000))),
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      rounds: rs.map((r) => r.completed / (r.elapsedMs / 1000)),
      completed: sum((r) => r.completed),
      ok: sum((r) => r.ok),
      refused: sum((r) => r.refused),
      errors: sum((r) => r.errors),
      casConflicts: conflicts.get(c.name)!.casConflicts,
      appendCalls: conflicts.get(c.name)!.appendCalls,
      otherAppendRefusals: conflicts.get(c.name)!.otherAppendRefusals,
      refusalSamples: merge((r) => r.refusalSamples),
      errorSamples: merge((r) => r.errorSamples),
      signedInWindow: sum((r) => r.signedInWindow),
      serverCpuUsPerRequest: median(rs.map((r, i) => (serverCpu.get(c.name)![i]! * 1000) / r.completed)),
      serverCores: median(rs.map((r, i) => serverCpu.get(c.name)![i]! / r.elapsedMs)),
      clientCores: median(rs.map((r) => r.clientCpuMs / r.elapsedMs)),
    };
  });
}
