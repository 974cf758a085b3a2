/**
 * src/store/sqlite-writer.ts and sqlite-appender.ts on a real SQLite file: appends handed to the writer
 * thread together are committed together, each settled on its own. Games are created through the store
 * (the Prisma client, as in production); the appends go straight to a SqliteWriter on the same file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppendOutcome, AppendRequest, EventRow } from '../src/store/append.js';
import type { GameStore, StoredGame } from '../src/store/contract.js';
import { openStore } from '../src/store/open.js';
import { SqliteWriter } from '../src/store/sqlite-writer.js';
import { WRITER_BACKSTOP_FRAMES } from '../src/store/sqlite-checkpointer.js';

let dir: string;
let file: string;
let store: GameStore;
let writer: SqliteWriter;
let reader: Database.Database;
let channels = 0;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'fatekeeper-writer-'));
  file = path.join(dir, 'writer.db');
  store = await openStore(`file:${file}`);
  writer = await SqliteWriter.open({ file, busyTimeoutMs: 5000 });
  reader = new Database(file, { readonly: true });
});

afterAll(async () => {
  reader?.close();
  await writer?.close();
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function newGame(): Promise<StoredGame> {
  const result = await store.createGame({ guildId: 'guild-1', channelId: `channel-${++channels}`, system: 'duel', createdBy: 'user-1', snapshot: { turn: 0 }, events: [{ type: 'setup', payload: {}, actor: null }] });
  if (!result.ok) throw new Error('channel unexpectedly busy');
  return result.game;
}

const AT = new Date('2031-07-05T00:00:01.250Z');
const events = (...types: string[]): EventRow[] => types.map((type) => ({ type, payload: JSON.stringify({ type }), actor: 'user-2' }));
const request = (game: StoredGame, fields: Partial<AppendRequest> = {}): AppendRequest => ({ gameId: game.id, expectedVersion: 1, snapshot: '{"turn":1}', events: [], at: AT, ...fields });
const summary = (outcome: AppendOutcome) => (outcome.kind === 'appended' ? { kind: outcome.kind, version: outcome.game.version, lastSeq: outcome.lastSeq, status: outcome.game.status } : { kind: outcome.kind });
const logOf = (gameId: string) => reader.prepare(`SELECT "seq", "type", "at" FROM "GameEvent" WHERE "gameId" = ? ORDER BY "seq"`).all(gameId);
const gameRow = (gameId: string) => reader.prepare(`SELECT "version", "status", "activeChannelId", "snapshot", "updatedAt" FROM "Game" WHERE "id" = ?`).get(gameId);
/** The writer's current thread: private, reached here to play the part of a crash. */
const threadOf = (writer: SqliteWriter): Promise<Worker> | undefined => (writer as unknown as { thread?: { worker: Promise<Worker> } }).thread?.worker;
const receipts = (id: string) => (reader.prepare(`SELECT COUNT(*) AS "n" FROM "InteractionReceipt" WHERE "id" = ?`).get(id) as { n: number }).n;

