/**
 * Undo, fairly (UNDO-1..3 in README.md): what follows taking actions back, so that no card seen in them
 * goes back where its place would be known and no shuffle of the seed's stream is dealt twice.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { freshDeck, sortCanonical } from './cards.js';
import type { CardCode } from './cards.js';
import { allCards } from './fateDeck.js';
import { decide, evolve, initialState, replay } from './game.js';
import type { Actor } from './game.js';
import { commandForChoice, decisionChoices, pendingDecision } from './decisions.js';
import type { ActiveState, Command, GameEvent, GameState, Seat } from './schema.js';
import { eventSchema, stateSchema } from './schema.js';
import { undoAmends } from './undo.js';
import { verifyShuffles } from './verify.js';
import { publicEvent, publicView } from './views.js';
import { P0, P1, REF, scenario } from './testkit.js';

const amendsOf = (before: GameState, since: readonly GameEvent[]) => {
  const r = undoAmends(before, since);
  if (!r.ok) throw new Error(r.error.code);
  return r.value;
};

describe('undo of a flip (UNDO-1)', () => {
  it('UNDO-1 / FLIP-1: the flipped cards go to the discard, face up, and the next flip shows other cards', () => {
    const s = scenario({ decks: [['5R', '9M', '2C'], []] });
    const flipped = s.do({ type: 'flip', modifier: 1 }, P0);
    const seen = flipped.lastOf('CardsFlipped')!.cards;
    expect(seen).toEqual(['5R', '9M']);
    const amends = amendsOf(s.state, flipped.lastAll);
    expect(amends.events).toEqual([{ type: 'SeenCardsKeptOut', seat: 0, discarded: ['5R', '9M'], revealed: [], shuffles: 1 }]);
    const after = amends.state as ActiveState;
    expect(after.seats[0].discard.slice(-2)).toEqual(['5R', '9M']);
    expect(after.seats[0].deck[0]).toBe('2C');
    // The amends are a plain fold of their events, which parse as stored events.
    expect(amends.events.reduce(evolve, s.state)).toEqual(after);
    for (const e of amends.events) expect(eventSchema.parse(JSON.parse(JSON.stringify(e)))).toEqual(e);
    const again = decide(after, { type: 'flip', modifier: 0 }, P0);
    if (!again.ok) throw new Error(again.error.code);
    const next = again.value.find((e) => e.type === 'CardsFlipped');
    expect(next).toMatchObject({ cards: ['2C'] });
  });

  it('UNDO-1: an undo that showed no card has no amends, and its state is the replay without it', () => {
    const s = scenario({ soulstones: [2, 2] });
    const set = s.do({ type: 'setSoulstones', seat: 0, count: 5 }, P0);
    const amends = amendsOf(s.state, set.lastAll);
    expect(amends.events).toEqual([]);
    expect(amends.state).toEqual(s.state);
  });

  it('UNDO-1: cards drawn by a player go to the discard (public) rather than back on top of the deck', () => {
    const s = scenario({ decks: [['3R', '4R', '5R'], []] });
    const drawn = s.do({ type: 'draw', count: 2 }, P0);
    const amends = amendsOf(s.state, drawn.lastAll);
    const after = amends.state as ActiveState;
    expect(after.seats[0].hand).toEqual([]);
    expect(after.seats[0].deck[0]).toBe('5R');
    expect(after.seats[0].discard).toEqual(['3R', '4R']);
    // Everything an amends event says is public: the cards are in a face-up pile now.
    expect(amends.events.map(publicEvent)).toEqual(amends.events);
  });

  it('UNDO-2 / LOC-10: a hand card the table saw in the undone action (a cheat) is back in hand, revealed', () => {
    const s = scenario({ decks: [['5R'], []], hands: [['13M', '2T'], []] });
    const flipped = s.do({ type: 'flip', modifier: 0 }, P0);
    flipped.expectPending('cheat', 0);
    const cheated = flipped.do({ type: 'cheatFate', card: '13M' }, P0);
    const amends = amendsOf(flipped.state, cheated.lastAll);
    const after = amends.state as ActiveState;
    expect(after.seats[0].hand).toContain('13M');
    expect(after.seats[0].revealedInHand).toEqual(['13M']);
    // Everyone may see it: the public view shows it among the revealed hand cards.
    expect(publicView(after)).toMatchObject({ seats: [{ revealedInHand: ['13M'] }, {}] });
    // The cheat is open again, as it was (same decision, same id).
    expect(pendingDecision(after)).toEqual(pendingDecision(flipped.state));
  });

  it('UNDO-3 / LOC-3: an undone reshuffle is never dealt again: the count stays, and a deck left empty is reshuffled at once from the next index', () => {
    // One card left in Alice's deck; a + flip takes it, reshuffles (#1) and takes one more.
    const drained = drainTo(0, 1);
    const flip = decide(drained, { type: 'flip', modifier: 1 }, P0);
    if (!flip.ok) throw new Error(flip.error.code);
    const shuffle = flip.value.find((e) => e.type === 'DeckShuffled');
    expect(shuffle).toMatchObject({ seat: 0, index: 1, reason: 'reshuffle' });
    const amends = amendsOf(drained, flip.value);
    const [kept, reshuffled] = amends.events;
    expect(kept).toMatchObject({ type: 'SeenCardsKeptOut', seat: 0, shuffles: 2 });
    expect((kept as Extract<GameEvent, { type: 'SeenCardsKeptOut' }>).discarded).toHaveLength(1);
    // LOC-3: the deck is empty again, so it is reshuffled at once, from index 2 — never index 1 again.
    expect(reshuffled).toMatchObject({ type: 'DeckShuffled', seat: 0, index: 2, reason: 'reshuffle' });
    expect((amends.state as ActiveState).seats[0].shuffles).toBe(3);
    // The log as it now counts (before the undo, then the amends) verifies from the seed.
    const log = [...scenarioLog(drained), ...amends.events];
    expect(verifyShuffles(seedOf(drained), log)).toMatchObject({ ok: true });
  });

  it('UNDO-2 / LOC-10: cards shown from the hand by a discard, a reveal or a trigger’s cost stay revealed once back in hand', () => {
    const s = scenario({ hands: [['13M', '2T', '7C'], []] });
    const shows: [Command, CardCode[]][] = [
      [{ type: 'discard', cards: ['2T'] }, ['2T']],
      [{ type: 'reveal', cards: ['13M', '7C'] }, ['13M', '7C']],
    ];
    for (const [command, shown] of shows) {
      const done = s.do(command, P0);
      const after = amendsOf(s.state, done.lastAll).state as ActiveState;
      expect(after.seats[0].hand).toEqual(['13M', '2T', '7C']);
      expect([...after.seats[0].revealedInHand].sort()).toEqual([...shown].sort());
    }
    // A trigger's discard cost (TRIG-4): the attacker wins 13 + 5 against 5 + 5 and pays 7C for Flurry.
    const duel = scenario({ decks: [['13M'], ['5C']], hands: [['7C', '2T'], []] }).do(
      { type: 'opposedDuel', attacker: 0, attackerStat: 5, defenderStat: 5, attackerTriggers: [{ name: 'Flurry', suits: ['M'], cost: { discard: 1 } }] },
      P0,
    );
    const declared = duel.answerAll({ cheat: 'decline' }).answer('Flurry');
    declared.expectPending('triggerCost', 0);
    const paid = declared.answer(['7C']);
    expect(paid.last[0]).toMatchObject({ type: 'TriggerCostPaid', seat: 0, cards: ['7C'] });
    const after = amendsOf(declared.state, paid.lastAll).state as ActiveState;
    expect(after.seats[0].hand).toEqual(['7C', '2T']);
    expect(after.seats[0].revealedInHand).toEqual(['7C']);
  });

  it('UNDO-2: a card is revealed only in the hand of the seat that showed it, though both decks hold the same cards', () => {
    const s = scenario({ decks: [['5R'], []], hands: [['13M'], ['13M']] });
    const flipped = s.do({ type: 'flip', modifier: 0 }, P0);
    const cheated = flipped.do({ type: 'cheatFate', card: '13M' }, P0);
    const after = amendsOf(flipped.state, cheated.lastAll).state as ActiveState;
    expect(after.seats[0].revealedInHand).toEqual(['13M']);
    expect(after.seats[1].revealedInHand).toEqual([]);
  });

  it('refuses to take back an end (asked or taken back): /game end has its own take-back', () => {
    const s = scenario();
    const asked = s.do({ type: 'endGame', at: 1000, until: 2000 }, P0);
    expect(undoAmends(s.state, asked.lastAll)).toMatchObject({ ok: false, error: { code: 'UNDO_PAST_END' } });
    const back = asked.do({ type: 'takeBackEnd', now: 1500 }, P1);
    expect(undoAmends(asked.state, back.lastAll)).toMatchObject({ ok: false, error: { code: 'UNDO_PAST_END' } });
    expect(undoAmends(initialState, [])).toMatchObject({ ok: false, error: { code: 'GAME_NOT_STARTED' } });
    // While an end is pending, nothing before it is taken back either, whatever the events.
    expect(undoAmends(asked.state, [])).toMatchObject({ ok: false, error: { code: 'UNDO_PAST_END' } });
    // An end among other events, taken back alone, or final: each is refused.
    const flipped = scenario({ decks: [['5R'], []] }).do({ type: 'flip', modifier: 0 }, P0);
    const endedLater = [...flipped.lastAll, ...asked.lastAll];
    expect(undoAmends(s.state, endedLater)).toMatchObject({ ok: false, error: { code: 'UNDO_PAST_END' } });
    expect(undoAmends(s.state, back.lastAll)).toMatchObject({ ok: false, error: { code: 'UNDO_PAST_END' } });
    const ended = asked.do({ type: 'finalizeEnd', now: 2000 }, P0);
    expect(undoAmends(s.state, ended.lastAll)).toMatchObject({ ok: false, error: { code: 'UNDO_PAST_END' } });
    expect(undoAmends(ended.state, [])).toMatchObject({ ok: false, error: { code: 'GAME_ENDED' } });
  });
});

// ---------------------------------------------------------------------------------------------------
// Random games: undo anywhere, then play on

/** The events that brought a test state about: the states here are built by replaying kept logs. */
const logs = new WeakMap<object, GameEvent[]>();

