/**
 * Coin toss: a second game system, registered only in the tests (`systemRegistry([malifauxTable, coinToss])`
 * passed to buildBot), to prove that a system plugs into the platform with no change outside its folder.
 * See rules.ts for the game.
 */
import type { ZodType } from 'zod';
import type { SystemModule } from '../../../src/systems/contract.js';
import * as rules from './rules.js';
import { presentation } from './present.js';
import { interactions } from './interactions.js';
import type { Command, Event, GameEvent, PrivateView, PublicView, State } from './rules.js';

export const coinToss: SystemModule<State, Command, Event, PublicView, PrivateView> = {
  id: rules.SYSTEM_ID,
  name: { en: 'Coin toss (test system)', fr: 'Pile ou face (système de test)' },
  seats: { min: 1, max: rules.MAX_SEATS },
  schemas: {
    state: rules.stateSchema,
    command: rules.commandSchema,
    // Stored events are full events: the public forms (publicEvent) are never stored, so never parsed.
    event: rules.eventSchema as ZodType<GameEvent> as ZodType<Event>,
  },
  initialState: rules.initialState,
  start: rules.start,
  end: rules.end,
  takeBackEnd: rules.takeBackEnd,
  finalizeEnd: rules.finalizeEnd,
  pendingEnd: rules.pendingEnd,
  decide: rules.decide,
  // The platform only folds stored events (full ones): a public event never reaches evolve.
  evolve: (state, event) => rules.evolve(state, event as GameEvent),
  evolveAll: (state, events) => events.reduce((s, e) => rules.evolve(s, e as GameEvent), state),
  replay: (events) => rules.replay(events as GameEvent[]),
  phase: (state) => state.status,
  seatsOf: rules.seatsOf,
  publicView: rules.publicView,
  privateView: rules.privateView,
  pendingDecisions: rules.pendingDecisions,
  publicEvent: rules.publicEvent,
  undoRevealsHidden: rules.undoRevealsHidden,
  undo: (before, since) => rules.undo(before, since),
  outcome: rules.outcome,
  verify: rules.verify,
  presentation,
  interactions,
};

export type { Command, Event, GameEvent, PrivateView, PublicView, State } from './rules.js';
export { coinOf, seedCommitment } from './rules.js';
