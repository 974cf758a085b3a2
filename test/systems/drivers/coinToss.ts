/** The contract suite's driver for the coin toss (test/systems/coin-toss). */
import fc from 'fast-check';
import type { Actor, SeatInfo } from '../../../src/systems/contract.js';
import { coinToss } from '../coin-toss/index.js';
import type { Command, GameEvent, State } from '../coin-toss/rules.js';
import type { Audience, Driver, Move, Pick } from '../contract.suite.js';

const other = (side: 'heads' | 'tails') => (side === 'heads' ? 'tails' : 'heads');

function actorOf(seats: readonly SeatInfo[], seat: number): Actor {
  return { userId: seats[seat]!.userId, seat, referee: false };
}

const STRANGER: Actor = { userId: 'stranger', seat: null, referee: false };
const REFEREE: Actor = { userId: 'referee', seat: null, referee: true };

const anotherSeed = (seed: string) => (seed === 'f'.repeat(64) ? '0'.repeat(64) : 'f'.repeat(64));

export const coinTossDriver: Driver = {
  system: coinToss,
  runs: 100,
  maxSteps: 40,
  options: fc.oneof(fc.constant({}), fc.record({ target: fc.integer({ min: 1, max: 4 }) }), fc.constant({ handLimit: 4 })),

  move(raw, seats, [k, a, b, c]: Pick): Move {
    const state = raw as State;
    if (state.status === 'new') return { command: { type: 'toss', label: null }, actor: STRANGER };
    const anyone = actorOf(seats, a % seats.length);
    const p = state.pending;
    // Wrong on purpose, now and then: out of turn, a stranger, a made-up decision, a malformed command.
    if (k % 10 === 0) {
      const wrong: Move[] = [
        { command: { type: 'toss', label: null }, actor: anyone },
        { command: { type: 'toss', label: null }, actor: STRANGER },
        { command: { type: 'call', decisionId: 'call-999', side: 'heads' }, actor: anyone },
        { command: { type: 'reveal', decisionId: p?.id ?? 'reveal-1' }, actor: REFEREE },
        { command: { type: 'toss', label: 'x'.repeat(60) }, actor: anyone },
        { command: { type: 'end', reason: null, concede: false, at: 0, until: 0 }, actor: STRANGER },
      ];
      return wrong[b % wrong.length]!;
    }
    if (k % 37 === 1) return { command: { type: 'end', reason: b % 2 ? 'time' : null, concede: false, at: 0, until: 0 } satisfies Command, actor: b % 3 === 0 ? REFEREE : anyone };
    if (!p) return { command: { type: 'toss', label: c % 3 === 0 ? `for ${b % 7}` : null } satisfies Command, actor: c % 11 === 0 ? REFEREE : actorOf(seats, state.turn) };
    if (p.kind === 'call') return { command: { type: 'call', decisionId: p.id, side: b % 2 ? 'heads' : 'tails' } satisfies Command, actor: actorOf(seats, p.seat) };
    return { command: { type: 'reveal', decisionId: p.id } satisfies Command, actor: actorOf(seats, p.seat) };
  },

  answer(_state, seats, decision, decisionId) {
    const command: Command = decision.kind === 'call' ? { type: 'call', decisionId, side: 'heads' } : { type: 'reveal', decisionId };
    return { command, actor: actorOf(seats, decision.seat) };
  },

  hiddenVariants(raw, audience: Audience) {
    const state = raw as State;
    if (state.status !== 'active') return [];
    const variants: State[] = [{ ...state, seed: anotherSeed(state.seed) }];
    const p = state.pending;
    // The call is hidden from everyone but its caller until the reveal.
    if (p?.kind === 'reveal' && audience !== p.caller) variants.push({ ...state, pending: { ...p, call: other(p.call) } });
    return variants;
  },

  eventVariants(raw) {
    const event = raw as GameEvent;
    if (event.type === 'GameStarted') return [{ ...event, seed: anotherSeed(event.seed) }];
    if (event.type === 'CallMade') return [{ ...event, side: other(event.side) }];
    return [];
  },

  dealt(events) {
    // The coin of a toss number, once revealed.
    return (events as GameEvent[]).flatMap((e) => (e.type === 'CoinRevealed' ? [`coin #${e.toss}`] : []));
  },

  secrets(raw) {
    const state = raw as State;
    return state.status === 'active' ? [state.seed] : [];
  },
};
