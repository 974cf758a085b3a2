/**
 * evolve: the fold of the event log. Events are facts; evolve trusts them and applies them, nothing else:
 * it never needs the generator (every random outcome is inside the event) and never runs the procedure
 * (the pending decision is itself a recorded fact, DecisionOpened / DecisionClosed), so a replay is exactly
 * what decide saw.
 *
 * The public functions never mutate their input. Internally the fold works in place: `evolveAll` and
 * `replay` copy the state once (the first time an event actually changes it), then apply every event to
 * that private copy. `evolve(s, e)` is `evolveAll(s, [e])`.
 */
import { RED_JOKER, freshDeck } from './cards.js';
import { CHEAT_SPENT } from './reflip.js';
import type { ActiveState, DuelResolution, FlipState, GameEvent, GameState } from './schema.js';
import { newSeat, removeCards, takeFromHand } from './fateDeck.js';
import { decisionId } from './decisions.js';
import { cloneActive, cloneData } from './clone.js';

export const initialState: GameState = { status: 'new' };

/** Applies one event. Never mutates its input; impossible events (e.g. after the end) leave the state as is. */
export function evolve(state: GameState, event: GameEvent): GameState {
  return evolveAll(state, [event]);
}

/**
 * Applies events in order: deep-equal to `events.reduce(evolve, state)`, but the state is copied once
 * instead of once per event. Never mutates its input (nor the events); returns `state` itself when no
 * event changes it.
 */
export function evolveAll(state: GameState, events: readonly GameEvent[]): GameState {
  const fold = new Fold(state);
  for (const e of events) fold.apply(e);
  return fold.state;
}

/**
 * A fold its caller owns, for code that reads the state between events (decide settling a command): the
 * state is copied the first time an event changes it, then later events are applied to that private copy
 * in place. `state` after any sequence of `apply` calls deep-equals evolveAll(initial, the same events),
 * and shares nothing mutable with the initial state or with the events applied (apply copies what it
 * keeps from an event) — but it IS the same object from one call to the next: a caller must not keep an
 * earlier `state` expecting it to stay as it was.
 */
export class Fold {
  /** `state` is a private copy (or a fresh state) that may be mutated in place. */
  private owned = false;

  constructor(public state: GameState) {}

  apply(event: GameEvent): GameState {
    const next = applyEvent(this.state, event, this.owned);
    if (next !== this.state) {
      this.state = next;
      this.owned = true;
    }
    return next;
  }
}

/** Folds evolve from initialState: undo is replaying fewer events. */
export function replay(events: readonly GameEvent[]): GameState {
  return evolveAll(initialState, events);
}

/**
 * One step of the fold. Returns `state` unchanged for an event without effect; otherwise mutates `state`
 * when `owned`, or a copy of it when not, and returns the result.
 */
function applyEvent(state: GameState, event: GameEvent, owned: boolean): GameState {
  if (event.type === 'GameStarted') {
    if (state.status !== 'new') return state;
    return {
      status: 'active',
      gameId: event.gameId,
      system: event.system,
      createdBy: event.createdBy,
      options: { ...event.options },
      seed: event.seed,
      seedCommitment: event.seedCommitment,
      seats: [newSeat(event.seats[0].userId, event.seats[0].name, freshDeck()), newSeat(event.seats[1].userId, event.seats[1].name, freshDeck())],
      eventCount: 1,
      nextResolution: 0,
      resolution: null,
      pending: null,
    };
  }
  if (state.status !== 'active') return state;
  const s = owned ? state : cloneActive(state);
  s.eventCount += 1;
  if (event.type === 'GameEnded') {
    const { status: _status, ending: _ending, ...rest } = s;
    return { ...rest, status: 'ended', pending: null, endedBy: event.by, endReason: event.reason, ...(event.conceded !== undefined ? { conceded: event.conceded } : {}) };
  }
  apply(s, event);
  return s;
}

function flipOf(s: ActiveState, slot: FlipState['slot']): FlipState | undefined {
  return s.resolution?.flips.find((f) => f.slot === slot);
}

function duelOf(s: ActiveState): DuelResolution | null {
  return s.resolution?.kind === 'duel' ? s.resolution : null;
}

function damageOf(s: ActiveState) {
  const res = s.resolution;
  if (res?.kind === 'duel') return res.damage;
  if (res?.kind === 'damage') return res.damage;
  return null;
}

