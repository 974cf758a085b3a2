/**
 * The game from the secret schemes to the end of turn 5: the commands of the schemes, the turns and the
 * models in play, and the automatic steps between the decisions (START-2's draws, START-5's pass tokens,
 * END-1's conditions, END-4 and END-5). turns.ts says whose move it is, models.ts what happens to a
 * model, schemes.ts what a choice may be; the table engine draws, flips and runs the duels. Each function
 * answers the events a command causes; the state is only ever the fold of those events.
 */
import * as table from '../../malifaux-table/engine/index.js';
import type { ActiveState as TableActive, GameEvent as TableEvent } from '../../malifaux-table/engine/index.js';
import { shuffleEvent } from '../../malifaux-table/engine/fateDeck.js';
import { isSoulstoneUser, type HiredCrew, type ModelProfile } from '../crews/index.js';
import { modelLabel, resolveModel } from './resolve.js';
import * as models from './models.js';
import type { ModelInPlay } from './models.js';
import * as turns from './turns.js';
import type { TurnState } from './turns.js';
import { checkSchemeChoice, commitChoice, pickModelOf, SCHEME_ERROR_CODES, SCHEME_PICKS, type PickModel, type SchemePick } from './schemes.js';
import { schemeForNumber } from './encounterPacks.js';
import { other, type Seat } from './setup.js';
import { SCORING_ERROR_CODES } from '../scoring/index.js';
import { beginScoring, decideScoring, proceed, reveal, scoringWaits, SCORING_COMMANDS, SCORING_FLOW_ERROR_CODES, type Steps } from './scoringStep.js';
import type { GameCommand, GameEvent, GameLayer, WholeEvent, WholeState } from './schema.js';

export const PLAY_ERROR_CODES = [
  'UNKNOWN_MODEL',
  'MODEL_AMBIGUOUS',
  'NOT_YOUR_MODEL',
  'DUEL_UNDER_WAY',
  'TABLE_BUSY',
  'INITIATIVE_ALREADY_FLIPPED',
  'SCHEMES_ALREADY_CHOSEN',
  'EARLY_END_PROPOSED',
  'NO_EARLY_END',
  'OWN_EARLY_END',
  'CHOSEN_DAMAGE_DEALER',
  'SELF_TARGET',
  'ADVERSARY_WITHOUT_X',
  ...turns.TURN_ERROR_CODES,
  ...models.MODEL_ERROR_CODES,
  ...SCHEME_ERROR_CODES,
  ...SCORING_FLOW_ERROR_CODES,
  // The scoring rules' refusals (an objective not met, a claim the records contradict, the ledger's caps).
  ...SCORING_ERROR_CODES,
] as const;

interface Refusal {
  code: string;
  rule?: string;
  params?: Record<string, string | number>;
}
type Events = { ok: true; value: WholeEvent[] } | { ok: false; error: Refusal };
const refuse = (code: string, rule?: string, params?: Record<string, string | number>): { ok: false; error: Refusal } => ({
  ok: false,
  error: { code, ...(rule ? { rule } : {}), ...(params ? { params } : {}) },
});

/** Events gathered while the state follows them: each step sees what the previous ones did. */
class Flow {
  readonly events: WholeEvent[] = [];
  constructor(
    public state: WholeState,
    private readonly fold: (state: WholeState, events: readonly WholeEvent[]) => WholeState,
  ) {}
  push(...events: WholeEvent[]): void {
    this.events.push(...events);
    this.state = this.fold(this.state, events);
  }
  get game(): GameLayer {
    return this.state.game!;
  }
  get turn(): TurnState {
    return this.state.game!.turn!;
  }
}

let foldEvents: (state: WholeState, events: readonly WholeEvent[]) => WholeState;
/** game.ts hands its fold over (it imports this module: no import back). */
export function useFold(fold: (state: WholeState, events: readonly WholeEvent[]) => WholeState): void {
  foldEvents = fold;
}

// ---------------------------------------------------------------------------------------------------
// The reveal and the first turn

/** SETUP-7: the crews' models are now in play, and their profiles known for duels. */
export function modelsRevealed(crews: readonly [HiredCrew, HiredCrew]): GameEvent[] {
  const placed = [...models.modelsFromCrew(0, crews[0]), ...models.modelsFromCrew(1, crews[1])];
  return [
    { type: 'ProfilesKnown', profiles: crews.flatMap((c) => c.models.map((m) => m.profile)) },
    { type: 'ModelsChanged', models: placed, change: 'placed', by: null, amount: null },
  ];
}