function scenarioLog(state: GameState): GameEvent[] {
  const log = logs.get(state);
  if (!log) throw new Error('no log for this state');
  return log;
}

function seedOf(state: GameState): string {
  if (state.status === 'new') throw new Error('not started');
  return state.seed;
}

const SEED = 'ab'.repeat(32);

/** A game whose seat `seat` has drawn until `left` cards remain in its deck (the rest of the log kept). */
function drainTo(seat: Seat, left: number): GameState {
  const start = decide(initialState, { type: 'startGame', gameId: 'u', system: 'm3e', seats: [{ userId: P0.userId, name: 'Alice' }, { userId: P1.userId, name: 'Bob' }], seed: SEED, createdBy: P0.userId, options: { handLimit: 20 } }, P0);
  if (!start.ok) throw new Error(start.error.code);
  const events = [...start.value];
  let state = replay(events);
  const actor = seat === 0 ? P0 : P1;
  while ((state as ActiveState).seats[seat].deck.length > left) {
    const deck = (state as ActiveState).seats[seat].deck.length;
    // Draw, then discard what was drawn, so the discard holds cards for the reshuffle.
    const drawn = decide(state, { type: 'draw', count: Math.min(10, deck - left) }, actor);
    if (!drawn.ok) throw new Error(drawn.error.code);
    events.push(...drawn.value);
    state = replay(events);
    const hand = (state as ActiveState).seats[seat].hand;
    const discarded = decide(state, { type: 'discard', cards: [...hand] }, actor);
    if (!discarded.ok) throw new Error(discarded.error.code);
    events.push(...discarded.value);
    state = replay(events);
  }
  logs.set(state, events);
  return state;
}

