/**
 * SQLite appends run on a writer thread of their own, committed in groups.
 *
 * Why a thread: better-sqlite3 is synchronous, so on the main thread every commit — the B-tree inserts,
 * the WAL frames and their writes, now and then a checkpoint — stops the event loop, and with it the
 * signature checks, the engine and every other player's command. Measured on the 2-core bench machine,
 * the append was the largest single cost of a /flip through the HTTP endpoint (about 150 µs of the main
 * thread's 530 under load). On the writer thread the main thread only hands over plain data and gets
 * the outcome back, and while a commit runs it goes on with the next commands, whose appends then
 * arrive together and are committed as one transaction (groupCommit.ts).
 *
 * What stays on the main thread: reads (a second connection, sqlite-connection.ts; WAL readers never
 * wait for the writer) and the Prisma client's rare writes (creating a game, settings), which the store
 * never runs at the same time as an append (prisma-store.ts's lock), so the two writers never wait for
 * each other's lock in this process.
 *
 * The thread runs TypeScript the way the process does (workerThread.ts).
 */
import type { Worker } from 'node:worker_threads';
import type { AppendOutcome, AppendRequest, Settled } from './append.js';
import { groupCommit, type GroupCommit } from './groupCommit.js';
import { startWorker } from './workerThread.js';

/** workerData of the writer thread. */
export interface WriterStart {
  file: string;
  busyTimeoutMs: number;
}

export type WriterRequest =
  | { type: 'commit'; id: number; batch: AppendRequest[] }
  /** Deletes the interaction receipts older than `before` (an ISO instant), a chunk at a time. */
  | { type: 'prune'; id: number; before: string }
  | { type: 'close' };

interface WireError {
  message: string;
  code?: string;
}

export type WriterReply =
  | { type: 'ready' }
  | { type: 'failed'; error: WireError }
  | { type: 'committed'; id: number; settled: ({ ok: true; value: AppendOutcome } | { ok: false; error: WireError })[] }
  | { type: 'batch_failed'; id: number; error: WireError }
  | { type: 'pruned'; id: number; deleted: number }
  | { type: 'prune_failed'; id: number; error: WireError };

/** Appends per message at most: a transaction holds SQLite's write lock for its whole batch. */
const MAX_BATCH = 128;

/** A request handed to the thread, until its answer comes (its type is the request's: see send). */
interface Waiting {
  resolve(answer: unknown): void;
  reject(error: Error): void;
}

/** One thread's life: the thread once started, and the requests handed to it that await their answer. */
interface Thread {
  worker: Promise<Worker>;
  /** The worker once its connection is open: requests are then posted at once, in the order made. */
  ready?: Worker;
  waiting: Map<number, Waiting>;
}

export class SqliteWriter {
  /** Commits one append, grouped with whatever else arrives while the writer is busy. */
  readonly append: GroupCommit<AppendRequest, AppendOutcome>;
  private thread: Thread | undefined;
  private nextId = 1;
  private closed = false;

  private constructor(private readonly start: WriterStart) {
    // The thread commits the batches one after another, in the order sent. A batch leaves as soon as
    // four appends wait, so the first commands of a burst are committed while the next are decided
    // (measured with `npm run bench -- --no-postgres`, four runs each: about 5% more /flip at 16
    // connections, about the size of the run-to-run noise; sending at two or eight gained less).
    this.append = groupCommit({ commit: (batch) => this.commit(batch), maxInFlight: 4, maxBatch: MAX_BATCH, sendAt: 4 });
  }

