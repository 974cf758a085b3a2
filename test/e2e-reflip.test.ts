/**
 * FLIP-7 re-flips, end to end: the real bot behind the signed HTTP endpoint, the local Discord double, a
 * real database. During an opposed duel Alice uses /reflip twice — once while she chooses her card, once
 * after she has cheated (no second cheat, CHEAT-4) — and Bob's and Alice's hands never show anywhere the
 * other player (or a bystander) can read.
 *
 * As in e2e-duel, the seed is chosen first with the engine alone so the scripted moments happen (Alice
 * picks among two cards, cheats before Bob decides, no joker), and at the end the log the bot stored must
 * equal the engine's own run of the same commands and choices.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as engine from '../src/systems/malifaux-table/engine/index.js';
import { cardValue } from '../src/systems/malifaux-table/engine/cards.js';
import { card as cardGlyph } from '../src/systems/malifaux-table/present/cards.js';
import {
  IDS,
  activeState,
  advance,
  componentsOf,
  effectiveLog,
  findCards,
  latestDecisionMessage,
  messageText,
  replayStored,
  startApp,
  type App,
  type Policy,
} from './support/app.js';

const DRAW = 5;
/** What `/duel opposed attack:6 defense:5 attack_fate:1` becomes (commands/duel.ts). */
const DUEL_OPTIONS = { attack: 6, defense: 5, attack_fate: 1 };
const DUEL_COMMAND: engine.Command = {
  type: 'opposedDuel',
  attacker: 0,
  defender: 1,
  attackerStat: 6,
  defenderStat: 5,
  attackerFate: 1,
  defenderFate: 0,
  attackerModifier: 0,
  defenderModifier: 0,
  attackerSoulstoneUser: false,
  defenderSoulstoneUser: false,
  attackerTriggers: [],
  defenderTriggers: [],
  tnSuits: [],
  friendly: false,
  inCover: false,
  inConcealment: false,
  targetSoulstoneUser: false,
};

/** Both take their best card; Alice cheats with her best hand card, Bob never cheats. */
const policy: Policy = (_state, d) => {
  switch (d.kind) {
    case 'pick':
      return [...d.legal].sort((a, b) => cardValue(b) - cardValue(a))[0]!;
    case 'cheat':
      return d.seat === 0 ? [...d.legal].sort((a, b) => cardValue(b) - cardValue(a))[0]! : engine.DECLINE;
    case 'discardDown':
      return d.legal.slice(0, d.count);
    case 'redJokerSuit':
      return d.legal[0]!;
    case 'trigger':
      return engine.NO_TRIGGER;
    case 'yield':
      return 'fight';
    default:
      return 'none';
  }
};

const ALICE: engine.Actor = { userId: IDS.alice, seat: 0, referee: false };
const BOB: engine.Actor = { userId: IDS.bob, seat: 1, referee: false };

/** The scripted game with the engine alone: the events, and where each moment of the script stood. */
function script(seed: string) {
  let state: engine.GameState = engine.initialState;
  const events: engine.GameEvent[] = [];
  const apply = (command: engine.Command, actor: engine.Actor): engine.GameEvent[] => {
    const decided = engine.decide(state, command, actor);
    if (!decided.ok) throw new Error(`${command.type}: ${decided.error.code}`);
    for (const e of decided.value) state = engine.evolve(state, e);
    events.push(...decided.value);
    return decided.value;
  };
  const answerUntil = (stop?: (d: engine.PendingDecision) => boolean): engine.PendingDecision | null => {
    for (let guard = 0; guard < 50; guard++) {
      const d = engine.pendingDecision(state);
      if (!d || stop?.(d)) return d;
      apply(engine.commandForChoice(d, policy(activeState(state), d))!, d.seat === 0 ? ALICE : BOB);
    }
    throw new Error('never stops deciding');
  };
  apply({ type: 'startGame', gameId: 'sim', system: 'm3e', seats: [{ userId: IDS.alice, name: 'Alice' }, { userId: IDS.bob, name: 'Bob' }], seed, createdBy: IDS.alice }, { userId: IDS.alice, seat: null, referee: true });
  apply({ type: 'draw', count: DRAW }, ALICE);
  apply({ type: 'draw', count: DRAW }, BOB);
  apply(DUEL_COMMAND, ALICE);
  const atStart = engine.pendingDecision(state);
  const firstReflip = apply({ type: 'reflip' }, ALICE);
  const afterFirst = engine.pendingDecision(state);
  const atBobsCheat = answerUntil((d) => d.kind === 'cheat' && d.seat === 1);
  const aliceCheated = events.some((e) => e.type === 'FateCheated' && e.seat === 0);
  const secondReflip = atBobsCheat ? apply({ type: 'reflip' }, ALICE) : [];
  const afterSecond = engine.pendingDecision(state);
  answerUntil();
  return { seed, events, state, atStart, firstReflip, afterFirst, atBobsCheat, aliceCheated, secondReflip, afterSecond };
}

