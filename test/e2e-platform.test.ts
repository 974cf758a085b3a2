/**
 * The platform through the signed HTTP endpoint, end to end: the real bot against the local Discord
 * double (which signs every interaction like Discord), with a real SQLite file. Games, seats, flips and
 * reshuffles, hands by DM or by the ephemeral "My hand" button, stale buttons, ending, undo, the audit log,
 * verification, seed secrecy and replay determinism.
 *
 * Each test uses its own channel (one active game per channel) on one shared bot.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as engine from '../src/systems/malifaux-table/engine/index.js';
import {
  IDS,
  activeState,
  advance,
  allowedMentionUsers,
  componentsOf,
  effectiveLog,
  findCards,
  flipUntil,
  latestDecisionMessage,
  locateChoice,
  messageText,
  replayStored,
  startApp,
  type App,
  type CommandResult,
  type Who,
} from './support/app.js';

let app: App;
beforeAll(async () => {
  // Seeds from a fixed sequence: every run deals the same cards, so a failure replays exactly.
  let games = 0;
  app = await startApp({ mode: 'http', backend: 'sqlite', newSeed: () => createHash('sha256').update(`e2e-platform-${games++}`).digest('hex') });
});
afterAll(async () => {
  await app?.close();
});

const channel = (name: string) => app.double.channel(name).id;

async function newGame(channelId: string, creator: Who = 'alice', opponent: Who = 'bob'): Promise<string> {
  const created = await app.command(creator, 'game new', { opponent: IDS[opponent], system: 'm3e' }, channelId);
  expect(created.ok, created.error).toBe(true);
  expect(created.reply?.ephemeral, messageText(created.reply!)).toBe(false);
  return (await app.game(channelId))!.id;
}

/** The rows a refused action must leave alone: the games (snapshot, version, status) and the event log. */
async function gameRows() {
  const f = await app.fingerprint();
  return { games: f.games, eventCount: f.eventCount, lastSeq: f.lastSeq };
}

function expectRefusal(result: CommandResult, who: Who, text: string | RegExp): void {
  expect(result.ok, result.error).toBe(true);
  expect(result.reply, 'a reply').toBeDefined();
  expect(result.reply!.ephemeral).toBe(true);
  expect(result.reply!.visibleTo).toBe(IDS[who]);
  if (typeof text === 'string') expect(result.reply!.content).toContain(text);
  else expect(result.reply!.content).toMatch(text);
}

async function stateOf(channelId: string): Promise<engine.ActiveState> {
  return activeState(await app.state(channelId));
}

/** Every card of a seat, wherever it is: always the 54 of its Fate Deck. */
function total(state: engine.ActiveState, seat: engine.Seat): number {
  const s = state.seats[seat];
  return s.deck.length + s.hand.length + s.discard.length + s.conflict.length + s.removed.length;
}

/** Snapshot = replay of the stored events (undo markers applied), for the channel's game. */
async function expectReplayMatches(channelId: string): Promise<void> {
  const game = (await app.game(channelId))!;
  expect(replayStored(await app.store.listEvents(game.id))).toEqual(engine.stateSchema.parse(game.snapshot));
}

/** Every text anyone could ever read: all channels, all DMs, ephemeral or not, and attachment bytes. */
function everything(): string {
  return app.double
    .messages()
    .map((m) => messageText(m) + m.attachments.map((a) => app.double.attachmentData(a.id)?.toString('utf8') ?? '').join('\n'))
    .join('\n');
}

/** Clicks the first choice of the pending public decision (a pick among tied cards, say) on `channelId`. */
/** Answers whatever the table waits for with the first choice offered, clicking what the bot DMed the decider. */
async function answerDecisions(channelId: string): Promise<void> {
  await advance(app, {
    channelId,
    policy: (_s, d) => (d.kind === 'discardDown' || d.kind === 'triggerCost' ? d.legal.slice(0, d.count) : engine.decisionChoices(d)[0]!),
  });
}

/**
 * A flip of fate 0 by a player holding cards asks them whether to cheat — unless the Black Joker comes up
 * (CHEAT-3b), which the game's random seed may deal: then flip again.
 */
async function flipUntilCheat(who: Who, channelId: string): Promise<CommandResult> {
  return flipUntil(app, who, { modifier: 0 }, channelId, async (flipped) => {
    expect(flipped.reply?.ephemeral, flipped.reply?.content).toBe(false);
    return engine.pendingDecision(await stateOf(channelId))?.kind === 'cheat' ? flipped : undefined;
  }, { what: 'a cheat decision' });
}

