/**
 * Builds the interaction payloads Discord would send for a slash command, a component click or a modal submit, in API
 * shape (what both the gateway INTERACTION_CREATE and the HTTP endpoint carry), from the double's users,
 * channels and registered commands.
 */
import { apiChannel, apiMember, apiMessage, apiUser, memberPermissions } from './api-shapes.js';
import type { CommandRegistry, RegisteredCommand } from './commands.js';
import type { DoubleUser, Fixtures } from './fixtures.js';
import type { ChannelRecord, DoubleMessage } from './store.js';

type Json = Record<string, unknown>;

export type OptionValue = string | number | boolean;

/** A command option in API form: leaves carry `value`, subcommands and groups carry `options`. */
export interface ApiCommandOption {
  name: string;
  type: number;
  value?: OptionValue;
  options?: ApiCommandOption[];
  focused?: boolean;
}

export interface CommandInput {
  userId: string;
  /** A channel id, or 'dm' for the user's DM with the bot. */
  channelId: string;
  /** `duel`, or a subcommand path such as `game start` / `league admin reset`. */
  name: string;
  /** API form, or a `{ name: value }` shorthand for the leaf options (types come from the registered definition). */
  options?: ApiCommandOption[] | Record<string, OptionValue>;
}

export interface ComponentInput {
  userId: string;
  messageId: string;
  customId: string;
  /** Selected values for select menus. */
  values?: string[];
}

/** A refusal the Discord client itself would make (unknown command, missing option, hidden message…). */
export class InputError extends Error {}

export const OPTION_TYPES = { subcommand: 1, group: 2, string: 3, integer: 4, boolean: 5, user: 6, channel: 7, role: 8, mentionable: 9, number: 10, attachment: 11 } as const;

const ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024;

export interface PayloadContext {
  fixtures: Fixtures;
  commands: CommandRegistry;
  /** Stable ids for commands that were never registered (tests need not register them). */
  commandId(name: string): string;
}

interface Envelope {
  id: string;
  token: string;
  type: number;
  user: DoubleUser;
  channel: ChannelRecord;
}

function envelope(ctx: PayloadContext, e: Envelope, data: Json, extra: Json = {}): Json {
  const { fixtures } = ctx;
  const inGuild = e.channel.kind !== 'dm';
  return {
    id: e.id,
    application_id: fixtures.application.id,
    type: e.type,
    data,
    token: e.token,
    version: 1,
    locale: e.user.locale,
    channel: { ...apiChannel(fixtures, e.channel), ...(inGuild ? { permissions: memberPermissions(fixtures, e.user) } : {}) },
    channel_id: e.channel.id,
    app_permissions: fixtures.appPermissions,
    entitlements: [],
    // GUILD_INSTALL ("0") → the guild, or "0" when used in the bot's DM.
    authorizing_integration_owners: { '0': inGuild ? fixtures.guild.id : '0' },
    context: inGuild ? 0 : 1,
    attachment_size_limit: ATTACHMENT_SIZE_LIMIT,
    ...(inGuild
      ? {
          guild_id: fixtures.guild.id,
          guild: { id: fixtures.guild.id, locale: fixtures.guild.preferredLocale, features: [] },
          guild_locale: fixtures.guild.preferredLocale,
          member: apiMember(fixtures, e.user, true),
        }
      : { user: apiUser(e.user) }),
    ...extra,
  };
}

export function buildCommandInteraction(ctx: PayloadContext, e: Omit<Envelope, 'type'>, input: CommandInput): { payload: Json; name: string } {
  const [root, ...path] = input.name.trim().split(/\s+/);
  if (!root) throw new InputError('A command name is required');
  const guildId = e.channel.kind !== 'dm' ? ctx.fixtures.guild.id : null;
  const definition = ctx.commands.find(root, guildId);
  if (!definition && ctx.commands.available(guildId).length > 0 && ctx.commands.available(guildId).every((c) => c.name !== root)) {
    throw new InputError(`Unknown command /${root}`);
  }
  const options = commandOptions(definition, path, input.options);
  const data: Json = { id: definition?.id ?? ctx.commandId(root), name: root, type: 1 };
  if (options.length > 0) data.options = options;
  if (definition?.guild_id) data.guild_id = definition.guild_id;
  const resolved = resolveOptions(ctx.fixtures, leafOptions(options));
  if (resolved) data.resolved = resolved;
  return { payload: envelope(ctx, { ...e, type: 2 }, data), name: [root, ...subcommandPath(options)].join(' ') };
}

