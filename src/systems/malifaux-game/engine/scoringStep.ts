/**
 * Scoring a whole game: the End Phase's scoring step (END-2, §12; END-4's step C in turn 5), the claims
 * the table settles, the reveals that happen during the activations, and the referee's rulings and
 * corrections. The rules themselves (which objective scores, the caps) are the scoring rules' (see
 * `scoringRules.ts`): this module runs them in the order §12 gives and banks what they allow.
 *
 * The step's stages: every strategy, then every crew's schemes, the Initiative player's crew first (U8);
 * in turn 5's step C, the End objectives. At each stage the bot banks what its records decide (class a,
 * `how: 'records'`, no question asked); what needs the table is the stage's player's to claim — the
 * opponent confirms or disputes, a dispute goes to a referee (or is withdrawn) — or to decline.
 *
 * Secret schemes stay secret until shown: a scheme is revealed when it scores or is claimed, and at the
 * end of the game. Nothing public (events, the step's state) names an unrevealed scheme or tells its
 * kind: an unrevealed scheme is always asked about (its owner declines what cannot score), and the
 * step's settled list names a player's schemes by their place in the choice (first, second), never by id.
 */
import type { Actor } from '../../malifaux-table/engine/index.js';
import type { Evaluation, ScoringFacts, TableClaim, VpEntry, VpSource } from '../scoring/objective.js';
import type { SchemeId } from './encounterPacks.js';
import { schemeById } from './encounterPacks.js';
import { resolveModel } from './resolve.js';
import * as rules from './scoringRules.js';
import { schemeSalt } from './schemes.js';
import { revealedOf, type Claim, type RevealedScheme, type ScoringGroup, type ScoringStep } from './scoreState.js';
import { other, type Seat } from './setup.js';
import type { GameCommand, GameEvent, GameLayer, WholeEvent, WholeState } from './schema.js';

export const SCORING_FLOW_ERROR_CODES = [
  'NOT_SCORING_NOW',
  'NOT_YOUR_SCORING',
  'OBJECTIVE_NOT_YOURS',
  'OBJECTIVE_SETTLED',
  'NOT_THIS_TIMING',
  'CLAIM_PENDING',
  'NO_OPEN_CLAIM',
  'OWN_CLAIM',
  'NOT_THE_CLAIMANT',
  'NOT_A_REFEREE',
  'CLAIM_INCOMPLETE',
  'TURN_NOT_PLAYED',
] as const;

interface Refusal {
  code: string;
  rule?: string;
  params?: Record<string, string | number>;
}
type Done = { ok: true; value: null } | { ok: false; error: Refusal };
const refuse = (code: string, rule?: string, params?: Record<string, string | number>): { ok: false; error: Refusal } => ({
  ok: false,
  error: { code, ...(rule ? { rule } : {}), ...(params ? { params } : {}) },
});
const OK: Done = { ok: true, value: null };

/** What the step needs of the decider's flow: the state as its events are pushed. */
export interface Steps {
  state: WholeState;
  readonly game: GameLayer;
  push(...events: WholeEvent[]): void;
}

// ---------------------------------------------------------------------------------------------------
// Objectives and candidates

/** An objective of a seat: its VP source, its scheme's place in the choice, and its public key. */
export interface Target {
  source: VpSource;
  /** The scheme's place in the player's choice (0, 1), null for the strategy. */
  slot: 0 | 1 | null;
  /** Names the objective without naming a secret scheme: `strategy`, `scheme0.reveal`, `scheme1.end`. */
  key: string;
}

/** How a player names an objective in a command: the strategy, or one of their schemes by number or id. */
export type Objective = 'strategy' | number | SchemeId;

function strategyTarget(game: GameLayer): Target | null {
  const strategy = game.encounter?.encounter.strategy;
  return strategy ? { source: { kind: 'strategy', strategy }, slot: null, key: 'strategy' } : null;
}

function schemeTarget(game: GameLayer, seat: Seat, slot: 0 | 1, half: 'reveal' | 'end'): Target | null {
  const pick = game.schemes[seat]?.choice[slot];
  return pick ? { source: { kind: 'scheme', scheme: pick.scheme, half }, slot, key: `scheme${slot}.${half}` } : null;
}

