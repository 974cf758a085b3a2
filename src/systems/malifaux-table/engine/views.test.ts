/** Hidden information: public and private views, public events. */
import { describe, expect, it } from 'vitest';
import { decide, initialState } from './game.js';
import { privateView, publicEvent, publicView } from './views.js';
import { seedCommitment } from './rng.js';
import { P0, P1, REF, SEED, STRANGER, scenario, startCommand } from './testkit.js';
import type { Scenario } from './testkit.js';
import { SAMPLES } from './eventSamples.js';
import type { GameEvent } from './index.js';
import type { CardCode } from './cards.js';
import { freshDeck } from './cards.js';
import type { PendingDecision } from './decisions.js';

describe('views', () => {
  it('the public view shows counts, public zones and the commitment — never hands, deck order or the seed', () => {
    const s = scenario({ hands: [['13R', '12R'], ['1C']], decks: [['9M'], []] }).do({ type: 'flip', modifier: 1 }, P0);
    const view = publicView(s.state);
    const json = JSON.stringify(view);
    expect(json).not.toContain('"13R"');
    expect(json).not.toContain('"1C"');
    expect(json).not.toContain(SEED);
    if (view.status === 'new') throw new Error('not started');
    expect(view.seedCommitment).toBe(seedCommitment(SEED));
    expect(view.seed).toBeNull();
    expect(view.seats.map((z) => z.handCount)).toEqual([2, 1]);
    expect(view.pending).toEqual({ id: expect.any(String), kind: 'pick', seat: 0, since: expect.any(Number) });
    expect(Object.keys(view.seats[0])).not.toContain('deck');
    expect(Object.keys(view.seats[0])).not.toContain('hand');
  });

  it('the private view adds that seat’s hand, and its own pending decision with the legal choices', () => {
    const s = scenario({ hands: [['13R'], ['1C']], decks: [['9M'], []] }).do({ type: 'flip', modifier: 0 }, P0);
    const mine = privateView(s.state, 0);
    const theirs = privateView(s.state, 1);
    if (mine.status === 'new' || theirs.status === 'new') throw new Error('not started');
    expect(mine.hand).toEqual(['13R']);
    expect(mine.decision).toMatchObject({ kind: 'cheat', legal: ['13R'] });
    expect(theirs.hand).toEqual(['1C']);
    expect(theirs.decision).toBeNull();
    expect(JSON.stringify(theirs)).not.toContain('"13R"');
  });

  it('after the end, the seed may be shown', () => {
    const s = scenario().do({ type: 'endGame' }, P1);
    const view = publicView(s.state);
    expect(view.status === 'ended' && view.seed).toBe(SEED);
    expect(publicView(initialState)).toEqual({ status: 'new' });
    expect(privateView(initialState, 0)).toEqual({ status: 'new' });
  });

  it('something in the log that is no event of this engine (a platform entry, a garbled one) shows nothing', () => {
    expect(publicEvent({ type: 'LogEntryRefereesChosen', roleId: null, hand: ['13R'] } as never)).toBeNull();
  });

  it('public events hide the seed, shuffle orders and cuts, and drawn cards', () => {
    const r = decide(initialState, startCommand(), P0);
    if (!r.ok) throw new Error(r.error.code);
    const [started, shuffled] = r.value;
    expect(JSON.stringify(publicEvent(started!))).not.toContain(SEED);
    expect(publicEvent(started!)).toMatchObject({ type: 'GameStarted', seedCommitment: seedCommitment(SEED) });
    expect(publicEvent(shuffled!)).toEqual({ type: 'DeckShuffled', seat: 0, index: 0, reason: 'setup', count: 54 });
    const drawn = scenario({ decks: [['9M', '2T'], []] }).do({ type: 'draw', count: 2 }, P0).last[0];
    expect(publicEvent(drawn!)).toEqual({ type: 'CardsDrawn', seat: 0, count: 2 });
    const cheat = scenario({ decks: [['2T'], []], hands: [['12C'], []] }).do({ type: 'flip', modifier: 0 }, P0).do({ type: 'cheatFate', card: '12C' }, P0).last[0];
    expect(publicEvent(cheat!)).toMatchObject({ type: 'FateCheated', card: '12C' }); // placed in the conflict: public
  });
});

