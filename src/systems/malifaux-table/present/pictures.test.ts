/**
 * What the pictures show, played through the pure engine: duels and damage are resolved with stacked decks,
 * then the picture model is built from the table as the channel message builds it (src/app/deliveries.ts:
 * the public view right after the last result event) and checked field by field. The renderer's own tests
 * (test/render.test.ts) use hand-made models; these check that the models say what the engine decided, and
 * nothing that was not played (hidden information).
 */
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import type { CardCode, DamageResolution, DuelResolution, FlipResolution, PublicView, Resolution } from '../engine/index.js';
import { publicEvent, publicView, replay } from '../engine/index.js';
import { P0, scenario, type Scenario } from '../engine/testkit.js';
import { translator } from '../../../i18n/index.js';
import type { PublicBatch } from '../../contract.js';
import {
  damageSize,
  drawDamage,
  drawDuel,
  drawFlip,
  drawHand,
  duelSize,
  ensureFonts,
  flipSize,
  handSize,
  illegibleOnPhone,
  renderDamage,
  renderDuel,
  type DamageSheet,
  type Drawing,
  type DuelPicture,
  type FlipPicture,
  type HandPicture,
} from '../pictures/index.js';
import type { PublicEvent, SeatNames } from './events.js';
import { presentation } from './messages.js';
import { damagePicture, duelLabels, duelPicture, flipDescription, flipPicture, handDescription, handPicture } from './pictures.js';

const NAMES: SeatNames = ['Alice', 'Bob'];
const en = translator('en');
const fr = translator('fr');

/** The resolution on the table right after the last result event, as the public view shows it. */
function resolvedOnTable(s: Scenario): Resolution {
  const events = s.events;
  let last = -1;
  events.forEach((e, i) => {
    if (e.type === 'DuelResolved' || e.type === 'DamageResolved' || e.type === 'FlipResolved') last = i;
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

function flipOf(s: Scenario): FlipResolution {
  const r = resolvedOnTable(s);
  if (r.kind !== 'flip') throw new Error(`a ${r.kind} is on the table, not a flip`);
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
    trigger: { name: 'Onslaught', status: 'fires' },
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
    // DUEL-6: the defender needs more than the attacker's 18.
    why: [{ text: '12 short of beating Alice’s 18' }],
  });
  expect(model!.labels).toEqual(duelLabels(en));
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
  expect(model.labels).toMatchObject({ damage: 'Damage', fixed: 'fixed', armor: 'Armor', shielded: 'Shielded', dealt: 'dealt', killed: 'KILLED' });
  // The next card of Alice's deck was never flipped.
  expect(JSON.stringify(model)).not.toContain('"6M"');
  expectNoHiddenCard(model, handsLeft(s));
});

// Alice's damage 2/3/4 +1 with a + (cover lifted, precision), through Armor 1, Shielded and Bob's soulstone.
const everyReduction = () =>
  scenario({ decks: [['3T', '11R'], ['7C']], hands: [['2R'], ['13T']], soulstones: [0, 1] })
    .do({ type: 'damageFlip', profile: [2, 3, 4], plus: 1, armor: 1, shielded: 1, targetSoulstoneUser: true, fate: 1 }, P0)
    .answer('decline') // Bob keeps his soulstone for later (no − on the flip)
    .answer('11R') // Alice takes the severe card of her +
    .answer('decline') // and does not cheat
    .answer('spend'); // Bob reduces: his 7C is moderate, −2

