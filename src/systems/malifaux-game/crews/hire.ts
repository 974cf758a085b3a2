/**
 * Hiring checks (m3e-core §14: SETUP-1, SETUP-5, HIRE-1 to HIRE-9; SS-1 for who uses soulstones).
 * The numbers come from the server's model table, never from the paste: a pasted cost or cache only
 * has to agree with them. Every problem is reported at once, each with its code and rule, so a player
 * can fix a list in one go.
 */
import type { Result } from '../../contract.js';
import {
  copyLimit,
  fullName,
  indexTable,
  isSoulstoneUser,
  nameKey,
  profileKey,
  type CrewEntry,
  type HiredCrew,
  type HiredModel,
  type HiredUpgrade,
  type ModelProfile,
  type ModelTable,
  type ParsedCrew,
  type Restriction,
  type UpgradeProfile,
} from './model.js';

export const HIRE_PROBLEM_CODES = [
  'ENCOUNTER_SIZE_INVALID', // SETUP-1
  'UNKNOWN_MODEL', // not in the table yet: to be entered before anything can be checked
  'UNKNOWN_UPGRADE',
  'LEADER_MISSING', // HIRE-1
  'LEADER_NOT_ONE', // HIRE-1
  'LEADER_STATION', // SETUP-5
  'LEADER_FACTION', // SETUP-5
  'MASTER_UNDER_HENCHMAN', // SETUP-5
  'NO_PRINTED_COST', // HIRE-8: a model with a dash for cost can lead, not be bought
  'OUT_OF_FACTION', // HIRE-2 / HIRE-3
  'MODEL_LIMIT', // HIRE-4
  'TITLE_CLASH', // HIRE-5
  'UPGRADE_TOO_MANY', // HIRE-6
  'UPGRADE_FACTION', // HIRE-6
  'UPGRADE_LIMIT', // HIRE-6
  'UPGRADE_RESTRICTED', // HIRE-6
  'UPGRADE_SPECIAL', // HIRE-6
  'TOTEM_WITHOUT_MASTER', // HIRE-7
  'OVER_ENCOUNTER_SIZE', // HIRE-8
  'SOULSTONE_POOL_OVER_CAP', // HIRE-9
  'SOULSTONE_POOL_MISMATCH', // HIRE-9
] as const;
export type HireProblemCode = (typeof HIRE_PROBLEM_CODES)[number];

export interface HireProblem {
  code: HireProblemCode;
  /** The rule that forbids it; null for a name the table does not know (no rule is broken yet). */
  rule: string | null;
  params: Record<string, string | number>;
}

/** HIRE-9: at most 10 soulstones are carried over from unspent points. */
export const SOULSTONE_CAP = 10;
export const ENCOUNTER_SIZE_MAX = 999;

const problem = (code: HireProblemCode, rule: string | null, params: Record<string, string | number> = {}): HireProblem => ({ code, rule, params });

function meets(r: Restriction, p: ModelProfile, isLeader: boolean): boolean {
  switch (r.kind) {
    case 'keyword':
      return p.keywords.some((k) => nameKey(k) === nameKey(r.keyword));
    case 'station':
      return p.station === r.station;
    case 'name':
      return nameKey(p.name) === nameKey(r.name);
    case 'leader':
      return isLeader;
  }
}

interface Resolved {
  entry: CrewEntry;
  profile: ModelProfile;
  upgrades: UpgradeProfile[];
}

/**
 * Checks a parsed crew against the server's table for an encounter of `encounterSize` points and, when
 * every rule holds, returns the crew as hired: costs paid, soulstone users, the starting pool.
 */
