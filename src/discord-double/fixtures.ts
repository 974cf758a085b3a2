/**
 * The little world the double plays: one guild, a few text channels, a few people, the application and
 * its bot user. Default ids are fixed so tests and screenshots are stable; anything not given gets a
 * fresh snowflake.
 */
import type { SnowflakeFactory } from './snowflake.js';

export interface DoubleUser {
  id: string;
  username: string;
  globalName: string | null;
  /** What Discord sends as `interaction.locale` for this user. */
  locale: string;
  /** Guild role ids (besides @everyone). */
  roles: string[];
  /** When true, the bot's DMs to this user fail with 50007, like a user who closed DMs. */
  dmsClosed: boolean;
}

export interface DoubleRole {
  id: string;
  name: string;
  /** Permission bitfield as a decimal string. */
  permissions: string;
}

export interface DoubleChannel {
  id: string;
  name: string;
}

export interface DoubleGuild {
  id: string;
  name: string;
  preferredLocale: string;
  ownerId: string;
}

export interface DoubleApplication {
  id: string;
  name: string;
}

export interface DoubleBotUser {
  id: string;
  username: string;
  globalName: string | null;
}

export interface Fixtures {
  guild: DoubleGuild;
  roles: DoubleRole[];
  channels: DoubleChannel[];
  users: DoubleUser[];
  application: DoubleApplication;
  bot: DoubleBotUser;
  /** What the bot may do in the guild's channels (interactions carry it as `app_permissions`), a decimal bitfield. */
  appPermissions: string;
}

export interface UserInput {
  id?: string;
  username: string;
  globalName?: string | null;
  locale?: string;
  roles?: string[];
  dmsClosed?: boolean;
}

export interface FixtureOptions {
  guild?: { id?: string; name?: string; preferredLocale?: string };
  /** Extra roles; @everyone and "Referee" always exist. */
  roles?: { id?: string; name: string; permissions?: string }[];
  /** Replaces the default #table-1/#table-2. */
  channels?: { id?: string; name: string }[];
  /** Replaces the default Alice, Bob and Referee Rita. */
  users?: UserInput[];
  application?: { id?: string; name?: string };
  /** The bot's permissions in the guild's channels (default: what the usual invite grants, threads included). */
  appPermissions?: string;
}

export const DEFAULT_IDS = {
  guild: '1100000000000000001',
  table1: '1100000000000000101',
  table2: '1100000000000000102',
  refereeRole: '1100000000000000201',
  alice: '1100000000000000301',
  bob: '1100000000000000302',
  rita: '1100000000000000303',
  application: '1100000000000000401',
} as const;

// VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS | ATTACH_FILES | READ_MESSAGE_HISTORY | USE_APPLICATION_COMMANDS
// | ADD_REACTIONS | USE_EXTERNAL_EMOJIS: what an ordinary member has on a fresh server.
export const MEMBER_PERMISSIONS = (
  (1n << 10n) | (1n << 11n) | (1n << 14n) | (1n << 15n) | (1n << 16n) | (1n << 31n) | (1n << 6n) | (1n << 18n)
).toString();

// VIEW_CHANNEL, SEND_MESSAGES, EMBED_LINKS, ATTACH_FILES, READ_MESSAGE_HISTORY, CREATE_PUBLIC_THREADS,
// SEND_MESSAGES_IN_THREADS and the rest of what a bot invited with the usual scopes holds in a channel.
export const DEFAULT_APP_PERMISSIONS = '2248473465835073';

export function buildFixtures(options: FixtureOptions, snowflake: SnowflakeFactory): Fixtures {
  const guildId = options.guild?.id ?? DEFAULT_IDS.guild;
  const roles: DoubleRole[] = [
    { id: guildId, name: '@everyone', permissions: MEMBER_PERMISSIONS },
    { id: DEFAULT_IDS.refereeRole, name: 'Referee', permissions: '0' },
    ...(options.roles ?? []).map((r) => ({ id: r.id ?? snowflake(), name: r.name, permissions: r.permissions ?? '0' })),
  ];
  const channels = options.channels?.map((c) => ({ id: c.id ?? snowflake(), name: c.name })) ?? [
    { id: DEFAULT_IDS.table1, name: 'table-1' },
    { id: DEFAULT_IDS.table2, name: 'table-2' },
  ];
  const users = options.users?.map((u) => ({
    id: u.id ?? snowflake(),
    username: u.username,
    globalName: u.globalName ?? null,
    locale: u.locale ?? 'en-US',
    roles: u.roles ?? [],
    dmsClosed: u.dmsClosed ?? false,
  })) ?? [
    { id: DEFAULT_IDS.alice, username: 'alice', globalName: 'Alice', locale: 'en-US', roles: [], dmsClosed: false },
    { id: DEFAULT_IDS.bob, username: 'bob', globalName: 'Bob', locale: 'en-US', roles: [], dmsClosed: false },
    { id: DEFAULT_IDS.rita, username: 'rita', globalName: 'Referee Rita', locale: 'en-US', roles: [DEFAULT_IDS.refereeRole], dmsClosed: false },
  ];
  const applicationId = options.application?.id ?? DEFAULT_IDS.application;
  const appName = options.application?.name ?? 'Fatekeeper';
  return {
    guild: { id: guildId, name: options.guild?.name ?? 'Sandbox', preferredLocale: options.guild?.preferredLocale ?? 'en-US', ownerId: users[users.length - 1]?.id ?? applicationId },
    roles,
    channels,
    users,
    // Modern applications share their id with their bot user.
    application: { id: applicationId, name: appName },
    bot: { id: applicationId, username: appName, globalName: null },
    appPermissions: options.appPermissions ?? DEFAULT_APP_PERMISSIONS,
  };
}
