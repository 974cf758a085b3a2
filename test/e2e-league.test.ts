/**
 * A league through the real bot and the Discord double (issue 17): created, joined, a round previewed and
 * sent, results reported and confirmed with a button, one disputed and decided by the organiser, refusals
 * that change nothing, a Swiss second round, a finished game reporting itself, standings with their
 * pictures, the export and the audit log.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../src/i18n/index.js';
import { leagueSchema, type League } from '../src/leagues/model.js';
import { standings } from '../src/leagues/standings.js';
import { leaguePageLoader } from '../src/discord/leagues/webPage.js';
import { IDS, findComponent, messageText, startApp, type App, type Who } from './support/app.js';

let app: App;
const en = translator('en');
const fr = translator('fr');
const ch = () => app.double.channel('table-1').id;
const NAMES: Record<string, Who> = { [IDS.alice]: 'alice', [IDS.bob]: 'bob', [IDS.carol]: 'carol', [IDS.rita]: 'rita' };

/** The fingerprint announced at creation, computed here independently of the bot. */
const createHashHex = (seed: string) => createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex');

beforeAll(async () => {
  // A fixed seed: the same draw every run (the league's round one and the game's decks come from it).
  app = await startApp({ mode: 'http', backend: 'sqlite', newSeed: () => '5e'.repeat(32) });
});
afterAll(async () => {
  await app?.close();
});

async function stored(): Promise<{ id: string; version: number; league: League }> {
  const [row] = await app.store.leagues.listLeagues(app.double.fixtures.guild.id);
  if (!row) throw new Error('no league');
  return { id: row.id, version: row.version, league: leagueSchema.parse(row.snapshot) };
}

async function ok(who: Who, sub: string, options: Record<string, string | number | boolean> = {}, channelId = ch()) {
  const result = await app.command(who, `league ${sub}`, options, channelId);
  expect(result.ok, result.error).toBe(true);
  await app.settle();
  return result;
}

/** A command that must be refused, in words, to the asker alone, with the league unchanged. */
async function refused(who: Who, sub: string, options: Record<string, string | number | boolean>, text: string) {
  const before = await stored();
  const result = await ok(who, sub, options);
  expect(result.reply?.ephemeral).toBe(true);
  expect(result.reply?.content).toContain(text);
  const after = await stored();
  expect(after.version).toBe(before.version);
}

/** What `run` did, and how many times the bot read a league from the store meanwhile (its after() work included). */
async function leagueReads<T>(run: () => Promise<T>): Promise<{ result: T; reads: number }> {
  const leagues = app.store.leagues;
  const { getLeague, findLeague } = leagues;
  let reads = 0;
  leagues.getLeague = (id) => (reads++, getLeague.call(leagues, id));
  leagues.findLeague = (guildId, name) => (reads++, findLeague.call(leagues, guildId, name));
  try {
    const result = await run();
    await app.settle();
    return { result, reads };
  } finally {
    Object.assign(leagues, { getLeague, findLeague });
  }
}

async function sendRound(): Promise<League> {
  const { id } = await stored();
  const preview = await ok('rita', 'pair', { league: id });
  expect(preview.reply?.ephemeral).toBe(true);
  const button = findComponent([preview.reply!], (customId) => customId.startsWith('fk:lgpair:'))!;
  const sent = await app.click('rita', preview.reply!.id, button.customId);
  expect(sent.ok, sent.error).toBe(true);
  await app.settle();
  return (await stored()).league;
}

