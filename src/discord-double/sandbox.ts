/**
 * The JSON API (and static files) behind the no-token sandbox page. The page is a Discord client for
 * pretend users: it lists what a viewer can see, sends slash commands, clicks and modal submits, and live-updates
 * through server-sent events.
 */
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, resolve, sep } from 'node:path';
import type { CommandRegistry } from './commands.js';
import type { DoubleUser, Fixtures } from './fixtures.js';
import { readRaw, sendJson } from './http-io.js';
import type { DeliveryResult } from './delivery.js';
import type { ModalInput, ShownModal } from './modals.js';
import type { ApiCommandOption, AutocompleteInput, ComponentInput, CommandInput, OptionValue } from './payloads.js';
import type { DoubleMessage, DoubleStore } from './store.js';

export interface SandboxOptions {
  /** Directory holding index.html (served at /) and the page's assets (served at /static/*). */
  staticDir: string;
}

export interface SandboxDeps {
  options: SandboxOptions;
  fixtures: Fixtures;
  store: DoubleStore;
  commands: CommandRegistry;
  sendCommand(input: CommandInput): Promise<DeliveryResult>;
  autocomplete(input: AutocompleteInput): Promise<DeliveryResult & { choices: { name: string; value: string | number }[] }>;
  clickComponent(input: ComponentInput): Promise<DeliveryResult>;
  submitModal(input: ModalInput): Promise<DeliveryResult>;
  dismissModal(userId: string): void;
  lastModal(userId: string): ShownModal | undefined;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

export interface Sandbox {
  /** Handles the request if it belongs to the sandbox; false otherwise. */
  handle(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<boolean>;
  close(): void;
}

export function createSandbox(deps: SandboxDeps): Sandbox {
  const { fixtures, store, commands } = deps;
  const root = resolve(deps.options.staticDir);
  const streams = new Set<ServerResponse>();

  const notify = (message: DoubleMessage): void => {
    const data = JSON.stringify({ channelId: message.channelId, messageId: message.id });
    for (const res of streams) res.write(`event: change\ndata: ${data}\n\n`);
  };
  store.events.on('message', notify);
  store.events.on('update', notify);
  store.events.on('delete', notify);
  // A new thread is a new channel in the page's list.
  const channelsChanged = (): void => {
    const data = JSON.stringify({ channels: channelsView() });
    for (const res of streams) res.write(`event: channels\ndata: ${data}\n\n`);
  };
  store.events.on('channel', channelsChanged);

  const guildView = () => ({ id: fixtures.guild.id, name: fixtures.guild.name, locale: fixtures.guild.preferredLocale });
  /** The guild's text channels, and the threads started in them (with their parent). */
  const channelsView = () => [
    ...fixtures.channels.map((c) => ({ id: c.id, name: c.name })),
    ...store.threads().map((c) => ({ id: c.id, name: c.name, parentId: c.parentId })),
  ];
  const userView = (u: DoubleUser) => ({ id: u.id, username: u.username, globalName: u.globalName, locale: u.locale, roles: u.roles, dmsClosed: u.dmsClosed });

  /** `dm` names the viewer's DM channel with the bot (opened on demand for commands). */
  const channelFor = (viewer: string, channel: string, open: boolean): string | undefined => {
    if (channel !== 'dm') return channel;
    return open ? store.openDm(viewer).id : store.dmChannelOf(viewer);
  };

  async function serveFile(res: ServerResponse, relative: string): Promise<void> {
    const file = resolve(root, relative);
    if (file !== root && !file.startsWith(root + sep)) return sendJson(res, 404, { error: 'not found' });
    try {
      const data = await readFile(file);
      res.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream', 'content-length': data.length, 'cache-control': 'no-cache' });
      res.end(data);
    } catch {
      sendJson(res, 404, { error: 'not found' });
    }
  }

  async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
    const raw = await readRaw(req, 1024 * 1024);
    const body: unknown = raw.length > 0 ? JSON.parse(raw.toString('utf8')) : {};
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error('expected a JSON object');
    return body as Record<string, unknown>;
  }

  /**
   * What the page gets back from an interaction it sent: ok, or why not — and, when the bot answered
   * with a modal, that modal, for the page to show as Discord's client would.
   */
  const answer = (viewer: string, result: DeliveryResult): Record<string, unknown> => {
    if (!result.ok) return { ok: false, error: result.error };
    const modal = result.responseType === 9 ? deps.lastModal(viewer) : undefined;
    return modal?.open ? { ok: true, modal: { customId: modal.customId, title: modal.title, components: modal.components } } : { ok: true };
  };

  const str = (v: unknown, name: string): string => {
    if (typeof v !== 'string' || v === '') throw new Error(`"${name}" is required`);
    return v;
  };

  function stream(req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.write(': connected\n\n');
    streams.add(res);
    // A comment every 15 s keeps proxies and the browser from timing the stream out.
    const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
    keepAlive.unref();
    req.on('close', () => {
      clearInterval(keepAlive);
      streams.delete(res);
    });
  }

