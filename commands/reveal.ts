/** /reveal — Reveal cards from your Control Hand to everyone (they stay in your hand). */
import { ApplicationCommandOptionType as Option } from 'discord-api-types/v10';
import { defineCommand } from '../src/discord/router.js';
import { problemReply } from '../src/discord/replies.js';
import { perform } from '../src/app/perform.js';
import { parseCardList } from '../src/app/cardInput.js';

export default defineCommand(
  {
    name: 'reveal',
    description: 'Reveal cards from your Control Hand to everyone (they stay in your hand)',
    name_localizations: { fr: 'reveler' },
    description_localizations: { fr: "Révéler à tous des cartes de votre Main de Contrôle (elles y restent)" },
    contexts: [0],
    options: [
      {
        type: Option.String,
        name: 'cards',
        description: 'Cards such as "4R 13M RJ" (R Rams, M Masks, C Crows, T Tomes)',
        name_localizations: { fr: 'cartes' },
        description_localizations: { fr: 'Cartes comme « 4B 13M JR » (B Béliers, M Masques, C Corbeaux, G Grimoires)' },
        required: true,
        max_length: 200,
      },
    ],
  } as const,
  (ctx) => {
    const parsed = parseCardList(ctx.invocation.args.cards);
    if (!parsed.ok) return Promise.resolve(problemReply(ctx.t, parsed.problem));
    return perform(ctx, { type: 'reveal', cards: parsed.cards });
  },
);
