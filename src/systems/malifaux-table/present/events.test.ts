import { describe, expect, it } from 'vitest';
import type { DuelResult, GameEvent } from '../engine/index.js';
import { translator } from '../../../i18n/index.js';
import { eventLine, type SeatNames } from './events.js';

const names: SeatNames = ['Alice', 'Bob'];
const en = translator('en');
const fr = translator('fr');

const side = (role: 'attacker' | 'defender', seat: 0 | 1, total: number, suits: ('R' | 'M' | 'C' | 'T')[], succeeded: boolean) => ({
  role, seat, stat: 5, card: '11T', cardValue: total - 5, modifier: 0, suits, total, yielded: false, succeeded,
});
const resolved = (result: Partial<DuelResult>): GameEvent => ({
  type: 'DuelResolved',
  result: { opposed: false, tn: null, tnSuits: [], attacker: side('attacker', 0, 10, [], true), defender: null, diff: null, precision: 0, triggers: [], ...result },
});

describe('event lines players read', () => {
  it('a skipped cheat says why in words, with no rule ID in the channel’s text (CHEAT-3a, 3b, 3c, 3d, 3f)', () => {
    const skipped = (rule: string, code: string): GameEvent => ({ type: 'CheatSkipped', seat: 0, slot: 'main', rule, code });
    expect(eventLine(en, names, skipped('CHEAT-3a', 'CHEAT_FORBIDDEN_NEGATIVE_FLIP'))).toBe('**Alice** may not cheat: the flip has a − (negative) fate modifier.');
    expect(eventLine(en, names, skipped('CHEAT-3b', 'CHEAT_FORBIDDEN_BLACK_JOKER'))).toContain('the Black Joker was flipped');
    expect(eventLine(en, names, skipped('CHEAT-3c', 'CHEAT_FORBIDDEN_RED_JOKER'))).toContain('the other side flipped the Red Joker');
    expect(eventLine(en, names, skipped('CHEAT-3d', 'CHEAT_FORBIDDEN_BY_EFFECT'))).toContain('this flip cannot be cheated');
    expect(eventLine(en, names, skipped('CHEAT-3f', 'CHEAT_FORBIDDEN_EMPTY_HAND'))).toContain('their hand is empty');
    expect(eventLine(fr, names, skipped('CHEAT-3a', 'CHEAT_FORBIDDEN_NEGATIVE_FLIP'))).toBe('**Alice** ne peut pas Tromper le Destin : le tirage a un modificateur du Destin négatif (−).');
    expect(eventLine(fr, names, skipped('CHEAT-3f', 'CHEAT_FORBIDDEN_EMPTY_HAND'))).toContain('sa Main de Contrôle est vide');
  });

  it('a failed duel says what was missing: the TN, its suits, or the other side’s total (DUEL-6)', () => {
    // TN 12 that requires Masks, totalled 16 in Tomes.
    const masks = resolved({ tn: 12, tnSuits: ['M'], attacker: side('attacker', 0, 16, ['T'], false) });
    expect(eventLine(en, names, masks)).toBe('🏁 **Alice** fails (16 📖): missing 🎭 Masks, required by the TN');
    expect(eventLine(fr, names, masks)).toBe('🏁 **Alice** échoue (16 📖) : il manque 🎭 Masques, requis par le VS');
    const low = resolved({ tn: 12, tnSuits: ['R', 'R'], attacker: side('attacker', 0, 9, ['R'], false) });
    expect(eventLine(en, names, low)).toBe('🏁 **Alice** fails (9 🐏): below the TN 12, missing 🐏 Rams, required by the TN');
    const opposed = resolved({
      opposed: true, diff: -2, precision: -1,
      attacker: side('attacker', 0, 10, [], false), defender: side('defender', 1, 12, ['C'], true),
      triggers: [{ role: 'attacker', seat: 0, name: 'Critical Strike', timing: 'afterSucceeding', status: 'fizzles' }],
    });
    expect(eventLine(en, names, opposed)).toBe(
      '🏁 **Alice** fails (10): below **Bob**’s 12 · **Bob** succeeds (12 🐦)\n✨ Critical Strike (**Alice**) fizzles: it takes effect only if **Alice** succeeds.',
    );
    expect(eventLine(fr, names, opposed)).toContain('✨ Critical Strike (**Alice**) ne se déclenche pas');
    const tie = resolved({ opposed: true, diff: 0, attacker: side('attacker', 0, 11, [], true), defender: side('defender', 1, 11, [], false) });
    expect(eventLine(en, names, tie)).toBe('🏁 **Alice** succeeds (11) · **Bob** fails (11): not above **Alice**’s 11 (the defender needs more) · margin 0: damage flip 0');
  });

  it('damage with the target’s Health given says the Health left, or that the model is killed', () => {
    const damage = (final: number, healthAfter: number | null, killed: boolean | null): GameEvent => ({
      type: 'DamageResolved',
      result: { dealer: 0, target: 1, card: '3R', band: 'weak', base: final, afterArmor: final, shieldedUsed: false, afterReductions: final, soulstoneCard: null, soulstoneReduction: 0, final, applied: healthAfter === null ? null : final, healthAfter, killed, suffered: final > 0, blasts: 0, blastDamage: null },
    });
    expect(eventLine(en, names, damage(1, 4, false))).toBe('🩸 **Bob** takes **1** damage (1). **Bob** has 4 Health left.');
    expect(eventLine(fr, names, damage(1, 4, false))).toBe('🩸 **Bob** subit **1** dégât (1). Santé restante de **Bob** : 4.');
    expect(eventLine(en, names, damage(5, 0, true))).toBe('🩸 **Bob** takes **5** damage (5). ☠️ **Bob** is killed: no Health left.');
    expect(eventLine(fr, names, damage(5, 0, true))).toBe('🩸 **Bob** subit **5** dégâts (5). ☠️ **Bob** est tué : plus de Santé.');
    expect(eventLine(en, names, damage(2, null, null))).toBe('🩸 **Bob** takes **2** damage (2).');
  });

  it('DMG-13: blasts say what each other touched model takes, and how to apply it with its own reductions (AMB-15)', () => {
    const blasted: GameEvent = {
      type: 'DamageResolved',
      result: { dealer: 0, target: 1, card: '13C', band: 'severe', base: 4, afterArmor: 4, shieldedUsed: false, afterReductions: 4, soulstoneCard: null, soulstoneReduction: 0, final: 4, applied: null, healthAfter: null, killed: null, suffered: true, blasts: 2, blastDamage: 3 },
    };
    expect(eventLine(en, names, blasted)).toBe('🩸 **Bob** takes **4** damage (4). (2 blasts: 3 to each other model touched — for each, `/damage profile:3` with its Armor, Shielded and soulstones)');
    expect(eventLine(fr, names, blasted)).toContain('(2 explosions : 3 à chaque autre figurine touchée — pour chacune, `/degats profil:3`');
  });

  it('counts read as real plurals', () => {
    expect(eventLine(en, names, { type: 'CardsDrawn', seat: 0, cards: ['1R'] })).toBe('🂠 **Alice** draws 1 card.');
    expect(eventLine(en, names, { type: 'CardsDrawn', seat: 0, cards: ['1R', '2R', '3R', '4R', '5R', '6R'] })).toBe('🂠 **Alice** draws 6 cards.');
    expect(eventLine(fr, names, { type: 'CardsDrawn', seat: 1, cards: ['1R'] })).toBe('🂠 **Bob** pioche 1 carte.');
  });
});