/** The objective a player names, among their own; a scheme's half is the step's (End in step C), else its Reveal. */
export function targetOf(game: GameLayer, seat: Seat, objective: Objective, half?: 'reveal' | 'end'): { ok: true; value: Target } | { ok: false; error: Refusal } {
  if (objective === 'strategy') {
    const target = strategyTarget(game);
    return target ? { ok: true, value: target } : refuse('NOT_SCORING_NOW', 'END-2');
  }
  const choice = game.schemes[seat]?.choice;
  const slot = choice?.findIndex((p) => p.scheme === objective || schemeById(p.scheme)?.number === objective) ?? -1;
  if (slot !== 0 && slot !== 1) return refuse('OBJECTIVE_NOT_YOURS', 'SETUP-8', { objective: String(objective) });
  const group = currentStage(game)?.group;
  const target = schemeTarget(game, seat, slot, half ?? (group === 'end' ? 'end' : 'reveal'));
  return target ? { ok: true, value: target } : refuse('OBJECTIVE_NOT_YOURS', 'SETUP-8', { objective: String(objective) });
}

function currentStage(game: GameLayer): ScoringStep['stages'][number] | null {
  const step = game.scoring.step;
  return step ? (step.stages[step.stage] ?? null) : null;
}

function revealed(game: GameLayer, seat: Seat, slot: 0 | 1 | null): RevealedScheme | undefined {
  return slot === null ? undefined : revealedOf(game.scoring.revealed, seat, slot);
}

/** Whether everyone may know what this objective is (the strategy, or a scheme already shown). */
function isPublic(game: GameLayer, seat: Seat, target: Target): boolean {
  return target.slot === null || revealed(game, seat, target.slot) !== undefined;
}

function entryFor(game: GameLayer, seat: Seat, target: Target, how: VpEntry['how'], vp: 1 | -1 = 1, reason: string | null = null): VpEntry {
  return { seat, turn: game.turn?.turn ?? 5, source: target.source, vp, how, reason };
}

/**
 * What a seat may still be asked at a stage, from what everyone knows: the ledger's caps (U2–U6), the
 * sources settled in this step, and a shown scheme's timing. An unrevealed scheme is always asked about.
 */
export function candidates(game: GameLayer, seat: Seat, group: ScoringGroup): Target[] {
  const settled = new Set(game.scoring.step?.settled ?? []);
  const targets: Target[] = [];
  if (group === 'strategy') {
    const target = strategyTarget(game);
    if (target) targets.push(target);
  } else {
    for (const slot of [0, 1] as const) {
      const target = schemeTarget(game, seat, slot, group === 'end' ? 'end' : 'reveal');
      if (!target) continue;
      // A shown scheme whose Reveal is timed by the activations is not an End Phase candidate.
      if (group === 'schemes' && revealed(game, seat, slot) && rules.revealTiming(target.source) !== 'endOfTurn') continue;
      targets.push(target);
    }
  }
  return targets.filter((t) => !settled.has(`${seat}:${t.key}`) && rules.mayBank(game.scoring.ledger, entryFor(game, seat, t, 'records')).ok);
}

/** What the scoring rules read of a game now (class a). `activationEnded`: when a reveal is timed by an activation's end. */
export function scoringFacts(game: GameLayer, activationEnded: ScoringFacts['activationEnded'] = null): ScoringFacts {
  const turn = game.turn;
  return {
    pack: game.encounter?.encounter.pack ?? game.options.pack,
    turn: turn?.turn ?? 1,
    initiative: turn?.initiative ?? game.encounter?.attacker ?? 0,
    models: game.models,
    insignificant: new Set(game.models.filter((m) => game.profiles[m.key]?.insignificant === true).map((m) => m.id)),
    deaths: game.records.deaths,
    damage: game.records.damage,
    activationEnded,
    activationBegun: game.records.activation,
    deployment: game.encounter?.encounter.deployment ?? 'standard',
    revealed: game.scoring.revealed.map((r) => ({ seat: r.seat, scheme: r.pick.scheme })),
    ...(game.options.noCostValue === undefined ? {} : { options: { noCostValue: game.options.noCostValue } }),
  };
}

/** What the rules say of a seat's objective now, with or without a claim. */
export function evaluate(game: GameLayer, seat: Seat, target: Target, claim?: TableClaim, activationEnded: { model: string; activation: number } | null = null): Evaluation {
  const pick = target.slot === null ? null : (game.schemes[seat]?.choice[target.slot] ?? null);
  return rules.evaluate(target.source, seat, scoringFacts(game, activationEnded), { ledger: game.scoring.ledger, pick }, claim);
}

