/**
 * The league page in Debian's Chromium, served by the real HTTP server (src/discord/http.ts) on loopback
 * with a leaguePage option that renders an 8-player, 3-round league: at phone width (390×844, and the
 * narrowest common phone, 360) and on a desktop, the standings and rounds are on screen, nothing scrolls
 * sideways, the style sheet applies under the page's Content-Security-Policy, a name written as markup is
 * shown as text, and an unknown league is a 404 page.
 */
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInteractionsServer, listen } from '../src/discord/http.js';
import { createRest } from '../src/discord/outbox.js';
import { standings } from '../src/leagues/standings.js';
import { renderLeaguePage } from '../src/leagues/webPage.js';
import { browserUnavailableReason, launchBrowser, type LaunchedBrowser } from './support/browser.js';
import { fixtureLeague, HOSTILE_NAME, LEAGUE_NAMES, LEAGUE_TITLE } from './support/league.js';

const SCREENSHOTS = path.resolve('.tmp');
const LEAGUE_ID = 'autumn-2026';

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[league-web.browser.test] SKIPPED: ${unavailable}`);

describe.skipIf(unavailable !== null)('the league page in Chromium', () => {
  let server: Server;
  let base: string;
  let browser: LaunchedBrowser;
  const dialogs: string[] = [];
  const league = fixtureLeague();
  const expectedOrder = standings(league).map((row) => LEAGUE_NAMES.get(row.playerId)!);

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    server = createInteractionsServer({
      publicKey: '00'.repeat(32),
      rest: createRest({ apiBase: 'http://127.0.0.1:9/api' }),
      handler: () => Promise.reject(new Error('no interaction is sent in this test')),
      log: () => undefined,
      leaguePage: async (leagueId) =>
        leagueId === LEAGUE_ID ? { html: renderLeaguePage({ league, name: LEAGUE_TITLE, names: LEAGUE_NAMES, locale: 'en', updatedAt: new Date('2026-11-28T06:30:00Z') }) } : null,
    });
    base = `http://127.0.0.1:${await listen(server, 0)}`;
    browser = await launchBrowser({ viewport: { width: 390, height: 844 } });
    browser.page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  async function open(width: number, height: number): Promise<void> {
    await browser.page.setViewportSize({ width, height });
    const response = await browser.page.goto(`${base}/leagues/${LEAGUE_ID}`);
    expect(response?.status()).toBe(200);
  }

  async function expectStandingsAndRounds(): Promise<void> {
    const page = browser.page;
    const rows = page.locator('table.standings tbody tr');
    expect(await rows.count()).toBe(8);
    for (const [index, name] of expectedOrder.entries()) {
      const row = rows.nth(index);
      await expect.poll(() => row.isVisible()).toBe(true);
      expect(await row.locator('td.player bdi').innerText()).toBe(name);
    }
    expect(await rows.nth(7).innerText()).toMatch(/dropped/);
    const rounds = page.locator('section.round');
    expect(await rounds.locator('h3').allInnerTexts()).toEqual(['Round 3', 'Round 2', 'Round 1']);
    for (let i = 0; i < 3; i++) expect(await rounds.nth(i).isVisible()).toBe(true);
    const round3 = await rounds.first().innerText();
    expect(round3).toMatch(/awaiting result/);
    expect(round3).toMatch(/Bye: Ève/);
    expect(await rounds.first().locator('li.voided del').innerText()).toBe('4–1 VP');
    expect(await page.locator('ol.results > li').count()).toBe(league.results.length);
  }

  /** The page is no wider than the window: nothing to scroll sideways, no element sticking out. */
  async function expectNoHorizontalOverflow(): Promise<void> {
    const widths = await browser.page.evaluate(() => {
      const outside = Array.from(document.querySelectorAll('body *'))
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
      return { scroll: document.scrollingElement!.scrollWidth, inner: window.innerWidth, outside };
    });
    expect(widths.outside).toEqual([]);
    expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
  }

  it('at phone width (390×844): standings as one card per player, every round shown, nothing scrolls sideways', async () => {
    await open(390, 844);
    await expectStandingsAndRounds();
    await expectNoHorizontalOverflow();
    const page = browser.page;
    // The page's own style sheet applied under its CSP: the table became cards, each labelled.
    expect(await page.locator('table.standings tbody tr').first().evaluate((el) => getComputedStyle(el).display)).toBe('flex');
    expect(await page.locator('table.standings thead').evaluate((el) => el.getBoundingClientRect().height)).toBeLessThanOrEqual(1);
    expect(await page.locator('table.standings tbody tr').first().locator('td.record').evaluate((el) => getComputedStyle(el, '::before').content)).toBe('"Record\u00a0"');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'league-phone.png'), fullPage: true });
  });

  it('at 360 px wide too, nothing scrolls sideways', async () => {
    await open(360, 740);
    await expectNoHorizontalOverflow();
  });

  it('on a desktop: the standings are a table with the organiser’s columns', async () => {
    await open(1280, 800);
    await expectStandingsAndRounds();
    await expectNoHorizontalOverflow();
    const page = browser.page;
    expect(await page.locator('table.standings tbody tr').first().evaluate((el) => getComputedStyle(el).display)).toBe('table-row');
    expect(await page.locator('table.standings thead th').allInnerTexts()).toEqual(['Rank', 'Player', 'TP', 'VP diff.', 'VP', 'SoS', 'Record']);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'league-desktop.png'), fullPage: true });
  });

  it('a name written as markup is shown as text: no script, no dialog, no console error', async () => {
    await open(390, 844);
    const page = browser.page;
    expect(await page.getByText(HOSTILE_NAME, { exact: true }).first().isVisible()).toBe(true);
    expect(await page.title()).toBe(`${LEAGUE_TITLE} — league standings`);
    expect(await page.locator('h1').innerText()).toBe(LEAGUE_TITLE);
    expect(await page.evaluate(() => document.querySelectorAll('script, b').length)).toBe(0);
    expect(dialogs).toEqual([]);
    // A style the CSP refused, or anything that tried to run, would be reported here.
    expect(browser.pageErrors).toEqual([]);
  });

  it('an unknown league is a 404 page', async () => {
    const response = await browser.page.goto(`${base}/leagues/no-such-league`);
    expect(response?.status()).toBe(404);
    expect(await browser.page.locator('h1').innerText()).toBe('League not found');
    await expectNoHorizontalOverflow();
  });
});