describe('SqliteWriter', () => {
  it('settles each append of a batch on its own: a stale version or a retried interaction writes nothing, the others are written once', async () => {
    const [a, b, c] = [await newGame(), await newGame(), await newGame()];
    const seen = await store.appendEvents({ gameId: c.id, expectedVersion: 1, events: [], snapshot: { turn: 1 }, interactionId: 'seen-before' });
    expect(seen.ok).toBe(true);

    // All in one turn: one batch, one transaction.
    const outcomes = await Promise.all([
      writer.append(request(a, { events: events('a1', 'a2'), interactionId: 'i-a' })),
      writer.append(request(b, { expectedVersion: 7, events: events('stale'), interactionId: 'i-stale' })),
      writer.append(request(c, { expectedVersion: 2, events: events('retried'), interactionId: 'seen-before' })),
      writer.append(request(b, { snapshot: '{"turn":"b"}', events: events('b1') })),
      // The same game again, on the version the first append of the batch produced.
      writer.append(request(a, { expectedVersion: 2, snapshot: '{"turn":2}', events: events('a3') })),
    ]);

    expect(outcomes.map(summary)).toEqual([
      { kind: 'appended', version: 2, lastSeq: 1, status: 'active' },
      { kind: 'not_matched' },
      { kind: 'duplicate_interaction' },
      { kind: 'appended', version: 2, lastSeq: 1, status: 'active' },
      { kind: 'appended', version: 3, lastSeq: 3, status: 'active' },
    ]);
    expect(logOf(a.id)).toEqual([
      { seq: 1, type: 'setup', at: expect.any(String) },
      { seq: 2, type: 'a1', at: '2031-07-05T00:00:01.250+00:00' },
      { seq: 3, type: 'a2', at: '2031-07-05T00:00:01.250+00:00' },
      { seq: 4, type: 'a3', at: '2031-07-05T00:00:01.250+00:00' },
    ]);
    expect(gameRow(a.id)).toMatchObject({ version: 3, snapshot: '{"turn":2}', updatedAt: '2031-07-05T00:00:01.250+00:00' });
    expect(logOf(b.id).map((e) => (e as { type: string }).type)).toEqual(['setup', 'b1']);
    expect(gameRow(b.id)).toMatchObject({ version: 2, snapshot: '{"turn":"b"}' });
    expect(logOf(c.id).map((e) => (e as { type: string }).type)).toEqual(['setup']);
    expect(gameRow(c.id)).toMatchObject({ version: 2 });
    expect([receipts('i-a'), receipts('i-stale'), receipts('seen-before')]).toEqual([1, 0, 1]);
    // The store reads what the writer wrote, as it was written.
    expect((await store.getGame(a.id))?.snapshot).toEqual({ turn: 2 });
  });

  it("ends a game (freeing its channel) and never revives one, within one batch", async () => {
    const game = await newGame();
    const [ended, revived] = await Promise.all([
      writer.append(request(game, { status: 'ended', events: events('end') })),
      writer.append(request(game, { expectedVersion: 2, status: 'active', events: events('again') })),
    ]);
    expect([summary(ended), summary(revived)]).toEqual([{ kind: 'appended', version: 2, lastSeq: 1, status: 'ended' }, { kind: 'not_matched' }]);
    expect(gameRow(game.id)).toMatchObject({ version: 2, status: 'ended', activeChannelId: null });
    expect(logOf(game.id).map((e) => (e as { type: string }).type)).toEqual(['setup', 'end']);
    // Through the store, the refused revival is told apart from a lost race.
    await expect(store.appendEvents({ gameId: game.id, expectedVersion: 2, events: [], snapshot: {}, status: 'active' })).rejects.toThrow(/has ended and cannot be made active again/);
  });

  it('fails one append that breaks a constraint without failing the rest of its batch', async () => {
    const game = await newGame();
    const outcomes = await Promise.allSettled([
      writer.append(request(game, { events: [{ type: 'bad', payload: null as unknown as string, actor: null }] })),
      writer.append(request(game, { events: events('good') })),
    ]);
    expect(outcomes[0]).toMatchObject({ status: 'rejected', reason: { code: 'SQLITE_CONSTRAINT_NOTNULL' } });
    expect(outcomes[1]).toMatchObject({ status: 'fulfilled', value: { kind: 'appended', lastSeq: 1 } });
    expect(logOf(game.id).map((e) => (e as { type: string }).type)).toEqual(['setup', 'good']);
  });

  it('commits what it was handed before it closes', async () => {
    const game = await newGame();
    const own = await SqliteWriter.open({ file, busyTimeoutMs: 5000 });
    const pending = [own.append(request(game, { events: events('x') })), own.append(request(game, { expectedVersion: 2, events: events('y') }))];
    // Handed over at the end of this turn; close() comes after them.
    await new Promise((resolve) => setImmediate(resolve));
    await own.close();
    expect((await Promise.all(pending)).map(summary)).toEqual([
      { kind: 'appended', version: 2, lastSeq: 1, status: 'active' },
      { kind: 'appended', version: 3, lastSeq: 2, status: 'active' },
    ]);
    await expect(own.append(request(game, { expectedVersion: 3 }))).rejects.toThrow('The store is closed');
  });

  it('starts a new thread after its thread dies, and the append it was holding settles instead of hanging', async () => {
    const game = await newGame();
    const own = await SqliteWriter.open({ file, busyTimeoutMs: 5000 });
    try {
      const thread = (await threadOf(own))!;
      const held = own.append(request(game, { events: events('held') }));
      // Handed over at the end of this turn, then the thread dies, before or after committing it.
      await new Promise((resolve) => setImmediate(resolve));
      await thread.terminate();
      const [outcome] = await Promise.allSettled([held]);
      const committed = logOf(game.id).some((e) => (e as { type: string }).type === 'held');
      if (outcome!.status === 'rejected') expect(String(outcome!.reason)).toMatch(/writer thread stopped/);
      else expect(committed).toBe(true);
      // Either way the next append, on a new thread, finds out by the version.
      const next = await own.append(request(game, { events: events('after the crash') }));
      if (committed) expect(next).toEqual({ kind: 'not_matched' });
      else expect(summary(next)).toEqual({ kind: 'appended', version: 2, lastSeq: 1, status: 'active' });
    } finally {
      await own.close();
    }
  });

  it("is not disturbed by a dead thread's last events: an 'exit' after its 'error' leaves the new thread alone", async () => {
    const game = await newGame();
    const own = await SqliteWriter.open({ file, busyTimeoutMs: 5000 });
    try {
      const dying = (await threadOf(own))!;
      // A thread that failed says so with 'error', and its 'exit' comes later; appends may start a new one in between.
      dying.emit('error', new Error('the writer thread failed'));
      expect(summary(await own.append(request(game, { events: events('on the new thread') })))).toMatchObject({ kind: 'appended', version: 2 });
      const successor = await threadOf(own);
      expect(successor).not.toBe(dying);
      await dying.terminate();
      await new Promise((resolve) => setImmediate(resolve));
      expect(await threadOf(own)).toBe(successor);
      expect(summary(await own.append(request(game, { expectedVersion: 2, events: events('still there') })))).toMatchObject({ kind: 'appended', version: 3 });
    } finally {
      await own.close();
    }
  });

  it('prunes the receipts older than an instant, in chunks, while appends go on', async () => {
    const game = await newGame();
    const writable = new Database(file, { timeout: 5000 });
    try {
      const insert = writable.prepare(`INSERT INTO "InteractionReceipt" ("id", "at") VALUES (?, ?)`);
      writable.transaction(() => {
        // Stored as the store writes them (sqliteTimestamp): ISO text, so text order is time order.
        for (let i = 0; i < 20_000; i++) insert.run(`old-${i}`, '2000-01-01T00:00:00.000+00:00');
        insert.run('recent', '2001-06-01T00:00:00.000+00:00');
      })();
    } finally {
      writable.close();
    }
    const settledOrder: string[] = [];
    const [deleted, appended] = await Promise.all([
      writer.pruneReceipts(new Date('2001-01-01T00:00:00Z')).finally(() => settledOrder.push('prune')),
      writer.append(request(game, { events: events('during the prune'), interactionId: 'i-during-prune' })).finally(() => settledOrder.push('append')),
    ]);
    // The prune was handed over first, but the append did not wait for its twenty chunks.
    expect(settledOrder).toEqual(['append', 'prune']);
    expect(deleted).toBe(20_000);
    expect(summary(appended)).toMatchObject({ kind: 'appended', version: 2 });
    expect([receipts('old-0'), receipts('old-19999'), receipts('recent'), receipts('i-during-prune')]).toEqual([0, 0, 1, 1]);
  });

  it('fails to open, with the reason, when the file cannot be opened', async () => {
    await expect(SqliteWriter.open({ file: path.join(dir, 'no-such-folder', 'x.db'), busyTimeoutMs: 0 })).rejects.toThrow(/directory does not exist|unable to open/);
  });
});

