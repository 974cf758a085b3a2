/**
 * The spec's test vectors (§16) that concern cards, flips, duels, damage and soulstones: TV-1..TV-11, and
 * TV-13 step 1 (the Start Phase draw with a soulstone). The others are the game's (turns, scoring, setup).
 */
import { describe, expect, it } from 'vitest';
import { P0, P1, given, scenario } from './testkit.js';
import type { Command, DuelResolution } from './schema.js';

describe('TV-1 Basse vs Pandora', () => {
  it('TV-1 part 1: a soulstone for + reveals 6C and 9T, keeps the 9: 5 + 9 = 14 ≥ 13, success without cheating', () => {
    const s0 = scenario({ decks: [['6C', '9T'], []], hands: [['2R'], []], soulstones: [1, 0] });
    const s1 = s0.do({ type: 'simpleDuel', stat: 5, tn: 13, soulstoneUser: true }, P0);
    s1.expectPending('soulstone', 0);
    const s2 = s1.answer('plus');
    expect(s2.last).toMatchObject([
      { type: 'SoulstoneUsed', seat: 0, purpose: 'duel', use: 'plus' },
      { type: 'CardsFlipped', seat: 0, slot: 'attacker', net: 1, cards: ['6C', '9T'] },
    ]);
    expect(s2.active.seats[0].soulstones).toBe(0);
    s2.expectPending('pick', 0);
    const s3 = s2.answer('9T');
    s3.expectPending('cheat', 0);
    const s4 = s3.answer('decline');
    const resolved = s4.lastOf('DuelResolved');
    expect(resolved?.result.attacker).toMatchObject({ total: 14, succeeded: true, card: '9T' });
    expect(s4.active.resolution).toBeNull();
    expect(s4.active.seats[0].discard).toEqual(['6C', '9T']);
  });

  it('TV-1 part 2: Basse (10) is lower, cheats first with 10M → 16 ≥ 15; diff 1 makes the damage flip − and uncheatable', () => {
    const s0 = scenario({ decks: [['4R', '5C', '8T'], ['10C']], hands: [['10M', '13R'], ['2C']] });
    const s1 = s0.do({ type: 'opposedDuel', attacker: 0, attackerStat: 6, defenderStat: 5, damage: { profile: [2, 3, 4] } }, P0);
    // Step B flips both, Step C: the lower total (Basse, 10 vs 15) decides first.
    s1.expectPending('cheat', 0);
    const s2 = s1.answer('10M');
    s2.expectPending('cheat', 1);
    const s3 = s2.answer('decline');
    const duel = s3.lastOf('DuelResolved')?.result;
    expect(duel?.attacker).toMatchObject({ total: 16, succeeded: true });
    expect(duel?.defender).toMatchObject({ total: 15, succeeded: false });
    expect(duel?.diff).toBe(1);
    expect(duel?.precision).toBe(-1);
    expect(s3.last).toContainEqual({ type: 'CardsFlipped', seat: 0, slot: 'damage', net: -1, cheatable: true, cards: ['5C', '8T'] });
    expect(s3.last).toContainEqual({ type: 'CheatSkipped', seat: 0, slot: 'damage', rule: 'CHEAT-3a', code: 'CHEAT_FORBIDDEN_NEGATIVE_FLIP' });
    expect(s3.lastOf('DamageResolved')?.result).toMatchObject({ card: '5C', final: 2 });
  });
});

describe('TV-2..TV-4 flips', () => {
  it('TV-2: net +3 reveals 4 cards, any is legal; net +5 still reveals only 4', () => {
    const s = scenario({ decks: [['3T', '12R', '7M', '5C', '1R'], []] }).do({ type: 'flip', modifier: 3 }, P0);
    expect(s.expectPending('pick', 0).legal).toEqual(['3T', '12R', '7M', '5C']);
    expect(s.answer('12R').lastOf('FlipResolved')?.result.card).toBe('12R');
    const five = scenario({ decks: [['3T', '12R', '7M', '5C', '1R'], []] }).do({ type: 'flip', modifier: 5 }, P0);
    expect(five.lastOf('CardsFlipped')?.cards).toEqual(['3T', '12R', '7M', '5C']);
  });

  it('TV-3: net −2 reveals 9R RJ 2C; the legal picks are 2C and the RJ; no cheating (net −)', () => {
    const s = scenario({ decks: [['9R', 'RJ', '2C'], []], hands: [['13M'], []] }).do({ type: 'flip', modifier: -2 }, P0);
    expect(s.expectPending('pick', 0).legal).toEqual(['RJ', '2C']);
    const after = s.answer('RJ');
    expect(after.last).toContainEqual({ type: 'CheatSkipped', seat: 0, slot: 'main', rule: 'CHEAT-3a', code: 'CHEAT_FORBIDDEN_NEGATIVE_FLIP' });
    expect(after.lastOf('FlipResolved')?.result).toMatchObject({ card: 'RJ', value: 14, band: 'severe' });
  });

  it('TV-4: net + reveals BJ 13M: the BJ is taken, cannot be cheated; as damage it deals 0 and no blasts even with +1', () => {
    given(scenario({ decks: [['BJ', '13M'], []], hands: [['13C'], []] }))
      .when({ type: 'flip', modifier: 1 }, P0)
      .thenIncludes([
        { type: 'FlipCardChosen', card: 'BJ', forced: true, discarded: ['13M'] },
        { type: 'CheatSkipped', rule: 'CHEAT-3b' },
        { type: 'FlipResolved', result: { seat: 0, card: 'BJ', value: 0, band: 'weak', suit: null } },
      ]);
    given(scenario({ decks: [['BJ', '13M'], []], hands: [['13C'], []] }))
      .when({ type: 'damageFlip', profile: [2, 3, 4], blasts: [1, 1, 2], plus: 1, fate: 1 }, P0)
      .thenIncludes([{ type: 'CheatSkipped', rule: 'CHEAT-3b' }, { type: 'DamageResolved', result: { card: 'BJ', base: 0, final: 0, blasts: 0, blastDamage: null } }]);
  });
});

