/**
 * Sample picture models (English and French labels) for tests, benchmarks and previews.
 * Not used by the renderer itself; real labels come from the app's i18n layer.
 */
import type { DamageSheet, DuelLabels, DuelPicture, FlipLabels, FlipPicture, HandPicture } from './models.js';

export const EN_DUEL_LABELS: DuelLabels = {
  attacker: 'Attacker',
  defender: 'Defender',
  single: 'Duel',
  stat: 'Stat',
  card: 'Card',
  modifier: 'Mod',
  fate: 'Fate',
  total: 'Total',
  tn: 'TN',
  success: 'SUCCESS',
  failure: 'FAILURE',
  cheated: 'Cheated',
  yielded: 'Yielded',
  triggerStatus: { fires: 'fires', fizzles: 'fizzles', ifKilled: 'if killed' },
  damage: 'Damage',
  bands: { weak: 'weak', moderate: 'moderate', severe: 'severe' },
  fixed: 'fixed',
  armor: 'Armor',
  shielded: 'Shielded',
  bonus: 'Bonus',
  dealt: 'dealt',
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
  total: 'Total',
  tn: 'VS',
  success: 'RÉUSSITE',
  failure: 'ÉCHEC',
  cheated: 'Truquée',
  yielded: 'A cédé',
  triggerStatus: { fires: 'se déclenche', fizzles: 'sans effet', ifKilled: 'si tué' },
  damage: 'Dégâts',
  bands: { weak: 'faible', moderate: 'modéré', severe: 'sévère' },
  fixed: 'fixe',
  armor: 'Armure',
  shielded: 'Protégé',
  bonus: 'Bonus',
  dealt: 'infligés',
  killed: 'TUÉ',
};

export const EN_FLIP_LABELS: FlipLabels = { fate: 'Fate', cheated: 'Cheated', bands: EN_DUEL_LABELS.bands, result: 'Result', health: 'Health' };
export const FR_FLIP_LABELS: FlipLabels = { fate: 'Destin', cheated: 'Truquée', bands: FR_DUEL_LABELS.bands, result: 'Résultat', health: 'Santé' };

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
      trigger: { name: 'Onslaught', status: 'fires' },
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
      why: [{ text: '10 short of beating Ana’s 20' }],
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
      trigger: { name: 'Blaze', status: 'fires' },
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
  footer: 'Tour 3 · la défenseuse cède',
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
      why: [{ text: '13 short of Finn’s 19' }],
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
      trigger: { name: 'Nightmare Fuel', status: 'fires' },
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

/** A simple duel that misses the TN and its suit: both reasons shown; its trigger fizzles (TRIG-6). */
export const SIMPLE_FAILS_FIZZLES: DuelPicture = {
  title: 'Sonnia Criid — Flame Wall (Ca 6)',
  kind: 'simple',
  tn: { value: 14, suits: ['T', 'T'] },
  sides: [
    {
      label: 'Claire · Sonnia Criid',
      role: 'single',
      stat: 6,
      statSuits: ['M'],
      modifier: -1,
      fate: -1,
      revealed: ['8T', '3C'],
      taken: '3C',
      finalCard: '3C',
      suits: ['M', 'C'],
      total: 8,
      trigger: { name: 'Blaze', status: 'fizzles' },
      outcome: 'failure',
      why: [{ text: '6 short of the TN 14' }, { text: 'missing', suits: ['T', 'T'] }],
    },
  ],
  labels: EN_DUEL_LABELS,
};

/** An opposed duel where the attacker’s trigger waits for a kill and the defender’s fizzles; French. */
export const IF_KILLED_FR: DuelPicture = {
  title: 'Perdita — Pistolet contre Df',
  kind: 'opposed',
  sides: [
    {
      label: 'Gus · Perdita Ortega',
      role: 'attacker',
      stat: 6,
      statSuits: [],
      modifier: 0,
      fate: 0,
      revealed: ['10R'],
      taken: '10R',
      finalCard: '10R',
      suits: ['R'],
      total: 16,
      trigger: { name: 'Exécution', status: 'ifKilled' },
      outcome: 'success',
    },
    {
      label: 'Hana · Samouraï',
      role: 'defender',
      stat: 5,
      statSuits: ['T'],
      modifier: 1,
      fate: -1,
      revealed: ['6T', '9T'],
      taken: '6T',
      finalCard: '6T',
      suits: ['T', 'T'],
      total: 12,
      trigger: { name: 'Riposte', status: 'fizzles' },
      outcome: 'failure',
      why: [{ text: 'il manque 5 pour battre les 16 de Gus' }],
    },
  ],
  damage: { profile: [2, 4, 5], revealed: ['8R'], taken: '8R', band: 'moderate', fate: 0, base: 4, amount: 4, killed: true },
  labels: FR_DUEL_LABELS,
};

