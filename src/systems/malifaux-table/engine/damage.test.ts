/** DMG-1..DMG-15 (DMG-16, damage a model chooses, is the whole game's: malifaux-game/engine/play.test.ts). */
import { describe, expect, it } from 'vitest';
import { precisionFor } from './damage.js';
import type { Command } from './schema.js';
import { P0, given, scenario } from './testkit.js';

const opposed = { type: 'opposedDuel', attacker: 0, attackerStat: 5, defenderStat: 5 } as const;

describe('damage', () => {
  it('DMG-1: a fixed profile needs no flip; a variable one does', () => {
    given(scenario()).when({ type: 'damageFlip', profile: 4 }, P0).then([
      { type: 'DamageFlipStarted' },
      { type: 'DamageResolved', result: { card: null, band: null, base: 4, final: 4 } },
      { type: 'ResolutionEnded' },
    ]);
    given(scenario({ decks: [['7C'], []] }))
      .when({ type: 'damageFlip', profile: [1, 2, 3] }, P0)
      .thenIncludes([{ type: 'CardsFlipped', slot: 'damage', cards: ['7C'] }, { type: 'DamageResolved', result: { card: '7C', final: 2 } }]);
  });

  it('DMG-2: the damage flip is made by the player whose model deals the damage [AMB-45]', () => {
    const s = scenario({ decks: [['12M', '3R'], ['2T', '13T']] }).do({ ...opposed, damage: { profile: [1, 2, 3] } }, P0);
    expect(s.events).toContainEqual(expect.objectContaining({ type: 'CardsFlipped', seat: 0, slot: 'damage', cards: ['3R'] }));
    expect(s.active.seats[1].deck[0]).toBe('13T');
  });

  it('DMG-3: precision from diff: 0 and 1–5 −, 6–10 none, 11+ +; none after a simple duel', () => {
    expect([0, 1, 5, 6, 10, 11, 20].map(precisionFor)).toEqual([-1, -1, -1, 0, 0, 1, 1]);
    const plus = scenario({ decks: [['13M', '2R', '12R'], ['1T']] }).do({ ...opposed, attackerStat: 9, damage: { profile: [1, 2, 3] } }, P0);
    expect(plus.lastOf('DuelResolved')?.result).toMatchObject({ diff: 16, precision: 1 });
    expect(plus.events).toContainEqual(expect.objectContaining({ type: 'CardsFlipped', slot: 'damage', net: 1, cards: ['2R', '12R'] }));
    const simple = scenario({ decks: [['9M', '2R'], []] }).do({ type: 'simpleDuel', stat: 5, tn: 10, damage: { profile: [1, 2, 3] } }, P0);
    expect(simple.events).toContainEqual(expect.objectContaining({ type: 'CardsFlipped', slot: 'damage', net: 0, cards: ['2R'] }));
  });

  it('DMG-4: prevention −, cover − and the action’s modifiers (Focused +) add into the net', () => {
    const s = scenario({ decks: [['10C', '4C', '6C'], ['1T']], soulstones: [0, 1] }).do(
      { ...opposed, attackerStat: 9, inCover: true, targetSoulstoneUser: true, damage: { profile: [1, 2, 3], fate: 1 } },
      P0,
    );
    // diff 19 − 7 = 12 → +; cover −; Focused +; prevention − → net 0
    const flipped = s.answer('spend');
    expect(flipped.events).toContainEqual(expect.objectContaining({ type: 'CardsFlipped', slot: 'damage', net: 0, cards: ['4C'] }));
  });

  it('DMG-5: a damage flip may be cheated unless its net is −', () => {
    const ok = scenario({ decks: [['2C'], []], hands: [['12C'], []] }).do({ type: 'damageFlip', profile: [1, 2, 3] }, P0);
    ok.expectPending('cheat', 0);
    const minus = scenario({ decks: [['2C', '5C'], []], hands: [['12C'], []] }).do({ type: 'damageFlip', profile: [1, 2, 3], fate: -1 }, P0);
    expect(minus.events).toContainEqual(expect.objectContaining({ type: 'CheatSkipped', slot: 'damage', rule: 'CHEAT-3a' }));
  });

  it('DMG-6: jokers whether flipped or cheated in: BJ 0 (no +N, no blasts), RJ severe + 1', () => {
    const rj = scenario({ decks: [['2C'], []], hands: [['RJ'], []] }).do({ type: 'damageFlip', profile: [1, 2, 3], plus: 1 }, P0).answer('RJ');
    expect(rj.lastOf('DamageResolved')?.result).toMatchObject({ card: 'RJ', base: 5, final: 5 });
    const bj = scenario({ decks: [['12C'], []], hands: [['BJ'], []] }).do({ type: 'damageFlip', profile: [1, 2, 3], plus: 1, blasts: [1, 1, 1] }, P0).answer('BJ');
    expect(bj.lastOf('DamageResolved')?.result).toMatchObject({ card: 'BJ', base: 0, final: 0, blasts: 0 });
  });

  it('DMG-7: the sequence is Prevent, flip (pick, cheat), reductions with the soulstone last, result', () => {
    const s = scenario({ decks: [['12C', '3C'], ['1M']], hands: [['13M'], []], soulstones: [0, 2] }).do(
      { type: 'damageFlip', profile: [2, 3, 4], targetSoulstoneUser: true, armor: 1, fate: 1 },
      P0,
    );
    s.expectPending('prevent', 1);
    const a = s.answer('decline');
    a.expectPending('pick', 0);
    const b = a.answer('12C');
    b.expectPending('cheat', 0);
    const c = b.answer('decline');
    expect(c.expectPending('reduce', 1)).toMatchObject({ damage: 3 });
    const d = c.answer('spend');
    expect(d.lastOf('DamageResolved')?.result).toMatchObject({ base: 4, afterArmor: 3, soulstoneCard: '1M', soulstoneReduction: 1, final: 2 });
  });

  it('DMG-8: Armor stops at 1 and never raises damage below 1; Shielded may reach 0; irreducible ignores everything [AMB-16, AMB-17]', () => {
    const run = (extra: object) => scenario().do({ type: 'damageFlip', profile: 3, ...extra }, P0).lastOf('DamageResolved')?.result;
    expect(run({ armor: 5 })).toMatchObject({ afterArmor: 1, final: 1 });
    expect(run({ armor: 5, shielded: 2 })).toMatchObject({ afterArmor: 1, shieldedUsed: true, final: 0 });
    expect(run({ plus: -3, armor: 1 })).toMatchObject({ base: 0, afterArmor: 0, shieldedUsed: false, final: 0 });
    expect(run({ armor: 2, shielded: 1, irreducible: true })).toMatchObject({ afterArmor: 3, shieldedUsed: false, final: 3 });
    const ss = scenario({ soulstones: [0, 1] }).do({ type: 'damageFlip', profile: 3, irreducible: true, targetSoulstoneUser: true }, P0);
    expect(ss.pending).toBeNull(); // no soulstone reduction on irreducible damage
  });

  it('DMG-9: 0 damage is not suffered', () => {
    expect(scenario().do({ type: 'damageFlip', profile: 0 }, P0).lastOf('DamageResolved')?.result).toMatchObject({ final: 0, suffered: false });
    expect(scenario().do({ type: 'damageFlip', profile: 1 }, P0).lastOf('DamageResolved')?.result).toMatchObject({ final: 1, suffered: true });
  });

  it('DMG-10: damage suffered is after reductions; applied = min(final, health) [AMB-33]', () => {
    const r = scenario().do({ type: 'damageFlip', profile: 6, armor: 1, targetHealth: 3 }, P0).lastOf('DamageResolved')?.result;
    expect(r).toMatchObject({ final: 5, applied: 3, healthAfter: 0, killed: true });
    const alive = scenario().do({ type: 'damageFlip', profile: 2, targetHealth: 3 }, P0).lastOf('DamageResolved')?.result;
    expect(alive).toMatchObject({ applied: 2, healthAfter: 1, killed: false });
  });

  it('DMG-11: "+N damage" on an action that deals none treats its base as 0', () => {
    expect(scenario().do({ type: 'damageFlip', profile: 0, plus: 2 }, P0).lastOf('DamageResolved')?.result).toMatchObject({ base: 2, final: 2 });
  });

  it('DMG-12: healing stops at maximum Health and the surplus is lost (damage stops at 0, DMG-7)', () => {
    const heal = (card: string, health: number) =>
      scenario({ decks: [[card], []] }).do({ type: 'flip', modifier: 0, profile: [1, 2, 3], heal: { health, maxHealth: 6 } }, P0).lastOf('FlipResolved')?.result;
    expect(heal('12M', 2)).toMatchObject({ amount: 3, healed: { before: 2, after: 5, maxHealth: 6 } });
    expect(heal('12M', 5)).toMatchObject({ amount: 3, healed: { before: 5, after: 6 } }); // 2 of the 3 are lost
    expect(heal('BJ', 2)).toMatchObject({ amount: 0, healed: { before: 2, after: 2 } }); // FLIP-9
    given(scenario()).when({ type: 'flip', modifier: 0, heal: { health: 2, maxHealth: 6 } }, P0).thenError('INVALID_COMMAND');
    given(scenario()).when({ type: 'flip', modifier: 0, profile: [1, 2, 3], heal: { health: 7, maxHealth: 6 } }, P0).thenError('INVALID_COMMAND');
    const r = scenario().do({ type: 'damageFlip', profile: 9, targetHealth: 4 }, P0).lastOf('DamageResolved')?.result;
    expect(r?.healthAfter).toBe(0);
  });

  it('DMG-13: blasts one band lower, weak gives 1, "+N" not carried, none with the BJ or a friendly target; only the target may Prevent [AMB-15]', () => {
    const r = scenario({ decks: [['13C'], []] }).do({ type: 'damageFlip', profile: [2, 3, 4], blasts: [0, 1, 2], plus: 2 }, P0).lastOf('DamageResolved')?.result;
    expect(r).toMatchObject({ final: 6, blasts: 2, blastDamage: 3 });
    const s = scenario({ decks: [['13C'], []], soulstones: [3, 3] }).do({ type: 'damageFlip', profile: [2, 3, 4], targetSoulstoneUser: true }, P0);
    s.expectPending('prevent', 1);
    given(s).when({ type: 'preventDamage', spend: true }, P0).thenError('WAITING_FOR_DECISION');
  });

  it('DMG-14: a shockwave is a simple duel per model: cover and concealment do not apply to it, nor precision to its damage', () => {
    // A simple duel has no cover or concealment inputs: given anyway, they are dropped, and neither flip gets a −.
    const shockwave = { type: 'simpleDuel', stat: 5, tn: 10, damage: { profile: [1, 2, 3] }, inCover: true, inConcealment: true } as unknown as Command;
    const s = scenario({ decks: [['9M', '7R'], []] }).do(shockwave, P0);
    expect(s.events.find((e) => e.type === 'DuelStarted')).toMatchObject({ inCover: false, inConcealment: false });
    expect(s.events).toContainEqual(expect.objectContaining({ type: 'CardsFlipped', slot: 'attacker', net: 0 }));
    expect(s.events).toContainEqual(expect.objectContaining({ type: 'CardsFlipped', slot: 'damage', net: 0 }));
    // The same attack as an opposed duel against a model in cover and concealed: − on both flips (DUEL-12, DMG-4).
    const covered = scenario({ decks: [['9M', '7R', '13M', '12M'], ['2C']] }).do({ ...opposed, attackerStat: 9, damage: { profile: [1, 2, 3] }, inCover: true, inConcealment: true }, P0);
    expect(covered.events).toContainEqual(expect.objectContaining({ type: 'CardsFlipped', slot: 'attacker', net: -1 }));
  });

  it('DMG-15: a fall deals floor(inches / 2), fixed (no flip), and can be reduced — down to 0 by a soulstone', () => {
    const fall = (fallInches: number, more: object = {}) => scenario({ decks: [[], ['13M']], soulstones: [0, 1] }).do({ type: 'fallingDamage', fallInches, ...more }, P0);
    expect(fall(7, { armor: 1 }).lastOf('DamageResolved')?.result).toMatchObject({ base: 3, final: 2 });
    expect(fall(1).lastOf('DamageResolved')?.result).toMatchObject({ base: 0, final: 0 });
    const s = fall(5, { targetSoulstoneUser: true });
    expect(s.events.some((e) => e.type === 'CardsFlipped' && e.slot === 'damage')).toBe(false);
    expect(s.answer('spend').lastOf('DamageResolved')?.result).toMatchObject({ base: 2, soulstoneReduction: 3, final: 0 });
  });

  // DMG-16 is the whole game's: the table has no model's Health to protect (see malifaux-game's /model damage chosen).

  it('damage happens only after a successful attack', () => {
    const s = scenario({ decks: [['2M'], ['9C']] }).do({ ...opposed, damage: { profile: [1, 2, 3] } }, P0);
    expect(s.lastOf('DuelResolved')?.result.attacker.succeeded).toBe(false);
    expect(s.events.some((e) => e.type === 'DamageSequenceStarted')).toBe(false);
    expect(s.active.resolution).toBeNull();
  });
});

