/**
 * The whole-game Malifaux system's engine (issue 15). So far: the encounter by card flips and its share
 * codes. Pure: no I/O, no clock, no ambient randomness. See README.md.
 */
export type { Encounter, EncounterFlip, EncounterPlan, EncounterRecord, EncounterError, EncounterErrorCode, SeatDecks } from './encounter.js';
export {
  ENCOUNTER_ERROR_CODES,
  ENCOUNTER_SHUFFLE_INDEX,
  encounterSchema,
  encounterFlipSchema,
  encounterPlanSchema,
  encounterRecordSchema,
  fixedEncounter,
  encounterOf,
  flipEncounter,
  encounterDecks,
  encounterFromSeed,
  verifyEncounter,
  encounterNames,
} from './encounter.js';
export type { PackId, Deployment, DeploymentId, Strategy, StrategyId, Scheme, SchemeId } from './encounterPacks.js';
export {
  PACK_IDS,
  PACK_NAMES,
  DEPLOYMENTS,
  STRATEGIES,
  SCHEMES,
  POOL_SIZE,
  packIdSchema,
  deploymentIdSchema,
  strategyIdSchema,
  schemeIdSchema,
  deploymentById,
  strategyById,
  schemeById,
  deploymentForSuit,
  strategyForSuit,
  schemeForNumber,
} from './encounterPacks.js';
export { SHARE_CODE_VERSION, SHARE_CODE_LENGTH, encounterCode, decodeEncounterCode } from './shareCode.js';
