/**
 * Autocomplete in the sandbox page, in Debian's Chromium: an option defined with `autocomplete: true`
 * asks the bot for choices as the user types (the options filled so far with it), shows them under the
 * input, and the value picked is what the command sends. The bot is a tiny recording one.
 */
import { Routes, type APIApplicationCommandAutocompleteInteraction, type APIInteraction } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_STATIC_DIR } from '../src/sandbox/start.js';
import type { InitialReply } from '../src/discord/contract.js';
import { browserUnavailableReason, launchBrowser, SandboxPage, type LaunchedBrowser } from './support/browser.js';
import { startBotAgainstDouble, type BotAgainstDouble } from './support/double.js';

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[sandbox-autocomplete.browser.test] SKIPPED: ${unavailable}`);

const MODELS = [
  { name: 'A1 · Ada Quill (6/6)', value: 'A1' },
  { name: 'A2 · Page (5/5)', value: 'A2' },
  { name: 'B1 · Scribe Major (8/8)', value: 'B1' },
];

describe.skipIf(unavailable !== null)('autocomplete in the sandbox page', () => {
  let env: BotAgainstDouble;
  let browser: LaunchedBrowser;
  let p: SandboxPage;
  const seen: APIInteraction[] = [];

  beforeAll(async () => {
    const handler = async (i: APIInteraction): Promise<InitialReply> => {
      seen.push(i);
      if (i.type === 4) {
        const focused = (i.data.options ?? []).find((o) => 'focused' in o && o.focused);
        const typed = focused && 'value' in focused ? String(focused.value).toLowerCase() : '';
        return { response: { type: 8, data: { choices: MODELS.filter((m) => m.name.toLowerCase().includes(typed)) } } };
      }
      return { response: { type: 4, data: { content: `attacked ${JSON.stringify(i.type === 2 && 'options' in i.data ? i.data.options : [])}` } } };
    };
    env = await startBotAgainstDouble({ mode: 'http', handler, double: { sandbox: { staticDir: SANDBOX_STATIC_DIR } } });
    const { double } = env;
    await env.rest.put(Routes.applicationGuildCommands(double.applicationId, double.fixtures.guild.id), {
      body: [
        {
          name: 'attack',
          description: 'Attack a model',
          type: 1,
          options: [
            { type: 4, name: 'stat', description: 'Stat', required: true },
            { type: 3, name: 'target', description: 'The target', required: true, autocomplete: true },
          ],
        },
      ],
    });
    browser = await launchBrowser({ viewport: { width: 390, height: 800 } });
    p = new SandboxPage(browser.page);
    await p.open(double.url, { user: 'alice', channel: 'table-1' });
  }, 120_000);

  afterAll(async () => {
    // The page first: a page still open would keep reconnecting to the double's event stream.
    await browser?.close();
    await env?.cleanup();
  });

  it('shows the bot’s choices under the option as the user types, and sends the one picked', async () => {
    const { page } = browser;
    const input = page.getByTestId('command-input');
    await input.click();
    await input.pressSequentially('/attack', { delay: 5 });
    await page.locator('[data-testid="command-suggestion"][data-command="attack"]').click();
    await page.getByTestId('option-stat').fill('6');
    const target = page.getByTestId('option-target');
    await target.pressSequentially('pa', { delay: 20 });
    const choices = page.getByTestId('choices-target').locator('option');
    await expect.poll(() => choices.evaluateAll((os) => os.map((o) => [(o as HTMLOptionElement).value, o.textContent]))).toEqual([['A2', 'A2 · Page (5/5)']]);
    // The bot was asked with what was typed, focused, and the other option filled so far.
    const asked = seen.filter((i): i is APIApplicationCommandAutocompleteInteraction => i.type === 4).at(-1)!;
    expect(asked.data.options).toEqual([
      { name: 'stat', type: 4, value: 6 },
      { name: 'target', type: 3, value: 'pa', focused: true },
    ]);
    // No message is posted for an autocomplete.
    expect(env.double.messages(env.double.channel('table-1').id)).toEqual([]);

    await target.fill('A2');
    const sent = page.waitForResponse((r) => r.url().endsWith('/sandbox/api/command'));
    await target.press('Enter');
    expect(((await (await sent).json()) as { ok?: boolean }).ok).toBe(true);
    await expect.poll(() => p.pageText()).toContain('attacked [{"name":"stat","type":4,"value":6},{"name":"target","type":3,"value":"A2"}]');
  });
});