it('DMG-6, DMG-7, DMG-8, SS-3: the breakdown — severe 4, +1, Armor −1, Shielded −1, the soulstone’s 7 of Crows −2 — and 1 dealt', () => {
  const s = everyReduction();
  expect(s.pending).toBeNull();
  const r = damageOf(s);
  expect(r.damage.result).toMatchObject({ card: '11R', band: 'severe', base: 5, afterArmor: 4, shieldedUsed: true, afterReductions: 3, soulstoneCard: '7C', final: 1 });
  const model = damagePicture(en, NAMES, r)!;
  expect(model.damage).toEqual({ profile: [2, 3, 4], fate: 1, revealed: ['3T', '11R'], taken: '11R', band: 'severe', base: 5, plus: 1, afterArmor: 4, afterShielded: 3, soulstone: { card: '7C', value: 1 }, amount: 1 });
  const words = draw(model).texts.map((t) => t.text);
  expect(words).toEqual(expect.arrayContaining(['severe', '4', 'Bonus', '+1', 'Armor', 'Shielded', '7', '−2', 'dealt', '1']));
  expectNoHiddenCard(model, handsLeft(s));
});

describe('duel picture (played through the engine)', () => {
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
    expect(model.sides.map((side) => [side.label, side.finalCard, side.total, side.outcome, side.why])).toEqual([
      ['Alice', '9R', 14, 'success', undefined],
      ['Bob', '8C', 13, 'failure', [{ text: '2 short of beating Alice’s 14' }]],
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
        // 14 reaches the TN 10: only the Rams are missing.
        why: [{ text: 'missing', suits: ['R'] }],
      },
    ]);
    expect(model.damage).toBeUndefined();
    expectNoHiddenCard(model, handsLeft(s));
  });

  it('DMG-1: the fixed damage is drawn (no damage card) and its words are French for a French table', async () => {
    const r = duelOf(fixedDamageDuel());
    const model = duelPicture(en, NAMES, r)!;
    expect(model.damage).toMatchObject({ profile: 3, amount: 1 });
    const boxes = drawDuel(createCanvas(duelSize(model).width, duelSize(model).height).getContext('2d'), model).cards;
    expect(boxes.filter((b) => b.where === 'damage')).toEqual([]);
    expect(boxes.map((b) => b.code)).toEqual(['10R', '2C']);
    const png = await renderDuel(model);
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    const { damage: _drawn, ...withoutDamage } = model;
    expect((await renderDuel(withoutDamage)).equals(png), 'the damage strip is drawn').toBe(false);
    const french = duelPicture(fr, NAMES, r)!;
    expect(french.damage).toEqual(model.damage);
    expect(french.labels).toMatchObject({ damage: 'Dégâts', fixed: 'fixe', armor: 'Armure', shielded: 'Protégé', dealt: 'infligés', killed: 'TUÉ' });
    expect((await renderDuel(french)).equals(png)).toBe(false);
  });
});

describe('damage picture (/damage, played through the engine)', () => {
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
      damage: { profile: 4, base: 4, afterArmor: 3, soulstone: { card: '7C', value: 1 }, amount: 1 },
      labels: {
        damage: 'Damage',
        fixed: 'fixed',
        armor: 'Armor',
        shielded: 'Shielded',
        bonus: 'Bonus',
        dealt: 'dealt',
        killed: 'KILLED',
        fate: 'Fate',
        cheated: 'Cheated',
        bands: { weak: 'weak', moderate: 'moderate', severe: 'severe' },
      },
    });
    expect(JSON.stringify(model)).not.toContain('"9M"');
    expectNoHiddenCard(model!, handsLeft(s));
    expect(draw(model!).cards).toEqual([]);
    expect((await renderDamage(model!)).subarray(1, 4).toString('ascii')).toBe('PNG');
  });

  it('DMG-5, CHEAT-1, DMG-10: a flipped damage: the card taken, the card cheated in, its profile, Shielded and the kill', () => {
    const s = scenario({ decks: [['3T'], []], hands: [['12M', '1R'], ['5C']] })
      .do({ type: 'damageFlip', profile: [2, 3, 4], shielded: 1, targetHealth: 3 }, P0)
      .answer('12M');
    expect(s.pending).toBeNull();
    const model = damagePicture(en, NAMES, damageOf(s));
    expect(model?.damage).toEqual({ profile: [2, 3, 4], fate: 0, revealed: ['3T'], taken: '3T', cheatedWith: '12M', band: 'severe', base: 4, afterShielded: 3, amount: 3, killed: true });
    expectNoHiddenCard(model!, handsLeft(s));
  });

  it('DMG-6: no "+N" on the Black Joker, so none is shown', () => {
    const s = scenario({ decks: [['BJ'], []], hands: [['2R'], ['13T']] }).do({ type: 'damageFlip', profile: [2, 3, 4], plus: 1 }, P0);
    expect(s.pending).toBeNull();
    const model = damagePicture(en, NAMES, damageOf(s))!;
    expect(model.damage).toEqual({ profile: [2, 3, 4], fate: 0, revealed: ['BJ'], taken: 'BJ', band: 'weak', base: 0, amount: 0 });
  });
});

