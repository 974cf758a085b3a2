/**
 * Pending decisions: who must choose what, right now. They are derived from the state (nextStep), so an
 * undo by replay restores exactly the decision that was open; the state only remembers when it opened,
 * which gives each decision an id that changes every time (stale buttons are refused).
 */
import type { CardCode } from './cards.js';
import { isCardCode } from './cards.js';
import type { ActiveState, Command, GameState } from './schema.js';
import type { DecisionCore } from './step.js';
import { nextStep } from './resolution.js';

export type PendingDecision = DecisionCore & {
  /** Changes every time a decision opens; answers may quote it (`decisionId`) to be refused when stale. */
  id: string;
  /** The event count when it opened. */
  since: number;
};

export function decisionKey(state: ActiveState, d: DecisionCore): string {
  const where = state.resolution ? `r${state.resolution.id}` : 'idle';
  const detail = 'slot' in d ? d.slot : 'role' in d ? d.role : '';
  return `${where}:${d.kind}:${d.seat}:${detail}`;
}

export function openDecision(state: ActiveState): DecisionCore | null {
  const step = nextStep(state);
  return step.type === 'decision' ? step.decision : null;
}

export function pendingDecision(state: GameState): PendingDecision | null {
  if (state.status !== 'active') return null;
  const d = openDecision(state);
  if (!d) return null;
  const since = state.decision && state.decision.key === decisionKey(state, d) ? state.decision.since : state.eventCount;
  return { ...d, id: `${d.kind}-${since}`, since };
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
    default: {
      const never: never = d;
      return never;
    }
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
  if (d.kind === 'cheat' && one !== null && one !== DECLINE && isCardCode(one)) return { type: 'cheatFate', decisionId, card: one };
  if (one === null || !decisionChoices(d).includes(one)) return null;
  switch (d.kind) {
    case 'pick':
      return { type: 'pickCard', decisionId, card: one };
    case 'cheat':
      return one === DECLINE ? { type: 'declineCheat', decisionId } : { type: 'cheatFate', decisionId, card: one };
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
    default: {
      const never: never = d;
      return never;
    }
  }
}
