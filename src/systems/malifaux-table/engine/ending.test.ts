/**
 * Ending a game before it is over: a concession (the conceder loses) or an abandon (no result), with a
 * take-back window whose clock is the edge's (times come in as command input), and the seed kept secret
 * until the end is final.
 */
import { describe, expect, it } from 'vitest';
import { pendingDecision } from './decisions.js';
import { publicView } from './views.js';
import { malifauxTable } from '../index.js';
import { P0, P1, REF, SEED, STRANGER, given, scenario } from './testkit.js';

const AT = 1_700_000_000_000;
const UNTIL = AT + 10 * 60_000;

describe('ending with a take-back window', () => {
  it('a concession waits, paused, with the seed still secret, and nothing else can be played', () => {
    const s = scenario({ decks: [['5R'], ['8C']], hands: [['13R'], ['13C']] }).do({ type: 'opposedDuel', attacker: 0, attackerStat: 5, defenderStat: 5 }, P0);
    const cheat = s.expectPending('cheat', 0);
    const asked = s.do({ type: 'endGame', concede: true, at: AT, until: UNTIL }, P1);
    expect(asked.last).toEqual([{ type: 'EndRequested', by: 'bob', seat: 1, concede: true, at: AT, until: UNTIL, reason: null }]);
    expect(asked.state.status).toBe('active');
    const view = publicView(asked.state);
    expect(JSON.stringify(view)).not.toContain(SEED);
    expect(view).toMatchObject({ seed: null, ending: { by: 'bob', seat: 1, concede: true, until: UNTIL } });
    // The game is paused: the pending cheat stays (same id), but cannot be answered, and nothing else played.
    expect(pendingDecision(asked.state)?.id).toBe(cheat.id);
    expect(given(asked).when({ type: 'declineCheat', decisionId: cheat.id }, P0).thenError('GAME_ENDING').params).toEqual({ until: Math.floor(UNTIL / 1000) });
    given(asked).when({ type: 'draw', count: 1 }, P1).thenError('GAME_ENDING');
    given(asked).when({ type: 'endGame', at: AT + 1, until: UNTIL + 1 }, P0).thenError('GAME_ENDING');
    given(asked).when({ type: 'setSoulstones', seat: 0, count: 3 }, REF).thenError('GAME_ENDING');
  });

  it('either player (or a referee) takes it back within the window, and play goes on as it stood', () => {
    const s = scenario({ decks: [['5R'], ['8C']], hands: [['13R'], ['13C']] }).do({ type: 'opposedDuel', attacker: 0, attackerStat: 5, defenderStat: 5 }, P0);
    const cheat = s.expectPending('cheat', 0);
    const asked = s.do({ type: 'endGame', concede: true, at: AT, until: UNTIL }, P1);
    for (const actor of [P0, P1, REF]) {
      const back = asked.do({ type: 'takeBackEnd', now: UNTIL - 1 }, actor);
      expect(back.last).toEqual([{ type: 'EndTakenBack', by: actor.userId }]);
      expect(back.state).toEqual(s.state.status === 'active' ? { ...s.state, eventCount: s.state.eventCount + 2 } : null);
      expect(pendingDecision(back.state)?.id).toBe(cheat.id);
      back.do({ type: 'declineCheat', decisionId: cheat.id }, P0);
    }
    given(asked).when({ type: 'takeBackEnd', now: UNTIL - 1 }, STRANGER).thenError('NOT_A_PLAYER');
  });

  it('the take-back is refused once the window has closed; the end is made final by anyone, not before its time', () => {
    const asked = scenario().do({ type: 'endGame', concede: true, at: AT, until: UNTIL }, P0);
    given(asked).when({ type: 'takeBackEnd', now: UNTIL }, P1).thenError('END_WINDOW_CLOSED');
    given(asked).when({ type: 'finalizeEnd', now: UNTIL - 1 }, STRANGER).thenError('END_NOT_DUE');
    const ended = asked.do({ type: 'finalizeEnd', now: UNTIL }, STRANGER);
    expect(ended.last).toEqual([{ type: 'GameEnded', by: 'alice', reason: null, conceded: 0 }]);
    expect(publicView(ended.state)).toMatchObject({ status: 'ended', seed: SEED, conceded: 0, ending: null });
    given(ended).when({ type: 'takeBackEnd', now: UNTIL + 1 }, P1).thenError('GAME_ENDED');
    given(scenario()).when({ type: 'takeBackEnd', now: AT }, P0).thenError('NO_END_PENDING');
    given(scenario()).when({ type: 'finalizeEnd', now: AT }, P0).thenError('NO_END_PENDING');
  });

  it('a concession gives the outcome: the conceder loses, the other wins; an abandon gives no result', () => {
    const conceded = scenario().do({ type: 'endGame', concede: true, at: AT, until: UNTIL }, P1).do({ type: 'finalizeEnd', now: UNTIL }, P0);
    expect(malifauxTable.outcome(conceded.state)).toMatchObject({ finished: true, endedBy: 'bob', how: 'conceded', seats: [{ seat: 0, result: 'win' }, { seat: 1, result: 'loss' }] });
    const abandoned = scenario().do({ type: 'endGame', at: AT, until: UNTIL }, P1).do({ type: 'finalizeEnd', now: UNTIL + 5 }, P0);
    expect(abandoned.last).toEqual([{ type: 'GameEnded', by: 'bob', reason: null }]);
    expect(malifauxTable.outcome(abandoned.state)).toMatchObject({ finished: true, how: 'abandoned', seats: [{ result: null }, { result: null }] });
    // Before it is final there is no outcome.
    expect(malifauxTable.outcome(scenario().do({ type: 'endGame', concede: true, at: AT, until: UNTIL }, P1).state)).toEqual({ finished: false });
  });

  it('a referee closes a game at once, without a result, and never concedes for a player; a stranger cannot end it', () => {
    given(scenario()).when({ type: 'endGame', at: AT, until: AT }, REF).then([{ type: 'GameEnded', by: 'judge', reason: null }]);
    given(scenario()).when({ type: 'endGame', concede: true, at: AT, until: AT }, REF).thenError('NOT_A_PLAYER');
    given(scenario()).when({ type: 'endGame', concede: true }, STRANGER).thenError('REFEREE_ONLY');
    // Without a window (no times, or none left) a player's end is final at once too.
    given(scenario()).when({ type: 'endGame', concede: true }, P0).then([{ type: 'GameEnded', by: 'alice', conceded: 0 }]);
    // A window needs both times, the end after the start: else the end is final at once. Abandoning concedes nothing.
    for (const times of [{}, { at: AT }, { until: UNTIL }, { at: UNTIL, until: AT }]) {
      const ended = scenario().do({ type: 'endGame', ...times }, P1);
      expect(ended.last).toEqual([{ type: 'GameEnded', by: 'bob', reason: null }]);
    }
  });

  it('the refusals of a window say when it closes, in Discord’s seconds', () => {
    const asked = scenario().do({ type: 'endGame', concede: true, at: AT, until: UNTIL + 999 }, P0);
    const seconds = Math.floor((UNTIL + 999) / 1000);
    expect(given(asked).when({ type: 'takeBackEnd', now: UNTIL + 999 }, P1).thenError('END_WINDOW_CLOSED').params).toEqual({ until: seconds });
    expect(given(asked).when({ type: 'finalizeEnd', now: UNTIL }, P1).thenError('END_NOT_DUE').params).toEqual({ until: seconds });
  });

  it('the module builds these commands from the contract: end(), takeBackEnd(), finalizeEnd(), pendingEnd()', () => {
    expect(malifauxTable.end({ kind: 'concede', at: AT, until: UNTIL, reason: null })).toEqual({ type: 'endGame', concede: true, at: AT, until: UNTIL });
    expect(malifauxTable.end({ kind: 'abandon', at: AT, until: UNTIL, reason: 'late' })).toEqual({ type: 'endGame', reason: 'late', at: AT, until: UNTIL });
    const asked = scenario().do(malifauxTable.end({ kind: 'abandon', at: AT, until: UNTIL, reason: null }) as never, P0);
    expect(malifauxTable.pendingEnd(asked.state)).toEqual({ by: 'alice', seat: 0, kind: 'abandon', at: AT, until: UNTIL });
    expect(malifauxTable.pendingEnd(asked.do(malifauxTable.takeBackEnd({ now: AT + 1 }) as never, P1).state)).toBeNull();
    expect(malifauxTable.pendingEnd(asked.do(malifauxTable.finalizeEnd({ now: UNTIL }) as never, P1).state)).toBeNull();
  });
});
