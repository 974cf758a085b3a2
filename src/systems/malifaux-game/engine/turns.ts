/**
 * The turn sequence of a whole game (m3e-core §12: START, ACTV, END; ACT-2; SETUP-2), as a small pure
 * state machine the game's `decide` consults: whose decision it is, and whether a step is legal now.
 *
 * It never flips, draws or cheats: the table engine does (`../../malifaux-table/engine/`) and hands the
 * values in. It never looks at models either: the caller says whether a model is the seat's, in play,
 * already activated, and how many models each side has left to activate.
 *
 * Order of one turn: start.discard → start.draw → initiative.flip (again on a tie) → initiative.choice →
 * start.effects → start.passTokens → activations → end.effects → end.scoring → end.endOfGame (turn 5
 * only, then over) → end.shuffle → the next turn's start.discard.
 */
import { z } from 'zod';
import type { Result, RuleError } from '../../contract.js';
import { seatSchema } from '../../malifaux-table/engine/schema.js';
import type { Seat } from '../../malifaux-table/engine/schema.js';
import { pairCheatOrder } from '../../malifaux-table/engine/cheat.js';

// ---------------------------------------------------------------------------------------------------
// Shapes (stored in the game state)

export const LAST_TURN = 5;
/** The action limit's ceiling (ACT-2, AMB-23: Fast never lifts a limit above 3). */
export const MAX_ACTION_LIMIT = 3;
/** ACTV-4 step 4, AMB-20: models a player may activate in a row by chaining, the first included. */
export const CHAIN_LIMIT = 2;

export const TURN_PHASES = ['start', 'initiative', 'activations', 'end', 'over'] as const;
export type TurnPhase = (typeof TURN_PHASES)[number];

/** The steps of each phase, in order. The Start Phase is split by the initiative flip (START-3). */
export const STEPS_BY_PHASE = {
  start: ['discard', 'draw', 'effects', 'passTokens'],
  initiative: ['flip', 'choice'],
  activations: ['activate'],
  end: ['effects', 'scoring', 'endOfGame', 'shuffle'],
  over: ['over'],
} as const satisfies Record<TurnPhase, readonly string[]>;
export type TurnStep = (typeof STEPS_BY_PHASE)[TurnPhase][number];
const ALL_STEPS = [...new Set(Object.values(STEPS_BY_PHASE).flat())] as [TurnStep, ...TurnStep[]];

const natural = z.number().int().min(0);

/** The model now activating (ACTV-4) and what it has used of its limit (ACT-2). */
export const activationSchema = z.object({
  modelId: z.string().min(1).max(100),
  /** Actions that count toward the limit, failed ones included. */
  actions: natural.max(99),
  /** Whether the one bonus action of this activation was taken (ACT-2, AMB-40). */
  bonus: z.boolean(),
  /** Generated actions taken: they never count (ACT-2); kept for the record. */
  generated: natural.max(99),
  /** The limit as last reported: Fast, Slow and Stunned change it mid-activation (ACT-3). */
  limit: natural.max(MAX_ACTION_LIMIT).nullable(),
});
export type Activation = z.infer<typeof activationSchema>;

export const turnStateSchema = z
  .object({
    turn: z.number().int().min(1).max(LAST_TURN),
    phase: z.enum(TURN_PHASES),
    step: z.enum(ALL_STEPS),
    /** Seats still to finish a Start Phase step that both players take, in the order they decide. */
    pending: z.array(seatSchema).max(2),
    /** Initiative holder; before turn 1's flip, the attacker (SETUP-2). */
    initiative: seatSchema,
    /** Who chooses the initiative holder (START-3 step 4), while the step is `choice`. */
    chooser: seatSchema.nullable(),
    /** Tied initiative rounds so far this turn (START-3 step 4). */
    initiativeTies: natural,
    /** The active player (ACTV); null outside the Activation Phase. */
    active: seatSchema.nullable(),
    passTokens: z.tuple([natural, natural]),
    activating: activationSchema.nullable(),
    /** Models the active player has activated in a row by chaining, the first included (ACTV-4, AMB-20); 0 when none activates. */
    chain: natural,
    /** The effect behind every chained activation so far, or null once two different effects chained (or none yet). */
    chainEffect: z.string().max(100).nullable(),
  })
  .superRefine((s, ctx) => {
    if (!(STEPS_BY_PHASE[s.phase] as readonly string[]).includes(s.step)) ctx.addIssue({ code: 'custom', path: ['step'], message: 'notInPhase' });
    if ((s.phase === 'activations') !== (s.active !== null)) ctx.addIssue({ code: 'custom', path: ['active'], message: 'activeOutsideActivations' });
    if (s.activating !== null && s.phase !== 'activations') ctx.addIssue({ code: 'custom', path: ['activating'], message: 'outsideActivations' });
    if ((s.step === 'choice') !== (s.chooser !== null)) ctx.addIssue({ code: 'custom', path: ['chooser'], message: 'chooserOutsideChoice' });
  });
