/**
 * Test fixtures: at least one event of every type of the engine's schema, and each variant that reads
 * differently (reasons, forced picks). The mapped type makes the compiler ask for a sample of any event
 * type added to the schema. Used by the engine's tests (views) and the log's (present/log.test.ts).
 */
import type { EventType, GameEvent } from './index.js';

const total = (role: 'attacker' | 'defender', seat: 0 | 1, value: number, succeeded: boolean) => ({
  role, seat, stat: 5, card: '9T', cardValue: 9, modifier: 0, suits: ['T' as const], total: value, yielded: false, succeeded,
});
const side = (role: 'attacker' | 'defender', seat: 0 | 1) => ({
  role, seat, stat: 5, statSuits: [], modifier: 0, fate: 0, soulstoneUser: true, triggers: [], yielded: false, soulstone: null, triggerDone: false, trigger: null,
});
const damageState = {
  dealer: 0 as const, target: 1 as const, profile: [2, 3, 4] as [number, number, number], blasts: [0, 0, 0] as [number, number, number], plus: 0, irreducible: false, cheatable: true,
  fate: 0, armor: 0, shielded: 0, health: null, targetSoulstoneUser: true, friendly: false, precision: 0, cover: false, prevent: null, reduce: null, result: null,
};
const damageResult = {
  dealer: 0 as const, target: 1 as const, card: '7R', band: 'moderate' as const, base: 3, afterArmor: 3, shieldedUsed: false, afterReductions: 3, soulstoneCard: null,
  soulstoneReduction: 0, final: 3, applied: null, healthAfter: null, killed: null, suffered: true, blasts: 0, blastDamage: null,
};

/**
 * At least one event of every type, and each variant that reads differently (reasons, forced picks). The
 * mapped type makes the compiler ask for a sample of any event type added to the schema.
 */
