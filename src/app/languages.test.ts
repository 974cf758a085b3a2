import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameStore } from '../store/contract.js';
import { openStore } from '../store/open.js';
import { CHOICE_TTL_MS, languageChoices, serverLanguage } from './languages.js';

let dir: string;
let store: GameStore;
let reads = 0;
let writes = 0;
let guildReads = 0;
let guildWrites = 0;
let counted: GameStore;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'fatekeeper-languages-'));
  store = await openStore(`file:${path.join(dir, 'languages.db')}`);
  counted = Object.assign(Object.create(store) as GameStore, {
    getUserSettings: (userId: string) => {
      reads++;
      return store.getUserSettings(userId);
    },
    rememberClientLocale: (userId: string, locale: string) => {
      writes++;
      return store.rememberClientLocale(userId, locale);
    },
    getGuildSettings: (guildId: string) => {
      guildReads++;
      return store.getGuildSettings(guildId);
    },
    rememberGuildLocale: (guildId: string, locale: string) => {
      guildWrites++;
      return store.rememberGuildLocale(guildId, locale);
    },
  });
});
afterAll(async () => {
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('languageChoices', () => {
  it('reads a choice from the database once, then again only after CHOICE_TTL_MS', async () => {
    let clock = 1_000;
    const choices = languageChoices(counted, () => clock);
    await store.saveUserSettings({ userId: 'fr-user', locale: 'fr', directMessages: true });
    reads = 0;
    expect(await choices.chosenBy('fr-user')).toBe('fr');
    expect(await choices.chosenBy('fr-user')).toBe('fr');
    expect(reads).toBe(1);

    // Another instance changes it: seen once the entry is older than the TTL.
    await store.saveUserSettings({ userId: 'fr-user', locale: 'en', directMessages: true });
    clock += CHOICE_TTL_MS - 1;
    expect(await choices.chosenBy('fr-user')).toBe('fr');
    clock += 2;
    expect(await choices.chosenBy('fr-user')).toBe('en');
    expect(reads).toBe(2);
  });

  it('knows what this process saved at once, and treats no choice (or an unknown value) as none', async () => {
    const choices = languageChoices(counted, () => 0);
    expect(await choices.chosenBy('newcomer')).toBeNull();
    choices.remember('newcomer', 'fr');
    reads = 0;
    expect(await choices.chosenBy('newcomer')).toBe('fr');
    choices.remember('newcomer', null);
    expect(await choices.chosenBy('newcomer')).toBeNull();
    choices.remember('newcomer', 'de');
    expect(await choices.chosenBy('newcomer')).toBeNull();
    expect(reads).toBe(0);
  });

  it('writes a client language once, and again only when it changes', async () => {
    const choices = languageChoices(counted);
    writes = 0;
    await choices.rememberClient('traveller', 'fr');
    await choices.rememberClient('traveller', 'fr');
    expect(writes).toBe(1);
    expect((await store.getUserSettings('traveller')).clientLocale).toBe('fr');
    await choices.rememberClient('traveller', 'en');
    expect(writes).toBe(2);
    expect((await store.getUserSettings('traveller')).clientLocale).toBe('en');
  });
});

describe('a server’s language (public messages)', () => {
  it('is its managers’ choice, else its Discord language as the interaction says, else as remembered, else English: never a player’s', () => {
    expect(serverLanguage({ chosen: 'fr', discord: 'en' }, 'en')).toBe('fr');
    expect(serverLanguage({ chosen: null, discord: 'en' }, 'fr')).toBe('fr');
    expect(serverLanguage({ chosen: null, discord: 'fr' }, null)).toBe('fr');
    expect(serverLanguage({ chosen: null, discord: null }, null)).toBe('en');
  });

  it('reads a server’s languages once per CHOICE_TTL_MS, knows what this process chose at once, writes its Discord language once per change', async () => {
    let clock = 5_000;
    const choices = languageChoices(counted, () => clock);
    guildReads = 0;
    guildWrites = 0;
    expect(await choices.ofServer('guild-1')).toEqual({ chosen: null, discord: null });
    expect(await choices.ofServer('guild-1')).toEqual({ chosen: null, discord: null });
    expect(guildReads).toBe(1);

    await choices.rememberServerDiscord('guild-1', 'fr');
    await choices.rememberServerDiscord('guild-1', 'fr');
    expect(guildWrites).toBe(1);
    expect(await choices.ofServer('guild-1')).toEqual({ chosen: null, discord: 'fr' });

    await store.saveGuildSettings({ guildId: 'guild-1', locale: 'en' });
    choices.rememberServerChoice('guild-1', 'en');
    expect(await choices.ofServer('guild-1')).toEqual({ chosen: 'en', discord: 'fr' });
    expect(guildReads).toBe(1);

    // Another instance changes the choice: seen once the entry is older than the TTL.
    await store.saveGuildSettings({ guildId: 'guild-1', locale: null });
    clock += CHOICE_TTL_MS + 1;
    expect(await choices.ofServer('guild-1')).toEqual({ chosen: null, discord: 'fr' });
    expect(guildReads).toBe(2);
    expect(await store.getGuildSettings('guild-1')).toMatchObject({ locale: null, discordLocale: 'fr' });
  });
});