describe('flip picture (/flip, played through the engine)', () => {
  it('FLIP-2, FLIP-4, CHEAT-1: a + flip of two, the higher card taken, then a 12 cheated in; the hand’s other card is not shown', () => {
    const s = scenario({ decks: [['3T', '5C'], []], hands: [['12M', '2R'], ['4T']] })
      .do({ type: 'flip', modifier: 1 }, P0)
      .answer('5C')
      .answer('12M');
    expect(s.pending).toBeNull();
    const model = flipPicture(en, NAMES, flipOf(s))!;
    expect(model).toEqual({ title: 'Alice’s flip', fate: 1, revealed: ['3T', '5C'], taken: '5C', cheatedWith: '12M', finalCard: '12M', labels: { fate: 'Fate', cheated: 'Cheated', bands: { weak: 'weak', moderate: 'moderate', severe: 'severe' }, result: 'Result', health: 'Health' } });
    expectNoHiddenCard(model, handsLeft(s));
    expect(flipDescription(en, model)).toBe('Alice’s flip: cards flipped 3 of Tomes, 5 of Crows, 12 of Masks; the card that counts is 12 of Masks (12, severe).');
  });

  it('FLIP-5, CHEAT-3: a − flip takes the lowest card, the Black Joker, and cannot be cheated', () => {
    const s = scenario({ decks: [['11T', 'BJ', '7R'], []], hands: [['12M'], ['4T']] }).do({ type: 'flip', modifier: -2 }, P0);
    expect(s.pending).toBeNull();
    const model = flipPicture(fr, NAMES, flipOf(s))!;
    expect(model).toMatchObject({ title: 'Tirage d’Alice', fate: -2, revealed: ['11T', 'BJ', '7R'], taken: 'BJ', finalCard: 'BJ' });
    expect(model.cheatedWith).toBeUndefined();
    expect(draw(model).cards.map((c) => [c.code, c.state])).toEqual([
      ['11T', 'discarded'],
      ['BJ', 'taken'],
      ['7R', 'discarded'],
    ]);
    expect(draw(model).texts.map((t) => t.text)).toEqual(expect.arrayContaining(['Destin', 'faible', '0']));
  });

  it('CARD-4: the Red Joker flipped counts 14, severe (a plain flip names no suit for it)', () => {
    const s = scenario({ decks: [['RJ'], []], hands: [['12M'], ['4T']] })
      .do({ type: 'flip', modifier: 0 }, P0)
      .answer('decline');
    expect(s.pending).toBeNull();
    const model = flipPicture(en, NAMES, flipOf(s))!;
    expect(model).toMatchObject({ revealed: ['RJ'], taken: 'RJ', finalCard: 'RJ' });
    expect(model.redJokerSuit).toBeUndefined();
    expect(draw(model).texts.map((t) => t.text)).toEqual(expect.arrayContaining(['severe', '14']));
  });

  it('FLIP-8, DMG-12: a variable flip shows its profile and what it gives, the biggest number; a heal stops at the maximum', () => {
    const s = scenario({ decks: [['9R'], []], hands: [['12M'], ['4T']] })
      .do({ type: 'flip', modifier: 0, profile: [1, 3, 5], heal: { health: 2, maxHealth: 4 }, label: 'Healing Energy' }, P0)
      .answer('decline');
    expect(s.pending).toBeNull();
    const model = flipPicture(en, NAMES, flipOf(s))!;
    expect(model).toMatchObject({ title: 'Alice’s flip — Healing Energy', finalCard: '9R', profile: [1, 3, 5], amount: 3, healed: { before: 2, after: 4 } });
    const d = draw(model);
    const numbers = d.texts.filter((t) => /^\d+$/.test(t.text)).sort((a, b) => b.px - a.px);
    expect(numbers[0]?.text).toBe('3');
    expect(d.texts.map((t) => t.text)).toEqual(expect.arrayContaining(['Result', 'Health 2 → 4']));
  });
});

