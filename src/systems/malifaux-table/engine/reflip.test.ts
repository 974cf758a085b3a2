/**
 * FLIP-7 re-flips (with CHEAT-4: a re-flip does not reopen cheating), asked for with the `reflip` command.
 * Window: until the slot's card is final (FlipResolved / DuelTotalsAnnounced / DamageResolved).
 */
import { describe, expect, it } from 'vitest';
import { freshDeck, sortCanonical } from './cards.js';
import { allCards } from './fateDeck.js';
import { decide, initialState, replay } from './game.js';
import type { Actor } from './game.js';
import { commandForChoice } from './decisions.js';
import type { ActiveState, Command, GameEvent } from './schema.js';
import { publicEvent } from './views.js';
import { verifyShuffles } from './verify.js';
import { P0, P1, REF, SEED, STRANGER, Scenario, given, scenario, startCommand } from './testkit.js';

const opposed = { type: 'opposedDuel', attacker: 0, attackerStat: 5, defenderStat: 5 } as const;
const reflip: Command = { type: 'reflip' };

describe('re-flips (FLIP-7)', () => {
  it('FLIP-7: a standalone flip is re-flipped: its cards go to the discard and it flips again with the same modifier [AMB-11]', () => {
    const s = scenario({ decks: [['4M', '11T', '2R', '9C', '3T', '6M'], []], hands: [['1C'], []] }).do({ type: 'flip', modifier: 2 }, P0);
    const before = s.expectPending('pick', 0);
    given(s)
      .when(reflip, P0)
      .then([
        { type: 'FlipDiscardedForReflip', seat: 0, slot: 'main', cards: ['4M', '11T', '2R'], by: 'alice', referee: false, cheatSpent: false },
        { type: 'CardsFlipped', seat: 0, slot: 'main', net: 2, cards: ['9C', '3T', '6M'] },
      ]);
    const again = s.do(reflip, P0);
    const pick = again.expectPending('pick', 0);
    expect(pick.legal).toEqual(['9C', '3T', '6M']);
    expect(pick.id).not.toBe(before.id); // the old buttons are stale
    expect(again.active.seats[0].discard).toEqual(['4M', '11T', '2R']);
    expect(again.active.seats[0].conflict).toEqual(['9C', '3T', '6M']);
    // The flip goes on as any flip: pick, then the player's one cheat decision.
    expect(again.answer('9C').pending).toMatchObject({ kind: 'cheat', seat: 0, slot: 'main' });
    expect(again.answer('9C').answer('decline').lastOf('FlipResolved')?.result).toMatchObject({ card: '9C', value: 9 });
  });

  it('FLIP-7: a player who has not decided yet keeps the one cheat decision (re-flip while the cheat is pending)', () => {
    const s = scenario({ decks: [['5R', '12M'], []], hands: [['13C'], []] }).do({ type: 'flip', modifier: 0 }, P0);
    const before = s.expectPending('cheat', 0);
    const again = s.do(reflip, P0);
    expect(again.last).toEqual([
      { type: 'FlipDiscardedForReflip', seat: 0, slot: 'main', cards: ['5R'], by: 'alice', referee: false, cheatSpent: false },
      { type: 'CardsFlipped', seat: 0, slot: 'main', net: 0, cheatable: true, cards: ['12M'] },
      { type: 'FlipCardChosen', seat: 0, slot: 'main', card: '12M', forced: true, discarded: [] },
    ]);
    expect(again.expectPending('cheat', 0).id).not.toBe(before.id);
    expect(again.answer('13C').lastOf('FlipResolved')?.result).toMatchObject({ card: '13C' });
  });

  it('FLIP-7: the attacker re-flips in an opposed duel before anyone cheats; the cheat order follows the new totals and both keep their decision', () => {
    const s = scenario({ decks: [['5R', '9R'], ['8C']], hands: [['13R'], ['13C']] }).do(opposed, P0);
    s.expectPending('cheat', 0); // 10 against 13: the attacker is lower and decides first
    const again = s.do(reflip, P0);
    expect(again.last).toMatchObject([
      { type: 'FlipDiscardedForReflip', seat: 0, slot: 'attacker', cards: ['5R'], cheatSpent: false },
      { type: 'CardsFlipped', seat: 0, slot: 'attacker', net: 0, cards: ['9R'] },
      { type: 'FlipCardChosen', slot: 'attacker', card: '9R', forced: true },
    ]);
    again.expectPending('cheat', 1); // 14 against 13: now the defender is lower
    const attackerTurn = again.answer('decline');
    attackerTurn.expectPending('cheat', 0); // the attacker still has its one decision
    const done = attackerTurn.answer('13R');
    expect(done.lastOf('DuelResolved')?.result.attacker).toMatchObject({ card: '13R', total: 18 });
  });

  it('FLIP-7 / CHEAT-4: after a cheat the re-flip cannot be cheated: no second cheat decision, the cheated card is discarded', () => {
    const s = scenario({ decks: [['5R', '9R'], ['8C']], hands: [['12R', '13R'], ['13C']] }).do(opposed, P0);
    const cheated = s.answer('12R');
    cheated.expectPending('cheat', 1);
    const again = cheated.do(reflip, P0);
    expect(again.last).toMatchObject([
      { type: 'FlipDiscardedForReflip', seat: 0, slot: 'attacker', cards: ['12R'], cheatSpent: true },
      { type: 'CardsFlipped', slot: 'attacker', cards: ['9R'] },
      { type: 'FlipCardChosen', slot: 'attacker', card: '9R' },
    ]);
    expect(again.active.seats[0].discard).toEqual(['5R', '12R']);
    expect(again.active.seats[0].hand).toEqual(['13R']);
    again.expectPending('cheat', 1);
    given(again).when({ type: 'cheatFate', card: '13R' }, P0).thenError('CHEAT_ALREADY_DECIDED', 'CHEAT-4');
    const done = again.answer('decline');
    expect(done.events.filter((e) => e.type === 'FateCheated')).toHaveLength(1);
    expect(done.lastOf('DuelTotalsAnnounced')?.totals.find((t) => t.role === 'attacker')).toMatchObject({ card: '9R', total: 14 });
  });

  it('FLIP-7 / CHEAT-4: after a decline the re-flip cannot be cheated either (declining is final)', () => {
    const s = scenario({ decks: [['5R', '9R'], ['8C']], hands: [['13R'], ['13C']] }).do(opposed, P0);
    const declined = s.answer('decline');
    declined.expectPending('cheat', 1);
    const again = declined.do(reflip, P0);
    expect(again.last[0]).toMatchObject({ type: 'FlipDiscardedForReflip', cards: ['5R'], cheatSpent: true });
    again.expectPending('cheat', 1);
    given(again).when({ type: 'declineCheat' }, P0).thenError('CHEAT_ALREADY_DECIDED', 'CHEAT-4');
    const done = again.answer('decline');
    expect(done.pending).toBeNull();
    expect(done.lastOf('DuelResolved')?.result.attacker).toMatchObject({ card: '9R', total: 14, succeeded: true });
    // A second re-flip of the same flip keeps the decision spent.
    const twice = scenario({ decks: [['5R', '9R', '2R'], ['8C']], hands: [['13R'], ['13C']] }).do(opposed, P0).answer('decline').do(reflip, P0).do(reflip, P0);
    expect(twice.last[0]).toMatchObject({ type: 'FlipDiscardedForReflip', cards: ['9R'], cheatSpent: true });
  });

  it('FLIP-7: the defender re-flips its own flip in an opposed duel (a referee may too, naming the slot)', () => {
    const s = scenario({ decks: [['9R'], ['5C', '12C', '3C']], hands: [['13R'], ['13C']] }).do(opposed, P0);
    s.expectPending('cheat', 1);
    const byBob = s.do(reflip, P1); // slot omitted: Bob's own flip (the pending decision's slot)
    expect(byBob.last[0]).toMatchObject({ type: 'FlipDiscardedForReflip', seat: 1, slot: 'defender', cards: ['5C'], by: 'bob', referee: false });
    const byRef = byBob.do({ type: 'reflip', slot: 'defender' }, REF);
    expect(byRef.last[0]).toMatchObject({ type: 'FlipDiscardedForReflip', seat: 1, slot: 'defender', cards: ['12C'], by: 'judge', referee: true });
    expect(byRef.active.seats[1].conflict).toEqual(['3C']);
  });

  it('FLIP-7: the window covers the Red Joker suit (Step D); a flipped RJ re-flipped away lifts the CHEAT-3c ban it caused', () => {
    const s = scenario({ decks: [['RJ', '9R'], ['8C']], hands: [['13R'], ['13C']] }).do(opposed, P0);
    expect(s.events).toContainEqual({ type: 'CheatSkipped', seat: 1, slot: 'defender', rule: 'CHEAT-3c', code: 'CHEAT_FORBIDDEN_RED_JOKER' });
    const suit = s.answerAll({ cheat: 'decline' });
    suit.expectPending('redJokerSuit', 0);
    const again = suit.do(reflip, P0);
    expect(again.last[0]).toMatchObject({ type: 'FlipDiscardedForReflip', cards: ['RJ'], cheatSpent: true });
    // Bob had not decided (he was barred by the RJ): he gets his one decision back.
    again.expectPending('cheat', 1);
    const done = again.answer('13C');
    expect(done.lastOf('DuelResolved')?.result).toMatchObject({ attacker: { card: '9R', total: 14 }, defender: { card: '13C', total: 18 } });
  });

  it('FLIP-7: the damage flip may be re-flipped until the damage is resolved; the target’s Reduce reopens on the new damage', () => {
    const s = scenario({ decks: [['13M', '2M'], ['7C']], hands: [['1R'], []], soulstones: [0, 1] }).do(
      { type: 'damageFlip', profile: [1, 3, 5], targetSoulstoneUser: true },
      P0,
    );
    const prevented = s.answer('decline'); // Prevent: no
    prevented.expectPending('cheat', 0);
    const reduce = prevented.answer('decline').expectPending('reduce', 1);
    expect(reduce).toMatchObject({ damage: 5 });
    const again = prevented.answer('decline').do({ type: 'reflip', slot: 'damage' }, P0);
    expect(again.last[0]).toMatchObject({ type: 'FlipDiscardedForReflip', seat: 0, slot: 'damage', cards: ['13M'], cheatSpent: true });
    const reopened = again.expectPending('reduce', 1);
    expect(reopened).toMatchObject({ damage: 1 });
    expect(reopened.id).not.toBe(reduce.id);
    expect(again.answer('decline').lastOf('DamageResolved')?.result).toMatchObject({ card: '2M', final: 1 });
  });

  it('FLIP-7: a re-flip that empties the deck reshuffles the discard at once (LOC-3); every shuffle still verifies', () => {
    // A real game (seeded shuffles): draw and discard until five cards are left in Alice's deck.
    let s = new Scenario(unwrap(decide(initialState, startCommand(), P0)));
    const discardAll = () => {
      const d = s.pending;
      if (d?.kind === 'discardDown') s = s.do(commandForChoice(d, d.legal.slice(0, d.count)) as Command, P0);
      const hand = s.active.seats[0].hand;
      if (hand.length > 1) s = s.do({ type: 'discard', cards: hand.slice(1) }, P0);
    };
    for (const count of [20, 20, 10]) {
      s = s.do({ type: 'draw', count }, P0);
      discardAll();
    }
    expect(s.active.seats[0].deck).toHaveLength(4);
    expect(s.active.seats[0].hand).toHaveLength(1);
    // + + flip: 3 of the 4 cards; the re-flip needs 3 more, the deck holds 1.
    const flipped = s.do({ type: 'flip', modifier: 2 }, P0);
    const first = (flipped.lastOf('CardsFlipped') as Extract<GameEvent, { type: 'CardsFlipped' }>).cards;
    expect(flipped.active.seats[0].deck).toHaveLength(1);
    expect(flipped.pending?.kind === 'pick' || flipped.pending?.kind === 'cheat').toBe(true);
    const again = flipped.do(reflip, P0);
    const types = again.last.map((e) => e.type);
    expect(types.slice(0, 4)).toEqual(['FlipDiscardedForReflip', 'CardsFlipped', 'DeckShuffled', 'CardsFlipped']);
    const shuffle = again.last[2] as Extract<GameEvent, { type: 'DeckShuffled' }>;
    expect(shuffle).toMatchObject({ seat: 0, reason: 'reshuffle' });
    for (const c of first) expect(shuffle.order).toContain(c); // the re-flipped cards were in the discard
    expect((again.last[1] as Extract<GameEvent, { type: 'CardsFlipped' }>).cards).toHaveLength(1);
    expect((again.last[3] as Extract<GameEvent, { type: 'CardsFlipped' }>).cards).toHaveLength(2);
    for (const z of again.active.seats) expect(sortCanonical(allCards(z))).toEqual(freshDeck()); // LOC-1
    expect(verifyShuffles(SEED, [...again.events])).toMatchObject({ ok: true });
    expect(replay(again.events)).toEqual(again.state);
  });

  it('FLIP-7: refused outside the window: nothing resolving, after the totals are announced, before the damage flip, after a flip resolved', () => {
    given(scenario()).when(reflip, P0).thenError('NOTHING_TO_REFLIP', 'FLIP-7');
    const triggers = scenario({ decks: [['5M'], ['3C']] }).do({ ...opposed, attackerTriggers: [{ name: 'Critical Strike', suits: ['M'] }] }, P0);
    triggers.expectPending('trigger', 0);
    given(triggers).when(reflip, P0).thenError('REFLIP_TOO_LATE', 'FLIP-7');
    given(triggers).when({ type: 'reflip', slot: 'defender' }, REF).thenError('REFLIP_TOO_LATE', 'FLIP-7');
    // The attack succeeded; the target decides about Prevent before the damage flip: the duel flips are final.
    const prevent = scenario({ decks: [['13M'], ['3C']], soulstones: [0, 1] }).do({ ...opposed, damage: { profile: [1, 2, 3] }, targetSoulstoneUser: true }, P0);
    prevent.expectPending('prevent', 1);
    given(prevent).when(reflip, P0).thenError('REFLIP_TOO_LATE', 'FLIP-7');
    given(prevent).when({ type: 'reflip', slot: 'damage' }, P0).thenError('NOTHING_TO_REFLIP', 'FLIP-7');
    // A flip that resolved is gone from the table.
    const resolved = scenario({ decks: [['5R'], []], hands: [['1R'], []] }).do({ type: 'flip', modifier: 0 }, P0).answer('decline');
    expect(resolved.lastOf('FlipResolved')).toBeDefined();
    given(resolved).when(reflip, P0).thenError('NOTHING_TO_REFLIP', 'FLIP-7');
  });

  it('FLIP-7: refused for the other player (and for someone without a seat); a stale decision id is refused', () => {
    const s = scenario({ decks: [['4M', '11T', '2R'], []] }).do({ type: 'flip', modifier: 2 }, P0);
    const e = given(s).when(reflip, P1).thenError('REFLIP_NOT_YOUR_FLIP', 'FLIP-7');
    expect(e.params).toEqual({ seat: 0 });
    expect(given(s).when({ type: 'reflip', slot: 'main' }, P1).thenError('REFLIP_NOT_YOUR_FLIP', 'FLIP-7').params).toEqual({ seat: 0 });
    given(s).when(reflip, STRANGER).thenError('NOT_A_PLAYER');
    given(s).when({ type: 'reflip', decisionId: 'pick-0' }, P0).thenError('STALE_DECISION');
    given(s).when({ type: 'reflip', decisionId: s.expectPending('pick', 0).id }, P0).thenIncludes([{ type: 'FlipDiscardedForReflip' }]);
    // In a duel, the attacker may not re-flip the defender's flip; a seated referee may, naming it.
    const duel = scenario({ decks: [['5R'], ['8C', '9C']], hands: [['13R'], ['13C']] }).do(opposed, P0);
    given(duel).when({ type: 'reflip', slot: 'defender' }, P0).thenError('REFLIP_NOT_YOUR_FLIP', 'FLIP-7');
    const refereeAlice: Actor = { ...P0, referee: true };
    given(duel).when({ type: 'reflip', slot: 'defender' }, refereeAlice).thenIncludes([{ type: 'FlipDiscardedForReflip', seat: 1, by: 'alice', referee: true }]);
    // Nothing was changed by the refusals, and the public form of the event hides nothing (all its cards are in the discard).
    const done = duel.do({ type: 'reflip', slot: 'defender' }, refereeAlice);
    const event = done.last[0] as GameEvent;
    expect(publicEvent(event)).toEqual(event);
    expect((done.state as ActiveState).seats[1].discard).toEqual(['8C']);
  });

  it('FLIP-7: without a slot, a seatless referee re-flips the flip of the pending decision', () => {
    // 5 + 5R = 10 against 5 + 8C = 13: the attacker is lower and decides first (Step C).
    const attackerFirst = scenario({ decks: [['5R', '9R'], ['8C']], hands: [['13R'], ['13C']] }).do(opposed, P0);
    attackerFirst.expectPending('cheat', 0);
    given(attackerFirst).when(reflip, REF).then([
      { type: 'FlipDiscardedForReflip', seat: 0, slot: 'attacker', cards: ['5R'], by: 'judge', referee: true, cheatSpent: false },
      { type: 'CardsFlipped', seat: 0, slot: 'attacker', cards: ['9R'] },
      { type: 'FlipCardChosen', seat: 0, slot: 'attacker', card: '9R' },
    ]);
    // 5 + 9R = 14 against 5 + 5C = 10: the defender decides first.
    const defenderFirst = scenario({ decks: [['9R'], ['5C', '12C']], hands: [['13R'], ['13C']] }).do(opposed, P0);
    defenderFirst.expectPending('cheat', 1);
    given(defenderFirst).when(reflip, REF).thenIncludes([{ type: 'FlipDiscardedForReflip', seat: 1, slot: 'defender', cards: ['5C'], referee: true }]);
  });

  it('FLIP-7 / DUEL-9: a player who controls both models of a duel re-flips, without a slot, the flip the pending decision is about', () => {
    // Alice attacks her own model: both flips come from her deck. 5 + 5R = 10 against 5 + 9R = 14: the attacker decides first.
    const own = { ...opposed, defender: 0 } as const;
    const s = scenario({ decks: [['5R', '9R', '2R'], []], hands: [['13R'], []] }).do(own, P0);
    expect(s.active.seats[0].conflict).toEqual(['5R', '9R']);
    s.expectPending('cheat', 0);
    expect(s.pending).toMatchObject({ slot: 'attacker' });
    given(s).when(reflip, P0).thenIncludes([{ type: 'FlipDiscardedForReflip', seat: 0, slot: 'attacker', cards: ['5R'], referee: false }]);
  });

  it('FLIP-7: nothing flipped yet (the target decides about Prevent before the damage flip): nothing to re-flip, for anyone', () => {
    const prevent = scenario({ decks: [['9M'], []], soulstones: [0, 1] }).do({ type: 'damageFlip', profile: [1, 3, 5], targetSoulstoneUser: true }, P0);
    prevent.expectPending('prevent', 1);
    expect(prevent.active.resolution?.flips).toEqual([]);
    given(prevent).when(reflip, P0).thenError('NOTHING_TO_REFLIP', 'FLIP-7');
    given(prevent).when(reflip, REF).thenError('NOTHING_TO_REFLIP', 'FLIP-7');
  });

  it('FLIP-7 / CHEAT-3b: a flip barred from cheating by its flipped Black Joker is not a decision spent: the re-flipped card may be cheated', () => {
    // 5 + BJ = 5 (CHEAT-3b: no cheat) against 5 + 8C = 13: Bob decides.
    const s = scenario({ decks: [['BJ', '7R'], ['8C']], hands: [['13R'], ['13C']] }).do(opposed, P0);
    expect(s.events).toContainEqual({ type: 'CheatSkipped', seat: 0, slot: 'attacker', rule: 'CHEAT-3b', code: 'CHEAT_FORBIDDEN_BLACK_JOKER' });
    s.expectPending('cheat', 1);
    const again = s.do(reflip, P0);
    expect(again.last[0]).toEqual({ type: 'FlipDiscardedForReflip', seat: 0, slot: 'attacker', cards: ['BJ'], by: 'alice', referee: false, cheatSpent: false });
    // 5 + 7R = 12 against 13: Alice is still lower and now has her decision.
    again.expectPending('cheat', 0);
    const done = again.answer('13R').answer('decline');
    expect(done.lastOf('DuelResolved')?.result).toMatchObject({ attacker: { card: '13R', total: 18, succeeded: true }, defender: { card: '8C', total: 13 } });
  });

  it('FLIP-7: the window of a flip ends with its result (FlipResolved, DamageResolved), even before the resolution is put away', () => {
    // A standalone flip, in the state between FlipResolved and ResolutionEnded.
    const flip = scenario({ decks: [['5R'], []], hands: [['1R'], []] }).do({ type: 'flip', modifier: 0 }, P0).answer('decline');
    const resolvedAt = flip.events.findIndex((e) => e.type === 'FlipResolved');
    const flipResolved = flip.events.slice(0, resolvedAt + 1);
    expect(flipResolved.some((e) => e.type === 'ResolutionEnded')).toBe(false);
    given(flipResolved).when(reflip, P0).thenError('REFLIP_TOO_LATE', 'FLIP-7');
    given(flipResolved).when({ type: 'reflip', slot: 'main' }, REF).thenError('REFLIP_TOO_LATE', 'FLIP-7');
    // A damage flip with the target's Reduce (SS-3): the reduce flip is open until the damage is resolved.
    const damage = scenario({ decks: [['13M'], ['7C', '2C']], soulstones: [0, 1] }).do({ type: 'damageFlip', profile: [1, 3, 5], targetSoulstoneUser: true }, P0);
    const reduced = damage.answer('decline').answer('spend');
    const reduceFlipped = reduced.events.findIndex((e) => e.type === 'CardsFlipped' && e.slot === 'reduce');
    const dealtAt = reduced.events.findIndex((e) => e.type === 'DamageResolved');
    expect(reduceFlipped).toBeGreaterThan(0);
    expect(dealtAt).toBeGreaterThan(reduceFlipped);
    const reduceOpen = reduced.events.slice(0, reduceFlipped + 1);
    // No decision is pending there (the damage resolves by itself): the re-flip needs none, and quoting one is stale.
    expect(given(reduceOpen).state).toMatchObject({ pending: null });
    given(reduceOpen).when(reflip, P1).thenIncludes([{ type: 'FlipDiscardedForReflip', seat: 1, slot: 'reduce', cards: ['7C'], referee: false }]);
    given(reduceOpen).when({ type: 'reflip', decisionId: 'reduce-11' }, P1).thenError('STALE_DECISION');
    const dealt = reduced.events.slice(0, dealtAt + 1);
    given(dealt).when(reflip, P1).thenError('REFLIP_TOO_LATE', 'FLIP-7');
    given(dealt).when({ type: 'reflip', slot: 'damage' }, P0).thenError('REFLIP_TOO_LATE', 'FLIP-7');
  });

  it('FLIP-7: an attack’s damage flip stays open after the duel’s totals, until its damage is resolved', () => {
    // 5 + 13M = 18 against 5 + 3C = 8: the attack succeeds, and Alice flips for damage with a card in hand to cheat with.
    const duel = scenario({ decks: [['13M', '5R', '9C', '2C', '4C'], ['3C']], hands: [['1R'], []] }).do({ ...opposed, damage: { profile: [1, 2, 3] } }, P0).answer('decline');
    expect(duel.lastOf('DuelResolved')?.result.attacker).toMatchObject({ total: 18, succeeded: true });
    const cheat = duel.answerAll({ pick: '5R' });
    expect(cheat.pending).toMatchObject({ kind: 'cheat', seat: 0, slot: 'damage' });
    // Without a slot: Alice's open flip is the damage flip (the duel's own are final since Step D).
    given(cheat).when(reflip, P0).thenIncludes([{ type: 'FlipDiscardedForReflip', seat: 0, slot: 'damage', cheatSpent: false }]);
    given(cheat).when({ type: 'reflip', slot: 'attacker' }, P0).thenError('REFLIP_TOO_LATE', 'FLIP-7');
    // Once DamageResolved is announced (the state before the resolution is put away), the damage flip is final too.
    const done = cheat.answer('decline');
    const dealt = done.events.slice(0, done.events.findIndex((e) => e.type === 'DamageResolved') + 1);
    expect(dealt.at(-1)?.type).toBe('DamageResolved');
    given(dealt).when({ type: 'reflip', slot: 'damage' }, P0).thenError('REFLIP_TOO_LATE', 'FLIP-7');
  });
});

function unwrap(r: ReturnType<typeof decide>): GameEvent[] {
  if (!r.ok) throw new Error(r.error.code);
  return r.value;
}