describe('publicEvent: what the audit log may show of each event while the game runs', () => {
  const samples = Object.values(SAMPLES).flat() as GameEvent[];
  const HIDING = new Set(['GameStarted', 'DeckShuffled', 'CardsDrawn', 'DecisionOpened']);

  it('LOC-1, LOC-2: the seed, shuffle orders and cuts, and drawn cards are removed; counts stay', () => {
    const started = SAMPLES.GameStarted[0]!;
    const { seed: _seed, ...withoutSeed } = started;
    expect(publicEvent(started)).toEqual(withoutSeed);
    expect(JSON.stringify(publicEvent(started))).not.toContain(started.seed);
    for (const shuffled of SAMPLES.DeckShuffled) {
      expect(publicEvent(shuffled)).toEqual({ type: 'DeckShuffled', seat: shuffled.seat, index: shuffled.index, reason: shuffled.reason, count: shuffled.order.length });
    }
    const drawn = SAMPLES.CardsDrawn[0]!;
    expect(publicEvent(drawn)).toEqual({ type: 'CardsDrawn', seat: drawn.seat, count: drawn.cards.length });
  });

  it('CHEAT-1: a decision record keeps its public choices and drops the hand cards a cheat, a discard-down or a trigger cost offers', () => {
    for (const opened of SAMPLES.DecisionOpened) {
      const shown = publicEvent(opened) as { decision: Record<string, unknown> };
      const handChoices = ['cheat', 'discardDown', 'triggerCost'].includes(opened.decision.kind);
      expect('legal' in shown.decision).toBe(!handChoices);
      const { legal: _legal, ...rest } = opened.decision as typeof opened.decision & { legal: unknown };
      expect(shown).toEqual({ type: 'DecisionOpened', since: opened.since, decision: handChoices ? rest : opened.decision });
    }
  });

  it('every other event is public as it is: an equal copy, never the stored event itself', () => {
    let checked = 0;
    for (const event of samples.filter((e) => !HIDING.has(e.type))) {
      const shown = publicEvent(event);
      expect(shown, event.type).toEqual(event);
      expect(shown, `${event.type} is copied`).not.toBe(event);
      checked++;
    }
    expect(checked).toBeGreaterThan(30);
  });
});

/** Each seat holds its own 54 cards, with the same codes: a code is hidden when no public place of either seat shows it. */
function absentCodes(json: string, shown: readonly CardCode[]): CardCode[] {
  return freshDeck().filter((c) => !shown.includes(c) && json.includes(`"${c}"`));
}

