/**
 * /flip — a flip from your own Fate Deck (FLIP-1..FLIP-10), e.g. for initiative, setup or an effect's flip.
 * With a profile it is a variable flip (FLIP-8: Assist's 1/2/3, a push) that says its amount; with the
 * model's Health and maximum too, it is a heal that stops at the maximum (DMG-12).
 */
import { ApplicationCommandOptionType as Option } from 'discord-api-types/v10';
import { systemCommand, type Intent } from '../../contract.js';
import type { Command } from '../engine/index.js';
import { act, refuse } from './intents.js';
import { parseProfile } from './duelInput.js';

export default systemCommand(
  {
    name: 'flip',
    description: 'Flip a card from your Fate Deck',
    name_localizations: { fr: 'tirage' },
    description_localizations: { fr: 'Tirer une carte de votre Jeu du Destin' },
    contexts: [0],
    options: [
      {
        type: Option.Integer,
        name: 'modifier',
        description: 'Net fate modifier, from −3 to +3 (0 if omitted)',
        name_localizations: { fr: 'modificateur' },
        description_localizations: { fr: 'Modificateur du Destin net, de −3 à +3 (0 par défaut)' },
        min_value: -3,
        max_value: 3,
      },
      {
        type: Option.String,
        name: 'label',
        description: 'What the flip is for (shown with the result)',
        name_localizations: { fr: 'libelle' },
        description_localizations: { fr: 'À quoi sert le tirage (affiché avec le résultat)' },
        max_length: 100,
      },
      {
        type: Option.Boolean,
        name: 'cheatable',
        description: 'May the flip be cheated? (default yes; some effects forbid it)',
        name_localizations: { fr: 'trichable' },
        description_localizations: { fr: 'Peut-on Tromper le Destin sur ce tirage ? (oui par défaut)' },
      },
      {
        type: Option.String,
        name: 'profile',
        description: 'A variable flip’s weak/moderate/severe amounts, e.g. "1/2/3" (Assist, a heal, a push)',
        name_localizations: { fr: 'profil' },
        description_localizations: { fr: 'Valeurs faible/modéré/sévère d’un tirage variable, ex. « 1/2/3 » (Assister, soin)' },
        max_length: 12,
      },
      {
        type: Option.Integer,
        name: 'heal_health',
        description: 'A heal: the model’s Health now (with heal_max and a profile)',
        name_localizations: { fr: 'soin_sante' },
        description_localizations: { fr: 'Un soin : la Santé actuelle de la figurine (avec soin_max et un profil)' },
        min_value: 0,
        max_value: 99,
      },
      {
        type: Option.Integer,
        name: 'heal_max',
        description: 'A heal: the model’s maximum Health (healing stops there)',
        name_localizations: { fr: 'soin_max' },
        description_localizations: { fr: 'Un soin : la Santé maximale de la figurine (le soin s’y arrête)' },
        min_value: 1,
        max_value: 99,
      },
    ],
  } as const,
  (invocation, asker): Intent<Command> => {
    const { modifier = 0, label, cheatable, heal_health: health, heal_max: maxHealth } = invocation.args;
    const profile = parseProfile(invocation.args.profile);
    if (!profile.ok) return refuse(profile.problem);
    const healing = health !== undefined || maxHealth !== undefined;
    if (healing && (health === undefined || maxHealth === undefined || !profile.value || health > maxHealth)) return refuse({ code: 'HEAL_INCOMPLETE' });
    return act({
      type: 'flip',
      modifier,
      ...(label ? { label } : {}),
      ...(cheatable === undefined ? {} : { cheatable }),
      ...(profile.value ? { profile: profile.value } : {}),
      ...(healing && health !== undefined && maxHealth !== undefined ? { heal: { health, maxHealth } } : {}),
    });
  },
);
