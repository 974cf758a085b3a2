/**
 * English and French messages. English is the source of truth for keys; the French table must have
 * every key (checked by the compiler), so a new message cannot ship half-translated.
 * Placeholders are written {name} and filled from params. A count that changes the words is written
 * `{count, plural, one {# card} other {# cards}}` (a small part of ICU MessageFormat): the branch is
 * chosen with Intl.PluralRules for the message's locale (in French, 0 and 1 are singular), `=N` branches
 * match one number exactly, and `#` stands for the number. Branches hold plain text and `#` only.
 */
import { en } from './en.js';
import { fr } from './fr.js';

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

/** `{name, plural, one {…} other {…}}`: the parameter, then its branches as `selector {text}`. */
export const PLURAL = /\{(\w+), plural,((?:\s*(?:=\d+|zero|one|two|few|many|other) \{[^{}]*\})+)\s*\}/g;
const BRANCH = /(=\d+|zero|one|two|few|many|other) \{([^{}]*)\}/g;

const pluralRules: Record<Locale, Intl.PluralRules> = { en: new Intl.PluralRules('en'), fr: new Intl.PluralRules('fr') };

/** The branches of one plural form, by selector ('one', 'other', '=0'…). */
export function pluralBranches(body: string): Map<string, string> {
  return new Map([...body.matchAll(BRANCH)].map((m) => [m[1]!, m[2]!]));
}

/** A message split once into what t() joins: literal text, a parameter, or a plural form. */
type Part = string | { param: string } | { param: string; branches: Map<string, string>; whole: string };

const PLACEHOLDER = /\{(\w+)\}/g;

/** Literal text and `{name}` placeholders, in order. */
function placeholders(text: string): Part[] {
  const parts: Part[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push({ param: match[1]! });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

function compile(template: string): Part[] {
  const parts: Part[] = [];
  let last = 0;
  for (const match of template.matchAll(PLURAL)) {
    parts.push(...placeholders(template.slice(last, match.index)));
    parts.push({ param: match[1]!, branches: pluralBranches(match[2]!), whole: match[0] });
    last = match.index + match[0].length;
  }
  parts.push(...placeholders(template.slice(last)));
  return parts;
}

function plural(locale: Locale, part: { param: string; branches: Map<string, string>; whole: string }, params: Params): string {
  const value = params[part.param];
  if (value === undefined) return part.whole;
  const n = Number(value);
  const text = part.branches.get(`=${n}`) ?? part.branches.get(pluralRules[locale].select(n)) ?? part.branches.get('other') ?? part.whole;
  // Branches hold plain text and `#` (BRANCH admits no braces), so nothing else is left to fill.
  return text.replace(/#/g, String(value));
}

// Messages are compiled on first use: most commands need a handful of them.
const compiled: Record<Locale, Map<MessageKey, Part[]>> = { en: new Map(), fr: new Map() };

export function t(locale: Locale, key: MessageKey, params: Params = {}): string {
  let parts = compiled[locale].get(key);
  if (parts === undefined) {
    parts = compile(tables[locale][key] ?? en[key]);
    compiled[locale].set(key, parts);
  }
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') out += part;
    else if ('branches' in part) out += plural(locale, part, params);
    else out += part.param in params ? String(params[part.param]) : `{${part.param}}`;
  }
  return out;
}

/** A translator bound to one locale, handed to presenters so they never pick a language themselves. */
export type Translate = (key: MessageKey, params?: Params) => string;
export const translator = (locale: Locale): Translate => (key, params) => t(locale, key, params);
