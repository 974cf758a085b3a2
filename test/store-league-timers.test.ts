/**
 * A league write's timers (LeagueTimers: a timed round's) in the awaiting index, against real databases:
 * written in the write's own transaction, so a refused write opens none; then found due and claimed once
 * as a game's decision's timers are (dueTimers, markTimerSent).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameStore, LeagueTimers, NewEvent } from '../src/store/contract.js';
import { openStore } from '../src/store/open.js';
import { postgresBackend, sqliteBackend, type TestBackend } from './support/databases.js';

const entry: NewEvent = { type: 'RoundPaired', payload: { round: 1 }, actor: 'organiser-1' };
const AT = new Date('2026-11-28T10:00:00.000Z');
const minutes = (n: number) => new Date(AT.getTime() + n * 60_000);
const round = (number: number): LeagueTimers => ({ key: `round:${number}`, kind: 'league-round', channelId: 'channel-1', timers: { remindAt: minutes(20), warnAt: minutes(20), deadlineAt: minutes(30) } });

describe.each([{ make: () => sqliteBackend('league-timers') }, { make: postgresBackend }])('a league write’s timers', ({ make }) => {
  let backend: TestBackend;
  let store: GameStore;

  beforeAll(async () => {
    backend = await make();
    store = await openStore(backend.url, { now: () => AT });
  });
  afterAll(async () => {
    await store?.close();
    await backend?.cleanup();
  });

  const rowsOf = async (leagueId: string) => (await store.dueTimers(minutes(60 * 24), 100)).filter((row) => row.gameId === leagueId);

  it('open with the write: due at their first instant, claimed once', async () => {
    const created = await store.leagues.createLeague({ guildId: 'guild-1', name: 'Timed', createdBy: 'organiser-1', snapshot: {}, entries: [] });
    if (!created.ok) throw new Error(created.reason);
    const id = created.league.id;
    const written = await store.leagues.appendLeagueEntries({ leagueId: id, expectedVersion: 1, entries: [entry], snapshot: { rounds: 1 }, timers: [round(1)] });
    expect(written.ok).toBe(true);
    expect(await store.dueTimers(minutes(19), 100)).toEqual([]);
    const [row, ...others] = await store.dueTimers(minutes(20), 100);
    expect(others).toEqual([]);
    expect(row).toEqual({ gameId: id, decisionId: 'round:1', guildId: 'guild-1', channelId: 'channel-1', seat: 0, userId: '', kind: 'league-round', since: AT, timers: round(1).timers, sent: 0, nextAt: minutes(20) });
    const claim = { gameId: id, decisionId: 'round:1', since: AT, sent: 2, nextAt: minutes(30) };
    expect(await store.markTimerSent(claim)).toBe(true);
    expect(await store.markTimerSent(claim)).toBe(false);
    expect(await rowsOf(id)).toMatchObject([{ sent: 2, nextAt: minutes(30) }]);
    // A league's timers are nobody's in /game mine.
    expect(await store.awaitedIn('guild-1', 'organiser-1')).toEqual([]);
  });

  it('the last timer claimed with `remove`: the row goes, for the one caller that claimed it', async () => {
    const created = await store.leagues.createLeague({ guildId: 'guild-1', name: 'Removed', createdBy: 'organiser-1', snapshot: {}, entries: [] });
    if (!created.ok) throw new Error(created.reason);
    const id = created.league.id;
    expect((await store.leagues.appendLeagueEntries({ leagueId: id, expectedVersion: 1, entries: [entry], snapshot: {}, timers: [round(1)] })).ok).toBe(true);
    const stored = () => backend.sql(`SELECT "decisionId", "sent" FROM "AwaitedDecision" WHERE "gameId" = $1`, [id]);
    expect(await store.markTimerSent({ gameId: id, decisionId: 'round:1', since: AT, sent: 2, nextAt: minutes(30) })).toBe(true);
    // Claimed for another opening (`since`), or already past that timer: not this caller's, nothing removed.
    expect(await store.markTimerSent({ gameId: id, decisionId: 'round:1', since: minutes(1), sent: 3, nextAt: null, remove: true })).toBe(false);
    expect(await store.markTimerSent({ gameId: id, decisionId: 'round:1', since: AT, sent: 2, nextAt: null, remove: true })).toBe(false);
    expect(await stored()).toHaveLength(1);
    const last = { gameId: id, decisionId: 'round:1', since: AT, sent: 3, nextAt: null, remove: true };
    expect(await store.markTimerSent(last)).toBe(true);
    expect(await store.markTimerSent(last)).toBe(false);
    expect(await stored()).toEqual([]);
  });

  it('a refused write (a stale version, a retried interaction) opens none', async () => {
    const created = await store.leagues.createLeague({ guildId: 'guild-1', name: 'Refused', createdBy: 'organiser-1', snapshot: {}, entries: [] });
    if (!created.ok) throw new Error(created.reason);
    const id = created.league.id;
    expect(await store.leagues.appendLeagueEntries({ leagueId: id, expectedVersion: 7, entries: [entry], snapshot: {}, timers: [round(1)] })).toEqual({ ok: false, reason: 'version_conflict' });
    expect(await rowsOf(id)).toEqual([]);
    expect((await store.leagues.appendLeagueEntries({ leagueId: id, expectedVersion: 1, entries: [entry], snapshot: {}, interactionId: 'click-1' })).ok).toBe(true);
    expect(await store.leagues.appendLeagueEntries({ leagueId: id, expectedVersion: 2, entries: [entry], snapshot: {}, interactionId: 'click-1', timers: [round(2)] })).toEqual({ ok: false, reason: 'duplicate_interaction' });
    expect(await rowsOf(id)).toEqual([]);
  });
});