export interface AutocompleteInput {
  userId: string;
  /** A channel id, or 'dm'. */
  channelId: string;
  /** `attack`, or a subcommand path such as `crew add`. */
  name: string;
  /** The option being typed into, and what is typed so far (possibly nothing). */
  focused: string;
  value: string;
  /** Options already filled in, `{ name: value }` (their types from the registered definition). */
  options?: Record<string, OptionValue>;
}

/**
 * An APPLICATION_COMMAND_AUTOCOMPLETE (type 4), as Discord's client sends it while the user types: the
 * options filled so far, required ones may be missing, and the focused one carries the raw text typed,
 * `focused: true`. The client asks only for an option its definition completes (`autocomplete: true`).
 */
export function buildAutocompleteInteraction(ctx: PayloadContext, e: Omit<Envelope, 'type'>, input: AutocompleteInput): { payload: Json; name: string } {
  const [root, ...path] = input.name.trim().split(/\s+/);
  if (!root) throw new InputError('A command name is required');
  const guildId = e.channel.kind === 'guild' ? ctx.fixtures.guild.id : null;
  const definition = ctx.commands.find(root, guildId);
  if (!definition && ctx.commands.available(guildId).length > 0) throw new InputError(`Unknown command /${root}`);
  let defs = definition?.options as Json[] | undefined;
  for (const name of path) defs = defs?.find((d) => d.name === name)?.options as Json[] | undefined;
  if (definition) {
    const def = defs?.find((d) => d.name === input.focused);
    if (!def) throw new InputError(`Unknown option "${input.focused}" of /${[root, ...path].join(' ')}`);
    if (def.autocomplete !== true) throw new InputError(`Option "${input.focused}" has no autocomplete`);
  }
  const filled = Object.entries(input.options ?? {}).filter(([name]) => name !== input.focused);
  const leaves: ApiCommandOption[] = filled.map(([name, value]) => {
    const def = defs?.find((d) => d.name === name);
    if (definition && !def) throw new InputError(`Unknown option "${name}" of /${[root, ...path].join(' ')}`);
    const type = (def?.type as number | undefined) ?? inferType(value);
    return { name, type, value: coerce(value, type) };
  });
  const focusedType = (defs?.find((d) => d.name === input.focused)?.type as number | undefined) ?? OPTION_TYPES.string;
  // The typed text, as typed: Discord sends it as a string even for a number option.
  leaves.push({ name: input.focused, type: focusedType, value: input.value, focused: true });
  const options = path.reduceRight<ApiCommandOption[]>(
    (inner, name, depth) => [{ name, type: depth === 0 && path.length === 2 ? OPTION_TYPES.group : OPTION_TYPES.subcommand, options: inner }],
    leaves,
  );
  const data: Json = { id: definition?.id ?? ctx.commandId(root), name: root, type: 1, options };
  if (definition?.guild_id) data.guild_id = definition.guild_id;
  return { payload: envelope(ctx, { ...e, type: 4 }, data), name: [root, ...path].join(' ') };
}

function subcommandPath(options: ApiCommandOption[]): string[] {
  const sub = options.find((o) => o.type === OPTION_TYPES.subcommand || o.type === OPTION_TYPES.group);
  return sub ? [sub.name, ...subcommandPath(sub.options ?? [])] : [];
}

function leafOptions(options: ApiCommandOption[]): ApiCommandOption[] {
  return options.flatMap((o) => (o.type === OPTION_TYPES.subcommand || o.type === OPTION_TYPES.group ? leafOptions(o.options ?? []) : [o]));
}

/**
 * Turns the input (API form or shorthand, with an optional subcommand path) into API-form options, typed
 * and checked against the registered definition when there is one — as Discord's client would.
 */
