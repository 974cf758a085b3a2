/**
 * The language the bot speaks to one user. Their /settings choice wins over their Discord client's
 * language for everything only they see (ephemeral replies, refusals, DMs).
 *
 * The language of a DM sent because someone else acted. Discord tells a user's client language only on
 * that user's own interactions, so the bot remembers it from their last action that changed a game
 * (UserSetting.clientLocale) and uses it when no /settings choice says otherwise. End to end: the real bot
 * over signed HTTP against the local Discord double, on a real SQLite file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../src/i18n/index.js';
import * as engine from '../src/systems/malifaux-table/engine/index.js';
import { IDS, latestDecisionMessage, locateChoice, messageText, startApp, type App } from './support/app.js';

let app: App;
beforeAll(async () => {
  // The server speaks English (en-US). Every game gets the engine's golden seed: Bob's first flip is then
  // the 5 of Masks, never a Red Joker whose suit would open a decision of its own after his soulstone.
  app = await startApp({ mode: 'http', backend: 'sqlite', newSeed: () => '0123456789abcdef'.repeat(4) });
});
afterAll(async () => {
  await app?.close();
});

const fr = translator('fr');
const en = translator('en');
const channel = (name: string) => app.double.channel(name).id;
const lastDmTitle = (who: 'bob') => app.dms(who).at(-1)?.embeds?.[0]?.title;

describe('DM language of the other player', () => {
  it('is the language of their Discord client once they have acted, and their /settings choice above it', async () => {
    const table = channel('table-3');
    app.double.setUser(IDS.bob, { locale: 'fr' });
    try {
      // Rita (the server's referee role, no seat) referees the game.
      await app.command('rita', 'game referee-role', { role: IDS.refereeRole }, table);
      expect((await app.command('alice', 'game new', { opponent: IDS.bob, system: 'm3e' }, table)).ok).toBe(true);

      // A refused command changes nothing, not even what the bot remembers of Bob.
      await app.command('bob', 'discard', { cards: '13R' }, table);
      await app.settle();
      expect((await app.store.getUserSettings(IDS.bob)).clientLocale).toBeNull();

      // The referee undoes nothing yet; first Bob acts, in French.
      expect((await app.command('bob', 'draw', { count: 2 }, table)).ok).toBe(true);
      await app.settle();
      expect(lastDmTitle('bob')).toBe(fr('hand.title', { count: 2 }));
      expect((await app.store.getUserSettings(IDS.bob)).clientLocale).toBe('fr');

      // Now the referee acts, from an English client: Bob's hand comes back to him by DM, still in French.
      expect((await app.command('rita', 'game undo', {}, table)).ok).toBe(true);
      await app.settle();
      expect(lastDmTitle('bob')).toBe(fr('hand.title', { count: 0 }));

      // An explicit choice wins over the client language.
      expect((await app.command('bob', 'settings', { language: 'en' }, table)).ok).toBe(true);
      expect((await app.command('alice', 'draw', { count: 1 }, table)).ok).toBe(true);
      expect((await app.command('rita', 'game undo', {}, table)).ok).toBe(true);
      await app.settle();
      expect(lastDmTitle('bob')).toBe(en('hand.title', { count: 0 }));
      // What is remembered stays his client's language, not his choice.
      expect((await app.command('bob', 'draw', { count: 1 }, table)).ok).toBe(true);
      await app.settle();
      expect(await app.store.getUserSettings(IDS.bob)).toMatchObject({ locale: 'en', clientLocale: 'fr' });
    } finally {
      app.double.setUser(IDS.bob, { locale: 'en-US' });
      await app.command('rita', 'game referee-role', undefined, table);
    }
  });
});

describe('what only the asker sees', () => {
  it('follows their /settings language over their Discord client, from the next interaction on', async () => {
    const table = channel('table-4');
    expect((await app.command('alice', 'game new', { opponent: IDS.bob, system: 'm3e' }, table)).ok).toBe(true);
    const handTitle = async () => (await app.command('bob', 'hand', {}, table)).reply;
    const before = await handTitle();
    expect(before?.ephemeral).toBe(true);
    expect(before?.embeds?.[0]?.title).toBe(en('hand.title', { count: 0 }));

    expect((await app.command('bob', 'settings', { language: 'fr' }, table)).ok).toBe(true);
    expect((await handTitle())?.embeds?.[0]?.title).toBe(fr('hand.title', { count: 0 }));
    // A refusal too (Bob cannot discard what he does not hold).
    const refused = await app.command('bob', 'discard', { cards: '13R' }, table);
    expect(refused.reply?.ephemeral).toBe(true);
    expect(refused.reply?.content).toContain('n’est pas dans votre main');
    // Public messages stay in the server's language.
    expect((await app.command('bob', 'draw', { count: 1 }, table)).reply?.ephemeral).toBe(false);
    expect(messageText(app.lastPublic(table)!)).not.toContain('pioche');

    expect((await app.command('bob', 'settings', { language: 'en' }, table)).ok).toBe(true);
    expect((await handTitle())?.embeds?.[0]?.title).toBe(en('hand.title', { count: 1 }));
  });
});

describe('a decision answered by DM', () => {
  it('is told in the duel\'s channel message in the server\'s language, whatever the language of the player who clicked', async () => {
    const table = channel('table-5');
    expect((await app.command('alice', 'game new', { opponent: IDS.bob, system: 'm3e' }, table)).ok).toBe(true);
    const gameId = (await app.game(table))!.id;
    expect((await app.command('bob', 'settings', { language: 'fr' }, table)).ok).toBe(true);
    try {
      expect((await app.command('bob', 'soulstones', { count: 1 }, table)).ok).toBe(true);
      expect((await app.command('bob', 'duel simple', { stat: 5, tn: 10, soulstones: true }, table)).ok).toBe(true);
      const decision = engine.pendingDecision((await app.state(table))!)!;
      expect(decision).toMatchObject({ kind: 'soulstone', seat: 1 });
      // The channel says whom it waits for; the buttons are in Bob's DM, in his language.
      const waiting = app.lastPublic(table)!;
      expect(waiting.content).toContain(en('prompt.privateHint'));
      const dm = latestDecisionMessage(app.dms('bob'), gameId)!;
      expect(dm.content).toContain(fr('prompt.yourTurn', { decision: fr('decision.soulstone') }));
      const button = locateChoice(dm, decision, 'none')!;
      const clicked = await app.click('bob', button.message.id, button.customId);
      expect(clicked.ok).toBe(true);
      // Bob's own DM says it in French; the duel's one channel message, edited, in English.
      expect(clicked.reply!.content).toContain(fr('prompt.answered', { name: 'Bob', decision: fr('decision.soulstone') }));
      await app.settle();
      const told = app.publicMessages(table).find((m) => m.id === waiting.id)!;
      expect(app.lastPublic(table)!.id).toBe(waiting.id);
      expect(told.content).not.toContain(en('prompt.privateHint'));
      expect(told.embeds[0]?.description).toContain(en('event.soulstoneDeclined', { name: '**Bob**' }));
    } finally {
      await app.command('bob', 'settings', { language: 'en' }, table);
    }
  });
});

