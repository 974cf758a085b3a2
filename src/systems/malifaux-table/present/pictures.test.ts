/**
 * What the pictures show, played through the pure engine: duels and damage are resolved with stacked decks,
 * then the picture model is built from the table as the channel message builds it (src/app/deliveries.ts:
 * the public view right after the last result event) and checked field by field. The renderer's own tests
 * (test/render.test.ts) use hand-made models; these check that the models say what the engine decided, and
 * nothing that was not played (hidden information).
 */
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import type { CardCode, DamageResolution, DuelResolution, Resolution } from '../engine/index.js';
import { publicView, replay } from '../engine/index.js';
import { P0, scenario, type Scenario } from '../engine/testkit.js';
import { translator } from '../../../i18n/index.js';
import { drawDuel, drawFlip, DUEL_SIZE, FLIP_SIZE, renderDuel, renderFlip } from '../pictures/index.js';
import type { SeatNames } from './events.js';
import { damagePicture, duelLabels, duelPicture } from './pictures.js';

const NAMES: SeatNames = ['Alice', 'Bob'];
const en = translator('en');
const fr = translator('fr');

/** The resolution on the table right after the last result event, as the public view shows it. */
function resolvedOnTable(s: Scenario): Resolution {
  const events = s.events;
  let last = -1;
  events.forEach((e, i) => {
    if (e.type === 'DuelResolved' || e.type === 'DamageResolved') last = i;
  });
  expect(last, 'a result event').toBeGreaterThanOrEqual(0);
  const view = publicView(replay(events.slice(0, last + 1)));
  if (view.status === 'new' || !view.resolution) throw new Error('nothing on the table');
  return view.resolution;
}

function duelOf(s: Scenario): DuelResolution {
  const r = resolvedOnTable(s);
  if (r.kind !== 'duel') throw new Error(`a ${r.kind} is on the table, not a duel`);
  return r;
}

function damageOf(s: Scenario): DamageResolution {
  const r = resolvedOnTable(s);
  if (r.kind !== 'damage') throw new Error(`a ${r.kind} is on the table, not a damage flip`);
  return r;
}

/** The cards still in both hands at the end: none of them may be in a public picture. */
function handsLeft(s: Scenario): CardCode[] {
  return [...s.active.seats[0].hand, ...s.active.seats[1].hand];
}

function expectNoHiddenCard(model: object, hidden: readonly CardCode[]): void {
  expect(hidden.length, 'the test keeps cards in hand').toBeGreaterThan(0);
  const json = JSON.stringify(model);
  for (const code of hidden) expect(json, `${code} was never played`).not.toContain(`"${code}"`);
}

