/**
 * Undo by agreement and the end's confirmation, played in the no-token sandbox page in Debian's Chromium,
 * by two pretend players switched with the page's "Viewing as" menu (and Referee Rita watching the
 * channel in a second tab). Nothing is called on the bot or the store: the page, the Discord double and
 * the real bot do it all. Assertions read what the page shows (words, buttons, who sees what), never how
 * many messages it takes to show it.
 *
 * - Alice asks to undo Bob's action: the request names it in words and has "Agree" / "Refuse", which
 *   only Bob may use; he refuses, then agrees; a request lapses once something else happens.
 * - /game end: an ephemeral confirmation (concede, abandon, keep playing); a concession is announced to
 *   Bob with a way to take it back, which he does; conceded again, the take-back window passes (the
 *   sandbox's clock is the test's), a late take-back is refused, and only then is the seed shown.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { startSandbox, type Sandbox } from '../src/sandbox/start.js';
import { END_WINDOW_MS } from '../src/discord/commands/gameEnd.js';
import { browserUnavailableReason, launchBrowser, SandboxPage, type LaunchedBrowser } from './support/browser.js';

const SEED = 'a1'.repeat(32);

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[sandbox-table.browser.test] SKIPPED: ${unavailable}`);

const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe.skipIf(unavailable !== null)('undo by agreement and ending, in the sandbox page', () => {
  let sandbox: Sandbox | undefined;
  let browser: LaunchedBrowser;
  let p: SandboxPage;
  let rita: SandboxPage;
  let dataDir: string;
  let table = '';
  let now = Date.UTC(2026, 10, 26, 12, 0, 0);

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'fatekeeper-sandbox-table-'));
    sandbox = await startSandbox({ port: 0, databaseUrl: `file:${path.join(dataDir, 'sandbox.db')}`, log: quietLog, newSeed: () => SEED, clock: () => now });
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

  async function as(who: 'alice' | 'bob'): Promise<void> {
    await p.switchUser(who);
    await p.openChannel(table);
  }

  /** The newest message (of the open channel, as the viewer sees it) that contains `text`. */
  function newest(text: string | RegExp): Locator {
    return p.messagesWith(text).last();
  }

  async function controls(message: Locator): Promise<string[]> {
    return message.locator('[data-testid^="component-"]').evaluateAll((els) => els.map((e) => e.textContent?.trim() ?? ''));
  }

  it('Alice and Bob start a game that nobody referees', async () => {
    await p.openChannel(table);
    await p.runCommand('game new', [{ name: 'opponent', value: 'Bob' }, { name: 'system', value: 'm3e' }]);
    const started = await p.waitForReply('game new');
    expect(await started.innerText()).toContain('Nobody: undoing the other player’s action needs their agreement.');
    rita = new SandboxPage(await browser.context.newPage());
    await rita.open(sandbox!.url, { user: 'rita', channel: table });
    await browser.page.bringToFront();
  });

  it('an undo of the other player’s action is asked in words, answered by them alone: refused, then agreed', async () => {
    await as('bob');
    await p.runCommand('soulstones', [{ name: 'count', value: 3 }]);
    await p.waitForReply('soulstones');
    await as('alice');
    await p.runCommand('game undo');
    const request = newest('asks to undo');
    await request.waitFor();
    expect(await request.innerText()).toContain('Alice asks to undo: Bob’s soulstone pool set to 3.');
    expect(await request.innerText()).not.toMatch(/\d+ events?|SoulstonesSet|LogEntry/);
    expect(await controls(request)).toEqual(['Agree', 'Refuse']);
    // Alice cannot answer her own request: the refusal is hers alone, and says whose answer it is.
    await p.clickButton(request, { label: 'Agree' });
    await newest('Only Bob can answer this undo request').waitFor();
    expect(await newest('Only Bob can answer this undo request').getAttribute('data-ephemeral')).toBe('true');
    expect(await rita.page.getByText('Only Bob can answer this undo request').count()).toBe(0);

    // Bob refuses: the request says so, its buttons gone.
    await as('bob');
    await p.clickButton(newest('asks to undo'), { label: 'Refuse' });
    const refused = newest('refused to undo');
    await refused.waitFor();
    expect(await refused.innerText()).toContain('Bob refused to undo: Bob’s soulstone pool set to 3. It stands.');
    expect(await controls(refused)).toEqual([]);

    // Asked again, Bob agrees: undone, in words, for everyone (Rita's live tab too).
    await as('alice');
    await p.runCommand('game undo');
    await as('bob');
    await p.clickButton(newest('asks to undo'), { label: 'Agree' });
    const done = 'Alice undid: Bob’s soulstone pool set to 3, with Bob’s agreement.';
    await newest(done).waitFor();
    await rita.page.getByText(done).first().waitFor();
  });

  it('a request lapses as soon as something else happens', async () => {
    await as('bob');
    await p.runCommand('soulstones', [{ name: 'count', value: 2 }]);
    await p.waitForReply('soulstones');
    await as('alice');
    await p.runCommand('game undo');
    await newest('Alice asks to undo: Bob’s soulstone pool set to 2.').waitFor();
    await as('bob');
    await p.runCommand('soulstones', [{ name: 'count', value: 1 }]);
    await p.messagesWith('Bob’s soulstone pool is now 1.').last().waitFor();
    await p.clickButton(newest('Alice asks to undo: Bob’s soulstone pool set to 2.'), { label: 'Agree' });
    await newest('This undo request has lapsed').waitFor();
    await newest('This undo request lapsed: something else happened since.').waitFor();
  });

  it('/game end asks to confirm; a concession is announced with a way back, which Bob takes', async () => {
    await as('alice');
    await p.runCommand('game end');
    let confirm = newest('End the game?');
    await confirm.waitFor();
    expect(await confirm.getAttribute('data-ephemeral')).toBe('true');
    expect(await confirm.innerText()).toContain('Concede: you lose, Bob wins.');
    expect(await confirm.innerText()).toContain('Abandon: the game ends without a result.');
    expect(await controls(confirm)).toEqual(['Concede', 'Abandon (no result)', 'Keep playing']);
    await p.clickButton(confirm, { label: 'Keep playing' });
    await newest('Nothing was changed: the game goes on.').waitFor();

    await p.runCommand('game end');
    confirm = newest('End the game?');
    await confirm.waitFor();
    await p.clickButton(confirm, { label: 'Concede' });
    await newest('You asked to end the game. It can be taken back until').waitFor();
    const notice = newest('Alice concedes.');
    await notice.waitFor();
    expect(await notice.getAttribute('data-ephemeral')).toBe('false');
    // The seed is nowhere while the end may be taken back.
    expect(await p.pageText()).not.toContain(SEED);
    expect(await rita.pageText()).not.toContain(SEED);

    await as('bob');
    const told = newest('Alice concedes.');
    expect(await told.innerText()).toMatch(/@Bob: you can take it back with the button below/);
    expect(await controls(told)).toContain('Take the end back');
    await p.clickButton(told, { label: 'Take the end back' });
    await newest('took the end back: play goes on where it stood.').waitFor();
    // Play goes on.
    await p.runCommand('soulstones', [{ name: 'count', value: 4 }]);
    await p.messagesWith('Bob’s soulstone pool is now 4.').last().waitFor();
  });

  it('conceded again and left: after the window a take-back is refused, the game is over, and only now is the seed shown', async () => {
    await as('alice');
    await p.runCommand('game end');
    const confirm = newest('End the game?');
    await confirm.waitFor();
    await p.clickButton(confirm, { label: 'Concede' });
    await newest('You asked to end the game. It can be taken back until').waitFor();
    now += END_WINDOW_MS + 1_000;
    expect(await p.pageText()).not.toContain(SEED);

    await as('bob');
    await p.clickButton(newest('Alice concedes.'), { label: 'Take the end back' });
    await newest('The take-back window has closed').waitFor();
    const over = newest('Game over');
    await over.waitFor();
    expect(await over.innerText()).toContain('Alice conceded, Bob wins.');
    expect(await over.innerText()).toContain(SEED);
    await rita.page.getByText(SEED).first().waitFor();
    expect(browser.pageErrors).toEqual([]);
  });
});
