/**
 * Slash-command definitions are plain Discord API JSON (`as const`), and everything else is derived
 * from them: the handler's argument types (at compile time) and the zod validator (at run time), so
 * the definition users see in Discord, the types handlers get and the checks input goes through can
 * never drift apart.
 */
import {
  ApplicationCommandOptionType,
  type InteractionType,
  type APIApplicationCommandInteractionDataOption,
  type APIChatInputApplicationCommandInteractionData,
  type APIInteractionDataResolved,
  type APIUser,
  type LocalizationMap,
} from 'discord-api-types/v10';
import { z } from 'zod';

interface ChoiceDef {
  readonly name: string;
  readonly value: string | number;
  readonly name_localizations?: LocalizationMap;
}

interface BaseOptionDef {
  readonly name: string;
  readonly description: string;
  readonly name_localizations?: LocalizationMap;
  readonly description_localizations?: LocalizationMap;
  readonly required?: boolean;
}

export type ValueOptionDef = BaseOptionDef &
  (
    | {
        readonly type: ApplicationCommandOptionType.String;
        readonly choices?: readonly ChoiceDef[];
        readonly min_length?: number;
        readonly max_length?: number;
        /** Discord asks the bot for choices as the user types (never with `choices`). */
        readonly autocomplete?: boolean;
      }
    | {
        readonly type: ApplicationCommandOptionType.Integer | ApplicationCommandOptionType.Number;
        readonly choices?: readonly ChoiceDef[];
        readonly min_value?: number;
        readonly max_value?: number;
        readonly autocomplete?: boolean;
      }
    | { readonly type: ApplicationCommandOptionType.Boolean }
    | { readonly type: ApplicationCommandOptionType.User }
    | { readonly type: ApplicationCommandOptionType.Role }
  );

export interface SubcommandDef extends BaseOptionDef {
  readonly type: ApplicationCommandOptionType.Subcommand;
  readonly options?: readonly ValueOptionDef[];
}

export interface CommandDef {
  readonly name: string;
  readonly description: string;
  readonly name_localizations?: LocalizationMap;
  readonly description_localizations?: LocalizationMap;
  readonly dm_permission?: boolean;
  readonly contexts?: readonly number[];
  readonly options?: readonly (ValueOptionDef | SubcommandDef)[];
}

/** A user option resolves to the user object Discord sends in `resolved`. */
export type ResolvedUser = Pick<APIUser, 'id' | 'username' | 'global_name' | 'bot'>;

type ValueOf<O extends ValueOptionDef> = O extends { readonly choices: readonly (infer C extends ChoiceDef)[] }
  ? C['value']
  : O['type'] extends ApplicationCommandOptionType.String
    ? string
    : O['type'] extends ApplicationCommandOptionType.Integer | ApplicationCommandOptionType.Number
      ? number
      : O['type'] extends ApplicationCommandOptionType.Boolean
        ? boolean
        : O['type'] extends ApplicationCommandOptionType.User
          ? ResolvedUser
          : O['type'] extends ApplicationCommandOptionType.Role
            ? string
            : never;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

export type ArgsOf<Options extends readonly ValueOptionDef[] | undefined> = Options extends readonly ValueOptionDef[]
  ? Simplify<
      { [O in Options[number] as O['required'] extends true ? O['name'] : never]: ValueOf<O> } & {
        [O in Options[number] as O['required'] extends true ? never : O['name']]?: ValueOf<O>;
      }
    >
  : Record<string, never>;

/** For a command with subcommands: a union `{ subcommand: 'new', args } | { subcommand: 'end', args } …`. */
export type InvocationOf<C extends CommandDef> = C['options'] extends readonly (infer O)[]
  ? [Extract<O, SubcommandDef>] extends [never]
    ? { subcommand: null; args: ArgsOf<readonly Extract<O, ValueOptionDef>[]> }
    : O extends SubcommandDef
      ? { subcommand: O['name']; args: ArgsOf<O['options']> }
      : never
  : { subcommand: null; args: Record<string, never> };

/** Why an option was refused: each code is a localized message; `option` is the name in the user's language. */
export type OptionProblem =
  | { code: 'UNKNOWN_SUBCOMMAND'; params: { name: string } }
  | { code: 'OPTION_UNKNOWN' | 'OPTION_WRONG_TYPE' | 'OPTION_REQUIRED' | 'OPTION_NOT_A_CHOICE' | 'OPTION_NOT_INTEGER' | 'OPTION_INVALID'; params: { option: string } }
  | { code: 'OPTION_TOO_SMALL' | 'OPTION_TOO_BIG' | 'OPTION_TOO_SHORT' | 'OPTION_TOO_LONG'; params: { option: string; limit: number } };

