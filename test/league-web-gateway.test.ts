/**
 * The league's web page when the bot runs on the gateway (issue 17): `npm start`'s own entry point
 * (src/main.ts, in a process of its own, as production runs it) on the local Discord double's gateway,
 * with PUBLIC_URL set. It serves the pages alone on PORT — the league's page, the picture links it signed,
 * no interactions endpoint — and the standings message links to the page at the public address; a flip's
 * picture is linked there too, as in HTTP mode.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPictureLinks } from '../src/discord/pictureLinks.js';
import { createRest } from '../src/discord/outbox.js';
import { startDiscordDouble, DEFAULT_IDS, type DiscordDouble, type DoubleMessage, type OptionValue } from '../src/discord-double/index.js';
import { registerCommands } from '../scripts/register.js';
import { translator } from '../src/i18n/index.js';

const PUBLIC_URL = 'https://leagues.fatekeeper.example';
const PICTURE_SECRET = 'a-test-picture-secret-of-enough-length';
const en = translator('en');

describe('the league page on the gateway (src/main.ts with PUBLIC_URL)', () => {
  let double: DiscordDouble;
  let bot: ChildProcess;
  let dir: string;
  let output = '';
  /** Where the pages server listens, as main.ts printed it. */
  let base = '';

  beforeAll(async () => {
    double = await startDiscordDouble({});
    const rest = createRest({ token: double.botToken, apiBase: double.apiBase });
    await registerCommands(rest, double.applicationId, double.fixtures.guild.id);
    rest.clearHashSweeper();
    rest.clearHandlerSweeper();
    dir = mkdtempSync(path.join(os.tmpdir(), 'fatekeeper-gateway-pages-'));
    bot = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: {
        PATH: process.env.PATH,
        DISCORD_TOKEN: double.botToken,
        DISCORD_APPLICATION_ID: double.applicationId,
        DISCORD_API_BASE: double.apiBase,
        DATABASE_URL: `file:${path.join(dir, 'bot.db')}`,
        PUBLIC_URL,
        PICTURE_SECRET,
        HOST: '127.0.0.1',
        PORT: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    bot.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    bot.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    for (let waited = 0; !(/online as/.test(output) && /league pages on/.test(output)) && waited < 60_000; waited += 100) {
      if (bot.exitCode !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const listening = /league pages on (http:\/\/127\.0\.0\.1:\d+)\/leagues\//.exec(output);
    if (!listening || !/online as/.test(output)) throw new Error(`the bot did not start:\n${output}`);
    base = listening[1]!;
  }, 90_000);

  afterAll(async () => {
    if (bot && bot.exitCode === null) {
      const exited = new Promise((resolve) => bot.once('exit', resolve));
      bot.kill('SIGTERM');
      await exited;
    }
    await double?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** A slash command through the gateway; the bot's public answer to it in the channel. */
  async function command(userId: string, name: string, options: Record<string, OptionValue>): Promise<DoubleMessage> {
    const before = new Set(double.messages(DEFAULT_IDS.table1).map((m) => m.id));
    const sent = await double.sendCommand({ userId, channelId: DEFAULT_IDS.table1, name, options });
    expect(sent.ok, sent.error).toBe(true);
    const answer = await double.waitForMessage((m) => m.channelId === DEFAULT_IDS.table1 && !before.has(m.id) && !m.loading, 10_000);
    expect(answer.ephemeral, answer.content).toBe(false);
    return answer;
  }

  it('serves the page the standings message links to; no interactions endpoint', async () => {
    await command(DEFAULT_IDS.rita, 'league create', { name: 'Gateway League' });
    for (const userId of [DEFAULT_IDS.alice, DEFAULT_IDS.bob]) await command(userId, 'league join', { league: 'Gateway League' });
    const standings = await command(DEFAULT_IDS.alice, 'league standings', { league: 'Gateway League' });
    expect(standings.embeds[0]!.title).toBe(en('league.standings.titleStart', { league: 'Gateway League' }));
    const description = standings.embeds[0]!.description ?? '';
    const link = new RegExp(`${PUBLIC_URL.replace(/\./g, '\\.')}/leagues/([A-Za-z0-9_-]+)`).exec(description);
    expect(link, description).not.toBeNull();

    const page = await fetch(`${base}/leagues/${link![1]}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    expect(html).toContain('Gateway League');
    expect(html).toContain('Alice');

    expect((await fetch(`${base}/leagues/no-such-league`)).status).toBe(404);
    // Interactions come by the gateway: nothing answers them here.
    const post = await fetch(`${base}/interactions`, { method: 'POST', body: '{"type":1}', headers: { 'content-type': 'application/json' } });
    expect(post.status).toBe(404);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  }, 60_000);

  it('FLIP-1: a flip’s picture is linked in the callback at the public address, not uploaded, and the pages server draws it', async () => {
    await command(DEFAULT_IDS.alice, 'game new', { opponent: DEFAULT_IDS.bob, system: 'm3e' });
    const before = double.requests.length;
    // One card (no modifier) that may not be cheated leaves nobody a choice (FLIP-4: a − flip's tie would
    // open a pick), so it resolves at once, its picture in the answer, whatever the deck's order.
    const flipped = await command(DEFAULT_IDS.alice, 'flip', { modifier: 0, cheatable: false, label: 'Initiative' });
    expect(flipped.attachments).toEqual([]);
    const url = flipped.embeds.find((e) => e.image)?.image?.url ?? '';
    expect(url.startsWith(`${PUBLIC_URL}/pictures/`), url).toBe(true);
    // The callback carried JSON alone: no file was drawn or uploaded for it.
    const callbacks = double.requests.slice(before).filter((r) => r.path.startsWith('/interactions/'));
    expect(callbacks).toHaveLength(1);
    expect(callbacks[0]!.files).toEqual([]);
    const picture = await fetch(`${base}${new URL(url).pathname}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await picture.arrayBuffer()).subarray(1, 4).toString('latin1')).toBe('PNG');
  }, 30_000);

  it('serves the pictures its links name (signed with its key), and nothing for a link it did not sign', async () => {
    const recipe = { system: 'm3e', kind: 'flip', locale: 'en', data: { title: 'Alice’s flip', fate: 0, revealed: ['7R'], taken: '7R', finalCard: '7R' } };
    const signed = createPictureLinks({ publicUrl: PUBLIC_URL, secret: PICTURE_SECRET }).link(recipe)!;
    const picture = await fetch(`${base}${new URL(signed).pathname}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await picture.arrayBuffer()).subarray(1, 4).toString('latin1')).toBe('PNG');
    const foreign = createPictureLinks({ publicUrl: PUBLIC_URL, secret: 'another-secret-of-enough-length' }).link(recipe)!;
    expect((await fetch(`${base}${new URL(foreign).pathname}`)).status).toBe(404);
  }, 30_000);
});
