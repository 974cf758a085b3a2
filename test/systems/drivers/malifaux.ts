/**
 * The contract suite's driver for Malifaux at the table: random commands from both seats, a referee and a
 * stranger (legal and not), the very ones of the engine's own property test (engine/randomCommands.ts),
 * and what is hidden from whom — hand cards not revealed, deck order and contents, the seed while active.
 */
import fc from 'fast-check';
import type { SeatInfo } from '../../../src/systems/contract.js';
import { malifauxTable } from '../../../src/systems/malifaux-table/index.js';
import * as engine from '../../../src/systems/malifaux-table/engine/index.js';
import type { Audience, Driver, Move, Pick } from '../contract.suite.js';
import { randomCommand, type RandomActors } from '../../../src/systems/malifaux-table/engine/randomCommands.js';

type CardCode = engine.CardCode;
type Seat = engine.Seat;
type Playing = Exclude<engine.GameState, { status: 'new' }>;

const REFEREE: RandomActors['referee'] = { userId: 'referee', seat: null, referee: true };
const STRANGER: RandomActors['stranger'] = { userId: 'stranger', seat: null, referee: false };

/** Four numbers into a command and its sender: the engine's own random commands, played by these seats. */
function commandFor(state: engine.ActiveState, seats: readonly SeatInfo[], [k, a, b, f]: Pick): Move {
  const actors: RandomActors = {
    player: (seat) => ({ userId: seats[seat]!.userId, seat, referee: false }),
    referee: REFEREE,
    stranger: STRANGER,
  };
  return randomCommand(state, [k, a, b], f % 2 === 0 ? 0 : 1, actors);
}

/** Codes a seat shows everyone: public zones, revealed hand cards, the cards of the current flips. */
function shownBy(state: Playing, seat: Seat): Set<CardCode> {
  const z = state.seats[seat];
  const flips = state.resolution?.flips.filter((f) => f.seat === seat) ?? [];
  return new Set([...z.discard, ...z.conflict, ...z.removed, ...z.revealedInHand, ...flips.flatMap((f) => [...f.revealed, ...(f.cheat?.outcome === 'cheated' ? [f.cheat.card] : [])])]);
}

/**
 * The card codes `audience` must not find (quoted, as JSON writes them): unrevealed hand cards of the
 * other seats and every deck's cards — unless the same code is shown legitimately (both decks hold the
 * same 54 codes), or is in the viewer's own hand.
 */
function hiddenCodes(state: Playing, audience: Audience): string[] {
  const legit = new Set<CardCode>([...shownBy(state, 0), ...shownBy(state, 1), ...(audience === 'public' ? [] : state.seats[audience as Seat].hand)]);
  const hidden = new Set<CardCode>();
  for (const seat of [0, 1] as const) {
    const z = state.seats[seat];
    if (audience !== seat) for (const c of z.hand) if (!z.revealedInHand.includes(c)) hidden.add(c);
    for (const c of z.deck) hidden.add(c);
  }
  return [...hidden].filter((c) => !legit.has(c)).map((c) => `"${c}"`);
}

const anotherSeed = (seed: string) => (seed === 'f'.repeat(64) ? '0'.repeat(64) : 'f'.repeat(64));

function withSeats(state: Playing, change: (seat: engine.SeatState, index: Seat) => engine.SeatState): Playing {
  return { ...state, seats: [change(state.seats[0], 0), change(state.seats[1], 1)] } as Playing;
}

export const malifauxDriver: Driver = {
  system: malifauxTable,
  runs: 100,
  maxSteps: 120,
  options: fc.oneof(fc.constant({}), fc.record({ handLimit: fc.integer({ min: 2, max: 8 }) }), fc.constant({ preventAndReduce: true, target: 3 })),

  move(raw, seats, pick) {
    const state = raw as engine.GameState;
    if (state.status !== 'active') return { command: { type: 'draw', count: 1 }, actor: STRANGER };
    return commandFor(state, seats, pick);
  },

  answer(raw, seats, decision, decisionId) {
    const pending = engine.pendingDecision(raw as engine.GameState);
    if (!pending || pending.id !== decision.id) throw new Error('the answered decision is not the pending one');
    const choice = pending.kind === 'discardDown' || pending.kind === 'triggerCost' ? pending.legal.slice(0, pending.count) : engine.decisionChoices(pending)[0]!;
    const command = engine.commandForChoice({ ...pending, id: decisionId }, choice);
    if (!command) throw new Error(`no command for ${pending.kind}`);
    return { command, actor: { userId: seats[pending.seat]!.userId, seat: pending.seat, referee: false } };
  },

  hiddenVariants(raw, audience) {
    const state = raw as engine.GameState;
    if (state.status === 'new') return [];
    const variants: Playing[] = [];
    // Nobody knows the seed while the game runs, nor any deck's order.
    if (state.status === 'active') variants.push({ ...state, seed: anotherSeed(state.seed) });
    if (state.seats.some((z) => z.deck.length > 1)) variants.push(withSeats(state, (z) => ({ ...z, deck: [...z.deck].reverse() })));
    // Another seat's unrevealed hand card and one of its deck's cards could be the other way round.
    variants.push(
      withSeats(state, (z, seat) => {
        if (audience === seat) return z;
        const i = z.hand.findIndex((c) => !z.revealedInHand.includes(c));
        if (i < 0 || z.deck.length === 0) return z;
        const hand = [...z.hand];
        const deck = [...z.deck];
        [hand[i], deck[deck.length - 1]] = [deck[deck.length - 1]!, hand[i]!];
        return { ...z, hand, deck };
      }),
    );
    return variants.filter((v) => JSON.stringify(v) !== JSON.stringify(state));
  },

  eventVariants(raw) {
    const event = raw as engine.GameEvent;
    switch (event.type) {
      case 'GameStarted':
        return [{ ...event, seed: anotherSeed(event.seed) }];
      case 'DeckShuffled':
        return [{ ...event, order: [...event.order].reverse(), cut: event.cut + 1 }];
      case 'CardsDrawn':
        return event.cards.length > 1 ? [{ ...event, cards: [...event.cards].reverse() }] : [{ ...event, cards: event.cards.map((c) => (c === '1R' ? '2R' : '1R')) }];
      case 'DecisionOpened': {
        // The hand cards a cheat, a discard-down or a trigger cost offers are the decider's alone.
        const d = event.decision;
        if ((d.kind === 'cheat' || d.kind === 'discardDown' || d.kind === 'triggerCost') && d.legal.length > 0) return [{ ...event, decision: { ...d, legal: d.legal.length > 1 ? [...d.legal].reverse() : d.legal[0] === '1R' ? ['2R'] : ['1R'] } }];
        return [];
      }
      default:
        return [];
    }
  },

  dealt(events) {
    // A shuffle of the seed's stream: each (seat, index) is dealt at most once.
    return (events as engine.GameEvent[]).flatMap((e) => (e.type === 'DeckShuffled' ? [`shuffle #${e.index} of seat ${e.seat}`] : []));
  },

  secrets(raw, audience) {
    const state = raw as engine.GameState;
    if (state.status === 'new') return [];
    return [...(state.status === 'active' ? [state.seed] : []), ...hiddenCodes(state, audience)];
  },
};
