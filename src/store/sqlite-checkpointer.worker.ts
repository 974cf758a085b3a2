/**
 * The checkpointer thread's side of sqlite-checkpointer.ts: a connection of its own that checkpoints
 * the WAL a moment after the writer says it has committed.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { CheckpointerStart } from './sqlite-checkpointer.js';

const port = parentPort;
if (port === null) throw new Error('sqlite-checkpointer.worker.ts runs as a worker thread (see sqlite-checkpointer.ts)');
const start = workerData as CheckpointerStart;
const due = new Int32Array(start.due);

const db = new Database(start.file, { timeout: start.busyTimeoutMs });
// Checkpoints sync as the writer's commits expect (sqlite-appender.ts).
db.pragma('synchronous = NORMAL');

interface CheckpointResult {
  busy: number;
  /** Frames in the WAL. */
  log: number;
  /** Frames copied into the database file. */
  checkpointed: number;
}

function checkpoint(mode: 'PASSIVE' | 'RESTART'): CheckpointResult {
  return (db.pragma(`wal_checkpoint(${mode})`) as CheckpointResult[])[0]!;
}

let timer: NodeJS.Timeout | undefined;

function run(): void {
  timer = undefined;
  // Cleared first: a commit from now on asks for the next checkpoint, one before is copied by this one.
  Atomics.store(due, 0, 0);
  const { log } = checkpoint('PASSIVE');
  if (log >= start.restartAtFrames) checkpoint('RESTART');
}

port.on('message', (message: 'checkpoint' | 'close') => {
  if (message === 'close') {
    clearTimeout(timer);
    db.close();
    port.close();
    return;
  }
  timer ??= setTimeout(run, start.delayMs);
});
