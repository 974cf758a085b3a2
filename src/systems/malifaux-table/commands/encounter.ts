/**
 * /encounter — the encounter of a game at a real table (SETUP-2..4): both players flip for Attacker, the
 * Attacker's suit gives the strategy, the Defender's the deployment, and the Attacker flips the scheme
 * pool, from Fate Decks shuffled from a fresh seed that the answer shows, so anyone can check the flips.
 * With a share code instead, it shows the encounter the code fixes (an organiser's, a league round's).
 * It needs no game: organisers use it too.
 */
import { ApplicationCommandOptionType as Option } from 'discord-api-types/v10';
import { systemCommand, type Intent } from '../../contract.js';
import { decodeEncounterCode, encounterFromSeed } from '../../malifaux-game/engine/index.js';
import type { Command } from '../engine/index.js';
import { codedEncounterMessage, flippedEncounterMessage } from '../present/encounter.js';
import { refuse } from './intents.js';

export default systemCommand(
  {
    name: 'encounter',
    description: 'Flip an encounter (strategy, deployment, schemes), or show the one a share code fixes',
    name_localizations: { fr: 'rencontre' },
    description_localizations: { fr: 'Tirer une rencontre (stratégie, déploiement, Combines), ou montrer celle d’un code de partage' },
    contexts: [0],
    options: [
      {
        type: Option.String,
        name: 'pack',
        name_localizations: { fr: 'pack' },
        description: 'Which strategies and schemes (default: Gaining Grounds 3)',
        description_localizations: { fr: 'Quelles stratégies et Combines (par défaut : Gaining Grounds 3)' },
        choices: [
          { name: 'Gaining Grounds 3', value: 'gg3' },
          { name: 'Core rules', name_localizations: { fr: 'Règles de base' }, value: 'core' },
        ],
      },
      {
        type: Option.User,
        name: 'opponent',
        description: 'Who flips against you for Attacker (you may leave it out)',
        name_localizations: { fr: 'adversaire' },
        description_localizations: { fr: 'Qui tire contre vous pour l’Attaquant (facultatif)' },
      },
      {
        type: Option.String,
        name: 'code',
        name_localizations: { fr: 'code' },
        description: 'A share code, e.g. 16K59G: shows the encounter it fixes instead of flipping one',
        description_localizations: { fr: 'Un code de partage, ex. 16K59G : montre la rencontre qu’il fixe au lieu d’en tirer une' },
        max_length: 16,
      },
    ],
  } as const,
  ({ args }, asker): Intent<Command> => {
    if (args.code !== undefined) {
      if (args.pack !== undefined || args.opponent !== undefined) return refuse({ code: 'ENCOUNTER_BOTH' });
      const decoded = decodeEncounterCode(args.code);
      if (!decoded.ok) return refuse(decoded.error);
      return { kind: 'reply', visibility: 'public', build: (t) => codedEncounterMessage(t, decoded.value) };
    }
    if (args.opponent?.id === asker.id) return refuse({ code: 'ENCOUNTER_SELF' });
    const players = [asker.id, args.opponent?.id ?? null] as const;
    return {
      kind: 'reply',
      visibility: 'public',
      build: (t, { seed }) => {
        const flipped = encounterFromSeed({ pack: args.pack ?? 'gg3' }, seed);
        // A fresh shuffle never runs out of cards; a refusal here would be a bug, and says so in words.
        return flipped.ok ? flippedEncounterMessage(t, flipped.value, seed, players) : flipped.error;
      },
    };
  },
);
