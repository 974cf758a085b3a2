/**
 * The encounter by card flips (SETUP-2, SETUP-3, SETUP-4; scoring.md §2): who is the Attacker, the
 * strategy, the deployment and the scheme pool, all read from cards of the players' own Fate Decks,
 * never from uniform random numbers. Every card flipped is recorded in order, so anyone holding the
 * decks (or the seed they were shuffled from) can replay the encounter and check it.
 *
 * Pure: the decks come in (top first); `encounterFromSeed` shuffles them with the table engine's
 * documented shuffle (shuffle number 0 of each seat, the SETUP-2 shuffle).
 */
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import type { Result, RuleError } from '../../contract.js';
import type { CardCode, Suit } from '../../malifaux-table/engine/cards.js';
import { cardValue, freshDeck, isJoker, parseCard } from '../../malifaux-table/engine/cards.js';
import { isValidSeed, shuffleCards } from '../../malifaux-table/engine/rng.js';
import { cardCodeSchema, seatSchema } from '../../malifaux-table/engine/schema.js';
import type { Seat } from '../../malifaux-table/engine/schema.js';
import {
  POOL_SIZE,
  deploymentById,
  deploymentForSuit,
  deploymentIdSchema,
  packIdSchema,
  schemeById,
  schemeForNumber,
  schemeIdSchema,
  strategyById,
  strategyForSuit,
  strategyIdSchema,
} from './encounterPacks.js';
import type { PackId, SchemeId } from './encounterPacks.js';

// ---------------------------------------------------------------------------------------------------
// Shapes (stored: the encounter becomes an event payload of the game, and what a share code carries)

/**
 * A fixed encounter: pack, strategy, deployment and the five schemes of the pool. Canonical form: the
 * schemes are distinct, of the pack, in ascending scheme number, so two equal encounters are equal values.
 */
export const encounterSchema = z
  .object({
    pack: packIdSchema,
    strategy: strategyIdSchema,
    deployment: deploymentIdSchema,
    schemes: z.array(schemeIdSchema).length(POOL_SIZE),
  })
  .superRefine((e, ctx) => {
    // Messages are stable problem codes: they reach the edge as params of ENCOUNTER_INVALID.
    if (strategyById(e.strategy)?.pack !== e.pack) ctx.addIssue({ code: 'custom', path: ['strategy'], message: 'notInPack' });
    const schemes = e.schemes.map((id) => schemeById(id));
    schemes.forEach((s, i) => {
      if (s?.pack !== e.pack) ctx.addIssue({ code: 'custom', path: ['schemes', i], message: 'notInPack' });
    });
    for (let i = 1; i < schemes.length; i++) {
      if ((schemes[i]?.number ?? 0) <= (schemes[i - 1]?.number ?? 0)) {
        ctx.addIssue({ code: 'custom', path: ['schemes', i], message: 'notDistinctAscending' });
      }
    }
  });
export type Encounter = z.infer<typeof encounterSchema>;

/**
 * One card flipped during the encounter, with what it did:
 * - `attacker` step (SETUP-2): `joker` — that player flips again; `tie` — equal values, both flip again;
 *   `attacker` / `defender` — the higher and the lower card, whose suits are read by SETUP-3;
 * - `schemePool` step (SETUP-4, the Attacker's deck): `joker` or `duplicate` — flipped again; `scheme` — in the pool.
 */
export const encounterFlipSchema = z.discriminatedUnion('step', [
  z.object({ step: z.literal('attacker'), seat: seatSchema, card: cardCodeSchema, outcome: z.enum(['joker', 'tie', 'attacker', 'defender']) }),
  z.object({ step: z.literal('schemePool'), seat: seatSchema, card: cardCodeSchema, outcome: z.enum(['joker', 'duplicate', 'scheme']) }),
]);
export type EncounterFlip = z.infer<typeof encounterFlipSchema>;

/**
 * How a game's encounter is set: flipped from a pack, or fixed beforehand (an organiser's /encounter
 * share code, a league round). A fixed encounter still flips for Attacker: the roles decide the
 * deployment order and the Initiative until Turn 1 (SETUP-2, SETUP-9).
 */
export const encounterPlanSchema = z.union([z.object({ pack: packIdSchema }).strict(), z.object({ fixed: encounterSchema }).strict()]);
export type EncounterPlan = z.infer<typeof encounterPlanSchema>;

