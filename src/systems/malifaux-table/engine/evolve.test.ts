/**
 * evolve, one event type at a time: the state each event leaves, computed by hand from the event (events are
 * facts: evolve applies them, nothing else). The fixtures are hand-made logs (testkit's stacked decks), the
 * events hand-made too, in the shapes decide writes them (eventSamples.ts).
 */
import { describe, expect, it } from 'vitest';
import type { CardCode } from './cards.js';
import { freshDeck } from './cards.js';
import { Fold, evolve, evolveAll, initialState, replay } from './evolve.js';
import { SAMPLES } from './eventSamples.js';
import type { ActiveState, DuelResolution, FlipSlot, GameEvent, GameState, Seat } from './schema.js';
import type { Fixture } from './testkit.js';
import { setup } from './testkit.js';

function activeOf(state: GameState): ActiveState {
  if (state.status !== 'active') throw new Error(`game is ${state.status}`);
  return state;
}

/** The table of a hand-made fixture (hands drawn, decks stacked). */
const table = (f: Fixture = {}): ActiveState => activeOf(replay(setup(f)));

/** Applies the events one by one, as replay would. */
const after = (state: GameState, ...events: GameEvent[]): ActiveState => activeOf(events.reduce(evolve, state));

function duelOf(state: ActiveState): DuelResolution {
  if (state.resolution?.kind !== 'duel') throw new Error('no duel');
  return state.resolution;
}

/** A deck that starts with `top`, then the fresh-deck order without them (as the fixture stacks it). */
const deckAfter = (top: string[]) => freshDeck().filter((c) => !top.includes(c));

const opposedDuel = SAMPLES.DuelStarted[0] as Extract<GameEvent, { type: 'DuelStarted' }>;
const friendlyDuel: GameEvent = {
  ...opposedDuel,
  friendly: true,
  sides: opposedDuel.sides.map((side) => (side.role === 'defender' ? { ...side, yielded: null } : side)),
};
const damageFlip = SAMPLES.DamageFlipStarted[0] as Extract<GameEvent, { type: 'DamageFlipStarted' }>;
/** A flip of one card (net 0): flipped, then taken (FLIP-4). */
const oneCard = (seat: Seat, slot: FlipSlot, card: CardCode): GameEvent[] => [
  { type: 'CardsFlipped', seat, slot, net: 0, cheatable: true, cards: [card] },
  { type: 'FlipCardChosen', seat, slot, card, forced: true, discarded: [] },
];
const standaloneFlip: GameEvent = { type: 'FlipStarted', resolution: 0, seat: 0, modifier: 0, cheatable: true, label: null };

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

