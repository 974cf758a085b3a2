/**
 * Pending decisions (decisions.ts): the rule quoted to whoever acts out of turn for each kind, the
 * choices of each decision as plain strings and the answer command each choice builds, and when two
 * decisions are the same one.
 */
import { describe, expect, it } from 'vitest';
import type { CardCode } from './cards.js';
import type { PendingDecision } from './decisions.js';
import { DECLINE, NO_TRIGGER, commandForChoice, decisionChoices, decisionId, pendingDecision, sameDecision } from './decisions.js';
import { initialState } from './game.js';
import type { Command, DecisionCore } from './schema.js';
import type { Scenario } from './testkit.js';
import { P0, P1, given, scenario } from './testkit.js';

const opposed = { type: 'opposedDuel', attacker: 0, attackerStat: 5, defenderStat: 5 } as const;
const damage: Command = { type: 'damageFlip', profile: [2, 3, 4], targetSoulstoneUser: true };

/** One scenario per decision kind, stopped at that decision. */
const at: Record<PendingDecision['kind'], () => Scenario> = {
  // A + flip: Alice chooses among 9C and 5C.
  pick: () => scenario({ decks: [['9C', '5C'], []] }).do({ type: 'flip', modifier: 1 }, P0),
  cheat: () => scenario({ decks: [['5R'], []], hands: [['13R', '2C'], []] }).do({ type: 'flip', modifier: 0 }, P0),
  soulstone: () => scenario({ decks: [['9M'], ['5C']], soulstones: [1, 1] }).do({ ...opposed, attackerSoulstoneUser: true }, P0),
  yield: () => scenario({ decks: [['9M'], ['13C']] }).do({ ...opposed, friendly: true }, P0),
  redJokerSuit: () => scenario({ decks: [['RJ'], []] }).do({ type: 'simpleDuel', stat: 3, tn: 10 }, P0),
  trigger: () => scenario({ decks: [['9M'], ['2T']] }).do({ ...opposed, attackerTriggers: [{ name: 'Strike', suits: ['M'] }] }, P0),
  triggerCost: () =>
    scenario({ decks: [['9M'], ['2T']], hands: [['3R', '4C'], []] })
      .do({ ...opposed, attackerTriggers: [{ name: 'Costly', suits: ['M'], cost: { discard: 1 } }] }, P0)
      .answer(DECLINE)
      .answer('Costly'),
  // Hand limit 2: Alice draws 2 onto 2 cards.
  discardDown: () => scenario({ hands: [['1R', '2R'], []], decks: [['3R', '4R'], []], options: { handLimit: 2 } }).do({ type: 'draw', count: 2 }, P0),
  prevent: () => scenario({ decks: [['12M'], []], soulstones: [0, 1] }).do(damage, P0),
  reduce: () => scenario({ decks: [['12M'], []], soulstones: [0, 1] }).do(damage, P0).answer(DECLINE),
};

describe('the rule that orders each decision', () => {
  const cases: [PendingDecision['kind'], 0 | 1, string][] = [
    ['pick', 0, 'FLIP-6'],
    ['cheat', 0, 'DUEL-4'],
    ['soulstone', 0, 'DUEL-4'],
    ['yield', 1, 'DUEL-7'],
    ['redJokerSuit', 0, 'CARD-3'],
    ['trigger', 0, 'DUEL-4'],
    ['triggerCost', 0, 'TRIG-4'],
    ['discardDown', 0, 'LOC-5'],
    ['prevent', 1, 'DMG-7'],
    ['reduce', 1, 'DMG-7'],
  ];
  for (const [kind, seat, rule] of cases) {
    it(`${rule}: while a ${kind} decision waits for seat ${seat}, the other seat is refused with ${rule}`, () => {
      const s = at[kind]();
      s.expectPending(kind, seat);
      const other = seat === 0 ? P1 : P0;
      expect(given(s).when({ type: 'draw', count: 1 }, other).thenError('WAITING_FOR_DECISION', rule).params).toEqual({ seat, kind });
    });
  }
});

