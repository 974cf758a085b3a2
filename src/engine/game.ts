/**
 * The game aggregate: decide(state, command, actor) → events | RuleError, evolve(state, event) → state.
 *
 * decide validates the wish, emits the events it causes, then keeps applying the procedure's automatic
 * steps (flips, reshuffles, forced picks, results, conflict cleanup) until someone must decide or nothing
 * is left. All randomness is resolved here, from the seed in the state, and written into the events, so
 * evolve is a plain fold that never needs the generator (replay = undo = audit).
 */
import type { CardCode } from './cards.js';
import { BLACK_JOKER, RED_JOKER, freshDeck } from './cards.js';
import type { Result, RuleError } from './errors.js';
import { fail, ok } from './errors.js';
import type { ActiveState, Command, DuelResolution, FlipState, GameEvent, GameState, Seat } from './schema.js';
import { commandSchema } from './schema.js';
import { firstMissingFromHand, newSeat, removeCards, shuffleEvent, takeFromHand } from './fateDeck.js';
import { isValidSeed, seedCommitment } from './rng.js';
import { nextStep } from './resolution.js';
import type { PendingDecision } from './decisions.js';
import { decisionKey, openDecision, pendingDecision } from './decisions.js';
import { opposedDuelStarted, otherSeat, simpleDuelStarted, sideOf } from './duel.js';
import { newDamageState } from './damage.js';
import { legalTriggers, missingSuits } from './triggers.js';

export interface Actor {
  userId: string;
  seat: Seat | null;
  referee: boolean;
}

export const initialState: GameState = { status: 'new' };

type Decided = Result<GameEvent[], RuleError>;
type CommandOf<T extends Command['type']> = Extract<Command, { type: T }>;

const ANSWERS = {
  pickCard: 'pick',
  cheatFate: 'cheat',
  declineCheat: 'cheat',
  useSoulstone: 'soulstone',
  yieldDuel: 'yield',
  chooseRedJokerSuit: 'redJokerSuit',
  declareTrigger: 'trigger',
  discardDown: 'discardDown',
  preventDamage: 'prevent',
  reduceDamage: 'reduce',
} as const satisfies Partial<Record<Command['type'], PendingDecision['kind']>>;
type AnswerType = keyof typeof ANSWERS;
type AnswerCommand = CommandOf<AnswerType>;

function isAnswer(cmd: Command): cmd is AnswerCommand {
  return cmd.type in ANSWERS;
}

// ---------------------------------------------------------------------------------------------------
// decide

export function decide(state: GameState, command: Command, actor: Actor): Decided {
  const parsed = commandSchema.safeParse(command);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return fail('INVALID_COMMAND', undefined, { field: issue ? issue.path.join('.') : '', problem: issue ? issue.code : 'invalid' });
  }
  const cmd = parsed.data;
  switch (state.status) {
    case 'new':
      return cmd.type === 'startGame' ? startGame(cmd) : fail('GAME_NOT_STARTED');
    case 'ended':
      return fail('GAME_ENDED');
    case 'active':
      return decideActive(state, cmd, actor);
    default: {
      const never: never = state;
      return never;
    }
  }
}

function startGame(cmd: CommandOf<'startGame'>): Decided {
  const seed = cmd.seed.toLowerCase();
  if (!isValidSeed(seed)) return fail('INVALID_SEED');
  const started: GameEvent = {
    type: 'GameStarted',
    gameId: cmd.gameId,
    system: cmd.system,
    seats: [cmd.seats[0], cmd.seats[1]],
    createdBy: cmd.createdBy,
    options: { handLimit: cmd.options?.handLimit ?? 6, preventAndReduce: cmd.options?.preventAndReduce ?? false },
    seed,
    seedCommitment: seedCommitment(seed),
  };
  // SETUP-10 / LOC-4: both players shuffle all 54 cards and the opponent cuts.
  let s = evolve(initialState, started) as ActiveState;
  const out: GameEvent[] = [started];
  for (const seat of [0, 1] as const) {
    const e = shuffleEvent(s, seat, 'setup');
    out.push(e);
    s = evolve(s, e) as ActiveState;
  }
  return ok(out);
}

function decideActive(state: ActiveState, cmd: Command, actor: Actor): Decided {
  if (actor.seat !== null && state.seats[actor.seat].userId !== actor.userId) return fail('NOT_YOUR_SEAT', undefined, { seat: actor.seat });
  const primary = decideCommand(state, cmd, actor);
  if (!primary.ok) return primary;
  return settle(state, primary.value);
}

