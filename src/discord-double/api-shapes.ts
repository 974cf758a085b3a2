/** The double's fixtures and messages rendered as Discord API JSON (users, members, channels, guild, messages). */
import type { DoubleUser, Fixtures } from './fixtures.js';
import type { ChannelRecord, DoubleMessage } from './store.js';

type Json = Record<string, unknown>;

const JOINED_AT = '2024-01-01T00:00:00.000000+00:00';

export function apiUser(user: Pick<DoubleUser, 'id' | 'username' | 'globalName'>, bot = false): Json {
  return {
    id: user.id,
    username: user.username,
    global_name: user.globalName,
    discriminator: '0',
    avatar: null,
    public_flags: 0,
    flags: 0,
    banner: null,
    accent_color: null,
    avatar_decoration_data: null,
    collectibles: null,
    primary_guild: null,
    ...(bot ? { bot: true } : {}),
  };
}

export function apiBotUser(fixtures: Fixtures): Json {
  return { ...apiUser(fixtures.bot, true), verified: true, mfa_enabled: false };
}

/** A member's permissions are the union of @everyone and its roles (no overwrites in the double). */
export function memberPermissions(fixtures: Fixtures, user: DoubleUser): string {
  let bits = 0n;
  for (const role of fixtures.roles) if (role.id === fixtures.guild.id || user.roles.includes(role.id)) bits |= BigInt(role.permissions);
  if (user.id === fixtures.guild.ownerId) bits = ALL_PERMISSIONS;
  return bits.toString();
}

const ALL_PERMISSIONS = (1n << 53n) - 1n;

export function apiMember(fixtures: Fixtures, user: DoubleUser, withPermissions: boolean): Json {
  return {
    user: apiUser(user),
    roles: [...user.roles],
    nick: null,
    avatar: null,
    banner: null,
    joined_at: JOINED_AT,
    premium_since: null,
    deaf: false,
    mute: false,
    flags: 0,
    pending: false,
    communication_disabled_until: null,
    unusual_dm_activity_until: null,
    ...(withPermissions ? { permissions: memberPermissions(fixtures, user) } : {}),
  };
}

export function apiChannel(fixtures: Fixtures, channel: ChannelRecord, position = 0): Json {
  if (channel.kind === 'dm') {
    const user = fixtures.users.find((u) => u.id === channel.recipientId);
    return { id: channel.id, type: 1, last_message_id: null, flags: 0, recipients: user ? [apiUser(user)] : [] };
  }
  if (channel.kind === 'thread') {
    return {
      id: channel.id,
      type: channel.threadType ?? 11,
      guild_id: fixtures.guild.id,
      parent_id: channel.parentId ?? null,
      owner_id: channel.ownerId ?? fixtures.bot.id,
      name: channel.name,
      last_message_id: null,
      rate_limit_per_user: 0,
      message_count: 0,
      member_count: 1,
      total_message_sent: 0,
      flags: 0,
      thread_metadata: {
        archived: false,
        auto_archive_duration: channel.autoArchiveDuration ?? 4320,
        archive_timestamp: channel.createdAt ?? JOINED_AT,
        locked: false,
        create_timestamp: channel.createdAt ?? JOINED_AT,
        ...(channel.threadType === 12 ? { invitable: true } : {}),
      },
    };
  }
  return {
    id: channel.id,
    type: 0,
    guild_id: fixtures.guild.id,
    name: channel.name,
    position,
    permission_overwrites: [],
    parent_id: null,
    nsfw: false,
    topic: null,
    last_message_id: null,
    rate_limit_per_user: 0,
    flags: 0,
  };
}

/** The full guild object of GUILD_CREATE: what discord.js needs to mark the guild available. */
export function apiGuildCreate(fixtures: Fixtures): Json {
  const { guild } = fixtures;
  return {
    id: guild.id,
    name: guild.name,
    icon: null,
    splash: null,
    discovery_splash: null,
    owner_id: guild.ownerId,
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    roles: fixtures.roles.map((r, i) => ({
      id: r.id,
      name: r.name,
      color: 0,
      colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
      hoist: false,
      icon: null,
      unicode_emoji: null,
      position: r.id === guild.id ? 0 : i,
      permissions: r.permissions,
      managed: false,
      mentionable: false,
      flags: 0,
    })),
    emojis: [],
    stickers: [],
    features: [],
    mfa_level: 0,
    application_id: null,
    system_channel_id: null,
    system_channel_flags: 0,
    rules_channel_id: null,
    vanity_url_code: null,
    description: null,
    banner: null,
    premium_tier: 0,
    premium_subscription_count: 0,
    preferred_locale: guild.preferredLocale,
    public_updates_channel_id: null,
    nsfw_level: 0,
    premium_progress_bar_enabled: false,
    safety_alerts_channel_id: null,
    joined_at: JOINED_AT,
    large: false,
    unavailable: false,
    member_count: fixtures.users.length + 1,
    voice_states: [],
    members: [{ ...apiMember(fixtures, { ...fixtures.bot, locale: 'en-US', roles: [], dmsClosed: false }, false), user: apiBotUser(fixtures) }],
    channels: fixtures.channels.map((c, i) => apiChannel(fixtures, { id: c.id, kind: 'guild', name: c.name }, i)),
    threads: [],
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  };
}

export function apiMessage(fixtures: Fixtures, message: DoubleMessage): Json {
  const interactionUser = message.interaction ? fixtures.users.find((u) => u.id === message.interaction!.userId) : undefined;
  const json: Json = {
    id: message.id,
    type: message.type,
    channel_id: message.channelId,
    author: apiUser(fixtures.bot, true),
    content: message.content,
    timestamp: message.timestamp,
    edited_timestamp: message.editedTimestamp,
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    attachments: message.attachments.map((a) => ({
      id: a.id,
      filename: a.filename,
      size: a.size,
      url: a.url,
      proxy_url: a.url,
      content_type: a.contentType,
      ...(a.description ? { description: a.description } : {}),
    })),
    embeds: message.embeds,
    pinned: false,
    flags: message.flags,
    components: message.components,
  };
  if (message.guildId) json.guild_id = message.guildId;
  if (message.webhookId) {
    json.webhook_id = message.webhookId;
    json.application_id = fixtures.application.id;
  }
  if (message.interaction && interactionUser) {
    const meta = message.interaction;
    const user = apiUser(interactionUser);
    json.interaction_metadata = {
      id: meta.id,
      type: meta.type,
      user,
      authorizing_integration_owners: message.guildId ? { '0': message.guildId } : { '0': '0' },
      ...(meta.interactedMessageId ? { interacted_message_id: meta.interactedMessageId } : {}),
      ...(meta.originalResponseMessageId ? { original_response_message_id: meta.originalResponseMessageId } : {}),
      ...(meta.type === 2 && meta.name ? { name: meta.name, command_type: 1 } : {}),
    };
    // The deprecated `interaction` field: discord.js 14 still reads it.
    json.interaction = { id: meta.id, type: meta.type, name: meta.name ?? '', user };
  }
  return json;
}
