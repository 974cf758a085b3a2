/** /discard — Discard cards from your Control Hand (they go face up to your discard pile). */
import { defineCommand } from '../../../discord/router.js';
import { problemReply } from '../../../discord/replies.js';
import { perform } from '../../../app/perform.js';
import { cardsOption, parseCardList } from './cardInput.js';

export default defineCommand(
  {
    name: 'discard',
    description: 'Discard cards from your Control Hand (they go face up to your discard pile)',
    name_localizations: { fr: 'defausser' },
    description_localizations: { fr: "Défausser des cartes de votre Main de Contrôle (face visible dans votre défausse)" },
    contexts: [0],
    options: [cardsOption],
  } as const,
  (ctx) => {
    const parsed = parseCardList(ctx.invocation.args.cards);
    if (!parsed.ok) return Promise.resolve(problemReply(ctx.t, parsed.problem));
    return perform(ctx, { type: 'discard', cards: parsed.cards });
  },
);
