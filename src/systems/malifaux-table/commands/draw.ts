/**
 * /draw — draw cards into your Control Hand (LOC-11); the hand itself goes to you by DM.
 * Without a count it fills the hand up to its maximum (the Start Phase draw, START-2); with `soulstone`
 * it is the soulstone Draw (SS-3): one soulstone for two cards, then a discard down to the maximum.
 */
import { ApplicationCommandOptionType as Option } from 'discord-api-types/v10';
import { systemCommand, type Intent } from '../../contract.js';
import type { Command } from '../engine/index.js';
import { act, refuse } from './intents.js';

export default systemCommand(
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
        description: 'How many cards (1–10); leave out to fill your hand up to its maximum',
        name_localizations: { fr: 'nombre' },
        description_localizations: { fr: 'Combien de cartes (1–10) ; sans nombre, jusqu’au maximum de la main' },
        min_value: 1,
        max_value: 10,
      },
      {
        type: Option.Boolean,
        name: 'soulstone',
        description: 'Spend a soulstone to draw 2 cards, then discard down (Start Phase)',
        name_localizations: { fr: 'pierrame' },
        description_localizations: { fr: 'Dépenser une Pierrâme pour piocher 2 cartes, puis défausser (phase de début)' },
      },
    ],
  } as const,
  (invocation, asker): Intent<Command> => {
    const { count, soulstone } = invocation.args;
    if (!soulstone) return act(count === undefined ? { type: 'draw' } : { type: 'draw', count });
    // A soulstone always buys exactly two cards: a count beside it is a mistake, not a wish to draw more.
    if (count !== undefined && count !== 2) return refuse({ code: 'SOULSTONE_DRAW_COUNT', params: { count } });
    return act({ type: 'soulstoneDraw' });
  },
);
