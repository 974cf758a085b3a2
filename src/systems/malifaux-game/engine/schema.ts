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
import { hiredCrewSchema, modelProfileSchema } from '../crews/index.js';
import { modelInPlaySchema, conditionIdSchema, type ModelInPlay } from './models.js';
import { schemeChoiceSchema } from './schemes.js';
import { recordsSchema, EMPTY_RECORDS } from './records.js';
import { claimSchema, EMPTY_SCORING, revealedSchemeSchema, scoringStepSchema, scoringStateSchema, tableClaimSchema, vpEntrySchema } from './scoreState.js';
import { schemeIdSchema } from './encounterPacks.js';
import { turnStateSchema } from './turns.js';
import { damageSpecSchema, suitSchema } from '../../malifaux-table/engine/schema.js';

export const WHOLE_GAME_ID = 'm3e-game';

const int = z.number().int();
const natural = int.min(0);
const modelIdSchema = z.string().min(1).max(40);

/** SETUP-1: 50 by default; the hiring checks accept what the players agree on. */
export const DEFAULT_ENCOUNTER_SIZE = 50;

/** What /game new chose: the pack (core or GG3) or a fixed encounter, and the encounter size. */
export const wholeOptionsSchema = z
  .object({
    pack: packIdSchema.default('core'),
    /** A fixed encounter (an organiser's share code, a league round): only the Attacker is flipped. */
    encounter: encounterSchema.optional(),
    /** The same, as its share code (/encounter): read when the game starts, refused if it is not one. */
    encounterCode: z.string().trim().min(1).max(20).optional(),
    encounterSize: int.min(20).max(99).default(DEFAULT_ENCOUNTER_SIZE),
    handLimit: int.min(1).max(20).optional(),
    /** §13-A21: the cost of a model printed with a dash (a Master) where the schemes compare costs, as the players set it; absent: 0. */
    noCostValue: int.min(0).max(20).optional(),
  })
  .strip();
export type WholeOptions = z.infer<typeof wholeOptionsSchema>;
export type WholeOptionsInput = z.input<typeof wholeOptionsSchema>;

/** Where the game is: set-up stages, then the turns, then over. */
export const STAGES = ['crews', 'schemes', 'deployment', 'turns', 'over'] as const;
export const stageSchema = z.enum(STAGES);
export type Stage = z.infer<typeof stageSchema>;

