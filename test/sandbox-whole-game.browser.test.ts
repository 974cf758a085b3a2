/**
 * A whole game of Malifaux by play-by-post, played in the no-token sandbox page in Debian's Chromium by
 * two pretend players switched with the page's "Viewing as" menu: the page, the Discord double and the
 * real bot do it all; nothing is called on the bot or the store, and every assertion reads the page.
 *
 * Alice starts a whole game against Bob and types every needed model card into /crew model's modal; each
 * player pastes a crew into /crew paste's modal (Bob sees nothing of Alice's before his is in); each
 * chooses two schemes with /schemes; deployment and five turns follow with /turn typed in the page. The
 * turns are compressed (each model ends its activation at once) except for a few /attack duels between
 * models. The table's decisions (cheats…) come as prompts in the decider's DM and are answered there with
 * the page's buttons. Throughout, the living status message (the one embed with "VP") is a single
 * message that says whom the game waits for; the test is driven by what it says, as a player would be.
 *
 * The game's seed is fixed (SANDBOX_GAME_SEED overrides it) so a failure replays the same encounter and decks.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { startSandbox, type Sandbox } from '../src/sandbox/start.js';
import { inkwellTable } from '../src/systems/malifaux-game/crews/fixtures.js';
import type { ModelProfile } from '../src/systems/malifaux-game/crews/index.js';
import { SCHEME_PICKS } from '../src/systems/malifaux-game/engine/schemes.js';
import { SCHEMES } from '../src/systems/malifaux-game/engine/encounterPacks.js';
import { en } from '../src/i18n/en.js';
import { browserUnavailableReason, launchBrowser, SandboxPage, type CommandOption, type LaunchedBrowser } from './support/browser.js';

const SEED = process.env.SANDBOX_GAME_SEED ?? '5eed'.repeat(16);

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[sandbox-whole-game.browser.test] SKIPPED: ${unavailable}`);

type Player = 'alice' | 'bob';
const NAME: Record<Player, string> = { alice: 'Alice', bob: 'Bob' };
const byName = (name: string): Player => (name === 'Alice' ? 'alice' : 'bob');

const ALICE_LIST = 'Ada Quill (Arcanists)\nLeader:\n  Ada Quill\nTotem(s):\n  Blotter\nHires:\n  Scribe Major\n  Press Golem\n  Page\n';
const BOB_LIST = 'Scribes (Arcanists)\nLeader:\n  Scribe Major\nHires:\n  Quill Knight\n  Ink Sprite\n  Page\n';
/** Each crew in its list's order: the commands' labels (A1, B3) number the models so. */
const CREW: Record<Player, string[]> = {
  alice: ['Ada Quill', 'Blotter', 'Scribe Major', 'Press Golem', 'Page'],
  bob: ['Scribe Major', 'Quill Knight', 'Ink Sprite', 'Page'],
};
const label = (who: Player, name: string) => `${who === 'alice' ? 'A' : 'B'}${CREW[who].indexOf(name) + 1}`;
/** Alice's models Bob must not read anywhere before his crew is in (the ones his own list does not name). */
const ALICE_ONLY = ['Ada Quill', 'Blotter', 'Press Golem'];

/** The game's own decisions (the status's "Waiting for" words, en.ts mg.decision.*) → what the player types. */
const GAME_DECISIONS: Record<string, string> = {};
for (const [key, words] of Object.entries(en)) if (key.startsWith('mg.decision.')) GAME_DECISIONS[words] = key.slice('mg.decision.'.length);

/** The card as a player types it into /crew model's form. */
function cardForm(p: ModelProfile): Record<string, string> {
  const extras = [p.stationLimit ? ` (${p.stationLimit})` : '', p.totemOf ? `, totem of ${p.totemOf}` : ''].join('');
  return {
    name: p.name,
    station: `${p.station}${extras}`,
    factions: `${p.factions.join(', ')}; ${p.keywords.join(', ')}`,
    numbers: `cost ${p.cost ?? '-'} health ${p.health} base ${p.base}`,
    stats: `Df ${p.df} Wp ${p.wp} Sz ${p.sz} Mv ${p.mv}`,
  };
}

const quietLog = { info: () => undefined, warn: (m: string) => console.warn(m), error: (m: string) => console.error(m) };

