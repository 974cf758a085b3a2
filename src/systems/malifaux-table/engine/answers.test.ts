/**
 * Answers to pending decisions (answers.ts): the event each answer records, with its details, and the
 * precise refusal a mismatched answer gets (the rule that forbids it) before the generic
 * WAITING_FOR_DECISION / NO_DECISION_PENDING.
 */
import { describe, expect, it } from 'vitest';
import type { Command } from './schema.js';
import { P0, P1, REF, given, scenario } from './testkit.js';

const opposed = { type: 'opposedDuel', attacker: 0, attackerStat: 5, defenderStat: 5 } as const;

describe('answering the open decision', () => {
  it('FLIP-5: with a RJ among the revealed cards, a card the joker leaves out is refused with FLIP-5; the pick discards the others', () => {
    // Net −2: three cards; the lowest (5C) or the RJ may be taken, not the 9C.
    const s = scenario({ decks: [['RJ', '9C', '5C'], []] }).do({ type: 'flip', modifier: -2 }, P0);
    expect(s.expectPending('pick', 0).legal).toEqual(['RJ', '5C']);
    expect(given(s).when({ type: 'pickCard', card: '9C' }, P0).thenError('ILLEGAL_PICK', 'FLIP-5').params).toEqual({ card: '9C' });
    given(s)
      .when({ type: 'pickCard', card: '5C' }, P0)
      .thenIncludes([{ type: 'FlipCardChosen', seat: 0, slot: 'main', card: '5C', forced: false, discarded: ['RJ', '9C'] }]);
  });

  it('FLIP-4: without a joker an illegal pick is refused with FLIP-4 and names the card', () => {
    const s = scenario({ decks: [['9C', '5C'], []] }).do({ type: 'flip', modifier: 1 }, P0);
    expect(given(s).when({ type: 'pickCard', card: '13R' }, P0).thenError('ILLEGAL_PICK', 'FLIP-4').params).toEqual({ card: '13R' });
  });

  it('FLIP-6: the defender’s pick is recorded on the defender’s slot', () => {
    const s = scenario({ decks: [['2R'], ['3T', '10T']] }).do({ ...opposed, defenderFate: 1 }, P0);
    s.expectPending('pick', 1);
    given(s)
      .when({ type: 'pickCard', card: '10T' }, P1)
      .thenIncludes([{ type: 'FlipCardChosen', seat: 1, slot: 'defender', card: '10T', forced: false, discarded: ['3T'] }]);
  });

  it('CHEAT-5: a cheat must name a hand card (the refusal names it); the cheat replaces the defender’s taken card', () => {
    // Bob 5 + 2T = 7 < Alice 5 + 9M = 14: Bob decides first (DUEL-4 Step C).
    const s = scenario({ decks: [['9M'], ['2T']], hands: [[], ['13C']] }).do(opposed, P0);
    s.expectPending('cheat', 1);
    expect(given(s).when({ type: 'cheatFate', card: '12C' }, P1).thenError('CARD_NOT_IN_HAND', 'CHEAT-5').params).toEqual({ card: '12C' });
    given(s).when({ type: 'cheatFate', card: '13C' }, P1).thenIncludes([{ type: 'FateCheated', seat: 1, slot: 'defender', card: '13C', replaced: '2T' }]);
    given(s).when({ type: 'declineCheat' }, P1).thenIncludes([{ type: 'CheatDeclined', seat: 1, slot: 'defender' }]);
  });

  it('DUEL-4 Step A: the soulstone answer is recorded for the deciding role: declined by choice, or spent on a suit', () => {
    const s = scenario({ decks: [['9M'], ['5C']], soulstones: [0, 1] }).do({ ...opposed, defenderSoulstoneUser: true }, P0);
    s.expectPending('soulstone', 1);
    given(s).when({ type: 'useSoulstone', use: 'none' }, P1).thenIncludes([{ type: 'SoulstoneDeclined', seat: 1, purpose: 'duel', role: 'defender', reason: 'choice' }]);
    given(s).when({ type: 'useSoulstone', use: 'T' }, P1).thenIncludes([{ type: 'SoulstoneUsed', seat: 1, purpose: 'duel', role: 'defender', use: 'T' }]);
  });

  it('DUEL-7: the defender’s yield answer is recorded either way', () => {
    const s = scenario({ decks: [['9M'], ['13C']] }).do({ ...opposed, friendly: true }, P0);
    s.expectPending('yield', 1);
    given(s).when({ type: 'yieldDuel', yield: true }, P1).thenIncludes([{ type: 'DuelYieldDecided', seat: 1, yielded: true }]);
    given(s).when({ type: 'yieldDuel', yield: false }, P1).thenIncludes([{ type: 'DuelYieldDecided', seat: 1, yielded: false }]);
  });

  it('CARD-3: the RJ’s suit is chosen for its slot', () => {
    const s = scenario({ decks: [['5R'], ['RJ']] }).do(opposed, P0);
    s.expectPending('redJokerSuit', 1);
    given(s).when({ type: 'chooseRedJokerSuit', suit: 'C' }, P1).thenIncludes([{ type: 'RedJokerSuitChosen', seat: 1, slot: 'defender', suit: 'C' }]);
  });
});

