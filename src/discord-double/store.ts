/**
 * The double's memory of channels and messages, and the visibility rules the sandbox page and tests
 * read: public messages for everyone in the channel, ephemeral ones only for the user they answer, a DM
 * channel only for its user. Payloads are validated before they get here (validate.ts).
 */
import { EventEmitter } from 'node:events';
import type { APIEmbed } from 'discord-api-types/v10';
import type { Fixtures } from './fixtures.js';
import type { UploadedFile } from './http-io.js';
import type { SnowflakeFactory } from './snowflake.js';

export const FLAG_EPHEMERAL = 1 << 6;
export const FLAG_LOADING = 1 << 7;
export const FLAG_SUPPRESS_EMBEDS = 1 << 2;
export const FLAG_SUPPRESS_NOTIFICATIONS = 1 << 12;
export const FLAG_COMPONENTS_V2 = 1 << 15;
/** Flags a sender may set; EPHEMERAL is handled separately because only interactions may use it. */
const SETTABLE_FLAGS = FLAG_SUPPRESS_EMBEDS | FLAG_SUPPRESS_NOTIFICATIONS | FLAG_COMPONENTS_V2;

export interface ChannelRecord {
  id: string;
  /** A guild text channel, a DM with the bot, or a thread of a guild text channel. */
  kind: 'guild' | 'dm' | 'thread';
  name: string;
  /** For DM channels: the user on the other side of the bot. */
  recipientId?: string;
  /** For threads: the text channel it belongs to, who started it, public (11) or private (12), when it archives. */
  parentId?: string;
  ownerId?: string;
  threadType?: 11 | 12;
  autoArchiveDuration?: number;
  createdAt?: string;
}

export interface StoredAttachment {
  id: string;
  filename: string;
  contentType: string;
  size: number;
  description?: string;
  url: string;
}

/** What the bot sends: a message JSON body (validated) plus the files uploaded with it. */
export interface MessagePayload {
  content?: string | null;
  embeds?: APIEmbed[] | null;
  components?: unknown[] | null;
  flags?: number | null;
  attachments?: { id: string | number; filename?: string; description?: string }[] | null;
  [other: string]: unknown;
}

export interface InteractionMeta {
  id: string;
  /** InteractionType: 2 command, 3 component, 5 modal submit. */
  type: number;
  /** Command name for application commands ("duel start" for subcommands). */
  name: string | null;
  userId: string;
  /** For component interactions: the message whose component was used. */
  interactedMessageId?: string;
  /** For follow-ups: the interaction's original response. */
  originalResponseMessageId?: string;
}

/** A message as tests and the sandbox page see it (attachments as URLs, visibility spelled out). */
export interface DoubleMessage {
  id: string;
  channelId: string;
  guildId: string | null;
  author: { id: string; username: string; globalName: string | null; bot: boolean };
  content: string;
  embeds: APIEmbed[];
  components: unknown[];
  attachments: StoredAttachment[];
  flags: number;
  /** Discord MessageType: 0 default, 19 reply, 20 chat input command. */
  type: number;
  ephemeral: boolean;
  /** The only user who can see it (ephemeral messages), or null when the whole channel can. */
  visibleTo: string | null;
  /** A deferred response still "thinking". */
  loading: boolean;
  /** Client-side notice such as "The application did not respond", not a real Discord message. */
  notice: boolean;
  interaction: InteractionMeta | null;
  webhookId: string | null;
  timestamp: string;
  editedTimestamp: string | null;
  deleted: boolean;
  /**
   * Whom posting it notified, as Discord decides: the users and roles mentioned in its content that its
   * `allowed_mentions` lets ping (all of them when it has none). Set when it is posted: an edit pings no one.
   */
  pinged: { users: string[]; roles: string[] };
}

export interface NewMessage {
  channelId: string;
  payload: MessagePayload;
  files: UploadedFile[];
  /** Interaction responses and follow-ups may be ephemeral; plain channel posts may not. */
  allowEphemeral?: boolean;
  ephemeralFor?: string | null;
  interaction?: InteractionMeta | null;
  type?: number;
  loading?: boolean;
  notice?: boolean;
  webhookId?: string | null;
}

interface StoredFile {
  filename: string;
  contentType: string;
  data: Buffer;
}

/**
 * Methods return the live records (the double mutates them on edits); the double's public API and the
 * events hand out copies so a test's "before" snapshot stays what it was.
 */
