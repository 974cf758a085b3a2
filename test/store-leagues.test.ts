/**
 * The servers' leagues (LeagueStore, src/store/league-store.ts) against real databases: a temporary SQLite
 * file and a fresh PostgreSQL database (test/support/postgres.ts). Snapshots and payloads are any JSON:
 * the store knows no league rules.
 */
import { execFile as execFileCallback } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameStore, LeagueStore, NewEvent, StoredLeague } from '../src/store/contract.js';
import { openStore } from '../src/store/open.js';
import { LEAGUE_ID_PATTERN } from '../src/leagues/model.js';
import { postgresBackend, sqliteBackend, type TestBackend as Backend } from './support/databases.js';

const entry = (type: string, payload: unknown = { type }, actor: string | null = 'organiser-1'): NewEvent => ({ type, payload, actor });

describe.each([{ make: () => sqliteBackend('leagues') }, { make: postgresBackend }])('LeagueStore', ({ make }) => {
  let backend: Backend;
  const stores: GameStore[] = [];
  let leagues: LeagueStore;
  /** The store's clock: every write moves it on a second, so "newest first" never ties. */
  let clock = Date.parse('2026-11-01T10:00:00.123Z');
  const now = () => new Date(clock);
  const tick = () => (clock += 1000);
  /** A server of its own per test, so the tests do not see each other's leagues or names. */
  let guildCount = 0;
  const freshGuild = () => `guild-${++guildCount}`;

  const open = async () => {
    const store = await openStore(backend.url, { now });
    stores.push(store);
    return store;
  };

  const newLeague = async (guildId: string, name: string, entries: NewEvent[] = [entry('league_created')]): Promise<StoredLeague> => {
    tick();
    const result = await leagues.createLeague({ guildId, name, createdBy: 'organiser-1', snapshot: { name, players: [] }, entries });
    if (!result.ok) throw new Error(`league "${name}" refused: ${result.reason}`);
    return result.league;
  };

  const countRows = async (table: string, column: string, value: string): Promise<number> =>
    Number((await backend.sql(`SELECT COUNT(*) AS "n" FROM "${table}" WHERE "${column}" = $1`, [value]))[0]?.n);

  beforeAll(async () => {
    backend = await make();
    leagues = (await open()).leagues;
  });

  afterAll(async () => {
    for (const store of stores) await store.close();
    await backend?.cleanup();
  });

  it('creates a league with its opening entries, version 1 and open, and reads it back identically', async () => {
    const guild = freshGuild();
    tick();
    const createdAt = now();
    const snapshot = { players: [{ id: 'p1', droppedAfterRound: null }], rounds: [], text: 'éà 漢字 "quoted"', score: 1.5 };
    const result = await leagues.createLeague({
      guildId: guild,
      name: '  Autumn Gauntlet ',
      createdBy: 'organiser-1',
      snapshot,
      entries: [entry('league_created', { settings: { rounds: 3 } }), entry('player_joined', { playerId: 'p1' }, 'p1'), entry('note', null, null)],
    });

    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { league } = result;
    // Generated: url-safe, and long enough (128 random bits) that nobody guesses a league's page.
    expect(league.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(league).toEqual({ id: league.id, guildId: guild, name: 'Autumn Gauntlet', status: 'open', version: 1, snapshot, createdBy: 'organiser-1', createdAt, updatedAt: createdAt });
    expect(result.entries).toEqual([
      { leagueId: league.id, seq: 1, type: 'league_created', payload: { settings: { rounds: 3 } }, actor: 'organiser-1', at: createdAt },
      { leagueId: league.id, seq: 2, type: 'player_joined', payload: { playerId: 'p1' }, actor: 'p1', at: createdAt },
      { leagueId: league.id, seq: 3, type: 'note', payload: null, actor: null, at: createdAt },
    ]);

    expect(await leagues.getLeague(league.id)).toEqual(league);
    expect(await leagues.findLeague(guild, 'Autumn Gauntlet')).toEqual(league);
    expect(await leagues.listLeagueEntries(league.id)).toEqual(result.entries);
  });

  it('keeps the id the application chose, and generates a different one each time otherwise', async () => {
    const guild = freshGuild();
    const chosen = await leagues.createLeague({ id: 'league-chosen-id', guildId: guild, name: 'Chosen', createdBy: 'organiser-1', snapshot: {}, entries: [] });
    expect(chosen.ok && chosen.league.id).toBe('league-chosen-id');
    expect(chosen.ok && chosen.entries).toEqual([]);
    expect(await leagues.listLeagueEntries('league-chosen-id')).toEqual([]);
    const a = await newLeague(guild, 'First');
    const b = await newLeague(guild, 'Second');
    expect(a.id).not.toBe(b.id);
    // The ids it makes are the ones the league's web address and buttons accept.
    for (const id of [a.id, b.id]) expect(id).toMatch(LEAGUE_ID_PATTERN);
  });

  it('reports nothing for unknown leagues, names, channels and games', async () => {
    expect(await leagues.getLeague('no-such-league')).toBeNull();
    expect(await leagues.findLeague(freshGuild(), 'Nothing')).toBeNull();
    expect(await leagues.listLeagues(freshGuild())).toEqual([]);
    expect(await leagues.listLeagueEntries('no-such-league')).toEqual([]);
    expect(await leagues.leagueOfChannel('no-such-channel')).toBeNull();
    expect(await leagues.leagueOfGame('no-such-game')).toBeNull();
  });

  it('refuses a second league of the same name in a server, whatever its case and spaces, and writes nothing', async () => {
    const guild = freshGuild();
    const first = await newLeague(guild, 'Spring League');

    for (const name of ['spring league', '  SPRING LEAGUE  ', 'Spring   League', 'spring\tleague']) {
      const refused = await leagues.createLeague({ guildId: guild, name, createdBy: 'organiser-2', snapshot: {}, entries: [entry('league_created')] });
      expect(refused, name).toEqual({ ok: false, reason: 'name_taken' });
    }
    expect(await countRows('League', 'guildId', guild)).toBe(1);
    expect(await leagues.listLeagueEntries(first.id)).toHaveLength(1);

    // Found by any spelling of its name; another server may have its own league of that name.
    expect((await leagues.findLeague(guild, ' spring LEAGUE '))?.id).toBe(first.id);
    const elsewhere = await newLeague(freshGuild(), 'Spring League');
    expect(elsewhere.id).not.toBe(first.id);
  });

  it('lets exactly one of several simultaneous creations of one name win; the others are name_taken', async () => {
    const guild = freshGuild();
    const results = await Promise.all(
      ['Rush', 'rush', ' RUSH', 'Rush '].map((name, index) => leagues.createLeague({ guildId: guild, name, createdBy: `organiser-${index}`, snapshot: { index }, entries: [entry('league_created')] })),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual(Array.from({ length: 3 }, () => ({ ok: false, reason: 'name_taken' })));
    expect(await countRows('League', 'guildId', guild)).toBe(1);
  });

  it('lists a server’s leagues open ones first, then newest first', async () => {
    const guild = freshGuild();
    const oldest = await newLeague(guild, 'Oldest');
    const closedOld = await newLeague(guild, 'Closed old');
    const middle = await newLeague(guild, 'Middle');
    const closedNew = await newLeague(guild, 'Closed new');
    const newest = await newLeague(guild, 'Newest');
    await newLeague(freshGuild(), 'Another server');
    for (const league of [closedOld, closedNew]) {
      const closed = await leagues.appendLeagueEntries({ leagueId: league.id, expectedVersion: 1, entries: [entry('league_closed')], snapshot: {}, status: 'closed' });
      expect(closed.ok).toBe(true);
    }

    expect((await leagues.listLeagues(guild)).map((league) => [league.name, league.status])).toEqual([
      [newest.name, 'open'],
      [middle.name, 'open'],
      [oldest.name, 'open'],
      [closedNew.name, 'closed'],
      [closedOld.name, 'closed'],
    ]);
  });

  it('appends with compare-and-swap on the version: entries continue the seq, the snapshot and version move on', async () => {
    const guild = freshGuild();
    const league = await newLeague(guild, 'Appended');
    tick();
    const at = now();
    const appended = await leagues.appendLeagueEntries({
      leagueId: league.id,
      expectedVersion: 1,
      entries: [entry('player_joined', { playerId: 'p1' }, 'p1'), entry('player_joined', { playerId: 'p2' }, 'p2')],
      snapshot: { players: ['p1', 'p2'] },
    });
    expect(appended).toEqual({
      ok: true,
      league: { ...league, version: 2, snapshot: { players: ['p1', 'p2'] }, updatedAt: at },
      entries: [
        { leagueId: league.id, seq: 2, type: 'player_joined', payload: { playerId: 'p1' }, actor: 'p1', at },
        { leagueId: league.id, seq: 3, type: 'player_joined', payload: { playerId: 'p2' }, actor: 'p2', at },
      ],
    });
    expect(await leagues.getLeague(league.id)).toEqual(appended.ok && appended.league);
  });

  it('refuses a stale version (or an unknown league) as version_conflict, leaving nothing written, not even the receipt', async () => {
    const league = await newLeague(freshGuild(), 'Conflicted');
    const moved = await leagues.appendLeagueEntries({ leagueId: league.id, expectedVersion: 1, entries: [entry('round_paired')], snapshot: { round: 1 } });
    expect(moved.ok).toBe(true);
    const before = await leagues.getLeague(league.id);

    tick();
    const stale = await leagues.appendLeagueEntries({ leagueId: league.id, expectedVersion: 1, entries: [entry('result_reported')], snapshot: { stale: true }, status: 'closed', interactionId: 'stale-click' });
    expect(stale).toEqual({ ok: false, reason: 'version_conflict' });
    expect(await leagues.getLeague(league.id)).toEqual(before);
    expect((await leagues.listLeagueEntries(league.id)).map((e) => e.type)).toEqual(['league_created', 'round_paired']);
    expect(await countRows('InteractionReceipt', 'id', 'stale-click')).toBe(0);

    // So the same interaction, retried on the version reloaded, goes through.
    const retried = await leagues.appendLeagueEntries({ leagueId: league.id, expectedVersion: 2, entries: [entry('result_reported')], snapshot: { round: 1, reported: true }, interactionId: 'stale-click' });
    expect(retried.ok && retried.league.version).toBe(3);

    expect(await leagues.appendLeagueEntries({ leagueId: 'no-such-league', expectedVersion: 1, entries: [entry('x')], snapshot: {} })).toEqual({ ok: false, reason: 'version_conflict' });
    expect(await countRows('LeagueEntry', 'leagueId', 'no-such-league')).toBe(0);
  });

  it('lets exactly one of several racing appends on one version win (on PostgreSQL from two stores too)', async () => {
    const league = await newLeague(freshGuild(), 'Raced');
    // One SQLite store per process (open.ts): two in one process would block each other's thread. Processes
    // sharing a SQLite file are the test below.
    const second = backend.name === 'postgresql' ? await openStore(backend.url, { now }) : undefined;
    const other = second?.leagues ?? leagues;
    const results = await Promise.all(
      [leagues, other, leagues, other].map((on, index) => on.appendLeagueEntries({ leagueId: league.id, expectedVersion: 1, entries: [entry(`writer_${index}`)], snapshot: { writer: index } })),
    );

    const winners = results.filter((result) => result.ok);
    expect(winners).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual(Array.from({ length: 3 }, () => ({ ok: false, reason: 'version_conflict' })));
    const stored = await leagues.getLeague(league.id);
    expect(stored?.version).toBe(2);
    const entries = await leagues.listLeagueEntries(league.id);
    expect(entries.map((e) => e.seq)).toEqual([1, 2]);
    expect(stored?.snapshot).toEqual({ writer: Number(entries[1]?.type.slice('writer_'.length)) });
    await second?.close();
  });

  it('writes an interaction once: a retried delivery is duplicate_interaction and changes nothing', async () => {
    const guild = freshGuild();
    const created = await leagues.createLeague({ guildId: guild, name: 'Once', createdBy: 'organiser-1', snapshot: {}, entries: [entry('league_created')], interactionId: 'create-click' });
    expect(created.ok).toBe(true);
    // Retried with another name, so that only the receipt can refuse it.
    expect(await leagues.createLeague({ guildId: guild, name: 'Once again', createdBy: 'organiser-1', snapshot: {}, entries: [], interactionId: 'create-click' })).toEqual({
      ok: false,
      reason: 'duplicate_interaction',
    });
    expect(await countRows('League', 'guildId', guild)).toBe(1);

    const league = created.ok ? created.league : (undefined as never);
    const append = (expectedVersion: number) => leagues.appendLeagueEntries({ leagueId: league.id, expectedVersion, entries: [entry('player_joined')], snapshot: { joined: 1 }, interactionId: 'join-click' });
    expect((await append(1)).ok).toBe(true);
    // The retry carries the version the first delivery saw, and the one it would see now: refused both ways.
    expect(await append(1)).toEqual({ ok: false, reason: 'duplicate_interaction' });
    expect(await append(2)).toEqual({ ok: false, reason: 'duplicate_interaction' });
    expect((await leagues.getLeague(league.id))?.version).toBe(2);
    expect(await leagues.listLeagueEntries(league.id)).toHaveLength(2);
  });

  it('records the interaction in the receipts games use: an interaction that changed a game cannot change a league', async () => {
    const store = stores[0]!;
    const game = await store.createGame({ guildId: 'guild-games', channelId: 'channel-games', system: 'duel', createdBy: 'user-1', snapshot: {}, events: [], interactionId: 'shared-click' });
    expect(game.ok).toBe(true);
    expect(await leagues.createLeague({ guildId: freshGuild(), name: 'Shared', createdBy: 'organiser-1', snapshot: {}, entries: [], interactionId: 'shared-click' })).toEqual({
      ok: false,
      reason: 'duplicate_interaction',
    });
  });

  it('keeps entries in seq order (numerically, past 9), each with its actor and the time of its write', async () => {
    const league = await newLeague(freshGuild(), 'Long', []);
    const times: number[] = [];
    for (let version = 1; version <= 12; version++) {
      times.push(tick());
      const result = await leagues.appendLeagueEntries({ leagueId: league.id, expectedVersion: version, entries: [entry(`entry_${version}`, { n: version }, version % 3 === 0 ? null : `player-${version}`)], snapshot: { n: version } });
      expect(result.ok).toBe(true);
    }

    const entries = await leagues.listLeagueEntries(league.id);
    expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: 12 }, (_, index) => index + 1));
    expect(entries.map((e) => [e.type, e.payload, e.actor, e.at.getTime()])).toEqual(
      times.map((time, index) => [`entry_${index + 1}`, { n: index + 1 }, (index + 1) % 3 === 0 ? null : `player-${index + 1}`, time]),
    );
  });

  it('closes a league (and opens it again) with the status of an append', async () => {
    const league = await newLeague(freshGuild(), 'Closing');
    const closed = await leagues.appendLeagueEntries({ leagueId: league.id, expectedVersion: 1, entries: [entry('league_closed')], snapshot: { final: true }, status: 'closed' });
    expect(closed.ok && closed.league.status).toBe('closed');
    expect((await leagues.getLeague(league.id))?.status).toBe('closed');
    // An append without a status keeps the league's.
    await leagues.appendLeagueEntries({ leagueId: league.id, expectedVersion: 2, entries: [entry('note')], snapshot: { final: true } });
    expect((await leagues.getLeague(league.id))?.status).toBe('closed');
    const reopened = await leagues.appendLeagueEntries({ leagueId: league.id, expectedVersion: 3, entries: [entry('league_reopened')], snapshot: {}, status: 'open' });
    expect(reopened.ok && reopened.league.status).toBe('open');
  });

  it('rejects a snapshot or payload that is not JSON before writing anything', async () => {
    const guild = freshGuild();
    await expect(leagues.createLeague({ guildId: guild, name: 'Broken', createdBy: 'organiser-1', snapshot: undefined, entries: [] })).rejects.toThrow(/snapshot is not JSON-serializable/);
    await expect(leagues.createLeague({ guildId: guild, name: 'Broken', createdBy: 'organiser-1', snapshot: {}, entries: [entry('bad', () => 1)] })).rejects.toThrow(/payload of event "bad"/);
    expect(await countRows('League', 'guildId', guild)).toBe(0);
    await expect(leagues.createLeague({ guildId: guild, name: '   ', createdBy: 'organiser-1', snapshot: {}, entries: [] })).rejects.toThrow(/needs a name/);
  });

  it('links one league per channel: a relink replaces it, null unlinks', async () => {
    const guild = freshGuild();
    const first = await newLeague(guild, 'Channel first');
    const second = await newLeague(guild, 'Channel second');

    await leagues.linkChannel('channel-1', first.id);
    await leagues.linkChannel('thread-2', first.id);
    expect(await leagues.leagueOfChannel('channel-1')).toBe(first.id);
    await leagues.linkChannel('channel-1', second.id);
    expect(await leagues.leagueOfChannel('channel-1')).toBe(second.id);
    expect(await leagues.leagueOfChannel('thread-2')).toBe(first.id);
    await leagues.linkChannel('channel-1', null);
    expect(await leagues.leagueOfChannel('channel-1')).toBeNull();
    // Unlinking a channel that has no league is no error.
    await leagues.linkChannel('channel-1', null);
    expect(await countRows('LeagueChannel', 'channelId', 'channel-1')).toBe(0);
  });

  it('links a game to the league it was named for, replaced by a relink', async () => {
    const guild = freshGuild();
    const first = await newLeague(guild, 'Game first');
    const second = await newLeague(guild, 'Game second');
    await leagues.linkGame('game-1', first.id);
    await leagues.linkGame('game-2', first.id);
    await leagues.linkGame('game-1', second.id);
    expect(await leagues.leagueOfGame('game-1')).toBe(second.id);
    expect(await leagues.leagueOfGame('game-2')).toBe(first.id);
  });

  it('keeps everything when the store is reopened', async () => {
    const guild = freshGuild();
    const league = await newLeague(guild, 'Kept');
    const appended = await leagues.appendLeagueEntries({ leagueId: league.id, expectedVersion: 1, entries: [entry('player_joined', { playerId: 'p9' }, 'p9')], snapshot: { players: ['p9'] }, status: 'closed' });
    await leagues.linkChannel('kept-channel', league.id);
    await leagues.linkGame('kept-game', league.id);
    const entries = await leagues.listLeagueEntries(league.id);
    await stores[0]!.close();

    const reopened = (await open()).leagues;
    expect(await reopened.getLeague(league.id)).toEqual(appended.ok && appended.league);
    expect(await reopened.findLeague(guild, 'KEPT')).toEqual(appended.ok && appended.league);
    expect(await reopened.listLeagues(guild)).toEqual([appended.ok && appended.league]);
    expect(await reopened.listLeagueEntries(league.id)).toEqual(entries);
    expect(await reopened.leagueOfChannel('kept-channel')).toBe(league.id);
    expect(await reopened.leagueOfGame('kept-game')).toBe(league.id);
    leagues = reopened;
  });
});

