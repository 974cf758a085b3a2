/**
 * Browser helpers for tests that drive the sandbox page: Debian's Chromium through playwright-core
 * (no browser download ever), a throwaway profile per launch, and a small page object for the page.
 */
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Why browser tests cannot run here, or null when they can. */
export function browserUnavailableReason(): string | null {
  if (!existsSync(CHROMIUM_PATH)) return `no Chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH)`;
  return null;
}

export interface LaunchedBrowser {
  context: BrowserContext;
  page: Page;
  /** Everything the page printed to its console or threw, for assertions and failure messages. */
  pageErrors: string[];
  close(): Promise<void>;
}

/** A fresh Chromium with its own user-data dir (deleted on close). */
export async function launchBrowser(options: { viewport?: { width: number; height: number }; locale?: string } = {}): Promise<LaunchedBrowser> {
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'fatekeeper-chromium-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: options.viewport ?? { width: 1280, height: 800 },
      locale: options.locale ?? 'en-US',
      // No drawer slide or spinner animation between a click and a screenshot.
      reducedMotion: 'reduce',
      timeout: 30_000,
    });
  } catch (err) {
    rmSync(userDataDir, { recursive: true, force: true });
    throw err;
  }
  const page = context.pages()[0] ?? (await context.newPage());
  const pageErrors: string[] = [];
  const watch = (p: Page) => {
    p.on('pageerror', (err) => pageErrors.push(`pageerror: ${err.message}`));
    p.on('console', (msg) => { if (msg.type() === 'error') pageErrors.push(`console: ${msg.text()}`); });
  };
  watch(page);
  context.on('page', watch);
  return {
    context,
    page,
    pageErrors,
    async close() {
      await context.close().catch(() => undefined);
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

export interface CommandOption {
  /** Option name as registered (canonical, not localized). */
  name: string;
  /** For choices, booleans, users and channels: the <option> value (choice value, 'true'/'false', user id) or its label. */
  value: string | number | boolean;
}

/**
 * Page object for src/sandbox/public: every locator goes through the page's data-testid hooks.
 */
export class SandboxPage {
  constructor(readonly page: Page) {}

  async open(baseUrl: string, query: Record<string, string> = {}): Promise<void> {
    const url = new URL(baseUrl);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    await this.page.goto(url.toString());
    await this.page.waitForSelector('body[data-ready="true"][data-view]', { timeout: 15_000 });
  }

  get messages(): Locator {
    return this.page.getByTestId('message');
  }

  /** Messages whose visible text contains `text` (content, embeds, components). */
  messagesWith(text: string | RegExp): Locator {
    return this.messages.filter({ hasText: text });
  }

  /**
   * The bot's finished answer to a slash command ("Alice used /game new" above it), newest last.
   * Deferred answers count once they stop "thinking".
   */
  repliesTo(commandPath: string): Locator {
    return this.messages
      .filter({ has: this.page.locator(`[data-testid="interaction-header"] [data-command="${commandPath}"]`) })
      .filter({ hasNot: this.page.locator('.thinking') });
  }

  /** Waits for the newest finished reply to a command and returns it. */
  async waitForReply(commandPath: string, timeout = 15_000): Promise<Locator> {
    const reply = this.repliesTo(commandPath).last();
    await reply.waitFor({ state: 'visible', timeout });
    return reply;
  }

  /** Ids of the messages currently shown, in order. */
  async messageIds(): Promise<string[]> {
    return this.messages.evaluateAll((els) => els.map((el) => el.getAttribute('data-message-id') ?? ''));
  }

  get errorBanner(): Locator {
    return this.page.getByTestId('error-banner');
  }

  /** Chooses whose eyes we look through, by username, display name or id. */
  async switchUser(who: string): Promise<void> {
    const switcher = this.page.getByTestId('user-switcher');
    const value = await switcher.evaluate((el, w) => {
      const sel = el as HTMLSelectElement;
      const lw = w.toLowerCase();
      const opt = Array.from(sel.options).find((o) => o.value === w || o.dataset.username === lw || (o.textContent ?? '').toLowerCase().startsWith(lw));
      return opt?.value ?? null;
    }, who);
    if (!value) throw new Error(`no sandbox user matches ${who}`);
    await switcher.selectOption(value);
    // The list on screen is this viewer's once the page marks it loaded.
    await this.page.waitForFunction((id) => (document.body.dataset.view ?? '').startsWith(`${id}|`), value);
  }

  /** Opens a guild channel by name, or 'dm' for the viewer's DM with the bot. */
  async openChannel(name: string): Promise<void> {
    const entry = this.page.getByTestId(name === 'dm' ? 'channel-dm' : `channel-${name}`);
    // On a narrow screen the channel list is a drawer behind the ☰ button.
    const menu = this.page.getByTestId('menu-toggle');
    if (await menu.isVisible()) await menu.click();
    const channelId = await entry.getAttribute('data-channel-id');
    await entry.click();
    await this.page.waitForFunction((id) => (document.body.dataset.view ?? '').endsWith(`|${id}`), channelId);
  }

  /** The newest message of the open channel that everyone in it sees (not an ephemeral reply). */
  lastPublicMessage(): Locator {
    return this.page.locator('[data-testid="message"][data-ephemeral="false"]').last();
  }

  /**
   * Waits until the open channel shows a message whose id is not in `known` (ephemeral ones count only
   * with `{ ephemeral: true }`), and returns the newest such message.
   */
  async waitForNewMessage(known: Iterable<string>, options: { ephemeral?: boolean; timeout?: number } = {}): Promise<Locator> {
    const ids = [...known];
    const selector = options.ephemeral ? '[data-testid="message"]' : '[data-testid="message"][data-ephemeral="false"]';
    const handle = await this.page.waitForFunction(
      ([sel, old]) => {
        const fresh = Array.from(document.querySelectorAll(sel)).filter((el) => !old.includes(el.getAttribute('data-message-id') ?? ''));
        return fresh.length ? fresh[fresh.length - 1]!.getAttribute('data-message-id') : null;
      },
      [selector, ids] as const,
      { timeout: options.timeout ?? 15_000 },
    );
    const id = (await handle.jsonValue()) as string;
    return this.page.locator(`[data-testid="message"][data-message-id="${id}"]`);
  }

  /**
   * Everything the viewer can read on the page: its visible text (select menus included), plus the
   * titles, alt texts, aria-labels and option labels that a screen reader or a hover would show.
   */
  async pageText(): Promise<string> {
    return this.page.evaluate(() => {
      const extra: string[] = [];
      for (const el of Array.from(document.querySelectorAll('[title], [alt], [aria-label], option'))) {
        for (const attr of ['title', 'alt', 'aria-label']) {
          const v = el.getAttribute(attr);
          if (v) extra.push(v);
        }
        if (el.tagName === 'OPTION') extra.push(el.textContent ?? '');
      }
      return `${document.body.innerText}\n${extra.join('\n')}`;
    });
  }

  /**
   * Clicks a component of a message (a button, by its label or its custom id's last part) and waits for
   * the double to accept the interaction.
   */
  async clickButton(message: Locator, which: { label: string | RegExp } | { choice: string }): Promise<void> {
    const button = 'label' in which
      ? message.getByTestId('component-button').filter({ hasText: which.label })
      : message.locator(`[data-testid="component-button"][data-custom-id$=":${which.choice}"]`);
    await this.expectAccepted(() => button.first().click());
  }

  /** Chooses `value` in a message's (single) select menu and waits for the double to accept the interaction. */
  async chooseInSelect(message: Locator, value: string): Promise<void> {
    await this.expectAccepted(() => message.locator('select[data-testid="component-select"]').first().selectOption(value).then(() => undefined));
  }

  private async expectAccepted(act: () => Promise<void>): Promise<void> {
    const response = this.page.waitForResponse((r) => r.url().endsWith('/sandbox/api/component'));
    await act();
    const body = (await (await response).json().catch(() => ({}))) as { ok?: boolean; error?: string };
    if (!body.ok) throw new Error(`the click was refused: ${body.error ?? 'no answer'}`);
  }

  /**
   * Runs a slash command through the picker and the options form, the way a person would:
   * type "/name…", pick the suggestion, fill each option field, press Enter.
   * @param path e.g. 'game new' or 'flip'
   */
  async runCommand(path: string, options: CommandOption[] = []): Promise<void> {
    const input = this.page.getByTestId('command-input');
    await input.click();
    await input.fill('');
    await input.pressSequentially(`/${path}`, { delay: 5 });
    await this.page.locator(`[data-testid="command-suggestion"][data-command="${path}"]`).click();
    await this.page.getByTestId('command-form').waitFor({ state: 'visible' });
    for (const o of options) {
      const field = this.page.getByTestId(`option-${o.name}`);
      const tag = await field.evaluate((el) => el.tagName);
      if (tag === 'SELECT') {
        const wanted = String(o.value);
        const value = await field.evaluate((el, w) => {
          const opts = Array.from((el as HTMLSelectElement).options);
          const lw = w.toLowerCase();
          return (opts.find((x) => x.value === w) ?? opts.find((x) => (x.textContent ?? '').toLowerCase().startsWith(lw)))?.value ?? null;
        }, wanted);
        if (value === null) throw new Error(`option ${o.name} has no choice ${wanted}`);
        await field.selectOption(value);
      } else {
        await field.fill(String(o.value));
      }
    }
    const sent = this.page.waitForResponse((r) => r.url().endsWith('/sandbox/api/command'));
    await (options.length ? this.page.getByTestId(`option-${options[options.length - 1]!.name}`) : input).press('Enter');
    const res = await sent;
    const body = (await res.json().catch(() => ({}))) as { ok?: boolean; error?: string };
    if (!body.ok) throw new Error(`/${path} failed: ${body.error ?? res.status()}`);
  }
}
