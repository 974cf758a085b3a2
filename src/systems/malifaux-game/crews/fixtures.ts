/**
 * Test fixtures: profiles as a server's users would enter them. Every number here is invented for the
 * tests (the bot ships no card data); only the names of the crew-list samples come from the notes.
 */
import { modelProfileSchema, nameKey, fullName, upgradeProfileSchema, type CrewEntry, type ModelProfile, type ModelProfileInput, type UpgradeEntry, type UpgradeProfile, type UpgradeProfileInput } from './model.js';

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