function findScript() {
  for (let i = 0; i < 5_000; i++) {
    const seed = createHash('sha256').update(`e2e-reflip-${i}`).digest('hex');
    let run: ReturnType<typeof script>;
    try {
      run = script(seed);
    } catch {
      continue;
    }
    const jokers = run.events.some((e) => e.type === 'CardsFlipped' && (e.cards.includes('RJ') || e.cards.includes('BJ')));
    if (
      !jokers &&
      run.atStart?.kind === 'pick' &&
      run.atStart.seat === 0 &&
      run.afterFirst?.kind === 'pick' &&
      run.afterFirst.seat === 0 &&
      run.aliceCheated &&
      run.atBobsCheat !== null &&
      run.afterSecond?.kind === 'pick' &&
      run.afterSecond.seat === 0 &&
      run.state.status === 'active' &&
      run.state.resolution === null
    ) {
      return run;
    }
  }
  throw new Error('no seed gives the scripted re-flips');
}

const SCRIPT = findScript();
const withoutGameId = (events: engine.GameEvent[]) => events.map((e) => (e.type === 'GameStarted' ? { ...e, gameId: '-' } : e));

describe('a re-flip during an opposed duel, through the HTTP transport', () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp({ mode: 'http', backend: 'sqlite', newSeed: () => SCRIPT.seed });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Every card code anyone may have seen: flipped, cheated in, discarded (either deck). */
  const publicCodes = (events: readonly engine.GameEvent[]): Set<string> => {
    const seen = new Set<string>();
    for (const e of events) {
      if (e.type === 'CardsFlipped' || e.type === 'FlipDiscardedForReflip' || e.type === 'CardsDiscarded' || e.type === 'CardsRevealed') e.cards.forEach((c) => seen.add(c));
      if (e.type === 'FateCheated') seen.add(e.card);
    }
    return seen;
  };

  /** Neither the opponent nor a bystander has ever been shown a card still hidden in a hand. */
  const expectNoLeak = async (): Promise<void> => {
    await app.settle();
    const state = activeState(await app.state());
    const shown = publicCodes(effectiveLog(await app.events()));
    for (const seat of [0, 1] as const) {
      const other = seat === 0 ? 1 : 0;
      const hidden = state.seats[seat].hand.filter((c) => !state.seats[other].hand.includes(c) && !shown.has(c));
      for (const viewer of [other === 0 ? 'alice' : 'bob', 'carol'] as const) {
        const seen = [...app.visibleTo(viewer), ...app.dms(viewer)].map(messageText).join('\n');
        expect(findCards(seen, hidden), `${viewer} sees ${seat === 0 ? 'Alice' : 'Bob'}'s hand`).toEqual([]);
      }
    }
  };

  it('Alice re-flips her attack flip twice; the second time she may not cheat again, and no hand leaks', async () => {
    expect((await app.command('alice', 'game new', { opponent: IDS.bob, system: 'm3e' })).ok).toBe(true);
    for (const who of ['alice', 'bob'] as const) expect((await app.command(who, 'draw', { count: DRAW })).ok).toBe(true);
    const started = await app.command('alice', 'duel opposed', DUEL_OPTIONS);
    expect(started.ok && started.reply?.ephemeral === false, started.error ?? started.reply?.content).toBe(true);
    const gameId = activeState(await app.state()).gameId;
    expect(engine.pendingDecision(activeState(await app.state()))).toMatchObject({ kind: 'pick', seat: 0 });
    const oldPick = latestDecisionMessage(app.dms('alice'), gameId)!;
    await expectNoLeak();

    // Bob may not re-flip Alice's flip: a private refusal, nothing stored.
    const eventsBefore = await app.eventCount();
    const refused = await app.command('bob', 'reflip', { flip: 'attacker' });
    expect(refused.reply?.ephemeral).toBe(true);
    expect(refused.reply?.visibleTo).toBe(IDS.bob);
    expect(refused.reply?.content).toContain('That flip is Alice’s');
    expect(await app.eventCount()).toBe(eventsBefore);

    // 1. While she chooses her card: the two revealed cards go to the discard, two new ones are flipped.
    // The duel's one channel message tells it (edited in place); Alice is answered privately.
    const duelMessage = app.lastPublic()!;
    const first = await app.command('alice', 'reflip', {});
    expect(first.ok, first.error).toBe(true);
    expect(first.reply?.ephemeral).toBe(true);
    await app.settle();
    expect(app.lastPublic()!.id).toBe(duelMessage.id);
    const discarded1 = (SCRIPT.firstReflip[0] as Extract<engine.GameEvent, { type: 'FlipDiscardedForReflip' }>).cards;
    const text1 = messageText(app.lastPublic()!);
    expect(text1).toContain('🔁 **Alice** re-flips (attack flip)');
    expect(text1).toContain(`${discarded1.map((c) => cardGlyph(c)).join(' ')} go to the discard`);
    // New pick buttons in a new DM; the old DM's buttons are taken away (a click could only be stale).
    await app.settle();
    const newPick = latestDecisionMessage(app.dms('alice'), gameId)!;
    expect(newPick.id).not.toBe(oldPick.id);
    expect(latestDecisionMessage([app.double.message(oldPick.id)!], gameId)).toBeUndefined();
    expect(latestDecisionMessage(app.publicMessages(), gameId)).toBeUndefined();
    await expectNoLeak();

    // 2. Alice picks and cheats (her DM), then Bob must decide about his cheat: Alice re-flips again.
    expect(await advance(app, { policy, until: (d) => d.kind === 'cheat' && d.seat === 1 })).toMatchObject({ kind: 'cheat', seat: 1 });
    const bobsFirstDm = latestDecisionMessage(app.dms('bob'), gameId)!;
    const second = await app.command('alice', 'reflip', {});
    expect(second.ok, second.error).toBe(true);
    await app.settle();
    expect(app.lastPublic()!.id).toBe(duelMessage.id);
    const text2 = messageText(app.lastPublic()!);
    const cheatedIn = (SCRIPT.secondReflip[0] as Extract<engine.GameEvent, { type: 'FlipDiscardedForReflip' }>).cards;
    expect(text2).toContain(`🔁 **Alice** re-flips (attack flip): ${cheatedIn.map((c) => cardGlyph(c)).join(' ')} go to the discard`);
    expect(text2).toContain('no cheating on the re-flip.');
    await expectNoLeak();

    // 3. Alice picks among her new cards — and is not asked about cheating; Bob's cheat decision reopens
    // (a new DM: the old one loses its select); he declines and the duel resolves.
    const kinds: string[] = [];
    const recording: Policy = (s, d) => (kinds.push(`${d.seat}:${d.kind}`), policy(s, d));
    expect(await advance(app, { policy: recording, until: (d) => d.kind === 'cheat' && d.seat === 1 })).toMatchObject({ kind: 'cheat', seat: 1 });
    await app.settle();
    const bobsDm = latestDecisionMessage(app.dms('bob'), gameId)!;
    expect(bobsDm.id).not.toBe(bobsFirstDm.id);
    // The old DM's select was taken away when the new one came (Discord would not even send a click on it).
    expect(componentsOf(bobsFirstDm).some((c) => c.type === 3)).toBe(true);
    expect(componentsOf(app.dms('bob').find((m) => m.id === bobsFirstDm.id)!).some((c) => c.type === 3)).toBe(false);
    expect(await advance(app, { policy: recording })).toBeNull();
    expect(kinds).toEqual(['0:pick', '1:cheat']);
    const state = activeState(await app.state());
    expect(state.resolution).toBeNull();
    const log = await app.events();
    expect(withoutGameId(effectiveLog(log))).toEqual(withoutGameId(SCRIPT.events));
    expect(replayStored(log)).toEqual(state);
    expect(effectiveLog(log).filter((e) => e.type === 'FateCheated')).toHaveLength(1);
    await expectNoLeak();
    expect(app.logs.filter((l) => !l.startsWith('[console'))).toEqual([]);
  });
});
