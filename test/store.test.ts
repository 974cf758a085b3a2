/**
 * The GameStore contract, run against real databases: a temporary SQLite file and a fresh PostgreSQL
 * database (see test/support/postgres.ts for where the server comes from).
 */
import { randomUUID } from 'node:crypto';
import { execFile as execFileCallback } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameStore, NewEvent, StoredGame } from '../src/store/contract.js';
import { DEFAULT_DATABASE_URL, parseDatabaseUrl } from '../src/store/database-url.js';
import { migrate } from '../src/store/migrate.js';
import { openStore, type OpenStoreOptions } from '../src/store/open.js';
import { createTestDatabase, startPostgres, type PostgresServer } from './support/postgres.js';

interface Backend {
  name: 'sqlite' | 'postgresql';
  /** A new, empty database; cleaned up in afterAll. */
  freshDatabase(): Promise<string>;
  /** Runs one SQL statement outside the store, to look at or tamper with what it wrote. */
  sql<T>(url: string, text: string, params?: unknown[]): Promise<T[]>;
  cleanup(): Promise<void>;
}

function sqliteBackend(): Backend {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fatekeeper-store-'));
  return {
    name: 'sqlite',
    async freshDatabase() {
      return `file:${path.join(dir, `${randomUUID()}.db`)}`;
    },
    async sql<T>(url: string, text: string, params: unknown[] = []) {
      const db = new Database(url.slice('file:'.length));
      try {
        const statement = db.prepare(text);
        return statement.reader ? (statement.all(...params) as T[]) : (statement.run(...params), []);
      } finally {
        db.close();
      }
    },
    async cleanup() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function postgresBackend(): Backend {
  const drops: (() => Promise<void>)[] = [];
  // Normally the global setup's server; a file run on its own (without the vitest config) starts one.
  let ownServer: Promise<PostgresServer> | undefined;
  const serverUrl = async () => process.env.TEST_DATABASE_URL ?? (await (ownServer ??= startPostgres())).url;
  return {
    name: 'postgresql',
    async freshDatabase() {
      const db = await createTestDatabase(await serverUrl());
      drops.push(db.drop);
      return db.url;
    },
    async sql<T>(url: string, text: string, params: unknown[] = []) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query(text, params)).rows as T[];
      } finally {
        await client.end();
      }
    },
    async cleanup() {
      for (const drop of drops) await drop();
      await (await ownServer)?.stop();
    },
  };
}

const event = (type: string, payload: unknown = { type }, actor: string | null = 'user-1'): NewEvent => ({ type, payload, actor });

