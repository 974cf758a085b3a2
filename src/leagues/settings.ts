/**
 * A league's settings: how games turn into tournament points (TP), what a bye and a forfeit are worth,
 * the organiser's order of tiebreaks, and what pairing does while results are missing.
 *
 * Defaults follow the Malifaux events surveyed in ../../shared/notes/league.md: TP 3/1/0, then VP
 * difference, VP total and strength of schedule. What a bye or a forfeit is worth in VP is the
 * organiser's call (no Gaining Grounds rule is known); the defaults below are an assumption.
 */
import { z } from 'zod';

/** The standings' criteria, each sorted best first. `key` is the final deterministic key (never a tie). */
export const TIEBREAKS = ['tp', 'vpDiff', 'vpTotal', 'sos', 'headToHead', 'key'] as const;
export type Tiebreak = (typeof TIEBREAKS)[number];

/** U11 (scoring.md): a crew scores at most 8 VP in a game. */
export const MAX_GAME_VP = 8;

const tp = z.number().int().min(-100).max(100);
const vp = z.number().int().min(0).max(MAX_GAME_VP);

export const tiebreakOrderSchema = z
  .array(z.enum(TIEBREAKS))
  .min(1)
  .refine((order) => new Set(order).size === order.length, { message: 'a tiebreak appears twice' })
  // Nothing can follow the key: it separates every pair of players.
  .refine((order) => !order.includes('key') || order.at(-1) === 'key', { message: 'the key comes last' });

export const leagueSettingsSchema = z.object({
  points: z.object({ win: tp, draw: tp, loss: tp }).default({ win: 3, draw: 1, loss: 0 }),
  /** A bye scores as a win with a set VP total and VP difference (there is no opponent to subtract). */
  bye: z
    .object({ tp: tp.optional(), vp, vpDiff: z.number().int().min(-MAX_GAME_VP).max(MAX_GAME_VP) })
    .default({ vp: 5, vpDiff: 3 }),
  /**
   * A forfeit or no-show, recorded by the organiser: the player who showed scores a win with `winnerVp`,
   * the absent one a loss with `loserVp` (both absent: both lose with `loserVp`).
   */
  forfeit: z.object({ winnerVp: vp, loserVp: vp }).default({ winnerVp: 5, loserVp: 0 }),
  tiebreaks: tiebreakOrderSchema.default(['tp', 'vpDiff', 'vpTotal', 'sos']),
  /** Pairing while a past round has a table without a result: refuse, or pair and warn. */
  missingResults: z.enum(['refuse', 'warn']).default('refuse'),
  /** Upper bound of a crew's VP in a reported game; VP above it are impossible. */
  maxVp: z.number().int().min(1).max(99).default(MAX_GAME_VP),
  /** A season's rounds stay open for weeks; a one-day event's rounds are timed. */
  format: z.enum(['season', 'event']).default('season'),
  /** How long a round lasts (minutes), shown when it goes out; null: open until the next is paired. */
  roundMinutes: z.number().int().min(15).max(60 * 24 * 60).nullable().default(null),
  /** Show a Glicko-2 rating beside the standings (rating.ts). */
  rating: z.boolean().default(false),
});
export type LeagueSettings = z.infer<typeof leagueSettingsSchema>;

export const DEFAULT_SETTINGS: LeagueSettings = leagueSettingsSchema.parse({});

/** TP of a bye: a win unless the organiser set otherwise. */
export function byeTp(settings: LeagueSettings): number {
  return settings.bye.tp ?? settings.points.win;
}