describe('games and seats', () => {
  it('/game new seats two players, pings the opponent, and a second game in the channel is refused', async () => {
    const ch = channel('table-1');
    const created = await app.command('alice', 'game new', { opponent: IDS.bob, system: 'm3e' }, ch);
    expect(created.ok, created.error).toBe(true);
    const reply = created.reply!;
    expect(reply.ephemeral).toBe(false);
    expect(reply.content).toContain(`<@${IDS.bob}>`);
    expect(allowedMentionUsers(app.double, reply)).toEqual([IDS.bob]);
    // The seat summary: both players, no stones, empty hands, full 54-card decks.
    const fields = reply.embeds[0]!.fields!;
    expect(fields.slice(0, 2).map((f) => [f.name, f.value])).toEqual([
      ['Alice', '💎 0 · ✋ 0 · 🂠 54 · 🗑️ 0'],
      ['Bob', '💎 0 · ✋ 0 · 🂠 54 · 🗑️ 0'],
    ]);

    const game = (await app.game(ch))!;
    expect(game).toMatchObject({ status: 'active', version: 1, createdBy: IDS.alice, channelId: ch });
    const state = await stateOf(ch);
    expect(state.gameId).toBe(game.id);
    expect(state.seats.map((s) => [s.userId, s.name, s.deck.length, s.hand.length])).toEqual([
      [IDS.alice, 'Alice', 54, 0],
      [IDS.bob, 'Bob', 54, 0],
    ]);
    expect(new Set(state.seats[0].deck).size).toBe(54);
    expect(effectiveLog(await app.events(game.id)).map((e) => e.type)).toEqual(['GameStarted', 'DeckShuffled', 'DeckShuffled']);

    // A second game here: refused with the reason, nothing written.
    const before = await gameRows();
    expectRefusal(await app.command('bob', 'game new', { opponent: IDS.alice, system: 'm3e' }, ch), 'bob', 'already has a game in progress');
    expectRefusal(await app.command('carol', 'game new', { opponent: IDS.rita, system: 'm3e' }, ch), 'carol', 'already has a game in progress');
    expect(await gameRows()).toEqual(before);
    // Nor against oneself.
    expectRefusal(await app.command('carol', 'game new', { opponent: IDS.carol, system: 'm3e' }, channel('table-8')), 'carol', 'cannot play against yourself');
    expect(await app.game(channel('table-8'))).toBeNull();
  });

  it('/game new with house options: a hand maximum (LOC-5) and soulstone Prevent and Reduce on one damage (AMB-14), said at the start', async () => {
    const ch = channel('table-10');
    const created = await app.command('alice', 'game new', { opponent: IDS.bob, system: 'm3e', hand_limit: 3, prevent_and_reduce: true }, ch);
    expect(created.ok, created.error).toBe(true);
    const options = created.reply!.embeds[0]!.fields!.find((f) => f.name === 'House options');
    expect(options?.value).toBe(
      'Hand maximum: 3 cards (the rulebook says 6).\nOne damage may take both a soulstone Prevent and a Reduce (the rulebook reading allows only one).',
    );
    expect((await stateOf(ch)).options).toEqual({ handLimit: 3, preventAndReduce: true });
    // The Start Phase draw fills the hand to 3; one more card asks Alice to discard one.
    await app.command('alice', 'draw', undefined, ch);
    expect((await stateOf(ch)).seats[0].hand).toHaveLength(3);
    await app.command('alice', 'draw', { count: 1 }, ch);
    expect(engine.pendingDecision(await stateOf(ch))).toMatchObject({ kind: 'discardDown', seat: 0, count: 1 });
    await advance(app, { channelId: ch, policy: (_s, d) => (d.kind === 'discardDown' ? d.legal.slice(0, 1) : 'decline') });
    // Bob prevents with one stone, and is still offered the Reduce with another.
    await app.command('bob', 'soulstones', { count: 2 }, ch);
    await app.command('alice', 'damage', { profile: '2/3/4', target_soulstones: true }, ch);
    const policy = (_s: engine.ActiveState, d: engine.PendingDecision) => (d.kind === 'prevent' ? 'spend' : d.kind === 'pick' || d.kind === 'redJokerSuit' ? d.legal[0]! : 'decline');
    const reduce = await advance(app, { channelId: ch, policy, until: (d) => d.kind === 'reduce' });
    expect(reduce).toMatchObject({ kind: 'reduce', seat: 1 });
    expect((await stateOf(ch)).seats[1].soulstones).toBe(1);
    await expectReplayMatches(ch);
    await app.endGame('alice', ch);
  });

  it('refuses everything from someone without a seat, and changes nothing', async () => {
    const ch = channel('table-1');
    await app.command('alice', 'draw', { count: 2 }, ch);
    const before = await gameRows();
    const noSeat = 'You have no seat in this channel’s game';
    expectRefusal(await app.command('carol', 'flip', { modifier: 1 }, ch), 'carol', noSeat);
    expectRefusal(await app.command('carol', 'draw', { count: 3 }, ch), 'carol', noSeat);
    expectRefusal(await app.command('carol', 'soulstones', { count: 5 }, ch), 'carol', noSeat);
    expectRefusal(await app.command('carol', 'discard', { cards: '4R' }, ch), 'carol', noSeat);
    expectRefusal(await app.command('carol', 'duel simple', { stat: 5, tn: 10 }, ch), 'carol', noSeat);
    expectRefusal(await app.command('carol', 'game end', undefined, ch), 'carol', noSeat);
    expectRefusal(await app.command('carol', 'game undo', undefined, ch), 'carol', noSeat);
    expectRefusal(await app.command('carol', 'hand', undefined, ch), 'carol', noSeat);
    // The "My hand" button of the game, clicked by the outsider.
    const withButton = app.publicMessages(ch).findLast((m) => componentsOf(m).some((c) => String(c.custom_id).startsWith('fk:hand:')))!;
    const handButton = componentsOf(withButton).find((c) => String(c.custom_id).startsWith('fk:hand:'))!;
    expectRefusal(await app.click('carol', withButton.id, handButton.custom_id as string), 'carol', noSeat);
    expect(await gameRows()).toEqual(before);
  });
});

