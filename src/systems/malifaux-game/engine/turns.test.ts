import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Result } from '../../contract.js';
import type { Seat } from '../../malifaux-table/engine/schema.js';
import type { ModelStanding, PerSeat, TurnError, TurnState } from './turns.js';
import {
  beginGame,
  chainActivation,
  chooseInitiative,
  endActivation,
  endPhaseStep,
  gainPassTokens,
  handOver,
  initiativeCheatOrder,
  initiativeFlips,
  mayScore,
  pass,
  passTokensAfterStart,
  selectModel,
  startStepDone,
  takeAction,
  turnStateSchema,
  whoseDecision,
} from './turns.js';

function unwrap<T>(r: Result<T, TurnError>): T {
  if (!r.ok) throw new Error(`refused: ${r.error.code} (${r.error.rule})`);
  return r.value;
}

function refusal<T>(r: Result<T, TurnError>): { code: string; rule: string } {
  if (r.ok) throw new Error('expected a refusal');
  return { code: r.error.code, rule: r.error.rule };
}

const mine = (seat: Seat): ModelStanding => ({ ownedBy: seat, activated: false, inPlay: true });

/** Both players finish the Start Phase steps before the flip: discard (not in turn 1) and draw. */
function toInitiativeFlip(state: TurnState): TurnState {
  let s = state;
  while (s.phase === 'start' && (s.step === 'discard' || s.step === 'draw')) s = unwrap(startStepDone(s, s.pending[0] as Seat));
  return s;
}

/** From the flip to the Activation Phase: the flips, the winner's choice, Start Phase effects, START-5. */
function toActivations(state: TurnState, values: PerSeat<number>, holder: 'winner' | 'loser', models: PerSeat<number>): TurnState {
  const flipped = unwrap(initiativeFlips(toInitiativeFlip(state), { values }));
  if (flipped.outcome.kind !== 'winner') throw new Error('tie');
  const winner = flipped.outcome.seat;
  let s = unwrap(chooseInitiative(flipped.state, winner, holder === 'winner' ? winner : winner === 0 ? 1 : 0));
  s = unwrap(startStepDone(s, s.initiative));
  s = unwrap(startStepDone(s, s.initiative === 0 ? 1 : 0));
  return unwrap(passTokensAfterStart(s, models)).state;
}

/** Selects, takes no action, ends; `remaining` after this one is marked activated. */
function activate(state: TurnState, seat: Seat, id: string, remaining: PerSeat<number>): TurnState {
  return unwrap(endActivation(unwrap(selectModel(state, seat, id, mine(seat))), seat, remaining));
}

