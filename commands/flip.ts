/** /flip — a flip from your own Fate Deck (FLIP-1..FLIP-10), e.g. for initiative, setup or an effect's flip. */
import { ApplicationCommandOptionType as Option } from 'discord-api-types/v10';
import { defineCommand } from '../src/discord/router.js';
import { perform } from '../src/app/perform.js';

export default defineCommand(
  {
    name: 'flip',
    description: 'Flip a card from your Fate Deck',
    name_localizations: { fr: 'tirage' },
    description_localizations: { fr: 'Tirer une carte de votre Jeu du Destin' },
    contexts: [0],
    options: [
      {
        type: Option.Integer,
        name: 'modifier',
        description: 'Net fate modifier, from −3 to +3 (0 if omitted)',
        name_localizations: { fr: 'modificateur' },
        description_localizations: { fr: 'Modificateur du Destin net, de −3 à +3 (0 par défaut)' },
        min_value: -3,
        max_value: 3,
      },
      {
        type: Option.String,
        name: 'label',
        description: 'What the flip is for (shown with the result)',
        name_localizations: { fr: 'libelle' },
        description_localizations: { fr: 'À quoi sert le tirage (affiché avec le résultat)' },
        max_length: 100,
      },
      {
        type: Option.Boolean,
        name: 'cheatable',
        description: 'May the flip be cheated? (default yes; some effects forbid it)',
        name_localizations: { fr: 'trichable' },
        description_localizations: { fr: 'Peut-on Tromper le Destin sur ce tirage ? (oui par défaut)' },
      },
    ],
  } as const,
  (ctx) => {
    const { modifier = 0, label, cheatable } = ctx.invocation.args;
    return perform(ctx, { type: 'flip', modifier, ...(label ? { label } : {}), ...(cheatable === undefined ? {} : { cheatable }) });
  },
);
