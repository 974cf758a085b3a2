/** /reveal — Reveal cards from your Control Hand to everyone (they stay in your hand). */
import { systemCommand, type Intent } from '../../contract.js';
import type { Command } from '../engine/index.js';
import { act, refuse } from './intents.js';
import { cardsOption, parseCardList } from './cardInput.js';

export default systemCommand(
  {
    name: 'reveal',
    description: 'Reveal cards from your Control Hand to everyone (they stay in your hand)',
    name_localizations: { fr: 'reveler' },
    description_localizations: { fr: "Révéler à tous des cartes de votre Main de Contrôle (elles y restent)" },
    contexts: [0],
    options: [cardsOption],
  } as const,
  (invocation, asker): Intent<Command> => {
    const parsed = parseCardList(invocation.args.cards);
    if (!parsed.ok) return refuse(parsed.problem);
    return act({ type: 'reveal', cards: parsed.cards });
  },
);
