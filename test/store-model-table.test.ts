/**
 * A server's model table (ModelTableStore, src/store/model-table.ts) against real databases: a temporary
 * SQLite file and a fresh PostgreSQL database (test/support/postgres.ts), through the Malifaux system's
 * own codec (its zod schemas and keys), as the bot will use it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameStore, ModelTableStore } from '../src/store/contract.js';
import { openStore } from '../src/store/open.js';
import { inkwellTable, profile, upgrade } from '../src/systems/malifaux-game/crews/fixtures.js';
import type { ModelProfile, UpgradeProfile } from '../src/systems/malifaux-game/crews/model.js';
import { modelTableCodec } from '../src/systems/malifaux-game/crews/table-codec.js';
import { postgresBackend, sqliteBackend, type TestBackend as Backend } from './support/databases.js';

const GUILD = 'guild-1';
const OTHER_GUILD = 'guild-2';

describe.each([{ make: () => sqliteBackend('model-table') }, { make: postgresBackend }])('ModelTableStore', ({ make }) => {
  let backend: Backend;
  let store: GameStore;
  let tables: ModelTableStore<ModelProfile, UpgradeProfile>;
  /** A guild of its own per test, so the tests do not see each other's profiles. */
  let guildCount = 0;
  const freshGuild = () => `guild-${++guildCount}-${Date.now()}`;

  beforeAll(async () => {
    backend = await make();
    store = await openStore(backend.url);
    tables = store.modelTables(modelTableCodec);
  });

  afterAll(async () => {
    await store?.close();
    await backend?.cleanup();
  });

  it('round trip: every field of every model and upgrade profile comes back as saved, in key order', async () => {
    const guild = freshGuild();
    await tables.saveModelProfiles(guild, inkwellTable.models, 'user-1');
    await tables.saveUpgradeProfiles(guild, inkwellTable.upgrades, 'user-1');

    const table = await tables.modelTable(guild);

    // Keys written by hand from the fixture's names (nameKey: lower case, the title's comma a space).
    expect(table.models.slice(0, 4).map((m) => [m.name, m.title])).toEqual([
      ['Ada Quill', null],
      ['Ada Quill', 'Unbound'],
      ['Blotter', null],
      ['Dock Rat', null],
    ]);
    const byName = (a: { name: string; title?: string | null }) => `${a.name}, ${a.title ?? ''}`;
    expect([...table.models].sort((a, b) => byName(a).localeCompare(byName(b)))).toEqual([...inkwellTable.models].sort((a, b) => byName(a).localeCompare(byName(b))));
    expect(table.models).toHaveLength(inkwellTable.models.length);
    // Every nullable and boolean column, both ways: a null title, a limit, a totem, a dash cost, both soulstone overrides.
    expect(table.models.find((m) => m.name === 'Blotter')).toEqual(inkwellTable.models.find((m) => m.name === 'Blotter'));
    expect(table.models.find((m) => m.name === 'Ink Sprite')?.stationLimit).toBe(3);
    expect(table.models.find((m) => m.name === 'Gargoyle Clerk')?.insignificant).toBe(true);
    expect(table.models.filter((m) => m.soulstoneUser !== null).map((m) => [m.name, m.soulstoneUser])).toEqual([
      ['Lucky Imp', true],
      ['Silent Scribe', false],
    ]);
    expect(table.models.find((m) => m.name === 'Ink Smuggler')?.keywords).toEqual(['Inkwell', 'Smugglers']);
    expect(table.upgrades).toHaveLength(inkwellTable.upgrades.length);
    expect(table.upgrades.find((u) => u.name === 'Masterwork Pen')).toEqual(inkwellTable.upgrades.find((u) => u.name === 'Masterwork Pen'));
    expect(table.upgrades.map((u) => u.name)).toEqual(['Blotting Paper', 'Guild Badge', 'Leader Sash', 'Masterwork Pen', 'Sharp Nib', 'Spare Ink', 'Summoned Form']);
  });

  it('upsert overwrites: a profile saved again under its key replaces the old one (the later of two in one save wins), and who created it is kept', async () => {
    const guild = freshGuild();
    await tables.saveModelProfiles(guild, [profile({ name: 'Blotter', station: 'Minion', factions: ['arcanists'], cost: 3 })], 'user-1');
    // "BLOTTER" has the key "blotter" too: one card, entered again with another cost.
    await tables.saveModelProfiles(
      guild,
      [profile({ name: 'BLOTTER', station: 'Minion', factions: ['arcanists'], cost: 4 }), profile({ name: 'blotter', station: 'Minion', factions: ['arcanists', 'outcasts'], cost: 5 })],
      'user-2',
    );

    const { models } = await tables.modelTable(guild);
    expect(models.map((m) => [m.name, m.cost, m.factions])).toEqual([['blotter', 5, ['arcanists', 'outcasts']]]);
    expect(await backend.sql(`SELECT "key", "createdBy", "updatedBy" FROM "ModelProfile" WHERE "guildId" = $1`, [guild])).toEqual([{ key: 'blotter', createdBy: 'user-1', updatedBy: 'user-2' }]);

    await tables.saveUpgradeProfiles(guild, [upgrade({ name: 'Sharp Nib', factions: ['arcanists'], cost: 2 })], 'user-1');
    await tables.saveUpgradeProfiles(guild, [upgrade({ name: 'sharp nib', factions: ['arcanists'], cost: 1, plentiful: 2 })], 'user-3');
    expect((await tables.modelTable(guild)).upgrades.map((u) => [u.name, u.cost, u.plentiful])).toEqual([['sharp nib', 1, 2]]);
    expect(await backend.sql(`SELECT "key", "createdBy", "updatedBy" FROM "UpgradeProfile" WHERE "guildId" = $1`, [guild])).toEqual([{ key: 'sharp nib', createdBy: 'user-1', updatedBy: 'user-3' }]);
  });

  it('per-guild isolation: two servers keep their own profile under one key, and a delete touches one server only', async () => {
    const a = freshGuild();
    const b = freshGuild();
    await tables.saveModelProfiles(a, [profile({ name: 'Page', station: 'Minion', factions: ['arcanists'], cost: 5 })], 'user-1');
    await tables.saveModelProfiles(b, [profile({ name: 'Page', station: 'Minion', factions: ['guild'], cost: 6 })], 'user-9');
    await tables.saveUpgradeProfiles(a, [upgrade({ name: 'Spare Ink', factions: ['arcanists'] })], 'user-1');

    expect((await tables.modelTable(a)).models.map((m) => [m.factions, m.cost])).toEqual([[['arcanists'], 5]]);
    expect((await tables.modelTable(b)).models.map((m) => [m.factions, m.cost])).toEqual([[['guild'], 6]]);
    expect((await tables.modelTable(b)).upgrades).toEqual([]);
    expect(await tables.modelTable(freshGuild())).toEqual({ models: [], upgrades: [] });

    expect(await tables.deleteModelProfile(a, 'page')).toBe(true);
    expect(await tables.deleteModelProfile(a, 'page')).toBe(false);
    expect((await tables.modelTable(a)).models).toEqual([]);
    expect((await tables.modelTable(b)).models.map((m) => m.cost)).toEqual([6]);
    expect(await tables.deleteUpgradeProfile(b, 'spare ink')).toBe(false);
    expect(await tables.deleteUpgradeProfile(a, 'spare ink')).toBe(true);
    expect((await tables.modelTable(a)).upgrades).toEqual([]);
  });

  it('search: by the key of the typed prefix (case, accents and punctuation do not count), in key order, this server only, at most 25', async () => {
    const guild = freshGuild();
    const sprites = Array.from({ length: 30 }, (_, i) => profile({ name: `Ink Sprite ${String(i + 1).padStart(2, '0')}`, station: 'Minion', factions: ['arcanists'] }));
    await tables.saveModelProfiles(guild, [...sprites, ...inkwellTable.models], 'user-1');
    await tables.saveModelProfiles(OTHER_GUILD, [profile({ name: 'Ada Lovelace', station: 'Master', factions: ['arcanists'], cost: null })], 'user-2');

    const names = async (prefix: string, limit?: number) => (await tables.searchModelProfiles(guild, prefix, limit)).map((m) => (m.title === null ? m.name : `${m.name}, ${m.title}`));

    expect(await names('ADA')).toEqual(['Ada Quill', 'Ada Quill, Unbound']);
    expect(await names('àda quill, un')).toEqual(['Ada Quill, Unbound']);
    expect(await names("Ink  Sprite 0", 3)).toEqual(['Ink Sprite 01', 'Ink Sprite 02', 'Ink Sprite 03']);
    // "ink s" also starts the key of "Ink Smuggler" ("ink smuggler" < "ink sprite …" in key order).
    expect(await names('ink s', 2)).toEqual(['Ink Smuggler', 'Ink Sprite']);
    // 30 numbered sprites, the fixture's "Ink Sprite", "Ink Smuggler": 32 match, Discord takes 25.
    expect(await names('ink', 100)).toHaveLength(25);
    expect(await names('ink')).toHaveLength(25);
    expect(await names('ink sprite 3')).toEqual(['Ink Sprite 30']);
    expect(await names('ink', 0)).toEqual([]);
    expect(await names('zz')).toEqual([]);
    expect(await names('Lovelace')).toEqual([]);
    expect(await names('ada l')).toEqual([]);
    expect((await tables.searchModelProfiles(OTHER_GUILD, 'ada')).map((m) => m.name)).toEqual(['Ada Lovelace']);
  });

  describe('a corrupt row is refused, never handed out', () => {
    const tamper = async (guild: string, table: 'ModelProfile' | 'UpgradeProfile', set: string, value: unknown) => {
      await backend.sql(`UPDATE "${table}" SET ${set} = $1 WHERE "guildId" = $2`, [value, guild]);
    };
    const savedGuild = async () => {
      const guild = freshGuild();
      await tables.saveModelProfiles(guild, [profile({ name: 'Press Golem', station: 'Enforcer', factions: ['arcanists'], cost: 8 })], 'user-1');
      await tables.saveUpgradeProfiles(guild, [upgrade({ name: 'Masterwork Pen', factions: ['arcanists'], restrictions: [{ kind: 'leader' }] })], 'user-1');
      return guild;
    };

    it('a station the schema does not know', async () => {
      const guild = await savedGuild();
      await tamper(guild, 'ModelProfile', '"station"', 'Wizard');
      await expect(tables.modelTable(guild)).rejects.toThrow(`ModelProfile "press golem" of guild ${guild} is corrupt in the database`);
      await expect(tables.searchModelProfiles(guild, 'press')).rejects.toThrow('corrupt');
    });

    it('a list column that is not JSON, and one that is JSON of the wrong shape', async () => {
      const guild = await savedGuild();
      await tamper(guild, 'ModelProfile', '"keywords"', '[Inkwell');
      await expect(tables.modelTable(guild)).rejects.toThrow('ModelProfile "press golem"');
      await tamper(guild, 'ModelProfile', '"keywords"', '[]');
      await tamper(guild, 'ModelProfile', '"factions"', '["wizards"]');
      await expect(tables.modelTable(guild)).rejects.toThrow('ModelProfile "press golem"');
    });

    it('a stat out of range', async () => {
      const guild = await savedGuild();
      await tamper(guild, 'ModelProfile', '"df"', 16);
      await expect(tables.modelTable(guild)).rejects.toThrow('ModelProfile "press golem"');
    });

    it("a row stored under a key that is not its profile's key", async () => {
      const guild = await savedGuild();
      await tamper(guild, 'ModelProfile', '"key"', 'golem');
      await expect(tables.modelTable(guild)).rejects.toThrow(`ModelProfile "golem" of guild ${guild} is stored under the wrong key (its profile's key is "press golem")`);
    });

    it("an upgrade's restriction of an unknown kind", async () => {
      const guild = await savedGuild();
      await tamper(guild, 'UpgradeProfile', '"restrictions"', '[{"kind":"anything"}]');
      await expect(tables.modelTable(guild)).rejects.toThrow(`UpgradeProfile "masterwork pen" of guild ${guild} is corrupt in the database`);
    });

    it('a profile that is not valid is not saved: the whole save is refused before anything is written', async () => {
      const guild = freshGuild();
      const good = profile({ name: 'Quill Knight', station: 'Enforcer', factions: ['arcanists'], cost: 7 });
      const bad = { ...good, name: 'Broken', health: 0 } as ModelProfile;
      await expect(tables.saveModelProfiles(guild, [good, bad], 'user-1')).rejects.toThrow();
      expect(await tables.modelTable(guild)).toEqual({ models: [], upgrades: [] });
    });
  });
});