// ---------------------------------------------------------------------------------------------------
// Events the step pushes

function changeStep(steps: Steps, step: ScoringStep | null, change: string, seat: Seat | null, failure?: { code: string; rule: string; params: Record<string, string | number> }): void {
  steps.push({ type: 'ScoringStepChanged', step, change, seat, ...(failure ? { failure } : {}) });
}

function settle(steps: Steps, seat: Seat, key: string, change: string, failure?: { code: string; rule: string; params: Record<string, string | number> }): void {
  const step = steps.game.scoring.step;
  if (!step) return;
  changeStep(steps, { ...step, settled: [...step.settled, `${seat}:${key}`] }, change, seat, failure);
}

/** Shows a scheme with its pick and its salt: the commitment posted at set-up can now be checked. */
export function reveal(steps: Steps, seat: Seat, slot: 0 | 1, why: 'scored' | 'claimed' | 'gameEnd' | 'corrected'): void {
  const game = steps.game;
  if (revealedOf(game.scoring.revealed, seat, slot)) return;
  const pick = game.schemes[seat]?.choice[slot];
  const tableState = steps.state.table;
  if (!pick || tableState.status === 'new') return;
  const salt = schemeSalt(tableState.seed, seat, slot, tableState.gameId);
  if (!salt.ok) return;
  steps.push({ type: 'SchemeRevealed', scheme: { seat, slot, pick, salt: salt.value, turn: game.turn?.turn ?? 5 }, why });
}

function bank(steps: Steps, seat: Seat, target: Target, how: VpEntry['how'], claim: number | null, reason: string | null = null): void {
  if (target.slot !== null) reveal(steps, seat, target.slot, how === 'records' ? 'scored' : 'claimed');
  steps.push({ type: 'ScoreBanked', entry: entryFor(steps.game, seat, target, how, 1, reason), claim });
}

// ---------------------------------------------------------------------------------------------------
// The step

/**
 * Opens the scoring step with its groups (strategy and schemes in step B; the End objectives in turn 5's
 * step C), then runs it as far as it goes without a decision.
 */
export function beginScoring(steps: Steps, groups: readonly ScoringGroup[]): boolean {
  const turn = steps.game.turn;
  if (!turn) return true;
  // One stage per crew and group, in the order the rules give the group's candidates (§12, U8).
  const representative = (group: ScoringGroup, seat: Seat): { group: ScoringGroup; seat: Seat; source: VpSource } | null => {
    const target = group === 'strategy' ? strategyTarget(steps.game) : schemeTarget(steps.game, seat, 0, group === 'end' ? 'end' : 'reveal');
    return target ? { group, seat, source: target.source } : null;
  };
  const stages = groups.flatMap((group) =>
    rules
      .scoringOrder(turn.initiative, [representative(group, turn.initiative), representative(group, other(turn.initiative))].filter((c) => c !== null))
      .map(({ group: g, seat }) => ({ group: g, seat })),
  );
  changeStep(steps, { stages, stage: 0, done: [false, false], settled: [] }, 'began', null);
  return proceed(steps);
}

/**
 * Runs the step until a player must decide (false) or it is over (true): at each stage, what the records
 * decide is banked (or, for an objective everyone knows, dropped when they say it fails), one objective
 * at a time since each banking can change the next (U8); the stage waits for its player while a
 * candidate remains and the player has not said they are done.
 */
export function proceed(steps: Steps): boolean {
  for (let guard = 0; guard < 64; guard++) {
    const game = steps.game;
    if (game.scoring.claims.length) return false;
    const step = game.scoring.step;
    if (!step) return true;
    const stage = step.stages[step.stage];
    if (!stage) {
      changeStep(steps, null, 'closed', null);
      return true;
    }
    // What the records decide is banked even for a player done claiming: being done declines claims, not VP.
    let acted = false;
    for (const target of candidates(game, stage.seat, stage.group)) {
      const judged = evaluate(game, stage.seat, target);
      if (judged.kind === 'scores' && !judged.claimed) {
        bank(steps, stage.seat, target, 'records', null);
        settle(steps, stage.seat, target.key, 'banked');
        acted = true;
        break;
      }
      if (judged.kind === 'fails' && isPublic(game, stage.seat, target) && !step.done[stage.seat]) {
        settle(steps, stage.seat, target.key, 'failed', { code: judged.code, rule: judged.rule, params: judged.params });
        acted = true;
        break;
      }
    }
    if (acted) continue;
    if (!step.done[stage.seat] && candidates(game, stage.seat, stage.group).length) return false;
    changeStep(steps, { ...step, stage: step.stage + 1 }, 'stage', stage.seat);
  }
  return false;
}

