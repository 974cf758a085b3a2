import { describe, expect, it } from 'vitest';
import { isArgumentElement, isNumberElement, isPluralElement, isSelectElement, isTagElement, parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { ERROR_CODES } from '../systems/malifaux-table/engine/index.js';
import { en } from './en.js';
import { fr } from './fr.js';
import { initialSound } from './elision.js';
import { localeFrom, t, translator, type MessageKey } from './index.js';

const keys = Object.keys(en) as MessageKey[];
const tables = { en, fr } as const;

/** The arguments of a message as ICU reads it, with what each one is (read here apart from index.ts). */
type Kind = 'text' | 'plural' | { select: string[] };
function argumentsIn(elements: MessageFormatElement[], into = new Map<string, Kind>()): Map<string, Kind> {
  for (const element of elements) {
    if (isArgumentElement(element)) {
      if (!into.has(element.value)) into.set(element.value, 'text');
    } else if (isNumberElement(element)) into.set(element.value, 'plural');
    else if (isPluralElement(element) || isSelectElement(element)) {
      into.set(element.value, isPluralElement(element) ? 'plural' : { select: Object.keys(element.options) });
      for (const option of Object.values(element.options)) argumentsIn(option.value, into);
    } else if (isTagElement(element)) argumentsIn(element.children, into);
  }
  return into;
}
const parsed = (text: string) => parse(text, { ignoreTag: true });
const argumentsOfMessage = (text: string) => argumentsIn(parsed(text));
/** `nameSound`: derived by t() from `name` (French elision), so only French messages need it. */
const derivedFrom = (name: string) => /^(\w+)Sound$/.exec(name)?.[1];

describe('messages', () => {
  it('every engine rule error has an English and a French message', () => {
    for (const code of ERROR_CODES) {
      expect(en, code).toHaveProperty(`error.${code}`);
      expect(fr, code).toHaveProperty(`error.${code}`);
    }
  });

  it('every flip slot is a “tirage” in French, so the masculine articles of “le {slot}” and “du {slot}” fit them all', () => {
    const slots = keys.filter((k) => k.startsWith('slot.'));
    expect(slots.length).toBeGreaterThanOrEqual(5);
    for (const key of slots) expect(fr[key], key).toMatch(/^tirage\b/);
    expect(translator('fr')('undo.what.pick', { card: '5🐏', name: 'Bob', slot: translator('fr')('slot.reduce') })).toBe('le choix de 5🐏 par Bob pour le tirage de réduction par Pierrâme');
  });

  it('every decision kind reads in both languages', () => {
    for (const kind of ['pick', 'cheat', 'soulstone', 'yield', 'redJokerSuit', 'trigger', 'discardDown', 'prevent', 'reduce']) {
      expect(en).toHaveProperty(`decision.${kind}`);
      expect(fr).toHaveProperty(`decision.${kind}`);
    }
  });

  it('French messages are translated, not copies of the English ones', () => {
    const same = keys.filter((k) => en[k] === fr[k] && /[a-z]{4,}/.test(en[k]));
    // Proper names and symbol-only lines may coincide; sentences may not.
    // So do the names of some deployments and schemes, the same words in both rulebooks (Standard, Sabotage).
    const sharedNames = ['encounter.suitFrom', 'encounter.schemeLine', 'encounter.pack.gg3', 'encounter.name.standard', 'encounter.name.gg3.vendetta', 'encounter.name.gg3.sabotage'];
    expect(same.filter((k) => ![...sharedNames, 'system.gg3', 'system.fateforge', 'picture.total', 'picture.modifier', 'status.seat'].includes(k))).toEqual([]);
  });

  it('every message is well-formed ICU, in both languages', () => {
    for (const [locale, table] of Object.entries(tables)) {
      for (const key of keys) expect(() => parsed(table[key]), `${locale} ${key}`).not.toThrow();
    }
  });

  it('French messages read the same arguments as the English ones, in the same way (the ICU parser compares them)', () => {
    for (const key of keys) {
      const english = argumentsOfMessage(en[key]);
      const french = argumentsOfMessage(fr[key]);
      const own = (args: Map<string, Kind>) => new Map([...args].filter(([name]) => derivedFrom(name) === undefined || !args.has(derivedFrom(name)!)));
      // A count may be a plural in one language and plain text in the other ("3 damage", "3 dégâts"): both take a value.
      const shape = (args: Map<string, Kind>) => [...own(args)].map(([name, kind]) => [name, typeof kind === 'string' ? 'value' : 'select']).sort();
      expect(shape(french), key).toEqual(shape(english));
      // A select's cases are the caller's values: both languages must know the same ones.
      for (const [name, kind] of english) if (typeof kind === 'object') expect(french.get(name), `${key} ${name}`).toEqual(kind);
    }
  });

  it('a derived elision argument is a select on vowel/other whose name is that of an argument of the message', () => {
    for (const [locale, table] of Object.entries(tables)) {
      for (const key of keys) {
        for (const [name, kind] of argumentsOfMessage(table[key])) {
          const base = derivedFrom(name);
          if (base === undefined) continue;
          expect(argumentsOfMessage(table[key]).has(base), `${locale} ${key}: ${name} without ${base}`).toBe(true);
          expect(kind, `${locale} ${key}`).toEqual({ select: ['vowel', 'other'] });
        }
      }
    }
  });

  it('counted words use plural forms, never “(s)”: each form has a “one” and an “other” branch', () => {
    const plurals = (elements: MessageFormatElement[]): string[][] =>
      elements.flatMap((e) => (isPluralElement(e) ? [Object.keys(e.options), ...Object.values(e.options).flatMap((o) => plurals(o.value))] : isSelectElement(e) ? Object.values(e.options).flatMap((o) => plurals(o.value)) : []));
    for (const [locale, table] of Object.entries(tables)) {
      for (const key of keys) {
        expect(table[key], `${locale} ${key}`).not.toMatch(/\(s\)|\(es\)|\(x\)/);
        for (const branches of plurals(parsed(table[key]))) expect(branches, `${locale} ${key}`).toEqual(expect.arrayContaining(['one', 'other']));
      }
    }
  });

  it('no message has a straight apostrophe: in ICU one may start quoting and swallow what follows (the tables write ’)', () => {
    for (const [locale, table] of Object.entries(tables)) for (const key of keys) expect(table[key], `${locale} ${key}`).not.toContain("'");
  });

  it('formats every message in both languages, with every case of its selects, leaving no brace, no NaN and no argument unread', () => {
    for (const [locale, table] of Object.entries(tables) as [keyof typeof tables, Record<MessageKey, string>][]) {
      for (const key of keys) {
        const args = argumentsOfMessage(table[key]);
        const base: Record<string, string | number> = {};
        for (const [name, kind] of args) {
          if (derivedFrom(name) !== undefined && args.has(derivedFrom(name)!)) continue; // t() derives it
          base[name] = kind === 'plural' ? 2 : kind === 'text' ? `‹${name}›` : kind.select[0]!;
        }
        const variants: Record<string, string | number>[] = [base];
        for (const [name, kind] of args) {
          if (kind === 'plural') for (const count of [0, 1, 5, 21]) variants.push({ ...base, [name]: count });
          if (typeof kind === 'object' && name in base) for (const option of kind.select) variants.push({ ...base, [name]: option });
        }
        const seen = new Set<string>();
        for (const params of variants) {
          const out = t(locale, key, params);
          expect(out, `${locale} ${key} ${JSON.stringify(params)}`).not.toMatch(/[{}]|NaN/);
          for (const name of Object.keys(params)) if (out.includes(`‹${name}›`)) seen.add(name);
        }
        // Every text argument is printed by some case: none is hidden inside a quoted literal.
        const texts = [...args].filter(([, kind]) => kind === 'text').map(([name]) => name);
        expect(texts.filter((name) => !seen.has(name)), `${locale} ${key}`).toEqual([]);
      }
    }
  });

  it('fills a message without selects exactly as substituting into its text would: no literal text changes (English and French)', () => {
    // The reference: the text itself, plural forms by regular expression, then placeholders.
    const PLURAL = /\{(\w+), plural,((?:\s*(?:=\d+|zero|one|two|few|many|other) \{[^{}]*\})+)\s*\}/g;
    const rules = { en: new Intl.PluralRules('en'), fr: new Intl.PluralRules('fr') };
    const reference = (locale: 'en' | 'fr', text: string, params: Record<string, string | number>) =>
      text
        .replace(PLURAL, (_, name: string, body: string) => {
          const branches = new Map([...body.matchAll(/(=\d+|zero|one|two|few|many|other) \{([^{}]*)\}/g)].map((m) => [m[1]!, m[2]!]));
          const n = Number(params[name]);
          return (branches.get(`=${n}`) ?? branches.get(rules[locale].select(n)) ?? branches.get('other')!).replace(/#/g, String(n));
        })
        .replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
    let compared = 0;
    for (const [locale, table] of Object.entries(tables) as [keyof typeof tables, Record<MessageKey, string>][]) {
      for (const key of keys) {
        const args = argumentsOfMessage(table[key]);
        if ([...args.values()].some((kind) => typeof kind === 'object')) continue;
        for (const count of [0, 1, 2, 5, 21]) {
          const params = Object.fromEntries([...args].map(([name, kind], i) => [name, kind === 'plural' || i === 0 ? count : `«${name}»`]));
          expect(t(locale, key, params), `${locale} ${key} ${count}`).toBe(reference(locale, table[key], params));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(2 * 5 * 250);
  });
});

describe('the formatter', () => {
  it('chooses the plural branch with the locale’s rules: 0, 1 and 2 in English and in French', () => {
    expect(t('en', 'event.drawn', { name: 'Alice', count: 0 })).toBe('🂠 Alice draws 0 cards.');
    expect(t('en', 'event.drawn', { name: 'Alice', count: 1 })).toBe('🂠 Alice draws 1 card.');
    expect(t('en', 'event.drawn', { name: 'Alice', count: 2 })).toBe('🂠 Alice draws 2 cards.');
    // In French 0 is singular.
    expect(t('fr', 'event.drawn', { name: 'Alice', count: 0 })).toBe('🂠 Alice pioche 0 carte.');
    expect(t('fr', 'event.drawn', { name: 'Alice', count: 1 })).toBe('🂠 Alice pioche 1 carte.');
    expect(t('fr', 'event.drawn', { name: 'Alice', count: 2 })).toBe('🂠 Alice pioche 2 cartes.');
    expect(t('fr', 'hand.title', { count: 0 })).toBe('Votre Main de Contrôle — 0 carte');
    expect(t('en', 'hand.title', { count: 0 })).toBe('Your Control Hand — 0 cards');
    // A plural inside markdown, and a count given as text.
    expect(t('fr', 'event.damage', { target: 'Bob', final: 1, steps: '1' })).toBe('🩸 Bob subit **1** dégât (1).');
    expect(t('fr', 'event.damage', { target: 'Bob', final: '3', steps: '3' })).toBe('🩸 Bob subit **3** dégâts (3).');
  });

  it('elides French “de” and “que” before a vowel sound, whatever markdown wraps the name', () => {
    expect(t('fr', 'event.reshuffled', { name: '**Alice**' })).toBe('🔀 La défausse d’**Alice** est mélangée en un nouveau Jeu du Destin.');
    expect(t('fr', 'event.reshuffled', { name: '**Bob**' })).toBe('🔀 La défausse de **Bob** est mélangée en un nouveau Jeu du Destin.');
    expect(t('fr', 'prompt.waiting', { name: 'Élodie', decision: 'céder' })).toBe('En attente d’Élodie : céder.');
    expect(t('fr', 'prompt.waiting', { name: '<@123>', decision: 'céder' })).toBe('En attente de <@123> : céder.');
    expect(t('fr', 'error.WAITING_FOR_DECISION', { seat: 'Ines', kind: 'céder' })).toBe('Pas maintenant : on attend qu’Ines décide (céder).');
    expect(t('fr', 'error.WAITING_FOR_DECISION', { seat: 'Bob', kind: 'céder' })).toBe('Pas maintenant : on attend que Bob décide (céder).');
    // English has nothing to elide: the same params read as before.
    expect(t('en', 'event.reshuffled', { name: '**Alice**' })).toBe(`🔀 **Alice**’s discard pile is shuffled into a new Fate Deck.`);
    // A caller may still decide the sound (a name whose h is aspirated).
    expect(t('fr', 'picture.flipTitle', { name: 'Hugues', nameSound: 'consonant' })).toBe('Tirage de Hugues');
    expect(t('fr', 'picture.flipTitle', { name: 'Hugo' })).toBe('Tirage d’Hugo');
  });

  it('says a duel’s TN and a referee’s re-flip inside the sentence (a select), not with a fragment translated apart', () => {
    const duel = { name: '**Alice**', stat: 5, label: '' };
    expect(t('en', 'event.simpleDuel', { ...duel, withTn: 'yes', tn: 12, suits: ' 🎭' })).toBe('⚔️ Simple duel: **Alice**, stat 5, TN 12 🎭.');
    expect(t('en', 'event.simpleDuel', { ...duel, withTn: 'no' })).toBe('⚔️ Simple duel: **Alice**, stat 5.');
    expect(t('fr', 'event.simpleDuel', { ...duel, withTn: 'yes', tn: 12, suits: '' })).toBe('⚔️ Duel simple : **Alice**, carac. 5, VS 12.');
    const reflip = { name: '**Bob**', slot: 'tirage', cards: '5🐏' };
    expect(t('fr', 'event.reflip', { ...reflip, byReferee: 'yes', by: '<@9>' })).toBe('🔁 **Bob** refait un tirage (tirage) à la demande de l’arbitre <@9> : 5🐏 vont à la défausse.');
    expect(t('fr', 'event.reflip', { ...reflip, byReferee: 'no' })).toBe('🔁 **Bob** refait un tirage (tirage) : 5🐏 vont à la défausse.');
  });

  it('keeps a missing text argument visible as its placeholder and never throws', () => {
    expect(t('en', 'error.NOT_YOUR_BUTTON')).toBe('This choice belongs to {name}. Nothing was changed.');
    expect(() => t('fr', 'event.drawn', {})).not.toThrow();
  });

  it('prints text arguments as given (no digit grouping in ids or codes), and the rulebook’s French words', () => {
    expect(t('fr', 'error.VERIFY_NOT_ENDED', { commitment: 12345678 })).toContain('12345678');
    expect(t('fr', 'event.soulstonesSet', { name: 'Bob', count: 3 })).toBe('💎 La réserve de Pierrâmes de Bob est maintenant de 3.');
    expect(t('fr', 'picture.tn')).toBe('VS');
    expect(t('fr', 'event.noTrigger', { name: 'Bob' })).toContain('déclic');
  });

  it('fills a message of text and plain arguments as intl-messageformat does, without it (every such message, both languages)', () => {
    let compared = 0;
    for (const [locale, table] of Object.entries(tables) as [keyof typeof tables, Record<MessageKey, string>][]) {
      for (const key of keys) {
        const ast = parse(table[key], { ignoreTag: true });
        if (!ast.every((element) => isArgumentElement(element) || element.type === 0)) continue;
        const names = ast.filter(isArgumentElement).map((element) => element.value);
        const full = Object.fromEntries(names.map((name, i) => [name, i % 2 ? 1234567 : `<@${name}> ’{}’`]));
        const icu = new IntlMessageFormat(table[key], locale, undefined, { ignoreTag: true });
        const asIcu = (params: Record<string, string | number>) =>
          String(icu.format(Object.fromEntries(names.map((name) => [name, name in params ? String(params[name]) : `{${name}}`]))));
        expect(t(locale, key, full), `${locale} ${key}`).toBe(asIcu(full));
        // A missing argument stays visible as its placeholder, as before.
        const partial = Object.fromEntries(Object.entries(full).slice(1));
        expect(t(locale, key, partial), `${locale} ${key} partial`).toBe(asIcu(partial));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it('returns the same text from a translator as from t (each message is compiled once and reused)', () => {
    const fr1 = translator('fr');
    for (let i = 0; i < 3; i++) expect(fr1('event.drawn', { name: 'Ana', count: i })).toBe(t('fr', 'event.drawn', { name: 'Ana', count: i }));
  });

  it('reads Discord locales', () => {
    expect(localeFrom('fr')).toBe('fr');
    expect(localeFrom('fr-CA')).toBe('fr');
    expect(localeFrom('en-GB')).toBe('en');
    expect(localeFrom(undefined)).toBe('en');
    expect(localeFrom(42)).toBe('en');
    expect(t('fr', 'error.CARD_NOT_IN_HAND', { card: '9T' })).toContain('9T');
    expect(t('fr', 'error.CARD_NOT_IN_HAND', { card: '9T' })).toContain('main');
  });
});

describe('initialSound (French elision)', () => {
  it.each([
    ['Alice', 'vowel'],
    ['**Élodie**', 'vowel'],
    ['« Ines »', 'vowel'],
    ['Yves', 'vowel'],
    ['Hélène', 'vowel'],
    ['Ulrich', 'vowel'],
    ['Bob', 'consonant'],
    ['Yann', 'consonant'],
    ['Hnery', 'consonant'],
    ['<@1100000000000000302>', 'consonant'],
    ['7', 'consonant'],
    ['', 'consonant'],
  ] as const)('%s starts with a %s sound', (name, sound) => {
    expect(initialSound(name)).toBe(sound);
  });
});
