/**
 * A flip both players make at once (`pair`, START-3's initiative flip, run by the whole game through this
 * engine): the lower card as flipped decides first whether to cheat (AMB-10), the holder on equal cards;
 * then each flip's result, the initiator's first.
 */
import { describe, expect, it } from 'vitest';
import type { CardCode } from './cards.js';
import { pairCheatOrder } from './cheat.js';
import type { Seat } from './schema.js';
import { P0, P1, scenario } from './testkit.js';

/** Seat 0 flips `card0`, seat 1 `card1`; both hold a 13 to cheat with. The flip is `initiator`'s, its pair the other's. */
function pairFlip(card0: CardCode, card1: CardCode, initiator: Seat, firstOnTie: Seat) {
  return scenario({ decks: [[card0], [card1]], hands: [['13T'], ['13C']] }).do({ type: 'flip', modifier: 0, label: 'Initiative', pair: { firstOnTie } }, initiator === 0 ? P0 : P1);
}

const resolved = (s: ReturnType<typeof pairFlip>) => s.events.filter((e) => e.type === 'FlipResolved').map((e) => (e.type === 'FlipResolved' ? [e.result.seat, e.result.card] : null));

describe('a flip both players make at once (START-3)', () => {
  it('START-3, AMB-10: the lower card decides first whether to cheat, whoever began the flip', () => {
    pairFlip('9M', '4R', 0, 0).expectPending('cheat', 1);
    pairFlip('3M', '12R', 0, 1).expectPending('cheat', 0);
    // Begun by seat 1: its card is the main flip's, seat 0's the pair's.
    pairFlip('4M', '9R', 1, 1).expectPending('cheat', 0);
    pairFlip('12M', '3R', 1, 0).expectPending('cheat', 1);
  });

  it('AMB-10: the order of both seats, by the cards as flipped (each seat’s value, by seat)', () => {
    expect(pairCheatOrder([9, 4], 0)).toEqual([1, 0]);
    expect(pairCheatOrder([3, 12], 1)).toEqual([0, 1]);
    expect(pairCheatOrder([7, 7], 1)).toEqual([1, 0]);
    expect(pairCheatOrder([7, 7], 0)).toEqual([0, 1]);
  });

  it('START-3: on equal cards the holder (firstOnTie) decides first', () => {
    pairFlip('7M', '7R', 0, 1).expectPending('cheat', 1);
    pairFlip('7M', '7R', 0, 0).expectPending('cheat', 0);
    pairFlip('7M', '7R', 1, 0).expectPending('cheat', 0);
  });

  it('START-3: after the first decision the other player decides; then both results, the initiator’s first', () => {
    const s = pairFlip('9M', '4R', 0, 0);
    const second = s.answer('decline');
    second.expectPending('cheat', 0);
    expect(resolved(second)).toEqual([]);
    const done = second.answer('decline');
    expect(done.pending).toBeNull();
    expect(resolved(done)).toEqual([
      [0, '9M'],
      [1, '4R'],
    ]);
    const byOne = pairFlip('4M', '9R', 1, 1).answer('decline').answer('decline');
    expect(resolved(byOne)).toEqual([
      [1, '9R'],
      [0, '4M'],
    ]);
  });

  it('CHEAT-1 in a paired flip: the cheated card is that seat’s result; the other’s stays as flipped', () => {
    const done = pairFlip('9M', '4R', 0, 0).answer('13C').answer('decline');
    expect(resolved(done)).toEqual([
      [0, '9M'],
      [1, '13C'],
    ]);
    expect(done.active.seats[1].hand).toEqual([]);
    expect(done.active.seats[0].hand).toEqual(['13T']);
  });
});