describe('triggers (answers)', () => {
  it('TRIG-1: the defender’s triggers are checked against the defender’s own total, not the attacker’s', () => {
    // Alice 5 + 9M (suit M), Bob 5 + 12T = 17 (suit T): Bob wins; only his Parry (T) fits his total.
    const s = scenario({ decks: [['9M'], ['12T']] }).do(
      { ...opposed, defenderTriggers: [{ name: 'Parry', suits: ['T'] }, { name: 'Lunge', suits: ['M'] }] },
      P0,
    );
    expect(s.expectPending('trigger', 1).legal).toEqual(['Parry']);
    given(s).when({ type: 'declareTrigger', trigger: 'Parry' }, P1).thenIncludes([{ type: 'TriggerDeclared', seat: 1, role: 'defender', trigger: 'Parry', reason: 'choice' }]);
    expect(given(s).when({ type: 'declareTrigger', trigger: 'Lunge' }, P1).thenError('TRIGGER_SUITS_MISSING', 'TRIG-1').params).toEqual({ trigger: 'Lunge', suits: 'M' });
    given(s).when({ type: 'declareTrigger', trigger: null }, P1).thenIncludes([{ type: 'TriggerDeclared', seat: 1, role: 'defender', trigger: null, reason: 'choice' }]);
  });

  it('TRIG-1: an unknown trigger is refused with its name; several missing suits are all named', () => {
    const s = scenario({ decks: [['9M'], ['2T']] }).do(
      { ...opposed, attackerTriggers: [{ name: 'Strike', suits: ['M'] }, { name: 'Hard', suits: ['R', 'C', 'M'] }] },
      P0,
    );
    s.expectPending('trigger', 0);
    expect(given(s).when({ type: 'declareTrigger', trigger: 'Nope' }, P0).thenError('UNKNOWN_TRIGGER', 'TRIG-1').params).toEqual({ trigger: 'Nope' });
    expect(given(s).when({ type: 'declareTrigger', trigger: 'Hard' }, P0).thenError('TRIGGER_SUITS_MISSING', 'TRIG-1').params).toEqual({ trigger: 'Hard', suits: 'RC' });
  });

  it('TRIG-4: a trigger whose suits are there but whose discard the hand cannot pay is refused with the count', () => {
    const s = scenario({ decks: [['9M'], ['2T']], hands: [['3R'], []] }).do(
      {
        ...opposed,
        attackerTriggers: [
          { name: 'Strike', suits: [] },
          { name: 'Costly', suits: ['M'], cost: { discard: 2 } },
          { name: 'Dear', suits: ['C'], cost: { discard: 1 } },
        ],
      },
      P0,
    ).answerAll({ cheat: 'decline' });
    s.expectPending('trigger', 0);
    expect(given(s).when({ type: 'declareTrigger', trigger: 'Costly' }, P0).thenError('TRIGGER_COST_UNPAYABLE', 'TRIG-4').params).toEqual({ trigger: 'Costly', count: 2 });
    // A payable cost does not excuse a missing suit.
    expect(given(s).when({ type: 'declareTrigger', trigger: 'Dear' }, P0).thenError('TRIGGER_SUITS_MISSING', 'TRIG-1').params).toEqual({ trigger: 'Dear', suits: 'C' });
  });

  it('TRIG-4: the cost is exactly `count` different hand cards; the refusal says expected and given', () => {
    const s = scenario({ decks: [['9M'], ['2T']], hands: [['3R', '4C', '5M'], []] })
      .do({ ...opposed, attackerTriggers: [{ name: 'Costly', suits: ['M'], cost: { discard: 2 } }] }, P0)
      .answerAll({ cheat: 'decline' })
      .answer('Costly');
    s.expectPending('triggerCost', 0);
    expect(given(s).when({ type: 'payTriggerCost', cards: ['3R'] }, P0).thenError('DISCARD_COUNT', 'TRIG-4').params).toEqual({ expected: 2, given: 1 });
    expect(given(s).when({ type: 'payTriggerCost', cards: ['3R', '3R'] }, P0).thenError('DUPLICATE_CARD', 'TRIG-4').params).toEqual({ card: '3R' });
    expect(given(s).when({ type: 'payTriggerCost', cards: ['3R', '9R'] }, P0).thenError('CARD_NOT_IN_HAND', 'TRIG-4').params).toEqual({ card: '9R' });
    given(s)
      .when({ type: 'payTriggerCost', cards: ['5M', '3R'] }, P0)
      .thenIncludes([{ type: 'TriggerCostPaid', seat: 0, role: 'attacker', trigger: 'Costly', cards: ['5M', '3R'] }]);
  });
});

