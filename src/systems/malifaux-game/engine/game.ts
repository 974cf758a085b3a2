/**
 * The whole game's decider: `decide(state, command, actor)` → its events and the state they lead to, or
 * a refusal; `evolve(state, event)` → state, a plain fold. The table engine decides and applies the cards
 * (draws, flips, duels, damage flips, soulstones): a duel inside an activation is the table's duel, not a
 * copy. This module adds the game around it and routes each command and event to its layer.
 */
import * as table from '../../malifaux-table/engine/index.js';
import type { ActiveState as TableActive } from '../../malifaux-table/engine/index.js';
import { shuffleEvent } from '../../malifaux-table/engine/fateDeck.js';
import { encounterFromSeed } from './encounter.js';
import { decodeEncounterCode } from './shareCode.js';
import { declareCrew, deployingSeat, DEPLOYMENT_STEPS, type Seat } from './setup.js';
import { profileKey } from '../crews/index.js';
import { decidePlay, decideReferee, PLAY_ERROR_CODES, afterTableEvents, beginTurns, modelsRevealed, turnWaits, useFold } from './play.js';
import { EMPTY_RECORDS, recordModelsChanged, recordTurnChanged } from './records.js';
import { EMPTY_SCORING } from './scoreState.js';
import { evolveScoring, REFEREE_COMMANDS } from './scoringStep.js';
import {
  GAME_COMMAND_TYPES,
  GAME_EVENT_TYPES,
  gameCommandSchema,
  type GameCommand,
  type GameEvent,
  type GameLayer,
  type WholeCommand,
  type WholeEvent,
  type WholeState,
} from './schema.js';

/** Who sends a command: the table engine's actor (a seat or none, referee powers). */
export type Actor = table.Actor;

/** A refusal: a stable code for the edge to localize, the rule that forbids it, message params. */
export interface WholeRefusal {
  code: string;
  rule?: string;
  params?: Record<string, string | number>;
}

export type Decided = { ok: true; value: { events: WholeEvent[]; state: WholeState } } | { ok: false; error: WholeRefusal };

/** Every code the whole game's own refusals use (the table's are its ERROR_CODES). */
export const WHOLE_GAME_ERROR_CODES = [
  'INVALID_COMMAND',
  'GAME_NOT_STARTED',
  'GAME_ALREADY_STARTED',
  'GAME_ENDED',
  'GAME_ENDING',
  'NOT_A_PLAYER',
  'WRONG_STAGE',
  'NOT_YOUR_TURN',
  'ENCOUNTER_FAILED',
  'ENCOUNTER_CODE_INVALID',
  'ENCOUNTER_CODE_VERSION',
  'CREW_ALREADY_DECLARED',
  'CREW_UNKNOWN_NAMES',
  'CREW_NOT_HIRABLE',
  ...PLAY_ERROR_CODES,
] as const;

const refuse = (code: string, rule?: string, params?: Record<string, string | number>): { ok: false; error: WholeRefusal } => ({
  ok: false,
  error: { code, ...(rule ? { rule } : {}), ...(params ? { params } : {}) },
});

export const initialState: WholeState = { table: table.initialState, game: null };

// ---------------------------------------------------------------------------------------------------
// evolve

export function isGameEvent(event: WholeEvent): event is GameEvent {
  return GAME_EVENT_TYPES.has(event.type);
}

export function evolve(state: WholeState, event: WholeEvent): WholeState {
  return evolveAll(state, [event]);
}

/**
 * What a run of the table's events does to the game's part: each table decision that opens interrupts
 * the game's own decisions, which reopen after it under new ids.
 */
function interrupted(game: GameLayer | null, run: readonly table.GameEvent[]): GameLayer | null {
  const opened = run.filter((e) => e.type === 'DecisionOpened').length;
  return game && opened ? { ...game, interrupts: game.interrupts + opened } : game;
}

/**
 * Deep-equal to `events.reduce(evolve, state)`, but each run of the table's events is folded by the table
 * engine in one go (it copies its state once per call, not once per event).
 */
export function evolveAll(state: WholeState, events: readonly WholeEvent[]): WholeState {
  let { table: tableState, game } = state;
  let run: table.GameEvent[] = [];
  const flush = () => {
    if (run.length === 0) return;
    tableState = table.evolveAll(tableState, run);
    game = interrupted(game, run);
    run = [];
  };
  for (const event of events) {
    if (isGameEvent(event)) {
      flush();
      game = evolveGame(game, event);
    } else run.push(event);
  }
  flush();
  return { table: tableState, game };
}

