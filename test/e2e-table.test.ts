/**
 * Referees, undo and endings that are fair — the real bot against the Discord double (signed HTTP
 * endpoint), on SQLite and on PostgreSQL:
 * - who referees: /game new's role (by default the server's), or nobody; a player who holds the role is a
 *   referee over the opponent only once the opponent accepts (the button is theirs alone);
 * - undo: a player's undo of the other's action (or of their own flip) is asked, and the other agrees or
 *   refuses; the request lapses once anything else happens; the channel says what was undone in words, and
 *   cards seen in it never come back on top of the deck;
 * - /game end: confirmed, a concession or an abandon, the other player told, taken back within the window
 *   and refused after it, the seed hidden until the end is final, the outcome a win/loss or none.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as engine from '../src/systems/malifaux-table/engine/index.js';
import { gameOutcome } from '../src/app/games.js';
import { END_WINDOW_MS } from '../src/discord/commands/gameEnd.js';
import type { DoubleMessage } from '../src/discord-double/index.js';
import { IDS, activeState, advance, componentsOf, findCards, findComponent, messageText, replayStored, startApp, type App, type Backend, type CommandResult, type Who } from './support/app.js';

describe.each(['sqlite', 'postgres'] as Backend[])('referees, undo and endings (%s)', (backend) => {
  let app: App;
  beforeAll(async () => {
    let games = 0;
    app = await startApp({ mode: 'http', backend, newSeed: () => createHash('sha256').update(`e2e-table-${backend}-${games++}`).digest('hex') });
  });
  afterAll(async () => {
    await app?.close();
  });

  const channel = (name: string) => app.double.channel(name).id;

  async function newGame(channelId: string, options: Record<string, string | boolean> = {}, creator: Who = 'alice', opponent: Who = 'bob'): Promise<CommandResult> {
    const created = await app.command(creator, 'game new', { opponent: IDS[opponent], system: 'm3e', ...options }, channelId);
    expect(created.ok, created.error).toBe(true);
    expect(created.reply?.ephemeral, created.reply?.content).toBe(false);
    return created;
  }

  function expectRefusal(result: CommandResult, who: Who, text: string | RegExp): void {
    expect(result.ok, result.error).toBe(true);
    expect(result.reply?.ephemeral, result.reply?.content).toBe(true);
    expect(result.reply!.visibleTo).toBe(IDS[who]);
    if (typeof text === 'string') expect(result.reply!.content).toContain(text);
    else expect(result.reply!.content).toMatch(text);
  }

  async function stateOf(channelId: string): Promise<engine.ActiveState> {
    return activeState(await app.state(channelId));
  }

  /** The game rows and log: what a refused action must leave alone. */
  async function gameRows() {
    const f = await app.fingerprint();
    return { games: f.games, eventCount: f.eventCount, lastSeq: f.lastSeq };
  }

  async function expectReplayMatches(channelId: string): Promise<void> {
    const game = (await app.game(channelId))!;
    expect(replayStored(await app.store.listEvents(game.id))).toEqual(engine.stateSchema.parse(game.snapshot));
  }

  /** Everything anyone could ever read: all channels, all DMs, ephemeral or not. */
  function everything(): string {
    return app.double.messages().map(messageText).join('\n');
  }

  /** Players read words: no event type name, no event count, no rule-engine vocabulary. */
  function expectWords(text: string): void {
    expect(text).not.toMatch(/\b(SoulstoneUsed|CardsFlipped|CardsDrawn|LogEntry\w*|SeenCardsKeptOut|EndRequested|GameEnded|DecisionOpened)\b/);
    expect(text).not.toMatch(/\d+ events?\b/);
  }

  function button(messages: DoubleMessage[], prefix: string): { message: DoubleMessage; customId: string } {
    const found = findComponent(messages, (id) => id.startsWith(prefix));
    if (!found) throw new Error(`no button ${prefix}… in ${messages.map((m) => m.content).join(' | ')}`);
    return found;
  }

  describe('who referees', () => {
    it('the server role referees by default; a player holding it is a referee only once the opponent accepts, with a button only the opponent can use', async () => {
      const ch = channel('table-1');
      const set = await app.command('rita', 'game referee-role', { role: IDS.refereeRole }, ch);
      // The confirmation names the role in words.
      expect(set.reply?.content).toContain('**Referee**');
      app.double.setUser(IDS.alice, { roles: [IDS.refereeRole] });
      try {
        const created = await newGame(ch);
        const gameId = (await app.game(ch))!.id;
        // Where the game starts, who referees it.
        expect(messageText(created.reply!)).toContain(`Members of <@&${IDS.refereeRole}>`);
        const offer = button(app.publicMessages(ch), `fk:ref:${gameId}:${IDS.alice}:yes`);
        expect(offer.message.content).toContain(`<@${IDS.bob}>, do you accept <@${IDS.alice}> as a referee`);

        // Until Bob accepts, Alice has no referee powers: another seat's pool, an undo of Bob's action alone.
        await app.command('bob', 'soulstones', { count: 2 }, ch);
        let before = await gameRows();
        expectRefusal(await app.command('alice', 'soulstones', { count: 5, player: IDS.bob }, ch), 'alice', 'You can only act for your own crew');
        const asked = await app.command('alice', 'game undo', undefined, ch);
        expect(asked.reply?.content).toContain('asks to undo');
        expect((await stateOf(ch)).seats[1].soulstones).toBe(2);
        // Only Bob can accept: not Alice herself, not an outsider.
        before = await gameRows();
        expectRefusal(await app.click('alice', offer.message.id, offer.customId), 'alice', 'Only Bob can accept this');
        expectRefusal(await app.click('carol', offer.message.id, offer.customId), 'carol', 'Only Bob can accept this');
        expect(await gameRows()).toEqual(before);

        const accepted = await app.click('bob', offer.message.id, offer.customId);
        expect(accepted.reply?.content).toContain(`<@${IDS.bob}> accepted <@${IDS.alice}> as a referee`);
        expect(componentsOf(accepted.reply!)).toEqual([]);
        // Now she referees: Bob's pool, and his action undone at once.
        expect((await app.command('alice', 'soulstones', { count: 5, player: IDS.bob }, ch)).reply?.ephemeral).toBe(false);
        expect((await stateOf(ch)).seats[1].soulstones).toBe(5);
        await app.command('bob', 'soulstones', { count: 3 }, ch);
        const undone = await app.command('alice', 'game undo', undefined, ch);
        expect(messageText(undone.reply!)).toContain('**Alice** (referee) undid: **Bob**’s soulstone pool set to 3.');
        expect((await stateOf(ch)).seats[1].soulstones).toBe(5);
        // The log says who accepted whom.
        const log = await app.command('carol', 'game log', undefined, ch);
        expect(messageText(log.reply!)).toContain(`<@${IDS.bob}> accepted <@${IDS.alice}> as a referee`);
        await expectReplayMatches(ch);
        await app.endGame('bob', ch);
      } finally {
        app.double.setUser(IDS.alice, { roles: [] });
        await app.command('rita', 'game referee-role', undefined, ch);
      }
    });

    it('a declined offer leaves the player a player; the creator is no referee; "no referee" and a role of one\'s own choice', async () => {
      const ch = channel('table-2');
      app.double.setUser(IDS.bob, { roles: [IDS.refereeRole] });
      try {
        // A role chosen at /game new, held by the opponent: Alice is asked about Bob.
        await newGame(ch, { referee_role: IDS.refereeRole });
        const gameId = (await app.game(ch))!.id;
        const offer = button(app.publicMessages(ch), `fk:ref:${gameId}:${IDS.bob}:no`);
        expectRefusal(await app.click('bob', offer.message.id, offer.customId), 'bob', 'Only Alice can accept this');
        // In the asker's language.
        app.double.setUser(IDS.bob, { locale: 'fr' });
        expectRefusal(await app.click('bob', offer.message.id, offer.customId), 'bob', 'Seul Alice peut accepter ceci. Rien n’a changé.');
        app.double.setUser(IDS.bob, { locale: 'en-US' });
        const declined = await app.click('alice', offer.message.id, offer.customId);
        expect(declined.reply?.content).toContain(`<@${IDS.alice}> declined: <@${IDS.bob}> plays this game as a player only`);
        expectRefusal(await app.command('bob', 'soulstones', { count: 5, player: IDS.alice }, ch), 'bob', 'You can only act for your own crew');
        // Alice created the game: that makes her no referee either.
        expectRefusal(await app.command('alice', 'soulstones', { count: 5, player: IDS.bob }, ch), 'alice', 'You can only act for your own crew');
        // Rita holds the role and no seat: she referees.
        expect((await app.command('rita', 'soulstones', { count: 4, player: IDS.alice }, ch)).reply?.ephemeral).toBe(false);
        await app.endGame('alice', ch);

        // Nobody referees: Rita, role or not, is an outsider.
        const created = await newGame(ch, { no_referee: true });
        expect(messageText(created.reply!)).toContain('Nobody');
        const nobodys = (await app.game(ch))!.id;
        expect(findComponent(app.publicMessages(ch), (id) => id.startsWith(`fk:ref:${nobodys}`))).toBeUndefined();
        expectRefusal(await app.command('rita', 'soulstones', { count: 4, player: IDS.alice }, ch), 'rita', 'You have no seat');
        await app.endGame('alice', ch);

        // Both at once is refused, in words, and nothing starts.
        const before = await gameRows();
        expectRefusal(await app.command('alice', 'game new', { opponent: IDS.bob, system: 'm3e', referee_role: IDS.refereeRole, no_referee: true }, ch), 'alice', 'Choose a referee role or no referee, not both');
        expect(await gameRows()).toEqual(before);
      } finally {
        app.double.setUser(IDS.bob, { roles: [], locale: 'en-US' });
      }
    });
  });

  describe('undo by agreement', () => {
    /** Alice deals damage to Bob, who spends a soulstone to prevent it; the table then waits for Alice. */
    async function bobPreventsDamage(ch: string): Promise<void> {
      await app.command('bob', 'soulstones', { count: 2 }, ch);
      await app.command('alice', 'damage', { profile: '2/3/4', target_soulstones: true }, ch);
      const stopped = await advance(app, { channelId: ch, policy: () => 'spend', until: (d) => d.kind !== 'prevent' });
      const state = await stateOf(ch);
      expect(state.seats[1].soulstones).toBe(1);
      expect(stopped === null || stopped.seat === 0).toBe(true);
    }

    it('Alice asks to undo Bob’s soulstone: only Bob answers; he refuses, then agrees — in words, with the cards seen kept out of the deck', async () => {
      const ch = channel('table-3');
      await newGame(ch, { no_referee: true });
      const gameId = (await app.game(ch))!.id;
      await bobPreventsDamage(ch);
      const flipped = (await app.events(gameId)).flatMap((e) => {
        const ev = (e.payload as { event: engine.GameEvent }).event;
        return ev.type === 'CardsFlipped' && ev.seat === 0 ? [ev.cards] : [];
      }).at(-1)!;

      // Alice's undo of Bob's action is asked of Bob, in words; nothing changes yet.
      let asked = await app.command('alice', 'game undo', undefined, ch);
      expect(asked.reply?.ephemeral).toBe(false);
      expect(asked.reply?.content).toContain('**Alice** asks to undo: **Bob**’s soulstone on the damage flip.');
      expect(asked.reply?.content).toContain(`<@${IDS.bob}>, do you agree?`);
      expectWords(messageText(asked.reply!));
      expect((await stateOf(ch)).seats[1].soulstones).toBe(1);
      const refuse = button([asked.reply!], `fk:undo:${gameId}:`);
      const refuseId = refuse.customId.replace(/:yes$/, ':no');
      let before = await gameRows();
      expectRefusal(await app.click('alice', asked.reply!.id, refuseId), 'alice', 'Only Bob can answer this undo request');
      expectRefusal(await app.click('carol', asked.reply!.id, refuseId), 'carol', 'Only Bob can answer this undo request');
      expect(await gameRows()).toEqual(before);
      const refused = await app.click('bob', asked.reply!.id, refuseId);
      expect(refused.reply?.content).toContain('**Bob** refused to undo: **Bob**’s soulstone on the damage flip. It stands.');
      expect((await stateOf(ch)).seats[1].soulstones).toBe(1);
      // The answered request keeps no buttons.
      expect(componentsOf(app.double.message(asked.reply!.id)!)).toEqual([]);

      // Asked again, agreed: undone, said in words, the prevent decision back, Bob's stone back.
      asked = await app.command('alice', 'game undo', undefined, ch);
      const agree = button([asked.reply!], `fk:undo:${gameId}:`);
      expect(agree.customId).toMatch(/:yes$/);
      const done = await app.click('bob', asked.reply!.id, agree.customId);
      const text = messageText(done.reply!);
      expect(text).toContain('**Alice** undid: **Bob**’s soulstone on the damage flip, with **Bob**’s agreement.');
      expectWords(text);
      const state = await stateOf(ch);
      expect(state.seats[1].soulstones).toBe(2);
      expect(engine.pendingDecision(state)).toMatchObject({ kind: 'prevent', seat: 1 });
      // The cards Alice's damage flip showed went to her discard, and the channel said so.
      expect(state.seats[0].discard).toEqual(expect.arrayContaining(flipped));
      expect(findCards(state.seats[0].deck.join(' '), flipped)).toEqual([]);
      expect(text).toContain('not back on the deck');
      // Flipped again: other cards.
      await advance(app, { channelId: ch, policy: () => 'decline', until: (d) => d.kind !== 'prevent' });
      const again = (await app.events(gameId)).flatMap((e) => {
        const ev = (e.payload as { event: engine.GameEvent }).event;
        return ev.type === 'CardsFlipped' && ev.seat === 0 ? [ev.cards] : [];
      }).at(-1)!;
      expect(again.filter((c) => flipped.includes(c))).toEqual([]);
      await expectReplayMatches(ch);
      await app.endGame('alice', ch);
      // Every shuffle, before and after the undo, still follows the seed.
      expect(messageText((await app.command('carol', 'game verify', undefined, ch)).reply!)).toMatch(/All \d+ shuffles match the seed/);
    });

    it('a request lapses once anything else happens; a player undoes alone only their own action that showed no card', async () => {
      const ch = channel('table-4');
      await newGame(ch, { no_referee: true });
      const gameId = (await app.game(ch))!.id;
      await app.command('bob', 'soulstones', { count: 3 }, ch);
      const asked = await app.command('alice', 'game undo', undefined, ch);
      const agree = button([asked.reply!], `fk:undo:${gameId}:`);
      // Something else happens: the request lapses, for everyone, and nothing is undone.
      await app.command('alice', 'soulstones', { count: 1 }, ch);
      const before = await gameRows();
      expectRefusal(await app.click('bob', asked.reply!.id, agree.customId), 'bob', 'This undo request has lapsed: something else happened since it was asked');
      expect(await gameRows()).toEqual(before);
      expect(app.double.message(asked.reply!.id)?.content).toContain('This undo request lapsed');
      expect(componentsOf(app.double.message(asked.reply!.id)!)).toEqual([]);

      // Alice's own action that showed nothing: hers to undo, at once.
      const own = await app.command('alice', 'game undo', undefined, ch);
      expect(own.reply?.content ?? messageText(own.reply!)).not.toContain('asks to undo');
      expect(messageText(own.reply!)).toContain('**Alice** undid: **Alice**’s soulstone pool set to 1.');
      expect((await stateOf(ch)).seats[0].soulstones).toBe(0);

      // Her own flip showed cards: undoing it alone would be a free second try, so Bob is asked.
      await app.command('alice', 'flip', { modifier: 0, cheatable: false }, ch);
      const flipAsk = await app.command('alice', 'game undo', undefined, ch);
      expect(flipAsk.reply?.content).toContain('**Alice** asks to undo: **Alice**’s flip.');
      await app.endGame('bob', ch);
    });
  });

  describe('ending', () => {
    it('/game end asks to confirm; a concession waits, paused and with the seed secret, is taken back within the window and refused after it', async () => {
      const ch = channel('table-5');
      await newGame(ch, { no_referee: true });
      const gameId = (await app.game(ch))!.id;
      const seed = app.seeds.at(-1)!;
      await app.command('alice', 'draw', { count: 2 }, ch);

      // The confirmation: ephemeral, says what each choice means, changes nothing.
      let before = await gameRows();
      const asked = await app.command('alice', 'game end', undefined, ch);
      expect(asked.reply?.ephemeral).toBe(true);
      expect(asked.reply?.content).toContain('**Concede**: you lose, Bob wins');
      expect(asked.reply?.content).toContain('**Abandon**: the game ends without a result');
      expect(asked.reply?.content).toContain('for 10 minutes');
      expect(await gameRows()).toEqual(before);
      const keep = await app.click('alice', asked.reply!.id, `fk:end:${gameId}:keep`);
      expect(keep.reply?.content).toContain('Nothing was changed');
      expect(await gameRows()).toEqual(before);

      // Conceded: the other player is told, with the way back; the game waits, its seed still secret.
      const again = await app.command('alice', 'game end', undefined, ch);
      const conceded = await app.click('alice', again.reply!.id, `fk:end:${gameId}:concede`);
      expect(conceded.reply?.content).toContain('It can be taken back until <t:');
      const notice = app.publicMessages(ch).at(-1)!;
      expect(notice.content).toContain(`<@${IDS.bob}>: you can take it back`);
      expect(messageText(notice)).toContain('**Alice** concedes. The game ends for good at <t:');
      const takeBack = button([notice], `fk:endback:${gameId}`);
      expect((await app.game(ch))!.status).toBe('active');
      expect(everything()).not.toContain(seed);
      expectRefusal(await app.command('carol', 'game verify', undefined, ch), 'carol', 'The seed stays secret until the game ends');
      expect(messageText((await app.command('bob', 'game log', undefined, ch)).reply!)).not.toContain(seed);
      // Paused: nothing else is played.
      before = await gameRows();
      expectRefusal(await app.command('bob', 'draw', { count: 1 }, ch), 'bob', 'The game is ending');
      expectRefusal(await app.command('bob', 'game undo', undefined, ch), 'bob', 'The game is ending');
      expectRefusal(await app.click('carol', notice.id, takeBack.customId), 'carol', 'You have no seat');
      expect(await gameRows()).toEqual(before);

      // Taken back by Bob within the window: play goes on where it stood.
      app.passTime(END_WINDOW_MS - 60_000);
      const back = await app.click('bob', notice.id, takeBack.customId);
      expect(back.reply?.content).toContain('The end was taken back');
      expect(messageText(app.publicMessages(ch).at(-1)!)).toContain(`<@${IDS.bob}> took the end back: play goes on`);
      expect((await stateOf(ch)).ending).toBeUndefined();
      expect((await app.command('bob', 'draw', { count: 1 }, ch)).reply?.ephemeral).toBe(false);

      // Conceded again; the window passes; a late take-back is refused, and the end is final now.
      const third = await app.command('alice', 'game end', undefined, ch);
      await app.click('alice', third.reply!.id, `fk:end:${gameId}:concede`);
      const secondNotice = app.publicMessages(ch).at(-1)!;
      app.passTime(END_WINDOW_MS);
      expect(everything()).not.toContain(seed);
      const late = await app.click('bob', secondNotice.id, button([secondNotice], `fk:endback:${gameId}`).customId);
      expectRefusal(late, 'bob', 'The take-back window has closed');
      expect((await app.game(ch))!.status).toBe('ended');
      const over = messageText(app.publicMessages(ch).at(-1)!);
      expect(over).toContain('**Alice** conceded, **Bob** wins');
      expect(over).toContain(seed);
      const outcome = await gameOutcome(app.bot.services, gameId);
      expect(outcome).toMatchObject({ ok: true, outcome: { finished: true, how: 'conceded', seats: [{ userId: IDS.alice, result: 'loss' }, { userId: IDS.bob, result: 'win' }] } });
      // Verifiable now, every shuffle.
      expect(messageText((await app.command('carol', 'game verify', undefined, ch)).reply!)).toContain('shuffles match the seed');
    });

    it('an abandon gives no result, made final by whoever looks next; a new game in the channel finalizes a due end; a referee closes at once', async () => {
      const ch = channel('table-6');
      await newGame(ch, { no_referee: true });
      const gameId = (await app.game(ch))!.id;
      const seed = app.seeds.at(-1)!;
      const asked = await app.command('bob', 'game end', undefined, ch);
      await app.click('bob', asked.reply!.id, `fk:end:${gameId}:abandon`);
      expect(messageText(app.publicMessages(ch).at(-1)!)).toContain('**Bob** asked to end the game without a result');
      app.passTime(END_WINDOW_MS);
      // Nobody has looked yet: still secret.
      expect(everything()).not.toContain(seed);
      // Carol, an outsider, reads the log: the end is final first, and the channel is told.
      const log = await app.command('carol', 'game log', undefined, ch);
      expect(log.reply?.ephemeral).toBe(true);
      expect((await app.game(ch))!.status).toBe('ended');
      expect(messageText(app.publicMessages(ch).at(-1)!)).toContain(seed);
      expect(await gameOutcome(app.bot.services, gameId)).toMatchObject({ ok: true, outcome: { finished: true, how: 'abandoned', seats: [{ result: null }, { result: null }] } });

      // A due end does not block the channel: /game new makes it final, then starts.
      await newGame(ch, { no_referee: true });
      const second = (await app.game(ch))!.id;
      const end = await app.command('alice', 'game end', undefined, ch);
      await app.click('alice', end.reply!.id, `fk:end:${second}:concede`);
      app.passTime(END_WINDOW_MS);
      await newGame(ch);
      expect((await app.store.getGame(second))!.status).toBe('ended');
      expect(await gameOutcome(app.bot.services, second)).toMatchObject({ ok: true, outcome: { how: 'conceded', seats: [{ result: 'loss' }, { result: 'win' }] } });

      // A referee with no seat closes a game at once, without a result (the server's role referees it).
      await app.endGame('alice', ch);
      await app.command('rita', 'game referee-role', { role: IDS.refereeRole }, ch);
      try {
        await newGame(ch);
        const third = (await app.game(ch))!.id;
        const close = await app.command('rita', 'game end', undefined, ch);
        expect(close.reply?.content).toContain('Close the game without a result?');
        expect(componentsOf(close.reply!).map((c) => c.custom_id)).toEqual([`fk:end:${third}:close`, `fk:end:${third}:keep`]);
        await app.click('rita', close.reply!.id, `fk:end:${third}:close`);
        expect((await app.store.getGame(third))!.status).toBe('ended');
        expect(await gameOutcome(app.bot.services, third)).toMatchObject({ ok: true, outcome: { how: 'abandoned' } });
        // A player is never offered the referee's "close": their end always waits for its window.
        await newGame(ch);
        const fourth = (await app.game(ch))!.id;
        const offered = await app.command('alice', 'game end', undefined, ch);
        expect(componentsOf(offered.reply!).map((c) => c.custom_id)).toEqual([`fk:end:${fourth}:concede`, `fk:end:${fourth}:abandon`, `fk:end:${fourth}:keep`]);
        await app.endGame('alice', ch);
      } finally {
        await app.command('rita', 'game referee-role', undefined, ch);
      }
    });
  });
});