describe('duel picture (played through the engine)', () => {
  // Alice attacks (Ml 5, a soulstone for +) Bob (Df 1) against TN 14 with Masks; damage 2/3/4 through Armor 1.
  const opposedCheatTriggerTn = () =>
    scenario({ decks: [['3M', '9R', '5T', '11R'], ['6C']], hands: [['13M', '2T', '7C'], ['1C', '4T']], soulstones: [2, 0] })
      .do(
        {
          type: 'opposedDuel',
          attacker: 0,
          attackerStat: 5,
          defenderStat: 1,
          attackerSoulstoneUser: true,
          tn: 14,
          tnSuits: ['M'],
          attackerTriggers: [{ name: 'Onslaught', suits: ['M'] }],
          defenderTriggers: [{ name: 'Parry', suits: ['T'] }],
          damage: { profile: [2, 3, 4] },
          armor: 1,
          label: 'Lady Justice — Scything Blow',
        },
        P0,
      )
      .answer('plus') // DUEL-4 A: Alice's soulstone for a +
      .answer('9R') // B: Alice takes the 9 of her 3M 9R
      .answer('decline') // C: Bob, lower, decides first (CHEAT-2) and keeps his 6C
      .answer('13M') // C: Alice cheats the 13 of Masks in for the 9R (CHEAT-1)
      .answer('Onslaught') // E: TRIG-1, Alice declares the trigger her Masks pay for
      .answer('11R') // the damage flip (+ from precision): Alice takes the 11
      .answer('decline'); // and does not cheat it

  it('DUEL-4, CHEAT-1, TRIG-1, DUEL-6: each side’s revealed cards, the card taken, the card cheated in, stat, suits, total, trigger and outcome', () => {
    const s = opposedCheatTriggerTn();
    expect(s.pending).toBeNull();
    const model = duelPicture(en, NAMES, duelOf(s));
    expect(model).not.toBeNull();
    expect(model!.title).toBe('Lady Justice — Scything Blow');
    expect(model!.kind).toBe('opposed');
    expect(model!.sides).toHaveLength(2);
    expect(model!.sides[0]).toEqual({
      label: 'Alice',
      role: 'attacker',
      stat: 5,
      statSuits: [],
      modifier: 0,
      fate: 1,
      soulstone: 'plus',
      revealed: ['3M', '9R'],
      taken: '9R',
      cheatedWith: '13M',
      finalCard: '13M',
      suits: ['M'],
      total: 18,
      trigger: 'Onslaught',
      outcome: 'success',
    });
    expect(model!.sides[1]).toEqual({
      label: 'Bob',
      role: 'defender',
      stat: 1,
      statSuits: [],
      modifier: 0,
      fate: 0,
      revealed: ['6C'],
      taken: '6C',
      finalCard: '6C',
      suits: ['C'],
      total: 7,
      outcome: 'failure',
    });
    expect(model!.labels).toEqual(duelLabels(en));
  });

  it('DUEL-6, DUEL-5: the TN and its suits are shown; only the cheated Masks meet them', () => {
    const model = duelPicture(en, NAMES, duelOf(opposedCheatTriggerTn()))!;
    expect(model.tn).toEqual({ value: 14, suits: ['M'] });
    // Without the cheat the 9R would have made 14 with no Masks: the picture shows why the attack succeeded.
    expect(model.sides[0]!.suits).toContain('M');
    expect(model.sides[0]!.total).toBeGreaterThanOrEqual(model.tn!.value);
  });

  it('DMG-1, DMG-3, DMG-8: the damage flip with its profile and band, precision + from a margin of 11, and Armor', () => {
    const s = opposedCheatTriggerTn();
    const r = duelOf(s);
    expect(r.result?.diff).toBe(11);
    expect(r.result?.precision).toBe(1);
    const model = duelPicture(en, NAMES, r)!;
    expect(model.damage).toEqual({
      profile: [2, 3, 4],
      revealed: ['5T', '11R'],
      taken: '11R',
      band: 'severe',
      fate: 1, // DMG-3 precision +, the only modifier of this damage flip
      base: 4,
      afterArmor: 3,
      amount: 3,
    });
    expect(model.damage!.fate).toBe(r.result!.precision);
  });

  it('hidden information: no card left in either hand appears in the picture', () => {
    const s = opposedCheatTriggerTn();
    expect(s.active.seats[0].hand).toEqual(['2T', '7C']);
    expect(s.active.seats[1].hand).toEqual(['1C', '4T']);
    const model = duelPicture(en, NAMES, duelOf(s))!;
    expectNoHiddenCard(model, handsLeft(s));
    // What was played is there: the cheated card left Alice's hand face up.
    expect(JSON.stringify(model)).toContain('"13M"');
  });

  it('DMG-3: a margin of 5 or less gives precision −: the lower card is forced and the flip cannot be cheated', () => {
    const s = scenario({ decks: [['9R', '12R', '2C'], ['8C']], hands: [['13M'], ['4T']] })
      .do({ type: 'opposedDuel', attacker: 0, attackerStat: 5, defenderStat: 5, damage: { profile: [2, 3, 4] } }, P0)
      .answer('decline') // Bob (13) first
      .answer('decline'); // Alice (14)
    expect(s.pending).toBeNull();
    const r = duelOf(s);
    expect(r.result).toMatchObject({ diff: 1, precision: -1 });
    const model = duelPicture(en, NAMES, r)!;
    expect(model.sides.map((side) => [side.label, side.finalCard, side.total, side.outcome])).toEqual([
      ['Alice', '9R', 14, 'success'],
      ['Bob', '8C', 13, 'failure'],
    ]);
    expect(model.tn).toBeUndefined();
    expect(model.damage).toEqual({ profile: [2, 3, 4], revealed: ['12R', '2C'], taken: '2C', band: 'weak', fate: -1, base: 2, amount: 2 });
    expectNoHiddenCard(model, handsLeft(s));
  });

  it('DUEL-5, DUEL-6: a simple duel that reaches the TN but lacks its suit fails, and deals no damage', () => {
    const s = scenario({ decks: [['9T'], []], hands: [['3M', '12C'], []] })
      .do({ type: 'simpleDuel', stat: 5, tn: 10, tnSuits: ['R'], damage: { profile: [1, 2, 3] } }, P0)
      .answer('decline');
    expect(s.pending).toBeNull();
    const model = duelPicture(en, NAMES, duelOf(s))!;
    expect(model.title).toBe('Simple duel');
    expect(model.kind).toBe('simple');
    expect(model.tn).toEqual({ value: 10, suits: ['R'] });
    expect(model.sides).toEqual([
      {
        label: 'Alice',
        role: 'single',
        stat: 5,
        statSuits: [],
        modifier: 0,
        fate: 0,
        revealed: ['9T'],
        taken: '9T',
        finalCard: '9T',
        suits: ['T'],
        total: 14,
        outcome: 'failure',
      },
    ]);
    expect(model.damage).toBeUndefined();
    expectNoHiddenCard(model, handsLeft(s));
  });

  // Alice hits Bob for a fixed 3 (no flip), through Armor 1 and Shielded, on his last Health.
  const fixedDamageDuel = () =>
    scenario({ decks: [['10R', '6M'], ['2C']], hands: [['5M'], ['8T']] })
      .do({ type: 'opposedDuel', attacker: 0, attackerStat: 5, defenderStat: 4, damage: { profile: 3 }, armor: 1, shielded: 1, targetHealth: 1 }, P0)
      .answer('decline') // Bob
      .answer('decline'); // Alice

  it('DMG-1, DMG-8, DMG-10: a fixed damage is pictured with no flip: its value, the reductions, the damage dealt and the kill', () => {
    const s = fixedDamageDuel();
    expect(s.pending).toBeNull();
    const r = duelOf(s);
    expect(r.flips.some((f) => f.slot === 'damage')).toBe(false);
    expect(r.damage?.result).toMatchObject({ card: null, base: 3, final: 1, killed: true });
    const model = duelPicture(en, NAMES, r)!;
    expect(model.sides.map((side) => [side.finalCard, side.total, side.outcome])).toEqual([
      ['10R', 15, 'success'],
      ['2C', 6, 'failure'],
    ]);
    // Exactly these fields: no revealed cards, no taken card, no band, no fate for a flip that never happened.
    expect(model.damage).toEqual({ profile: 3, base: 3, afterArmor: 2, afterShielded: 1, amount: 1, killed: true });
    expect(model.labels).toMatchObject({ fixed: 'fixed', armor: 'Armor', shielded: 'Shielded', killed: 'KILLED' });
    // The next card of Alice's deck was never flipped.
    expect(JSON.stringify(model)).not.toContain('"6M"');
    expectNoHiddenCard(model, handsLeft(s));
  });

  it('DMG-1: the fixed damage is drawn (no damage card) and its words are French for a French table', async () => {
    const r = duelOf(fixedDamageDuel());
    const model = duelPicture(en, NAMES, r)!;
    expect(model.damage).toMatchObject({ profile: 3, amount: 1 });
    const boxes = drawDuel(createCanvas(DUEL_SIZE.width, DUEL_SIZE.height).getContext('2d'), model);
    expect(boxes.filter((b) => b.where === 'damage')).toEqual([]);
    expect(boxes.map((b) => b.code)).toEqual(['10R', '2C']);
    const png = await renderDuel(model);
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    const { damage: _drawn, ...withoutDamage } = model;
    expect((await renderDuel(withoutDamage)).equals(png), 'the damage strip is drawn').toBe(false);
    const french = duelPicture(fr, NAMES, r)!;
    expect(french.damage).toEqual(model.damage);
    expect(french.labels).toMatchObject({ damage: 'Dégâts', fixed: 'fixe', armor: 'Armure', shielded: 'Protégé', killed: 'TUÉ' });
    expect((await renderDuel(french)).equals(png)).toBe(false);
  });
});