export const SAMPLES: { [K in EventType]: Extract<GameEvent, { type: K }>[] } = {
  GameStarted: [{ type: 'GameStarted', gameId: 'g1', system: 'm3e', seats: [{ userId: 'a', name: 'Alice' }, { userId: 'b', name: 'Bob' }], createdBy: 'a', options: { handLimit: 6, preventAndReduce: false }, seed: 'ab'.repeat(32), seedCommitment: 'cd'.repeat(32), log: 2 }],
  DeckShuffled: [
    { type: 'DeckShuffled', seat: 0, index: 0, reason: 'setup', order: ['1R', '2R'], cut: 0 },
    { type: 'DeckShuffled', seat: 1, index: 1, reason: 'reshuffle', order: ['1R', '2R'], cut: 1 },
  ],
  SoulstonesSet: [{ type: 'SoulstonesSet', seat: 0, count: 4, by: 'a' }],
  CardsDrawn: [{ type: 'CardsDrawn', seat: 0, cards: ['1R', '13M'] }],
  CardsDiscarded: [
    { type: 'CardsDiscarded', seat: 0, cards: ['1R'], reason: 'player' },
    { type: 'CardsDiscarded', seat: 1, cards: ['2C'], reason: 'handLimit' },
  ],
  CardsRevealed: [{ type: 'CardsRevealed', seat: 1, cards: ['5T'] }],
  FlipStarted: [{ type: 'FlipStarted', resolution: 1, seat: 0, modifier: 1, cheatable: true, label: 'Wk check' }],
  DuelStarted: [
    { type: 'DuelStarted', resolution: 1, initiator: 0, opposed: true, tn: 12, tnSuits: ['M'], friendly: false, inCover: false, inConcealment: false, sides: [side('attacker', 0), side('defender', 1)], damagePlan: null, label: null },
    { type: 'DuelStarted', resolution: 2, initiator: 1, opposed: false, tn: 10, tnSuits: [], friendly: false, inCover: false, inConcealment: false, sides: [side('attacker', 1)], damagePlan: null, label: 'Climb' },
  ],
  DamageFlipStarted: [{ type: 'DamageFlipStarted', resolution: 3, initiator: 0, damage: damageState, label: null }],
  DuelYieldDecided: [
    { type: 'DuelYieldDecided', seat: 1, yielded: true },
    { type: 'DuelYieldDecided', seat: 1, yielded: false },
  ],
  SoulstoneUsed: [
    { type: 'SoulstoneUsed', seat: 0, purpose: 'duel', role: 'attacker', use: 'plus' },
    { type: 'SoulstoneUsed', seat: 0, purpose: 'duel', role: 'attacker', use: 'M' },
    { type: 'SoulstoneUsed', seat: 1, purpose: 'prevent', role: null, use: null },
    { type: 'SoulstoneUsed', seat: 1, purpose: 'reduce', role: null, use: null },
    { type: 'SoulstoneUsed', seat: 0, purpose: 'draw', role: null, use: null },
  ],
  SoulstoneDeclined: (['choice', 'emptyPool', 'notNeeded', 'oneStonePerEffect'] as const).map((reason) => ({ type: 'SoulstoneDeclined' as const, seat: 1 as const, purpose: 'reduce' as const, role: null, reason })),
  CardsFlipped: [{ type: 'CardsFlipped', seat: 0, slot: 'attacker', net: 1, cheatable: true, cards: ['3R', '11M'] }],
  FlipCardChosen: [
    { type: 'FlipCardChosen', seat: 0, slot: 'attacker', card: '11M', forced: false, discarded: ['3R'] },
    { type: 'FlipCardChosen', seat: 0, slot: 'main', card: '6C', forced: true, discarded: [] },
  ],
  FateCheated: [{ type: 'FateCheated', seat: 0, slot: 'attacker', card: '13T', replaced: '11M' }],
  CheatDeclined: [{ type: 'CheatDeclined', seat: 1, slot: 'defender' }],
  CheatSkipped: [{ type: 'CheatSkipped', seat: 0, slot: 'attacker', rule: 'CHEAT-3a', code: 'CHEAT_FORBIDDEN_NEGATIVE_FLIP' }],
  FlipDiscardedForReflip: [
    { type: 'FlipDiscardedForReflip', seat: 0, slot: 'main', cards: ['4R'], by: 'a', referee: false, cheatSpent: true },
    { type: 'FlipDiscardedForReflip', seat: 1, slot: 'defender', cards: ['4C'], by: 'r', referee: true, cheatSpent: false },
  ],
  RedJokerSuitChosen: [{ type: 'RedJokerSuitChosen', seat: 0, slot: 'attacker', suit: 'C' }],
  DuelTotalsAnnounced: [{ type: 'DuelTotalsAnnounced', totals: [total('attacker', 0, 14, true), total('defender', 1, 12, false)] }],
  TriggerDeclared: [
    { type: 'TriggerDeclared', seat: 0, role: 'attacker', trigger: 'Critical Strike', reason: 'choice' },
    ...(['choice', 'noLegalTrigger', 'stunned', 'generated', 'disengage'] as const).map((reason) => ({ type: 'TriggerDeclared' as const, seat: 1 as const, role: 'defender' as const, trigger: null, reason })),
  ],
  TriggerCostPaid: [{ type: 'TriggerCostPaid', seat: 0, role: 'attacker', trigger: 'Flurry', cards: ['2M'] }],
  DuelResolved: [{ type: 'DuelResolved', result: { opposed: true, tn: 12, tnSuits: [], attacker: total('attacker', 0, 14, true), defender: total('defender', 1, 12, false), diff: 2, precision: 0, triggers: [] } }],
  DamageSequenceStarted: [{ type: 'DamageSequenceStarted', damage: damageState }],
  DamageResolved: [{ type: 'DamageResolved', result: damageResult }],
  FlipResolved: [{ type: 'FlipResolved', result: { seat: 0, card: '6C', value: 6, band: 'moderate', suit: 'C' } }],
  ResolutionEnded: [{ type: 'ResolutionEnded', resolution: 1, discarded: [['11M'], ['9T']] }],
  ResolutionCancelled: [{ type: 'ResolutionCancelled', resolution: 1, by: 'r', discarded: [['11M'], []] }],
  GameEnded: [{ type: 'GameEnded', by: 'a', reason: null }],
  EndRequested: [
    { type: 'EndRequested', by: 'a', seat: 0, concede: true, at: 1_000, until: 601_000, reason: null },
    { type: 'EndRequested', by: 'b', seat: 1, concede: false, at: 1_000, until: 601_000, reason: null },
  ],
  EndTakenBack: [{ type: 'EndTakenBack', by: 'b' }],
  SeenCardsKeptOut: [{ type: 'SeenCardsKeptOut', seat: 0, discarded: ['4R'], revealed: ['9M'], shuffles: 0 }],
  DecisionOpened: [
    { type: 'DecisionOpened', since: 9, decision: { kind: 'cheat', seat: 1, slot: 'defender', legal: ['5T'] } },
    { type: 'DecisionOpened', since: 4, decision: { kind: 'pick', seat: 0, slot: 'attacker', legal: ['3R', '11M'] } },
  ],
  DecisionClosed: [{ type: 'DecisionClosed', id: 'cheat-9' }],
};
