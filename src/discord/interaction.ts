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
  /** The server's language: public channel messages, which everyone reads. */
  publicLocale: Locale;
  t: Translate;
  tPublic: Translate;
}

/** The same scope speaking `locale` to the asker (their /settings choice over their client's language). */
export function speaking(scope: InteractionScope, locale: Locale): InteractionScope {
  return locale === scope.locale ? scope : { ...scope, locale, t: translator(locale) };
}

export function scopeOf(interaction: APIInteraction): InteractionScope | null {
  const user = interaction.member?.user ?? interaction.user;
  const channelId = interaction.channel?.id ?? interaction.channel_id;
  if (!user || !channelId) return null;
  const locale = localeFrom('locale' in interaction ? interaction.locale : undefined);
  const publicLocale = interaction.guild_locale ? localeFrom(interaction.guild_locale) : locale;
  return {
    interactionId: interaction.id,
    interactionToken: interaction.token,
    asker: { id: user.id, name: interaction.member?.nick ?? user.global_name ?? user.username },
    guildId: interaction.guild_id ?? null,
    channelId,
    roles: interaction.member?.roles ?? [],
    locale,
    clientLocale: locale,
    publicLocale,
    t: translator(locale),
    tPublic: translator(publicLocale),
  };
}