export type TurnState = z.infer<typeof turnStateSchema>;

export const TURN_ERROR_CODES = [
  'WRONG_STEP',
  'NOT_YOUR_DECISION',
  'ALREADY_DONE',
  'INVALID_INPUT',
  'NOT_YOUR_TURN',
  'NOT_YOUR_MODEL',
  'ALREADY_ACTIVATED',
  'NOT_IN_PLAY',
  'ANOTHER_MODEL_ACTIVATING',
  'NO_MODEL_ACTIVATING',
  'NO_PASS_TOKEN',
  'ACTION_LIMIT_REACHED',
  'BONUS_ALREADY_TAKEN',
  'BURIED_NO_ACTIONS',
  'CHAIN_LIMIT',
  'GAME_OVER',
] as const;
export type TurnErrorCode = (typeof TURN_ERROR_CODES)[number];
export type TurnError = RuleError & { code: TurnErrorCode; rule: string };

/** Per seat, indexed by seat: models, counts. */
export type PerSeat<T> = readonly [T, T];

/** What a decision is about, for the edge to ask the right player the right question. */
export type DecisionKind =
  | 'start-discard'
  | 'start-draw'
  | 'initiative-flip'
  | 'initiative-choice'
  | 'start-effects'
  | 'start-pass-tokens'
  | 'activate-or-pass'
  | 'action'
  | 'end-phase-effects'
  | 'end-phase-scoring'
  | 'end-of-game'
  | 'end-phase-shuffle';
export interface Decision {
  seat: Seat;
  kind: DecisionKind;
}

// ---------------------------------------------------------------------------------------------------
// Helpers

type TurnResult<T = TurnState> = Result<T, TurnError>;

function refuse<T>(code: TurnErrorCode, rule: string, params: Record<string, string | number> = {}): TurnResult<T> {
  return { ok: false, error: { code, rule, params } };
}

function ok<T>(value: T): TurnResult<T> {
  return { ok: true, value };
}

export function opponent(seat: Seat): Seat {
  return seat === 0 ? 1 : 0;
}

/** Both seats, the initiative holder first: the order of START-2, START-4 and TIME-2 ties. */
function holderFirst(holder: Seat): Seat[] {
  return [holder, opponent(holder)];
}

function at(state: TurnState, phase: TurnPhase, step: TurnStep): boolean {
  return state.phase === phase && state.step === step;
}

function wrongStep<T>(state: TurnState, rule: string): TurnResult<T> {
  if (state.phase === 'over') return refuse('GAME_OVER', 'END-4');
  return refuse('WRONG_STEP', rule, { phase: state.phase, step: state.step });
}

const isCount = (n: number): boolean => Number.isInteger(n) && n >= 0;

const idle = { active: null, activating: null, chain: 0, chainEffect: null } as const;

// ---------------------------------------------------------------------------------------------------
// Start Phase

/**
 * The state as turn 1 begins (SETUP-10 step 3): the attacker holds initiative until the turn 1 flip
 * (SETUP-2). Hands are empty in turn 1, so there is nothing to discard: it begins at the draw (START-2).
 */
export function beginGame(attacker: Seat): TurnState {
  return {
    turn: 1,
    phase: 'start',
    step: 'draw',
    pending: holderFirst(attacker),
    initiative: attacker,
    chooser: null,
    initiativeTies: 0,
    passTokens: [0, 0],
    ...idle,
  };
}

