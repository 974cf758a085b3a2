/**
 * The write path's in-process cache (src/app/games.ts: GameCache, act) against real databases, SQLite and
 * PostgreSQL. Two stores opened on one database stand for two bot instances (or two processes on one
 * SQLite file): each has its own cache, so what one writes leaves the other's cache behind. A stale entry
 * must never let a write through blindly: the append conflicts, act() reads the database (validating the
 * snapshot) and decides again. Also: per-game queueing in one process, the retry budget, duplicate
 * deliveries, and the referee-role lookup that is only made when it can matter.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as engine from '../src/systems/malifaux-table/engine/index.js';
import { builtSystems } from '../src/systems/registry.js';
import { malifauxTable } from '../src/systems/malifaux-table/index.js';
import { act, createGame, effectiveEvents, type ActResult, type LoadedGame, type StoredPayload, type Who } from '../src/app/games.js';
import { GameCache, gameCacheOf } from '../src/app/writePath.js';
import type { Services } from '../src/discord/services.js';
import type { DiscordOutbox } from '../src/discord/contract.js';
import type { AppendResult, GameStore, StoredEvent, StoredGame } from '../src/store/contract.js';
import { openStore } from '../src/store/open.js';
import { createTestDatabase, startPostgres, type PostgresServer } from './support/postgres.js';
import { languageChoices } from '../src/app/languages.js';
import { acceptReferee } from '../src/app/acceptReferee.js';

const ALICE = 'alice-id';
const BOB = 'bob-id';
const CAROL = 'carol-id';
const GUILD = 'guild-1';
const REFEREE_ROLE = 'role-referee';

/** A bot instance's view: its own store object (so its own cache and queues), counting what it asks for. */
interface Instance {
  services: Services;
  appends: { expectedVersion: number; result: AppendResult }[];
  /** findActiveGame + getGame: reads of a game from the database. */
  reads: number;
  guildLookups: number;
  /** listEvents: reads of a game's whole log (who referees it is written there). */
  logReads: number;
  /** Runs before each append this instance makes (index from 0): lets a test interleave another writer. */
  beforeAppend?: (index: number) => Promise<void>;
}

function instance(store: GameStore): Instance {
  const self: Instance = {
    services: undefined as unknown as Services,
    appends: [],
    reads: 0,
    guildLookups: 0,
    logReads: 0,
  };
  const counted: GameStore = {
    ...store,
    findActiveGame(channelId) {
      self.reads++;
      return store.findActiveGame(channelId);
    },
    getGame(gameId) {
      self.reads++;
      return store.getGame(gameId);
    },
    getGuildSettings(guildId) {
      self.guildLookups++;
      return store.getGuildSettings(guildId);
    },
    listEvents(gameId) {
      self.logReads++;
      return store.listEvents(gameId);
    },
    async appendEvents(input) {
      await self.beforeAppend?.(self.appends.length);
      const result = await store.appendEvents(input);
      self.appends.push({ expectedVersion: input.expectedVersion, result });
      return result;
    },
  };
  self.services = {
    store: counted,
    outbox: {} as DiscordOutbox,
    newSeed: () => randomBytes(32).toString('hex'),
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    languages: languageChoices(counted),
    systems: builtSystems,
    clock: Date.now,
  };
  return self;
}

let interactions = 0;
const who = (userId: string, extra: Partial<Who> = {}): Who => ({ userId, roles: [], interactionId: `cache-${++interactions}`, ...extra });
const flip = (label: string): engine.Command => ({ type: 'flip', modifier: 0, label });

function replayStored(log: readonly StoredEvent[]): engine.GameState {
  return engine.replay(effectiveEvents<engine.GameEvent>(log).map((e) => e.event));
}

function labelsOf(log: readonly StoredEvent[]): string[] {
  return log.flatMap((e) => {
    const event = (e.payload as StoredPayload).event as engine.GameEvent;
    return event.type === 'FlipStarted' ? [event.label ?? ''] : [];
  });
}

function expectOk(result: ActResult): Extract<ActResult, { ok: true }> {
  if (!result.ok) throw new Error(`expected the command to be applied, got ${JSON.stringify(result.problem)}`);
  return result;
}

