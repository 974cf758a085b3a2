import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../systems/malifaux-table/engine/index.js';
import { en } from './en.js';
import { fr } from './fr.js';
import { localeFrom, PLURAL, pluralBranches, t } from './index.js';

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
    // Simple placeholders, plural parameters, and the placeholders inside plural branches alike.
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)(?:\}|, plural,)/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(en) as (keyof typeof en)[]) expect(placeholders(fr[key]), key).toEqual(placeholders(en[key]));
  });

  it('counted words use plural forms, never “(s)”: each form has a “one” and an “other” branch, and only well-formed forms', () => {
    for (const table of [en, fr] as Record<string, string>[]) {
      for (const [key, text] of Object.entries(table)) {
        expect(text, key).not.toMatch(/\(s\)|\(es\)|\(x\)/);
        const forms = [...text.matchAll(PLURAL)];
        for (const [, , body] of forms) expect([...pluralBranches(body!).keys()], key).toEqual(expect.arrayContaining(['one', 'other']));
        // A plural form the parser does not recognise would stay printed as is.
        expect(text.replace(PLURAL, '').includes(', plural,'), key).toBe(false);
      }
    }
  });

  it('chooses the plural branch with the locale’s rules: in French 0 and 1 are singular, in English only 1', () => {
    expect(t('en', 'event.drawn', { name: 'Alice', count: 1 })).toBe('🂠 Alice draws 1 card.');
    expect(t('en', 'event.drawn', { name: 'Alice', count: 6 })).toBe('🂠 Alice draws 6 cards.');
    expect(t('en', 'hand.title', { count: 0 })).toBe('Your Control Hand — 0 cards');
    expect(t('fr', 'event.drawn', { name: 'Alice', count: 6 })).toBe('🂠 Alice pioche 6 cartes.');
    expect(t('fr', 'event.drawn', { name: 'Alice', count: 1 })).toBe('🂠 Alice pioche 1 carte.');
    expect(t('fr', 'hand.title', { count: 0 })).toBe('Votre Main de Contrôle — 0 carte');
    expect(t('fr', 'event.damage', { target: 'Bob', final: 1, steps: '1' })).toBe('🩸 Bob subit **1** dégât (1).');
    expect(t('fr', 'event.damage', { target: 'Bob', final: 3, steps: '3' })).toBe('🩸 Bob subit **3** dégâts (3).');
  });

  it('fills every message exactly as substituting into its text would, in both languages (messages are compiled once)', () => {
    // The reference: the message text itself, plural forms replaced, then placeholders, by regular expressions.
    const rules = { en: new Intl.PluralRules('en'), fr: new Intl.PluralRules('fr') };
    const reference = (locale: 'en' | 'fr', text: string, params: Record<string, string | number>) =>
      text
        .replace(PLURAL, (whole, name: string, body: string) => {
          if (params[name] === undefined) return whole;
          const n = Number(params[name]);
          const branches = pluralBranches(body);
          const branch = branches.get(`=${n}`) ?? branches.get(rules[locale].select(n)) ?? branches.get('other') ?? whole;
          return branch.replace(/#/g, String(params[name]));
        })
        .replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
    for (const [locale, table] of [['en', en], ['fr', fr]] as const) {
      for (const key of Object.keys(table) as (keyof typeof en)[]) {
        const names = [...new Set([...table[key].matchAll(/\{(\w+)(?:\}|, plural,)/g)].map((m) => m[1]!))];
        for (const count of [0, 1, 2, 5, 21]) {
          const params = Object.fromEntries(names.map((name, i) => [name, i === 0 ? count : `«${name}»`]));
          expect(t(locale, key, params), `${locale} ${key} ${count}`).toBe(reference(locale, table[key], params));
        }
        // A parameter left out stays visible as its placeholder, as before.
        const missing = Object.fromEntries(names.slice(1).map((name) => [name, 7]));
        expect(t(locale, key, missing), `${locale} ${key} missing`).toBe(reference(locale, table[key], missing));
      }
    }
  });

  it('reads Discord locales and fills placeholders', () => {
    expect(localeFrom('fr')).toBe('fr');
    expect(localeFrom('en-GB')).toBe('en');
    expect(localeFrom(undefined)).toBe('en');
    expect(t('fr', 'error.CARD_NOT_IN_HAND', { card: '9T' })).toContain('9T');
    expect(t('fr', 'error.CARD_NOT_IN_HAND', { card: '9T' })).toContain('main');
  });
});
