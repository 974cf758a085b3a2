/**
 * src/store/postgres-append.ts against a real PostgreSQL database: the group commit of appends, each
 * settled on its own. Games are created through the store (the Prisma client, as in production); the
 * batches go straight to commitPostgresAppends on a PostgresConnection to the same database.
 */
import { randomUUID } from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppendOutcome, AppendRequest, EventRow, Settled } from '../src/store/append.js';
import type { GameStore, StoredGame } from '../src/store/contract.js';
import type { SqlRunner } from '../src/store/driver-sql.js';
import { openStore } from '../src/store/open.js';
import { commitPostgresAppends } from '../src/store/postgres-append.js';
import { PostgresConnection } from '../src/store/postgres-connection.js';
import { createTestDatabase, startPostgres, type PostgresServer, type TestDatabase } from './support/postgres.js';

let server: PostgresServer | undefined;
let database: TestDatabase;
let store: GameStore;
let connection: PostgresConnection;
let reader: pg.Pool;

beforeAll(async () => {
  // Normally the global setup's server; a file run on its own (without the vitest config) starts one.
  const serverUrl = process.env.TEST_DATABASE_URL ?? (server = await startPostgres()).url;
  database = await createTestDatabase(serverUrl);
  store = await openStore(database.url);
  connection = new PostgresConnection(database.url);
  reader = new pg.Pool({ connectionString: database.url, max: 2 });
});

afterAll(async () => {
  await reader?.end();
  await connection?.close();
  await store?.close();
  await database?.drop();
  await server?.stop();
});

/** The connection, remembering the SQL text of each statement sent. */
function recording(on: SqlRunner = connection): SqlRunner & { texts: string[] } {
  const texts: string[] = [];
  return { texts, queryRaw: (query) => (texts.push(query.sql), on.queryRaw(query)) };
}

async function newGame(channelId = randomUUID(), id?: string): Promise<StoredGame> {
  const result = await store.createGame({ ...(id === undefined ? {} : { id }), guildId: 'guild-1', channelId, system: 'duel', createdBy: 'user-1', snapshot: { turn: 0 }, events: [{ type: 'setup', payload: {}, actor: null }] });
  if (!result.ok) throw new Error(`channel ${channelId} unexpectedly busy`);
  return result.game;
}

const AT = new Date('2031-07-05T00:00:01.250Z');

function request(game: { id: string }, fields: Partial<AppendRequest> = {}): AppendRequest {
  return { gameId: game.id, expectedVersion: 1, snapshot: JSON.stringify({ turn: 1 }), events: [], at: AT, ...fields };
}

const events = (...types: string[]): EventRow[] => types.map((type) => ({ type, payload: JSON.stringify({ type }), actor: 'user-2' }));

function value(result: Settled<AppendOutcome> | undefined): AppendOutcome {
  if (result === undefined || !result.ok) throw new Error(`expected an outcome, got ${result === undefined ? 'nothing' : String(result.error)}`);
  return result.value;
}

const kinds = (settled: Settled<AppendOutcome>[]) => settled.map((result) => (result.ok ? result.value.kind : `error: ${result.error.message}`));

async function rows<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await reader.query(text, params)).rows as T[];
}

async function receiptCount(id: string): Promise<number> {
  return (await rows<{ n: number }>(`SELECT CAST(COUNT(*) AS INTEGER) AS "n" FROM "InteractionReceipt" WHERE "id" = $1`, [id]))[0]!.n;
}

const seqsAndTypes = async (gameId: string) => (await store.listEvents(gameId)).map((event) => [event.seq, event.type]);

