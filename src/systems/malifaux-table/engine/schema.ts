/**
 * The engine's data, described once with zod: commands (wishes), events (facts) and the game state.
 * The TypeScript types are inferred from these schemas so the two can never drift apart; the app uses
 * `stateSchema` to validate snapshots and `commandSchema` / `eventSchema` to validate input and logs.
 *
 * State and events hold only JSON values (no undefined-dependent meaning, no Maps, no classes), so a
 * snapshot round-trips through JSON and replay(events) deep-equals the incrementally evolved state.
 */
import { z } from 'zod';
import { SUITS, isCardCode } from './cards.js';

// ---------------------------------------------------------------------------------------------------
// Atoms

export const seatSchema = z.union([z.literal(0), z.literal(1)]);
export type Seat = z.infer<typeof seatSchema>;

export const suitSchema = z.enum(SUITS);
export const cardCodeSchema = z.string().refine(isCardCode, { message: 'not a card code' });
const int = z.number().int();
const natural = int.min(0);
/** Net fate modifier: FLIP-3 caps the cards at 4, so any |net| ≥ 3 behaves alike; ±10 bounds silly input. */
export const fateSchema = int.min(-10).max(10);
const nameSchema = z.string().min(1).max(100);

/**
 * Which flip of a resolution: a standalone flip, a duel side's, the damage flip, the soulstone reduction flip,
 * or the other player's flip of a flip both players make at once (`pair`: START-3's initiative flip).
 */
export const flipSlotSchema = z.enum(['main', 'attacker', 'defender', 'damage', 'reduce', 'pair']);
export type FlipSlot = z.infer<typeof flipSlotSchema>;

export const gameSystemSchema = z.enum(['m3e', 'gg3', 'fateforge']);
export type GameSystem = z.infer<typeof gameSystemSchema>;
/** Alias used by the app. */
export type SystemId = GameSystem;

export const triggerTimingSchema = z.enum(['immediately', 'whenResolving', 'afterSucceeding', 'afterResolving', 'afterKilling']);
export type TriggerTiming = z.infer<typeof triggerTimingSchema>;

/** A trigger the model could declare: its suits form a multiset (DUEL-5, AMB-42). Timing defaults to afterSucceeding (TRIG-6). */
export const triggerSpecSchema = z.object({
  name: nameSchema,
  suits: z.array(suitSchema).max(4),
  timing: triggerTimingSchema.optional(),
  /** TRIG-4: an italic cost paid on declaration — hand cards to discard. A trigger the hand cannot pay is not offered. */
  cost: z.object({ discard: int.min(1).max(6) }).optional(),
  /** An attacker's "when resolving: +N damage" (DMG-7 step 2): added to the action's damage if the trigger fires. */
  damage: int.min(1).max(9).optional(),
});
export type TriggerSpec = z.infer<typeof triggerSpecSchema>;

/** FLIP-8: weak/moderate/severe amounts of a variable flip. */
export const variableProfileSchema = z.tuple([natural.max(99), natural.max(99), natural.max(99)]);
/** A flip both players make at once (START-3): who decides first whether to cheat when both cards are equal. */
export const pairSchema = z.object({ firstOnTie: seatSchema });

/** DMG-12: the healed model's Health now and at most. */
export const healTargetSchema = z.object({ health: natural.max(99), maxHealth: int.min(1).max(99) });

/** DMG-1: a fixed value, or weak/moderate/severe. */
export const damageProfileSchema = z.union([natural.max(99), z.tuple([natural.max(99), natural.max(99), natural.max(99)])]);
export type DamageProfile = z.infer<typeof damageProfileSchema>;

/** Damage dealt after a successful duel (or by damageFlip). */
export const damageSpecSchema = z.object({
  profile: damageProfileSchema,
  /** DMG-13: blast icons in the weak, moderate and severe bands. */
  blasts: z.tuple([natural.max(9), natural.max(9), natural.max(9)]).optional(),
  /** "+N damage" (DMG-6: not applied on the BJ, DMG-11). */
  plus: int.min(-20).max(20).optional(),
  /** DMG-8 / AMB-17: ignores every reduction. */
  irreducible: z.boolean().optional(),
  /** Other fate modifiers of the damage flip: Focused +, the action's text (DMG-4). */
  fate: fateSchema.optional(),
  /** CHEAT-3d: false when an effect forbids cheating the damage flip. */
  cheatable: z.boolean().optional(),
});
export type DamageSpec = z.infer<typeof damageSpecSchema>;

