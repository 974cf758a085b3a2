/**
 * An opposed duel, end to end: the real bot (buildBot) behind a real transport — the discord.js gateway
 * Client, and the signed HTTP endpoint — against the local Discord double, with a real database
 * (SQLite file for the gateway run, PostgreSQL for the HTTP run).
 *
 * The seed is fixed so the cards are known: before the run, the engine alone (pure, no I/O) looks for a
 * seed under which the scripted choices include everything this test must see (soulstones for both
 * sides, a pick, a cheat from Alice's hand, a trigger, a damage flip). The bot is then driven ONLY by clicking the
 * components it actually sent, and at the end the log it stored must equal the engine's own run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as engine from '../src/systems/malifaux-table/engine/index.js';
import { cardValue } from '../src/systems/malifaux-table/engine/cards.js';
import {
  IDS,
  activeState,
  allowedMentionUsers,
  componentsOf,
  effectiveLog,
  findCards,
  findSeed,
  latestDecisionMessage,
  locateChoice,
  messageText,
  replayStored,
  startApp,
  type App,
  type Mode,
  type Backend,
} from './support/app.js';
import { translator } from '../src/i18n/index.js';
import { decisionCustomId } from '../src/systems/malifaux-table/present/prompts.js';

const en = translator('en');

const userOf = (seat: engine.Seat): 'alice' | 'bob' => (seat === 0 ? 'alice' : 'bob');

/** What `/duel opposed` is given, and the engine command commands/duel.ts must build from it. */
const DUEL_OPTIONS = {
  attack: 6,
  defense: 5,
  attacker_soulstones: true,
  defender_soulstones: true,
  // Critical Strike adds 1 damage when resolving (DMG-7) and costs a discard (TRIG-4): Alice pays it from her hand, privately.
  attacker_triggers: 'Critical Strike:M+1:1; Onslaught:TT',
  defender_triggers: 'Counterattack:C',
  damage: '2/3/4',
};
const DUEL_COMMAND: engine.Command = {
  type: 'opposedDuel',
  attacker: 0,
  defender: 1,
  attackerStat: 6,
  defenderStat: 5,
  attackerFate: 0,
  defenderFate: 0,
  attackerModifier: 0,
  defenderModifier: 0,
  attackerSoulstoneUser: true,
  defenderSoulstoneUser: true,
  attackerTriggers: [
    { name: 'Critical Strike', suits: ['M'], damage: 1, timing: 'whenResolving', cost: { discard: 1 } },
    { name: 'Onslaught', suits: ['T', 'T'] },
  ],
  defenderTriggers: [{ name: 'Counterattack', suits: ['C'] }],
  tnSuits: [],
  friendly: false,
  inCover: false,
  inConcealment: false,
  damage: { profile: [2, 3, 4] },
  targetSoulstoneUser: true,
};
const STONES = { alice: 3, bob: 2 };
const DRAW = 5;

/** The players' scripted choices: Alice adds Masks with a soulstone, cheats with her best hand card and
 * declares her first trigger; Bob spends a stone for +, takes his best card, does not cheat, and keeps
 * his remaining stones when damage comes. */
function policy(state: engine.ActiveState, d: engine.PendingDecision): string | string[] {
  const mine = d.seat === 0;
  switch (d.kind) {
    case 'soulstone':
      // Alice adds Masks (for her trigger); Bob takes + on his flip, so he picks among two cards.
      return mine ? (d.legal.includes('M') ? 'M' : 'none') : d.legal.includes('plus') ? 'plus' : 'none';
    case 'pick':
      return [...d.legal].sort((a, b) => cardValue(b) - cardValue(a))[0]!;
    case 'cheat':
      return mine ? [...d.legal].sort((a, b) => cardValue(b) - cardValue(a))[0]! : engine.DECLINE;
    case 'trigger':
      return mine && d.legal[0] ? d.legal[0] : engine.NO_TRIGGER;
    case 'yield':
      return 'fight';
    case 'redJokerSuit':
      return d.legal.includes('M') ? 'M' : d.legal[0]!;
    case 'prevent':
    case 'reduce':
      return 'decline';
    case 'discardDown':
    case 'triggerCost':
      return d.legal.slice(0, d.count);
  }
  void state;
  throw new Error('unreachable');
}

