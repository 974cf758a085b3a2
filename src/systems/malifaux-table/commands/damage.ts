/**
 * /damage — a damage flip outside a duel (DMG-1..DMG-13): profile, modifiers, reductions, soulstones.
 * Or a fall (DMG-15): `fall_inches` instead of a profile, half of it (rounded down) as fixed damage.
 */
import { ApplicationCommandOptionType as Option } from 'discord-api-types/v10';
import { systemCommand, type Intent } from '../../contract.js';
import type { Command } from '../engine/index.js';
import { actForSeat, refuse } from './intents.js';
import { damagedModel, parseDamage } from './duelInput.js';

export default systemCommand(
  {
    name: 'damage',
    description: 'Flip damage against a model of the other player (or your own)',
    name_localizations: { fr: 'degats' },
    description_localizations: { fr: 'Tirer des dégâts contre une figurine de l’autre joueur (ou la vôtre)' },
    contexts: [0],
    options: [
      { type: Option.String, name: 'profile', description: 'Damage profile: "2/3/4" (add * for blasts) or a fixed "3"', name_localizations: { fr: 'profil' }, description_localizations: { fr: 'Profil de dégâts : « 2/3/4 » (* pour les explosions) ou fixe « 3 »' }, max_length: 20 },
      { type: Option.Integer, name: 'fall_inches', description: 'Instead of a profile: a fall of this many inches (half of it as damage)', name_localizations: { fr: 'chute_pouces' }, description_localizations: { fr: 'Au lieu d’un profil : une chute de tant de pouces (la moitié en dégâts)' }, min_value: 0, max_value: 99 },
      { type: Option.Integer, name: 'fate', description: 'Net fate modifier (precision, Focused, cover…)', name_localizations: { fr: 'destin' }, description_localizations: { fr: 'Modificateur du Destin net (précision, Concentré, couvert…)' }, min_value: -3, max_value: 3 },
      { type: Option.Integer, name: 'plus', description: '"+N damage" bonus (not on the Black Joker)', name_localizations: { fr: 'bonus' }, description_localizations: { fr: 'Bonus « +N dégâts » (pas sur le Joker Noir)' }, min_value: -5, max_value: 10 },
      { type: Option.Boolean, name: 'cheatable', description: 'May the flip be cheated? (default yes, unless its net is −)', name_localizations: { fr: 'trichable' }, description_localizations: { fr: 'Peut-on Tromper le Destin ? (oui par défaut, sauf net −)' } },
      { type: Option.Boolean, name: 'own_model', description: 'The target is one of YOUR models', name_localizations: { fr: 'ma_figurine' }, description_localizations: { fr: 'La cible est une de VOS figurines' } },
      { type: Option.Integer, name: 'armor', description: 'Target’s Armor +X', name_localizations: { fr: 'armure' }, description_localizations: { fr: 'Armure +X de la cible' }, min_value: 0, max_value: 10 },
      { type: Option.Integer, name: 'shielded', description: 'Target’s Shielded +X', name_localizations: { fr: 'protege' }, description_localizations: { fr: 'Protégé +X de la cible' }, min_value: 0, max_value: 10 },
      { type: Option.Integer, name: 'health', description: 'Target’s current Health (to report a kill)', name_localizations: { fr: 'sante' }, description_localizations: { fr: 'Santé actuelle de la cible' }, min_value: 0, max_value: 30 },
      { type: Option.Boolean, name: 'target_soulstones', description: 'Is the target a soulstone user (may prevent or reduce)?', name_localizations: { fr: 'cible_pierrames' }, description_localizations: { fr: 'La cible utilise-t-elle les Pierrâmes (prévenir ou réduire) ?' } },
      { type: Option.Boolean, name: 'irreducible', description: 'Irreducible damage (ignores every reduction)', name_localizations: { fr: 'irreductible' }, description_localizations: { fr: 'Dégâts irréductibles (ignorent toute réduction)' } },
      { type: Option.Boolean, name: 'cover', description: 'Projectile attack against a target in cover (−)', name_localizations: { fr: 'couvert' }, description_localizations: { fr: 'Attaque à distance sur une cible à couvert (−)' } },
      { type: Option.String, name: 'label', description: 'What this damage is for', name_localizations: { fr: 'libelle' }, description_localizations: { fr: 'À quoi correspondent ces dégâts' }, max_length: 100 },
    ],
  } as const,
  (invocation, asker): Intent<Command> => {
    const a = invocation.args;
    // Exactly one source of damage: a profile, or a fall.
    if ((a.profile === undefined) === (a.fall_inches === undefined)) return refuse({ code: 'DAMAGE_SOURCE' });
    const target = {
      ...damagedModel(a),
      targetSoulstoneUser: a.target_soulstones ?? false,
      ...(a.label ? { label: a.label } : {}),
    };
    if (a.fall_inches !== undefined) {
      const fallInches = a.fall_inches;
      return actForSeat(asker.id, (seat) => ({ type: 'fallingDamage', fallInches, target: a.own_model ? seat : seat === 0 ? 1 : 0, ...target }));
    }
    const damage = parseDamage(a.profile);
    if (!damage.ok) return refuse(damage.problem);
    if (!damage.value) return refuse({ code: 'DAMAGE_INVALID', params: { input: a.profile ?? '' } });
    const value = damage.value;
    return actForSeat(asker.id, (seat) => ({
      type: 'damageFlip',
      target: a.own_model ? seat : seat === 0 ? 1 : 0,
      ...value,
      ...(a.fate !== undefined ? { fate: a.fate } : {}),
      ...(a.plus !== undefined ? { plus: a.plus } : {}),
      ...(a.cheatable !== undefined ? { cheatable: a.cheatable } : {}),
      ...(a.irreducible !== undefined ? { irreducible: a.irreducible } : {}),
      friendly: a.own_model ?? false,
      inCover: a.cover ?? false,
      ...target,
    }));
  },
);