describe.each(['sqlite', 'postgresql'] as const)('the write-path cache on %s', (backend) => {
  let url: string;
  const cleanups: (() => Promise<void> | void)[] = [];
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    if (backend === 'sqlite') {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'fatekeeper-cache-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      url = `file:${path.join(dir, 'shared.db')}`;
    } else {
      let server: PostgresServer | undefined;
      const serverUrl = process.env.TEST_DATABASE_URL ?? (server = await startPostgres()).url;
      if (server) cleanups.push(() => server.stop());
      const db = await createTestDatabase(serverUrl);
      cleanups.push(() => db.drop());
      url = db.url;
    }
    const storeA = await openStore(url);
    const storeB = await openStore(url);
    cleanups.push(() => storeA.close(), () => storeB.close());
    a = instance(storeA);
    b = instance(storeB);
  });

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  const reset = (...instances: Instance[]) => {
    for (const i of instances) {
      i.appends = [];
      i.reads = 0;
      i.guildLookups = 0;
      i.logReads = 0;
      delete i.beforeAppend;
    }
  };

  async function newGame(creator: Instance, channelId: string = randomUUID()): Promise<LoadedGame> {
    const created = await createGame(creator.services, {
      guildId: GUILD,
      channelId,
      createdBy: ALICE,
      system: 'm3e',
      interactionId: `cache-new-${++interactions}`,
      seats: [
        { userId: ALICE, name: 'Alice' },
        { userId: BOB, name: 'Bob' },
      ],
    });
    if (!created.ok) throw new Error(`createGame: ${JSON.stringify(created.problem)}`);
    return created.game;
  }

  /** The stored game is what its log replays to, and its versions and batches agree. */
  async function expectConsistent(gameId: string): Promise<{ game: StoredGame; log: StoredEvent[] }> {
    const game = (await a.services.store.getGame(gameId))!;
    const log = await a.services.store.listEvents(gameId);
    expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i + 1));
    expect((log.at(-1)!.payload as StoredPayload).batch).toBe(game.version);
    expect(engine.stateSchema.parse(game.snapshot)).toEqual(replayStored(log));
    return { game, log };
  }

  it('acts from the cache: no read, no snapshot parse, one append', async () => {
    const game = await newGame(a);
    reset(a);
    const result = expectOk(await act(a.services, game.stored.channelId, who(ALICE), flip('cached')));
    expect(a.reads).toBe(0);
    expect(a.appends.map((x) => [x.expectedVersion, x.result.ok])).toEqual([[1, true]]);
    expect(result.before).toBe(game.state);
    expect(Object.isFrozen(result.game.state)).toBe(true);
    await expectConsistent(game.stored.id);
  });

  it('a write by another instance makes the cached state stale: the append conflicts, writes nothing, and the command is decided again on the database state', async () => {
    const game = await newGame(a);
    const channelId = game.stored.channelId;
    expectOk(await act(a.services, channelId, who(ALICE), flip('a-1')));
    const byB = expectOk(await act(b.services, channelId, who(BOB), flip('b-1')));
    expect(byB.game.stored.version).toBe(3);

    reset(a);
    const again = expectOk(await act(a.services, channelId, who(ALICE), flip('a-2')));
    // The cached version 2 lost; one read of the database; then version 3 won.
    expect(a.appends.map((x) => [x.expectedVersion, x.result.ok ? 'ok' : x.result.reason])).toEqual([
      [2, 'version_conflict'],
      [3, 'ok'],
    ]);
    expect(a.reads).toBe(1);
    // Decided on what B wrote, not on the stale cache.
    expect(again.before).toEqual(byB.game.state);
    const { log } = await expectConsistent(game.stored.id);
    expect(labelsOf(log)).toEqual(['a-1', 'b-1', 'a-2']);

    // A's cache now holds the fresh state again: the next command needs no read.
    reset(a);
    expectOk(await act(a.services, channelId, who(ALICE), flip('a-3')));
    expect(a.reads).toBe(0);
  });

  it('a refusal decided on a stale cached state is confirmed on the database first: the command is decided again there, and applied', async () => {
    const game = await newGame(a);
    const channelId = game.stored.channelId;
    expectOk(await act(a.services, channelId, who(ALICE), flip('a-1')));
    // Alice draws through the other instance: A's cache still holds her hand without that card.
    const drew = expectOk(await act(b.services, channelId, who(ALICE), { type: 'draw', count: 1 }));
    const hand = (drew.game.state as engine.ActiveState).seats[0].hand;
    const card = hand.at(-1)!;
    expect(a.services.store).not.toBe(b.services.store);

    reset(a);
    const discarded = expectOk(await act(a.services, channelId, who(ALICE), { type: 'discard', cards: [card] }));
    // Refused on the cache (the card was not in the cached hand), not told: one read, then applied.
    expect(a.reads).toBe(1);
    expect(a.appends.map((x) => [x.expectedVersion, x.result.ok])).toEqual([[3, true]]);
    expect((discarded.game.state as engine.ActiveState).seats[0].hand).not.toContain(card);

    // A refusal that holds on the database's state too is told, after that one read.
    reset(a);
    const again = await act(a.services, channelId, who(ALICE), { type: 'discard', cards: [card] });
    expect(again.ok).toBe(false);
    expect(a.reads).toBe(1);
    expect(a.appends).toEqual([]);
  });

  it('a game ended and replaced by another instance: the stale entry conflicts, and the command finds no game, then the new one', async () => {
    const first = await newGame(a);
    const channelId = first.stored.channelId;
    expectOk(await act(a.services, channelId, who(ALICE), flip('a-1')));
    expectOk(await act(b.services, channelId, who(ALICE), { type: 'endGame' }));
    const ended = await expectConsistent(first.stored.id);
    expect(ended.game.status).toBe('ended');

    reset(a);
    expect(await act(a.services, channelId, who(ALICE), flip('lost'))).toEqual({ ok: false, problem: { code: 'NO_GAME' } });
    expect(a.appends.map((x) => x.result.ok)).toEqual([false]);
    expect(await a.services.store.getGame(first.stored.id)).toEqual(ended.game);

    // Again with a replacement game: A caches the second game, B ends it and starts a third.
    const second = await newGame(b, channelId);
    expectOk(await act(a.services, channelId, who(ALICE), flip('a-2')));
    expectOk(await act(b.services, channelId, who(ALICE), { type: 'endGame' }));
    const third = await newGame(b, channelId);
    reset(a);
    const result = expectOk(await act(a.services, channelId, who(ALICE), flip('a-3')));
    expect(result.game.stored.id).toBe(third.stored.id);
    expect(a.appends.map((x) => x.result.ok)).toEqual([false, true]);
    expect(labelsOf((await expectConsistent(second.stored.id)).log)).toEqual(['a-2']);
    expect(labelsOf((await expectConsistent(third.stored.id)).log)).toEqual(['a-3']);
  });

  it('a snapshot another instance wrote is zod-validated when the stale entry is reloaded (and rebuilt from the log if invalid)', async () => {
    const game = await newGame(a);
    const channelId = game.stored.channelId;
    const first = expectOk(await act(a.services, channelId, who(ALICE), flip('a-1')));
    // Another process writes a snapshot this engine cannot read (say, an older format), logging nothing.
    const stored = (await b.services.store.getGame(game.stored.id))!;
    const written = await b.services.store.appendEvents({ gameId: stored.id, expectedVersion: stored.version, events: [], snapshot: { status: 'active', bogus: true } });
    expect(written.ok).toBe(true);

    reset(a);
    const result = expectOk(await act(a.services, channelId, who(ALICE), flip('a-2')));
    expect(a.appends.map((x) => x.result.ok)).toEqual([false, true]);
    // Decided on the replay of the log (the invalid snapshot was not trusted), and a valid snapshot is back.
    expect(result.before).toEqual(first.game.state);
    expect(result.before).not.toBe(first.game.state);
    const { game: after, log } = await expectConsistent(game.stored.id);
    expect(engine.stateSchema.safeParse(after.snapshot).success).toBe(true);
    expect(labelsOf(log)).toEqual(['a-1', 'a-2']);
  });

  it('a stale cache does not use up the retry: two losses on database reads still come after it', async () => {
    const game = await newGame(a);
    const channelId = game.stored.channelId;
    expectOk(await act(a.services, channelId, who(ALICE), flip('a-1')));
    let n = 0;
    // B writes just before each of A's first three appends: the cached attempt and both database attempts lose.
    a.beforeAppend = async (index) => {
      if (index < 3) expectOk(await act(b.services, channelId, who(BOB), flip(`b-${++n}`)));
    };
    a.appends = [];
    a.reads = 0;
    expect(await act(a.services, channelId, who(ALICE), flip('a-lost'))).toEqual({ ok: false, problem: { code: 'CONCURRENT_ACTION' } });
    expect(a.appends.map((x) => x.result.ok)).toEqual([false, false, false]);
    expect(a.reads).toBe(2);
    expect(labelsOf((await expectConsistent(game.stored.id)).log)).toEqual(['a-1', 'b-1', 'b-2', 'b-3']);

    // Two losses (the stale cache, then one database read): the second database read wins.
    reset(a);
    expectOk(await act(a.services, channelId, who(ALICE), flip('a-2'))); // refills A's cache
    a.beforeAppend = async (index) => {
      if (index < 2) expectOk(await act(b.services, channelId, who(BOB), flip(`b-${++n}`)));
    };
    a.appends = [];
    expectOk(await act(a.services, channelId, who(ALICE), flip('a-3')));
    expect(a.appends.map((x) => x.result.ok)).toEqual([false, false, true]);
    expect(labelsOf((await expectConsistent(game.stored.id)).log)).toEqual(['a-1', 'b-1', 'b-2', 'b-3', 'a-2', 'b-4', 'b-5', 'a-3']);
    reset(a);
  });

  it('queues one process’s commands for a game instead of racing them: all applied, in turn, without conflicts', async () => {
    const game = await newGame(a);
    const channelId = game.stored.channelId;
    reset(a);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => act(a.services, channelId, who(i % 2 ? BOB : ALICE), flip(`q-${i}`))).map((p) => p.then(expectOk)),
    );
    expect(a.appends.map((x) => x.result.ok)).toEqual(Array.from({ length: 6 }, () => true));
    expect(results.map((r) => r.game.stored.version)).toEqual([2, 3, 4, 5, 6, 7]);
    // Each was decided on the state its predecessor wrote.
    for (let i = 1; i < results.length; i++) expect(results[i]!.before).toBe(results[i - 1]!.game.state);
    expect(labelsOf((await expectConsistent(game.stored.id)).log)).toEqual(['q-0', 'q-1', 'q-2', 'q-3', 'q-4', 'q-5']);
  });

  it('refuses a retried delivery from the cache as a duplicate, writing nothing', async () => {
    const game = await newGame(a);
    const interactionId = randomUUID();
    expectOk(await act(a.services, game.stored.channelId, who(ALICE, { interactionId }), flip('once')));
    expect(await act(a.services, game.stored.channelId, who(ALICE, { interactionId }), flip('once'))).toEqual({ ok: false, problem: { code: 'DUPLICATE_INTERACTION' } });
    // Through the other instance too (whose cache knows nothing).
    expect(await act(b.services, game.stored.channelId, who(ALICE, { interactionId }), flip('once'))).toEqual({ ok: false, problem: { code: 'DUPLICATE_INTERACTION' } });
    const { game: after, log } = await expectConsistent(game.stored.id);
    expect(after.version).toBe(2);
    expect(labelsOf(log)).toEqual(['once']);
  });

  it('looks up who referees only when it can matter, and a seated role holder referees only once accepted', async () => {
    // A game started before referees were chosen at /game new: the server's role of the moment.
    await a.services.store.saveGuildSettings({ guildId: GUILD, refereeRoleId: REFEREE_ROLE });
    const game = await newGame(a);
    const channelId = game.stored.channelId;
    const referee = { roles: [REFEREE_ROLE] };
    const lookups = () => a.guildLookups + a.logReads;
    reset(a);

    // The creator, and a seated player acting as a player: no lookup.
    expectOk(await act(a.services, channelId, who(ALICE), flip('alice')));
    expectOk(await act(a.services, channelId, who(BOB, referee), flip('bob')));
    expect(lookups()).toBe(0);
    // Refused as a player, holding no role at all: nothing to look up. The creator is no referee.
    expect(await act(a.services, channelId, who(ALICE), { type: 'setSoulstones', seat: 1, count: 5 })).toMatchObject({ ok: false, problem: { code: 'NOT_YOUR_SEAT' } });
    expect(lookups()).toBe(0);

    // A seated player holding the role, doing what only a referee may (another seat's soulstones): looked
    // up, and refused — Alice has not accepted him as a referee over her.
    expect(await act(a.services, channelId, who(BOB, referee), { type: 'setSoulstones', seat: 0, count: 4 })).toMatchObject({ ok: false, problem: { code: 'NOT_YOUR_SEAT' } });
    expect(lookups()).toBeGreaterThan(0);
    expect(await acceptReferee(a.services, game.stored.id, who(ALICE), BOB)).toMatchObject({ ok: true, everyone: true });
    const set = expectOk(await act(a.services, channelId, who(BOB, referee), { type: 'setSoulstones', seat: 0, count: 4 }));
    expect(set.events).toEqual([{ type: 'SoulstonesSet', seat: 0, count: 4, by: BOB }]);

    // A non-player holding the role: looked up first, since only a referee may act at all; without one, no lookup.
    reset(a);
    expectOk(await act(a.services, channelId, who(CAROL, referee), { type: 'setSoulstones', seat: 1, count: 2 }));
    expect(lookups()).toBeGreaterThan(0);
    reset(a);
    expect(await act(a.services, channelId, who(CAROL), { type: 'setSoulstones', seat: 1, count: 3 })).toEqual({ ok: false, problem: { code: 'NOT_A_PLAYER' } });
    expect(lookups()).toBe(0);
    await expectConsistent(game.stored.id);
  });
});

