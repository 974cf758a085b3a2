/**
 * The channel speaks the server's language, whoever causes a message; each person's own messages (DMs,
 * ephemeral replies, refusals) speak theirs. End to end: the real bot over signed HTTP against the local
 * Discord double, on a real SQLite file.
 *
 * Bob reads French (his Discord client and his /settings choice), Alice English, in a server whose
 * Discord language is English. Every decision is answered by clicking in a DM, which carries no
 * guild_locale: the messages those clicks post or edit in the channel must still be the server's.
 * The test reads the words of every version of every message (as posted, and as each edit left it), not
 * how many messages there are.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as engine from '../src/systems/malifaux-table/engine/index.js';
import { cardValue } from '../src/systems/malifaux-table/engine/cards.js';
import type { DoubleMessage } from '../src/discord-double/index.js';
import type { Locale } from '../src/i18n/index.js';
import { IDS, advance, startApp, type App, type Policy } from './support/app.js';
import { readAs } from './support/language.js';

let app: App;
beforeAll(async () => {
  app = await startApp({ mode: 'http', backend: 'sqlite' }); // the server's Discord language: en-US
});
afterAll(async () => {
  await app?.close();
});

/** Every version of every bot message, as posted and after each edit, from now on. */
function recorder() {
  const seen: { how: 'posted' | 'edited'; message: DoubleMessage }[] = [];
  const posted = (message: DoubleMessage) => seen.push({ how: 'posted', message });
  const edited = (message: DoubleMessage) => seen.push({ how: 'edited', message });
  app.double.events.on('message', posted);
  app.double.events.on('update', edited);
  return {
    /** Public bot messages of a channel (not ephemeral replies, not the client's own notices). */
    channel: (channelId: string) => seen.filter(({ message: m }) => m.channelId === channelId && m.author.bot && !m.ephemeral && !m.notice),
    dm: (who: 'alice' | 'bob') => seen.filter(({ message: m }) => m.channelId === app.double.dmChannelId(IDS[who]) && m.author.bot),
    stop() {
      app.double.events.off('message', posted);
      app.double.events.off('update', edited);
    },
  };
}

/** Each message in `locale` only: no word of the other language, and some word of its own. */
function expectAllIn(locale: Locale, versions: { how: string; message: DoubleMessage }[], what: string): void {
  expect(versions.length, `${what}: some messages`).toBeGreaterThan(0);
  for (const { how, message } of versions) {
    const verdict = readAs(locale, message);
    expect(verdict.foreign, `${what}, ${how}: ${verdict.text}`).toEqual([]);
    expect(verdict.own.length, `${what}, ${how}, says something in ${locale}: ${verdict.text}`).toBeGreaterThan(0);
  }
}

/** Every decision answered as a player would, counting who clicked. */
const clicks = { alice: 0, bob: 0 };
const policy: Policy = (state, d) => {
  clicks[d.seat === 0 ? 'alice' : 'bob']++;
  switch (d.kind) {
    case 'soulstone':
      return d.legal.includes('plus') ? 'plus' : 'none';
    case 'pick':
      return [...d.legal].sort((a, b) => cardValue(b) - cardValue(a))[0]!;
    case 'cheat':
      return d.seat === 0 ? [...d.legal].sort((a, b) => cardValue(b) - cardValue(a))[0]! : engine.DECLINE;
    case 'trigger':
      return d.legal[0] ?? engine.NO_TRIGGER;
    case 'yield':
      return 'fight';
    case 'redJokerSuit':
      return d.legal[0]!;
    case 'prevent':
    case 'reduce':
      return 'decline';
    case 'discardDown':
    case 'triggerCost':
      return d.legal.slice(0, d.count);
  }
  void state;
  throw new Error('unreachable');
};

// Trigger names in neither language's messages, so they never count as words of one.
const DUEL = { attack: 6, defense: 5, attacker_soulstones: true, defender_soulstones: true, attacker_triggers: 'Zorg:M; Quux:TT', defender_triggers: 'Blix:C', damage: '2/3/4' };