/**
 * A player is done with a Start Phase step both take: discarding (START-1), drawing and the soulstone
 * draw (START-2), Start Phase effects (START-4). The draw and the effects go initiative holder first;
 * the discard is simultaneous, so either may finish it first.
 */
export function startStepDone(state: TurnState, seat: Seat): TurnResult {
  const rule = state.step === 'discard' ? 'START-1' : state.step === 'draw' ? 'START-2' : 'START-4';
  if (state.phase !== 'start' || !['discard', 'draw', 'effects'].includes(state.step)) return wrongStep(state, rule);
  if (!state.pending.includes(seat)) return refuse('ALREADY_DONE', rule, { seat });
  if (state.step !== 'discard' && state.pending[0] !== seat) return refuse('NOT_YOUR_DECISION', rule, { seat });
  const pending = state.pending.filter((s) => s !== seat);
  if (pending.length > 0) return ok({ ...state, pending });
  if (state.step === 'discard') return ok({ ...state, step: 'draw', pending: holderFirst(state.initiative) });
  if (state.step === 'draw') return ok({ ...state, phase: 'initiative', step: 'flip', pending: [], initiativeTies: 0 });
  return ok({ ...state, step: 'passTokens', pending: [] });
}

/**
 * START-3 step 2 (AMB-10): who decides first whether to cheat the initiative flip — the lower card as
 * flipped (pass tokens do not count here); on equal cards, the current initiative holder.
 */
export function initiativeCheatOrder(state: TurnState, flipped: PerSeat<number>): [Seat, Seat] {
  // The table's flip of both players orders its cheats so (play.ts flips with the holder first on a tie).
  return pairCheatOrder(flipped, state.initiative);
}

export type InitiativeOutcome = { kind: 'winner'; seat: Seat; totals: [number, number] } | { kind: 'tie'; totals: [number, number] };

/**
 * START-3 steps 3–4: the final card values (after any cheat; BJ 0, RJ 14) plus each seat's pass tokens.
 * The higher total chooses who has initiative; equal totals flip again, the tokens still counting.
 */
export function initiativeFlips(state: TurnState, flips: { values: PerSeat<number> }): TurnResult<{ state: TurnState; outcome: InitiativeOutcome }> {
  if (!at(state, 'initiative', 'flip')) return wrongStep(state, 'START-3');
  if (!flips.values.every((v) => isCount(v) && v <= 14)) return refuse('INVALID_INPUT', 'START-3', { field: 'values' });
  const totals: [number, number] = [flips.values[0] + state.passTokens[0], flips.values[1] + state.passTokens[1]];
  if (totals[0] === totals[1]) {
    return ok({ state: { ...state, initiativeTies: state.initiativeTies + 1 }, outcome: { kind: 'tie', totals } });
  }
  const seat: Seat = totals[0] > totals[1] ? 0 : 1;
  return ok({ state: { ...state, step: 'choice', chooser: seat }, outcome: { kind: 'winner', seat, totals } });
}

/** START-3 steps 4–5: the winner names the initiative holder (itself or the other), then every pass token is discarded. */
export function chooseInitiative(state: TurnState, chooser: Seat, holder: Seat): TurnResult {
  if (!at(state, 'initiative', 'choice')) return wrongStep(state, 'START-3');
  if (state.chooser !== chooser) return refuse('NOT_YOUR_DECISION', 'START-3', { seat: chooser });
  return ok({ ...state, phase: 'start', step: 'effects', chooser: null, initiative: holder, passTokens: [0, 0], pending: holderFirst(holder) });
}

/**
 * START-5 (AMB-43): each crew's models in play, buried ones included; the crew with fewer gains the
 * difference in pass tokens. Then the Activation Phase: every model in play may activate (buried ones
 * too, ACTV-6), so these counts are also what is left to activate; the initiative holder goes first (ACTV-1).
 */
