/**
 * The no-token sandbox, end to end in a real browser: the page (src/sandbox/public) in Debian's Chromium,
 * the Discord double, the real bot, the store. Two pretend players share one channel; each sees only what
 * Discord would show them.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../src/sandbox/start.js';
import { DEFAULT_IDS } from '../src/discord-double/index.js';
import { allCommands } from '../src/discord/commands/index.js';
import { browserUnavailableReason, launchBrowser, SandboxPage, type LaunchedBrowser } from './support/browser.js';

const SCREENSHOT = path.resolve('.tmp/sandbox.png');
const SCREENSHOT_PHONE = path.resolve('.tmp/sandbox-phone.png');

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[sandbox.browser.test] SKIPPED: ${unavailable}`);

/** Every command line the picker should offer: command, command sub, command group sub. */
function invocablePaths(): string[] {
  // Read as the JSON Discord receives (1 = subcommand, 2 = subcommand group).
  type Option = { type: number; name: string; options?: Option[] };
  const paths: string[] = [];
  for (const { definition } of allCommands) {
    const { name, options } = definition as { name: string; options?: Option[] };
    const subs = (options ?? []).filter((o) => o.type === 1 || o.type === 2);
    if (subs.length === 0) paths.push(name);
    for (const s of subs) {
      if (s.type === 1) paths.push(`${name} ${s.name}`);
      else for (const g of s.options ?? []) if (g.type === 1) paths.push(`${name} ${s.name} ${g.name}`);
    }
  }
  return paths;
}