/** The decisions the scoring waits for now, or null when it waits for none (the turn's own then). */
export function scoringWaits(game: GameLayer): { seat: Seat; kind: string }[] | null {
  const claim = game.scoring.claims[0];
  if (claim) return [claim.status === 'awaiting' ? { seat: other(claim.seat), kind: 'score-confirm' } : { seat: claim.seat, kind: 'score-disputed' }];
  const stage = currentStage(game);
  if (!game.scoring.step) return null;
  return stage ? [{ seat: stage.seat, kind: `score-${stage.group}` }] : [];
}

// ---------------------------------------------------------------------------------------------------
// Commands

type ScoringCommand = Extract<GameCommand, { type: 'claimScore' | 'confirmClaim' | 'disputeClaim' | 'withdrawClaim' | 'declineScoring' | 'scoringDone' | 'ruleClaim' | 'correctScore' }>;
export const SCORING_COMMANDS: ReadonlySet<string> = new Set(['claimScore', 'confirmClaim', 'disputeClaim', 'withdrawClaim', 'declineScoring', 'scoringDone', 'ruleClaim', 'correctScore']);
/** Answered by a referee, seated or not. */
export const REFEREE_COMMANDS: ReadonlySet<string> = new Set(['ruleClaim', 'correctScore']);

/** The claim a command names, or the one open claim. */
function openClaim(game: GameLayer, id: number | undefined): Claim | undefined {
  return id === undefined ? game.scoring.claims[0] : game.scoring.claims.find((c) => c.id === id);
}

/** Reads the models a claim names as the status names them (A2, "Page 2") to their ids. */
function claimWithIds(game: GameLayer, claim: TableClaim): { ok: true; value: TableClaim } | { ok: false; error: Refusal } {
  const id = (ref: string) => {
    const m = resolveModel(game, ref);
    return m.ok ? { ok: true as const, value: m.value.id } : m;
  };
  const models: string[] = [];
  for (const ref of claim.models ?? []) {
    const m = id(ref);
    if (!m.ok) return m;
    models.push(m.value);
  }
  const pairs: [string, string][] = [];
  for (const [a, b] of claim.pairs ?? []) {
    const first = id(a);
    if (!first.ok) return first;
    const second = id(b);
    if (!second.ok) return second;
    pairs.push([first.value, second.value]);
  }
  return { ok: true, value: { ...claim, ...(claim.models ? { models } : {}), ...(claim.pairs ? { pairs } : {}) } };
}

/**
 * The scoring's commands. `seat` is the sender's (null for a referee without one). Answers the events
 * pushed on `steps`; the caller runs the step on (`proceed`) and moves the turn on when it is over.
 */
