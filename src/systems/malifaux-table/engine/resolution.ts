/**
 * The game's procedure: given a state, what happens next. Automatic steps come back as events (or a
 * shuffle to perform); anything a player must choose comes back as a decision. decide() loops on this
 * and records the decision it stops at (DecisionOpened); evolve() never calls it.
 */
import { band, cardSuit, cardValue } from './cards.js';
import type { ActiveState, FlipResolution, FlipResult, Resolution, Seat } from './schema.js';
import type { Step } from './step.js';
import { decision, events } from './step.js';
import { needsReshuffle } from './fateDeck.js';
import { findFlip, finalCard, pickStep, revealStep, variableFlipValue } from './flip.js';
import { cheatStep } from './cheat.js';
import { duelStep } from './duel.js';
import { damageStep } from './damage.js';

const SEATS: readonly Seat[] = [0, 1];

export function nextStep(state: ActiveState): Step {
  // LOC-3: reshuffle at once, before anything else needs a card.
  for (const seat of SEATS) if (needsReshuffle(state.seats[seat])) return { type: 'shuffle', seat };
  const res = state.resolution;
  if (res) return resolutionStep(state, res) ?? endResolution(state, res);
  // LOC-5: after a resolution (or a draw), the owner discards down to the maximum.
  for (const seat of SEATS) {
    const hand = state.seats[seat].hand;
    const excess = hand.length - state.options.handLimit;
    if (excess > 0) return decision({ kind: 'discardDown', seat, count: excess, legal: [...hand] });
  }
  return { type: 'idle' };
}

function resolutionStep(state: ActiveState, res: Resolution): Step | null {
  switch (res.kind) {
    case 'flip':
      return flipStep(state, res);
    case 'duel':
      return duelStep(state, res);
    case 'damage':
      return damageStep(state, res, res.damage);
    default: {
      const never: never = res;
      return never;
    }
  }
}

/** A standalone flip (FLIP-1..10): reveal, choose, cheat, result. */
function flipStep(state: ActiveState, res: FlipResolution): Step | null {
  const reveal = revealStep(state, res, res.initiator, 'main', res.modifier, res.cheatable);
  if (reveal) return reveal;
  const flip = findFlip(res, 'main');
  if (!flip) return null;
  const next = pickStep(flip) ?? cheatStep(state, res, flip);
  if (next) return next;
  const card = finalCard(flip);
  if (res.result === null && card !== null) {
    const result: FlipResult = { seat: res.initiator, card, value: cardValue(card), band: band(cardValue(card)), suit: cardSuit(card) };
    if (res.profile) {
      const { value: amount } = variableFlipValue(res.profile, card);
      result.amount = amount;
      // DMG-12: healing stops at the maximum; the surplus is lost.
      if (res.heal) result.healed = { before: res.heal.health, after: Math.min(res.heal.maxHealth, res.heal.health + amount), maxHealth: res.heal.maxHealth };
    }
    return events({ type: 'FlipResolved', result });
  }
  return null;
}

/** LOC-6: once resolved, every conflict card goes to its owner's discard. */
function endResolution(state: ActiveState, res: Resolution): Step {
  return events({ type: 'ResolutionEnded', resolution: res.id, discarded: [[...state.seats[0].conflict], [...state.seats[1].conflict]] });
}