async function duel(who: 'alice' | 'bob'): Promise<void> {
  const started = await app.command(who, 'duel opposed', DUEL);
  expect(started.ok, started.error).toBe(true);
  expect(await advance(app, { policy })).toBeNull();
  expect(engine.pendingDecision((await app.state())!)).toBeNull();
}

const guildLanguage = async () => app.store.getGuildSettings(app.double.fixtures.guild.id);

describe('the language of the channel and of each reader', () => {
  it('the channel reads the server’s language whoever clicks, each DM its reader’s; a server manager can change the channel’s', async () => {
    app.double.setUser(IDS.bob, { locale: 'fr' });
    expect((await app.command('bob', 'settings', { language: 'fr' })).reply?.ephemeral).toBe(true);

    // --- an English server: a French and an English player play through decisions, both clicking in DMs
    let seen = recorder();
    expect((await app.command('alice', 'game new', { opponent: IDS.bob, system: 'm3e' })).ok).toBe(true);
    for (const who of ['alice', 'bob'] as const) {
      expect((await app.command(who, 'soulstones', { count: 2 })).ok).toBe(true);
      expect((await app.command(who, 'draw', { count: 4 })).ok).toBe(true);
    }
    await duel('bob'); // a French player's slash command, then clicks by both
    seen.stop();
    expect(clicks.alice).toBeGreaterThan(0);
    expect(clicks.bob).toBeGreaterThan(0);
    expectAllIn('en', seen.channel(IDS.channel), 'the English server’s channel');
    expect(seen.channel(IDS.channel).some(({ how }) => how === 'edited'), 'a channel message edited by a click').toBe(true);
    expectAllIn('fr', seen.dm('bob'), 'Bob’s DMs');
    expectAllIn('en', seen.dm('alice'), 'Alice’s DMs');
    expect(await guildLanguage()).toMatchObject({ locale: null, discordLocale: 'en' });

    // --- the language is a server manager's to choose: Bob is refused, in his own language, and nothing changes
    const refused = await app.command('bob', 'game server-language', { language: 'fr' });
    expect(refused.reply?.ephemeral).toBe(true);
    expect(refused.reply?.content).toContain('Seuls les gestionnaires du serveur');
    expect((await guildLanguage()).locale).toBeNull();
    // Rita owns the server: her answer is in her own language, the channel's is French from now on.
    const chosen = await app.command('rita', 'game server-language', { language: 'fr' });
    expect(chosen.reply?.ephemeral).toBe(true);
    expect(chosen.reply?.content).toContain('now in French');
    expect((await guildLanguage()).locale).toBe('fr');

    // --- the channel turns French, whoever plays; each DM stays its reader's
    clicks.alice = clicks.bob = 0;
    seen = recorder();
    await duel('alice'); // an English player's slash command this time
    seen.stop();
    expect(clicks.alice + clicks.bob).toBeGreaterThan(1);
    expectAllIn('fr', seen.channel(IDS.channel), 'the channel once the server chose French');
    expectAllIn('fr', seen.dm('bob'), 'Bob’s DMs');
    expectAllIn('en', seen.dm('alice'), 'Alice’s DMs');

    // --- back to the server's Discord language, which Discord then says is French: the clicks from DMs
    // (which carry no guild_locale) follow it too, as remembered from the server's last interaction.
    expect((await app.command('rita', 'game server-language', { language: 'discord' })).reply?.content).toContain('Discord language');
    app.double.setGuild({ preferredLocale: 'fr' });
    try {
      seen = recorder();
      expect((await app.command('alice', 'draw', { count: 1 })).ok).toBe(true);
      await duel('alice');
      seen.stop();
      expectAllIn('fr', seen.channel(IDS.channel), 'the channel of a server whose Discord language is French');
      expectAllIn('en', seen.dm('alice'), 'Alice’s DMs');
      expect(await guildLanguage()).toMatchObject({ locale: null, discordLocale: 'fr' });
    } finally {
      app.double.setGuild({ preferredLocale: 'en-US' });
      app.double.setUser(IDS.bob, { locale: 'en-US' });
    }
  });
});
