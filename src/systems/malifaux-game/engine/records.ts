/**
 * The records the scoring rules read (scoring.md §11, class a): every death of the game with its turn,
 * its activation and its killer (KILL-3, U14, REP-1 step 5), the damage dealt during the current turn
 * with its activation (Vendetta, §13-A14), and a counter over the game's activations. They are folded
 * from the facts the game already records (`ModelsChanged`, `TurnChanged`): no event of their own, so a
 * log written before them replays to the same records.
 *
 * Bounded: deaths are kept for the whole game (at most every model once, and a Replace's), damage only
 * for the turn under way (no rule reads an earlier turn's).
 */
import { z } from 'zod';
import { seatSchema } from '../../malifaux-table/engine/schema.js';
import { killerSchema, type ModelInPlay } from './models.js';
import type { TurnState } from './turns.js';
import type { DamageRecord, DeathRecord } from '../scoring/objective.js';

const natural = z.number().int().min(0);
const modelId = z.string().min(1).max(40);

// The stored shapes are the seam's: a change to one side that the other does not follow fails to compile.
export const deathRecordSchema = z.object({
  model: modelId,
  turn: natural,
  activation: natural.nullable(),
  killer: killerSchema.nullable(),
  how: z.enum(['health', 'outright', 'gameEnd', 'replacedByEnemy']),
}) satisfies z.ZodType<DeathRecord>;

export const damageRecordSchema = z.object({ by: modelId, target: modelId, amount: natural, turn: natural, activation: natural }) satisfies z.ZodType<DamageRecord>;

export const recordsSchema = z.object({
  /** Activations begun so far in the game: the number of the one under way, while one is. */
  activation: natural,
  /** The last activation that ended (the model, its number, its turn): what an end-of-activation reveal reads. */
  lastActivation: z.object({ model: modelId, activation: natural, turn: natural, seat: seatSchema }).nullable(),
  deaths: z.array(deathRecordSchema),
  damage: z.array(damageRecordSchema),
});
export type Records = z.infer<typeof recordsSchema>;

export const EMPTY_RECORDS: Records = { activation: 0, lastActivation: null, deaths: [], damage: [] };

/** The part of the game the records are folded with. */
interface Recorded {
  turn: TurnState | null;
  records: Records;
  models: readonly ModelInPlay[];
}

/** The activation under way (its number), or null outside activations. */
export function currentActivation(game: Pick<Recorded, 'turn' | 'records'>): number | null {
  return game.turn?.activating ? game.records.activation : null;
}

/**
 * What a `ModelsChanged` adds to the records: each model that has just left play (killed, or removed by a
 * Replace into another crew, AMB-29), and each damage a model dealt during an activation.
 */
export function recordModelsChanged(game: Recorded, changed: readonly ModelInPlay[], by: string | null, amount: number | null): Records {
  const records = game.records;
  const turn = game.turn?.turn ?? 0;
  const activation = currentActivation(game);
  const before = new Map(game.models.map((m) => [m.id, m]));
  const deaths: DeathRecord[] = [];
  for (const m of changed) {
    const old = before.get(m.id);
    if (m.status === 'killed' && old?.status !== 'killed') {
      deaths.push({ model: m.id, turn, activation, killer: m.killedBy, how: m.killedHow ?? 'health' });
    }
    if (m.status === 'removed' && old !== undefined && old.status !== 'removed') {
      // REP-1 step 5: replaced by a model of another crew, the old model counts as killed (with no killer:
      // nothing follows from it).
      const into = m.replacedBy.map((id) => changed.find((x) => x.id === id) ?? before.get(id)).filter((x): x is ModelInPlay => x !== undefined);
      if (into.some((x) => x.seat !== m.seat)) deaths.push({ model: m.id, turn, activation, killer: null, how: 'replacedByEnemy' });
    }
  }
  const damage: DamageRecord[] = [];
  if (by !== null && amount !== null && amount > 0 && activation !== null) {
    for (const m of changed) {
      const old = before.get(m.id);
      if (old && old.health > m.health) damage.push({ by, target: m.id, amount, turn, activation });
    }
  }
  if (!deaths.length && !damage.length) return records;
  return { ...records, deaths: [...records.deaths, ...deaths], damage: [...records.damage, ...damage] };
}

/**
 * What a `TurnChanged` does to the records: an activation begun counts one more; one ended is the last
 * ended; a new turn drops the last turn's damage.
 */
export function recordTurnChanged(game: Pick<Recorded, 'turn' | 'records'>, step: string, turn: number): Records {
  let records = game.records;
  if (game.turn && game.turn.turn !== turn) records = { ...records, damage: [], lastActivation: null };
  if (step === 'activated') records = { ...records, activation: records.activation + 1 };
  const ending = game.turn?.activating;
  if (step === 'activationEnded' && ending && game.turn) {
    records = { ...records, lastActivation: { model: ending.modelId, activation: records.activation, turn: game.turn.turn, seat: game.turn.active ?? game.turn.initiative } };
  }
  return records;
}