describe('discarding down (answers)', () => {
  // Hand limit 2: Alice draws 2 onto 2 cards and must discard 2.
  const over = () => scenario({ hands: [['1R', '2R'], []], decks: [['3R', '4R'], []], options: { handLimit: 2 } }).do({ type: 'draw', count: 2 }, P0);

  it('LOC-5: exactly `count` cards, each in the hand and named once; the refusals say which', () => {
    const s = over();
    s.expectPending('discardDown', 0);
    expect(given(s).when({ type: 'discardDown', cards: ['1R'] }, P0).thenError('DISCARD_COUNT', 'LOC-5').params).toEqual({ expected: 2, given: 1 });
    expect(given(s).when({ type: 'discardDown', cards: ['1R', '1R'] }, P0).thenError('DUPLICATE_CARD', 'LOC-5').params).toEqual({ card: '1R' });
    expect(given(s).when({ type: 'discardDown', cards: ['1R', '9C'] }, P0).thenError('CARD_NOT_IN_HAND', 'LOC-5').params).toEqual({ card: '9C' });
    given(s).when({ type: 'discardDown', cards: ['4R', '1R'] }, P0).then([{ type: 'CardsDiscarded', seat: 0, cards: ['4R', '1R'], reason: 'handLimit' }]);
  });
});

