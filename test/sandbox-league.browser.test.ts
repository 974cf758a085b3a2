/**
 * A whole league run in the no-token sandbox page in Debian's Chromium (issue 17): the eight members,
 * switched with the page's "Viewing as" menu, do everything by typing commands and pressing buttons; the
 * page, the Discord double and the real bot do the rest. Assertions read what the page shows.
 *
 * Referee Rita creates an 8-player Swiss season and everyone joins (the league option autocompletes);
 * each round is previewed to Rita alone and sent with "Send the round"; results are reported with
 * /league report and confirmed with the opponent's button, one is disputed (a form asks why) and Rita
 * decides it with /league result; in round two one table plays its game on the bot (/game new with the
 * league option), a player concedes, and once the take-back window has passed (the sandbox's clock is the
 * test's) the channel reads that the result is recorded in the league. Then the standings with their
 * pictures, the CSV export, and the league's web page, followed from the standings at a phone's width.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { startSandbox, type Sandbox } from '../src/sandbox/start.js';
import { END_WINDOW_MS } from '../src/discord/commands/gameEnd.js';
import { browserUnavailableReason, launchBrowser, SandboxPage, type CommandOption, type LaunchedBrowser } from './support/browser.js';

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[sandbox-league.browser.test] SKIPPED: ${unavailable}`);

const quietLog = { info: () => undefined, warn: (m: string) => console.warn(m), error: (m: string) => console.error(m) };

const LEAGUE = 'Autumn League';
/** The sandbox's members as the page names them (display names), and the username "Viewing as" finds. */
const MEMBERS = ['Alice', 'Bob', 'Carol', 'Dave', 'Erin', 'Frank', 'Grace', 'Referee Rita'] as const;
type Member = (typeof MEMBERS)[number];
const USERNAME = (name: Member) => (name === 'Referee Rita' ? 'rita' : name.toLowerCase());
const PHONE = { width: 390, height: 844 };

/** A table of a round, as the round's message lists it. */
interface Table {
  number: number;
  a: Member;
  b: Member;
}

