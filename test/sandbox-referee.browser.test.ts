/**
 * A player who holds the referee role, played in the no-token sandbox page in Debian's Chromium: the
 * page, the Discord double and the real bot do it all; assertions read what the page shows.
 *
 * Alice holds the server's Referee role and starts a game against Bob with that role as referees. The
 * start says who referees; Bob (and only Bob) is asked whether he accepts Alice as a referee. Until he
 * does, Alice is a player like him: undoing Bob's action asks for his agreement. Once he accepts, she
 * undoes his action at once, as a referee, and everyone reads that she did it as a referee.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { startSandbox, type Sandbox } from '../src/sandbox/start.js';
import { DEFAULT_IDS } from '../src/discord-double/index.js';
import { browserUnavailableReason, launchBrowser, SandboxPage, type LaunchedBrowser } from './support/browser.js';

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[sandbox-referee.browser.test] SKIPPED: ${unavailable}`);

const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe.skipIf(unavailable !== null)('a player holding the referee role, in the sandbox page', () => {
  let sandbox: Sandbox | undefined;
  let browser: LaunchedBrowser;
  let p: SandboxPage;
  let dataDir: string;
  let table = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'fatekeeper-sandbox-referee-'));
    sandbox = await startSandbox({ port: 0, databaseUrl: `file:${path.join(dataDir, 'sandbox.db')}`, log: quietLog });
    // A server manager gave Alice the Referee role (what Discord's member settings do).
    sandbox.double.setUser(DEFAULT_IDS.alice, { roles: [DEFAULT_IDS.refereeRole] });
    browser = await launchBrowser({ viewport: { width: 1280, height: 900 } });
    p = new SandboxPage(browser.page);
    await p.open(sandbox.url, { user: 'alice' });
    const first = await browser.page.locator('#channel-list [data-testid^="channel-"]').first().getAttribute('data-testid');
    table = first!.slice('channel-'.length);
    await p.openChannel(table);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await sandbox?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function as(who: 'alice' | 'bob' | 'rita'): Promise<void> {
    await p.switchUser(who);
    await p.openChannel(table);
  }

  const newest = (text: string | RegExp): Locator => p.messagesWith(text).last();

  async function controls(message: Locator): Promise<string[]> {
    return message.locator('[data-testid^="component-"]').evaluateAll((els) => els.map((e) => e.textContent?.trim() ?? ''));
  }

  it('Alice starts a game refereed by the Referee role, which she holds: Bob is asked whether he accepts her', async () => {
    await p.runCommand('game new', [
      { name: 'opponent', value: 'Bob' },
      { name: 'system', value: 'm3e' },
      { name: 'referee_role', value: '@Referee' },
    ]);
    const started = await p.waitForReply('game new');
    expect(await started.innerText()).toContain('Members of @Referee.');
    const offer = newest('do you accept');
    await offer.waitFor();
    expect(await offer.innerText()).toContain('Alice holds this game’s referee role. @Bob, do you accept @Alice as a referee of this game?');
    expect(await controls(offer)).toEqual(['Accept', 'Decline']);
    // The offer is Bob's to answer: Alice cannot accept herself, and her refusal is hers alone.
    await p.clickButton(offer, { label: 'Accept' });
    const refusal = newest('Only Bob can accept this');
    await refusal.waitFor();
    expect(await refusal.getAttribute('data-ephemeral')).toBe('true');
  });

  it('until Bob accepts, Alice is a player: undoing his action asks for his agreement', async () => {
    await as('bob');
    await p.runCommand('soulstones', [{ name: 'count', value: 3 }]);
    await p.waitForReply('soulstones');
    await as('alice');
    await p.runCommand('game undo');
    const request = newest('Alice asks to undo: Bob’s soulstone pool set to 3.');
    await request.waitFor();
    expect(await controls(request)).toEqual(['Agree', 'Refuse']);
    await as('bob');
    await p.clickButton(newest('asks to undo'), { label: 'Refuse' });
    await newest('Bob refused to undo: Bob’s soulstone pool set to 3. It stands.').waitFor();
  });

  it('Bob accepts: the offer loses its buttons, and Alice then undoes his action at once, as a referee', async () => {
    await as('bob');
    await p.clickButton(newest('do you accept'), { label: 'Accept' });
    const accepted = newest('accepted @Alice as a referee of this game');
    await accepted.waitFor();
    expect(await accepted.innerText()).toContain('@Bob accepted @Alice as a referee of this game.');
    expect(await controls(accepted)).toEqual([]);

    await p.runCommand('soulstones', [{ name: 'count', value: 1 }]);
    await p.waitForReply('soulstones');
    await as('alice');
    await p.runCommand('game undo');
    const done = 'Alice (referee) undid: Bob’s soulstone pool set to 1.';
    await newest(done).waitFor();
    // No request this time: nobody was asked.
    expect(await p.messagesWith('Alice asks to undo: Bob’s soulstone pool set to 1.').count()).toBe(0);
    // Rita, who watches the channel, reads the same words.
    await as('rita');
    await newest(done).waitFor();
  });
});