describe('choices and the answers they build', () => {
  const answerTo = (s: Scenario, choice: string | string[]) => {
    const d = s.pending as PendingDecision;
    return commandForChoice(d, choice);
  };

  it('FLIP-4: a pick offers the revealed cards; a card not revealed, or two cards, is no choice', () => {
    const s = at.pick();
    const d = s.expectPending('pick', 0);
    expect(decisionChoices(d)).toEqual(['9C', '5C']);
    expect(answerTo(s, '5C')).toEqual({ type: 'pickCard', decisionId: d.id, card: '5C' });
    expect(answerTo(s, ['9C'])).toEqual({ type: 'pickCard', decisionId: d.id, card: '9C' });
    expect(answerTo(s, '13R')).toBeNull();
    expect(answerTo(s, ['9C', '5C'])).toBeNull();
  });

  it('CHEAT-1 / CHEAT-5: a cheat offers the hand and "decline"; any card code builds a cheat (the engine checks the hand)', () => {
    const s = at.cheat();
    const d = s.expectPending('cheat', 0);
    expect(decisionChoices(d)).toEqual(['13R', '2C', DECLINE]);
    expect(DECLINE).toBe('decline');
    expect(answerTo(s, DECLINE)).toEqual({ type: 'declineCheat', decisionId: d.id });
    expect(answerTo(s, '13R')).toEqual({ type: 'cheatFate', decisionId: d.id, card: '13R' });
    const notHeld = answerTo(s, ['9M']);
    expect(notHeld).toEqual({ type: 'cheatFate', decisionId: d.id, card: '9M' });
    given(s).when(notHeld as Command, P0).thenError('CARD_NOT_IN_HAND', 'CHEAT-5');
    expect(answerTo(s, 'plus')).toBeNull();
    expect(answerTo(s, ['13R', '2C'])).toBeNull();
  });

  it('SS-3 Duel: a soulstone offers none, + and each suit', () => {
    const s = at.soulstone();
    const d = s.expectPending('soulstone', 0);
    expect(decisionChoices(d)).toEqual(['none', 'plus', 'R', 'M', 'C', 'T']);
    expect(answerTo(s, 'M')).toEqual({ type: 'useSoulstone', decisionId: d.id, use: 'M' });
    expect(answerTo(s, 'none')).toEqual({ type: 'useSoulstone', decisionId: d.id, use: 'none' });
  });

  it('DUEL-7: yield or fight', () => {
    const s = at.yield();
    const d = s.expectPending('yield', 1);
    expect(decisionChoices(d)).toEqual(['yield', 'fight']);
    expect(answerTo(s, 'yield')).toEqual({ type: 'yieldDuel', decisionId: d.id, yield: true });
    expect(answerTo(s, 'fight')).toEqual({ type: 'yieldDuel', decisionId: d.id, yield: false });
  });

  it('CARD-3: the RJ’s suit is one of the four', () => {
    const s = at.redJokerSuit();
    const d = s.expectPending('redJokerSuit', 0);
    expect(decisionChoices(d)).toEqual(['R', 'M', 'C', 'T']);
    expect(answerTo(s, 'T')).toEqual({ type: 'chooseRedJokerSuit', decisionId: d.id, suit: 'T' });
  });

  it('TRIG-1: a trigger decision offers the legal triggers and "-" for none', () => {
    const s = at.trigger();
    const d = s.expectPending('trigger', 0);
    expect(decisionChoices(d)).toEqual(['Strike', NO_TRIGGER]);
    expect(NO_TRIGGER).toBe('-');
    expect(answerTo(s, 'Strike')).toEqual({ type: 'declareTrigger', decisionId: d.id, trigger: 'Strike' });
    expect(answerTo(s, NO_TRIGGER)).toEqual({ type: 'declareTrigger', decisionId: d.id, trigger: null });
    expect(answerTo(s, 'Other')).toBeNull();
  });

  it('TRIG-4 / LOC-5: a cost or a discard-down takes the cards as given, one or several', () => {
    const cost = at.triggerCost();
    const c = cost.expectPending('triggerCost', 0);
    expect(decisionChoices(c)).toEqual(['3R', '4C']);
    expect(answerTo(cost, '4C')).toEqual({ type: 'payTriggerCost', decisionId: c.id, cards: ['4C'] });
    expect(answerTo(cost, ['3R', '4C'])).toEqual({ type: 'payTriggerCost', decisionId: c.id, cards: ['3R', '4C'] });
    const down = at.discardDown();
    const d = down.expectPending('discardDown', 0);
    expect(decisionChoices(d)).toEqual(['1R', '2R', '3R', '4R']);
    expect(answerTo(down, '2R')).toEqual({ type: 'discardDown', decisionId: d.id, cards: ['2R'] });
    expect(answerTo(down, ['1R', '4R'])).toEqual({ type: 'discardDown', decisionId: d.id, cards: ['1R', '4R'] });
  });

  it('SS-3 Prevent / Reduce: spend or decline', () => {
    const prevent = at.prevent();
    const p = prevent.expectPending('prevent', 1);
    expect(decisionChoices(p)).toEqual(['spend', 'decline']);
    expect(answerTo(prevent, 'spend')).toEqual({ type: 'preventDamage', decisionId: p.id, spend: true });
    expect(answerTo(prevent, 'decline')).toEqual({ type: 'preventDamage', decisionId: p.id, spend: false });
    const reduce = at.reduce();
    const r = reduce.expectPending('reduce', 1);
    expect(decisionChoices(r)).toEqual(['spend', 'decline']);
    expect(answerTo(reduce, 'spend')).toEqual({ type: 'reduceDamage', decisionId: r.id, spend: true });
    expect(answerTo(reduce, 'decline')).toEqual({ type: 'reduceDamage', decisionId: r.id, spend: false });
  });
});

