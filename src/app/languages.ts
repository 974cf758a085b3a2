/**
 * What this process knows of each user's languages:
 * - the one they chose with /settings, for everything the bot says to them alone (ephemeral replies,
 *   refusals, DMs): their choice wins over the language of their Discord client;
 * - the language of their Discord client, remembered in the database for the DMs they get when the other
 *   player acts (Discord tells it only on their own interactions); written only when it changes.
 *
 * Every interaction needs it, so this process keeps what it read for a short while instead of reading
 * the database each time. A choice saved by this process is known at once; one saved by another
 * instance of the bot (several processes on one PostgreSQL) shows within CHOICE_TTL_MS. A language is
 * not game state: a few seconds of the old one cost nothing, and no write is ever decided on it.
 */
import type { GameStore } from '../store/contract.js';
import type { Locale } from '../i18n/index.js';

export const CHOICE_TTL_MS = 60_000;
const REMEMBERED_USERS = 10_000;

export interface LanguageChoices {
  /** The user's chosen language, or null when they chose none. */
  chosenBy(userId: string): Promise<Locale | null>;
  /** What /settings just saved (so this process uses it from the next interaction on). */
  remember(userId: string, locale: string | null): void;
  /** Records the language of the user's Discord client, unless this process already did. */
  rememberClient(userId: string, locale: Locale): Promise<void>;
}

export function languageChoices(store: GameStore, now: () => number = Date.now): LanguageChoices {
  const known = new Map<string, { locale: Locale | null; until: number }>();
  const clients = new Map<string, Locale>();
  const keep = (userId: string, locale: string | null) => {
    if (known.size >= REMEMBERED_USERS) known.clear();
    known.set(userId, { locale: asLocale(locale), until: now() + CHOICE_TTL_MS });
  };
  return {
    async chosenBy(userId) {
      const entry = known.get(userId);
      if (entry !== undefined && entry.until > now()) return entry.locale;
      const settings = await store.getUserSettings(userId);
      keep(userId, settings.locale);
      return asLocale(settings.locale);
    },
    remember: keep,
    async rememberClient(userId, locale) {
      if (clients.get(userId) === locale) return;
      await store.rememberClientLocale(userId, locale);
      if (clients.size >= REMEMBERED_USERS) clients.clear();
      clients.set(userId, locale);
    },
  };
}

function asLocale(value: string | null): Locale | null {
  return value === 'en' || value === 'fr' ? value : null;
}
