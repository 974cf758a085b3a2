/**
 * English and French messages. English is the source of truth for keys; the French table must have
 * every key (checked by the compiler), so a new message cannot ship half-translated.
 *
 * Messages are ICU MessageFormat, formatted by intl-messageformat: `{name}` is filled from params,
 * `{count, plural, one {# card} other {# cards}}` picks its branch with the locale's plural rules (in
 * French 0 and 1 are singular), `{kind, select, yes {…} other {…}}` picks one by a param's value. ICU's
 * quoting applies: a straight apostrophe before `{`, `}` (or `#` in a plural) starts a quoted literal, so
 * the tables write the typographic ’ (the tests format every message to check that none is swallowed).
 *
 * Derived arguments: a select on `<param>Sound` is given `vowel` or `consonant`, the initial sound of
 * `<param>` (elision.ts), unless the caller passed it; French writes `{nameSound, select, vowel
 * {d’{name}} other {de {name}}}` and callers pass only `name`.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { isArgumentElement, isLiteralElement, isNumberElement, isPluralElement, isSelectElement, isTagElement, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { en } from './en.js';
import { fr } from './fr.js';
import { initialSound } from './elision.js';

export type Locale = 'en' | 'fr';
export type MessageKey = keyof typeof en;
export type Params = Record<string, string | number>;

const tables: Record<Locale, Record<MessageKey, string>> = { en, fr };

/**
 * Discord sends locales such as 'en-US', 'en-GB', 'fr'. Everything that is not French reads English —
 * including anything that is not a string at all (a malformed payload must never make this throw).
 */
export function localeFrom(discordLocale: unknown): Locale {
  return typeof discordLocale === 'string' && discordLocale.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

export function hasMessage(key: string): key is MessageKey {
  return key in en;
}

/** How a message reads an argument: as text, as a number (plural, number), or as a select's key. */
export type ArgumentKind = 'text' | 'count' | 'choice';

/** The arguments of a parsed message, branches included, by name. */
export function argumentsOf(elements: readonly MessageFormatElement[], into = new Map<string, ArgumentKind>()): Map<string, ArgumentKind> {
  for (const element of elements) {
    if (isArgumentElement(element)) into.set(element.value, into.get(element.value) ?? 'text');
    else if (isNumberElement(element)) into.set(element.value, 'count');
    else if (isPluralElement(element) || isSelectElement(element)) {
      into.set(element.value, isPluralElement(element) ? 'count' : 'choice');
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    } else if (isTagElement(element)) argumentsOf(element.children, into);
  }
  return into;
}

/** `nameSound` → `name`: the argument a derived one is computed from, or null for an ordinary one. */
export function soundOf(argument: string): string | null {
  return /^(\w+)Sound$/.exec(argument)?.[1] ?? null;
}

interface Compiled {
  format: IntlMessageFormat;
  args: Map<string, ArgumentKind>;
  source: string;
  /**
   * A message of text and plain `{name}` arguments only (most of them), as its pieces: literal text, or
   * the name of an argument. Such a message is filled in by joining them, which gives what
   * intl-messageformat gives for text values, without its formatting machinery (a /flip formats a few
   * dozen messages; that machinery was a tenth of what it allocated).
   */
  plain: readonly (string | { arg: string })[] | null;
}

function plainPieces(elements: readonly MessageFormatElement[]): Compiled['plain'] {
  const pieces: (string | { arg: string })[] = [];
  for (const element of elements) {
    if (isLiteralElement(element)) pieces.push(element.value);
    else if (isArgumentElement(element)) pieces.push({ arg: element.value });
    else return null;
  }
  return pieces;
}

// Each message is parsed once, on first use: most commands need a handful of them.
const compiled: Record<Locale, Map<MessageKey, Compiled>> = { en: new Map(), fr: new Map() };

function compile(locale: Locale, key: MessageKey): Compiled {
  let message = compiled[locale].get(key);
  if (message === undefined) {
    const source = tables[locale][key] ?? en[key];
    // ignoreTag: Discord mentions ("<@123>") are text, not rich-text tags.
    const format = new IntlMessageFormat(source, locale, undefined, { ignoreTag: true });
    message = { format, args: argumentsOf(format.getAst()), source, plain: plainPieces(format.getAst()) };
    compiled[locale].set(key, message);
  }
  return message;
}

export function t(locale: Locale, key: MessageKey, params: Params = {}): string {
  const message = compile(locale, key);
  if (message.plain !== null) {
    let text = '';
    for (const piece of message.plain) {
      if (typeof piece === 'string') text += piece;
      else text += asText(piece.arg, params[piece.arg]);
    }
    return text;
  }
  const values: Record<string, string | number> = {};
  for (const [name, kind] of message.args) {
    const given = params[name];
    if (kind === 'count') values[name] = Number(given);
    else if (kind === 'choice') values[name] = given !== undefined ? String(given) : derived(name, params);
    else values[name] = asText(name, given);
  }
  try {
    return String(message.format.format(values));
  } catch {
    // Nothing a message says may make a reply throw (the router's answer of last resort uses t too).
    return message.source;
  }
}

/**
 * A text argument as printed: as given (numbers are not regrouped, "1 000", where a code or an id may
 * stand), or its placeholder when missing, so a forgotten argument shows instead of vanishing.
 */
function asText(name: string, given: string | number | undefined): string {
  return given === undefined ? `{${name}}` : String(given);
}

function derived(argument: string, params: Params): string {
  const from = soundOf(argument);
  const value = from === null ? undefined : params[from];
  return value === undefined ? 'other' : initialSound(String(value));
}

/** A translator bound to one locale, handed to presenters so they never pick a language themselves. */
export type Translate = ((key: MessageKey, params?: Params) => string) & {
  /** Its locale, for what must be drawn again later in the same words (a picture's recipe). */
  readonly locale?: Locale;
};
export const translator = (locale: Locale): Translate => Object.assign((key: MessageKey, params?: Params) => t(locale, key, params), { locale });