/** The encounter as set up, with every flip in order: the record a game stores. */
export const encounterRecordSchema = z.object({
  source: z.enum(['flipped', 'fixed']),
  encounter: encounterSchema,
  attacker: seatSchema,
  /** The final cards of the Attacker flip: the Attacker's suit read the strategy, the Defender's the deployment. */
  cards: z.object({ attacker: cardCodeSchema, defender: cardCodeSchema }),
  flips: z.array(encounterFlipSchema).max(108),
});
export type EncounterRecord = z.infer<typeof encounterRecordSchema>;

/** The two seats' decks, top card first. */
export type SeatDecks = readonly [readonly CardCode[], readonly CardCode[]];

export const ENCOUNTER_ERROR_CODES = [
  'ENCOUNTER_INVALID',
  'ENCOUNTER_SEED_INVALID',
  'ENCOUNTER_DECK_INVALID',
  'ENCOUNTER_DECK_EXHAUSTED',
  // share codes (shareCode.ts)
  'ENCOUNTER_CODE_INVALID',
  'ENCOUNTER_CODE_VERSION',
] as const;
export type EncounterErrorCode = (typeof ENCOUNTER_ERROR_CODES)[number];

/** A refusal with a stable code for the edge to localize. */
export type EncounterError = RuleError & { code: EncounterErrorCode };

/** The shuffle of each seat's 54 cards that SETUP-2 flips from: shuffle number 0 of the seed's stream. */
export const ENCOUNTER_SHUFFLE_INDEX = 0;

// ---------------------------------------------------------------------------------------------------
// Building a fixed encounter

/** A fixed encounter from its parts, in canonical form (schemes sorted by number), or why not. */
export function fixedEncounter(input: { pack: PackId; strategy: string; deployment: string; schemes: readonly string[] }): Result<Encounter, EncounterError> {
  const schemes = [...input.schemes].sort((a, b) => (schemeById(a)?.number ?? 0) - (schemeById(b)?.number ?? 0));
  const parsed = encounterSchema.safeParse({ ...input, schemes });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const problem = issue?.code === 'custom' ? issue.message : (issue?.code ?? '');
    return refuse('ENCOUNTER_INVALID', { field: issue?.path.join('.') ?? '', problem });
  }
  return { ok: true, value: parsed.data };
}

/** The encounter a pack's suits and scheme numbers give (SETUP-3, SETUP-4). */
export function encounterOf(pack: PackId, strategySuit: Suit, deploymentSuit: Suit, schemeNumbers: readonly number[]): Encounter {
  const schemes = [...schemeNumbers].sort((a, b) => a - b).map((n) => schemeForNumber(pack, n)?.id as SchemeId);
  return { pack, strategy: strategyForSuit(pack, strategySuit).id, deployment: deploymentForSuit(deploymentSuit).id, schemes };
}

// ---------------------------------------------------------------------------------------------------
// The procedure

/** Reads a seat's deck from the top; `null` once it is used up. */
class DeckTop {
  private next = 0;
  constructor(private readonly cards: readonly CardCode[]) {}
  flip(): CardCode | null {
    return this.cards[this.next++] ?? null;
  }
}

const SEATS: readonly Seat[] = [0, 1];

/**
 * SETUP-2: each player flips; a joker is flipped again by its player, equal values make both flip
 * again; the higher card is the Attacker. Cards stay set aside (no reshuffle during setup), so a deck
 * that runs out refuses the encounter (it takes dozens of ties in a row: with shuffled decks, never).
 */
function flipForAttacker(tops: readonly [DeckTop, DeckTop], flips: EncounterFlip[]): Result<{ attacker: Seat; cards: [CardCode, CardCode] }, EncounterError> {
  for (;;) {
    const round: CardCode[][] = [[], []];
    for (const seat of SEATS) {
      for (;;) {
        const card = tops[seat].flip();
        if (card === null) return refuse('ENCOUNTER_DECK_EXHAUSTED', { seat }, 'SETUP-2');
        round[seat]?.push(card);
        if (!isJoker(card)) break;
      }
    }
    const finals = round.map((cards) => cards[cards.length - 1] as CardCode) as [CardCode, CardCode];
    const [v0, v1] = finals.map(cardValue) as [number, number];
    const attacker: Seat = v0 > v1 ? 0 : 1;
    // Recorded seat by seat: each player's jokers, then the card that counts.
    for (const seat of SEATS) {
      for (const card of round[seat] ?? []) {
        const outcome = isJoker(card) ? 'joker' : v0 === v1 ? 'tie' : seat === attacker ? 'attacker' : 'defender';
        flips.push({ step: 'attacker', seat, card, outcome });
      }
    }
    if (v0 !== v1) return { ok: true, value: { attacker, cards: [finals[attacker], finals[1 - attacker] as CardCode] } };
  }
}

