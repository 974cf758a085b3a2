/** FLIP-1..FLIP-10. */
import { describe, expect, it } from 'vitest';
import { cardsToReveal, finalCard, legalPicks, variableFlipValue } from './flip.js';
import type { FlipState } from './schema.js';
import { P0, P1, given, scenario } from './testkit.js';

describe('flips', () => {
  it('FLIP-1: cards are revealed from the top; one becomes the flip’s card in the conflict, the rest are discarded', () => {
    const s = scenario({ decks: [['4M', '11T', '2R'], []], hands: [['1C'], []] }).do({ type: 'flip', modifier: 2 }, P0);
    expect(s.active.seats[0].conflict).toEqual(['4M', '11T', '2R']);
    const picked = s.answer('11T');
    expect(picked.active.seats[0].conflict).toEqual(['11T']);
    expect(picked.active.seats[0].discard).toEqual(['4M', '2R']);
  });

  it('FLIP-2: opposite modifiers cancel: the stat’s + and concealment’s − give a single-card flip', () => {
    const s = scenario({ decks: [['6M', '7M'], ['5C']] }).do(
      { type: 'opposedDuel', attacker: 0, attackerStat: 5, defenderStat: 5, attackerFate: 1, inConcealment: true },
      P0,
    );
    expect(s.events.find((e) => e.type === 'CardsFlipped' && e.slot === 'attacker')).toMatchObject({ net: 0, cards: ['6M'] });
  });

  it('FLIP-3: 1 + min(|net|, 3) cards, never more than 4', () => {
    expect([-5, -3, -2, -1, 0, 1, 2, 3, 7].map(cardsToReveal)).toEqual([4, 4, 3, 2, 1, 2, 3, 4, 4]);
  });

  it('FLIP-4: net 0 uses the single card; + chooses any card; − uses the lowest, choosing among ties', () => {
    expect(legalPicks(['9R'], 0)).toEqual(['9R']);
    expect(legalPicks(['9R', '3C', '12M'], 2)).toEqual(['9R', '3C', '12M']);
    expect(legalPicks(['9R', '3C', '3M'], -2)).toEqual(['3C', '3M']);
    const tie = scenario({ decks: [['3C', '3M'], []] }).do({ type: 'flip', modifier: -1 }, P0);
    expect(tie.expectPending('pick', 0).legal).toEqual(['3C', '3M']);
    given(tie).when({ type: 'pickCard', card: '9R' }, P0).thenError('ILLEGAL_PICK', 'FLIP-4');
    given(tie).when({ type: 'pickCard', card: '3M' }, P0).thenIncludes([{ type: 'FlipCardChosen', card: '3M', forced: false, discarded: ['3C'] }]);
  });

  it('FLIP-5: a revealed BJ must be taken; otherwise a revealed RJ may be taken even on a − flip; both jokers → BJ', () => {
    expect(legalPicks(['13R', 'BJ'], 3)).toEqual(['BJ']);
    expect(legalPicks(['8R', 'RJ', '4C'], -2)).toEqual(['RJ', '4C']);
    expect(legalPicks(['RJ', 'BJ'], 1)).toEqual(['BJ']);
    expect(legalPicks(['RJ', 'BJ'], -1)).toEqual(['BJ']);
    given(scenario({ decks: [['RJ', 'BJ'], []] }))
      .when({ type: 'flip', modifier: 1 }, P0)
      .thenIncludes([{ type: 'FlipCardChosen', card: 'BJ', forced: true }]);
  });

  it('FLIP-6: in a duel the active player (the attacker) makes their + choice first', () => {
    const s = scenario({ decks: [['2R', '9R'], ['3T', '10T']] }).do(
      { type: 'opposedDuel', attacker: 0, attackerStat: 5, defenderStat: 5, attackerFate: 1, defenderFate: 1 },
      P0,
    );
    s.expectPending('pick', 0);
    given(s).when({ type: 'pickCard', card: '10T' }, P1).thenError('WAITING_FOR_DECISION');
    s.answer('9R').expectPending('pick', 1);
  });

  it('FLIP-7: a re-flip discards the flip’s cards and flips again with the same modifiers; it does not reopen cheating (CHEAT-4)', () => {
    // More in reflip.test.ts. Alice declined, then an effect makes her re-flip: the new card stands, no second cheat decision.
    const s = scenario({ decks: [['5R', '9R'], ['8C']], hands: [['13R'], ['13C']] }).do({ type: 'opposedDuel', attacker: 0, attackerStat: 5, defenderStat: 5 }, P0);
    const declined = s.answer('decline');
    declined.expectPending('cheat', 1);
    given(declined).when({ type: 'cheatFate', card: '13R' }, P0).thenError('CHEAT_ALREADY_DECIDED', 'CHEAT-3e'); // this flip's decision is made
    const reflipped = declined.do({ type: 'reflip' }, P0);
    expect(reflipped.last.slice(0, 2)).toMatchObject([
      { type: 'FlipDiscardedForReflip', seat: 0, slot: 'attacker', cards: ['5R'], cheatSpent: true },
      { type: 'CardsFlipped', seat: 0, slot: 'attacker', net: 0, cards: ['9R'] },
    ]);
    given(reflipped).when({ type: 'cheatFate', card: '13R' }, P0).thenError('CHEAT_ALREADY_DECIDED', 'CHEAT-4');
    expect(reflipped.answer('decline').lastOf('DuelResolved')?.result.attacker).toMatchObject({ card: '9R', total: 14 });
  });

  it('FLIP-8: the band of the final card (after a cheat) selects a/b/c', () => {
    const s = scenario({ decks: [['3R'], []], hands: [['12C'], []] }).do({ type: 'damageFlip', profile: [1, 3, 5] }, P0);
    const cheated = s.answer('12C');
    expect(cheated.lastOf('DamageResolved')?.result).toMatchObject({ card: '12C', band: 'severe', final: 5 });
    expect(variableFlipValue([1, 3, 5], '7T')).toEqual({ value: 3, band: 'moderate', modifiable: true });
    // A plain variable flip (Assist's 1/2/3, GEN-4: cheatable): the cheated card's band gives the amount.
    const assist = scenario({ decks: [['2R'], []], hands: [['9C'], []] }).do({ type: 'flip', modifier: 0, profile: [1, 2, 3] }, P0).answer('9C');
    expect(assist.lastOf('FlipResolved')?.result).toMatchObject({ card: '9C', band: 'moderate', amount: 2 });
  });

  it('FLIP-9: jokers in a variable flip: the Black Joker gives 0, the Red Joker the severe value + 1', () => {
    // Empty hands: nothing to cheat, so each flip resolves at once.
    const amount = (card: string) => scenario({ decks: [[card], []] }).do({ type: 'flip', modifier: 0, profile: [1, 2, 3] }, P0).lastOf('FlipResolved')?.result.amount;
    expect(amount('BJ')).toBe(0);
    expect(amount('RJ')).toBe(4);
    expect(amount('13C')).toBe(3);
    // Without a profile a flip says no amount.
    expect(scenario({ decks: [['9C'], []] }).do({ type: 'flip', modifier: 0 }, P0).lastOf('FlipResolved')?.result.amount).toBeUndefined();
  });

  it('FLIP-9: in numeric variable flips the BJ gives 0 (unmodifiable) and the RJ the severe value + 1', () => {
    expect(variableFlipValue([2, 3, 4], 'BJ')).toEqual({ value: 0, band: 'weak', modifiable: false });
    expect(variableFlipValue([2, 3, 4], 'RJ')).toEqual({ value: 5, band: 'severe', modifiable: true });
  });

  it('FLIP-10: a flip is not a duel: no soulstone step, no trigger, and a flipped RJ in the duel does not block the damage flip’s cheat', () => {
    const plain = scenario({ decks: [['6R'], []], hands: [['1R'], []], soulstones: [3, 0] }).do({ type: 'flip', modifier: 0 }, P0);
    plain.expectPending('cheat', 0);
    // The defender flips the RJ but loses to the TN-less attack? No: make the attacker win by its stat.
    const s = scenario({ decks: [['13R', '8C'], ['RJ']], hands: [['12M'], []] }).do(
      { type: 'opposedDuel', attacker: 0, attackerStat: 9, defenderStat: 0, damage: { profile: [1, 2, 3] } },
      P0,
    );
    expect(s.events).toContainEqual({ type: 'CheatSkipped', seat: 0, slot: 'attacker', rule: 'CHEAT-3c', code: 'CHEAT_FORBIDDEN_RED_JOKER' });
    const d = s.answerAll({ redJokerSuit: 'R' });
    expect(d.lastOf('DuelResolved')?.result.attacker).toMatchObject({ total: 22, succeeded: true });
    d.expectPending('cheat', 0); // the damage flip (diff 8, no precision modifier) may be cheated
    expect(d.pending).toMatchObject({ slot: 'damage' });
  });

  it('FLIP-1, CHEAT-1: the flip’s card in the conflict is the cheated card if any, else the taken one; no flip, no card', () => {
    const flip: FlipState = { slot: 'main', seat: 0, net: 1, cheatable: true, revealed: ['4M', '11T'], taken: '11T', forced: false, cheat: null, redJokerSuit: null };
    expect(finalCard(undefined)).toBeNull();
    expect(finalCard(flip)).toBe('11T');
    expect(finalCard({ ...flip, cheat: { outcome: 'declined' } })).toBe('11T');
    expect(finalCard({ ...flip, cheat: { outcome: 'cheated', card: '13R' } })).toBe('13R');
  });
});
