/**
 * Public pictures by link instead of by upload. Discord takes a reply's file only through the interaction
 * callback endpoint (one multipart REST request, the costliest part of a /flip), while an embed may show an
 * image from any https address. Where the bot has a public address (`PUBLIC_URL`), a picture that can be
 * drawn again from public information (`Attachment.recipe`) is linked: the address carries the recipe and
 * an HMAC of it, so the bot draws only what it signed itself, after a restart too, with nothing stored.
 * Discord's media proxy fetches each address once and caches it; flips repeat, so few are ever drawn.
 *
 * The trade: a linked picture needs the bot at that address when Discord fetches it again; an uploaded one
 * lives on Discord's servers. Hence only for deployments that set `PUBLIC_URL`, and never for private
 * pictures (a recipe is never set on one).
 */
import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import type { APIEmbed } from 'discord-api-types/v10';
import type { PictureRecipe } from '../systems/contract.js';
import type { InitialReply } from './contract.js';

/** Discord refuses embed image addresses over 2,048 characters; a recipe longer than this is uploaded. */
const MAX_PAYLOAD_CHARS = 1_600;
const SIGNATURE_CHARS = 22; // 132 bits of the HMAC, base64url
export const PICTURES_PATH = '/pictures/';

export interface PictureLinks {
  /** The picture's public address, or null when its recipe is too long to travel in one. */
  link(recipe: PictureRecipe): string | null;
  /** The recipe behind a path under PICTURES_PATH, or null when it is not one this bot signed. */
  read(path: string): PictureRecipe | null;
}

export function createPictureLinks(options: { publicUrl: string; secret: string | Buffer }): PictureLinks {
  const base = options.publicUrl.replace(/\/+$/, '');
  // The key made once: an HMAC keyed with a raw string or buffer imports the key again every time.
  const key = createSecretKey(typeof options.secret === 'string' ? Buffer.from(options.secret, 'utf8') : options.secret);
  const sign = (payload: string): string => createHmac('sha256', key).update(`fatekeeper/picture/v1\n${payload}`).digest('base64url').slice(0, SIGNATURE_CHARS);
  return {
    link(recipe) {
      const payload = Buffer.from(JSON.stringify(recipe), 'utf8').toString('base64url');
      if (payload.length > MAX_PAYLOAD_CHARS) return null;
      return `${base}${PICTURES_PATH}${payload}.${sign(payload)}.png`;
    },
    read(path) {
      if (!path.startsWith(PICTURES_PATH)) return null;
      const match = /^([A-Za-z0-9_-]{1,1600})\.([A-Za-z0-9_-]{22})\.png$/.exec(path.slice(PICTURES_PATH.length));
      if (!match) return null;
      const [, payload, signature] = match as unknown as [string, string, string];
      const expected = Buffer.from(sign(payload));
      if (!timingSafeEqual(expected, Buffer.from(signature))) return null;
      try {
        const recipe = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<PictureRecipe>;
        if (typeof recipe.system !== 'string' || typeof recipe.kind !== 'string' || typeof recipe.locale !== 'string') return null;
        return { system: recipe.system, kind: recipe.kind, locale: recipe.locale, data: recipe.data };
      } catch {
        return null;
      }
    },
  };
}

/** A file as a reply carries it: its recipe, if any, rides along from the presentation's attachment. */
interface LinkableFile {
  name: string;
  recipe?: PictureRecipe;
}

/**
 * The reply's embeds with every `attachment://name` of a linkable file replaced by its public address, or
 * null when some file cannot be linked (then the reply is uploaded as it is: all or nothing, so that a
 * message never shows half its pictures).
 */
export function linkPictures<Data extends { embeds?: APIEmbed[]; attachments?: unknown }>(links: PictureLinks, data: Data, files: readonly LinkableFile[]): Data | null {
  const urls = new Map<string, string>();
  for (const file of files) {
    const url = file.recipe ? links.link(file.recipe) : null;
    if (url === null) return null;
    urls.set(`attachment://${file.name}`, url);
  }
  const swap = (url: string | undefined): string | undefined => (url === undefined ? undefined : (urls.get(url) ?? url));
  // Copied, then their own fields replaced: literals such as `{ ...embed, image }` take a slow path in V8
  // on Node 20, and this runs for every /flip an HTTP bot answers.
  const embeds = data.embeds?.map((embed) => {
    const copy = { ...embed };
    if (embed.image) copy.image = { ...embed.image, url: swap(embed.image.url)! };
    if (embed.thumbnail) copy.thumbnail = { ...embed.thumbnail, url: swap(embed.thumbnail.url)! };
    return copy;
  });
  const { attachments: _uploads, ...rest } = data;
  if (embeds) (rest as { embeds?: APIEmbed[] }).embeds = embeds;
  return rest as Data;
}

/**
 * The reply with its pictures linked instead of attached, when every one of them can be; else as it was.
 * What both transports do with a reply at a public address, before it goes out (the HTTP response, or the
 * gateway's callback): a linked reply carries no file, so nothing is drawn or uploaded for it.
 */
export function linkedReply(links: PictureLinks, reply: InitialReply): InitialReply {
  if (!reply.files?.length || !('data' in reply.response) || !reply.response.data) return reply;
  const data = linkPictures(links, reply.response.data as { embeds?: APIEmbed[] }, reply.files as { name: string; recipe?: PictureRecipe }[]);
  if (!data) return reply;
  // Copies with their own fields replaced (a literal `{ ...rest, response }` takes a slow path in V8 on Node 20).
  const { files: _linked, ...rest } = reply;
  const response = { ...reply.response } as Extract<InitialReply['response'], { data?: unknown }>;
  response.data = data as typeof response.data;
  rest.response = response;
  return rest;
}
