/**
 * An agreed early end (issue 16 §4): a player proposes ending the game now, the other accepts or
 * declines; accepted, the game ends with the VP as they stand, every scheme still secret revealed and
 * checked, and leagues read the result (most VP wins, equal VP draws) with the outcome `agreed`.
 */
import { describe, expect, it } from 'vitest';
import { pendingDecisions } from './game.js';
import { REFEREE, ScriptedGame, activations, scoreNothing, setUp, startCommand, startPhase } from './testkit.js';
import { publicView } from './views.js';
import { malifauxGame } from '../index.js';

/** Turn 1 played out and turn 2 under way, with one VP for Bob by a referee's correction. */
function inTurnTwo(): ScriptedGame {
  const g = setUp();
  startPhase(g);
  activations(g);
  scoreNothing(g);
  while (g.turn.phase === 'end') {
    const d = pendingDecisions(g.state)[0]!;
    g.send({ type: 'scoringDone' }, d.seat as 0 | 1);
  }
  g.sendAs({ type: 'correctScore', seat: 1, objective: 'strategy', vp: 1, reason: 'scored on the table' }, REFEREE);
  return g;
}

describe('an agreed early end (END, U11)', () => {
  it('U11: accepted, the game is over with the VP as they stand — schemes revealed, the result by VP, the outcome `agreed`', () => {
    const g = inTurnTwo();
    expect(g.turn.turn).toBe(2);
    g.send({ type: 'proposeEarlyEnd' }, 0);
    // The game waits for the other player's answer alone.
    expect(pendingDecisions(g.state)).toEqual([expect.objectContaining({ seat: 1, kind: 'early-end' })]);
    g.send({ type: 'answerEarlyEnd', accept: true }, 1);
    expect(g.game.stage).toBe('over');
    expect(g.state.table.status).toBe('ended');
    expect(g.game.scoring.revealed).toHaveLength(4);
    expect(publicView(g.state).game!.revealed.every((r) => r.check)).toBe(true);
    expect(publicView(g.state).game!.earlyEnd).toEqual({ seat: 0, agreed: true });
    expect(pendingDecisions(g.state)).toEqual([]);
    const outcome = malifauxGame.outcome(g.state);
    expect(outcome).toMatchObject({ finished: true, how: 'agreed', seats: [{ seat: 0, vp: 0, result: 'loss' }, { seat: 1, vp: 1, result: 'win' }] });
    // Nothing more is played.
    expect(g.refused({ type: 'startStepDone' }, 0)).toBe('GAME_ENDED');
  });

  it('U11: equal VP agreed early is a draw', () => {
    const g = setUp();
    g.send({ type: 'proposeEarlyEnd' }, 1);
    g.send({ type: 'answerEarlyEnd', accept: true }, 0);
    const outcome = malifauxGame.outcome(g.state);
    expect(outcome).toMatchObject({ finished: true, how: 'agreed', seats: [{ result: 'draw', vp: 0 }, { result: 'draw', vp: 0 }] });
  });

  it('declined (or taken back by its proposer), the game goes on where it was; an answer with no proposal is refused', () => {
    const g = inTurnTwo();
    const waiting = pendingDecisions(g.state);
    g.send({ type: 'proposeEarlyEnd' }, 0);
    g.send({ type: 'answerEarlyEnd', accept: false }, 1);
    expect(g.game.earlyEnd).toBeNull();
    expect(pendingDecisions(g.state).map((d) => [d.seat, d.kind])).toEqual(waiting.map((d) => [d.seat, d.kind]));
    // A decision reopened after the proposal is a new one: an answer quoting the old one is stale.
    expect(pendingDecisions(g.state)[0]!.id).not.toBe(waiting[0]!.id);
    g.send({ type: 'proposeEarlyEnd' }, 1);
    g.send({ type: 'answerEarlyEnd', accept: false }, 1);
    expect(g.game.earlyEnd).toBeNull();
    expect(g.refused({ type: 'answerEarlyEnd', accept: true }, 0)).toBe('NO_EARLY_END');
    expect(g.game.stage).toBe('turns');
  });

  it('bad input: accepting your own proposal, a second proposal, playing on before the answer — refused, nothing changed', () => {
    const g = inTurnTwo();
    g.send({ type: 'proposeEarlyEnd' }, 0);
    const before = g.state;
    expect(g.refused({ type: 'answerEarlyEnd', accept: true }, 0)).toBe('OWN_EARLY_END');
    expect(g.refused({ type: 'proposeEarlyEnd' }, 1)).toBe('EARLY_END_PROPOSED');
    const d = pendingDecisions(inTurnTwo().state)[0]!;
    expect(g.refused({ type: 'startStepDone' }, d.seat as 0 | 1)).toBe('EARLY_END_PROPOSED');
    expect(g.state).toBe(before);
  });

  it('not before the turns: a proposal during the set-up is refused', () => {
    const g = new ScriptedGame();
    g.send(startCommand(), 0);
    expect(g.game.stage).toBe('crews');
    expect(g.refused({ type: 'proposeEarlyEnd' }, 0)).toBe('WRONG_STAGE');
  });

  it('END-2, issue 16 §5: once the game is over a referee still corrects a score with a reason, and the result follows; a player cannot, nor play on', () => {
    const g = inTurnTwo();
    g.send({ type: 'proposeEarlyEnd' }, 0);
    g.send({ type: 'answerEarlyEnd', accept: true }, 1);
    const correction = { type: 'correctScore', seat: 0, objective: 'strategy', vp: 1, reason: 'a marker missed', turn: 2 } as const;
    expect(g.refused(correction, 0)).toBe('NOT_A_REFEREE');
    expect(g.refusedAs({ type: 'ruleClaim', accept: true }, REFEREE)).toBe('GAME_ENDED');
    g.sendAs(correction, REFEREE);
    expect(g.game.scoring.ledger.at(-1)).toMatchObject({ seat: 0, turn: 2, vp: 1, how: 'correction', reason: 'a marker missed' });
    expect(malifauxGame.outcome(g.state)).toMatchObject({ how: 'agreed', seats: [{ result: 'draw', vp: 1 }, { result: 'draw', vp: 1 }] });
    expect(g.game.stage).toBe('over');
    expect(g.refusedAs({ ...correction, turn: 3 }, REFEREE)).toBe('TURN_NOT_PLAYED');
  });
});
