/**
 * Every decision kind's DM, read for its context (issue 14, items 2 and 8): what the decision is about and
 * what each choice would do, with the numbers worked out by hand from the rules. States are built by the
 * engine itself from stacked decks (testkit), the lines read from the decider's private view only.
 *
 * The adversary's side: the DM of one player must never name a card of the other player's hand, and
 * must read the same whatever that hand holds.
 */
import { describe, expect, it } from 'vitest';
import * as engine from '../engine/index.js';
import type { CardCode } from '../engine/index.js';
import { P0, scenario, type Scenario } from '../engine/testkit.js';
import { translator } from '../../../i18n/index.js';
import { card, cardName } from './cards.js';
import { decisionContext } from './decisionContext.js';
import { presentation } from './messages.js';

const en = translator('en');
const fr = translator('fr');

type Where = 'flip' | 'duel' | 'damage' | 'none';
type Kind = engine.PendingDecision['kind'];

/** The decider's view and decision, as their DM reads them. */
function decider(s: Scenario) {
  const d = s.pending;
  if (!d) throw new Error('no decision pending');
  const view = engine.privateView(s.active, d.seat);
  if (view.status === 'new' || !view.decision) throw new Error('the decider sees no decision');
  return { view, decision: view.decision };
}

function contextOf(s: Scenario, t = en): string[] {
  const { view, decision } = decider(s);
  return decisionContext(t, view, decision);
}

/** The whole DM as sent (text, embed, menus, the picture's description), to search for cards in it. */
async function dmOf(s: Scenario, t = en) {
  const { view } = decider(s);
  const message = await presentation.privateMessage(t, view);
  return { content: message.content ?? '', everything: JSON.stringify({ ...message, files: message.files?.map((f) => f.description) }) };
}

const ATTACK = { type: 'opposedDuel', attacker: 0, defender: 1, attackerStat: 6, defenderStat: 5 } as const;
const side = (name: string, stat: number, fate: string, extra: { suits?: string; modifier?: string } = {}) =>
  en('context.side', { name, stat, suits: extra.suits ?? '', modifier: extra.modifier ?? '', fate });
const SIDES = `${side('Alice', 6, '0')} ${en('context.against')} ${side('Bob', 5, '0')}`;
const OPPOSED = `⚔️ **${en('context.opposedDuel')}**`;
const noDamageYet = (profile: string, extra: { armor?: number; health?: number; fate?: string } = {}) =>
  en('context.damage', {
    profile,
    plus: '',
    fate: extra.fate ?? '0',
    armor: extra.armor ?? 0,
    shielded: 0,
    health: extra.health === undefined ? '' : en('context.health', { health: extra.health }),
  });

/**
 * One case per decision kind and resolution kind where it occurs. `build(opponentHand)` puts those cards
 * in the hand of the seat that does NOT decide; the cards of these hands (values 10–12) appear nowhere
 * else in the cases, so finding one in the DM can only be a leak.
 */
interface Case {
  name: string;
  kind: Kind;
  where: Where;
  build(opponentHand: CardCode[]): Scenario;
}
const OPPONENT_A: CardCode[] = ['10T', '11C', '12M'];
const OPPONENT_B: CardCode[] = ['10M', '11T', '12C'];