describe('turns: rule by rule', () => {
  it('SETUP-2: the attacker holds initiative until the turn 1 initiative flip', () => {
    const s = beginGame(1);
    expect(s.initiative).toBe(1);
    expect(s.turn).toBe(1);
    // Seat 0 wins the flip and takes initiative: only then does the attacker lose it.
    const flipped = unwrap(initiativeFlips(toInitiativeFlip(s), { values: [10, 4] }));
    expect(flipped.state.initiative).toBe(1);
    expect(unwrap(chooseInitiative(flipped.state, 0, 0)).initiative).toBe(0);
  });

  it('SETUP-10: turn 1 begins with empty hands, so at the draw, with no discard and no shuffle', () => {
    const s = beginGame(0);
    expect([s.phase, s.step]).toEqual(['start', 'draw']);
    expect(turnStateSchema.safeParse(s).success).toBe(true);
  });

  it('START-1: from turn 2 each player may discard, in either order; then the draw', () => {
    const s: TurnState = { ...beginGame(0), turn: 2, step: 'discard', pending: [0, 1] };
    expect(whoseDecision(s)).toEqual({ seat: 0, kind: 'start-discard' });
    const afterOne = unwrap(startStepDone(s, 1));
    expect(afterOne.step).toBe('discard');
    expect(refusal(startStepDone(afterOne, 1))).toEqual({ code: 'ALREADY_DONE', rule: 'START-1' });
    const afterBoth = unwrap(startStepDone(afterOne, 0));
    expect([afterBoth.step, afterBoth.pending]).toEqual(['draw', [0, 1]]);
  });

  it('START-2: the draw and soulstone draw go initiative holder first', () => {
    const s = beginGame(1);
    expect(whoseDecision(s)).toEqual({ seat: 1, kind: 'start-draw' });
    expect(refusal(startStepDone(s, 0))).toEqual({ code: 'NOT_YOUR_DECISION', rule: 'START-2' });
    const s1 = unwrap(startStepDone(s, 1));
    expect(whoseDecision(s1)).toEqual({ seat: 0, kind: 'start-draw' });
    const s2 = unwrap(startStepDone(s1, 0));
    expect([s2.phase, s2.step]).toEqual(['initiative', 'flip']);
  });

  it('START-3: pass tokens add to the card; the higher total chooses and may give initiative away', () => {
    const s = { ...toInitiativeFlip(beginGame(0)), passTokens: [0, 3] as [number, number] };
    // 9 + 0 against 7 + 3: seat 1 wins by its tokens.
    const r = unwrap(initiativeFlips(s, { values: [9, 7] }));
    expect(r.outcome).toEqual({ kind: 'winner', seat: 1, totals: [9, 10] });
    expect(whoseDecision(r.state)).toEqual({ seat: 1, kind: 'initiative-choice' });
    expect(refusal(chooseInitiative(r.state, 0, 0))).toEqual({ code: 'NOT_YOUR_DECISION', rule: 'START-3' });
    const given = unwrap(chooseInitiative(r.state, 1, 0));
    expect(given.initiative).toBe(0);
    // Step 5: every token on both sides is gone.
    expect(given.passTokens).toEqual([0, 0]);
  });

  it('START-3: equal totals flip again, the tokens still counting', () => {
    const s = { ...toInitiativeFlip(beginGame(0)), passTokens: [2, 0] as [number, number] };
    const tie = unwrap(initiativeFlips(s, { values: [10, 12] }));
    expect(tie.outcome).toEqual({ kind: 'tie', totals: [12, 12] });
    expect([tie.state.step, tie.state.initiativeTies, tie.state.passTokens]).toEqual(['flip', 1, [2, 0]]);
    // Second round: 5 + 2 against 6: seat 0 wins by the token it kept.
    const again = unwrap(initiativeFlips(tie.state, { values: [5, 6] }));
    expect(again.outcome).toEqual({ kind: 'winner', seat: 0, totals: [7, 6] });
  });

  it('START-3: the lower flip decides first whether to cheat; equal flips, the current holder', () => {
    const s = toInitiativeFlip(beginGame(1));
    expect(initiativeCheatOrder(s, [5, 9])).toEqual([0, 1]);
    expect(initiativeCheatOrder(s, [13, 2])).toEqual([1, 0]);
    expect(initiativeCheatOrder(s, [8, 8])).toEqual([1, 0]);
  });

  it('AMB-10: the cheat order reads the raw flip, not flip plus tokens', () => {
    // Seat 0 flips 6 with 4 tokens (10), seat 1 flips 8 (8): seat 0 still decides first.
    const s = { ...toInitiativeFlip(beginGame(1)), passTokens: [4, 0] as [number, number] };
    expect(initiativeCheatOrder(s, [6, 8])).toEqual([0, 1]);
  });

  it('AMB-9: a flipped Red Joker (14) simply counts high; the flip is not otherwise special here', () => {
    const s = toInitiativeFlip(beginGame(0));
    expect(unwrap(initiativeFlips(s, { values: [14, 13] })).outcome).toEqual({ kind: 'winner', seat: 0, totals: [14, 13] });
    // A Black Joker is 0: the other seat wins with any card.
    expect(unwrap(initiativeFlips(s, { values: [0, 1] })).outcome).toEqual({ kind: 'winner', seat: 1, totals: [0, 1] });
    expect(refusal(initiativeFlips(s, { values: [15, 1] })).code).toBe('INVALID_INPUT');
  });

  it('START-4: Start Phase effects resolve initiative holder first, then START-5', () => {
    const flipped = unwrap(initiativeFlips(toInitiativeFlip(beginGame(0)), { values: [3, 11] }));
    const s = unwrap(chooseInitiative(flipped.state, 1, 1));
    expect(whoseDecision(s)).toEqual({ seat: 1, kind: 'start-effects' });
    expect(refusal(startStepDone(s, 0)).code).toBe('NOT_YOUR_DECISION');
    const s2 = unwrap(startStepDone(unwrap(startStepDone(s, 1)), 0));
    expect([s2.phase, s2.step]).toEqual(['start', 'passTokens']);
    expect(whoseDecision(s2)).toEqual({ seat: 1, kind: 'start-pass-tokens' });
  });

  it('START-5: the crew with fewer models gains the difference in pass tokens', () => {
    const flipped = unwrap(initiativeFlips(toInitiativeFlip(beginGame(0)), { values: [3, 11] }));
    let s = unwrap(chooseInitiative(flipped.state, 1, 1));
    s = unwrap(startStepDone(unwrap(startStepDone(s, 1)), 0));
    const r = unwrap(passTokensAfterStart(s, [4, 7]));
    expect(r.gained).toEqual([3, 0]);
    expect(r.state.passTokens).toEqual([3, 0]);
    const even = unwrap(passTokensAfterStart(s, [5, 5]));
    expect(even.gained).toEqual([0, 0]);
  });

  it('AMB-43: the count is per crew with buried models in it (the caller counts them), not per controller', () => {
    // Seat 1 has 5 models on the table and 1 buried: 6 against seat 0's 6, so nobody gains.
    const s = { ...toInitiativeFlip(beginGame(0)), phase: 'start' as const, step: 'passTokens' as const };
    expect(unwrap(passTokensAfterStart(s, [6, 5 + 1])).gained).toEqual([0, 0]);
  });

  it('ACTV-1: the initiative holder is active first', () => {
    const s = toActivations(beginGame(0), [2, 9], 'winner', [3, 3]);
    expect(s.active).toBe(1);
    expect(whoseDecision(s)).toEqual({ seat: 1, kind: 'activate-or-pass' });
  });

  it('ACTV-2: passing spends a token and hands over; with no token it is refused', () => {
    const s = toActivations(beginGame(0), [2, 9], 'winner', [3, 1]);
    // Seat 1 (2 fewer models) holds 2 tokens and the initiative.
    expect(s.passTokens).toEqual([0, 2]);
    const passed = unwrap(pass(s, 1, true));
    expect(passed.warning).toBeNull();
    expect([passed.state.active, passed.state.passTokens]).toEqual([0, [0, 1]]);
    expect(refusal(pass(passed.state, 0, true))).toEqual({ code: 'NO_PASS_TOKEN', rule: 'ACTV-2' });
    expect(refusal(pass(passed.state, 1, true))).toEqual({ code: 'NOT_YOUR_TURN', rule: 'ACTV-2' });
  });

  it('AMB-37: passing when the opponent has nothing left loses the token, with a warning', () => {
    const s: TurnState = { ...toActivations(beginGame(0), [9, 2], 'winner', [1, 2]), active: 0 };
    const passed = unwrap(pass(s, 0, false));
    expect(passed.warning).toBe('AMB-37');
    expect([passed.state.active, passed.state.passTokens]).toEqual([0, [0, 0]]);
  });

  it('ACTV-3: only the active player selects, an own unactivated model in play, one at a time', () => {
    const s = toActivations(beginGame(0), [9, 2], 'winner', [2, 2]);
    expect(refusal(selectModel(s, 1, 'b1', mine(1)))).toEqual({ code: 'NOT_YOUR_TURN', rule: 'ACTV-3' });
    expect(refusal(selectModel(s, 0, 'b1', mine(1)))).toEqual({ code: 'NOT_YOUR_MODEL', rule: 'ACTV-3' });
    expect(refusal(selectModel(s, 0, 'a1', { ...mine(0), inPlay: false }))).toEqual({ code: 'NOT_IN_PLAY', rule: 'ACTV-3' });
    const selected = unwrap(selectModel(s, 0, 'a1', mine(0)));
    expect(selected.activating).toEqual({ modelId: 'a1', actions: 0, bonus: false, generated: 0, limit: null });
    expect(whoseDecision(selected)).toEqual({ seat: 0, kind: 'action' });
    expect(refusal(selectModel(selected, 0, 'a2', mine(0)))).toEqual({ code: 'ANOTHER_MODEL_ACTIVATING', rule: 'ACTV-3' });
    expect(refusal(pass(selected, 0, true)).code).toBe('ANOTHER_MODEL_ACTIVATING');
  });

  it('AMB-21: a model activates once per turn', () => {
    const s = toActivations(beginGame(0), [9, 2], 'winner', [2, 2]);
    expect(refusal(selectModel(s, 0, 'a1', { ...mine(0), activated: true }))).toEqual({ code: 'ALREADY_ACTIVATED', rule: 'AMB-21' });
  });

  it('ACTV-4: actions up to the limit, then the activation ends', () => {
    let s = unwrap(selectModel(toActivations(beginGame(0), [9, 2], 'winner', [2, 2]), 0, 'a1', mine(0)));
    s = unwrap(takeAction(s, 0, { limit: 2 }));
    s = unwrap(takeAction(s, 0, { limit: 2 }));
    expect(refusal(takeAction(s, 0, { limit: 2 }))).toEqual({ code: 'ACTION_LIMIT_REACHED', rule: 'ACT-2' });
    expect(refusal(takeAction(s, 1, { limit: 2 })).code).toBe('NOT_YOUR_TURN');
    const ended = unwrap(endActivation(s, 0, [1, 2]));
    expect([ended.active, ended.activating, ended.chain]).toEqual([1, null, 0]);
    expect(refusal(takeAction(ended, 1, { limit: 2 }))).toEqual({ code: 'NO_MODEL_ACTIVATING', rule: 'ACTV-4' });
  });

  it('ACTV-4 step 4 / AMB-20: two models in a row by chaining, the first counting; three only from one effect', () => {
    let s = unwrap(selectModel(toActivations(beginGame(0), [9, 2], 'winner', [4, 4]), 0, 'a1', mine(0)));
    s = unwrap(chainActivation(s, 0, 'a2', mine(0), 'effect-x'));
    expect([s.activating?.modelId, s.chain]).toEqual(['a2', 2]);
    expect(refusal(chainActivation(s, 0, 'a3', mine(0), 'effect-y'))).toEqual({ code: 'CHAIN_LIMIT', rule: 'AMB-20' });
    const third = unwrap(chainActivation(s, 0, 'a3', mine(0), 'effect-x'));
    expect(third.chain).toBe(3);
    expect(refusal(chainActivation(s, 0, 'b1', mine(1), 'effect-x')).code).toBe('NOT_YOUR_MODEL');
    // The chain ends with the hand-over, and the next player's chain starts from 1.
    const next = unwrap(endActivation(third, 0, [1, 4]));
    expect(unwrap(selectModel(next, 1, 'b1', mine(1))).chain).toBe(1);
  });

  it('ACTV-5: the opponent becomes active while any model is unactivated; a player with none left is skipped', () => {
    const s = toActivations(beginGame(0), [9, 2], 'winner', [2, 1]);
    const s1 = activate(s, 0, 'a1', [1, 1]);
    expect(s1.active).toBe(1);
    const s2 = activate(s1, 1, 'b1', [1, 0]);
    // Seat 0 is next anyway; after its last model nobody is left: End Phase.
    expect(s2.active).toBe(0);
    const s3 = activate(s2, 0, 'a2', [0, 0]);
    expect([s3.phase, s3.step, s3.active]).toEqual(['end', 'effects', null]);
  });

  it('ACTV-5: the seat that has models left goes on while the other has none', () => {
    const s = toActivations(beginGame(0), [9, 2], 'winner', [1, 3]);
    const s1 = activate(s, 0, 'a1', [0, 3]);
    const s2 = activate(s1, 1, 'b1', [0, 2]);
    expect(s2.active).toBe(1);
    const s3 = activate(s2, 1, 'b2', [0, 1]);
    expect(s3.active).toBe(1);
    // handOver: counts changed without an activation (the last model of seat 1 was killed meanwhile).
    expect(unwrap(handOver(s3, [0, 0])).phase).toBe('end');
  });

  it('ACTV-5: the initiative holder with nothing to activate hands straight to the other', () => {
    const s = toActivations(beginGame(0), [9, 2], 'winner', [0, 2]);
    expect(s.active).toBe(1);
    const none = toActivations(beginGame(0), [9, 2], 'winner', [0, 0]);
    expect([none.phase, none.step]).toEqual(['end', 'effects']);
  });

  it('ACTV-6: a buried model activates but takes no actions', () => {
    const s = unwrap(selectModel(toActivations(beginGame(0), [9, 2], 'winner', [1, 1]), 0, 'a1', mine(0)));
    expect(refusal(takeAction(s, 0, { limit: 2, buried: true }))).toEqual({ code: 'BURIED_NO_ACTIONS', rule: 'ACTV-6' });
    expect(unwrap(endActivation(s, 0, [0, 1])).active).toBe(1);
  });

  it('ACT-2: generated actions never count; at most one bonus action, which does not count either', () => {
    let s = unwrap(selectModel(toActivations(beginGame(0), [9, 2], 'winner', [1, 1]), 0, 'a1', mine(0)));
    s = unwrap(takeAction(s, 0, { limit: 2 }));
    s = unwrap(takeAction(s, 0, { limit: 2 }));
    // Limit used up: a bonus and generated actions still go.
    s = unwrap(takeAction(s, 0, { limit: 2, bonus: true }));
    s = unwrap(takeAction(s, 0, { limit: 2, generated: true }));
    s = unwrap(takeAction(s, 0, { limit: 2, generated: true, bonus: true }));
    expect(s.activating).toMatchObject({ actions: 2, bonus: true, generated: 2 });
    expect(refusal(takeAction(s, 0, { limit: 2, bonus: true }))).toEqual({ code: 'BONUS_ALREADY_TAKEN', rule: 'ACT-2' });
    expect(refusal(takeAction(s, 0, { limit: 4 })).code).toBe('INVALID_INPUT');
  });

  it('TV-17: Fast mid-activation lifts a Minion to 3; a Stunned Minion’s bonus action uses one of its 2', () => {
    let s = unwrap(selectModel(toActivations(beginGame(0), [9, 2], 'winner', [1, 1]), 0, 'a1', mine(0)));
    s = unwrap(takeAction(s, 0, { limit: 2 }));
    s = unwrap(takeAction(s, 0, { limit: 2 }));
    // Gains Fast now: a third action.
    s = unwrap(takeAction(s, 0, { limit: 3 }));
    expect(s.activating?.actions).toBe(3);

    let stunned = unwrap(selectModel(toActivations(beginGame(0), [9, 2], 'winner', [1, 1]), 0, 'm1', mine(0)));
    stunned = unwrap(takeAction(stunned, 0, { limit: 2, bonus: true, bonusCountsTowardLimit: true }));
    stunned = unwrap(takeAction(stunned, 0, { limit: 2 }));
    expect(stunned.activating).toMatchObject({ actions: 2, bonus: true });
    expect(refusal(takeAction(stunned, 0, { limit: 2 })).code).toBe('ACTION_LIMIT_REACHED');
  });

  it('AMB-40: a Stunned model is still held to one bonus action', () => {
    let s = unwrap(selectModel(toActivations(beginGame(0), [9, 2], 'winner', [1, 1]), 0, 'a1', mine(0)));
    s = unwrap(takeAction(s, 0, { limit: 3, bonus: true, bonusCountsTowardLimit: true }));
    expect(refusal(takeAction(s, 0, { limit: 3, bonus: true, bonusCountsTowardLimit: true }))).toEqual({ code: 'BONUS_ALREADY_TAKEN', rule: 'AMB-40' });
  });

  it('END-1 / END-2: effects then scoring, both ordered by the initiative holder', () => {
    const s = activate(toActivations(beginGame(0), [2, 9], 'winner', [0, 1]), 1, 'b1', [0, 0]);
    expect(whoseDecision(s)).toEqual({ seat: 1, kind: 'end-phase-effects' });
    const scoring = unwrap(endPhaseStep(s));
    expect(whoseDecision(scoring)).toEqual({ seat: 1, kind: 'end-phase-scoring' });
  });

  it('AMB-34: no VP in turn 1, from turn 2 on', () => {
    const t1 = beginGame(0);
    expect(mayScore(t1)).toBe(false);
    expect(mayScore({ ...t1, turn: 2 })).toBe(true);
  });

  it('END-5: before turn 5, (D) shuffles and the next turn begins at the discard, initiative unchanged', () => {
    const end: TurnState = { ...beginGame(1), turn: 3, phase: 'end', step: 'scoring', pending: [], passTokens: [1, 0] };
    const shuffle = unwrap(endPhaseStep(end));
    expect(shuffle.step).toBe('shuffle');
    const next = unwrap(endPhaseStep(shuffle));
    expect(next).toMatchObject({ turn: 4, phase: 'start', step: 'discard', pending: [1, 0], initiative: 1, passTokens: [1, 0] });
  });

  it('END-4: after turn 5 scoring comes the end of game, then it is over with no shuffle', () => {
    const end: TurnState = { ...beginGame(0), turn: 5, phase: 'end', step: 'scoring', pending: [] };
    const endOfGame = unwrap(endPhaseStep(end));
    expect(whoseDecision(endOfGame)).toEqual({ seat: 0, kind: 'end-of-game' });
    const over = unwrap(endPhaseStep(endOfGame));
    expect([over.phase, over.step, over.turn]).toEqual(['over', 'over', 5]);
    expect(whoseDecision(over)).toBeNull();
    expect(refusal(endPhaseStep(over))).toEqual({ code: 'GAME_OVER', rule: 'END-4' });
    expect(refusal(selectModel(over, 0, 'a1', mine(0))).code).toBe('GAME_OVER');
  });

  it('SUM-2 / TV-19: the opposing crew of a summoner gains 1 pass token', () => {
    const s = toActivations(beginGame(0), [9, 2], 'winner', [3, 3]);
    expect(unwrap(gainPassTokens(s, 0, 1)).passTokens).toEqual([1, 0]);
  });

});

