/**
 * Crews of a whole Malifaux game: the model profiles a server remembers, a crew as pasted, and a crew
 * once hired. Described once with zod so a profile typed into a modal, a row of the server's model
 * table and a crew kept in a game's state are validated by the same schema; the types are inferred.
 *
 * The bot ships no card data (whole-game.md §1): every profile is what users entered. Names are
 * compared by `nameKey`, the way crew builders compare them, so "Explorer's Society" and
 * "explorers society" are one name.
 */
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------------
// Names

/**
 * The key two names are compared by: case, accents, apostrophes and punctuation do not count.
 * Apostrophes vanish (Explorer's → explorers) while other punctuation separates words (the comma before
 * a title), so "Lucky Fate, Effigy" and "lucky fate effigy" meet.
 */
export function nameKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’‘`´]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A model's full name: its name, then its title after a comma (HIRE-5), as crew lists print it. */
export function fullName(name: string, title: string | null): string {
  return title === null ? name : `${name}, ${title}`;
}

// ---------------------------------------------------------------------------------------------------
// Factions (SETUP-5: Dead Man's Hand is not one)

export const FACTIONS = ['guild', 'resurrectionists', 'arcanists', 'neverborn', 'outcasts', 'bayou', 'ten-thunders', 'explorers-society'] as const;
export const factionSchema = z.enum(FACTIONS);
export type Faction = z.infer<typeof factionSchema>;

export const FACTION_NAMES: Record<Faction, string> = {
  guild: 'Guild',
  resurrectionists: 'Resurrectionists',
  arcanists: 'Arcanists',
  neverborn: 'Neverborn',
  outcasts: 'Outcasts',
  bayou: 'Bayou',
  'ten-thunders': 'Ten Thunders',
  'explorers-society': "Explorer's Society",
};

/** Crew lists write factions singular or plural (Arcanist/Arcanists), so each word loses a final s. */
function factionKey(text: string): string {
  return nameKey(text)
    .replace(/^the /, '')
    .split(' ')
    .map((w) => (w.length > 3 && w.endsWith('s') ? w.slice(0, -1) : w))
    .join(' ');
}

const FACTION_BY_KEY = new Map<string, Faction>(FACTIONS.map((f) => [factionKey(FACTION_NAMES[f]), f]));

/** The faction a crew list names, or null for anything else (e.g. "Dead Man's Hand", SETUP-5). */
export function parseFaction(text: string): Faction | null {
  return FACTION_BY_KEY.get(factionKey(text)) ?? null;
}

// ---------------------------------------------------------------------------------------------------
// Model profiles

export const STATIONS = ['Master', 'Henchman', 'Enforcer', 'Minion', 'Peon'] as const;
export const stationSchema = z.enum(STATIONS);
export type Station = z.infer<typeof stationSchema>;

export const BASE_SIZES = [30, 40, 50] as const;
export const baseSchema = z.union([z.literal(30), z.literal(40), z.literal(50)]);
export type BaseSize = z.infer<typeof baseSchema>;

const int = z.number().int();
const natural = int.min(0);
const nameSchema = z.string().trim().min(1).max(80).refine((s) => nameKey(s) !== '', { message: 'a name needs a letter or a digit' });
const stat = natural.max(15);

/**
 * One card as a server's users entered it. `cost` null is a printed dash (a Master): such a model can
 * lead but cannot be bought. `stationLimit` is the number after the station, Minion (3) (HIRE-4,
 * SUM-4); `totemOf` is the Master a Totem belongs to (HIRE-7); `soulstoneUser` null follows the station
 * (SS-1), true or false records a card that says otherwise.
 */
export const modelProfileSchema = z.object({
  name: nameSchema,
  title: nameSchema.nullable().default(null),
  station: stationSchema,
  stationLimit: int.min(1).max(9).nullable().default(null),
  totemOf: nameSchema.nullable().default(null),
  insignificant: z.boolean().default(false),
  versatile: z.boolean().default(false),
  factions: z.array(factionSchema).min(1).max(FACTIONS.length),
  keywords: z.array(nameSchema).max(8).default([]),
  cost: natural.max(30).nullable(),
  health: int.min(1).max(30),
  base: baseSchema,
  df: stat,
  wp: stat,
  sz: stat,
  mv: stat,
  soulstoneUser: z.boolean().nullable().default(null),
});
export type ModelProfile = z.infer<typeof modelProfileSchema>;
export type ModelProfileInput = z.input<typeof modelProfileSchema>;

/** The key a profile is found by: its full name, title included (titled cards are different cards). */
export function profileKey(p: { name: string; title: string | null }): string {
  return nameKey(fullName(p.name, p.title));
}

/** SS-1: Masters and Henchmen use soulstones unless their card says otherwise. */
export function isSoulstoneUser(p: Pick<ModelProfile, 'station' | 'soulstoneUser'>): boolean {
  return p.soulstoneUser ?? (p.station === 'Master' || p.station === 'Henchman');
}

/** HIRE-4 / SUM-4: how many copies a crew may hold. */
export function copyLimit(p: Pick<ModelProfile, 'stationLimit'>): number {
  return p.stationLimit ?? 1;
}

/** One requirement of a Restricted upgrade (HIRE-6); a model must meet all of them. */
export const restrictionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('keyword'), keyword: nameSchema }),
  z.object({ kind: z.literal('station'), station: stationSchema }),
  z.object({ kind: z.literal('name'), name: nameSchema }),
  z.object({ kind: z.literal('leader') }),
]);
export type Restriction = z.infer<typeof restrictionSchema>;

/** An upgrade card as entered (HIRE-6): `plentiful` is X of Plentiful (X), null for a unique one. */
export const upgradeProfileSchema = z.object({
  name: nameSchema,
  cost: natural.max(30),
  factions: z.array(factionSchema).min(1).max(FACTIONS.length),
  plentiful: int.min(1).max(9).nullable().default(null),
  special: z.boolean().default(false),
  restrictions: z.array(restrictionSchema).max(6).default([]),
});
export type UpgradeProfile = z.infer<typeof upgradeProfileSchema>;
export type UpgradeProfileInput = z.input<typeof upgradeProfileSchema>;

/** What a server remembers: the models and upgrades its users entered. */
export const modelTableSchema = z.object({
  models: z.array(modelProfileSchema).max(2000),
  upgrades: z.array(upgradeProfileSchema).max(2000).default([]),
});
export type ModelTable = z.infer<typeof modelTableSchema>;

/** Profiles by key, the later of two entries with one key winning (the latest edit). */
export interface ModelIndex {
  models: Map<string, ModelProfile>;
  upgrades: Map<string, UpgradeProfile>;
}

export function indexTable(table: ModelTable): ModelIndex {
  return {
    models: new Map(table.models.map((p) => [profileKey(p), p])),
    upgrades: new Map(table.upgrades.map((u) => [nameKey(u.name), u])),
  };
}

// ---------------------------------------------------------------------------------------------------
// A crew as pasted

export const PASTE_MAX_CHARS = 4000; // a Discord modal's paragraph holds at most 4000 characters

/** An upgrade line under a model; `pastedCost` is the costed format's `Nss`, kept to prefill a modal. */
export const upgradeEntrySchema = z.object({
  name: nameSchema,
  key: z.string(),
  pastedCost: natural.max(99).nullable(),
});
export type UpgradeEntry = z.infer<typeof upgradeEntrySchema>;

/** Which part of a sectioned list a hire came from (Versatile and Out of Keyword are hires too). */
export const hireSectionSchema = z.enum(['hires', 'versatile', 'outOfKeyword']);
export type HireSection = z.infer<typeof hireSectionSchema>;

/** One model line: one line is one model, so a repeated line is a second copy. */
export const crewEntrySchema = z.object({
  name: nameSchema,
  title: nameSchema.nullable(),
  key: z.string(),
  pastedCost: natural.max(99).nullable(),
  upgrades: z.array(upgradeEntrySchema),
});
export type CrewEntry = z.infer<typeof crewEntrySchema>;

export const hireEntrySchema = crewEntrySchema.extend({ section: hireSectionSchema });
export type HireEntry = z.infer<typeof hireEntrySchema>;

/**
 * A crew list as read, before any check: `leaders` is a list so that a list naming none or two is
 * refused by the hiring checks (HIRE-1) with a reason, not lost by the parser. `unknownModels` and
 * `unknownUpgrades` are the distinct names (as pasted) the server's table does not know yet.
 */
export const parsedCrewSchema = z.object({
  format: z.enum(['sectioned', 'costed']),
  crewName: z.string().max(200).nullable(),
  faction: factionSchema,
  leaders: z.array(crewEntrySchema),
  totems: z.array(crewEntrySchema),
  hires: z.array(hireEntrySchema),
  references: z.array(crewEntrySchema),
  /** The costed format's `Crew Name: … 50ss`. */
  declaredSize: natural.max(999).nullable(),
  /** `Cache:(N)` or a `Soulstones:` line, when the list gives one. */
  soulstonePool: natural.max(99).nullable(),
  unknownModels: z.array(z.string()),
  unknownUpgrades: z.array(z.string()),
  raw: z.string().max(PASTE_MAX_CHARS),
});
export type ParsedCrew = z.infer<typeof parsedCrewSchema>;

// ---------------------------------------------------------------------------------------------------
// A crew once hired

export const hiredUpgradeSchema = z.object({ profile: upgradeProfileSchema, cost: natural });
export type HiredUpgrade = z.infer<typeof hiredUpgradeSchema>;

/**
 * A model in a hired crew. `copy` numbers repeated models 1, 2, 3 in list order so each has its own
 * identity in play; `cost` is what was paid (HIRE-1, -2, -3, -7), `surcharge` the +1 of HIRE-3 in it.
 */
export const hiredModelSchema = z.object({
  key: z.string(),
  copy: int.min(1),
  role: z.enum(['leader', 'totem', 'hire']),
  profile: modelProfileSchema,
  cost: natural,
  surcharge: z.union([z.literal(0), z.literal(1)]),
  upgrades: z.array(hiredUpgradeSchema),
  soulstoneUser: z.boolean(),
});
export type HiredModel = z.infer<typeof hiredModelSchema>;

export const hiredCrewSchema = z.object({
  faction: factionSchema,
  crewName: z.string().nullable(),
  encounterSize: int.min(1),
  /** Leader first, then totems and hires in list order. */
  models: z.array(hiredModelSchema).min(1),
  /** Cards listed for reference only: not hired, not in play. */
  references: z.array(z.string()),
  totalCost: natural,
  /** HIRE-9 / SS-2: the starting pool. */
  soulstones: natural.max(10),
  raw: z.string(),
});
export type HiredCrew = z.infer<typeof hiredCrewSchema>;
