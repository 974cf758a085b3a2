/**
 * `npm start`. With DISCORD_TOKEN: the bot on Discord's gateway (with PUBLIC_URL, its leagues' pages on
 * PORT), or BOT_MODE=http: the Interactions Endpoint on PORT. Without: the sandbox, a local page that
 * plays Discord, on http://127.0.0.1:PORT.
 * Storage: DATABASE_URL (postgresql://…) or the embedded SQLite file under ./data.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { readConfig } from './config.js';
import { applicationIdFromToken, buildBot } from './discord/bot.js';
import { createRest } from './discord/outbox.js';
import { createInteractionsServer, createPagesServer, leaguePageUrl, LEAGUES_PATH, listen } from './discord/http.js';
import { leaguePageLoader } from './discord/leagues/webPage.js';
import { createPictureLinks } from './discord/pictureLinks.js';
import { startGateway } from './discord/gateway.js';
import { openStore } from './store/open.js';
import { startSandbox } from './sandbox/start.js';

const config = readConfig();

/**
 * The key of picture links: set, or derived from the bot's token (secret, and stable across restarts, so
 * the links in old messages keep working); without either, one per process (links then last until a restart).
 */
function pictureSecret(): string | Buffer {
  if (config.PICTURE_SECRET) return config.PICTURE_SECRET;
  if (config.DISCORD_TOKEN) return createHash('sha256').update(`fatekeeper/picture-secret\n${config.DISCORD_TOKEN}`).digest();
  console.warn('PUBLIC_URL is set without PICTURE_SECRET or DISCORD_TOKEN: picture links will stop working at the next restart.');
  return randomBytes(32);
}

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
  // League pages (and picture links) are served at the public address: by the HTTP endpoint itself, or,
  // on the gateway, by a server of the pages alone on PORT.
  const pages = config.PUBLIC_URL ?? null;
  // At a public address a flip's picture is linked, not uploaded (pictureLinks.ts): in the HTTP response,
  // or in the gateway's callback, the pages server then drawing it when Discord fetches it.
  const linkPictures = pages !== null;
  const bot = buildBot({ store, rest, applicationId, linkPictures, ...(pages ? { leaguePageUrl: (id: string) => leaguePageUrl(pages, id) } : {}) });
  await bot.warmedUp;
  // Every instance runs the loop: each timer is claimed by one of them (app/reminders.ts).
  bot.reminders.start(config.REMINDER_INTERVAL_SECONDS * 1000);
  const pictures = pages ? { links: createPictureLinks({ publicUrl: pages, secret: pictureSecret() }), draw: bot.drawPicture } : undefined;
  const pageOptions = { ...(pictures ? { pictures } : {}), ...(pages ? { leaguePage: leaguePageLoader(bot.services) } : {}) };
  const closeServer = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));
  if (config.mode === 'gateway') {
    // Listening first: a port already taken stops the bot before it logs in.
    const server = pages ? createPagesServer(pageOptions) : null;
    const port = server ? await listen(server, config.PORT, config.HOST) : null;
    const gateway = await startGateway({ token: token!, handler: bot.handler, ...(config.DISCORD_API_BASE ? { apiBase: config.DISCORD_API_BASE } : {}), ...(pictures ? { pictures: pictures.links } : {}) });
    console.log(`Fatekeeper is online as ${gateway.client.user?.tag ?? 'the bot'} (gateway).`);
    if (port !== null) console.log(`Fatekeeper league pages on http://${config.HOST}:${port}${LEAGUES_PATH}<id>, linked at ${pages}`);
    onShutdown(async () => {
      await bot.reminders.stop();
      await gateway.stop();
      if (server) await closeServer(server);
      await store.close();
    });
  } else {
    const server = createInteractionsServer({ publicKey: config.DISCORD_PUBLIC_KEY!, handler: bot.handler, rest, ...pageOptions });
    const port = await listen(server, config.PORT, config.HOST);
    console.log(`Fatekeeper interactions endpoint on http://${config.HOST}:${port}/interactions`);
    onShutdown(async () => {
      await bot.reminders.stop();
      await closeServer(server);
      await store.close();
    });
  }
}
