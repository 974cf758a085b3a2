/**
 * Test fixtures: profiles as a server's users would enter them. Every number here is invented for the
 * tests (the bot ships no card data); only the names of the crew-list samples come from the notes.
 */
import { modelProfileSchema, nameKey, fullName, upgradeProfileSchema, type CrewEntry, type ModelProfile, type ModelProfileInput, type ModelTable, type ParsedCrew, type UpgradeEntry, type UpgradeProfile, type UpgradeProfileInput } from './model.js';
import { parseCrewList } from './parse.js';

const STATS = { health: 6, base: 30, df: 5, wp: 5, sz: 2, mv: 5 } as const;

/** A profile with plain stats; the test names what matters to it. */
export function profile(p: Partial<ModelProfileInput> & Pick<ModelProfileInput, 'name' | 'station' | 'factions'>): ModelProfile {
  return modelProfileSchema.parse({ cost: 5, ...STATS, ...p });
}

export function upgrade(u: Partial<UpgradeProfileInput> & Pick<UpgradeProfileInput, 'name' | 'factions'>): UpgradeProfile {
  return upgradeProfileSchema.parse({ cost: 1, ...u });
}

/** A hand-written crew line, its key spelled out by the test's reading of the naming rule. */
export function entry(name: string, title: string | null, key: string, pastedCost: number | null = null, upgrades: UpgradeEntry[] = []): CrewEntry {
  return { name, title, key, pastedCost, upgrades };
}

export function upgradeLine(name: string, key: string, pastedCost: number | null = null): UpgradeEntry {
  return { name, key, pastedCost };
}

/** For generated crews, where the key cannot be written by hand. */
export function keyOf(name: string, title: string | null): string {
  return nameKey(fullName(name, title));
}

// An invented Arcanist crew around a Master with the keyword Inkwell.
export const inkwellTable: ModelTable = {
  models: [
    profile({ name: 'Ada Quill', station: 'Master', factions: ['arcanists'], keywords: ['Inkwell'], cost: null }),
    profile({ name: 'Ada Quill', title: 'Unbound', station: 'Master', factions: ['arcanists'], keywords: ['Inkwell'], cost: null }),
    profile({ name: 'Blotter', station: 'Minion', factions: ['arcanists'], keywords: ['Inkwell'], totemOf: 'Ada Quill', cost: 3 }),
    profile({ name: 'Scribe Major', station: 'Henchman', factions: ['arcanists'], keywords: ['Inkwell'], cost: 9 }),
    profile({ name: 'Press Golem', station: 'Enforcer', factions: ['arcanists'], keywords: ['Inkwell'], cost: 8 }),
    profile({ name: 'Quill Knight', station: 'Enforcer', factions: ['arcanists'], keywords: ['Inkwell'], cost: 7 }),
    profile({ name: 'Ink Sprite', station: 'Minion', stationLimit: 3, factions: ['arcanists'], keywords: ['Inkwell'], cost: 6 }),
    profile({ name: 'Page', station: 'Minion', stationLimit: 2, factions: ['arcanists'], keywords: ['Inkwell'], cost: 5 }),
    profile({ name: 'Furnace Hand', station: 'Enforcer', factions: ['arcanists'], keywords: ['Foundry'], cost: 6 }),
    profile({ name: 'Wandering Tinker', station: 'Minion', factions: ['arcanists'], keywords: ['Foundry'], versatile: true, cost: 4 }),
    // Of another faction: hireable only through a shared keyword (HIRE-2, AMB-44).
    profile({ name: 'Ink Smuggler', station: 'Minion', factions: ['outcasts'], keywords: ['Inkwell', 'Smugglers'], cost: 4 }),
    profile({ name: 'Dock Rat', station: 'Minion', factions: ['outcasts'], keywords: ['Smugglers'], cost: 3 }),
    profile({ name: 'Old Archivist', station: 'Henchman', factions: ['arcanists'], keywords: ['Archive'], cost: 8 }),
    profile({ name: 'Gargoyle Clerk', station: 'Peon', factions: ['arcanists'], keywords: ['Inkwell'], insignificant: true, cost: 2 }),
    profile({ name: 'Lucky Imp', station: 'Minion', factions: ['arcanists'], keywords: ['Inkwell'], soulstoneUser: true, cost: 4 }),
    profile({ name: 'Silent Scribe', station: 'Henchman', factions: ['arcanists'], keywords: ['Inkwell'], soulstoneUser: false, cost: 7 }),
    profile({ name: 'Guild Clerk', station: 'Enforcer', factions: ['guild'], keywords: ['Ledger'], cost: 5 }),
  ],
  upgrades: [
    upgrade({ name: 'Sharp Nib', factions: ['arcanists'], cost: 2 }),
    upgrade({ name: 'Blotting Paper', factions: ['arcanists'], cost: 1 }),
    upgrade({ name: 'Spare Ink', factions: ['arcanists'], cost: 1, plentiful: 2 }),
    upgrade({ name: 'Masterwork Pen', factions: ['arcanists'], cost: 1, restrictions: [{ kind: 'keyword', keyword: 'Inkwell' }, { kind: 'station', station: 'Enforcer' }] }),
    upgrade({ name: 'Leader Sash', factions: ['arcanists'], cost: 1, restrictions: [{ kind: 'leader' }] }),
    upgrade({ name: 'Summoned Form', factions: ['arcanists'], cost: 0, special: true }),
    upgrade({ name: 'Guild Badge', factions: ['guild'], cost: 1 }),
  ],
};

/** An Arcanist crew list (its sections as written) read against `inkwellTable`; throws if it is no crew. */
export function arcanistCrew(sections: string): ParsedCrew {
  const parsed = parseCrewList(`(Arcanists)\n${sections}`, inkwellTable);
  if (!parsed.ok) throw new Error(`not a crew: ${parsed.error.code}`);
  return parsed.value;
}

/** A card typed into /crew model's form, as a player writes it (crews/profileForm.ts reads it back). */
export function cardForm(p: ModelProfile): Record<string, string> {
  const station = `${p.station}${p.stationLimit ? ` (${p.stationLimit})` : ''}${p.totemOf ? `, totem of ${p.totemOf}` : ''}`;
  return {
    name: p.title ? `${p.name}, ${p.title}` : p.name,
    station,
    factions: `${p.factions.join(', ')}; ${p.keywords.join(', ')}`,
    numbers: `cost ${p.cost ?? '-'} health ${p.health} base ${p.base}`,
    stats: `Df ${p.df} Wp ${p.wp} Sz ${p.sz} Mv ${p.mv}`,
  };
}