describe('views as an adversary reads them', () => {
  // Alice: hand 13R 12R 5C, reveals 12R (LOC-10), discards 5C (LOC-7), flips 9M (her deck's top; 3T under
  // it) into the conflict (LOC-6) and may cheat. Bob: hand 1C 2C. Stones 2 / 0.
  const table = scenario({ hands: [['13R', '12R', '5C'], ['1C', '2C']], decks: [['9M', '3T'], []], soulstones: [2, 0] })
    .do({ type: 'reveal', cards: ['12R'] }, P0)
    .do({ type: 'discard', cards: ['5C'] }, P0)
    .do({ type: 'flip', modifier: 0 }, P0);
  /** Every code either seat shows in a public place: the discard, the conflict (the flip's card), the revealed hand card. */
  const SHOWN = ['5C', '9M', '12R'];

  it('LOC-2, LOC-5, LOC-6, LOC-7, LOC-10: each seat shows how many cards its hand and deck hold, its public zones as they are, its stones and shuffles', () => {
    const view = publicView(table.state);
    if (view.status !== 'active') throw new Error(view.status);
    expect(view.seats).toStrictEqual([
      // 3 drawn − 1 discarded; 54 − 3 drawn − 1 flipped.
      { seat: 0, userId: 'alice', name: 'Alice', handCount: 2, deckCount: 50, discard: ['5C'], conflict: ['9M'], removed: [], revealedInHand: ['12R'], soulstones: 2, shuffles: 1 },
      { seat: 1, userId: 'bob', name: 'Bob', handCount: 2, deckCount: 52, discard: [], conflict: [], removed: [], revealedInHand: [], soulstones: 0, shuffles: 1 },
    ]);
    expect(view).toMatchObject({ status: 'active', gameId: 'g1', system: 'm3e', createdBy: 'alice', seedCommitment: seedCommitment(SEED), seed: null, eventCount: table.events.length });
    expect(view.options).toStrictEqual({ handLimit: 6, preventAndReduce: false });
    expect(view.options).not.toBe(table.active.options);
  });

  it('LOC-2, LOC-5: the public view carries no code but the shown ones: no hand card, no deck card (so no deck order), no seed', () => {
    const json = JSON.stringify(publicView(table.state));
    expect(absentCodes(json, SHOWN)).toEqual([]);
    for (const c of SHOWN) expect(json).toContain(`"${c}"`);
    expect(json).not.toContain(SEED);
    expect(json).not.toContain('"legal"');
  });

  it('LOC-5: a seat’s private view adds its own hand and nothing of the other’s: Alice sees 13R 12R and her cheat choices, Bob 1C 2C only', () => {
    const alice = privateView(table.state, 0);
    const bob = privateView(table.state, 1);
    if (alice.status !== 'active' || bob.status !== 'active') throw new Error('not active');
    const pending = table.pending as PendingDecision;
    expect(alice).toStrictEqual({ ...publicView(table.state), viewer: 0, hand: ['13R', '12R'], decision: pending });
    expect(alice.decision).toMatchObject({ kind: 'cheat', seat: 0, legal: ['13R', '12R'] });
    expect(bob).toStrictEqual({ ...publicView(table.state), viewer: 1, hand: ['1C', '2C'], decision: null });
    expect(absentCodes(JSON.stringify(alice), SHOWN)).toEqual(['13R']); // 12R is shown already
    expect(absentCodes(JSON.stringify(bob), SHOWN)).toEqual(['1C', '2C']);
    expect(JSON.stringify(bob)).not.toContain(SEED);
    // The hand is a copy: the view cannot reach into the state.
    alice.hand.push('1M');
    expect(table.active.seats[0].hand).toEqual(['13R', '12R']);
  });

  it('FLIP-1: the flip being resolved is public, as a copy; idle, there is none', () => {
    const view = publicView(table.state);
    if (view.status !== 'active') throw new Error(view.status);
    expect(view.resolution).toStrictEqual(table.active.resolution);
    expect(view.resolution).toMatchObject({ kind: 'flip', flips: [{ seat: 0, slot: 'main', revealed: ['9M'], taken: '9M', cheat: null }] });
    expect(view.resolution).not.toBe(table.active.resolution);
    const idle = publicView(table.answer('decline').state);
    expect(idle.status === 'active' && idle.resolution).toBeNull();
    expect(idle.status === 'active' && idle.pending).toBeNull();
  });

  it('LOC-9: removed cards are face up: the public view shows them', () => {
    const state = structuredClone(table.active);
    state.seats[1].removed = ['7T', 'BJ'];
    const view = publicView(state);
    expect(view.status === 'active' && view.seats[1].removed).toEqual(['7T', 'BJ']);
  });
});