export const HAND: HandPicture = {
  title: 'Your Control Hand — 6 cards',
  cards: ['1R', '13M', '4M', '7C', '10T', 'RJ'],
  highlight: ['13M', '7C', '10T', 'RJ'],
  footer: 'Ana vs Ben · soulstones: 2',
};

export const BIG_HAND: HandPicture = {
  title: 'Your Control Hand — 10 cards',
  cards: ['1R', '5R', '9R', '2M', '6M', '3C', '7C', '4T', '8T', 'BJ'],
};
/** A plain flip with a + (two cards), the lower one left, a 12 cheated in for the 5. */
export const FLIP_CHEAT: FlipPicture = {
  title: 'Ana’s flip — Initiative',
  fate: 1,
  revealed: ['3T', '5C'],
  taken: '5C',
  cheatedWith: '12M',
  finalCard: '12M',
  labels: EN_FLIP_LABELS,
};

/** Still choosing: nothing taken, nothing dimmed, no result yet. */
export const FLIP_CHOOSING: FlipPicture = {
  title: 'Initiative flip',
  fate: -2,
  revealed: ['RJ', '2C', '8M'],
  labels: EN_FLIP_LABELS,
};

/** A − flip of three: the lowest card is forced (FLIP-5), the Black Joker among them. */
export const FLIP_MINUS_BJ: FlipPicture = {
  title: 'Tirage de Ben — Horreur',
  fate: -2,
  revealed: ['11T', 'BJ', '7R'],
  taken: 'BJ',
  finalCard: 'BJ',
  labels: FR_FLIP_LABELS,
};

/** A ++ flip that shows the Red Joker, its suit named. */
export const FLIP_PLUS_RJ: FlipPicture = {
  title: 'Claire’s flip',
  fate: 2,
  revealed: ['4M', 'RJ', '9C'],
  taken: 'RJ',
  finalCard: 'RJ',
  redJokerSuit: 'M',
  labels: EN_FLIP_LABELS,
};

/** A variable flip (FLIP-8, a push of 1/2/4) and a heal (DMG-12) of 1/3/5 up to the maximum. */
export const FLIP_AMOUNT: FlipPicture = {
  title: 'Dora’s flip — Healing Energy',
  fate: 0,
  revealed: ['9R'],
  taken: '9R',
  finalCard: '9R',
  profile: [1, 3, 5],
  amount: 3,
  healed: { before: 2, after: 5 },
  footer: 'Lady Justice heals, at most 9',
  labels: EN_FLIP_LABELS,
};

/** A standalone fixed damage (/damage profile:4): no flip, its value; Armor, then a soulstone reduction. */
export const DAMAGE_FIXED: DamageSheet = {
  title: 'Ana — damage against Ben',
  damage: { profile: 4, base: 4, afterArmor: 3, soulstone: { card: 'RJ', value: 0 }, amount: 0 },
  labels: EN_DUEL_LABELS,
};

/** A standalone damage flip, cheated, +1 from a trigger, through Armor and Shielded, and a kill. */
export const DAMAGE_KILL: DamageSheet = {
  title: 'Ana — damage against Ben',
  damage: { profile: [2, 3, 4], revealed: ['3T', '5C'], taken: '5C', cheatedWith: '11M', band: 'severe', fate: 1, base: 5, plus: 1, afterArmor: 4, afterShielded: 3, amount: 3, killed: true },
  footer: 'Ben has no Health left',
  labels: EN_DUEL_LABELS,
};

/** A French damage with every reduction, the soulstone's flip among them. */
export const DAMAGE_ALL_FR: DamageSheet = {
  title: 'Dora — dégâts contre Eve',
  damage: { profile: [2, 3, 5], revealed: ['13R'], taken: '13R', band: 'severe', fate: 0, base: 5, afterArmor: 4, afterShielded: 3, soulstone: { card: '7C', value: 1 }, amount: 1 },
  labels: FR_DUEL_LABELS,
};
