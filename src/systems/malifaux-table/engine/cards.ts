/**
 * The Fate Deck's cards (CARD-1..CARD-5).
 *
 * Cards are stored as short codes ("9T", "13M", "RJ", "BJ") so that events, snapshots and logs stay
 * small and human-readable; `parseCard` turns a code back into a structured card.
 */
export const SUITS = ['R', 'M', 'C', 'T'] as const;
/** Rams (hearts), Masks (diamonds), Crows (spades), Tomes (clubs) — CARD-2. */
export type Suit = (typeof SUITS)[number];

export type Card =
  | { kind: 'std'; suit: Suit; value: number }
  | { kind: 'RJ' }
  | { kind: 'BJ' };

/** "1R".."13T", "RJ", "BJ". */
export type CardCode = string;

export type Band = 'weak' | 'moderate' | 'severe';

export const RED_JOKER = 'RJ';
export const BLACK_JOKER = 'BJ';

/** The 54 cards of a fresh deck, in a fixed canonical order (the input of every shuffle). */
export function freshDeck(): CardCode[] {
  const codes: CardCode[] = [];
  for (const suit of SUITS) for (let value = 1; value <= 13; value++) codes.push(`${value}${suit}`);
  codes.push(RED_JOKER, BLACK_JOKER);
  return codes;
}

const CODE = /^(1[0-3]|[1-9])([RMCT])$/;

export function isCardCode(code: string): boolean {
  return code === RED_JOKER || code === BLACK_JOKER || CODE.test(code);
}

export function parseCard(code: CardCode): Card {
  if (code === RED_JOKER) return { kind: 'RJ' };
  if (code === BLACK_JOKER) return { kind: 'BJ' };
  const m = CODE.exec(code);
  if (!m) throw new Error(`not a card code: ${code}`);
  return { kind: 'std', value: Number(m[1]), suit: m[2] as Suit };
}

/** CARD-3 / CARD-4: RJ is 14, BJ is 0. */
export function cardValue(code: CardCode): number {
  const card = parseCard(code);
  return card.kind === 'std' ? card.value : card.kind === 'RJ' ? 14 : 0;
}

/** The card's own suit; the RJ's suit is chosen by its player (passed in), the BJ has none. */
export function cardSuit(code: CardCode, redJokerSuit?: Suit): Suit | null {
  const card = parseCard(code);
  if (card.kind === 'std') return card.suit;
  if (card.kind === 'RJ') return redJokerSuit ?? null;
  return null;
}

/** CARD-5: weak 0–5, moderate 6–10, severe 11–14. */
export function band(value: number): Band {
  return value <= 5 ? 'weak' : value <= 10 ? 'moderate' : 'severe';
}

const CANONICAL_INDEX: ReadonlyMap<CardCode, number> = new Map(freshDeck().map((code, i) => [code, i]));

/** Position of a card in the fresh-deck order; used to make every shuffle's input independent of history. */
export function canonicalIndex(code: CardCode): number {
  return CANONICAL_INDEX.get(code) ?? -1;
}

/** A copy sorted into fresh-deck order: the documented input of every shuffle (see README "Shuffles"). */
export function sortCanonical(codes: readonly CardCode[]): CardCode[] {
  return [...codes].sort((a, b) => canonicalIndex(a) - canonicalIndex(b));
}

export function isJoker(code: CardCode): boolean {
  return code === RED_JOKER || code === BLACK_JOKER;
}
