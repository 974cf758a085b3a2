/**
 * /game status and /help, end to end: the real bot against the local Discord double (signed HTTP), on
 * SQLite. /game status answers the asker alone: the public state, and their own hand when they play —
 * never in a public message, never to anyone else. /help walks through a first duel and hints from the
 * channel's game (an empty hand, an empty soulstone pool, a decision waiting for the asker), in English
 * and in French.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as engine from '../src/systems/malifaux-table/engine/index.js';
import { translator } from '../src/i18n/index.js';
import { card as glyph, cardName } from '../src/systems/malifaux-table/present/cards.js';
import { IDS, componentsOf, messageText, startApp, type App, type CommandResult, type Who } from './support/app.js';

let app: App;
const en = translator('en');
const fr = translator('fr');
const channel = (name: string) => app.double.channel(name).id;

beforeAll(async () => {
  app = await startApp({ mode: 'http', backend: 'sqlite' });
});
afterAll(async () => {
  await app?.close();
});

/** A command that must be answered to the asker alone: its ephemeral reply, as they see it. */
async function privately(who: Who, name: string, table: string, options: Record<string, string | number | boolean> = {}): Promise<{ reply: NonNullable<CommandResult['reply']>; text: string }> {
  const result = await app.command(who, name, options, table);
  expect(result.ok, result.error).toBe(true);
  const reply = result.reply!;
  expect(reply.ephemeral, messageText(reply)).toBe(true);
  expect(reply.visibleTo).toBe(IDS[who]);
  return { reply, text: messageText(reply) };
}

async function ok(who: Who, name: string, table: string, options: Record<string, string | number | boolean> = {}): Promise<CommandResult> {
  const result = await app.command(who, name, options, table);
  expect(result.ok && !result.reply?.ephemeral, `${name}: ${result.error ?? result.reply?.content}`).toBe(true);
  return result;
}

async function stateOf(table: string): Promise<engine.ActiveState> {
  const state = await app.state(table);
  if (!state || state.status !== 'active') throw new Error('no active game');
  return state;
}

/** Bob flips until he must decide whether to cheat (his hand then holds a card he could use). */
async function bobMustCheat(table: string): Promise<engine.PendingDecision> {
  for (let attempt = 0; attempt < 6; attempt++) {
    await ok('bob', 'flip', table, { modifier: 0 });
    const decision = engine.pendingDecision(await stateOf(table));
    if (decision?.kind === 'cheat') return decision;
  }
  throw new Error('six flips without a cheat decision');
}

/**
 * Every way a card of a hand could be printed ("4 of Rams", "4 de Béliers", "4🐏"), as patterns that do not
 * take the 3 of Masks for a piece of the 13 of Masks.
 */