  return {
    async handle(req, res, path, query) {
      const method = req.method ?? 'GET';
      if (method === 'GET' && path === '/') return serveFile(res, 'index.html').then(() => true);
      if (method === 'GET' && path.startsWith('/static/')) return serveFile(res, decodeURIComponent(path.slice('/static/'.length))).then(() => true);
      if (!path.startsWith('/sandbox/api/')) return false;

      try {
        switch (`${method} ${path}`) {
          case 'GET /sandbox/api/bootstrap':
            sendJson(res, 200, {
              guild: guildView(),
              channels: channelsView(),
              // What Discord's role pickers list: every role of the guild, @everyone included.
              roles: fixtures.roles.map((r) => ({ id: r.id, name: r.name })),
              users: fixtures.users.map(userView),
              bot: { id: fixtures.bot.id, username: fixtures.bot.username },
              commands: commands.available(fixtures.guild.id),
            });
            return true;
          case 'GET /sandbox/api/messages': {
            const viewer = str(query.get('viewer'), 'viewer');
            const channelId = channelFor(viewer, str(query.get('channel'), 'channel'), false);
            sendJson(res, 200, { channelId: channelId ?? null, messages: channelId ? store.visibleMessages(viewer, channelId) : [] });
            return true;
          }
          case 'POST /sandbox/api/command': {
            const body = await readJson(req);
            const viewer = str(body.viewer, 'viewer');
            const result = await deps.sendCommand({
              userId: viewer,
              channelId: channelFor(viewer, str(body.channel, 'channel'), true)!,
              name: str(body.name, 'name'),
              options: (body.options ?? []) as ApiCommandOption[] | Record<string, OptionValue>,
            });
            sendJson(res, 200, answer(viewer, result));
            return true;
          }
          case 'POST /sandbox/api/autocomplete': {
            // The choices the bot offers for the option being typed into, as Discord's client lists them.
            const body = await readJson(req);
            const viewer = str(body.viewer, 'viewer');
            const filled = typeof body.options === 'object' && body.options !== null && !Array.isArray(body.options) ? (body.options as Record<string, OptionValue>) : {};
            const result = await deps.autocomplete({
              userId: viewer,
              channelId: channelFor(viewer, str(body.channel, 'channel'), true)!,
              name: str(body.name, 'name'),
              focused: str(body.focused, 'focused'),
              value: typeof body.value === 'string' ? body.value : '',
              options: Object.fromEntries(Object.entries(filled).filter(([, v]) => v !== '' && v !== null && v !== undefined)),
            });
            sendJson(res, 200, result.ok ? { ok: true, choices: result.choices } : { ok: false, error: result.error, choices: [] });
            return true;
          }
          case 'POST /sandbox/api/component': {
            const body = await readJson(req);
            const values = Array.isArray(body.values) ? body.values.map(String) : undefined;
            const viewer = str(body.viewer, 'viewer');
            const result = await deps.clickComponent({
              userId: viewer,
              messageId: str(body.messageId, 'messageId'),
              customId: str(body.customId, 'customId'),
              ...(values ? { values } : {}),
            });
            sendJson(res, 200, answer(viewer, result));
            return true;
          }
          case 'POST /sandbox/api/modal': {
            const body = await readJson(req);
            const raw = body.values;
            if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new Error('"values" must be an object of text input values');
            const values = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, String(v)]));
            const result = await deps.submitModal({ userId: str(body.viewer, 'viewer'), customId: str(body.customId, 'customId'), values });
            sendJson(res, 200, result.ok ? { ok: true } : { ok: false, error: result.error });
            return true;
          }
          case 'POST /sandbox/api/modal/dismiss': {
            const body = await readJson(req);
            deps.dismissModal(str(body.viewer, 'viewer'));
            sendJson(res, 200, { ok: true });
            return true;
          }
          case 'POST /sandbox/api/user': {
            // Extension: the page may switch a pretend user's locale or close their DMs.
            const body = await readJson(req);
            const user = fixtures.users.find((u) => u.id === body.id);
            if (!user) throw new Error('unknown user');
            if (typeof body.locale === 'string') user.locale = body.locale;
            if (typeof body.dmsClosed === 'boolean') user.dmsClosed = body.dmsClosed;
            sendJson(res, 200, { ok: true, user: userView(user) });
            return true;
          }
          case 'POST /sandbox/api/guild': {
            // Extension: the page may switch the guild's Discord language (what interactions carry as guild_locale).
            const body = await readJson(req);
            if (typeof body.locale !== 'string' || !/^[a-z]{2}(-[A-Z]{2})?$/.test(body.locale)) throw new Error('"locale" must be a Discord locale such as en-US or fr');
            fixtures.guild.preferredLocale = body.locale;
            sendJson(res, 200, { ok: true, guild: guildView() });
            return true;
          }
          case 'GET /sandbox/api/channels':
            sendJson(res, 200, { channels: channelsView() });
            return true;
          case 'GET /sandbox/api/stream':
            stream(req, res);
            return true;
          default:
            sendJson(res, 404, { ok: false, error: 'not found' });
            return true;
        }
      } catch (error) {
        sendJson(res, 400, { ok: false, error: error instanceof Error ? error.message : String(error) });
        return true;
      }
    },

    close() {
      for (const res of streams) res.end();
      streams.clear();
      store.events.off('message', notify);
      store.events.off('update', notify);
      store.events.off('delete', notify);
      store.events.off('channel', channelsChanged);
    },
  };
}