describe('LeagueStore on sqlite, shared by several processes', () => {
  // Each process's write transaction holds the file's write lock; another process's must wait for it on
  // the busy timeout, and find the version moved on, rather than fail.
  it('lets processes append to one league in turn, each retrying on version_conflict, the seq gap-free', async () => {
    const backend = await sqliteBackend('leagues-processes');
    try {
      const store = await openStore(backend.url);
      const created = await store.leagues.createLeague({ guildId: 'guild-1', name: 'Shared', createdBy: 'organiser-1', snapshot: 0, entries: [entry('league_created')] });
      if (!created.ok) throw new Error(created.reason);
      const leagueId = created.league.id;

      const processes = 3;
      const writesEach = 5;
      const script = `
        import { openStore } from ${JSON.stringify(new URL('../src/store/open.ts', import.meta.url).href)};
        const store = await openStore(process.env.STORE_URL);
        const leagueId = process.env.LEAGUE_ID;
        for (let n = 0; n < ${writesEach}; ) {
          const league = await store.leagues.getLeague(leagueId);
          const result = await store.leagues.appendLeagueEntries({
            leagueId, expectedVersion: league.version, snapshot: league.version,
            entries: [{ type: 'p' + process.env.WRITER + '-' + n, payload: n, actor: null }],
            // Writer 0 without: its transaction's first statement is the compare-and-swap, not the receipt.
            ...(process.env.WRITER === '0' ? {} : { interactionId: process.env.WRITER + '-' + n + '-' + league.version }),
          });
          if (result.ok) n++;
          else if (result.reason !== 'version_conflict') throw new Error(result.reason);
        }
        await store.close();
      `;
      const execFile = promisify(execFileCallback);
      await Promise.all(
        Array.from({ length: processes }, (_, writer) =>
          execFile(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
            cwd: fileURLToPath(new URL('..', import.meta.url)),
            env: { ...process.env, STORE_URL: backend.url, LEAGUE_ID: leagueId, WRITER: String(writer) },
          }),
        ),
      );

      const entries = await store.leagues.listLeagueEntries(leagueId);
      expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: 1 + processes * writesEach }, (_, k) => k + 1));
      for (let writer = 0; writer < processes; writer++) {
        expect(entries.filter((e) => e.type.startsWith(`p${writer}-`)).map((e) => e.payload)).toEqual(Array.from({ length: writesEach }, (_, n) => n));
      }
      expect(await store.leagues.getLeague(leagueId)).toMatchObject({ version: 1 + processes * writesEach, snapshot: processes * writesEach });
      await store.close();
    } finally {
      await backend.cleanup();
    }
  }, 60_000);
});