const CASES: Case[] = [
  { name: 'pick, a plain flip', kind: 'pick', where: 'flip', build: (h) => scenario({ decks: [['8R', '3M'], []], hands: [[], h] }).do({ type: 'flip', modifier: 1 }, P0) },
  {
    name: 'pick, a variable flip',
    kind: 'pick',
    where: 'flip',
    build: (h) => scenario({ decks: [['13C', '4R'], []], hands: [[], h] }).do({ type: 'flip', modifier: 1, profile: [1, 2, 3], label: 'Regeneration' }, P0),
  },
  { name: 'cheat, a plain flip', kind: 'cheat', where: 'flip', build: (h) => scenario({ decks: [['8R'], []], hands: [['5M', '13T'], h] }).do({ type: 'flip', modifier: 0 }, P0) },
  { name: 'pick, an opposed duel', kind: 'pick', where: 'duel', build: (h) => scenario({ decks: [['8R', '3M'], ['5C']], hands: [[], h] }).do({ ...ATTACK, attackerFate: 1 }, P0) },
  {
    name: 'pick, a simple duel',
    kind: 'pick',
    where: 'duel',
    build: (h) => scenario({ decks: [['8R', '3M'], []], hands: [[], h] }).do({ type: 'simpleDuel', stat: 5, tn: 11, modifier: 1, fate: 1 }, P0),
  },
  { name: 'cheat, an opposed duel', kind: 'cheat', where: 'duel', build: (h) => scenario({ decks: [['4R'], ['8C']], hands: [['9T', '2M'], h] }).do(ATTACK, P0) },
  { name: 'cheat, a damage flip', kind: 'cheat', where: 'damage', build: (h) => scenario({ decks: [['7R'], []], hands: [['13M', '2C'], h] }).do({ type: 'damageFlip', profile: [2, 3, 4], armor: 1 }, P0) },
  { name: 'pick, a damage flip', kind: 'pick', where: 'damage', build: (h) => scenario({ decks: [['8R', '3M'], []], hands: [[], h] }).do({ type: 'damageFlip', profile: [2, 3, 4], fate: 1, armor: 1 }, P0) },
  {
    name: 'soulstone, the attacker',
    kind: 'soulstone',
    where: 'duel',
    build: (h) =>
      scenario({ soulstones: [2, 0], decks: [['8R'], ['5C']], hands: [[], h] }).do(
        { ...ATTACK, attackerSoulstoneUser: true, tn: 10, tnSuits: ['M'], attackerTriggers: [{ name: 'Crit', suits: ['M'], damage: 1 }], damage: { profile: [2, 3, 4] } },
        P0,
      ),
  },
  {
    name: 'yield, a friendly duel',
    kind: 'yield',
    where: 'duel',
    build: (h) => scenario({ decks: [['8R'], ['5C']], hands: [h, []] }).do({ ...ATTACK, friendly: true, damage: { profile: [2, 3, 4] } }, P0),
  },
  {
    name: 'redJokerSuit, the attacker',
    kind: 'redJokerSuit',
    where: 'duel',
    build: (h) =>
      scenario({ decks: [['RJ'], ['5C']], hands: [[], h] }).do(
        { ...ATTACK, attackerStatSuits: ['M'], tn: 10, tnSuits: ['M', 'M'], attackerTriggers: [{ name: 'Crit', suits: ['M', 'M'] }, { name: 'Onslaught', suits: ['R'] }] },
        P0,
      ),
  },
  {
    name: 'redJokerSuit, the defender',
    kind: 'redJokerSuit',
    where: 'duel',
    build: (h) => scenario({ decks: [['5R'], ['RJ']], hands: [h, []] }).do({ ...ATTACK, attackerStat: 9, defenderTriggers: [{ name: 'Counter', suits: ['C'] }] }, P0),
  },
  {
    name: 'trigger, a winning duel',
    kind: 'trigger',
    where: 'duel',
    build: (h) =>
      scenario({ decks: [['8M'], ['5C']], hands: [['1R', '13T'], h] })
        .do({ ...ATTACK, attackerTriggers: [{ name: 'Crit', suits: ['M'], damage: 1, cost: { discard: 1 } }, { name: 'Onslaught', suits: ['T', 'T'] }], damage: { profile: [2, 3, 4] } }, P0)
        .answerAll({ cheat: engine.DECLINE }),
  },
  {
    name: 'trigger, a losing duel',
    kind: 'trigger',
    where: 'duel',
    build: (h) =>
      scenario({ decks: [['2M'], ['9C']], hands: [['1R'], h] })
        .do({ ...ATTACK, attackerTriggers: [{ name: 'Crit', suits: ['M'] }], defenderTriggers: [{ name: 'Counter', suits: ['C'] }] }, P0)
        .answerAll({ cheat: engine.DECLINE }),
  },
  {
    name: 'triggerCost',
    kind: 'triggerCost',
    where: 'duel',
    build: (h) =>
      scenario({ decks: [['8M'], ['5C']], hands: [['1R', '13T'], h] })
        .do({ ...ATTACK, attackerTriggers: [{ name: 'Crit', suits: ['M'], damage: 1, cost: { discard: 1 } }], damage: { profile: [2, 3, 4] } }, P0)
        .answerAll({ cheat: engine.DECLINE })
        .answer('Crit'),
  },
  {
    name: 'prevent, a damage flip',
    kind: 'prevent',
    where: 'damage',
    build: (h) =>
      scenario({ soulstones: [0, 1], decks: [['8R'], []], hands: [h, []] }).do(
        { type: 'damageFlip', profile: [2, 3, 4], target: 1, targetSoulstoneUser: true, armor: 1, targetHealth: 6 },
        P0,
      ),
  },
  {
    name: 'prevent, a duel’s damage',
    kind: 'prevent',
    where: 'duel',
    build: (h) =>
      scenario({ soulstones: [0, 1], decks: [['4R'], ['3C']], hands: [h, []] })
        .do({ ...ATTACK, targetSoulstoneUser: true, damage: { profile: [2, 3, 4] } }, P0)
        .answerAll({ cheat: engine.DECLINE }),
  },
  {
    name: 'reduce, a fixed damage',
    kind: 'reduce',
    where: 'damage',
    build: (h) => scenario({ soulstones: [0, 1], hands: [h, []] }).do({ type: 'damageFlip', profile: 4, target: 1, targetSoulstoneUser: true, armor: 1, targetHealth: 6 }, P0),
  },
  {
    name: 'reduce, a duel’s damage',
    kind: 'reduce',
    where: 'duel',
    build: (h) =>
      scenario({ soulstones: [0, 1], decks: [['13R', '9C'], ['5C']], hands: [h, []] })
        .do({ ...ATTACK, targetSoulstoneUser: true, targetHealth: 5, damage: { profile: [2, 3, 4] } }, P0)
        .answerAll({ cheat: engine.DECLINE, prevent: 'decline' }),
  },
  {
    name: 'discardDown, after a draw',
    kind: 'discardDown',
    where: 'none',
    build: (h) => scenario({ decks: [['8R'], []], hands: [['1R', '2R', '3R', '4R', '5R', '6R'], h] }).do({ type: 'draw', count: 1 }, P0),
  },
];