export class DoubleStore {
  readonly events = new EventEmitter();
  private readonly channels = new Map<string, ChannelRecord>();
  private readonly dmByUser = new Map<string, string>();
  private readonly messages = new Map<string, DoubleMessage>();
  private readonly files = new Map<string, StoredFile>();

  constructor(
    private readonly fixtures: Fixtures,
    private readonly snowflake: SnowflakeFactory,
    private readonly baseUrl: () => string,
  ) {
    for (const c of fixtures.channels) this.channels.set(c.id, { id: c.id, kind: 'guild', name: c.name });
  }

  channel(id: string): ChannelRecord | undefined {
    return this.channels.get(id);
  }

  dmChannelOf(userId: string): string | undefined {
    return this.dmByUser.get(userId);
  }

  /** POST /channels/{id}/threads (without a message): a thread of a guild text channel, started by the bot. */
  createThread(parentId: string, input: { name: string; type: 11 | 12; autoArchiveDuration: number }): ChannelRecord {
    const thread: ChannelRecord = {
      id: this.snowflake(),
      kind: 'thread',
      name: input.name,
      parentId,
      ownerId: this.fixtures.bot.id,
      threadType: input.type,
      autoArchiveDuration: input.autoArchiveDuration,
      createdAt: new Date().toISOString(),
    };
    this.channels.set(thread.id, thread);
    this.events.emit('channel', { ...thread });
    return thread;
  }

  /** Every thread, oldest first. */
  threads(): ChannelRecord[] {
    return [...this.channels.values()].filter((c) => c.kind === 'thread');
  }

  /** POST /users/@me/channels: one DM channel per user, created on first use. */
  openDm(userId: string): ChannelRecord {
    const existing = this.dmByUser.get(userId);
    if (existing) return this.channels.get(existing)!;
    const user = this.fixtures.users.find((u) => u.id === userId);
    const channel: ChannelRecord = { id: this.snowflake(), kind: 'dm', name: `dm-${user?.username ?? userId}`, recipientId: userId };
    this.channels.set(channel.id, channel);
    this.dmByUser.set(userId, channel.id);
    return channel;
  }

  message(id: string): DoubleMessage | undefined {
    const m = this.messages.get(id);
    return m && !m.deleted ? m : undefined;
  }

  /** Every live message of a channel (or of all channels), oldest first, whoever may see it. */
  allMessages(channelId?: string): DoubleMessage[] {
    return [...this.messages.values()].filter((m) => !m.deleted && (channelId === undefined || m.channelId === channelId));
  }

  /** The messages of a channel that `viewerId` can see, oldest first. */
  visibleMessages(viewerId: string, channelId: string): DoubleMessage[] {
    const channel = this.channels.get(channelId);
    if (!channel || (channel.kind === 'dm' && channel.recipientId !== viewerId)) return [];
    return this.allMessages(channelId).filter((m) => m.visibleTo === null || m.visibleTo === viewerId);
  }

  fileData(attachmentId: string): StoredFile | undefined {
    return this.files.get(attachmentId);
  }

  create(input: NewMessage): DoubleMessage {
    const channel = this.channels.get(input.channelId);
    const ephemeral = Boolean(input.allowEphemeral && input.ephemeralFor && ((input.payload.flags ?? 0) & FLAG_EPHEMERAL));
    const attachments = this.attach([], input.payload, input.files);
    const now = new Date().toISOString();
    const message: DoubleMessage = {
      id: this.snowflake(),
      channelId: input.channelId,
      guildId: channel && channel.kind !== 'dm' ? this.fixtures.guild.id : null,
      author: { id: this.fixtures.bot.id, username: this.fixtures.bot.username, globalName: this.fixtures.bot.globalName, bot: true },
      content: input.payload.content ?? '',
      embeds: rewriteEmbeds(input.payload.embeds ?? [], attachments),
      components: input.payload.components ?? [],
      attachments,
      flags: ((input.payload.flags ?? 0) & SETTABLE_FLAGS) | (ephemeral ? FLAG_EPHEMERAL : 0) | (input.loading ? FLAG_LOADING : 0),
      type: input.type ?? 0,
      ephemeral,
      visibleTo: ephemeral ? (input.ephemeralFor ?? null) : null,
      loading: input.loading ?? false,
      notice: input.notice ?? false,
      interaction: input.interaction ?? null,
      webhookId: input.webhookId ?? null,
      timestamp: now,
      editedTimestamp: null,
      deleted: false,
      // An ephemeral reply is seen by its asker alone, and notifies no one.
      pinged: ephemeral ? { users: [], roles: [] } : pingedBy(input.payload),
    };
    this.messages.set(message.id, message);
    this.events.emit('message', structuredClone(message));
    return message;
  }