describe('GameCache', () => {
  const loaded = (id: string, version: number, channelId = `ch-${id}`, status: 'active' | 'ended' = 'active'): LoadedGame => ({
    stored: { id, guildId: null, channelId, system: 'm3e', status, version, snapshot: {}, createdBy: 'u', createdAt: new Date(0), updatedAt: new Date(0), turnClock: null },
    system: malifauxTable,
    state: { status: 'new' } as engine.GameState,
  });

  it('keeps at most its capacity, evicting the least recently used game and its channel', () => {
    const cache = new GameCache(3);
    for (const id of ['a', 'b', 'c']) cache.remember(loaded(id, 1));
    expect(cache.get('a')?.stored.id).toBe('a'); // a is now the most recent
    cache.remember(loaded('d', 1));
    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.activeIn('ch-b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((id) => cache.activeIn(`ch-${id}`)?.stored.id)).toEqual(['a', 'c', 'd']);
  });

  it('never goes back to an older version, and forgets a game once it has ended', () => {
    const cache = new GameCache(10);
    cache.remember(loaded('g', 5));
    cache.remember(loaded('g', 4));
    expect(cache.get('g')?.stored.version).toBe(5);
    cache.remember(loaded('g', 6));
    expect(cache.get('g')?.stored.version).toBe(6);
    cache.remember(loaded('g', 7, 'ch-g', 'ended'));
    expect(cache.get('g')).toBeUndefined();
    expect(cache.activeIn('ch-g')).toBeUndefined();
  });

  it('maps a channel to its newest game, and does not lose it when an older game of that channel is evicted', () => {
    const cache = new GameCache(2);
    cache.remember(loaded('old', 3, 'ch'));
    cache.remember(loaded('new', 1, 'ch'));
    expect(cache.activeIn('ch')?.stored.id).toBe('new');
    cache.remember(loaded('other', 1));
    expect(cache.get('old')).toBeUndefined();
    expect(cache.activeIn('ch')?.stored.id).toBe('new');
  });

  it('freezes what it keeps, so that no caller can change what the next command is decided on', () => {
    const cache = new GameCache(10);
    const game: LoadedGame = { ...loaded('f', 1), state: { status: 'active', seats: [{ hand: ['1♠'] }] } as unknown as engine.GameState };
    cache.remember(game);
    const kept = cache.get('f')!;
    expect(() => {
      (kept.state as unknown as { seats: { hand: string[] }[] }).seats[0]!.hand.push('2♠');
    }).toThrow(TypeError);
    expect(() => {
      (kept.stored as { version: number }).version = 9;
    }).toThrow(TypeError);
  });

  it('is one per store object', async () => {
    const store = {} as GameStore;
    expect(gameCacheOf(store)).toBe(gameCacheOf(store));
    expect(gameCacheOf({} as GameStore)).not.toBe(gameCacheOf(store));
  });
});