/** What the engine needs to know about the damaged model (DMG-8, SS-3, DMG-10). */
const targetFields = {
  armor: natural.max(20).optional(),
  /** Shielded +X: the value; any X ≥ 1 reduces this damage by 1 (COND-6). */
  shielded: natural.max(20).optional(),
  /** Current Health, to report `applied` and `killed` (DMG-10). */
  targetHealth: natural.max(99).optional(),
  targetSoulstoneUser: z.boolean().optional(),
} as const;

export const gameOptionsSchema = z.object({
  /** LOC-5 hand maximum (default 6). */
  handLimit: int.min(1).max(20).optional(),
  /** AMB-14: allow both soulstone Prevent and Reduce on one damage instance (default false). */
  preventAndReduce: z.boolean().optional(),
});
export type GameOptionsInput = z.infer<typeof gameOptionsSchema>;

export const resolvedOptionsSchema = z.object({
  handLimit: int.min(1).max(20),
  preventAndReduce: z.boolean(),
});
export type GameOptions = z.infer<typeof resolvedOptionsSchema>;

// ---------------------------------------------------------------------------------------------------
// Commands

const decisionId = z.string().max(100).optional();
/** A moment, in milliseconds since the Unix epoch, as the edge's clock told it (the engine has no clock). */
const timeSchema = natural.max(8.64e15);

