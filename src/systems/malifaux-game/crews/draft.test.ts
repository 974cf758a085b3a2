import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addToDraft, readDraft, removeFromDraft, startDraft } from './draft.js';
import { arcanistCrew, inkwellTable } from './fixtures.js';
import { checkHiring } from './hire.js';
import { parseCrewList } from './parse.js';
import type { ParsedCrew } from './model.js';

function ok<T>(result: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.error)}`);
  return result.value;
}

const names = (crew: ParsedCrew) => ({
  leaders: crew.leaders.map((e) => e.key),
  totems: crew.totems.map((e) => e.key),
  hires: crew.hires.map((e) => e.key),
});

describe('a crew entered model by model', () => {
  it('HIRE-1..9: begun, added to and read back, it is the crew the same list pasted would be, and hires as one', () => {
    let crew = ok(startDraft(null, 'arcanists', 'Ada Quill', 'Inkwell'));
    crew = ok(addToDraft(crew, 'Blotter', 'totem', 1));
    crew = ok(addToDraft(crew, 'Page', 'hire', 2));
    crew = ok(addToDraft(crew, 'Press Golem', 'hire', 1));
    const pasted = arcanistCrew('Leader:\n  Ada Quill\nTotem(s):\n  Blotter\nHires:\n  Page\n  Page\n  Press Golem\n');
    expect(names(crew)).toEqual(names(pasted));
    const read = readDraft(crew.raw, inkwellTable)!;
    expect(names(read)).toEqual(names(crew));
    expect(read.crewName).toBe('Inkwell');
    expect(read.unknownModels).toEqual([]);
    const hired = checkHiring(read, inkwellTable, 50);
    expect(hired.ok && hired.value.models.map((m) => `${m.profile.name}#${m.copy}`)).toEqual(['Ada Quill#1', 'Blotter#1', 'Page#1', 'Page#2', 'Press Golem#1']);
  });

  it('keeps a title after its comma, and names the table does not know come back as unknown, to be asked for', () => {
    let crew = ok(startDraft(null, 'arcanists', 'Ada Quill, Unbound', null));
    crew = ok(addToDraft(crew, 'Mystery Model', 'hire', 1));
    const read = readDraft(crew.raw, inkwellTable)!;
    expect(read.leaders[0]).toMatchObject({ name: 'Ada Quill', title: 'Unbound' });
    expect(read.unknownModels).toEqual(['Mystery Model']);
  });

  it('beginning again changes the Leader and the faction and keeps the totems and hires', () => {
    let crew = ok(startDraft(null, 'arcanists', 'Ada Quill', null));
    crew = ok(addToDraft(crew, 'Page', 'hire', 1));
    crew = ok(startDraft(crew, 'outcasts', 'Scribe Major', 'Second try'));
    expect(names(crew)).toEqual({ leaders: ['scribe major'], totems: [], hires: ['page'] });
    expect(crew.faction).toBe('outcasts');
  });

  it('removes the last copies first, by full name or by a name one model goes by; the Leader and a model not in the draft are refused', () => {
    let crew = ok(startDraft(null, 'arcanists', 'Ada Quill', null));
    crew = ok(addToDraft(crew, 'Page', 'hire', 2));
    crew = ok(addToDraft(crew, 'Blotter', 'totem', 1));
    const removed = ok(removeFromDraft(crew, 'page', 5));
    expect(removed.removed).toBe(2);
    expect(names(removed.crew)).toEqual({ leaders: ['ada quill'], totems: ['blotter'], hires: [] });
    expect(removeFromDraft(removed.crew, 'Page', 1)).toEqual({ ok: false, error: { code: 'CREW_DRAFT_NOT_IN', params: { name: 'Page' } } });
    expect(removeFromDraft(crew, 'Ada Quill', 1)).toEqual({ ok: false, error: { code: 'CREW_DRAFT_LEADER', params: { name: 'Ada Quill' } } });
  });

  it('refuses a name that would not read back as one model: a header, a cost, a line break, a faction', () => {
    const crew = ok(startDraft(null, 'arcanists', 'Ada Quill', null));
    for (const bad of ['Hires:', 'Page 9ss', 'Page\nLeader: Dock Rat', 'Leader: Dock Rat', 'References: x', '- Cache:(4)', '   ', 'Page - Cache:(9)']) {
      const added = addToDraft(crew, bad, 'hire', 1);
      expect(added.ok, bad).toBe(false);
      expect(!added.ok && added.error.code, bad).toBe('CREW_DRAFT_NAME_INVALID');
    }
    expect(startDraft(null, 'arcanists', 'Totems:', null).ok).toBe(false);
  });

  it('refuses to outgrow a crew list', () => {
    let crew = ok(startDraft(null, 'arcanists', 'Ada Quill', null));
    crew = ok(addToDraft(crew, 'Page', 'hire', 9));
    let last: ReturnType<typeof addToDraft> = { ok: true, value: crew };
    for (let i = 0; i < 100 && last.ok; i++) last = addToDraft(last.value, `A model with a rather long name ${i}`, 'hire', 9);
    expect(last).toMatchObject({ ok: false, error: { code: 'CREW_DRAFT_TOO_LONG' } });
  });

  it('whatever is typed, a step either refuses or keeps a draft that reads back as exactly what it holds', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string({ maxLength: 30 }), fc.constantFrom('totem', 'hire' as const), fc.integer({ min: 1, max: 3 })), { maxLength: 6 }), (steps) => {
        let crew = ok(startDraft(null, 'arcanists', 'Ada Quill', null));
        for (const [name, role, copies] of steps) {
          const next = addToDraft(crew, name, role as 'totem' | 'hire', copies);
          if (next.ok) crew = next.value;
        }
        const read = parseCrewList(crew.raw, inkwellTable);
        expect(read.ok && names(read.value)).toEqual(names(crew));
      }),
      { numRuns: 300 },
    );
  });
});
