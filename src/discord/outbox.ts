/**
 * Every REST call the bot makes to Discord, through @discordjs/rest (so rate limits, retries and
 * multipart uploads are the library's problem). The base URL is configurable so the same code talks to
 * discord.com, to the local Discord double, or to a shared @discordjs/proxy.
 */
import { DiscordAPIError, REST, type RawFile } from '@discordjs/rest';
import { CannotSendMessagesToThisUserErrorCodes, ChannelType, Routes, ThreadAutoArchiveDuration, type APIChannel, type APIInteraction, type APIMessage } from 'discord-api-types/v10';
import type { DirectMessageResult, DiscordOutbox, InitialReply, OutgoingFile, OutgoingMessage } from './contract.js';

export const DISCORD_API_DEFAULT = 'https://discord.com/api';

/** Where transports report errors they must swallow (after() hooks, failed callbacks). */
export type Log = (message: string, error?: unknown) => void;
/**
 * Errors are logged by name, message and code only: a REST error object carries the request body, which
 * for a DM is a player's hand — printing the object would put hidden cards in the log.
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return error === undefined ? '' : String(error);
  const code = (error as { code?: unknown }).code;
  const status = (error as { status?: unknown }).status;
  return [`${error.name}: ${error.message}`, code !== undefined ? `code ${String(code)}` : '', status !== undefined ? `status ${String(status)}` : '']
    .filter(Boolean)
    .join(' · ');
}

export const defaultLog: Log = (message, error) => console.error(`[discord] ${message}${error === undefined ? '' : ` — ${describeError(error)}`}`);

export interface CreateRestOptions {
  token?: string;
  /** e.g. the double's `apiBase`; defaults to https://discord.com/api. */
  apiBase?: string;
}

export function createRest({ token, apiBase }: CreateRestOptions = {}): REST {
  const rest = new REST({ api: apiBase ?? DISCORD_API_DEFAULT, version: '10' });
  // Without a token only auth:false routes (callbacks, follow-ups) work — enough for HTTP-only tests.
  if (token) rest.setToken(token);
  return rest;
}

/** The files' bytes, drawn now where a file says how to make them: the moment of upload. */
export async function uploadable(files: readonly OutgoingFile[]): Promise<RawFile[]> {
  return Promise.all(files.map(async (file) => (typeof file.data === 'function' ? { ...file, data: await file.data() } : (file as RawFile))));
}

/** Splits our message type into what @discordjs/rest wants: a JSON body and a separate file list. */
async function split(message: OutgoingMessage): Promise<{ body: Omit<OutgoingMessage, 'files'>; files?: RawFile[] }> {
  const { files, ...body } = message;
  return files && files.length > 0 ? { body, files: await uploadable(files) } : { body };
}

export interface CreateOutboxOptions {
  rest: REST;
  applicationId: string;
}

export function createOutbox({ rest, applicationId }: CreateOutboxOptions): DiscordOutbox {
  // DM channel ids never change for a (bot, user) pair, so one lookup per user per process is enough.
  // Caching the promise also merges concurrent first DMs to the same user into one request.
  const dmChannels = new Map<string, Promise<string>>();

  function dmChannelOf(userId: string): Promise<string> {
    let channel = dmChannels.get(userId);
    if (!channel) {
      channel = (rest.post(Routes.userChannels(), { body: { recipient_id: userId } }) as Promise<APIChannel>).then((c) => c.id);
      // A failed lookup must not poison the cache.
      channel.catch(() => dmChannels.delete(userId));
      dmChannels.set(userId, channel);
    }
    return channel;
  }

  async function postToChannel(channelId: string, message: OutgoingMessage): Promise<{ messageId: string }> {
    const sent = (await rest.post(Routes.channelMessages(channelId), await split(message))) as APIMessage;
    return { messageId: sent.id };
  }

  return {
    async sendDirectMessage(userId, message): Promise<DirectMessageResult> {
      try {
        const channelId = await dmChannelOf(userId);
        const { messageId } = await postToChannel(channelId, message);
        return { ok: true, channelId, messageId };
      } catch (error) {
        // 50007 (DMs closed / blocked) and 50278 (no mutual guild) both mean "this user cannot be DMed".
        if (error instanceof DiscordAPIError && (CannotSendMessagesToThisUserErrorCodes as readonly unknown[]).includes(error.code)) {
          return { ok: false, reason: 'dm_closed' };
        }
        throw error;
      }
    },

    postToChannel,

    async createThread(channelId, name) {
      // A game by post lasts days: the longest auto-archive Discord offers, a week without a message.
      const thread = (await rest.post(Routes.threads(channelId), { body: { name: name.slice(0, 100), type: ChannelType.PublicThread, auto_archive_duration: ThreadAutoArchiveDuration.OneWeek } })) as APIChannel;
      return { channelId: thread.id };
    },

    async editChannelMessage(channelId, messageId, message) {
      await rest.patch(Routes.channelMessage(channelId, messageId), await split(message));
    },

    // Interaction webhooks are authorised by their token, not the bot token (auth: false).
    async followUp(interactionToken, message) {
      const sent = (await rest.post(Routes.webhook(applicationId, interactionToken), {
        ...(await split(message)),
        auth: false,
        query: new URLSearchParams({ wait: 'true' }),
      })) as APIMessage;
      return { messageId: sent.id };
    },

    async editOriginal(interactionToken, message) {
      await rest.patch(Routes.webhookMessage(applicationId, interactionToken, '@original'), { ...(await split(message)), auth: false });
    },

    async originalMessageId(interactionToken) {
      const original = (await rest.get(Routes.webhookMessage(applicationId, interactionToken, '@original'), { auth: false })) as APIMessage;
      return original.id;
    },
  };
}

/**
 * Sends an initial response through `POST /interactions/{id}/{token}/callback` (JSON, or multipart when
 * the reply has files). Used by the gateway transport always, and by the HTTP transport for files.
 */
export async function postInteractionCallback(rest: REST, interaction: Pick<APIInteraction, 'id' | 'token'>, reply: InitialReply): Promise<void> {
  await rest.post(Routes.interactionCallback(interaction.id, interaction.token), {
    body: reply.response,
    ...(reply.files && reply.files.length > 0 ? { files: await uploadable(reply.files) } : {}),
    auth: false,
  });
}

/**
 * Puts a reply's files on its original message afterwards (PATCH `@original`, multipart): for when the
 * callback that carried them failed and the reply went out without them. The message's content and
 * embeds are sent again, so an embed that shows `attachment://…` finds its file.
 */
export async function attachFilesLate(rest: REST, applicationId: string, interactionToken: string, reply: InitialReply): Promise<void> {
  if (!reply.files || reply.files.length === 0) return;
  const data = 'data' in reply.response && reply.response.data ? reply.response.data : {};
  await rest.patch(Routes.webhookMessage(applicationId, interactionToken, '@original'), { body: data, files: await uploadable(reply.files), auth: false });
}

/** Runs the reply's post-response work; its failures are logged, never rethrown into the transport. */
export async function runAfter(reply: InitialReply, log: Log): Promise<void> {
  if (!reply.after) return;
  try {
    await reply.after();
  } catch (error) {
    log('after() of an interaction reply failed', error);
  }
}
