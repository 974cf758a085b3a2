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

/** Discord sends locales such as 'en-US', 'en-GB', 'fr'. Everything that is not French reads English. */
export function localeFrom(discordLocale: string | null | undefined): Locale {
  return discordLocale?.toLowerCase().startsWith('fr') ? 'fr' : 'en';
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

function plural(locale: Locale, value: string | number | undefined, body: string, whole: string): string {
  if (value === undefined) return whole;
  const n = Number(value);
  const branches = pluralBranches(body);
  const text = branches.get(`=${n}`) ?? branches.get(pluralRules[locale].select(n)) ?? branches.get('other') ?? whole;
  return text.replace(/#/g, String(value));
}

export function t(locale: Locale, key: MessageKey, params: Params = {}): string {
  const template = tables[locale][key] ?? en[key];
  return template
    .replace(PLURAL, (whole, name: string, body: string) => plural(locale, params[name], body, whole))
    .replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** A translator bound to one locale, handed to presenters so they never pick a language themselves. */
export type Translate = (key: MessageKey, params?: Params) => string;
export const translator = (locale: Locale): Translate => (key, params) => t(locale, key, params);