/** SETUP-10 step 3: turn 1 begins, the Attacker holding the initiative (SETUP-2). */
export function beginTurns(state: WholeState, done: WholeEvent[]): WholeEvent[] {
  const flow = new Flow(state, foldEvents);
  enter(flow, turns.beginGame(state.game!.encounter!.attacker), 'turnBegan', null, null);
  return [...done, ...flow.events];
}

// ---------------------------------------------------------------------------------------------------
// Automatic steps

const SEATS = [0, 1] as const;

function remaining(game: GameLayer): [number, number] {
  return [models.activatableModels(game.models, 0).length, models.activatableModels(game.models, 1).length];
}

function inPlayCounts(game: GameLayer): [number, number] {
  const count = (seat: Seat) => game.models.filter((m) => m.seat === seat && models.isInPlay(m)).length;
  return [count(0), count(1)];
}

/** Draws a seat's table command as that seat, keeping its events; a refusal (a full hand) changes nothing. */
function asSeat(flow: Flow, seat: Seat, command: table.Command): boolean {
  const tableState = flow.state.table as TableActive;
  const decided = table.decideAndEvolve(tableState, command, { userId: tableState.seats[seat].userId, seat, referee: false });
  if (!decided.ok) return false;
  flow.push(...decided.value.events);
  return true;
}

/**
 * Records the turn's new state, then runs the steps that need nobody's decision, until one does: the
 * game always knows whose decision it is.
 */
function enter(flow: Flow, turn: TurnState, step: string, seat: Seat | null, model: string | null, extra: Partial<Extract<GameEvent, { type: 'TurnChanged' }>> = {}): void {
  const before = flow.state.game!.turn;
  flow.push({ type: 'TurnChanged', turn, step, seat, model, ...extra });
  if (turn.phase === 'start' && turn.step === 'draw' && !(before?.phase === 'start' && before.step === 'draw')) {
    // START-2: each player draws up to the hand maximum, the initiative holder first.
    for (const s of [turn.initiative, other(turn.initiative)]) asSeat(flow, s, { type: 'draw' });
    return;
  }
  if (turn.phase === 'start' && turn.step === 'passTokens') {
    const next = turns.passTokensAfterStart(turn, inPlayCounts(flow.game));
    if (next.ok) enter(flow, next.value.state, 'passTokens', null, null, { gained: next.value.gained });
    return;
  }
  if (turn.phase === 'end' && turn.step === 'effects') {
    const after = models.endPhaseEffects(flow.game.models, turn.initiative);
    const changed = after.models.filter((m, i) => m !== flow.game.models[i]);
    if (changed.length) flow.push({ type: 'ModelsChanged', models: changed, change: 'endPhase', by: null, amount: null });
    advanceEnd(flow, 'endPhaseEffects');
    return;
  }
  if (turn.phase === 'end' && turn.step === 'scoring') {
    // END-2 (U2): no VP in turn 1, so no scoring step to run.
    if (!turns.mayScore(turn) || beginScoring(flow, ['strategy', 'schemes'])) advanceEnd(flow, 'scoring');
    return;
  }
  if (turn.phase === 'end' && turn.step === 'endOfGame') {
    // END-4 step 1 (§13-A23): buried models are killed, with no killer, before the End objectives score.
    const after = models.killBuriedAtGameEnd(flow.game.models);
    if (after.killed.length) flow.push({ type: 'ModelsChanged', models: after.models.filter((m) => after.killed.includes(m.id)), change: 'gameEnd', by: null, amount: null });
    if (beginScoring(flow, ['end'])) endGame(flow);
    return;
  }
  if (turn.phase === 'end' && turn.step === 'shuffle') {
    // END-5: each discard pile shuffled back into its deck; hands are kept.
    const active = flow.state.table as TableActive;
    flow.push(shuffleEvent(active, 0, 'reshuffle'));
    flow.push(shuffleEvent(flow.state.table as TableActive, 1, 'reshuffle'));
    const fresh = models.startTurn(flow.game.models);
    const changed = fresh.filter((m, i) => m !== flow.game.models[i]);
    if (changed.length) flow.push({ type: 'ModelsChanged', models: changed, change: 'newTurn', by: null, amount: null });
    advanceEnd(flow, 'endPhaseShuffle');
    return;
  }
  if (turn.phase === 'over') {
    flow.push({ type: 'StageBegan', stage: 'over' });
    // END-6 is the scoring's: the table's game ends here, its seed now shown for verification.
    flow.push({ type: 'GameEnded', by: 'turn 5', reason: null });
  }
}

