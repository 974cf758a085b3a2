/**
 * A model's card as typed into the five fields of a Discord modal — the bot ships no card data, so a
 * server's users enter each model once and the next crew paste knows it. Tolerant of how people write
 * numbers ("Df 5", "df:5", "5 Df"; English or French labels), strict about what the profile may hold
 * (the same zod schema as every stored profile).
 */
import { FACTIONS, modelProfileSchema, parseFaction, STATIONS, type ModelProfile } from './model.js';

export const PROFILE_FORM_FIELDS = ['name', 'station', 'factions', 'numbers', 'stats'] as const;
export type ProfileFormField = (typeof PROFILE_FORM_FIELDS)[number];

export interface ProfileFormProblem {
  code: 'PROFILE_INVALID';
  params: { field: ProfileFormField | string; problem: string };
}

const STATION_WORDS: Record<string, (typeof STATIONS)[number]> = {
  master: 'Master',
  maitre: 'Master',
  henchman: 'Henchman',
  homme: 'Henchman',
  'homme de main': 'Henchman',
  enforcer: 'Enforcer',
  executant: 'Enforcer',
  minion: 'Minion',
  larbin: 'Minion',
  sbire: 'Minion',
  peon: 'Peon',
};

const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** The French names of the factions (the English ones are parseFaction's). */
const FRENCH_FACTIONS: Record<string, (typeof FACTIONS)[number]> = {
  arcanistes: 'arcanists',
  guilde: 'guild',
  'la guilde': 'guild',
  resurrectionnistes: 'resurrectionists',
  'dix tonnerres': 'ten-thunders',
  explorateurs: 'explorers-society',
  'societe des explorateurs': 'explorers-society',
  parias: 'outcasts',
};

function factionOf(text: string): (typeof FACTIONS)[number] | null {
  return parseFaction(text) ?? FRENCH_FACTIONS[fold(text).trim()] ?? null;
}

/** The number after (or before) one of the labels, e.g. "Df 5", "df:5", "5 Df". */
function labelled(text: string, labels: readonly string[]): number | null {
  const t = fold(text);
  for (const label of labels) {
    const after = new RegExp(`\\b${label}\\b\\s*[:=]?\\s*(\\d+)`).exec(t);
    if (after) return Number(after[1]);
    const before = new RegExp(`(\\d+)\\s*${label}\\b`).exec(t);
    if (before) return Number(before[1]);
  }
  return null;
}

/**
 * The profile the five fields describe:
 * - name: `Name` or `Name, Title`;
 * - station: `Minion (3)`, `Master`, … optionally `totem of Ada Quill`, `versatile`, `insignificant`;
 * - factions: `Arcanists; Inkwell, Foundry` (factions, then keywords after a semicolon);
 * - numbers: `cost 6 health 6 base 30` (cost `-` for a Master);
 * - stats: `Df 5 Wp 4 Sz 2 Mv 5`.
 */
export function parseProfileForm(fields: Readonly<Record<string, string>>): { ok: true; value: ModelProfile } | { ok: false; error: ProfileFormProblem } {
  const bad = (field: string, problem: string) => ({ ok: false as const, error: { code: 'PROFILE_INVALID' as const, params: { field, problem } } });
  const [name, ...titleParts] = (fields.name ?? '').split(',').map((s) => s.trim());
  const title = titleParts.join(', ').trim();
  const stationText = fold(fields.station ?? '');
  const stationWord = Object.keys(STATION_WORDS)
    .sort((a, b) => b.length - a.length)
    .find((w) => new RegExp(`\\b${w}\\b`).test(stationText));
  if (!stationWord) return bad('station', 'unknown');
  const limit = /\((\d)\)/.exec(stationText);
  const totem = /\btotem\b(?:\s+(?:of|de))?\s+([^,;]+)/.exec(fields.station ?? '');
  const [factionText = '', keywordText = ''] = (fields.factions ?? '').split(';');
  const factions = factionText
    .split(/[,/]/)
    .map((f) => f.trim())
    .filter(Boolean)
    .map((f) => factionOf(f));
  if (factions.length === 0 || factions.some((f) => f === null)) return bad('factions', `one of: ${FACTIONS.join(', ')}`);
  const keywords = keywordText
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  const numbers = fields.numbers ?? '';
  const dash = /\b(?:cost|cout)\s*[:=]?\s*[-–—]/.test(fold(numbers));
  const stats = fields.stats ?? '';
  const candidate = {
    name,
    title: title || null,
    station: STATION_WORDS[stationWord],
    stationLimit: limit ? Number(limit[1]) : null,
    totemOf: totem?.[1]?.trim() || null,
    insignificant: /\binsignifi/.test(stationText),
    versatile: /\bversatil|polyvalent/.test(stationText),
    factions,
    keywords,
    cost: dash ? null : labelled(numbers, ['cost', 'cout']),
    health: labelled(numbers, ['health', 'sante', 'hp']),
    base: labelled(numbers, ['base', 'mm']),
    df: labelled(stats, ['df', 'def']),
    wp: labelled(stats, ['wp', 'vol']),
    sz: labelled(stats, ['sz', 'taille', 'tai']),
    mv: labelled(stats, ['mv', 'mvt', 'mou']),
  };
  const parsed = modelProfileSchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = String(issue?.path[0] ?? '');
    const field = ['cost', 'health', 'base'].includes(key) ? 'numbers' : ['df', 'wp', 'sz', 'mv'].includes(key) ? 'stats' : key === 'title' ? 'name' : key;
    return bad(field, key || 'invalid');
  }
  return { ok: true, value: parsed.data };
}
