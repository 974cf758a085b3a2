/**
 * Reading a pasted crew list (whole-game.md §1). Two formats are in use and both are accepted:
 *
 * - the sectioned list crew builders export: a first line `<crew> (<Faction>)`, then `Leader:`,
 *   `Totem(s):`, `Hires:`, `Versatile:`, `Out of Keyword:`, `References:` with indented names;
 * - the older costed list: `Declared Faction:`, `Crew Name: … 50ss`, `Leader: X - Cache:(4)`, then
 *   `Model 9ss` lines with upgrades indented under their model.
 *
 * Headers are matched case-insensitively with the colon optional, costs are never required, and a line
 * indented deeper than the model above it is an upgrade on that model (the Tabletop Simulator reading).
 * A list pasted inside a Discord code block, or in a crew builder's Markdown export, reads the same.
 * Names the server does not know are listed back to be asked for, not a failure: only a text that is not
 * a crew at all is refused.
 */
import {
  PASTE_MAX_CHARS,
  indexTable,
  nameKey,
  fullName,
  parseFaction,
  type CrewEntry,
  type HireEntry,
  type HireSection,
  type ModelIndex,
  type ModelTable,
  type ParsedCrew,
  type UpgradeEntry,
} from './model.js';
import type { Result } from '../../contract.js';

export const CREW_PARSE_ERROR_CODES = [
  'CREW_EMPTY',
  'CREW_TOO_LONG',
  /** Nothing in the text looks like either format. */
  'NOT_A_CREW',
  'CREW_NO_FACTION',
  'CREW_UNKNOWN_FACTION',
  'CREW_NO_MODELS',
  /** The text is a crew list but one line fits nowhere (params: line number, its text). */
  'CREW_UNEXPECTED_LINE',
] as const;
export type CrewParseErrorCode = (typeof CREW_PARSE_ERROR_CODES)[number];

export interface CrewParseError {
  code: CrewParseErrorCode;
  params?: Record<string, string | number>;
}

type Section = 'leader' | 'totems' | HireSection | 'references';

