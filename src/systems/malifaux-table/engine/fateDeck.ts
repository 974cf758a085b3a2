/**
 * A player's Fate Deck and its zones (LOC-1..LOC-11): deck, hand, conflict, discard, removed.
 * Cards are unique within one deck, so a card code identifies a card of a given seat.
 */
import type { CardCode } from './cards.js';
import type { ActiveState, GameEvent, Seat, SeatState } from './schema.js';
import { shuffleCards } from './rng.js';

export const ZONES = ['deck', 'hand', 'conflict', 'discard', 'removed'] as const;
export type Zone = (typeof ZONES)[number];

export function newSeat(userId: string, name: string, deck: CardCode[]): SeatState {
  return { userId, name, deck, hand: [], conflict: [], discard: [], removed: [], revealedInHand: [], soulstones: 0, shuffles: 0 };
}

/** LOC-1: every card of the seat, whatever its zone. */
export function allCards(seat: SeatState): CardCode[] {
  return ZONES.flatMap((z) => seat[z]);
}

/** Removes each card once from `list` (mutating); cards absent are ignored. */
export function removeCards(list: CardCode[], cards: readonly CardCode[]): void {
  for (const c of cards) {
    const i = list.indexOf(c);
    if (i >= 0) list.splice(i, 1);
  }
}

/** Removes cards from the hand and forgets they were revealed (LOC-10 knowledge ends when they leave). */
export function takeFromHand(seat: SeatState, cards: readonly CardCode[]): void {
  removeCards(seat.hand, cards);
  removeCards(seat.revealedInHand, cards);
}

/** The first card that is not in the hand (or is named twice), or null if all are there. */
export function firstMissingFromHand(seat: SeatState, cards: readonly CardCode[]): { card: CardCode; duplicate: boolean } | null {
  const seen = new Set<CardCode>();
  for (const c of cards) {
    if (seen.has(c)) return { card: c, duplicate: true };
    seen.add(c);
    if (!seat.hand.includes(c)) return { card: c, duplicate: false };
  }
  return null;
}

/**
 * The shuffle of a seat's deck and discard together, as an event (LOC-3 reshuffle, SETUP-10 setup).
 * The outcome (order and cut) is recorded so evolve never needs the generator.
 */
export function shuffleEvent(state: ActiveState, seat: Seat, reason: 'setup' | 'reshuffle'): GameEvent {
  const zones = state.seats[seat];
  const { order, cut } = shuffleCards(state.seed, seat, zones.shuffles, [...zones.deck, ...zones.discard]);
  return { type: 'DeckShuffled', seat, index: zones.shuffles, reason, order, cut };
}

/** LOC-3: an empty deck with a non-empty discard is reshuffled at once. */
export function needsReshuffle(seat: SeatState): boolean {
  return seat.deck.length === 0 && seat.discard.length > 0;
}
