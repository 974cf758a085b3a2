/**
 * The whole game's state, commands and events, described once with zod (stored logs and snapshots are
 * parsed with these when loaded, never cast). The whole game is the table engine's decks, hands, flips
 * and duels (`table`), plus what a game of five turns adds (`game`): the encounter, the crews, the secret
 * schemes, the models in play and the turn. Its commands are the table's plus its own; so are its events.
 */
import { z } from 'zod';
import * as table from '../../malifaux-table/engine/index.js';
import { seatInfoSchema } from '../../malifaux-table/engine/schema.js';
import { encounterRecordSchema, encounterSchema } from './encounter.js';
import { packIdSchema } from './encounterPacks.js';
import { declareCrewFields, hiredCrewsSchema, seatSchema } from './setup.js';
import { hiredCrewSchema } from '../crews/index.js';

export const WHOLE_GAME_ID = 'm3e-game';

const int = z.number().int();
const natural = int.min(0);

/** SETUP-1: 50 by default; the hiring checks accept what the players agree on. */
export const DEFAULT_ENCOUNTER_SIZE = 50;

/** What /game new chose: the pack (core or GG3) or a fixed encounter, and the encounter size. */
export const wholeOptionsSchema = z
  .object({
    pack: packIdSchema.default('core'),
    /** A fixed encounter (an organiser's share code, a league round): only the Attacker is flipped. */
    encounter: encounterSchema.optional(),
    encounterSize: int.min(20).max(99).default(DEFAULT_ENCOUNTER_SIZE),
    handLimit: int.min(1).max(20).optional(),
  })
  .strip();
export type WholeOptions = z.infer<typeof wholeOptionsSchema>;
export type WholeOptionsInput = z.input<typeof wholeOptionsSchema>;

/** Where the game is: set-up stages, then the turns, then over. */
export const STAGES = ['crews', 'schemes', 'deployment', 'turns', 'over'] as const;
export const stageSchema = z.enum(STAGES);
export type Stage = z.infer<typeof stageSchema>;

// ---------------------------------------------------------------------------------------------------
// Commands (the whole game's own; the table's are accepted beside them)

export const gameCommandSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('startWholeGame'),
    gameId: z.string().min(1).max(100),
    seats: z.tuple([seatInfoSchema, seatInfoSchema]),
    seed: z.string(),
    createdBy: z.string(),
    options: wholeOptionsSchema,
  }),
  z.object({ type: z.literal('declareCrew'), ...declareCrewFields }),
  z.object({ type: z.literal('deployed') }),
]);
export type GameCommand = z.infer<typeof gameCommandSchema>;
export type WholeCommand = GameCommand | table.Command;

// ---------------------------------------------------------------------------------------------------
// Events (the whole game's own; the table's are recorded beside them)

export const gameEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('WholeGameStarted'), options: wholeOptionsSchema }),
  z.object({ type: z.literal('EncounterFlipped'), record: encounterRecordSchema }),
  /** Secret until both crews are in: the public log shows only that a crew was declared (crew null). */
  z.object({ type: z.literal('CrewDeclared'), seat: seatSchema, crew: hiredCrewSchema.nullable() }),
  /** SETUP-7: both crews in full, at once. */
  z.object({ type: z.literal('CrewsRevealed'), crews: z.tuple([hiredCrewSchema, hiredCrewSchema]) }),
  z.object({ type: z.literal('StageBegan'), stage: stageSchema }),
  z.object({ type: z.literal('DeploymentStepDone'), step: natural.max(2), seat: seatSchema }),
]);
export type GameEvent = z.infer<typeof gameEventSchema>;
export type WholeEvent = GameEvent | table.GameEvent;

export const GAME_EVENT_TYPES: ReadonlySet<string> = new Set(gameEventSchema.options.map((o) => o.shape.type.value));
export const GAME_COMMAND_TYPES: ReadonlySet<string> = new Set(gameCommandSchema.options.map((o) => o.shape.type.value));

export const wholeEventSchema: z.ZodType<WholeEvent> = z.union([gameEventSchema, table.eventSchema]) as z.ZodType<WholeEvent>;
export const wholeCommandSchema: z.ZodType<WholeCommand> = z.union([gameCommandSchema, table.commandSchema]) as z.ZodType<WholeCommand>;

// ---------------------------------------------------------------------------------------------------
// State

export const gameLayerSchema = z.object({
  options: wholeOptionsSchema,
  encounter: encounterRecordSchema.nullable(),
  stage: stageSchema,
  /** Counts the whole game's own events: a decision's id names the count at which it opened. */
  seq: natural,
  /** `seq` when the current stage (or deployment step) began: the id of the decisions it opened. */
  stageSeq: natural,
  crews: hiredCrewsSchema,
  deploymentStep: natural.max(3),
});
export type GameLayer = z.infer<typeof gameLayerSchema>;

export const wholeStateSchema = z.object({ table: table.stateSchema, game: gameLayerSchema.nullable() });
export type WholeState = { table: table.GameState; game: GameLayer | null };