describe('the pending decision', () => {
  it('is read from the state, with its id `${kind}-${since}`; none before the game starts', () => {
    expect(pendingDecision(initialState)).toBeNull();
    const s = at.cheat();
    const d = s.expectPending('cheat', 0);
    expect(d.id).toBe(`cheat-${d.since}`);
    expect(decisionId('pick', 7)).toBe('pick-7');
  });

  it('is a copy: changing its choices changes nothing in the state', () => {
    const s = at.cheat();
    const d = pendingDecision(s.state) as PendingDecision;
    (d.legal as CardCode[]).push('9M');
    expect(pendingDecision(s.state)?.legal).toEqual(['13R', '2C']);
  });
});

describe('the same decision', () => {
  const cheat: DecisionCore = { kind: 'cheat', seat: 0, slot: 'main', legal: ['13R', '2C'] };

  it('same kind, seat and choices, whatever the id, since or key order', () => {
    expect(sameDecision(cheat, { legal: ['13R', '2C'], slot: 'main', seat: 0, kind: 'cheat' })).toBe(true);
    expect(sameDecision({ ...cheat, id: 'cheat-4', since: 4 } as DecisionCore, { ...cheat, id: 'cheat-9', since: 9 } as DecisionCore)).toBe(true);
  });

  it('another kind, seat, slot, or other choices (order, number) is another decision', () => {
    expect(sameDecision(cheat, { kind: 'pick', seat: 0, slot: 'main', legal: ['13R', '2C'] })).toBe(false);
    expect(sameDecision(cheat, { ...cheat, seat: 1 })).toBe(false);
    expect(sameDecision(cheat, { ...cheat, slot: 'damage' })).toBe(false);
    expect(sameDecision(cheat, { ...cheat, legal: ['2C', '13R'] })).toBe(false);
    expect(sameDecision(cheat, { ...cheat, legal: ['13R'] })).toBe(false);
    expect(sameDecision(cheat, { ...cheat, legal: ['13R', '2C', '9M'] })).toBe(false);
    expect(sameDecision(cheat, { ...cheat, legal: ['13R', '9M'] })).toBe(false);
    expect(sameDecision({ kind: 'prevent', seat: 1, legal: ['spend', 'decline'] }, { kind: 'reduce', seat: 1, damage: 2, legal: ['spend', 'decline'] })).toBe(false);
    // A stored decision with a field the open one lacks (or the other way round) is another decision.
    expect(sameDecision(cheat, { ...cheat, damage: 2 } as DecisionCore)).toBe(false);
    expect(sameDecision({ ...cheat, damage: 2 } as DecisionCore, cheat)).toBe(false);
    const reduce: DecisionCore = { kind: 'reduce', seat: 1, damage: 3, legal: ['spend', 'decline'] };
    expect(sameDecision(reduce, { ...reduce, damage: 2 })).toBe(false);
    expect(sameDecision(reduce, { ...reduce })).toBe(true);
  });
});