describe('evolve: the game', () => {
  it('LOC-2: GameStarted seats both players with a full 54-card deck each, no hand, no stones, nothing resolving', () => {
    const started = evolve(initialState, SAMPLES.GameStarted[0] as GameEvent);
    const seat = (userId: string, name: string) => ({
      userId,
      name,
      deck: freshDeck(),
      hand: [],
      conflict: [],
      discard: [],
      removed: [],
      revealedInHand: [],
      soulstones: 0,
      shuffles: 0,
    });
    expect(started).toStrictEqual({
      status: 'active',
      gameId: 'g1',
      system: 'm3e',
      createdBy: 'a',
      options: { handLimit: 6, preventAndReduce: false },
      seed: 'ab'.repeat(32),
      seedCommitment: 'cd'.repeat(32),
      seats: [seat('a', 'Alice'), seat('b', 'Bob')],
      eventCount: 1,
      nextResolution: 0,
      resolution: null,
      pending: null,
    });
    expect(activeOf(started).seats[0].deck).toHaveLength(54);
    // A game exists once: a second GameStarted is no fact about this game.
    const again = evolve(started, { ...(SAMPLES.GameStarted[0] as GameEvent), gameId: 'g2' } as GameEvent);
    expect(again).toBe(started);
  });

  it('GameEnded: the game is over, by whom and why; no pending decision, no end request; a result only when a seat conceded', () => {
    const asked = after(table(), SAMPLES.EndRequested[1] as GameEvent, SAMPLES.DecisionOpened[0] as GameEvent);
    expect(asked.ending).toBeDefined();
    expect(asked.pending).not.toBeNull();
    const { status: _status, ending: _ending, ...rest } = asked;
    const abandoned = evolve(asked, { type: 'GameEnded', by: 'judge', reason: 'closed' });
    // Strict: no `conceded: undefined` key (the state round-trips through JSON unchanged).
    expect(abandoned).toStrictEqual({ ...rest, status: 'ended', eventCount: asked.eventCount + 1, pending: null, endedBy: 'judge', endReason: 'closed' });
    expect(Object.keys(abandoned)).not.toContain('conceded');
    const conceded = evolve(asked, { type: 'GameEnded', by: 'alice', reason: null, conceded: 0 });
    expect(conceded).toStrictEqual({ ...rest, status: 'ended', eventCount: asked.eventCount + 1, pending: null, endedBy: 'alice', endReason: null, conceded: 0 });
    // Nothing happens after the end.
    expect(evolve(conceded, { type: 'CardsDrawn', seat: 0, cards: ['1R'] })).toBe(conceded);
    expect(evolve(conceded, SAMPLES.GameStarted[0] as GameEvent)).toBe(conceded);
  });

  it('EndRequested waits with the request recorded; EndTakenBack removes it (deleted, so the state round-trips through JSON)', () => {
    const before = table();
    const asked = after(before, SAMPLES.EndRequested[0] as GameEvent);
    expect(asked.ending).toStrictEqual({ by: 'a', seat: 0, concede: true, at: 1_000, until: 601_000, reason: null });
    const back = after(asked, { type: 'EndTakenBack', by: 'a' });
    expect(Object.keys(back)).not.toContain('ending');
    expect(back).toStrictEqual({ ...before, eventCount: before.eventCount + 2 });
  });

  it('every applied event counts; a decision opened is pending under its id `${kind}-${since}` until closed', () => {
    const before = table();
    const opened = after(before, SAMPLES.DecisionOpened[0] as GameEvent);
    expect(opened.eventCount).toBe(before.eventCount + 1);
    expect(opened.pending).toStrictEqual({ kind: 'cheat', seat: 1, slot: 'defender', legal: ['5T'], id: 'cheat-9', since: 9 });
    const closed = after(opened, SAMPLES.DecisionClosed[0] as GameEvent);
    expect(closed.pending).toBeNull();
    expect(closed.eventCount).toBe(before.eventCount + 2);
  });
});

describe('evolve: the cards (LOC)', () => {
  it('LOC-3: a shuffle makes the discard the new deck in the order dealt, and counts the shuffle', () => {
    const s = after(table({ hands: [['1R', '2R'], []] }), { type: 'CardsDiscarded', seat: 0, cards: ['1R', '2R'], reason: 'player' });
    expect(s.seats[0].discard).toEqual(['1R', '2R']);
    expect(s.seats[0].shuffles).toBe(1);
    const order = [...s.seats[0].deck.slice(0, 10), '2R', '1R'];
    const shuffled = after(s, { type: 'DeckShuffled', seat: 0, index: 1, reason: 'reshuffle', order, cut: 3 });
    expect(shuffled.seats[0]).toMatchObject({ deck: order, discard: [], shuffles: 2 });
    expect(shuffled.seats[1]).toStrictEqual(s.seats[1]);
  });

  it('LOC-11 / LOC-7: a draw takes the top cards into the hand; a discard puts them on top of the discard and forgets they were revealed (LOC-10)', () => {
    const s = table({ decks: [['13M', '12M', '4C'], []], hands: [['1R'], []] });
    const drawn = after(s, { type: 'CardsDrawn', seat: 0, cards: ['13M', '12M'] });
    expect(drawn.seats[0].hand).toEqual(['1R', '13M', '12M']);
    expect(drawn.seats[0].deck).toEqual(['4C', ...deckAfter(['1R', '13M', '12M', '4C'])]);
    const revealed = after(drawn, { type: 'CardsRevealed', seat: 0, cards: ['12M', '1R'] });
    expect(revealed.seats[0].revealedInHand).toEqual(['12M', '1R']);
    // Revealing again adds nothing: each hand card is known once.
    expect(after(revealed, { type: 'CardsRevealed', seat: 0, cards: ['1R', '13M'] }).seats[0].revealedInHand).toEqual(['12M', '1R', '13M']);
    const discarded = after(revealed, { type: 'CardsDiscarded', seat: 0, cards: ['12M', '13M'], reason: 'handLimit' });
    expect(discarded.seats[0]).toMatchObject({ hand: ['1R'], discard: ['12M', '13M'], revealedInHand: ['1R'] });
  });

  it('SoulstonesSet: the pool holds the count set', () => {
    expect(after(table({ soulstones: [2, 0] }), SAMPLES.SoulstonesSet[0] as GameEvent).seats.map((z) => z.soulstones)).toEqual([4, 0]);
  });

  it('undo (SeenCardsKeptOut): seen deck cards go to the discard, hand cards the table saw stay revealed once, and the shuffle count never goes back', () => {
    const s = after(table({ decks: [['13M', '12M'], []], hands: [['1R', '2R'], []] }), { type: 'CardsRevealed', seat: 0, cards: ['2R'] });
    expect(s.seats[0].shuffles).toBe(1);
    // '5C' left the hand in the actions taken back: it is not in the hand, so it cannot be revealed in it.
    const kept = after(s, { type: 'SeenCardsKeptOut', seat: 0, discarded: ['13M'], revealed: ['1R', '2R', '5C'], shuffles: 3 });
    expect(kept.seats[0]).toMatchObject({ deck: ['12M', ...deckAfter(['1R', '2R', '13M', '12M'])], discard: ['13M'], revealedInHand: ['2R', '1R'], shuffles: 3 });
    // A count lower than the deck's own (no shuffle was taken back) leaves it.
    expect(after(kept, { type: 'SeenCardsKeptOut', seat: 0, discarded: [], revealed: [], shuffles: 0 }).seats[0].shuffles).toBe(3);
  });
});