/** A seed whose scripted game shows everything: both soulstone steps, Alice cheating from her hand, Bob
 * deciding about a cheat too, Alice's trigger, and damage (and no joker, to keep the script simple).
 * Deterministic: the same seed every run. */
const SCRIPT = findSeed(
  'e2e-duel',
  [
    { command: { type: 'setSoulstones', seat: 0, count: STONES.alice }, seat: 0 },
    { command: { type: 'setSoulstones', seat: 1, count: STONES.bob }, seat: 1 },
    { command: { type: 'draw', count: DRAW }, seat: 0 },
    { command: { type: 'draw', count: DRAW }, seat: 1 },
    { command: DUEL_COMMAND, seat: 0 },
  ],
  policy,
  (sim) => {
    const has = (p: (e: engine.GameEvent) => boolean) => sim.events.some(p);
    const kinds = sim.decisions.map((d) => `${d.seat}:${d.kind}`);
    return (
      kinds.includes('0:soulstone') &&
      kinds.includes('1:soulstone') &&
      kinds.includes('1:pick') &&
      kinds.includes('1:cheat') &&
      has((e) => e.type === 'FateCheated' && e.seat === 0) &&
      has((e) => e.type === 'TriggerDeclared' && e.seat === 0 && e.trigger !== null) &&
      has((e) => e.type === 'TriggerCostPaid' && e.seat === 0) &&
      has((e) => e.type === 'DuelResolved' && e.result.attacker.succeeded) &&
      has((e) => e.type === 'DamageResolved') &&
      !has((e) => e.type === 'CardsFlipped' && (e.cards.includes('RJ') || e.cards.includes('BJ')))
    );
  },
);

const withoutGameId = (events: engine.GameEvent[]) => events.map((e) => (e.type === 'GameStarted' ? { ...e, gameId: '-' } : e));

const RUNS: { mode: Mode; backend: Backend }[] = [
  { mode: 'gateway', backend: 'sqlite' },
  { mode: 'http', backend: 'postgres' },
];