function commandOptions(definition: RegisteredCommand | undefined, path: string[], input: CommandInput['options']): ApiCommandOption[] {
  // Type 0 = "not known yet": shorthand leaves get their type from the definition, or from their value.
  const leaves: ApiCommandOption[] = Array.isArray(input) ? input : Object.entries(input ?? {}).map(([name, value]) => ({ name, type: 0, value }));
  const tree = path.reduceRight<ApiCommandOption[]>(
    (inner, name, depth) => [{ name, type: depth === 0 && path.length === 2 ? OPTION_TYPES.group : OPTION_TYPES.subcommand, options: inner }],
    leaves,
  );
  return normalizeOptions(definition?.options as Json[] | undefined, tree, definition ? `/${definition.name}` : null);
}

/** `where` is null when there is no definition to check against (unregistered command in a test). */
function normalizeOptions(defs: Json[] | undefined, options: ApiCommandOption[], where: string | null): ApiCommandOption[] {
  const normalized = options.map((option): ApiCommandOption => {
    const def = defs?.find((d) => d.name === option.name);
    if (where && !def) throw new InputError(`Unknown option "${option.name}" of ${where}`);
    const type = (def?.type as number | undefined) ?? (option.type || inferType(option.value ?? ''));
    if (type === OPTION_TYPES.subcommand || type === OPTION_TYPES.group) {
      return { name: option.name, type, options: normalizeOptions(def?.options as Json[] | undefined, option.options ?? [], where && `${where} ${option.name}`) };
    }
    if (option.value === undefined || option.value === '') throw new InputError(`Option "${option.name}" needs a value`);
    return { name: option.name, type, value: coerce(option.value, type), ...(option.focused ? { focused: true } : {}) };
  });
  if (where && defs) {
    const needsSubcommand = defs.some((d) => d.type === OPTION_TYPES.subcommand || d.type === OPTION_TYPES.group);
    if (needsSubcommand && normalized.length !== 1) throw new InputError(`${where} needs a subcommand`);
    for (const d of defs) if (d.required && !normalized.some((o) => o.name === d.name)) throw new InputError(`Missing required option "${String(d.name)}"`);
  }
  return normalized;
}

function inferType(value: OptionValue): number {
  if (typeof value === 'boolean') return OPTION_TYPES.boolean;
  if (typeof value === 'number') return Number.isInteger(value) ? OPTION_TYPES.integer : OPTION_TYPES.number;
  return OPTION_TYPES.string;
}

/** The sandbox form posts strings; give Discord's JSON types back. */
function coerce(value: OptionValue, type: number): OptionValue {
  if (typeof value !== 'string') return value;
  if (type === OPTION_TYPES.integer || type === OPTION_TYPES.number) {
    const n = Number(value);
    if (!Number.isFinite(n) || (type === OPTION_TYPES.integer && !Number.isInteger(n))) throw new InputError(`"${value}" is not a valid ${type === OPTION_TYPES.integer ? 'integer' : 'number'}`);
    return n;
  }
  if (type === OPTION_TYPES.boolean) return value === 'true';
  return value;
}

/** `data.resolved` for user/channel/role/mentionable options, as Discord fills it. */
function resolveOptions(fixtures: Fixtures, leaves: ApiCommandOption[]): Json | undefined {
  const users: Json = {};
  const members: Json = {};
  const channels: Json = {};
  const roles: Json = {};
  for (const option of leaves) {
    const id = String(option.value);
    const user = fixtures.users.find((u) => u.id === id);
    const role = fixtures.roles.find((r) => r.id === id);
    const channel = fixtures.channels.find((c) => c.id === id);
    if (option.type === OPTION_TYPES.user || (option.type === OPTION_TYPES.mentionable && user)) {
      if (!user) throw new InputError(`Unknown user ${id} for option "${option.name}"`);
      users[id] = apiUser(user);
      const { user: _omitted, deaf: _d, mute: _m, ...member } = apiMember(fixtures, user, true);
      members[id] = member;
    } else if (option.type === OPTION_TYPES.role || option.type === OPTION_TYPES.mentionable) {
      if (!role) throw new InputError(`Unknown role ${id} for option "${option.name}"`);
      roles[id] = { id: role.id, name: role.name, permissions: role.permissions, color: 0, hoist: false, position: 0, managed: false, mentionable: false, icon: null, unicode_emoji: null, flags: 0 };
    } else if (option.type === OPTION_TYPES.channel) {
      if (!channel) throw new InputError(`Unknown channel ${id} for option "${option.name}"`);
      channels[id] = { id, name: channel.name, type: 0, permissions: fixtures.appPermissions };
    }
  }
  const resolved: Json = {};
  if (Object.keys(users).length > 0) Object.assign(resolved, { users, members });
  if (Object.keys(roles).length > 0) resolved.roles = roles;
  if (Object.keys(channels).length > 0) resolved.channels = channels;
  return Object.keys(resolved).length > 0 ? resolved : undefined;
}