type Pick = [number, number, number, boolean];

/** A sensible random move: answer what is pending, else draw, flip, duel or deal damage. */
function moveFor(state: ActiveState, [k, a, b, flag]: Pick): { command: Command; actor: Actor } {
  const pending = pendingDecision(state);
  if (pending) {
    const choices = decisionChoices(pending);
    const many = pending.kind === 'discardDown' || pending.kind === 'triggerCost';
    const choice = many ? [...choices.slice(a % choices.length), ...choices].slice(0, pending.count) : (choices[a % choices.length] as string);
    const command = commandForChoice(pending, choice);
    if (command) return { command, actor: pending.seat === 0 ? P0 : P1 };
  }
  const seat: Seat = flag ? 0 : 1;
  const me = seat === 0 ? P0 : P1;
  switch (k % 6) {
    case 0:
    case 4:
      // Draws, many: decks must run out and reshuffle within a short game.
      return { command: { type: 'draw', count: 3 + (a % 8) }, actor: me };
    case 1:
      return { command: { type: 'flip', modifier: (a % 7) - 3 }, actor: me };
    case 2:
      return {
        command: { type: 'opposedDuel', attacker: seat, attackerStat: a % 7, defenderStat: b % 7, attackerFate: (a % 5) - 2, defenderFate: (b % 5) - 2, attackerSoulstoneUser: true, defenderSoulstoneUser: b % 2 === 0, damage: { profile: [1, 2, 4] } },
        actor: me,
      };
    case 5:
      return { command: { type: 'damageFlip', profile: [1, 2 + (a % 2), 4], fate: (a % 5) - 2, targetSoulstoneUser: true }, actor: me };
    default:
      return b % 3 === 0 ? { command: { type: 'setSoulstones', seat, count: a % 4 }, actor: REF } : { command: { type: 'discard', cards: state.seats[seat].hand.slice(0, 1) }, actor: me };
  }
}