export const commandSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('startGame'),
    gameId: nameSchema,
    system: gameSystemSchema,
    seats: z.tuple([z.object({ userId: nameSchema, name: nameSchema }), z.object({ userId: nameSchema, name: nameSchema })]),
    /** 64 hex characters (256 bits) from a CSPRNG of the app. */
    seed: z.string(),
    createdBy: nameSchema,
    options: gameOptionsSchema.optional(),
  }),
  z.object({ type: z.literal('setSoulstones'), seat: seatSchema, count: natural.max(999) }),
  /** LOC-11. Without a count: up to the hand maximum (START-2, the Start Phase draw). */
  z.object({ type: z.literal('draw'), count: int.min(1).max(20).optional() }),
  /** SS-3 "Draw": spend one soulstone to draw two cards, then discard down to the maximum. */
  z.object({ type: z.literal('soulstoneDraw') }),
  z.object({ type: z.literal('discard'), cards: z.array(cardCodeSchema).min(1).max(54) }),
  z.object({ type: z.literal('reveal'), cards: z.array(cardCodeSchema).min(1).max(54) }),
  z.object({
    type: z.literal('flip'),
    modifier: fateSchema,
    /** CHEAT-3d: false for flips no one may cheat. Default true. */
    cheatable: z.boolean().optional(),
    label: z.string().max(200).optional(),
    /** FLIP-8: a variable flip (Assist's 1/2/3, a heal, a push): the final card's band picks the amount (FLIP-9 jokers). */
    profile: variableProfileSchema.optional(),
    /** DMG-12: the flip heals this model (needs a profile): Health goes up by the amount, never above its maximum. */
    heal: healTargetSchema.optional(),
    /** Both players flip at once (START-3): the lower card decides first whether to cheat, `firstOnTie` on equal cards. */
    pair: pairSchema.optional(),
  }),
  z.object({
    type: z.literal('simpleDuel'),
    stat: int.min(0).max(30),
    statSuits: z.array(suitSchema).max(4).optional(),
    tn: int.min(0).max(40),
    tnSuits: z.array(suitSchema).max(4).optional(),
    modifier: int.min(-20).max(20).optional(),
    fate: fateSchema.optional(),
    soulstoneUser: z.boolean().optional(),
    /** TRIG-2: a Stunned model declares no trigger. */
    stunned: z.boolean().optional(),
    /** TRIG-7: an action generated by a trigger declares no trigger. */
    generated: z.boolean().optional(),
    triggers: z.array(triggerSpecSchema).max(20).optional(),
    damage: damageSpecSchema.optional(),
    /** Whose model takes the damage (default: the other seat). */
    target: seatSchema.optional(),
    friendly: z.boolean().optional(),
    ...targetFields,
    label: z.string().max(200).optional(),
  }),
  z.object({
    type: z.literal('opposedDuel'),
    attacker: seatSchema,
    /** Default: the other seat. The same seat is allowed (two models of one crew, DUEL-8). */
    defender: seatSchema.optional(),
    attackerStat: int.min(0).max(30),
    defenderStat: int.min(0).max(30),
    attackerStatSuits: z.array(suitSchema).max(4).optional(),
    defenderStatSuits: z.array(suitSchema).max(4).optional(),
    attackerModifier: int.min(-20).max(20).optional(),
    defenderModifier: int.min(-20).max(20).optional(),
    attackerFate: fateSchema.optional(),
    defenderFate: fateSchema.optional(),
    attackerSoulstoneUser: z.boolean().optional(),
    defenderSoulstoneUser: z.boolean().optional(),
    /** TRIG-2: a Stunned model declares no trigger. */
    attackerStunned: z.boolean().optional(),
    defenderStunned: z.boolean().optional(),
    /** TRIG-7: the attack was generated by a trigger, so it declares no trigger (the defender's resist triggers still may). */
    generated: z.boolean().optional(),
    /** GEN-2 / TRIG-3: the attack a Disengage allows: neither side declares a trigger, resist triggers included. */
    disengage: z.boolean().optional(),
    attackerTriggers: z.array(triggerSpecSchema).max(20).optional(),
    defenderTriggers: z.array(triggerSpecSchema).max(20).optional(),
    tn: int.min(0).max(40).optional(),
    tnSuits: z.array(suitSchema).max(4).optional(),
    /** DUEL-7: friendly models; the defender may yield. Also: no blasts (DMG-13). */
    friendly: z.boolean().optional(),
    /** DUEL-11: +1 Df and − on the damage flip. */
    inCover: z.boolean().optional(),
    /** DUEL-12: − on the attacker's duel flip. */
    inConcealment: z.boolean().optional(),
    damage: damageSpecSchema.optional(),
    ...targetFields,
    label: z.string().max(200).optional(),
  }),
  z.object({
    type: z.literal('damageFlip'),
    /** Default: the other seat. */
    target: seatSchema.optional(),
    ...damageSpecSchema.shape,
    friendly: z.boolean().optional(),
    inCover: z.boolean().optional(),
    ...targetFields,
    label: z.string().max(200).optional(),
  }),
  /** DMG-15: a fall of `fallInches` deals floor(inches / 2) damage, which can be reduced. Default target: the other seat. */
  z.object({ type: z.literal('fallingDamage'), fallInches: natural.max(99), target: seatSchema.optional(), ...targetFields, label: z.string().max(200).optional() }),
  // Answers to pending decisions. `decisionId` (optional) must match the pending decision's id.
  z.object({ type: z.literal('pickCard'), decisionId, card: cardCodeSchema }),
  z.object({ type: z.literal('cheatFate'), decisionId, card: cardCodeSchema }),
  z.object({ type: z.literal('declineCheat'), decisionId }),
  z.object({ type: z.literal('useSoulstone'), decisionId, use: z.union([z.literal('none'), z.literal('plus'), suitSchema]) }),
  z.object({ type: z.literal('yieldDuel'), decisionId, yield: z.boolean() }),
  z.object({ type: z.literal('chooseRedJokerSuit'), decisionId, suit: suitSchema }),
  z.object({ type: z.literal('declareTrigger'), decisionId, trigger: nameSchema.nullable() }),
  z.object({ type: z.literal('payTriggerCost'), decisionId, cards: z.array(cardCodeSchema).min(1).max(6) }),
  z.object({ type: z.literal('discardDown'), decisionId, cards: z.array(cardCodeSchema).min(1).max(54) }),
  z.object({ type: z.literal('preventDamage'), decisionId, spend: z.boolean() }),
  z.object({ type: z.literal('reduceDamage'), decisionId, spend: z.boolean() }),
  // FLIP-7: discard a flip's cards and flip again with the same modifiers (an effect the bot cannot know
  // asks for it). The flip's player (own flip) or a referee (any flip), while the card is not final.
  // `slot` defaults to the actor's own flip (the one of the pending decision first); `decisionId`, if
  // given, must be the pending decision's id.
  z.object({ type: z.literal('reflip'), decisionId, slot: flipSlotSchema.optional() }),
  // Either player (`concede`: their own seat loses) or a referee. With `until > at` (times in ms from the
  // edge's clock: the engine has none) the end waits until `until`, and may be taken back meanwhile;
  // otherwise it is final at once.
  z.object({ type: z.literal('endGame'), reason: z.string().max(200).optional(), concede: z.boolean().optional(), at: timeSchema.optional(), until: timeSchema.optional() }),
  // Either player or a referee, while `now` is before the end's `until`.
  z.object({ type: z.literal('takeBackEnd'), now: timeSchema }),
  // Anyone, once `now` has reached the end's `until`: the end becomes final (the seed is revealed).
  z.object({ type: z.literal('finalizeEnd'), now: timeSchema }),
  // Referee only: abandon the current flip/duel (e.g. after DECK_EXHAUSTED); its cards go to the discard.
  z.object({ type: z.literal('cancelResolution') }),
]);
export type Command = z.infer<typeof commandSchema>;
export type CommandType = Command['type'];

// ---------------------------------------------------------------------------------------------------
// Resolution state (the flip, duel or damage in progress)

