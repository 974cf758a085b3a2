/**
 * The double's REST API under /api/v10: the routes the bot uses, answering with Discord's status codes
 * and error bodies. Every request is recorded for test assertions.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { apiBotUser, apiChannel, apiMessage, apiUser } from './api-shapes.js';
import type { CommandRegistry } from './commands.js';
import { DiscordError, errors } from './errors.js';
import type { Fixtures } from './fixtures.js';
import { parseBody, readRaw, sendError, sendJson, sendNoContent, type UploadedFile } from './http-io.js';
import type { InteractionBook } from './interactions.js';
import type { DoubleStore } from './store.js';
import { validateMessage } from './validate.js';

export interface RecordedRequest {
  method: string;
  /** Route path after /api/v10, percent-decoded, without the query: `/webhooks/1/abc/messages/@original`. */
  path: string;
  query: Record<string, string>;
  /** Whether an Authorization header was sent (interaction callbacks and webhooks must not need one). */
  auth: boolean;
  /** The JSON body, or a multipart body's payload_json. */
  body: unknown;
  files: { key: string; filename: string; contentType: string; size: number }[];
  status: number;
  /** The Discord error code when the double refused the request. */
  errorCode: number | null;
}

interface Ctx {
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  files: UploadedFile[];
}

type Result = { status: 200 | 201; body: unknown } | { status: 204 };
type Handler = (ctx: Ctx) => Result | Promise<Result>;

interface Route {
  method: string;
  segments: string[];
  /** Bot-token routes need `Authorization: Bot <token>`; interaction routes are authorised by their token. */
  botAuth: boolean;
  handler: Handler;
}

export interface RestDeps {
  fixtures: Fixtures;
  store: DoubleStore;
  commands: CommandRegistry;
  book: InteractionBook;
  botToken: string;
  gatewayUrl: () => string;
  requests: RecordedRequest[];
}

const ok = (body: unknown): Result => ({ status: 200, body });
const noContent: Result = { status: 204 };

