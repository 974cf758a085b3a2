/** The aggregate: lifecycle, who may act, pending decisions, stale answers, undo by replay. */
import { describe, expect, it } from 'vitest';
import { decide, evolve, initialState, replay } from './game.js';
import { pendingDecision } from './decisions.js';
import type { Command } from './schema.js';
import { stateSchema } from './schema.js';
import { P0, P1, REF, SEED, STRANGER, given, scenario, startCommand } from './testkit.js';

const opposed = { type: 'opposedDuel', attacker: 0, attackerStat: 5, defenderStat: 5 } as const;

describe('lifecycle', () => {
  it('startGame shuffles both decks (setup) and starts with empty hands and pools', () => {
    const r = decide(initialState, startCommand(), STRANGER);
    if (!r.ok) throw new Error(r.error.code);
    expect(r.value.map((e) => e.type)).toEqual(['GameStarted', 'DeckShuffled', 'DeckShuffled']);
    const s = replay(r.value);
    if (s.status !== 'active') throw new Error('not active');
    expect(s.seats.map((z) => [z.deck.length, z.hand.length, z.soulstones, z.shuffles])).toEqual([
      [54, 0, 0, 1],
      [54, 0, 0, 1],
    ]);
    expect(s.seats[0].deck).not.toEqual(s.seats[1].deck);
    // LOC-5's six cards, and SS-4's one soulstone per effect, unless the game chose otherwise.
    expect(s.options).toEqual({ handLimit: 6, preventAndReduce: false });
    const chosen = decide(initialState, { ...startCommand(), options: { handLimit: 8, preventAndReduce: true } } as Command, STRANGER);
    expect(chosen.ok && chosen.value[0]).toMatchObject({ type: 'GameStarted', options: { handLimit: 8, preventAndReduce: true } });
  });

  it('refuses a bad seed, a second start, commands before the start and after the end', () => {
    given([]).when({ ...startCommand(), seed: 'abc' } as Command, P0).thenError('INVALID_SEED');
    given([]).when({ ...startCommand(), seed: 'z'.repeat(64) } as Command, P0).thenError('INVALID_SEED');
    expect(decide(initialState, { ...startCommand(), seed: SEED.toUpperCase() } as Command, P0).ok).toBe(true);
    given([]).when({ type: 'flip', modifier: 0 }, P0).thenError('GAME_NOT_STARTED');
    given(scenario()).when(startCommand(), P0).thenError('GAME_ALREADY_STARTED');
    const ended = scenario().do({ type: 'endGame', reason: 'time' }, P1);
    expect(ended.state).toMatchObject({ status: 'ended', endedBy: 'bob', endReason: 'time' });
    given(ended).when({ type: 'draw', count: 1 }, P0).thenError('GAME_ENDED');
  });

  it('refuses malformed commands with INVALID_COMMAND and the offending field', () => {
    const e = given(scenario()).when({ type: 'flip', modifier: 1.5 } as Command, P0).thenError('INVALID_COMMAND');
    expect(e.params).toMatchObject({ field: 'modifier' });
    given(scenario()).when({ type: 'nope' } as unknown as Command, P0).thenError('INVALID_COMMAND');
    given(scenario()).when({ type: 'discard', cards: ['15R'] }, P0).thenError('INVALID_COMMAND');
    // A heal flip needs the amounts' profile and a Health within its maximum (the maximum itself is fine); a paired flip has no profile.
    const heal = (health: number, more: object = { profile: [1, 2, 3] }) => ({ type: 'flip', modifier: 0, heal: { health, maxHealth: 5 }, ...more }) as Command;
    expect(given(scenario()).when(heal(3, {}), P0).thenError('INVALID_COMMAND').params).toEqual({ field: 'heal', problem: 'needs a profile' });
    expect(given(scenario()).when(heal(6), P0).thenError('INVALID_COMMAND').params).toEqual({ field: 'heal', problem: 'health above its maximum' });
    expect(decide(scenario().state, heal(5), P0).ok).toBe(true);
    expect(given(scenario()).when({ type: 'flip', modifier: 0, profile: [1, 2, 3], pair: { firstOnTie: 0 } }, P0).thenError('INVALID_COMMAND').params).toEqual({ field: 'pair', problem: 'with a profile' });
  });
});

