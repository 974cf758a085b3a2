/**
 * The game aggregate: decide(state, command, actor) → events | RuleError, evolve(state, event) → state.
 *
 * decide validates the wish, emits the events it causes, then keeps applying the procedure's automatic
 * steps (flips, reshuffles, forced picks, results, conflict cleanup) until someone must decide or nothing
 * is left, and records where it stopped (DecisionOpened / DecisionClosed). All randomness is resolved
 * here, from the seed in the state, and written into the events, and so is every decision: evolve is a
 * plain fold that never needs the generator nor the procedure (replay = undo = audit).
 */
import type { Result, RuleError } from './errors.js';
import { fail, ok } from './errors.js';
import type { ActiveState, Command, GameEvent, GameState, Seat } from './schema.js';
import { LOG_FORMAT, commandSchema } from './schema.js';
import { shuffleEvent } from './fateDeck.js';
import { isValidSeed, seedCommitment } from './rng.js';
import { nextStep } from './resolution.js';
import { DECISION_RULE, DecisionRecorder, pendingDecision } from './decisions.js';
import { opposedDuelStarted, otherSeat, simpleDuelStarted } from './duel.js';
import { newDamageState } from './damage.js';
import type { Actor } from './actor.js';
import { decideAnswer, handCheck, isAnswer } from './answers.js';
import { decideReflip } from './reflip.js';
import { Fold, evolve, evolveAll, initialState } from './evolve.js';

export type { Actor } from './actor.js';
export { evolve, evolveAll, initialState, replay } from './evolve.js';

type Decided = Result<GameEvent[], RuleError>;
/** What a command does: its events, and the state they lead to (deep-equal to evolveAll(state, events)). */
export interface Decision {
  events: GameEvent[];
  state: GameState;
}
type DecidedWithState = Result<Decision, RuleError>;
type CommandOf<T extends Command['type']> = Extract<Command, { type: T }>;

// ---------------------------------------------------------------------------------------------------
// decide

export function decide(state: GameState, command: Command, actor: Actor): Decided {
  const decided = decideAndEvolve(state, command, actor);
  return decided.ok ? ok(decided.value.events) : decided;
}

/**
 * decide, also handing back the state its events lead to — computed anyway while settling the command, so
 * a caller that needs it (the app, to store the snapshot) does not fold the same events a second time.
 * `state` is a fresh value sharing nothing mutable with the given state or the events' own data (or the
 * given state itself when no event changes it, as evolveAll).
 */
