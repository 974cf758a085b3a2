/**
 * English and French messages. English is the source of truth for keys; the French table must have
 * every key (checked by the compiler), so a new message cannot ship half-translated.
 * Placeholders are written {name} and filled from params.
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

export function t(locale: Locale, key: MessageKey, params: Params = {}): string {
  const template = tables[locale][key] ?? en[key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** A translator bound to one locale, handed to presenters so they never pick a language themselves. */
export type Translate = (key: MessageKey, params?: Params) => string;
export const translator = (locale: Locale): Translate => (key, params) => t(locale, key, params);