describe('the pending decision in the public view: whose, which kind, since when, and only the public numbers', () => {
  const publicPending = (s: Scenario) => {
    const view = publicView(s.state);
    return view.status === 'active' ? view.pending : undefined;
  };
  const core = (d: PendingDecision) => ({ id: d.id, kind: d.kind, seat: d.seat, since: d.since });

  it('LOC-5: a discard-down shows how many cards (2 over the maximum of 6), never which', () => {
    const s = scenario({ hands: [['1R', '2R', '3R', '4R', '5R'], []], decks: [['6R', '7R', '8R'], []] }).do({ type: 'draw', count: 3 }, P0);
    const d = s.expectPending('discardDown', 0);
    expect(publicPending(s)).toStrictEqual({ ...core(d), count: 2 });
    expect(absentCodes(JSON.stringify(publicView(s.state)), [])).toEqual([]);
  });

  it('TRIG-4: a trigger’s discard cost shows how many cards (1), never which', () => {
    const s = scenario({ decks: [['9M'], ['2T']], hands: [['3R', '4C'], []] })
      .do({ type: 'opposedDuel', attacker: 0, attackerStat: 5, defenderStat: 5, attackerTriggers: [{ name: 'Flurry', suits: ['M'], cost: { discard: 1 } }] }, P0)
      .answer('decline')
      .answer('Flurry');
    const d = s.expectPending('triggerCost', 0);
    expect(publicPending(s)).toStrictEqual({ ...core(d), count: 1 });
    // 9M and 2T are the duel's cards, in the conflict.
    expect(absentCodes(JSON.stringify(publicView(s.state)), ['9M', '2T'])).toEqual([]);
  });

  it('DMG-7: the soulstone reduction shows the damage it would reduce (3); a Prevent and a pick show no number', () => {
    const s = scenario({ decks: [['12C', '3C'], ['1M']], hands: [['13M'], []], soulstones: [0, 2] }).do(
      { type: 'damageFlip', profile: [2, 3, 4], targetSoulstoneUser: true, armor: 1, fate: 1 },
      P0,
    );
    expect(publicPending(s)).toStrictEqual(core(s.expectPending('prevent', 1)));
    const pick = s.answer('decline');
    expect(publicPending(pick)).toStrictEqual(core(pick.expectPending('pick', 0)));
    const reduce = pick.answer('12C').answer('decline');
    // Severe 12C → 4, armor 1 → 3.
    expect(publicPending(reduce)).toStrictEqual({ ...core(reduce.expectPending('reduce', 1)), damage: 3 });
  });
});

describe('the end of the game in the views', () => {
  const AT = 1_000;
  const UNTIL = 61_000;
  const asked = scenario({ hands: [['13R'], ['1C']] }).do({ type: 'endGame', reason: 'rain', concede: true, at: AT, until: UNTIL }, P1);

  it('while an end waits, the view shows it (a copy) and the game is still active: no seed, no result yet', () => {
    const view = publicView(asked.state);
    expect(view).toMatchObject({ status: 'active', seed: null, endedBy: null, endReason: null, conceded: null });
    if (view.status === 'new') throw new Error('new');
    expect(view.ending).toStrictEqual({ by: 'bob', seat: 1, concede: true, at: AT, until: UNTIL, reason: 'rain' });
    expect(view.ending).not.toBe(asked.active.ending);
    const back = publicView(asked.do({ type: 'takeBackEnd', now: AT + 1 }, P0).state);
    expect(back.status === 'active' && back.ending).toBeNull();
    expect(publicView(scenario().state)).toMatchObject({ status: 'active', ending: null, seed: null });
  });

  it('once ended: the seed, who ended it, why, and the seat that conceded; nothing is pending or waiting', () => {
    const ended = publicView(asked.do({ type: 'finalizeEnd', now: UNTIL }, STRANGER).state);
    expect(ended).toMatchObject({ status: 'ended', seed: SEED, seedCommitment: seedCommitment(SEED), endedBy: 'bob', endReason: 'rain', conceded: 1, ending: null, pending: null });
    // A referee closes a game without a result and without a reason.
    const closed = publicView(scenario().do({ type: 'endGame' }, REF).state);
    expect(closed).toMatchObject({ status: 'ended', seed: SEED, endedBy: 'judge', endReason: null, conceded: null });
    expect(closed.status === 'ended' && closed.conceded).toBeNull();
    // Hands stay private after the end: only their counts.
    const after = privateView(asked.do({ type: 'finalizeEnd', now: UNTIL }, STRANGER).state, 1);
    expect(after).toMatchObject({ status: 'ended', viewer: 1, hand: ['1C'], decision: null });
    expect(JSON.stringify(after)).not.toContain('"13R"');
  });
});