export function createRestApi(deps: RestDeps): (req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams) => Promise<void> {
  const { fixtures, store, commands, book } = deps;
  const routes: Route[] = [];
  const route = (method: string, pattern: string, botAuth: boolean, handler: Handler): void => {
    routes.push({ method, segments: pattern.split('/').filter(Boolean), botAuth, handler });
  };
  const message = (msg: Parameters<typeof apiMessage>[1]): unknown => apiMessage(fixtures, msg);

  /** A channel the bot can post in: a guild text channel, or a DM channel it opened. */
  const channelOf = (id: string) => store.channel(id) ?? raise(errors.unknownChannel());
  /** Ephemeral messages cannot be reached through channel routes, as on Discord. */
  const channelMessage = (channelId: string, messageId: string) => {
    channelOf(channelId);
    const found = store.message(messageId);
    if (!found || found.channelId !== channelId || found.ephemeral || found.notice) throw errors.unknownMessage();
    return found;
  };

  route('GET', '/gateway', false, () => ok({ url: deps.gatewayUrl() }));
  route('GET', '/gateway/bot', true, () =>
    ok({ url: deps.gatewayUrl(), shards: 1, session_start_limit: { total: 1000, remaining: 999, reset_after: 14_400_000, max_concurrency: 1 } }),
  );
  route('GET', '/users/@me', true, () => ok(apiBotUser(fixtures)));
  route('GET', '/users/:user', true, ({ params }) => ok(apiUser(fixtures.users.find((u) => u.id === params.user) ?? raise(errors.unknownUser()))));
  route('GET', '/applications/@me', true, () => ok({ id: fixtures.application.id, name: fixtures.application.name, description: '', bot_public: true, bot_require_code_grant: false, flags: 0, bot: apiBotUser(fixtures) }));

  route('POST', '/users/@me/channels', true, ({ body }) => {
    const recipient = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).recipient_id : undefined;
    const user = fixtures.users.find((u) => u.id === recipient);
    if (!user) throw new DiscordError(400, 50035, 'Invalid Form Body', { recipient_id: { _errors: [{ code: 'NUMBER_TYPE_COERCE', message: `Value "${String(recipient)}" is not snowflake.` }] } });
    // Opening a DM succeeds even when the user has DMs closed; sending fails later with 50007.
    return ok(apiChannel(fixtures, store.openDm(user.id)));
  });
  route('GET', '/channels/:channel', true, ({ params }) => ok(apiChannel(fixtures, channelOf(params.channel!))));
  // A thread without a starting message (type 11 public, 12 private — Discord's default), in a guild text channel.
  route('POST', '/channels/:channel/threads', true, ({ params, body }) => {
    const parent = channelOf(params.channel!);
    if (parent.kind !== 'guild') throw errors.wrongChannelType();
    const input = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const name = typeof input.name === 'string' ? input.name.trim() : '';
    if (name.length < 1 || name.length > 100) throw formError('name', 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.');
    const type = input.type ?? 12;
    if (type !== 11 && type !== 12) throw formError('type', 'BASE_TYPE_CHOICES', 'Value must be one of {11, 12}.');
    const duration = input.auto_archive_duration ?? 4320;
    if (![60, 1440, 4320, 10080].includes(duration as number)) throw formError('auto_archive_duration', 'BASE_TYPE_CHOICES', 'Value must be one of {60, 1440, 4320, 10080}.');
    // CREATE_PUBLIC_THREADS (1 << 35) or CREATE_PRIVATE_THREADS (1 << 36), as the bot holds them in the channel.
    const needed = type === 11 ? 1n << 35n : 1n << 36n;
    if ((BigInt(fixtures.appPermissions) & needed) === 0n) throw errors.missingPermissions();
    return { status: 201, body: apiChannel(fixtures, store.createThread(parent.id, { name, type, autoArchiveDuration: duration as number })) };
  });

  route('POST', '/channels/:channel/messages', true, ({ params, body, files }) => {
    const channel = channelOf(params.channel!);
    const payload = validateMessage(body, { create: true, files });
    if (channel.kind === 'dm' && fixtures.users.find((u) => u.id === channel.recipientId)?.dmsClosed) throw errors.cannotSendToUser();
    return ok(message(store.create({ channelId: channel.id, payload, files })));
  });
  route('GET', '/channels/:channel/messages', true, ({ params, query }) => {
    channelOf(params.channel!);
    const limit = Math.min(Number(query.get('limit') ?? 50) || 50, 100);
    const visible = store.allMessages(params.channel).filter((m) => !m.ephemeral && !m.notice);
    return ok(visible.reverse().slice(0, limit).map(message));
  });
  route('GET', '/channels/:channel/messages/:message', true, ({ params }) => ok(message(channelMessage(params.channel!, params.message!))));
  route('PATCH', '/channels/:channel/messages/:message', true, ({ params, body, files }) => {
    const target = channelMessage(params.channel!, params.message!);
    if (target.author.id !== fixtures.bot.id) throw errors.cannotEditOtherUser();
    return ok(message(store.edit(target.id, validateMessage(body, { create: false, files }), files)));
  });
  route('DELETE', '/channels/:channel/messages/:message', true, ({ params }) => {
    store.delete(channelMessage(params.channel!, params.message!).id);
    return noContent;
  });

  route('POST', '/interactions/:id/:token/callback', false, ({ params, query, body, files }) => {
    const { record, message: created } = book.callback(params.id!, params.token!, body, files);
    if (query.get('with_response') !== 'true') return noContent;
    return ok({
      interaction: {
        id: record.id,
        type: record.type,
        ...(created ? { response_message_id: created.id, response_message_loading: created.loading, response_message_ephemeral: created.ephemeral } : {}),
      },
      resource: { type: record.response?.type, ...(created ? { message: message(created) } : {}) },
    });
  });

  route('POST', '/webhooks/:app/:token', false, async ({ params, query, body, files }) => {
    const record = await book.forWebhook(params.app!, params.token!);
    const sent = book.followUp(record, body, files);
    return query.get('wait') === 'true' ? ok(message(sent)) : noContent;
  });
  route('GET', '/webhooks/:app/:token/messages/:message', false, async ({ params }) => {
    const record = await book.forWebhook(params.app!, params.token!);
    return ok(message(book.webhookMessage(record, params.message!)));
  });
  route('PATCH', '/webhooks/:app/:token/messages/:message', false, async ({ params, body, files }) => {
    const record = await book.forWebhook(params.app!, params.token!);
    return ok(message(book.editWebhookMessage(record, params.message!, body, files)));
  });
  route('DELETE', '/webhooks/:app/:token/messages/:message', false, async ({ params }) => {
    const record = await book.forWebhook(params.app!, params.token!);
    store.delete(book.webhookMessage(record, params.message!).id);
    return noContent;
  });

  const application = (id: string | undefined): void => {
    if (id !== fixtures.application.id) throw errors.unknownApplication();
  };
  const guild = (id: string | undefined): string => (id === fixtures.guild.id ? id : raise(errors.unknownGuild()));
  route('GET', '/applications/:app/commands', true, ({ params }) => (application(params.app), ok(commands.list())));
  route('PUT', '/applications/:app/commands', true, ({ params, body }) => (application(params.app), ok(commands.overwrite(body))));
  route('GET', '/applications/:app/guilds/:guild/commands', true, ({ params }) => (application(params.app), ok(commands.list(guild(params.guild)))));
  route('PUT', '/applications/:app/guilds/:guild/commands', true, ({ params, body }) => (application(params.app), ok(commands.overwrite(body, guild(params.guild)))));

  return async (req, res, path, query) => {
    const method = req.method ?? 'GET';
    const segments = path.split('/').filter(Boolean).map(decode);
    const recorded: RecordedRequest = {
      method,
      path: '/' + segments.join('/'),
      query: Object.fromEntries(query),
      auth: req.headers.authorization !== undefined,
      body: undefined,
      files: [],
      status: 0,
      errorCode: null,
    };
    deps.requests.push(recorded);
    try {
      const parsed = await parseBody(await readRaw(req), req.headers['content-type']);
      recorded.body = parsed.json;
      recorded.files = parsed.files.map((f) => ({ key: f.key, filename: f.filename, contentType: f.contentType, size: f.data.length }));
      const { route: found, params } = match(routes, method, segments);
      if (found.botAuth && req.headers.authorization !== `Bot ${deps.botToken}`) throw errors.unauthorized();
      const result = await found.handler({ params, query, body: parsed.json, files: parsed.files });
      recorded.status = result.status;
      if (result.status === 204) sendNoContent(res);
      else sendJson(res, result.status, result.body);
    } catch (error) {
      const discordError = error instanceof DiscordError ? error : new DiscordError(500, 0, '500: Internal Server Error');
      if (!(error instanceof DiscordError)) console.error('[discord-double]', error);
      recorded.status = discordError.status;
      recorded.errorCode = discordError.code;
      sendError(res, discordError);
    }
  };
}

function match(routes: Route[], method: string, segments: string[]): { route: Route; params: Record<string, string> } {
  let pathMatched = false;
  for (const route of routes) {
    if (route.segments.length !== segments.length) continue;
    const params: Record<string, string> = {};
    // First declared match wins, so literal routes (/users/@me) are declared before parameter ones (/users/:user).
    const matches = route.segments.every((s, i) => (s.startsWith(':') ? ((params[s.slice(1)] = segments[i]!), true) : s === segments[i]));
    if (!matches) continue;
    pathMatched = true;
    if (route.method === method) return { route, params };
  }
  throw pathMatched ? errors.methodNotAllowed() : errors.notFound();
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Discord's 50035 Invalid Form Body for one field. */
function formError(field: string, code: string, message: string): DiscordError {
  return new DiscordError(400, 50035, 'Invalid Form Body', { [field]: { _errors: [{ code, message }] } });
}

function raise(error: DiscordError): never {
  throw error;
}
