/**
 * Checkpoints of the SQLite WAL on a thread of their own, so that the writer thread never waits for one.
 *
 * A checkpoint copies the pages the WAL holds back into the database file and syncs both files. Left to
 * SQLite, the connection whose commit makes the WAL reach 1,000 frames runs it inside that commit: the
 * writer thread, with a batch of appends, and every command in flight behind it. Measured on the /flip
 * benchmark (16 connections, 2 cores), one batch in 37 was such a commit, 4.6 ms instead of 0.3, and
 * 14% of the wall-clock time the writer was checkpointing instead of committing.
 *
 * Here the writer tells this thread that it has committed (once per checkpoint: a shared flag, so a
 * burst of commits costs one message), and the thread checkpoints a moment later, PASSIVE: without any
 * lock the writer needs, so the writer goes on appending meanwhile. What such a checkpoint cannot do is
 * start the WAL again from its beginning — SQLite does that only when every frame has been copied before
 * a write begins, and under a steady load new frames always arrive during the copy — so once the WAL has
 * grown past RESTART_AT_FRAMES this thread runs a RESTART checkpoint, which makes the writer wait while
 * it copies the few frames left since the last one (a Prisma client write that comes meanwhile, a new
 * game or a setting, waits for it too, within the busy timeout). The writer keeps SQLite's own checkpoint as a
 * backstop, at a threshold this thread never lets the WAL reach while it runs (WRITER_BACKSTOP_FRAMES).
 *
 * Durability is SQLite's as before (synchronous = NORMAL on every connection): a checkpoint syncs the WAL
 * before it copies and the database file after, whichever thread runs it.
 */
import type { Worker } from 'node:worker_threads';
import { startWorker } from './workerThread.js';

/** workerData of the checkpointer thread. */
export interface CheckpointerStart {
  file: string;
  busyTimeoutMs: number;
  /** Int32 flag: 1 while a checkpoint is due (set by the writer, cleared by the checkpointer). */
  due: SharedArrayBuffer;
  delayMs: number;
  restartAtFrames: number;
}

/**
 * How long after the first commit it hears of the thread checkpoints: the frames of the commits in
 * between are copied together (a page written by several commits is copied once). Measured (two runs
 * each): 30 ms used about 14 µs less CPU per /flip than 10 ms, for the same throughput.
 */
export const CHECKPOINT_DELAY_MS = 30;

/** WAL frames (pages) after which a RESTART checkpoint starts the WAL again (about 16 MB of 4 KB pages). */
export const RESTART_AT_FRAMES = 4_000;

/** The writer's own checkpoint threshold: reached only if this thread stops (SQLite's default is 1,000). */
export const WRITER_BACKSTOP_FRAMES = 10_000;

export class Checkpointer {
  private readonly due: Int32Array;
  private alive = true;

  private constructor(
    private readonly worker: Worker,
    due: SharedArrayBuffer,
  ) {
    this.due = new Int32Array(due);
    // The writer's thread must not stay alive for this one.
    worker.unref();
    worker.on('error', (error) => {
      this.alive = false;
      // The writer's backstop checkpoints from now on; say why the WAL grows larger than it used to.
      console.error('The SQLite checkpointer thread stopped; the writer checkpoints by itself from now on.', error);
    });
    worker.on('exit', () => {
      this.alive = false;
    });
  }

  static start(file: string, busyTimeoutMs: number): Checkpointer {
    const due = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
    const start: CheckpointerStart = { file, busyTimeoutMs, due, delayMs: CHECKPOINT_DELAY_MS, restartAtFrames: RESTART_AT_FRAMES };
    return new Checkpointer(startWorker(import.meta.url, './sqlite-checkpointer.worker', start), due);
  }

  /** Called after every commit: the first since the last checkpoint wakes the thread. */
  committed(): void {
    if (this.alive && Atomics.exchange(this.due, 0, 1) === 0) this.worker.postMessage('checkpoint');
  }

  /** Stops the thread (a checkpoint under way finishes first: it is one synchronous call). */
  async close(): Promise<void> {
    if (!this.alive) return;
    this.alive = false;
    await new Promise<void>((resolve) => {
      this.worker.once('exit', () => resolve());
      this.worker.postMessage('close');
    });
  }
}
