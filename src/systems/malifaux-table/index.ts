/**
 * Malifaux at the table: decks, hands, flips, duels and damage for players whose miniatures stay on a
 * real table. The first game system; the whole-game systems build on its engine (a duel inside an
 * activation is this duel, not a copy).
 */
import { z } from 'zod';
import type { GameEvent, GameState, Seat } from './engine/index.js';
import * as engine from './engine/index.js';
import type { SystemModule } from '../contract.js';
import { presentation } from './present/messages.js';
import type { PublicEvent } from './present/events.js';
import { decisionButton } from './components/decisionButton.js';
import { handButton } from './components/handButton.js';
import flip from './commands/flip.js';
import reflip from './commands/reflip.js';
import draw from './commands/draw.js';
import hand from './commands/hand.js';
import discard from './commands/discard.js';
import reveal from './commands/reveal.js';
import soulstones from './commands/soulstones.js';
import duel from './commands/duel.js';
import damage from './commands/damage.js';
import encounter from './commands/encounter.js';

/** The named options of the rules a game may start with (LOC-5's hand maximum, AMB-14). */
const startOptions = z
  .object({ handLimit: z.number().int().min(1).max(20).optional(), preventAndReduce: z.boolean().optional() })
  .strip();

function asSeat(seat: number | null): Seat | null {
  return seat === 0 || seat === 1 ? seat : null;
}

function seatsOf(state: GameState) {
  return state.status === 'new' ? [] : state.seats.map((s) => ({ userId: s.userId, name: s.name }));
}

/**
 * Its events, as stored and as the public log shows them (publicEvent keeps the shape, with drawn cards
 * and shuffle orders as counts).
 */
type Event = GameEvent | PublicEvent;

export const malifauxTable: SystemModule<GameState, engine.Command, Event, engine.PublicView, engine.PrivateView> = {
  id: engine.SYSTEM_ID,
  name: { en: 'Malifaux Third Edition — at the table', fr: 'Malifaux Troisième Édition — à la table' },
  seats: { min: 2, max: 2 },
  schemas: { state: engine.stateSchema as z.ZodType<GameState>, command: engine.commandSchema as z.ZodType<engine.Command>, event: engine.eventSchema as z.ZodType<Event> },
  initialState: engine.initialState,

  start(input) {
    const options = startOptions.parse(input.options);
    const [a, b] = input.seats;
    return {
      type: 'startGame',
      gameId: input.gameId,
      system: 'm3e',
      // The registry only starts a system with a number of seats it accepts (2 here).
      seats: [a!, b!],
      seed: input.seed,
      createdBy: input.createdBy,
      options,
    };
  },
  end: ({ kind, at, until, reason }) => ({ type: 'endGame', ...(reason ? { reason } : {}), ...(kind === 'concede' ? { concede: true } : {}), at, until }),
  takeBackEnd: ({ now }) => ({ type: 'takeBackEnd', now }),
  finalizeEnd: ({ now }) => ({ type: 'finalizeEnd', now }),
  pendingEnd(state) {
    if (state.status !== 'active' || !state.ending) return null;
    const { by, seat, concede, at, until } = state.ending;
    return { by, seat, kind: concede ? 'concede' : 'abandon', at, until };
  },
  decide(state, command, actor) {
    const decided = engine.decideAndEvolve(state, command, { userId: actor.userId, seat: asSeat(actor.seat), referee: actor.referee });
    return decided.ok ? { ok: true, value: decided.value } : decided;
  },
  // The platform only folds stored events (full ones): a public event never reaches evolve.
  evolve: (state, event) => engine.evolve(state, event as GameEvent),
  evolveAll: (state, events) => engine.evolveAll(state, events as readonly GameEvent[]),
  replay: (events) => engine.replay(events as GameEvent[]),
  // Logs written before decisions were recorded as events (GameStarted without `log: 2`) get their
  // DecisionOpened/DecisionClosed records re-derived, by the same rule decide applies now.
  upcast(batches) {
    const full = batches as GameEvent[][];
    return engine.isLegacyLog(full.flat()) ? engine.upcastLog(full) : batches;
  },
  phase: (state) => state.status,
  seatsOf,
  publicView: engine.publicView,
  privateView: (state, seat) => engine.privateView(state, asSeat(seat) ?? 0),
  pendingDecisions(state) {
    const pending = engine.pendingDecision(state);
    return pending ? [{ seat: pending.seat, kind: pending.kind, id: pending.id }] : [];
  },
  publicEvent: (event) => engine.publicEvent(event as GameEvent) as PublicEvent | null,
  // Cards drawn or flipped were seen: taking the action back would be a second try at them.
  undoRevealsHidden: (events: readonly Event[]) => events.some((e) => e.type === 'CardsDrawn' || e.type === 'CardsFlipped'),
  // The platform only passes stored events (full ones) here.
  undo(before, since) {
    const amended = engine.undoAmends(before, since as GameEvent[]);
    return amended.ok ? { ok: true, value: amended.value } : amended;
  },
  outcome(state) {
    if (state.status !== 'ended') return { finished: false };
    // At a real table the bot referees duels, not the game's score: a game ends by a concession (the
    // conceder loses) or without a result.
    const conceded = state.conceded;
    return {
      finished: true,
      endedBy: state.endedBy,
      reason: state.endReason,
      how: conceded === undefined ? 'abandoned' : 'conceded',
      seats: state.seats.map((s, seat) => ({ seat, userId: s.userId, name: s.name, result: conceded === undefined ? null : seat === conceded ? 'loss' : 'win', vp: null })),
    };
  },
  verify(state, events) {
    if (state.status === 'new') return { ok: false, commitmentOk: false, checks: [], problem: 'not started', seed: '', commitment: '' };
    const report = engine.verifyShuffles(state.seed, events as GameEvent[]);
    const commitmentOk = engine.seedCommitment(state.seed) === state.seedCommitment;
    return {
      ok: commitmentOk && report.ok,
      commitmentOk,
      checks: report.shuffles.map((s) => ({ what: `shuffle #${s.index} of seat ${s.seat}`, ok: s.ok })),
      ...(report.problem ? { problem: report.problem } : {}),
      seed: state.seed,
      commitment: state.seedCommitment,
    };
  },

  presentation,
  interactions: {
    commands: [flip, reflip, draw, hand, discard, reveal, soulstones, duel, damage, encounter],
    components: [decisionButton, handButton],
  },
};