describe('soulstones on damage (answers)', () => {
  const damage: Command = { type: 'damageFlip', profile: [2, 3, 4], targetSoulstoneUser: true };

  it('SS-3 Prevent: spending or declining is recorded as a prevent use, with no duel role', () => {
    const s = scenario({ decks: [['12M'], []], soulstones: [0, 1] }).do(damage, P0);
    s.expectPending('prevent', 1);
    given(s).when({ type: 'preventDamage', spend: true }, P1).thenIncludes([{ type: 'SoulstoneUsed', seat: 1, purpose: 'prevent', role: null, use: null }]);
    given(s).when({ type: 'preventDamage', spend: false }, P1).thenIncludes([{ type: 'SoulstoneDeclined', seat: 1, purpose: 'prevent', role: null, reason: 'choice' }]);
  });

  it('SS-3 Reduce: spending or declining is recorded as a reduce use', () => {
    const s = scenario({ decks: [['12M'], []], soulstones: [0, 1] }).do(damage, P0).answer('decline');
    s.expectPending('reduce', 1);
    given(s).when({ type: 'reduceDamage', spend: true }, P1).thenIncludes([{ type: 'SoulstoneUsed', seat: 1, purpose: 'reduce', role: null, use: null }]);
    given(s).when({ type: 'reduceDamage', spend: false }, P1).thenIncludes([{ type: 'SoulstoneDeclined', seat: 1, purpose: 'reduce', role: null, reason: 'choice' }]);
  });
});