describe('evolve: resolutions', () => {
  it('FlipStarted: a standalone flip with its modifier (FLIP-2), no profile or heal unless given (FLIP-8, DMG-12); the next resolution id follows', () => {
    const s = after(table(), SAMPLES.FlipStarted[0] as GameEvent);
    expect(s.resolution).toStrictEqual({ kind: 'flip', id: 1, label: 'Wk check', initiator: 0, flips: [], modifier: 1, cheatable: true, result: null });
    expect(s.nextResolution).toBe(2);
    const heal = after(table(), { type: 'FlipStarted', resolution: 4, seat: 1, modifier: -1, cheatable: false, label: null, profile: [1, 2, 4], heal: { health: 3, maxHealth: 6 } });
    expect(heal.resolution).toStrictEqual({
      kind: 'flip',
      id: 4,
      label: null,
      initiator: 1,
      flips: [],
      modifier: -1,
      cheatable: false,
      profile: [1, 2, 4],
      heal: { health: 3, maxHealth: 6 },
      result: null,
    });
    expect(heal.nextResolution).toBe(5);
  });

  it('DuelStarted / DamageFlipStarted: the duel or the damage flip as declared, nothing flipped or totalled yet', () => {
    const duel = after(table(), opposedDuel);
    expect(duel.resolution).toStrictEqual({
      kind: 'duel',
      id: 1,
      label: null,
      initiator: 0,
      flips: [],
      opposed: true,
      tn: 12,
      tnSuits: ['M'],
      friendly: false,
      inCover: false,
      inConcealment: false,
      sides: opposedDuel.sides,
      totals: null,
      result: null,
      damagePlan: null,
      damage: null,
    });
    expect(duel.nextResolution).toBe(2);
    const damage = after(table(), damageFlip);
    expect(damage.resolution).toStrictEqual({ kind: 'damage', id: 3, label: null, initiator: 0, flips: [], damage: damageFlip.damage });
    expect(damage.nextResolution).toBe(4);
  });

  it('DUEL-7 / AMB-19: a yielding defender skips Steps A–D and declares no trigger; one that does not yield still decides both', () => {
    const duel = after(table(), friendlyDuel);
    const yielded = duelOf(after(duel, { type: 'DuelYieldDecided', seat: 1, yielded: true })).sides;
    expect(yielded[1]).toMatchObject({ role: 'defender', yielded: true, soulstone: 'none', triggerDone: true });
    expect(yielded[0]).toStrictEqual(duelOf(duel).sides[0]);
    const fights = duelOf(after(duel, { type: 'DuelYieldDecided', seat: 1, yielded: false })).sides[1];
    expect(fights).toMatchObject({ yielded: false, soulstone: null, triggerDone: false, trigger: null });
  });

  it('SS-3 / AMB-41: a duel stone is + or a named suit for its side, a declined one is none; each stone used leaves the pool', () => {
    const duel = after(table({ soulstones: [2, 2] }), opposedDuel);
    const plus = after(duel, { type: 'SoulstoneUsed', seat: 0, purpose: 'duel', role: 'attacker', use: 'plus' });
    expect(duelOf(plus).sides.map((x) => x.soulstone)).toEqual(['plus', null]);
    expect(plus.seats.map((z) => z.soulstones)).toEqual([1, 2]);
    const suit = after(plus, { type: 'SoulstoneUsed', seat: 1, purpose: 'duel', role: 'defender', use: 'M' });
    expect(duelOf(suit).sides.map((x) => x.soulstone)).toEqual(['plus', 'M']);
    expect(suit.seats.map((z) => z.soulstones)).toEqual([1, 1]);
    const declined = after(duel, { type: 'SoulstoneDeclined', seat: 1, purpose: 'duel', role: 'defender', reason: 'choice' });
    expect(duelOf(declined).sides.map((x) => x.soulstone)).toEqual([null, 'none']);
    expect(declined.seats.map((z) => z.soulstones)).toEqual([2, 2]);
    // A duel stone logged without its use is the default Step A use: + on the flip.
    const unnamed = after(duel, { type: 'SoulstoneUsed', seat: 0, purpose: 'duel', role: 'attacker', use: null });
    expect(duelOf(unnamed).sides.map((x) => x.soulstone)).toEqual(['plus', null]);
    // A pool is never negative.
    expect(after(table(), { type: 'SoulstoneUsed', seat: 0, purpose: 'draw', role: null, use: null }).seats[0].soulstones).toBe(0);
  });

  it('SS-3: Prevent and Reduce are recorded on the damage being resolved (a damage flip or a duel’s damage); a draw stone touches neither', () => {
    const flip = after(table({ soulstones: [0, 3] }), damageFlip);
    const prevented = after(flip, { type: 'SoulstoneUsed', seat: 1, purpose: 'prevent', role: null, use: null });
    expect(prevented.resolution).toMatchObject({ kind: 'damage', damage: { prevent: 'spent', reduce: null } });
    expect(prevented.seats[1].soulstones).toBe(2);
    const reduced = after(prevented, { type: 'SoulstoneDeclined', seat: 1, purpose: 'reduce', role: null, reason: 'choice' });
    expect(reduced.resolution).toMatchObject({ damage: { prevent: 'spent', reduce: 'declined' } });
    expect(reduced.seats[1].soulstones).toBe(2);
    const drew = after(flip, { type: 'SoulstoneUsed', seat: 1, purpose: 'draw', role: null, use: null });
    expect(drew.resolution).toMatchObject({ damage: { prevent: null, reduce: null } });
    expect(drew.seats[1].soulstones).toBe(2);
    // In a duel: once its damage sequence has started.
    const duel = after(table({ soulstones: [0, 3] }), opposedDuel, SAMPLES.DamageSequenceStarted[0] as GameEvent);
    const inDuel = after(duel, { type: 'SoulstoneDeclined', seat: 1, purpose: 'prevent', role: null, reason: 'emptyPool' }, {
      type: 'SoulstoneUsed',
      seat: 1,
      purpose: 'reduce',
      role: null,
      use: null,
    });
    expect(duelOf(inDuel).damage).toMatchObject({ prevent: 'declined', reduce: 'spent' });
    expect(inDuel.seats[1].soulstones).toBe(2);
  });

  it('FLIP-1: flipped cards leave the top of the deck for the conflict; the slot’s flip keeps them, across a reshuffle in the middle of it (LOC-3)', () => {
    const s = after(table({ decks: [['3R', '11M', '6C'], ['9T']] }), opposedDuel, { type: 'CardsFlipped', seat: 0, slot: 'attacker', net: 1, cheatable: true, cards: ['3R'] });
    const flips = after(s, { type: 'CardsFlipped', seat: 0, slot: 'attacker', net: 1, cheatable: true, cards: ['11M'] }, { type: 'CardsFlipped', seat: 1, slot: 'defender', net: 0, cheatable: false, cards: ['9T'] });
    expect(duelOf(flips).flips).toStrictEqual([
      { slot: 'attacker', seat: 0, net: 1, cheatable: true, revealed: ['3R', '11M'], taken: null, forced: false, cheat: null, redJokerSuit: null },
      { slot: 'defender', seat: 1, net: 0, cheatable: false, revealed: ['9T'], taken: null, forced: false, cheat: null, redJokerSuit: null },
    ]);
    expect(flips.seats[0]).toMatchObject({ conflict: ['3R', '11M'], deck: ['6C', ...deckAfter(['3R', '11M', '6C'])] });
    expect(flips.seats[1].conflict).toEqual(['9T']);
    // FLIP-1: the chosen card stays in the conflict, the others go to the discard.
    const chosen = after(flips, { type: 'FlipCardChosen', seat: 0, slot: 'attacker', card: '11M', forced: false, discarded: ['3R'] }, {
      type: 'FlipCardChosen',
      seat: 1,
      slot: 'defender',
      card: '9T',
      forced: true,
      discarded: [],
    });
    expect(chosen.seats[0]).toMatchObject({ conflict: ['11M'], discard: ['3R'] });
    expect(duelOf(chosen).flips.map((f) => [f.taken, f.forced])).toEqual([
      ['11M', false],
      ['9T', true],
    ]);
  });

  it('CHEAT-1: the cheating card takes the flipped card’s place in the conflict, the flipped card is discarded; declines and bans are recorded per flip', () => {
    const flipped = after(
      table({ decks: [['3R', '11M'], ['9T']], hands: [['13T', '2C'], ['5T']] }),
      opposedDuel,
      { type: 'CardsFlipped', seat: 0, slot: 'attacker', net: 1, cheatable: true, cards: ['3R', '11M'] },
      { type: 'FlipCardChosen', seat: 0, slot: 'attacker', card: '11M', forced: false, discarded: ['3R'] },
      ...oneCard(1, 'defender', '9T'),
      { type: 'CardsRevealed', seat: 0, cards: ['13T'] },
    );
    const cheated = after(flipped, { type: 'FateCheated', seat: 0, slot: 'attacker', card: '13T', replaced: '11M' });
    expect(cheated.seats[0]).toMatchObject({ hand: ['2C'], conflict: ['13T'], discard: ['3R', '11M'], revealedInHand: [] });
    expect(duelOf(cheated).flips[0]).toMatchObject({ taken: '11M', cheat: { outcome: 'cheated', card: '13T' } });
    expect(duelOf(after(flipped, { type: 'CheatDeclined', seat: 1, slot: 'defender' })).flips.map((f) => f.cheat)).toEqual([null, { outcome: 'declined' }]);
    const banned = after(flipped, { type: 'CheatSkipped', seat: 1, slot: 'defender', rule: 'CHEAT-3f', code: 'CHEAT_FORBIDDEN_EMPTY_HAND' });
    expect(duelOf(banned).flips.map((f) => f.cheat)).toEqual([null, { outcome: 'forbidden', rule: 'CHEAT-3f', code: 'CHEAT_FORBIDDEN_EMPTY_HAND' }]);
    // LOC-1: the cheating card is never lost, even if the card it replaces has already left the conflict.
    const gone = after(flipped, { type: 'ResolutionEnded', resolution: 1, discarded: [['11M'], []] });
    expect(after(gone, { type: 'FateCheated', seat: 0, slot: 'attacker', card: '13T', replaced: '11M' }).seats[0]).toMatchObject({ hand: ['2C'], conflict: ['13T'] });
    // ... nor does it take the place of another card of the conflict.
    const other = after(gone, { type: 'CardsFlipped', seat: 0, slot: 'main', net: 0, cheatable: true, cards: ['6C'] });
    expect(after(other, { type: 'FateCheated', seat: 0, slot: 'attacker', card: '13T', replaced: '11M' }).seats[0]).toMatchObject({ conflict: ['6C', '13T'] });
  });

  it('CARD-3: the suit named for a final Red Joker is the flip’s', () => {
    const s = after(
      table({ decks: [['RJ'], ['9T']] }),
      opposedDuel,
      ...oneCard(0, 'attacker', 'RJ'),
      SAMPLES.RedJokerSuitChosen[0] as GameEvent,
    );
    expect(duelOf(s).flips[0]?.redJokerSuit).toBe('C');
  });

  it('FLIP-7 / CHEAT-4: a re-flip discards the flip’s cards and empties the slot; a decision made stays spent, and a CHEAT-3c ban caused by its flipped RJ is lifted', () => {
    const rj = after(
      table({ decks: [['RJ', '5R'], ['9T', '4T']], hands: [['13T'], ['5C']] }),
      opposedDuel,
      ...oneCard(0, 'attacker', 'RJ'),
      ...oneCard(1, 'defender', '9T'),
      { type: 'CheatSkipped', seat: 1, slot: 'defender', rule: 'CHEAT-3c', code: 'CHEAT_FORBIDDEN_RED_JOKER' },
      { type: 'CheatDeclined', seat: 0, slot: 'attacker' },
      { type: 'RedJokerSuitChosen', seat: 0, slot: 'attacker', suit: 'M' },
    );
    const again = after(rj, { type: 'FlipDiscardedForReflip', seat: 0, slot: 'attacker', cards: ['RJ'], by: 'alice', referee: false, cheatSpent: true });
    expect(duelOf(again).flips).toStrictEqual([
      {
        slot: 'attacker',
        seat: 0,
        net: 0,
        cheatable: true,
        revealed: [],
        taken: null,
        forced: false,
        cheat: { outcome: 'forbidden', rule: 'CHEAT-4', code: 'CHEAT_ALREADY_DECIDED' },
        redJokerSuit: null,
      },
      { slot: 'defender', seat: 1, net: 0, cheatable: true, revealed: ['9T'], taken: '9T', forced: true, cheat: null, redJokerSuit: null },
    ]);
    expect(again.seats[0]).toMatchObject({ conflict: [], discard: ['RJ'] });
    // The defender's own re-flip (a referee's) before it decided: nothing spent, its flip starts over.
    const defender = after(rj, { type: 'FlipDiscardedForReflip', seat: 1, slot: 'defender', cards: ['9T'], by: 'judge', referee: true, cheatSpent: false });
    expect(duelOf(defender).flips[1]).toMatchObject({ revealed: [], taken: null, forced: false, cheat: null });
    // It was not the RJ that was re-flipped: the attacker's decision is untouched.
    expect(duelOf(defender).flips[0]?.cheat).toEqual({ outcome: 'declined' });
    expect(defender.seats[1]).toMatchObject({ conflict: [], discard: ['9T'] });
  });

  it('FLIP-7: only the CHEAT-3c ban depends on the other side’s flipped RJ; other bans stay, and a re-flip of a card that is not the RJ lifts none', () => {
    const flips = (attackerCard: CardCode, defenderBan?: { rule: string; code: string }) =>
      after(
        table({ decks: [[attackerCard], ['9T']], hands: [['13T'], ['5C']] }),
        opposedDuel,
        ...oneCard(0, 'attacker', attackerCard),
        { type: 'CardsFlipped', seat: 1, slot: 'defender', net: -1, cheatable: true, cards: ['9T'] },
        { type: 'FlipCardChosen', seat: 1, slot: 'defender', card: '9T', forced: true, discarded: [] },
        ...(defenderBan ? [{ type: 'CheatSkipped', seat: 1, slot: 'defender', ...defenderBan } as const] : []),
        { type: 'FlipDiscardedForReflip', seat: 0, slot: 'attacker', cards: [attackerCard], by: 'alice', referee: false, cheatSpent: false },
      );
    const negative = { rule: 'CHEAT-3a', code: 'CHEAT_FORBIDDEN_NEGATIVE_FLIP' };
    expect(duelOf(flips('RJ', negative)).flips[1]?.cheat).toEqual({ outcome: 'forbidden', ...negative });
    const redJoker = { rule: 'CHEAT-3c', code: 'CHEAT_FORBIDDEN_RED_JOKER' };
    expect(duelOf(flips('7R', redJoker)).flips[1]?.cheat).toEqual({ outcome: 'forbidden', ...redJoker });
    expect(duelOf(flips('RJ', redJoker)).flips[1]?.cheat).toBeNull();
    // Nothing decided on the other side: nothing to lift.
    expect(duelOf(flips('RJ')).flips[1]?.cheat).toBeNull();
  });

  it('DUEL-4 D–F and the damage: totals, the trigger declared and its cost paid (TRIG-4), the result, then the damage and its result', () => {
    const duel = after(table({ hands: [['2M', '8R'], ['5C']] }), opposedDuel, { type: 'CardsRevealed', seat: 0, cards: ['2M'] });
    const totals = (SAMPLES.DuelTotalsAnnounced[0] as Extract<GameEvent, { type: 'DuelTotalsAnnounced' }>).totals;
    const s = after(
      duel,
      SAMPLES.DuelTotalsAnnounced[0] as GameEvent,
      { type: 'TriggerDeclared', seat: 0, role: 'attacker', trigger: 'Flurry', reason: 'choice' },
      SAMPLES.TriggerCostPaid[0] as GameEvent,
      { type: 'TriggerDeclared', seat: 1, role: 'defender', trigger: null, reason: 'noLegalTrigger' },
    );
    const res = duelOf(s);
    expect(res.totals).toStrictEqual(totals);
    expect(res.sides[0]).toMatchObject({ triggerDone: true, trigger: 'Flurry', triggerCostPaid: ['2M'] });
    expect(res.sides[1]).toMatchObject({ triggerDone: true, trigger: null });
    expect(Object.keys(res.sides[1] ?? {})).not.toContain('triggerCostPaid');
    expect(s.seats[0]).toMatchObject({ hand: ['8R'], discard: ['2M'], revealedInHand: [] });
    // The defender's cost is the defender's.
    const riposte = after(
      duel,
      { type: 'TriggerDeclared', seat: 1, role: 'defender', trigger: 'Riposte', reason: 'choice' },
      { type: 'TriggerCostPaid', seat: 1, role: 'defender', trigger: 'Riposte', cards: ['5C'] },
    );
    expect(duelOf(riposte).sides.map((x) => x.triggerCostPaid)).toEqual([undefined, ['5C']]);
    expect(riposte.seats[1]).toMatchObject({ hand: [], discard: ['5C'] });
    const resolved = after(s, SAMPLES.DuelResolved[0] as GameEvent, SAMPLES.DamageSequenceStarted[0] as GameEvent);
    expect(duelOf(resolved).result).toStrictEqual((SAMPLES.DuelResolved[0] as Extract<GameEvent, { type: 'DuelResolved' }>).result);
    expect(duelOf(resolved).damage).toStrictEqual(damageFlip.damage);
    const dealt = after(resolved, SAMPLES.DamageResolved[0] as GameEvent);
    expect(duelOf(dealt).damage?.result).toStrictEqual((SAMPLES.DamageResolved[0] as Extract<GameEvent, { type: 'DamageResolved' }>).result);
    // A damage flip of its own takes its result the same way.
    const flip = after(table(), damageFlip, SAMPLES.DamageResolved[0] as GameEvent);
    expect(flip.resolution).toMatchObject({ kind: 'damage', damage: { result: { card: '7R', final: 3 } } });
  });

  it('LOC-6: when a resolution ends (or is cancelled) each seat’s conflict cards go to its own discard; a standalone flip’s result is recorded first', () => {
    const s = after(
      table({ decks: [['6C'], ['4T']] }),
      standaloneFlip,
      ...oneCard(0, 'main', '6C'),
      SAMPLES.FlipResolved[0] as GameEvent,
    );
    expect(s.resolution).toMatchObject({ kind: 'flip', result: { seat: 0, card: '6C', value: 6, band: 'moderate', suit: 'C' } });
    const ended = after(s, { type: 'ResolutionEnded', resolution: 0, discarded: [['6C'], []] });
    expect(ended.resolution).toBeNull();
    expect(ended.seats[0]).toMatchObject({ conflict: [], discard: ['6C'] });
    const duel = after(
      table({ decks: [['11M'], ['9T']] }),
      opposedDuel,
      { type: 'CardsFlipped', seat: 0, slot: 'attacker', net: 0, cheatable: true, cards: ['11M'] },
      { type: 'CardsFlipped', seat: 1, slot: 'defender', net: 0, cheatable: true, cards: ['9T'] },
    );
    const cancelled = after(duel, { type: 'ResolutionCancelled', resolution: 1, by: 'judge', discarded: [['11M'], ['9T']] });
    expect(cancelled.resolution).toBeNull();
    expect(cancelled.seats.map((z) => [z.conflict, z.discard])).toEqual([
      [[], ['11M']],
      [[], ['9T']],
    ]);
  });

  it('an event about a resolution that is not there changes nothing but the count (evolve trusts its log, and never throws on it)', () => {
    const idle = table({ decks: [['6C'], []], hands: [['2R'], []] });
    const unchanged = (s: ActiveState, e: GameEvent) => expect(after(s, e)).toStrictEqual({ ...s, eventCount: s.eventCount + 1 });
    for (const e of [
      SAMPLES.DuelYieldDecided[0],
      SAMPLES.SoulstoneDeclined[0],
      SAMPLES.FlipCardChosen[1],
      SAMPLES.CheatDeclined[0],
      SAMPLES.CheatSkipped[0],
      SAMPLES.RedJokerSuitChosen[0],
      SAMPLES.DuelTotalsAnnounced[0],
      SAMPLES.TriggerDeclared[0],
      SAMPLES.DuelResolved[0],
      SAMPLES.DamageSequenceStarted[0],
      SAMPLES.DamageResolved[0],
      SAMPLES.FlipResolved[0],
    ] as GameEvent[]) {
      unchanged(idle, e);
    }
    // Cards still move as the event says, with no flip to record them in.
    const flipped = after(idle, { type: 'CardsFlipped', seat: 0, slot: 'main', net: 0, cheatable: true, cards: ['6C'] });
    expect(flipped.resolution).toBeNull();
    expect(flipped.seats[0]).toMatchObject({ deck: deckAfter(['2R', '6C']), conflict: ['6C'] });
    const discarded = after(flipped, { type: 'FlipDiscardedForReflip', seat: 0, slot: 'main', cards: ['6C'], by: 'alice', referee: false, cheatSpent: true });
    expect(discarded.resolution).toBeNull();
    expect(discarded.seats[0]).toMatchObject({ conflict: [], discard: ['6C'] });
    const cheated = after(flipped, { type: 'FateCheated', seat: 0, slot: 'main', card: '2R', replaced: '6C' });
    expect(cheated.resolution).toBeNull();
    expect(cheated.seats[0]).toMatchObject({ hand: [], conflict: ['2R'], discard: ['6C'] });
    const paid = after(idle, { type: 'TriggerCostPaid', seat: 0, role: 'attacker', trigger: 'Flurry', cards: ['2R'] });
    expect(paid.resolution).toBeNull();
    expect(paid.seats[0]).toMatchObject({ hand: [], discard: ['2R'] });
    // A duel's events do not apply to a standalone flip, nor a flip's result to a duel.
    const flip = after(idle, standaloneFlip);
    for (const e of [SAMPLES.DuelYieldDecided[0], SAMPLES.SoulstoneUsed[0], SAMPLES.DuelTotalsAnnounced[0], SAMPLES.TriggerDeclared[0], SAMPLES.DuelResolved[0], SAMPLES.DamageSequenceStarted[0], SAMPLES.DamageResolved[0]] as GameEvent[]) {
      unchanged(flip, e);
    }
    unchanged(flip, { type: 'FlipDiscardedForReflip', seat: 1, slot: 'defender', cards: [], by: 'judge', referee: true, cheatSpent: false });
    const duel = after(idle, opposedDuel);
    unchanged(duel, SAMPLES.FlipResolved[0] as GameEvent);
    unchanged(duel, SAMPLES.DamageResolved[0] as GameEvent);
    unchanged(duel, SAMPLES.SoulstoneDeclined[0] as GameEvent);
  });
});

describe('evolveAll and Fold: the input is never written, even when the first event changes nothing', () => {
  it('evolveAll and Fold copy a state before the first event that changes it', () => {
    const s = deepFreeze(table({ decks: [['6C'], []] }));
    const json = JSON.stringify(s);
    const events: GameEvent[] = [SAMPLES.GameStarted[0] as GameEvent, { type: 'CardsDrawn', seat: 0, cards: ['6C'] }];
    const all = activeOf(evolveAll(s, events));
    expect(all.seats[0].hand).toEqual(['6C']);
    expect(all.eventCount).toBe(s.eventCount + 1);
    const fold = new Fold(s);
    expect(fold.apply(events[0] as GameEvent)).toBe(s);
    const next = fold.apply(events[1] as GameEvent);
    expect(next).toBe(fold.state);
    expect(next).toStrictEqual(all);
    expect(JSON.stringify(s)).toBe(json);
    // Once copied, the fold's state is its own: later events change that same object in place.
    const later = fold.apply({ type: 'SoulstonesSet', seat: 1, count: 2, by: 'judge' });
    expect(later).toBe(next);
    expect(activeOf(later).seats[1].soulstones).toBe(2);
  });
});
