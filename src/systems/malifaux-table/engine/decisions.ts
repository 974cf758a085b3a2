/**
 * Pending decisions: who must choose what, right now. The procedure (nextStep) finds them while decide
 * settles a command, and decide records each new one as an event (DecisionOpened, or DecisionClosed when
 * none is left); evolve stores it in the state, so `pendingDecision` only reads the state and an undo by
 * replay restores exactly the decision that was open, with its id.
 */
import type { CardCode } from './cards.js';
import { isCardCode } from './cards.js';
import type { ActiveState, Command, DecisionCore, GameEvent, GameState, PendingDecision } from './schema.js';
import { nextStep } from './resolution.js';

export type { PendingDecision } from './schema.js';

/** A decision's id: `${kind}-${since}`, since = the event count when it opened. */
export function decisionId(kind: DecisionCore['kind'], since: number): string {
  return `${kind}-${since}`;
}

/** The decision recorded in the state (a copy), or null: no procedure runs here. */
export function pendingDecision(state: GameState): PendingDecision | null {
  if (state.status !== 'active' || state.pending === null) return null;
  return { ...state.pending, legal: [...state.pending.legal] } as PendingDecision;
}

/** The events that record decisions rather than what happened at the table. */
export function isDecisionRecord(e: GameEvent): e is Extract<GameEvent, { type: 'DecisionOpened' | 'DecisionClosed' }> {
  return e.type === 'DecisionOpened' || e.type === 'DecisionClosed';
}

/** The procedure's decision for this state, if it stops at one now (decide, the upcaster and fixtures; never evolve). */
export function openDecision(state: ActiveState): DecisionCore | null {
  const step = nextStep(state);
  return step.type === 'decision' ? step.decision : null;
}

/**
 * Same kind, seat and choices (id and since aside); key order does not matter (a snapshot may come back from
 * jsonb reordered). Decision fields are primitives or arrays of them (the choices, in order).
 */
export function sameDecision(a: DecisionCore, b: DecisionCore): boolean {
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = Object.keys(ra).filter((k) => k !== 'id' && k !== 'since');
  if (keys.length !== Object.keys(rb).filter((k) => k !== 'id' && k !== 'since').length) return false;
  return keys.every((k) => sameData(ra[k], rb[k]));
}

function sameData(a: unknown, b: unknown): boolean {
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => sameData(x, b[i]));
  return a === b;
}

/**
 * Records, at the end of a command, the decision the procedure stops at (decide's settle loop, and the
 * upcaster for old logs: the same rule for both). Shown every state the command's events lead through,
 * it knows whether the decision that was pending before the command stayed the procedure's decision,
 * unchanged, all along — only then may it keep its id (a referee's setSoulstones during a cheat). As soon
 * as one event moves the procedure elsewhere (an answer, a re-flip, a cancel), that decision is closed,
 * and whatever opens at the end is new, with a new id, even if it looks the same (the cheat of a
 * re-flipped card).
 */
export class DecisionRecorder {
  /** The decision pending before the command, as long as it stayed the procedure's decision; else null. */
  private stayed: PendingDecision | null;

  constructor(waiting: PendingDecision | null) {
    this.stayed = waiting;
  }

  /** After each event of the command. */
  seen(state: GameState): void {
    if (this.stayed === null) return;
    if (state.status !== 'active' || !sameOpen(openDecision(state), this.stayed)) this.stayed = null;
  }

  /**
   * At the end, `open` being the procedure's decision in `state`: DecisionOpened for a new decision,
   * DecisionClosed when none is left, null when the state's record is right as it is.
   */
  record(state: ActiveState, open: DecisionCore | null): GameEvent | null {
    const recorded = state.pending;
    if (open === null) return recorded ? { type: 'DecisionClosed', id: recorded.id } : null;
    if (recorded && this.stayed !== null && sameDecision(open, recorded)) return null;
    return { type: 'DecisionOpened', since: state.eventCount + 1, decision: open };
  }
}

function sameOpen(open: DecisionCore | null, waiting: PendingDecision): boolean {
  return open !== null && sameDecision(open, waiting);
}

/**
 * The rule that puts a decision where it is in the order of play, quoted when someone else acts out of
 * turn: Step A, C and E of a duel (DUEL-4: attacker first, lower total first, AMB-3), the active player's +
 * pick first (FLIP-6), and so on.
 */
export const DECISION_RULE: Record<DecisionCore['kind'] | 'resolution', string> = {
  pick: 'FLIP-6',
  cheat: 'DUEL-4',
  soulstone: 'DUEL-4',
  yield: 'DUEL-7',
  redJokerSuit: 'CARD-3',
  trigger: 'DUEL-4',
  triggerCost: 'TRIG-4',
  discardDown: 'LOC-5',
  prevent: 'DMG-7',
  reduce: 'DMG-7',
  resolution: 'DUEL-4',
};

/** Token for "no trigger" and "decline" in `decisionChoices` / `commandForChoice`. */
export const NO_TRIGGER = '-';
export const DECLINE = 'decline';

/**
 * The choices of a decision as plain strings (e.g. select-menu values). For discardDown the answer is
 * `count` of them. Hidden content (hand cards) only appears for the decision's own seat — the caller
 * must show these to that player only.
 */
export function decisionChoices(d: DecisionCore): string[] {
  switch (d.kind) {
    case 'pick':
    case 'discardDown':
    case 'triggerCost':
    case 'redJokerSuit':
    case 'soulstone':
    case 'yield':
    case 'prevent':
    case 'reduce':
      return [...d.legal];
    case 'cheat':
      return [...d.legal, DECLINE];
    case 'trigger':
      return [...d.legal, NO_TRIGGER];
  }
}

/**
 * Builds the answer command for a choice token (or tokens, for discardDown and triggerCost); null if it is
 * not a choice. An answer made of hand cards is built from any card codes: the engine checks the hand and
 * says which card is wrong, with its rule (CHEAT-5, LOC-5, TRIG-4).
 */
export function commandForChoice(d: PendingDecision, choice: string | readonly string[]): Command | null {
  const decisionId = d.id;
  const one = typeof choice === 'string' ? choice : choice.length === 1 ? (choice[0] as string) : null;
  const many: string[] = typeof choice === 'string' ? [choice] : [...choice];
  if (d.kind === 'discardDown') return { type: 'discardDown', decisionId, cards: many as CardCode[] };
  if (d.kind === 'triggerCost') return { type: 'payTriggerCost', decisionId, cards: many as CardCode[] };
  if (one === null) return null;
  if (d.kind === 'cheat' && isCardCode(one)) return { type: 'cheatFate', decisionId, card: one };
  if (!decisionChoices(d).includes(one)) return null;
  switch (d.kind) {
    case 'pick':
      return { type: 'pickCard', decisionId, card: one };
    case 'cheat':
      // A card code was taken above: the one other choice is DECLINE.
      return { type: 'declineCheat', decisionId };
    case 'soulstone':
      return { type: 'useSoulstone', decisionId, use: one as 'none' };
    case 'yield':
      return { type: 'yieldDuel', decisionId, yield: one === 'yield' };
    case 'redJokerSuit':
      return { type: 'chooseRedJokerSuit', decisionId, suit: one as 'R' };
    case 'trigger':
      return { type: 'declareTrigger', decisionId, trigger: one === NO_TRIGGER ? null : one };
    case 'prevent':
      return { type: 'preventDamage', decisionId, spend: one === 'spend' };
    case 'reduce':
      return { type: 'reduceDamage', decisionId, spend: one === 'spend' };
  }
}
