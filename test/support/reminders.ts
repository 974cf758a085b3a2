/**
 * What the reminders' tests share (test/reminders.test.ts: games' turn clocks; test/league-round-timers.test.ts:
 * timed league rounds): the real bot and a second one on the same database (a restart of the first, or an
 * instance beside it), both on a clock the test turns on, and the reminders' passes run by the test
 * (`bot.reminders.tick()`, what the loop main.ts starts runs every interval) or by the loop itself.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { DoubleMessage } from '../../src/discord-double/index.js';
import type { Bot } from '../../src/discord/bot.js';
import { startApp, type App, type Backend, type Instance } from './app.js';

export interface ClockedBots {
  readonly app: App;
  /** A second bot on the same database. */
  readonly restarted: Instance;
  /** Lets time pass for both bots. */
  passTime(ms: number): void;
  /** Back to the real time (as at the start of each test). */
  resetTime(): void;
}

/**
 * Starts the bots for the tests of the `describe` it is called in. Their clock is the real time plus what
 * the test let pass, from 0 again in each test. The database keeps the real time of each write (when a
 * decision opened): a timer set from it falls due once the test has let enough time pass.
 */
export function clockedBots(backend: Backend): ClockedBots {
  let app: App | undefined;
  let restarted: Instance | undefined;
  let passed = 0;
  beforeAll(async () => {
    app = await startApp({ mode: 'http', backend, clock: () => Date.now() + passed });
    restarted = await app.addInstance();
    app.usePrimary();
  });
  beforeEach(() => {
    passed = 0;
  });
  afterAll(async () => {
    await app?.close();
  });
  return {
    get app() {
      if (!app) throw new Error('the bots start in beforeAll');
      return app;
    },
    get restarted() {
      if (!restarted) throw new Error('the bots start in beforeAll');
      return restarted;
    },
    passTime(ms) {
      passed += ms;
    },
    resetTime() {
      passed = 0;
    },
  };
}

/** Runs a reminders' pass on each bot given (the app's first bot by default), at once; what they posted in `channelId`. */
export async function reminderPass(app: App, channelId: string, ...bots: Bot[]): Promise<DoubleMessage[]> {
  const before = new Set(app.publicMessages(channelId).map((m) => m.id));
  await Promise.all((bots.length > 0 ? bots : [app.bot]).map((bot) => bot.reminders.tick()));
  return app.publicMessages(channelId).filter((m) => !before.has(m.id));
}

/**
 * A bot back up after a downtime: its loop runs (its first pass at once, the catch-up) until it posts in
 * `channelId`, and a little longer, to see that it posts nothing more; what it posted there.
 */
export async function catchUp(app: App, bot: Bot, channelId: string): Promise<DoubleMessage[]> {
  const before = new Set(app.publicMessages(channelId).map((m) => m.id));
  const posted = () => app.publicMessages(channelId).filter((m) => !before.has(m.id));
  bot.reminders.start(20);
  try {
    for (let waited = 0; posted().length === 0 && waited < 10_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 200));
  } finally {
    await bot.reminders.stop();
  }
  return posted();
}