describe('refusing an answer that does not fit the open decision', () => {
  it('an answer of another kind, or by someone else, is refused with whose decision it is and the rule that orders it', () => {
    const s = scenario({ decks: [['9M'], ['5C']], soulstones: [1, 1] }).do({ ...opposed, attackerSoulstoneUser: true }, P0);
    s.expectPending('soulstone', 0);
    expect(given(s).when({ type: 'pickCard', card: '9M' }, P0).thenError('WAITING_FOR_DECISION', 'DUEL-4').params).toEqual({ seat: 0, kind: 'soulstone' });
    expect(given(s).when({ type: 'useSoulstone', use: 'none' }, P1).thenError('WAITING_FOR_DECISION', 'DUEL-4').params).toEqual({ seat: 0, kind: 'soulstone' });
    given(s).when({ type: 'useSoulstone', use: 'none' }, REF).thenError('NOT_A_PLAYER');
  });

  it('an answer may quote the open decision’s id', () => {
    const s = scenario({ decks: [['9C', '5C'], []] }).do({ type: 'flip', modifier: 1 }, P0);
    const id = s.expectPending('pick', 0).id;
    given(s).when({ type: 'pickCard', card: '5C', decisionId: id }, P0).thenIncludes([{ type: 'FlipCardChosen', card: '5C' }]);
    given(s).when({ type: 'pickCard', card: '5C', decisionId: `${id}x` }, P0).thenError('STALE_DECISION');
  });

  it('CHEAT-3e: a cheat answer while the seat’s flip still waits for its pick is not "already decided": it waits for the pick', () => {
    const s = scenario({ decks: [['9C', '5C'], []], hands: [['13R'], []] }).do({ type: 'flip', modifier: 1 }, P0);
    s.expectPending('pick', 0);
    expect(given(s).when({ type: 'cheatFate', card: '13R' }, P0).thenError('WAITING_FOR_DECISION', 'FLIP-6').params).toEqual({ seat: 0, kind: 'pick' });
    given(scenario({ hands: [['13R'], []] })).when({ type: 'declineCheat' }, P0).thenError('NO_DECISION_PENDING');
  });

  it('CHEAT-3e: the seat’s latest flip decides: after a cheated duel flip, the damage flip’s cheat is still open', () => {
    // Alice cheats her duel flip (13R), wins, then flips for damage: her cheat on that flip is a new decision.
    const s = scenario({ decks: [['2R', '3C'], ['5C']], hands: [['13R', '12R'], []] })
      .do({ ...opposed, damage: { profile: [1, 2, 3] } }, P0)
      .answer('13R');
    s.expectPending('cheat', 0);
    expect(s.pending).toMatchObject({ slot: 'damage' });
    given(s).when({ type: 'cheatFate', card: '12R' }, P0).thenIncludes([{ type: 'FateCheated', seat: 0, slot: 'damage', card: '12R', replaced: '3C' }]);
  });

  it('SS-1 / SS-2: a soulstone answer out of turn: not a user, an empty pool, or simply not your decision', () => {
    // Alice (user, 1 stone) decides Step A; Bob is a user with no stone, so his own Step A was declined for him.
    const s = scenario({ decks: [['9M'], ['5C']], soulstones: [1, 0] }).do({ ...opposed, attackerSoulstoneUser: true, defenderSoulstoneUser: true }, P0);
    s.expectPending('soulstone', 0);
    given(s).when({ type: 'useSoulstone', use: 'plus' }, P1).thenError('SOULSTONES_EMPTY', 'SS-2');
    given(s).when({ type: 'useSoulstone', use: 'none' }, P1).thenError('WAITING_FOR_DECISION', 'DUEL-4');
    // With his last stone, Bob only answers out of turn.
    const last = scenario({ decks: [['9M'], ['5C']], soulstones: [1, 1] }).do({ ...opposed, attackerSoulstoneUser: true, defenderSoulstoneUser: true }, P0);
    last.expectPending('soulstone', 0);
    given(last).when({ type: 'useSoulstone', use: 'plus' }, P1).thenError('WAITING_FOR_DECISION', 'DUEL-4');
    // Bob is not a user (and has stones): the rule is SS-1; declining is only out of turn.
    const t = scenario({ decks: [['9M'], ['5C']], soulstones: [1, 3] }).do({ ...opposed, attackerSoulstoneUser: true }, P0);
    given(t).when({ type: 'useSoulstone', use: 'R' }, P1).thenError('NOT_A_SOULSTONE_USER', 'SS-1');
    given(t).when({ type: 'useSoulstone', use: 'none' }, P1).thenError('WAITING_FOR_DECISION', 'DUEL-4');
    // Outside a duel there is no model to ask about: only the pool matters.
    const flip = scenario({ decks: [['9C', '5C'], []], soulstones: [0, 2] }).do({ type: 'flip', modifier: 1 }, P0);
    given(flip).when({ type: 'useSoulstone', use: 'plus' }, P0).thenError('SOULSTONES_EMPTY', 'SS-2');
    given(flip).when({ type: 'useSoulstone', use: 'plus' }, P1).thenError('WAITING_FOR_DECISION', 'FLIP-6');
  });

  it('SS-1 / DUEL-8: a seat with one soulstone user among its duel’s models is not told it is no user', () => {
    // Alice attacks her own model: the attacker is a user, the defender is not.
    const s = scenario({ decks: [['9M', '5C', '2C'], []], soulstones: [2, 0] }).do({ ...opposed, defender: 0, attackerSoulstoneUser: true, attackerFate: 1 }, P0).answer('none');
    s.expectPending('pick', 0);
    given(s).when({ type: 'useSoulstone', use: 'plus' }, P0).thenError('WAITING_FOR_DECISION', 'FLIP-6');
  });

  it('SS-1 / SS-2 / SS-4: a Prevent or Reduce out of turn gets the rule that forbids it', () => {
    // The target is not a soulstone user: SS-1, whatever its pool.
    const none = scenario({ decks: [['12M', '2C'], []], hands: [['1R'], []], soulstones: [0, 2] }).do({ type: 'damageFlip', profile: [2, 3, 4], fate: 1 }, P0);
    none.expectPending('pick', 0);
    given(none).when({ type: 'preventDamage', spend: true }, P1).thenError('NOT_A_SOULSTONE_USER', 'SS-1');
    given(none).when({ type: 'reduceDamage', spend: true }, P1).thenError('NOT_A_SOULSTONE_USER', 'SS-1');
    given(none).when({ type: 'preventDamage', spend: false }, P1).thenError('WAITING_FOR_DECISION', 'FLIP-6');
    // The dealer is not the target: only its pool is checked (empty: SS-2; not empty: out of turn).
    given(none).when({ type: 'reduceDamage', spend: true }, P0).thenError('SOULSTONES_EMPTY', 'SS-2');
    const rich = scenario({ decks: [['12M', '2C'], []], soulstones: [1, 2] }).do({ type: 'damageFlip', profile: [2, 3, 4], fate: 1, targetSoulstoneUser: true }, P0).answer('decline');
    rich.expectPending('pick', 0);
    given(rich).when({ type: 'reduceDamage', spend: true }, P0).thenError('WAITING_FOR_DECISION', 'FLIP-6');
    // The target declined Prevent: a Reduce now is only early, not one stone too many.
    given(rich).when({ type: 'reduceDamage', spend: true }, P1).thenError('WAITING_FOR_DECISION', 'FLIP-6');
    // After a Prevent, a second Prevent is not an SS-4 matter either, and with preventAndReduce a Reduce is only early.
    const spent = scenario({ decks: [['12M', '2C', '3C'], []], soulstones: [0, 2] }).do({ type: 'damageFlip', profile: [2, 3, 4], fate: 2, targetSoulstoneUser: true }, P0).answer('spend');
    spent.expectPending('pick', 0);
    given(spent).when({ type: 'preventDamage', spend: true }, P1).thenError('WAITING_FOR_DECISION', 'FLIP-6');
    given(spent).when({ type: 'reduceDamage', spend: true }, P1).thenError('SOULSTONE_ONE_PER_EFFECT', 'SS-4');
    const both = scenario({ decks: [['12M', '2C', '3C'], []], soulstones: [0, 2], options: { preventAndReduce: true } })
      .do({ type: 'damageFlip', profile: [2, 3, 4], fate: 2, targetSoulstoneUser: true }, P0)
      .answer('spend');
    given(both).when({ type: 'reduceDamage', spend: true }, P1).thenError('WAITING_FOR_DECISION', 'FLIP-6');
    // The target with an empty pool: SS-2.
    const poor = scenario({ decks: [['12M', '2C'], []], soulstones: [0, 0] }).do({ type: 'damageFlip', profile: [2, 3, 4], fate: 1, targetSoulstoneUser: true }, P0);
    given(poor).when({ type: 'preventDamage', spend: true }, P1).thenError('SOULSTONES_EMPTY', 'SS-2');
    // With nothing in progress: an empty pool says so; otherwise there is nothing to answer.
    given(scenario({ soulstones: [0, 1] })).when({ type: 'preventDamage', spend: true }, P0).thenError('SOULSTONES_EMPTY', 'SS-2');
    given(scenario({ soulstones: [0, 1] })).when({ type: 'reduceDamage', spend: true }, P1).thenError('NO_DECISION_PENDING');
    given(scenario({ soulstones: [0, 1] })).when({ type: 'useSoulstone', use: 'plus' }, P1).thenError('NO_DECISION_PENDING');
  });

  it('SS-1: during the damage flip of a duel, the target’s eligibility is the duel’s damage’s', () => {
    // Alice (13M + 5 = 18) beats Bob (5C + 5 = 10) and flips damage (3C); Bob has nothing to cheat with.
    const duel: Command = { ...opposed, damage: { profile: [1, 2, 3] } };
    const fixture = { decks: [['13M', '3C'], ['5C']] as [string[], string[]], hands: [['1R'], []] as [string[], string[]], soulstones: [0, 2] as [number, number] };
    const s = scenario(fixture).do(duel, P0).answer('decline');
    expect(s.expectPending('cheat', 0)).toMatchObject({ slot: 'damage' });
    given(s).when({ type: 'preventDamage', spend: true }, P1).thenError('NOT_A_SOULSTONE_USER', 'SS-1');
    const user = scenario(fixture).do({ ...opposed, damage: { profile: [1, 2, 3] }, targetSoulstoneUser: true }, P0).answer('decline').answer('decline');
    expect(user.expectPending('cheat', 0)).toMatchObject({ slot: 'damage' });
    given(user).when({ type: 'reduceDamage', spend: true }, P1).thenError('WAITING_FOR_DECISION', 'DUEL-4');
  });
});