/**
 * An agreed early end (issue 16 §4): a player proposes ending the game now, the other accepts or declines
 * (the proposer declining takes it back). Accepted, the game ends as turn 5's end does, with the VP as
 * they stand: every scheme still secret is shown and checked, then the game is over.
 */
function decideEarlyEnd(flow: Flow, cmd: Extract<PlayCommand, { type: 'proposeEarlyEnd' | 'answerEarlyEnd' }>, seat: Seat, busy: boolean): Events {
  const proposal = flow.game.earlyEnd;
  if (cmd.type === 'proposeEarlyEnd') {
    if (proposal) return refuse('EARLY_END_PROPOSED');
    // A claim or a duel is settled first: the VP "as they stand" must not hang on an answer to come.
    if (flow.game.scoring.claims.length) return refuse('CLAIM_PENDING', 'END-2');
    if (busy || flow.game.duel) return refuse('TABLE_BUSY');
    flow.push({ type: 'EarlyEndProposed', seat });
    return { ok: true, value: flow.events };
  }
  if (!proposal) return refuse('NO_EARLY_END');
  if (cmd.accept && proposal.seat === seat) return refuse('OWN_EARLY_END');
  flow.push({ type: 'EarlyEndAnswered', seat, accepted: cmd.accept });
  if (cmd.accept) {
    for (const s of SEATS) for (const slot of [0, 1] as const) reveal(flow, s, slot, 'gameEnd');
    flow.push({ type: 'StageBegan', stage: 'over' });
    flow.push({ type: 'GameEnded', by: 'agreed', reason: null });
  }
  return { ok: true, value: flow.events };
}

function advanceEnd(flow: Flow, step: string): void {
  const next = turns.endPhaseStep(flow.turn);
  if (next.ok) enter(flow, next.value, step, null, null);
}

/** END-4 step 2 done: every scheme still secret is shown and checked (§12), then the game is over. */
function endGame(flow: Flow): void {
  for (const seat of SEATS) for (const slot of [0, 1] as const) reveal(flow, seat, slot, 'gameEnd');
  advanceEnd(flow, 'endOfGame');
}

/** After a scoring command: the step runs on, and once it is over the End Phase moves on. */
function afterScoring(flow: Flow): void {
  if (!proceed(flow)) return;
  const turn = flow.game.turn;
  if (turn?.phase !== 'end') return;
  if (turn.step === 'scoring') advanceEnd(flow, 'scoring');
  else if (turn.step === 'endOfGame') endGame(flow);
}

/** A referee's ruling on a claim or correction of a score (with a seat or without). */
export function decideReferee(state: WholeState, cmd: Extract<GameCommand, { type: 'ruleClaim' | 'correctScore' }>, actor: table.Actor): Events {
  const game = state.game!;
  const afterTheEnd = game.stage === 'over' && cmd.type === 'correctScore';
  if ((game.stage !== 'turns' && !afterTheEnd) || !game.turn) return refuse('WRONG_STAGE', undefined, { stage: game.stage });
  const flow = new Flow(state, foldEvents);
  const decided = decideScoring(flow, cmd, actor.seat, actor);
  if (!decided.ok) return decided;
  afterScoring(flow);
  return { ok: true, value: flow.events };
}

// ---------------------------------------------------------------------------------------------------
// Commands

type PlayCommand = Exclude<GameCommand, { type: 'startWholeGame' | 'declareCrew' | 'deployed' }>;

function pickModels(game: GameLayer): PickModel[] {
  return game.models
    .filter((m) => models.isInPlay(m))
    .map((m) => pickModelOf(m, game.profiles[m.key]?.insignificant ?? false, game.options.noCostValue));
}

export { modelLabel, resolveModel };

const modelOf = resolveModel;

