/**
 * The servers' model tables (ModelTableStore), on the store's connections and locks (prisma-store.ts).
 *
 * Reads (a crew paste, an autocomplete keystroke) are plain SQL on the store's own connection, like the
 * other reads every command makes; writes (profiles entered in a modal) are rare and go through the Prisma
 * client in one interactive transaction. Lists are JSON text on both databases, and every row read goes
 * through the codec's check before anyone sees it.
 */
import type { PrismaClient } from '../generated/sqlite/client.js';
import {
  MODEL_SEARCH_LIMIT,
  type ModelProfileFields,
  type ModelTableCodec,
  type ModelTableStore,
  type UpgradeProfileFields,
} from './contract.js';
import { raw, sql, toInt, toNullableText, toText, type Dialect, type Row, type Sql } from './driver-sql.js';

/** The part of the Prisma client (or of one of its transactions) the model tables write through. */
export type ModelTableTx = {
  modelProfile: Pick<PrismaClient['modelProfile'], 'upsert' | 'deleteMany'>;
  upgradeProfile: Pick<PrismaClient['upgradeProfile'], 'upsert' | 'deleteMany'>;
};

export interface ModelTableDeps {
  dialect: Dialect;
  /** Rows of a read on the store's own connection. */
  select(query: Sql): Promise<Row[]>;
  /** Runs `write` in one transaction of the Prisma client (retried once if a concurrent insert took a key first). */
  transaction(write: (tx: ModelTableTx) => Promise<void>): Promise<void>;
  delete(write: (client: ModelTableTx) => Promise<{ count: number }>): Promise<{ count: number }>;
  now(): Date;
}

type UpsertArgs<Data> = {
  where: { guildId_key: { guildId: string; key: string } };
  create: Data & { guildId: string; key: string; createdBy: string; updatedBy: string; createdAt: Date; updatedAt: Date };
  update: Data & { updatedBy: string; updatedAt: Date };
};

const MODEL_COLUMNS = raw(
  `"key", "name", "title", "station", "stationLimit", "totemOf", "insignificant", "versatile", "factions", "keywords", "cost", "health", "base", "df", "wp", "sz", "mv", "soulstoneUser"`,
);
const UPGRADE_COLUMNS = raw(`"key", "name", "cost", "factions", "plentiful", "special", "restrictions"`);

export function createModelTableStore<Model extends ModelProfileFields, Upgrade extends UpgradeProfileFields>(
  codec: ModelTableCodec<Model, Upgrade>,
  deps: ModelTableDeps,
): ModelTableStore<Model, Upgrade> {
  // Key order is code point order on both databases: SQLite compares text bytewise, and PostgreSQL's "C"
  // collation does too (the database's own collation may be a locale's, which orders spaces differently).
  const byKey = raw(deps.dialect === 'postgresql' ? `ORDER BY "key" COLLATE "C"` : `ORDER BY "key"`);

  const readModel = (guildId: string, row: Row): Model => {
    const key = toText(row.key, 'key');
    return checked('ModelProfile', guildId, key, () => {
      const model = codec.parseModel(modelFields(row));
      return { value: model, key: codec.modelKey(model) };
    });
  };
  const readUpgrade = (guildId: string, row: Row): Upgrade => {
    const key = toText(row.key, 'key');
    return checked('UpgradeProfile', guildId, key, () => {
      const upgrade = codec.parseUpgrade(upgradeFields(row));
      return { value: upgrade, key: codec.upgradeKey(upgrade) };
    });
  };

  /** Inserts or replaces each row under its key, in order, in one transaction; who created a row is kept. */
  const upsertAll = async <Data extends object>(
    rows: readonly { key: string; data: Data }[],
    guildId: string,
    userId: string,
    upsert: (tx: ModelTableTx, args: UpsertArgs<Data>) => Promise<unknown>,
  ): Promise<void> => {
    if (rows.length === 0) return;
    const at = deps.now();
    await deps.transaction(async (tx) => {
      for (const { key, data } of rows) {
        await upsert(tx, {
          where: { guildId_key: { guildId, key } },
          create: { guildId, key, ...data, createdBy: userId, updatedBy: userId, createdAt: at, updatedAt: at },
          update: { ...data, updatedBy: userId, updatedAt: at },
        });
      }
    });
  };

  return {
    async modelTable(guildId) {
      const [models, upgrades] = await Promise.all([
        deps.select(sql`SELECT ${MODEL_COLUMNS} FROM "ModelProfile" WHERE "guildId" = ${guildId} ${byKey}`),
        deps.select(sql`SELECT ${UPGRADE_COLUMNS} FROM "UpgradeProfile" WHERE "guildId" = ${guildId} ${byKey}`),
      ]);
      return { models: models.map((row) => readModel(guildId, row)), upgrades: upgrades.map((row) => readUpgrade(guildId, row)) };
    },

    async saveModelProfiles(guildId, profiles, userId) {
      // Checked before writing, so a profile that would be refused when read is never stored.
      const rows = profiles.map((profile) => {
        const model = codec.parseModel(profile);
        return { key: codec.modelKey(model), data: modelColumns(model) };
      });
      await upsertAll(rows, guildId, userId, (tx, args) => tx.modelProfile.upsert(args));
    },

    async saveUpgradeProfiles(guildId, upgrades, userId) {
      const rows = upgrades.map((profile) => {
        const upgrade = codec.parseUpgrade(profile);
        return { key: codec.upgradeKey(upgrade), data: upgradeColumns(upgrade) };
      });
      await upsertAll(rows, guildId, userId, (tx, args) => tx.upgradeProfile.upsert(args));
    },

    async deleteModelProfile(guildId, key) {
      return (await deps.delete((client) => client.modelProfile.deleteMany({ where: { guildId, key } }))).count > 0;
    },

    async deleteUpgradeProfile(guildId, key) {
      return (await deps.delete((client) => client.upgradeProfile.deleteMany({ where: { guildId, key } }))).count > 0;
    },

    async searchModelProfiles(guildId, prefix, limit = MODEL_SEARCH_LIMIT) {
      const take = Math.min(Math.max(Math.floor(limit), 0), MODEL_SEARCH_LIMIT);
      if (take === 0) return [];
      const start = codec.searchKey(prefix);
      // substr and length count characters on both databases; [...text] counts code points as they do.
      const rows = await deps.select(
        sql`SELECT ${MODEL_COLUMNS} FROM "ModelProfile" WHERE "guildId" = ${guildId} AND substr("key", 1, ${[...start].length}) = ${start} ${byKey} LIMIT ${take}`,
      );
      return rows.map((row) => readModel(guildId, row));
    },
  };
}