describe('flips, draws and hands', () => {
  it('/flip reveals 1 + |fate| cards from the flipper’s own 54-card deck and reshuffles the discards when it runs out (LOC-3)', async () => {
    const ch = channel('table-2');
    const gameId = await newGame(ch);
    // Alice keeps a hand: it stays out of her deck through every flip.
    await app.command('alice', 'draw', { count: 4 }, ch);
    let state = await stateOf(ch);
    const aliceHand = [...state.seats[0].hand];

    // Bob's hand is empty and his flips are negative: no cheating (CHEAT-3a/3f), and 4 cards a flip.
    let flips = 0;
    let reshuffled = false;
    while (!reshuffled && flips < 20) {
      const deckBefore = state.seats[1].deck.length;
      const flipped = await app.command('bob', 'flip', { modifier: -3, label: `try ${flips}` }, ch);
      expect(flipped.ok, flipped.error).toBe(true);
      expect(flipped.reply?.ephemeral).toBe(false);
      flips++;
      await answerDecisions(ch);
      state = await stateOf(ch);
      expect(state.resolution).toBeNull();
      for (const seat of [0, 1] as const) expect(total(state, seat)).toBe(54);
      expect(state.seats[0].hand).toEqual(aliceHand);
      const text = messageText(flipped.reply!);
      expect(text).toMatch(/\*\*Bob\*\* flips \(fate −−−\) — try \d+/);
      const shuffles = effectiveLog(await app.events(gameId)).filter((e) => e.type === 'DeckShuffled' && e.seat === 1 && e.reason === 'reshuffle');
      if (shuffles.length > 0) {
        reshuffled = true;
        // The deck ran out mid-flip: the discard pile became the new deck, announced publicly.
        expect(deckBefore).toBeLessThan(4);
        expect(app.publicMessages(ch).map(messageText).join('\n')).toContain('🔀 **Bob**’s discard pile is shuffled into a new Fate Deck.');
        expect(state.seats[1].deck.length).toBeGreaterThan(40);
      } else {
        expect(state.seats[1].deck.length).toBe(deckBefore - 4);
        expect(state.seats[1].discard.length).toBe(54 - state.seats[1].deck.length);
      }
    }
    expect(reshuffled).toBe(true);
    expect(flips).toBe(14); // 54 cards, 4 a flip: the 14th flip needs the reshuffle
    // Alice's deck was never touched by Bob's flips.
    expect(state.seats[0].deck.length).toBe(50);
    await expectReplayMatches(ch);

    // /hand reports the counts too, and the public summary at the end agrees with the state.
    const hand = await app.command('alice', 'hand', undefined, ch);
    expect(hand.reply?.embeds[0]?.title).toBe('Your Control Hand — 4 cards');
    await app.endGame('bob', ch);
    const summary = app.lastPublic(ch)!.embeds[0]!.fields!.slice(0, 2).map((f) => f.value);
    expect(summary).toEqual(state.seats.map((s) => `💎 0 · ✋ ${s.hand.length} · 🂠 ${s.deck.length} · 🗑️ ${s.discard.length}`));
  });

  it('/flip with a profile says its amount (FLIP-8); as a heal it stops at the maximum Health (DMG-12); /damage fall_inches is half as fixed damage (DMG-15)', async () => {
    const ch = channel('table-11');
    await newGame(ch);
    // Empty hands: nothing to cheat, each flip resolves at once.
    const lastResult = async () => {
      const flips = effectiveLog(await app.events((await app.game(ch))!.id)).filter((e) => e.type === 'FlipResolved');
      return (flips.at(-1) as Extract<engine.GameEvent, { type: 'FlipResolved' }>).result;
    };
    const assist = await app.command('alice', 'flip', { profile: '1/2/3', label: 'Assist' }, ch);
    const a = await lastResult();
    expect(a.amount).toBe(a.card === 'BJ' ? 0 : a.card === 'RJ' ? 4 : a.band === 'weak' ? 1 : a.band === 'moderate' ? 2 : 3);
    expect(messageText(assist.reply!)).toContain(`Result: **${a.amount}**.`);
    const heal = await app.command('alice', 'flip', { profile: '1/2/3', heal_health: 4, heal_max: 5 }, ch);
    const h = await lastResult();
    expect(h.healed).toEqual({ before: 4, after: Math.min(5, 4 + h.amount!), maxHealth: 5 });
    expect(messageText(heal.reply!)).toContain(`Heals **${h.amount}**: Health 4 → ${h.healed!.after} (at most 5).`);
    // A fall of 7″ (DMG-15): 3 damage, no flip, Armor +1 brings it to 2.
    const fall = await app.command('alice', 'damage', { fall_inches: 7, armor: 1 }, ch);
    expect(messageText(fall.reply!)).toContain('💥 **Alice** deals fixed damage to **Bob** (3).');
    expect(messageText(fall.reply!)).toContain('🩸 **Bob** takes **2** damage (3 → armor 2).');
    expect(effectiveLog(await app.events((await app.game(ch))!.id)).filter((e) => e.type === 'CardsFlipped')).toHaveLength(2); // the two flips above, none for the fall
    await expectReplayMatches(ch);
    await app.endGame('alice', ch);
  });

  it('/draw sends the hand by DM, /hand is ephemeral, and the hand limit asks for a private discard', async () => {
    const ch = channel('table-3');
    const gameId = await newGame(ch);
    const drawn = await app.command('alice', 'draw', { count: 4 }, ch);
    expect(messageText(drawn.reply!)).toContain('**Alice** draws 4 cards.');
    let state = await stateOf(ch);
    const hand4 = state.seats[0].hand;
    // Public: the count only. DM: exactly the hand.
    expect(findCards(messageText(drawn.reply!), hand4)).toEqual([]);
    const dm = app.dms('alice').at(-1)!;
    expect(dm.embeds[0]?.title).toBe('Your Control Hand — 4 cards');
    expect(findCards(messageText(dm), hand4)).toEqual(hand4);
    expect(dm.attachments.map((a) => a.filename)).toEqual(['hand.png']);

    const shown = await app.command('alice', 'hand', undefined, ch);
    expect(shown.reply?.ephemeral).toBe(true);
    expect(shown.reply?.visibleTo).toBe(IDS.alice);
    expect(findCards(messageText(shown.reply!), hand4)).toEqual(hand4);
    for (const viewer of ['bob', 'carol'] as const) {
      expect(app.visibleTo(viewer, ch).some((m) => m.id === shown.reply!.id)).toBe(false);
    }
    expect(app.visibleTo('alice', ch).some((m) => m.id === shown.reply!.id)).toBe(true);

    // Over the hand limit (6): the discard is a private decision, in Alice's DM only.
    await app.command('alice', 'draw', { count: 4 }, ch);
    state = await stateOf(ch);
    const decision = engine.pendingDecision(state)!;
    expect(decision).toMatchObject({ kind: 'discardDown', seat: 0, count: 2 });
    const publicNow = app.lastPublic(ch)!;
    expect(publicNow.content).toContain(`Waiting for <@${IDS.alice}>: discard down to the hand limit.`);
    expect(componentsOf(publicNow).some((c) => String(c.custom_id).startsWith('fk:d:'))).toBe(false);
    expect(findCards(app.visibleTo('bob', ch).map(messageText).join('\n'), state.seats[0].hand)).toEqual([]);
    const where = locateChoice(latestDecisionMessage(app.dms('alice'), gameId)!, decision, decision.legal.slice(0, 2))!;
    const chosen = where.values!;
    const done = await app.click('alice', where.message.id, where.customId, where.values);
    expect(done.ok, done.error).toBe(true);
    state = await stateOf(ch);
    expect(state.seats[0].hand).toHaveLength(6);
    expect(state.seats[0].discard).toEqual(expect.arrayContaining(chosen));
    // Discarded cards are public (face up), announced in the channel.
    expect(findCards(messageText(app.lastPublic(ch)!), chosen).sort()).toEqual([...chosen].sort());
    expect((await app.command('alice', 'hand', undefined, ch)).reply?.embeds[0]?.title).toBe('Your Control Hand — 6 cards');

    // The Start Phase's soulstone Draw (SS-3): one stone, two cards, then the private discard-down again.
    await app.command('alice', 'soulstones', { count: 2 }, ch);
    const stone = await app.command('alice', 'draw', { soulstone: true }, ch);
    expect(messageText(stone.reply!)).toContain('**Alice** spends a soulstone to draw 2 cards.');
    state = await stateOf(ch);
    expect(state.seats[0].soulstones).toBe(1);
    expect(findCards(app.visibleTo('bob', ch).map(messageText).join('\n'), state.seats[0].hand)).toEqual([]);
    const down = engine.pendingDecision(state)!;
    expect(down).toMatchObject({ kind: 'discardDown', seat: 0, count: 2 });
    const pick = locateChoice(latestDecisionMessage(app.dms('alice'), gameId)!, down, down.legal.slice(0, 2))!;
    expect((await app.click('alice', pick.message.id, pick.customId, pick.values)).ok).toBe(true);
    expect((await stateOf(ch)).seats[0].hand).toHaveLength(6);
    // A full hand has nothing to fill up to (START-2): refused, privately, and nothing changes.
    const full = await app.command('alice', 'draw', undefined, ch);
    expect(full.reply?.ephemeral).toBe(true);
    expect(messageText(full.reply!)).toContain('Your hand already holds 6 cards, the maximum');
    await expectReplayMatches(ch);
    await app.endGame('alice', ch);
  });

  it('/duel options: a Stunned model (TRIG-2), stat suits (DUEL-4), a Disengage attack (TRIG-3): no trigger offered when barred, and the channel says why', async () => {
    const ch = channel('table-9');
    await newGame(ch);
    // An empty hand and a TN of 0: nothing to cheat, a sure success, so the only question left would be the trigger.
    const seen = new Set([...app.dms('alice'), ...app.visibleTo('alice', ch)].map((m) => m.id));
    const duel = await app.command('alice', 'duel simple', { stat: 5, tn: 0, triggers: 'Critical Strike:R', stunned: true }, ch);
    expect(duel.ok, duel.error).toBe(true);
    const state = await stateOf(ch);
    expect(engine.pendingDecision(state)).toBeNull();
    expect(state.resolution).toBeNull();
    const said = app.visibleTo('bob', ch).map(messageText).join('\n');
    expect(said).toContain('**Alice**’s model is Stunned: no trigger.');
    expect(said, 'the rule is for referees, in the log').not.toContain('TRIG-2');
    // Nothing was asked of Alice, in the channel or by DM: no decision component in any new message.
    const fresh = [...app.dms('alice'), ...app.visibleTo('alice', ch)].filter((m) => !seen.has(m.id));
    expect(fresh.length).toBeGreaterThan(0);
    expect(fresh.flatMap(componentsOf).filter((c) => String(c.custom_id).startsWith('fk:d:'))).toEqual([]);

    // The suits printed with a stat join the total (DUEL-4 D): a TN needing two Masks is met by the stat's alone.
    const suited = await app.command('alice', 'duel simple', { stat: 5, tn: 0, suits: 'MM', stat_suits: 'MM' }, ch);
    expect(suited.ok, suited.error).toBe(true);
    expect(messageText(app.lastPublic(ch)!)).toContain('**Alice** succeeds');
    expect((await stateOf(ch)).resolution).toBeNull();
    const unsuited = await app.command('alice', 'duel simple', { stat: 5, tn: 0, suits: 'MMMM' }, ch);
    expect(unsuited.ok, unsuited.error).toBe(true);
    expect(messageText(app.lastPublic(ch)!)).toContain('**Alice** fails');

    // The attack a Disengage allows: neither side is offered a trigger (GEN-2, TRIG-3), and the channel says so.
    const disengage = await app.command('alice', 'duel opposed', { attack: 5, defense: 5, attacker_triggers: 'Hit:R', defender_triggers: 'Parry:C', action: 'disengage' }, ch);
    expect(disengage.ok, disengage.error).toBe(true);
    expect(engine.pendingDecision(await stateOf(ch))).toBeNull();
    const table = app.visibleTo('carol', ch).map(messageText).join('\n');
    expect(table).toContain('No trigger for **Alice** in the attack a Disengage allows.');
    expect(table).toContain('No trigger for **Bob** in the attack a Disengage allows.');
    await expectReplayMatches(ch);
    await app.endGame('alice', ch);
  });

  it('with DMs closed: a notice that reveals nothing, and a "My hand" button that shows the hand to its owner only', async () => {
    const ch = channel('table-4');
    const gameId = await newGame(ch);
    app.double.setUser(IDS.bob, { dmsClosed: true });
    try {
      const dmsBefore = app.dms('bob').length;
      const drawn = await app.command('bob', 'draw', { count: 3 }, ch);
      expect(drawn.ok, drawn.error).toBe(true);
      const state = await stateOf(ch);
      const bobHand = state.seats[1].hand;
      expect(app.dms('bob')).toHaveLength(dmsBefore);
      const notice = app.lastPublic(ch)!;
      expect(notice.id).not.toBe(drawn.reply!.id);
      expect(notice.content).toContain(`<@${IDS.bob}>, I could not send you a DM`);
      expect(allowedMentionUsers(app.double, notice)).toEqual([IDS.bob]);
      expect(findCards(app.visibleTo('carol', ch).map(messageText).join('\n'), bobHand)).toEqual([]);
      const button = componentsOf(notice).find((c) => c.custom_id === `fk:hand:${gameId}`);
      expect(button?.label).toBe('My hand');

      const mine = await app.click('bob', notice.id, `fk:hand:${gameId}`);
      expect(mine.ok, mine.error).toBe(true);
      expect(mine.reply?.ephemeral).toBe(true);
      expect(mine.reply?.visibleTo).toBe(IDS.bob);
      expect(findCards(messageText(mine.reply!), bobHand)).toEqual(bobHand);
      expect(app.visibleTo('alice', ch).some((m) => m.id === mine.reply!.id)).toBe(false);
      expect(app.visibleTo('carol', ch).some((m) => m.id === mine.reply!.id)).toBe(false);
      // The same button shows Alice her own (empty) hand, never Bob's.
      const hers = await app.click('alice', notice.id, `fk:hand:${gameId}`);
      expect(hers.reply?.visibleTo).toBe(IDS.alice);
      expect(findCards(messageText(hers.reply!), bobHand)).toEqual([]);

      // A private decision while DMs are closed: Bob cheats from the ephemeral hand view.
      const flipped = await flipUntilCheat('bob', ch);
      let now = await stateOf(ch);
      const decision = engine.pendingDecision(now);
      expect(decision).toMatchObject({ kind: 'cheat', seat: 1 });
      expect(flipped.reply!.content).toContain(`Waiting for <@${IDS.bob}>: cheat fate or not. The choice is in their DMs (or the “My hand” button).`);
      expect(app.lastPublic(ch)!.content).toContain('I could not send you a DM');
      expect(findCards(app.visibleTo('carol', ch).map(messageText).join('\n'), now.seats[1].hand)).toEqual([]);
      const view = await app.click('bob', app.lastPublic(ch)!.id, `fk:hand:${gameId}`);
      expect(view.reply?.visibleTo).toBe(IDS.bob);
      const where = locateChoice(view.reply!, decision!, decision!.kind === 'cheat' ? decision!.legal[0]! : '')!;
      expect(where, 'the cheat select in the ephemeral hand view').toBeDefined();
      const cheated = await app.click('bob', where.message.id, where.customId, where.values);
      expect(cheated.ok, cheated.error).toBe(true);
      now = await stateOf(ch);
      expect(engine.pendingDecision(now)).toBeNull();
      expect(effectiveLog(await app.events(gameId)).some((e) => e.type === 'FateCheated' && e.seat === 1 && e.card === where.values![0])).toBe(true);
    } finally {
      app.double.setUser(IDS.bob, { dmsClosed: false });
    }
    await app.endGame('bob', ch);
  });

  it('a decision button clicked after the game moved on is refused as stale and changes nothing', async () => {
    const ch = channel('table-5');
    const gameId = await newGame(ch);
    // Alice's duel asks her about a soulstone: the buttons are in her DM and in her "My hand" view (never
    // in the channel); she undoes the duel instead. Her DM loses its buttons; the ephemeral view cannot be
    // edited, and its button is refused as stale.
    await app.command('alice', 'soulstones', { count: 2 }, ch);
    await app.command('alice', 'duel simple', { stat: 5, tn: 10, soulstones: true }, ch);
    const decision = engine.pendingDecision(await stateOf(ch))!;
    expect(decision).toMatchObject({ kind: 'soulstone', seat: 0 });
    expect(latestDecisionMessage(app.publicMessages(ch), gameId)).toBeUndefined();
    const dm = latestDecisionMessage(app.dms('alice'), gameId)!;
    expect(locateChoice(dm, decision, 'none'), 'the "No soulstone" button in her DM').toBeDefined();
    const myHand = await app.click('alice', app.lastPublic(ch)!.id, `fk:hand:${gameId}`);
    const pick = locateChoice(myHand.reply!, decision, 'none')!;
    expect(pick, 'the "No soulstone" button in "My hand"').toBeDefined();
    const undone = await app.command('alice', 'game undo', undefined, ch);
    expect(undone.ok, undone.error).toBe(true);
    expect(engine.pendingDecision(await stateOf(ch))).toBeNull();
    expect(latestDecisionMessage([app.double.message(dm.id)!], gameId), 'the DM lost its buttons').toBeUndefined();
    let before = await gameRows();
    expectRefusal(await app.click('alice', pick.message.id, pick.customId), 'alice', 'This button is stale');
    expect(await gameRows()).toEqual(before);

    // Answered in one place, stale in the other: Bob's cheat select in his DM and in "My hand".
    await app.command('bob', 'draw', { count: 2 }, ch);
    await flipUntilCheat('bob', ch);
    const cheat = engine.pendingDecision(await stateOf(ch))!;
    expect(cheat).toMatchObject({ kind: 'cheat', seat: 1 });
    const fromDm = locateChoice(latestDecisionMessage(app.dms('bob'), gameId)!, cheat, engine.DECLINE)!;
    const view = await app.click('bob', app.lastPublic(ch)!.id, `fk:hand:${gameId}`);
    const fromView = locateChoice(view.reply!, cheat, cheat.kind === 'cheat' ? cheat.legal[0]! : '')!;
    expect((await app.click('bob', fromDm.message.id, fromDm.customId)).ok).toBe(true);
    before = await gameRows();
    expectRefusal(await app.click('bob', fromView.message.id, fromView.customId, fromView.values), 'bob', 'This button is stale');
    expect(await gameRows()).toEqual(before);

    // After the end, every button of the game is stale.
    await app.command('alice', 'duel simple', { stat: 5, tn: 10, soulstones: true }, ch);
    const last = engine.pendingDecision(await stateOf(ch))!;
    expect(last).toMatchObject({ kind: 'soulstone', seat: 0 });
    const lastView = await app.click('alice', app.lastPublic(ch)!.id, `fk:hand:${gameId}`);
    const lastButtons = locateChoice(lastView.reply!, last, 'none')!;
    await app.endGame('bob', ch);
    before = await gameRows();
    expectRefusal(await app.click('alice', lastButtons.message.id, lastButtons.customId), 'alice', 'This button is stale');
    expect(await gameRows()).toEqual(before);
  });
});

