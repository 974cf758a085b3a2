/**
 * Group commit: appends that arrive while earlier ones are being committed wait, and are then committed
 * together, in one transaction (SQLite) or one statement (PostgreSQL).
 *
 * Why: a commit has a fixed price whatever it holds — SQLite's WAL frames of the pages every append
 * touches (the same table leaves, written once per commit instead of once per append) and a message to
 * the writer thread and back; PostgreSQL's round trip, statement and commit record. Under load many
 * commands are waiting at once, and paying that price once for all of them is what lets a durable write
 * per command keep up with the HTTP endpoint. At low load an append is sent alone at the end of the
 * current turn of the event loop: no timer, no batching window (the appends of requests whose bytes
 * arrived together go as one batch).
 *
 * Order is kept: batches are committed in arrival order, and a batch's items in the order they came, so
 * appends made one after another (without awaiting) land in that order, as they did one at a time.
 */
import type { Settled } from './append.js';

export interface GroupCommitOptions<I, O> {
  /** Commits a batch, settling each item on its own (one item's failure must not fail the others). */
  commit(batch: I[]): Promise<Settled<O>[]>;
  /**
   * Batches sent and not yet settled. Order is kept only if the committer handles batches in the order
   * sent (the SQLite writer thread does); PostgreSQL uses 1, since pooled connections need not.
   */
  maxInFlight: number;
  /** Items per batch at most (a statement's parameters, a message's size). */
  maxBatch: number;
  /**
   * Send a batch as soon as this many items wait (while fewer than maxInFlight are committing), rather
   * than at the end of the turn: its commit then overlaps the deciding of the commands after it. Worth
   * it where a commit costs little besides its own work (a thread of ours), not where each batch is a
   * statement for a database server sharing the machine's cores. Default: only at the end of the turn.
   */
  sendAt?: number;
}

export interface GroupCommit<I, O> {
  (item: I): Promise<O>;
  /** Items waiting or being committed. */
  readonly pending: number;
}

interface Waiting<I, O> {
  item: I;
  resolve(value: O): void;
  reject(error: Error): void;
}

export function groupCommit<I, O>(options: GroupCommitOptions<I, O>): GroupCommit<I, O> {
  const queue: Waiting<I, O>[] = [];
  let inFlight = 0;
  let committing = 0;

  const pump = (): void => {
    while (inFlight < options.maxInFlight && queue.length > 0) {
      const batch = queue.splice(0, options.maxBatch);
      inFlight++;
      committing += batch.length;
      void commitBatch(batch);
    }
  };

  const commitBatch = async (batch: Waiting<I, O>[]): Promise<void> => {
    try {
      const settled = await options.commit(batch.map((waiting) => waiting.item));
      if (settled.length !== batch.length) throw new Error(`A group commit settled ${settled.length} of ${batch.length} appends`);
      batch.forEach((waiting, index) => {
        const result = settled[index]!;
        if (result.ok) waiting.resolve(result.value);
        else waiting.reject(result.error);
      });
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      for (const waiting of batch) waiting.reject(failure);
    } finally {
      inFlight--;
      committing -= batch.length;
      pump();
    }
  };

  // setImmediate runs after the I/O callbacks of this turn: the requests that arrived together have all
  // reached their append by then, and go as one batch instead of a first alone and the rest after it.
  let scheduled = false;
  const pumpSoon = (): void => {
    scheduled = false;
    pump();
  };
  const enqueue = (item: I): Promise<O> =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (options.sendAt !== undefined && queue.length >= options.sendAt && inFlight < options.maxInFlight) {
        pump();
        return;
      }
      if (!scheduled) {
        scheduled = true;
        setImmediate(pumpSoon);
      }
    });
  return Object.defineProperty(enqueue, 'pending', { get: () => queue.length + committing }) as GroupCommit<I, O>;
}