/** Mutates the (private) state. Whatever it stores from the event is copied: events stay untouched. */
function apply(s: ActiveState, e: Exclude<GameEvent, { type: 'GameStarted' | 'GameEnded' }>): void {
  switch (e.type) {
    case 'EndRequested':
      s.ending = { by: e.by, seat: e.seat, concede: e.concede, at: e.at, until: e.until, reason: e.reason };
      return;
    case 'EndTakenBack':
      // Deleted, not set to undefined: the state must round-trip through JSON unchanged.
      delete s.ending;
      return;
    case 'SeenCardsKeptOut': {
      const z = s.seats[e.seat];
      removeCards(z.deck, e.discarded);
      z.discard.push(...e.discarded);
      for (const c of e.revealed) if (z.hand.includes(c) && !z.revealedInHand.includes(c)) z.revealedInHand.push(c);
      z.shuffles = Math.max(z.shuffles, e.shuffles);
      return;
    }
    case 'DeckShuffled': {
      const z = s.seats[e.seat];
      z.deck = [...e.order];
      z.discard = [];
      z.shuffles = e.index + 1;
      return;
    }
    case 'SoulstonesSet':
      s.seats[e.seat].soulstones = e.count;
      return;
    case 'CardsDrawn': {
      const z = s.seats[e.seat];
      removeCards(z.deck, e.cards);
      z.hand.push(...e.cards);
      return;
    }
    case 'CardsDiscarded': {
      const z = s.seats[e.seat];
      takeFromHand(z, e.cards);
      z.discard.push(...e.cards);
      return;
    }
    case 'CardsRevealed': {
      const z = s.seats[e.seat];
      for (const c of e.cards) if (!z.revealedInHand.includes(c)) z.revealedInHand.push(c);
      return;
    }
    case 'FlipStarted':
      s.resolution = {
        kind: 'flip',
        id: e.resolution,
        label: e.label,
        initiator: e.seat,
        flips: [],
        modifier: e.modifier,
        cheatable: e.cheatable,
        ...(e.profile ? { profile: [...e.profile] } : {}),
        ...(e.heal ? { heal: { ...e.heal } } : {}),
        result: null,
        ...(e.pair ? { pair: { ...e.pair, result: null } } : {}),
      };
      s.nextResolution = e.resolution + 1;
      return;
    case 'DuelStarted':
      s.resolution = {
        kind: 'duel',
        id: e.resolution,
        label: e.label,
        initiator: e.initiator,
        flips: [],
        opposed: e.opposed,
        tn: e.tn,
        tnSuits: [...e.tnSuits],
        friendly: e.friendly,
        inCover: e.inCover,
        inConcealment: e.inConcealment,
        sides: cloneData(e.sides),
        totals: null,
        result: null,
        damagePlan: cloneData(e.damagePlan),
        damage: null,
      };
      s.nextResolution = e.resolution + 1;
      return;
    case 'DamageFlipStarted':
      s.resolution = { kind: 'damage', id: e.resolution, label: e.label, initiator: e.initiator, flips: [], damage: cloneData(e.damage) };
      s.nextResolution = e.resolution + 1;
      return;
    case 'DuelYieldDecided': {
      const side = duelOf(s)?.sides.find((x) => x.role === 'defender');
      if (!side) return;
      side.yielded = e.yielded;
      if (e.yielded) {
        // AMB-19: the yielder skips Steps A–D and declares no trigger.
        side.soulstone = 'none';
        side.triggerDone = true;
      }
      return;
    }
    case 'SoulstoneUsed':
    case 'SoulstoneDeclined': {
      const used = e.type === 'SoulstoneUsed';
      if (used) s.seats[e.seat].soulstones = Math.max(0, s.seats[e.seat].soulstones - 1);
      if (e.purpose === 'draw') return; // its cards arrive as CardsDrawn
      if (e.purpose === 'duel') {
        const side = duelOf(s)?.sides.find((x) => x.role === e.role);
        if (side) side.soulstone = used ? (e.use ?? 'plus') : 'none';
        return;
      }
      const dmg = damageOf(s);
      if (!dmg) return;
      if (e.purpose === 'prevent') dmg.prevent = used ? 'spent' : 'declined';
      else dmg.reduce = used ? 'spent' : 'declined';
      return;
    }
    case 'CardsFlipped': {
      const z = s.seats[e.seat];
      removeCards(z.deck, e.cards);
      // Revealed cards wait in the conflict (face up) until the flip's card is chosen.
      z.conflict.push(...e.cards);
      const res = s.resolution;
      if (!res) return;
      let flip = res.flips.find((f) => f.slot === e.slot);
      if (!flip) {
        flip = { slot: e.slot, seat: e.seat, net: e.net, cheatable: e.cheatable, revealed: [], taken: null, forced: false, cheat: null, redJokerSuit: null };
        res.flips.push(flip);
      }
      flip.revealed.push(...e.cards);
      return;
    }
    case 'FlipCardChosen': {
      const z = s.seats[e.seat];
      removeCards(z.conflict, e.discarded);
      z.discard.push(...e.discarded);
      const flip = flipOf(s, e.slot);
      if (flip) {
        flip.taken = e.card;
        flip.forced = e.forced;
      }
      return;
    }
    case 'FateCheated': {
      const z = s.seats[e.seat];
      takeFromHand(z, [e.card]);
      const i = z.conflict.indexOf(e.replaced);
      if (i >= 0) z.conflict.splice(i, 1, e.card);
      else z.conflict.push(e.card);
      z.discard.push(e.replaced);
      const flip = flipOf(s, e.slot);
      if (flip) flip.cheat = { outcome: 'cheated', card: e.card };
      return;
    }
    case 'CheatDeclined': {
      const flip = flipOf(s, e.slot);
      if (flip) flip.cheat = { outcome: 'declined' };
      return;
    }
    case 'CheatSkipped': {
      const flip = flipOf(s, e.slot);
      if (flip) flip.cheat = { outcome: 'forbidden', rule: e.rule, code: e.code };
      return;
    }
    case 'FlipDiscardedForReflip': {
      const z = s.seats[e.seat];
      removeCards(z.conflict, e.cards);
      z.discard.push(...e.cards);
      const res = s.resolution;
      const flip = flipOf(s, e.slot);
      if (!res || !flip) return;
      // CHEAT-3c looked at this flip's flipped RJ: the side it barred had not decided, so its ban is looked at again
      // (this flip's own cheat is set just below).
      if (flip.taken === RED_JOKER) {
        for (const other of res.flips) if (other.cheat?.outcome === 'forbidden' && other.cheat.rule === 'CHEAT-3c') other.cheat = null;
      }
      // FLIP-7: the slot flips again from nothing; a cheat decision already made stays made (CHEAT-4).
      flip.revealed = [];
      flip.taken = null;
      flip.forced = false;
      flip.redJokerSuit = null;
      flip.cheat = e.cheatSpent ? { ...CHEAT_SPENT } : null;
      return;
    }
    case 'RedJokerSuitChosen': {
      const flip = flipOf(s, e.slot);
      if (flip) flip.redJokerSuit = e.suit;
      return;
    }
    case 'DuelTotalsAnnounced': {
      const res = duelOf(s);
      if (res) res.totals = cloneData(e.totals);
      return;
    }
    case 'TriggerCostPaid': {
      const z = s.seats[e.seat];
      takeFromHand(z, e.cards);
      z.discard.push(...e.cards);
      const side = duelOf(s)?.sides.find((x) => x.role === e.role);
      if (side) side.triggerCostPaid = [...e.cards];
      return;
    }
    case 'TriggerDeclared': {
      const side = duelOf(s)?.sides.find((x) => x.role === e.role);
      if (side) {
        side.triggerDone = true;
        side.trigger = e.trigger;
      }
      return;
    }
    case 'DuelResolved': {
      const res = duelOf(s);
      if (res) res.result = cloneData(e.result);
      return;
    }
    case 'DamageSequenceStarted': {
      const res = duelOf(s);
      if (res) res.damage = cloneData(e.damage);
      return;
    }
    case 'DamageResolved': {
      const dmg = damageOf(s);
      if (dmg) dmg.result = cloneData(e.result);
      return;
    }
    case 'FlipResolved': {
      const res = s.resolution;
      if (res?.kind !== 'flip') return;
      if (res.pair && e.result.seat !== res.initiator) res.pair.result = { ...e.result };
      else res.result = { ...e.result };
      return;
    }
    case 'DecisionOpened':
      s.pending = { ...cloneData(e.decision), id: decisionId(e.decision.kind, e.since), since: e.since };
      return;
    case 'DecisionClosed':
      s.pending = null;
      return;
    case 'ResolutionEnded':
    case 'ResolutionCancelled':
      for (const seat of [0, 1] as const) {
        const z = s.seats[seat];
        removeCards(z.conflict, e.discarded[seat]);
        z.discard.push(...e.discarded[seat]);
      }
      s.resolution = null;
      return;
    default: {
      const never: never = e;
      return never;
    }
  }
}
