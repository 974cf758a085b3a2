/** Crew lists in both formats (whole-game.md §1), read into hand-written expected crews. */
import { describe, expect, it } from 'vitest';
import { entry, profile, upgrade, upgradeLine } from './fixtures.js';
import { nameKey, parseFaction, parsedCrewSchema, type ModelTable, type ParsedCrew } from './model.js';
import { parseCrewList } from './parse.js';

const table: ModelTable = {
  models: [
    profile({ name: 'Brewmaster', title: 'Proof Prophet', station: 'Master', factions: ['bayou'], cost: null }),
    profile({ name: 'Apprentice Wesley', station: 'Minion', factions: ['bayou'], totemOf: 'Brewmaster' }),
    profile({ name: 'Hopscotch', station: 'Enforcer', factions: ['bayou'] }),
    profile({ name: 'Rasputina', title: 'Abominable', station: 'Master', factions: ['arcanists'], cost: null }),
    profile({ name: 'Mara', station: 'Minion', factions: ['arcanists'] }),
    profile({ name: 'Kaltgeist', station: 'Minion', stationLimit: 2, factions: ['arcanists'] }),
    profile({ name: 'Marcus', station: 'Master', factions: ['arcanists'], cost: null }),
    profile({ name: 'Amina Naidu', station: 'Henchman', factions: ['arcanists'] }),
  ],
  upgrades: [upgrade({ name: 'Imbued Protection', factions: ['arcanists'] })],
};

const ok = (text: string, t: ModelTable = table): ParsedCrew => {
  const r = parseCrewList(text, t);
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.error)}`);
  return r.value;
};

const BREW = `Brew @ Informants (Bayou)
Leader:
  Brewmaster, Proof Prophet
Totem(s):
  Apprentice Wesley
Hires:
  Hopscotch
  Shojo
  Lucky Fate, Effigy
References:
  Whiskey Gamin`;

const RASPUTINA = `(Arcanists)
Leader:
  Rasputina, Abominable
Totem(s):
  Mara
Hires:
  Kaltgeist
  Kaltgeist`;

const MARCUS = `Declared Faction: Arcanists
Crew Name: Marcus w/ Amina 50ss
Leader: Marcus - Cache:(4)
   The Gods Domain 1ss
Jackalope 2ss
Amina Naidu 9ss
   Imbued Protection 2ss