export const cheatOutcomeSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('cheated'), card: cardCodeSchema }),
  z.object({ outcome: z.literal('declined') }),
  z.object({ outcome: z.literal('forbidden'), rule: z.string(), code: z.string() }),
]);
export type CheatOutcome = z.infer<typeof cheatOutcomeSchema>;

export const flipStateSchema = z.object({
  slot: flipSlotSchema,
  seat: seatSchema,
  /** FLIP-2 net fate modifier (uncapped; FLIP-3 caps the cards revealed). */
  net: int,
  cheatable: z.boolean(),
  /** Cards revealed from the deck, in order (FLIP-1). */
  revealed: z.array(cardCodeSchema),
  /** The flip's card before any cheat (FLIP-4/5); CHEAT-6 "flipped" checks look at it. */
  taken: cardCodeSchema.nullable(),
  forced: z.boolean(),
  cheat: cheatOutcomeSchema.nullable(),
  /** CARD-3 suit of a final RJ, locked at Step D (AMB-39). */
  redJokerSuit: suitSchema.nullable(),
});
export type FlipState = z.infer<typeof flipStateSchema>;

export const soulstoneUseSchema = z.union([z.literal('none'), z.literal('plus'), suitSchema]);
export type SoulstoneUse = z.infer<typeof soulstoneUseSchema>;

export const duelRoleSchema = z.enum(['attacker', 'defender']);
export type DuelRole = z.infer<typeof duelRoleSchema>;

export const sideTotalSchema = z.object({
  role: duelRoleSchema,
  seat: seatSchema,
  stat: int,
  card: cardCodeSchema.nullable(),
  cardValue: int,
  modifier: int,
  /** Multiset of the suits in the final total (DUEL-4 D, DUEL-5). */
  suits: z.array(suitSchema),
  total: int,
  yielded: z.boolean(),
});
export type SideTotal = z.infer<typeof sideTotalSchema>;

export const duelSideSchema = z.object({
  role: duelRoleSchema,
  seat: seatSchema,
  stat: int,
  statSuits: z.array(suitSchema),
  modifier: int,
  fate: int,
  soulstoneUser: z.boolean(),
  triggers: z.array(triggerSpecSchema),
  /** Why this side may declare no trigger (TRIG-2, TRIG-7, TRIG-3 / GEN-2); absent when it may. */
  triggersBarred: z.enum(['stunned', 'generated', 'disengage']).optional(),
  /** DUEL-7; null while the defender of a friendly duel has not answered. */
  yielded: z.boolean().nullable(),
  /** Step A choice; null while undecided. */
  soulstone: soulstoneUseSchema.nullable(),
  triggerDone: z.boolean(),
  trigger: z.string().nullable(),
  /** TRIG-4: the cards discarded to pay the declared trigger's cost; absent until paid (or with no cost). */
  triggerCostPaid: z.array(cardCodeSchema).optional(),
});
export type DuelSide = z.infer<typeof duelSideSchema>;

export const triggerStatusSchema = z.enum(['fires', 'fizzles', 'ifKilled']);
export const declaredTriggerSchema = z.object({
  role: duelRoleSchema,
  seat: seatSchema,
  name: z.string(),
  timing: triggerTimingSchema,
  status: triggerStatusSchema,
});
export type DeclaredTrigger = z.infer<typeof declaredTriggerSchema>;

export const duelResultSchema = z.object({
  opposed: z.boolean(),
  tn: int.nullable(),
  tnSuits: z.array(suitSchema),
  attacker: sideTotalSchema.extend({ succeeded: z.boolean() }),
  defender: sideTotalSchema.extend({ succeeded: z.boolean() }).nullable(),
  /** attacker − defender (opposed duels only). */
  diff: int.nullable(),
  /** DMG-3 precision modifier for a following variable flip: −1, 0, +1 (0 after a simple duel). */
  precision: int,
  triggers: z.array(declaredTriggerSchema),
});
export type DuelResult = z.infer<typeof duelResultSchema>;

export const damageResultSchema = z.object({
  dealer: seatSchema,
  target: seatSchema,
  card: cardCodeSchema.nullable(),
  band: z.enum(['weak', 'moderate', 'severe']).nullable(),
  /** Before reductions, "+N" included. */
  base: int,
  afterArmor: int,
  shieldedUsed: z.boolean(),
  /** After the non-soulstone reductions. */
  afterReductions: int,
  soulstoneCard: cardCodeSchema.nullable(),
  soulstoneReduction: int,
  final: int,
  /** DMG-10 / AMB-33: min(final, health) when the health is known. */
  applied: int.nullable(),
  healthAfter: int.nullable(),
  killed: z.boolean().nullable(),
  /** DMG-9: 0 damage is not suffered. */
  suffered: z.boolean(),
  blasts: int,
  /** DMG-13: damage to other touched models, null without blasts. */
  blastDamage: int.nullable(),
});
export type DamageResult = z.infer<typeof damageResultSchema>;

