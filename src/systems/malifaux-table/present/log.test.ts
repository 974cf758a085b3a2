/**
 * The audit log in words: every event type of the engine's schema reads as a sentence in English and in
 * French (or is deliberately silent: the decision records), never as its type name, and a rule code only
 * ever appears as the referee's detail line under it.
 */
import { describe, expect, it } from 'vitest';
import * as engine from '../engine/index.js';
import type { EventType, GameEvent } from '../engine/index.js';
import { translator } from '../../../i18n/index.js';
import { SILENT_IN_LOG, eventLine, logText, type PublicEvent, type SeatNames } from './events.js';

const names: SeatNames = ['Alice', 'Bob'];
const en = translator('en');
const fr = translator('fr');

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
const SAMPLES: { [K in EventType]: Extract<GameEvent, { type: K }>[] } = {
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
  DecisionOpened: [{ type: 'DecisionOpened', since: 9, decision: { kind: 'cheat', seat: 1, slot: 'defender', legal: ['5T'] } }],
  DecisionClosed: [{ type: 'DecisionClosed', id: 'cheat-9' }],
};

const schemaTypes = (engine.eventSchema as unknown as { options: { shape: { type: { value: string } } }[] }).options.map((o) => o.shape.type.value);
const samples = Object.values(SAMPLES).flat() as GameEvent[];
/** Every event type name the log could leak, and rule codes such as CHEAT-3a or GEN-2. */
const TYPE_NAME = new RegExp(`\\b(${schemaTypes.join('|')}|LogEntryUndone)\\b`);
const RULE_CODE = /\b[A-Z]{2,5}-\d/;

/** The line as the log shows it while the game runs (the public event) and once it has ended (the full one). */
function shown(t: typeof en, event: GameEvent, ended: boolean): string | null {
  const visible = ended ? event : (engine.publicEvent(event) as PublicEvent | null);
  return visible === null ? null : logText(t, names, visible, ended);
}

describe('the audit log words every event', () => {
  it('has a sample of every event type of the schema, each a valid event', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...schemaTypes].sort());
    for (const event of samples) expect(engine.eventSchema.safeParse(event).success, event.type).toBe(true);
  });

  it.each(schemaTypes)('%s reads as words in English and French, or is a deliberately silent decision record', (type) => {
    for (const event of samples.filter((e) => e.type === type)) {
      for (const ended of [false, true]) {
        const english = shown(en, event, ended);
        const french = shown(fr, event, ended);
        if (SILENT_IN_LOG.has(type as PublicEvent['type'])) {
          expect(english).toBeNull();
          expect(french).toBeNull();
          continue;
        }
        expect(english, `${type} (${ended ? 'ended' : 'running'})`).toBeTruthy();
        expect(french, `${type} (${ended ? 'ended' : 'running'})`).toBeTruthy();
        expect(french).not.toBe(english);
        for (const text of [english!, french!]) {
          expect(text).not.toMatch(TYPE_NAME);
          // Placeholders all filled: nothing like {name} left.
          expect(text).not.toMatch(/\{\w+\}/);
          const [main, ...details] = text.split('\n-# ');
          expect(main, 'no rule code in the words players read').not.toMatch(RULE_CODE);
          for (const detail of details) expect(detail).toMatch(/^(Rules?|Règles?) : ?|^(Rules?|Règles?): /);
        }
      }
    }
  });

  it('only the decision records are silent', () => {
    expect([...SILENT_IN_LOG].sort()).toEqual(['DecisionClosed', 'DecisionOpened']);
  });

  it('the rules an event applied are a detail line for referees (CHEAT-3a, TRIG-2, GEN-2, TRIG-3, CHEAT-4)', () => {
    const skipped = SAMPLES.CheatSkipped[0]!;
    expect(eventLine(en, names, skipped)).toBe('**Alice** may not cheat: the flip has a − (negative) fate modifier.');
    expect(logText(en, names, skipped, false)).toBe('**Alice** may not cheat: the flip has a − (negative) fate modifier.\n-# Rule: CHEAT-3a');
    expect(logText(fr, names, skipped, false)).toBe('**Alice** ne peut pas Tromper le Destin : le tirage a un modificateur du Destin négatif (−).\n-# Règle : CHEAT-3a');
    const disengage = SAMPLES.TriggerDeclared.find((e) => e.reason === 'disengage')!;
    expect(logText(en, names, disengage, false)).toBe('No trigger for **Bob** in the attack a Disengage allows.\n-# Rules: GEN-2, TRIG-3');
    expect(logText(en, names, SAMPLES.TriggerDeclared.find((e) => e.reason === 'stunned')!, false)).toMatch(/\n-# Rule: TRIG-2$/);
    expect(logText(en, names, SAMPLES.FlipDiscardedForReflip[0]!, false)).toMatch(/\n-# Rules: FLIP-7, CHEAT-4$/);
  });

  it('what the channel passes over, the log says: a stone nobody could spend, the only card of a flip, the table cleared', () => {
    const [, empty, notNeeded, onePerEffect] = SAMPLES.SoulstoneDeclined;
    expect(eventLine(en, names, empty!)).toBeNull();
    expect(logText(en, names, empty!, false)).toBe('**Bob** has no soulstone left to spend.');
    expect(logText(en, names, notNeeded!, false)).toBe('No soulstone reduction for **Bob**: no damage is left to reduce.');
    expect(logText(en, names, onePerEffect!, false)).toBe('**Bob** already spent a soulstone to prevent this damage: none may also reduce it.\n-# Rule: SS-4');
    expect(logText(en, names, SAMPLES.FlipCardChosen[1]!, false)).toBe('**Alice**’s flip: 6🐦, the only card revealed.');
    expect(logText(en, names, SAMPLES.ResolutionEnded[0]!, false)).toBe('The flip or duel is over: its cards go to their owners’ discard piles.');
  });

  it('while the game runs a draw is a count; once it has ended, the log names the cards', () => {
    const drawn = SAMPLES.CardsDrawn[0]!;
    expect(shown(en, drawn, false)).toBe('🂠 **Alice** draws 2 cards.');
    expect(shown(en, drawn, true)).toBe('🂠 **Alice** draws 2 cards. (1🐏 13🎭)');
  });
});
