/** /reveal — Reveal cards from your Control Hand to everyone (they stay in your hand). */
import { defineCommand } from '../../../discord/router.js';
import { problemReply } from '../../../discord/replies.js';
import { perform } from '../../../app/perform.js';
import { cardsOption, parseCardList } from './cardInput.js';

export default defineCommand(
  {
    name: 'reveal',
    description: 'Reveal cards from your Control Hand to everyone (they stay in your hand)',
    name_localizations: { fr: 'reveler' },
    description_localizations: { fr: "Révéler à tous des cartes de votre Main de Contrôle (elles y restent)" },
    contexts: [0],
    options: [cardsOption],
  } as const,
  (ctx) => {
    const parsed = parseCardList(ctx.invocation.args.cards);
    if (!parsed.ok) return Promise.resolve(problemReply(ctx.t, parsed.problem));
    return perform(ctx, { type: 'reveal', cards: parsed.cards });
  },
);
