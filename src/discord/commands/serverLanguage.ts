/**
 * /game server-language — the language of the bot's public messages in this server, chosen by a server
 * manager: English, French, or the server's own Discord language (the default). What each player reads
 * alone stays theirs (/settings language).
 */
import { ApplicationCommandOptionType as Option } from 'discord-api-types/v10';
import type { Locale } from '../../i18n/index.js';
import type { InitialReply } from '../contract.js';
import type { CommandContext } from '../router.js';
import { ephemeral, problemReply } from '../replies.js';

/** Manage Server or Administrator: what Discord's own server settings ask for. */
const MANAGE_GUILD = 1n << 5n;
const ADMINISTRATOR = 1n << 3n;

export function isServerManager(permissions: string | undefined): boolean {
  let bits: bigint;
  try {
    bits = BigInt(permissions ?? '0');
  } catch {
    return false;
  }
  return (bits & (MANAGE_GUILD | ADMINISTRATOR)) !== 0n;
}

export const DISCORD_LANGUAGE = 'discord';

export const serverLanguageSubcommand = {
  type: Option.Subcommand,
  name: 'server-language',
  description: "The language of the bot's channel messages in this server (server managers only)",
  name_localizations: { fr: 'langue-serveur' },
  description_localizations: { fr: 'La langue des messages du bot dans les salons de ce serveur (gestionnaires du serveur)' },
  options: [
    {
      type: Option.String,
      name: 'language',
      description: "English, French, or the server's own Discord language",
      name_localizations: { fr: 'langue' },
      description_localizations: { fr: 'Anglais, français, ou la langue Discord du serveur' },
      required: true,
      choices: [
        { name: 'English', value: 'en' },
        { name: 'Français', value: 'fr' },
        { name: "The server's Discord language", value: DISCORD_LANGUAGE, name_localizations: { fr: 'La langue Discord du serveur' } },
      ],
    },
  ],
} as const;

export async function setServerLanguage(ctx: CommandContext, language: string): Promise<InitialReply> {
  if (!ctx.guildId) return problemReply(ctx.t, { code: 'GUILD_ONLY' });
  if (!isServerManager(ctx.interaction.member?.permissions)) return problemReply(ctx.t, { code: 'NEEDS_MANAGE_GUILD_LANGUAGE' });
  const chosen: Locale | null = language === 'en' || language === 'fr' ? language : null;
  await ctx.services.store.saveGuildSettings({ guildId: ctx.guildId, locale: chosen });
  ctx.services.languages.rememberServerChoice(ctx.guildId, chosen);
  // The manager reads this alone, in their own language; the language named is the one the channel will read.
  const effective = chosen ?? ctx.guildLocale ?? 'en';
  const name = ctx.t(`settings.language.${effective}`);
  return ephemeral(chosen === null ? ctx.t('server.language.discord', { language: name }) : ctx.t('server.language.set', { language: name }));
}
