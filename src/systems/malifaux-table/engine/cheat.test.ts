/** CHEAT-1..CHEAT-6, with a refusal for each CHEAT-3 condition. */
import { describe, expect, it } from 'vitest';
import { P0, P1, given, scenario } from './testkit.js';

const opposed = { type: 'opposedDuel', attacker: 0, attackerStat: 5, defenderStat: 5 } as const;

describe('cheating fate', () => {
  it('CHEAT-1: a hand card replaces the flip’s card in the conflict and the flipped card is discarded', () => {
    const s = scenario({ decks: [['4R'], []], hands: [['12T', '1M'], []] }).do({ type: 'flip', modifier: 0 }, P0);
    given(s)
      .when({ type: 'cheatFate', card: '12T' }, P0)
      .then([
        { type: 'FateCheated', seat: 0, slot: 'main', card: '12T', replaced: '4R' },
        { type: 'FlipResolved', result: { card: '12T', value: 12 } },
        { type: 'ResolutionEnded', discarded: [['12T'], []] },
      ]);
    const after = s.do({ type: 'cheatFate', card: '12T' }, P0);
    expect(after.active.seats[0].discard).toEqual(['4R', '12T']);
    expect(after.active.seats[0].hand).toEqual(['1M']);
  });

  it('CHEAT-2: a cheat is not a flip: nothing is revealed from the deck', () => {
    const s = scenario({ decks: [['4R'], []], hands: [['12T'], []] }).do({ type: 'flip', modifier: 0 }, P0);
    const deck = s.active.seats[0].deck.length;
    const after = s.do({ type: 'cheatFate', card: '12T' }, P0);
    expect(after.active.seats[0].deck.length).toBe(deck);
    expect(after.last.some((e) => e.type === 'CardsFlipped')).toBe(false);
  });

  it('CHEAT-3a: no cheat on a net − flip [AMB-7]; asking is refused with the rule', () => {
    // The attacker (3 + 6 = 9) is lower than the defender (5 + 5 = 10), so it is considered first.
    const s = scenario({ decks: [['6R', '9R'], ['5C']], hands: [['13R'], ['13C']] }).do({ ...opposed, attackerStat: 3, attackerFate: -1 }, P0);
    expect(s.events).toContainEqual({ type: 'CheatSkipped', seat: 0, slot: 'attacker', rule: 'CHEAT-3a', code: 'CHEAT_FORBIDDEN_NEGATIVE_FLIP' });
    s.expectPending('cheat', 1);
    given(s).when({ type: 'cheatFate', card: '13R' }, P0).thenError('CHEAT_FORBIDDEN_NEGATIVE_FLIP', 'CHEAT-3a');
  });

  it('CHEAT-3b: no cheat when the flip’s card is the BJ', () => {
    const s = scenario({ decks: [['BJ'], ['5C']], hands: [['13R'], ['13C']] }).do(opposed, P0);
    s.expectPending('cheat', 1);
    given(s).when({ type: 'cheatFate', card: '13R' }, P0).thenError('CHEAT_FORBIDDEN_BLACK_JOKER', 'CHEAT-3b');
  });

  it('CHEAT-3c: in an opposed duel, no cheat when the opponent flipped the RJ [AMB-8]', () => {
    const s = scenario({ decks: [['5R'], ['RJ']], hands: [['13R'], ['13C']] }).do(opposed, P0);
    s.expectPending('cheat', 1);
    given(s).when({ type: 'cheatFate', card: '13R' }, P0).thenError('CHEAT_FORBIDDEN_RED_JOKER', 'CHEAT-3c');
  });

  it('CHEAT-3d: no cheat when the effect forbids it (cheatable: false, and always on the soulstone reduction flip)', () => {
    const s = scenario({ decks: [['10R'], ['13M']], hands: [['13R'], []], soulstones: [0, 1] }).do(
      { type: 'damageFlip', profile: [2, 3, 4], cheatable: false, targetSoulstoneUser: true },
      P0,
    );
    s.expectPending('prevent', 1); // DMG-7 step 1 comes before the flip
    const flipped = s.answer('decline');
    expect(flipped.last).toContainEqual({ type: 'CheatSkipped', seat: 0, slot: 'damage', rule: 'CHEAT-3d', code: 'CHEAT_FORBIDDEN_BY_EFFECT' });
    flipped.expectPending('reduce', 1);
    given(flipped).when({ type: 'cheatFate', card: '13R' }, P0).thenError('CHEAT_FORBIDDEN_BY_EFFECT', 'CHEAT-3d');
    const reduced = flipped.answer('spend');
    expect(reduced.last).toContainEqual({ type: 'CheatSkipped', seat: 1, slot: 'reduce', rule: 'CHEAT-3d', code: 'CHEAT_FORBIDDEN_BY_EFFECT' });
  });

  it('CHEAT-3e: a player who has cheated or declined for this flip cannot decide again', () => {
    const s = scenario({ decks: [['5R'], ['8C']], hands: [['13R', '12R'], ['13C']] }).do(opposed, P0);
    const cheated = s.answer('12R');
    cheated.expectPending('cheat', 1);
    given(cheated).when({ type: 'cheatFate', card: '13R' }, P0).thenError('CHEAT_ALREADY_DECIDED', 'CHEAT-3e');
    given(cheated).when({ type: 'declineCheat' }, P0).thenError('CHEAT_ALREADY_DECIDED', 'CHEAT-3e');
  });

  it('CHEAT-3f: no cheat with an empty hand', () => {
    const s = scenario({ decks: [['5R'], ['8C']], hands: [[], ['13C']] }).do(opposed, P0);
    expect(s.events).toContainEqual({ type: 'CheatSkipped', seat: 0, slot: 'attacker', rule: 'CHEAT-3f', code: 'CHEAT_FORBIDDEN_EMPTY_HAND' });
    given(s).when({ type: 'cheatFate', card: '13R' }, P0).thenError('CHEAT_FORBIDDEN_EMPTY_HAND', 'CHEAT-3f');
  });

  it('CHEAT-4: one decision per flip and per duel; declining is final', () => {
    const s = scenario({ decks: [['5R'], ['8C']], hands: [['13R'], ['13C']] }).do(opposed, P0);
    const declined = s.answer('decline');
    declined.expectPending('cheat', 1);
    const done = declined.answer('decline');
    expect(done.lastOf('DuelResolved')).toBeDefined();
    expect(done.events.filter((e) => e.type === 'CheatDeclined')).toHaveLength(2);
  });

  it('CHEAT-5: any hand card may be used: a cheated RJ counts 14 with a chosen suit and does not block; a cheated BJ counts 0 with no suit', () => {
    const s = scenario({ decks: [['5R'], ['8C']], hands: [['RJ'], ['13C']] }).do(opposed, P0);
    given(s).when({ type: 'cheatFate', card: '9R' }, P0).thenError('CARD_NOT_IN_HAND', 'CHEAT-5');
    const cheated = s.answer('RJ');
    cheated.expectPending('cheat', 1); // a cheated-in RJ does not block (AMB-8)
    const done = cheated.answer('decline').answer('T');
    expect(done.lastOf('DuelResolved')?.result.attacker).toMatchObject({ card: 'RJ', cardValue: 14, suits: ['T'], total: 19 });
    const bj = scenario({ decks: [['5R'], []], hands: [['BJ'], []] }).do({ type: 'simpleDuel', stat: 5, tn: 1, tnSuits: ['R'] }, P0).answer('BJ');
    expect(bj.lastOf('DuelResolved')?.result.attacker).toMatchObject({ card: 'BJ', total: 5, suits: [], succeeded: false });
  });

  it('CHEAT-6: "flipped joker" checks look at the card before the cheat; value effects at the final card', () => {
    // Flipped 13M then cheated the BJ: the cheat was allowed (13M was flipped), and the damage is the BJ's 0.
    const s = scenario({ decks: [['13M'], []], hands: [['BJ'], []] }).do({ type: 'damageFlip', profile: [2, 3, 4], plus: 2 }, P0);
    s.expectPending('cheat', 0);
    expect(s.answer('BJ').lastOf('DamageResolved')?.result).toMatchObject({ card: 'BJ', final: 0 });
    // The defender cheats away a flipped RJ? It cannot be cheated away before the block applies: the attacker stays blocked.
    const duel = scenario({ decks: [['9R'], ['RJ']], hands: [['13R'], ['1C']] }).do(opposed, P0);
    expect(duel.events).toContainEqual(expect.objectContaining({ type: 'CheatSkipped', seat: 0, rule: 'CHEAT-3c' }));
    given(duel).when({ type: 'cheatFate', card: '1C' }, P1).thenIncludes([{ type: 'FateCheated', card: '1C', replaced: 'RJ' }]);
  });

  it('DUEL-4 C: on equal totals before any cheat the defender decides first', () => {
    // Alice 5 + 5R = 10, Bob 5 + 5C = 10.
    const s = scenario({ decks: [['5R'], ['5C']], hands: [['13R'], ['13C']] }).do(opposed, P0);
    s.expectPending('cheat', 1);
    s.answer('decline').expectPending('cheat', 0);
  });

  it('DUEL-4 C, DUEL-11: cover’s +1 Df counts in the order: Alice 10 against Bob 10 + 1 is lower and decides first', () => {
    const s = scenario({ decks: [['5R'], ['5C']], hands: [['13R'], ['13C']] }).do({ ...opposed, inCover: true }, P0);
    s.expectPending('cheat', 0);
    s.answer('decline').expectPending('cheat', 1);
    // Cover is the defender's: the same duel with Alice defending puts Bob (the attacker, 10) first.
    const bobAttacks = scenario({ decks: [['5R'], ['5C']], hands: [['13R'], ['13C']] }).do({ ...opposed, attacker: 1, inCover: true }, P1);
    bobAttacks.expectPending('cheat', 1);
  });

  it('CHEAT-3c: the attacker’s flipped RJ blocks the defender’s cheat, not the attacker’s own, nor the damage flip’s (FLIP-10)', () => {
    // Alice 5 + RJ (14) = 19 against Bob 5 + 5C = 10: Bob is lower and would decide first, but he may not cheat.
    const s = scenario({ decks: [['RJ', '3C'], ['5C']], hands: [['13R'], ['13C']] }).do({ ...opposed, damage: { profile: [1, 2, 3] } }, P0);
    expect(s.events).toContainEqual({ type: 'CheatSkipped', seat: 1, slot: 'defender', rule: 'CHEAT-3c', code: 'CHEAT_FORBIDDEN_RED_JOKER' });
    expect(s.expectPending('cheat', 0)).toMatchObject({ slot: 'attacker', legal: ['13R'] });
    given(s).when({ type: 'cheatFate', card: '13C' }, P1).thenError('CHEAT_FORBIDDEN_RED_JOKER', 'CHEAT-3c');
    const damage = s.answer('decline').answerAll({ redJokerSuit: 'R' });
    expect(damage.lastOf('DuelResolved')?.result.attacker).toMatchObject({ card: 'RJ', total: 19, succeeded: true });
    // The damage flip shows the 3C and may be cheated: the RJ of the duel does not reach it.
    expect(damage.expectPending('cheat', 0)).toMatchObject({ slot: 'damage', legal: ['13R'] });
  });

  it('DUEL-4 C: the order counts each side’s flat modifier: Alice 5 + 9 + 2 = 16 against Bob 5 + 10 = 15, Bob decides first', () => {
    const s = scenario({ decks: [['9R'], ['10C']], hands: [['13R'], ['13C']] }).do({ ...opposed, attackerModifier: 2 }, P0);
    s.expectPending('cheat', 1);
    s.answer('decline').expectPending('cheat', 0);
  });
});
