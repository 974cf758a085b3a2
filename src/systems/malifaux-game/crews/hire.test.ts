/** Hiring (m3e-core §14: SETUP-1, SETUP-5, HIRE-1..9, TV-16) and soulstone users (SS-1), each at its boundary. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inkwellTable as table, profile } from './fixtures.js';
import { checkHiring, type HireProblem } from './hire.js';
import { hiredCrewSchema, type HiredCrew } from './model.js';
import { parseCrewList } from './parse.js';

/** A sectioned list of Arcanists: `lines` go under the given headers as written. */
function hire(text: string, size = 50) {
  const parsed = parseCrewList(`(Arcanists)\n${text}`, table);
  if (!parsed.ok) throw new Error(`not parsed: ${parsed.error.code}`);
  return checkHiring(parsed.value, table, size);
}

function hired(text: string, size = 50): HiredCrew {
  const r = hire(text, size);
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.error)}`);
  return r.value;
}

function problems(text: string, size = 50): HireProblem[] {
  const r = hire(text, size);
  if (r.ok) throw new Error('accepted');
  return r.error;
}

const codes = (text: string, size = 50): string[] => problems(text, size).map((p) => `${p.rule ?? '-'} ${p.code}`);

const ADA = 'Leader:\n  Ada Quill\n';

describe('TV-16: hiring at 50', () => {
  const TV16 = `${ADA}    Sharp Nib\nHires:\n  Scribe Major\n  Press Golem\n  Quill Knight\n  Ink Sprite\n  Page\n  Furnace Hand\n  Wandering Tinker\n`;

  it('TV-16 / HIRE-1..3, HIRE-8, HIRE-9: Leader 0, keyword 35, off-keyword 6+1, Versatile 4, upgrade 2 = 48, leaving 2 soulstones', () => {
    const crew = hired(TV16);
    expect(crew.models.map((m) => [m.profile.name, m.cost, m.surcharge])).toEqual([
      ['Ada Quill', 0, 0],
      ['Scribe Major', 9, 0],
      ['Press Golem', 8, 0],
      ['Quill Knight', 7, 0],
      ['Ink Sprite', 6, 0],
      ['Page', 5, 0],
      ['Furnace Hand', 7, 1],
      ['Wandering Tinker', 4, 0],
    ]);
    expect(crew.models[0]!.upgrades.map((u) => [u.profile.name, u.cost])).toEqual([['Sharp Nib', 2]]);
    expect(crew.totalCost).toBe(48);
    expect(crew.soulstones).toBe(2);
  });

  it('TV-16 / HIRE-9: a total of 37 leaves 13, capped at 10 soulstones', () => {
    const crew = hired(`${ADA}Hires:\n  Press Golem\n  Quill Knight\n  Ink Sprite\n  Page\n  Furnace Hand\n  Wandering Tinker\n`);
    expect(crew.totalCost).toBe(37);
    expect(crew.soulstones).toBe(10);
  });
});

describe('SETUP-1: encounter size', () => {
  it('SETUP-1: a size must be a whole number of at least 1', () => {
    expect(hired(ADA, 1).soulstones).toBe(1);
    for (const size of [0, -5, 49.5, Number.NaN]) expect(codes(ADA, size)).toEqual(['SETUP-1 ENCOUNTER_SIZE_INVALID']);
  });
});

describe('unknown names', () => {
  it('names the table does not know are listed (without a rule) before any other check', () => {
    expect(problems('Leader:\n  Nobody Yet\nHires:\n  Page\n    Strange Gift\n  Page\n    Strange Gift\n  Ghost Model\n')).toEqual([
      { code: 'UNKNOWN_MODEL', rule: null, params: { name: 'Nobody Yet' } },
      { code: 'UNKNOWN_UPGRADE', rule: null, params: { upgrade: 'Strange Gift', name: 'Page' } },
      { code: 'UNKNOWN_MODEL', rule: null, params: { name: 'Ghost Model' } },
    ]);
  });
});

describe('HIRE-1 and SETUP-5: the Leader', () => {
  it('HIRE-1: a crew needs a Leader, and only one', () => {
    expect(codes('Hires:\n  Page\n')).toEqual(['HIRE-1 LEADER_MISSING']);
    expect(problems('Leader:\n  Ada Quill\n  Scribe Major\n')).toEqual([{ code: 'LEADER_NOT_ONE', rule: 'HIRE-1', params: { count: 2 } }]);
  });

  it('HIRE-1: the Leader costs 0 even when its printed cost is not, and its upgrade costs the upgrade price', () => {
    const crew = hired('Leader:\n  Scribe Major\n    Blotting Paper\n');
    expect(crew.models[0]!.cost).toBe(0);
    expect(crew.totalCost).toBe(1);
    expect(crew.soulstones).toBe(10);
  });

  it('SETUP-5: a Henchman may lead, an Enforcer may not', () => {
    expect(hired('Leader:\n  Scribe Major\n').models[0]!.role).toBe('leader');
    expect(problems('Leader:\n  Press Golem\n')).toEqual([{ code: 'LEADER_STATION', rule: 'SETUP-5', params: { name: 'Press Golem', station: 'Enforcer' } }]);
  });

  it('SETUP-5: the Leader is of the declared faction', () => {
    expect(codes('Leader:\n  Ink Smuggler\n')).toEqual(['SETUP-5 LEADER_STATION', 'SETUP-5 LEADER_FACTION']);
  });

  it('SETUP-5: a crew led by a Henchman cannot hire a Master', () => {
    expect(codes('Leader:\n  Scribe Major\nHires:\n  Ada Quill\n')).toContain('SETUP-5 MASTER_UNDER_HENCHMAN');
  });
});

describe('HIRE-2 and HIRE-3: keywords and factions', () => {
  it('HIRE-2 [AMB-44]: a model of another faction sharing a keyword is hired at its printed cost', () => {
    const crew = hired(`${ADA}Hires:\n  Ink Smuggler\n`);
    expect(crew.models[1]).toMatchObject({ cost: 4, surcharge: 0 });
  });

  it('HIRE-3: off keyword, the declared faction costs +1; Versatile costs no more; another faction is refused', () => {
    expect(hired(`${ADA}Hires:\n  Old Archivist\n`).models[1]).toMatchObject({ cost: 9, surcharge: 1 });
    expect(hired(`${ADA}Versatile:\n  Wandering Tinker\n`).models[1]).toMatchObject({ cost: 4, surcharge: 0 });
    expect(problems(`${ADA}Hires:\n  Dock Rat\n`)).toEqual([{ code: 'OUT_OF_FACTION', rule: 'HIRE-3', params: { name: 'Dock Rat' } }]);
  });

  it('HIRE-8: a model with no printed cost cannot be bought', () => {
    const t = { ...table, models: [...table.models, profile({ name: 'Second Master', station: 'Master', factions: ['arcanists'], keywords: ['Inkwell'], cost: null })] };
    const parsed = parseCrewList(`(Arcanists)\n${ADA}Hires:\n  Second Master\n`, t);
    expect(parsed.ok && checkHiring(parsed.value, t, 50)).toEqual({ ok: false, error: [{ code: 'NO_PRINTED_COST', rule: 'HIRE-8', params: { name: 'Second Master' } }] });
  });
});

describe('HIRE-4: copies', () => {
  it('HIRE-4: Minion (3) allows three copies, not four; each copy is numbered', () => {
    const three = hired(`${ADA}Hires:\n  Ink Sprite\n  Ink Sprite\n  Ink Sprite\n`);
    expect(three.models.map((m) => m.copy)).toEqual([1, 1, 2, 3]);
    expect(three.totalCost).toBe(18);
    expect(problems(`${ADA}Hires:\n  Ink Sprite\n  Ink Sprite\n  Ink Sprite\n  Ink Sprite\n`)).toEqual([
      { code: 'MODEL_LIMIT', rule: 'HIRE-4', params: { name: 'Ink Sprite', count: 4, limit: 3 } },
    ]);
  });

  it('HIRE-4: a station without a number allows one copy, and the Leader counts', () => {
    expect(codes(`${ADA}Hires:\n  Press Golem\n  Press Golem\n`)).toEqual(['HIRE-4 MODEL_LIMIT']);
    expect(codes('Leader:\n  Scribe Major\nHires:\n  Scribe Major\n')).toEqual(['HIRE-4 MODEL_LIMIT']);
    expect(hired(`${ADA}Hires:\n  Page\n  Page\n`).models).toHaveLength(3);
  });
});

describe('HIRE-5: titles', () => {
  it('HIRE-5: one name with two titles is refused; no title counts as a title', () => {
    // Two Masters under a Master Leader: only the title rule is at stake here (the titled one has no cost either).
    expect(codes('Leader:\n  Ada Quill, Unbound\nHires:\n  Ada Quill\n')).toEqual(['HIRE-8 NO_PRINTED_COST', 'HIRE-5 TITLE_CLASH']);
    expect(problems('Leader:\n  Ada Quill, Unbound\nHires:\n  Ada Quill\n')[1]!.params).toEqual({ name: 'Ada Quill', titles: 'Unbound, —' });
  });
});

describe('HIRE-6: upgrades', () => {
  it('HIRE-6: one upgrade per model at hiring, not two', () => {
    expect(hired(`${ADA}Hires:\n  Press Golem\n    Sharp Nib\n`).totalCost).toBe(10);
    expect(problems(`${ADA}Hires:\n  Press Golem\n    Sharp Nib\n    Blotting Paper\n`)).toEqual([
      { code: 'UPGRADE_TOO_MANY', rule: 'HIRE-6', params: { name: 'Press Golem', count: 2 } },
    ]);
  });

  it('HIRE-6: upgrades belong to the declared faction', () => {
    expect(codes(`${ADA}Hires:\n  Press Golem\n    Guild Badge\n`)).toEqual(['HIRE-6 UPGRADE_FACTION']);
  });

  it('HIRE-6: an upgrade is unique per crew; Plentiful (2) allows two, not three', () => {
    expect(codes(`${ADA}Hires:\n  Press Golem\n    Sharp Nib\n  Quill Knight\n    Sharp Nib\n`)).toEqual(['HIRE-6 UPGRADE_LIMIT']);
    expect(hired(`${ADA}Hires:\n  Press Golem\n    Spare Ink\n  Quill Knight\n    Spare Ink\n`).totalCost).toBe(17);
    expect(problems(`${ADA}    Spare Ink\nHires:\n  Press Golem\n    Spare Ink\n  Quill Knight\n    Spare Ink\n`)).toEqual([
      { code: 'UPGRADE_LIMIT', rule: 'HIRE-6', params: { upgrade: 'Spare Ink', count: 3, limit: 2 } },
    ]);
  });

  it('HIRE-6: Restricted needs every restriction met; a Leader-only upgrade fits the Leader alone', () => {
    expect(hired(`${ADA}Hires:\n  Press Golem\n    Masterwork Pen\n`).totalCost).toBe(9);
    // Keyword met, station not (a Minion).
    expect(problems(`${ADA}Hires:\n  Page\n    Masterwork Pen\n`)).toEqual([{ code: 'UPGRADE_RESTRICTED', rule: 'HIRE-6', params: { upgrade: 'Masterwork Pen', name: 'Page' } }]);
    // Station met, keyword not.
    expect(codes(`${ADA}Hires:\n  Furnace Hand\n    Masterwork Pen\n`)).toEqual(['HIRE-6 UPGRADE_RESTRICTED']);
    expect(hired(`${ADA}    Leader Sash\n`).totalCost).toBe(1);
    expect(codes(`${ADA}Hires:\n  Page\n    Leader Sash\n`)).toEqual(['HIRE-6 UPGRADE_RESTRICTED']);
  });

  it('HIRE-6: a Special upgrade cannot be hired', () => {
    expect(codes(`${ADA}Hires:\n  Page\n    Summoned Form\n`)).toEqual(['HIRE-6 UPGRADE_SPECIAL']);
  });
});

describe('HIRE-7: totems', () => {
  it('HIRE-7: a totem costs 0 when its Master leads, whatever section lists it', () => {
    for (const text of [`${ADA}Totem(s):\n  Blotter\n`, `${ADA}Hires:\n  Blotter\n`]) {
      const crew = hired(text);
      expect(crew.models[1]).toMatchObject({ role: 'totem', cost: 0 });
      expect(crew.totalCost).toBe(0);
    }
  });

  it('HIRE-7: a totem needs its Master in the crew', () => {
    expect(problems('Leader:\n  Scribe Major\nTotem(s):\n  Blotter\n')).toEqual([{ code: 'TOTEM_WITHOUT_MASTER', rule: 'HIRE-7', params: { name: 'Blotter', master: 'Ada Quill' } }]);
  });

  it('HIRE-7: a titled version of the Master is still its Master', () => {
    expect(hired('Leader:\n  Ada Quill, Unbound\nTotem(s):\n  Blotter\n').totalCost).toBe(0);
  });
});

describe('HIRE-8 and HIRE-9: points and soulstones', () => {
  // 9 + 8 + 7 + 6 + 5 + 7 (Furnace Hand with its +1) = 42.
  const FORTY_TWO = `${ADA}Hires:\n  Scribe Major\n  Press Golem\n  Quill Knight\n  Ink Sprite\n  Page\n  Furnace Hand\n`;

  it('HIRE-8: a total equal to the encounter size is legal (no soulstones), one more is refused', () => {
    expect(hired(FORTY_TWO, 42)).toMatchObject({ totalCost: 42, soulstones: 0 });
    expect(problems(FORTY_TWO, 41)).toEqual([{ code: 'OVER_ENCOUNTER_SIZE', rule: 'HIRE-8', params: { total: 42, size: 41 } }]);
  });

  it('HIRE-9: leftover 10 gives 10 and leftover 11 gives 10 too', () => {
    expect(hired(FORTY_TWO, 52).soulstones).toBe(10);
    expect(hired(FORTY_TWO, 53).soulstones).toBe(10);
    expect(hired(FORTY_TWO, 51).soulstones).toBe(9);
  });

  it('HIRE-9: a pasted pool must be the one the rule gives, and never above 10', () => {
    expect(hired(`Soulstones: 8\n${FORTY_TWO}`).soulstones).toBe(8);
    expect(problems(`Soulstones: 7\n${FORTY_TWO}`)).toEqual([{ code: 'SOULSTONE_POOL_MISMATCH', rule: 'HIRE-9', params: { declared: 7, computed: 8 } }]);
    expect(problems(`Soulstones: 11\n${ADA}`)).toEqual([{ code: 'SOULSTONE_POOL_OVER_CAP', rule: 'HIRE-9', params: { declared: 11, cap: 10 } }]);
  });

  it('HIRE-9: the costed list\'s cache is checked the same way', () => {
    const text = 'Declared Faction: Arcanists\nCrew Name: Ink 50ss\nLeader: Ada Quill - Cache:(8)\nScribe Major 9ss\nPress Golem 8ss\nQuill Knight 7ss\nInk Sprite 6ss\nPage 5ss\nFurnace Hand 7ss\n';
    const parsed = parseCrewList(text, table);
    expect(parsed.ok && checkHiring(parsed.value, table, 50)).toMatchObject({ ok: true, value: { totalCost: 42, soulstones: 8, crewName: 'Ink', raw: text } });
  });
});

describe('SS-1: soulstone users by station', () => {
  it('SS-1: Masters and Henchmen use soulstones, Enforcers, Minions and Peons do not, unless their card says otherwise', () => {
    const crew = hired(`${ADA}Hires:\n  Scribe Major\n  Press Golem\n  Page\n  Gargoyle Clerk\n  Lucky Imp\n  Silent Scribe\n`, 60);
    expect(crew.models.map((m) => [m.profile.name, m.soulstoneUser])).toEqual([
      ['Ada Quill', true],
      ['Scribe Major', true],
      ['Press Golem', false],
      ['Page', false],
      ['Gargoyle Clerk', false],
      ['Lucky Imp', true],
      ['Silent Scribe', false],
    ]);
  });
});

describe('the hired crew', () => {
  it('keeps the references apart (not hired), the raw paste, and every problem of a bad list at once', () => {
    const crew = hired(`${ADA}Hires:\n  Page\nReferences:\n  Dock Rat\n  Someone Unknown\n`);
    expect(crew.references).toEqual(['Dock Rat', 'Someone Unknown']);
    expect(crew.models.map((m) => m.profile.name)).toEqual(['Ada Quill', 'Page']);
    expect(crew.raw).toBe(`(Arcanists)\n${ADA}Hires:\n  Page\nReferences:\n  Dock Rat\n  Someone Unknown\n`);
    expect(codes(`${ADA}Hires:\n  Dock Rat\n  Press Golem\n  Press Golem\n    Guild Badge\n`, 10)).toEqual([
      'HIRE-3 OUT_OF_FACTION',
      'HIRE-6 UPGRADE_FACTION',
      'HIRE-4 MODEL_LIMIT',
      'HIRE-8 OVER_ENCOUNTER_SIZE',
    ]);
  });
});

describe('properties', () => {
  const HIREABLE = ['Blotter', 'Scribe Major', 'Press Golem', 'Quill Knight', 'Ink Sprite', 'Page', 'Furnace Hand', 'Wandering Tinker', 'Ink Smuggler', 'Dock Rat', 'Old Archivist', 'Gargoyle Clerk'];
  const UPGRADES = ['Sharp Nib', 'Blotting Paper', 'Spare Ink', 'Masterwork Pen', 'Guild Badge'];
  const line = fc.record({ model: fc.constantFrom(...HIREABLE), upgrade: fc.option(fc.constantFrom(...UPGRADES), { nil: null }) });
  const listing = (leader: string, lines: { model: string; upgrade: string | null }[]): string =>
    `Leader:\n  ${leader}\nHires:\n${lines.map((l) => `  ${l.model}\n${l.upgrade === null ? '' : `    ${l.upgrade}\n`}`).join('')}`;
  const outcome = (r: ReturnType<typeof hire>) =>
    r.ok
      ? { total: r.value.totalCost, soulstones: r.value.soulstones, paid: r.value.models.map((m) => `${m.key} ${m.cost} ${m.upgrades.map((u) => u.cost).join('+')}`).sort() }
      : { problems: r.error.map((p) => `${p.code} ${JSON.stringify(p.params)}`).sort() };

  it('HIRE-1..9: the order of the hires changes neither the verdict, the costs nor the soulstones', () => {
    const crews = fc.record({ leader: fc.constantFrom('Ada Quill', 'Scribe Major'), size: fc.integer({ min: 15, max: 70 }), lines: fc.array(line, { maxLength: 8 }) }).chain((c) =>
      fc.shuffledSubarray(c.lines, { minLength: c.lines.length }).map((shuffled) => ({ ...c, shuffled })),
    );
    fc.assert(
      fc.property(crews, ({ leader, size, lines, shuffled }) => {
        expect(outcome(hire(listing(leader, shuffled), size))).toEqual(outcome(hire(listing(leader, lines), size)));
      }),
      { numRuns: 200 },
    );
  });

  it('HIRE-8 / HIRE-9: a legal crew never spends more than the encounter size, and keeps min(10, the rest) as soulstones', () => {
    let legal = 0;
    fc.assert(
      fc.property(fc.constantFrom('Ada Quill', 'Scribe Major'), fc.integer({ min: 15, max: 70 }), fc.array(line, { maxLength: 8 }), (leader, size, lines) => {
        const r = hire(listing(leader, lines), size);
        if (!r.ok) return;
        legal += 1;
        expect(hiredCrewSchema.safeParse(r.value).success).toBe(true);
        const paid = r.value.models.reduce((s, m) => s + m.cost + m.upgrades.reduce((t, u) => t + u.cost, 0), 0);
        expect(r.value.totalCost).toBe(paid);
        expect(paid).toBeLessThanOrEqual(size);
        expect(r.value.soulstones).toBe(Math.min(10, size - paid));
      }),
      { numRuns: 200 },
    );
    // Not vacuous: a fair share of the random crews are legal.
    expect(legal).toBeGreaterThan(20);
  });
});