describe('TV-5..TV-8 duels', () => {
  it('TV-5: tied 13–13, the defender cheats first (9R → 15), then the attacker (11C → 16); diff 1 → −', () => {
    const s0 = scenario({ decks: [['8M'], ['7T']], hands: [['11C'], ['9R']] });
    const s1 = s0.do({ type: 'opposedDuel', attacker: 0, attackerStat: 5, defenderStat: 6 }, P0);
    s1.expectPending('cheat', 1);
    const s2 = s1.answer('9R');
    s2.expectPending('cheat', 0);
    const s3 = s2.answer('11C');
    const r = s3.lastOf('DuelResolved')?.result;
    expect([r?.attacker.total, r?.defender?.total, r?.attacker.succeeded, r?.precision]).toEqual([16, 15, true, -1]);
  });

  it('TV-6: the defender flips the RJ (18); the attacker (11) cannot cheat, the defender may; the defender succeeds', () => {
    const s1 = scenario({ decks: [['5R'], ['RJ']], hands: [['13C'], ['1C']] }).do({ type: 'opposedDuel', attacker: 0, attackerStat: 6, defenderStat: 4 }, P0);
    expect(s1.last).toContainEqual({ type: 'CheatSkipped', seat: 0, slot: 'attacker', rule: 'CHEAT-3c', code: 'CHEAT_FORBIDDEN_RED_JOKER' });
    s1.expectPending('cheat', 1);
    const s2 = s1.answer('decline');
    s2.expectPending('redJokerSuit', 1);
    const s3 = s2.answer('M');
    const r = s3.lastOf('DuelResolved')?.result;
    expect(r?.defender).toMatchObject({ total: 18, suits: ['M'], succeeded: true });
    expect(r?.attacker).toMatchObject({ total: 11, succeeded: false });
  });

  it('TV-7: TN 12 with Masks: 5 + 8C = 13 {C} fails; a soulstone Masks succeeds; cheating 7M (12 {M}) succeeds', () => {
    const duel: Command = { type: 'simpleDuel', stat: 5, tn: 12, tnSuits: ['M'], soulstoneUser: true };
    const base = scenario({ decks: [['8C'], []], hands: [['7M'], []], soulstones: [1, 0] }).do(duel, P0);
    const plain = base.answer('none').answer('decline');
    expect(plain.lastOf('DuelResolved')?.result.attacker).toMatchObject({ total: 13, suits: ['C'], succeeded: false });
    const stone = base.answer('M').answer('decline');
    expect(stone.lastOf('DuelResolved')?.result.attacker).toMatchObject({ total: 13, suits: ['C', 'M'], succeeded: true });
    const cheat = base.answer('none').answer('7M');
    expect(cheat.lastOf('DuelResolved')?.result.attacker).toMatchObject({ total: 12, suits: ['M'], succeeded: true });
  });

  it('TV-8: TN 14, attacker 13 vs defender 12: both fail, and an "after succeeding" resist trigger does not fire', () => {
    const s1 = scenario({ decks: [['9R'], ['7C']] }).do(
      {
        type: 'opposedDuel',
        attacker: 0,
        attackerStat: 4,
        defenderStat: 5,
        tn: 14,
        defenderTriggers: [{ name: 'Counterspell', suits: ['C'], timing: 'afterSucceeding' }],
      },
      P0,
    );
    s1.expectPending('trigger', 1);
    const s2 = s1.answer('Counterspell');
    const r = s2.lastOf('DuelResolved')?.result;
    expect([r?.attacker.succeeded, r?.defender?.succeeded]).toEqual([false, false]);
    expect(r?.triggers).toEqual([{ role: 'defender', seat: 1, name: 'Counterspell', timing: 'afterSucceeding', status: 'fizzles' }]);
  });
});

