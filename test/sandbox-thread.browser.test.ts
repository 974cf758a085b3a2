/**
 * A game in a thread of its own, in the no-token sandbox page in Debian's Chromium: Alice types
 * `/game new … thread:true` in a text channel; the thread the bot opens appears in every viewer's channel
 * list under that channel, opens like a channel (from the list, or from the link the bot posts), shows the
 * game's start and its living status message, and takes the game's commands typed in it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../src/sandbox/start.js';
import { browserUnavailableReason, launchBrowser, SandboxPage, type LaunchedBrowser } from './support/browser.js';

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[sandbox-thread.browser.test] SKIPPED: ${unavailable}`);

const THREAD = 'Alice vs Bob — Malifaux';
const quietLog = { info: () => undefined, warn: (m: string) => console.warn(m), error: (m: string) => console.error(m) };

describe.skipIf(unavailable !== null)('a game in a thread, in the sandbox page', () => {
  let sandbox: Sandbox | undefined;
  let browser: LaunchedBrowser;
  let p: SandboxPage;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'fatekeeper-sandbox-thread-'));
    sandbox = await startSandbox({ port: 0, databaseUrl: `file:${path.join(dataDir, 'sandbox.db')}`, log: quietLog });
    browser = await launchBrowser();
    p = new SandboxPage(browser.page);
    await p.open(sandbox.url, { user: 'alice', channel: 'table-1' });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sandbox?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('/game new thread:true: the thread appears under its channel, opens like a channel, and holds the game', async () => {
    await p.runCommand('game new', [
      { name: 'opponent', value: 'Bob' },
      { name: 'system', value: 'm3e-game' },
      { name: 'thread', value: 'true' },
    ]);
    const where = await p.waitForReply('game new');
    expect(await where.innerText()).toContain(`lives in its own thread: #${THREAD}`);

    // The thread is listed right under #table-1, marked as a thread.
    const entry = p.page.getByTestId(`channel-${THREAD}`);
    await entry.waitFor();
    const list = await p.page.locator('#channel-list [data-testid^="channel-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(list.indexOf(`channel-${THREAD}`)).toBe(list.indexOf('channel-table-1') + 1);
    expect(await entry.getAttribute('class')).toContain('thread');

    // The bot's link opens it.
    await where.locator('.mention[data-channel-id]').click();
    const threadId = await entry.getAttribute('data-channel-id');
    await p.page.waitForFunction((id) => (document.body.dataset.view ?? '').endsWith(`|${id}`), threadId);
    await expect.poll(async () => p.messagesWith(/: a whole game/).count()).toBeGreaterThan(0);
    expect(await p.messages.first().innerText()).toContain('Alice');

    // A command of the game, typed in the thread: answered there.
    await p.runCommand('game status');
    expect(await (await p.waitForReply('game status')).innerText()).toContain('Set-up: the crews are being declared.');

    // Bob sees the thread in his list too, and opens it from there.
    await p.switchUser('bob');
    await p.openChannel(THREAD);
    await expect.poll(async () => p.messagesWith(/: a whole game/).count()).toBeGreaterThan(0);
    // Back in the channel, only the bot's pointer to the thread.
    await p.openChannel('table-1');
    expect(await p.messagesWith(/a whole game/).count()).toBe(0);
    expect(browser.pageErrors).toEqual([]);
  }, 90_000);
});