export const damageStateSchema = z.object({
  dealer: seatSchema,
  target: seatSchema,
  profile: damageProfileSchema,
  blasts: z.tuple([natural, natural, natural]),
  plus: int,
  irreducible: z.boolean(),
  cheatable: z.boolean(),
  fate: int,
  armor: natural,
  shielded: natural,
  health: natural.nullable(),
  targetSoulstoneUser: z.boolean(),
  friendly: z.boolean(),
  /** DMG-3 precision (−1/0/+1). */
  precision: int,
  /** DMG-4 cover −. */
  cover: z.boolean(),
  /** SS-3 Prevent / Reduce; null = not decided yet. */
  prevent: z.enum(['spent', 'declined', 'unavailable']).nullable(),
  reduce: z.enum(['spent', 'declined', 'unavailable']).nullable(),
  result: damageResultSchema.nullable(),
});
export type DamageState = z.infer<typeof damageStateSchema>;

export const flipResultSchema = z.object({
  seat: seatSchema,
  card: cardCodeSchema,
  value: int,
  band: z.enum(['weak', 'moderate', 'severe']),
  suit: suitSchema.nullable(),
  /** FLIP-8/9: the amount a variable flip gives (BJ 0, RJ severe + 1). */
  amount: natural.optional(),
  /** DMG-12: a heal's Health before and after; the surplus above the maximum is lost. */
  healed: z.object({ before: natural, after: natural, maxHealth: int }).optional(),
});
export type FlipResult = z.infer<typeof flipResultSchema>;

const resolutionBase = {
  id: natural,
  label: z.string().nullable(),
  initiator: seatSchema,
  flips: z.array(flipStateSchema),
};

export const damagePlanSchema = z.object({
  spec: damageSpecSchema,
  target: seatSchema,
  armor: natural,
  shielded: natural,
  health: natural.nullable(),
  targetSoulstoneUser: z.boolean(),
});
export type DamagePlan = z.infer<typeof damagePlanSchema>;

export const resolutionSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('flip'),
    ...resolutionBase,
    modifier: int,
    cheatable: z.boolean(),
    profile: variableProfileSchema.optional(),
    heal: healTargetSchema.optional(),
    result: flipResultSchema.nullable(),
    /** The other player's flip of a flip both make at once (slot `pair`), and its result. */
    pair: pairSchema.extend({ result: flipResultSchema.nullable() }).optional(),
  }),
  z.object({
    kind: z.literal('duel'),
    ...resolutionBase,
    opposed: z.boolean(),
    tn: int.nullable(),
    tnSuits: z.array(suitSchema),
    friendly: z.boolean(),
    inCover: z.boolean(),
    inConcealment: z.boolean(),
    /** sides[0] is the attacker (the sole participant of a simple duel), sides[1] the defender. */
    sides: z.array(duelSideSchema).min(1).max(2),
    totals: z.array(sideTotalSchema).nullable(),
    result: duelResultSchema.nullable(),
    damagePlan: damagePlanSchema.nullable(),
    damage: damageStateSchema.nullable(),
  }),
  z.object({
    kind: z.literal('damage'),
    ...resolutionBase,
    damage: damageStateSchema,
  }),
]);
export type Resolution = z.infer<typeof resolutionSchema>;
export type DuelResolution = Extract<Resolution, { kind: 'duel' }>;
export type FlipResolution = Extract<Resolution, { kind: 'flip' }>;
export type DamageResolution = Extract<Resolution, { kind: 'damage' }>;

// ---------------------------------------------------------------------------------------------------
// Decisions (what a player must choose; `nextStep` finds them, decide records them as events)

const handCards = z.array(cardCodeSchema);
const spendOrDecline = z.array(z.enum(['spend', 'decline']));