/** An objective as a command names it: the strategy, or a scheme by its number (1–13) or id. */
const objectiveSchema = z.union([z.literal('strategy'), int.min(1).max(13), schemeIdSchema]);

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
  /** SETUP-8: two schemes of the pool and their secret picks. */
  z.object({ type: z.literal('chooseSchemes'), choice: schemeChoiceSchema }),
  /**
   * The same, as a player types it: two scheme numbers of the pool, the models each needs (named as the
   * status names them: A2, "Page 2"), the marker type and the terrain piece when the scheme needs one.
   */
  z.object({
    type: z.literal('chooseSchemesByNumber'),
    numbers: z.tuple([int.min(1).max(13), int.min(1).max(13)]),
    picks: z.tuple([z.array(z.string().min(1).max(80)).max(6), z.array(z.string().min(1).max(80)).max(6)]),
    markerType: z.string().trim().min(1).max(80).optional(),
    terrain: z.string().trim().min(1).max(80).optional(),
  }),
  /** A Start Phase step done by this player: discards (START-1), the soulstone draw (START-2), effects (START-4). */
  z.object({ type: z.literal('startStepDone') }),
  /** START-3: this player's initiative flip (a table flip: it may be cheated). */
  z.object({ type: z.literal('flipInitiative') }),
  z.object({ type: z.literal('chooseInitiative'), holder: seatSchema }),
  z.object({ type: z.literal('activate'), model: modelIdSchema }),
  z.object({ type: z.literal('takeAction'), bonus: z.boolean().optional(), generated: z.boolean().optional() }),
  z.object({ type: z.literal('endActivation') }),
  z.object({ type: z.literal('pass') }),
  /** END-2: this player is done scoring for the rest of the step (what `declineScoring` with no objective does). */
  z.object({ type: z.literal('scoringDone') }),
  /**
   * END-2, §11: the table's word on an objective the bot cannot decide alone — the strategy, or one of the
   * sender's schemes by its number or id (its Reveal, or its End in turn 5's step C). Claiming a scheme
   * not yet shown reveals it.
   */
  z.object({ type: z.literal('claimScore'), objective: objectiveSchema, half: z.enum(['reveal', 'end']).optional(), claim: tableClaimSchema }),
  /** The opponent agrees with the open claim (or the one named): its VP is banked. */
  z.object({ type: z.literal('confirmClaim'), claim: natural.optional() }),
  /** The opponent disagrees, saying why: a referee rules, or the claimant withdraws it. */
  z.object({ type: z.literal('disputeClaim'), claim: natural.optional(), reason: z.string().trim().min(1).max(300) }),
  /** The claimant gives a claim up: nothing is banked. */
  z.object({ type: z.literal('withdrawClaim'), claim: natural.optional() }),
  /** The sender scores nothing more in this step (no objective), or not this objective. */
  z.object({ type: z.literal('declineScoring'), objective: objectiveSchema.optional(), half: z.enum(['reveal', 'end']).optional() }),
  /** A referee settles a claim, disputed or not. */
  z.object({ type: z.literal('ruleClaim'), claim: natural.optional(), accept: z.boolean(), reason: z.string().trim().max(300).optional() }),
  /** A referee corrects a crew's score by one VP, for a reason the log keeps. */
  z.object({
    type: z.literal('correctScore'),
    seat: seatSchema,
    objective: objectiveSchema,
    half: z.enum(['reveal', 'end']).optional(),
    vp: z.union([z.literal(1), z.literal(-1)]),
    reason: z.string().trim().min(1).max(300),
    /** The turn the VP belongs to (a correction takes back VP of the turn it names); the turn under way by default. */
    turn: int.min(1).max(5).optional(),
  }),
  /** A player proposes to end the game now, with the VP as they stand (issue 16 §4: an agreed early end). */
  z.object({ type: z.literal('proposeEarlyEnd') }),
  /** The opponent accepts the proposal or declines it; its proposer declining it takes it back. */
  z.object({ type: z.literal('answerEarlyEnd'), accept: z.boolean() }),
  /** An attack or opposed action between two models: the table's opposed duel, with their stats. */
  z.object({
    type: z.literal('modelDuel'),
    attacker: modelIdSchema,
    target: modelIdSchema,
    stat: int.min(0).max(30),
    statSuits: z.array(suitSchema).max(4).optional(),
    resist: z.enum(['df', 'wp']),
    modifier: int.min(-20).max(20).optional(),
    fate: int.min(-10).max(10).optional(),
    targetFate: int.min(-10).max(10).optional(),
    tn: int.min(0).max(40).optional(),
    damage: damageSpecSchema.optional(),
    armor: natural.max(20).optional(),
    inCover: z.boolean().optional(),
    label: z.string().max(200).optional(),
  }),
  /**
   * Damage or healing from an effect the bot does not resolve itself (a player's or a referee's entry).
   * `chosen`: damage the model takes by its own choice, a cost or an option (DMG-16).
   */
  z.object({ type: z.literal('damageModel'), model: modelIdSchema, amount: natural.max(99), by: modelIdSchema.optional(), chosen: z.boolean().optional() }),
  z.object({ type: z.literal('healModel'), model: modelIdSchema, amount: natural.max(99) }),
  z.object({ type: z.literal('changeCondition'), model: modelIdSchema, condition: conditionIdSchema, change: int.min(-99).max(99), x: z.string().max(80).optional() }),
  z.object({ type: z.literal('changeTokens'), model: modelIdSchema, token: z.string().trim().min(1).max(40), change: int.min(-99).max(99) }),
  z.object({ type: z.literal('summonModel'), summoner: modelIdSchema, profile: modelProfileSchema }),
  /** `intoMyCrew`: the new model joins the sender's crew, in place of an enemy model (REP-1 step 5: the old one counts as killed). */
  z.object({ type: z.literal('replaceModel'), models: z.array(modelIdSchema).min(1).max(6), profiles: z.array(modelProfileSchema).min(1).max(6), heal: natural.max(99).optional(), intoMyCrew: z.boolean().optional() }),
  z.object({ type: z.literal('buryModel'), model: modelIdSchema }),
  z.object({ type: z.literal('unburyModel'), model: modelIdSchema }),
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
  /** SETUP-8: the commitments are public; the choice is its player's until revealed (null in the public log). */
  z.object({ type: z.literal('SchemesChosen'), seat: seatSchema, commitments: z.tuple([z.string(), z.string()]), choice: schemeChoiceSchema.nullable() }),
  /** The models' profiles the game knows (the crews' at the reveal, a summon's): their stats for duels. */
  z.object({ type: z.literal('ProfilesKnown'), profiles: z.array(modelProfileSchema) }),
  /** The turn moved on: the turn's state after it, with what moved it (for the log). */
  z.object({
    type: z.literal('TurnChanged'),
    turn: turnStateSchema,
    step: z.string().max(40),
    seat: seatSchema.nullable(),
    model: modelIdSchema.nullable(),
    totals: z.tuple([int, int]).optional(),
    gained: z.tuple([natural, natural]).optional(),
    warning: z.string().max(20).optional(),
  }),
  z.object({ type: z.literal('InitiativeFlipped'), seat: seatSchema, value: natural.max(14) }),
  /** Models changed: each model as it is now, and why (for the log). */
  z.object({ type: z.literal('ModelsChanged'), models: z.array(modelInPlaySchema), change: z.string().max(40), by: modelIdSchema.nullable(), amount: int.nullable() }),
  z.object({ type: z.literal('ModelDuelStarted'), resolution: natural, attacker: modelIdSchema, target: modelIdSchema }),
  z.object({ type: z.literal('ModelDuelEnded'), resolution: natural }),
  /** The End Phase's scoring step as it now stands (null: closed), and what moved it (for the log). */
  z.object({
    type: z.literal('ScoringStepChanged'),
    step: scoringStepSchema.nullable(),
    change: z.string().max(40),
    seat: seatSchema.nullable(),
    /** When an objective everyone knows fails by the records: the rules' reason. */
    failure: z.object({ code: z.string().max(60), rule: z.string().max(40), params: z.record(z.string(), z.union([z.string(), z.number()])) }).optional(),
  }),
  /** One VP banked (or a referee's correction), and the claim it settles. */
  z.object({ type: z.literal('ScoreBanked'), entry: vpEntrySchema, claim: natural.nullable() }),
  /** A scheme shown with its pick and its salt (public from now on): its commitment can be checked. */
  z.object({ type: z.literal('SchemeRevealed'), scheme: revealedSchemeSchema, why: z.enum(['scored', 'claimed', 'gameEnd', 'corrected']) }),
  z.object({ type: z.literal('ScoreClaimed'), claim: claimSchema }),
  /** A claim answered: by the opponent (confirmed, disputed), its claimant (withdrawn) or a referee (accepted, rejected). */
  z.object({
    type: z.literal('ClaimAnswered'),
    id: natural,
    seat: seatSchema.nullable(),
    answer: z.enum(['confirmed', 'disputed', 'withdrawn', 'accepted', 'rejected']),
    reason: z.string().max(300).nullable(),
  }),
  /** A player proposed to end the game now; the game waits for the other player's answer. */
  z.object({ type: z.literal('EarlyEndProposed'), seat: seatSchema }),
  /** The proposal answered (`seat`: who answered): accepted, the game is over with the VP as they stand. */
  z.object({ type: z.literal('EarlyEndAnswered'), seat: seatSchema, accepted: z.boolean() }),
]);
export type GameEvent = z.infer<typeof gameEventSchema>;
export type WholeEvent = GameEvent | table.GameEvent;

