/**
 * How a server's model table is checked and keyed when stored: handed to the store
 * (`store.modelTables(modelTableCodec)`), which knows no game system. Every row read back goes through
 * the same zod schemas as a profile typed into a modal, so a corrupt row is refused, never cast.
 */
import { modelProfileSchema, nameKey, profileKey, upgradeProfileSchema, type ModelProfile, type UpgradeProfile } from './model.js';

export const modelTableCodec = {
  parseModel: (fields: unknown): ModelProfile => modelProfileSchema.parse(fields),
  parseUpgrade: (fields: unknown): UpgradeProfile => upgradeProfileSchema.parse(fields),
  modelKey: (model: ModelProfile): string => profileKey(model),
  upgradeKey: (upgrade: UpgradeProfile): string => nameKey(upgrade.name),
  /** Typed text is matched against the start of the keys, so case, accents and punctuation do not count. */
  searchKey: (prefix: string): string => nameKey(prefix),
};