export function passTokensAfterStart(state: TurnState, modelsInPlay: PerSeat<number>): TurnResult<{ state: TurnState; gained: [number, number] }> {
  if (!at(state, 'start', 'passTokens')) return wrongStep(state, 'START-5');
  if (!modelsInPlay.every(isCount)) return refuse('INVALID_INPUT', 'START-5', { field: 'modelsInPlay' });
  const difference = Math.abs(modelsInPlay[0] - modelsInPlay[1]);
  const gained: [number, number] = [modelsInPlay[0] < modelsInPlay[1] ? difference : 0, modelsInPlay[1] < modelsInPlay[0] ? difference : 0];
  const passTokens: [number, number] = [state.passTokens[0] + gained[0], state.passTokens[1] + gained[1]];
  const activations: TurnState = { ...state, phase: 'activations', step: 'activate', pending: [], passTokens, ...idle, active: state.initiative };
  return ok({ state: giveTurnTo(activations, state.initiative, modelsInPlay), gained });
}

/** A crew gains pass tokens outside START-5: the opposing crew's summon (SUM-2, TV-19). */
export function gainPassTokens(state: TurnState, seat: Seat, count: number): TurnResult {
  if (state.phase === 'over') return refuse('GAME_OVER', 'SUM-2');
  if (!isCount(count)) return refuse('INVALID_INPUT', 'SUM-2', { field: 'count' });
  const passTokens: [number, number] = [...state.passTokens];
  passTokens[seat] += count;
  return ok({ ...state, passTokens });
}

// ---------------------------------------------------------------------------------------------------
// Activation Phase

/**
 * Who plays next when `to` should (ACTV-1, ACTV-5): `to` if it has a model left to activate; else the
 * other, when it has one (ACTV-3: with none to select, play goes straight back through (D)); with none
 * left on either side, the End Phase.
 */
function giveTurnTo(state: TurnState, to: Seat, remaining: PerSeat<number>): TurnState {
  const base = { ...state, ...idle };
  if (remaining[to] > 0) return { ...base, active: to };
  if (remaining[opponent(to)] > 0) return { ...base, active: opponent(to) };
  return { ...base, phase: 'end', step: 'effects' };
}

/**
 * ACTV-5 (D), the hand-over: the opponent of the player who just played becomes active if any model
 * is left on either side. Exported for a caller whose counts changed with no activation ending.
 */
export function handOver(state: TurnState, remaining: PerSeat<number>): TurnResult {
  if (state.phase !== 'activations' || state.active === null) return wrongStep(state, 'ACTV-5');
  if (state.activating !== null) return refuse('ANOTHER_MODEL_ACTIVATING', 'ACTV-5', { model: state.activating.modelId });
  if (!remaining.every(isCount)) return refuse('INVALID_INPUT', 'ACTV-5', { field: 'remaining' });
  return ok(giveTurnTo(state, opponent(state.active), remaining));
}

function checkActiveIdle(state: TurnState, seat: Seat, rule: string): TurnResult<Seat> {
  if (state.phase !== 'activations' || state.active === null) return wrongStep(state, rule);
  if (state.active !== seat) return refuse('NOT_YOUR_TURN', rule, { seat });
  if (state.activating !== null) return refuse('ANOTHER_MODEL_ACTIVATING', rule, { model: state.activating.modelId });
  return ok(seat);
}

/**
 * ACTV-2 (A): the active player discards a pass token and goes to (D). If the opponent has nothing left
 * to activate, play comes straight back and the token is simply lost: allowed, with a warning (AMB-37).
 */
export function pass(state: TurnState, seat: Seat, opponentHasActivationsLeft: boolean): TurnResult<{ state: TurnState; warning: 'AMB-37' | null }> {
  const check = checkActiveIdle(state, seat, 'ACTV-2');
  if (!check.ok) return check;
  if (state.passTokens[seat] < 1) return refuse('NO_PASS_TOKEN', 'ACTV-2', { seat });
  const passTokens: [number, number] = [...state.passTokens];
  passTokens[seat] -= 1;
  const next: TurnState = { ...state, passTokens, active: opponentHasActivationsLeft ? opponent(seat) : seat };
  return ok({ state: next, warning: opponentHasActivationsLeft ? null : 'AMB-37' });
}

