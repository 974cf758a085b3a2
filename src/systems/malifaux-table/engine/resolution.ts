/**
 * The game's procedure: given a state, what happens next. Automatic steps come back as events (or a
 * shuffle to perform); anything a player must choose comes back as a decision. decide() loops on this
 * and records the decision it stops at (DecisionOpened); evolve() never calls it.
 */
import { band, cardSuit, cardValue } from './cards.js';
import type { ActiveState, FlipResolution, FlipResult, FlipState, Resolution, Seat } from './schema.js';
import type { Step } from './step.js';
import { decision, events } from './step.js';
import { needsReshuffle } from './fateDeck.js';
import { findFlip, finalCard, pickStep, revealStep, variableFlipValue } from './flip.js';
import { cheatStep, pairCheatOrder } from './cheat.js';
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

/**
 * A standalone flip (FLIP-1..10): reveal, choose, cheat, result. A flip both players make at once
 * (START-3) reveals both cards first; then the lower card decides first whether to cheat (AMB-10: the
 * card as flipped), `firstOnTie` on equal cards, and each flip's result follows, the initiator's first.
 */
function flipStep(state: ActiveState, res: FlipResolution): Step | null {
  const slots: { slot: 'main' | 'pair'; seat: Seat }[] = [{ slot: 'main', seat: res.initiator }];
  if (res.pair) slots.push({ slot: 'pair', seat: res.initiator === 0 ? 1 : 0 });
  for (const { slot, seat } of slots) {
    const reveal = revealStep(state, res, seat, slot, res.modifier, res.cheatable);
    if (reveal) return reveal;
  }
  const flips = slots.map(({ slot }) => findFlip(res, slot));
  if (flips.some((f) => !f)) return null;
  for (const flip of flips as FlipState[]) {
    const pick = pickStep(flip);
    if (pick) return pick;
  }
  for (const flip of cheatTurns(res, flips as FlipState[])) {
    const cheat = cheatStep(state, res, flip);
    if (cheat) return cheat;
  }
  for (const flip of flips as FlipState[]) {
    const done = flip.slot === 'pair' ? res.pair?.result : res.result;
    const card = finalCard(flip);
    if (done !== null || card === null) continue;
    const result: FlipResult = { seat: flip.seat, card, value: cardValue(card), band: band(cardValue(card)), suit: cardSuit(card) };
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

/** The flips in the order their players decide whether to cheat: a pair's by its cards (START-3). */
function cheatTurns(res: FlipResolution, flips: readonly FlipState[]): FlipState[] {
  const [main, pair] = flips;
  if (!res.pair || !main || !pair || main.taken === null || pair.taken === null) return [...flips];
  const values = main.seat === 0 ? ([cardValue(main.taken), cardValue(pair.taken)] as const) : ([cardValue(pair.taken), cardValue(main.taken)] as const);
  return pairCheatOrder(values, res.pair.firstOnTie)[0] === main.seat ? [main, pair] : [pair, main];
}

/** LOC-6: once resolved, every conflict card goes to its owner's discard. */
function endResolution(state: ActiveState, res: Resolution): Step {
  return events({ type: 'ResolutionEnded', resolution: res.id, discarded: [[...state.seats[0].conflict], [...state.seats[1].conflict]] });
}