/**
 * The WAL's state as SQLite itself keeps it, in the -shm file every connection maps: the header's
 * mxFrame (frames in the WAL, at byte 16) and the checkpoint's nBackfill (frames copied into the
 * database file, at byte 96), in the machine's byte order. Read from outside, so that looking does not
 * checkpoint (a wal_checkpoint pragma would).
 */
function walIndex(): { frames: number; copied: number } {
  const shm = readFileSync(`${file}-shm`);
  const read = (offset: number) => (os.endianness() === 'LE' ? shm.readUInt32LE(offset) : shm.readUInt32BE(offset));
  return { frames: read(16), copied: read(96) };
}

async function waitFor(condition: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 10))) if (condition()) return true;
  return condition();
}

describe('the checkpointer thread (sqlite-checkpointer.ts)', () => {
  it('copies the WAL into the database file a moment after the appends stop, though the writer never reached its own threshold', async () => {
    const game = await newGame();
    for (let version = 1; version <= 40; version++) await writer.append(request(game, { expectedVersion: version, events: events(`e${version}`) }));
    const after = walIndex();
    expect(after.frames).toBeGreaterThan(0);
    expect(after.frames).toBeLessThan(WRITER_BACKSTOP_FRAMES);
    // SQLite's own checkpoint would leave these frames alone until 10,000 of them (the writer's
    // threshold); the checkpointer copies them without anyone committing again.
    expect(await waitFor(() => walIndex().copied === walIndex().frames, 3000)).toBe(true);
  });

  it("keeps the WAL bounded under a steady flow of appends, far below the writer's own threshold", async () => {
    const games = await Promise.all(Array.from({ length: 8 }, () => newGame()));
    // Snapshots of 32 KB that differ all along from one version to the next (SQLite leaves a page it
    // would rewrite unchanged alone): about eight frames per append.
    const snapshotOf = (version: number) => JSON.stringify({ padding: String(version).padStart(3, '0').repeat(11_000) });
    // Once the checkpointer thread is up (it starts with the writer, loading its module takes a moment).
    await Promise.all(games.map((game) => writer.append(request(game, { snapshot: snapshotOf(1), events: events('first') }))));
    expect(await waitFor(() => walIndex().copied === walIndex().frames, 3000)).toBe(true);
    let largest = 0;
    let restarted = false;
    for (let version = 2; version <= 120; version++) {
      await Promise.all(games.map((game) => writer.append(request(game, { expectedVersion: version, snapshot: snapshotOf(version), events: events('steady') }))));
      // Steady, not a flood: commands come in from players, each round's appends after the last's.
      await new Promise((resolve) => setTimeout(resolve, 4));
      const { frames } = walIndex();
      if (frames < largest) restarted = true;
      largest = Math.max(largest, frames);
    }
    // Started again from the beginning (after a checkpoint that caught up, or a RESTART one past
    // RESTART_AT_FRAMES), never left to the writer's own threshold.
    expect(restarted).toBe(true);
    expect(largest).toBeLessThan(WRITER_BACKSTOP_FRAMES);
  });
});
