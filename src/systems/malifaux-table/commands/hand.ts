/** /hand — your Control Hand, shown only to you (and any decision that needs it). */
import { systemCommand, type Intent } from '../../contract.js';
import type { Command } from '../engine/index.js';

export default systemCommand(
  {
    name: 'hand',
    description: 'Show your Control Hand (only you can see it)',
    name_localizations: { fr: 'main' },
    description_localizations: { fr: 'Voir votre Main de Contrôle (vous seul la voyez)' },
    contexts: [0],
  } as const,
  (): Intent<Command> => ({ kind: 'showPrivate' }),
);