const byName = (name: string): Scenario => {
  const c = CASES.find((x) => x.name === name);
  if (!c) throw new Error(`no case ${name}`);
  return c.build(OPPONENT_A);
};

describe('every decision kind, where it occurs, has its case', () => {
  it('DUEL-4 / DMG-7 / LOC-5: the cases cover every kind of decisionCoreSchema, in a flip, a duel and a damage flip wherever the engine asks it', () => {
    const kinds = engine.decisionCoreSchema.options.map((o) => o.shape.kind.value);
    expect(new Set(CASES.map((c) => c.kind))).toEqual(new Set(kinds));
    const where = new Set(CASES.map((c) => `${c.kind}@${c.where}`));
    for (const k of ['pick@flip', 'pick@duel', 'pick@damage', 'cheat@flip', 'cheat@duel', 'cheat@damage', 'prevent@damage', 'prevent@duel', 'reduce@damage', 'reduce@duel']) {
      expect(where, k).toContain(k);
    }
  });

  it.each(CASES)('$name: the engine opens a $kind decision, in a $where resolution, and its DM carries the context', async (c) => {
    const s = c.build(OPPONENT_A);
    const { view, decision } = decider(s);
    expect(decision.kind).toBe(c.kind);
    expect(view.resolution?.kind ?? 'none').toBe(c.where);
    const lines = contextOf(s);
    expect(lines.length).toBeGreaterThan(0);
    const { content } = await dmOf(s);
    for (const line of lines) expect(content).toContain(line);
  });
});

describe('the adversary reads the DM: never a card of the opponent’s hand', () => {
  it.each(CASES)('LOC-5: $name — no card of the opponent’s hand in the DM, and the same DM whatever that hand holds', async (c) => {
    const a = c.build(OPPONENT_A);
    const b = c.build(OPPONENT_B);
    const opponent = engine.privateView(a.active, a.pending!.seat === 0 ? 1 : 0);
    if (opponent.status === 'new') throw new Error('no game');
    // The fixture did put these cards in the opponent's hand (and they are still there).
    expect(opponent.hand).toEqual(expect.arrayContaining(OPPONENT_A));
    const dmA = await dmOf(a);
    for (const code of OPPONENT_A) {
      expect(dmA.everything).not.toContain(`"${code}"`);
      expect(dmA.everything).not.toContain(card(code));
      expect(dmA.everything).not.toContain(cardName(en, code));
    }
    expect(dmA.content).toBe((await dmOf(b)).content);
  });
});

