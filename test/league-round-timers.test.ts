/**
 * A one-day event's timed rounds remind (issue 17), end to end: the real bot against the local Discord
 * double (signed HTTP), on a real database (an SQLite file, a PostgreSQL database), with the bots' clock turned on by the test and the
 * reminders' passes run by the test (`bot.reminders.tick()`, what the loop main.ts starts runs every
 * interval), as test/reminders.test.ts does for games' turn clocks: the same timers, in the same index.
 *
 * Each event's rounds last 30 minutes: 20 minutes after a round goes out, the channel it went out in
 * hears that 10 minutes are left (pinging the players of the tables without a result); at 30, that the
 * round has ended (pinging the league's organisers, listing those tables).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../src/i18n/index.js';
import { leagueSchema, type League } from '../src/leagues/model.js';
import { ROUND_TIMERS_KIND } from '../src/app/awaiting.js';
import type { Bot } from '../src/discord/bot.js';
import { IDS, findComponent, type App, type Backend, type Who } from './support/app.js';
import { catchUp, clockedBots, reminderPass } from './support/reminders.js';

const MINUTE = 60_000;
const en = translator('en');
const fr = translator('fr');
const relative = (date: Date) => `<t:${Math.floor(date.getTime() / 1000)}:R>`;
const PLAYERS: Who[] = ['alice', 'bob', 'carol', 'rita'];

describe.each<{ backend: Backend }>([{ backend: 'sqlite' }, { backend: 'postgres' }])('timed league rounds on $backend', ({ backend }) => {
  const bots = clockedBots(backend);
  const { passTime } = bots;
  let app: App;
  beforeAll(() => {
    app = bots.app;
  });
  const channel = (name: string) => app.double.channel(name).id;

  async function ok(who: Who, sub: string, options: Record<string, string | number | boolean>, table: string) {
    const result = await app.command(who, `league ${sub}`, options, table);
    expect(result.ok && !result.reply?.ephemeral, `${sub}: ${result.error ?? result.reply?.content}`).toBe(true);
    await app.settle();
    return result;
  }

  async function league(name: string): Promise<{ id: string; league: League }> {
    const row = await app.store.leagues.findLeague(app.double.fixtures.guild.id, name);
    if (!row) throw new Error(`no league ${name}`);
    return { id: row.id, league: leagueSchema.parse(row.snapshot) };
  }

  /** An event of 30-minute rounds that Rita runs and the four of them play, its first round sent in `table`. */
  async function eventUnderWay(name: string, table: string, format: 'event' | 'season' = 'event'): Promise<{ id: string; league: League }> {
    await ok('rita', 'create', { name, format, ...(format === 'event' ? { round_minutes: 30 } : {}) }, table);
    for (const who of PLAYERS) await ok(who, 'join', { league: name }, table);
    const preview = await app.command('rita', 'league pair', { league: name }, table);
    const send = findComponent([preview.reply!], (customId) => customId.startsWith('fk:lgpair:'))!;
    expect((await app.click('rita', preview.reply!.id, send.customId)).ok).toBe(true);
    await app.settle();
    return league(name);
  }

  const pass = (table: string, ...on: Bot[]) => reminderPass(app, table, ...on);

  /** The round's tables as the reminders list them: numbered as the round's message numbers them. */
  function tableLines(t: typeof en, data: League, round: number, open: (players: [string, string]) => boolean): string {
    return data.rounds[round - 1]!.tables.flatMap((table, i) => (open(table.players) ? [t('league.round.table', { table: i + 1, a: `<@${table.players[0]}>`, b: `<@${table.players[1]}>` })] : [])).join('\n');
  }

  it('10 minutes before the end, then at the end: each said once, by one of two bots, never again after a restart', async () => {
    const table = channel('table-3');
    const { id, league: data } = await eventUnderWay('Saturday Event', table);
    const round = data.rounds[0]!;
    expect(round.endsAt).toBeDefined();
    const endsAt = new Date(round.endsAt!);
    // The timers are in the database, in the awaiting index beside the games' decisions.
    const rows = (await app.store.dueTimers(new Date(endsAt.getTime() + 60 * MINUTE), 50)).filter((row) => row.gameId === id);
    expect(rows).toMatchObject([{ decisionId: 'round:1', kind: ROUND_TIMERS_KIND, channelId: table, sent: 0, nextAt: new Date(endsAt.getTime() - 10 * MINUTE) }]);

    // One table is settled before the last minutes.
    const [settled, open] = round.tables;
    await ok('rita', 'result', { league: id, round: 1, player_a: settled!.players[0], vp_a: 5, player_b: settled!.players[1], vp_b: 3 }, table);

    // Not at once, nor before the last 10 minutes.
    expect(await pass(table)).toEqual([]);
    passTime(19 * MINUTE);
    expect(await pass(table, app.bot, bots.restarted.bot)).toEqual([]);

    passTime(1 * MINUTE + 5_000);
    const [closing, ...more] = await pass(table, app.bot, bots.restarted.bot);
    expect(more).toEqual([]);
    const tables = tableLines(en, data, 1, (players) => players.join() === open!.players.join());
    expect(closing!.content).toBe(en('league.round.closing', { minutes: 10, round: 1, league: 'Saturday Event', time: relative(endsAt), tables }));
    // The players of the open table are pinged; the settled table's are not.
    expect(closing!.pinged).toEqual({ users: [...open!.players], roles: [] });
    expect(closing!.content).not.toContain(settled!.players[0]);

    // Once: not on the next pass, nor by the bot restarted on the same database.
    expect(await pass(table)).toEqual([]);
    expect(await pass(table, bots.restarted.bot)).toEqual([]);
    expect(await app.awaitedRows(id)).toEqual([{ decisionId: 'round:1', sent: 2 }]);

    // The end: said once, whichever of the two claims it; it pings the organiser (the creator: no role set).
    passTime(10 * MINUTE);
    const ended = await pass(table, bots.restarted.bot, app.bot);
    expect(ended.map((m) => m.content)).toEqual([en('league.round.ended', { round: 1, league: 'Saturday Event', tables, organisers: `<@${IDS.rita}>` })]);
    expect(ended[0]!.pinged).toEqual({ users: [IDS.rita], roles: [] });
    passTime(600 * MINUTE);
    expect(await pass(table, app.bot, bots.restarted.bot)).toEqual([]);
    // Nothing left to time: the round's row is gone from the index, not kept spent.
    expect(await app.awaitedRows(id)).toEqual([]);
  });

  it('a bot that was down through the last minutes and the end catches up with the end alone, pinging the organiser role', async () => {
    const table = channel('table-4');
    const { id, league: data } = await eventUnderWay('Sunday Event', table);
    await ok('rita', 'organisers', { league: id, role: IDS.refereeRole }, table);
    const endsAt = new Date(data.rounds[0]!.endsAt!);
    passTime(45 * MINUTE);
    const posted = await catchUp(app, bots.restarted.bot, table);
    const tables = tableLines(en, data, 1, () => true);
    expect(posted.map((m) => m.content)).toEqual([en('league.round.ended', { round: 1, league: 'Sunday Event', tables, organisers: `<@&${IDS.refereeRole}>` })]);
    expect(posted[0]!.pinged).toEqual({ users: [], roles: [IDS.refereeRole] });
    expect((await app.store.dueTimers(new Date(endsAt.getTime() + 600 * MINUTE), 50)).filter((row) => row.gameId === id)).toEqual([]);
    expect(await app.awaitedRows(id)).toEqual([]);
  });

  it('a round whose every result is in says nothing; a season’s rounds have no clock', async () => {
    const table = channel('table-5');
    const { id, league: data } = await eventUnderWay('Quick Event', table);
    for (const t of data.rounds[0]!.tables) await ok('rita', 'result', { league: id, round: 1, player_a: t.players[0], vp_a: 4, player_b: t.players[1], vp_b: 4 }, table);
    passTime(21 * MINUTE);
    expect(await pass(table)).toEqual([]);
    passTime(10 * MINUTE);
    expect(await pass(table)).toEqual([]);
    expect(await app.awaitedRows(id)).toEqual([]);

    const season = channel('table-6');
    const { id: seasonId, league: seasonData } = await eventUnderWay('Long Season', season, 'season');
    expect(seasonData.rounds[0]!.endsAt).toBeUndefined();
    expect((await app.store.dueTimers(new Date(Date.now() + 10_000 * MINUTE), 50)).filter((row) => row.gameId === seasonId)).toEqual([]);
    passTime(10_000 * MINUTE);
    expect(await pass(season)).toEqual([]);
  });

  it('a closed event’s round says nothing', async () => {
    const table = channel('table-7');
    const { id } = await eventUnderWay('Closed Event', table);
    await ok('rita', 'close', { league: id }, table);
    passTime(31 * MINUTE);
    expect(await pass(table)).toEqual([]);
    expect(await app.awaitedRows(id)).toEqual([]);
  });

  it('speaks the server’s language', async () => {
    const table = channel('table-8');
    expect((await app.command('rita', 'game server-language', { language: 'fr' }, table)).ok).toBe(true);
    try {
      const { league: data } = await eventUnderWay('Tournoi', table);
      const endsAt = new Date(data.rounds[0]!.endsAt!);
      passTime(21 * MINUTE);
      const tables = tableLines(fr, data, 1, () => true);
      expect((await pass(table)).map((m) => m.content)).toEqual([fr('league.round.closing', { minutes: 10, round: 1, league: 'Tournoi', time: relative(endsAt), tables })]);
      passTime(10 * MINUTE);
      expect((await pass(table)).map((m) => m.content)).toEqual([fr('league.round.ended', { round: 1, league: 'Tournoi', tables, organisers: `<@${IDS.rita}>` })]);
    } finally {
      await app.command('rita', 'game server-language', { language: 'en' }, table);
    }
  });
});