/** What the caller knows of a model the seat wants to activate. */
export interface ModelStanding {
  ownedBy: Seat;
  activated: boolean;
  inPlay: boolean;
}

function checkModel(seat: Seat, modelId: string, model: ModelStanding, rule: string): TurnResult<null> {
  if (modelId.length === 0 || modelId.length > 100) return refuse('INVALID_INPUT', rule, { field: 'modelId' });
  if (model.ownedBy !== seat) return refuse('NOT_YOUR_MODEL', rule, { model: modelId });
  if (!model.inPlay) return refuse('NOT_IN_PLAY', rule, { model: modelId });
  // AMB-21: one activation per model per turn.
  if (model.activated) return refuse('ALREADY_ACTIVATED', 'AMB-21', { model: modelId });
  return ok(null);
}

function activationOf(modelId: string): Activation {
  return { modelId, actions: 0, bonus: false, generated: 0, limit: null };
}

/** ACTV-3 (B): the active player selects one of their models that has not activated this turn. */
export function selectModel(state: TurnState, seat: Seat, modelId: string, model: ModelStanding): TurnResult {
  const check = checkActiveIdle(state, seat, 'ACTV-3');
  if (!check.ok) return check;
  const valid = checkModel(seat, modelId, model, 'ACTV-3');
  if (!valid.ok) return valid;
  return ok({ ...state, activating: activationOf(modelId), chain: 1, chainEffect: null });
}

/** One action, declared by the activating model (ACT-2, ACT-3, ACTV-6). */
export interface ActionTaken {
  /** The model's action limit now (2, or 3 for Masters and the Leader; Fast, Slow, Stunned change it). */
  limit: number;
  bonus?: boolean;
  /** Generated by another action or a trigger: never counts, and a trigger's bonus action is not capped. */
  generated?: boolean;
  /** Stunned: a bonus action takes one of the limit too (TV-17), the one-bonus cap still holding (AMB-40). */
  bonusCountsTowardLimit?: boolean;
  /** Buried models activate but take no actions (ACTV-6). */
  buried?: boolean;
}

/** ACT-2: counts a declared action toward the activating model's limit, or refuses it. */
export function takeAction(state: TurnState, seat: Seat, action: ActionTaken): TurnResult {
  if (state.phase !== 'activations' || state.active === null) return wrongStep(state, 'ACT-2');
  if (state.active !== seat) return refuse('NOT_YOUR_TURN', 'ACT-2', { seat });
  const current = state.activating;
  if (current === null) return refuse('NO_MODEL_ACTIVATING', 'ACTV-4');
  if (!Number.isInteger(action.limit) || action.limit < 0 || action.limit > MAX_ACTION_LIMIT) return refuse('INVALID_INPUT', 'ACT-2', { field: 'limit' });
  if (action.buried === true) return refuse('BURIED_NO_ACTIONS', 'ACTV-6', { model: current.modelId });
  const limit = action.limit;
  if (action.generated === true) return ok({ ...state, activating: { ...current, limit, generated: current.generated + 1 } });
  if (action.bonus === true) {
    if (current.bonus) return refuse('BONUS_ALREADY_TAKEN', action.bonusCountsTowardLimit === true ? 'AMB-40' : 'ACT-2', { model: current.modelId });
    if (action.bonusCountsTowardLimit !== true) return ok({ ...state, activating: { ...current, limit, bonus: true } });
  }
  if (current.actions >= limit) return refuse('ACTION_LIMIT_REACHED', 'ACT-2', { model: current.modelId, limit });
  return ok({ ...state, activating: { ...current, limit, actions: current.actions + 1, bonus: current.bonus || action.bonus === true } });
}

/**
 * ACTV-4 step 3 then ACTV-5 (D): the activating model is done (the caller marks it activated) and play
 * hands over. `remaining`: each seat's models still to activate, this one no longer among them.
 */
