/** LOC-1..LOC-11: zones, reshuffles, the hand limit, the conflict, the discard, reveals and draws. */
import { describe, expect, it } from 'vitest';
import { freshDeck, sortCanonical } from './cards.js';
import { allCards } from './fateDeck.js';
import { decide, evolve } from './game.js';
import type { ActiveState, GameEvent } from './schema.js';
import { publicView } from './views.js';
import { verifyShuffles } from './verify.js';
import { P0, P1, SEED, Scenario, given, scenario, setup, startCommand } from './testkit.js';
import { initialState } from './game.js';

function craft(f: (s: ActiveState) => void): ActiveState {
  const s = structuredClone(scenario().active);
  f(s);
  return s;
}

describe('card locations', () => {
  it('LOC-1: every card is in exactly one of its owner’s five zones, whatever happens', () => {
    let s = scenario({ hands: [['5R', '6R', '7R'], ['1T']], decks: [['RJ', '2C', '9M'], ['3M']] });
    s = s.do({ type: 'discard', cards: ['5R'] }, P0).do({ type: 'flip', modifier: 2 }, P0).answer('RJ').answer('6R');
    for (const seat of s.active.seats) expect(sortCanonical(allCards(seat))).toEqual(freshDeck());
    expect(s.active.seats[1].hand).toEqual(['1T']);
  });

  it('LOC-2: the deck holds all 54 cards at the start and its order is never shown publicly', () => {
    const s = new Scenario(decideStart());
    const view = publicView(s.state);
    if (view.status === 'new') throw new Error('not started');
    expect(view.seats.map((x) => x.deckCount)).toEqual([54, 54]);
    // Nothing has been drawn, flipped or discarded yet: the public view names no card at all.
    expect(JSON.stringify(view).match(/"(1[0-3]|[1-9])[RMCT]"|"[RB]J"/g)).toBeNull();
    expect(JSON.stringify(view)).not.toContain(s.active.seed);
  });

  it('LOC-3: an empty deck is reshuffled from the discard at once; revealed and conflict cards stay out', () => {
    // Deck of seat 0 holds exactly one card after the hand: 53 in hand is impossible, so use the discard.
    const s0 = scenario({ hands: [['1R', '2R', '3R', '4R', '5R', '6R'], []] }).do({ type: 'discard', cards: ['1R', '2R'] }, P0);
    // Draw the whole deck (46 cards left) in steps; each step discards down.
    let s = s0;
    while (s.active.seats[0].deck.length > 1) {
      s = s.do({ type: 'draw', count: Math.min(20, s.active.seats[0].deck.length - 1) }, P0);
      const d = s.pending;
      if (d?.kind === 'discardDown') s = s.answer(d.legal.slice(0, d.count));
    }
    expect(s.active.seats[0].deck).toHaveLength(1);
    const last = s.active.seats[0].deck[0] as string;
    const discardBefore = [...s.active.seats[0].discard];
    // A flip at +1 reveals the last card, the deck empties, the discard is reshuffled at once, the 2nd card comes from it.
    const f = s.do({ type: 'flip', modifier: 1 }, P0);
    expect(f.last.map((e) => e.type).slice(0, 4)).toEqual(['FlipStarted', 'CardsFlipped', 'DeckShuffled', 'CardsFlipped']);
    const shuffle = f.lastOf('DeckShuffled');
    expect(shuffle?.reason).toBe('reshuffle');
    expect(sortCanonical(shuffle?.order ?? [])).toEqual(sortCanonical(discardBefore));
    expect(shuffle?.order).not.toContain(last);
  });

  it('LOC-3 / AMB-12: with deck and discard both empty, the command is refused with DECK_EXHAUSTED', () => {
    const state = craft((s) => {
      const z = s.seats[0];
      z.removed = z.deck.slice(1);
      z.deck = z.deck.slice(0, 1);
      z.hand = [];
    });
    const flip = decide(state, { type: 'flip', modifier: 1 }, P0);
    expect(flip).toEqual({ ok: false, error: { code: 'DECK_EXHAUSTED', rule: 'LOC-3', params: { seat: 0 } } });
    const draw = decide(state, { type: 'draw', count: 2 }, P0);
    expect(draw.ok).toBe(false);
    // A soulstone Draw that cannot be completed is refused whole: the stone is not spent (SS-3).
    const stone = craft((s) => {
      s.seats[0].soulstones = 1;
      s.seats[0].removed = s.seats[0].deck.slice(1);
      s.seats[0].deck = s.seats[0].deck.slice(0, 1);
    });
    expect(decide(stone, { type: 'soulstoneDraw' }, P0)).toEqual({ ok: false, error: { code: 'DECK_EXHAUSTED', rule: 'LOC-3', params: { seat: 0 } } });
  });

  it('LOC-4: every shuffle is followed by a simulated cut, recorded and verifiable', () => {
    const events = decideStart();
    const shuffles = events.filter((e): e is Extract<GameEvent, { type: 'DeckShuffled' }> => e.type === 'DeckShuffled');
    expect(shuffles).toHaveLength(2);
    for (const e of shuffles) {
      expect(e.cut).toBeGreaterThanOrEqual(1);
      expect(e.cut).toBeLessThanOrEqual(53);
    }
    expect(verifyShuffles(SEED, events).ok).toBe(true);
  });

  it('LOC-5: drawing above the maximum opens a discard-down for exactly the excess; it is a player discard [AMB-13]', () => {
    const s = scenario({ hands: [['1R', '2R', '3R', '4R', '5R'], []] }).do({ type: 'draw', count: 3 }, P0);
    const d = s.expectPending('discardDown', 0);
    expect(d).toMatchObject({ count: 2 });
    given(s).when({ type: 'discardDown', cards: ['1R'] }, P0).thenError('DISCARD_COUNT', 'LOC-5');
    given(s).when({ type: 'draw', count: 1 }, P1).thenError('WAITING_FOR_DECISION');
    given(s).when({ type: 'discardDown', cards: ['1R', '2R'] }, P0).then([{ type: 'CardsDiscarded', seat: 0, cards: ['1R', '2R'], reason: 'handLimit' }]);
  });

  it('LOC-5: the hand may exceed the maximum while a flip resolves; the discard-down comes afterwards', () => {
    const hand = ['1R', '2R', '3R', '4R', '5R', '6R', '7R'];
    // A flip under way while the hand holds 7 (as if an ability had drawn during the action).
    const events: GameEvent[] = [
      ...setup({ hands: [hand, []], decks: [['9C'], []] }),
      { type: 'FlipStarted', resolution: 0, seat: 0, modifier: 0, cheatable: true, label: null },
      { type: 'CardsFlipped', seat: 0, slot: 'main', net: 0, cheatable: true, cards: ['9C'] },
      { type: 'FlipCardChosen', seat: 0, slot: 'main', card: '9C', forced: true, discarded: [] },
    ];
    const during = new Scenario(events);
    during.expectPending('cheat', 0);
    const after = during.answer('decline');
    expect(after.last.map((e) => e.type)).toEqual(['CheatDeclined', 'FlipResolved', 'ResolutionEnded']);
    expect(after.expectPending('discardDown', 0)).toMatchObject({ count: 1 });
  });

  it('LOC-6: conflict cards go to their owner’s discard once the effect has resolved', () => {
    const s = scenario({ decks: [['8M'], ['7T']] }).do({ type: 'opposedDuel', attacker: 0, attackerStat: 5, defenderStat: 6 }, P0);
    expect(s.lastOf('ResolutionEnded')).toMatchObject({ discarded: [['8M'], ['7T']] });
    expect(s.active.seats.map((z) => [z.conflict, z.discard])).toEqual([
      [[], ['8M']],
      [[], ['7T']],
    ]);
  });

  it('LOC-7: the discard is public, face up, newest on top, never reordered', () => {
    const s = scenario({ hands: [['1R', '2R', '3R'], []] }).do({ type: 'discard', cards: ['2R', '1R'] }, P0).do({ type: 'discard', cards: ['3R'] }, P0);
    const view = publicView(s.state);
    if (view.status === 'new') throw new Error('not started');
    expect(view.seats[0].discard).toEqual(['2R', '1R', '3R']);
  });

  it('LOC-8: cards leaving through a flip are not discarded "by" anyone (no CardsDiscarded event)', () => {
    given(scenario({ decks: [['3T', '12R'], []] }))
      .when({ type: 'flip', modifier: -1 }, P0)
      .then([
        { type: 'FlipStarted' },
        { type: 'CardsFlipped', cards: ['3T', '12R'] },
        { type: 'FlipCardChosen', card: '3T', discarded: ['12R'] },
        { type: 'CheatSkipped', rule: 'CHEAT-3a' },
        { type: 'FlipResolved' },
        { type: 'ResolutionEnded', discarded: [['3T'], []] },
      ]);
  });

  it('LOC-9: removed cards are never shuffled back', () => {
    const state = craft((s) => {
      const z = s.seats[0];
      z.removed = z.deck.slice(0, 40);
      z.discard = z.deck.slice(40, 50);
      z.hand = z.deck.slice(50);
      z.deck = [];
    });
    const r = decide(state, { type: 'draw', count: 1 }, P1);
    expect(r.ok).toBe(true);
    const mine = decide(state, { type: 'draw', count: 1 }, P0);
    if (!mine.ok) throw new Error(mine.error.code);
    const after = mine.value.reduce(evolve, state as never) as ActiveState;
    expect(after.seats[0].removed).toEqual(state.seats[0].removed);
    expect(after.seats[0].deck).toHaveLength(9);
  });

  it('LOC-10: a revealed hand card is shown to both players and stays in the hand', () => {
    const s = scenario({ hands: [['4C', '9M'], []] });
    given(s).when({ type: 'reveal', cards: ['9M'] }, P0).then([{ type: 'CardsRevealed', seat: 0, cards: ['9M'] }]);
    given(s).when({ type: 'reveal', cards: ['9T'] }, P0).thenError('CARD_NOT_IN_HAND', 'LOC-10');
    const after = s.do({ type: 'reveal', cards: ['9M'] }, P0);
    expect(after.active.seats[0].hand).toEqual(['4C', '9M']);
    expect(after.active.seats[0].revealedInHand).toEqual(['9M']);
    expect(after.do({ type: 'discard', cards: ['9M'] }, P0).active.seats[0].revealedInHand).toEqual([]);
  });

  it('LOC-11: a draw moves the top deck cards to the controller’s hand', () => {
    given(scenario({ decks: [['13R', '2T', '5M'], []] }))
      .when({ type: 'draw', count: 2 }, P0)
      .then([{ type: 'CardsDrawn', seat: 0, cards: ['13R', '2T'] }]);
  });

  it('LOC-11 / START-2: a draw without a count fills the hand up to its maximum; a full hand is refused (LOC-5)', () => {
    given(scenario({ hands: [['1R', '2R'], []], decks: [['13R', '2T', '5M', '6M', '7M'], []] }))
      .when({ type: 'draw' }, P0)
      .then([{ type: 'CardsDrawn', seat: 0, cards: ['13R', '2T', '5M', '6M'] }]);
    const full = given(scenario({ hands: [['1R', '2R', '3R'], []], options: { handLimit: 3 } }))
      .when({ type: 'draw' }, P0)
      .thenError('HAND_FULL', 'LOC-5');
    expect(full.params).toEqual({ limit: 3 });
  });
});

function decideStart(): GameEvent[] {
  const r = decide(initialState, startCommand(), P0);
  if (!r.ok) throw new Error(r.error.code);
  return r.value;
}