/** The option's name as the user sees it in their client. */
function shownName(def: { name: string; name_localizations?: LocalizationMap }, locale: string | undefined): string {
  const localized = locale ? def.name_localizations?.[locale as keyof LocalizationMap] : undefined;
  return localized ?? def.name;
}

/** Definitions are constants: each option's validator is built once, not on every interaction. */
const validators = new WeakMap<ValueOptionDef, z.ZodType>();

function validatorFor(option: ValueOptionDef): z.ZodType {
  let validator = validators.get(option);
  if (!validator) {
    validator = zodFor(option);
    validators.set(option, validator);
  }
  return validator;
}

function zodFor(option: ValueOptionDef): z.ZodType {
  switch (option.type) {
    case ApplicationCommandOptionType.String: {
      if (option.choices?.length) return z.enum(option.choices.map((c) => String(c.value)) as [string, ...string[]]);
      let s = z.string();
      if (option.min_length !== undefined) s = s.min(option.min_length);
      s = s.max(option.max_length ?? 200);
      return s;
    }
    case ApplicationCommandOptionType.Integer:
    case ApplicationCommandOptionType.Number: {
      let n = option.type === ApplicationCommandOptionType.Integer ? z.number().int() : z.number();
      if (option.min_value !== undefined) n = n.min(option.min_value);
      if (option.max_value !== undefined) n = n.max(option.max_value);
      if (option.choices?.length) {
        const allowed = option.choices.map((c) => Number(c.value));
        return n.refine((v) => allowed.includes(v), { message: `one of ${allowed.join(', ')}` });
      }
      return n;
    }
    case ApplicationCommandOptionType.Boolean:
      return z.boolean();
    case ApplicationCommandOptionType.User:
      return z.object({ id: z.string().regex(/^\d{1,25}$/), username: z.string(), global_name: z.string().nullish(), bot: z.boolean().optional() });
    case ApplicationCommandOptionType.Role:
      return z.string().regex(/^\d{1,25}$/);
    default: {
      const unreachable: never = option;
      return unreachable;
    }
  }
}

/** zod's first issue → a problem code the user can read in their language (zod's own text is English only). */
function problemOf(error: z.ZodError, option: string): OptionProblem {
  const issue = error.issues[0];
  if (!issue) return { code: 'OPTION_INVALID', params: { option } };
  switch (issue.code) {
    case 'too_small':
      return { code: issue.origin === 'string' ? 'OPTION_TOO_SHORT' : 'OPTION_TOO_SMALL', params: { option, limit: Number(issue.minimum) } };
    case 'too_big':
      return { code: issue.origin === 'string' ? 'OPTION_TOO_LONG' : 'OPTION_TOO_BIG', params: { option, limit: Number(issue.maximum) } };
    case 'invalid_value':
    case 'custom':
      return { code: 'OPTION_NOT_A_CHOICE', params: { option } };
    case 'invalid_type':
      return { code: issue.expected === 'int' ? 'OPTION_NOT_INTEGER' : 'OPTION_WRONG_TYPE', params: { option } };
    default:
      return { code: 'OPTION_INVALID', params: { option } };
  }
}

function readValues(
  defs: readonly ValueOptionDef[],
  given: readonly APIApplicationCommandInteractionDataOption[],
  resolved: APIInteractionDataResolved | undefined,
  locale: string | undefined,
): { ok: true; args: Record<string, unknown> } | { ok: false; problem: OptionProblem } {
  const args: Record<string, unknown> = {};
  for (const option of given) {
    const def = defs.find((d) => d.name === option.name);
    if (!def) return { ok: false, problem: { code: 'OPTION_UNKNOWN', params: { option: option.name.slice(0, 32) } } };
    const name = shownName(def, locale);
    if (option.type !== def.type) return { ok: false, problem: { code: 'OPTION_WRONG_TYPE', params: { option: name } } };
    let raw: unknown = 'value' in option ? option.value : undefined;
    if (def.type === ApplicationCommandOptionType.User) {
      const user = resolved && 'users' in resolved ? resolved.users?.[String(raw)] : undefined;
      raw = user ? { id: user.id, username: user.username, global_name: user.global_name, bot: user.bot } : { id: String(raw), username: String(raw) };
    }
    const parsed = validatorFor(def).safeParse(raw);
    if (!parsed.success) return { ok: false, problem: problemOf(parsed.error, name) };
    args[option.name] = parsed.data;
  }
  for (const def of defs) {
    if (def.required && !(def.name in args)) return { ok: false, problem: { code: 'OPTION_REQUIRED', params: { option: shownName(def, locale) } } };
  }
  return { ok: true, args };
}

