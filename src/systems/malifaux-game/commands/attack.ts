/**
 * /attack — an attack or opposed action between two models (ACT-4): the table's opposed duel, with the
 * target's Df or Wp (less Injured), Shielded, Health and soulstones read from the game; the damage
 * lands on the target, a kill is credited to the attacker. Everything of cheating, soulstones and
 * triggers is the table's duel, unchanged.
 */
import { ApplicationCommandOptionType as Option } from 'discord-api-types/v10';
import { systemCommand } from '../../contract.js';
import { parseDamage } from '../../malifaux-table/commands/duelInput.js';
import { act, refuse, type GameIntent } from './intents.js';
import { modelChoices, type GameLookup } from './choices.js';

export default systemCommand(
  {
    name: 'attack',
    description: 'An attack (or opposed action) between two models, with their stats from the crews',
    name_localizations: { fr: 'attaque' },
    description_localizations: { fr: 'Une attaque (ou action en opposition) entre deux figurines, caracs des bandes' },
    contexts: [0],
    options: [
      { type: Option.String, name: 'attacker', description: 'Your model: its label (A2) or name', name_localizations: { fr: 'attaquant' }, description_localizations: { fr: 'Votre figurine : repère (A2) ou nom' }, required: true, max_length: 80, autocomplete: true },
      { type: Option.String, name: 'target', description: 'The target: its label (B3) or name', name_localizations: { fr: 'cible' }, description_localizations: { fr: 'La cible : repère (B3) ou nom' }, required: true, max_length: 80, autocomplete: true },
      { type: Option.Integer, name: 'stat', description: 'The action’s stat (e.g. Ml 6)', name_localizations: { fr: 'carac' }, description_localizations: { fr: 'La carac de l’action (ex. Cc 6)' }, required: true, min_value: 0, max_value: 15 },
      {
        type: Option.String,
        name: 'resist',
        description: 'What the target resists with',
        name_localizations: { fr: 'resiste' },
        description_localizations: { fr: 'Avec quoi la cible résiste' },
        required: true,
        choices: [
          { name: 'Df', value: 'df', name_localizations: { fr: 'Déf' } },
          { name: 'Wp', value: 'wp', name_localizations: { fr: 'Vol' } },
        ],
      },
      { type: Option.String, name: 'damage', description: 'Damage profile: "2/3/4" or a fixed "3"', name_localizations: { fr: 'degats' }, description_localizations: { fr: 'Profil de dégâts : « 2/3/4 » ou fixe « 3 »' }, max_length: 20 },
      { type: Option.Integer, name: 'fate', description: 'Net fate modifier on your duel flip', name_localizations: { fr: 'destin' }, description_localizations: { fr: 'Modificateur du Destin net sur votre tirage' }, min_value: -3, max_value: 3 },
      { type: Option.Integer, name: 'target_fate', description: 'Net fate modifier on the target’s flip', name_localizations: { fr: 'destin_cible' }, description_localizations: { fr: 'Modificateur du Destin net sur le tirage de la cible' }, min_value: -3, max_value: 3 },
      { type: Option.Integer, name: 'armor', description: 'The target’s Armor +X', name_localizations: { fr: 'armure' }, description_localizations: { fr: 'Armure +X de la cible' }, min_value: 0, max_value: 10 },
      { type: Option.Boolean, name: 'cover', description: 'A projectile attack against a target in cover', name_localizations: { fr: 'couvert' }, description_localizations: { fr: 'Tir sur une cible à couvert' } },
      { type: Option.String, name: 'label', description: 'The action’s name', name_localizations: { fr: 'libelle' }, description_localizations: { fr: 'Le nom de l’action' }, max_length: 100 },
    ],
  } as const,
  (invocation): GameIntent => {
    const a = invocation.args;
    const damage = parseDamage(a.damage);
    if (!damage.ok) return refuse(damage.problem);
    return act({
      type: 'modelDuel',
      attacker: a.attacker,
      target: a.target,
      stat: a.stat,
      resist: a.resist === 'wp' ? 'wp' : 'df',
      ...(a.fate !== undefined ? { fate: a.fate } : {}),
      ...(a.target_fate !== undefined ? { targetFate: a.target_fate } : {}),
      ...(damage.value ? { damage: damage.value } : {}),
      ...(a.armor !== undefined ? { armor: a.armor } : {}),
      ...(a.cover !== undefined ? { inCover: a.cover } : {}),
      ...(a.label ? { label: a.label } : {}),
    });
  },
  // The attacker is one of the asker's models; the target the other crew's first (a friendly one may be).
  (focused, lookup: GameLookup) => modelChoices(lookup, focused, focused.name === 'attacker' ? 'mine' : 'target'),
);