export function decidePlay(state: WholeState, cmd: PlayCommand, seat: Seat, actor: table.Actor): Events {
  const game = state.game!;
  const flow = new Flow(state, foldEvents);
  if (cmd.type === 'chooseSchemesByNumber') {
    if (game.stage !== 'schemes') return refuse('WRONG_STAGE', 'SETUP-8', { stage: game.stage });
    const pack = game.encounter!.encounter.pack;
    const choice: SchemePick[] = [];
    for (const [i, n] of cmd.numbers.entries()) {
      const scheme = schemeForNumber(pack, n);
      if (!scheme) return refuse('SCHEME_NOT_IN_POOL', 'SETUP-8', { scheme: n });
      const rule = SCHEME_PICKS[scheme.id];
      const friendly: string[] = [];
      const enemy: string[] = [];
      for (const ref of cmd.picks[i]!) {
        const m = resolveModel(game, ref);
        if (!m.ok) return m;
        (m.value.seat === seat ? friendly : enemy).push(m.value.id);
      }
      choice.push({ scheme: scheme.id, friendly, enemy, markerType: rule.markerType ? (cmd.markerType ?? null) : null, terrain: rule.terrain ? (cmd.terrain ?? null) : null });
    }
    return decidePlay(state, { type: 'chooseSchemes', choice: [choice[0]!, choice[1]!] }, seat, actor);
  }
  if (cmd.type === 'chooseSchemes') {
    if (game.stage !== 'schemes') return refuse('WRONG_STAGE', 'SETUP-8', { stage: game.stage });
    if (game.schemes[seat]) return refuse('SCHEMES_ALREADY_CHOSEN', 'SETUP-8');
    // Picks may name models as players do (A2, "Page 2"): each is read as the model's id first.
    const resolved: typeof cmd.choice = [{ ...cmd.choice[0] }, { ...cmd.choice[1] }];
    for (const pick of resolved) {
      for (const side of ['friendly', 'enemy'] as const) {
        const ids: string[] = [];
        for (const ref of pick[side]) {
          const m = resolveModel(game, ref);
          if (!m.ok) return m;
          ids.push(m.value.id);
        }
        pick[side] = ids;
      }
    }
    const checked = checkSchemeChoice(game.encounter!.encounter.schemes, resolved, seat, pickModels(game));
    if (!checked.ok) return checked;
    const seed = state.table.status === 'new' ? '' : state.table.seed;
    const commitments = commitChoice(checked.value, seed, seat, state.table.status === 'new' ? undefined : state.table.gameId);
    if (!commitments.ok) return commitments;
    flow.push({ type: 'SchemesChosen', seat, commitments: commitments.value, choice: checked.value });
    if (flow.game.schemes.every((s) => s !== null)) flow.push({ type: 'StageBegan', stage: 'deployment' });
    return { ok: true, value: flow.events };
  }
  if (game.stage !== 'turns' || !game.turn) return refuse('WRONG_STAGE', undefined, { stage: game.stage });
  const turn = game.turn;
  const busy = state.table.status === 'active' && state.table.resolution !== null;
  if (cmd.type === 'proposeEarlyEnd' || cmd.type === 'answerEarlyEnd') return decideEarlyEnd(flow, cmd, seat, busy);
  // A proposal to end the game waits for its answer before the game goes on.
  if (game.earlyEnd) return refuse('EARLY_END_PROPOSED');
  // An open claim is settled before the game goes on (U8: each VP fully resolved before the next move).
  if (game.scoring.claims.length && !SCORING_COMMANDS.has(cmd.type)) return refuse('CLAIM_PENDING', 'END-2');
  if (SCORING_COMMANDS.has(cmd.type)) {
    // A game saved in its scoring step before the scoring ran it: closing it moves on, as it did then.
    if (cmd.type === 'scoringDone' && !game.scoring.step && turn.phase === 'end' && turn.step === 'scoring') {
      if (seat !== turn.initiative) return refuse('NOT_YOUR_DECISION', 'END-2');
      advanceEnd(flow, 'scoring');
      return { ok: true, value: flow.events };
    }
    if (busy) return refuse('TABLE_BUSY');
    const decided = decideScoring(flow, cmd as Parameters<typeof decideScoring>[1], seat, actor);
    if (!decided.ok) return decided;
    afterScoring(flow);
    return { ok: true, value: flow.events };
  }
  switch (cmd.type) {
    case 'startStepDone': {
      const next = turns.startStepDone(turn, seat);
      if (!next.ok) return next;
      enter(flow, next.value, `start.${turn.step}`, seat, null);
      break;
    }
    case 'flipInitiative': {
      if (turn.phase !== 'initiative' || turn.step !== 'flip') return refuse('WRONG_STEP', 'START-3', { phase: turn.phase, step: turn.step });
      if (game.initiativeValues[seat] !== null) return refuse('INITIATIVE_ALREADY_FLIPPED', 'START-3');
      if (busy) return refuse('TABLE_BUSY');
      // START-3: both players flip at once, and the lower card decides first whether to cheat — the
      // table's flip of both players, its cheats in that order; on equal cards, the initiative holder.
      const flipped = table.decideAndEvolve(state.table, { type: 'flip', modifier: 0, label: 'Initiative', pair: { firstOnTie: turn.initiative } }, actor);
      if (!flipped.ok) return flipped;
      flow.push(...flipped.value.events);
      flow.push(...afterTableEvents(flow.state, flipped.value.events));
      break;
    }
    case 'chooseInitiative': {
      const next = turns.chooseInitiative(turn, seat, cmd.holder);
      if (!next.ok) return next;
      enter(flow, next.value, 'initiativeChosen', seat, null);
      break;
    }
    case 'activate': {
      const m = modelOf(game, cmd.model);
      if (!m.ok) return m;
      const next = turns.selectModel(turn, seat, m.value.id, { ownedBy: m.value.controller, activated: m.value.activated, inPlay: models.isInPlay(m.value) });
      if (!next.ok) return next;
      enter(flow, next.value, 'activated', seat, m.value.id);
      break;
    }
    case 'takeAction': {
      const activating = turn.activating && game.models.find((x) => x.id === turn.activating!.modelId);
      const limit = activating ? models.actionLimit(activating) : 0;
      const next = turns.takeAction(turn, seat, {
        limit,
        ...(cmd.bonus !== undefined ? { bonus: cmd.bonus } : {}),
        ...(cmd.generated !== undefined ? { generated: cmd.generated } : {}),
        bonusCountsTowardLimit: activating ? models.bonusActionCounts(activating) : false,
        buried: activating?.status === 'buried',
      });
      if (!next.ok) return next;
      enter(flow, next.value, 'action', seat, turn.activating?.modelId ?? null);
      break;
    }
    case 'endActivation': {
      if (busy) return refuse('TABLE_BUSY');
      const id = turn.activating?.modelId;
      const activating = id ? game.models.find((x) => x.id === id) : undefined;
      if (activating && models.isInPlay(activating)) flow.push({ type: 'ModelsChanged', models: [models.endActivation(activating)], change: 'activationEnded', by: null, amount: null });
      else if (activating) flow.push({ type: 'ModelsChanged', models: [{ ...activating, activated: true }], change: 'activationEnded', by: null, amount: null });
      const next = turns.endActivation(turn, seat, remaining(flow.game));
      if (!next.ok) return next;
      enter(flow, next.value, 'activationEnded', seat, id ?? null);
      break;
    }
    case 'pass': {
      const left = remaining(game);
      const next = turns.pass(turn, seat, left[other(seat)] > 0);
      if (!next.ok) return next;
      enter(flow, next.value.state, 'passed', seat, null, next.value.warning ? { warning: next.value.warning } : {});
      break;
    }
    case 'modelDuel':
      return modelDuel(flow, cmd, seat, actor);
    case 'claimScore':
    case 'confirmClaim':
    case 'disputeClaim':
    case 'withdrawClaim':
    case 'declineScoring':
    case 'scoringDone':
    case 'ruleClaim':
    case 'correctScore':
      // Decided above, before the turn's own commands.
      return refuse('INVALID_COMMAND', undefined, { field: 'type', problem: cmd.type });
    case 'damageModel':
    case 'healModel':
    case 'changeCondition':
    case 'changeTokens':
    case 'summonModel':
    case 'replaceModel':
    case 'buryModel':
    case 'unburyModel':
      return changeModels(flow, cmd, seat);
    default: {
      const never: never = cmd;
      return never;
    }
  }
  return { ok: true, value: flow.events };
}

