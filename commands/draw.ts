/** /draw — draw cards into your Control Hand (LOC-11); the hand itself goes to you by DM. */
import { ApplicationCommandOptionType as Option } from 'discord-api-types/v10';
import { defineCommand } from '../src/discord/router.js';
import { perform } from '../src/app/perform.js';

export default defineCommand(
  {
    name: 'draw',
    description: 'Draw cards into your Control Hand',
    name_localizations: { fr: 'piocher' },
    description_localizations: { fr: 'Piocher des cartes dans votre Main de Contrôle' },
    contexts: [0],
    options: [
      {
        type: Option.Integer,
        name: 'count',
        description: 'How many cards (1–10)',
        name_localizations: { fr: 'nombre' },
        description_localizations: { fr: 'Combien de cartes (1–10)' },
        required: true,
        min_value: 1,
        max_value: 10,
      },
    ],
  } as const,
  (ctx) => perform(ctx, { type: 'draw', count: ctx.invocation.args.count }),
);
