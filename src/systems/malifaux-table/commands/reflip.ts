/**
 * /reflip — FLIP-7: an effect (a trigger, an ability) makes a flip be re-flipped. The bot cannot know those
 * effects, so the player whose flip it is asks (or a referee, naming the flip). The flip's cards go to the
 * discard and it is flipped again with the same modifiers; cheating is not reopened (CHEAT-4).
 */
import { ApplicationCommandOptionType as Option } from 'discord-api-types/v10';
import { systemCommand, type Intent } from '../../contract.js';
import type { Command } from '../engine/index.js';
import { act } from './intents.js';

export default systemCommand(
  {
    name: 'reflip',
    description: 'Re-flip a flip on the table when an effect says so: its cards are discarded',
    name_localizations: { fr: 'retirage' },
    description_localizations: { fr: 'Refaire un tirage en cours quand un effet l’exige : ses cartes sont défaussées' },
    contexts: [0],
    options: [
      {
        type: Option.String,
        name: 'flip',
        description: 'Which flip (default: your own; a referee names another player’s)',
        name_localizations: { fr: 'tirage' },
        description_localizations: { fr: 'Quel tirage (par défaut : le vôtre ; un arbitre nomme celui d’un autre joueur)' },
        choices: [
          { name: 'The flip (outside a duel)', value: 'main', name_localizations: { fr: 'Le tirage (hors duel)' } },
          { name: 'Attack flip', value: 'attacker', name_localizations: { fr: 'Tirage d’attaque' } },
          { name: 'Defense flip', value: 'defender', name_localizations: { fr: 'Tirage de défense' } },
          { name: 'Damage flip', value: 'damage', name_localizations: { fr: 'Tirage de dégâts' } },
        ],
      },
    ],
  } as const,
  (invocation, asker): Intent<Command> => {
    const { flip } = invocation.args;
    return act({ type: 'reflip', ...(flip ? { slot: flip } : {}) });
  },
);
