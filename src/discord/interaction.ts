/**
 * What a handler needs to know about who is asking, where, and in which language —
 * read once from the raw interaction so handlers never dig into payload shapes.
 */
import type { APIInteraction } from 'discord-api-types/v10';
import { localeFrom, translator, type Locale, type Translate } from '../i18n/index.js';

export interface Asker {
  id: string;
  /** The name shown in public messages (server nickname, else display name, else username). */
  name: string;
}

export interface InteractionScope {
  /**
   * Discord may deliver an interaction twice (retries). Every write carries this id and the store
   * records it with the events, so a second delivery can never act twice.
   */
  interactionId: string;
  /** Authorises follow-ups and reading or editing the reply for 15 minutes. Never logged. */
  interactionToken: string;
  asker: Asker;
  guildId: string | null;
  channelId: string;
  /** Role ids of the asker in this guild (empty in DMs). */
  roles: readonly string[];
  /** The asker's own language (their /settings choice, else their Discord client's): ephemeral replies and DMs. */
  locale: Locale;
  /** The language of the asker's Discord client, whatever they chose. */
  clientLocale: Locale;
  /**
   * The server's Discord language as this interaction tells it (guild_locale; null in DMs). Not what
   * public messages are written in by itself: they go through publicTranslator (publicLanguage.ts), for the
   * server whose channel they go to, whoever caused them.
   */
  guildLocale: Locale | null;
  /** The asker's own language: only for what the asker alone reads. */
  t: Translate;
  /**
   * What this interaction has done so far, shared by every copy of the scope (`speaking`, contexts): the
   * router's catch-all reads it to say "nothing was changed" only when that is true.
   */
  progress: Progress;
}

export interface Progress {
  /** Set (with `markCommitted`) right after the interaction's write reached the store. */
  committed: boolean;
}

/** Call right after a successful store write: an error from then on must not claim nothing changed. */
export function markCommitted(scope: Pick<InteractionScope, 'progress'>): void {
  scope.progress.committed = true;
}

// The progress of each interaction being handled, by its payload object, for the router's catch-all
// (which has the interaction but not the scope a failing handler was given).
const progressOf = new WeakMap<object, Progress>();

/** Whether the interaction's write was committed before it failed. Never throws, whatever it is given. */
export function hasCommitted(interaction: unknown): boolean {
  return typeof interaction === 'object' && interaction !== null && progressOf.get(interaction)?.committed === true;
}

/** The same scope speaking `locale` to the asker (their /settings choice over their client's language). */
export function speaking(scope: InteractionScope, locale: Locale): InteractionScope {
  if (locale === scope.locale) return scope;
  // Copied, then changed (not `{ ...scope, locale, t }`, which V8 on Node 20 builds through a slow path).
  const copy = { ...scope };
  copy.locale = locale;
  copy.t = translator(locale);
  return copy;
}

export function scopeOf(interaction: APIInteraction): InteractionScope | null {
  const user = interaction.member?.user ?? interaction.user;
  const channelId = interaction.channel?.id ?? interaction.channel_id;
  if (!user || !channelId) return null;
  const locale = localeFrom('locale' in interaction ? interaction.locale : undefined);
  const guildLocale = interaction.guild_id && interaction.guild_locale ? localeFrom(interaction.guild_locale) : null;
  const progress: Progress = { committed: false };
  progressOf.set(interaction, progress);
  return {
    interactionId: interaction.id,
    interactionToken: interaction.token,
    asker: { id: user.id, name: interaction.member?.nick ?? user.global_name ?? user.username },
    guildId: interaction.guild_id ?? null,
    channelId,
    roles: interaction.member?.roles ?? [],
    locale,
    clientLocale: locale,
    guildLocale,
    t: translator(locale),
    progress,
  };
}