/** SETUP-4: the Attacker flips until 5 distinct values; jokers and values already in the pool are flipped again. */
function flipSchemePool(top: DeckTop, seat: Seat, flips: EncounterFlip[]): Result<number[], EncounterError> {
  const pool: number[] = [];
  while (pool.length < POOL_SIZE) {
    const card = top.flip();
    if (card === null) return refuse('ENCOUNTER_DECK_EXHAUSTED', { seat }, 'SETUP-4');
    const outcome = isJoker(card) ? 'joker' : pool.includes(cardValue(card)) ? 'duplicate' : 'scheme';
    if (outcome === 'scheme') pool.push(cardValue(card));
    flips.push({ step: 'schemePool', seat, card, outcome });
  }
  return { ok: true, value: pool };
}

const deckSchema = z
  .array(cardCodeSchema)
  .max(54)
  .refine((cards) => new Set(cards).size === cards.length, { message: 'a card twice in one deck' });

/**
 * The encounter flipped from the two decks (top first): from a pack, every step; from a fixed
 * encounter, only the Attacker flip. Decks may be only their top cards (stacked decks in tests).
 */
export function flipEncounter(plan: EncounterPlan, decks: SeatDecks): Result<EncounterRecord, EncounterError> {
  for (const seat of SEATS) {
    if (!deckSchema.safeParse(decks[seat]).success) return refuse('ENCOUNTER_DECK_INVALID', { seat });
  }
  const tops = [new DeckTop(decks[0]), new DeckTop(decks[1])] as const;
  const flips: EncounterFlip[] = [];
  const roles = flipForAttacker(tops, flips);
  if (!roles.ok) return roles;
  const { attacker, cards } = roles.value;
  const record = (source: EncounterRecord['source'], encounter: Encounter): Result<EncounterRecord, EncounterError> => ({
    ok: true,
    value: { source, encounter, attacker, cards: { attacker: cards[0], defender: cards[1] }, flips },
  });
  if ('fixed' in plan) return record('fixed', plan.fixed);
  const pool = flipSchemePool(tops[attacker], attacker, flips);
  if (!pool.ok) return pool;
  return record('flipped', encounterOf(plan.pack, suitOf(cards[0]), suitOf(cards[1]), pool.value));
}

/** Each seat's deck for the encounter: the seed's shuffle number 0 of the 54 cards (README "Shuffles"). */
export function encounterDecks(seed: string): [CardCode[], CardCode[]] {
  return [0, 1].map((seat) => shuffleCards(seed, seat, ENCOUNTER_SHUFFLE_INDEX, freshDeck()).order) as [CardCode[], CardCode[]];
}

/** The encounter flipped from decks shuffled from a seed (64 hex characters, as a game's seed). */
export function encounterFromSeed(plan: EncounterPlan, seed: string): Result<EncounterRecord, EncounterError> {
  const hex = seed.toLowerCase();
  if (!isValidSeed(hex)) return refuse('ENCOUNTER_SEED_INVALID', {});
  return flipEncounter(plan, encounterDecks(hex));
}

/** Whether a record is exactly what its seed flips for its plan: every card, in order, and the outcome. */
export function verifyEncounter(seed: string, record: EncounterRecord): boolean {
  const plan: EncounterPlan = record.source === 'fixed' ? { fixed: record.encounter } : { pack: record.encounter.pack };
  const again = encounterFromSeed(plan, seed);
  return again.ok && isDeepStrictEqual(again.value, record);
}

/** English names of an encounter's parts, for logs and tests (the edge localizes by id). */
export function encounterNames(e: Encounter): { strategy: string; deployment: string; schemes: string[] } {
  return {
    strategy: strategyById(e.strategy)?.name ?? e.strategy,
    deployment: deploymentById(e.deployment)?.name ?? e.deployment,
    schemes: e.schemes.map((id) => schemeById(id)?.name ?? id),
  };
}

function suitOf(card: CardCode): Suit {
  const parsed = parseCard(card);
  // Jokers never end the Attacker flip, so the final cards always have a suit.
  return parsed.kind === 'std' ? parsed.suit : 'R';
}

/** A refusal as a Result. */
export function refuse<T>(code: EncounterErrorCode, params: Record<string, string | number>, rule?: string): Result<T, EncounterError> {
  return { ok: false, error: rule === undefined ? { code, params } : { code, rule, params } };
}
