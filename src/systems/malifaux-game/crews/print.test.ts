/** Properties: a crew printed in either format and parsed back is the same crew; no text makes the parser throw. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keyOf } from './fixtures.js';
import { FACTIONS, nameKey, parsedCrewSchema, type CrewEntry, type HireEntry, type ParsedCrew, type UpgradeEntry } from './model.js';
import { CREW_PARSE_ERROR_CODES, parseCrewList } from './parse.js';
import { printCostedCrewList, printSectionedCrewList } from './print.js';

const EMPTY = { models: [], upgrades: [] };

// Words with an apostrophe, an accent and a capital, so that names only meet through nameKey.
const word = fc.constantFrom('Kaltgeist', 'Mara', 'Lucky', 'Fate', 'Señor', 'Brew', "O'Connor", 'Ice', 'Golem', 'Hopscotch', 'Shojo', 'Whiskey', 'Gamin', 'Ink', 'Sprite', 'Dock', 'Rat', 'Effigy', 'Proof', 'Prophet', 'Mc-Tavish');
const name = fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(' '));
const title = fc.option(name, { nil: null });
const cost = fc.option(fc.integer({ min: 0, max: 15 }), { nil: null });

const upgradeEntry = fc.record({ name, pastedCost: cost }).map((u): UpgradeEntry => ({ ...u, key: keyOf(u.name, null) }));
const crewEntry = fc.record({ name, title, pastedCost: cost, upgrades: fc.array(upgradeEntry, { maxLength: 2 }) }).map((e): CrewEntry => ({ ...e, key: keyOf(e.name, e.title) }));
const SECTION_ORDER = ['hires', 'versatile', 'outOfKeyword'] as const;
const hireEntry = (sections: readonly HireEntry['section'][]) =>
  fc.record({ entry: crewEntry, section: fc.constantFrom(...sections), repeat: fc.boolean() }).map(({ entry, section, repeat }): HireEntry[] =>
    // A repeated line is a second copy: give the property some.
    repeat ? [{ ...entry, section }, { ...structuredClone(entry), section }] : [{ ...entry, section }],
  );
const hires = (sections: readonly HireEntry['section'][]) =>
  fc.array(hireEntry(sections), { maxLength: 5 }).map((groups) => groups.flat().sort((a, b) => SECTION_ORDER.indexOf(a.section) - SECTION_ORDER.indexOf(b.section)));

const base = {
  crewName: fc.option(fc.array(fc.oneof(word, fc.constant('@')), { minLength: 1, maxLength: 4 }).map((w) => w.join(' ')), { nil: null }),
  faction: fc.constantFrom(...FACTIONS),
  soulstonePool: fc.option(fc.integer({ min: 0, max: 15 }), { nil: null }),
};

const sectionedCrew = fc
  .record({ ...base, leaders: fc.array(crewEntry, { maxLength: 2 }), totems: fc.array(crewEntry, { maxLength: 2 }), hires: hires(SECTION_ORDER), references: fc.array(crewEntry, { maxLength: 3 }) })
  .filter((c) => c.leaders.length + c.totems.length + c.hires.length > 0)
  .map((c): ParsedCrew => ({ ...c, format: 'sectioned', declaredSize: null, unknownModels: [], unknownUpgrades: [], raw: '' }));

// The costed list has one Leader line and no Totem, Versatile or References sections.
const costedCrew = fc
  .record({ ...base, leaders: fc.array(crewEntry, { maxLength: 1 }), hires: hires(['hires']), declaredSize: fc.option(fc.integer({ min: 1, max: 999 }), { nil: null }) })
  .filter((c) => c.leaders.length + c.hires.length > 0)
  .map((c): ParsedCrew => ({ ...c, format: 'costed', totems: [], references: [], unknownModels: [], unknownUpgrades: [], raw: '' }));

/** Against an empty table every hired model and upgrade is unknown, each once: what the server must ask for. */
function expectRoundTrip(crew: ParsedCrew, text: string): void {
  const r = parseCrewList(text, EMPTY);
  if (!r.ok) throw new Error(`${r.error.code} for\n${text}`);
  const { unknownModels, unknownUpgrades, raw, ...rest } = r.value;
  const { unknownModels: _models, unknownUpgrades: _upgrades, raw: _raw, ...expected } = crew;
  expect(rest).toEqual(expected);
  expect(raw).toBe(text);
  expect(parsedCrewSchema.safeParse(r.value).success).toBe(true);
  const hired = [...crew.leaders, ...crew.totems, ...crew.hires];
  expect(new Set(unknownModels.map(nameKey))).toEqual(new Set(hired.map((e) => e.key)));
  expect(unknownModels).toHaveLength(new Set(hired.map((e) => e.key)).size);
  expect(new Set(unknownUpgrades.map(nameKey))).toEqual(new Set(hired.flatMap((e) => e.upgrades.map((u) => u.key))));
}

describe('crew lists print and parse back', () => {
  it('a crew printed in the sectioned format and parsed back is the same crew', () => {
    fc.assert(fc.property(sectionedCrew, (crew) => expectRoundTrip(crew, printSectionedCrewList(crew))), { numRuns: 200 });
  });

  it('a crew printed in the costed format and parsed back is the same crew', () => {
    fc.assert(fc.property(costedCrew, (crew) => expectRoundTrip(crew, printCostedCrewList(crew))), { numRuns: 200 });
  });

  it('the sectioned print of the notes\' second sample is the sample itself', () => {
    const sample = '(Arcanists)\nLeader:\n  Rasputina, Abominable\nTotem(s):\n  Mara\nHires:\n  Kaltgeist\n  Kaltgeist';
    const r = parseCrewList(sample, EMPTY);
    expect(r.ok && printSectionedCrewList(r.value)).toBe(sample);
  });
});

describe('any text', () => {
  const line = fc.oneof(
    fc.constantFrom(`${'Long '.repeat(60)}(Bayou)`, 'Leader:', 'Hires', 'TOTEM(S)', 'References:', '(Bayou)', 'x (Guild)', 'Declared Faction: Guild', 'Crew Name: a 50ss', '  Mara', '    Up 2ss', 'Mara - Cache:(3)', '', '\t', ',', '  ,'),
    fc.string({ maxLength: 30 }),
  );
  it('is read as a crew (keeping the paste) or refused with one of the parser\'s codes, never thrown on', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), (lines) => {
        const text = lines.join('\n');
        const r = parseCrewList(text, EMPTY);
        if (r.ok) {
          expect(r.value.raw).toBe(text);
          // What the game will keep in its state is valid against the schema it is stored with.
          expect(parsedCrewSchema.safeParse(r.value).success).toBe(true);
          expect(r.value.leaders.length + r.value.totems.length + r.value.hires.length).toBeGreaterThan(0);
        } else expect(CREW_PARSE_ERROR_CODES).toContain(r.error.code);
      }),
      { numRuns: 500 },
    );
  });
});