describe('damage flip picture (/damage, played through the engine)', () => {
  it('DMG-1, SS-3: a fixed damage has a picture too: no cards and no fate, its value, Armor, the soulstone reduction flip', async () => {
    const s = scenario({ decks: [['9M'], ['7C']], hands: [['2R'], ['13T']], soulstones: [0, 1] })
      .do({ type: 'damageFlip', profile: 4, armor: 1, targetSoulstoneUser: true }, P0)
      .answer('spend'); // Bob reduces: his 7C is moderate, −2
    expect(s.pending).toBeNull();
    const r = damageOf(s);
    expect(r.damage.result).toMatchObject({ base: 4, afterArmor: 3, soulstoneCard: '7C', soulstoneReduction: 2, final: 1 });
    const model = damagePicture(en, NAMES, r);
    expect(model).toEqual({
      title: 'Alice — damage against Bob',
      revealed: [],
      profile: 4,
      damage: { base: 4, afterArmor: 3, soulstone: { card: '7C', value: 1 }, amount: 1 },
      footer: '1 damage after reductions',
      labels: { fate: 'Fate', cheated: 'Cheated', bands: { weak: 'weak', moderate: 'moderate', severe: 'severe' }, fixed: 'fixed', armor: 'Armor', shielded: 'Shielded', killed: 'KILLED' },
    });
    expect(JSON.stringify(model)).not.toContain('"9M"');
    expectNoHiddenCard(model!, handsLeft(s));
    expect(drawFlip(createCanvas(FLIP_SIZE.width, FLIP_SIZE.height).getContext('2d'), model!)).toEqual([]);
    expect((await renderFlip(model!)).subarray(1, 4).toString('ascii')).toBe('PNG');
  });

  it('DMG-5, CHEAT-1, DMG-10: a flipped damage: the card taken, the card cheated in, its profile, Shielded and the kill', () => {
    const s = scenario({ decks: [['3T'], []], hands: [['12M', '1R'], ['5C']] })
      .do({ type: 'damageFlip', profile: [2, 3, 4], shielded: 1, targetHealth: 3 }, P0)
      .answer('12M');
    expect(s.pending).toBeNull();
    const model = damagePicture(en, NAMES, damageOf(s));
    expect(model).toMatchObject({
      fate: 0,
      revealed: ['3T'],
      taken: '3T',
      cheatedWith: '12M',
      finalCard: '12M',
      profile: [2, 3, 4],
      damage: { base: 4, afterShielded: 3, amount: 3, killed: true },
      footer: '3 damage after reductions',
    });
    expect(model!.damage).toEqual({ base: 4, afterShielded: 3, amount: 3, killed: true });
    expectNoHiddenCard(model!, handsLeft(s));
  });
});