describe('ending, undo, log and verification', () => {
  it('/game end works for either player and for a referee with no seat, and frees the channel', async () => {
    const ch = channel('table-6');
    // Bob (not the creator) ends Alice's game.
    await newGame(ch);
    await app.endGame('bob', ch);
    expect((await app.game(ch))!.status).toBe('ended');
    expect(await app.store.findActiveGame(ch)).toBeNull();
    expectRefusal(await app.command('alice', 'game end', undefined, ch), 'alice', 'There is no game in this channel');

    // The creator ends hers.
    await newGame(ch, 'alice', 'bob');
    await app.endGame('alice', ch);
    expect((await app.game(ch))!.status).toBe('ended');

    // Her role is named like a referee's but no game was given it: the refusal says how one becomes a referee.
    await newGame(ch, 'carol', 'bob');
    expectRefusal(await app.command('rita', 'game end', undefined, ch), 'rita', 'You have no seat');
    expectRefusal(await app.command('rita', 'game end', undefined, ch), 'rita', 'chosen at /game new, by default the role a server manager set with /game referee-role');
    await app.endGame('bob', ch);
    expectRefusal(await app.command('alice', 'game referee-role', { role: IDS.refereeRole }, ch), 'alice', 'Only server managers');
    const set = await app.command('rita', 'game referee-role', { role: IDS.refereeRole }, ch);
    expect(set.reply?.ephemeral).toBe(true);
    expect(set.reply?.content).toContain('The referee role is now **Referee**');
    // A game started now has the server's role: Rita, with no seat, closes it at once.
    const gameId = await newGame(ch, 'carol', 'bob');
    const asked = await app.command('rita', 'game end', undefined, ch);
    expect(asked.reply?.ephemeral).toBe(true);
    await app.click('rita', asked.reply!.id, `fk:end:${gameId}:close`);
    const game = (await app.store.getGame(gameId))!;
    expect(game.status).toBe('ended');
    const endedEvent = effectiveLog(await app.events(gameId)).at(-1);
    expect(endedEvent).toMatchObject({ type: 'GameEnded', by: IDS.rita });
    await app.command('rita', 'game referee-role', undefined, ch);
  });

  it('/game undo: a player alone only for their own action that showed nothing, otherwise with the other’s agreement; cards seen never go back on top', async () => {
    const ch = channel('table-7');
    const gameId = await newGame(ch);
    const start = await stateOf(ch);
    expectRefusal(await app.command('alice', 'game undo', undefined, ch), 'alice', 'There is nothing to undo.');

    // Bob draws: undoing it alone would be a second try at his cards, so Alice is asked.
    await app.command('bob', 'draw', { count: 3 }, ch);
    const drawnCards = (await stateOf(ch)).seats[1].hand;
    const asked = await app.command('bob', 'game undo', undefined, ch);
    expect(asked.reply?.content).toContain('**Bob** asks to undo: **Bob**’s draw of 3 cards.');
    const agree = componentsOf(asked.reply!).find((c) => String(c.custom_id).endsWith(':yes'))!;
    const undone = await app.click('alice', asked.reply!.id, String(agree.custom_id));
    expect(messageText(undone.reply!)).toContain('**Bob** undid: **Bob**’s draw of 3 cards, with **Alice**’s agreement.');
    // The cards he saw are in his discard pile, face up, not on top of his deck; the channel says so.
    expect(messageText(undone.reply!)).toContain('go to **Bob**’s discard pile, not back on the deck');
    let state = await stateOf(ch);
    expect(state.seats[1].hand).toEqual([]);
    expect(state.seats[1].discard).toEqual(drawnCards);
    expect(state.seats[1].deck).toEqual(start.seats[1].deck.slice(3));
    await app.command('bob', 'draw', { count: 3 }, ch);
    expect((await stateOf(ch)).seats[1].hand.filter((c) => drawnCards.includes(c))).toEqual([]);
    await expectReplayMatches(ch);

    // Bob undoes his own last action alone when it showed no card.
    await app.command('bob', 'soulstones', { count: 7 }, ch);
    const own = await app.command('bob', 'game undo', undefined, ch);
    expect(messageText(own.reply!)).toContain('**Bob** undid: **Bob**’s soulstone pool set to 7.');
    expect((await stateOf(ch)).seats[1].soulstones).toBe(0);

    // Alice acts; Bob's undo of her action is only a request: nothing changes until she agrees.
    await app.command('alice', 'soulstones', { count: 4 }, ch);
    const request = await app.command('bob', 'game undo', undefined, ch);
    expect(request.reply?.content).toContain(`<@${IDS.alice}>, do you agree?`);
    state = await stateOf(ch);
    expect(state.seats[0].soulstones).toBe(4);
    // The log keeps everything (append-only): the undone batch, the undo, the request.
    const log = await app.events(gameId);
    expect(log.map((e) => e.type)).toEqual(expect.arrayContaining(['LogEntryUndone', 'LogEntryUndoAsked', 'SeenCardsKeptOut']));
    await expectReplayMatches(ch);

    // The outsider can neither undo nor answer.
    const before = await gameRows();
    expectRefusal(await app.command('carol', 'game undo', undefined, ch), 'carol', 'You have no seat');
    expect(await gameRows()).toEqual(before);
    await app.endGame('alice', ch);
  });

  it('/game log is public-only until the end and complete after; /game verify only after; the seed stays secret until then', async () => {
    const ch = channel('table-8');
    const gameId = await newGame(ch);
    const seed = app.seeds.at(-1)!;
    const commitment = (await stateOf(ch)).seedCommitment;
    await app.command('alice', 'draw', { count: 3 }, ch);
    await app.command('bob', 'draw', { count: 4 }, ch);
    await app.command('bob', 'flip', { modifier: 0, cheatable: false }, ch);
    let state = await stateOf(ch);
    const discard = state.seats[0].hand[0]!;
    await app.command('alice', 'discard', { cards: discard }, ch);
    const reveal = state.seats[1].hand[0]!;
    await app.command('bob', 'reveal', { cards: reveal }, ch);
    state = await stateOf(ch);
    const hidden = [
      ...state.seats[0].hand.filter((c) => !state.seats[0].revealedInHand.includes(c)),
      ...state.seats[1].hand.filter((c) => !state.seats[1].revealedInHand.includes(c)),
    ];
    const publicCards = [...state.seats[0].discard, ...state.seats[1].discard, ...state.seats[1].revealedInHand];
    const secret = hidden.filter((c) => !publicCards.includes(c));

    // Before the end: the log shows public events only, in the embed and in the attached JSON.
    const log = await app.command('carol', 'game log', undefined, ch);
    expect(log.ok, log.error).toBe(true);
    expect(log.reply?.ephemeral).toBe(true);
    expect(log.reply?.embeds[0]?.footer?.text).toContain('Public events only');
    // Players' entry numbers from the start (#1, the game), never the internal batch numbers.
    const logText = log.reply!.embeds[0]!.description!;
    expect(logText.split('\n')[0]).toBe('`#1` 🎲 Malifaux Third Edition: **Alice** vs **Bob** — the game starts.');
    expect(logText).toContain('🂠 **Alice** draws 3 cards.');
    expect(logText).not.toMatch(/· b\d+/);
    const attachment = log.reply!.attachments.find((a) => a.filename.endsWith('.json'))!;
    const json = app.double.attachmentData(attachment.id)!.toString('utf8');
    const exported = JSON.parse(json) as { ended: boolean; seedCommitment: string; entries: { event: Record<string, unknown> }[] };
    expect(exported.ended).toBe(false);
    expect(exported.seedCommitment).toBe(commitment);
    for (const { event } of exported.entries) {
      if (event.type === 'CardsDrawn') expect(event).not.toHaveProperty('cards');
      if (event.type === 'DeckShuffled') expect(event).not.toHaveProperty('order');
      if (event.type === 'GameStarted') expect(event).not.toHaveProperty('seed');
    }
    expect(findCards(json, secret)).toEqual([]);
    expect(findCards(messageText(log.reply!), secret)).toEqual([]);
    expect(json).toContain(`"${discard}"`);

    // Verification waits for the seed.
    const early = await app.command('bob', 'game verify', undefined, ch);
    expectRefusal(early, 'bob', 'The seed stays secret until the game ends');
    expect(early.reply!.content).toContain(commitment);

    // Nowhere — no message, no DM, no attachment, no log line — holds the seed before the end.
    expect(everything()).not.toContain(seed);
    expect(app.logs.join('\n')).not.toContain(seed);

    await app.endGame('alice', ch);
    expect(messageText(app.lastPublic(ch)!)).toContain(seed);

    // After: the complete log, drawn cards and shuffles included.
    const full = await app.command('carol', 'game log', undefined, ch);
    expect(full.reply?.embeds[0]?.footer?.text).toContain('the full log is shown');
    const fullJson = JSON.parse(app.double.attachmentData(full.reply!.attachments.find((a) => a.filename.endsWith('.json'))!.id)!.toString('utf8')) as {
      ended: boolean;
      entries: { event: Record<string, unknown> }[];
    };
    expect(fullJson.ended).toBe(true);
    const drawnEvents = fullJson.entries.map((e) => e.event).filter((e) => e.type === 'CardsDrawn');
    expect(drawnEvents.map((e) => (e.cards as string[]).length)).toEqual([3, 4]);
    expect(fullJson.entries.find((e) => e.event.type === 'DeckShuffled')?.event.order).toHaveLength(54);
    expect(fullJson.entries.find((e) => e.event.type === 'GameStarted')?.event.seed).toBe(seed);
    expect(messageText(full.reply!)).toMatch(/draws 3 cards\. \(\S+ \S+ \S+\)/);

    const verified = await app.command('bob', 'game verify', undefined, ch);
    expect(verified.ok, verified.error).toBe(true);
    const text = messageText(verified.reply!);
    expect(text).toContain('The seed matches the commitment published at the start.');
    expect(text).toMatch(/✅ All \d+ shuffles match the seed/);

    // Replaying the stored events gives the stored snapshot, for every game this file played.
    const events = await app.store.listEvents(gameId);
    expect(replayStored(events)).toEqual(engine.stateSchema.parse((await app.store.getGame(gameId))!.snapshot));
  });

  it('replay determinism: every stored snapshot equals the replay of its stored events, twice over', async () => {
    const games = (await app.fingerprint()).games;
    expect(games.length).toBeGreaterThanOrEqual(8);
    for (const row of games) {
      const events = await app.store.listEvents(String(row.id));
      const snapshot = engine.stateSchema.parse(JSON.parse(String(row.snapshot)));
      expect(replayStored(events)).toEqual(snapshot);
      expect(replayStored(events)).toEqual(replayStored(events));
      // Versions: one per batch written, and the seqs are gapless.
      expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
      expect(Math.max(...events.map((e) => (e.payload as { batch: number }).batch))).toBe(Number(row.version));
    }
    expect(app.logs.filter((l) => !l.startsWith('[console'))).toEqual([]);
  });
});
