/**
 * Flips (FLIP-1..FLIP-10): revealing cards, choosing the flip's card, reading its value and band.
 */
import type { CardCode, Band } from './cards.js';
import { BLACK_JOKER, RED_JOKER, band, cardValue } from './cards.js';
import type { ActiveState, FlipSlot, FlipState, Resolution, Seat } from './schema.js';
import type { Step } from './step.js';
import { decision, events } from './step.js';
import { fail } from './errors.js';

/** FLIP-3: 1 + min(|net|, 3) cards, never more than 4. */
export function cardsToReveal(net: number): number {
  return 1 + Math.min(Math.abs(net), 3);
}

/** FLIP-4 and FLIP-5: the revealed cards that may become the flip's card. */
export function legalPicks(revealed: readonly CardCode[], net: number): CardCode[] {
  if (revealed.includes(BLACK_JOKER)) return [BLACK_JOKER];
  // Net 0 reveals a single card (FLIP-3, and a re-flip starts from none): it is the whole choice, as on a + flip.
  if (net >= 0) return [...revealed];
  const lowest = Math.min(...revealed.map(cardValue));
  return revealed.filter((c) => cardValue(c) === lowest || c === RED_JOKER);
}

export function findFlip(res: Resolution, slot: FlipSlot): FlipState | undefined {
  return res.flips.find((f) => f.slot === slot);
}

/** The card in the conflict for this flip: the cheated card if any (CHEAT-1), else the taken one. */
export function finalCard(flip: FlipState | undefined): CardCode | null {
  if (!flip) return null;
  if (flip.cheat?.outcome === 'cheated') return flip.cheat.card;
  return flip.taken;
}

/** FLIP-1 / LOC-3: reveal the missing cards from the top of the deck (reshuffles happen before, in nextStep). */
export function revealStep(state: ActiveState, res: Resolution, seat: Seat, slot: FlipSlot, net: number, cheatable: boolean): Step | null {
  const flip = findFlip(res, slot);
  const missing = cardsToReveal(net) - (flip?.revealed.length ?? 0);
  if (missing <= 0) return null;
  const deck = state.seats[seat].deck;
  if (deck.length === 0) return { type: 'error', error: fail('DECK_EXHAUSTED', 'LOC-3', { seat }).error };
  return events({ type: 'CardsFlipped', seat, slot, net, cheatable, cards: deck.slice(0, missing) });
}

/** FLIP-4/5: a single legal card is taken at once; otherwise the flip's player chooses. */
export function pickStep(flip: FlipState): Step | null {
  if (flip.taken !== null) return null;
  const legal = legalPicks(flip.revealed, flip.net);
  if (legal.length === 1) {
    const card = legal[0] as CardCode;
    return events({ type: 'FlipCardChosen', seat: flip.seat, slot: flip.slot, card, forced: true, discarded: flip.revealed.filter((c) => c !== card) });
  }
  return decision({ kind: 'pick', seat: flip.seat, slot: flip.slot, legal });
}

/** FLIP-8: the value of a/b/c chosen by the band of a card's value. */
export function bandValue(profile: readonly [number, number, number], b: Band): number {
  return b === 'weak' ? profile[0] : b === 'moderate' ? profile[1] : profile[2];
}

/** FLIP-9: numeric variable flips. BJ 0 (cannot be modified), RJ severe + 1. */
export function variableFlipValue(profile: readonly [number, number, number], card: CardCode): { value: number; band: Band; modifiable: boolean } {
  if (card === BLACK_JOKER) return { value: 0, band: 'weak', modifiable: false };
  if (card === RED_JOKER) return { value: profile[2] + 1, band: 'severe', modifiable: true };
  const b = band(cardValue(card));
  return { value: bandValue(profile, b), band: b, modifiable: true };
}