describe.each([{ make: sqliteBackend }, { make: postgresBackend }])('GameStore', ({ make }) => {
  const backend = make();
  let url: string;
  let store: GameStore;
  const stores: GameStore[] = [];

  const open = async (databaseUrl: string, options?: OpenStoreOptions) => {
    const opened = await openStore(databaseUrl, options);
    stores.push(opened);
    return opened;
  };

  const newGame = async (channelId = randomUUID(), events: NewEvent[] = [event('setup')]): Promise<StoredGame> => {
    const result = await store.createGame({ guildId: 'guild-1', channelId, system: 'duel', createdBy: 'user-1', snapshot: { turn: 0 }, events });
    if (!result.ok) throw new Error(`channel ${channelId} unexpectedly busy`);
    return result.game;
  };

  beforeAll(async () => {
    url = await backend.freshDatabase();
    store = await open(url);
  });

  afterAll(async () => {
    for (const opened of stores) await opened.close();
    await backend.cleanup();
  });

  describe(`on ${backend.name}`, () => {
    it('creates a game with its opening events and reads it back identically', async () => {
      const before = Date.now();
      const channelId = randomUUID();
      const snapshot = { deck: ['1♠', '13♥', 'Red Joker'], nested: { n: 1.5, none: null, list: [true, false] }, text: 'éà 漢字 "quoted"' };
      const result = await store.createGame({
        guildId: null,
        channelId,
        system: 'duel',
        createdBy: 'user-1',
        snapshot,
        events: [event('setup', { seed: 'abc' }), event('shuffle', [1, 2, 3], null)],
      });
      const after = Date.now();
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      const { game, events } = result;
      expect(game).toMatchObject({ guildId: null, channelId, system: 'duel', status: 'active', version: 1, snapshot, createdBy: 'user-1' });
      // Catches a timestamp stored in one time zone and read in another (the test server runs at +13:45).
      expect(game.createdAt.getTime()).toBeGreaterThanOrEqual(before);
      expect(game.createdAt.getTime()).toBeLessThanOrEqual(after);
      expect(events.map((e) => [e.seq, e.type, e.payload, e.actor])).toEqual([
        [1, 'setup', { seed: 'abc' }, 'user-1'],
        [2, 'shuffle', [1, 2, 3], null],
      ]);

      expect(await store.getGame(game.id)).toEqual(game);
      expect(await store.findActiveGame(channelId)).toEqual(game);
      expect(await store.findLatestGame(channelId)).toEqual(game);
      expect(await store.listEvents(game.id)).toEqual(events);
    });

    it('reports nothing for unknown ids and channels', async () => {
      expect(await store.getGame(randomUUID())).toBeNull();
      expect(await store.findActiveGame(randomUUID())).toBeNull();
      expect(await store.findLatestGame(randomUUID())).toBeNull();
      expect(await store.listEvents(randomUUID())).toEqual([]);
    });

    it('refuses a second active game in a channel, naming the active one, and writes nothing', async () => {
      const channelId = randomUUID();
      const first = await newGame(channelId);
      const second = await store.createGame({ guildId: 'guild-1', channelId, system: 'duel', createdBy: 'user-2', snapshot: {}, events: [event('setup')] });
      expect(second).toEqual({ ok: false, reason: 'channel_busy', activeGameId: first.id });
      expect(await store.findLatestGame(channelId)).toEqual(first);
      // Another channel is unaffected.
      await expect(newGame()).resolves.toMatchObject({ status: 'active' });
    });

    it('lets exactly one of several simultaneous creations in a channel win', async () => {
      const channelId = randomUUID();
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          store.createGame({ guildId: 'guild-1', channelId, system: 'duel', createdBy: `user-${i}`, snapshot: { i }, events: [event('setup')] }),
        ),
      );
      const winners = results.filter((r) => r.ok);
      expect(winners).toHaveLength(1);
      const winner = winners[0];
      if (winner === undefined || !winner.ok) throw new Error('no winner');
      for (const loser of results.filter((r) => !r.ok)) {
        expect(loser).toEqual({ ok: false, reason: 'channel_busy', activeGameId: winner.game.id });
      }
      expect(await store.findActiveGame(channelId)).toEqual(winner.game);
    });

    it('frees the channel when a game ends, and keeps the ended game findable', async () => {
      const channelId = randomUUID();
      const first = await newGame(channelId);
      const ended = await store.appendEvents({ gameId: first.id, expectedVersion: 1, events: [event('end')], snapshot: { over: true }, status: 'ended' });
      expect(ended.ok && ended.game.status).toBe('ended');
      expect(await store.findActiveGame(channelId)).toBeNull();
      expect(await store.findLatestGame(channelId)).toMatchObject({ id: first.id, status: 'ended', version: 2 });

      const second = await newGame(channelId);
      expect(second.id).not.toBe(first.id);
      expect(await store.findActiveGame(channelId)).toEqual(second);
      expect((await store.findLatestGame(channelId))?.id).toBe(second.id);

      // Ended games do not collide with each other either.
      await store.appendEvents({ gameId: second.id, expectedVersion: 1, events: [], snapshot: {}, status: 'ended' });
      const third = await newGame(channelId);
      expect((await store.findLatestGame(channelId))?.id).toBe(third.id);
      // An ended game still accepts events (e.g. a late log entry) without taking the channel back.
      const late = await store.appendEvents({ gameId: first.id, expectedVersion: 2, events: [event('note')], snapshot: { over: true } });
      expect(late.ok && late.game.status).toBe('ended');
      expect(await store.findActiveGame(channelId)).toEqual(third);
    });

    it('refuses to make an ended game active again, leaving it untouched', async () => {
      const game = await newGame();
      await store.appendEvents({ gameId: game.id, expectedVersion: 1, events: [event('end')], snapshot: 'end', status: 'ended' });
      await expect(store.appendEvents({ gameId: game.id, expectedVersion: 2, events: [event('again')], snapshot: 'again', status: 'active' })).rejects.toThrow(
        /cannot be made active/,
      );
      expect(await store.getGame(game.id)).toMatchObject({ status: 'ended', version: 2, snapshot: 'end' });
      expect((await store.listEvents(game.id)).map((e) => e.type)).toEqual(['setup', 'end']);
    });

    it('appends with compare-and-swap on the version', async () => {
      const game = await newGame();
      const ok = await store.appendEvents({ gameId: game.id, expectedVersion: 1, events: [event('draw', { card: '7♦' }), event('cheat', null)], snapshot: { turn: 1 } });
      expect(ok.ok).toBe(true);
      if (!ok.ok) return;
      expect(ok.game).toMatchObject({ id: game.id, version: 2, snapshot: { turn: 1 }, status: 'active', createdAt: game.createdAt });
      expect(ok.game.updatedAt.getTime()).toBeGreaterThanOrEqual(game.updatedAt.getTime());
      expect(ok.events.map((e) => [e.seq, e.type, e.payload])).toEqual([
        [2, 'draw', { card: '7♦' }],
        [3, 'cheat', null],
      ]);
      expect(await store.getGame(game.id)).toEqual(ok.game);

      // A writer still holding version 1 is turned away and changes nothing.
      const stale = await store.appendEvents({ gameId: game.id, expectedVersion: 1, events: [event('stale')], snapshot: { stale: true } });
      expect(stale).toEqual({ ok: false, reason: 'version_conflict' });
      expect(await store.getGame(game.id)).toEqual(ok.game);
      expect(await store.listEvents(game.id)).toHaveLength(3);

      // A write with no events still bumps the version.
      const quiet = await store.appendEvents({ gameId: game.id, expectedVersion: 2, events: [], snapshot: { turn: 2 } });
      expect(quiet.ok && [quiet.game.version, quiet.events]).toEqual([3, []]);

      // No game, no events: the events are written only beside the update of their game (the database
      // has no foreign key to refuse them: prisma-schemas.ts says why).
      const nowhere = randomUUID();
      expect(await store.appendEvents({ gameId: nowhere, expectedVersion: 1, events: [event('orphan')], snapshot: {} })).toEqual({ ok: false, reason: 'version_conflict' });
      expect(await store.listEvents(nowhere)).toEqual([]);
    });

    it('stores the timestamps of an append as Prisma does: UTC, in the adapter’s own format', async () => {
      const game = await newGame();
      const before = Date.now();
      const id = randomUUID();
      const result = await store.appendEvents({ gameId: game.id, expectedVersion: 1, events: [event('a'), event('b', null, null)], snapshot: 2, interactionId: id });
      const after = Date.now();
      if (!result.ok) throw new Error('unexpected conflict');
      const at = result.game.updatedAt;
      expect(at.getTime()).toBeGreaterThanOrEqual(before);
      expect(at.getTime()).toBeLessThanOrEqual(after);
      expect(result.events.map((e) => e.at)).toEqual([at, at]);
      // Read back through the store (a model query for the game would parse the same columns).
      expect((await store.getGame(game.id))?.updatedAt).toEqual(at);
      expect((await store.listEvents(game.id)).slice(1).map((e) => [e.seq, e.type, e.actor, e.at])).toEqual([
        [2, 'a', 'user-1', at],
        [3, 'b', null, at],
      ]);
      // And as the database holds them: on SQLite the text Prisma writes (so its ordering and parsing hold),
      // on PostgreSQL the UTC wall time in TIMESTAMP(3) (the test server runs far from UTC).
      const expected = backend.name === 'sqlite' ? at.toISOString().replace('Z', '+00:00') : at.toISOString().slice(0, 23);
      const text =
        backend.name === 'sqlite'
          ? (column: string, table: string, where: string) => `SELECT "${column}" AS "v" FROM "${table}" WHERE ${where}`
          : (column: string, table: string, where: string) => `SELECT to_char("${column}", 'YYYY-MM-DD"T"HH24:MI:SS.MS') AS "v" FROM "${table}" WHERE ${where}`;
      const p = backend.name === 'sqlite' ? '?' : '$1';
      const values = [
        ...(await backend.sql<{ v: string }>(url, text('updatedAt', 'Game', `"id" = ${p}`), [game.id])),
        ...(await backend.sql<{ v: string }>(url, text('at', 'GameEvent', `"gameId" = ${p} AND "seq" > 1`), [game.id])),
        ...(await backend.sql<{ v: string }>(url, text('at', 'InteractionReceipt', `"id" = ${p}`), [id])),
      ];
      expect(values.map((row) => row.v)).toEqual([expected, expected, expected, expected]);
    });

    it('reports a stale writer that asks to revive an ended game as a conflict, not as the revival error', async () => {
      const game = await newGame();
      await store.appendEvents({ gameId: game.id, expectedVersion: 1, events: [event('end')], snapshot: 'end', status: 'ended' });
      expect(await store.appendEvents({ gameId: game.id, expectedVersion: 1, events: [event('again')], snapshot: 'again', status: 'active' })).toEqual({
        ok: false,
        reason: 'version_conflict',
      });
      expect(await store.getGame(game.id)).toMatchObject({ status: 'ended', version: 2, snapshot: 'end' });
    });

    it('lets exactly one of several racing appends win, with nothing of the losers written', async () => {
      const game = await newGame();
      const racers = 8;
      const results = await Promise.all(
        Array.from({ length: racers }, (_, i) =>
          store.appendEvents({ gameId: game.id, expectedVersion: 1, events: [event(`move-${i}`), event(`after-${i}`)], snapshot: { winner: i } }),
        ),
      );
      const winners = results.flatMap((r, i) => (r.ok ? [i] : []));
      expect(winners).toHaveLength(1);
      expect(results.filter((r) => !r.ok)).toEqual(Array.from({ length: racers - 1 }, () => ({ ok: false, reason: 'version_conflict' })));
      const i = winners[0];
      const stored = await store.getGame(game.id);
      expect(stored).toMatchObject({ version: 2, snapshot: { winner: i } });
      expect((await store.listEvents(game.id)).map((e) => [e.seq, e.type])).toEqual([
        [1, 'setup'],
        [2, `move-${i}`],
        [3, `after-${i}`],
      ]);
    });

    it('lets racing writers each win once when they retry on conflict, keeping seq gap-free', async () => {
      const game = await newGame();
      const writers = 4;
      const writesEach = 3;
      const writer = async (w: number) => {
        for (let n = 0; n < writesEach; ) {
          const current = await store.getGame(game.id);
          if (current === null) throw new Error('game vanished');
          const result = await store.appendEvents({ gameId: game.id, expectedVersion: current.version, events: [event(`w${w}-${n}`)], snapshot: current.version });
          if (result.ok) n++;
        }
      };
      await Promise.all(Array.from({ length: writers }, (_, w) => writer(w)));
      const events = await store.listEvents(game.id);
      expect(events.map((e) => e.seq)).toEqual(Array.from({ length: 1 + writers * writesEach }, (_, k) => k + 1));
      expect(await store.getGame(game.id)).toMatchObject({ version: 1 + writers * writesEach, snapshot: writers * writesEach });
    });

    it('numbers events in order across appends (numerically, past 9)', async () => {
      const game = await newGame(randomUUID(), [event('e1'), event('e2')]);
      let version = game.version;
      for (let batch = 0; batch < 5; batch++) {
        const result = await store.appendEvents({
          gameId: game.id,
          expectedVersion: version,
          events: [event(`e${3 + batch * 3}`), event(`e${4 + batch * 3}`), event(`e${5 + batch * 3}`)],
          snapshot: batch,
        });
        if (!result.ok) throw new Error('unexpected conflict');
        version = result.game.version;
      }
      const events = await store.listEvents(game.id);
      expect(events.map((e) => e.seq)).toEqual(Array.from({ length: 17 }, (_, k) => k + 1));
      expect(events.map((e) => e.type)).toEqual(Array.from({ length: 17 }, (_, k) => `e${k + 1}`));
      expect(events.every((e) => e.gameId === game.id)).toBe(true);
    });

    it('appends a long batch of events with any text in them, exactly and in order', async () => {
      // More events than one INSERT takes on SQLite, and text that must survive PostgreSQL's array literals.
      const game = await newGame();
      const awkward = ['"quoted"', 'back\\slash', '{braces},commas', 'NULL', '', ' spaced ', 'éà 漢字 🃏', "it's"];
      const events = Array.from({ length: 1234 }, (_, k) => {
        const text = awkward[k % awkward.length] as string;
        return event(`t${k}${text}`, { k, text }, k % 3 === 0 ? null : text);
      });
      const result = await store.appendEvents({ gameId: game.id, expectedVersion: 1, events, snapshot: { text: awkward }, interactionId: randomUUID() });
      if (!result.ok) throw new Error('unexpected conflict');
      const stored = await store.listEvents(game.id);
      expect(stored.slice(1)).toEqual(result.events);
      expect(stored.map((e) => e.seq)).toEqual(Array.from({ length: 1235 }, (_, k) => k + 1));
      expect(result.events.map((e) => [e.type, e.payload, e.actor])).toEqual(events.map((e) => [e.type, e.payload, e.actor]));
      expect(await store.getGame(game.id)).toMatchObject({ version: 2, snapshot: { text: awkward } });
    });

    it('rejects values that are not JSON before writing anything', async () => {
      const game = await newGame();
      await expect(store.appendEvents({ gameId: game.id, expectedVersion: 1, events: [], snapshot: undefined })).rejects.toThrow(TypeError);
      await expect(store.appendEvents({ gameId: game.id, expectedVersion: 1, events: [event('x', () => 1)], snapshot: {} })).rejects.toThrow(TypeError);
      expect(await store.getGame(game.id)).toEqual(game);
    });

    it('does not let a failing append take a concurrent receipt down with it', async () => {
      // On SQLite every query shares one connection: without the store's serialization the other write
      // would run inside the failing append's open transaction and vanish in its rollback.
      const ended = await newGame();
      await store.appendEvents({ gameId: ended.id, expectedVersion: 1, events: [], snapshot: {}, status: 'ended' });
      const other = await newGame();
      const id = randomUUID();
      const [append, receipted] = await Promise.allSettled([
        store.appendEvents({ gameId: ended.id, expectedVersion: 2, events: [event('x')], snapshot: {}, status: 'active' }),
        store.appendEvents({ gameId: other.id, expectedVersion: 1, events: [event('y')], snapshot: {}, interactionId: id }),
      ]);
      expect(append.status).toBe('rejected');
      expect(receipted).toMatchObject({ status: 'fulfilled', value: { ok: true } });
      expect(await store.appendEvents({ gameId: other.id, expectedVersion: 2, events: [event('z')], snapshot: {}, interactionId: id })).toEqual({
        ok: false,
        reason: 'duplicate_interaction',
      });
    });

    it('records an interaction with the events it causes, once, even under concurrent deliveries', async () => {
      const game = await newGame();
      const id = randomUUID();
      expect(await store.appendEvents({ gameId: game.id, expectedVersion: 1, events: [event('a')], snapshot: 1, interactionId: id })).toMatchObject({ ok: true });
      // The retried delivery is refused and writes nothing, even with a fresh expected version.
      expect(await store.appendEvents({ gameId: game.id, expectedVersion: 2, events: [event('b')], snapshot: 2, interactionId: id })).toEqual({
        ok: false,
        reason: 'duplicate_interaction',
      });
      expect((await store.getGame(game.id))?.version).toBe(2);
      expect((await store.listEvents(game.id)).map((e) => e.type)).toEqual(['setup', 'a']);

      const games = await Promise.all(Array.from({ length: 5 }, () => newGame()));
      const racing = randomUUID();
      const results = await Promise.all(games.map((g) => store.appendEvents({ gameId: g.id, expectedVersion: 1, events: [event('r')], snapshot: {}, interactionId: racing })));
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok && r.reason === 'duplicate_interaction')).toHaveLength(4);
    });

    it('a lost compare-and-swap leaves no receipt, so the retry of the same interaction can succeed', async () => {
      const game = await newGame();
      await store.appendEvents({ gameId: game.id, expectedVersion: 1, events: [event('other')], snapshot: {} });
      const id = randomUUID();
      expect(await store.appendEvents({ gameId: game.id, expectedVersion: 1, events: [event('stale')], snapshot: {}, interactionId: id })).toEqual({
        ok: false,
        reason: 'version_conflict',
      });
      expect(await store.appendEvents({ gameId: game.id, expectedVersion: 2, events: [event('retry')], snapshot: {}, interactionId: id })).toMatchObject({ ok: true });
      expect((await store.listEvents(game.id)).map((e) => e.type)).toEqual(['setup', 'other', 'retry']);
    });

    it('records the interaction that created a game, and refuses its retry', async () => {
      const id = randomUUID();
      const channelId = randomUUID();
      const input = { guildId: null, channelId, system: 'm3e', createdBy: 'u', snapshot: {}, events: [event('start')], interactionId: id };
      expect(await store.createGame(input)).toMatchObject({ ok: true });
      await store.appendEvents({ gameId: (await store.findActiveGame(channelId))!.id, expectedVersion: 1, events: [], snapshot: {}, status: 'ended' });
      expect(await store.createGame(input)).toEqual({ ok: false, reason: 'duplicate_interaction' });
      expect(await store.findActiveGame(channelId)).toBeNull();
    });

    it('forgets receipts older than an hour', async () => {
      let clock = new Date('2030-01-01T00:00:00Z');
      const timed = await open(url, { now: () => clock });
      const game = (await timed.createGame({ guildId: null, channelId: randomUUID(), system: 'm3e', createdBy: 'u', snapshot: {}, events: [] })) as { ok: true; game: { id: string } };
      let version = 1;
      const append = async (interactionId: string) => {
        const result = await timed.appendEvents({ gameId: game.game.id, expectedVersion: version, events: [], snapshot: {}, interactionId });
        if (result.ok) version++;
        return result.ok;
      };
      const old = randomUUID();
      expect(await append(old)).toBe(true);
      clock = new Date(clock.getTime() + 30 * 60 * 1000);
      expect(await append(old)).toBe(false);
      clock = new Date(clock.getTime() + 2 * 60 * 60 * 1000);
      expect(await append(randomUUID())).toBe(true); // prunes
      expect(await append(old)).toBe(true);
    });

    // The hot statements bind and read timestamps themselves (not through Prisma's adapter): the instants
    // must survive a process whose local time zone is not UTC, and match what the Prisma client wrote.
    it('keeps the exact instants of events and games, whatever the process time zone', async () => {
      const zone = process.env.TZ;
      process.env.TZ = 'America/St_Johns'; // UTC−3:30 (−2:30 in summer): no whole-hour coincidence
      try {
        const clock = { at: new Date('2031-07-04T23:59:58.123Z') };
        const timed = await open(url, { now: () => clock.at });
        const created = await timed.createGame({ guildId: null, channelId: randomUUID(), system: 'm3e', createdBy: 'u', snapshot: {}, events: [event('setup')] }); // the client
        if (!created.ok) throw new Error('channel busy');
        clock.at = new Date('2031-07-05T00:00:01.000Z');
        const appended = await timed.appendEvents({ gameId: created.game.id, expectedVersion: 1, events: [event('x')], snapshot: {}, interactionId: randomUUID() }); // the hot path
        expect(appended).toMatchObject({ ok: true, game: { createdAt: new Date('2031-07-04T23:59:58.123Z'), updatedAt: clock.at } });
        expect((await timed.listEvents(created.game.id)).map((e) => e.at.toISOString())).toEqual(['2031-07-04T23:59:58.123Z', '2031-07-05T00:00:01.000Z']);
        expect(await timed.getGame(created.game.id)).toMatchObject({ createdAt: new Date('2031-07-04T23:59:58.123Z'), updatedAt: clock.at });
      } finally {
        if (zone === undefined) delete process.env.TZ;
        else process.env.TZ = zone;
      }
    });

    it('remembers a client locale apart from the choices, and keeps each when the other is saved', async () => {
      const newcomer = randomUUID();
      await store.rememberClientLocale(newcomer, 'fr'); // no row yet
      expect(await store.getUserSettings(newcomer)).toEqual({ userId: newcomer, locale: null, directMessages: true, clientLocale: 'fr' });
      await store.saveUserSettings({ userId: newcomer, locale: 'en', directMessages: false });
      expect(await store.getUserSettings(newcomer)).toEqual({ userId: newcomer, locale: 'en', directMessages: false, clientLocale: 'fr' });
      await store.rememberClientLocale(newcomer, 'en');
      expect(await store.getUserSettings(newcomer)).toEqual({ userId: newcomer, locale: 'en', directMessages: false, clientLocale: 'en' });
    });

    // Two instances on one database: PostgreSQL's case. (Two SQLite stores in one process would wait for
    // each other's lock on one thread; SQLite's several processes are tested further down.)
    it.runIf(backend.name === 'postgresql')('saves settings from two instances at once without failing: the first write of a row may race another', async () => {
      const other = await open(url);
      // Each user's first setting written by both instances together: both find no row and insert.
      const users = Array.from({ length: 12 }, () => randomUUID());
      const guild = randomUUID();
      await Promise.all(
        [store, other].flatMap((instance, i) => [
          ...users.map((userId) => instance.rememberClientLocale(userId, i === 0 ? 'fr' : 'en')),
          ...users.map((userId) => instance.saveUserSettings({ userId, locale: 'fr', directMessages: i === 0 })),
          instance.saveGuildSettings({ guildId: guild, refereeRoleId: `role-${i}` }),
        ]),
      );
      for (const userId of users) expect(['fr', 'en']).toContain((await store.getUserSettings(userId)).clientLocale);
      expect(['role-0', 'role-1']).toContain((await other.getGuildSettings(guild)).refereeRoleId);
    });

    it('round-trips user and guild settings, with defaults when none are saved', async () => {
      const userId = randomUUID();
      expect(await store.getUserSettings(userId)).toEqual({ userId, locale: null, directMessages: true, clientLocale: null });
      await store.saveUserSettings({ userId, locale: 'fr', directMessages: false });
      expect(await store.getUserSettings(userId)).toEqual({ userId, locale: 'fr', directMessages: false, clientLocale: null });
      await store.saveUserSettings({ userId, locale: null, directMessages: true });
      expect(await store.getUserSettings(userId)).toEqual({ userId, locale: null, directMessages: true, clientLocale: null });

      const guildId = randomUUID();
      const none = { guildId, refereeRoleId: null, locale: null, discordLocale: null };
      expect(await store.getGuildSettings(guildId)).toEqual(none);
      await store.saveGuildSettings({ guildId, refereeRoleId: 'role-1' });
      expect(await store.getGuildSettings(guildId)).toEqual({ ...none, refereeRoleId: 'role-1' });
      // Each choice is saved alone: the language leaves the referee role as it was, and the reverse.
      await store.saveGuildSettings({ guildId, locale: 'fr' });
      expect(await store.getGuildSettings(guildId)).toEqual({ ...none, refereeRoleId: 'role-1', locale: 'fr' });
      await store.saveGuildSettings({ guildId, refereeRoleId: null });
      expect(await store.getGuildSettings(guildId)).toEqual({ ...none, locale: 'fr' });
      // The server's Discord language is remembered apart from what its managers choose.
      await store.rememberGuildLocale(guildId, 'en-US');
      await store.saveGuildSettings({ guildId, locale: null });
      expect(await store.getGuildSettings(guildId)).toEqual({ ...none, discordLocale: 'en-US' });
      const newcomer = randomUUID();
      await store.rememberGuildLocale(newcomer, 'fr');
      expect(await store.getGuildSettings(newcomer)).toEqual({ guildId: newcomer, refereeRoleId: null, locale: null, discordLocale: 'fr' });
    });

    it('keeps the message a game edits in place, one per slot, replaced when a new story starts', async () => {
      const game = await newGame();
      expect(await store.getGameMessage(game.id, 'story')).toBeNull();
      const first = { gameId: game.id, slot: 'story', channelId: 'c-1', messageId: 'm-1', topic: 'resolution:1', fromBatch: 4 };
      await store.saveGameMessage(first);
      expect(await store.getGameMessage(game.id, 'story')).toEqual(first);
      expect(await store.getGameMessage(game.id, 'other')).toBeNull();
      const second = { ...first, messageId: 'm-2', topic: 'resolution:2', fromBatch: 19 };
      await store.saveGameMessage(second);
      expect(await store.getGameMessage(game.id, 'story')).toEqual(second);
    });

    it('keeps a player’s draft per game and player, replaced when saved again and gone when dropped', async () => {
      const game = await newGame();
      expect(await store.getPlayerDraft(game.id, 'u-1')).toBeNull();
      const text = 'Ada Quill (Arcanists)\nLeader:\n  Ada Quill\nHires:\n  Page — ’quoted’ ✅';
      await store.savePlayerDraft(game.id, 'u-1', text);
      await store.savePlayerDraft(game.id, 'u-2', 'theirs');
      expect(await store.getPlayerDraft(game.id, 'u-1')).toBe(text);
      expect(await store.getPlayerDraft('another-game', 'u-1')).toBeNull();
      await store.savePlayerDraft(game.id, 'u-1', 'changed');
      expect(await store.getPlayerDraft(game.id, 'u-1')).toBe('changed');
      await store.savePlayerDraft(game.id, 'u-1', null);
      expect(await store.getPlayerDraft(game.id, 'u-1')).toBeNull();
      expect(await store.getPlayerDraft(game.id, 'u-2')).toBe('theirs');
      // Dropping a draft that is not there is no error.
      expect(await store.savePlayerDraft(game.id, 'u-1', null)).toEqual({ ok: true });
    });

    it('writes a draft step once per interaction: a retried delivery is refused and changes nothing', async () => {
      const game = await newGame();
      expect(await store.savePlayerDraft(game.id, 'u-1', 'first', 'draft-interaction-1')).toEqual({ ok: true });
      expect(await store.savePlayerDraft(game.id, 'u-1', 'first, then again', 'draft-interaction-1')).toEqual({ ok: false, reason: 'duplicate_interaction' });
      expect(await store.getPlayerDraft(game.id, 'u-1')).toBe('first');
      expect(await store.savePlayerDraft(game.id, 'u-1', 'second', 'draft-interaction-2')).toEqual({ ok: true });
      expect(await store.getPlayerDraft(game.id, 'u-1')).toBe('second');
    });

    it('keeps everything when the store is reopened', async () => {
      const game = await newGame();
      const again = await open(url);
      expect(await again.getGame(game.id)).toEqual(game);
      expect(await again.listEvents(game.id)).toHaveLength(1);
    });

    describe('migrator', () => {
      it('applies the committed migrations once, and then nothing', async () => {
        const fresh = await backend.freshDatabase();
        const first = await migrate(fresh);
        expect(first.applied.length).toBeGreaterThan(0);
        expect(first.applied.at(-1)).toMatch(/^\d{14}_\w+$/);
        expect(await migrate(fresh)).toEqual({ applied: [], modified: [] });
        const history = await backend.sql<{ migration_name: string }>(fresh, 'SELECT migration_name FROM "_prisma_migrations" ORDER BY migration_name');
        expect(history.map((row) => row.migration_name)).toEqual(first.applied);
        // And openStore on an up-to-date database only opens it.
        const opened = await open(fresh);
        await expect(opened.getUserSettings('x')).resolves.toMatchObject({ userId: 'x' });
      });

      it('applies each migration exactly once when several processes start together', async () => {
        const fresh = await backend.freshDatabase();
        const reports = await Promise.all([migrate(fresh), migrate(fresh), migrate(fresh)]);
        const applied = reports.flatMap((r) => r.applied);
        expect(applied.toSorted()).toEqual([...new Set(applied)].toSorted());
        const history = await backend.sql<{ n: number | string }>(fresh, 'SELECT COUNT(*) AS n FROM "_prisma_migrations"');
        expect(Number(history[0]?.n)).toBe(applied.length);
      });

      it('rolls a failing migration back completely, then applies it once fixed', async () => {
        const fresh = await backend.freshDatabase();
        const dir = mkdtempSync(path.join(os.tmpdir(), 'fatekeeper-migrations-'));
        try {
          const write = (name: string, sql: string) => {
            mkdirSync(path.join(dir, name), { recursive: true });
            writeFileSync(path.join(dir, name, 'migration.sql'), sql);
          };
          write('20000101000000_one', 'CREATE TABLE "One" ("id" INTEGER PRIMARY KEY);\n');
          write('20000102000000_two', 'CREATE TABLE "Two" ("id" INTEGER PRIMARY KEY);\nINSERT INTO "Missing" VALUES (1);\n');

          await expect(migrate(fresh, { migrationsDir: dir })).rejects.toThrow(/20000102000000_two failed/);
          const tables = async () =>
            (
              await backend.sql<{ name: string }>(
                fresh,
                backend.name === 'sqlite'
                  ? `SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('One', 'Two')`
                  : `SELECT table_name AS name FROM information_schema.tables WHERE table_name IN ('One', 'Two')`,
              )
            )
              .map((row) => row.name)
              .sort();
          expect(await tables()).toEqual(['One']);

          write('20000102000000_two', 'CREATE TABLE "Two" ("id" INTEGER PRIMARY KEY);\n');
          expect(await migrate(fresh, { migrationsDir: dir })).toEqual({ applied: ['20000102000000_two'], modified: [] });
          expect(await tables()).toEqual(['One', 'Two']);

          // Editing an applied migration does not re-run it, but is reported.
          write('20000101000000_one', 'CREATE TABLE "One" ("id" INTEGER PRIMARY KEY, "x" TEXT);\n');
          expect(await migrate(fresh, { migrationsDir: dir })).toEqual({ applied: [], modified: ['20000101000000_one'] });
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      });
    });
  });
});