describe('turns: scripted sequences', () => {
  it('TV-13: A (2 tokens) flips 5 and cheats 8, B flips 9; A chooses; A 6 models vs B 9 gains 3', () => {
    // Seat 0 is A; turn 2 with 2 tokens left from turn 1.
    let s: TurnState = { ...beginGame(1), turn: 2, step: 'discard', pending: [1, 0], passTokens: [2, 0] };
    s = toInitiativeFlip(s);
    expect(initiativeCheatOrder(s, [5, 9])).toEqual([0, 1]);
    const flipped = unwrap(initiativeFlips(s, { values: [8, 9] }));
    expect(flipped.outcome).toEqual({ kind: 'winner', seat: 0, totals: [10, 9] });
    s = unwrap(chooseInitiative(flipped.state, 0, 0));
    expect(s.passTokens).toEqual([0, 0]);
    s = unwrap(startStepDone(unwrap(startStepDone(s, 0)), 1));
    const r = unwrap(passTokensAfterStart(s, [6, 9]));
    expect(r.state.passTokens).toEqual([3, 0]);
    // Had the totals tied 12–12, both flip again.
    expect(unwrap(initiativeFlips(toInitiativeFlip({ ...beginGame(1), passTokens: [2, 0] }), { values: [10, 12] })).outcome.kind).toBe('tie');
  });

  it('3 models against 2, a pass token spent, a tie on initiative: the full order of turn 1', () => {
    // Seat 0 attacks. Initiative: 7 vs 7 ties, then 4 vs 11: seat 1 wins and keeps it.
    let s = toInitiativeFlip(beginGame(0));
    const tie = unwrap(initiativeFlips(s, { values: [7, 7] }));
    expect(tie.outcome.kind).toBe('tie');
    expect(whoseDecision(tie.state)).toEqual({ seat: 0, kind: 'initiative-flip' });
    const won = unwrap(initiativeFlips(tie.state, { values: [4, 11] }));
    s = unwrap(chooseInitiative(won.state, 1, 1));
    s = unwrap(startStepDone(unwrap(startStepDone(s, 1)), 0));
    s = unwrap(passTokensAfterStart(s, [3, 2])).state;
    expect(s.passTokens).toEqual([0, 1]);

    const order: string[] = [];
    const go = (seat: Seat, id: string, remaining: PerSeat<number>): void => {
      order.push(id);
      s = activate(s, seat, id, remaining);
    };
    // Seat 1 passes first, spending its token: seat 0 goes.
    s = unwrap(pass(s, 1, true)).state;
    order.push('pass');
    go(0, 'a1', [2, 2]);
    go(1, 'b1', [2, 1]);
    go(0, 'a2', [1, 1]);
    go(1, 'b2', [1, 0]);
    expect(s.active).toBe(0);
    go(0, 'a3', [0, 0]);
    expect(order).toEqual(['pass', 'a1', 'b1', 'a2', 'b2', 'a3']);
    expect([s.phase, s.step]).toEqual(['end', 'effects']);
    s = unwrap(endPhaseStep(unwrap(endPhaseStep(unwrap(endPhaseStep(s))))));
    expect(s).toMatchObject({ turn: 2, phase: 'start', step: 'discard', initiative: 1, passTokens: [0, 0] });
  });
});