describe('pick (FLIP-4): what each card would give', () => {
  it('FLIP-4: a plain + flip — each card’s value and band', () => {
    expect(contextOf(byName('pick, a plain flip'))).toEqual([
      en('context.flip', { name: 'Alice', label: '', modifier: '+' }),
      en('context.pickChoices', { choices: '8🐏 → value 8, moderate · 3🎭 → value 3, weak' }),
    ]);
  });

  it('FLIP-8: a variable flip 1/2/3 — each card’s band and amount (13 severe: 3, 4 weak: 1)', () => {
    expect(contextOf(byName('pick, a variable flip'))).toEqual([
      en('context.flip', { name: 'Alice', label: ' Regeneration', modifier: '+' }),
      en('context.pickChoices', { choices: '13🐦 → severe: 3 · 4🐏 → weak: 1' }),
    ]);
  });

  it('FLIP-6 / DUEL-4 B: the attacker of an opposed duel — each card’s total (stat 6 + 8 = 14, 6 + 3 = 9)', () => {
    expect(contextOf(byName('pick, an opposed duel'))).toEqual([
      OPPOSED,
      `${side('Alice', 6, '+')} ${en('context.against')} ${side('Bob', 5, '0')}`,
      en('context.pickChoices', { choices: '8🐏 → total 14 🐏 · 3🎭 → total 9 🎭' }),
    ]);
  });

  it('DUEL-6: a simple duel against TN 11 — stat 5 + 1 + 8 = 14 succeeds, 5 + 1 + 3 = 9 fails', () => {
    expect(contextOf(byName('pick, a simple duel'))).toEqual([
      `⚔️ **${en('context.simpleDuel')}**`,
      side('Alice', 5, '+', { modifier: ' +1' }),
      en('context.tn', { tn: 11, suits: '' }),
      en('context.pickChoices', {
        choices: `8🐏 → total 14 🐏, ${en('context.wouldSucceed')} · 3🎭 → total 9 🎭, ${en('context.wouldFailShort')}`,
      }),
    ]);
  });

  it('DMG-8: a damage flip 2/3/4 against Armor 1 — 8 moderate 3 − 1 = 2, 3 weak 2 − 1 = 1', () => {
    expect(contextOf(byName('pick, a damage flip'))).toEqual([
      `🩸 **${en('context.damageFlip')}**`,
      noDamageYet('2/3/4', { armor: 1, fate: '+' }),
      en('context.pickChoices', { choices: '8🐏 → moderate: 2 damage · 3🎭 → weak: 1 damage' }),
    ]);
  });
});

describe('cheat (CHEAT-1) outside the e2e duel: a plain flip, a duel, a damage flip', () => {
  it('CHEAT-1: a plain flip — the card flipped, its value and band', async () => {
    const s = byName('cheat, a plain flip');
    expect(contextOf(s)).toEqual([en('context.flip', { name: 'Alice', label: '', modifier: '0' })]);
    expect((await dmOf(s)).content).toContain(en('cheat.flip', { card: '8🐏', value: 8, band: en('band.moderate') }));
  });

  it('DUEL-4 C: the lower total decides first — Alice 6 + 4 = 10 against Bob 5 + 8 = 13 needs a 7; her 9 would do', async () => {
    const s = byName('cheat, an opposed duel');
    expect(contextOf(s)).toEqual([OPPOSED, SIDES]);
    const { content } = await dmOf(s);
    for (const line of [
      en('cheat.mine', { slot: en('slot.attacker'), card: '4🐏', total: 10, suits: ' 🐏', stat: 6, value: 4, modifier: '' }),
      en('cheat.other', { name: '**Bob**', slot: en('slot.defender'), card: '8🐦', total: 13, suits: ' 🐦' }),
      en('cheat.otherMayCheat', { name: '**Bob**' }),
      en('cheat.needs', { needs: en('cheat.needAtLeast', { name: '**Bob**', total: 13 }) }),
      en('cheat.nowFails', { why: en('duel.why.belowOther', { name: '**Bob**', total: 13 }) }),
      en('cheat.threshold', { value: 7 }),
      en('cheat.winners', { cards: '9📖' }),
    ]) {
      expect(content).toContain(line);
    }
  });

  it('DMG-5 / DMG-8: a damage flip 2/3/4, Armor 1 — 7 moderate: 2 now; 13 severe would deal 3, 2 weak 1', async () => {
    const s = byName('cheat, a damage flip');
    expect(contextOf(s)).toEqual([`🩸 **${en('context.damageFlip')}**`, noDamageYet('2/3/4', { armor: 1 })]);
    const { content } = await dmOf(s);
    expect(content).toContain(en('cheat.damage', { card: '7🐏', band: en('band.moderate'), damage: 2 }));
    expect(content).toContain(
      en('cheat.damageHand', {
        bands: [en('cheat.damageBand', { band: en('band.severe'), damage: 3, cards: '13🎭' }), en('cheat.damageBand', { band: en('band.weak'), damage: 1, cards: '2🐦' })].join(' · '),
      }),
    );
  });
});