describe('who may act', () => {
  it('a non-player may only use referee commands; a stranger none', () => {
    given(scenario()).when({ type: 'draw', count: 1 }, REF).thenError('NOT_A_PLAYER');
    given(scenario()).when({ type: 'endGame' }, STRANGER).thenError('REFEREE_ONLY');
    given(scenario()).when({ type: 'endGame' }, REF).then([{ type: 'GameEnded', by: 'judge', reason: null }]);
    given(scenario()).when({ type: 'setSoulstones', seat: 0, count: 1 }, STRANGER).thenError('NOT_A_PLAYER');
  });

  it('a seat claimed by someone else is refused, naming the seat', () => {
    expect(given(scenario()).when({ type: 'draw', count: 1 }, { userId: 'mallory', seat: 0, referee: false }).thenError('NOT_YOUR_SEAT').params).toEqual({ seat: 0 });
    // DUEL-3: a duel is begun by its attacker; a referee sets soulstones for a seat, a player only for their own.
    expect(given(scenario()).when(opposed, P1).thenError('NOT_YOUR_SEAT', 'DUEL-3').params).toEqual({ seat: 0 });
    expect(given(scenario()).when({ type: 'setSoulstones', seat: 1, count: 2 }, P0).thenError('NOT_YOUR_SEAT').params).toEqual({ seat: 1 });
  });

  it('while a decision is pending, everything else is refused with whose decision it is and the rule that orders it', () => {
    const s = scenario({ decks: [['5R'], ['8C']], hands: [['13R'], ['13C']] }).do(opposed, P0);
    // Alice's total is lower, so she decides first (DUEL-4 Step C).
    expect(given(s).when({ type: 'draw', count: 1 }, P1).thenError('WAITING_FOR_DECISION', 'DUEL-4').params).toEqual({ seat: 0, kind: 'cheat' });
    given(s).when({ type: 'declineCheat' }, P1).thenError('WAITING_FOR_DECISION', 'DUEL-4');
    given(s).when({ type: 'pickCard', card: '5R' }, P0).thenError('WAITING_FOR_DECISION');
    given(s).when({ type: 'declineCheat' }, REF).thenError('NOT_A_PLAYER');
    given(s).when({ type: 'setSoulstones', seat: 0, count: 3 }, P0).thenError('WAITING_FOR_DECISION');
    given(s).when({ type: 'setSoulstones', seat: 0, count: 3 }, REF).then([{ type: 'SoulstonesSet', seat: 0, count: 3 }]);
  });

  it('an answer quoting an old decision id is refused as stale; with nothing pending too', () => {
    const s = scenario({ decks: [['5R'], ['8C']], hands: [['13R'], ['13C']] }).do(opposed, P0);
    const first = pendingDecision(s.state);
    const next = s.answer('decline');
    const second = pendingDecision(next.state);
    expect(first?.id).not.toBe(second?.id);
    given(next).when({ type: 'declineCheat', decisionId: first?.id }, P1).thenError('STALE_DECISION');
    given(next).when({ type: 'declineCheat', decisionId: second?.id }, P1).thenIncludes([{ type: 'CheatDeclined', seat: 1 }]);
    const idle = next.answer('decline');
    given(idle).when({ type: 'declineCheat', decisionId: second?.id }, P1).thenError('STALE_DECISION');
    given(idle).when({ type: 'pickCard', card: '5R' }, P1).thenError('NO_DECISION_PENDING');
  });

  it('a decision keeps its id while it stays open, and `since` is the event count when it opened', () => {
    const s = scenario({ decks: [['5R'], ['8C']], hands: [['13R'], ['13C']] }).do(opposed, P0);
    const d = pendingDecision(s.state);
    expect(d?.since).toBe(s.events.length);
    const touched = s.do({ type: 'setSoulstones', seat: 1, count: 4 }, REF);
    expect(pendingDecision(touched.state)?.id).toBe(d?.id);
  });

  it('a referee may cancel a resolution; its conflict cards go to the discard', () => {
    const s = scenario({ decks: [['5R'], ['8C']], hands: [['13R'], ['13C']] }).do(opposed, P0);
    given(s).when({ type: 'cancelResolution' }, P0).thenError('REFEREE_ONLY');
    given(scenario()).when({ type: 'cancelResolution' }, REF).thenError('NO_RESOLUTION');
    const c = s.do({ type: 'cancelResolution' }, REF);
    expect(c.last).toEqual([{ type: 'ResolutionCancelled', resolution: 0, by: 'judge', discarded: [['5R'], ['8C']] }]);
    expect(c.active.resolution).toBeNull();
    expect(c.pending).toBeNull();
  });

  it('hand commands check the cards: not in hand, or named twice', () => {
    const s = scenario({ hands: [['3R', '4R'], []] });
    expect(given(s).when({ type: 'discard', cards: ['5R'] }, P0).thenError('CARD_NOT_IN_HAND').params).toEqual({ card: '5R' });
    given(s).when({ type: 'discard', cards: ['3R', '3R'] }, P0).thenError('DUPLICATE_CARD');
    given(s).when({ type: 'discard', cards: ['3R'] }, P1).thenError('CARD_NOT_IN_HAND');
  });
});

describe('undo by replay', () => {
  it('dropping the last events restores the earlier state and its decision, and re-applying them gives the same state', () => {
    const s0 = scenario({ decks: [['5R'], ['8C']], hands: [['13R'], ['13C']] });
    const s1 = s0.do(opposed, P0);
    const s2 = s1.answer('13R');
    const undone = replay(s2.events.slice(0, s1.events.length));
    expect(undone).toEqual(s1.state);
    expect(pendingDecision(undone)).toEqual(pendingDecision(s1.state));
    expect(s2.lastAll.reduce(evolve, undone)).toEqual(s2.state);
  });

  it('evolve never mutates its input and the state is valid JSON for the schema', () => {
    const s = scenario({ decks: [['5R'], ['8C']], hands: [['13R'], ['13C']] }).do(opposed, P0);
    const before = JSON.stringify(s.state);
    const r = decide(s.state, { type: 'cheatFate', card: '13R' }, P0);
    if (!r.ok) throw new Error(r.error.code);
    r.value.reduce(evolve, s.state);
    expect(JSON.stringify(s.state)).toBe(before);
    expect(stateSchema.parse(JSON.parse(before))).toEqual(s.state);
  });

  it('events after the end are ignored; a second GameStarted too', () => {
    const s = scenario().do({ type: 'endGame' }, P0);
    expect(evolve(s.state, { type: 'SoulstonesSet', seat: 0, count: 5, by: 'x' })).toBe(s.state);
    const active = scenario().state;
    expect(evolve(active, scenario().events[0]!)).toBe(active);
  });
});
