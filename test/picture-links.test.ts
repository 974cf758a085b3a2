/**
 * Public pictures by link (src/discord/pictureLinks.ts): with a public address, a /flip is answered in the
 * HTTP response itself, its picture an address on the bot that only the bot can mint; the address draws
 * the same picture after a restart; a forged or altered address draws nothing; private pictures never
 * travel this way.
 */
import { loadImage } from '@napi-rs/canvas';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBot } from '../src/discord/bot.js';
import { createInteractionsServer, listen } from '../src/discord/http.js';
import { createPictureLinks, linkPictures, type PictureLinks } from '../src/discord/pictureLinks.js';
import { PICTURE_WIDTH } from '../src/systems/malifaux-table/pictures/index.js';
import type { PictureRecipe } from '../src/systems/contract.js';
import { IDS, startApp, type App } from './support/app.js';

const SECRET = 'a secret of the test, long enough';
const recipe: PictureRecipe = { system: 'm3e', kind: 'flip', locale: 'en', data: { title: 'Alice’s flip', fate: 0, revealed: ['7R'], taken: '7R', finalCard: '7R' } };

describe('picture links', () => {
  const links = createPictureLinks({ publicUrl: 'https://bot.example/', secret: SECRET });
  const pathOf = (url: string) => new URL(url).pathname;

  it('read gives back the recipe of an address link made, and nothing for a forged, altered or foreign one', () => {
    const url = links.link(recipe)!;
    expect(url.startsWith('https://bot.example/pictures/')).toBe(true);
    expect(links.read(pathOf(url))).toEqual(recipe);

    const [payload, signature] = pathOf(url).slice('/pictures/'.length).replace(/\.png$/, '').split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ ...recipe, data: { ...(recipe.data as object), title: 'anything at all' } })).toString('base64url');
    expect(links.read(`/pictures/${forged}.${signature}.png`)).toBeNull();
    const flipped = signature[0] === 'A' ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(links.read(`/pictures/${payload}.${flipped}.png`)).toBeNull();
    expect(createPictureLinks({ publicUrl: 'https://bot.example', secret: 'another secret, just as long' }).read(pathOf(url))).toBeNull();
    expect(links.read('/pictures/../etc/passwd')).toBeNull();
    expect(links.read(`/elsewhere/${payload}.${signature}.png`)).toBeNull();
  });

  it('a recipe too long for an address is not linked, and then no picture of its reply is (all or nothing)', () => {
    const long: PictureRecipe = { ...recipe, data: { title: 'x'.repeat(2000) } };
    expect(links.link(long)).toBeNull();
    const data = { embeds: [{ image: { url: 'attachment://flip.png' } }, { image: { url: 'attachment://other.png' } }] };
    expect(linkPictures(links, data, [{ name: 'flip.png', recipe }, { name: 'other.png', recipe: long }])).toBeNull();
    expect(linkPictures(links, data, [{ name: 'flip.png', recipe }, { name: 'other.png' }])).toBeNull();
    const linked = linkPictures(links, { embeds: [data.embeds[0]!], attachments: [{ id: 0, filename: 'flip.png' }] }, [{ name: 'flip.png', recipe }])!;
    expect(linked.embeds![0]!.image!.url).toBe(links.link(recipe));
    expect(linked).not.toHaveProperty('attachments');
  });
});

describe('a /flip with its picture linked, through the bot and the double', () => {
  let app: App;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    app = await startApp({ mode: 'http', backend: 'sqlite' });
    // Its own bot on the same store, whose deadline guard never answers first on a busy machine (a deferred
    // answer goes out by REST, which this test counts).
    // A fixed seed: the same cards every run (a − flip whose lowest cards tie, or with the Red Joker, asks which to take).
    const bot = buildBot({ store: app.store, rest: app.env.rest, applicationId: app.double.applicationId, deadlineMs: 60_000, newSeed: () => 'a1'.repeat(32), linkPictures: true });
    await bot.warmedUp;
    // The address is known once the server listens: the links ask for it then.
    let inner: PictureLinks | null = null;
    const lazy: PictureLinks = { link: (r) => inner!.link(r), read: (p) => inner!.read(p) };
    server = createInteractionsServer({ publicKey: app.double.publicKey, handler: bot.handler, rest: app.env.rest, pictures: { links: lazy, draw: bot.drawPicture } });
    base = `http://127.0.0.1:${await listen(server, 0)}`;
    inner = createPictureLinks({ publicUrl: base, secret: SECRET });
    app.double.setDelivery({ mode: 'http', interactionsUrl: `${base}/interactions` });
  });
  afterAll(async () => {
    server?.close();
    await app?.close();
  });

  it('FLIP-1: answered in the response with no REST call; its address draws the flip, again after a restart; an altered one draws nothing', async () => {
    const ch = app.double.channel('table-1').id;
    expect((await app.command('alice', 'game new', { opponent: IDS.bob, system: 'm3e' }, ch)).ok).toBe(true);
    await app.settle();
    const before = app.double.requests.length;
    // A − flip cannot be cheated, and with this seed its lowest card is alone: it resolves at once.
    const flipped = await app.command('alice', 'flip', { modifier: -1, label: 'Initiative' }, ch);
    expect(flipped.ok, flipped.error).toBe(true);
    await app.settle();
    expect(app.double.requests.slice(before).map((r) => `${r.method} ${r.path}`), JSON.stringify(flipped.reply)).toEqual([]);

    const reply = flipped.reply!;
    expect(reply.attachments).toEqual([]);
    const url = reply.embeds[0]!.image!.url;
    expect(url.startsWith(`${base}/pictures/`)).toBe(true);
    const fetched = await fetch(url);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await fetched.arrayBuffer());
    expect((await loadImage(png)).width).toBe(PICTURE_WIDTH);

    // Another bot process (same secret, nothing shared in memory) draws the same bytes.
    const restarted = createInteractionsServer({ publicKey: app.double.publicKey, handler: app.bot.handler, rest: app.env.rest, pictures: { links: createPictureLinks({ publicUrl: base, secret: SECRET }), draw: app.bot.drawPicture } });
    const other = `http://127.0.0.1:${await listen(restarted, 0)}`;
    try {
      const again = await fetch(url.replace(base, other));
      expect(Buffer.from(await again.arrayBuffer()).equals(png)).toBe(true);
    } finally {
      restarted.close();
    }

    const altered = url.replace(/\/pictures\/(.)/, (_, c: string) => `/pictures/${c === 'e' ? 'f' : 'e'}`);
    expect((await fetch(altered)).status).toBe(404);
  });

  it('a hand picture (private) is still uploaded to its DM, never linked', async () => {
    const ch = app.double.channel('table-2').id;
    expect((await app.command('alice', 'game new', { opponent: IDS.bob, system: 'm3e' }, ch)).ok).toBe(true);
    expect((await app.command('bob', 'draw', { count: 3 }, ch)).ok).toBe(true);
    // This endpoint's after() work (the DMs) is not tracked by app.settle(): wait for the DM itself.
    await expect.poll(() => app.dms('bob').filter((m) => m.attachments.some((a) => a.filename === 'hand.png')).length, { timeout: 10_000 }).toBeGreaterThan(0);
    const withHand = app.dms('bob').filter((m) => m.attachments.some((a) => a.filename === 'hand.png'));
    expect(withHand.length, JSON.stringify(app.dms('bob').map((m) => [m.content, m.attachments, m.embeds.map((e) => e.image)])) + app.logs.join('\n')).toBeGreaterThan(0);
    for (const m of app.dms('bob')) expect(m.embeds.every((e) => !e.image?.url?.startsWith(base))).toBe(true);
  });
});
