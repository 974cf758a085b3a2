/**
 * The server's language in the sandbox page, in Debian's Chromium: the page's "server language" switch
 * changes the guild's Discord language (what the double then sends as guild_locale), and the bot's
 * channel messages follow it, while Alice's own Discord language (French, from the page's other switch)
 * only changes what she alone reads. A decision answered by a click in her DM (which carries no
 * guild_locale) posts to the channel in the server's language too. Nothing is called on the bot or the
 * store directly: the page, the Discord double and the real bot do it all.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import type { Locale } from '../src/i18n/index.js';
import { startSandbox, type Sandbox } from '../src/sandbox/start.js';
import { browserUnavailableReason, launchBrowser, SandboxPage, type LaunchedBrowser } from './support/browser.js';
import { readAs } from './support/language.js';

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[sandbox-language.browser.test] SKIPPED: ${unavailable}`);

describe.skipIf(unavailable !== null)('the server’s language in the sandbox page', () => {
  let sandbox: Sandbox | undefined;
  let browser: LaunchedBrowser;
  let p: SandboxPage;
  let dataDir: string;
  let table = '';
  const known = new Set<string>();

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'fatekeeper-sandbox-language-'));
    sandbox = await startSandbox({ port: 0, databaseUrl: `file:${path.join(dataDir, 'sandbox.db')}`, log: { info: () => undefined, warn: () => undefined, error: () => undefined } });
    browser = await launchBrowser({ viewport: { width: 1280, height: 900 } });
    p = new SandboxPage(browser.page);
    await p.open(sandbox.url, { user: 'alice' });
    const first = await browser.page.locator('#channel-list [data-testid^="channel-"]').first().getAttribute('data-testid');
    table = first!.slice('channel-'.length);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sandbox?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** The bot's own words in a message (its text, embeds and controls), not the page's ("edited", times, names). */
  const botWords = (message: Locator): Promise<string> =>
    message.evaluate((el) => {
      const copy = el.cloneNode(true) as HTMLElement;
      for (const chrome of Array.from(copy.querySelectorAll('[data-testid="edited"], [data-testid="interaction-header"], [data-testid="message-author"], time'))) chrome.remove();
      return Array.from(copy.querySelectorAll('[data-testid="message-content"], [data-testid="embed"], [data-testid="component-button"], option'))
        .map((part) => part.textContent ?? '')
        .join('\n');
    });

  async function expectIn(locale: Locale, message: Locator, what: string): Promise<void> {
    const verdict = readAs(locale, await botWords(message));
    expect(verdict.foreign, `${what}: ${verdict.text}`).toEqual([]);
    expect(verdict.own.length, `${what} says something in ${locale}: ${verdict.text}`).toBeGreaterThan(0);
  }

  /** Runs a command in the channel and returns the channel's newest public message once it appears. */
  async function inChannel(command: string, options: { name: string; value: string | number | boolean }[]): Promise<Locator> {
    for (const id of await p.messageIds()) known.add(id);
    await p.runCommand(command, options);
    const message = await p.waitForNewMessage(known);
    await expect.poll(async () => (await botWords(message)).length).toBeGreaterThan(0);
    return message;
  }

  async function setServerLanguage(locale: 'en-US' | 'fr'): Promise<void> {
    const saved = browser.page.waitForResponse((r) => r.url().endsWith('/sandbox/api/guild'));
    await browser.page.getByTestId('guild-locale-switcher').selectOption(locale);
    expect(((await (await saved).json()) as { ok?: boolean }).ok).toBe(true);
  }

  /** Public messages shown now and not among `before`. */
  const freshSince = async (before: Set<string>) =>
    (await p.messages.evaluateAll((els) => els.filter((e) => e.getAttribute('data-ephemeral') === 'false').map((e) => e.getAttribute('data-message-id') ?? ''))).filter((id) => !before.has(id));
  const byId = (id: string) => browser.page.locator(`[data-testid="message"][data-message-id="${id}"]`);

  /**
   * Answers the decision in Alice's DM with the button `choice`, then checks every public message the
   * channel shows since `before` in `locale` (the click posts a message, or edits one in place).
   */
  async function answerInDm(choice: string, before: Set<string>, watched: string, locale: Locale, what: string): Promise<void> {
    const watchedWords = await botWords(byId(watched));
    await p.openChannel('dm');
    const prompt = p.messages.filter({ has: browser.page.locator(`[data-testid="component-button"][data-custom-id$=":${choice}"][data-custom-id^="fk:d:"]`) }).last();
    await prompt.waitFor();
    await expectIn('fr', prompt, 'Alice’s DM (her own language is French)');
    await p.clickButton(prompt, { choice });
    await p.openChannel(table);
    await expect.poll(async () => (await freshSince(before)).length > 1 || (await botWords(byId(watched))) !== watchedWords, { timeout: 15_000 }).toBe(true);
    for (const id of await freshSince(before)) await expectIn(locale, byId(id), `${what} (message ${id})`);
  }

  it('the channel follows the server language switch, not the language of the player who acts, nor where she clicks', async () => {
    await p.runCommand('game new', [{ name: 'opponent', value: 'Bob' }, { name: 'system', value: 'm3e' }]);
    await p.waitForReply('game new');
    await p.runCommand('soulstones', [{ name: 'count', value: 1 }]);
    await p.waitForReply('soulstones');

    // Alice's own Discord language is French: the page speaks French to her, the English server's channel does not.
    await browser.page.getByTestId('locale-switcher').selectOption('fr');
    await expect.poll(() => browser.page.getByTestId('send-button').textContent()).toBe('Envoyer');
    await expect.poll(() => browser.page.getByTestId('guild-locale-switcher').inputValue()).toBe('en-US');
    await expectIn('en', await inChannel('draw', [{ name: 'count', value: 2 }]), 'a French player’s draw in an English server');

    // A decision in her DM, answered there (a click that carries no guild_locale): the channel stays English.
    for (const id of await p.messageIds()) known.add(id);
    let before = new Set(known);
    const duel = await inChannel('duel simple', [{ name: 'stat', value: 5 }, { name: 'tn', value: 10 }, { name: 'soulstones', value: true }]);
    await expectIn('en', duel, 'the duel’s channel message');
    await answerInDm('none', before, (await duel.getAttribute('data-message-id'))!, 'en', 'the English channel after her DM click');

    // The server switches to French: the channel follows, for her commands and for her clicks in DMs.
    await setServerLanguage('fr');
    for (const id of await p.messageIds()) known.add(id);
    before = new Set(known);
    // Alice asks to take her answer back (it flipped cards: Bob must agree); Bob agrees in the channel.
    const asked = await inChannel('game undo', []);
    await expectIn('fr', asked, 'the undo request once the server is French');
    const askedId = (await asked.getAttribute('data-message-id'))!;
    await p.switchUser('bob');
    await p.openChannel(table);
    await p.clickButton(byId(askedId), { choice: 'yes' });
    await expect.poll(async () => (await byId(askedId).locator('[data-custom-id$=":yes"]').count()), { timeout: 15_000 }).toBe(0);
    await expectIn('fr', byId(askedId), 'the undo once the server is French');
    await p.switchUser('alice');
    await p.openChannel(table);
    // Her answer edits the duel's one message (told again after the undo), in French now.
    await answerInDm('none', before, (await duel.getAttribute('data-message-id'))!, 'fr', 'the French channel after her DM click');
    await expectIn('fr', duel, 'the duel’s message, told again in French');

    // And back: an English server reads English again (Alice ends the game; her next decision is still pending).
    await setServerLanguage('en-US');
    // Her /game end asks her privately (her language); Bob is told in the channel, in the server's.
    for (const id of await p.messageIds()) known.add(id);
    await p.runCommand('game end', []);
    const confirm = await p.waitForReply('game end');
    await expectIn('fr', confirm, 'the end’s confirmation, to Alice alone');
    await p.clickButton(confirm, { choice: 'abandon' });
    await expectIn('en', await p.waitForNewMessage(known), 'the end of the game once the server is English again');
    expect(browser.pageErrors).toEqual([]);
  });
});