describe.skipIf(unavailable !== null)('a whole game played in the sandbox page', () => {
  let sandbox: Sandbox | undefined;
  let browser: LaunchedBrowser;
  /** Each player's own tab, as two people at two screens: Alice's and Bob's. */
  const tabs = {} as Record<Player, SandboxPage>;
  /** The tab in front (the one acted in). */
  let p: SandboxPage;
  let dataDir: string;
  let table = '';
  /** What happened, in order, for failure messages. */
  const story: string[] = [];
  const counts = { commands: 0, tableDecisions: 0, attacks: 0, statusChecks: 0 };
  /** Where the wall time goes (ms): typing and sending commands, waiting for the status to change, DM answers. */
  const spent = { typing: 0, waitingForStatus: 0, dmAnswers: 0, switching: 0 };
  const timed = async <T>(key: keyof typeof spent, work: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    try { return await work(); } finally { spent[key] += Math.round(performance.now() - start); }
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'fatekeeper-sandbox-whole-'));
    sandbox = await startSandbox({ port: 0, databaseUrl: `file:${path.join(dataDir, 'sandbox.db')}`, log: quietLog, newSeed: () => SEED });
    browser = await launchBrowser({ viewport: { width: 1280, height: 900 } });
    tabs.alice = new SandboxPage(browser.page);
    await tabs.alice.open(sandbox.url, { user: 'alice' });
    const first = await browser.page.locator('#channel-list [data-testid^="channel-"]').first().getAttribute('data-testid');
    table = first!.slice('channel-'.length);
    await tabs.alice.openChannel(table);
    tabs.bob = new SandboxPage(await browser.context.newPage());
    await tabs.bob.open(sandbox.url, { user: 'bob', channel: table });
    p = tabs.alice;
    await p.page.bringToFront();
  }, 120_000);

  afterAll(async () => {
    if (story.length) console.info(`[sandbox-whole-game.browser.test] ${JSON.stringify(counts)} ms: ${JSON.stringify(spent)}`);
    await browser?.close();
    await sandbox?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  // ------------------------------------------------------------------------------ page helpers

  const where: Record<Player, string> = { alice: '', bob: '' };
  /** `who`'s tab in front (Chromium slows the timers of a tab behind another), showing `channel`. */
  async function view(who: Player, channel: string): Promise<void> {
    await timed('switching', () => show(who, channel));
  }
  async function show(who: Player, channel: string): Promise<void> {
    if (p !== tabs[who]) {
      p = tabs[who];
      await p.page.bringToFront();
    }
    if (!where[who]) where[who] = (await p.page.evaluate(() => document.body.dataset.view ?? '')).split('|')[1] ?? '';
    if (where[who] !== channel) {
      await p.openChannel(channel);
      where[who] = channel;
    }
  }

  /** The living status message: the channel's messages with an embed that shows VP. */
  // The status: titled "<A> vs <B>: a whole game", with the VP columns (a turn's summary has VP too, not that title).
  const statusMessages = (): Locator => p.messages.filter({ has: p.page.getByTestId('embed').filter({ hasText: 'VP' }).filter({ hasText: ': a whole game' }) });

  /** The status's description (where the game is, whom it waits for), read once the status is a single message. */
  async function statusText(): Promise<string> {
    const status = statusMessages();
    await status.first().waitFor();
    expect(await status.count(), 'the living status message is one message').toBe(1);
    counts.statusChecks++;
    return status.getByTestId('embed-description').innerText();
  }
  /** The status's fields (the encounter, then each crew's, one model a line), as the page shows them. */
  function statusFields(): Promise<string[]> {
    return statusMessages().getByTestId('embed-field').allInnerTexts();
  }
  /** The whole status, its crews' fields too: a damage changes only a model's Health there. */
  async function wholeStatus(): Promise<string> {
    return `${await statusText()}\n${(await statusFields()).join('\n')}`;
  }

  /** "Waiting for @Alice: activate a model or pass…" → the first player waited for and the decision's words. */
  function waiting(text: string): { who: Player; decision: string } | null {
    const m = /Waiting for @(Alice|Bob): (.+?)(?: \(asked .*\))?\.$/m.exec(text);
    return m ? { who: byName(m[1]!), decision: m[2]! } : null;
  }

  /** The models of a player's crew field, as the status lists them: name, activated, killed. */
  async function crewOf(who: Player): Promise<{ name: string; activated: boolean; killed: boolean }[]> {
    const field = statusMessages().getByTestId('embed-field').filter({ hasText: new RegExp(`^${NAME[who]} — `) });
    const lines = await field.locator('.embed-field-value .md-line').evaluateAll((els) => els.map((e) => ({ text: e.textContent?.trim() ?? '', struck: e.querySelector('s') !== null })));
    const out: { name: string; activated: boolean; killed: boolean }[] = [];
    for (const { text, struck } of lines) {
      // Each line: marks, the model's label (A1, B2: how commands name it), its name, its Health.
      const name = CREW[who].find((n) => new RegExp(`^(✓ )?(⚰️ )?(👑 )?[AB]\\d+ ${n} \\d+/\\d+`).test(text));
      if (name) out.push({ name, activated: text.startsWith('✓'), killed: struck });
    }
    return out;
  }

  /**
   * Types a command in the page as `who` in the game's channel; unless it opens a modal, waits until the
   * status message changed, and fails with the bot's words if the command was refused.
   */
  async function command(who: Player, commandPath: string, options: CommandOption[] = [], how: { modal?: boolean } = {}): Promise<void> {
    await view(who, table);
    const before = how.modal ? '' : await wholeStatus();
    counts.commands++;
    story.push(`${who}: /${commandPath} ${options.map((o) => `${o.name}:${o.value}`).join(' ')}`);
    const privately = p.page.locator('[data-testid="message"][data-ephemeral="true"]');
    const answered = await privately.count();
    await timed('typing', () => typeCommand(commandPath, options));
    if (how.modal) return;
    await timed('waitingForStatus', () => expect
      .poll(async () => {
        // A quiet move is answered to its asker alone too (the status tells everyone): a refusal is the
        // private answer that starts with the warning sign.
        const answer = (await privately.count()) > answered ? await privately.last().innerText() : null;
        if (answer?.trim().startsWith('⚠️')) throw new Error(`/${commandPath} refused: ${answer}\n${story.slice(-8).join('\n')}`);
        return wholeStatus();
      }, { timeout: 15_000 })
      .not.toBe(before));
  }

  /**
   * SandboxPage.runCommand, with the command's name put in the line at once rather than key by key (a
   * player who knows the command pastes or autocompletes it): then the picker, the options form, Enter.
   */
  async function typeCommand(commandPath: string, options: CommandOption[]): Promise<void> {
    const { page } = p;
    const input = page.getByTestId('command-input');
    await input.fill(`/${commandPath}`);
    await page.locator(`[data-testid="command-suggestion"][data-command="${commandPath}"]`).click();
    for (const o of options) {
      const field = page.getByTestId(`option-${o.name}`);
      if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(String(o.value));
      else await field.fill(String(o.value));
    }
    const sent = page.waitForResponse((r) => r.url().endsWith('/sandbox/api/command'));
    await (options.length ? page.getByTestId(`option-${options[options.length - 1]!.name}`) : input).press('Enter');
    const body = (await (await sent).json().catch(() => ({}))) as { ok?: boolean; error?: string };
    if (!body.ok) throw new Error(`/${commandPath} failed: ${body.error ?? 'no answer'}`);
  }

  /** Fills and submits the open modal, and waits for the double to accept it. */
  async function submitModal(values: Record<string, string>): Promise<void> {
    const { page } = p;
    const modal = page.getByTestId('modal');
    await modal.waitFor({ state: 'visible' });
    for (const [id, value] of Object.entries(values)) await page.getByTestId(`modal-input-${id}`).fill(value);
    const sent = page.waitForResponse((r) => r.url().endsWith('/sandbox/api/modal'));
    await page.getByTestId('modal-submit').click();
    expect(((await (await sent).json()) as { ok?: boolean }).ok).toBe(true);
    await modal.waitFor({ state: 'detached' });
  }

  /**
   * The table's decision (a cheat, a soulstone, a trigger…) waits in the decider's DM: the decider opens
   * it and answers with the prompt's buttons — no cheat, no stone, no trigger.
   */
  async function answerInDm(who: Player, decision: string): Promise<void> {
    counts.tableDecisions++;
    story.push(`${who} (DM): ${decision}`);
    await view(who, 'dm');
    const live = '[data-custom-id^="fk:d:"]:not([disabled])';
    const prompt = p.messages.filter({ hasText: `Your decision: ${decision}.` }).filter({ has: p.page.locator(live) }).last();
    await prompt.waitFor({ timeout: 10_000 });
    const buttons = prompt.locator(`[data-testid="component-button"]${live}`);
    const choices = await buttons.evaluateAll((els) => els.map((e) => ({ choice: (e.getAttribute('data-custom-id') ?? '').split(':').pop()!, label: e.textContent?.trim() ?? '' })));
    const plain = choices.find((c) => c.label === 'Do not cheat') ?? choices.find((c) => ['none', 'decline', 'false', 'fight'].includes(c.choice));
    if (!plain) throw new Error(`no plain answer to "${decision}" among ${JSON.stringify(choices)}`);
    await p.clickButton(prompt, { choice: plain.choice });
    await view(who, table);
  }

  // --------------------------------------------------------------------------------- the story

  it('SETUP: Alice starts a whole game and types every model card into /crew model’s modal', async () => {
    await p.runCommand('game new', [{ name: 'opponent', value: 'Bob' }, { name: 'system', value: 'm3e-game' }]);
    await p.waitForReply('game new');
    expect(await statusText()).toContain('Set-up: the crews are being declared.');
    expect(waiting(await statusText())?.who).toBe('alice');

    const needed = [...new Set([...CREW.alice, ...CREW.bob])];
    for (const name of needed) {
      await command('alice', 'crew model', [{ name: 'name', value: name }], { modal: true });
      expect(await p.page.getByTestId('modal-input-name').inputValue()).toBe(name); // prefilled
      const known = new Set(await p.messageIds());
      await submitModal(cardForm(inkwellTable.models.find((m) => m.name === name && m.title === null)!));
      // The bot answers the submit in private: only Alice reads that the card is saved.
      const reply = await p.waitForNewMessage(known, { ephemeral: true });
      expect(await reply.getAttribute('data-ephemeral')).toBe('true');
      expect(await reply.innerText()).toContain(name);
    }
  }, 60_000);

  it('SETUP-3: each pastes a crew in /crew paste’s modal; Bob reads nothing of Alice’s until his is in', async () => {
    await command('alice', 'crew paste', [], { modal: true });
    await submitModal({ list: ALICE_LIST });
    await expect.poll(async () => waiting(await statusText())?.who).toBe('bob');
    expect(await statusText()).toContain('Set-up: the crews are being declared.');
    // The status says a crew is declared and kept secret, and names none of it.
    expect(await statusMessages().innerText()).toContain('A crew is declared, kept secret until both are in.');

    // Bob, in the channel and in his DMs, sees nothing of Alice's crew.
    for (const channel of [table, 'dm']) {
      await view('bob', channel);
      const text = await p.pageText();
      for (const name of ALICE_ONLY) expect(text, `Bob's ${channel} shows ${name}`).not.toContain(name);
    }

    await command('bob', 'crew paste', [], { modal: true });
    await submitModal({ list: BOB_LIST });
    await expect.poll(async () => statusText()).toContain('Set-up: the schemes are being chosen.');
    // Both crews revealed together: now Bob reads Alice's.
    expect(await statusMessages().innerText()).toContain('Alice — Ada Quill');
    expect(await statusMessages().innerText()).toContain('Bob — Scribe Major');
    expect(await crewOf('alice')).toHaveLength(CREW.alice.length);
    expect(await crewOf('bob')).toHaveLength(CREW.bob.length);
  }, 60_000);

  it('SETUP-8, SETUP-9: both choose schemes in private, then deploy Attacker, Defender, Attacker', async () => {
    // The pool, as the status lists it, by the schemes' names; two that need no model, marker or terrain named.
    const pool = /Schemes: (.+)/.exec(await statusMessages().innerText())![1]!.split(', ').map((s) => s.trim());
    const free = pool
      .map((n) => SCHEMES.find((s) => s.name === n)!)
      .filter((s) => { const r = SCHEME_PICKS[s.id]; return r.friendly.max === 0 && r.enemy.max === 0 && !r.markerType && !r.terrain; });
    expect(free.length, `the pool ${pool.join(', ')} has two schemes that need nothing named (another SANDBOX_GAME_SEED?)`).toBeGreaterThanOrEqual(2);
    for (const who of ['alice', 'bob'] as const) {
      await command(who, 'schemes', [{ name: 'first', value: free[0]!.number }, { name: 'second', value: free[1]!.number }]);
    }
    // The schemes stay secret: the channel shows commitments, never their names outside the pool line.
    const text = await statusText();
    expect(text).toMatch(/Set-up: deployment/);
    expect(await statusMessages().innerText()).toMatch(/Scheme commitments: [0-9a-f]{8}…/);

    for (let step = 0; step < 3; step++) {
      const w = waiting(await statusText())!;
      expect(w.decision).toMatch(/^deploy /);
      await command(w.who, 'turn deployed');
    }
    expect(await statusText()).toMatch(/Turn 1 of 5/);
  }, 60_000);

  it('START, ACTV, END, DMG-16: five turns typed in the page, with duels between models and a cost paid in Health, to the end of the game', async () => {
    let attacks = 0;
    let paidCost = false;
    for (let round = 0; round < 400; round++) {
      const text = await statusText();
      if (/The game is over/.test(text)) break;
      const w = waiting(text);
      if (!w) throw new Error(`nobody waited for while the game runs:\n${text}\n${story.slice(-8).join('\n')}`);
      const kind = GAME_DECISIONS[w.decision];
      if (!kind) {
        await timed('dmAnswers', async () => {
          await answerInDm(w.who, w.decision);
          await expect.poll(() => statusText(), { timeout: 10_000 }).not.toBe(text);
        });
        continue;
      }
      if (kind.startsWith('start-')) await command(w.who, 'turn ready');
      else if (kind === 'initiative-flip') await command(w.who, 'turn flip');
      else if (kind === 'initiative-choice') await command(w.who, 'turn initiative', [{ name: 'keep', value: true }]);
      else if (kind === 'activate-or-pass') {
        const next = (await crewOf(w.who)).find((m) => !m.activated && !m.killed);
        if (!next) throw new Error(`${NAME[w.who]} must activate, yet the status shows no model to activate:\n${text}`);
        await command(w.who, 'turn activate', [{ name: 'model', value: label(w.who, next.name) }]);
        // The label typed is the model the status says activates.
        expect(await statusText()).toContain(`Activating: ${next.name} (0 actions counted)`);
      } else if (kind === 'action') {
        const acting = /Activating: (.+?) \((\d+) action/.exec(text)!;
        const enemy: Player = w.who === 'alice' ? 'bob' : 'alice';
        const target = (await crewOf(enemy)).find((m) => !m.killed);
        if (!paidCost && acting[2] === '0') {
          // DMG-16: once, the acting model pays a cost of 1 Health (at full Health in turn 1, so never its last).
          await command(w.who, 'model damage', [
            { name: 'model', value: label(w.who, acting[1]!) },
            { name: 'amount', value: 1 },
            { name: 'chosen', value: true },
          ]);
          // Told to the asker; the status, which everyone reads, shows the Health it left.
          const [, health, max] = /takes 1 damage by its own choice \((\d+)\/(\d+) Health left\)/.exec(await p.messagesWith(`${acting[1]} takes 1 damage by its own choice (`).last().innerText())!;
          expect(Number(health)).toBe(Number(max) - 1);
          expect(await statusFields()).toContainEqual(expect.stringContaining(`${acting[1]} ${health}/${max}`));
          paidCost = true;
        }
        if (attacks < 3 && acting[2] === '0' && target) {
          await command(w.who, 'turn action');
          await command(w.who, 'attack', [
            { name: 'attacker', value: label(w.who, acting[1]!) },
            { name: 'target', value: label(enemy, target.name) },
            { name: 'stat', value: 7 },
            { name: 'resist', value: 'df' },
            { name: 'damage', value: '3/4/5' },
          ]);
          attacks++;
          counts.attacks++;
        } else await command(w.who, 'turn end');
      } else if (kind === 'end-phase-scoring' || kind.startsWith('score-')) await command(w.who, 'turn scored');
      else throw new Error(`unexpected decision "${w.decision}"\n${story.slice(-8).join('\n')}`);
    }
    const end = await statusText();
    expect(end).toContain('The game is over.');
    expect(end).not.toMatch(/Waiting for/);
    // The end is announced in the channel, after turn 5.
    await view('bob', table);
    await p.messagesWith('🏁 The game is over after turn 5.').last().waitFor();
    expect(attacks).toBe(3);
    expect(paidCost).toBe(true);
    expect(counts.tableDecisions).toBeGreaterThan(0);
    // The duels left their mark: more Health lost than the 1 paid as a cost (nothing heals in this game).
    const health = [...(await statusFields()).join('\n').matchAll(/ (\d+)\/(\d+)\b/g)];
    expect(health.length).toBe(CREW.alice.length + CREW.bob.length);
    expect(health.reduce((lost, m) => lost + Number(m[2]) - Number(m[1]), 0)).toBeGreaterThan(1);
    expect(browser.pageErrors).toEqual([]);
  }, 420_000);
});
