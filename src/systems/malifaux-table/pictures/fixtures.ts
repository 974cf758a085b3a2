/**
 * Sample picture models (English and French labels) for tests, benchmarks and previews.
 * Not used by the renderer itself; real labels come from the app's i18n layer.
 */
import type { DuelLabels, DuelPicture, FlipLabels, FlipPicture, HandPicture } from './models.js';

export const EN_DUEL_LABELS: DuelLabels = {
  attacker: 'Attacker',
  defender: 'Defender',
  single: 'Duel',
  stat: 'Stat',
  card: 'Card',
  modifier: 'Mod',
  fate: 'Fate',
  soulstone: 'Soulstone',
  total: 'Total',
  tn: 'TN',
  success: 'Success',
  failure: 'Failure',
  cheated: 'Cheated',
  trigger: 'Trigger',
  yielded: 'Yielded',
  damage: 'Damage',
  bands: { weak: 'Weak', moderate: 'Moderate', severe: 'Severe' },
  fixed: 'fixed',
  armor: 'Armor',
  shielded: 'Shielded',
  killed: 'KILLED',
};

export const FR_DUEL_LABELS: DuelLabels = {
  attacker: 'Attaquant',
  defender: 'Défenseur',
  single: 'Duel',
  stat: 'Carac.',
  card: 'Carte',
  modifier: 'Mod.',
  fate: 'Destin',
  soulstone: 'Pierrâme',
  total: 'Total',
  tn: 'VS',
  success: 'Réussite',
  failure: 'Échec',
  cheated: 'Trompé',
  trigger: 'Déclic',
  yielded: 'Cède',
  damage: 'Dégâts',
  bands: { weak: 'Faible', moderate: 'Modéré', severe: 'Sévère' },
  fixed: 'fixe',
  armor: 'Armure',
  shielded: 'Protégé',
  killed: 'TUÉ',
};

export const EN_FLIP_LABELS: FlipLabels = {
  fate: 'Fate',
  cheated: 'Cheated',
  bands: EN_DUEL_LABELS.bands,
  fixed: EN_DUEL_LABELS.fixed,
  armor: EN_DUEL_LABELS.armor,
  shielded: EN_DUEL_LABELS.shielded,
  killed: EN_DUEL_LABELS.killed,
};

/** Opposed melee duel: attacker flips + (3 cards), takes the 9, cheats in a 13; defender flips −. Damage follows. */
export const OPPOSED_CHEAT: DuelPicture = {
  title: 'Lady Justice — Scything Blow vs Df',
  kind: 'opposed',
  sides: [
    {
      label: 'Ana · Lady Justice (Ml 7)',
      role: 'attacker',
      stat: 7,
      statSuits: ['M'],
      modifier: 0,
      fate: 2,
      soulstone: 'plus',
      revealed: ['4C', '9R', '2T'],
      taken: '9R',
      cheatedWith: '13M',
      finalCard: '13M',
      suits: ['M', 'M'],
      total: 20,
      trigger: 'Onslaught',
      outcome: 'success',
    },
    {
      label: 'Ben · Nicodem (Df 4)',
      role: 'defender',
      stat: 4,
      statSuits: [],
      modifier: 1,
      fate: -1,
      revealed: ['11T', '6C'],
      taken: '6C',
      finalCard: '6C',
      suits: ['C'],
      total: 11,
      outcome: 'failure',
    },
  ],
  damage: { profile: [2, 3, 4], revealed: ['12R'], taken: '12R', base: 4, amount: 4, band: 'severe', fate: 0 },
  footer: 'Turn 2 · Activation 5 · seed commitment 3f9a…c1',
  labels: EN_DUEL_LABELS,
};

/** Simple Wp duel against TN 12 with a Tomes requirement; the Red Joker is flipped and named Tomes. */
export const SIMPLE_TN_RJ: DuelPicture = {
  title: 'Sonnia Criid — Flame Wall (Ca 6)',
  kind: 'simple',
  tn: { value: 12, suits: ['T'] },
  sides: [
    {
      label: 'Claire · Sonnia Criid',
      role: 'single',
      stat: 6,
      statSuits: ['T'],
      modifier: 0,
      fate: 1,
      revealed: ['3M', 'RJ'],
      taken: 'RJ',
      finalCard: 'RJ',
      redJokerSuit: 'T',
      suits: ['T', 'T'],
      total: 20,
      trigger: 'Blaze',
      outcome: 'success',
    },
  ],
  labels: EN_DUEL_LABELS,
};

/** Opposed duel between friends, the defender yields; TN with two suits; French labels. */
export const YIELD_FR: DuelPicture = {
  title: 'Seamus — Lure contre Sybelle (Wp)',
  kind: 'opposed',
  tn: { value: 13, suits: ['C', 'M'] },
  sides: [
    {
      label: 'Dora · Seamus',
      role: 'attacker',
      stat: 6,
      statSuits: ['C'],
      modifier: -1,
      fate: 0,
      soulstone: 'M',
      revealed: ['8M'],
      taken: '8M',
      finalCard: '8M',
      suits: ['C', 'M', 'M'],
      total: 13,
      outcome: 'success',
    },
    {
      label: 'Dora · Sybelle',
      role: 'defender',
      stat: 5,
      statSuits: [],
      modifier: 0,
      fate: 0,
      revealed: [],
      taken: '8M',
      finalCard: '8M',
      suits: [],
      total: 13,
      yielded: true,
      outcome: 'failure',
    },
  ],
  footer: 'Tour 3 · la défenseuse cède (DUEL-7)',
  labels: FR_DUEL_LABELS,
};