/** The table after `s`'s last command, as a public batch (the events as the public knows them, the view after each). */
function batchOf(s: Scenario): PublicBatch<PublicView, PublicEvent> {
  const start = s.events.length - s.lastAll.length;
  const shown: { event: PublicEvent; at: number }[] = [];
  s.lastAll.forEach((e, i) => {
    const p = publicEvent(e);
    if (p) shown.push({ event: p as PublicEvent, at: start + i + 1 });
  });
  return { view: publicView(s.state), events: shown.map((x) => x.event), viewAfter: (i) => publicView(replay(s.events.slice(0, shown[i]!.at))) };
}

describe('the channel message attaches the picture of what resolved', () => {
  const flipping = () => scenario({ decks: [['3T', '5C'], ['9M']], hands: [['12M', '2R'], ['4T']] }).do({ type: 'flip', modifier: 1 }, P0);

  it('FLIP-1..5: a plain /flip gets its picture once, when it resolves, with its alt text', async () => {
    const started = await presentation.afterAction(en, batchOf(flipping()));
    expect(started.files ?? []).toEqual([]);
    const picked = await presentation.afterAction(en, batchOf(flipping().answer('5C')));
    expect(picked.files ?? []).toEqual([]); // still waiting for the cheat
    const s = flipping().answer('5C').answer('decline');
    expect(s.pending).toBeNull();
    const message = await presentation.afterAction(en, batchOf(s));
    expect(message.files?.map((f) => f.name)).toEqual(['flip.png']);
    expect(message.embeds?.[0]?.image).toEqual({ url: 'attachment://flip.png' });
    const file = message.files![0]!;
    // Not drawn with the message: only an upload draws it (an HTTP bot with a public address links it instead).
    expect(typeof file.data).toBe('function');
    const png = typeof file.data === 'function' ? await file.data() : file.data;
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(file.description).toBe('Alice’s flip: cards flipped 3 of Tomes, 5 of Crows; the card that counts is 5 of Crows (5, weak).');
    // Hidden information: nothing of either hand in the public picture's words.
    expect(file.description).not.toMatch(/12 of Masks|2 of Rams|4 of Tomes/);
  });

  it('a duel gets the duel picture, not a flip picture', async () => {
    const s = scenario({ decks: [['9R'], ['8C']], hands: [['13M'], ['4T']] })
      .do({ type: 'opposedDuel', attacker: 0, attackerStat: 5, defenderStat: 5 }, P0)
      .answer('decline');
    const message = await presentation.afterAction(en, batchOf(s.answer('decline')));
    expect(message.files?.map((f) => f.name)).toEqual(['duel.png']);
  });

  it('the hand comes privately with its picture, sorted, and its alt text', async () => {
    const s = scenario({ hands: [['13M', '1R', 'BJ', '4T', '7C', 'RJ'], []] });
    const view = (await import('../engine/index.js')).privateView(s.state, 0);
    const message = await presentation.privateMessage(en, view);
    expect(message.files?.map((f) => [f.name, f.description])).toEqual([['hand.png', 'Your Control Hand — 6 cards: 1 of Rams, 13 of Masks, 7 of Crows, 4 of Tomes, Red Joker, Black Joker.']]);
  });
});

