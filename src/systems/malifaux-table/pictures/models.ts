/**
 * Picture models: plain data in, PNG out. The caller (app layer) builds these from engine state and
 * supplies every visible word through `labels`, already localized; the renderer holds no language strings.
 * Digits, card values and the +/− fate pips are drawn as they are.
 */
import type { Band, CardCode, Suit } from '../engine/cards.js';

export type { Band, CardCode, Suit };

/** Words of a damage's breakdown (DMG-6, DMG-8, SS-3) and result (DMG-10). */
export interface DamageLabels {
  /** Heading of the damage block. */
  damage: string;
  /** Tag of a fixed damage profile (no flip), shown with its value: "fixed 3". */
  fixed: string;
  /** Breakdown lines: "Armor −1", "Shielded −1", "Bonus +1" (a "+N" from the action or a trigger). */
  armor: string;
  shielded: string;
  bonus: string;
  /** Caption of the damage dealt (the biggest number of the block). */
  dealt: string;
  /** Tag of a target left with no Health (DMG-10, KILL-1). */
  killed: string;
  fate: string;
  cheated: string;
  /** Severity band names (CARD-5). */
  bands: Record<Band, string>;
}

/** TRIG-6: a declared trigger takes effect, does not (its side failed), or only if the damage kills. */
export type TriggerStatus = 'fires' | 'fizzles' | 'ifKilled';

/** Every piece of text a duel picture may show. */
export interface DuelLabels extends DamageLabels {
  /** Role tags. `single` tags the sole participant of a simple duel (use '' to show no tag). */
  attacker: string;
  defender: string;
  single: string;
  /** Breakdown line: "Stat 6 + Card 9", "Mod. +1". */
  stat: string;
  card: string;
  modifier: string;
  total: string;
  /** Target number, e.g. "TN" / "VS". */
  tn: string;
  success: string;
  failure: string;
  /** Shown instead of a flip for a defender who yielded (DUEL-7). */
  yielded: string;
  /** The tag after a declared trigger's name. */
  triggerStatus: Record<TriggerStatus, string>;
}

/** One reason a side failed, already in words ("3 short of the TN 14"), with the suits it lacked, if any. */
export interface FailureReason {
  text: string;
  suits?: Suit[];
}

export interface DuelSidePicture {
  /** Player + model/stat name, e.g. "Ana — Lady Justice (Ml)". Truncated with "…" if too long. */
  label: string;
  role: 'attacker' | 'defender' | 'single';
  stat: number;
  /** Suits the stat adds to the total (printed suits, effects). */
  statSuits: Suit[];
  /** Net flat modifiers (+1 from cover is +1, etc.). */
  modifier: number;
  /** Net fate modifier of the flip (FLIP-2): positive = +, negative = −. */
  fate: number;
  /** A soulstone spent in Step A: for a + on the flip, or for one named suit. */
  soulstone?: 'plus' | Suit;
  /** All cards the flip revealed, in order. Empty when the side yielded. */
  revealed: CardCode[];
  /** The card the flip settled on (one of `revealed`). Ignored when yielded. */
  taken: CardCode;
  /** The card cheated in from hand, if any; it replaces `taken`. */
  cheatedWith?: CardCode;
  /** The card that counts: `cheatedWith ?? taken`. */
  finalCard: CardCode;
  /** The suit chosen for a Red Joker final card. */
  redJokerSuit?: Suit;
  /** Every suit in the final total (multiset), as shown next to the total. */
  suits: Suit[];
  total: number;
  /** The declared trigger and whether it takes effect (TRIG-6). */
  trigger?: { name: string; status: TriggerStatus };
  /** DUEL-7: the defender yielded; no flip is shown and `total` is the attacker's. */
  yielded?: boolean;
  outcome: 'success' | 'failure';
  /** DUEL-6: why a failed side failed (below the TN, a missing suit, short of the other side). */
  why?: FailureReason[];
}