const spellings = (cards: readonly engine.CardCode[]) =>
  cards.flatMap((c) => [cardName(en, c), cardName(fr, c), glyph(c)]).map((s) => new RegExp(`(?<!\\d)${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'u'));

describe('/game status', () => {
  let table = '';
  let aliceHand: engine.CardCode[] = [];

  beforeAll(async () => {
    table = channel('table-3');
    const started = await ok('alice', 'game new', table, { opponent: IDS.bob, system: 'm3e' });
    // Games start with empty pools: the start message says how to set them.
    expect(messageText(started.reply!)).toContain(en('game.started.soulstones'));
    await ok('alice', 'soulstones', table, { count: 3 });
    await ok('alice', 'draw', table, { count: 4 });
    await ok('bob', 'draw', table, { count: 3 });
    aliceHand = (await stateOf(table)).seats[0].hand;
    expect(aliceHand).toHaveLength(4);
  });

  it('by a player: the public state, and her own hand in her reply alone — in no public message', async () => {
    const publicBefore = app.publicMessages(table).length;
    const { reply, text } = await privately('alice', 'game status', table);
    // Her hand, card by card, in her own reply.
    for (const c of aliceHand) expect(text).toContain(cardName(en, c));
    expect(reply.embeds[1]?.title).toBe(en('hand.title', { count: 4 }));
    // The public part: pools and counts of both seats, the options in force, whose move.
    expect(text).toContain(en('status.seat', { soulstones: 3, hand: 4, deck: 50, discard: 0 }));
    expect(text).toContain(en('status.seat', { soulstones: 0, hand: 3, deck: 51, discard: 0 }));
    expect(text).toContain(en('status.handLimit', { limit: 6 }));
    expect(text).toContain(en('status.idle'));
    // Nothing was posted for everyone, and no public message (nor Bob's or Carol's view) names her cards.
    expect(app.publicMessages(table).length).toBe(publicBefore);
    // (Bob's DMs hold his own hand, from his own deck: the same cards may be there, rightly.)
    const everyoneElse = [...app.publicMessages(table), ...app.visibleTo('bob', table), ...app.visibleTo('carol', table)].map(messageText).join('\n');
    for (const spelled of spellings(aliceHand)) expect(everyoneElse).not.toMatch(spelled);
    expect(app.visibleTo('bob', table).some((m) => m.id === reply.id)).toBe(false);
    // A player of a running game gets the button to her private view.
    expect(componentsOf(reply).map((c) => c.custom_id)).toContain(`fk:hand:${(await stateOf(table)).gameId}`);
  });

  it('by a spectator: the public state and no hand at all', async () => {
    const { reply, text } = await privately('carol', 'game status', table);
    expect(reply.content).toBe(en('status.spectator'));
    expect(reply.embeds).toHaveLength(1);
    expect(text).toContain(en('status.seat', { soulstones: 3, hand: 4, deck: 50, discard: 0 }));
    for (const spelled of spellings([...aliceHand, ...(await stateOf(table)).seats[1].hand])) expect(text).not.toMatch(spelled);
    expect(componentsOf(reply)).toEqual([]);
  });

  it('says whose decision it is and since when (the log entry that opened it), and tells the decider', async () => {
    const decision = await bobMustCheat(table);
    const before = Date.now();
    const opened = (await app.events((await app.game(table))!.id)).filter((e) => e.type === 'DecisionOpened').at(-1)!;
    const { text } = await privately('alice', 'game status', table);
    const match = /\(asked <t:(\d+):R>, log entry #(\d+)\)/.exec(text);
    expect(match, text).not.toBeNull();
    expect(text).toContain(`Waiting for <@${IDS.bob}>: ${en(`decision.${decision.kind}`)}`);
    expect(Number(match![2])).toBe(opened.seq);
    expect(Number(match![1])).toBe(Math.floor(opened.at.getTime() / 1000));
    expect(Number(match![1]) * 1000).toBeLessThanOrEqual(before);
    // Alice's reply shows her hand, not Bob's: the cards he could cheat with stay his. (Each player has a
    // deck of his own: a card of the same name in Alice's hand is hers to see.)
    const bobOnly = (await stateOf(table)).seats[1].hand.filter((c) => !aliceHand.includes(c));
    for (const spelled of spellings(bobOnly)) expect(text).not.toMatch(spelled);
    const bob = await privately('bob', 'game status', table);
    expect(bob.text).toContain(en('status.yourDecision', { decision: en('decision.cheat') }));
    for (const c of (await stateOf(table)).seats[1].hand) expect(bob.text).toContain(cardName(en, c));
  });

  it('in French for a French client', async () => {
    app.double.setUser(IDS.carol, { locale: 'fr' });
    try {
      const { text } = await privately('carol', 'game status', table);
      expect(text).toContain(fr('status.spectator'));
      expect(text).toContain(fr('status.options'));
      expect(text).toMatch(/On attend <@\d+> : Tromper le Destin ou non \(demandé <t:\d+:R>, entrée #\d+ du journal\)/);
    } finally {
      app.double.setUser(IDS.carol, { locale: 'en-US' });
    }
  });

  it('with no game ever in the channel: says so, privately', async () => {
    const { text } = await privately('alice', 'game status', channel('table-9'));
    expect(text).toContain(en('error.NO_GAME_EVER'));
  });
});

describe('/help', () => {
  it('with no game: a first duel step by step, and how to start one', async () => {
    const { reply, text } = await privately('carol', 'help', channel('table-4'));
    expect(reply.embeds[0]?.title).toBe(en('help.title'));
    for (const step of [en('help.start'), en('guide.soulstones'), en('guide.draw'), en('guide.duel'), en('guide.decide'), en('help.undo'), en('help.end')]) expect(text).toContain(step);
    expect(text).toContain(en('help.noGame'));
    // In play order, numbered.
    const description = reply.embeds[0]!.description!;
    expect(description.indexOf('/game new')).toBeLessThan(description.indexOf('/soulstones'));
    expect(description.indexOf('/soulstones')).toBeLessThan(description.indexOf('/draw'));
    expect(description.indexOf('/draw')).toBeLessThan(description.indexOf('/duel opposed'));
    expect(description.indexOf('/duel opposed')).toBeLessThan(description.indexOf('/game undo'));
    expect(description.indexOf('/game undo')).toBeLessThan(description.indexOf('/game verify'));
    expect(description).toMatch(/^1\. /);
  });

  it('in a new game: an empty hand suggests /draw, an empty pool /soulstones; they go once done', async () => {
    const table = channel('table-5');
    await ok('alice', 'game new', table, { opponent: IDS.bob, system: 'm3e' });
    let help = await privately('alice', 'help', table);
    expect(help.text).toContain(en('hint.emptyHand'));
    expect(help.text).toContain(en('hint.noSoulstones'));
    expect(help.text).not.toContain(en('help.noGame'));

    await ok('alice', 'draw', table, { count: 2 });
    help = await privately('alice', 'help', table);
    expect(help.text).not.toContain(en('hint.emptyHand'));
    expect(help.text).toContain(en('hint.noSoulstones'));

    await ok('alice', 'soulstones', table, { count: 2 });
    help = await privately('alice', 'help', table);
    expect(help.text).not.toContain(en('hint.noSoulstones'));
    expect(help.text).toContain(en('hint.ready', { name: `<@${IDS.bob}>` }));
    // Bob's own hints are his: his hand and pool are still empty.
    const bob = await privately('bob', 'help', table);
    expect(bob.text).toContain(en('hint.emptyHand'));
    expect(bob.text).toContain(en('hint.noSoulstones'));
    // Carol holds no seat.
    expect((await privately('carol', 'help', table)).text).toContain(en('hint.spectator'));
  });

  it('a decision waiting for the asker says where to answer it; the other player learns whom the table waits for', async () => {
    const table = channel('table-6');
    await ok('alice', 'game new', table, { opponent: IDS.bob, system: 'm3e' });
    await ok('bob', 'draw', table, { count: 3 });
    await bobMustCheat(table);
    expect((await privately('bob', 'help', table)).text).toContain(en('hint.yourDecision', { decision: en('decision.cheat') }));
    expect((await privately('alice', 'help', table)).text).toContain(en('hint.waitingFor', { name: `<@${IDS.bob}>`, decision: en('decision.cheat') }));
    // Once the game is over, what is left to do with it.
    await app.endGame('alice', table);
    const after = await privately('bob', 'help', table);
    expect(after.text).toContain(en('hint.ended'));
    expect(after.text).not.toContain(en('hint.yourDecision', { decision: en('decision.cheat') }));
  });

  it('in French: the walkthrough names the French commands, and the hints are French', async () => {
    const table = channel('table-7');
    await ok('alice', 'game new', table, { opponent: IDS.bob, system: 'm3e' });
    app.double.setUser(IDS.bob, { locale: 'fr' });
    try {
      const { reply, text } = await privately('bob', 'help', table);
      expect(reply.embeds[0]?.title).toBe(fr('help.title'));
      for (const step of [fr('help.start'), fr('guide.soulstones'), fr('guide.draw'), fr('guide.duel'), fr('help.undo'), fr('help.end')]) expect(text).toContain(step);
      expect(text).toContain('/partie nouvelle');
      expect(text).toContain('/duel oppose');
      expect(text).toContain(fr('hint.emptyHand'));
      expect(text).toContain(fr('hint.noSoulstones'));
      expect(text).not.toContain(en('hint.emptyHand'));
    } finally {
      app.double.setUser(IDS.bob, { locale: 'en-US' });
    }
  });
});
