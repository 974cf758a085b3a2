/**
 * What the game needs next. `nextStep` (resolution.ts) looks at a state and answers with one of these;
 * decide() applies automatic steps until a decision is needed or nothing is left to do.
 */
import type { RuleError } from './errors.js';
import type { DecisionCore, GameEvent, Seat } from './schema.js';

/** A decision without its id/since (decisionCoreSchema in schema.ts, where each kind is described). */
export type { DecisionCore } from './schema.js';

export type DecisionKind = DecisionCore['kind'];

export type Step =
  | { type: 'decision'; decision: DecisionCore }
  | { type: 'events'; events: GameEvent[] }
  | { type: 'shuffle'; seat: Seat }
  | { type: 'error'; error: RuleError }
  | { type: 'idle' };

export const events = (...list: GameEvent[]): Step => ({ type: 'events', events: list });
export const decision = (d: DecisionCore): Step => ({ type: 'decision', decision: d });
