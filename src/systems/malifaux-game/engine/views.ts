/**
 * What each audience may see of a whole game. The table's views (hands, decks, the duel on the table)
 * come from the table engine unchanged, so the table's buttons and pictures read them as their own; the
 * game adds its part beside them. A crew is its player's alone until both are in (SETUP-7).
 */
import * as table from '../../malifaux-table/engine/index.js';
import type { HiredCrew } from '../crews/index.js';
import type { EncounterRecord } from './encounter.js';
import { gameDecisionId, isGameEvent, setupWaits } from './game.js';
import type { GameLayer, ModelInPlay, Stage, WholeEvent, WholeOptions, WholeState } from './schema.js';
import { revealScheme, type SchemeChoice } from './schemes.js';
import type { Claim, RevealedScheme, ScoringGroup } from './scoreState.js';
import { resultOf } from './scoringRules.js';
import { candidates, evaluate, type Target } from './scoringStep.js';
import type { Evaluation, VpEntry } from '../scoring/objective.js';
import type { TurnState } from './turns.js';
import type { Seat } from './setup.js';

export interface GamePublic {
  stage: Stage;
  options: WholeOptions;
  encounter: EncounterRecord | null;
  /** Each seat's crew once both are revealed; before that only whether it is declared. */
  crews: [PublicCrew, PublicCrew];
  deploymentStep: number;
  /** Who the game waits for outside the table's own decisions, and for what. */
  waits: { seat: Seat; kind: string }[];
  /** Each seat's scheme commitments (public from the choice), never the schemes. */
  commitments: [[string, string] | null, [string, string] | null];
  models: ModelInPlay[];
  turn: TurnState | null;
  initiativeValues: [number | null, number | null];
  /** The game's own decisions pending now, with their ids (the table's are in `pending`). */
  decisions: { seat: Seat; kind: string; id: string }[];
  /** Every VP banked, by source and turn, a referee's corrections included (U11). */
  ledger: VpEntry[];
  /** VP per seat, from the ledger. */
  vp: [number, number];
  /** The schemes shown so far, each with its commitment and whether its pick and salt open it. */
  revealed: RevealedInView[];
  /** Claims the table has not settled (the opponent's answer, or a referee's ruling awaited). */
  claims: Claim[];
  /** The End Phase's scoring step under way: whose stage, of which group, and who is done. */
  scoring: { group: ScoringGroup; seat: Seat; done: [boolean, boolean] } | null;
  /** An early end proposed and waiting for its answer, or agreed (how the game ended). */
  earlyEnd: GameLayer['earlyEnd'];
}

export type RevealedInView = RevealedScheme & { commitment: string; check: boolean };

/** One of the viewer's objectives that the scoring step may ask about now, and what the rules say of it. */
export interface ScoringCandidate extends Target {
  evaluation: Evaluation;
}

export interface PublicCrew {
  declared: boolean;
  crew: HiredCrew | null;
}

export interface GamePrivate extends GamePublic {
  /** The viewer's own crew, from the moment it is declared. */
  myCrew: HiredCrew | null;
  /** The viewer's own schemes and secret picks, once chosen. */
  mySchemes: SchemeChoice | null;
  /** The viewer's objectives the scoring step asks about now (their stage), with what the rules say. */
  myScoring: ScoringCandidate[];
}

export type WholePublicView = table.PublicView & { game: GamePublic | null };
export type WholePrivateView = table.PrivateView & { game: GamePrivate | null };

function gamePublic(state: WholeState): GamePublic | null {
  const { game } = state;
  if (!game) return null;
  const revealed = game.stage !== 'crews';
  const crew = (seat: Seat): PublicCrew => ({ declared: game.crews[seat] !== null, crew: revealed ? game.crews[seat] : null });
  return {
    stage: game.stage,
    options: game.options,
    encounter: game.encounter,
    crews: [crew(0), crew(1)],
    deploymentStep: game.deploymentStep,
    waits: setupWaits(game),
    commitments: [game.schemes[0]?.commitments ?? null, game.schemes[1]?.commitments ?? null],
    models: game.models,
    turn: game.turn,
    initiativeValues: game.initiativeValues,
    decisions: setupWaits(game).map((w) => ({ ...w, id: gameDecisionId(game, w) })),
    ledger: game.scoring.ledger,
    vp: resultOf(game.scoring.ledger).vp,
    revealed: game.scoring.revealed.map((r) => {
      const commitment = game.schemes[r.seat]?.commitments[r.slot] ?? '';
      return { ...r, commitment, check: revealScheme(commitment, r.pick, r.salt) };
    }),
    claims: game.scoring.claims,
    scoring: scoringNow(game),
    earlyEnd: game.earlyEnd,
  };
}

function scoringNow(game: GameLayer): GamePublic['scoring'] {
  const step = game.scoring.step;
  const stage = step?.stages[step.stage];
  return step && stage ? { group: stage.group, seat: stage.seat, done: step.done } : null;
}

/** The viewer's objectives at their own stage of the scoring step, judged by the rules (their secrets in it). */
function myScoring(game: GameLayer, seat: Seat): ScoringCandidate[] {
  const stage = scoringNow(game);
  if (!stage || stage.seat !== seat || stage.done[seat] || game.scoring.claims.length) return [];
  return candidates(game, seat, stage.group).map((target) => ({ ...target, evaluation: evaluate(game, seat, target) }));
}

// The table's view is made afresh for each call, so the game's part is added onto it: a literal such as
// `{ ...tableView, game }` takes a slow path in V8 on Node 20 (several µs, and an object slower to read).
export function publicView(state: WholeState): WholePublicView {
  return Object.assign(table.publicView(state.table), { game: gamePublic(state) });
}

export function privateView(state: WholeState, seat: Seat): WholePrivateView {
  const pub = gamePublic(state);
  const game = state.game;
  return Object.assign(table.privateView(state.table, seat), {
    game: pub && game && Object.assign(pub, { myCrew: game.crews[seat] ?? null, mySchemes: game.schemes[seat]?.choice ?? null, myScoring: myScoring(game, seat) }),
  });
}

/** The event as the public log may show it: a crew declared shows no crew until the reveal. */
export function publicEvent(event: WholeEvent): WholeEvent | null {
  // The table's public forms keep each event's shape (drawn cards and shuffle orders become counts).
  if (!isGameEvent(event)) return table.publicEvent(event) as WholeEvent | null;
  if (event.type === 'CrewDeclared') return { ...event, crew: null };
  // The commitments are public; the schemes and their picks are shown by their reveal (the scoring's).
  if (event.type === 'SchemesChosen') return { ...event, choice: null };
  return event;
}
