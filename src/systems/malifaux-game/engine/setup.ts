/**
 * The set-up of a whole game, between the encounter flips and turn 1 (SETUP-5..10): both crews declared in
 * secret and revealed together, then deployment in SETUP-9's order, then SETUP-10's shuffle. Pure: each
 * function checks a wish against the game's set-up and answers the facts it causes, or a refusal.
 *
 * The secret schemes (SETUP-8) sit between the crews and the deployment; their checks and commitments
 * live in schemes.ts.
 */
import { z } from 'zod';
import type { RuleError } from '../../contract.js';
import { checkHiring, hiredCrewSchema, parsedCrewSchema, modelTableSchema, type HireProblem, type HiredCrew, type ModelTable, type ParsedCrew } from '../crews/index.js';

export type Seat = 0 | 1;
export const seatSchema = z.union([z.literal(0), z.literal(1)]);

export const other = (seat: Seat): Seat => (seat === 0 ? 1 : 0);

/**
 * SETUP-9's steps, in order: the Attacker deploys the group the Defender chose, the Defender deploys the
 * whole crew, the Attacker deploys the rest. The table does the placing; the bot waits for each player
 * to say it is done, so that it always knows whose move it is.
 */
export const DEPLOYMENT_STEPS = ['attackerFirstGroup', 'defenderCrew', 'attackerRest'] as const;
export type DeploymentStep = (typeof DEPLOYMENT_STEPS)[number];

/** Whose move a deployment step is, given the Attacker. */
export function deployingSeat(step: number, attacker: Seat): Seat {
  return DEPLOYMENT_STEPS[step] === 'defenderCrew' ? other(attacker) : attacker;
}

export const declareCrewFields = {
  /** The crew as the player pasted or entered it. */
  crew: parsedCrewSchema,
  /** The server's profiles of the names in it, read by the edge from its model table. */
  profiles: modelTableSchema,
};

/** A refusal with a stable code for the edge to localize (codes: WHOLE_GAME_ERROR_CODES in decide.ts). */
export interface SetupRefusal {
  code: string;
  rule?: string;
  params?: Record<string, string | number>;
  /** Every hiring problem, when the crew breaks the hiring rules (they are listed back together). */
  problems?: HireProblem[];
  /** The same, as the refusal's parts the edge lists under it (RuleError.details). */
  details?: RuleError[];
}

/**
 * SETUP-5..7: a seat's crew, checked against the hiring rules for the encounter size. Refused once that
 * seat has declared (a crew is changed by a referee's undo, not by declaring again).
 */
export function declareCrew(crews: readonly [HiredCrew | null, HiredCrew | null], seat: Seat, crew: ParsedCrew, profiles: ModelTable, encounterSize: number): { ok: true; crew: HiredCrew; bothIn: boolean } | { ok: false; error: SetupRefusal } {
  if (crews[seat]) return { ok: false, error: { code: 'CREW_ALREADY_DECLARED', rule: 'SETUP-7' } };
  if (crew.unknownModels.length > 0 || crew.unknownUpgrades.length > 0) {
    const names = [...crew.unknownModels, ...crew.unknownUpgrades];
    return { ok: false, error: { code: 'CREW_UNKNOWN_NAMES', params: { names: names.join(', '), count: names.length } } };
  }
  const hired = checkHiring(crew, profiles, encounterSize);
  if (!hired.ok) return { ok: false, error: { code: 'CREW_NOT_HIRABLE', rule: hired.error[0]?.rule ?? 'HIRE-8', params: { count: hired.error.length }, problems: hired.error, details: hired.error.map(({ code, rule, params }) => ({ code, ...(rule ? { rule } : {}), params })) } };
  return { ok: true, crew: hired.value, bothIn: crews[other(seat)] !== null };
}

export const hiredCrewsSchema = z.tuple([hiredCrewSchema.nullable(), hiredCrewSchema.nullable()]);
