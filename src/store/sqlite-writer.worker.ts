/**
 * The writer thread's side of sqlite-writer.ts: one SqliteAppender, one batch per message, the answer
 * posted back once the batch is committed (or has failed as a whole). The WAL is checkpointed by a
 * thread this one starts (sqlite-checkpointer.ts), not by the commits here.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { WriterReply, WriterRequest, WriterStart } from './sqlite-writer.js';
import { SqliteAppender } from './sqlite-appender.js';
import { Checkpointer, WRITER_BACKSTOP_FRAMES } from './sqlite-checkpointer.js';

const port = parentPort;
if (port === null) throw new Error('sqlite-writer.worker.ts runs as a worker thread (see sqlite-writer.ts)');
const start = workerData as WriterStart;

let appender: SqliteAppender;
let checkpointer: Checkpointer;
try {
  appender = new SqliteAppender(start.file, start.busyTimeoutMs);
  checkpointer = Checkpointer.start(start.file, start.busyTimeoutMs);
  appender.checkpointAt(WRITER_BACKSTOP_FRAMES);
  port.postMessage({ type: 'ready' } satisfies WriterReply);
} catch (error) {
  port.postMessage({ type: 'failed', error: describe(error) } satisfies WriterReply);
  throw error;
}

/**
 * Receipts deleted per transaction when pruning: between two chunks the batches that arrived meanwhile
 * are committed, so a backlog of old receipts never holds the appends up for long.
 */
const PRUNE_CHUNK = 1_000;
let closing = false;

function prune(id: number, before: Date, deleted = 0): void {
  let reply: WriterReply;
  try {
    const chunk = closing ? 0 : appender.pruneReceipts(before, PRUNE_CHUNK);
    if (chunk === PRUNE_CHUNK) return void setImmediate(() => prune(id, before, deleted + chunk));
    reply = { type: 'pruned', id, deleted: deleted + chunk };
  } catch (error) {
    reply = { type: 'prune_failed', id, error: describe(error) };
  }
  port!.postMessage(reply);
}

port.on('message', (message: WriterRequest) => {
  if (message.type === 'prune') return prune(message.id, new Date(message.before));
  if (message.type === 'close') {
    closing = true;
    void checkpointer.close().finally(() => {
      appender.close();
      port.close();
    });
    return;
  }
  let reply: WriterReply;
  try {
    const settled = appender.commit(message.batch);
    reply = { type: 'committed', id: message.id, settled: settled.map((s) => (s.ok ? s : { ok: false, error: describe(s.error) })) };
  } catch (error) {
    reply = { type: 'batch_failed', id: message.id, error: describe(error) };
  }
  port.postMessage(reply);
  checkpointer.committed();
});

/** Errors cross the thread boundary as data: their message and SQLite's error code. */
function describe(error: unknown): { message: string; code?: string } {
  const code = (error as { code?: unknown } | null)?.code;
  return { message: error instanceof Error ? error.message : String(error), ...(typeof code === 'string' ? { code } : {}) };
}
