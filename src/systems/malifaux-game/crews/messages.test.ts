/** Every refusal of crew parsing and hiring reads in English and French with exactly the params the code gives. */
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { argumentsOf } from '../../../i18n/index.js';
import { inkwellTable as table } from './fixtures.js';
import { HIRE_PROBLEM_CODES, checkHiring } from './hire.js';
import { crewMessagesEn, crewMessagesFr } from './messages.js';
import { CREW_PARSE_ERROR_CODES, parseCrewList } from './parse.js';

/** Real refusals, one or more per code, produced by the parser and the hiring checks. */
function refusals(): { code: string; params: Record<string, string | number> }[] {
  const out: { code: string; params: Record<string, string | number> }[] = [];
  for (const text of ['', 'x'.repeat(4001), 'hello', 'Leader:\n  Ada Quill', '(Pirates)\nLeader:\n  Ada Quill', '(Bayou)\nLeader:', '(Bayou)\nhello\n']) {
    const r = parseCrewList(text, table);
    if (!r.ok) out.push({ code: r.error.code, params: r.error.params ?? {} });
  }
  const lists: [string, number][] = [
    ['Leader:\n  Ada Quill\n', 0],
    ['Leader:\n  Nobody\n    Odd Trinket\n', 50],
    ['Hires:\n  Page\n', 50],
    ['Leader:\n  Ada Quill\n  Scribe Major\n', 50],
    ['Leader:\n  Ink Smuggler\n', 50],
    ['Leader:\n  Scribe Major\nTotem(s):\n  Blotter\nHires:\n  Dock Rat\n  Page\n  Page\n  Page\n', 50],
    ['Leader:\n  Scribe Major\nHires:\n  Ada Quill\n', 50],
    ['Leader:\n  Ada Quill, Unbound\nHires:\n  Ada Quill\n  Press Golem\n    Sharp Nib\n    Guild Badge\n  Page\n    Sharp Nib\n    Masterwork Pen\n  Furnace Hand\n    Summoned Form\n', 10],
    ['Soulstones: 11\nLeader:\n  Ada Quill\n', 50],
    ['Soulstones: 9\nLeader:\n  Ada Quill\nHires:\n  Page\n', 50],
  ];
  for (const [text, size] of lists) {
    const p = parseCrewList(`(Arcanists)\n${text}`, table);
    if (!p.ok) throw new Error(p.error.code);
    const r = checkHiring(p.value, table, size);
    if (!r.ok) out.push(...r.error);
  }
  return out;
}

describe('crew refusals, in English and French', () => {
  const produced = refusals();

  it('item 8: every code is produced by some input, and has a message in both languages', () => {
    const codes = [...CREW_PARSE_ERROR_CODES, ...HIRE_PROBLEM_CODES];
    expect(new Set(produced.map((r) => r.code))).toEqual(new Set(codes));
    expect(Object.keys(crewMessagesEn).sort()).toEqual(codes.map((c) => `error.${c}`).sort());
    expect(Object.keys(crewMessagesFr).sort()).toEqual(Object.keys(crewMessagesEn).sort());
  });

  it('item 8: each message reads exactly the params its code gives, and formats with no brace left', () => {
    for (const [locale, messages] of [['en', crewMessagesEn], ['fr', crewMessagesFr]] as const) {
      for (const { code, params } of produced) {
        const source = messages[`error.${code}` as keyof typeof messages];
        const format = new IntlMessageFormat(source, locale, undefined, { ignoreTag: true });
        expect([...argumentsOf(format.getAst()).keys()].sort(), `${locale} ${code}`).toEqual(Object.keys(params).sort());
        const text = String(format.format(params));
        expect(text, `${locale} ${code}`).not.toMatch(/[{}]|undefined|NaN/);
      }
    }
  });

  it('item 8: the station is named in the reader\'s language', () => {
    const format = (locale: 'en' | 'fr', station: string) =>
      new IntlMessageFormat(locale === 'en' ? crewMessagesEn['error.LEADER_STATION'] : crewMessagesFr['error.LEADER_STATION'], locale).format({ name: 'X', station });
    expect(format('en', 'Enforcer')).toBe('X is an Enforcer and cannot lead: the Leader is a Master or a Henchman.');
    expect(format('en', 'Minion')).toBe('X is a Minion and cannot lead: the Leader is a Master or a Henchman.');
    expect(format('fr', 'Enforcer')).toBe('X est Gros-bras et ne peut pas mener la bande : le Chef est un Maître ou un Lieutenant.');
  });
});