/** A decision without its id/since: who must choose, what, and the legal choices. */
export const decisionCoreSchema = z.discriminatedUnion('kind', [
  /** FLIP-4/5: choose the flip's card among the legal revealed cards. */
  z.object({ kind: z.literal('pick'), seat: seatSchema, slot: flipSlotSchema, legal: handCards }),
  /** CHEAT-1: a hand card to cheat with (declining is always possible). `legal` is hidden hand content. */
  z.object({ kind: z.literal('cheat'), seat: seatSchema, slot: flipSlotSchema, legal: handCards }),
  /** DUEL-4 A: spend one soulstone for + or a named suit, or not. */
  z.object({ kind: z.literal('soulstone'), seat: seatSchema, role: duelRoleSchema, legal: z.array(soulstoneUseSchema) }),
  /** DUEL-7: the defender of a friendly duel may yield before any flip. */
  z.object({ kind: z.literal('yield'), seat: seatSchema, legal: z.array(z.enum(['yield', 'fight'])) }),
  /** CARD-3 / AMB-39: the suit of a final RJ, locked at Step D. */
  z.object({ kind: z.literal('redJokerSuit'), seat: seatSchema, slot: flipSlotSchema, legal: z.array(suitSchema) }),
  /** DUEL-4 E: one trigger whose suits are in the final total (or none). */
  z.object({ kind: z.literal('trigger'), seat: seatSchema, role: duelRoleSchema, legal: z.array(z.string()) }),
  /** TRIG-4: discard exactly `count` hand cards to pay the declared trigger. `legal` is hidden hand content. */
  z.object({ kind: z.literal('triggerCost'), seat: seatSchema, role: duelRoleSchema, trigger: z.string(), count: natural, legal: handCards }),
  /** LOC-5: discard exactly `count` hand cards. `legal` is hidden hand content. */
  z.object({ kind: z.literal('discardDown'), seat: seatSchema, count: natural, legal: handCards }),
  /** SS-3 Prevent (DMG-7 step 1). */
  z.object({ kind: z.literal('prevent'), seat: seatSchema, legal: spendOrDecline }),
  /** SS-3 Reduce (DMG-7 step 3), knowing the damage after the other reductions. */
  z.object({ kind: z.literal('reduce'), seat: seatSchema, damage: int, legal: spendOrDecline }),
]);
export type DecisionCore = z.infer<typeof decisionCoreSchema>;

/** The open decision as the state keeps it: the DecisionOpened event's decision, its id and `since`. */
export const pendingDecisionSchema = z.intersection(
  decisionCoreSchema,
  z.object({
    /** `${kind}-${since}`: changes every time a decision opens; answers may quote it (`decisionId`) to be refused when stale. */
    id: z.string(),
    /** The event count when it opened (DecisionOpened.since). */
    since: natural,
  }),
);
export type PendingDecision = z.infer<typeof pendingDecisionSchema>;

/** The format of a log, in GameStarted.log: 2 = decisions are recorded as events. Absent: written before (see upcast.ts). */
export const LOG_FORMAT = 2;

// ---------------------------------------------------------------------------------------------------
// Events

export const seatInfoSchema = z.object({ userId: z.string(), name: z.string() });
export type SeatInfo = z.infer<typeof seatInfoSchema>;
const purposeSchema = z.enum(['duel', 'prevent', 'reduce']);
/** What a soulstone was spent on (SS-3): the three decisions above, or the player's Draw. */
const spendSchema = z.enum(['duel', 'prevent', 'reduce', 'draw']);