describe('a league run in Discord', () => {
  let leagueId = '';

  it('is created by its organiser, with a fingerprint of the seed round one is drawn from', async () => {
    const created = await ok('rita', 'create', { name: 'Autumn League' });
    expect(created.reply?.ephemeral).toBe(false);
    expect(messageText(created.reply!)).toContain('League **Autumn League** created (a season)');
    const { id, league } = await stored();
    leagueId = id;
    expect(messageText(created.reply!)).toContain(createHashHex(league.seed));
    // The seed itself is never shown before round one goes out.
    expect(messageText(created.reply!)).not.toContain(league.seed);
  });

  it('players join themselves (once); a name taken twice is refused', async () => {
    for (const who of ['alice', 'bob', 'carol', 'rita'] as const) await ok(who, 'join', { league: leagueId });
    expect((await stored()).league.players.map((p) => p.id)).toEqual([IDS.alice, IDS.bob, IDS.carol, IDS.rita]);
    await refused('alice', 'join', { league: leagueId }, en('error.ALREADY_JOINED'));
    const again = await ok('bob', 'create', { name: '  autumn   league ' });
    expect(again.reply?.content).toContain('already has a league named');
  });

  it('the seed stays secret until round one is out: not in any message, export, log or the web page', async () => {
    const { id, league } = await stored();
    const said: string[] = [];
    for (const as of ['csv', 'json'] as const) {
      const exported = await ok('alice', 'export', { league: id, as });
      for (const file of exported.reply!.attachments) said.push(await (await fetch(file.url)).text());
    }
    said.push(messageText((await ok('alice', 'log', { league: id })).reply!));
    said.push(messageText((await ok('alice', 'standings', { league: id })).reply!));
    said.push((await leaguePageLoader(app.bot.services)(id))!.html);
    said.push(...app.publicMessages().map(messageText), ...app.logs);
    // The files were read for real: the CSV's header, the JSON's players.
    expect(said[0]).toContain('rank,player_id');
    expect(said.find((text) => text.startsWith('{'))).toContain(IDS.alice);
    expect(said.length).toBeGreaterThan(6);
    for (const text of said) expect(text).not.toContain(league.seed);
  });

  it('round one: previewed to the organiser alone, sent with a button, drawn from the seed (verifiable)', async () => {
    await refused('alice', 'pair', { league: leagueId }, en('error.NOT_ORGANISER'));
    const league = await sendRound();
    expect(league.rounds).toHaveLength(1);
    expect(league.rounds[0]!.tables).toHaveLength(2);
    const posted = app.lastPublic()!;
    expect(messageText(posted)).toContain('Autumn League: round 1');
    expect(posted.attachments.map((a) => a.filename)).toEqual(['round-1.png']);
    const verify = await ok('carol', 'verify', { league: leagueId });
    expect(verify.reply?.content).toContain(league.seed);
    expect(verify.reply?.content).toContain('the same tables ✓');
  });

  it('the organiser pairs round one again before any result: the seed’s next draw, posted to its players, still verifiable', async () => {
    await refused('alice', 'pair_again', { league: leagueId }, en('error.NOT_ORGANISER'));
    const first = (await stored()).league.rounds[0]!;
    const again = await ok('rita', 'pair_again', { league: leagueId });
    expect(again.reply?.ephemeral).toBe(false);
    expect(messageText(again.reply!)).toContain('Round 1 of **Autumn League** paired again by the organiser');
    expect(again.reply!.attachments.map((a) => a.filename)).toEqual(['round-1.png']);
    const { league } = await stored();
    expect(league.rounds).toHaveLength(1);
    expect(league.rounds[0]!.draw).toBe(2);
    for (const id of league.rounds[0]!.tables.flatMap((t) => t.players)) expect(again.reply!.content).toContain(`<@${id}>`);
    expect(league.rounds[0]!.tables).not.toEqual(first.tables);
    const verify = await ok('carol', 'verify', { league: leagueId });
    expect(verify.reply?.content).toContain('the same tables ✓');
    expect(verify.reply?.content).toContain('it is draw 2 of the seed');
    expect(messageText((await ok('carol', 'log', { league: leagueId })).reply!)).toContain('paired round 1 again');
  });

  it('a report confirmed by the opponent with a button counts; confirming your own is refused', async () => {
    const { league } = await stored();
    const [a, b] = league.rounds[0]!.tables[0]!.players;
    const { result: report, reads: reportReads } = await leagueReads(() => ok(NAMES[a]!, 'report', { league: leagueId, opponent: b, my_vp: 6, their_vp: 2 }));
    // The league is read once: the decision starts from the league the command found.
    expect(reportReads).toBe(1);
    expect(report.reply?.ephemeral).toBe(false);
    expect(messageText(report.reply!)).toContain('reported by');
    const confirm = findComponent([report.reply!], (id) => id.endsWith(':confirm'))!;
    const own = await app.click(NAMES[a]!, report.reply!.id, confirm.customId);
    expect(own.reply?.content ?? messageText(app.lastPublic()!)).toContain(en('error.OWN_REPORT'));
    expect((await stored()).league.results).toHaveLength(0);
    const { result: confirmed, reads: confirmReads } = await leagueReads(() => app.click(NAMES[b]!, report.reply!.id, confirm.customId));
    expect(confirmed.ok, confirmed.error).toBe(true);
    expect(confirmReads).toBe(1);
    const after = (await stored()).league;
    expect(after.results).toEqual([expect.objectContaining({ kind: 'played', players: [a, b], vp: [6, 2], source: 'report' })]);
    expect(standings(after)[0]).toMatchObject({ playerId: a, tp: 3, vpDiff: 4 });
  });

  it('bad input is refused with what to do, nothing changed', async () => {
    const { league } = await stored();
    const [c, d] = league.rounds[0]!.tables[1]!.players;
    const [a] = league.rounds[0]!.tables[0]!.players;
    await refused(NAMES[c]!, 'report', { league: leagueId, opponent: d, my_vp: -1, their_vp: 3 }, en('error.NEGATIVE_VP', { vp: -1 }));
    await refused(NAMES[c]!, 'report', { league: leagueId, opponent: d, my_vp: 9, their_vp: 3 }, en('error.IMPOSSIBLE_VP', { vp: 9, max: 8 }));
    await refused(NAMES[c]!, 'report', { league: leagueId, opponent: a, my_vp: 4, their_vp: 3 }, en('error.NO_OPEN_TABLE'));
    // A player of the table who is not the organiser (Rita organises and plays).
    const player = NAMES[[c, d].find((id) => id !== IDS.rita)!]!;
    await refused(player, 'result', { league: leagueId, round: 1, player_a: c, vp_a: 8, player_b: d, vp_b: 0 }, en('error.NOT_ORGANISER'));
    await refused('rita', 'pair', { league: leagueId }, 'still has 1 table without a result');
    // A round with a result keeps its tables, in the asker's language.
    await refused('rita', 'pair_again', { league: leagueId }, en('error.ROUND_HAS_RESULTS', { round: 1 }));
    app.double.setUser(IDS.rita, { locale: 'fr' });
    try {
      await refused('rita', 'pair_again', { league: leagueId }, fr('error.ROUND_HAS_RESULTS', { round: 1 }));
    } finally {
      app.double.setUser(IDS.rita, { locale: 'en-US' });
    }
    await refused('alice', 'report', { league: 'Nope', opponent: IDS.bob, my_vp: 1, their_vp: 1 }, 'There is no league “Nope”');
  });

  it('a disputed report pings the organiser, who decides it', async () => {
    const { league } = await stored();
    const [c, d] = league.rounds[0]!.tables[1]!.players;
    const report = await ok(NAMES[c]!, 'report', { league: leagueId, opponent: d, my_vp: 5, their_vp: 4 });
    const dispute = findComponent([report.reply!], (id) => id.endsWith(':dispute'))!;
    const opened = await app.click(NAMES[d]!, report.reply!.id, dispute.customId);
    expect(opened.ok, opened.error).toBe(true);
    const submitted = await app.double.submitModal({ userId: IDS[NAMES[d]!], values: { reason: 'It was 4–5 the other way' } });
    expect(submitted.ok, submitted.error).toBe(true);
    await app.settle();
    const ping = app.lastPublic()!;
    expect(ping.content).toContain('Disputed by');
    expect(ping.content).toContain(`<@${IDS.rita}>`);
    expect((await stored()).league.reports[0]).toMatchObject({ status: 'disputed', disputeReason: 'It was 4–5 the other way' });
    const ruled = await ok('rita', 'result', { league: leagueId, round: 1, player_a: d, vp_a: 5, player_b: c, vp_b: 4 });
    expect(messageText(ruled.reply!)).toContain('The organiser decided round 1');
    const after = (await stored()).league;
    expect(after.reports).toEqual([]);
    expect(after.results.at(-1)).toMatchObject({ players: [d, c], vp: [5, 4], source: 'organiser' });
  });

  it('round two is Swiss (winners meet) and a game played on the bot for the league reports itself', async () => {
    const league = await sendRound();
    const round = league.rounds[1]!;
    const rows = standings(league, 1);
    // The two winners of round one meet.
    const winners = rows.filter((r) => r.tp === 3).map((r) => r.playerId).sort();
    expect(round.tables.some((t) => [...t.players].sort().join() === winners.join())).toBe(true);
    const [a, b] = round.tables[0]!.players;
    const gameChannel = app.double.channel('table-2').id;
    const started = await app.command(NAMES[a]!, 'game new', { opponent: b, system: 'm3e-game', league: leagueId }, gameChannel);
    expect(started.ok, started.error).toBe(true);
    expect(started.reply?.ephemeral, messageText(started.reply!)).toBe(false);
    await app.settle();
    // The first player concedes: the league records it as their forfeit.
    await app.endGame(NAMES[a]!, gameChannel, 'concede');
    await app.settle();
    const recorded = app.publicMessages(gameChannel).map(messageText).find((text) => text.includes('Result recorded in league'));
    expect(recorded).toContain('**Autumn League**, round 2');
    const after = (await stored()).league;
    expect(after.results.at(-1)).toMatchObject({ kind: 'forfeit', round: 2, absent: [a], source: 'game' });
  });

  it('standings come with their picture and the TP chart; the export is attached; the log says who did what', async () => {
    const shown = await ok('bob', 'standings', { league: leagueId });
    expect(shown.reply?.ephemeral).toBe(false);
    expect(shown.reply!.attachments.map((a) => a.filename)).toEqual(['standings.png', 'tp-chart.png']);
    expect(messageText(shown.reply!)).toContain('standings after round 2');
    const csv = await ok('bob', 'export', { league: leagueId });
    expect(csv.reply!.attachments.map((a) => a.filename)).toEqual(['autumn-league-standings.csv', 'autumn-league-results.csv']);
    const log = await ok('carol', 'log', { league: leagueId });
    const text = messageText(log.reply!);
    expect(text).toContain('created the league');
    expect(text).toContain('disputed report #2');
    expect(text).toContain(`<@${IDS.rita}>`);
    expect(text).toContain('the bot');
  });

  it('closed, it changes no more', async () => {
    await ok('rita', 'close', { league: leagueId });
    await refused('alice', 'leave', { league: leagueId }, en('error.LEAGUE_CLOSED'));
  });
});
