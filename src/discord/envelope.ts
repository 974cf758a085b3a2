/**
 * The interaction envelope, checked at the transport before anything acts.
 *
 * A signature proves a body came from Discord, not that it is well formed (and a leaked key, a proxy or a
 * test double can sign anything). Every field the bot reads is checked here, for each interaction type it
 * handles: ids are snowflakes (so the duplicate-delivery receipt always has an id to key on), the token can
 * only name an interaction (it goes into callback and webhook URLs), a component lives on a message, and
 * every option has the JS type its option type promises. Fields the bot does not read are let through, as
 * are fields Discord adds later.
 *
 * Both transports (HTTP endpoint, gateway) go through `admitInteraction`: a malformed interaction gets a
 * clear, localized, ephemeral refusal naming the field; nothing behind it (router, store) ever sees it.
 */
import { z } from 'zod';
import { InteractionResponseType, InteractionType, type APIInteraction } from 'discord-api-types/v10';
import type { InitialReply, InteractionHandler } from './contract.js';
import { describeError, type Log } from './outbox.js';
import { problemReply, type Problem } from './replies.js';
import { localeFrom, translator, type Locale, type MessageKey } from '../i18n/index.js';

// Each constraint names its problem (the issue's message), so a refusal can say it in the user's language.
const SNOWFLAKE = /^[1-9][0-9]{0,19}$/;
/** A Discord id: a non-empty decimal string, not "0", at most 20 digits (a u64). */
export const snowflake = z.string({ error: 'type' }).regex(SNOWFLAKE, { error: 'id' });
/** Interaction tokens go into REST paths (callbacks, webhooks): URL-safe characters only, no '/' or '?'. */
export const interactionToken = z.string({ error: 'type' }).min(1, { error: 'empty' }).max(1000).regex(/^[A-Za-z0-9._~:-]+$/, { error: 'token' });

const text = (max: number) => z.string({ error: 'type' }).max(max);
const nonEmpty = (max: number) => text(max).min(1, { error: 'empty' });
const int = z.number({ error: 'type' }).int({ error: 'type' });
const flag = z.boolean({ error: 'type' });

const user = z.looseObject({
  id: snowflake,
  username: nonEmpty(100),
  global_name: text(100).nullish(),
  bot: flag.optional(),
});

const member = z.looseObject({
  user,
  nick: text(100).nullish(),
  roles: z.array(snowflake, { error: 'type' }).max(1000),
  /** Read as BigInt(permissions) by /game referee-role. */
  permissions: text(40).regex(/^[0-9]+$/, { error: 'value' }).optional(),
});

const withId = z.looseObject({ id: snowflake });
const record = <T extends z.ZodType>(value: T) => z.record(snowflake, value, { error: 'type' });

const resolved = z.looseObject({
  users: record(user).optional(),
  members: record(z.looseObject({ nick: text(100).nullish(), roles: z.array(snowflake, { error: 'type' }).max(1000).optional() })).optional(),
  roles: record(withId).optional(),
  channels: record(withId).optional(),
  attachments: record(withId).optional(),
  messages: record(withId).optional(),
});

// --- command options: leaves carry a value of their type's JS type; subcommands and groups carry options.

const optionName = nonEmpty(32);
const MAX_OPTIONS = 25;
const options = <T extends z.ZodType>(option: T) => z.array(option, { error: 'type' }).max(MAX_OPTIONS);

const commandLeaves = [
  z.looseObject({ name: optionName, type: z.literal(3), value: text(6000) }),
  z.looseObject({ name: optionName, type: z.literal(4), value: int }),
  z.looseObject({ name: optionName, type: z.literal(5), value: flag }),
  // user, channel, role, mentionable, attachment: an id (resolved in data.resolved)
  z.looseObject({ name: optionName, type: z.literal([6, 7, 8, 9, 11]), value: snowflake }),
  z.looseObject({ name: optionName, type: z.literal(10), value: z.number({ error: 'type' }) }),
] as const;

/** Autocomplete sends what the user is typing: the focused option's value may be a string whatever its type. */
const autocompleteLeaves = [
  z.looseObject({
    name: optionName,
    type: z.literal([3, 4, 5, 6, 7, 8, 9, 10, 11]),
    value: z.union([text(6000), z.number(), z.boolean()], { error: 'type' }),
    focused: flag.optional(),
  }),
] as const;

type Leaves = typeof commandLeaves | typeof autocompleteLeaves;

/** Leaves, or one subcommand of leaves, or one group of subcommands: Discord nests no deeper. */
function optionTree(leaves: Leaves) {
  const leaf = z.discriminatedUnion('type', [...leaves], { error: 'value' });
  const subcommand = z.looseObject({ name: optionName, type: z.literal(1), options: options(leaf).optional() });
  const group = z.looseObject({ name: optionName, type: z.literal(2), options: options(subcommand).optional() });
  return options(z.discriminatedUnion('type', [...leaves, subcommand, group], { error: 'value' }));
}