export const eventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('GameStarted'),
    gameId: z.string(),
    system: gameSystemSchema,
    seats: z.tuple([seatInfoSchema, seatInfoSchema]),
    createdBy: z.string(),
    options: resolvedOptionsSchema,
    /** Secret until the end: publicEvent removes it. */
    seed: z.string(),
    seedCommitment: z.string(),
    /** LOG_FORMAT (2): this log records its decisions (DecisionOpened / DecisionClosed). Absent in older logs: upcastLog. */
    log: z.literal(LOG_FORMAT).optional(),
  }),
  /** Deck := order (deck and discard were shuffled together); discard := []. */
  z.object({
    type: z.literal('DeckShuffled'),
    seat: seatSchema,
    index: natural,
    reason: z.enum(['setup', 'reshuffle']),
    order: z.array(cardCodeSchema),
    cut: natural,
  }),
  z.object({ type: z.literal('SoulstonesSet'), seat: seatSchema, count: natural, by: z.string() }),
  z.object({ type: z.literal('CardsDrawn'), seat: seatSchema, cards: z.array(cardCodeSchema) }),
  /** A player discard (LOC-8); `handLimit` for LOC-5 discards (AMB-13: still a player discard). */
  z.object({ type: z.literal('CardsDiscarded'), seat: seatSchema, cards: z.array(cardCodeSchema), reason: z.enum(['player', 'handLimit']) }),
  z.object({ type: z.literal('CardsRevealed'), seat: seatSchema, cards: z.array(cardCodeSchema) }),
  z.object({
    type: z.literal('FlipStarted'),
    resolution: natural,
    seat: seatSchema,
    modifier: int,
    cheatable: z.boolean(),
    label: z.string().nullable(),
    profile: variableProfileSchema.optional(),
    heal: healTargetSchema.optional(),
    pair: pairSchema.optional(),
  }),
  z.object({
    type: z.literal('DuelStarted'),
    resolution: natural,
    initiator: seatSchema,
    opposed: z.boolean(),
    tn: int.nullable(),
    tnSuits: z.array(suitSchema),
    friendly: z.boolean(),
    inCover: z.boolean(),
    inConcealment: z.boolean(),
    sides: z.array(duelSideSchema).min(1).max(2),
    damagePlan: damagePlanSchema.nullable(),
    label: z.string().nullable(),
  }),
  z.object({ type: z.literal('DamageFlipStarted'), resolution: natural, initiator: seatSchema, damage: damageStateSchema, label: z.string().nullable() }),
  z.object({ type: z.literal('DuelYieldDecided'), seat: seatSchema, yielded: z.boolean() }),
  z.object({
    type: z.literal('SoulstoneUsed'),
    seat: seatSchema,
    purpose: spendSchema,
    role: duelRoleSchema.nullable(),
    /** Step A: '+' on the flip or a named suit (SS-3, AMB-41). */
    use: z.union([z.literal('plus'), suitSchema]).nullable(),
  }),
  z.object({
    type: z.literal('SoulstoneDeclined'),
    seat: seatSchema,
    purpose: purposeSchema,
    role: duelRoleSchema.nullable(),
    reason: z.enum(['choice', 'emptyPool', 'notNeeded', 'oneStonePerEffect']),
  }),
  z.object({
    type: z.literal('CardsFlipped'),
    seat: seatSchema,
    slot: flipSlotSchema,
    net: int,
    cheatable: z.boolean(),
    cards: z.array(cardCodeSchema),
  }),
  z.object({
    type: z.literal('FlipCardChosen'),
    seat: seatSchema,
    slot: flipSlotSchema,
    card: cardCodeSchema,
    forced: z.boolean(),
    /** The other revealed cards, now in the discard (FLIP-1). */
    discarded: z.array(cardCodeSchema),
  }),
  z.object({ type: z.literal('FateCheated'), seat: seatSchema, slot: flipSlotSchema, card: cardCodeSchema, replaced: cardCodeSchema }),
  z.object({ type: z.literal('CheatDeclined'), seat: seatSchema, slot: flipSlotSchema }),
  z.object({ type: z.literal('CheatSkipped'), seat: seatSchema, slot: flipSlotSchema, rule: z.string(), code: z.string() }),
  /**
   * FLIP-7: the flip's cards still in the conflict (revealed, taken or cheated) go to the discard, and the
   * slot flips again (CardsFlipped follows). `by` asked for it; `referee`: for another player's flip.
   * `cheatSpent`: the seat already cheated or declined on this flip, so the re-flip has no cheat (CHEAT-4).
   */
  z.object({
    type: z.literal('FlipDiscardedForReflip'),
    seat: seatSchema,
    slot: flipSlotSchema,
    cards: z.array(cardCodeSchema),
    by: z.string(),
    referee: z.boolean(),
    cheatSpent: z.boolean(),
  }),
  z.object({ type: z.literal('RedJokerSuitChosen'), seat: seatSchema, slot: flipSlotSchema, suit: suitSchema }),
  z.object({ type: z.literal('DuelTotalsAnnounced'), totals: z.array(sideTotalSchema) }),
  z.object({
    type: z.literal('TriggerDeclared'),
    seat: seatSchema,
    role: duelRoleSchema,
    trigger: z.string().nullable(),
    reason: z.enum(['choice', 'noLegalTrigger', 'stunned', 'generated', 'disengage']),
  }),
  /** TRIG-4: the declared trigger's cost, discarded from the hand (a player discard, public). */
  z.object({ type: z.literal('TriggerCostPaid'), seat: seatSchema, role: duelRoleSchema, trigger: z.string(), cards: z.array(cardCodeSchema) }),
  z.object({ type: z.literal('DuelResolved'), result: duelResultSchema }),
  z.object({ type: z.literal('DamageSequenceStarted'), damage: damageStateSchema }),
  z.object({ type: z.literal('DamageResolved'), result: damageResultSchema }),
  z.object({ type: z.literal('FlipResolved'), result: flipResultSchema }),
  /** LOC-6: every conflict card goes to its owner's discard. */
  z.object({ type: z.literal('ResolutionEnded'), resolution: natural, discarded: z.tuple([z.array(cardCodeSchema), z.array(cardCodeSchema)]) }),
  z.object({ type: z.literal('ResolutionCancelled'), resolution: natural, by: z.string(), discarded: z.tuple([z.array(cardCodeSchema), z.array(cardCodeSchema)]) }),
  /**
   * The game is over. `conceded`: the seat that conceded (it loses, the other wins); absent, the game
   * ends without a result (abandoned, closed by a referee, or a log written before concessions).
   */
  z.object({ type: z.literal('GameEnded'), by: z.string(), reason: z.string().nullable(), conceded: seatSchema.optional() }),
  /**
   * /game end with a take-back window: the game waits, paused, until `until` (the edge's clock, ms); the
   * seed stays secret meanwhile. `seat`: the asker's seat (null for a referee); `concede`: that seat loses.
   */
  z.object({ type: z.literal('EndRequested'), by: z.string(), seat: seatSchema.nullable(), concede: z.boolean(), at: timeSchema, until: timeSchema, reason: z.string().nullable() }),
  /** The end asked for was taken back within its window: play goes on where it stood. */
  z.object({ type: z.literal('EndTakenBack'), by: z.string() }),
  /**
   * After an undo (UNDO-1..3 in README.md): cards that left this deck in the actions taken back (drawn or
   * flipped, so someone saw them) go to the discard instead of back on top, where their order would be
   * known; hand cards the table saw in them stay revealed (LOC-10); and the deck's shuffle count stays at
   * `shuffles`, the number already dealt, so no shuffle of the seed's stream is ever dealt twice.
   */
  z.object({ type: z.literal('SeenCardsKeptOut'), seat: seatSchema, discarded: z.array(cardCodeSchema), revealed: z.array(cardCodeSchema), shuffles: natural }),
  /**
   * The procedure stopped at a decision: `decision` is now the pending one, with id `${kind}-${since}`.
   * Recorded by decide at the end of a command when the open decision is a new one (not when the same
   * decision simply stays open). `since` is this event's place in the log (1-based; in a log upcast from
   * the old format, the count at which the decision opened then, so its id is unchanged). Hand cards in
   * `legal` (cheat, discardDown, triggerCost) are private: publicEvent drops them.
   */
  z.object({ type: z.literal('DecisionOpened'), since: natural, decision: decisionCoreSchema }),
  /** The open decision `id` was answered (or its resolution cancelled) and nothing is left to decide: the table is idle. */
  z.object({ type: z.literal('DecisionClosed'), id: z.string() }),
]);
export type GameEvent = z.infer<typeof eventSchema>;
export type EventType = GameEvent['type'];

