/**
 * Writing a crew back as text, in the two formats `parseCrewList` reads: to show a player the crew the
 * bot understood, to export it, and so that print-then-parse can be checked to give the same crew.
 */
import { FACTION_NAMES, fullName, type CrewEntry, type HireSection, type ParsedCrew } from './model.js';

const HIRE_HEADERS: Record<HireSection, string> = { hires: 'Hires:', versatile: 'Versatile:', outOfKeyword: 'Out of Keyword:' };

const cost = (c: number | null): string => (c === null ? '' : ` ${c}ss`);

function entryLines(e: CrewEntry, indent: string, upgradeIndent: string): string[] {
  return [`${indent}${fullName(e.name, e.title)}${cost(e.pastedCost)}`, ...e.upgrades.map((u) => `${upgradeIndent}${u.name}${cost(u.pastedCost)}`)];
}

/**
 * The sectioned list: models two spaces in, upgrades four (the Tabletop Simulator reading). Hires are
 * grouped by their section. The costed list's declared size has no place here and is not written.
 */
export function printSectionedCrewList(crew: ParsedCrew): string {
  const lines = [crew.crewName === null ? `(${FACTION_NAMES[crew.faction]})` : `${crew.crewName} (${FACTION_NAMES[crew.faction]})`];
  if (crew.soulstonePool !== null) lines.push(`Soulstones: ${crew.soulstonePool}`);
  const section = (header: string, entries: CrewEntry[]): void => {
    if (entries.length === 0) return;
    lines.push(header);
    for (const e of entries) lines.push(...entryLines(e, '  ', '    '));
  };
  section('Leader:', crew.leaders);
  section('Totem(s):', crew.totems);
  for (const s of Object.keys(HIRE_HEADERS) as HireSection[]) section(HIRE_HEADERS[s], crew.hires.filter((h) => h.section === s));
  section('References:', crew.references);
  return lines.join('\n');
}

/**
 * The older costed list. It has no Totem, Versatile or References sections: totems and every hire are
 * written as plain hires, and references are left out (they are not hired).
 */
export function printCostedCrewList(crew: ParsedCrew): string {
  const lines = [`Declared Faction: ${FACTION_NAMES[crew.faction]}`];
  if (crew.crewName !== null || crew.declaredSize !== null) lines.push(`Crew Name: ${[crew.crewName ?? '', crew.declaredSize === null ? '' : `${crew.declaredSize}ss`].join(' ').trim()}`);
  const [leader, ...extraLeaders] = crew.leaders;
  if (leader !== undefined) {
    const [first, ...upgrades] = entryLines(leader, '', '   ');
    lines.push(`Leader: ${first}${crew.soulstonePool === null ? '' : ` - Cache:(${crew.soulstonePool})`}`, ...upgrades);
  } else if (crew.soulstonePool !== null) lines.push(`Cache: ${crew.soulstonePool}`);
  for (const e of [...extraLeaders, ...crew.totems, ...crew.hires]) lines.push(...entryLines(e, '', '   '));
  return lines.join('\n');
}
