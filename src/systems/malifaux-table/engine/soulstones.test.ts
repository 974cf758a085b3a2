/** SS-1..SS-5. */
import { describe, expect, it } from 'vitest';
import { soulstoneReduction } from './damage.js';
import { P0, P1, REF, STRANGER, given, scenario } from './testkit.js';

const opposed = { type: 'opposedDuel', attacker: 0, attackerStat: 5, defenderStat: 5 } as const;

describe('soulstones', () => {
  it('SS-1: only soulstone users are asked; others are refused with the rule', () => {
    const s = scenario({ decks: [['9M'], ['5C']], hands: [['1R'], ['1C']], soulstones: [3, 3] }).do({ ...opposed, defenderSoulstoneUser: true }, P0);
    s.expectPending('soulstone', 1); // the attacker is not a user: no Step A decision for it
    const later = s.answer('none');
    given(later).when({ type: 'useSoulstone', use: 'plus' }, P0).thenError('NOT_A_SOULSTONE_USER', 'SS-1');
  });

  it('SS-2: the pool is set publicly by its player (or a referee), may exceed 10, and cannot be spent below 0', () => {
    given(scenario()).when({ type: 'setSoulstones', seat: 0, count: 12 }, P0).then([{ type: 'SoulstonesSet', seat: 0, count: 12, by: 'alice' }]);
    given(scenario()).when({ type: 'setSoulstones', seat: 1, count: 2 }, P0).thenError('NOT_YOUR_SEAT');
    given(scenario()).when({ type: 'setSoulstones', seat: 1, count: 2 }, REF).then([{ type: 'SoulstonesSet', seat: 1, count: 2, by: 'judge' }]);
    given(scenario()).when({ type: 'setSoulstones', seat: 0, count: -1 }, P0).thenError('INVALID_COMMAND');
    // With an empty pool the Step A decision is not even asked, and a spend is refused.
    const s = scenario({ decks: [['9M'], ['5C']], hands: [['1R'], ['1C']], soulstones: [0, 0] }).do({ ...opposed, attackerSoulstoneUser: true }, P0);
    expect(s.events).toContainEqual({ type: 'SoulstoneDeclined', seat: 0, purpose: 'duel', role: 'attacker', reason: 'emptyPool' });
    given(s).when({ type: 'useSoulstone', use: 'plus' }, P0).thenError('SOULSTONES_EMPTY', 'SS-2');
  });

  it('SS-2: a referee emptying a pool while its Step A decision is open closes the decision', () => {
    const s = scenario({ soulstones: [2, 0] }).do({ ...opposed, attackerSoulstoneUser: true }, P0);
    s.expectPending('soulstone', 0);
    const r = s.do({ type: 'setSoulstones', seat: 0, count: 0 }, REF);
    expect(r.last.map((e) => e.type).slice(0, 2)).toEqual(['SoulstonesSet', 'SoulstoneDeclined']);
  });

  it('SS-3: Duel use gives + or a named suit; Prevent gives −; Reduce flips 1/2/3 (BJ 0, RJ 4), uncheatable [AMB-18]', () => {
    const s = scenario({ decks: [['9M', '2M'], []], soulstones: [1, 0] }).do({ type: 'simpleDuel', stat: 5, tn: 10, soulstoneUser: true }, P0);
    expect(s.expectPending('soulstone', 0).legal).toEqual(['none', 'plus', 'R', 'M', 'C', 'T']);
    const plus = s.answer('plus');
    expect(plus.events).toContainEqual(expect.objectContaining({ type: 'CardsFlipped', net: 1, cards: ['9M', '2M'] }));
    expect([soulstoneReduction('3C'), soulstoneReduction('8C'), soulstoneReduction('12C'), soulstoneReduction('BJ'), soulstoneReduction('RJ')]).toEqual([1, 2, 3, 0, 4]);
    const prevent = scenario({ decks: [['9M', '2M'], []], soulstones: [0, 1] }).do({ type: 'damageFlip', profile: [1, 2, 3], targetSoulstoneUser: true }, P0).answer('spend');
    expect(prevent.events).toContainEqual(expect.objectContaining({ type: 'CardsFlipped', slot: 'damage', net: -1 }));
  });

  it('SS-3: Draw use spends one stone for two cards, then the hand is discarded down to its maximum (LOC-5)', () => {
    const hand = ['1R', '2R', '3R', '4R', '5R'];
    const s = scenario({ decks: [['9M', '10M', '11M'], []], hands: [hand, []], soulstones: [1, 0] });
    const drawn = s.do({ type: 'soulstoneDraw' }, P0);
    expect(drawn.last).toEqual([
      { type: 'SoulstoneUsed', seat: 0, purpose: 'draw', role: null, use: null },
      { type: 'CardsDrawn', seat: 0, cards: ['9M', '10M'] },
    ]);
    expect(drawn.active.seats[0].soulstones).toBe(0);
    // 7 cards in hand against a maximum of 6: nothing else happens until Alice discards one.
    drawn.expectPending('discardDown', 0);
    given(drawn).when({ type: 'draw', count: 1 }, P0).thenError('WAITING_FOR_DECISION');
    const down = drawn.answer('1R');
    expect(down.active.seats[0].hand).toEqual(['2R', '3R', '4R', '5R', '9M', '10M']);
    expect(down.pending).toBeNull();
    // The player spends even with no soulstone user; only an empty pool refuses, and changes nothing.
    given(down).when({ type: 'soulstoneDraw' }, P0).thenError('SOULSTONES_EMPTY', 'SS-3');
    given(scenario()).when({ type: 'soulstoneDraw' }, STRANGER).thenError('NOT_A_PLAYER');
  });

  it('SS-4: one stone per effect: Prevent or Reduce on one damage, not both [AMB-14]; a game option allows both', () => {
    const fixture = { decks: [['12M', '13M'], ['12C']] as [string[], string[]], soulstones: [0, 2] as [number, number] };
    const s = scenario(fixture).do({ type: 'damageFlip', profile: [2, 3, 4], targetSoulstoneUser: true }, P0).answer('spend');
    expect(s.last).toContainEqual({ type: 'SoulstoneDeclined', seat: 1, purpose: 'reduce', role: null, reason: 'oneStonePerEffect' });
    // While the damage is still being resolved (the dealer may cheat a net 0 flip), a Reduce is refused with the rule.
    const open = scenario({ ...fixture, hands: [['1R'], []] }).do({ type: 'damageFlip', profile: [2, 3, 4], fate: 1, targetSoulstoneUser: true }, P0).answer('spend');
    open.expectPending('cheat', 0);
    given(open).when({ type: 'reduceDamage', spend: true }, P1).thenError('SOULSTONE_ONE_PER_EFFECT', 'SS-4');
    const both = scenario({ ...fixture, options: { preventAndReduce: true } }).do({ type: 'damageFlip', profile: [2, 3, 4], targetSoulstoneUser: true }, P0).answer('spend');
    both.expectPending('reduce', 1);
    expect(both.answer('spend').lastOf('DamageResolved')?.result).toMatchObject({ card: '12M', base: 4, soulstoneReduction: 3, final: 1 });
  });

  it('SS-5: spending is always optional, and the controller’s pool pays', () => {
    const s = scenario({ decks: [['9M'], ['5C']], soulstones: [1, 1] }).do({ ...opposed, attackerSoulstoneUser: true, defenderSoulstoneUser: true }, P0);
    const after = s.answer('none').answer('none');
    expect(after.active.seats.map((z) => z.soulstones)).toEqual([1, 1]);
    const spent = s.answer('none').answer('T');
    expect(spent.active.seats.map((z) => z.soulstones)).toEqual([1, 0]);
    expect(spent.lastOf('DuelResolved')?.result.defender?.suits).toEqual(['C', 'T']);
  });
});
