/**
 * The no-token sandbox: the local Discord double plays Discord (and serves the page that shows it),
 * and the real bot runs against it exactly as against Discord — signed HTTP interactions in, REST out.
 * No second code path: the page's clicks become the same interaction payloads Discord would send.
 */
import { fileURLToPath } from 'node:url';
import { DEFAULT_IDS, startDiscordDouble, type DiscordDouble, type UserInput } from '../discord-double/index.js';
import { createInteractionsServer, leaguePageUrl, listen } from '../discord/http.js';
import { leaguePageLoader } from '../discord/leagues/webPage.js';
import { createRest } from '../discord/outbox.js';
import { openStore } from '../store/open.js';
import { buildBot } from '../discord/bot.js';
import { registerCommands } from '../../scripts/register.js';
import type { Logger } from '../app/services.js';

export interface Sandbox {
  url: string;
  double: DiscordDouble;
  close(): Promise<void>;
}

export const SANDBOX_STATIC_DIR = fileURLToPath(new URL('./public/', import.meta.url));

/**
 * The pretend server's members: two players for a game, a referee, and enough others for a league of
 * eight (issue 17). Rita is last: the double makes the last member the server's owner.
 */
export const SANDBOX_USERS: readonly UserInput[] = [
  { id: DEFAULT_IDS.alice, username: 'alice', globalName: 'Alice' },
  { id: DEFAULT_IDS.bob, username: 'bob', globalName: 'Bob' },
  ...['Carol', 'Dave', 'Erin', 'Frank', 'Grace'].map((name, i) => ({ id: `11000000000000003${String(10 + i)}`, username: name.toLowerCase(), globalName: name })),
  { id: DEFAULT_IDS.rita, username: 'rita', globalName: 'Referee Rita', roles: [DEFAULT_IDS.refereeRole] },
];

export async function startSandbox(
  options: {
    port?: number;
    host?: string;
    databaseUrl?: string;
    log?: Logger;
    /** Where each new game's secret seed comes from (default: 32 random bytes). Tests use it to record
     * the seed of a random run, so a failure can be replayed with the same decks. */
    newSeed?: () => string;
    /** The bot's clock (ms; Date.now by default). Tests let an end's take-back window pass with it. */
    clock?: () => number;
    /** Runs the reminders' loop at this interval (ms); without it the sandbox sends no reminders. */
    reminderIntervalMs?: number;
  } = {},
): Promise<Sandbox> {
  const host = options.host ?? '127.0.0.1';
  const double = await startDiscordDouble({ port: options.port ?? 0, host, users: [...SANDBOX_USERS], sandbox: { staticDir: SANDBOX_STATIC_DIR } });
  const store = await openStore(options.databaseUrl);
  const rest = createRest({ token: double.botToken, apiBase: double.apiBase });
  // The league pages are served by the bot's own endpoint, whose port is known once it listens.
  let pages = '';
  const bot = buildBot({ store, rest, applicationId: double.applicationId, leaguePageUrl: (id) => leaguePageUrl(pages, id), ...(options.log ? { log: options.log } : {}), ...(options.newSeed ? { newSeed: options.newSeed } : {}), ...(options.clock ? { clock: options.clock } : {}) });
  await bot.warmedUp;
  const server = createInteractionsServer({ publicKey: double.publicKey, handler: bot.handler, rest, leaguePage: leaguePageLoader(bot.services) });
  // The bot's endpoint is internal: only the double calls it (and the browser, for league pages), so it listens on loopback on a free port.
  const botPort = await listen(server, 0, '127.0.0.1');
  pages = `http://127.0.0.1:${botPort}`;
  double.setDelivery({ mode: 'http', interactionsUrl: `http://127.0.0.1:${botPort}/interactions` });
  await registerCommands(rest, double.applicationId, double.fixtures.guild.id);
  if (options.reminderIntervalMs !== undefined) bot.reminders.start(options.reminderIntervalMs);
  return {
    url: double.url,
    double,
    async close() {
      await bot.reminders.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await double.close();
      await store.close();
    },
  };
}