describe('soulstone (DUEL-4 A, SS-3)', () => {
  it('SS-3 Duel: both sides’ stats, the TN and its suit, the damage, the triggers, and what + or each suit would do', () => {
    expect(contextOf(byName('soulstone, the attacker'))).toEqual([
      OPPOSED,
      SIDES,
      en('context.tn', { tn: 10, suits: ' 🎭 Masks' }),
      noDamageYet('2/3/4'),
      en('context.triggers'),
      `• **Crit**: ${en('context.triggerNeeds', { suits: '🎭 Masks' })} · ${en('context.triggerDamage', { damage: 1 })}`,
      en('context.soulstonePlus', { fate: '+' }),
      en('context.soulstoneSuit', { suit: '🐏 Rams' }),
      // The TN asks for Masks and Alice's stat brings none: a Mask from the soulstone is the one it needs.
      en('context.soulstoneSuitMeets', { suit: '🎭 Masks' }),
      en('context.soulstoneSuit', { suit: '🐦 Crows' }),
      en('context.soulstoneSuit', { suit: '📖 Tomes' }),
    ]);
  });

  it('DUEL-6: the defender, asked after the attacker, is never told a suit meets the TN (the TN’s suits are the attacker’s)', () => {
    const s = scenario({ soulstones: [1, 1], decks: [['8R'], ['5C']] })
      .do({ ...ATTACK, attackerSoulstoneUser: true, defenderSoulstoneUser: true, tn: 10, tnSuits: ['M'] }, P0)
      .answer('none');
    s.expectPending('soulstone', 1);
    expect(contextOf(s)).toEqual([
      OPPOSED,
      SIDES,
      en('context.tn', { tn: 10, suits: ' 🎭 Masks' }),
      en('context.soulstonePlus', { fate: '+' }),
      ...['🐏 Rams', '🎭 Masks', '🐦 Crows', '📖 Tomes'].map((suit) => en('context.soulstoneSuit', { suit })),
    ]);
  });
});

describe('yield (DUEL-7)', () => {
  it('DUEL-7: the defender of a friendly duel sees the duel and what yielding gives away', () => {
    expect(contextOf(byName('yield, a friendly duel'))).toEqual([
      OPPOSED,
      SIDES,
      noDamageYet('2/3/4'),
      en('context.yieldChoice', { name: 'Alice' }),
      en('context.fightChoice'),
    ]);
    expect(contextOf(byName('yield, a friendly duel'), fr).slice(-2)).toEqual([
      'Céder : vous ne tirez aucune carte et votre total égale celui d’Alice, une égalité que Alice remporte (avec une précision − sur les éventuels dégâts) ; vous n’ajoutez aucune couleur et ne déclarez aucun déclic.',
      'Participer : le duel continue et vous tirez tous les deux.',
    ]);
  });
});

