/**
 * A whole opposed duel played in the no-token sandbox page, in Debian's Chromium: two pretend players
 * (switched with the page's "Viewing as" menu) start a game, draw, and fight a duel from the first flip
 * to the damage, every decision made in the page by whoever must make it, in their own DMs: the channel
 * only says whom it waits for and what about (no control but "My hand"), and the decider's DM holds the
 * controls beside their hand — buttons (soulstone, + pick, Red Joker suit, trigger, …), the cheat as a
 * select menu of hand cards. Nothing is called on the bot or the store directly: the page, the Discord
 * double and the real bot do it all.
 *
 * The decks are shuffled from a fresh random seed, so the test answers whatever the bot asks, in
 * whatever order. The outcome is still fixed by the duel's numbers:
 *  - the attacker's stat beats the defender's by 14, more than any card (the Red Joker counts 14) can
 *    change, so Alice succeeds whatever is flipped or cheated (DUEL-6: a tie goes to the attacker) and
 *    the damage flip always follows;
 *  - Alice's attack stat carries Masks (attack_suits), so her trigger "Critical Strike:M" is legal
 *    whatever card her total ends with (TRIG-1); she is a soulstone user and spends a stone for + on her
 *    flip (DUEL-4 A), so she also picks her card among two;
 *  - Alice cheats with her best hand card; only CHEAT-3b (she flipped the Black Joker) or CHEAT-3c (Bob
 *    flipped the Red Joker) can forbid it, and then the page must say why, and Bob cheats instead (or,
 *    if the rules forbid both, Alice cheats her damage flip).
 * Along the way, at every decision, each player's hand is searched for in everything the other one can
 * read, and neither the other player nor the referee's tab may see a control of the decision.
 *
 * The game's seed is random; a failure prints it, and SANDBOX_DUEL_SEED=<64 hex> replays those decks.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { startSandbox, type Sandbox } from '../src/sandbox/start.js';
import { browserUnavailableReason, launchBrowser, SandboxPage, type LaunchedBrowser } from './support/browser.js';

const SCREENSHOT = path.resolve('.tmp/sandbox-duel.png');
const DRAW = 5;
const STONES = 2;
const TRIGGER = 'Critical Strike';
const SEED = process.env.SANDBOX_DUEL_SEED ?? randomBytes(32).toString('hex');

const unavailable = browserUnavailableReason();
if (unavailable) console.warn(`[sandbox-duel.browser.test] SKIPPED: ${unavailable}`);

type Player = 'alice' | 'bob';
const NAME: Record<Player, string> = { alice: 'Alice', bob: 'Bob' };
const other = (p: Player): Player => (p === 'alice' ? 'bob' : 'alice');

// ------------------------------------------------------------------------------------------- cards
// Cards as the page writes them: "7 of Masks" / "Red Joker" in hand lists and select menus, "7🎭" /
// "🃏RJ" in the lines about flips and totals. Internally the test names them by code ("7M", "RJ").

type Suit = 'R' | 'M' | 'C' | 'T';
const SUIT_BY_NAME: Record<string, Suit> = { Rams: 'R', Masks: 'M', Crows: 'C', Tomes: 'T' };
const SUIT_NAME: Record<Suit, string> = { R: 'Rams', M: 'Masks', C: 'Crows', T: 'Tomes' };
const SUIT_GLYPH: Record<Suit, string> = { R: '🐏', M: '🎭', C: '🐦', T: '📖' };
const SUIT_BY_GLYPH: Record<string, Suit> = { '🐏': 'R', '🎭': 'M', '🐦': 'C', '📖': 'T' };

/** "7 of Masks" → "7M", "Red Joker" → "RJ"; null for anything else. */
function cardFromName(text: string): string | null {
  const t = text.replace(/^[•\s]+/, '').trim();
  if (t === 'Red Joker') return 'RJ';
  if (t === 'Black Joker') return 'BJ';
  const m = /^(\d{1,2}) of (Rams|Masks|Crows|Tomes)$/.exec(t);
  return m ? `${m[1]}${SUIT_BY_NAME[m[2]!]}` : null;
}