/** Plays `picks` from `state`, appending to `events`; returns the final state. */
function play(state: GameState, picks: readonly Pick[], events: GameEvent[]): GameState {
  let s = state;
  for (const pick of picks) {
    if (s.status !== 'active') break;
    const { command, actor } = moveFor(s, pick);
    const r = decide(s, command, actor);
    if (!r.ok) continue;
    for (const e of r.value) {
      events.push(e);
      s = evolve(s, e);
    }
  }
  return s;
}

const picks = (min: number, max: number) => fc.array(fc.tuple(fc.nat(1000), fc.nat(1000), fc.nat(1000), fc.boolean()), { minLength: min, maxLength: max });

describe('undo anywhere, then play on (random games)', () => {
  it('UNDO-1 / UNDO-3 / LOC-3: no card seen in what was undone comes off its deck again before an announced reshuffle; no shuffle index is dealt twice; every shuffle verifies; LOC-1 holds', () => {
    let checkedDeals = 0;
    let undoneShuffles = 0;
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), picks(30, 200), picks(1, 30), picks(5, 40), (seedBytes, before, undone, after) => {
        const seed = Buffer.from(seedBytes).toString('hex');
        const start = decide(initialState, { type: 'startGame', gameId: 'r', system: 'm3e', seats: [{ userId: P0.userId, name: 'Alice' }, { userId: P1.userId, name: 'Bob' }], seed, createdBy: P0.userId }, P0);
        if (!start.ok) throw new Error(start.error.code);
        const prefix: GameEvent[] = [...start.value];
        const at = play(replay(prefix), before, prefix);
        if (at.status !== 'active') return;
        const since: GameEvent[] = [];
        const end = play(at, undone, since);
        if (end.status !== 'active' || since.length === 0) return;
        const amends = amendsOf(at, since);
        const continued: GameEvent[] = [...amends.events];
        const final = play(amends.state, after, continued);

        for (const seat of [0, 1] as const) {
          const seen = new Set<CardCode>(since.flatMap((e) => ((e.type === 'CardsDrawn' || e.type === 'CardsFlipped') && e.seat === seat ? e.cards : [])));
          const usedIndices = since.flatMap((e) => (e.type === 'DeckShuffled' && e.seat === seat ? [e.index] : []));
          undoneShuffles += usedIndices.length;
          let announced = false;
          for (const e of continued) {
            if (e.type === 'DeckShuffled' && e.seat === seat) {
              // UNDO-3: a shuffle after the undo never reuses an index the undone actions dealt.
              expect(usedIndices).not.toContain(e.index);
              announced = true;
            }
            if ((e.type === 'CardsDrawn' || e.type === 'CardsFlipped') && e.seat === seat && !announced) {
              checkedDeals++;
              for (const c of e.cards) expect(seen.has(c), `seat ${seat} dealt ${c}, seen in the undone actions, with no reshuffle since`).toBe(false);
            }
          }
        }
        // The log as it counts now: the prefix, the amends, what followed. Every shuffle re-runs from the seed.
        const log = [...prefix, ...continued];
        expect(verifyShuffles(seed, log)).toMatchObject({ ok: true });
        // And so does the log as it stood before the undo (the undone shuffles included).
        expect(verifyShuffles(seed, [...prefix, ...since])).toMatchObject({ ok: true });
        expect(replay(log)).toEqual(final);
        if (final.status !== 'new') for (const z of final.seats) expect(sortCanonical(allCards(z))).toEqual(freshDeck()); // LOC-1
        expect(stateSchema.parse(JSON.parse(JSON.stringify(amends.state)))).toEqual(amends.state);
        // The pending decision of the moment undone to is back as it was.
        expect(pendingDecision(amends.state)).toEqual(pendingDecision(at));
      }),
      { numRuns: 120 },
    );
    expect(checkedDeals, 'deals after an undo were checked').toBeGreaterThan(50);
    expect(undoneShuffles, 'some undone actions had reshuffled a deck').toBeGreaterThan(0);
  });
});