describe.skipIf(unavailable !== null)('a league run in the sandbox page', () => {
  let sandbox: Sandbox | undefined;
  let browser: LaunchedBrowser;
  let p: SandboxPage;
  let dataDir: string;
  let now = Date.UTC(2026, 10, 28, 18, 0, 0);
  const league: CommandOption = { name: 'league', value: LEAGUE };
  let viewer: Member | '' = '';
  let channel = '';
  let standingsOrder: string[] = [];
  let webUrl = '';
  /** Who won in round 1, as the reports and Rita's ruling said. */
  const roundOneWinners = new Set<Member>();

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'fatekeeper-sandbox-league-'));
    sandbox = await startSandbox({ port: 0, databaseUrl: `file:${path.join(dataDir, 'sandbox.db')}`, log: quietLog, clock: () => now });
    browser = await launchBrowser({ viewport: { width: 1280, height: 900 } });
    p = new SandboxPage(browser.page);
    await p.open(sandbox.url, { user: 'rita', channel: 'table-1' });
    viewer = 'Referee Rita';
    channel = 'table-1';
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sandbox?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** Looks through `who`'s eyes at `where` (switching only what changes). */
  async function as(who: Member, where = 'table-1'): Promise<void> {
    if (viewer !== who) {
      await p.switchUser(USERNAME(who));
      viewer = who;
      channel = '';
    }
    if (channel !== where) {
      await p.openChannel(where);
      channel = where;
    }
  }

  /** Types a command as the viewer and returns the message it brought, public unless `ephemeral`. */
  async function run(commandPath: string, options: CommandOption[], expected: string | RegExp, how: { ephemeral?: boolean } = {}): Promise<Locator> {
    const known = new Set(await p.messageIds());
    await p.runCommand(commandPath, options);
    const answer = p.messagesWith(expected).filter({ hasNot: p.page.locator('.thinking') }).last();
    // The newest message that says so, and not one from before the command.
    const arrived = async () => ((await answer.count()) ? !known.has((await answer.getAttribute('data-message-id')) ?? '') : false);
    await expect
      .poll(arrived, { timeout: 15_000 })
      .toBe(true)
      .catch(async () => {
        const newest = await p.messages.last().innerText().catch(() => '(nothing)');
        throw new Error(`/${commandPath} as ${viewer}: expected “${String(expected)}”; the newest message reads: ${newest}`);
      });
    expect(await answer.getAttribute('data-ephemeral')).toBe(how.ephemeral ? 'true' : 'false');
    return answer;
  }

  /** Fills and submits the open modal, and waits for the double to accept it. */
  async function submitModal(values: Record<string, string>): Promise<void> {
    const modal = p.page.getByTestId('modal');
    await modal.waitFor({ state: 'visible' });
    for (const [id, value] of Object.entries(values)) await p.page.getByTestId(`modal-input-${id}`).fill(value);
    const sent = p.page.waitForResponse((r) => r.url().endsWith('/sandbox/api/modal'));
    await p.page.getByTestId('modal-submit').click();
    expect(((await (await sent).json()) as { ok?: boolean }).ok).toBe(true);
    await modal.waitFor({ state: 'detached' });
  }

  /** Rita pairs the next round: a preview only she sees, then "Send the round"; the tables as the channel reads them. */
  async function pairRound(round: number): Promise<Table[]> {
    await as('Referee Rita');
    const preview = await run('league pair', [league], `Round ${round} of ${LEAGUE}: check it before it goes out`, { ephemeral: true });
    expect(await preview.innerText()).toContain('Nothing is sent until you press “Send the round”.');
    await p.clickButton(preview, { label: 'Send the round' });
    const posted = p.page.locator('[data-testid="message"][data-ephemeral="false"]').filter({ hasText: `${LEAGUE}: round ${round}` }).filter({ hasText: 'Table 1:' }).last();
    await posted.waitFor();
    const text = await posted.innerText();
    const tables = [...text.matchAll(/Table (\d): (.+?) vs (.+)$/gm)].map((m) => ({ number: Number(m[1]), a: m[2]!.trim() as Member, b: m[3]!.trim() as Member }));
    expect(tables.map((t) => t.number)).toEqual([1, 2, 3, 4]);
    expect(tables.flatMap((t) => [t.a, t.b]).sort()).toEqual([...MEMBERS].sort());
    expect(text).not.toMatch(/Bye:/);
    return tables;
  }

  /** `table.a` reports a win, `table.b` confirms it with the report's button. */
  async function reportAndConfirm(round: number, table: Table, vp: [number, number]): Promise<void> {
    const report = await reportedBy(round, table, vp);
    await as(table.b);
    await p.clickButton(report, { label: 'Confirm' });
    // This very report says so (an earlier round's report may read the same words), and its buttons are gone.
    await report.filter({ hasText: `Confirmed by ${table.b}: the result counts.` }).waitFor();
    await expect.poll(() => report.getByTestId('component-button').count()).toBe(0);
  }

  async function reportedBy(round: number, table: Table, vp: [number, number]): Promise<Locator> {
    await as(table.a);
    const report = await run(
      'league report',
      [league, { name: 'opponent', value: table.b }, { name: 'my_vp', value: vp[0] }, { name: 'their_vp', value: vp[1] }],
      `${table.a} ${vp[0]}–${vp[1]} ${table.b}, reported by ${table.a}.`,
    );
    expect(await report.innerText()).toContain(`Result reported: ${LEAGUE}, round ${round}`);
    expect(await report.getByTestId('component-button').allInnerTexts()).toEqual(['Confirm', 'Dispute', 'Withdraw']);
    // The report is the message under which the opponent answers: find it again by its id after switching.
    const id = (await report.getAttribute('data-message-id'))!;
    return p.page.locator(`[data-testid="message"][data-message-id="${id}"]`);
  }

  /** The round's message as it stands: a new /league round, read by whoever looks. */
  async function roundText(round: number): Promise<string> {
    const shown = await run('league round', [league, { name: 'round', value: round }], `${LEAGUE}: round ${round}`);
    return shown.innerText();
  }

  it('Referee Rita creates a Swiss season; the eight members join, the league found by autocomplete', async () => {
    const created = await run('league create', [{ name: 'name', value: LEAGUE }], `League ${LEAGUE} created (a season)`);
    expect(await created.innerText()).toMatch(/fingerprint is [0-9a-f]{64}/);

    // The first to join finds the league by typing part of its name: the bot suggests it.
    await as('Alice');
    const input = p.page.getByTestId('command-input');
    await input.fill('/league join');
    await p.page.locator('[data-testid="command-suggestion"][data-command="league join"]').click();
    await p.page.getByTestId('option-league').pressSequentially('autu', { delay: 20 });
    const choices = p.page.getByTestId('choices-league').locator('option');
    await expect.poll(() => choices.evaluateAll((os) => os.map((o) => o.textContent?.trim() ?? ''))).toEqual([LEAGUE]);
    const id = await choices.first().getAttribute('value');
    await p.page.getByTestId('option-league').fill(id!);
    const sent = p.page.waitForResponse((r) => r.url().endsWith('/sandbox/api/command'));
    await p.page.getByTestId('option-league').press('Enter');
    expect(((await (await sent).json()) as { ok?: boolean }).ok).toBe(true);
    await p.messagesWith(`Alice joined ${LEAGUE} (1 player).`).last().waitFor();

    // The others type its name.
    for (const [i, who] of MEMBERS.entries()) {
      if (who === 'Alice') continue;
      await as(who);
      await run('league join', [league], `${who} joined ${LEAGUE} (${i + 1} players).`);
    }
    expect(browser.pageErrors).toEqual([]);
  }, 120_000);

  it('round 1: previewed to Rita, sent; three results confirmed, one disputed with a reason and decided by Rita', async () => {
    const tables = await pairRound(1);
    // The dispute is at a table Rita does not play: she decides it as the organiser, not a player.
    const disputed = tables.find((t) => t.a !== 'Referee Rita' && t.b !== 'Referee Rita')!;
    for (const table of tables.filter((t) => t !== disputed)) await reportAndConfirm(1, table, [6, 2]);

    const report = await reportedBy(1, disputed, [5, 4]);
    await as(disputed.b);
    await p.clickButton(report, { label: 'Dispute' });
    expect(await p.page.getByTestId('modal-title').innerText()).toBe('Dispute this result');
    await submitModal({ reason: `${disputed.b} won 5–4, not the other way` });
    const ping = p.messagesWith(`Disputed by ${disputed.b}: “${disputed.b} won 5–4, not the other way”.`);
    await ping.last().waitFor();
    // The organiser is pinged in the channel.
    await as('Referee Rita');
    expect(await ping.last().innerText()).toContain('@Referee Rita, please decide with /league result (round 1)');
    await run(
      'league result',
      [league, { name: 'round', value: 1 }, { name: 'player_a', value: disputed.b }, { name: 'vp_a', value: 5 }, { name: 'player_b', value: disputed.a }, { name: 'vp_b', value: 4 }],
      `The organiser decided round 1: ${disputed.b} 5–4 ${disputed.a}.`,
    );

    for (const t of tables) roundOneWinners.add(t === disputed ? t.b : t.a);
    const text = await roundText(1);
    for (const t of tables) {
      if (t === disputed) expect(text).toContain(`Table ${t.number}: ${t.a} 4–5 ${t.b}`);
      else expect(text).toContain(`Table ${t.number}: ${t.a} 6–2 ${t.b}`);
    }
    expect(browser.pageErrors).toEqual([]);
  }, 180_000);

  it('round 2: Swiss; one table plays on the bot for the league, a concession is recorded once its take-back window has passed', async () => {
    const tables = await pairRound(2);
    // Swiss: the winners of round 1 meet each other, and so do the losers.
    for (const t of tables) expect(roundOneWinners.has(t.a), `table ${t.number}: ${t.a} vs ${t.b}`).toBe(roundOneWinners.has(t.b));
    const played = tables[tables.length - 1]!;
    for (const table of tables.filter((t) => t !== played)) await reportAndConfirm(2, table, [7, 3]);

    await as(played.a, 'table-2');
    await run(
      'game new',
      [{ name: 'opponent', value: played.b }, { name: 'system', value: 'm3e-game' }, league],
      /a whole game/,
    );
    await p.runCommand('game end');
    const confirm = p.messagesWith('End the game?').last();
    await confirm.waitFor();
    await p.clickButton(confirm, { label: 'Concede' });
    await p.messagesWith('You asked to end the game. It can be taken back until').last().waitFor();
    await p.messagesWith(`${played.a} concedes.`).last().waitFor();
    // A look within the window changes nothing: the end can still be taken back, nothing is recorded.
    await p.runCommand('game log');
    await p.waitForReply('game log');
    expect(await p.messagesWith('Result recorded in league').count()).toBe(0);

    now += END_WINDOW_MS + 1_000;
    // The next look at the game makes the end final, and the game reports itself to its league.
    await p.runCommand('game log');
    const recorded = p.messagesWith(`Result recorded in league ${LEAGUE}, round 2`).last();
    await recorded.waitFor();
    expect(await recorded.getAttribute('data-ephemeral')).toBe('false');

    await as('Referee Rita');
    const text = await roundText(2);
    expect(text).toContain(`Table ${played.number}: ${played.a} vs ${played.b} — forfeit (${played.a} did not play)`);
    for (const t of tables.filter((x) => x !== played)) expect(text).toContain(`Table ${t.number}: ${t.a} 7–3 ${t.b}`);
    expect(browser.pageErrors).toEqual([]);
  }, 180_000);

  it('round 3: reported and confirmed; the standings with their pictures; the CSV export attached', async () => {
    const tables = await pairRound(3);
    for (const [i, table] of tables.entries()) await reportAndConfirm(3, table, [4 + (i % 3), 3]);

    await as('Bob');
    const shown = await run('league standings', [league], `${LEAGUE}: standings after round 3`);
    const text = await shown.innerText();
    standingsOrder = [...text.matchAll(/^(\d+)\. (.+?) — (\d+) TP/gm)].map((m) => m[2]!);
    expect([...standingsOrder].sort()).toEqual([...MEMBERS].sort());
    webUrl = /Web page: (\S+)/.exec(text)?.[1] ?? '';
    expect(webUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/leagues\/\S+$/);
    // Its pictures are shown: each image loaded in the page.
    const images = shown.locator('img');
    expect(await images.count()).toBeGreaterThanOrEqual(2);
    await expect.poll(() => images.evaluateAll((els) => els.every((e) => (e as HTMLImageElement).complete && (e as HTMLImageElement).naturalWidth > 0))).toBe(true);

    const exported = await run('league export', [league], `Export of ${LEAGUE} attached (CSV).`, { ephemeral: true });
    const files = await exported.getByTestId('attachment-file').allInnerTexts();
    expect(files.map((f) => f.replace('📄', '').trim())).toEqual(['autumn-league-standings.csv', 'autumn-league-results.csv']);
    expect(browser.pageErrors).toEqual([]);
  }, 180_000);

  it('the web page from the standings, at a phone’s width: the players in the standings’ order, the three rounds, nothing sideways', async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize(PHONE);
    const response = await page.goto(webUrl);
    expect(response?.status()).toBe(200);
    const body = await page.locator('body').innerText();
    expect(body).toContain(LEAGUE);
    // The players, top to bottom, in the standings message's order.
    const at = standingsOrder.map((name) => body.indexOf(name));
    expect(at.every((i) => i >= 0), `every player on the page: ${standingsOrder.join(', ')}`).toBe(true);
    expect(await page.locator('table.standings tbody tr td.player').allInnerTexts()).toEqual(standingsOrder);
    expect(await page.locator('section.round h3').allInnerTexts()).toEqual(['Round 3', 'Round 2', 'Round 1']);
    const widths = await page.evaluate(() => ({
      scroll: document.scrollingElement!.scrollWidth,
      inner: window.innerWidth,
      outside: Array.from(document.querySelectorAll('body *'))
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
    }));
    expect(widths.outside).toEqual([]);
    expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
    await page.close();
    expect(browser.pageErrors).toEqual([]);
  }, 60_000);
});
