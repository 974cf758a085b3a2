/**
 * /duel — a duel refereed step by step (DUEL-4): soulstones, flips, cheating, totals, triggers, result,
 * and damage. Each decision is asked of the player who must make it; hand decisions go by DM.
 */
import { ApplicationCommandOptionType as Option } from 'discord-api-types/v10';
import { systemCommand, type Intent } from '../../contract.js';
import type { Command } from '../engine/index.js';
import { act, actForSeat, refuse } from './intents.js';
import { damagedModel, parseDamage, parseSuits, parseTriggers } from './duelInput.js';

const stat = <N extends string, R extends boolean = false>(name: N, fr: string, description: string, frDescription: string, required?: R) =>
  ({
    type: Option.Integer,
    name: name as N,
    description,
    name_localizations: { fr },
    description_localizations: { fr: frDescription },
    min_value: 0,
    max_value: 20,
    required: (required ?? false) as R,
  }) as const;

const shared = {
  suits: { type: Option.String, name: 'suits', description: 'Suits the TN requires, e.g. "M" or "MM"', name_localizations: { fr: 'couleurs' }, description_localizations: { fr: 'Couleurs exigées par le VS, ex. « M » ou « MM »' }, max_length: 8 },
  damage: { type: Option.String, name: 'damage', description: 'Damage on success: "2/3/4" (add * for blasts) or a fixed "3"', name_localizations: { fr: 'degats' }, description_localizations: { fr: 'Dégâts en cas de réussite : « 2/3/4 » (* pour les explosions) ou fixe « 3 »' }, max_length: 20 },
  armor: { type: Option.Integer, name: 'armor', description: 'Target’s Armor +X', name_localizations: { fr: 'armure' }, description_localizations: { fr: 'Armure +X de la cible' }, min_value: 0, max_value: 10 },
  shielded: { type: Option.Integer, name: 'shielded', description: 'Target’s Shielded +X', name_localizations: { fr: 'protege' }, description_localizations: { fr: 'Protégé +X de la cible' }, min_value: 0, max_value: 10 },
  health: { type: Option.Integer, name: 'health', description: 'Target’s current Health (to report a kill)', name_localizations: { fr: 'sante' }, description_localizations: { fr: 'Santé actuelle de la cible (pour signaler sa mort)' }, min_value: 0, max_value: 30 },
  label: { type: Option.String, name: 'label', description: 'What this duel is, e.g. "Lady Justice: Scales of Justice"', name_localizations: { fr: 'libelle' }, description_localizations: { fr: 'De quel duel il s’agit' }, max_length: 100 },
} as const;

