/**
 * A crew entered model by model (issue 15 item 2): `/crew start`, `/crew add`, `/crew remove`, then
 * `/crew done`. The draft is kept as the crew list it amounts to, in the sectioned format a crew builder
 * prints, so that declaring it is declaring a paste: the same parser, the same model table, the same
 * hiring checks, and the raw list kept with the game reads like any other. Each step reads the list back
 * and checks that it says what was meant, so a typed name can never turn into a header or a cost.
 */
import type { Result } from '../../contract.js';
import { parseCrewList } from './parse.js';
import { printSectionedCrewList } from './print.js';
import { PASTE_MAX_CHARS, fullName, nameKey, type CrewEntry, type Faction, type ModelTable, type ParsedCrew } from './model.js';

/** Where a model goes in the crew: the Leader is named when the draft begins. */
export type DraftRole = 'totem' | 'hire';

export const DRAFT_ERROR_CODES = [
  /** A name that would not read back as one model (a header, a cost, a line break in it). */
  'CREW_DRAFT_NAME_INVALID',
  /** The list would outgrow what a crew list may hold. */
  'CREW_DRAFT_TOO_LONG',
  /** No model of that name (as a totem or a hire) in the draft. */
  'CREW_DRAFT_NOT_IN',
  /** The Leader is changed by beginning again, not removed. */
  'CREW_DRAFT_LEADER',
] as const;
export type DraftErrorCode = (typeof DRAFT_ERROR_CODES)[number];

export interface DraftError {
  code: DraftErrorCode;
  params?: Record<string, string | number>;
}

const NO_TABLE: ModelTable = { models: [], upgrades: [] };

/** A model line as a player names it: its name, then its title after a comma (HIRE-5). */
function entryOf(typed: string): CrewEntry {
  const text = typed.trim();
  const comma = text.indexOf(',');
  const name = (comma < 0 ? text : text.slice(0, comma)).trim();
  const title = comma < 0 ? null : text.slice(comma + 1).trim() || null;
  return { name, title, key: nameKey(fullName(name, title)), pastedCost: null, upgrades: [] };
}

const keys = (entries: readonly CrewEntry[]) => entries.map((e) => e.key);

/** The draft as its text, once that text is checked to read back as exactly this crew. */
function written(crew: ParsedCrew, named: string): Result<ParsedCrew, DraftError> {
  const raw = printSectionedCrewList(crew);
  if (raw.length > PASTE_MAX_CHARS) return { ok: false, error: { code: 'CREW_DRAFT_TOO_LONG', params: { max: PASTE_MAX_CHARS } } };
  const read = parseCrewList(raw, NO_TABLE);
  const same =
    read.ok &&
    read.value.faction === crew.faction &&
    read.value.crewName === crew.crewName &&
    JSON.stringify([keys(read.value.leaders), keys(read.value.totems), keys(read.value.hires)]) === JSON.stringify([keys(crew.leaders), keys(crew.totems), keys(crew.hires)]);
  if (!same) return { ok: false, error: { code: 'CREW_DRAFT_NAME_INVALID', params: { name: named.slice(0, 80) } } };
  return { ok: true, value: { ...crew, raw } };
}

/**
 * Begins a draft: the faction, the Leader and the crew's name. Beginning again over a draft keeps its
 * totems and hires (that is how the Leader or the faction is changed).
 */
export function startDraft(previous: ParsedCrew | null, faction: Faction, leader: string, crewName: string | null): Result<ParsedCrew, DraftError> {
  const crew: ParsedCrew = {
    format: 'sectioned',
    crewName: crewName?.trim() || null,
    faction,
    leaders: [entryOf(leader)],
    totems: previous?.totems ?? [],
    hires: previous?.hires ?? [],
    references: [],
    declaredSize: null,
    soulstonePool: null,
    unknownModels: [],
    unknownUpgrades: [],
    raw: '',
  };
  return written(crew, leader);
}

/** Adds `copies` of a model, as a totem or a hire; one line per copy, as a list repeats a model. */
export function addToDraft(crew: ParsedCrew, name: string, role: DraftRole, copies: number): Result<ParsedCrew, DraftError> {
  const added = Array.from({ length: copies }, () => entryOf(name));
  const next = role === 'totem' ? { ...crew, totems: [...crew.totems, ...added] } : { ...crew, hires: [...crew.hires, ...added.map((e) => ({ ...e, section: 'hires' as const }))] };
  return written(next, name);
}

/**
 * Removes up to `copies` of a model (its last copies first), from the hires then the totems. The name
 * is matched as the list compares names, with or without its title when only one model goes by it.
 */
export function removeFromDraft(crew: ParsedCrew, name: string, copies: number): Result<{ crew: ParsedCrew; removed: number; name: string }, DraftError> {
  const key = nameKey(name);
  const members = [...crew.totems, ...crew.hires];
  let matches = members.filter((e) => e.key === key);
  if (matches.length === 0) {
    const byName = members.filter((e) => nameKey(e.name) === key);
    if (new Set(byName.map((e) => e.key)).size === 1) matches = byName;
  }
  if (matches.length === 0) {
    const leader = crew.leaders.find((e) => e.key === key || nameKey(e.name) === key);
    if (leader) return { ok: false, error: { code: 'CREW_DRAFT_LEADER', params: { name: fullName(leader.name, leader.title) } } };
    return { ok: false, error: { code: 'CREW_DRAFT_NOT_IN', params: { name: name.slice(0, 80) } } };
  }
  const gone = new Set(matches.slice(-copies));
  const next = written({ ...crew, totems: crew.totems.filter((e) => !gone.has(e)), hires: crew.hires.filter((e) => !gone.has(e)) }, name);
  if (!next.ok) return next;
  const first = matches[0]!;
  return { ok: true, value: { crew: next.value, removed: gone.size, name: fullName(first.name, first.title) } };
}

/** A kept draft read back, with the names the server's table does not know yet; null if it is no crew list. */
export function readDraft(text: string, table: ModelTable): ParsedCrew | null {
  const read = parseCrewList(text, table);
  return read.ok ? read.value : null;
}
