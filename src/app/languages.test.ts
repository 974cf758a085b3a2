import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameStore } from '../store/contract.js';
import { openStore } from '../store/open.js';
import { CHOICE_TTL_MS, languageChoices } from './languages.js';

let dir: string;
let store: GameStore;
let reads = 0;
let writes = 0;
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