export default systemCommand(
  {
    name: 'duel',
    description: 'Run a duel: simple (against a TN) or opposed (against the other player)',
    name_localizations: { fr: 'duel' },
    description_localizations: { fr: 'Jouer un duel : simple (contre un VS) ou opposé (contre l’autre joueur)' },
    contexts: [0],
    options: [
      {
        type: Option.Subcommand,
        name: 'simple',
        description: 'A simple duel: your stat + a flip against a TN',
        name_localizations: { fr: 'simple' },
        description_localizations: { fr: 'Un duel simple : votre carac. + un tirage contre un VS' },
        options: [
          stat('stat', 'carac', 'Your model’s stat', 'La caractéristique de votre figurine', true),
          { type: Option.Integer, name: 'tn', description: 'Target number', name_localizations: { fr: 'vs' }, description_localizations: { fr: 'Valeur seuil (VS)' }, required: true, min_value: 0, max_value: 30 },
          shared.suits,
          { type: Option.String, name: 'stat_suits', description: 'Suits printed with your stat, added to the total, e.g. "R"', name_localizations: { fr: 'couleurs_carac' }, description_localizations: { fr: 'Couleurs imprimées avec votre carac., ajoutées au total, ex. « B »' }, max_length: 8 },
          { type: Option.Integer, name: 'fate', description: 'Net fate modifier of the flip (−3..+3)', name_localizations: { fr: 'destin' }, description_localizations: { fr: 'Modificateur du Destin net (−3..+3)' }, min_value: -3, max_value: 3 },
          { type: Option.Integer, name: 'modifier', description: 'Flat modifier to the total', name_localizations: { fr: 'bonus' }, description_localizations: { fr: 'Modificateur fixe au total' }, min_value: -10, max_value: 10 },
          { type: Option.Boolean, name: 'soulstones', description: 'Is the model a soulstone user (Master/Henchman)?', name_localizations: { fr: 'pierrames' }, description_localizations: { fr: 'La figurine utilise-t-elle les Pierrâmes (Maître/Lieutenant) ?' } },
          { type: Option.String, name: 'triggers', description: 'Triggers, e.g. "Critical Strike:M+1; Flurry:MM:1" (+1 = +1 damage, :1 = discard a card)', name_localizations: { fr: 'declics' }, description_localizations: { fr: 'Déclics, ex. « Coup Critique:M+1; Rafale:MM:1 » (+1 = +1 dégât, :1 = défausser une carte)' }, max_length: 300 },
          { type: Option.Boolean, name: 'stunned', description: 'The model is Stunned: it declares no trigger', name_localizations: { fr: 'etourdi' }, description_localizations: { fr: 'La figurine est Étourdie : elle ne déclare aucun déclic' } },
          shared.damage,
          shared.armor,
          shared.shielded,
          shared.health,
          { type: Option.Boolean, name: 'generated', description: 'This action was generated by a trigger: it declares no trigger', name_localizations: { fr: 'generee' }, description_localizations: { fr: 'Action générée par un déclic : elle ne déclare aucun déclic' } },
          { type: Option.Boolean, name: 'target_soulstones', description: 'Is the damaged model a soulstone user (it may prevent or reduce)?', name_localizations: { fr: 'pierrames_cible' }, description_localizations: { fr: 'La figurine blessée utilise-t-elle les Pierrâmes (prévenir ou réduire) ?' } },
          shared.label,
        ],
      },
      {
        type: Option.Subcommand,
        name: 'opposed',
        description: 'An opposed duel: your model attacks one of the other player’s',
        name_localizations: { fr: 'oppose' },
        description_localizations: { fr: 'Un duel opposé : votre figurine attaque une de l’autre joueur' },
        options: [
          stat('attack', 'attaque', 'The attacker’s stat (e.g. Ml 6)', 'La carac. de l’attaquant (ex. Cc 6)', true),
          stat('defense', 'defense', 'The defender’s resist stat (e.g. Df 5)', 'La carac. de résistance du défenseur (ex. Df 5)', true),
          { type: Option.String, name: 'attack_suits', description: 'Suits printed with the attack stat, added to its total, e.g. "M"', name_localizations: { fr: 'couleurs_attaque' }, description_localizations: { fr: 'Couleurs imprimées avec la carac. d’attaque, ex. « G »' }, max_length: 8 },
          { type: Option.String, name: 'defense_suits', description: 'Suits printed with the resist stat, added to its total', name_localizations: { fr: 'couleurs_defense' }, description_localizations: { fr: 'Couleurs imprimées avec la carac. de résistance' }, max_length: 8 },
          { type: Option.Integer, name: 'tn', description: 'Target number the attacker must also reach', name_localizations: { fr: 'vs' }, description_localizations: { fr: 'VS que l’attaquant doit aussi atteindre' }, min_value: 0, max_value: 30 },
          shared.suits,
          { type: Option.Integer, name: 'attack_fate', description: 'Net fate modifier of the attacker’s flip', name_localizations: { fr: 'destin_attaque' }, description_localizations: { fr: 'Modificateur du Destin de l’attaquant' }, min_value: -3, max_value: 3 },
          { type: Option.Integer, name: 'defense_fate', description: 'Net fate modifier of the defender’s flip', name_localizations: { fr: 'destin_defense' }, description_localizations: { fr: 'Modificateur du Destin du défenseur' }, min_value: -3, max_value: 3 },
          { type: Option.Integer, name: 'attack_modifier', description: 'Flat modifier to the attacker’s total', name_localizations: { fr: 'bonus_attaque' }, description_localizations: { fr: 'Modificateur fixe de l’attaquant' }, min_value: -10, max_value: 10 },
          { type: Option.Integer, name: 'defense_modifier', description: 'Flat modifier to the defender’s total', name_localizations: { fr: 'bonus_defense' }, description_localizations: { fr: 'Modificateur fixe du défenseur' }, min_value: -10, max_value: 10 },
          { type: Option.Boolean, name: 'attacker_soulstones', description: 'Is the attacker a soulstone user?', name_localizations: { fr: 'pierrames_attaquant' }, description_localizations: { fr: 'L’attaquant utilise-t-il les Pierrâmes ?' } },
          { type: Option.Boolean, name: 'defender_soulstones', description: 'Is the defender a soulstone user?', name_localizations: { fr: 'pierrames_defenseur' }, description_localizations: { fr: 'Le défenseur utilise-t-il les Pierrâmes ?' } },
          { type: Option.String, name: 'attacker_triggers', description: 'Attacker’s triggers, e.g. "Critical Strike:M+1; Flurry:MM:1" (+1 damage; :1 discard)', name_localizations: { fr: 'declics_attaquant' }, description_localizations: { fr: 'Déclics de l’attaquant, ex. « Coup Critique:M+1; Rafale:MM:1 » (+1 dégât ; :1 défausse)' }, max_length: 300 },
          { type: Option.String, name: 'defender_triggers', description: 'Defender’s triggers, e.g. "Counterattack:C" (add :1 if it costs a discard)', name_localizations: { fr: 'declics_defenseur' }, description_localizations: { fr: 'Déclics du défenseur, ex. « Contre-attaque:C » (:1 s’il coûte une défausse)' }, max_length: 300 },
          {
            type: Option.String,
            name: 'stunned',
            description: 'Which model is Stunned and declares no trigger',
            name_localizations: { fr: 'etourdi' },
            description_localizations: { fr: 'Quelle figurine est Étourdie et ne déclare aucun déclic' },
            choices: [
              { name: 'the attacker', value: 'attacker', name_localizations: { fr: 'l’attaquant' } },
              { name: 'the defender', value: 'defender', name_localizations: { fr: 'le défenseur' } },
              { name: 'both', value: 'both', name_localizations: { fr: 'les deux' } },
            ],
          },
          {
            type: Option.String,
            name: 'action',
            description: 'Where the attack comes from, when it bars triggers',
            name_localizations: { fr: 'action' },
            description_localizations: { fr: 'D’où vient l’attaque, quand elle interdit les déclics' },
            choices: [
              { name: 'generated by a trigger (no attack trigger)', value: 'generated', name_localizations: { fr: 'générée par un déclic (pas de déclic d’attaque)' } },
              { name: 'the attack a Disengage allows (no trigger at all)', value: 'disengage', name_localizations: { fr: 'l’attaque d’un Désengagement (aucun déclic)' } },
            ],
          },
          { type: Option.Boolean, name: 'own_model', description: 'The target is one of YOUR models (friendly duel: you decide both sides and may yield)', name_localizations: { fr: 'ma_figurine' }, description_localizations: { fr: 'La cible est une de VOS figurines (duel amical : vous décidez des deux côtés et pouvez céder)' } },
          { type: Option.Boolean, name: 'cover', description: 'Projectile attack on a target in cover (+1 Df, − on damage)', name_localizations: { fr: 'couvert' }, description_localizations: { fr: 'Attaque à distance sur une cible à couvert (+1 Df, − aux dégâts)' } },
          { type: Option.Boolean, name: 'concealment', description: 'Non-melee attack on a concealed target (− on the attack flip)', name_localizations: { fr: 'dissimulation' }, description_localizations: { fr: 'Attaque non-mêlée sur une cible dissimulée (− au tirage)' } },
          shared.damage,
          shared.armor,
          shared.shielded,
          shared.health,
          shared.label,
        ],
      },
    ],
  } as const,
  (invocation, asker): Intent<Command> => {
        const damage = parseDamage(invocation.args.damage);
    if (!damage.ok) return refuse(damage.problem);
    const tnSuits = parseSuits(invocation.args.suits, 'suits');
    if (!tnSuits.ok) return refuse(tnSuits.problem);

    if (invocation.subcommand === 'simple') {
      const a = invocation.args;
      const triggers = parseTriggers(a.triggers, 'triggers');
      if (!triggers.ok) return refuse(triggers.problem);
      const statSuits = parseSuits(a.stat_suits, 'stat_suits');
      if (!statSuits.ok) return refuse(statSuits.problem);
      return act({
        type: 'simpleDuel',
        stat: a.stat,
        statSuits: statSuits.value,
        tn: a.tn,
        tnSuits: tnSuits.value,
        fate: a.fate ?? 0,
        modifier: a.modifier ?? 0,
        soulstoneUser: a.soulstones ?? false,
        triggers: triggers.value,
        stunned: a.stunned ?? false,
        generated: a.generated ?? false,
        ...(damage.value ? { damage: damage.value } : {}),
        ...damagedModel(a),
        targetSoulstoneUser: a.target_soulstones ?? false,
        ...(a.label ? { label: a.label } : {}),
      });
    }

    const a = invocation.args;
    const attackerTriggers = parseTriggers(a.attacker_triggers, 'attacker_triggers');
    if (!attackerTriggers.ok) return refuse(attackerTriggers.problem);
    const defenderTriggers = parseTriggers(a.defender_triggers, 'defender_triggers');
    if (!defenderTriggers.ok) return refuse(defenderTriggers.problem);
    const attackSuits = parseSuits(a.attack_suits, 'attack_suits');
    if (!attackSuits.ok) return refuse(attackSuits.problem);
    const defenseSuits = parseSuits(a.defense_suits, 'defense_suits');
    if (!defenseSuits.ok) return refuse(defenseSuits.problem);
    const ownModel = a.own_model ?? false;
    return actForSeat(asker.id, (seat) => ({
      type: 'opposedDuel',
      attacker: seat,
      defender: ownModel ? seat : seat === 0 ? 1 : 0,
      attackerStat: a.attack,
      defenderStat: a.defense,
      attackerStatSuits: attackSuits.value,
      defenderStatSuits: defenseSuits.value,
      attackerFate: a.attack_fate ?? 0,
      defenderFate: a.defense_fate ?? 0,
      attackerModifier: a.attack_modifier ?? 0,
      defenderModifier: a.defense_modifier ?? 0,
      attackerSoulstoneUser: a.attacker_soulstones ?? false,
      defenderSoulstoneUser: a.defender_soulstones ?? false,
      attackerTriggers: attackerTriggers.value,
      defenderTriggers: defenderTriggers.value,
      attackerStunned: a.stunned === 'attacker' || a.stunned === 'both',
      defenderStunned: a.stunned === 'defender' || a.stunned === 'both',
      generated: a.action === 'generated',
      disengage: a.action === 'disengage',
      ...(a.tn !== undefined ? { tn: a.tn } : {}),
      tnSuits: tnSuits.value,
      friendly: ownModel,
      inCover: a.cover ?? false,
      inConcealment: a.concealment ?? false,
      ...(damage.value ? { damage: damage.value } : {}),
      ...damagedModel(a),
      targetSoulstoneUser: a.defender_soulstones ?? false,
      ...(a.label ? { label: a.label } : {}),
    }));
  },
);