/** Every card written in the compact form in `text`, in order. */
function compactCards(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/🃏(RJ|BJ)|(?<!\d)(\d{1,2})(🐏|🎭|🐦|📖)/gu)) out.push(m[1] ?? `${m[2]}${SUIT_BY_GLYPH[m[3]!]}`);
  return out;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Both forms of a card, as regexps that do not match inside a longer card ("1 of Rams" in "11 of Rams"). */
function cardPatterns(code: string): RegExp[] {
  if (code === 'RJ' || code === 'BJ') return [new RegExp(escapeRegExp(`🃏${code}`), 'u'), new RegExp(code === 'RJ' ? 'Red Joker' : 'Black Joker')];
  const value = code.slice(0, -1);
  const suit = code.slice(-1) as Suit;
  return [new RegExp(`(?<!\\d)${value}${SUIT_GLYPH[suit]}`, 'u'), new RegExp(`(?<!\\d)${value} of ${SUIT_NAME[suit]}\\b`)];
}

const shownIn = (text: string, codes: Iterable<string>) => [...codes].filter((c) => cardPatterns(c).some((re) => re.test(text)));

const cardValue = (code: string) => (code === 'RJ' ? 14 : code === 'BJ' ? 0 : Number(code.slice(0, -1)));

// ------------------------------------------------------------------------------------- decisions

/** The channel's "Waiting for @X: …" in words (en.ts, decision.*) → the decision's kind. */
const DECISION_KINDS: Record<string, string> = {
  'choose the card of the flip': 'pick',
  'cheat fate or not': 'cheat',
  'spend a soulstone or not': 'soulstone',
  'yield or take part in the duel': 'yield',
  'name the Red Joker’s suit': 'redJokerSuit',
  'declare a trigger or not': 'trigger',
  'discard down to the hand limit': 'discardDown',
  'spend a soulstone to prevent damage or not': 'prevent',
  'spend a soulstone to reduce damage or not': 'reduce',
};

