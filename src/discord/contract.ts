/**
 * The seam between the Discord transports (gateway, HTTP endpoint, sandbox) and the router.
 *
 * Every way in produces a raw API interaction payload and hands it to one `InteractionHandler`.
 * The handler answers with the initial response (which the transport must send within 3 s) and,
 * optionally, work to run once that response is out (follow-ups, DMs, channel posts).
 */
import type { APIInteraction, APIInteractionResponse } from 'discord-api-types/v10';
import type { RawFile } from '@discordjs/rest';

export interface InitialReply {
  /** The interaction response body: PONG, CHANNEL_MESSAGE_WITH_SOURCE, DEFERRED_*, UPDATE_MESSAGE… */
  response: APIInteractionResponse;
  /** Attachments for the response (sent as multipart through the callback endpoint). */
  files?: OutgoingFile[];
  /** Runs after the initial response was delivered; errors are logged, never thrown to the transport. */
  after?: () => Promise<void>;
}

export type InteractionHandler = (interaction: APIInteraction) => Promise<InitialReply>;

import type { RESTPostAPIChannelMessageJSONBody } from 'discord-api-types/v10';

/**
 * A file to upload. Its data may be a function, called only when the file is uploaded (the outbox does):
 * a public picture that the HTTP endpoint links instead is then never drawn.
 */
export type OutgoingFile = Omit<RawFile, 'data'> & { data: RawFile['data'] | (() => Promise<Buffer>) };

/** A message the bot sends anywhere: channel, DM, follow-up. `files` become multipart attachments. */
export type OutgoingMessage = RESTPostAPIChannelMessageJSONBody & { files?: OutgoingFile[] };

export type DirectMessageResult =
  | { ok: true; channelId: string; messageId: string }
  | { ok: false; reason: 'dm_closed' };

/** Every REST call the application makes, all through @discordjs/rest (base URL from DISCORD_API_BASE). */
export interface DiscordOutbox {
  /** Opens (or reuses) the DM channel and posts; Discord error 50007 becomes `{ ok: false, reason: 'dm_closed' }`. */
  sendDirectMessage(userId: string, message: OutgoingMessage): Promise<DirectMessageResult>;
  postToChannel(channelId: string, message: OutgoingMessage): Promise<{ messageId: string }>;
  /** POST /channels/{id}/threads: a public thread of the channel, with no starting message; its id (a channel of its own). */
  createThread(channelId: string, name: string): Promise<{ channelId: string }>;
  editChannelMessage(channelId: string, messageId: string, message: OutgoingMessage): Promise<void>;
  /** POST /webhooks/{application}/{token}?wait=true — `flags: 64` makes it ephemeral. */
  followUp(interactionToken: string, message: OutgoingMessage): Promise<{ messageId: string }>;
  /** PATCH /webhooks/{application}/{token}/messages/@original */
  editOriginal(interactionToken: string, message: OutgoingMessage): Promise<void>;
  /** GET /webhooks/{application}/{token}/messages/@original — the id of the message an interaction's reply created. */
  originalMessageId(interactionToken: string): Promise<string>;
}
