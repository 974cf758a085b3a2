/**
 * /encounter through the real bot and the Discord double (SETUP-2..4): it needs no game, its flips follow
 * from the seed it shows, its share code brings the same encounter back, and bad input is refused in the
 * asker's language with nothing created.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encounterFromSeed, schemeById, strategyById, deploymentById } from '../src/systems/malifaux-game/engine/index.js';
import { translator, type MessageKey } from '../src/i18n/index.js';
import { namedSuits } from '../src/systems/malifaux-table/present/cards.js';
import { IDS, messageText, startApp, type App } from './support/app.js';

let app: App;
const en = translator('en');
const fr = translator('fr');
const named = (id: string) => en(`encounter.name.${id}` as MessageKey);

beforeAll(async () => {
  app = await startApp({ mode: 'http', backend: 'sqlite' });
});
afterAll(async () => {
  await app?.close();
});

describe('/encounter', () => {
  let code = '';
  let shown: { strategy: string; deployment: string; schemes: string } | null = null;

  it('SETUP-2, SETUP-3, SETUP-4: flips a Gaining Grounds 3 encounter in public, from a seed it shows, so the flips can be checked', async () => {
    const ch = app.double.channel('table-1').id;
    const flipped = await app.command('alice', 'encounter', { opponent: IDS.bob }, ch);
    expect(flipped.ok, flipped.error).toBe(true);
    const reply = flipped.reply!;
    expect(reply.ephemeral).toBe(false);
    const embed = reply.embeds[0]!;
    expect(embed.title).toBe('🗺️ Encounter — Gaining Grounds 3');
    // The seed in the footer decides every flip: replaying it gives exactly what was shown.
    const seed = /Seed ([0-9a-f]{64})/.exec(embed.footer!.text)![1]!;
    const record = encounterFromSeed({ pack: 'gg3' }, seed);
    if (!record.ok) throw new Error(record.error.code);
    const { encounter, attacker } = record.value;
    const field = (name: string) => embed.fields!.find((f) => f.name === name)!.value;
    expect(field('Strategy')).toBe(`${named(encounter.strategy)} — ${namedSuits(en, [strategyById(encounter.strategy)!.suit])}`);
    expect(field('Deployment')).toBe(`${named(encounter.deployment)} — ${namedSuits(en, [deploymentById(encounter.deployment)!.suit])}`);
    expect(field('Scheme pool')).toBe(encounter.schemes.map((id) => `${schemeById(id)!.number}. ${named(id)}`).join('\n'));
    expect(embed.description).toContain(`**<@${[IDS.alice, IDS.bob][attacker]}>** is the Attacker`);
    expect(encounter.schemes).toHaveLength(5);
    code = /Share code \*\*([0-9A-Z]{6})\*\*/.exec(reply.content)![1]!;
    shown = { strategy: field('Strategy'), deployment: field('Deployment'), schemes: field('Scheme pool') };
    // No game was started in the channel.
    expect(await app.game(ch)).toBeNull();
  });

  it('the share code shows the same encounter again, anywhere, and says the players still flip for Attacker', async () => {
    const again = await app.command('bob', 'encounter', { code: code.toLowerCase() }, app.double.channel('table-2').id);
    expect(again.ok, again.error).toBe(true);
    const embed = again.reply!.embeds[0]!;
    expect(embed.title).toBe(`🗺️ Encounter ${code} — Gaining Grounds 3`);
    const field = (name: string) => embed.fields!.find((f) => f.name === name)!.value;
    expect({ strategy: field('Strategy'), deployment: field('Deployment'), schemes: field('Scheme pool') }).toEqual(shown);
    expect(embed.description).toBe(en('encounter.fixedNote'));
  });

  it('core rules on request: a core strategy and core schemes', async () => {
    const flipped = await app.command('alice', 'encounter', { pack: 'core' }, app.double.channel('table-1').id);
    const text = messageText(flipped.reply!);
    expect(text).toContain('Encounter — Core rules');
    expect(text).toMatch(/Turf War|Plant Explosives|Corrupted Idols|Reckoning/);
    // Without an opponent the second seat is "Second player".
    expect(text).toContain('Second player: ');
  });

  it('refuses a code with a wrong character, a code with a pack, and oneself as opponent — in the asker’s language, nothing created', async () => {
    const ch = app.double.channel('table-3').id;
    const typo = `${code.slice(0, 5)}${code[5] === '0' ? '1' : '0'}`;
    const refused = await app.command('alice', 'encounter', { code: typo }, ch);
    expect(refused.reply?.ephemeral).toBe(true);
    expect(refused.reply?.content).toContain('That is not an encounter share code (a character is wrong: check the code). Nothing was changed.');
    const both = await app.command('alice', 'encounter', { code, pack: 'core' }, ch);
    expect(both.reply?.content).toContain(en('error.ENCOUNTER_BOTH'));
    const self = await app.command('alice', 'encounter', { opponent: IDS.alice }, ch);
    expect(self.reply?.content).toContain(en('error.ENCOUNTER_SELF'));
    app.double.setUser(IDS.alice, { locale: 'fr' });
    try {
      const french = await app.command('alice', 'encounter', { code: 'ABC' }, ch);
      expect(french.reply?.content).toContain(fr('error.ENCOUNTER_CODE_INVALID', { problem: 'length' }));
      expect(french.reply?.content).toContain('un code a 6 caractères');
    } finally {
      app.double.setUser(IDS.alice, { locale: 'en-US' });
    }
    expect(await app.game(ch)).toBeNull();
  });
});

describe('encounter names', () => {
  it('every strategy, deployment and scheme of both packs has its name in English and in French', async () => {
    const { STRATEGIES, DEPLOYMENTS, SCHEMES } = await import('../src/systems/malifaux-game/engine/index.js');
    for (const item of [...STRATEGIES, ...DEPLOYMENTS, ...SCHEMES]) {
      expect(en(`encounter.name.${item.id}` as MessageKey), item.id).toBe(item.name.replace("'", '’'));
      expect(fr(`encounter.name.${item.id}` as MessageKey), item.id).not.toMatch(/^encounter\./);
    }
  });
});