/** Black Joker flipped on a − flip (cannot be cheated), defender cheats a Red Joker in; damage with a BJ. */
export const JOKERS: DuelPicture = {
  title: 'Rasputina — December’s Curse vs Wp',
  kind: 'opposed',
  sides: [
    {
      label: 'Eve · Rasputina',
      role: 'attacker',
      stat: 6,
      statSuits: [],
      modifier: 0,
      fate: -3,
      revealed: ['10C', 'BJ', '12T', '5R'],
      taken: 'BJ',
      finalCard: 'BJ',
      suits: [],
      total: 6,
      outcome: 'failure',
    },
    {
      label: 'Finn · The Dreamer with a remarkably long model name',
      role: 'defender',
      stat: 5,
      statSuits: ['C'],
      modifier: 0,
      fate: 2,
      revealed: ['2R', '7T', '3C'],
      taken: '7T',
      cheatedWith: 'RJ',
      finalCard: 'RJ',
      redJokerSuit: 'R',
      suits: ['C', 'R'],
      total: 19,
      trigger: 'Nightmare Fuel',
      outcome: 'success',
    },
  ],
  damage: { profile: [1, 2, 3], revealed: ['BJ', '9C'], taken: 'BJ', base: 0, amount: 0, band: 'weak', fate: -1 },
  labels: EN_DUEL_LABELS,
};

/** Simple duel with a fixed damage (DMG-1, no flip): 3 through Armor and Shielded to 1, which kills. */
export const FIXED_DAMAGE: DuelPicture = {
  title: 'Perdita — Pistol vs Df (damage 3)',
  kind: 'simple',
  tn: { value: 11, suits: [] },
  sides: [
    {
      label: 'Gus · Perdita Ortega',
      role: 'single',
      stat: 6,
      statSuits: [],
      modifier: 0,
      fate: 0,
      revealed: ['9T'],
      taken: '9T',
      finalCard: '9T',
      suits: ['T'],
      total: 15,
      outcome: 'success',
    },
  ],
  damage: { profile: 3, base: 3, afterArmor: 2, afterShielded: 1, amount: 1, killed: true },
  labels: EN_DUEL_LABELS,
};

/** A flipped damage through every reduction, soulstone included, and a kill; French labels. */
export const REDUCED_DAMAGE_FR: DuelPicture = {
  ...OPPOSED_CHEAT,
  title: 'Lady Justice — Coup fauchant contre Df',
  damage: { profile: [2, 3, 5], revealed: ['4C', '13R'], taken: '13R', band: 'severe', fate: 1, base: 6, afterArmor: 5, afterShielded: 4, soulstone: { card: '8M', value: 2 }, amount: 2, killed: true },
  labels: FR_DUEL_LABELS,
};

export const HAND: HandPicture = {
  title: 'Your hand — cheat the 6C? (legal cards highlighted)',
  cards: ['1R', '13M', '7C', 'RJ', '10T', '4M'],
  highlight: ['13M', '7C', 'RJ', '10T'],
  footer: 'Hand 6/6',
};

export const BIG_HAND: HandPicture = {
  title: 'Hand (10 cards, over maximum)',
  cards: ['1R', '2M', '3C', '4T', '5R', '6M', '7C', '8T', '9R', 'BJ'],
};

export const FLIP_CHEAT: FlipPicture = {
  title: 'Damage flip — Scything Blow',
  fate: 1,
  revealed: ['3T', '5C'],
  taken: '5C',
  cheatedWith: '12M',
  finalCard: '12M',
  profile: [2, 3, 4],
  footer: 'Precision + (diff 11)',
  labels: EN_FLIP_LABELS,
};

export const FLIP_CHOOSING: FlipPicture = {
  title: 'Initiative flip',
  fate: -2,
  revealed: ['RJ', '2C', '8M'],
  labels: EN_FLIP_LABELS,
};

/** A standalone fixed damage (/damage profile:4): no flip, its value; Armor, then a soulstone reduction. */
export const FLIP_DAMAGE_FIXED: FlipPicture = {
  title: 'Ana — damage against Ben',
  revealed: [],
  profile: 4,
  damage: { base: 4, afterArmor: 3, soulstone: { card: 'RJ', value: 0 }, amount: 0 },
  footer: '0 damage after reductions',
  labels: EN_FLIP_LABELS,
};

/** A standalone damage flip, cheated, with Shielded and a kill. */
export const FLIP_DAMAGE_KILL: FlipPicture = {
  ...FLIP_CHEAT,
  damage: { base: 4, afterShielded: 3, amount: 3, killed: true },
  footer: '3 damage after reductions',
};