describe('redJokerSuit (CARD-3, AMB-39)', () => {
  it('CARD-3: the attacker’s RJ is 14 (6 + 14 = 20); only Masks meets a TN of two Masks, and opens Crit (two Masks)', () => {
    const missing = en('context.wouldFail', { why: en('duel.why.missingSuits', { suits: '🎭 Masks' }) });
    expect(contextOf(byName('redJokerSuit, the attacker'))).toEqual([
      OPPOSED,
      `${side('Alice', 6, '0', { suits: ' 🎭' })} ${en('context.against')} ${side('Bob', 5, '0')}`,
      en('context.tn', { tn: 10, suits: ' 2 × 🎭 Masks' }),
      en('context.redJokerSuit', { suit: '🐏 Rams', total: 20, suits: '🐏🎭', outcome: missing, triggers: en('context.opensTriggers', { names: 'Onslaught' }) }),
      en('context.redJokerSuit', { suit: '🎭 Masks', total: 20, suits: '🎭🎭', outcome: en('context.wouldSucceed'), triggers: en('context.opensTriggers', { names: 'Crit' }) }),
      en('context.redJokerSuit', { suit: '🐦 Crows', total: 20, suits: '🐦🎭', outcome: missing, triggers: '' }),
      en('context.redJokerSuit', { suit: '📖 Tomes', total: 20, suits: '📖🎭', outcome: missing, triggers: '' }),
    ]);
  });

  it('DUEL-6: the defender’s RJ, 5 + 14 = 19 against 9 + 5 = 14 — every suit succeeds, Crows opens Counter', () => {
    const lines = contextOf(byName('redJokerSuit, the defender'));
    expect(lines.slice(-4)).toEqual([
      en('context.redJokerSuit', { suit: '🐏 Rams', total: 19, suits: '🐏', outcome: en('context.wouldSucceed'), triggers: '' }),
      en('context.redJokerSuit', { suit: '🎭 Masks', total: 19, suits: '🎭', outcome: en('context.wouldSucceed'), triggers: '' }),
      en('context.redJokerSuit', { suit: '🐦 Crows', total: 19, suits: '🐦', outcome: en('context.wouldSucceed'), triggers: en('context.opensTriggers', { names: 'Counter' }) }),
      en('context.redJokerSuit', { suit: '📖 Tomes', total: 19, suits: '📖', outcome: en('context.wouldSucceed'), triggers: '' }),
    ]);
    expect(contextOf(byName('redJokerSuit, the defender'), fr).at(-2)).toBe('🐦 Corbeaux : total 19 🐦, vous réussiriez · permet Counter.');
  });
});

describe('trigger and triggerCost (DUEL-4 E, TRIG-1, TRIG-4)', () => {
  it('TRIG-1 / TRIG-4: totals so far (6 + 8 = 14 Masks, 5 + 5 = 10 Crows), each trigger with its suits, cost and damage', () => {
    expect(contextOf(byName('trigger, a winning duel'))).toEqual([
      OPPOSED,
      SIDES,
      en('context.totals', { totals: 'Alice 14 🎭 · Bob 10 🐦' }),
      noDamageYet('2/3/4'),
      en('context.triggers'),
      `• **Crit**: ${en('context.triggerNeeds', { suits: '🎭 Masks' })} · ${en('context.triggerCost', { count: 1 })} · ${en('context.triggerDamage', { damage: 1 })}`,
      `• **Onslaught**: ${en('context.triggerNeeds', { suits: '2 × 📖 Tomes' })}`,
    ]);
  });

  it('TRIG-1 / DUEL-6: on a lost duel (6 + 2 = 8 against 5 + 9 = 14) the attacker is told the trigger would not fire; the winning defender is not', () => {
    const s = byName('trigger, a losing duel');
    expect(contextOf(s)).toContain(`• **Crit**: ${en('context.triggerNeeds', { suits: '🎭 Masks' })} · ${en('context.triggerWouldFizzle')}`);
    const bob = s.answer(engine.NO_TRIGGER);
    bob.expectPending('trigger', 1);
    expect(contextOf(bob)).toContain(`• **Counter**: ${en('context.triggerNeeds', { suits: '🐦 Crows' })}`);
  });

  it('TRIG-4: paying the cost, the player still sees the trigger being paid for and the duel it is for', () => {
    const lines = contextOf(byName('triggerCost'));
    expect(lines).toContain(en('context.totals', { totals: 'Alice 14 🎭 · Bob 10 🐦' }));
    expect(lines).toContain(`• **Crit**: ${en('context.triggerNeeds', { suits: '🎭 Masks' })} · ${en('context.triggerCost', { count: 1 })} · ${en('context.triggerDamage', { damage: 1 })}`);
  });
});