/** Applies the command's events, then the procedure's automatic steps until a decision or idle. */
function settle(state: ActiveState, primary: GameEvent[]): Decided {
  const out: GameEvent[] = [];
  let s: GameState = state;
  for (const e of primary) {
    out.push(e);
    s = evolve(s, e);
  }
  // A resolution takes a bounded number of steps; the guard only protects against a procedure bug.
  for (let guard = 0; guard < 10_000; guard++) {
    if (s.status !== 'active') return ok(out);
    const step = nextStep(s);
    switch (step.type) {
      case 'idle':
      case 'decision':
        return ok(out);
      case 'error':
        return { ok: false, error: step.error };
      case 'shuffle': {
        const e = shuffleEvent(s, step.seat, 'reshuffle');
        out.push(e);
        s = evolve(s, e);
        break;
      }
      case 'events':
        for (const e of step.events) {
          out.push(e);
          s = evolve(s, e);
        }
        break;
      default: {
        const never: never = step;
        return never;
      }
    }
  }
  return fail('INVALID_COMMAND', undefined, { field: '', problem: 'procedure did not settle' });
}

function decideCommand(state: ActiveState, cmd: Command, actor: Actor): Decided {
  if (isAnswer(cmd)) return decideAnswer(state, cmd, actor);
  switch (cmd.type) {
    case 'startGame':
      return fail('GAME_ALREADY_STARTED');
    case 'endGame':
      if (actor.seat === null && !actor.referee) return fail('REFEREE_ONLY');
      return ok([{ type: 'GameEnded', by: actor.userId, reason: cmd.reason ?? null }]);
    case 'cancelResolution': {
      if (!actor.referee) return fail('REFEREE_ONLY');
      const res = state.resolution;
      if (!res) return fail('NO_RESOLUTION');
      return ok([{ type: 'ResolutionCancelled', resolution: res.id, by: actor.userId, discarded: [[...state.seats[0].conflict], [...state.seats[1].conflict]] }]);
    }
    case 'setSoulstones': {
      // SS-2: a player sets their own pool (logged publicly); a referee may set either, at any time.
      if (!actor.referee) {
        if (actor.seat === null) return fail('NOT_A_PLAYER');
        if (actor.seat !== cmd.seat) return fail('NOT_YOUR_SEAT', undefined, { seat: cmd.seat });
        const busy = busyError(state);
        if (busy) return { ok: false, error: busy };
      }
      return ok([{ type: 'SoulstonesSet', seat: cmd.seat, count: cmd.count, by: actor.userId }]);
    }
    case 'draw':
    case 'discard':
    case 'reveal':
    case 'flip':
    case 'simpleDuel':
    case 'opposedDuel':
    case 'damageFlip': {
      if (actor.seat === null) return fail('NOT_A_PLAYER');
      const busy = busyError(state);
      if (busy) return { ok: false, error: busy };
      return decidePlayerAction(state, cmd, actor.seat);
    }
    default: {
      const never: never = cmd;
      return never;
    }
  }
}

/** While something is being resolved, only its pending decision (and referee commands) may be answered. */
function busyError(state: ActiveState): RuleError | null {
  const pending = pendingDecision(state);
  if (pending) return { code: 'WAITING_FOR_DECISION', params: { seat: pending.seat, kind: pending.kind } };
  if (state.resolution) return { code: 'WAITING_FOR_DECISION', params: { seat: state.resolution.initiator, kind: 'resolution' } };
  return null;
}

type PlayerAction = CommandOf<'draw' | 'discard' | 'reveal' | 'flip' | 'simpleDuel' | 'opposedDuel' | 'damageFlip'>;

