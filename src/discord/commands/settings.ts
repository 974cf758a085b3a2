/** /settings — your language for private messages and whether the bot may DM you your hand. */
import { ApplicationCommandOptionType as Option } from 'discord-api-types/v10';
import { defineCommand } from '../router.js';
import { ephemeral } from '../replies.js';
import { translator } from '../../i18n/index.js';

export default defineCommand(
  {
    name: 'settings',
    description: 'Your language and whether the bot sends your hand by DM',
    name_localizations: { fr: 'preferences' },
    description_localizations: { fr: 'Votre langue et l’envoi de votre main en message privé' },
    options: [
      {
        type: Option.String,
        name: 'language',
        description: 'Language of your private messages',
        name_localizations: { fr: 'langue' },
        description_localizations: { fr: 'Langue de vos messages privés' },
        choices: [
          { name: 'English', value: 'en' },
          { name: 'Français', value: 'fr' },
        ],
      },
      {
        type: Option.Boolean,
        name: 'dms',
        description: 'Send me my hand by DM (otherwise use the “My hand” button)',
        name_localizations: { fr: 'mp' },
        description_localizations: { fr: 'M’envoyer ma main en MP (sinon, bouton « Ma main »)' },
      },
    ],
  } as const,
  async (ctx) => {
    const { language, dms } = ctx.invocation.args;
    const current = await ctx.services.store.getUserSettings(ctx.asker.id);
    const next = { ...current, ...(language ? { locale: language } : {}), ...(dms === undefined ? {} : { directMessages: dms }) };
    if (language !== undefined || dms !== undefined) {
      await ctx.services.store.saveUserSettings(next);
      ctx.services.languages.remember(ctx.asker.id, next.locale);
    }
    const t = translator(next.locale === 'fr' ? 'fr' : next.locale === 'en' ? 'en' : ctx.locale);
    return ephemeral(t('settings.summary', { language: t(`settings.language.${next.locale === 'fr' ? 'fr' : 'en'}`), dms: t(next.directMessages ? 'settings.dms.on' : 'settings.dms.off') }));
  },
);