const SECTION_HEADER = /^(leaders?|totems?|totem\s*\(s\)|hires?|versatile|out[\s-]+of[\s-]+keyword|references?)\s*(?::\s*(.*))?$/i;
const FACTION_HEADER = /^(.*?)\s*\(([^()]+)\)$/;
const DECLARED_FACTION = /^declared\s+faction\s*(?::\s*)?(.*)$/i;
const CREW_NAME = /^crew\s+name\s*(?::\s*)?(.*)$/i;
const CREW_CARD = /^crew\s+card\b/i;
const POOL_LINE = /^(?:soulstones?|soulstone\s+pool|cache)\s*:?\s*\(?\s*(\d{1,2})\s*\)?$/i;
const CACHE_SUFFIX = /\s*-?\s*cache\s*:?\s*\(\s*(\d{1,2})\s*\)$|\s*-\s*cache\s*:?\s*(\d{1,2})$/i;
const COST_SUFFIX = /\s+\(?(\d{1,2})\s*ss\)?$/i;
const SIZE_SUFFIX = /\s*\(?(\d{1,3})\s*ss\)?$/i;
const BULLET = /^[-•*]\s+/;
const FENCE = /^(```|~~~)/;

/**
 * What a line says once the Markdown of a Discord paste is taken off: crew builders also export a
 * "Discord-friendly" list with bold headers, an italic Crew Card line and `- [Name](link)` models.
 */
function plain(text: string): string {
  return text
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\*\*(\S(?:.*?\S)?)\*\*/g, '$1')
    .replace(/^[*_](\S(?:.*\S)?)[*_]$/, '$1')
    .trim();
}

function sectionOf(word: string): Section {
  const w = word.toLowerCase().replace(/[\s-]+/g, ' ');
  if (w.startsWith('leader')) return 'leader';
  if (w.startsWith('totem')) return 'totems';
  if (w.startsWith('hire')) return 'hires';
  if (w === 'versatile') return 'versatile';
  if (w.startsWith('reference')) return 'references';
  return 'outOfKeyword';
}

/** Leading whitespace width; a tab is taken as 4 columns, the Tabletop Simulator's upgrade depth. */
function indentation(line: string): number {
  let width = 0;
  for (const ch of line) {
    if (ch === ' ') width += 1;
    else if (ch === '\t') width += 4;
    else if (ch === '\u00a0') width += 1;
    else break;
  }
  return width;
}

interface Item {
  name: string;
  title: string | null;
  pastedCost: number | null;
}

/** One model or upgrade line: `Name, Title 9ss`, possibly with the leader's `- Cache:(4)`. */
function readItem(text: string): { item: Item | null; cache: number | null } {
  let rest = text.replace(BULLET, '').trim();
  let cache: number | null = null;
  const c = CACHE_SUFFIX.exec(rest);
  if (c) {
    cache = Number(c[1] ?? c[2]);
    rest = rest.slice(0, c.index).trim();
  }
  let pastedCost: number | null = null;
  const k = COST_SUFFIX.exec(rest);
  if (k) {
    pastedCost = Number(k[1]);
    rest = rest.slice(0, k.index).trim();
  }
  const comma = rest.indexOf(',');
  const name = (comma < 0 ? rest : rest.slice(0, comma)).trim();
  const title = comma < 0 ? null : rest.slice(comma + 1).trim() || null;
  if (nameKey(name) === '' || name.length > 80 || (title !== null && (nameKey(title) === '' || title.length > 80))) return { item: null, cache };
  return { item: { name, title, pastedCost }, cache };
}

/**
 * Reads a crew list in either format. `table` is what the server remembers: names it does not hold are
 * returned in `unknownModels` / `unknownUpgrades` so they can be asked for.
 */
export function parseCrewList(text: string, table: ModelTable): Result<ParsedCrew, CrewParseError> {
  if (text.trim() === '') return { ok: false, error: { code: 'CREW_EMPTY' } };
  if (text.length > PASTE_MAX_CHARS) return { ok: false, error: { code: 'CREW_TOO_LONG', params: { max: PASTE_MAX_CHARS } } };

  let format: ParsedCrew['format'] | null = null;
  let crewName: string | null = null;
  let factionText: string | null = null;
  let declaredSize: number | null = null;
  let soulstonePool: number | null = null;
  let section: Section | null = null;
  let modelIndent: number | null = null;
  let last: CrewEntry | null = null;
  const leaders: CrewEntry[] = [];
  const totems: CrewEntry[] = [];
  const hires: HireEntry[] = [];
  const references: CrewEntry[] = [];

  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const unexpected = (i: number, line: string): Result<ParsedCrew, CrewParseError> =>
    // Before anything crew-like, the text is simply not a crew; after, point at the line that fits nowhere.
    format === null && factionText === null
      ? { ok: false, error: { code: 'NOT_A_CREW' } }
      : { ok: false, error: { code: 'CREW_UNEXPECTED_LINE', params: { line: i + 1, text: line.trim().slice(0, 80) } } };

  const add = (item: Item, into: Section): CrewEntry => {
    const entry: CrewEntry = { name: item.name, title: item.title, key: nameKey(fullName(item.name, item.title)), pastedCost: item.pastedCost, upgrades: [] };
    if (into === 'leader') leaders.push(entry);
    else if (into === 'totems') totems.push(entry);
    else if (into === 'references') references.push(entry);
    else {
      // Upgrades below must go on the object the list keeps.
      const hire: HireEntry = { ...entry, section: into };
      hires.push(hire);
      return hire;
    }
    return entry;
  };

  for (const [i, line] of lines.entries()) {
    const trimmed = plain(line);
    // Blank lines, and the fences of a list pasted as a Discord code block, say nothing.
    if (trimmed === '' || FENCE.test(trimmed)) continue;
    const indent = indentation(line);

    const declared = DECLARED_FACTION.exec(trimmed);
    if (declared) {
      format ??= 'costed';
      factionText = declared[1]!.trim();
      continue;
    }
    const named = CREW_NAME.exec(trimmed);
    if (named) {
      format ??= 'costed';
      let name = named[1]!.trim();
      const size = SIZE_SUFFIX.exec(name);
      if (size) {
        declaredSize = Number(size[1]);
        name = name.slice(0, size.index).trim();
      }
      crewName = name.slice(0, 200) || null;
      continue;
    }
    if (CREW_CARD.test(trimmed)) continue;
    const pool = POOL_LINE.exec(trimmed);
    if (pool) {
      soulstonePool = Number(pool[1]);
      continue;
    }
    const header = SECTION_HEADER.exec(trimmed);
    if (header) {
      format ??= 'sectioned';
      section = sectionOf(header[1]!);
      modelIndent = null;
      last = null;
      const inline = header[2]?.trim() ?? '';
      if (inline !== '') {
        const { item, cache } = readItem(inline);
        if (cache !== null) soulstonePool = cache;
        if (item === null) return unexpected(i, line);
        last = add(item, section);
        modelIndent = indent;
        // The costed list has no Hires header: what follows its one-line Leader is hired.
        if (format === 'costed' && section === 'leader') section = 'hires';
      }
      continue;
    }
    if (section === null && factionText === null && format === null) {
      const first = FACTION_HEADER.exec(trimmed);
      if (!first) return unexpected(i, line);
      crewName = first[1]!.trim().slice(0, 200) || null;
      factionText = first[2]!.trim();
      continue;
    }
    // The costed list may name hires before (or without) its Leader line: they are hires all the same.
    if (section === null && format === 'costed') section = 'hires';
    if (section === null) return unexpected(i, line);

    const { item, cache } = readItem(trimmed);
    if (cache !== null) soulstonePool = cache;
    if (item === null) return unexpected(i, line);
    if (modelIndent !== null && indent > modelIndent) {
      // Deeper than the model above: an upgrade on it.
      if (last === null) return unexpected(i, line);
      const upgrade: UpgradeEntry = { name: fullName(item.name, item.title), key: nameKey(fullName(item.name, item.title)), pastedCost: item.pastedCost };
      last.upgrades.push(upgrade);
      continue;
    }
    modelIndent = indent;
    last = add(item, section);
  }

  if (format === null) return { ok: false, error: { code: 'NOT_A_CREW' } };
  if (factionText === null || factionText === '') return { ok: false, error: { code: 'CREW_NO_FACTION' } };
  const faction = parseFaction(factionText);
  if (faction === null) return { ok: false, error: { code: 'CREW_UNKNOWN_FACTION', params: { faction: factionText.slice(0, 80) } } };
  if (leaders.length + totems.length + hires.length === 0) return { ok: false, error: { code: 'CREW_NO_MODELS' } };

  const crew: ParsedCrew = {
    format,
    crewName,
    faction,
    leaders,
    totems,
    hires,
    references,
    declaredSize,
    soulstonePool,
    unknownModels: [],
    unknownUpgrades: [],
    raw: text,
  };
  return { ok: true, value: withUnknowns(crew, indexTable(table)) };
}

/**
 * The names to ask for: hired models and their upgrades the table does not hold, each once, as pasted.
 * References are cards to read, not models in play, so their numbers are never needed.
 */
export function withUnknowns(crew: ParsedCrew, index: ModelIndex): ParsedCrew {
  const models = new Map<string, string>();
  const upgrades = new Map<string, string>();
  for (const e of [...crew.leaders, ...crew.totems, ...crew.hires]) {
    if (!index.models.has(e.key) && !models.has(e.key)) models.set(e.key, fullName(e.name, e.title));
    for (const u of e.upgrades) if (!index.upgrades.has(u.key) && !upgrades.has(u.key)) upgrades.set(u.key, u.name);
  }
  return { ...crew, unknownModels: [...models.values()], unknownUpgrades: [...upgrades.values()] };
}