function decidePlayerAction(state: ActiveState, cmd: PlayerAction, seat: Seat): Decided {
  const resolution = state.nextResolution;
  switch (cmd.type) {
    case 'draw':
      return drawCards(state, seat, cmd.count);
    case 'discard': {
      const missing = handCheck(state, seat, cmd.cards, 'LOC-7');
      if (missing) return { ok: false, error: missing };
      return ok([{ type: 'CardsDiscarded', seat, cards: cmd.cards, reason: 'player' }]);
    }
    case 'reveal': {
      const missing = handCheck(state, seat, cmd.cards, 'LOC-10');
      if (missing) return { ok: false, error: missing };
      return ok([{ type: 'CardsRevealed', seat, cards: cmd.cards }]);
    }
    case 'flip':
      return ok([{ type: 'FlipStarted', resolution, seat, modifier: cmd.modifier, cheatable: cmd.cheatable ?? true, label: cmd.label ?? null }]);
    case 'simpleDuel':
      return ok([simpleDuelStarted(cmd, seat, resolution)]);
    case 'opposedDuel':
      // The attacker starts the duel; the defender is (by default) the other seat.
      if (cmd.attacker !== seat) return fail('NOT_YOUR_SEAT', 'DUEL-3', { seat: cmd.attacker });
      return ok([opposedDuelStarted(cmd, resolution)]);
    case 'damageFlip': {
      const damage = newDamageState({
        dealer: seat,
        target: cmd.target ?? otherSeat(seat),
        profile: cmd.profile,
        blasts: cmd.blasts,
        plus: cmd.plus,
        irreducible: cmd.irreducible,
        cheatable: cmd.cheatable,
        fate: cmd.fate,
        armor: cmd.armor,
        shielded: cmd.shielded,
        health: cmd.targetHealth,
        targetSoulstoneUser: cmd.targetSoulstoneUser,
        friendly: cmd.friendly,
        precision: 0,
        cover: cmd.inCover,
      });
      return ok([{ type: 'DamageFlipStarted', resolution, initiator: seat, damage, label: cmd.label ?? null }]);
    }
    default: {
      const never: never = cmd;
      return never;
    }
  }
}

function handCheck(state: ActiveState, seat: Seat, cards: readonly CardCode[], rule: string): RuleError | null {
  const missing = firstMissingFromHand(state.seats[seat], cards);
  if (!missing) return null;
  // The card was named by the actor, who may see it: no hidden information here.
  return { code: missing.duplicate ? 'DUPLICATE_CARD' : 'CARD_NOT_IN_HAND', rule, params: { card: missing.card } };
}

/** LOC-11 draws, one card at a time, reshuffling at once whenever the deck empties (LOC-3). */
function drawCards(state: ActiveState, seat: Seat, count: number): Decided {
  const out: GameEvent[] = [];
  let s: ActiveState = state;
  let left = count;
  while (left > 0) {
    const zones = s.seats[seat];
    if (zones.deck.length === 0) {
      if (zones.discard.length === 0) return fail('DECK_EXHAUSTED', 'LOC-3', { seat });
      const e = shuffleEvent(s, seat, 'reshuffle');
      out.push(e);
      s = evolve(s, e) as ActiveState;
      continue;
    }
    const cards = zones.deck.slice(0, left);
    const e: GameEvent = { type: 'CardsDrawn', seat, cards };
    out.push(e);
    s = evolve(s, e) as ActiveState;
    left -= cards.length;
  }
  return ok(out);
}

// ---------------------------------------------------------------------------------------------------
// Answers to pending decisions

function decideAnswer(state: ActiveState, cmd: AnswerCommand, actor: Actor): Decided {
  if (actor.seat === null) return fail('NOT_A_PLAYER');
  const pending = pendingDecision(state);
  const wanted = ANSWERS[cmd.type];
  if (cmd.decisionId !== undefined && cmd.decisionId !== pending?.id) return fail('STALE_DECISION');
  if (!pending || pending.seat !== actor.seat || pending.kind !== wanted) {
    const why = explainRefusedAnswer(state, cmd, actor.seat);
    if (why) return { ok: false, error: why };
    if (!pending) return fail('NO_DECISION_PENDING');
    return fail('WAITING_FOR_DECISION', undefined, { seat: pending.seat, kind: pending.kind });
  }
  return answer(state, cmd, pending, actor.seat);
}

/** The seat's most recent flip in the current resolution. */
function lastFlipOf(state: ActiveState, seat: Seat): FlipState | undefined {
  const flips = state.resolution?.flips.filter((f) => f.seat === seat) ?? [];
  return flips[flips.length - 1];
}