  /** PATCH semantics: fields present replace, `attachments` lists the old attachments to keep. */
  edit(id: string, payload: MessagePayload, files: UploadedFile[]): DoubleMessage {
    const message = this.messages.get(id);
    if (!message) throw new Error(`unknown message ${id}`);
    const wasLoading = message.loading;
    if ('content' in payload) message.content = payload.content ?? '';
    if ('components' in payload) message.components = payload.components ?? [];
    const kept = payload.attachments ? message.attachments.filter((a) => payload.attachments!.some((k) => String(k.id) === a.id)) : message.attachments;
    message.attachments = this.attach(kept, payload, files);
    if ('embeds' in payload) message.embeds = payload.embeds ?? [];
    message.embeds = rewriteEmbeds(message.embeds, message.attachments);
    const settable = payload.flags != null ? payload.flags & SETTABLE_FLAGS : message.flags & SETTABLE_FLAGS;
    message.flags = settable | (message.flags & FLAG_EPHEMERAL);
    message.loading = false;
    // Filling a "thinking…" placeholder is not an edit in Discord's UI.
    if (!wasLoading) message.editedTimestamp = new Date().toISOString();
    this.events.emit('update', structuredClone(message));
    return message;
  }

  delete(id: string): void {
    const message = this.messages.get(id);
    if (!message || message.deleted) return;
    message.deleted = true;
    this.events.emit('delete', structuredClone(message));
  }

  /** Stores uploaded files as attachments served at /files/{id}/{filename}. */
  private attach(kept: StoredAttachment[], payload: MessagePayload, files: UploadedFile[]): StoredAttachment[] {
    const added = files.map((file, position) => {
      const index = /^files\[(\d+)\]$/.exec(file.key)?.[1] ?? String(position);
      const meta = payload.attachments?.find((a) => String(a.id) === index);
      const filename = meta?.filename ?? file.filename;
      const id = this.snowflake();
      this.files.set(id, { filename, contentType: file.contentType, data: file.data });
      const attachment: StoredAttachment = {
        id,
        filename,
        contentType: file.contentType,
        size: file.data.length,
        url: `${this.baseUrl()}/files/${id}/${encodeURIComponent(filename)}`,
      };
      if (meta?.description) attachment.description = meta.description;
      return attachment;
    });
    return [...kept, ...added];
  }
}

/** `attachment://name` in embeds points at the served file in the stored copy, like Discord's CDN URL. */
function rewriteEmbeds(embeds: APIEmbed[], attachments: StoredAttachment[]): APIEmbed[] {
  const resolve = (url: string | undefined): string | undefined => {
    if (!url?.startsWith('attachment://')) return url;
    const name = url.slice('attachment://'.length);
    return attachments.find((a) => a.filename === name)?.url ?? url;
  };
  return embeds.map((embed) => {
    const copy: APIEmbed = structuredClone(embed);
    if (copy.image) copy.image = { ...copy.image, url: resolve(copy.image.url) ?? copy.image.url };
    if (copy.thumbnail) copy.thumbnail = { ...copy.thumbnail, url: resolve(copy.thumbnail.url) ?? copy.thumbnail.url };
    if (copy.author?.icon_url) copy.author = { ...copy.author, icon_url: resolve(copy.author.icon_url) };
    if (copy.footer?.icon_url) copy.footer = { ...copy.footer, icon_url: resolve(copy.footer.icon_url) };
    return copy;
  });
}

/** The users and roles a posted message notifies (Discord's allowed_mentions rules; @everyone aside). */
export function pingedBy(payload: MessagePayload): { users: string[]; roles: string[] } {
  const content = payload.content ?? '';
  const users = [...new Set([...content.matchAll(/<@!?(\d+)>/g)].map((m) => m[1]!))];
  const roles = [...new Set([...content.matchAll(/<@&(\d+)>/g)].map((m) => m[1]!))];
  const allowed = payload.allowed_mentions as { parse?: string[]; users?: string[]; roles?: string[] } | null | undefined;
  if (allowed === undefined || allowed === null) return { users, roles };
  const parse = allowed.parse ?? [];
  return {
    users: parse.includes('users') ? users : users.filter((id) => (allowed.users ?? []).includes(id)),
    roles: parse.includes('roles') ? roles : roles.filter((id) => (allowed.roles ?? []).includes(id)),
  };
}