export function decideScoring(steps: Steps, cmd: ScoringCommand, seat: Seat | null, actor: Actor): Done {
  const game = steps.game;
  switch (cmd.type) {
    case 'ruleClaim': {
      if (!actor.referee) return refuse('NOT_A_REFEREE', 'END-2');
      const claim = openClaim(game, cmd.claim);
      if (!claim) return refuse('NO_OPEN_CLAIM', 'END-2');
      const target = targetFromSource(game, claim);
      if (!cmd.accept) {
        steps.push({ type: 'ClaimAnswered', id: claim.id, seat, answer: 'rejected', reason: cmd.reason ?? null });
        return OK;
      }
      const allowed = rules.mayBank(game.scoring.ledger, entryFor(game, claim.seat, target, 'referee'));
      if (!allowed.ok) return allowed;
      steps.push({ type: 'ClaimAnswered', id: claim.id, seat, answer: 'accepted', reason: cmd.reason ?? null });
      bank(steps, claim.seat, target, 'referee', claim.id, cmd.reason ?? null);
      return OK;
    }
    case 'correctScore': {
      if (!actor.referee) return refuse('NOT_A_REFEREE', 'END-2');
      const target = targetOf(game, cmd.seat, cmd.objective, cmd.half);
      if (!target.ok) return target;
      const now = game.turn?.turn ?? 5;
      if (cmd.turn !== undefined && cmd.turn > now) return refuse('TURN_NOT_PLAYED', 'END-2', { turn: cmd.turn, now });
      const entry = { ...entryFor(game, cmd.seat, target.value, 'correction', cmd.vp, cmd.reason), turn: cmd.turn ?? now };
      const allowed = rules.mayBank(game.scoring.ledger, entry);
      if (!allowed.ok) return allowed;
      if (target.value.slot !== null) reveal(steps, cmd.seat, target.value.slot, 'corrected');
      steps.push({ type: 'ScoreBanked', entry, claim: null });
      return OK;
    }
    default:
      break;
  }
  if (seat === null) return refuse('NOT_A_PLAYER');
  const claim = game.scoring.claims[0];
  switch (cmd.type) {
    case 'claimScore': {
      if (claim) return refuse('CLAIM_PENDING', 'END-2');
      const target = targetOf(game, seat, cmd.objective, cmd.half);
      if (!target.ok) return target;
      const t = target.value;
      const stage = currentStage(game);
      // A Reveal the rules time by a kill or an activation (§7 #5, #11, #13; §9 #2) is claimed then, outside
      // the End Phase's stages; every other objective is its stage's.
      const timing = rules.revealTiming(t.source);
      const midTurn = timing !== 'endOfTurn';
      let activationEnded: { model: string; activation: number } | null = null;
      if (midTurn) {
        const activating = game.turn?.activating;
        if (timing !== 'activationEnd' && game.turn?.phase !== 'activations') return refuse('NOT_THIS_TIMING', 'VP-4', { objective: t.key });
        if (timing === 'duringActivation' && !activating) return refuse('NOT_THIS_TIMING', 'VP-4', { objective: t.key });
        // At the end of an activation: the last one of this turn, the claimant's, no other begun since (even
        // when it was the turn's last and the End Phase has begun).
        const last = game.records.lastActivation;
        if (timing === 'activationEnd' && !activating && last && last.turn === game.turn?.turn && last.seat === seat) activationEnded = { model: last.model, activation: last.activation };
      } else {
        if (!stage) return refuse(game.turn?.phase === 'activations' ? 'NOT_THIS_TIMING' : 'NOT_SCORING_NOW', 'END-2', { objective: t.key });
        if (stage.seat !== seat) return refuse('NOT_YOUR_SCORING', 'END-2');
        const group: ScoringGroup = t.slot === null ? 'strategy' : t.source.kind === 'scheme' && t.source.half === 'end' ? 'end' : 'schemes';
        if (group !== stage.group) return refuse('NOT_THIS_TIMING', '§12', { objective: t.key });
        if (!candidates(game, seat, stage.group).some((c) => c.key === t.key)) {
          const allowed = rules.mayBank(game.scoring.ledger, entryFor(game, seat, t, 'confirmed'));
          return allowed.ok ? refuse('OBJECTIVE_SETTLED', '§12', { objective: t.key }) : allowed;
        }
      }
      const allowed = rules.mayBank(game.scoring.ledger, entryFor(game, seat, t, 'confirmed'));
      if (!allowed.ok) return allowed;
      const stated = claimWithIds(game, cmd.claim);
      if (!stated.ok) return stated;
      const need = evaluate(game, seat, t, undefined, activationEnded);
      const judged = evaluate(game, seat, t, stated.value, activationEnded);
      if (judged.kind === 'fails') return refuse(judged.code, judged.rule, judged.params);
      if (judged.kind === 'needsClaim') return refuse('CLAIM_INCOMPLETE', '§11');
      if (!judged.claimed) {
        bank(steps, seat, t, 'records', null);
      } else {
        if (t.slot !== null) reveal(steps, seat, t.slot, 'claimed');
        const statement = need.kind === 'needsClaim' ? { key: need.need.statement, params: need.need.params ?? {} } : null;
        const made: Claim = { id: game.scoring.nextClaim, seat, source: t.source, claim: stated.value, turn: game.turn?.turn ?? 5, status: 'awaiting', reason: null, midTurn, statement };
        steps.push({ type: 'ScoreClaimed', claim: made });
      }
      if (!midTurn) settle(steps, seat, t.key, judged.claimed ? 'claimed' : 'banked');
      return OK;
    }
    case 'confirmClaim': {
      const open = openClaim(game, cmd.claim);
      if (!open || open.status !== 'awaiting') return refuse('NO_OPEN_CLAIM', 'END-2');
      if (open.seat === seat) return refuse('OWN_CLAIM', 'END-2');
      // Checked again against the ledger as it is now (§12).
      const target = targetFromSource(game, open);
      const allowed = rules.mayBank(game.scoring.ledger, entryFor(game, open.seat, target, 'confirmed'));
      if (!allowed.ok) return allowed;
      steps.push({ type: 'ClaimAnswered', id: open.id, seat, answer: 'confirmed', reason: null });
      bank(steps, open.seat, target, 'confirmed', open.id);
      return OK;
    }
    case 'disputeClaim': {
      const open = openClaim(game, cmd.claim);
      if (!open || open.status !== 'awaiting') return refuse('NO_OPEN_CLAIM', 'END-2');
      if (open.seat === seat) return refuse('OWN_CLAIM', 'END-2');
      steps.push({ type: 'ClaimAnswered', id: open.id, seat, answer: 'disputed', reason: cmd.reason });
      return OK;
    }
    case 'withdrawClaim': {
      const open = openClaim(game, cmd.claim);
      if (!open) return refuse('NO_OPEN_CLAIM', 'END-2');
      if (open.seat !== seat) return refuse('NOT_THE_CLAIMANT', 'END-2');
      steps.push({ type: 'ClaimAnswered', id: open.id, seat, answer: 'withdrawn', reason: null });
      return OK;
    }
    case 'declineScoring':
    case 'scoringDone': {
      if (claim) return refuse('CLAIM_PENDING', 'END-2');
      const step = game.scoring.step;
      const stage = currentStage(game);
      if (!step || !stage) return refuse('NOT_SCORING_NOW', 'END-2');
      const objective = cmd.type === 'declineScoring' ? cmd.objective : undefined;
      if (objective === undefined) {
        if (step.done[seat]) return refuse('OBJECTIVE_SETTLED', 'END-2', { objective: 'all' });
        const done: [boolean, boolean] = [...step.done];
        done[seat] = true;
        changeStep(steps, { ...step, done }, 'declined', seat);
        return OK;
      }
      if (stage.seat !== seat) return refuse('NOT_YOUR_SCORING', 'END-2');
      const target = targetOf(game, seat, objective, cmd.type === 'declineScoring' ? cmd.half : undefined);
      if (!target.ok) return target;
      if (!candidates(game, seat, stage.group).some((c) => c.key === target.value.key)) return refuse('OBJECTIVE_SETTLED', '§12', { objective: target.value.key });
      settle(steps, seat, target.value.key, 'declined');
      return OK;
    }
  }
}