/** A precise reason for an answer that does not match the open decision, when there is one. */
function explainRefusedAnswer(state: ActiveState, cmd: AnswerCommand, seat: Seat): RuleError | null {
  const pool = state.seats[seat].soulstones;
  switch (cmd.type) {
    case 'cheatFate':
    case 'declineCheat': {
      const flip = lastFlipOf(state, seat);
      if (!flip || flip.cheat === null) return null;
      if (flip.cheat.outcome === 'forbidden') return { code: flip.cheat.code as RuleError['code'], rule: flip.cheat.rule };
      return { code: 'CHEAT_ALREADY_DECIDED', rule: 'CHEAT-4' };
    }
    case 'useSoulstone': {
      const res = state.resolution;
      const mine = res?.kind === 'duel' ? res.sides.filter((x) => x.seat === seat) : [];
      if (cmd.use !== 'none' && mine.length > 0 && mine.every((x) => !x.soulstoneUser)) return { code: 'NOT_A_SOULSTONE_USER', rule: 'SS-1' };
      if (cmd.use !== 'none' && pool < 1) return { code: 'SOULSTONES_EMPTY', rule: 'SS-2' };
      return null;
    }
    case 'preventDamage':
    case 'reduceDamage': {
      if (!cmd.spend) return null;
      const res = state.resolution;
      const dmg = res?.kind === 'duel' ? res.damage : res?.kind === 'damage' ? res.damage : null;
      if (dmg && dmg.target === seat) {
        if (!dmg.targetSoulstoneUser) return { code: 'NOT_A_SOULSTONE_USER', rule: 'SS-1' };
        if (cmd.type === 'reduceDamage' && dmg.prevent === 'spent' && !state.options.preventAndReduce) {
          return { code: 'SOULSTONE_ONE_PER_EFFECT', rule: 'SS-4' };
        }
      }
      if (pool < 1) return { code: 'SOULSTONES_EMPTY', rule: 'SS-2' };
      return null;
    }
    case 'pickCard':
    case 'yieldDuel':
    case 'chooseRedJokerSuit':
    case 'declareTrigger':
    case 'discardDown':
      return null;
    default: {
      const never: never = cmd;
      return never;
    }
  }
}

function currentFlip(state: ActiveState, slot: FlipState['slot']): FlipState | undefined {
  return state.resolution?.flips.find((f) => f.slot === slot);
}

