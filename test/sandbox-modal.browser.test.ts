/**
 * Modals in the sandbox page, in Debian's Chromium at a phone's width: a slash command answered with a
 * modal shows it as Discord does (title, a paragraph and a short text input, labels, placeholder,
 * prefilled value, required mark), the client's own checks stop an empty required field, Submit sends
 * the modal submit through the double to the real router, and the bot's reply appears; Cancel closes it.
 * The bot is a tiny test-only one on the real router (test/support/modal-bot.ts).
 */
import { Routes } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_STATIC_DIR } from '../src/sandbox/start.js';
import { browserUnavailableReason, launchBrowser, SandboxPage, type LaunchedBrowser } from './support/browser.js';
import { startBotAgainstDouble, type BotAgainstDouble } from './support/double.js';
import { modalBot } from './support/modal-bot.js';

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[sandbox-modal.browser.test] SKIPPED: ${unavailable}`);

const PHONE = { width: 390, height: 800 };

describe.skipIf(unavailable !== null)('modals in the sandbox page', () => {
  let env: BotAgainstDouble;
  let browser: LaunchedBrowser;
  let p: SandboxPage;
  const bot = modalBot();

  beforeAll(async () => {
    env = await startBotAgainstDouble({ mode: 'http', handler: bot, double: { sandbox: { staticDir: SANDBOX_STATIC_DIR } } });
    const { double } = env;
    // The page's command picker lists what the application registered, as Discord's does.
    await env.rest.put(Routes.applicationGuildCommands(double.applicationId, double.fixtures.guild.id), {
      body: [
        { name: 'crew', description: 'Paste your crew list', type: 1 },
        { name: 'stats', description: 'Type a model’s stats', type: 1 },
      ],
    });
    browser = await launchBrowser({ viewport: PHONE });
    p = new SandboxPage(browser.page);
    await p.open(double.url, { user: 'alice', channel: 'table-1' });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await env?.cleanup();
  });

  it('a command opens a modal; the user fills and submits it, and the reply appears', async () => {
    const { page } = browser;
    const alice = env.double.user('alice').id;
    await p.runCommand('crew');
    const modal = page.getByTestId('modal');
    await modal.waitFor({ state: 'visible' });
    expect(await page.getByTestId('modal-title').textContent()).toBe('Hire your crew');

    const list = page.getByTestId('modal-input-list');
    const name = page.getByTestId('modal-input-name');
    expect(await list.evaluate((el) => el.tagName)).toBe('TEXTAREA'); // paragraph style
    expect(await name.evaluate((el) => el.tagName)).toBe('INPUT'); // short style
    expect(await list.getAttribute('placeholder')).toBe('Paste the list, one model a line');
    expect(await list.getAttribute('maxlength')).toBe('200');
    expect(await name.inputValue()).toBe('My crew');
    expect(await modal.locator('label[for]').allTextContents()).toEqual(['Crew list *', 'Crew name']);
    // Readable on a phone: the modal fits the screen's width.
    const box = (await modal.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);

    // The client stops an empty required field itself: nothing reaches the double.
    const before = env.double.interactions().length;
    await page.getByTestId('modal-submit').click();
    await expect.poll(() => page.getByTestId('modal-field-error').first().textContent()).toBe('This field is required');
    expect(env.double.interactions()).toHaveLength(before);

    const known = new Set(await p.messageIds());
    const crew = 'Lady Justice\nThe Judge\nDeath Marshal';
    await list.fill(crew);
    await name.fill('Guild');
    const sent = page.waitForResponse((r) => r.url().endsWith('/sandbox/api/modal'));
    await page.getByTestId('modal-submit').click();
    expect(((await (await sent).json()) as { ok?: boolean }).ok).toBe(true);
    await modal.waitFor({ state: 'detached' });

    const reply = await p.waitForNewMessage(known);
    const fields = JSON.stringify({ list: crew, name: 'Guild' });
    await expect.poll(() => reply.getByTestId('message-content').textContent()).toContain(`fields=${fields}`);
    expect(bot.seen.at(-1)).toMatchObject({ parts: ['paste'], values: [crew, 'Guild'], fields: { list: crew, name: 'Guild' } });
    expect(env.double.lastModal(alice)?.open).toBe(false);
    expect(browser.pageErrors).toEqual([]);
  });

  it('Cancel closes the modal and the bot hears nothing; the label layout shows its description', async () => {
    const { page } = browser;
    const alice = env.double.user('alice').id;
    const seen = bot.seen.length;
    await p.runCommand('stats');
    const modal = page.getByTestId('modal');
    await modal.waitFor({ state: 'visible' });
    expect(await modal.getByTestId('modal-text').textContent()).toBe('Type the model card as printed.');
    expect(await modal.locator('.modal-description').allTextContents()).toEqual(['A number from 1 to 9']);
    await page.getByTestId('modal-cancel').click();
    await modal.waitFor({ state: 'detached' });
    await expect.poll(() => env.double.lastModal(alice)?.open).toBe(false);
    expect(bot.seen).toHaveLength(seen);
    expect(browser.pageErrors).toEqual([]);
  });
});