describe('GameStore on sqlite, shared by several processes', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fatekeeper-store-processes-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // Each process holds the write lock for a whole interactive transaction; the others must queue on the
  // busy timeout (and WAL keeps their reads going) rather than fail with SQLITE_BUSY.
  it('makes writers wait for each other instead of failing', async () => {
    const url = `file:${path.join(dir, 'shared.db')}`;
    const store = await openStore(url);
    const created = await store.createGame({ guildId: null, channelId: 'shared', system: 'duel', createdBy: 'u', snapshot: 0, events: [event('setup')] });
    if (!created.ok) throw new Error('channel busy');
    const gameId = created.game.id;

    const processes = 3;
    const writesEach = 10;
    const root = fileURLToPath(new URL('..', import.meta.url));
    const script = `
      import { openStore } from ${JSON.stringify(new URL('../src/store/open.ts', import.meta.url).href)};
      const store = await openStore(process.env.STORE_URL);
      const gameId = process.env.GAME_ID;
      for (let n = 0; n < ${writesEach}; ) {
        const game = await store.getGame(gameId);
        const result = await store.appendEvents({
          gameId, expectedVersion: game.version, snapshot: game.version,
          events: [{ type: 'p' + process.env.WRITER + '-' + n, payload: n, actor: null }],
          interactionId: process.env.WRITER + '-' + n + '-' + game.version,
        });
        if (result.ok) n++;
      }
      await store.close();
    `;
    const execFile = promisify(execFileCallback);
    await Promise.all(
      Array.from({ length: processes }, (_, writer) =>
        execFile(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
          cwd: root,
          env: { ...process.env, STORE_URL: url, GAME_ID: gameId, WRITER: String(writer) },
        }),
      ),
    );

    const events = await store.listEvents(gameId);
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: 1 + processes * writesEach }, (_, k) => k + 1));
    expect(await store.getGame(gameId)).toMatchObject({ version: 1 + processes * writesEach, snapshot: processes * writesEach });
    const raw = new Database(url.slice('file:'.length));
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    raw.close();
    await store.close();
  });
});