const commandData = (leaves: Leaves) =>
  z.looseObject({
    id: snowflake,
    name: nonEmpty(32),
    type: int.min(1, { error: 'value' }).max(255, { error: 'value' }),
    options: optionTree(leaves).optional(),
    resolved: resolved.optional(),
    guild_id: snowflake.optional(),
    target_id: snowflake.optional(),
  });

const customId = nonEmpty(100);

const message = z.looseObject({
  id: snowflake,
  channel_id: snowflake.optional(),
  flags: int.min(0, { error: 'value' }).optional(),
});

const modalField = z.looseObject({ type: int, custom_id: customId.optional(), value: text(4000).optional() });

// --- the envelope, by interaction type

const common = {
  id: snowflake,
  application_id: snowflake.optional(),
  token: interactionToken,
  locale: text(35).optional(),
  guild_locale: text(35).optional(),
  guild_id: snowflake.optional(),
  channel: z.looseObject({ id: snowflake }).optional(),
  channel_id: snowflake.optional(),
  member: member.optional(),
  user: user.optional(),
};

const ping = z.looseObject({ type: z.literal(InteractionType.Ping) });
const command = z.looseObject({ ...common, type: z.literal(InteractionType.ApplicationCommand), data: commandData(commandLeaves) });
const autocomplete = z.looseObject({ ...common, type: z.literal(InteractionType.ApplicationCommandAutocomplete), data: commandData(autocompleteLeaves) });
const component = z.looseObject({
  ...common,
  type: z.literal(InteractionType.MessageComponent),
  data: z.looseObject({
    custom_id: customId,
    component_type: int.min(1, { error: 'value' }).max(255, { error: 'value' }),
    values: z.array(text(100), { error: 'type' }).max(MAX_OPTIONS).optional(),
    resolved: resolved.optional(),
  }),
  // Every component lives on a message: a click without one cannot say what it answers.
  message,
});
const modal = z.looseObject({
  ...common,
  type: z.literal(InteractionType.ModalSubmit),
  data: z.looseObject({
    custom_id: customId,
    components: z
      .array(z.looseObject({ type: int, components: z.array(modalField, { error: 'type' }).max(5).optional(), component: modalField.optional() }), { error: 'type' })
      .max(5),
  }),
  message: message.optional(),
});

interface WhoAndWhere {
  member?: unknown;
  user?: unknown;
  guild_id?: string;
  channel?: { id: string };
  channel_id?: string;
}

/** Who and where, which every interaction but PING must say, consistently. */
function whoAndWhere(value: WhoAndWhere, ctx: z.RefinementCtx): void {
  if (value.member === undefined && value.user === undefined) ctx.addIssue({ code: 'custom', message: 'missing', path: ['user'] });
  if (value.member !== undefined && value.guild_id === undefined) ctx.addIssue({ code: 'custom', message: 'missing', path: ['guild_id'] });
  if (value.channel === undefined && value.channel_id === undefined) ctx.addIssue({ code: 'custom', message: 'missing', path: ['channel_id'] });
  if (value.channel !== undefined && value.channel_id !== undefined && value.channel?.id !== value.channel_id) {
    ctx.addIssue({ code: 'custom', message: 'mismatch', path: ['channel_id'] });
  }
}

export const interactionEnvelope = z.discriminatedUnion(
  'type',
  [ping, command.superRefine(whoAndWhere), autocomplete.superRefine(whoAndWhere), component.superRefine(whoAndWhere), modal.superRefine(whoAndWhere)],
  { error: 'unsupported' },
);

// --- what went wrong, in words

type ProblemKind = 'missing' | 'type' | 'id' | 'token' | 'empty' | 'tooLong' | 'value' | 'mismatch' | 'unsupported';

export interface EnvelopeProblem {
  /** Where, as a path into the payload: `data.options[0].value`. */
  field: string;
  kind: ProblemKind;
  /** For `tooLong`: the limit. */
  limit?: number;
}

const KINDS = new Set<string>(['missing', 'type', 'id', 'token', 'empty', 'value', 'mismatch', 'unsupported']);

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let here = root;
  for (const key of path) {
    if (typeof here !== 'object' || here === null || !Object.hasOwn(here, key)) return undefined;
    here = (here as Record<PropertyKey, unknown>)[key];
  }
  return here;
}

/** The field's path as plain text: keys an attacker chose are cut short and stripped to safe characters. */
function fieldName(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += `${out ? '.' : ''}${String(key).replace(/[^A-Za-z0-9_-]/g, '?').slice(0, 24)}`;
  }
  return (out || '(body)').slice(0, 80);
}