/** The objective of an open claim, as a target (its scheme's place in the claimant's choice). */
function targetFromSource(game: GameLayer, claim: Claim): Target {
  if (claim.source.kind === 'strategy') return { source: claim.source, slot: null, key: 'strategy' };
  const { scheme, half } = claim.source;
  const slot = game.schemes[claim.seat]?.choice.findIndex((p) => p.scheme === scheme) === 1 ? 1 : 0;
  return { source: claim.source, slot, key: `scheme${slot}.${half}` };
}

/** What a game event does to the scoring's state (the fold). */
export function evolveScoring(game: GameLayer, e: GameEvent): GameLayer['scoring'] {
  const scoring = game.scoring;
  switch (e.type) {
    case 'ScoringStepChanged':
      return { ...scoring, step: e.step };
    case 'ScoreBanked':
      return { ...scoring, ledger: [...scoring.ledger, e.entry] };
    case 'SchemeRevealed':
      return { ...scoring, revealed: [...scoring.revealed, e.scheme] };
    case 'ScoreClaimed':
      return { ...scoring, claims: [...scoring.claims, e.claim], nextClaim: Math.max(scoring.nextClaim, e.claim.id + 1) };
    case 'ClaimAnswered':
      if (e.answer === 'disputed') return { ...scoring, claims: scoring.claims.map((c) => (c.id === e.id ? { ...c, status: 'disputed' as const, reason: e.reason } : c)) };
      return { ...scoring, claims: scoring.claims.filter((c) => c.id !== e.id) };
    default:
      return scoring;
  }
}