Cojo 6ss`;

describe('the sectioned crew list', () => {
  it('reads the Brew sample: crew name, faction, title after a comma, references not hired, unknown names listed to ask for', () => {
    expect(ok(BREW)).toEqual({
      format: 'sectioned',
      crewName: 'Brew @ Informants',
      faction: 'bayou',
      leaders: [entry('Brewmaster', 'Proof Prophet', 'brewmaster proof prophet')],
      totems: [entry('Apprentice Wesley', null, 'apprentice wesley')],
      hires: [
        { ...entry('Hopscotch', null, 'hopscotch'), section: 'hires' },
        { ...entry('Shojo', null, 'shojo'), section: 'hires' },
        { ...entry('Lucky Fate', 'Effigy', 'lucky fate effigy'), section: 'hires' },
      ],
      references: [entry('Whiskey Gamin', null, 'whiskey gamin')],
      declaredSize: null,
      soulstonePool: null,
      // Whiskey Gamin is unknown too, but a reference is never asked for.
      unknownModels: ['Shojo', 'Lucky Fate, Effigy'],
      unknownUpgrades: [],
      raw: BREW,
    } satisfies ParsedCrew);
  });

  it('reads the list without a crew name: a repeated line is a second copy of the model', () => {
    const crew = ok(RASPUTINA);
    expect(crew.crewName).toBeNull();
    expect(crew.faction).toBe('arcanists');
    expect(crew.leaders).toEqual([entry('Rasputina', 'Abominable', 'rasputina abominable')]);
    expect(crew.totems).toEqual([entry('Mara', null, 'mara')]);
    expect(crew.hires).toEqual([
      { ...entry('Kaltgeist', null, 'kaltgeist'), section: 'hires' },
      { ...entry('Kaltgeist', null, 'kaltgeist'), section: 'hires' },
    ]);
    expect(crew.unknownModels).toEqual([]);
  });

  it('headers in any case, colon optional, Versatile and Out of Keyword as hires, Crew Card ignored, CRLF and tabs, upgrades deeper', () => {
    const text = [
      'Ice Cold (arcanist)',
      'Crew Card: Frozen Heart',
      'LEADER',
      '\tRasputina, Abominable',
      '\t\tImbued Protection',
      'totems',
      '\tMara',
      'hires:',
      '\tKaltgeist',
      'versatile :',
      '\tHopscotch',
      'Out of Keyword',
      '\tAmina Naidu',
      'references',
      '\tKaltgeist',
    ].join('\r\n');
    const crew = ok(text);
    expect(crew.faction).toBe('arcanists');
    expect(crew.crewName).toBe('Ice Cold');
    expect(crew.leaders).toEqual([entry('Rasputina', 'Abominable', 'rasputina abominable', null, [upgradeLine('Imbued Protection', 'imbued protection')])]);
    expect(crew.totems).toEqual([entry('Mara', null, 'mara')]);
    expect(crew.hires).toEqual([
      { ...entry('Kaltgeist', null, 'kaltgeist'), section: 'hires' },
      { ...entry('Hopscotch', null, 'hopscotch'), section: 'versatile' },
      { ...entry('Amina Naidu', null, 'amina naidu'), section: 'outOfKeyword' },
    ]);
    expect(crew.references).toEqual([entry('Kaltgeist', null, 'kaltgeist')]);
  });

  it('the Markdown export pasted in Discord (bold headers, italic Crew Card, bulleted links) and a code block read like the plain list', () => {
    const markdown = [
      '**Rasputina, Abominable** (Arcanists)',
      '*Crew Card: Frozen Heart*',
      '',
      '**Leader:**',
      '- [Rasputina, Abominable](https://example.org/characters/rasputina-abominable)',
      '**Totem(s):**',
      '- [Mara](https://example.org/characters/mara)',
      '**Hires:**',
      '- [Kaltgeist](https://example.org/characters/kaltgeist)',
      '- [Kaltgeist](https://example.org/characters/kaltgeist)',
    ].join('\n');
    const { raw: _raw, ...fromMarkdown } = ok(markdown);
    const { raw: _raw2, ...fromPlain } = ok(RASPUTINA);
    expect(fromMarkdown).toEqual({ ...fromPlain, crewName: 'Rasputina, Abominable' });
    const { raw: _raw3, ...fromBlock } = ok('```\n' + RASPUTINA + '\n```');
    expect(fromBlock).toEqual(fromPlain);
  });

  it('an inline Leader line and a Leader section naming two models keep both leaders, for HIRE-1 to refuse', () => {
    const crew = ok('(Bayou)\nLeader: Brewmaster, Proof Prophet\nLeader:\n  Hopscotch\n');
    expect(crew.leaders.map((l) => l.key)).toEqual(['brewmaster proof prophet', 'hopscotch']);
  });

  it('what is kept fits the stored schema: an overlong crew name is cut to 200 characters', () => {
    const crew = ok(`${'Long '.repeat(60)}(Bayou)\nLeader:\n  Hopscotch`);
    expect(crew.crewName).toHaveLength(200);
    expect(parsedCrewSchema.safeParse(crew).success).toBe(true);
  });

  it('names match the table whatever their case, accents, apostrophes and punctuation', () => {
    const t: ModelTable = { models: [profile({ name: "Señor O'Rourke", title: 'the Lost', station: 'Henchman', factions: ['guild'] })], upgrades: [] };
    const crew = ok('(Guild)\nLeader:\n  senor orourke,  THE LOST.\n', t);
    expect(crew.leaders[0]!.key).toBe('senor orourke the lost');
    expect(crew.unknownModels).toEqual([]);
  });

  it('an unknown upgrade is listed once, however many models carry it', () => {
    const crew = ok('(Arcanists)\nLeader:\n  Marcus\n    Strange Gift\nHires:\n  Mara\n    Strange Gift\n    Imbued Protection\n');
    expect(crew.unknownUpgrades).toEqual(['Strange Gift']);
    expect(crew.hires[0]!.upgrades).toEqual([upgradeLine('Strange Gift', 'strange gift'), upgradeLine('Imbued Protection', 'imbued protection')]);
  });
});

describe('the costed crew list', () => {
  it('reads the Marcus sample: declared faction, crew name with its size, the cache, costs, upgrades under their model', () => {
    expect(ok(MARCUS)).toEqual({
      format: 'costed',
      crewName: 'Marcus w/ Amina',
      faction: 'arcanists',
      leaders: [entry('Marcus', null, 'marcus', null, [upgradeLine('The Gods Domain', 'the gods domain', 1)])],
      totems: [],
      hires: [
        { ...entry('Jackalope', null, 'jackalope', 2), section: 'hires' },
        { ...entry('Amina Naidu', null, 'amina naidu', 9, [upgradeLine('Imbued Protection', 'imbued protection', 2)]), section: 'hires' },
        { ...entry('Cojo', null, 'cojo', 6), section: 'hires' },
      ],
      references: [],
      declaredSize: 50,
      soulstonePool: 4,
      unknownModels: ['Jackalope', 'Cojo'],
      unknownUpgrades: ['The Gods Domain'],
      raw: MARCUS,
    } satisfies ParsedCrew);
  });

  it('a costed list with no crew name, lower-case headers and hires before the Leader line', () => {
    const crew = ok('declared faction arcanist\nMara 3ss\nleader: Marcus 0ss\nKaltgeist 4ss\nKaltgeist 4ss\n');
    expect(crew.format).toBe('costed');
    expect(crew.crewName).toBeNull();
    expect(crew.declaredSize).toBeNull();
    expect(crew.soulstonePool).toBeNull();
    expect(crew.leaders).toEqual([entry('Marcus', null, 'marcus', 0)]);
    expect(crew.hires.map((h) => [h.key, h.pastedCost])).toEqual([
      ['mara', 3],
      ['kaltgeist', 4],
      ['kaltgeist', 4],
    ]);
  });
});

describe('factions', () => {
  it('SETUP-5: singular and plural, with or without the apostrophe; Dead Man\'s Hand is not a faction', () => {
    expect([parseFaction('Arcanist'), parseFaction('ARCANISTS'), parseFaction('Resurrectionist'), parseFaction('Ten Thunder')]).toEqual(['arcanists', 'arcanists', 'resurrectionists', 'ten-thunders']);
    expect([parseFaction("Explorer's Society"), parseFaction('explorers society'), parseFaction('The Guild'), parseFaction('Neverborn')]).toEqual(['explorers-society', 'explorers-society', 'guild', 'neverborn']);
    expect(parseFaction("Dead Man's Hand")).toBeNull();
    expect(parseFaction('Bayous')).toBe('bayou');
  });

  it('nameKey lowers, strips accents and apostrophes, and turns other punctuation into one space', () => {
    expect(nameKey("  Lucky Fate,   Effigy ")).toBe('lucky fate effigy');
    expect(nameKey('Explorer’s  Society')).toBe('explorers society');
    expect(nameKey('Señor Esqueleto')).toBe('senor esqueleto');
  });
});

describe('a text that is not a crew is refused with its code', () => {
  const code = (text: string): string => {
    const r = parseCrewList(text, table);
    return r.ok ? 'accepted' : r.error.code;
  };

  it('empty, too long, prose', () => {
    expect(code('   \n\t\n')).toBe('CREW_EMPTY');
    expect(code(`(Bayou)\nHires:\n${'  Hopscotch\n'.repeat(400)}`)).toBe('CREW_TOO_LONG');
    expect(code('hello, are we still playing tonight?\nI can bring terrain')).toBe('NOT_A_CREW');
    expect(code('gg (well played)')).toBe('NOT_A_CREW');
  });

  it('no faction, an unknown faction, no model at all', () => {
    expect(code('Leader:\n  Marcus\nHires:\n  Mara')).toBe('CREW_NO_FACTION');
    expect(code("Pirates (Dead Man's Hand)\nLeader:\n  Marcus")).toBe('CREW_UNKNOWN_FACTION');
    expect(parseCrewList("Pirates (Dead Man's Hand)\nLeader:\n  Marcus", table)).toEqual({ ok: false, error: { code: 'CREW_UNKNOWN_FACTION', params: { faction: "Dead Man's Hand" } } });
    expect(code('(Bayou)\nLeader:\nHires:\nReferences:\n  Whiskey Gamin')).toBe('CREW_NO_MODELS');
  });

  it('a line that fits nowhere in a crew list is pointed at by its number', () => {
    expect(parseCrewList('(Bayou)\n\nsee you at 8\nLeader:\n  Brewmaster', table)).toEqual({
      ok: false,
      error: { code: 'CREW_UNEXPECTED_LINE', params: { line: 3, text: 'see you at 8' } },
    });
    expect(parseCrewList('(Bayou)\nLeader:\n  ,,,', table)).toEqual({ ok: false, error: { code: 'CREW_UNEXPECTED_LINE', params: { line: 3, text: ',,,' } } });
  });
});