export function endActivation(state: TurnState, seat: Seat, remaining: PerSeat<number>): TurnResult {
  if (state.phase !== 'activations' || state.active === null) return wrongStep(state, 'ACTV-4');
  if (state.active !== seat) return refuse('NOT_YOUR_TURN', 'ACTV-4', { seat });
  if (state.activating === null) return refuse('NO_MODEL_ACTIVATING', 'ACTV-4');
  if (!remaining.every(isCount)) return refuse('INVALID_INPUT', 'ACTV-5', { field: 'remaining' });
  return ok(giveTurnTo(state, opponent(seat), remaining));
}

/**
 * ACTV-4 step 4: an effect (named by `effect`) activates another model of the same player right after
 * the current one. At most two in a row, the first counting (AMB-20), unless one effect activated all of
 * the chained models.
 */
export function chainActivation(state: TurnState, seat: Seat, modelId: string, model: ModelStanding, effect: string): TurnResult {
  if (state.phase !== 'activations' || state.active === null) return wrongStep(state, 'ACTV-4');
  if (state.active !== seat) return refuse('NOT_YOUR_TURN', 'ACTV-4', { seat });
  if (state.activating === null) return refuse('NO_MODEL_ACTIVATING', 'ACTV-4');
  const valid = checkModel(seat, modelId, model, 'ACTV-4');
  if (!valid.ok) return valid;
  const sameEffect = state.chain === 1 || state.chainEffect === effect;
  if (state.chain >= CHAIN_LIMIT && !sameEffect) return refuse('CHAIN_LIMIT', 'AMB-20', { model: modelId, chain: state.chain });
  return ok({ ...state, activating: activationOf(modelId), chain: state.chain + 1, chainEffect: sameEffect ? effect : null });
}

// ---------------------------------------------------------------------------------------------------
// End Phase

/**
 * END-1..5: effects (A) → scoring (B) → end of game (C, turn 5 only) → shuffle (D); after (D) the next
 * turn's Start Phase begins with the discard (START-1); after (C) the game is over, with no shuffle.
 */
export function endPhaseStep(state: TurnState): TurnResult {
  if (state.phase !== 'end') return wrongStep(state, 'END-1');
  switch (state.step) {
    case 'effects':
      return ok({ ...state, step: 'scoring' });
    case 'scoring':
      return ok({ ...state, step: state.turn === LAST_TURN ? 'endOfGame' : 'shuffle' });
    case 'endOfGame':
      return ok({ ...state, phase: 'over', step: 'over' });
    default:
      return ok({
        ...state,
        turn: state.turn + 1,
        phase: 'start',
        step: 'discard',
        pending: holderFirst(state.initiative),
        initiativeTies: 0,
      });
  }
}

/** END-2, AMB-34: no VP at all in turn 1, reveals during activations included. */
export function mayScore(state: TurnState): boolean {
  return state.turn > 1 && state.phase !== 'over';
}

// ---------------------------------------------------------------------------------------------------
// Whose decision

/**
 * Who the game waits for, and about what; null only once the game is over. Steps with no choice in them
 * (the pass-token count, the End Phase shuffle) are the initiative holder's to confirm.
 */
export function whoseDecision(state: TurnState): Decision | null {
  const first = (kind: DecisionKind): Decision => ({ seat: state.pending[0] ?? state.initiative, kind });
  const holder = (kind: DecisionKind): Decision => ({ seat: state.initiative, kind });
  switch (state.phase) {
    case 'start':
      if (state.step === 'discard') return first('start-discard');
      if (state.step === 'draw') return first('start-draw');
      if (state.step === 'effects') return first('start-effects');
      return holder('start-pass-tokens');
    case 'initiative':
      return state.step === 'choice' && state.chooser !== null ? { seat: state.chooser, kind: 'initiative-choice' } : holder('initiative-flip');
    case 'activations':
      return { seat: state.active ?? state.initiative, kind: state.activating === null ? 'activate-or-pass' : 'action' };
    case 'end':
      // TIME-2: nobody is active in the End Phase, so the initiative holder orders (END-1, END-2).
      if (state.step === 'effects') return holder('end-phase-effects');
      if (state.step === 'scoring') return holder('end-phase-scoring');
      if (state.step === 'endOfGame') return holder('end-of-game');
      return holder('end-phase-shuffle');
    default:
      return null;
  }
}