/** The stats a model duels with: its profile's, Injured lowering Df and Wp (COND-7). */
function resistOf(game: GameLayer, m: ModelInPlay, resist: 'df' | 'wp'): number {
  const profile = game.profiles[m.key];
  return Math.max(0, (profile?.[resist] ?? 0) - models.conditionValue(m, 'injured'));
}

function modelDuel(flow: Flow, cmd: Extract<GameCommand, { type: 'modelDuel' }>, seat: Seat, actor: table.Actor): Events {
  const game = flow.game;
  if (game.turn!.phase !== 'activations') return refuse('WRONG_STEP', 'ACT-4', { phase: game.turn!.phase, step: game.turn!.step });
  if (game.duel) return refuse('DUEL_UNDER_WAY');
  const attacker = modelOf(game, cmd.attacker);
  if (!attacker.ok) return attacker;
  const target = modelOf(game, cmd.target);
  if (!target.ok) return target;
  if (attacker.value.controller !== seat) return refuse('NOT_YOUR_MODEL', 'ACT-4', { model: attacker.value.id });
  for (const m of [attacker.value, target.value]) if (m.status !== 'in-play') return refuse('NOT_IN_PLAY', 'ACT-5', { model: m.id });
  // ACT-5: a model cannot target itself with an attack.
  if (attacker.value.id === target.value.id) return refuse('SELF_TARGET', 'ACT-5', { model: attacker.value.id });
  const a = attacker.value;
  const t = target.value;
  const stunned = (m: ModelInPlay) => models.conditionValue(m, 'stunned') > 0;
  const duel: table.Command = {
    type: 'opposedDuel',
    attacker: a.controller,
    defender: t.controller,
    attackerStat: cmd.stat,
    defenderStat: resistOf(game, t, cmd.resist),
    ...(cmd.statSuits ? { attackerStatSuits: cmd.statSuits } : {}),
    ...(cmd.modifier !== undefined ? { attackerModifier: cmd.modifier } : {}),
    ...(cmd.fate !== undefined ? { attackerFate: cmd.fate } : {}),
    ...(cmd.targetFate !== undefined ? { defenderFate: cmd.targetFate } : {}),
    ...(cmd.tn !== undefined ? { tn: cmd.tn } : {}),
    attackerSoulstoneUser: soulstoneUser(game, a),
    defenderSoulstoneUser: soulstoneUser(game, t),
    attackerStunned: stunned(a),
    defenderStunned: stunned(t),
    friendly: a.seat === t.seat,
    ...(cmd.inCover !== undefined ? { inCover: cmd.inCover } : {}),
    ...(cmd.damage ? { damage: cmd.damage } : {}),
    ...(cmd.armor !== undefined ? { armor: cmd.armor } : {}),
    shielded: models.conditionValue(t, 'shielded'),
    targetHealth: t.health,
    targetSoulstoneUser: soulstoneUser(game, t),
    label: cmd.label ?? `${a.name} → ${t.name}`,
  };
  const decided = table.decideAndEvolve(flow.state.table, duel, actor);
  if (!decided.ok) return decided;
  const started = decided.value.events.find((e): e is Extract<TableEvent, { type: 'DuelStarted' }> => e.type === 'DuelStarted');
  flow.push(...decided.value.events);
  if (started) flow.push({ type: 'ModelDuelStarted', resolution: started.resolution, attacker: a.id, target: t.id });
  flow.push(...afterTableEvents(flow.state, decided.value.events));
  return { ok: true, value: flow.events };
}