// ---------------------------------------------------------------------------------------------------
// State

export const seatStateSchema = z.object({
  userId: z.string(),
  name: z.string(),
  /** LOC-2, index 0 = top. */
  deck: z.array(cardCodeSchema),
  hand: z.array(cardCodeSchema),
  /** LOC-6 (also holds the revealed cards of a flip until its card is chosen). */
  conflict: z.array(cardCodeSchema),
  /** LOC-7, last element = top. */
  discard: z.array(cardCodeSchema),
  removed: z.array(cardCodeSchema),
  /** Hand cards the opponent has seen (LOC-10 reveal); dropped when they leave the hand. */
  revealedInHand: z.array(cardCodeSchema),
  soulstones: natural,
  /** How many shuffles this deck has had: the next shuffle's index (the generator's state). */
  shuffles: natural,
});
export type SeatState = z.infer<typeof seatStateSchema>;

const gameFields = {
  gameId: z.string(),
  system: gameSystemSchema,
  createdBy: z.string(),
  options: resolvedOptionsSchema,
  seed: z.string(),
  seedCommitment: z.string(),
  seats: z.tuple([seatStateSchema, seatStateSchema]),
  /** Events applied since initialState. */
  eventCount: natural,
  nextResolution: natural,
  resolution: resolutionSchema.nullable(),
  /**
   * The pending decision, as the last DecisionOpened recorded it (null after DecisionClosed, and once
   * ended). Named so that a snapshot of the older format (`decision: { key, since }`) does not parse:
   * such a game is rebuilt from its log (upcastLog).
   */
  pending: pendingDecisionSchema.nullable(),
};

/** An end asked for with a take-back window (EndRequested), while it waits. */
export const endingSchema = z.object({ by: z.string(), seat: seatSchema.nullable(), concede: z.boolean(), at: timeSchema, until: timeSchema, reason: z.string().nullable() });
export type Ending = z.infer<typeof endingSchema>;

export const stateSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('new') }),
  // `ending` is absent while nobody has asked to end (so snapshots written before it still parse).
  z.object({ status: z.literal('active'), ...gameFields, ending: endingSchema.optional() }),
  z.object({ status: z.literal('ended'), ...gameFields, endedBy: z.string(), endReason: z.string().nullable(), conceded: seatSchema.optional() }),
]);
export type GameState = z.infer<typeof stateSchema>;
export type ActiveState = Extract<GameState, { status: 'active' }>;
export type EndedState = Extract<GameState, { status: 'ended' }>;