/** Validates an interaction's options against the definition: every value, its type, its range and its choices. */
export function parseInvocation<C extends CommandDef>(
  command: C,
  data: Pick<APIChatInputApplicationCommandInteractionData, 'options' | 'resolved'>,
  /** A Discord locale key ('fr'): option names in problems are shown as the user's client shows them. */
  locale?: string,
): { ok: true; invocation: InvocationOf<C> } | { ok: false; problem: OptionProblem } {
  const defs = command.options ?? [];
  const given = data.options ?? [];
  const subcommands = defs.filter((d): d is SubcommandDef => d.type === ApplicationCommandOptionType.Subcommand);
  if (subcommands.length === 0) {
    const read = readValues(defs as readonly ValueOptionDef[], given, data.resolved, locale);
    if (!read.ok) return read;
    return { ok: true, invocation: { subcommand: null, args: read.args } as unknown as InvocationOf<C> };
  }
  const first = given[0];
  const sub = first && first.type === ApplicationCommandOptionType.Subcommand ? subcommands.find((s) => s.name === first.name) : undefined;
  if (!first || !sub || first.type !== ApplicationCommandOptionType.Subcommand) {
    return { ok: false, problem: { code: 'UNKNOWN_SUBCOMMAND', params: { name: (first?.name ?? '').slice(0, 32) } } };
  }
  const read = readValues(sub.options ?? [], first.options ?? [], data.resolved, locale);
  if (!read.ok) return read;
  return { ok: true, invocation: { subcommand: sub.name, args: read.args } as unknown as InvocationOf<C> };
}

/** The option a user is typing into, as an autocomplete interaction names it. */
export interface FocusedOption {
  /** The subcommand it belongs to (null for a command without subcommands). */
  subcommand: string | null;
  /** Its name as defined (never localized). */
  name: string;
  /** What is typed so far, as text whatever the option's type (Discord sends the raw input). */
  value: string;
}

/** Longest typed text an autocomplete answer looks at: a model's name or a comma list of labels. */
const FOCUSED_MAX_CHARS = 100;

/**
 * The focused option of an autocomplete interaction, when the definition offers autocomplete on it: one
 * option focused, defined in its subcommand with `autocomplete: true`. Anything else (no option focused,
 * two, an option the definition does not complete) is null: such a request gets no choices.
 */
export function focusedOption(command: CommandDef, data: { options?: readonly APIApplicationCommandInteractionDataOption<InteractionType.ApplicationCommandAutocomplete>[] }): FocusedOption | null {
  const defs = command.options ?? [];
  let given = data.options ?? [];
  let leaves: readonly (ValueOptionDef | SubcommandDef)[] = defs;
  let subcommand: string | null = null;
  const first = given[0];
  if (defs.some((d) => d.type === ApplicationCommandOptionType.Subcommand)) {
    const sub = first && first.type === ApplicationCommandOptionType.Subcommand ? defs.find((d): d is SubcommandDef => d.type === ApplicationCommandOptionType.Subcommand && d.name === first.name) : undefined;
    if (!sub || !first || first.type !== ApplicationCommandOptionType.Subcommand) return null;
    subcommand = sub.name;
    leaves = sub.options ?? [];
    given = first.options ?? [];
  }
  const focused = given.filter((o) => 'focused' in o && o.focused === true);
  if (focused.length !== 1) return null;
  const option = focused[0]!;
  const def = leaves.find((d): d is ValueOptionDef => d.name === option.name && d.type !== ApplicationCommandOptionType.Subcommand);
  if (!def || def.type !== option.type || !('autocomplete' in def) || def.autocomplete !== true) return null;
  const value = 'value' in option ? option.value : '';
  return { subcommand, name: def.name, value: String(value).slice(0, FOCUSED_MAX_CHARS) };
}