/**
 * How damage went from its base to what was dealt (DMG-6, DMG-8, SS-3 Reduce, DMG-10). A step is given
 * only when it happened, with the damage after it; none given = no reduction.
 */
export interface DamageSteps {
  /** Damage before reductions ("+N" included). */
  base: number;
  /** The "+N" included in `base` (DMG-7: the action's text, a fired trigger); omitted when none applied. */
  plus?: number;
  /** After Armor (DMG-8), when it reduced the damage. */
  afterArmor?: number;
  /** After Shielded, when it was used. */
  afterShielded?: number;
  /** SS-3 Reduce: the soulstone reduction flip's card and the damage after it. */
  soulstone?: { card: CardCode; value: number };
  /** Damage dealt (after jokers: BJ 0, RJ severe + 1; after every reduction). */
  amount: number;
  /** DMG-10 / KILL-1: the target has no Health left (known only when its Health was given). */
  killed?: boolean;
}

export interface DamagePicture extends DamageSteps {
  /** weak / moderate / severe values of a damage flip, or a fixed damage (a number: no flip, DMG-1). */
  profile: [number, number, number] | number;
  /** The damage flip's cards; omitted (or empty) for a fixed profile. */
  revealed?: CardCode[];
  /** The card the damage flip settled on (one of `revealed`); omitted for a fixed profile. */
  taken?: CardCode;
  cheatedWith?: CardCode;
  /** Band of the final card, which selects the profile value; omitted for a fixed profile. */
  band?: Band;
  /** Net fate modifier of the damage flip (precision DMG-3, cover, …), if you want it shown. */
  fate?: number;
}

export interface DuelPicture {
  title: string;
  kind: 'simple' | 'opposed';
  tn?: { value: number; suits: Suit[] };
  /** One side for a simple duel; attacker then defender for an opposed duel. At most two are drawn. */
  sides: DuelSidePicture[];
  damage?: DamagePicture;
  footer?: string;
  labels: DuelLabels;
}

/** A standalone damage (/damage): its flip (or fixed value), its breakdown and the damage dealt. */
export interface DamageSheet {
  title: string;
  damage: DamagePicture;
  footer?: string;
  labels: DamageLabels;
}

export interface HandPicture {
  title: string;
  /** Drawn in this order (the presenter sorts them); more than ~8 are drawn narrower, then overlapping. */
  cards: CardCode[];
  /**
   * Cards that may legally be used (e.g. to cheat): lifted and ringed, the others dimmed.
   * Omitted = nothing is highlighted or dimmed; [] = every card is dimmed (none is legal).
   */
  highlight?: CardCode[];
  /** Suit chosen for a Red Joker in hand, if any (rarely useful). */
  redJokerSuit?: Suit;
  footer?: string;
}

export interface FlipLabels {
  fate: string;
  cheated: string;
  bands: Record<Band, string>;
  /** Caption of a variable flip's amount (FLIP-8: Assist, a push, a heal). */
  result: string;
  /** DMG-12: "Health" of a heal's before → after. */
  health: string;
}

export interface FlipPicture {
  title: string;
  /** Net fate modifier (FLIP-2). */
  fate: number;
  /** Cards revealed. */
  revealed: CardCode[];
  /** The card the flip settled on; omitted while the player is still choosing. */
  taken?: CardCode;
  cheatedWith?: CardCode;
  /** The card that counts (`cheatedWith ?? taken`); its value and band are shown. Omitted = none shown. */
  finalCard?: CardCode;
  redJokerSuit?: Suit;
  /** A variable flip's profile a/b/c, the final card's band highlighted (FLIP-8). */
  profile?: [number, number, number];
  /** What a variable flip gives (BJ 0, RJ severe + 1): then the biggest number of the picture. */
  amount?: number;
  /** DMG-12: a heal's Health before and after. */
  healed?: { before: number; after: number };
  footer?: string;
  labels: FlipLabels;
}