describe('TV-9..TV-11 damage', () => {
  it('TV-9: won by 7, cover −, 12T 6R → 6R (4), Armor 3, Shielded 2, soulstone 13M −3 → 0, nothing suffered', () => {
    const s1 = scenario({ decks: [['10R', '12T', '6R'], ['5T', '13M']], soulstones: [0, 1] }).do(
      {
        type: 'opposedDuel',
        attacker: 0,
        attackerStat: 7,
        defenderStat: 4,
        inCover: true,
        damage: { profile: [2, 4, 5] },
        armor: 1,
        shielded: 1,
        targetSoulstoneUser: true,
      },
      P0,
    );
    const duel = s1.lastOf('DuelResolved')?.result;
    expect([duel?.attacker.total, duel?.defender?.total, duel?.diff, duel?.precision]).toEqual([17, 10, 7, 0]);
    s1.expectPending('prevent', 1);
    const s2 = s1.answer('decline'); // SS-4: keep the stone for the reduction
    expect(s2.last).toContainEqual({ type: 'CardsFlipped', seat: 0, slot: 'damage', net: -1, cheatable: true, cards: ['12T', '6R'] });
    expect(s2.last).toContainEqual({ type: 'FlipCardChosen', seat: 0, slot: 'damage', card: '6R', forced: true, discarded: ['12T'] });
    expect(s2.expectPending('reduce', 1)).toMatchObject({ damage: 2 });
    const s3 = s2.answer('spend');
    expect(s3.lastOf('DamageResolved')?.result).toMatchObject({
      card: '6R',
      band: 'moderate',
      base: 4,
      afterArmor: 3,
      shieldedUsed: true,
      afterReductions: 2,
      soulstoneCard: '13M',
      soulstoneReduction: 3,
      final: 0,
      suffered: false,
    });
    expect(s3.active.seats[1].soulstones).toBe(0);
  });

  it('TV-10: 1 damage vs Armor +2 stays 1; with Shielded +1 it drops to 0', () => {
    given(scenario()).when({ type: 'damageFlip', profile: 1, armor: 2 }, P0).thenIncludes([{ type: 'DamageResolved', result: { base: 1, afterArmor: 1, final: 1 } }]);
    given(scenario()).when({ type: 'damageFlip', profile: 1, armor: 2, shielded: 1 }, P0).thenIncludes([{ type: 'DamageResolved', result: { afterArmor: 1, shieldedUsed: true, final: 0 } }]);
  });

  it('TV-11: blasts of 2/3☼/4☼☼: severe 4 + 2 blasts of 3, RJ 5 + 2 of 3, moderate 3 + 1 of 2; weak gives 1; none on a friendly target', () => {
    const run = (card: string, friendly = false) => {
      const s = scenario({ decks: [[card], []] }).do({ type: 'damageFlip', profile: [2, 3, 4], blasts: [1, 1, 2], friendly }, P0);
      const after = s.pending?.kind === 'redJokerSuit' ? s.answer('R') : s;
      return after.lastOf('DamageResolved')?.result;
    };
    expect(run('12C')).toMatchObject({ final: 4, blasts: 2, blastDamage: 3 });
    expect(run('RJ')).toMatchObject({ final: 5, blasts: 2, blastDamage: 3 });
    expect(run('7C')).toMatchObject({ final: 3, blasts: 1, blastDamage: 2 });
    expect(run('3C')).toMatchObject({ final: 2, blasts: 1, blastDamage: 1 });
    expect(run('12C', true)).toMatchObject({ final: 4, blasts: 0, blastDamage: null });
  });
});

describe('duel state stays inspectable', () => {
  it('the resolution in the state shows both flips while a decision is pending', () => {
    const s = scenario({ decks: [['8M'], ['7T']], hands: [['11C'], ['9R']] }).do({ type: 'opposedDuel', attacker: 0, attackerStat: 5, defenderStat: 6 }, P0);
    const res = s.active.resolution as DuelResolution;
    expect(res.flips.map((f) => [f.slot, f.taken])).toEqual([
      ['attacker', '8M'],
      ['defender', '7T'],
    ]);
    expect(s.pending?.seat).toBe(P1.seat);
  });
});

describe('TV-13 Start Phase', () => {
  it('TV-13 step 1: A holds 3, draws up to 6, spends a soulstone for 2 more (8) and discards 2 (START-2, SS-3, LOC-5)', () => {
    const s0 = scenario({ hands: [['1R', '2R', '3R'], []], decks: [['4M', '5M', '6M', '7M', '8M'], []], soulstones: [1, 0] });
    const s1 = s0.do({ type: 'draw' }, P0);
    expect(s1.last).toEqual([{ type: 'CardsDrawn', seat: 0, cards: ['4M', '5M', '6M'] }]);
    const s2 = s1.do({ type: 'soulstoneDraw' }, P0);
    expect(s2.active.seats[0].hand).toHaveLength(8);
    expect(s2.active.seats[0].soulstones).toBe(0);
    expect(s2.expectPending('discardDown', 0)).toMatchObject({ count: 2 });
    const s3 = s2.answer(['1R', '2R']);
    expect(s3.active.seats[0].hand).toEqual(['3R', '4M', '5M', '6M', '7M', '8M']);
    expect(s3.lastOf('CardsDiscarded')).toEqual({ type: 'CardsDiscarded', seat: 0, cards: ['1R', '2R'], reason: 'handLimit' });
  });
});
