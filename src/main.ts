/**
 * `npm start`. With DISCORD_TOKEN: the bot on Discord's gateway (or BOT_MODE=http: the Interactions
 * Endpoint on PORT). Without: the sandbox, a local page that plays Discord, on http://127.0.0.1:PORT.
 * Storage: DATABASE_URL (postgresql://…) or the embedded SQLite file under ./data.
 */
import { readConfig } from './config.js';
import { applicationIdFromToken, buildBot } from './discord/bot.js';
import { createRest } from './discord/outbox.js';
import { createInteractionsServer, listen } from './discord/http.js';
import { startGateway } from './discord/gateway.js';
import { openStore } from './store/open.js';
import { startSandbox } from './sandbox/start.js';

const config = readConfig();

function onShutdown(stop: () => Promise<unknown>): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      stop().finally(() => process.exit(0));
    });
  }
}

if (config.mode === 'sandbox') {
  const sandbox = await startSandbox({ port: config.PORT, host: config.HOST, reminderIntervalMs: config.REMINDER_INTERVAL_SECONDS * 1000, ...(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : {}) });
  console.log(`Fatekeeper sandbox (no DISCORD_TOKEN set): open ${sandbox.url} — switch between Alice, Bob and Rita to play both seats.`);
  onShutdown(() => sandbox.close());
} else {
  const store = await openStore(config.DATABASE_URL);
  const token = config.DISCORD_TOKEN;
  const applicationId = config.DISCORD_APPLICATION_ID ?? (token ? applicationIdFromToken(token) : null);
  if (!applicationId) throw new Error('Set DISCORD_APPLICATION_ID (it could not be read from the token).');
  const rest = createRest({ ...(token ? { token } : {}), ...(config.DISCORD_API_BASE ? { apiBase: config.DISCORD_API_BASE } : {}) });
  const bot = buildBot({ store, rest, applicationId });
  await bot.warmedUp;
  // Every instance runs the loop: each timer is claimed by one of them (app/reminders.ts).
  bot.reminders.start(config.REMINDER_INTERVAL_SECONDS * 1000);
  if (config.mode === 'gateway') {
    const gateway = await startGateway({ token: token!, handler: bot.handler, ...(config.DISCORD_API_BASE ? { apiBase: config.DISCORD_API_BASE } : {}) });
    console.log(`Fatekeeper is online as ${gateway.client.user?.tag ?? 'the bot'} (gateway).`);
    onShutdown(async () => {
      await bot.reminders.stop();
      await gateway.stop();
      await store.close();
    });
  } else {
    const server = createInteractionsServer({ publicKey: config.DISCORD_PUBLIC_KEY!, handler: bot.handler, rest });
    const port = await listen(server, config.PORT, config.HOST);
    console.log(`Fatekeeper interactions endpoint on http://${config.HOST}:${port}/interactions`);
    onShutdown(async () => {
      await bot.reminders.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await store.close();
    });
  }
}
