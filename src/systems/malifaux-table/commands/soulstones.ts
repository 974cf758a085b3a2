/** /soulstones — set a crew's soulstone pool (SS-2): a player sets their own, a referee either. */
import { ApplicationCommandOptionType as Option } from 'discord-api-types/v10';
import { systemCommand, type Intent } from '../../contract.js';
import type { Command } from '../engine/index.js';
import { actForSeat } from './intents.js';

export default systemCommand(
  {
    name: 'soulstones',
    description: "Set a crew's soulstone pool",
    name_localizations: { fr: 'pierrames' },
    description_localizations: { fr: 'Fixer la réserve de Pierrâmes d’une bande' },
    contexts: [0],
    options: [
      {
        type: Option.Integer,
        name: 'count',
        description: 'Soulstones in the pool (0–99)',
        name_localizations: { fr: 'nombre' },
        description_localizations: { fr: 'Pierrâmes dans la réserve (0–99)' },
        required: true,
        min_value: 0,
        max_value: 99,
      },
      {
        type: Option.User,
        name: 'player',
        description: 'Whose pool (referees only; default: yours)',
        name_localizations: { fr: 'joueur' },
        description_localizations: { fr: 'La réserve de qui (arbitres seulement ; par défaut la vôtre)' },
      },
    ],
  } as const,
  (invocation, asker): Intent<Command> => {
    const { count, player } = invocation.args;
    return actForSeat(player?.id ?? asker.id, (seat) => ({ type: 'setSoulstones', seat, count }), {
      code: player ? 'PLAYER_NOT_SEATED' : 'NOT_A_PLAYER',
    });
  },
);
