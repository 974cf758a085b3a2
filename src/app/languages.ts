/**
 * What this process knows of each user's languages:
 * - the one they chose with /settings, for everything the bot says to them alone (ephemeral replies,
 *   refusals, DMs): their choice wins over the language of their Discord client;
 * - the language of their Discord client, remembered in the database for the DMs they get when the other
 *   player acts (Discord tells it only on their own interactions); written only when it changes.
 *
 * And of each server's languages, for its public messages (channel posts and edits, which everyone reads):
 * - the one a server manager chose (/game server-language);
 * - the server's Discord language, remembered for the clicks that come from DMs (which do not carry it).
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
const REMEMBERED_SERVERS = 10_000;

/** What the store knows of a server's languages. */
export interface ServerLanguages {
  /** Chosen by a server manager, or null. */
  chosen: Locale | null;
  /** The server's Discord language as last remembered, or null. */
  discord: Locale | null;
}

/**
 * The language of a server's public messages: its managers' choice, else the server's Discord language
 * (`seen` on the interaction when it comes from that server, else as remembered), else English. Never the
 * language of whoever caused the message: everyone in the channel reads it.
 */
export function serverLanguage(stored: ServerLanguages, seen: Locale | null): Locale {
  return stored.chosen ?? seen ?? stored.discord ?? 'en';
}

export interface LanguageChoices {
  /** The user's chosen language, or null when they chose none. */
  chosenBy(userId: string): Promise<Locale | null>;
  /** What /settings just saved (so this process uses it from the next interaction on). */
  remember(userId: string, locale: string | null): void;
  /** Records the language of the user's Discord client, unless this process already did. */
  rememberClient(userId: string, locale: Locale): Promise<void>;
  /** A server's languages (a guild id). */
  ofServer(guildId: string): Promise<ServerLanguages>;
  /** What /game server-language just saved (so this process uses it from the next interaction on). */
  rememberServerChoice(guildId: string, locale: Locale | null): void;
  /** Records a server's Discord language, unless this process already did. */
  rememberServerDiscord(guildId: string, locale: Locale): Promise<void>;
}

export function languageChoices(store: GameStore, now: () => number = Date.now): LanguageChoices {
  const known = new Map<string, { locale: Locale | null; until: number }>();
  const clients = new Map<string, Locale>();
  const servers = new Map<string, ServerLanguages & { until: number }>();
  const serverDiscords = new Map<string, Locale>();
  const keepServer = (guildId: string, languages: ServerLanguages) => {
    if (servers.size >= REMEMBERED_SERVERS) servers.clear();
    servers.set(guildId, { ...languages, until: now() + CHOICE_TTL_MS });
  };
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
    async ofServer(guildId) {
      const entry = servers.get(guildId);
      if (entry !== undefined && entry.until > now()) return { chosen: entry.chosen, discord: entry.discord };
      const settings = await store.getGuildSettings(guildId);
      const languages = { chosen: asLocale(settings.locale), discord: asLocale(settings.discordLocale) };
      keepServer(guildId, languages);
      return languages;
    },
    rememberServerChoice(guildId, locale) {
      const entry = servers.get(guildId);
      if (entry !== undefined) entry.chosen = locale;
      // Not known here yet: the next read finds it in the store.
    },
    async rememberServerDiscord(guildId, locale) {
      if (serverDiscords.get(guildId) === locale) return;
      await store.rememberGuildLocale(guildId, locale);
      if (serverDiscords.size >= REMEMBERED_SERVERS) serverDiscords.clear();
      serverDiscords.set(guildId, locale);
      const entry = servers.get(guildId);
      if (entry !== undefined) entry.discord = locale;
    },
  };
}

function asLocale(value: string | null): Locale | null {
  return value === 'en' || value === 'fr' ? value : null;
}