// ---------------------------------------------------------------------------------------------------
// Properties: whole games driven by random choices

interface Played {
  /** Each turn's activations and passes in order, as [seat, model id | 'pass']. */
  turns: Array<Array<[Seat, string]>>;
  /** Each turn's roster, per seat. */
  rosters: Array<[string[], string[]]>;
  /** The state after every step, for invariants. */
  states: TurnState[];
  /** Whether the active seat was the opponent's after each ended activation while it had models left. */
  handOverOk: boolean;
}

function playGame(attacker: Seat, crews: Array<[number, number]>, choices: number[]): Played {
  let k = 0;
  const pick = (n: number): number => (n <= 1 ? 0 : (choices[k++ % choices.length] ?? 0) % n);
  let s = beginGame(attacker);
  const played: Played = { turns: [], rosters: [], states: [s], handOverOk: true };
  const step = (next: TurnState): void => {
    s = next;
    played.states.push(s);
  };
  for (let guard = 0; guard < 10_000 && s.phase !== 'over'; guard++) {
    const decision = whoseDecision(s);
    if (decision === null) throw new Error('no decision while the game runs');
    if (s.phase === 'start' && s.step !== 'passTokens') step(unwrap(startStepDone(s, decision.seat)));
    else if (s.phase === 'initiative' && s.step === 'flip') {
      // A choice stream of equal numbers would tie for ever: after three ties, cards far enough apart that
      // no pass tokens left over (at most 6, the largest crew difference) can tie them again.
      const values: PerSeat<number> = s.initiativeTies >= 3 ? [0, 14] : [pick(15), pick(15)];
      step(unwrap(initiativeFlips(s, { values })).state);
    }
    else if (s.phase === 'initiative') step(unwrap(chooseInitiative(s, decision.seat, pick(2) as Seat)));
    else if (s.phase === 'start') {
      const [n0, n1] = crews[(s.turn - 1) % crews.length] ?? [1, 1];
      const roster: [string[], string[]] = [Array.from({ length: n0 }, (_, i) => `a${i}`), Array.from({ length: n1 }, (_, i) => `b${i}`)];
      played.rosters.push(roster);
      played.turns.push([]);
      step(unwrap(passTokensAfterStart(s, [n0, n1])).state);
      playActivations(roster);
    } else if (s.phase === 'end') step(unwrap(endPhaseStep(s)));
  }
  return played;

  function playActivations(roster: [string[], string[]]): void {
    const left: [string[], string[]] = [[...roster[0]], [...roster[1]]];
    const log = played.turns[played.turns.length - 1] as Array<[Seat, string]>;
    while (s.phase === 'activations') {
      const seat = s.active as Seat;
      const other: Seat = seat === 0 ? 1 : 0;
      if (s.passTokens[seat] > 0 && pick(3) === 0) {
        step(unwrap(pass(s, seat, left[other].length > 0)).state);
        log.push([seat, 'pass']);
        continue;
      }
      const id = left[seat].splice(pick(left[seat].length), 1)[0] as string;
      step(unwrap(selectModel(s, seat, id, mine(seat))));
      const actions = pick(4);
      for (let i = 0; i < actions; i++) step(unwrap(takeAction(s, seat, { limit: 3 })));
      log.push([seat, id]);
      step(unwrap(endActivation(s, seat, [left[0].length, left[1].length])));
      if (s.phase === 'activations' && left[other].length > 0 && s.active !== other) played.handOverOk = false;
    }
  }
}