describe.each(RUNS)('an opposed duel through the $mode transport ($backend)', ({ mode, backend }) => {
  let app: App;
  beforeAll(async () => {
    app = await startApp({ mode, backend, newSeed: () => SCRIPT.seed });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** The part of the database a refused action must not touch. */
  const gameFingerprint = async () => {
    const f = await app.fingerprint();
    return { games: f.games, eventCount: f.eventCount, lastSeq: f.lastSeq };
  };

  it('plays the whole duel by clicking what the bot sent, each decision only to its decider', async () => {
    // The transport is the real one: a logged-in discord.js Client on the double's gateway, or the
    // signed HTTP endpoint the double POSTs to.
    if (mode === 'gateway') {
      expect(app.env.gateway?.client.isReady()).toBe(true);
      expect(app.double.gatewaySessions).toBe(1);
    } else {
      expect(app.double.delivery).toEqual({ mode: 'http', interactionsUrl: app.env.interactionsUrl });
    }

    // --- the game and its pools
    const created = await app.command('alice', 'game new', { opponent: IDS.bob, system: 'm3e' });
    expect(created.ok, created.error).toBe(true);
    expect(created.reply?.ephemeral).toBe(false);
    expect(allowedMentionUsers(app.double, created.reply!)).toEqual([IDS.bob]);
    const gameId = (await app.game())!.id;

    for (const [who, count] of [['alice', STONES.alice], ['bob', STONES.bob]] as const) {
      const set = await app.command(who, 'soulstones', { count });
      expect(set.ok, set.error).toBe(true);
      expect(set.reply?.ephemeral).toBe(false);
    }

    // --- both draw: each hand goes to its owner's DM, and only there
    for (const who of ['alice', 'bob'] as const) {
      const drawn = await app.command(who, 'draw', { count: DRAW });
      expect(drawn.ok, drawn.error).toBe(true);
      expect(messageText(drawn.reply!)).toContain(`draws ${DRAW}`);
    }
    let state = activeState(await app.state());
    const [aliceHand, bobHand] = [state.seats[0].hand, state.seats[1].hand];
    expect(aliceHand).toHaveLength(DRAW);
    expect(bobHand).toHaveLength(DRAW);
    const aliceDm = messageText(app.dms('alice').at(-1)!);
    const bobDm = messageText(app.dms('bob').at(-1)!);
    expect(findCards(aliceDm, aliceHand)).toEqual(aliceHand);
    expect(findCards(bobDm, bobHand)).toEqual(bobHand);
    // Card names may coincide between hands only if both hold the same card, which two decks allow.
    expect(findCards(aliceDm, bobHand.filter((c) => !aliceHand.includes(c)))).toEqual([]);
    expect(findCards(bobDm, aliceHand.filter((c) => !bobHand.includes(c)))).toEqual([]);
    const channelText = app.visibleTo('carol').map(messageText).join('\n');
    expect(findCards(channelText, [...aliceHand, ...bobHand])).toEqual([]);

    // --- the duel
    const started = await app.command('alice', 'duel opposed', DUEL_OPTIONS);
    expect(started.ok, started.error).toBe(true);
    expect(started.reply?.ephemeral).toBe(false);
    expect(messageText(started.reply!)).toContain('Opposed duel');

    let bobTriedAlicesButton = false;
    const seenKinds: string[] = [];
    for (const [step, expected] of SCRIPT.decisions.entries()) {
      state = activeState(await app.state());
      const decision = engine.pendingDecision(state);
      expect(decision, `decision #${step}`).not.toBeNull();
      expect({ seat: decision!.seat, kind: decision!.kind }).toEqual({ seat: expected.seat, kind: expected.kind });
      const decider = userOf(decision!.seat);
      const other = userOf(decision!.seat === 0 ? 1 : 0);
      const choice = policy(state, decision!);
      expect(choice).toEqual(expected.choice);
      seenKinds.push(`${decider}:${decision!.kind}`);

      // The duel has one channel message, edited at every step: it names the decider. Posted, it pinged
      // the decider and the defender (the duel concerns them); an edit pings nobody (the decider's DM
      // tells them).
      const latest = app.lastPublic()!;
      expect(latest.id).toBe(started.reply!.id);
      expect(latest.content).toContain(`<@${IDS[decider]}>`);
      const pinged = allowedMentionUsers(app.double, latest);
      if (step === 0) expect(new Set(pinged)).toEqual(new Set([IDS[decider], IDS.bob]));
      else expect(pinged).toEqual([]);

      // Every decision is the decider's alone: its controls are in their DM (with their hand), never in
      // the channel, and nobody else can see or reach them.
      expect(componentsOf(latest).some((c) => String(c.custom_id).startsWith(`fk:d:${gameId}:`))).toBe(false);
      const dm = latestDecisionMessage(app.dms(decider), gameId);
      expect(dm, `${decider}'s DM with the ${decision!.kind} choice`).toBeDefined();
      const controls = componentsOf(dm!).filter((c) => String(c.custom_id).startsWith(`fk:d:${gameId}:`));
      // Every decision comes with what it is about: the duel, both sides' stats and fate, the damage to
      // come, and for the decider's own choices their triggers (suits, cost, effect) and what a soulstone does.
      const about = dm!.content ?? '';
      expect(about).toContain(`⚔️ **${en('context.opposedDuel')}**`);
      expect(about).toContain(`${en('context.side', { name: 'Alice', stat: 6, suits: '', modifier: '', fate: '0' })} ${en('context.against')} ${en('context.side', { name: 'Bob', stat: 5, suits: '', modifier: '', fate: '0' })}`);
      expect(about).toMatch(/Damage on success: 2\/3\/4( \+1)?, damage flip fate 0 · Armor 0 · Shielded 0/);
      if (decision!.kind === 'soulstone') expect(about).toContain(en('context.soulstonePlus', { fate: '+' }));
      if (decision!.kind === 'trigger' && decider === 'alice') {
        expect(about).toContain(`• **Critical Strike**: ${en('context.triggerNeeds', { suits: '🎭 Masks' })} · ${en('context.triggerCost', { count: 1 })} · ${en('context.triggerDamage', { damage: 1 })}`);
        expect(about).toContain('• **Onslaught**: needs 2 × 📖 Tomes');
      }
      if (state.resolution?.kind === 'duel' && state.resolution.totals) expect(about).toContain('Totals so far: Alice ');
      for (const viewer of [other, 'carol'] as const) {
        const seen = [...app.visibleTo(viewer), ...app.dms(viewer)];
        expect(seen.some((m) => m.id === dm!.id)).toBe(false);
        expect(seen.flatMap(componentsOf).some((c) => controls.some((mine) => mine.custom_id === c.custom_id))).toBe(false);
      }
      if (!bobTriedAlicesButton && decider === 'alice') {
        // Bob cannot even click it: Discord (the double) knows no such message for him; nothing changes.
        const before = await gameFingerprint();
        const refused = await app.click('bob', dm!.id, controls[0]!.custom_id as string);
        expect(refused.ok).toBe(false);
        expect(refused.error).toContain('Unknown message');
        expect(await gameFingerprint()).toEqual(before);
        bobTriedAlicesButton = true;
      }
      expect(dm!.content).toContain('Your decision: ');
      if (decision!.kind === 'pick') {
        // The DM shows the table as the channel does: the cards to choose from are named there too.
        expect(findCards(dm!.content ?? '', decision!.legal)).toEqual(expect.arrayContaining([...decision!.legal]));
      }
      let where;
      if (decision!.kind === 'cheat' || decision!.kind === 'discardDown' || decision!.kind === 'triggerCost') {
        // A hand decision: the options are the hand cards.
        const select = componentsOf(dm!).find((c) => c.type === 3)!;
        const options = (select.options as { value: string }[]).map((o) => o.value);
        expect(new Set(options)).toEqual(new Set(decision!.legal));
        if (decision!.kind === 'cheat' && decision!.slot === 'damage') {
          // The DM says what the cheat is about: the damage now, and what each hand card would deal.
          expect(dm!.content).toMatch(/Your damage flip: .* — (weak|moderate|severe): \d+ damage\./);
          expect(dm!.content).toMatch(/With your hand: (weak|moderate|severe) \(\d+ damage\): /);
        } else if (decision!.kind === 'cheat') {
          // The DM says what the cheat is about: the flip's total, the other side's, and which cards would win.
          const slot = decision!.slot === 'attacker' ? 'attack flip' : 'defense flip';
          expect(dm!.content).toContain(`Your ${slot}: `);
          expect(dm!.content).toMatch(/’s (attack|defense) flip: .* → total \*\*\d+\*\*/);
          expect(dm!.content).toMatch(/To succeed you need (at least|more than) \*\*(Alice|Bob)\*\*’s \d+\./);
          expect(dm!.content).toMatch(/In your hand: |No card in your hand would make you succeed\./);
        }
        const hand = state.seats[decision!.seat].hand;
        for (const viewer of [other, 'carol'] as const) {
          const seen = [...app.visibleTo(viewer), ...app.dms(viewer)];
          expect(seen.flatMap(componentsOf).some((c) => c.custom_id === select.custom_id)).toBe(false);
          const hidden = hand.filter((c) => !state.seats[decision!.seat].revealedInHand.includes(c) && !state.seats[decision!.seat === 0 ? 1 : 0].hand.includes(c));
          expect(findCards(app.visibleTo(viewer).map(messageText).join('\n'), hidden)).toEqual([]);
        }
      }
      where = locateChoice(dm!, decision!, choice);
      expect(where, `a component for ${decision!.kind} = ${String(choice)}`).toBeDefined();
      const eventsBefore = await app.eventCount();
      const clicked = await app.click(decider, where!.message.id, where!.customId, where!.values);
      expect(clicked.ok, clicked.error).toBe(true);
      expect(clicked.responseType).toBe(7);
      // The clicked message says the decision is done and shows the decider's table after it: their hand
      // as it is now (a cheated card gone); its buttons are spent unless their next decision came with it.
      const settled = app.double.message(where!.message.id)!;
      expect(settled.content.split('\n')[0]).toMatch(/^✅ (Alice|Bob): .* — done\.$/);
      const now = activeState(await app.state());
      expect(settled.embeds[0]?.title).toBe(en('hand.title', { count: now.seats[decision!.seat].hand.length }));
      const next = engine.pendingDecision(now);
      const spent = componentsOf(settled).filter((c) => String(c.custom_id).startsWith('fk:d:'));
      if (next?.seat === decision!.seat) expect(spent.every((c) => String(c.custom_id).startsWith(decisionCustomId(gameId, next)))).toBe(true);
      else expect(spent).toEqual([]);
      expect(await app.eventCount()).toBeGreaterThan(eventsBefore);
    }
    expect(bobTriedAlicesButton).toBe(true);
    expect(seenKinds).toEqual(expect.arrayContaining(['alice:soulstone', 'bob:soulstone', 'bob:pick', 'alice:cheat', 'bob:cheat', 'alice:trigger', 'alice:triggerCost']));

    // --- the result: nothing pending, the stored log is the engine's own run of the same choices
    state = activeState(await app.state());
    expect(engine.pendingDecision(state)).toBeNull();
    expect(state.resolution).toBeNull();
    const log = await app.events();
    expect(withoutGameId(effectiveLog(log))).toEqual(withoutGameId(SCRIPT.events));
    expect(replayStored(log)).toEqual(state);
    const types = effectiveLog(log).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['DuelStarted', 'SoulstoneUsed', 'FateCheated', 'TriggerDeclared', 'DuelResolved', 'DamageResolved']));

    // The duel picture, with the result, posted publicly.
    const pictured = app.publicMessages().filter((m) => m.attachments.some((a) => a.filename === 'duel.png'));
    expect(pictured.length).toBeGreaterThanOrEqual(1);
    const final = pictured.at(-1)!;
    const png = app.double.attachmentData(final.attachments.find((a) => a.filename === 'duel.png')!.id)!;
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(final.embeds[0]?.image?.url).toMatch(/\/duel\.png$/);
    if (process.env.E2E_DEBUG) for (const m of app.publicMessages()) process.stderr.write(`---- ${m.attachments.map((a) => a.filename).join(',')}\n${messageText(m)}\n`);
    const resultMessage = pictured.find((m) => messageText(m).includes('**Alice** succeeds'));
    expect(resultMessage, 'a duel picture with the result').toBeDefined();
    expect(app.publicMessages().map(messageText).join('\n')).toContain('✨ **Alice** declares Critical Strike');
    // The cost's card was chosen in private, then discarded face up (LOC-7): now everyone may see it.
    const paid = SCRIPT.events.find((e): e is Extract<engine.GameEvent, { type: 'TriggerCostPaid' }> => e.type === 'TriggerCostPaid')!;
    const paidLine = app.visibleTo('bob').map(messageText).join('\n').split('\n').find((l) => l.includes('to pay for Critical Strike.'));
    expect(paidLine, 'the paid cost, announced publicly').toBeDefined();
    // In words: the rule it applies (TRIG-4) is for referees, in the log's detail.
    expect(app.visibleTo('bob').map(messageText).join('\n')).not.toContain('TRIG-4');
    expect(findCards(paidLine!, paid.cards)).toEqual(paid.cards);
    expect(state.seats[0].discard).toEqual(expect.arrayContaining(paid.cards));
    expect(messageText(final)).toMatch(/\*\*Bob\*\* takes \*\*\d+\*\* damage/);
    // Critical Strike fired: its +1 joins the damage flip (DMG-7 step 2), said where the damage starts.
    expect(app.publicMessages().map(messageText).join('\n')).toContain("💥 Damage: **Alice** against **Bob** (2/3/4 +1).");
    const dealt = SCRIPT.events.find((e): e is Extract<engine.GameEvent, { type: 'DamageResolved' }> => e.type === 'DamageResolved')!.result;
    expect(dealt.base).toBe(dealt.card === 'BJ' ? 0 : ({ weak: 2, moderate: 3, severe: 4 }[dealt.band!] ?? 0) + (dealt.card === 'RJ' ? 1 : 0) + 1);
    const cheated = SCRIPT.events.find((e): e is Extract<engine.GameEvent, { type: 'FateCheated' }> => e.type === 'FateCheated' && e.seat === 0)!;
    expect(messageText(app.publicMessages().find((m) => messageText(m).includes('cheats fate'))!)).toMatch(/Alice\*\* cheats fate/);
    expect(state.seats[0].hand).not.toContain(cheated.card);

    // After everything: neither the opponent nor an outsider ever saw a card still hidden in a hand.
    for (const seat of [0, 1] as const) {
      const hidden = state.seats[seat].hand.filter((c) => !state.seats[seat].revealedInHand.includes(c) && !state.seats[seat === 0 ? 1 : 0].hand.includes(c));
      for (const viewer of [userOf(seat === 0 ? 1 : 0), 'carol'] as const) {
        const seen = [...app.visibleTo(viewer), ...app.dms(viewer)].map(messageText).join('\n');
        expect(findCards(seen, hidden), `${viewer} sees ${userOf(seat)}'s hand`).toEqual([]);
      }
    }
    expect(app.logs.filter((l) => !l.startsWith('[console'))).toEqual([]);
  });
});