describe('prevent (DMG-7 step 1, SS-3, SS-4)', () => {
  it('SS-3 Prevent: a damage flip 2/3/4 at fate 0 would go to −, and Reduce is then closed by default (AMB-14)', () => {
    expect(contextOf(byName('prevent, a damage flip'))).toEqual([
      `🩸 **${en('context.damageFlip')}**`,
      noDamageYet('2/3/4', { armor: 1, health: 6 }),
      `${en('context.preventSpend', { before: '0', after: '−' })} ${en('context.preventNoReduce')}`,
    ]);
  });

  it('AMB-14: with the option that allows both, Prevent does not close Reduce', () => {
    const s = scenario({ soulstones: [0, 1], decks: [['8R'], []], options: { preventAndReduce: true } }).do(
      { type: 'damageFlip', profile: [2, 3, 4], target: 1, targetSoulstoneUser: true },
      P0,
    );
    expect(contextOf(s).at(-1)).toBe(en('context.preventSpend', { before: '0', after: '−' }));
  });

  it('DMG-3: after a duel won by 2 (6 + 4 = 10 against 5 + 3 = 8) the damage flip already has precision −, so Prevent makes it − −', () => {
    expect(contextOf(byName('prevent, a duel’s damage'))).toEqual([
      OPPOSED,
      SIDES,
      en('context.totals', { totals: 'Alice 10 🐏 · Bob 8 🐦' }),
      noDamageYet('2/3/4', { fate: '−' }),
      `${en('context.preventSpend', { before: '−', after: '−−' })} ${en('context.preventNoReduce')}`,
    ]);
  });
});

describe('reduce (DMG-7 step 3, SS-3 Reduce, AMB-18)', () => {
  it('DMG-8 / AMB-18: 4 damage, Armor 1 → 3 against Health 6; a soulstone would leave 2, 1, 0, 0 on the RJ, 3 on the BJ', () => {
    const s = byName('reduce, a fixed damage');
    expect(s.pending).toMatchObject({ kind: 'reduce', damage: 3 });
    expect(contextOf(s)).toEqual([
      `🩸 **${en('context.damageFlip')}**`,
      noDamageYet('4', { armor: 1, health: 6 }),
      en('context.reduceDecline', { damage: 3, left: en('context.healthLeft', { health: 3 }) }),
      en('context.reduceSpend', { weak: 2, moderate: 1, severe: 0, redJoker: 0, damage: 3 }),
    ]);
    expect(contextOf(s, fr).slice(-2)).toEqual([
      'Garder la Pierrâme : vous subissez 3 dégâts (il vous reste 3 en Santé).',
      'Dépenser une Pierrâme : une carte de votre paquet (jamais trichée) les réduit ; vous subiriez 2 sur une carte faible, 1 sur une modérée, 0 sur une sévère, 0 sur le Joker Rouge, 3 sur le Joker Noir.',
    ]);
  });

  it('DMG-8: 5 damage, Armor 1 and Shielded → 3 against Health 2 — declining leaves 0 Health', () => {
    const s = scenario({ soulstones: [0, 1] }).do({ type: 'damageFlip', profile: 5, target: 1, targetSoulstoneUser: true, armor: 1, shielded: 1, targetHealth: 2 }, P0);
    expect(contextOf(s).slice(-2)).toEqual([
      en('context.reduceDecline', { damage: 3, left: en('context.healthLeft', { health: 0 }) }),
      en('context.reduceSpend', { weak: 2, moderate: 1, severe: 0, redJoker: 0, damage: 3 }),
    ]);
  });

  it('DMG-7: a duel won 19 to 10 (precision 0), a 9 of Crows on 2/3/4 deals 3 against Health 5', () => {
    expect(contextOf(byName('reduce, a duel’s damage'))).toEqual([
      OPPOSED,
      SIDES,
      en('context.totals', { totals: 'Alice 19 🐏 · Bob 10 🐦' }),
      noDamageYet('2/3/4', { health: 5 }),
      en('context.reduceDecline', { damage: 3, left: en('context.healthLeft', { health: 2 }) }),
      en('context.reduceSpend', { weak: 2, moderate: 1, severe: 0, redJoker: 0, damage: 3 }),
    ]);
  });
});

describe('discardDown (LOC-5)', () => {
  it('LOC-5: 6 cards and a draw make 7 against a maximum of 6 — discard 1', () => {
    expect(contextOf(byName('discardDown, after a draw'))).toEqual([en('context.discardDown', { hand: 7, limit: 6, count: 1 })]);
    expect(contextOf(byName('discardDown, after a draw'), fr)).toEqual(['Votre main compte 7 cartes, le maximum est 6 : défaussez 1 carte.']);
  });

  it('SS-3 Draw / LOC-5: a soulstone Draw brings 4 cards to 6 against a house maximum of 4 — discard 2', () => {
    const s = scenario({ soulstones: [1, 0], hands: [['1R', '2R', '3R', '4R'], []], options: { handLimit: 4 } }).do({ type: 'soulstoneDraw' }, P0);
    expect(contextOf(s)).toEqual([en('context.discardDown', { hand: 6, limit: 4, count: 2 })]);
  });
});