describe('what a duel’s damage assumes when the command is silent', () => {
  const success = (more: object = {}, soulstones: [number, number] = [0, 2]) =>
    scenario({ decks: [['9M'], []], soulstones }).do({ type: 'simpleDuel', stat: 5, tn: 10, damage: { profile: 2 }, ...more } as Command, P0);

  it('DMG-7: no armor, no Shielded, a target that is no soulstone user, not a friendly duel', () => {
    const s = success();
    expect(s.lastOf('DuelStarted')).toMatchObject({ friendly: false });
    // No Health given: what it took and whether it died are the players' to read (null), not 0 or false.
    expect(s.lastOf('DamageResolved')?.result).toMatchObject({ base: 2, final: 2, applied: null, healthAfter: null, killed: null, shieldedUsed: false, blasts: 0, blastDamage: null });
    expect(success({ targetHealth: 2 }).lastOf('DamageResolved')?.result).toMatchObject({ final: 2, applied: 2, healthAfter: 0, killed: true });
    expect(success({ targetHealth: 5 }).lastOf('DamageResolved')?.result).toMatchObject({ final: 2, applied: 2, healthAfter: 3, killed: false });
    // Shielded is not spent on no damage at all.
    expect(success({ shielded: 1, damage: { profile: 0 } }).lastOf('DamageResolved')?.result).toMatchObject({ afterReductions: 0, final: 0, shieldedUsed: false });
    // The target holds soulstones but was not said to use them: it is not asked to Reduce.
    expect(s.pending).toBeNull();
    expect(s.events.some((e) => e.type === 'SoulstoneDeclined')).toBe(false);
    expect(s.active.seats[1].soulstones).toBe(2);
  });

  it('SS-3: a soulstone user is asked to Reduce; not when nothing is left to reduce (notNeeded), nor from an empty pool', () => {
    success({ targetSoulstoneUser: true }).expectPending('reduce', 1);
    // Shielded takes 1 off: a fixed 1 becomes 0.
    const shielded = success({ targetSoulstoneUser: true, shielded: 1, damage: { profile: 1 } });
    expect(shielded.lastOf('DamageResolved')?.result).toMatchObject({ final: 0 });
    expect(shielded.events).toContainEqual({ type: 'SoulstoneDeclined', seat: 1, purpose: 'reduce', role: null, reason: 'notNeeded' });
    expect(shielded.active.seats[1].soulstones).toBe(2);
    const empty = success({ targetSoulstoneUser: true }, [0, 0]);
    expect(empty.events).toContainEqual({ type: 'SoulstoneDeclined', seat: 1, purpose: 'reduce', role: null, reason: 'emptyPool' });
    const noPrevent = scenario({ decks: [['9M', '5R'], []] }).do({ type: 'simpleDuel', stat: 5, tn: 10, damage: { profile: [1, 2, 3] }, targetSoulstoneUser: true }, P0);
    expect(noPrevent.events).toContainEqual({ type: 'SoulstoneDeclined', seat: 1, purpose: 'prevent', role: null, reason: 'emptyPool' });
  });

  it('DMG-7 step 2: only the attacker’s fired trigger adds its damage, not the defender’s', () => {
    const duel = {
      ...opposed,
      damage: { profile: 2 },
      attackerTriggers: [{ name: 'Onslaught', suits: [], timing: 'afterKilling', damage: 3 }],
      defenderTriggers: [{ name: 'Riposte', suits: [], timing: 'afterResolving' }],
    } as Command;
    const s = scenario({ decks: [['13M'], ['2C']] }).do(duel, P0).answer('Onslaught').answer('Riposte');
    expect(s.lastOf('DuelResolved')?.result.triggers.map((t) => [t.role, t.status])).toEqual([
      ['attacker', 'ifKilled'],
      ['defender', 'fires'],
    ]);
    expect(s.lastOf('DamageResolved')?.result).toMatchObject({ base: 2, final: 2 });
  });
});
