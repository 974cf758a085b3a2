/**
 * The one way to words that everyone in a channel reads (a message posted or edited there, the note that
 * replaces a clicked channel message, a late public answer): the language of the server the channel
 * belongs to, whoever caused the message and whatever language they chose for themselves. What only the
 * asker reads uses `scope.t` instead.
 */
import { serverLanguage } from '../app/languages.js';
import { translator, type Locale, type Translate } from '../i18n/index.js';
import { describeError } from './outbox.js';
import type { InteractionScope } from './interaction.js';
import type { Services } from './services.js';

type Scope = Pick<InteractionScope, 'guildId' | 'guildLocale'> & { services: Pick<Services, 'languages'> };

/** The language of `guildId`'s public messages (a game's guild; null for a game outside any server). */
export async function publicLocale(scope: Scope, guildId: string | null): Promise<Locale> {
  if (guildId === null) return 'en';
  // The interaction tells the server's Discord language only when it comes from that very server.
  const seen = scope.guildId === guildId ? scope.guildLocale : null;
  return serverLanguage(await scope.services.languages.ofServer(guildId), seen);
}

export async function publicTranslator(scope: Scope, guildId: string | null): Promise<Translate> {
  return translator(await publicLocale(scope, guildId));
}

/**
 * Remembers the server's Discord language for the clicks that will come from DMs (they do not carry it).
 * Done in after() work once an action changed a game, as for the asker's client language.
 */
export async function rememberServerLocale(scope: Scope & { services: Pick<Services, 'log'> }): Promise<void> {
  if (scope.guildId === null || scope.guildLocale === null) return;
  try {
    await scope.services.languages.rememberServerDiscord(scope.guildId, scope.guildLocale);
  } catch (error) {
    scope.services.log.warn(`could not remember a server locale: ${describeError(error)}`);
  }
}
