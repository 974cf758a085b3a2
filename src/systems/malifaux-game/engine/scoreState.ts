/**
 * What the scoring keeps in the game's state, as stored shapes: the VP ledger (every VP banked, by source
 * and turn, and each referee's correction), the schemes revealed with what opens their commitments, the
 * claims the table has not settled yet, and the End Phase's scoring step under way (§12). The seam's
 * types (`../scoring/objective.ts`) are what these shapes parse to.
 */
import { z } from 'zod';
import { seatSchema } from '../../malifaux-table/engine/schema.js';
import type { Seat } from '../../malifaux-table/engine/schema.js';
import { schemeIdSchema, strategyIdSchema } from './encounterPacks.js';
import { schemePickSchema } from './schemes.js';
import type { TableClaim, VpEntry, VpSource } from '../scoring/objective.js';

const natural = z.number().int().min(0);
const label = z.string().trim().min(1).max(80);

export const vpSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('strategy'), strategy: strategyIdSchema }),
  z.object({ kind: z.literal('scheme'), scheme: schemeIdSchema, half: z.enum(['reveal', 'end']) }),
]) satisfies z.ZodType<VpSource>;

export const vpEntrySchema = z.object({
  seat: seatSchema,
  turn: z.number().int().min(1).max(5),
  source: vpSourceSchema,
  /** +1, or −1 for a referee's correction. */
  vp: z.number().int().min(-1).max(1).refine((v) => v !== 0, { message: 'zero' }),
  how: z.enum(['records', 'confirmed', 'referee', 'correction']),
  reason: z.string().max(300).nullable(),
}) satisfies z.ZodType<VpEntry>;

/** What a player states about the table (the seam's `TableClaim`): models named as the status names them, read to ids. */
export const tableClaimSchema = z
  .object({
    count: natural.max(99).optional(),
    models: z.array(label).max(12).optional(),
    pairs: z.array(z.tuple([label, label])).max(6).optional(),
    markersRemoved: natural.max(12).optional(),
    note: z.string().trim().max(300).optional(),
  })
  .strict() satisfies z.ZodType<TableClaim>;

/** A claim the opponent has not confirmed yet, or disputed (waiting for a referee's ruling or its withdrawal). */
export const claimSchema = z.object({
  id: natural,
  seat: seatSchema,
  source: vpSourceSchema,
  claim: tableClaimSchema,
  turn: z.number().int().min(1).max(5),
  status: z.enum(['awaiting', 'disputed']),
  reason: z.string().max(300).nullable(),
  /** Made during the activations (a reveal timed by a kill or an activation), not in the End Phase's step. */
  midTurn: z.boolean(),
  /** What the opponent confirms, as the rules word it (a message key and its values), null when they give none. */
  statement: z.object({ key: z.string().max(80), params: z.record(z.string(), z.union([z.string(), z.number()])) }).nullable(),
});
export type Claim = z.infer<typeof claimSchema>;

/** A scheme shown with its pick and its salt: anyone can check it against the commitment posted at set-up. */
export const revealedSchemeSchema = z.object({
  seat: seatSchema,
  /** Its place in the player's choice (0 or 1): which commitment and which salt. */
  slot: z.union([z.literal(0), z.literal(1)]),
  pick: schemePickSchema,
  salt: z.string().regex(/^[0-9a-f]{64}$/),
  turn: z.number().int().min(1).max(5),
});
export type RevealedScheme = z.infer<typeof revealedSchemeSchema>;

/**
 * The End Phase's scoring step (END-2, §12; END-4 in turn 5): its stages in order — every strategy, then
 * every crew's schemes, the Initiative player's crew first; in turn 5's step C, the End objectives — the
 * stage under way, who is done for the rest of the step, and the sources settled in it (banked, failed,
 * claimed or declined), which are not asked again.
 */
export const SCORING_GROUPS = ['strategy', 'schemes', 'end'] as const;
export const scoringGroupSchema = z.enum(SCORING_GROUPS);
export type ScoringGroup = z.infer<typeof scoringGroupSchema>;

export const scoringStepSchema = z.object({
  stages: z.array(z.object({ group: scoringGroupSchema, seat: seatSchema })).max(6),
  stage: natural,
  done: z.tuple([z.boolean(), z.boolean()]),
  settled: z.array(z.string().max(80)).max(24),
});
export type ScoringStep = z.infer<typeof scoringStepSchema>;

export const scoringStateSchema = z.object({
  ledger: z.array(vpEntrySchema).max(200),
  revealed: z.array(revealedSchemeSchema).max(4),
  claims: z.array(claimSchema).max(8),
  /** The next claim's id (counts every claim made in the game). */
  nextClaim: natural,
  step: scoringStepSchema.nullable(),
});
export type ScoringState = z.infer<typeof scoringStateSchema>;

export const EMPTY_SCORING: ScoringState = { ledger: [], revealed: [], claims: [], nextClaim: 1, step: null };

/** A scheme's revealed record for a seat, if shown. */
export function revealedOf(revealed: readonly RevealedScheme[], seat: Seat, slot: 0 | 1): RevealedScheme | undefined {
  return revealed.find((r) => r.seat === seat && r.slot === slot);
}