describe('GameStore on sqlite, another process committing under a write of the Prisma client', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fatekeeper-store-stale-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /**
   * The client's upserts read, then write, in a transaction of their own. Another process (here another
   * connection) commits between the two, `times` times: each time the write finds its snapshot stale
   * (SQLITE_BUSY_SNAPSHOT, which no busy timeout waits out). Returns how often the write was tried.
   */
  async function commitUnder<T>(file: string, table: string, times: number, write: () => Promise<T>): Promise<{ tries: number; outcome: PromiseSettledResult<T> }> {
    const other = new Database(file);
    const prepare = Database.prototype.prepare;
    const clientWrite = new RegExp(`^(INSERT INTO|UPDATE) \`main\`\\.\`${table}\``);
    let tries = 0;
    Database.prototype.prepare = function (this: Database.Database, source: string) {
      if (this !== other && clientWrite.test(source) && tries++ < times) {
        other.prepare('INSERT INTO "GuildSetting" ("guildId") VALUES (?)').run(`elsewhere-${table}-${tries}`);
      }
      return prepare.call(this, source);
    } as typeof prepare;
    try {
      const [outcome] = await Promise.allSettled([write()]);
      return { tries, outcome: outcome! };
    } finally {
      Database.prototype.prepare = prepare;
      other.close();
    }
  }

  it('begins the write again on a fresh snapshot, and it lands once', async () => {
    const file = path.join(dir, 'stale.db');
    const store = await openStore(`file:${file}`);
    try {
      const created = await store.createGame({ guildId: 'g', channelId: 'c', system: 'duel', createdBy: 'u', snapshot: 0, events: [event('setup')] });
      if (!created.ok) throw new Error('channel busy');
      const gameId = created.game.id;

      const locale = await commitUnder(file, 'UserSetting', 3, () => store.rememberClientLocale('u', 'fr'));
      expect(locale.outcome.status).toBe('fulfilled');
      expect(locale.tries).toBe(4);
      expect(await store.getUserSettings('u')).toMatchObject({ clientLocale: 'fr' });

      // An interactive transaction (a draft without a receipt begins with the upsert's read).
      const draft = await commitUnder(file, 'PlayerDraft', 2, () => store.savePlayerDraft(gameId, 'u', 'Ada Quill', undefined));
      expect(draft.outcome).toMatchObject({ status: 'fulfilled', value: { ok: true } });
      expect(draft.tries).toBe(3);
      expect(await store.getPlayerDraft(gameId, 'u')).toBe('Ada Quill');

      const message = { gameId, slot: 'status', channelId: 'c', messageId: 'm1', topic: 'status', fromBatch: 1 };
      const saved = await commitUnder(file, 'GameMessage', 1, () => store.saveGameMessage(message));
      expect(saved).toMatchObject({ tries: 2, outcome: { status: 'fulfilled' } });
      expect(await store.getGameMessage(gameId, 'status')).toEqual(message);

      // The other connection's commits are all there too: nothing was lost on either side.
      const elsewhere = new Database(file, { readonly: true });
      expect(elsewhere.prepare(`SELECT count(*) AS n FROM "GuildSetting" WHERE "guildId" LIKE 'elsewhere-%'`).get()).toEqual({ n: 6 });
      elsewhere.close();
    } finally {
      await store.close();
    }
  });

  it('gives up after ten tries with the database error, having written nothing', async () => {
    const file = path.join(dir, 'starved.db');
    const store = await openStore(`file:${file}`);
    try {
      const starved = await commitUnder(file, 'UserSetting', Infinity, () => store.rememberClientLocale('u', 'fr'));
      expect(starved.tries).toBe(10);
      expect(starved.outcome).toMatchObject({ status: 'rejected', reason: { code: 'SQLITE_BUSY_SNAPSHOT' } });
      expect(await store.getUserSettings('u')).toMatchObject({ clientLocale: null });
    } finally {
      await store.close();
    }
  });
});