const SELECT_TYPES = new Set([3, 5, 6, 7, 8]);

/** Finds a component by custom_id in legacy action rows or Components V2 layouts. */
export function findComponent(components: unknown[], customId: string): Json | undefined {
  for (const c of components) {
    if (typeof c !== 'object' || c === null) continue;
    const component = c as Json;
    if (component.custom_id === customId) return component;
    const inner = [...(Array.isArray(component.components) ? component.components : []), ...(component.accessory ? [component.accessory] : [])];
    const found = findComponent(inner, customId);
    if (found) return found;
  }
  return undefined;
}

export function buildComponentInteraction(ctx: PayloadContext, e: Omit<Envelope, 'type'>, message: DoubleMessage, input: ComponentInput): Json {
  const component = findComponent(message.components, input.customId);
  if (!component) throw new InputError(`No component "${input.customId}" on message ${message.id}`);
  if (component.disabled) throw new InputError(`Component "${input.customId}" is disabled`);
  const type = component.type as number;
  const data: Json = { custom_id: input.customId, component_type: type };
  if (SELECT_TYPES.has(type)) {
    const values = input.values ?? [];
    const min = typeof component.min_values === 'number' ? component.min_values : 1;
    const max = typeof component.max_values === 'number' ? component.max_values : 1;
    if (values.length < min || values.length > max) throw new InputError(`Select "${input.customId}" takes ${min}–${max} values, got ${values.length}`);
    if (type === 3) {
      const allowed = new Set(((component.options as Json[] | undefined) ?? []).map((o) => o.value));
      const bad = values.find((v) => !allowed.has(v));
      if (bad !== undefined) throw new InputError(`"${bad}" is not an option of select "${input.customId}"`);
    } else {
      const optionType = { 5: OPTION_TYPES.user, 6: OPTION_TYPES.role, 7: OPTION_TYPES.mentionable, 8: OPTION_TYPES.channel }[type] ?? OPTION_TYPES.string;
      const resolved = resolveOptions(ctx.fixtures, values.map((value) => ({ name: input.customId, type: optionType, value })));
      if (resolved) data.resolved = resolved;
    }
    data.values = values;
  } else if (input.values && input.values.length > 0) {
    throw new InputError(`Component "${input.customId}" is not a select menu`);
  }
  return envelope(ctx, { ...e, type: 3 }, data, { message: apiMessage(ctx.fixtures, message) });
}

/**
 * A MODAL_SUBMIT (type 5): the submission's `data`, and the message when the modal was opened from a
 * component on one (Discord sends it then, so the bot can update that message).
 */
export function buildModalSubmitInteraction(ctx: PayloadContext, e: Omit<Envelope, 'type'>, data: Json, message: DoubleMessage | undefined): Json {
  return envelope(ctx, { ...e, type: 5 }, data, message ? { message: apiMessage(ctx.fixtures, message) } : {});
}

/** The PING Discord sends when the Interactions Endpoint URL is saved. */
export function buildPing(fixtures: Fixtures, id: string, token: string): Json {
  return { id, application_id: fixtures.application.id, type: 1, token, version: 1, user: apiUser({ id: '0', username: 'discord', globalName: null }) };
}
