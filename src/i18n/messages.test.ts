import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../engine/index.js';
import { en } from './en.js';
import { fr } from './fr.js';
import { localeFrom, t } from './index.js';

describe('messages', () => {
  it('every engine rule error has an English and a French message', () => {
    for (const code of ERROR_CODES) {
      expect(en, code).toHaveProperty(`error.${code}`);
      expect(fr, code).toHaveProperty(`error.${code}`);
    }
  });

  it('every decision kind reads in both languages', () => {
    for (const kind of ['pick', 'cheat', 'soulstone', 'yield', 'redJokerSuit', 'trigger', 'discardDown', 'prevent', 'reduce']) {
      expect(en).toHaveProperty(`decision.${kind}`);
      expect(fr).toHaveProperty(`decision.${kind}`);
    }
  });

  it('French messages are translated, not copies of the English ones', () => {
    const same = Object.keys(en).filter((k) => en[k as keyof typeof en] === fr[k as keyof typeof fr] && /[a-z]{4,}/.test(en[k as keyof typeof en]));
    // Proper names and symbol-only lines may coincide; sentences may not.
    expect(same.filter((k) => !['system.gg3', 'system.fateforge', 'picture.total', 'picture.modifier', 'status.seat'].includes(k))).toEqual([]);
  });

  it('French messages use the same placeholders as the English ones', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(en) as (keyof typeof en)[]) expect(placeholders(fr[key]), key).toEqual(placeholders(en[key]));
  });

  it('reads Discord locales and fills placeholders', () => {
    expect(localeFrom('fr')).toBe('fr');
    expect(localeFrom('en-GB')).toBe('en');
    expect(localeFrom(undefined)).toBe('en');
    expect(t('fr', 'error.CARD_NOT_IN_HAND', { card: '9T' })).toContain('9T');
    expect(t('fr', 'error.CARD_NOT_IN_HAND', { card: '9T' })).toContain('main');
  });
});