describe.skipIf(unavailable !== null)('an opposed duel played in the sandbox page', () => {
  let sandbox: Sandbox | undefined;
  let browser: LaunchedBrowser;
  let p: SandboxPage;
  /** Referee Rita watches the channel in a second tab and never reloads it: what she sees arrived live. */
  let rita: SandboxPage;
  let dataDir: string;
  let table = '';
  /** Ids of the channel's public messages the story has seen, to recognise the next one. */
  const known = new Set<string>();
  /** Every card each player has held, as their own DMs listed it: what they may see anywhere. */
  const held: Record<Player, Set<string>> = { alice: new Set(), bob: new Set() };
  /** What happened, in order ("alice soulstone plus", "bob cheat(defense) decline", …), for assertions and failure messages. */
  const story: string[] = [];
  let cheated: { by: Player; card: string; slot: string } | null = null;
  /** How many card searches the hidden-hand checks actually ran (a check that finds nothing to look for proves nothing). */
  let hiddenCardsChecked = 0;
  /** Ids of the DMs whose decision was answered, so that a DM is never answered twice. */
  const answeredPrompts = new Set<string>();

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'fatekeeper-sandbox-duel-'));
    mkdirSync(path.dirname(SCREENSHOT), { recursive: true });
    sandbox = await startSandbox({ port: 0, databaseUrl: `file:${path.join(dataDir, 'sandbox.db')}`, log: quietLog, newSeed: () => SEED });
    browser = await launchBrowser({ viewport: { width: 1280, height: 900 } });
    p = new SandboxPage(browser.page);
    await p.open(sandbox.url, { user: 'alice' });
    const first = await browser.page.locator('#channel-list [data-testid^="channel-"]').first().getAttribute('data-testid');
    table = first!.slice('channel-'.length);
  }, 120_000);

  beforeEach(({ onTestFailed }) => {
    onTestFailed(() => console.warn(`[sandbox-duel.browser.test] replay: SANDBOX_DUEL_SEED=${SEED}\n${story.join('\n')}`));
  });

  afterAll(async () => {
    await browser?.close();
    await sandbox?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  // ------------------------------------------------------------------------------ page helpers

  async function view(who: Player, channel: string): Promise<void> {
    if (!(await browser.page.getByTestId('user-switcher').locator('option:checked').textContent())?.startsWith(NAME[who])) await p.switchUser(who);
    if (!(browser.page.url().includes(`channel=${channel}`))) await p.openChannel(channel);
  }

  /** Waits for the channel's next public message (the bot's answer to the last action) and notes it. */
  async function nextPublicMessage(): Promise<Locator> {
    const message = await p.waitForNewMessage(known);
    for (const id of await p.messages.evaluateAll((els) => els.filter((e) => e.getAttribute('data-ephemeral') === 'false').map((e) => e.getAttribute('data-message-id') ?? ''))) known.add(id);
    return message;
  }

  /** The viewer's hand in their newest hand DM (the DM must be open), noting every card in `held`. */
  async function readHandDm(who: Player): Promise<string[]> {
    const hands = p.messages.filter({ has: browser.page.getByTestId('embed-title').filter({ hasText: /Your Control Hand/ }) });
    await hands.last().waitFor();
    let newest: string[] = [];
    for (const hand of await hands.all()) {
      const lines = (await hand.getByTestId('embed-description').first().innerText()).split(/\n| · /).map(cardFromName).filter((c): c is string => c !== null);
      for (const c of lines) held[who].add(c);
      newest = lines;
    }
    return newest;
  }

  /** The cards the channel shows as `who`'s own: lines about them (flips, takes, cheats) and not about the other player. */
  async function publicCardsOf(who: Player): Promise<Set<string>> {
    const text = await browser.page.locator('#message-list').innerText();
    const mine = new RegExp(`\\b${NAME[who]}\\b`);
    const theirs = new RegExp(`\\b${NAME[other(who)]}\\b`);
    return new Set(text.split('\n').filter((l) => mine.test(l) && !theirs.test(l)).flatMap(compactCards));
  }

  /**
   * The adversary's check: `viewer` reads the channel and their DMs, and none of `secret` (the other
   * player's hand) may be there — except a card the viewer may know as their own: one they hold or held,
   * or one their own deck put on the table (both decks hold the same 54 cards). Nor may they find any
   * control of a decision: the only one ever pending here is the other player's (or none).
   */
  async function expectHiddenFrom(viewer: Player, secret: readonly string[]): Promise<void> {
    await view(viewer, 'dm');
    await readHandDm(viewer);
    const dmText = await p.pageText();
    expect(await p.messages.locator('[data-custom-id^="fk:d:"]').count(), `${NAME[viewer]}'s DMs hold decision controls`).toBe(0);
    await view(viewer, table);
    const channelText = await p.pageText();
    expect(await p.messages.locator('[data-custom-id^="fk:d:"]').count(), `${NAME[viewer]}'s channel shows decision controls`).toBe(0);
    const own = new Set([...held[viewer], ...(await publicCardsOf(viewer))]);
    const searched = secret.filter((c) => !own.has(c));
    hiddenCardsChecked += searched.length;
    expect(shownIn(channelText, searched), `${NAME[viewer]}'s channel shows ${NAME[other(viewer)]}'s hand`).toEqual([]);
    expect(shownIn(dmText, searched), `${NAME[viewer]}'s DMs show ${NAME[other(viewer)]}'s hand`).toEqual([]);
  }

  // --------------------------------------------------------------------------------- the story

  it('Alice starts a game against Bob, sets her soulstones, and both draw a hand', async () => {
    await p.runCommand('game new', [{ name: 'opponent', value: 'Bob' }, { name: 'system', value: 'm3e' }]);
    expect(await (await p.waitForReply('game new')).innerText()).toMatch(/Alice vs Bob/);
    await p.runCommand('soulstones', [{ name: 'count', value: STONES }]);
    expect(await (await p.waitForReply('soulstones')).innerText()).toContain(`Alice’s soulstone pool is now ${STONES}.`);
    for (const who of ['alice', 'bob'] as const) {
      await view(who, table);
      await p.runCommand('draw', [{ name: 'count', value: DRAW }]);
      await p.repliesTo('draw').filter({ hasText: `${NAME[who]} draws ${DRAW} cards.` }).waitFor();
    }
    for (const id of await p.messageIds()) known.add(id);
    // Each hand came by DM, to its owner.
    for (const who of ['alice', 'bob'] as const) {
      await view(who, 'dm');
      expect(await readHandDm(who)).toHaveLength(DRAW);
    }
  });

  it("neither player can read the other's hand after the draw", async () => {
    await expectHiddenFrom('bob', [...held.alice]);
    await expectHiddenFrom('alice', [...held.bob]);
  });

  it('Alice starts an opposed duel against Bob: soulstones, flips, cheats, totals, trigger, result, damage', async () => {
    rita = new SandboxPage(await browser.context.newPage());
    await rita.open(sandbox!.url, { user: 'rita', channel: table });
    // The players' tab in front again: Chromium throttles the timers of a tab behind another.
    await browser.page.bringToFront();
    await view('alice', table);
    await p.runCommand('duel opposed', [
      { name: 'attack', value: 18 },
      { name: 'attack_suits', value: 'M' },
      { name: 'defense', value: 4 },
      { name: 'attacker_soulstones', value: true },
      { name: 'attacker_triggers', value: `${TRIGGER}:M` },
      { name: 'damage', value: '2/3/4' },
      { name: 'label', value: 'Lady Justice: Scales of Justice' },
    ]);
    const started = await p.waitForReply('duel opposed');
    expect(await started.getAttribute('data-ephemeral')).toBe('false');
    expect(await started.innerText()).toContain('Opposed duel: Alice (stat 18) against Bob (stat 4)');
    for (const id of await p.messageIds()) known.add(id);

    let current: Locator = started;
    /** Who answered the last decision (null: the duel was just started by a command in the channel). */
    let lastDecider: Player | null = null;
    for (let step = 0; ; step++) {
      expect(step, `the duel should be over by now:\n${story.join('\n')}`).toBeLessThan(16);
      const text = await current.innerText();
      const waiting = /Waiting for @(\w+): (.+?)\./.exec(text);
      if (!waiting) {
        // Nobody is awaited: the duel must be over, with its damage dealt.
        expect(text, `no decision awaited, yet no damage dealt:\n${story.join('\n')}`).toMatch(/Bob takes \d+ damage/);
        break;
      }
      const decider = waiting[1]!.toLowerCase() as Player;
      const kind = DECISION_KINDS[waiting[2]!];
      expect(kind, `unknown decision "${waiting[2]}"`).toBeDefined();
      expect(['alice', 'bob']).toContain(decider);
      await decide(decider, kind!, waiting[2]!, current, { dmNews: decider !== lastDecider });
      lastDecider = decider;
      await view(decider, table);
      // The duel is one channel message, edited in place at every step: it changes, and nothing is posted.
      await expect.poll(() => current.innerText(), { timeout: 10_000 }).not.toBe(text);
      expect((await p.messageIds()).filter((id) => !known.has(id)), 'new channel messages during the duel').toEqual([]);
    }
    story.push('done');
  }, 60_000);

  /** What the page's components of a message are: each control's custom id (buttons, select menus, links as ''). */
  const controlsOf = (message: Locator) =>
    message.locator('[data-testid^="component-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-custom-id') ?? ''));

  /**
   * Every decision is the decider's alone: the channel's "Waiting for @X" says who and what, with no
   * control but "My hand"; the controls come in the decider's DM, beside their hand. The decider sees the
   * DM is news from the channel, opens it, and answers there; the DM then loses its controls. Meanwhile
   * the other player's channel and DMs are searched for this hand, and hold no control of the decision.
   */
  async function decide(decider: Player, kind: string, what: string, message: Locator, options: { dmNews: boolean }): Promise<void> {
    const channelText = await message.innerText();
    expect(channelText).toContain('The choice is in their DMs (or the “My hand” button).');
    // The channel's message carries no control of the decision: only the "My hand" button.
    expect(await controlsOf(message), `the channel's "Waiting for" message has decision controls:\n${channelText}`).toEqual([expect.stringMatching(/^fk:hand:/)]);
    // Nor does the referee's tab (a live view of the same channel) show any.
    expect(await rita.page.locator('[data-custom-id^="fk:d:"]').count(), "Rita's tab shows decision controls").toBe(0);

    // Looking at the channel, the decider sees that their DMs hold something new. (Not checked right after
    // their own answer in the DMs: the next DM may arrive while they are still reading them.)
    await view(decider, table);
    if (options.dmNews) await browser.page.getByTestId('dm-unread').waitFor();
    await view(decider, 'dm');
    const live = '[data-custom-id^="fk:d:"]:not([disabled])';
    const newest = p.messages.filter({ hasText: `Your decision: ${what}.` }).filter({ has: browser.page.locator(live) }).last();
    await newest.waitFor();
    // Held by its id: once answered, the message no longer matches the filter above. A DM answered in
    // place may carry the same player's next decision: each decision (its controls' fingerprint) is
    // offered once.
    const promptId = (await newest.getAttribute('data-message-id'))!;
    const decisionRef = ((await newest.locator(live).first().getAttribute('data-custom-id')) ?? '').split(':').slice(0, 4).join(':');
    expect(answeredPrompts.has(decisionRef), `a decision already answered is offered again: ${decisionRef}`).toBe(false);
    answeredPrompts.add(decisionRef);
    const prompt = browser.page.locator(`[data-testid="message"][data-message-id="${promptId}"]`);
    const promptText = await prompt.innerText();
    // The DM does carry the decision's controls, and the hand beside them.
    expect((await controlsOf(prompt)).filter((id) => id.startsWith('fk:d:')).length, promptText).toBeGreaterThan(0);
    expect(promptText).toMatch(/Your Control Hand/);
    const hand = await readHandDm(decider);

    // The adversary reads everything they can while this hand and this decision are on the decider's screen.
    await expectHiddenFrom(other(decider), hand);
    await view(decider, 'dm');

    if (kind === 'cheat') await cheatOrNot(decider, prompt, promptText, hand);
    else {
      const buttons = prompt.locator(`[data-testid="component-button"]${live}`);
      const choices = await buttons.evaluateAll((els) => els.map((e) => (e.getAttribute('data-custom-id') ?? '').split(':').pop()!));
      let choice: string;
      switch (kind) {
        case 'soulstone': choice = decider === 'alice' && choices.includes('plus') ? 'plus' : 'none'; break;
        case 'pick': choice = [...choices].sort((a, b) => cardValue(b) - cardValue(a))[0]!; break;
        case 'yield': choice = 'fight'; break;
        case 'redJokerSuit': choice = choices.includes('M') ? 'M' : choices[0]!; break;
        case 'trigger': {
          if (decider === 'alice') {
            // TRIG-1: her stat's Masks are in her total, so the trigger must be offered.
            const offered = prompt.getByTestId('component-button').filter({ hasText: TRIGGER });
            expect(await offered.count(), 'the trigger is offered').toBe(1);
            choice = (await offered.getAttribute('data-custom-id'))!.split(':').pop()!;
          } else choice = 'none';
          break;
        }
        case 'prevent': case 'reduce': choice = 'decline'; break;
        // No hand goes over the limit and no trigger costs a card in this story.
        default: throw new Error(`unexpected decision ${kind}:\n${story.join('\n')}`);
      }
      expect(choices).toContain(choice);
      story.push(`${decider} ${kind} ${choice}`);
      await p.clickButton(prompt, { choice });
    }
    // The click is answered by updating the DM: this decision's controls are spent, so no stale one is
    // left to click (the same player's next decision may come with the update).
    await expect.poll(() => prompt.locator(`[data-custom-id^="${decisionRef}"]`).count(), { timeout: 10_000 }).toBe(0);
  }

  /**
   * The cheat: a select menu of the decider's legal hand cards and a "Do not cheat" button, with what the
   * choice is about (their flip).
   */
  async function cheatOrNot(decider: Player, prompt: Locator, promptText: string, hand: readonly string[]): Promise<void> {
    expect(promptText).toContain('Your decision: cheat fate or not.');
    const select = prompt.locator('select[data-testid="component-select"]');
    const offered = await select.locator('option:not([disabled])').evaluateAll((els) => els.map((e) => ({ value: (e as HTMLOptionElement).value, label: e.textContent ?? '' })));
    // The menu offers the hand, written as the hand list writes it.
    expect(offered.map((o) => cardFromName(o.label))).toEqual(offered.map((o) => o.value));
    expect(new Set(offered.map((o) => o.value))).toEqual(new Set(hand));
    const slot = /Your (attack|defense|damage) flip: /.exec(promptText)?.[1];
    expect(slot, promptText).toBeDefined();

    // Alice cheats her duel flip with her best card. Bob cheats only when the rules forbid Alice to
    // (CHEAT-3b, 3c), so that someone does; if they forbid both, Alice cheats her damage flip.
    const best = [...hand].sort((a, b) => cardValue(b) - cardValue(a))[0]!;
    let card: string | null = null;
    if (cheated === null && decider === 'alice') card = best;
    else if (cheated === null && slot === 'defense' && (await aliceMayNotCheat())) card = best;
    story.push(`${decider} cheat(${slot}) ${card ?? 'decline'}`);
    if (card) {
      await p.chooseInSelect(prompt, card);
      cheated = { by: decider, card, slot: slot! };
    } else {
      await p.clickButton(prompt, { label: 'Do not cheat' });
    }
  }

  /** CHEAT-3b/3c as the table shows them: Alice took the Black Joker, or Bob's flipped card is the Red Joker. */
  async function aliceMayNotCheat(): Promise<boolean> {
    await view('bob', table);
    const lines = (await p.lastPublicMessage().innerText()).split('\n');
    await view('bob', 'dm');
    const flip = (who: string) => lines.find((l) => l.startsWith(`${who} — `) && / flip /.test(l)) ?? '';
    return /taken 🃏BJ/u.test(flip('Alice')) || /: 🃏RJ/u.test(flip('Bob'));
  }

  it('the channel shows the cheat, the totals, the trigger, and the result with its picture', async () => {
    await view('bob', table);
    const channel = browser.page.locator('#message-list');
    const text = await channel.innerText();
    // Someone cheated with a card from their hand, and the channel says so: Alice whenever the rules let
    // her; where they did not, the channel says why (CHEAT-3b: the Black Joker flipped, 3c: the other
    // side's Red Joker).
    const banned = (who: Player) => new RegExp(`${NAME[who]} may not cheat: (the Black Joker was flipped|the other side flipped the Red Joker)\\.`);
    if (cheated === null) {
      // Only when the rules forbade every cheat: both duel flips and Alice's damage flip.
      expect(text).toMatch(banned('alice'));
      expect(text).toMatch(banned('bob'));
      // The damage flip's ban may also be its − (CHEAT-3a, a narrow margin, DMG-3).
      expect(text.match(/Alice may not cheat: .+?\./g)?.length, story.join('\n')).toBe(2);
    } else {
      expect(text).toMatch(new RegExp(`🃏 ${NAME[cheated.by]} cheats fate: ${escapeRegExp(compactForm(cheated.card))}[🐏🎭🐦📖]? replaces `, 'u'));
      if (cheated.by === 'bob' || cheated.slot === 'damage') expect(text).toMatch(banned('alice'));
      if (cheated.slot === 'damage') expect(text).toMatch(banned('bob'));
      if (cheated.by === 'alice' && cheated.slot === 'attack') expect(story.includes('bob cheat(defense) decline') || banned('bob').test(text), story.join('\n')).toBe(true);
    }
    expect(text).toMatch(/🧮 Totals: Alice \d+ [🐏🎭🐦📖]+ · Bob \d+/u);
    expect(text).toContain(`✨ Alice declares ${TRIGGER}.`);
    // The result: a public message with the duel picture, who succeeded and with what total.
    const result = p.messagesWith(/🏁 Alice succeeds/).last();
    await result.waitFor();
    expect(await result.getAttribute('data-ephemeral')).toBe('false');
    expect(await result.innerText()).toMatch(/🏁 Alice succeeds \((\d+) [🐏🎭🐦📖]*🎭[🐏🎭🐦📖]*\) · Bob fails \(\d+(?: [🐏🎭🐦📖]+)?\): not above Alice’s \1 /u);
    await expectPicture(result, /\/duel\.png$/);
    // Then the damage, with a picture too (the same message when no decision came between the result
    // and the damage).
    const damage = p.messagesWith(/🩸 Bob takes \d+ damage/).last();
    await damage.waitFor();
    await expectPicture(damage, /\/(duel|damage)\.png$/);
    expect(story).toContain('alice soulstone plus');
    expect(story.some((s) => /^alice trigger t\d+$/.test(s))).toBe(true);
    // No decision is left open anywhere in the channel.
    expect(await channel.locator('[data-custom-id^="fk:d:"]').count()).toBe(0);
    expect(text).not.toMatch(/Waiting for @/);
  });

  it("neither player ever saw the other's hand, and the page logged no errors", async () => {
    await view('alice', 'dm');
    const alice = await readHandDm('alice');
    await view('bob', 'dm');
    const bob = await readHandDm('bob');
    expect(alice.length + bob.length).toBe(2 * DRAW - (cheated ? 1 : 0)); // a cheated card left its hand
    await expectHiddenFrom('bob', alice);
    await expectHiddenFrom('alice', bob);
    expect(hiddenCardsChecked).toBeGreaterThan(10);

    // Rita's tab, never reloaded, caught up live: the same public messages, each in its latest version
    // (every "Waiting for" marked done), and no hand of either player.
    await view('alice', table);
    const publicIn = (page: SandboxPage) => page.page.locator('[data-testid="message"][data-ephemeral="false"]')
      .evaluateAll((els) => els.map((el) => `${el.getAttribute('data-message-id')} ${(el as HTMLElement).innerText}`));
    await rita.page.bringToFront();
    await rita.messagesWith(/🩸 Bob takes \d+ damage/).last().waitFor();
    const players = (await publicIn(p)).join('\n');
    await expect.poll(async () => (await publicIn(rita)).join('\n'), { timeout: 10_000 }).toBe(players);
    const ritaText = await rita.pageText();
    expect(ritaText).not.toMatch(/Waiting for @/);
    expect(await rita.page.locator('[data-ephemeral="true"]').count()).toBe(0);
    const publicCards = { alice: await publicCardsOf('alice'), bob: await publicCardsOf('bob') };
    expect(shownIn(ritaText, alice.filter((c) => !publicCards.bob.has(c))), "Rita sees Alice's hand").toEqual([]);
    expect(shownIn(ritaText, bob.filter((c) => !publicCards.alice.has(c))), "Rita sees Bob's hand").toEqual([]);
    await view('alice', table);
    await p.messagesWith(/🏁 Alice succeeds/).last().scrollIntoViewIfNeeded();
    await browser.page.screenshot({ path: SCREENSHOT });
    expect(browser.pageErrors).toEqual([]);
  });
});

/** "7M" → "7🎭", "RJ" → "🃏RJ". */
function compactForm(code: string): string {
  if (code === 'RJ' || code === 'BJ') return `🃏${code}`;
  return `${code.slice(0, -1)}${SUIT_GLYPH[code.slice(-1) as Suit]}`;
}

/** The message's embed picture is an attachment of the message (`url` names it), and it loaded. */
async function expectPicture(message: Locator, url: RegExp): Promise<void> {
  const img = message.getByTestId('embed-image');
  await img.waitFor();
  expect(await img.getAttribute('src')).toMatch(url);
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth), { timeout: 10_000 }).toBeGreaterThan(0);
}

/** The bot's log lines are noise here; warnings and errors still show. */
const quietLog = { info: () => undefined, warn: (m: string) => console.warn(m), error: (m: string) => console.error(m) };
