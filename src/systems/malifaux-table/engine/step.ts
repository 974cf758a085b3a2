/**
 * What the game needs next. `nextStep` (resolution.ts) looks at a state and answers with one of these;
 * decide() applies automatic steps until a decision is needed or nothing is left to do.
 */
import type { CardCode, Suit } from './cards.js';
import type { RuleError } from './errors.js';
import type { DuelRole, FlipSlot, GameEvent, Seat, SoulstoneUse } from './schema.js';

/** A decision without its id/since (those come from the state, decisions.ts). */
export type DecisionCore =
  /** FLIP-4/5: choose the flip's card among the legal revealed cards. */
  | { kind: 'pick'; seat: Seat; slot: FlipSlot; legal: CardCode[] }
  /** CHEAT-1: a hand card to cheat with (declining is always possible). `legal` is hidden hand content. */
  | { kind: 'cheat'; seat: Seat; slot: FlipSlot; legal: CardCode[] }
  /** DUEL-4 A: spend one soulstone for + or a named suit, or not. */
  | { kind: 'soulstone'; seat: Seat; role: DuelRole; legal: SoulstoneUse[] }
  /** DUEL-7: the defender of a friendly duel may yield before any flip. */
  | { kind: 'yield'; seat: Seat; legal: Array<'yield' | 'fight'> }
  /** CARD-3 / AMB-39: the suit of a final RJ, locked at Step D. */
  | { kind: 'redJokerSuit'; seat: Seat; slot: FlipSlot; legal: Suit[] }
  /** DUEL-4 E: one trigger whose suits are in the final total (or none). */
  | { kind: 'trigger'; seat: Seat; role: DuelRole; legal: string[] }
  /** TRIG-4: discard exactly `count` hand cards to pay the declared trigger. `legal` is hidden hand content. */
  | { kind: 'triggerCost'; seat: Seat; role: DuelRole; trigger: string; count: number; legal: CardCode[] }
  /** LOC-5: discard exactly `count` hand cards. `legal` is hidden hand content. */
  | { kind: 'discardDown'; seat: Seat; count: number; legal: CardCode[] }
  /** SS-3 Prevent (DMG-7 step 1). */
  | { kind: 'prevent'; seat: Seat; legal: Array<'spend' | 'decline'> }
  /** SS-3 Reduce (DMG-7 step 3), knowing the damage after the other reductions. */
  | { kind: 'reduce'; seat: Seat; damage: number; legal: Array<'spend' | 'decline'> };

export type DecisionKind = DecisionCore['kind'];

export type Step =
  | { type: 'decision'; decision: DecisionCore }
  | { type: 'events'; events: GameEvent[] }
  | { type: 'shuffle'; seat: Seat }
  | { type: 'error'; error: RuleError }
  | { type: 'idle' };

export const events = (...list: GameEvent[]): Step => ({ type: 'events', events: list });
export const decision = (d: DecisionCore): Step => ({ type: 'decision', decision: d });
