/**
 * What each audience may see. Hidden information — hand contents, deck order, the seed — exists only in
 * the private view of its owner (hands) or nowhere before the end (deck order, seed).
 */
import type { CardCode } from './cards.js';
import type { ActiveState, DecisionCore, EndedState, Ending, GameEvent, GameOptions, GameState, GameSystem, Resolution, Seat } from './schema.js';
import type { PendingDecision } from './decisions.js';
import { pendingDecision } from './decisions.js';
import { cloneData } from './clone.js';

export interface PublicSeat {
  seat: Seat;
  userId: string;
  name: string;
  handCount: number;
  deckCount: number;
  /** LOC-7: face up, last = top. */
  discard: CardCode[];
  conflict: CardCode[];
  removed: CardCode[];
  /** Hand cards both players have seen (LOC-10). */
  revealedInHand: CardCode[];
  soulstones: number;
  shuffles: number;
}

/** The open decision as everyone may see it: whose, what kind — never its legal hand cards. */
export interface PublicDecision {
  id: string;
  kind: PendingDecision['kind'];
  seat: Seat;
  since: number;
  /** discardDown: how many cards. */
  count?: number;
  /** reduce: the damage the stone would reduce. */
  damage?: number;
}

export type PublicView =
  | { status: 'new' }
  | {
      status: 'active' | 'ended';
      gameId: string;
      system: GameSystem;
      createdBy: string;
      options: GameOptions;
      seedCommitment: string;
      /** Only once the game has ended. */
      seed: string | null;
      seats: [PublicSeat, PublicSeat];
      /** The flip / duel / damage being resolved: everything in it was revealed by the rules. */
      resolution: Resolution | null;
      pending: PublicDecision | null;
      eventCount: number;
      /** An end asked for and waiting for its take-back window (the game is paused meanwhile). */
      ending: Ending | null;
      endedBy: string | null;
      endReason: string | null;
      /** Once ended: the seat that conceded (it lost), or null when the game ended without a result. */
      conceded: Seat | null;
    };

export type PrivateView =
  | { status: 'new' }
  | (Exclude<PublicView, { status: 'new' }> & {
      viewer: Seat;
      hand: CardCode[];
      /** The pending decision with its legal choices, when it is this seat's. */
      decision: PendingDecision | null;
    });

export function publicView(state: GameState): PublicView {
  return state.status === 'new' ? { status: 'new' } : gameView(state, pendingDecision(state));
}

export function privateView(state: GameState, seat: Seat): PrivateView {
  if (state.status === 'new') return { status: 'new' };
  const pending = pendingDecision(state);
  // Added onto the public view, not spread from it: V8 copies a spread of this many fields followed by
  // more through its slow path, about 8 µs a view (a /flip looks at four) against 0.3 µs this way.
  return Object.assign(gameView(state, pending), { viewer: seat, hand: [...state.seats[seat].hand], decision: pending?.seat === seat ? pending : null });
}

/** The public view of a started game. */
function gameView(state: ActiveState | EndedState, pending: PendingDecision | null): Exclude<PublicView, { status: 'new' }> {
  const seats = state.seats.map((z, i): PublicSeat => ({
    seat: i as Seat,
    userId: z.userId,
    name: z.name,
    handCount: z.hand.length,
    deckCount: z.deck.length,
    discard: [...z.discard],
    conflict: [...z.conflict],
    removed: [...z.removed],
    revealedInHand: [...z.revealedInHand],
    soulstones: z.soulstones,
    shuffles: z.shuffles,
  })) as [PublicSeat, PublicSeat];
  // One literal, no spread: V8 builds an object this wide from spreads in a slow dictionary form, which
  // every later read and copy of the view pays for.
  const active = state.status === 'active';
  return {
    status: state.status,
    gameId: state.gameId,
    system: state.system,
    createdBy: state.createdBy,
    options: { ...state.options },
    seedCommitment: state.seedCommitment,
    seats,
    resolution: cloneData(state.resolution),
    pending: pending ? publicDecision(pending) : null,
    eventCount: state.eventCount,
    // An ended state has no `ending`, an active one no result.
    seed: active ? null : state.seed,
    ending: active && state.ending ? { ...state.ending } : null,
    endedBy: active ? null : state.endedBy,
    endReason: active ? null : state.endReason,
    conceded: active ? null : (state.conceded ?? null),
  } as Exclude<PublicView, { status: 'new' }>;
}

function publicDecision(pending: PendingDecision): PublicDecision {
  const shown: PublicDecision = { id: pending.id, kind: pending.kind, seat: pending.seat, since: pending.since };
  if (pending.kind === 'discardDown' || pending.kind === 'triggerCost') shown.count = pending.count;
  if (pending.kind === 'reduce') shown.damage = pending.damage;
  return shown;
}

/** Decision kinds whose legal choices are hand cards: nobody but the decider may see them. */
const HAND_CHOICES: ReadonlySet<DecisionCore['kind']> = new Set(['cheat', 'discardDown', 'triggerCost']);

/** A decision as everyone may see it: without its legal choices when they are hand cards. */
function publicDecisionCore(d: DecisionCore): object {
  if (!HAND_CHOICES.has(d.kind)) return cloneData(d);
  const { legal: _legal, ...rest } = d;
  return rest;
}

/**
 * The event as the audit log may show it while the game runs: drawn cards, shuffle orders and cuts, the
 * seed, and the hand cards a decision offers are removed (the full events are for after the end, with the
 * seed, to verify the shuffles).
 */
export function publicEvent(event: GameEvent): object | null {
  switch (event.type) {
    case 'GameStarted': {
      const { seed: _seed, ...rest } = event;
      return rest;
    }
    case 'DeckShuffled':
      return { type: event.type, seat: event.seat, index: event.index, reason: event.reason, count: event.order.length };
    case 'CardsDrawn':
      return { type: event.type, seat: event.seat, count: event.cards.length };
    case 'DecisionOpened':
      return { type: event.type, since: event.since, decision: publicDecisionCore(event.decision) };
    case 'DecisionClosed':
    case 'SoulstonesSet':
    case 'CardsDiscarded':
    case 'CardsRevealed':
    case 'FlipStarted':
    case 'DuelStarted':
    case 'DamageFlipStarted':
    case 'DuelYieldDecided':
    case 'SoulstoneUsed':
    case 'SoulstoneDeclined':
    case 'CardsFlipped':
    case 'FlipCardChosen':
    case 'FateCheated':
    case 'CheatDeclined':
    case 'CheatSkipped':
    case 'FlipDiscardedForReflip':
    case 'RedJokerSuitChosen':
    case 'DuelTotalsAnnounced':
    case 'TriggerDeclared':
    case 'TriggerCostPaid':
    case 'DuelResolved':
    case 'DamageSequenceStarted':
    case 'DamageResolved':
    case 'FlipResolved':
    case 'ResolutionEnded':
    case 'ResolutionCancelled':
    case 'GameEnded':
    case 'EndRequested':
    case 'EndTakenBack':
    case 'SeenCardsKeptOut':
      return cloneData(event);
    default: {
      // Every event type returns above (a new one left out fails to compile here). At run time, something
      // that is no event of this engine (the platform's own log entries share the log) shows nothing.
      const unknown: never = event;
      void unknown;
      return null;
    }
  }
}