  /** Starts the writer thread and waits until its connection is open (so a bad file fails here). */
  static async open(start: WriterStart): Promise<SqliteWriter> {
    const writer = new SqliteWriter(start);
    await writer.ready();
    return writer;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const thread = this.thread;
    const worker = await thread?.worker.catch(() => undefined);
    if (thread === undefined || worker === undefined) return;
    // The appends already handed over are committed before the thread closes its connection.
    await new Promise<void>((resolve) => {
      // Kept alive until it has exited, or a caller awaiting close() would never resume.
      worker.ref();
      worker.once('exit', () => resolve());
      worker.postMessage({ type: 'close' } satisfies WriterRequest);
    });
    // What closing cut short (a prune between two chunks) is not left waiting forever.
    for (const request of thread.waiting.values()) request.reject(new Error('The store is closed'));
    thread.waiting.clear();
  }

  /**
   * Deletes the interaction receipts older than `before` and resolves with how many. On the writer
   * thread, between batches and in chunks, so that appends never wait behind a long delete and the
   * main thread never runs it (a synchronous delete there would stop the event loop).
   */
  pruneReceipts(before: Date): Promise<number> {
    return this.send<number>((id) => ({ type: 'prune', id, before: before.toISOString() }));
  }

  private commit(batch: AppendRequest[]): Promise<Settled<AppendOutcome>[]> {
    return this.send<Settled<AppendOutcome>[]>((id) => ({ type: 'commit', id, batch }));
  }

  /** Posts a request to the thread (started if need be) and resolves with the thread's answer to it. */
  private async send<T>(request: (id: number) => WriterRequest): Promise<T> {
    if (this.closed) throw new Error('The store is closed');
    const thread = this.current();
    const worker = thread.ready ?? (await thread.worker);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      thread.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage(request(id));
    });
  }

  /** The running thread, started once its connection is open. */
  private ready(): Promise<Worker> {
    return this.current().worker;
  }

  /** The thread, started (again, after a crash) when there is none. */
  private current(): Thread {
    this.thread ??= this.spawn();
    return this.thread;
  }

  private spawn(): Thread {
    const worker = startWorker(import.meta.url, './sqlite-writer.worker', this.start);
    // A writer waiting for nothing must not keep the process alive (a store left open in a script).
    worker.unref();
    const waiting = new Map<number, Waiting>();
    let thread!: Thread;
    const started = new Promise<Worker>((resolve, reject) => {
      let ended = false;
      const stopped = (error: Error) => {
        // 'error' is followed by 'exit': the first one settles everything, once.
        if (ended) return;
        ended = true;
        // Whatever was handed over may or may not have been committed: its callers get the error and
        // reload (a retry of a committed append meets its receipt). The next append starts a new thread
        // (this one is forgotten only if it still is the current one).
        if (this.thread === thread) this.thread = undefined;
        for (const request of waiting.values()) request.reject(error);
        waiting.clear();
        reject(error);
      };
      worker.on('message', (reply: WriterReply) => {
        switch (reply.type) {
          case 'ready':
            thread.ready = worker;
            resolve(worker);
            return;
          case 'failed':
            return void stopped(toError(reply.error));
          case 'committed':
          case 'batch_failed':
          case 'pruned':
          case 'prune_failed': {
            const request = waiting.get(reply.id);
            waiting.delete(reply.id);
            if (reply.type === 'batch_failed' || reply.type === 'prune_failed') request?.reject(toError(reply.error));
            else if (reply.type === 'pruned') request?.resolve(reply.deleted);
            else request?.resolve(reply.settled.map((s) => (s.ok ? s : { ok: false, error: toError(s.error) })));
            return;
          }
          default:
            reply satisfies never;
        }
      });
      worker.on('error', (error) => stopped(error));
      worker.on('exit', (code) => {
        if (!this.closed) stopped(new Error(`The SQLite writer thread stopped (exit code ${code})`));
      });
    });
    // Nobody may be waiting when it fails to start; the caller of ready() sees the rejection anyway.
    started.catch(() => undefined);
    thread = { worker: started, waiting };
    return thread;
  }
}

function toError(wire: WireError): Error {
  return Object.assign(new Error(wire.message), wire.code === undefined ? {} : { code: wire.code });
}