describe.skipIf(unavailable !== null)('sandbox page in Chromium', () => {
  let sandbox: Sandbox | undefined;
  let browser: LaunchedBrowser;
  let alice: SandboxPage;
  let dataDir: string;
  // What the story learns on the way, for later steps.
  let gameMessageId = '';
  let flipMessageId = '';
  let aliceHandReplyId = '';
  let aliceHandText = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'fatekeeper-sandbox-browser-'));
    mkdirSync(path.dirname(SCREENSHOT), { recursive: true });
    sandbox = await startSandbox({ port: 0, databaseUrl: `file:${path.join(dataDir, 'sandbox.db')}`, log: quietLog });
    browser = await launchBrowser();
    alice = new SandboxPage(browser.page);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sandbox?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows the guild, its channels and whose eyes we look through', async () => {
    await alice.open(sandbox!.url, { user: 'alice' });
    const page = browser.page;
    expect(await page.getByTestId('user-switcher').locator('option:checked').textContent()).toMatch(/Alice/);
    expect(await page.locator('[data-testid^="channel-"]').count()).toBeGreaterThanOrEqual(2); // a channel + the DM entry
    await page.getByTestId('command-input').click();
    await page.getByTestId('command-input').fill('/');
    // The picker lists the registered commands, with their subcommands.
    await page.locator('[data-testid="command-suggestion"][data-command="game new"]').waitFor();
    // Every one of them, as Discord does (scrolling), not only the first 25.
    const suggestions = page.getByTestId('command-suggestion');
    expect(invocablePaths().length).toBeGreaterThan(25);
    expect((await suggestions.evaluateAll((els) => els.map((e) => e.getAttribute('data-command')))).sort()).toEqual(invocablePaths().sort());
    // The last one is reached by scrolling the popup, and the arrow keys keep the highlighted one in sight.
    await page.getByTestId('command-input').press('ArrowUp');
    const last = suggestions.last();
    expect(await last.getAttribute('aria-selected')).toBe('true');
    expect(await last.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const popup = el.parentElement!.getBoundingClientRect();
      return box.top >= popup.top && box.bottom <= popup.bottom + 1; // sub-pixel rounding
    })).toBe(true);
    await page.getByTestId('command-input').fill('');
  });

  it('Alice runs /game new against Bob: the game message appears in the channel', async () => {
    const request = browser.page.waitForRequest((r) => r.url().endsWith('/sandbox/api/command'));
    await alice.runCommand('game new', [{ name: 'opponent', value: 'Bob' }, { name: 'system', value: 'm3e' }]);
    // Bob was picked from the members' list: the page sent his id.
    const sent = (await request).postDataJSON() as { options: [{ options: { name: string; value: unknown }[] }] };
    expect(sent.options[0].options).toContainEqual({ name: 'opponent', type: 6, value: DEFAULT_IDS.bob });
    const reply = await alice.waitForReply('game new');
    expect(await reply.getAttribute('data-ephemeral')).toBe('false');
    expect(await reply.innerText()).toMatch(/Bob/);
    gameMessageId = (await reply.getAttribute('data-message-id'))!;
    expect(await alice.errorBanner.isVisible()).toBe(false);
    // The two players' inline fields share their row as in Discord (half each), so a status line does not wrap.
    const widths = await reply.locator('.embed-fields').first().evaluate((grid) => ({
      grid: grid.getBoundingClientRect().width,
      inline: Array.from(grid.querySelectorAll('.embed-field.inline')).map((f) => f.getBoundingClientRect().width),
    }));
    expect(widths.inline.length).toBe(2);
    for (const w of widths.inline) expect(w).toBeGreaterThan(widths.grid * 0.45);
  });

  it('User and Role options are pickers of the server’s members and roles, as Discord shows them: Rita picks the Referee role', async () => {
    const page = browser.page;
    const input = page.getByTestId('command-input');
    const openForm = async (path: string) => {
      await input.click();
      await input.fill('');
      await input.pressSequentially(`/${path}`, { delay: 5 });
      await page.locator(`[data-testid="command-suggestion"][data-command="${path}"]`).click();
      await page.getByTestId('command-form').waitFor({ state: 'visible' });
    };
    const choices = (field: string) => page.getByTestId(`option-${field}`).locator('option').allTextContents();

    // /game new's opponent: a list of the members, never a box for an id.
    await openForm('game new');
    expect(await page.getByTestId('option-opponent').evaluate((el) => el.tagName)).toBe('SELECT');
    expect((await choices('opponent')).slice(1)).toEqual(['Alice (@alice)', 'Bob (@bob)', 'Carol (@carol)', 'Dave (@dave)', 'Erin (@erin)', 'Frank (@frank)', 'Grace (@grace)', 'Referee Rita (@rita)']);
    await page.getByTestId('option-opponent').press('Escape');

    // Rita owns the server: she sets the referee role, picked from the server's roles.
    await alice.switchUser('rita');
    try {
      await openForm('game referee-role');
      expect(await page.getByTestId('option-role').evaluate((el) => el.tagName)).toBe('SELECT');
      expect((await choices('role')).slice(1)).toEqual(['@everyone', '@Referee']);
      await page.getByTestId('option-role').press('Escape');
      const request = page.waitForRequest((r) => r.url().endsWith('/sandbox/api/command'));
      await alice.runCommand('game referee-role', [{ name: 'role', value: '@Referee' }]);
      // What the page sent is the role's id, as Discord's client sends it.
      expect((await request).postDataJSON()).toMatchObject({ name: 'game', options: [{ name: 'referee-role', type: 1, options: [{ name: 'role', type: 8, value: DEFAULT_IDS.refereeRole }] }] });
      const reply = await alice.waitForReply('game referee-role');
      expect(await reply.getAttribute('data-ephemeral')).toBe('true');
      // The role mention reads as the role's name.
      expect(await reply.innerText()).toContain('The referee role is now Referee (@Referee)');
    } finally {
      await alice.switchUser('alice');
    }
  });

  it('the command box refuses bad input before sending, and Escape leaves a command', async () => {
    const page = browser.page;
    const warnings: string[] = [];
    const onConsole = (msg: { type(): string; text(): string }) => { if (msg.type() === 'warning' || msg.type() === 'error') warnings.push(msg.text()); };
    page.on('console', onConsole);
    const sent: string[] = [];
    const onRequest = (r: { url(): string }) => { if (r.url().endsWith('/sandbox/api/command')) sent.push(r.url()); };
    page.on('request', onRequest);
    try {
      const input = page.getByTestId('command-input');
      // Typed options fill the form as they are typed; a half-typed number never reaches a number field.
      await input.click();
      await input.fill('');
      await input.pressSequentially('/duel simple stat:5 tn:12', { delay: 5 });
      expect(await page.getByTestId('option-stat').inputValue()).toBe('5');
      expect(await page.getByTestId('option-tn').inputValue()).toBe('12');
      // A wrong type is refused on the page, with the field marked.
      await input.fill('');
      await input.pressSequentially('/draw count:abc', { delay: 5 });
      await input.press('Enter');
      await expect.poll(() => alice.errorBanner.isVisible()).toBe(true);
      expect(await page.locator('#error-text').innerText()).toMatch(/count/);
      expect(await page.getByTestId('option-count').getAttribute('aria-invalid')).toBe('true');
      // Typing the next command clears the old complaint.
      await input.fill('');
      await input.pressSequentially('/game new', { delay: 5 });
      expect(await alice.errorBanner.isVisible()).toBe(false);
      // A missing required option is refused too.
      await input.press('Enter'); // picks the suggestion
      await page.getByTestId('option-opponent').waitFor();
      await page.getByTestId('option-opponent').press('Enter');
      await expect.poll(() => alice.errorBanner.isVisible()).toBe(true);
      expect(await page.locator('#error-text').innerText()).toMatch(/opponent/);
      // Escape in an option field leaves the command, and the complaint with it.
      await page.getByTestId('option-opponent').press('Escape');
      expect(await page.getByTestId('command-form').isVisible()).toBe(false);
      expect(await input.inputValue()).toBe('');
      expect(await alice.errorBanner.isVisible()).toBe(false);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('command-input');
    } finally {
      page.off('console', onConsole);
      page.off('request', onRequest);
    }
    expect(sent).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('/flip modifier:0 posts a flip result, live in another tab too', async () => {
    // Bob watches the channel in a second tab: the flip must arrive there without a reload.
    const bobTab = new SandboxPage(await browser.context.newPage());
    await bobTab.open(sandbox!.url, { user: 'bob' });
    await alice.runCommand('flip', [{ name: 'modifier', value: 0 }]);
    const reply = await alice.waitForReply('flip');
    flipMessageId = (await reply.getAttribute('data-message-id'))!;
    expect(await reply.getAttribute('data-ephemeral')).toBe('false');
    await bobTab.page.locator(`[data-message-id="${flipMessageId}"]`).waitFor({ timeout: 10_000 });
    await bobTab.page.close();
  });

  it('/draw count:3 then /hand: an ephemeral reply shows Alice her hand', async () => {
    await alice.runCommand('draw', [{ name: 'count', value: 3 }]);
    await alice.waitForReply('draw');
    await alice.runCommand('hand');
    const reply = await alice.waitForReply('hand');
    expect(await reply.getAttribute('data-ephemeral')).toBe('true');
    expect(await reply.getByTestId('ephemeral-note').innerText()).toMatch(/Only you can see this/);
    aliceHandReplyId = (await reply.getAttribute('data-message-id'))!;
    aliceHandText = (await reply.getByTestId('embed-description').first().innerText()).trim();
    // One line, its cards in the picture's order.
    expect(aliceHandText.split(' · ').filter((l) => l.trim()).length).toBe(3);
    // The hand went to her DM as well: the unread dot says so.
    await browser.page.getByTestId('dm-unread').waitFor({ timeout: 10_000 });
    await browser.page.screenshot({ path: SCREENSHOT });
  });

  it('a button click reaches the bot as the viewer, and its private answer is shown to her alone', async () => {
    const page = browser.page;
    const button = page.locator(`[data-message-id="${gameMessageId}"] [data-testid="component-button"]`).first();
    const customId = await button.getAttribute('data-custom-id');
    const before = new Set(await alice.messageIds());
    const request = page.waitForRequest((r) => r.url().endsWith('/sandbox/api/component'));
    const response = page.waitForResponse((r) => r.url().endsWith('/sandbox/api/component'));
    await button.click();
    const sent = (await request).postDataJSON() as Record<string, unknown>;
    expect(sent).toMatchObject({ messageId: gameMessageId, customId });
    expect(sent.viewer).toBe(await page.getByTestId('user-switcher').inputValue());
    expect(await (await response).json()).toMatchObject({ ok: true });
    // Whatever the bot says (the hand, or why not), it says it ephemerally: a new message only Alice sees.
    await page.waitForFunction((known) => Array.from(document.querySelectorAll('[data-testid="message"][data-ephemeral="true"]'))
      .some((el) => !known.includes(el.getAttribute('data-message-id') ?? '')), [...before], { timeout: 10_000 });
    // That answer follows the bot's /hand reply, so it is grouped under it: its gutter shows a time, not a stray "AM".
    const gutters = await page.getByTestId('gutter-time').allTextContents();
    expect(gutters.length).toBeGreaterThan(0);
    for (const g of gutters) expect(g.trim()).toMatch(/^\d{1,2}:\d{2}(\s?[AP]M)?$/i);
  });

  it("Bob sees the public messages but never Alice's hand", async () => {
    await alice.switchUser('bob');
    const ids = await alice.messageIds();
    expect(ids).toContain(gameMessageId);
    expect(ids).toContain(flipMessageId);
    expect(ids).not.toContain(aliceHandReplyId);
    expect(await browser.page.locator('[data-ephemeral="true"]').count()).toBe(0);
    expect(await browser.page.locator('body').innerText()).not.toContain(aliceHandText);
  });

  it('Bob runs /hand and sees his own, empty, hand', async () => {
    await alice.runCommand('hand');
    const reply = await alice.waitForReply('hand');
    expect(await reply.getAttribute('data-ephemeral')).toBe('true');
    expect(await reply.getAttribute('data-message-id')).not.toBe(aliceHandReplyId);
    const text = await reply.innerText();
    expect(text).not.toContain(aliceHandText);
    expect(text).toMatch(/empty|\b0\b|vide/i);
  });

  it('Bob switches his Discord language to French: the page, the command picker and the bot answer in French', async () => {
    const page = browser.page;
    await page.getByTestId('locale-switcher').selectOption('fr');
    await page.waitForFunction(() => document.documentElement.lang === 'fr' && document.body.dataset.view !== undefined);
    expect(await page.locator('#viewer-switch-label').innerText()).toBe('Vu par');
    expect(await page.getByTestId('user-switcher').locator('option:checked').textContent()).toMatch(/Bob \(fr\)/);
    await page.getByTestId('command-input').click();
    // Typed as a French speaker looks for it.
    await page.getByTestId('command-input').fill('/ma');
    expect(await page.locator('[data-testid="command-suggestion"][data-command="hand"] .suggestion-name').innerText()).toBe('/main');
    await page.getByTestId('command-input').fill('');
    // The command carries the new locale, so the bot's private answer is French.
    await alice.runCommand('hand');
    const reply = await alice.waitForReply('hand');
    expect((await reply.getByTestId('interaction-header').textContent())?.replace(/\s+/g, ' ')).toMatch(/a utilisé \/main/);
    expect(await reply.getByTestId('ephemeral-note').innerText()).toMatch(/Vous seul·e pouvez voir ceci/);
    expect(await reply.innerText()).toMatch(/Main de Contrôle/);
    // Back to English for the rest of the story.
    await page.getByTestId('locale-switcher').selectOption('en-US');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    expect(await page.locator('#viewer-switch-label').innerText()).toBe('Viewing as');
  });

  it("Alice's DM shows her hand after /draw", async () => {
    await alice.switchUser('alice');
    // Alice's own ephemeral reply is back, Bob's is not hers to see.
    expect(await alice.messageIds()).toContain(aliceHandReplyId);
    await alice.openChannel('dm');
    const hand = alice.messages.filter({ hasText: aliceHandText.split('\n')[0]!.replace(/^[•\s]+/, '') }).last();
    await hand.waitFor({ timeout: 10_000 });
    expect((await hand.getByTestId('embed-description').first().innerText()).trim()).toBe(aliceHandText);
    expect(await browser.page.getByTestId('dm-unread').isVisible()).toBe(false);
  });

  it('fits a phone screen, and the page logged no errors', async () => {
    await browser.page.setViewportSize({ width: 390, height: 844 });
    await alice.openChannel(await firstChannelName(browser));
    const overflow = await browser.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // On a phone, Discord shows inline fields one under the other, each as wide as the embed.
    const stacked = await browser.page.locator(`[data-message-id="${gameMessageId}"] .embed-fields`).first().evaluate((grid) => ({
      grid: grid.getBoundingClientRect().width,
      inline: Array.from(grid.querySelectorAll('.embed-field.inline')).map((f) => f.getBoundingClientRect().width),
    }));
    expect(stacked.inline.length).toBe(2);
    for (const w of stacked.inline) expect(w).toBeCloseTo(stacked.grid, 0);
    // A button with an 80-character label (a long trigger's name) ends in "…" within the screen, as on Discord.
    const channelId = (await browser.page.evaluate(() => document.body.dataset.view ?? '')).split('|')[1]!;
    const label = 'Critical Strike of the Unbearably Long Trigger Name (Rams, Masks): +1 damage now'.slice(0, 80);
    const posted = await fetch(`${sandbox!.double.apiBase}/v10/channels/${channelId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bot ${sandbox!.double.botToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Your trigger?', components: [{ type: 1, components: [{ type: 2, style: 1, custom_id: 'long:1', label }] }] }),
    });
    expect(posted.status).toBe(200);
    const longLabel = browser.page.locator('[data-custom-id="long:1"] .btn-label');
    await longLabel.waitFor();
    expect(await longLabel.evaluate((el) => el.scrollWidth > el.clientWidth && getComputedStyle(el).textOverflow === 'ellipsis')).toBe(true);
    // Nor is anything of a message cut off at its right edge (the game's 64-digit shuffle commitment, in code).
    const cut = await browser.page.evaluate(() => Array.from(document.querySelectorAll('[data-testid="message"] *'))
      .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
      .map((el) => `${el.className}: ${(el.textContent ?? '').slice(0, 40)}`));
    expect(cut).toEqual([]);
    await browser.page.screenshot({ path: SCREENSHOT_PHONE });
    expect(browser.pageErrors).toEqual([]);
  });
});

/** The bot's log lines are noise here; warnings and errors still show. */
const quietLog = { info: () => undefined, warn: (m: string) => console.warn(m), error: (m: string) => console.error(m) };

async function firstChannelName(b: LaunchedBrowser): Promise<string> {
  const testId = await b.page.locator('#channel-list [data-testid^="channel-"]').first().getAttribute('data-testid');
  return testId!.slice('channel-'.length);
}