export function replay(events: readonly WholeEvent[]): WholeState {
  return evolveAll(initialState, events);
}

useFold(evolveAll);

function evolveGame(game: GameLayer | null, e: GameEvent): GameLayer | null {
  if (e.type === 'WholeGameStarted') {
    return {
      options: e.options,
      encounter: null,
      stage: 'crews',
      seq: 1,
      stageSeq: 1,
      interrupts: 0,
      crews: [null, null],
      deploymentStep: 0,
      schemes: [null, null],
      profiles: {},
      models: [],
      turn: null,
      initiativeValues: [null, null],
      duel: null,
      records: EMPTY_RECORDS,
      scoring: EMPTY_SCORING,
      earlyEnd: null,
    };
  }
  if (!game) return game; // a log starts with WholeGameStarted: nothing else comes before it
  const seq = game.seq + 1;
  switch (e.type) {
    case 'EncounterFlipped':
      return { ...game, seq, encounter: e.record };
    case 'CrewDeclared': {
      const crews: GameLayer['crews'] = [...game.crews];
      crews[e.seat] = e.crew;
      return { ...game, seq, crews };
    }
    case 'CrewsRevealed':
      return { ...game, seq, crews: [...e.crews] };
    case 'StageBegan':
      return { ...game, seq, stageSeq: seq, stage: e.stage };
    case 'DeploymentStepDone':
      return { ...game, seq, stageSeq: seq, deploymentStep: e.step + 1 };
    case 'SchemesChosen': {
      // A stored event always holds the choice; its public form (null) is never folded.
      const schemes: GameLayer['schemes'] = [...game.schemes];
      schemes[e.seat] = e.choice && { commitments: e.commitments, choice: e.choice };
      return { ...game, seq, schemes };
    }
    case 'ProfilesKnown': {
      const profiles = { ...game.profiles };
      for (const p of e.profiles) profiles[profileKey(p)] = p;
      return { ...game, seq, profiles };
    }
    case 'TurnChanged': {
      // A new turn (or the first) clears the initiative flips of the last one.
      const fresh = game.turn === null || game.turn.turn !== e.turn.turn || e.step === 'initiativeTied';
      return { ...game, seq, stageSeq: seq, turn: e.turn, initiativeValues: fresh ? [null, null] : game.initiativeValues, records: recordTurnChanged(game, e.step, e.turn.turn) };
    }
    case 'InitiativeFlipped': {
      const initiativeValues: GameLayer['initiativeValues'] = [...game.initiativeValues];
      initiativeValues[e.seat] = e.value;
      return { ...game, seq, initiativeValues };
    }
    case 'ModelsChanged': {
      const changed = new Map(e.models.map((m) => [m.id, m]));
      const kept = game.models.map((m) => changed.get(m.id) ?? m);
      const added = e.models.filter((m) => !game.models.some((o) => o.id === m.id));
      return { ...game, seq, models: [...kept, ...added], records: recordModelsChanged(game, e.models, e.by, e.amount) };
    }
    case 'ModelDuelStarted':
      return { ...game, seq, duel: { resolution: e.resolution, attacker: e.attacker, target: e.target } };
    case 'ModelDuelEnded':
      return { ...game, seq, duel: null };
    // Every scoring fact may open or close a decision: each names a new moment for the decisions' ids.
    case 'ScoringStepChanged':
    case 'ScoreBanked':
    case 'SchemeRevealed':
    case 'ScoreClaimed':
    case 'ClaimAnswered':
      return { ...game, seq, stageSeq: seq, scoring: evolveScoring(game, e) };
    // The proposal opens the other player's decision and its answer closes it: both name a new moment.
    case 'EarlyEndProposed':
      return { ...game, seq, stageSeq: seq, earlyEnd: { seat: e.seat, agreed: false } };
    case 'EarlyEndAnswered':
      return { ...game, seq, stageSeq: seq, earlyEnd: e.accepted && game.earlyEnd ? { ...game.earlyEnd, agreed: true } : null };
    default: {
      const never: never = e;
      return never;
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// decide

export function decide(state: WholeState, command: WholeCommand, actor: Actor): Decided {
  if (GAME_COMMAND_TYPES.has(command.type)) {
    const parsed = gameCommandSchema.safeParse(command);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return refuse('INVALID_COMMAND', undefined, { field: issue ? issue.path.join('.') : '', problem: issue ? issue.code : 'invalid' });
    }
    const events = decideGame(state, parsed.data, actor);
    return events.ok ? { ok: true, value: { events: events.value, state: evolveAll(state, events.value) } } : events;
  }
  return decideTable(state, command as table.Command, actor);
}

type Events = { ok: true; value: WholeEvent[] } | { ok: false; error: WholeRefusal };

function decideGame(state: WholeState, cmd: GameCommand, actor: Actor): Events {
  if (cmd.type === 'startWholeGame') return startWholeGame(state, cmd, actor);
  const { game } = state;
  if (!game || state.table.status === 'new') return refuse('GAME_NOT_STARTED');
  if (state.table.status === 'ended') {
    // A referee still corrects a score once the game is over (issue 16 §5): the result follows the ledger.
    if (cmd.type === 'correctScore' && game.stage === 'over') return decideReferee(state, cmd, actor);
    return refuse('GAME_ENDED');
  }
  // An end waits for its take-back window: the game is paused, only /game end's buttons act.
  if (state.table.ending) return refuse('GAME_ENDING');
  // A referee rules on claims and corrects scores, with a seat or without.
  if (REFEREE_COMMANDS.has(cmd.type)) return decideReferee(state, cmd as Parameters<typeof decideReferee>[1], actor);
  if (actor.seat === null) return refuse('NOT_A_PLAYER');
  const seat = actor.seat;
  switch (cmd.type) {
    case 'declareCrew': {
      if (game.stage !== 'crews') return refuse('WRONG_STAGE', 'SETUP-6', { stage: game.stage });
      const declared = declareCrew(game.crews, seat, cmd.crew, cmd.profiles, game.options.encounterSize);
      if (!declared.ok) return { ok: false, error: declared.error };
      const events: WholeEvent[] = [{ type: 'CrewDeclared', seat, crew: declared.crew }];
      if (declared.bothIn) {
        const crews: [typeof declared.crew, typeof declared.crew] = seat === 0 ? [declared.crew, game.crews[1]!] : [game.crews[0]!, declared.crew];
        events.push({ type: 'CrewsRevealed', crews }, ...modelsRevealed(crews));
        // SS-2 / HIRE-9: each pool starts with what the hiring left.
        for (const s of [0, 1] as const) events.push({ type: 'SoulstonesSet', seat: s, count: crews[s].soulstones, by: 'hiring' });
        events.push({ type: 'StageBegan', stage: 'schemes' });
      }
      return { ok: true, value: events };
    }
    case 'deployed': {
      if (game.stage !== 'deployment') return refuse('WRONG_STAGE', 'SETUP-9', { stage: game.stage });
      const attacker = game.encounter!.attacker;
      const step = game.deploymentStep;
      const due = deployingSeat(step, attacker);
      if (seat !== due) return refuse('NOT_YOUR_TURN', 'SETUP-9');
      const events: WholeEvent[] = [{ type: 'DeploymentStepDone', step, seat }];
      if (step === DEPLOYMENT_STEPS.length - 1) {
        // SETUP-10: each deck (the encounter's flipped cards back in) is shuffled before turn 1.
        const active = state.table as TableActive;
        events.push(shuffleEvent(active, 0, 'setup'), shuffleEvent(active, 1, 'setup'), { type: 'StageBegan', stage: 'turns' });
        return { ok: true, value: beginTurns(evolveAll(state, events), events) };
      }
      return { ok: true, value: events };
    }
    default:
      return decidePlay(state, cmd, seat, actor);
  }
}

function startWholeGame(state: WholeState, cmd: Extract<GameCommand, { type: 'startWholeGame' }>, actor: Actor): Events {
  if (state.table.status !== 'new') return refuse('GAME_ALREADY_STARTED');
  const started = table.decideAndEvolve(
    state.table,
    { type: 'startGame', gameId: cmd.gameId, system: 'm3e', seats: cmd.seats, seed: cmd.seed, createdBy: cmd.createdBy, options: cmd.options.handLimit ? { handLimit: cmd.options.handLimit } : {} },
    actor,
  );
  if (!started.ok) return { ok: false, error: started.error };
  // SETUP-2..4 from shuffle 0 of each seat: the decks the table has just shuffled, so the cards the
  // encounter flips are the top of those decks until SETUP-10 shuffles them again.
  let fixed = cmd.options.encounter;
  if (!fixed && cmd.options.encounterCode) {
    const decoded = decodeEncounterCode(cmd.options.encounterCode);
    if (!decoded.ok) return { ok: false, error: decoded.error };
    fixed = decoded.value;
  }
  const plan = fixed ? { fixed } : { pack: cmd.options.pack };
  const encounter = encounterFromSeed(plan, cmd.seed);
  if (!encounter.ok) return refuse('ENCOUNTER_FAILED', encounter.error.rule, { problem: encounter.error.code });
  return { ok: true, value: [...started.value.events, { type: 'WholeGameStarted', options: cmd.options }, { type: 'EncounterFlipped', record: encounter.value }] };
}

/** The table's commands: ends at any time; cards and duels once the turns have begun. */
function decideTable(state: WholeState, cmd: table.Command, actor: Actor): Decided {
  const ending = cmd.type === 'endGame' || cmd.type === 'takeBackEnd' || cmd.type === 'finalizeEnd';
  if (!ending && state.game && state.game.stage !== 'turns') return refuse('WRONG_STAGE', undefined, { stage: state.game.stage });
  if (!state.game && cmd.type === 'startGame') return refuse('INVALID_COMMAND', undefined, { field: 'type', problem: 'startGame' });
  // START-3: the initiative flips are the game's; the table waits until the initiative is settled.
  if (!tableActionAllowed(state.game, cmd.type)) return refuse('WRONG_STEP', 'START-3', { phase: 'initiative', step: state.game?.turn?.step ?? '' });
  const decided = table.decideAndEvolve(state.table, cmd, actor);
  if (!decided.ok) return { ok: false, error: decided.error };
  // The table's state as its engine folded it; the game's part follows the same events.
  const after: WholeState = { table: decided.value.state, game: interrupted(state.game, decided.value.events) };
  // What the cards did to the game: a duel's damage on its target model, an initiative flip settled.
  const more = afterTableEvents(after, decided.value.events);
  const events = [...decided.value.events, ...more];
  return { ok: true, value: { events, state: more.length ? evolveAll(after, more) : after } };
}

/** Whose seat a set-up decision waits for (both seats at once for the secret ones). */
export function setupWaits(game: GameLayer): { seat: Seat; kind: string }[] {
  switch (game.stage) {
    case 'crews':
      return ([0, 1] as const).filter((s) => game.crews[s] === null).map((seat) => ({ seat, kind: 'declareCrew' }));
    case 'deployment':
      return [{ seat: deployingSeat(game.deploymentStep, game.encounter!.attacker), kind: `deploy.${DEPLOYMENT_STEPS[game.deploymentStep]}` }];
    case 'schemes':
      return ([0, 1] as const).filter((s) => game.schemes[s] === null).map((seat) => ({ seat, kind: 'chooseSchemes' }));
    case 'turns':
      return turnWaits(game);
    default:
      return [];
  }
}

/** Who must decide what, now: the table's open decision (a cheat, a soulstone…) first, else the game's. */
export function pendingDecisions(state: WholeState): { seat: Seat; kind: string; id: string }[] {
  const cards = table.pendingDecision(state.table);
  if (cards) return [{ seat: cards.seat, kind: cards.kind, id: cards.id }];
  const { game } = state;
  // While an end waits the decisions stay open, paused (the moves are refused): a take-back resumes them.
  if (!game || state.table.status !== 'active') return [];
  // An id names the moment the decision opened: an answer quoting an older one is stale.
  return setupWaits(game).map((w) => ({ ...w, id: gameDecisionId(game, w) }));
}

/** The table's commands a player starts (not answers to its decisions), refused during the initiative flips. */
const PLAYER_TABLE_ACTIONS: ReadonlySet<string> = new Set(['draw', 'discard', 'reveal', 'flip', 'simpleDuel', 'opposedDuel', 'damageFlip', 'fallingDamage', 'setSoulstones', 'soulstoneDraw']);
export function tableActionAllowed(game: GameLayer | null, type: string): boolean {
  const turn = game?.turn;
  return !(turn && turn.phase === 'initiative' && PLAYER_TABLE_ACTIONS.has(type));
}

/** A game decision's id: its kind, its seat, and the moment it opened (the stage's count, the interruptions). */
export function gameDecisionId(game: Pick<GameLayer, 'stageSeq' | 'interrupts'>, wait: { seat: number; kind: string }): string {
  return `${wait.kind}:${wait.seat}:${game.stageSeq}.${game.interrupts}`;
}