const gameArb = fc.record({
  attacker: fc.constantFrom<Seat>(0, 1),
  crews: fc.array(fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 })), { minLength: 5, maxLength: 5 }),
  choices: fc.array(fc.nat(), { minLength: 1, maxLength: 300 }),
});

describe('turns: properties', () => {
  it('ACTV-5: no seat activates twice in a row while the other still has models, unless the other passed', () => {
    fc.assert(
      fc.property(gameArb, ({ attacker, crews, choices }) => {
        const played = playGame(attacker, crews, choices);
        expect(played.handOverOk).toBe(true);
        played.turns.forEach((log, t) => {
          const roster = played.rosters[t] as [string[], string[]];
          const done: [number, number] = [0, 0];
          for (let i = 1; i < log.length; i++) {
            const [prevSeat, prevWhat] = log[i - 1] as [Seat, string];
            const [seat] = log[i] as [Seat, string];
            if (prevWhat !== 'pass') done[prevSeat] += 1;
            const otherHadModels = done[prevSeat === 0 ? 1 : 0] < roster[prevSeat === 0 ? 1 : 0].length;
            if (otherHadModels) expect(seat).not.toBe(prevSeat);
          }
        });
      }),
      { numRuns: 200 },
    );
  });

  it('ACTV-3 / AMB-21: every model activates exactly once per turn', () => {
    fc.assert(
      fc.property(gameArb, ({ attacker, crews, choices }) => {
        const played = playGame(attacker, crews, choices);
        played.turns.forEach((log, t) => {
          const roster = played.rosters[t] as [string[], string[]];
          for (const seat of [0, 1] as const) {
            const ids = log.filter(([s, what]) => s === seat && what !== 'pass').map(([, id]) => id);
            expect([...ids].sort()).toEqual([...roster[seat]].sort());
          }
        });
      }),
      { numRuns: 200 },
    );
  });

  it('whoseDecision is defined until over, every state is valid, and the game ends after turn 5', () => {
    fc.assert(
      fc.property(gameArb, ({ attacker, crews, choices }) => {
        const played = playGame(attacker, crews, choices);
        const last = played.states[played.states.length - 1] as TurnState;
        expect([last.phase, last.turn]).toEqual(['over', 5]);
        expect(played.rosters).toHaveLength(5);
        for (const state of played.states) {
          expect(turnStateSchema.safeParse(state).success).toBe(true);
          expect(whoseDecision(state) === null).toBe(state.phase === 'over');
        }
        // Turns never go back and advance one at a time.
        for (let i = 1; i < played.states.length; i++) {
          const step = (played.states[i] as TurnState).turn - (played.states[i - 1] as TurnState).turn;
          expect(step === 0 || step === 1).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });
});