function soulstoneUser(game: GameLayer, m: ModelInPlay): boolean {
  const profile = game.profiles[m.key];
  return profile ? isSoulstoneUser(profile) : false;
}

/**
 * What the table's events did to the game: the model duel's damage lands on its target (DMG-7 step 4,
 * Shielded losing a point when it reduced, COND-6) and is credited to the attacker (KILL-3); the duel
 * ends with its resolution; an initiative flip settled counts for START-3.
 */
export function afterTableEvents(state: WholeState, events: readonly TableEvent[]): GameEvent[] {
  const game = state.game;
  if (!game || game.stage !== 'turns') return [];
  const out: GameEvent[] = [];
  let duel = game.duel;
  let current = game.models;
  for (const e of events) {
    if (duel && e.type === 'DamageResolved') {
      const target = current.find((m) => m.id === duel!.target);
      const attacker = current.find((m) => m.id === duel!.attacker);
      if (target && attacker && models.isInPlay(target)) {
        const hit = models.applyDamage(target, e.result.final, models.sourceModel(attacker));
        if (hit.ok) {
          const after = e.result.shieldedUsed ? models.reduceCondition(hit.value.model, 'shielded', 1) : hit.value.model;
          out.push({ type: 'ModelsChanged', models: [after], change: hit.value.killed ? 'killed' : 'damaged', by: attacker.id, amount: hit.value.applied });
          current = current.map((m) => (m.id === after.id ? after : m));
        }
      }
    }
    if (duel && (e.type === 'ResolutionEnded' || e.type === 'ResolutionCancelled') && e.resolution === duel.resolution) {
      out.push({ type: 'ModelDuelEnded', resolution: duel.resolution });
      duel = null;
    }
    if (e.type === 'FlipResolved' && game.turn?.phase === 'initiative' && game.turn.step === 'flip' && game.initiativeValues[e.result.seat] === null) {
      out.push({ type: 'InitiativeFlipped', seat: e.result.seat, value: e.result.value });
    }
  }
  // START-3: both flipped — the totals decide, or both flip again.
  const values: [number | null, number | null] = [...game.initiativeValues];
  for (const e of out) if (e.type === 'InitiativeFlipped') values[e.seat] = e.value;
  if (game.turn && out.some((e) => e.type === 'InitiativeFlipped') && values[0] !== null && values[1] !== null) {
    const decided = turns.initiativeFlips(game.turn, { values: [values[0], values[1]] });
    if (decided.ok) {
      const { outcome } = decided.value;
      out.push({ type: 'TurnChanged', turn: decided.value.state, step: outcome.kind === 'tie' ? 'initiativeTied' : 'initiativeWon', seat: outcome.kind === 'winner' ? outcome.seat : null, model: null, totals: outcome.totals });
    }
  }
  return out;
}

