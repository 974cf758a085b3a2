/**
 * The audit log in words: every event type of the engine's schema reads as a sentence in English and in
 * French (or is deliberately silent: the decision records), never as its type name, and a rule code only
 * ever appears as the referee's detail line under it.
 */
import { describe, expect, it } from 'vitest';
import * as engine from '../engine/index.js';
import type { GameEvent } from '../engine/index.js';
import { translator } from '../../../i18n/index.js';
import { SILENT_IN_LOG, eventLine, logText, type PublicEvent, type SeatNames } from './events.js';
import { SAMPLES } from '../engine/eventSamples.js';

const names: SeatNames = ['Alice', 'Bob'];
const en = translator('en');
const fr = translator('fr');


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
