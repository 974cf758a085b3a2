/**
 * The awaiting index and its timers (schema.base.prisma, AwaitedDecision) against real databases: a
 * temporary SQLite file and a fresh PostgreSQL database. The index is written with the events that open
 * or close a decision, in the same write (a lost compare-and-swap writes none of it); a timer is marked
 * sent by one conditional update, so of any number of callers, in any number of processes, one sends.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwaitedDecision, AwaitingUpdate, GameStore, StoredGame, TimerOffsets } from '../src/store/contract.js';
import { openStore } from '../src/store/open.js';
import { postgresBackend, sqliteBackend, type TestBackend } from './support/databases.js';

const HOUR = 3_600_000;
const TIMERS: TimerOffsets = { remindMs: 12 * HOUR, warnMs: 21.6 * HOUR, deadlineMs: 24 * HOUR };
const event = { type: 'Something', payload: { type: 'Something' }, actor: 'alice' };
const decision = (decisionId: string, seat = 0, userId = 'alice', kind = 'cheat'): AwaitedDecision => ({ decisionId, seat, userId, kind });
const after = (at: Date, ms: number) => new Date(at.getTime() + ms);

describe.each([{ name: 'sqlite', make: () => sqliteBackend('awaiting') }, { name: 'postgresql', make: postgresBackend }])('the awaiting index on $name', ({ make }) => {
  let backend: TestBackend;
  let store: GameStore;
  let other: GameStore;
  /** A server of its own per test, so each test sees its own rows only. */
  let guilds = 0;

  beforeAll(async () => {
    backend = await make();
    store = await openStore(backend.url);
    // A second process-alike on the same database (its own connections, its own group commits).
    other = await openStore(backend.url);
  });

  afterAll(async () => {
    await other?.close();
    await store?.close();
    await backend?.cleanup();
  });

  const newGame = async (awaiting?: AwaitingUpdate, guildId = `guild-${++guilds}`): Promise<StoredGame> => {
    const created = await store.createGame({
      guildId,
      channelId: randomUUID(),
      system: 'duel',
      createdBy: 'alice',
      snapshot: {},
      events: [event],
      turnClock: awaiting?.timers ? { hours: 24, atDeadline: 'referees' } : null,
      ...(awaiting ? { awaiting } : {}),
    });
    if (!created.ok) throw new Error('channel busy');
    return created.game;
  };

  const append = async (game: StoredGame, awaiting?: AwaitingUpdate, on: GameStore = store, status?: 'ended') => {
    const appended = await on.appendEvents({ gameId: game.id, expectedVersion: game.version, events: [event], snapshot: {}, ...(awaiting ? { awaiting } : {}), ...(status ? { status } : {}) });
    if (!appended.ok) throw new Error(appended.reason);
    return appended.game;
  };

  it('a game keeps its turn clock; no clock reads back as none', async () => {
    const clocked = await newGame({ decisions: [], timers: TIMERS });
    expect(clocked.turnClock).toEqual({ hours: 24, atDeadline: 'referees' });
    expect((await store.getGame(clocked.id))?.turnClock).toEqual({ hours: 24, atDeadline: 'referees' });
    const appended = await append(clocked);
    expect(appended.turnClock).toEqual({ hours: 24, atDeadline: 'referees' });
    const plain = await newGame();
    expect((await store.findActiveGame(plain.channelId))?.turnClock).toBeNull();
  });

  it('records who a new game awaits, since its creation, with timers after it', async () => {
    const game = await newGame({ decisions: [decision('d1')], timers: TIMERS });
    const [row, ...rest] = await store.awaitedIn(game.guildId!, 'alice');
    expect(rest).toEqual([]);
    expect(row).toEqual({
      gameId: game.id,
      decisionId: 'd1',
      guildId: game.guildId,
      channelId: game.channelId,
      seat: 0,
      userId: 'alice',
      kind: 'cheat',
      since: game.createdAt,
      timers: { remindAt: after(game.createdAt, TIMERS.remindMs), warnAt: after(game.createdAt, TIMERS.warnMs), deadlineAt: after(game.createdAt, TIMERS.deadlineMs) },
      sent: 0,
      nextAt: after(game.createdAt, TIMERS.remindMs),
    });
    expect(await store.awaitedIn(game.guildId!, 'bob')).toEqual([]);
    expect(await store.awaitedIn('another-guild', 'alice')).toEqual([]);
  });

  it('an append keeps a decision still open as it was, opens the new ones at its time, and drops the closed ones', async () => {
    const game = await newGame({ decisions: [decision('d1'), decision('d2', 1, 'bob', 'pick')], timers: TIMERS });
    const guild = game.guildId!;
    // No awaiting given: the index is left alone.
    const v2 = await append(game);
    expect((await store.awaitedIn(guild, 'bob')).map((a) => a.decisionId)).toEqual(['d2']);

    const v3 = await append(v2, { decisions: [decision('d1'), decision('d3', 1, 'bob', 'soulstone')], timers: TIMERS });
    const alice = await store.awaitedIn(guild, 'alice');
    expect(alice.map((a) => [a.decisionId, a.since])).toEqual([['d1', game.createdAt]]);
    const bob = await store.awaitedIn(guild, 'bob');
    expect(bob.map((a) => [a.decisionId, a.kind, a.since, a.nextAt])).toEqual([['d3', 'soulstone', v3.updatedAt, after(v3.updatedAt, TIMERS.remindMs)]]);

    // The game ends: it awaits no one.
    await append(v3, { decisions: [], timers: TIMERS }, store, 'ended');
    expect([...(await store.awaitedIn(guild, 'alice')), ...(await store.awaitedIn(guild, 'bob'))]).toEqual([]);
  });

  it('a decision without a clock has no timers and is never due', async () => {
    const game = await newGame({ decisions: [decision('quiet')], timers: null });
    const [row] = await store.awaitedIn(game.guildId!, 'alice');
    expect(row).toMatchObject({ decisionId: 'quiet', timers: null, nextAt: null, sent: 0 });
    expect((await store.dueTimers(new Date(Date.now() + 1_000 * HOUR), 1_000)).filter((a) => a.gameId === game.id)).toEqual([]);
  });

  it('a lost compare-and-swap writes nothing of the index', async () => {
    const game = await newGame({ decisions: [decision('kept')], timers: TIMERS });
    await append(game);
    const lost = await store.appendEvents({ gameId: game.id, expectedVersion: game.version, events: [event], snapshot: {}, awaiting: { decisions: [decision('never')], timers: TIMERS } });
    expect(lost).toEqual({ ok: false, reason: 'version_conflict' });
    expect((await store.awaitedIn(game.guildId!, 'alice')).map((a) => a.decisionId)).toEqual(['kept']);
  });

  it('appends committed together (one group) each rewrite their own game’s index only', async () => {
    const games = await Promise.all(Array.from({ length: 8 }, () => newGame({ decisions: [decision('old')], timers: TIMERS }, 'guild-together')));
    // All at once: they are committed in groups (one statement for several on PostgreSQL, one transaction on SQLite).
    const written = await Promise.all(
      games.map((game, i) => append(game, i % 2 === 0 ? { decisions: [decision(`new-${i}`), decision('old')], timers: TIMERS } : i % 4 === 1 ? { decisions: [], timers: TIMERS } : undefined)),
    );
    const rows = await store.awaitedIn('guild-together', 'alice');
    const byGame = (i: number) => rows.filter((a) => a.gameId === games[i]!.id).map((a) => a.decisionId).sort();
    games.forEach((_, i) => {
      if (i % 2 === 0) expect(byGame(i)).toEqual([`new-${i}`, 'old']);
      else if (i % 4 === 1) expect(byGame(i)).toEqual([]);
      else expect(byGame(i)).toEqual(['old']);
    });
    // The kept decision's row is the one written at creation; the new one opened with its append.
    for (const [i, game] of games.entries()) {
      for (const row of rows.filter((a) => a.gameId === game.id)) expect(row.since).toEqual(row.decisionId === 'old' ? game.createdAt : written[i]!.updatedAt);
    }
  });

  it('lists the due timers, the most overdue first, and none before its time', async () => {
    const first = await newGame({ decisions: [decision('a')], timers: TIMERS });
    const second = await newGame({ decisions: [decision('b')], timers: { ...TIMERS, remindMs: TIMERS.remindMs - HOUR } });
    const mine = (rows: { gameId: string }[]) => rows.filter((a) => a.gameId === first.id || a.gameId === second.id).map((a) => a.gameId);
    expect(mine(await store.dueTimers(after(first.createdAt, TIMERS.remindMs - 2 * HOUR), 100))).toEqual([]);
    expect(mine(await store.dueTimers(after(second.createdAt, TIMERS.remindMs - HOUR), 100))).toEqual([second.id]);
    expect(mine(await store.dueTimers(after(first.createdAt, TIMERS.remindMs + HOUR), 100))).toEqual([second.id, first.id]);
  });

  it('marks a timer sent once: the first caller of any process wins, a repeat or an earlier timer loses', async () => {
    const game = await newGame({ decisions: [decision('once')], timers: TIMERS });
    const [row] = await store.awaitedIn(game.guildId!, 'alice');
    const mark = (on: GameStore, sent: number, nextAt: Date | null) => on.markTimerSent({ gameId: game.id, decisionId: 'once', since: row!.since, sent, nextAt });
    // Ten callers on two stores at once, for the reminder.
    const claims = await Promise.all(Array.from({ length: 10 }, (_, i) => mark(i % 2 ? other : store, 1, row!.timers!.warnAt)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    const [marked] = await store.awaitedIn(game.guildId!, 'alice');
    expect(marked).toMatchObject({ sent: 1, nextAt: row!.timers!.warnAt });
    // Catching up straight to the deadline skips the warning; the warning can then never be sent.
    expect(await mark(other, 3, null)).toBe(true);
    expect(await mark(store, 2, row!.timers!.deadlineAt)).toBe(false);
    expect(await store.awaitedIn(game.guildId!, 'alice')).toMatchObject([{ sent: 3, nextAt: null }]);
  });

  it('a timer of a decision closed (or opened again since) is never marked', async () => {
    const game = await newGame({ decisions: [decision('again')], timers: TIMERS });
    const [opened] = await store.awaitedIn(game.guildId!, 'alice');
    const v2 = await append(game, { decisions: [], timers: TIMERS });
    const mark = () => store.markTimerSent({ gameId: game.id, decisionId: 'again', since: opened!.since, sent: 1, nextAt: null });
    expect(await mark()).toBe(false);
    // Opened again by a later write (an undo, say): a new row, a new time; the old read is stale.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await append(v2, { decisions: [decision('again')], timers: TIMERS });
    expect(await mark()).toBe(false);
    expect(await store.awaitedIn(game.guildId!, 'alice')).toMatchObject([{ decisionId: 'again', sent: 0 }]);
  });

  it('stores instants as the rest of the database does: UTC, in each database’s own form', async () => {
    const game = await newGame({ decisions: [decision('utc')], timers: TIMERS });
    const remindAt = after(game.createdAt, TIMERS.remindMs);
    if (backend.name === 'sqlite') {
      // The adapter's ISO-8601 text, so text order is time order (dueTimers compares them so).
      const [row] = await backend.sql(`SELECT "since", "remindAt", "nextAt" FROM "AwaitedDecision" WHERE "gameId" = $1`, [game.id]);
      const iso = (date: Date) => date.toISOString().replace('Z', '+00:00');
      expect(row).toEqual({ since: iso(game.createdAt), remindAt: iso(remindAt), nextAt: iso(remindAt) });
    } else {
      // TIMESTAMP(3) holding the UTC wall time (the test server's own zone is far from UTC).
      const format = (column: string) => `to_char("${column}", 'YYYY-MM-DD HH24:MI:SS.MS') AS "${column}"`;
      const [row] = await backend.sql(`SELECT ${format('since')}, ${format('remindAt')}, ${format('nextAt')} FROM "AwaitedDecision" WHERE "gameId" = $1`, [game.id]);
      const wall = (date: Date) => date.toISOString().slice(0, 23).replace('T', ' ');
      expect(row).toEqual({ since: wall(game.createdAt), remindAt: wall(remindAt), nextAt: wall(remindAt) });
    }
  });
});
