/**
 * Crews of a whole Malifaux game (issue 15 item 2): what the game and its commands call.
 *
 * A paste goes `parseCrewList(text, table)` → (enter `crew.unknownModels` / `unknownUpgrades`, then
 * `withUnknowns(crew, indexTable(table))` with the grown table) → `checkHiring(crew, table, size)`.
 */
export * from './model.js';
export { CREW_PARSE_ERROR_CODES, parseCrewList, withUnknowns, type CrewParseError, type CrewParseErrorCode } from './parse.js';
export { ENCOUNTER_SIZE_MAX, HIRE_PROBLEM_CODES, SOULSTONE_CAP, checkHiring, type HireProblem, type HireProblemCode } from './hire.js';
export { printCostedCrewList, printSectionedCrewList } from './print.js';
export { crewMessagesEn, crewMessagesFr } from './messages.js';