/** Runs a row's check; whatever fails in it (a column of the wrong type, bad JSON, the codec) names the row. */
function checked<T>(table: string, guildId: string, key: string, read: () => { value: T; key: string }): T {
  let result: { value: T; key: string };
  try {
    result = read();
  } catch (error) {
    throw new Error(`${table} "${key}" of guild ${guildId} is corrupt in the database`, { cause: error });
  }
  if (result.key !== key) throw new Error(`${table} "${key}" of guild ${guildId} is stored under the wrong key (its profile's key is "${result.key}")`);
  return result.value;
}

function modelColumns(model: ModelProfileFields) {
  return {
    name: model.name,
    title: model.title,
    station: model.station,
    stationLimit: model.stationLimit,
    totemOf: model.totemOf,
    insignificant: model.insignificant,
    versatile: model.versatile,
    factions: JSON.stringify(model.factions),
    keywords: JSON.stringify(model.keywords),
    cost: model.cost,
    health: model.health,
    base: model.base,
    df: model.df,
    wp: model.wp,
    sz: model.sz,
    mv: model.mv,
    soulstoneUser: model.soulstoneUser,
  };
}

function upgradeColumns(upgrade: UpgradeProfileFields) {
  return {
    name: upgrade.name,
    cost: upgrade.cost,
    factions: JSON.stringify(upgrade.factions),
    plentiful: upgrade.plentiful,
    special: upgrade.special,
    restrictions: JSON.stringify(upgrade.restrictions),
  };
}

/** A row's cells as the profile's fields, for the codec to check (types are checked, values are not). */
function modelFields(row: Row): Record<keyof ModelProfileFields, unknown> {
  return {
    name: toText(row.name, 'name'),
    title: toNullableText(row.title, 'title'),
    station: toText(row.station, 'station'),
    stationLimit: toNullableInt(row.stationLimit, 'stationLimit'),
    totemOf: toNullableText(row.totemOf, 'totemOf'),
    insignificant: toStrictBoolean(row.insignificant, 'insignificant'),
    versatile: toStrictBoolean(row.versatile, 'versatile'),
    factions: JSON.parse(toText(row.factions, 'factions')),
    keywords: JSON.parse(toText(row.keywords, 'keywords')),
    cost: toNullableInt(row.cost, 'cost'),
    health: toInt(row.health, 'health'),
    base: toInt(row.base, 'base'),
    df: toInt(row.df, 'df'),
    wp: toInt(row.wp, 'wp'),
    sz: toInt(row.sz, 'sz'),
    mv: toInt(row.mv, 'mv'),
    soulstoneUser: row.soulstoneUser === null ? null : toStrictBoolean(row.soulstoneUser, 'soulstoneUser'),
  };
}

function upgradeFields(row: Row): Record<keyof UpgradeProfileFields, unknown> {
  return {
    name: toText(row.name, 'name'),
    cost: toInt(row.cost, 'cost'),
    factions: JSON.parse(toText(row.factions, 'factions')),
    plentiful: toNullableInt(row.plentiful, 'plentiful'),
    special: toStrictBoolean(row.special, 'special'),
    restrictions: JSON.parse(toText(row.restrictions, 'restrictions')),
  };
}

function toNullableInt(value: unknown, column: string): number | null {
  return value === null ? null : toInt(value, column);
}

/**
 * A boolean column, refusing anything but a boolean's forms (pg: a boolean; SQLite: 1 or 0), where
 * driver-sql's toBoolean reads any other value as false: SQLite lets a column hold anything.
 */
function toStrictBoolean(value: unknown, column: string): boolean {
  if (value === true || value === 1 || value === 1n) return true;
  if (value === false || value === 0 || value === 0n) return false;
  throw new TypeError(`Expected a boolean in column "${column}", got ${typeof value}: ${String(value)}`);
}