describe('GameStore on sqlite, four connections', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fatekeeper-store-connection-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // The Prisma client runs on the adapter's connection, the hot statements on the store's own
  // (sqlite-connection.ts). A write transaction open on one while the other writes would make the other
  // wait out the busy timeout; with a busy timeout of 0 such an overlap fails at once with SQLITE_BUSY,
  // so this passes only if the store never lets the two overlap.
  it.skipIf(!existsSync('/proc/self/fd'))('runs the Prisma client, its reads, its writer thread and its checkpointer on four connections, the writers never waiting for each other', async () => {
    const file = path.join(dir, 'two.db');
    const openFiles = () => readdirSync('/proc/self/fd').filter((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`) === file;
      } catch {
        return false; // closed in between
      }
    }).length;
    const store = await openStore(`file:${file}`, { busyTimeoutMs: 0 });
    try {
      const first = await store.createGame({ guildId: null, channelId: 'c0', system: 'duel', createdBy: 'u', snapshot: 0, events: [event('setup')] });
      if (!first.ok) throw new Error('channel busy');
      // All at once: the client's transactions (createGame, settings) interleaved with the own connection's appends and reads.
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => [
          store.createGame({ guildId: null, channelId: `c${i + 1}`, system: 'duel', createdBy: 'u', snapshot: i, events: [event('setup')], interactionId: `new-${i}` }),
          store.appendEvents({ gameId: first.game.id, expectedVersion: 1 + i, events: [event(`x${i}`)], snapshot: i, interactionId: `append-${i}` }),
          store.saveUserSettings({ userId: `u${i}`, locale: 'fr', directMessages: i % 2 === 0 }),
          store.getUserSettings(`u${i}`),
          store.findActiveGame(`c${i + 1}`),
        ]).flat(),
      );
      expect(results.filter((r) => typeof r === 'object' && r !== null && 'ok' in r && r.ok !== true)).toEqual([]);
      expect((await store.listEvents(first.game.id)).map((e) => e.type)).toEqual(['setup', ...Array.from({ length: 12 }, (_, i) => `x${i}`)]);
      expect(await store.getUserSettings('u3')).toMatchObject({ locale: 'fr', directMessages: false });
      // The Prisma client's, the reads', the writer thread's and the checkpointer's (whose thread opens its
      // connection a moment after the writer's has started it).
      for (const end = Date.now() + 5000; openFiles() < 4 && Date.now() < end; ) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(openFiles()).toBe(4);
    } finally {
      await store.close();
    }
    expect(openFiles()).toBe(0);
  });
});

describe('database URLs', () => {
  it('defaults to ./data/fatekeeper.db, relative to the working directory', () => {
    expect(parseDatabaseUrl(DEFAULT_DATABASE_URL)).toEqual({ provider: 'sqlite', file: path.resolve('data', 'fatekeeper.db') });
    expect(parseDatabaseUrl('file:/srv/x.db?connection_limit=1')).toEqual({ provider: 'sqlite', file: path.resolve('/srv/x.db') });
  });

  it('recognises both PostgreSQL schemes', () => {
    for (const url of ['postgres://u:p@h:5432/db', 'postgresql://u@h/db?sslmode=require']) {
      expect(parseDatabaseUrl(url)).toEqual({ provider: 'postgresql', url });
    }
  });

  it('refuses in-memory SQLite and unknown schemes, without echoing a password', () => {
    expect(() => parseDatabaseUrl('file::memory:')).toThrow(/In-memory/);
    expect(() => parseDatabaseUrl('mysql://root:hunter2@db/x')).toThrow(/^(?!.*hunter2).*expected file:/);
  });

  it('creates the folders of a new SQLite file and migrates it on first open', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'fatekeeper-store-first-run-'));
    try {
      const store = await openStore(`file:${path.join(dir, 'nested', 'data', 'fatekeeper.db')}`);
      expect(await store.getUserSettings('u')).toEqual({ userId: 'u', locale: null, directMessages: true, clientLocale: null });
      await store.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
