/** CARD-1..CARD-5. */
import { describe, expect, it } from 'vitest';
import { SUITS, band, canonicalIndex, cardSuit, cardValue, freshDeck, isCardCode, isJoker, parseCard, sortCanonical } from './cards.js';
import { P0, given, scenario } from './testkit.js';

describe('cards', () => {
  it('CARD-1: a deck is 54 distinct cards, four suits of 1–13 plus the two jokers; each seat starts with one', () => {
    const deck = freshDeck();
    expect(deck).toHaveLength(54);
    expect(new Set(deck).size).toBe(54);
    for (const s of SUITS) expect(deck.filter((c) => cardSuit(c) === s).map(cardValue)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(deck.filter((c) => c === 'RJ' || c === 'BJ')).toEqual(['RJ', 'BJ']);
    const s = scenario();
    for (const seat of s.active.seats) expect(sortCanonical(seat.deck)).toEqual(deck);
  });

  it('CARD-1: a card code names exactly one of the 54 cards; anything else is not a card, and a command naming it is refused', () => {
    const deck = freshDeck();
    for (const code of deck) expect(isCardCode(code)).toBe(true);
    for (const bad of ['9TT', '13RJ', 'RJX', 'BJ1', 'x9T', '19T', '9X', 'rj', '', ' 9T']) expect(isCardCode(bad), bad).toBe(false);
    expect(() => parseCard('9TT')).toThrow('not a card code: 9TT');
    given(scenario({ hands: [['9T'], []] })).when({ type: 'discard', cards: ['9TT'] }, P0).thenError('INVALID_COMMAND');
    // The fresh-deck order is the shuffle input (README "Shuffles"): its positions, and none for a non-card.
    expect(deck.map(canonicalIndex)).toEqual(deck.map((_, i) => i));
    expect(canonicalIndex('9TT')).toBe(-1);
  });

  it('CARD-2: suits are Rams R, Masks M, Crows C, Tomes T', () => {
    expect(SUITS).toEqual(['R', 'M', 'C', 'T']);
    expect(parseCard('9T')).toEqual({ kind: 'std', suit: 'T', value: 9 });
    expect(parseCard('13C')).toEqual({ kind: 'std', suit: 'C', value: 13 });
    expect(isCardCode('14R')).toBe(false);
    expect(isCardCode('0M')).toBe(false);
  });

  it('CARD-3: the RJ is worth 14 and its suit is chosen by its player, locked at Step D after the cheats [AMB-39]', () => {
    expect(cardValue('RJ')).toBe(14);
    expect(cardSuit('RJ')).toBeNull();
    expect(cardSuit('RJ', 'C')).toBe('C');
    const s = scenario({ decks: [['RJ'], []], hands: [['2R'], []] }).do({ type: 'simpleDuel', stat: 3, tn: 10, tnSuits: ['C'] }, P0);
    s.expectPending('cheat', 0); // Step C comes first…
    const d = s.answer('decline');
    expect(d.expectPending('redJokerSuit', 0).legal).toEqual(['R', 'M', 'C', 'T']); // …then Step D
    expect(d.lastOf('DuelTotalsAnnounced')).toBeUndefined();
    const done = d.answer('C');
    expect(done.lastOf('DuelResolved')?.result.attacker).toMatchObject({ total: 17, suits: ['C'], succeeded: true });
  });

  it('CARD-4: the BJ is worth 0, has no suit and never meets a suit requirement', () => {
    expect(parseCard('BJ')).toEqual({ kind: 'BJ' });
    expect(parseCard('RJ')).toEqual({ kind: 'RJ' });
    expect(freshDeck().filter(isJoker)).toEqual(['RJ', 'BJ']);
    expect(cardValue('BJ')).toBe(0);
    expect(cardSuit('BJ', 'R')).toBeNull();
    const s = scenario({ decks: [['BJ'], []] }).do({ type: 'simpleDuel', stat: 9, statSuits: ['R'], tn: 5, tnSuits: ['R', 'M'] }, P0);
    expect(s.lastOf('DuelResolved')?.result.attacker).toMatchObject({ total: 9, suits: ['R'], succeeded: false });
  });

  it('CARD-5: bands are weak 0–5 (BJ), moderate 6–10, severe 11–14 (RJ)', () => {
    expect([0, 5, 6, 10, 11, 14].map(band)).toEqual(['weak', 'weak', 'moderate', 'moderate', 'severe', 'severe']);
    expect(band(cardValue('BJ'))).toBe('weak');
    expect(band(cardValue('RJ'))).toBe('severe');
  });
});