export function decideAndEvolve(state: GameState, command: Command, actor: Actor): DecidedWithState {
  const parsed = commandSchema.safeParse(command);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return fail('INVALID_COMMAND', undefined, { field: issue ? issue.path.join('.') : '', problem: issue ? issue.code : 'invalid' });
  }
  const cmd = parsed.data;
  switch (state.status) {
    case 'new': {
      if (cmd.type !== 'startGame') return fail('GAME_NOT_STARTED');
      const started = startGame(cmd);
      return started.ok ? ok({ events: started.value, state: evolveAll(state, started.value) }) : started;
    }
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
    log: LOG_FORMAT,
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

function decideActive(state: ActiveState, cmd: Command, actor: Actor): DecidedWithState {
  if (actor.seat !== null && state.seats[actor.seat].userId !== actor.userId) return fail('NOT_YOUR_SEAT', undefined, { seat: actor.seat });
  // While an end waits for its take-back window the game is paused: it is either taken back or final.
  // `until` in Unix seconds (what a Discord timestamp shows).
  if (state.ending && cmd.type !== 'takeBackEnd' && cmd.type !== 'finalizeEnd') return fail('GAME_ENDING', undefined, { until: Math.floor(state.ending.until / 1000) });
  const primary = decideCommand(state, cmd, actor);
  if (!primary.ok) return primary;
  return settle(state, primary.value);
}

/**
 * Applies the command's events, then the procedure's automatic steps until a decision or idle, and records
 * the decision it stopped at (DecisionRecorder: a new decision opens with a new id; one that merely stayed
 * open keeps its id). The state is folded in one private copy (Fold): every step reads the state as it
 * is now, and what a step emits is either fresh or copied by evolve when applied, so applying in place
 * changes no event already emitted.
 */
function settle(state: ActiveState, primary: GameEvent[]): DecidedWithState {
  const out: GameEvent[] = [];
  const fold = new Fold(state);
  const recorder = new DecisionRecorder(state.pending);
  const apply = (e: GameEvent) => {
    out.push(e);
    recorder.seen(fold.apply(e));
  };
  for (const e of primary) apply(e);
  // A resolution takes a bounded number of steps; the guard only protects against a procedure bug.
  for (let guard = 0; guard < 10_000; guard++) {
    const s = fold.state;
    if (s.status !== 'active') return ok({ events: out, state: s });
    const step = nextStep(s);
    switch (step.type) {
      case 'idle':
      case 'decision': {
        const record = recorder.record(s, step.type === 'decision' ? step.decision : null);
        if (record) {
          out.push(record);
          fold.apply(record);
        }
        return ok({ events: out, state: fold.state });
      }
      case 'error':
        return { ok: false, error: step.error };
      case 'shuffle':
        apply(shuffleEvent(s, step.seat, 'reshuffle'));
        break;
      case 'events':
        for (const e of step.events) apply(e);
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
      return decideEnd(cmd, actor);
    case 'takeBackEnd': {
      const ending = state.ending;
      if (!ending) return fail('NO_END_PENDING');
      if (actor.seat === null && !actor.referee) return fail('NOT_A_PLAYER');
      if (cmd.now >= ending.until) return fail('END_WINDOW_CLOSED', undefined, { until: Math.floor(ending.until / 1000) });
      return ok([{ type: 'EndTakenBack', by: actor.userId }]);
    }
    case 'finalizeEnd': {
      // Anyone may make a due end final (the platform does it lazily, whoever comes next).
      const ending = state.ending;
      if (!ending) return fail('NO_END_PENDING');
      if (cmd.now < ending.until) return fail('END_NOT_DUE', undefined, { until: Math.floor(ending.until / 1000) });
      return ok([{ type: 'GameEnded', by: ending.by, reason: ending.reason, ...(ending.concede && ending.seat !== null ? { conceded: ending.seat } : {}) }]);
    }
    case 'reflip':
      // FLIP-7: allowed while a decision is pending (that is when a flip is on the table); see reflip.ts.
      return decideReflip(state, cmd, actor);
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
    case 'soulstoneDraw':
    case 'discard':
    case 'reveal':
    case 'flip':
    case 'simpleDuel':
    case 'opposedDuel':
    case 'damageFlip':
    case 'fallingDamage': {
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

/**
 * /game end: a player concedes (their seat loses) or abandons (no result); a referee closes (no result).
 * With a window (`until > at`) the end only waits, to be taken back or made final; else it is final now.
 */
function decideEnd(cmd: CommandOf<'endGame'>, actor: Actor): Decided {
  if (actor.seat === null && !actor.referee) return fail('REFEREE_ONLY');
  const concede = cmd.concede === true;
  // Only a player concedes, for their own seat: a referee closes a game without a result.
  if (concede && actor.seat === null) return fail('NOT_A_PLAYER');
  const reason = cmd.reason ?? null;
  if (cmd.at !== undefined && cmd.until !== undefined && cmd.until > cmd.at) {
    return ok([{ type: 'EndRequested', by: actor.userId, seat: actor.seat, concede, at: cmd.at, until: cmd.until, reason }]);
  }
  return ok([{ type: 'GameEnded', by: actor.userId, reason, ...(concede && actor.seat !== null ? { conceded: actor.seat } : {}) }]);
}

/** While something is being resolved, only its pending decision (and referee commands) may be answered. */
function busyError(state: ActiveState): RuleError | null {
  const pending = pendingDecision(state);
  if (pending) return { code: 'WAITING_FOR_DECISION', rule: DECISION_RULE[pending.kind], params: { seat: pending.seat, kind: pending.kind } };
  if (state.resolution) return { code: 'WAITING_FOR_DECISION', rule: DECISION_RULE.resolution, params: { seat: state.resolution.initiator, kind: 'resolution' } };
  return null;
}

type PlayerAction = CommandOf<'draw' | 'soulstoneDraw' | 'discard' | 'reveal' | 'flip' | 'simpleDuel' | 'opposedDuel' | 'damageFlip' | 'fallingDamage'>;

function decidePlayerAction(state: ActiveState, cmd: PlayerAction, seat: Seat): Decided {
  const resolution = state.nextResolution;
  switch (cmd.type) {
    case 'draw': {
      if (cmd.count !== undefined) return drawCards(state, seat, cmd.count);
      // START-2: draw up to the hand maximum.
      const room = state.options.handLimit - state.seats[seat].hand.length;
      if (room <= 0) return fail('HAND_FULL', 'LOC-5', { limit: state.options.handLimit });
      return drawCards(state, seat, room);
    }
    case 'soulstoneDraw': {
      // SS-3 "Draw": the player spends, even with no soulstone user left; the discard-down follows (LOC-5).
      if (state.seats[seat].soulstones < 1) return fail('SOULSTONES_EMPTY', 'SS-3');
      const spent: GameEvent = { type: 'SoulstoneUsed', seat, purpose: 'draw', role: null, use: null };
      const drawn = drawCards(evolve(state, spent) as ActiveState, seat, 2);
      return drawn.ok ? ok([spent, ...drawn.value]) : drawn;
    }
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
      // DMG-12: a heal is an amount, so it needs the variable profile that gives one (FLIP-8).
      if (cmd.heal && !cmd.profile) return fail('INVALID_COMMAND', undefined, { field: 'heal', problem: 'needs a profile' });
      if (cmd.heal && cmd.heal.health > cmd.heal.maxHealth) return fail('INVALID_COMMAND', undefined, { field: 'heal', problem: 'health above its maximum' });
      // A flip both make at once reads two cards, never an amount.
      if (cmd.pair && cmd.profile) return fail('INVALID_COMMAND', undefined, { field: 'pair', problem: 'with a profile' });
      return ok([
        {
          type: 'FlipStarted',
          resolution,
          seat,
          modifier: cmd.modifier,
          cheatable: cmd.cheatable ?? true,
          label: cmd.label ?? null,
          ...(cmd.profile ? { profile: [...cmd.profile] } : {}),
          ...(cmd.heal ? { heal: { ...cmd.heal } } : {}),
          ...(cmd.pair ? { pair: { ...cmd.pair } } : {}),
        },
      ]);
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
    case 'fallingDamage': {
      // DMG-15: fixed damage (no flip), reduced like any other; the player who moved the model makes the call.
      const damage = newDamageState({
        dealer: seat,
        target: cmd.target ?? otherSeat(seat),
        profile: Math.floor(cmd.fallInches / 2),
        armor: cmd.armor,
        shielded: cmd.shielded,
        health: cmd.targetHealth,
        targetSoulstoneUser: cmd.targetSoulstoneUser,
        precision: 0,
      });
      return ok([{ type: 'DamageFlipStarted', resolution, initiator: seat, damage, label: cmd.label ?? null }]);
    }
    default: {
      const never: never = cmd;
      return never;
    }
  }
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