describe('hand picture', () => {
  it('CARD-1: the hand is drawn in canonical order (Rams, Masks, Crows, Tomes by value, then the jokers), the legal cards too', () => {
    const model = handPicture(en, ['BJ', '10T', '13M', 'RJ', '1R', '4M'], ['RJ', '10T', '13M']);
    expect(model).toEqual({ title: 'Your Control Hand — 6 cards', cards: ['1R', '4M', '13M', '10T', 'RJ', 'BJ'], highlight: ['13M', '10T', 'RJ'] });
    expect(draw(model).cards.map((c) => [c.code, c.state])).toEqual([
      ['1R', 'discarded'],
      ['4M', 'discarded'],
      ['13M', 'taken'],
      ['10T', 'taken'],
      ['RJ', 'taken'],
      ['BJ', 'discarded'],
    ]);
  });

  it('its one-line alt text, in English and French, names every card and the ones that may be used', () => {
    expect(handDescription(en, ['13M', '2R'], ['13M'])).toBe('Your Control Hand — 2 cards: 2 of Rams, 13 of Masks. You may use: 13 of Masks.');
    expect(handDescription(fr, ['13M', '2R', 'RJ'])).toBe('Votre Main de Contrôle — 3 cartes : 2 de Béliers, 13 de Masques, Joker Rouge.');
    expect(handDescription(en, [])).toMatch(/^Your Control Hand — 0 cards\. /);
  });
});

type AnyPicture = DuelPicture | FlipPicture | DamageSheet | HandPicture;

/** Draws any picture on a canvas of its own size; returns what was drawn. */
function draw(model: AnyPicture): Drawing {
  ensureFonts();
  const canvas = (size: { width: number; height: number }) => createCanvas(size.width, size.height).getContext('2d');
  if ('sides' in model) return drawDuel(canvas(duelSize(model)), model);
  if ('damage' in model) return drawDamage(canvas(damageSize(model)), model);
  if ('revealed' in model) return drawFlip(canvas(flipSize(model)), model);
  return drawHand(canvas(handSize(model)), model);
}

