/** /discard — Discard cards from your Control Hand (they go face up to your discard pile). */
import { systemCommand, type Intent } from '../../contract.js';
import type { Command } from '../engine/index.js';
import { act, refuse } from './intents.js';
import { cardsOption, parseCardList } from './cardInput.js';

export default systemCommand(
  {
    name: 'discard',
    description: 'Discard cards from your Control Hand (they go face up to your discard pile)',
    name_localizations: { fr: 'defausser' },
    description_localizations: { fr: "Défausser des cartes de votre Main de Contrôle (face visible dans votre défausse)" },
    contexts: [0],
    options: [cardsOption],
  } as const,
  (invocation, asker): Intent<Command> => {
    const parsed = parseCardList(invocation.args.cards);
    if (!parsed.ok) return refuse(parsed.problem);
    return act({ type: 'discard', cards: parsed.cards });
  },
);