function answer(state: ActiveState, cmd: AnswerCommand, pending: PendingDecision, seat: Seat): Decided {
  switch (cmd.type) {
    case 'pickCard': {
      if (pending.kind !== 'pick') return fail('NO_DECISION_PENDING');
      const flip = currentFlip(state, pending.slot);
      if (!flip || !pending.legal.includes(cmd.card)) {
        // FLIP-5 when a joker changed what may be taken, FLIP-4 otherwise.
        const jokers = flip?.revealed.some((c) => c === BLACK_JOKER || c === RED_JOKER) ?? false;
        return fail('ILLEGAL_PICK', jokers ? 'FLIP-5' : 'FLIP-4', { card: cmd.card });
      }
      return ok([{ type: 'FlipCardChosen', seat, slot: pending.slot, card: cmd.card, forced: false, discarded: flip.revealed.filter((c) => c !== cmd.card) }]);
    }
    case 'cheatFate': {
      if (pending.kind !== 'cheat') return fail('NO_DECISION_PENDING');
      const flip = currentFlip(state, pending.slot);
      if (!flip || flip.taken === null) return fail('NO_DECISION_PENDING');
      if (!state.seats[seat].hand.includes(cmd.card)) return fail('CARD_NOT_IN_HAND', 'CHEAT-5', { card: cmd.card });
      return ok([{ type: 'FateCheated', seat, slot: pending.slot, card: cmd.card, replaced: flip.taken }]);
    }
    case 'declineCheat':
      if (pending.kind !== 'cheat') return fail('NO_DECISION_PENDING');
      return ok([{ type: 'CheatDeclined', seat, slot: pending.slot }]);
    case 'useSoulstone': {
      if (pending.kind !== 'soulstone') return fail('NO_DECISION_PENDING');
      if (cmd.use === 'none') return ok([{ type: 'SoulstoneDeclined', seat, purpose: 'duel', role: pending.role, reason: 'choice' }]);
      if (state.seats[seat].soulstones < 1) return fail('SOULSTONES_EMPTY', 'SS-2');
      return ok([{ type: 'SoulstoneUsed', seat, purpose: 'duel', role: pending.role, use: cmd.use }]);
    }
    case 'yieldDuel':
      return ok([{ type: 'DuelYieldDecided', seat, yielded: cmd.yield }]);
    case 'chooseRedJokerSuit':
      if (pending.kind !== 'redJokerSuit') return fail('NO_DECISION_PENDING');
      return ok([{ type: 'RedJokerSuitChosen', seat, slot: pending.slot, suit: cmd.suit }]);
    case 'declareTrigger': {
      if (pending.kind !== 'trigger') return fail('NO_DECISION_PENDING');
      if (cmd.trigger === null) return ok([{ type: 'TriggerDeclared', seat, role: pending.role, trigger: null, reason: 'choice' }]);
      const res = state.resolution as DuelResolution;
      const side = sideOf(res, pending.role);
      const spec = side?.triggers.find((t) => t.name === cmd.trigger);
      if (!side || !spec) return fail('UNKNOWN_TRIGGER', 'TRIG-1', { trigger: cmd.trigger });
      const total = res.totals?.find((t) => t.role === pending.role);
      if (!legalTriggers(side, total).includes(spec)) {
        return fail('TRIGGER_SUITS_MISSING', 'TRIG-1', { trigger: spec.name, suits: missingSuits(total?.suits ?? [], spec.suits).join('') });
      }
      return ok([{ type: 'TriggerDeclared', seat, role: pending.role, trigger: spec.name, reason: 'choice' }]);
    }
    case 'discardDown': {
      if (pending.kind !== 'discardDown') return fail('NO_DECISION_PENDING');
      if (cmd.cards.length !== pending.count) return fail('DISCARD_COUNT', 'LOC-5', { expected: pending.count, given: cmd.cards.length });
      const missing = handCheck(state, seat, cmd.cards, 'LOC-5');
      if (missing) return { ok: false, error: missing };
      return ok([{ type: 'CardsDiscarded', seat, cards: cmd.cards, reason: 'handLimit' }]);
    }
    case 'preventDamage':
    case 'reduceDamage': {
      const purpose = cmd.type === 'preventDamage' ? 'prevent' : 'reduce';
      if (!cmd.spend) return ok([{ type: 'SoulstoneDeclined', seat, purpose, role: null, reason: 'choice' }]);
      if (state.seats[seat].soulstones < 1) return fail('SOULSTONES_EMPTY', 'SS-2');
      return ok([{ type: 'SoulstoneUsed', seat, purpose, role: null, use: null }]);
    }
    default: {
      const never: never = cmd;
      return never;
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// evolve

/** Applies one event. Never mutates its input; impossible events (e.g. after the end) leave the state as is. */
export function evolve(state: GameState, event: GameEvent): GameState {
  if (event.type === 'GameStarted') {
    if (state.status !== 'new') return state;
    return stampDecision({
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
      decision: null,
    });
  }
  if (state.status !== 'active') return state;
  const s = structuredClone(state);
  s.eventCount += 1;
  if (event.type === 'GameEnded') {
    const { status: _status, ...rest } = s;
    return { ...rest, status: 'ended', decision: null, endedBy: event.by, endReason: event.reason };
  }
  apply(s, event);
  return stampDecision(s);
}

/** Remembers when the open decision appeared (its `since`), so ids change every time one opens. */
function stampDecision(s: ActiveState): ActiveState {
  const d = openDecision(s);
  if (!d) {
    s.decision = null;
    return s;
  }
  const key = decisionKey(s, d);
  if (s.decision?.key !== key) s.decision = { key, since: s.eventCount };
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

/** Mutates the (already cloned) state. */
function apply(s: ActiveState, e: Exclude<GameEvent, { type: 'GameStarted' | 'GameEnded' }>): void {
  switch (e.type) {
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
      s.resolution = { kind: 'flip', id: e.resolution, label: e.label, initiator: e.seat, flips: [], modifier: e.modifier, cheatable: e.cheatable, result: null };
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
        sides: structuredClone(e.sides),
        totals: null,
        result: null,
        damagePlan: structuredClone(e.damagePlan),
        damage: null,
      };
      s.nextResolution = e.resolution + 1;
      return;
    case 'DamageFlipStarted':
      s.resolution = { kind: 'damage', id: e.resolution, label: e.label, initiator: e.initiator, flips: [], damage: structuredClone(e.damage) };
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
      if (e.purpose === 'duel') {
        const side = duelOf(s)?.sides.find((x) => x.role === e.role);
        if (side) side.soulstone = e.type === 'SoulstoneUsed' ? (e.use ?? 'plus') : 'none';
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
    case 'RedJokerSuitChosen': {
      const flip = flipOf(s, e.slot);
      if (flip) flip.redJokerSuit = e.suit;
      return;
    }
    case 'DuelTotalsAnnounced': {
      const res = duelOf(s);
      if (res) res.totals = structuredClone(e.totals);
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
      if (res) res.result = structuredClone(e.result);
      return;
    }
    case 'DamageSequenceStarted': {
      const res = duelOf(s);
      if (res) res.damage = structuredClone(e.damage);
      return;
    }
    case 'DamageResolved': {
      const dmg = damageOf(s);
      if (dmg) dmg.result = structuredClone(e.result);
      return;
    }
    case 'FlipResolved': {
      if (s.resolution?.kind === 'flip') s.resolution.result = { ...e.result };
      return;
    }
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

export function replay(events: readonly GameEvent[]): GameState {
  return events.reduce<GameState>(evolve, initialState);
}