describe('legible on a phone: the pictures of real games, every text at least 9 px once shown 320 px wide', () => {
  const simpleMissingSuit = () =>
    scenario({ decks: [['9T'], []], hands: [['3M', '12C'], []] })
      .do({ type: 'simpleDuel', stat: 5, tn: 15, tnSuits: ['R'], damage: { profile: [1, 2, 3] }, triggers: [{ name: 'Blaze', suits: ['T'] }] }, P0)
      .answerAll({ cheat: 'decline', trigger: 'Blaze' });
  const triggers = () =>
    scenario({ decks: [['10R', '9M'], ['6C']], hands: [['2T', '5M'], ['1C', '4T']] })
      .do(
        {
          type: 'opposedDuel',
          attacker: 0,
          attackerStat: 6,
          defenderStat: 3,
          attackerTriggers: [{ name: 'Execution', suits: ['R'], timing: 'afterKilling' }],
          defenderTriggers: [{ name: 'Riposte', suits: ['C'] }],
          damage: { profile: [2, 3, 4] },
          targetHealth: 3,
        },
        P0,
      )
      .answer('decline') // Bob (9) keeps his card
      .answer('decline') // Alice (16) too
      .answer('Execution') // TRIG-1: her Rams pay for it; it takes effect only if the damage kills
      .answer('Riposte') // Bob's Crows pay for his; he failed, so it fizzles
      .answer('decline'); // the damage flip's 9 of Masks, moderate: 3 on Bob's last 3 Health

  it('TRIG-6: a trigger that waits for a kill and one that fizzles, as the engine decided them', () => {
    const s = triggers();
    expect(s.pending).toBeNull();
    const model = duelPicture(en, NAMES, duelOf(s))!;
    expect(model.sides.map((side) => side.trigger)).toEqual([
      { name: 'Execution', status: 'ifKilled' },
      { name: 'Riposte', status: 'fizzles' },
    ]);
    expect(model.damage).toMatchObject({ amount: 3, killed: true });
    const words = draw(model).texts.map((t) => t.text);
    expect(words).toEqual(expect.arrayContaining(['Execution', '☠ if killed', 'Riposte', 'fizzles']));
  });

  it('DUEL-6: a simple duel below the TN and without its suit says both, and its trigger fizzles', () => {
    const s = simpleMissingSuit();
    expect(s.pending).toBeNull();
    const side = duelPicture(en, NAMES, duelOf(s))!.sides[0]!;
    expect(side).toMatchObject({ total: 14, outcome: 'failure', why: [{ text: '1 short of the TN 15' }, { text: 'missing', suits: ['R'] }], trigger: { name: 'Blaze', status: 'fizzles' } });
    expect(duelPicture(fr, NAMES, duelOf(s))!.sides[0]!.why).toEqual([{ text: '1 sous le VS 15' }, { text: 'il manque', suits: ['R'] }]);
  });

  const cases: [string, () => AnyPicture][] = [
    ['opposed duel with a soulstone, cheats, a trigger fired and a damage through Armor', () => duelPicture(en, NAMES, duelOf(opposedCheatTriggerTn()))!],
    ['the same in French', () => duelPicture(fr, NAMES, duelOf(opposedCheatTriggerTn()))!],
    ['triggers that wait for a kill and fizzle, the kill', () => duelPicture(en, NAMES, duelOf(triggers()))!],
    ['a simple duel that fails on the TN and a suit', () => duelPicture(fr, NAMES, duelOf(simpleMissingSuit()))!],
    ['a fixed damage through Armor and Shielded, a kill', () => duelPicture(fr, NAMES, duelOf(fixedDamageDuel()))!],
    ['a damage with every reduction', () => damagePicture(fr, NAMES, damageOf(everyReduction()))!],
    ['a + flip, cheated', () => flipPicture(en, NAMES, flipOf(scenario({ decks: [['3T', '5C'], []], hands: [['12M'], []] }).do({ type: 'flip', modifier: 1 }, P0).answer('5C').answer('12M')))!],
    ['a −− flip with the Black Joker', () => flipPicture(fr, NAMES, flipOf(scenario({ decks: [['11T', 'BJ', '7R'], []], hands: [['12M'], []] }).do({ type: 'flip', modifier: -2 }, P0)))!],
    ['a heal', () => flipPicture(fr, NAMES, flipOf(scenario({ decks: [['RJ'], []], hands: [[], []] }).do({ type: 'flip', modifier: 0, profile: [1, 2, 3], heal: { health: 1, maxHealth: 9 } }, P0)))!],
    ['a full hand of six, legal cards lifted', () => handPicture(fr, ['13M', '1R', 'BJ', '4T', '7C', 'RJ'], ['13M', 'RJ'])],
    ['a hand of ten', () => handPicture(en, ['1R', '5R', '9R', '2M', '6M', '3C', '7C', '4T', '8T', 'BJ'])],
  ];
  for (const [name, model] of cases) {
    it(name, () => {
      const d = draw(model());
      expect(d.texts.length).toBeGreaterThan(3);
      expect(illegibleOnPhone(d)).toEqual([]);
      // Players read words: no rule code (DUEL-6) and no event or decision name (DuelResolved, redJokerSuit).
      for (const { text } of d.texts) expect(text).not.toMatch(/\b[A-Z]{2,6}-\d+\b|\b[A-Z][a-z]+[A-Z][a-z]+[A-Z]?\w*\b|\b[a-z]+[A-Z][a-z]+\b/);
    });
  }
});