describe('commitPostgresAppends', () => {
  it('appends a batch to several games in one statement: versions, snapshots, seqs and receipts', async () => {
    // Ids out of order: the statement sends appends in id order, and must settle them in the batch's.
    const [a, b, c] = [await newGame(undefined, `z-${randomUUID()}`), await newGame(undefined, `a-${randomUUID()}`), await newGame(undefined, `m-${randomUUID()}`)];
    // Text a list parameter must carry intact: quotes, backslashes, braces, commas, the word NULL, and
    // characters of two, three and four UTF-8 bytes (each element's length is its bytes, not its chars).
    const tricky = { text: 'a "q" \\ {x,y} NULL é 漢字 🂡', list: [null] };
    const receiptA = randomUUID();
    const receiptC = randomUUID();
    const on = recording();
    const settled = await commitPostgresAppends(on, [
      request(a, { events: events('a1', 'a2'), interactionId: receiptA, snapshot: JSON.stringify({ game: 'a' }) }),
      request(b, { events: [{ type: 'b1', payload: JSON.stringify(tricky), actor: null }], snapshot: JSON.stringify(tricky) }),
      request(c, { events: events('c1', 'c2', 'c3'), interactionId: receiptC, snapshot: JSON.stringify({ game: 'c' }) }),
    ]);
    expect(on.texts).toHaveLength(1);
    expect(settled.map((result) => value(result))).toEqual([
      { kind: 'appended', lastSeq: 1, game: { ...asRow(a), version: 2, updatedAt: AT } },
      { kind: 'appended', lastSeq: 1, game: { ...asRow(b), version: 2, updatedAt: AT } },
      { kind: 'appended', lastSeq: 1, game: { ...asRow(c), version: 2, updatedAt: AT } },
    ]);
    expect(await store.getGame(a.id)).toMatchObject({ version: 2, snapshot: { game: 'a' }, status: 'active', updatedAt: AT });
    expect(await store.getGame(b.id)).toMatchObject({ version: 2, snapshot: tricky });
    expect(await store.getGame(c.id)).toMatchObject({ version: 2, snapshot: { game: 'c' } });
    expect(await seqsAndTypes(a.id)).toEqual([[1, 'setup'], [2, 'a1'], [3, 'a2']]);
    expect(await store.listEvents(b.id)).toMatchObject([{ seq: 1 }, { seq: 2, type: 'b1', payload: tricky, actor: null, at: AT }]);
    expect(await seqsAndTypes(c.id)).toEqual([[1, 'setup'], [2, 'c1'], [3, 'c2'], [4, 'c3']]);
    expect([await receiptCount(receiptA), await receiptCount(receiptC)]).toEqual([1, 1]);

    // The next batch continues the seqs from what the first wrote.
    const again = await commitPostgresAppends(connection, [request(a, { expectedVersion: 2, events: events('a3') }), request(c, { expectedVersion: 2, events: events('c4') })]);
    expect(again.map((result) => value(result))).toMatchObject([{ lastSeq: 3, game: { version: 3 } }, { lastSeq: 4, game: { version: 3 } }]);
    expect(await seqsAndTypes(a.id)).toEqual([[1, 'setup'], [2, 'a1'], [3, 'a2'], [4, 'a3']]);
  });

  it('sends one statement text whatever the batch size, so it is prepared once', async () => {
    const games = await Promise.all([1, 2, 3, 4, 5].map(() => newGame()));
    const two = recording();
    await commitPostgresAppends(two, games.slice(0, 2).map((game) => request(game, { events: events('x') })));
    const three = recording();
    await commitPostgresAppends(three, games.slice(2).map((game, index) => request(game, { events: events(...Array.from({ length: index * 3 }, () => 'y')), interactionId: randomUUID(), status: 'ended' })));
    expect(two.texts).toHaveLength(1);
    expect(three.texts).toEqual(two.texts);
  });

  it('settles each append of a batch alone: a stale version, a retried interaction, and the good ones written once', async () => {
    const [receipted, stale, retried, good1, good2] = [await newGame(), await newGame(), await newGame(), await newGame(), await newGame()];
    const interaction = randomUUID();
    expect(kinds(await commitPostgresAppends(connection, [request(receipted, { interactionId: interaction, events: events('first') })]))).toEqual(['appended']);
    const goodReceipt = randomUUID();

    const on = recording();
    const settled = await commitPostgresAppends(on, [
      request(good1, { events: events('g1'), interactionId: goodReceipt }),
      request(stale, { expectedVersion: 7, events: events('s') }),
      request(retried, { interactionId: interaction, events: events('r'), snapshot: JSON.stringify('retried') }),
      request(good2, { events: events('g2', 'g2b'), status: 'ended' }),
    ]);
    expect(kinds(settled)).toEqual(['appended', 'not_matched', 'duplicate_interaction', 'appended']);
    // The batch's statement, failed by the receipt; then each append alone, and the check of that receipt.
    expect(on.texts).toHaveLength(1 + 4 + 1);

    expect(await seqsAndTypes(good1.id)).toEqual([[1, 'setup'], [2, 'g1']]);
    expect(await seqsAndTypes(good2.id)).toEqual([[1, 'setup'], [2, 'g2'], [3, 'g2b']]);
    expect(await store.getGame(good1.id)).toMatchObject({ version: 2 });
    expect(await store.getGame(good2.id)).toMatchObject({ version: 2, status: 'ended' });
    expect(await receiptCount(goodReceipt)).toBe(1);
    for (const untouched of [stale, retried]) {
      expect(await seqsAndTypes(untouched.id)).toEqual([[1, 'setup']]);
      expect(await store.getGame(untouched.id)).toMatchObject({ version: 1, snapshot: { turn: 0 }, updatedAt: untouched.updatedAt });
    }
    expect(await receiptCount(interaction)).toBe(1);
  });

  it('commits two appends to one game in batch order: the second, on the same version, is not matched and writes nothing', async () => {
    const [game, other] = [await newGame(), await newGame()];
    const second = randomUUID();
    const on = recording();
    const settled = await commitPostgresAppends(on, [
      request(game, { events: events('first'), snapshot: JSON.stringify('first') }),
      request(other, { events: events('other') }),
      request(game, { events: events('second'), snapshot: JSON.stringify('second'), interactionId: second }),
    ]);
    expect(kinds(settled)).toEqual(['appended', 'appended', 'not_matched']);
    // The loser was known to be stale from the first statement's result: no second round trip.
    expect(on.texts).toHaveLength(1);
    expect(await seqsAndTypes(game.id)).toEqual([[1, 'setup'], [2, 'first']]);
    expect(await store.getGame(game.id)).toMatchObject({ version: 2, snapshot: 'first' });
    expect(await receiptCount(second)).toBe(0);
  });

  it('lands a second append to one game that expects the first one’s version after it, as one at a time would', async () => {
    const [game, other] = [await newGame(), await newGame()];
    const settled = await commitPostgresAppends(connection, [
      request(game, { events: events('first') }),
      request(game, { expectedVersion: 2, events: events('second', 'third'), snapshot: JSON.stringify('second') }),
      request(other, { events: events('other') }),
    ]);
    expect(settled.map((result) => value(result))).toMatchObject([
      { kind: 'appended', lastSeq: 1, game: { version: 2 } },
      { kind: 'appended', lastSeq: 2, game: { version: 3 } },
      { kind: 'appended', lastSeq: 1, game: { version: 2 } },
    ]);
    expect(await seqsAndTypes(game.id)).toEqual([[1, 'setup'], [2, 'first'], [3, 'second'], [4, 'third']]);
    expect(await store.getGame(game.id)).toMatchObject({ version: 3, snapshot: 'second' });
  });

  it('frees the channel of a game it ends, and does not make an ended game active again', async () => {
    const channelId = randomUUID();
    const [ending, ended, plain] = [await newGame(channelId), await newGame(), await newGame()];
    expect(kinds(await commitPostgresAppends(connection, [request(ended, { status: 'ended' })]))).toEqual(['appended']);

    const revive = randomUUID();
    const settled = await commitPostgresAppends(connection, [
      request(ending, { status: 'ended', events: events('end') }),
      request(ended, { expectedVersion: 2, status: 'active', events: events('revive'), interactionId: revive }),
      request(plain, { status: 'active', events: events('still') }),
    ]);
    expect(kinds(settled)).toEqual(['appended', 'not_matched', 'appended']);

    const slots = await rows<{ id: string; status: string; activeChannelId: string | null; version: number }>(
      `SELECT "id", "status", "activeChannelId", "version" FROM "Game" WHERE "id" = ANY($1)`,
      [[ending.id, ended.id, plain.id]],
    );
    const byId = new Map(slots.map((row) => [row.id, row]));
    expect(byId.get(ending.id)).toEqual({ id: ending.id, status: 'ended', activeChannelId: null, version: 2 });
    expect(byId.get(ended.id)).toEqual({ id: ended.id, status: 'ended', activeChannelId: null, version: 2 });
    expect(byId.get(plain.id)).toEqual({ id: plain.id, status: 'active', activeChannelId: plain.channelId, version: 2 });
    expect(await seqsAndTypes(ended.id)).toEqual([[1, 'setup']]);
    expect(await receiptCount(revive)).toBe(0);
    // The slot is free: a new game may start in the channel.
    await newGame(channelId);
  });

  it('appends with no events and with no receipt, in a batch and alone', async () => {
    const [a, b, c] = [await newGame(), await newGame(), await newGame()];
    expect(await commitPostgresAppends(connection, [])).toEqual([]);
    const batch = await commitPostgresAppends(connection, [request(a), request(b, { events: events('b1') })]);
    expect(batch.map((result) => value(result))).toMatchObject([
      { kind: 'appended', lastSeq: 1, game: { version: 2 } },
      { kind: 'appended', lastSeq: 1, game: { version: 2 } },
    ]);
    expect(kinds(await commitPostgresAppends(connection, [request(c)]))).toEqual(['appended']);
    expect(await seqsAndTypes(a.id)).toEqual([[1, 'setup']]);
    expect(await seqsAndTypes(b.id)).toEqual([[1, 'setup'], [2, 'b1']]);
    expect(await seqsAndTypes(c.id)).toEqual([[1, 'setup']]);
    expect(await store.getGame(c.id)).toMatchObject({ version: 2, snapshot: { turn: 1 } });
  });

  it('stores each append’s own time to the millisecond, as Prisma does: the UTC wall time in TIMESTAMP(3)', async () => {
    const [a, b, c] = [await newGame(), await newGame(), await newGame()];
    const times = [new Date('2031-07-05T00:00:01.000Z'), new Date('2031-12-31T23:59:59.999Z'), new Date('2030-02-28T12:34:56.007Z')];
    const receipts = [randomUUID(), randomUUID(), randomUUID()];
    const together = await commitPostgresAppends(connection, [
      request(a, { at: times[0]!, events: events('x'), interactionId: receipts[0]! }),
      request(b, { at: times[1]!, events: events('y'), interactionId: receipts[1]! }),
    ]);
    const alone = await commitPostgresAppends(connection, [request(c, { at: times[2]!, events: events('z'), interactionId: receipts[2]! })]);
    expect([...together, ...alone].map((result) => value(result))).toMatchObject(times.map((at) => ({ kind: 'appended', game: { updatedAt: at } })));

    for (const [index, game] of [a, b, c].entries()) {
      const at = times[index]!;
      expect((await store.getGame(game.id))?.updatedAt).toEqual(at);
      expect((await store.listEvents(game.id))[1]?.at).toEqual(at);
      const stamp = (column: string, table: string, where: string, id: string) =>
        rows<{ v: string }>(`SELECT to_char("${column}", 'YYYY-MM-DD"T"HH24:MI:SS.MS') AS "v" FROM "${table}" WHERE ${where}`, [id]);
      const values = [
        ...(await stamp('updatedAt', 'Game', `"id" = $1`, game.id)),
        ...(await stamp('at', 'GameEvent', `"gameId" = $1 AND "seq" = 2`, game.id)),
        ...(await stamp('at', 'InteractionReceipt', `"id" = $1`, receipts[index]!)),
      ];
      expect(values.map((row) => row.v)).toEqual([0, 1, 2].map(() => at.toISOString().slice(0, 23)));
    }
  });

  it('settles a batch whose appends share an interaction id in order: the first appended, the next a duplicate', async () => {
    const [a, b] = [await newGame(), await newGame()];
    const interaction = randomUUID();
    const settled = await commitPostgresAppends(connection, [request(a, { interactionId: interaction, events: events('a') }), request(b, { interactionId: interaction, events: events('b') })]);
    expect(kinds(settled)).toEqual(['appended', 'duplicate_interaction']);
    expect(await seqsAndTypes(b.id)).toEqual([[1, 'setup']]);
  });

  it('lets two batches race on the same games: each game appended once, by one of them', async () => {
    const games = await Promise.all([1, 2, 3, 4].map(() => newGame()));
    const [left, right] = await Promise.all([
      commitPostgresAppends(connection, games.map((game) => request(game, { events: events('left') }))),
      commitPostgresAppends(connection, [...games].reverse().map((game) => request(game, { events: events('right') }))),
    ]);
    const winners = games.map((_, index) => [kinds(left)[index], kinds(right)[games.length - 1 - index]]);
    for (const [index, game] of games.entries()) {
      expect([...winners[index]!].sort()).toEqual(['appended', 'not_matched']);
      expect(await seqsAndTypes(game.id)).toEqual([[1, 'setup'], [2, winners[index]![0] === 'appended' ? 'left' : 'right']]);
    }
  });

  it('fails only the append a database error concerns, and never rejects', async () => {
    const [good, bad] = [await newGame(), await newGame()];
    const settled = await commitPostgresAppends(connection, [request(good, { events: events('ok') }), request(bad, { events: [{ type: 'bad', payload: 'x\u0000y', actor: null }] })]);
    expect(settled[0]).toMatchObject({ ok: true, value: { kind: 'appended' } });
    expect(settled[1]).toMatchObject({ ok: false, error: expect.any(Error) });
    expect(await seqsAndTypes(good.id)).toEqual([[1, 'setup'], [2, 'ok']]);
    expect(await store.getGame(bad.id)).toMatchObject({ version: 1 });
  });

  it('runs on the Prisma adapter too, which reports a duplicate receipt in its own error', async () => {
    const driver = await new PrismaPg({ connectionString: database.url }).connect();
    try {
      const [a, b] = [await newGame(), await newGame()];
      const interaction = randomUUID();
      expect(kinds(await commitPostgresAppends(driver, [request(a, { interactionId: interaction, events: events('a') })]))).toEqual(['appended']);
      const settled = await commitPostgresAppends(driver, [request(a, { expectedVersion: 2, events: events('a2'), at: new Date('2031-07-05T00:00:02.500Z') }), request(b, { interactionId: interaction })]);
      expect(kinds(settled)).toEqual(['appended', 'duplicate_interaction']);
      expect(await store.listEvents(a.id)).toMatchObject([{ seq: 1 }, { seq: 2, type: 'a', at: AT }, { seq: 3, type: 'a2', at: new Date('2031-07-05T00:00:02.500Z') }]);
    } finally {
      await driver.dispose();
    }
  });
});

/** A stored game as the append's statement returns its row: the turn clock in its two columns. */
function asRow({ snapshot: _, turnClock, ...game }: StoredGame) {
  return { ...game, turnClockHours: turnClock?.hours ?? null, atDeadline: turnClock?.atDeadline ?? null };
}