function problemOf(issue: z.core.$ZodIssue, payload: unknown): EnvelopeProblem {
  const field = fieldName(issue.path);
  if (issue.code === 'too_big') return { field, kind: 'tooLong', limit: Number(issue.maximum) };
  if (issue.code === 'too_small') return { field, kind: 'empty' };
  if (issue.code === 'invalid_key') return { field, kind: 'id' };
  if (issue.message === 'unsupported') {
    // A number that is no interaction type this bot handles; anything else is simply the wrong type.
    const type = valueAt(payload, ['type']);
    return type === undefined ? { field, kind: 'missing' } : Number.isInteger(type) ? { field, kind: 'unsupported' } : { field, kind: 'type' };
  }
  if (issue.message === 'missing' || valueAt(payload, issue.path) === undefined) return { field, kind: 'missing' };
  if (issue.code === 'invalid_type') return { field, kind: 'type' };
  return { field, kind: KINDS.has(issue.message) ? (issue.message as ProblemKind) : 'value' };
}

export type EnvelopeResult = { ok: true; interaction: APIInteraction } | { ok: false; problem: EnvelopeProblem };

/** Checks a decoded JSON body against the envelope; the result is what the router gets. Never throws. */
export function parseEnvelope(payload: unknown): EnvelopeResult {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return { ok: false, problem: { field: '(body)', kind: 'type' } };
  const parsed = interactionEnvelope.safeParse(payload);
  if (parsed.success) return { ok: true, interaction: parsed.data as unknown as APIInteraction };
  return { ok: false, problem: problemOf(parsed.error.issues[0]!, payload) };
}

/** The asker's language as Discord says it, if Discord said it as a string: English otherwise. */
export function refusalLocale(payload: unknown): Locale {
  const locale = valueAt(payload, ['locale']);
  return typeof locale === 'string' ? localeFrom(locale) : 'en';
}

const PROBLEM_WORDS: Record<ProblemKind, MessageKey> = {
  missing: 'edge.problem.missing',
  type: 'edge.problem.type',
  id: 'edge.problem.id',
  token: 'edge.problem.token',
  empty: 'edge.problem.empty',
  tooLong: 'edge.problem.tooLong',
  value: 'edge.problem.value',
  mismatch: 'edge.problem.mismatch',
  unsupported: 'edge.problem.unsupported',
};

/** The ephemeral refusal: which field, what is wrong with it, nothing was changed, and what to do. */
export function envelopeRefusal(locale: Locale, problem: EnvelopeProblem): InitialReply {
  const t = translator(locale);
  if (problem.kind === 'unsupported') return problemReply(t, { code: 'UNSUPPORTED_INTERACTION' });
  const described: Problem = {
    code: 'MALFORMED_ENVELOPE',
    params: { field: problem.field, problem: t(PROBLEM_WORDS[problem.kind], { limit: problem.limit ?? 0 }) },
  };
  return problemReply(t, described);
}

// --- the one way in, for both transports

export interface Admitted {
  reply: InitialReply;
  /**
   * The interaction's id and token when both are well formed: where a callback (gateway, files) may go.
   * Null when they cannot be trusted; then only an inline HTTP answer is possible.
   */
  target: { id: string; token: string } | null;
  /** The checked interaction, when it passed. */
  interaction: APIInteraction | null;
}

const PONG: InitialReply = { response: { type: InteractionResponseType.Pong } };
const NO_CHOICES: InitialReply = { response: { type: InteractionResponseType.ApplicationCommandAutocompleteResult, data: { choices: [] } } };

/**
 * Wraps the router for a transport: checks the envelope, answers PING, refuses a malformed interaction
 * with a localized ephemeral message, and turns a handler that throws (it should not: the router has its
 * own catch-all) into an answer too. The returned function never throws.
 */
export function admitInteraction(handler: InteractionHandler, log: Log): (payload: unknown) => Promise<Admitted> {
  return async (payload) => {
    const checked = parseEnvelope(payload);
    if (!checked.ok) {
      const id = snowflake.safeParse(valueAt(payload, ['id']));
      const token = interactionToken.safeParse(valueAt(payload, ['token']));
      // An autocomplete takes choices only (Discord refuses a message for it): a malformed one gets none.
      const autocomplete = valueAt(payload, ['type']) === InteractionType.ApplicationCommandAutocomplete;
      return {
        reply: autocomplete ? NO_CHOICES : envelopeRefusal(refusalLocale(payload), checked.problem),
        target: id.success && token.success ? { id: id.data, token: token.data } : null,
        interaction: null,
      };
    }
    const interaction = checked.interaction;
    if (interaction.type === InteractionType.Ping) return { reply: PONG, target: null, interaction };
    const target = { id: interaction.id, token: interaction.token };
    try {
      return { reply: await handler(interaction), target, interaction };
    } catch (error) {
      log(`interaction ${interaction.id} failed`, describeError(error));
      if (interaction.type === InteractionType.ApplicationCommandAutocomplete) return { reply: NO_CHOICES, target, interaction };
      return { reply: problemReply(translator(refusalLocale(interaction)), { code: 'INTERNAL_UNSURE' }), target, interaction };
    }
  };
}