/** Effects the bot does not resolve itself, entered by the players (or corrected by a referee). */
function changeModels(flow: Flow, cmd: Extract<PlayCommand, { type: 'damageModel' | 'healModel' | 'changeCondition' | 'changeTokens' | 'summonModel' | 'replaceModel' | 'buryModel' | 'unburyModel' }>, seat: Seat): Events {
  const game = flow.game;
  const changed = (list: ModelInPlay[], change: string, by: string | null = null, amount: number | null = null): Events => {
    flow.push({ type: 'ModelsChanged', models: list, change, by, amount });
    return { ok: true, value: flow.events };
  };
  switch (cmd.type) {
    case 'damageModel': {
      const m = modelOf(game, cmd.model);
      if (!m.ok) return m;
      if (cmd.chosen) {
        // DMG-16: the model's own choice, so its controller's; no other model deals it.
        if (cmd.by !== undefined) return refuse('CHOSEN_DAMAGE_DEALER', 'DMG-16', { model: m.value.id });
        if (m.value.controller !== seat) return refuse('NOT_YOUR_MODEL', 'DMG-16', { model: m.value.id });
        const taken = models.applyChosenDamage(m.value, cmd.amount);
        if (!taken.ok) return taken;
        return changed([taken.value.model], 'chosenDamage', null, taken.value.applied);
      }
      let source: models.DamageSource = { kind: 'hazard' };
      // The dealer as its id, whatever the player named it by (A2, "Page 2"): the damage records
      // (Vendetta, §13-A14) and the event's line read ids.
      let by: string | null = null;
      if (cmd.by) {
        const dealer = modelOf(game, cmd.by);
        if (!dealer.ok) return dealer;
        source = models.sourceModel(dealer.value);
        by = dealer.value.id;
      }
      const hit = models.applyDamage(m.value, cmd.amount, source);
      if (!hit.ok) return hit;
      return changed([hit.value.model], hit.value.killed ? 'killed' : 'damaged', by, hit.value.applied);
    }
    case 'healModel': {
      const m = modelOf(game, cmd.model);
      if (!m.ok) return m;
      const healed = models.heal(m.value, cmd.amount);
      if (!healed.ok) return healed;
      return changed([healed.value], 'healed', null, healed.value.health - m.value.health);
    }
    case 'changeCondition': {
      const m = modelOf(game, cmd.model);
      if (!m.ok) return m;
      if (!models.isInPlay(m.value)) return refuse('NOT_IN_PLAY', 'COND', { model: m.value.id });
      let next: ModelInPlay;
      if (cmd.condition === 'adversary') {
        if (!cmd.x) return refuse('ADVERSARY_WITHOUT_X', 'COND-5', { model: m.value.id });
        next = cmd.change > 0 ? models.gainAdversary(m.value, cmd.x) : models.reduceCondition(m.value, 'adversary', 1, cmd.x);
      } else {
        next = cmd.change > 0 ? models.gainCondition(m.value, cmd.condition, cmd.change) : models.reduceCondition(m.value, cmd.condition, -cmd.change);
      }
      return changed([next], `condition.${cmd.condition}`, null, cmd.change);
    }
    case 'changeTokens': {
      const m = modelOf(game, cmd.model);
      if (!m.ok) return m;
      return changed([models.addTokens(m.value, cmd.token, cmd.change)], 'tokens', null, cmd.change);
    }
    case 'summonModel': {
      const summoner = modelOf(game, cmd.summoner);
      if (!summoner.ok) return summoner;
      if (summoner.value.controller !== seat) return refuse('NOT_YOUR_MODEL', 'SUM-1', { model: summoner.value.id });
      const summoned = models.summon(game.models, cmd.profile, summoner.value.id, game.turn!.turn);
      if (!summoned.ok) return summoned;
      flow.push({ type: 'ProfilesKnown', profiles: [cmd.profile] });
      flow.push({ type: 'ModelsChanged', models: [summoned.value.summoned], change: 'summoned', by: summoner.value.id, amount: null });
      // SUM-2: the opposing crew gains a pass token at once.
      const tokens = turns.gainPassTokens(flow.turn, summoned.value.passTokenTo, 1);
      if (tokens.ok) flow.push({ type: 'TurnChanged', turn: tokens.value, step: 'summonPassToken', seat: summoned.value.passTokenTo, model: summoned.value.summoned.id });
      return { ok: true, value: flow.events };
    }
    case 'replaceModel': {
      const ids: string[] = [];
      for (const id of cmd.models) {
        const m = modelOf(game, id);
        if (!m.ok) return m;
        // A Replace into the sender's crew takes enemy models (REP-1 step 5); any other, the sender's own.
        if ((m.value.controller === seat) === (cmd.intoMyCrew === true)) return refuse('NOT_YOUR_MODEL', 'REP-1', { model: id });
        ids.push(m.value.id);
      }
      const replaced = models.replace(game.models, ids, cmd.profiles, {
        ...(cmd.heal !== undefined ? { heal: cmd.heal } : {}),
        ...(cmd.intoMyCrew ? { seat } : {}),
        activating: game.turn!.activating?.modelId ?? null,
      });
      if (!replaced.ok) return replaced;
      flow.push({ type: 'ProfilesKnown', profiles: cmd.profiles });
      const touched = replaced.value.models.filter((m) => replaced.value.removed.includes(m.id) || replaced.value.added.some((a) => a.id === m.id));
      flow.push({ type: 'ModelsChanged', models: touched, change: 'replaced', by: null, amount: null });
      // REP-1 step 7: the new model continues the activation under way.
      const continues = replaced.value.continuesActivation;
      const activating = flow.turn.activating;
      if (continues && activating && ids.includes(activating.modelId)) {
        flow.push({ type: 'TurnChanged', turn: { ...flow.turn, activating: { ...activating, modelId: continues } }, step: 'replaced', seat, model: continues });
      }
      return { ok: true, value: flow.events };
    }
    case 'buryModel':
    case 'unburyModel': {
      const next = cmd.type === 'buryModel' ? models.bury(game.models, cmd.model) : models.unbury(game.models, cmd.model);
      if (!next.ok) return next;
      return changed(next.value.filter((m) => m.id === cmd.model), cmd.type === 'buryModel' ? 'buried' : 'unburied');
    }
    default: {
      const never: never = cmd;
      return never;
    }
  }
}

/** The game's pending decisions while the turns run: whose move, and what. */
export function turnWaits(game: GameLayer): { seat: Seat; kind: string }[] {
  if (game.stage !== 'turns' || !game.turn) return [];
  // A proposal to end the game now waits for the other player alone.
  if (game.earlyEnd && !game.earlyEnd.agreed) return [{ seat: other(game.earlyEnd.seat), kind: 'early-end' }];
  const scoring = scoringWaits(game);
  if (scoring) return scoring;
  const turn = game.turn;
  if (turn.phase === 'initiative' && turn.step === 'flip') return SEATS.filter((s) => game.initiativeValues[s] === null).map((seat) => ({ seat, kind: 'initiative-flip' }));
  if (turn.phase === 'start' && turn.step === 'discard') return turn.pending.map((seat) => ({ seat, kind: 'start-discard' }));
  const who = turns.whoseDecision(turn);
  return who ? [who] : [];
}

export type { ModelProfile };