export const GAME_EVENT_TYPES: ReadonlySet<string> = new Set(gameEventSchema.options.map((o) => o.shape.type.value));
export const GAME_COMMAND_TYPES: ReadonlySet<string> = new Set(gameCommandSchema.options.map((o) => o.shape.type.value));

export const wholeEventSchema: z.ZodType<WholeEvent> = z.union([gameEventSchema, table.eventSchema]) as z.ZodType<WholeEvent>;
export const wholeCommandSchema: z.ZodType<WholeCommand> = z.union([gameCommandSchema, table.commandSchema]) as z.ZodType<WholeCommand>;

// ---------------------------------------------------------------------------------------------------
// State

export const schemeSeatSchema = z.object({ commitments: z.tuple([z.string(), z.string()]), choice: schemeChoiceSchema });

export const gameLayerSchema = z.object({
  options: wholeOptionsSchema,
  encounter: encounterRecordSchema.nullable(),
  stage: stageSchema,
  /** Counts the whole game's own events: a decision's id names the count at which it opened. */
  seq: natural,
  /** `seq` when the current stage (or deployment step) began: the id of the decisions it opened. */
  stageSeq: natural,
  /** Table decisions opened so far (a cheat, a soulstone…): each interrupts the game's own, which reopen after it. */
  interrupts: natural,
  crews: hiredCrewsSchema,
  deploymentStep: natural.max(3),
  schemes: z.tuple([schemeSeatSchema.nullable(), schemeSeatSchema.nullable()]),
  profiles: z.record(z.string(), modelProfileSchema),
  models: z.array(modelInPlaySchema),
  turn: turnStateSchema.nullable(),
  initiativeValues: z.tuple([natural.nullable(), natural.nullable()]),
  duel: z.object({ resolution: natural, attacker: modelIdSchema, target: modelIdSchema }).nullable(),
  /** What the scoring rules read (deaths, this turn's damage, activations); absent from snapshots made before them. */
  records: recordsSchema.default(EMPTY_RECORDS),
  /** The VP ledger, the schemes revealed, open claims, the scoring step under way. */
  scoring: scoringStateSchema.default(EMPTY_SCORING),
  /** An early end proposed by `seat` and waiting for the other's answer, or (agreed) the way the game ended. */
  earlyEnd: z.object({ seat: seatSchema, agreed: z.boolean() }).nullable().default(null),
});
export type GameLayer = z.infer<typeof gameLayerSchema>;

export const wholeStateSchema = z.object({ table: table.stateSchema, game: gameLayerSchema.nullable() });
export type WholeState = { table: table.GameState; game: GameLayer | null };

export type { ModelInPlay };