export function checkHiring(crew: ParsedCrew, table: ModelTable, encounterSize: number): Result<HiredCrew, HireProblem[]> {
  if (!Number.isInteger(encounterSize) || encounterSize < 1 || encounterSize > ENCOUNTER_SIZE_MAX) {
    return { ok: false, error: [problem('ENCOUNTER_SIZE_INVALID', 'SETUP-1', { size: String(encounterSize) })] };
  }
  const index = indexTable(table);
  const problems: HireProblem[] = [];

  // Unknown names first: without their numbers no cost or limit can be judged.
  const resolve = (entry: CrewEntry): Resolved | null => {
    const profile = index.models.get(entry.key);
    if (!profile) problems.push(problem('UNKNOWN_MODEL', null, { name: fullName(entry.name, entry.title) }));
    const upgrades: UpgradeProfile[] = [];
    for (const u of entry.upgrades) {
      const up = index.upgrades.get(u.key);
      if (up) upgrades.push(up);
      else problems.push(problem('UNKNOWN_UPGRADE', null, { upgrade: u.name, name: fullName(entry.name, entry.title) }));
    }
    return profile ? { entry, profile, upgrades } : null;
  };
  const leaders = crew.leaders.map(resolve);
  const others = [...crew.totems, ...crew.hires].map(resolve);
  if (problems.length > 0) return { ok: false, error: dedupe(problems) };
  const members = others as Resolved[];

  // HIRE-1 / SETUP-5: exactly one Leader, a Master or Henchman of the declared faction.
  if (leaders.length === 0) return { ok: false, error: [problem('LEADER_MISSING', 'HIRE-1')] };
  if (leaders.length > 1) return { ok: false, error: [problem('LEADER_NOT_ONE', 'HIRE-1', { count: leaders.length })] };
  const leader = leaders[0] as Resolved;
  const lp = leader.profile;
  const leaderName = fullName(lp.name, lp.title);
  if (lp.station !== 'Master' && lp.station !== 'Henchman') problems.push(problem('LEADER_STATION', 'SETUP-5', { name: leaderName, station: lp.station }));
  if (!lp.factions.includes(crew.faction)) problems.push(problem('LEADER_FACTION', 'SETUP-5', { name: leaderName }));

  const all: Resolved[] = [leader, ...members];
  const leaderKeywords = new Set(lp.keywords.map(nameKey));
  const mastersInCrew = new Set(all.filter((m) => m.profile.station === 'Master').map((m) => nameKey(m.profile.name)));

  const copies = new Map<string, number>();
  const hired: HiredModel[] = [];
  for (const [i, m] of all.entries()) {
    const p = m.profile;
    const name = fullName(p.name, p.title);
    const key = profileKey(p);
    const copy = (copies.get(key) ?? 0) + 1;
    copies.set(key, copy);
    const isLeader = i === 0;
    let cost = 0;
    let surcharge: 0 | 1 = 0;
    if (!isLeader) {
      if (lp.station === 'Henchman' && p.station === 'Master') problems.push(problem('MASTER_UNDER_HENCHMAN', 'SETUP-5', { name }));
      const leadersTotem = p.totemOf !== null && lp.station === 'Master' && nameKey(p.totemOf) === nameKey(lp.name);
      if (p.totemOf !== null && !mastersInCrew.has(nameKey(p.totemOf))) problems.push(problem('TOTEM_WITHOUT_MASTER', 'HIRE-7', { name, master: p.totemOf }));
      if (leadersTotem) cost = 0;
      else if (p.cost === null) problems.push(problem('NO_PRINTED_COST', 'HIRE-8', { name }));
      else if (p.keywords.some((k) => leaderKeywords.has(nameKey(k)))) cost = p.cost; // HIRE-2, any faction [AMB-44]
      else if (p.factions.includes(crew.faction)) {
        surcharge = p.versatile ? 0 : 1; // HIRE-3
        cost = p.cost + surcharge;
      } else problems.push(problem('OUT_OF_FACTION', 'HIRE-3', { name }));
    }

    // HIRE-6, per model: one upgrade at hiring, of the faction, not Special, restrictions met.
    if (m.upgrades.length > 1) problems.push(problem('UPGRADE_TOO_MANY', 'HIRE-6', { name, count: m.upgrades.length }));
    const upgrades: HiredUpgrade[] = [];
    for (const u of m.upgrades) {
      if (u.special) problems.push(problem('UPGRADE_SPECIAL', 'HIRE-6', { upgrade: u.name }));
      if (!u.factions.includes(crew.faction)) problems.push(problem('UPGRADE_FACTION', 'HIRE-6', { upgrade: u.name }));
      if (!u.restrictions.every((r) => meets(r, p, isLeader))) problems.push(problem('UPGRADE_RESTRICTED', 'HIRE-6', { upgrade: u.name, name }));
      upgrades.push({ profile: u, cost: u.cost }); // HIRE-1: even on the Leader an upgrade costs its price
    }
    hired.push({
      key,
      copy,
      role: isLeader ? 'leader' : p.totemOf !== null ? 'totem' : 'hire',
      profile: p,
      cost,
      surcharge,
      upgrades,
      soulstoneUser: isSoulstoneUser(p),
    });
  }

  // HIRE-4: copies per model, the Leader included.
  for (const [key, count] of copies) {
    const p = index.models.get(key)!;
    if (count > copyLimit(p)) problems.push(problem('MODEL_LIMIT', 'HIRE-4', { name: fullName(p.name, p.title), count, limit: copyLimit(p) }));
  }

  // HIRE-5: one title per name; no title is a title of its own.
  const titles = new Map<string, { name: string; titles: Set<string> }>();
  for (const { profile: p } of all) {
    const t = titles.get(nameKey(p.name)) ?? { name: p.name, titles: new Set<string>() };
    t.titles.add(p.title ?? '');
    titles.set(nameKey(p.name), t);
  }
  for (const t of titles.values()) {
    if (t.titles.size > 1) problems.push(problem('TITLE_CLASH', 'HIRE-5', { name: t.name, titles: [...t.titles].map((x) => x || '—').join(', ') }));
  }

  // HIRE-6, per crew: each upgrade unique unless Plentiful (X).
  const upgradeCount = new Map<string, { upgrade: UpgradeProfile; count: number }>();
  for (const m of all) {
    for (const u of m.upgrades) {
      const c = upgradeCount.get(nameKey(u.name)) ?? { upgrade: u, count: 0 };
      c.count += 1;
      upgradeCount.set(nameKey(u.name), c);
    }
  }
  for (const { upgrade, count } of upgradeCount.values()) {
    const limit = upgrade.plentiful ?? 1;
    if (count > limit) problems.push(problem('UPGRADE_LIMIT', 'HIRE-6', { upgrade: upgrade.name, count, limit }));
  }

  // HIRE-8 / HIRE-9: the total within the encounter size, the rest (up to 10) as soulstones.
  const totalCost = hired.reduce((sum, m) => sum + m.cost + m.upgrades.reduce((s, u) => s + u.cost, 0), 0);
  if (totalCost > encounterSize) problems.push(problem('OVER_ENCOUNTER_SIZE', 'HIRE-8', { total: totalCost, size: encounterSize }));
  const soulstones = Math.max(0, Math.min(SOULSTONE_CAP, encounterSize - totalCost));
  if (crew.soulstonePool !== null && totalCost <= encounterSize) {
    if (crew.soulstonePool > SOULSTONE_CAP) problems.push(problem('SOULSTONE_POOL_OVER_CAP', 'HIRE-9', { declared: crew.soulstonePool, cap: SOULSTONE_CAP }));
    else if (crew.soulstonePool !== soulstones) problems.push(problem('SOULSTONE_POOL_MISMATCH', 'HIRE-9', { declared: crew.soulstonePool, computed: soulstones }));
  }

  if (problems.length > 0) return { ok: false, error: dedupe(problems) };
  return {
    ok: true,
    value: {
      faction: crew.faction,
      crewName: crew.crewName,
      encounterSize,
      models: hired,
      references: crew.references.map((r) => fullName(r.name, r.title)),
      totalCost,
      soulstones,
      raw: crew.raw,
    },
  };
}

/** A repeated model or upgrade breaks a rule once, not once per copy. */
function dedupe(problems: HireProblem[]): HireProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const id = JSON.stringify([p.code, p.params]);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
