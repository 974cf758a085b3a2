/**
 * The eight strategies (scoring.md §6, §8, §3.1): records made by the real model functions (testkit.ts),
 * every expected VP worked out by hand from the section named in the test.
 */
import { describe, expect, it } from 'vitest';
import { STRATEGIES } from '../engine/encounterPacks.js';
import type { StrategyId } from '../engine/encounterPacks.js';
import type { Evaluation } from './objective.js';
import { STRATEGY_RULES, evaluateStrategy, reckoningX } from './strategies.js';
import { A, B, PROFILES, Records } from './testkit.js';

const code = (e: Evaluation) => (e.kind === 'fails' ? e.code : e.kind);

/** Every model of Bob's crew but the Insignificant Imp killed by Alice's Press Golem, in an earlier turn. */
function bobWipedOut(r: Records): Records {
  r.turn = 2;
  for (const id of [B.vex, B.warden, B.brute, B.sentinel, B.hound1, B.hound2, B.rat]) r.kill(id, A.golem);
  r.turn = 3;
  return r;
}

describe('strategies as data', () => {
  it('every strategy of both packs has its rule, and only Cursed Objects is flat (§3.1)', () => {
    expect(Object.keys(STRATEGY_RULES).sort()).toEqual(STRATEGIES.map((s) => s.id).sort());
    expect(Object.values(STRATEGY_RULES).filter((s) => s.vp === 'flat').map((s) => s.id)).toEqual(['gg3.cursed-objects']);
  });
});

describe('§6.4 Reckoning (class a)', () => {
  it('§6.4: an enemy Minion killed this turn is X = 1, which beats 0 VP banked: 1 VP from the records, no question asked', () => {
    const r = new Records();
    r.kill(B.rat, A.golem);
    const e = evaluateStrategy('core.reckoning', r.facts(), 0, 0);
    expect(e).toEqual({ kind: 'scores', claimed: false, markersRemoved: 0, params: { x: 1, banked: 0 } });
  });

  it('§6.4, §3.1: with 1 VP banked, X = 1 is not enough (2 needed)', () => {
    const r = new Records();
    r.kill(B.rat, A.golem);
    const e = evaluateStrategy('core.reckoning', r.facts(), 0, 1);
    expect(e).toMatchObject({ kind: 'fails', code: 'STRATEGY_NOT_ENOUGH', params: { x: 1, needed: 2 } });
  });

  it('§6.4: a Leader Master counts 3 once, a Henchman 2, a Minion 1, an Insignificant model 0 (U9)', () => {
    const r = new Records();
    r.kill(B.vex, A.golem).kill(B.warden, A.knight).kill(B.hound1, A.scribe).kill(B.imp, A.page1);
    expect(reckoningX(r.facts(), 0)).toBe(3 + 2 + 1 + 0);
    expect(evaluateStrategy('core.reckoning', r.facts(), 0, 3).kind).toBe('scores');
  });

  it('§6.4: a Master that is not the Leader counts 3 too', () => {
    const r = new Records();
    r.kill(A.ada, B.brute);
    expect(reckoningX(r.facts(), 1)).toBe(3);
  });

  it('§6.4: only deaths of this turn count; the crew’s own dead never count for it', () => {
    const r = new Records();
    r.kill(B.rat, A.golem);
    r.turn = 3;
    r.kill(A.page1, B.brute);
    expect(reckoningX(r.facts(), 0)).toBe(0);
    expect(code(evaluateStrategy('core.reckoning', r.facts(), 0, 1))).toBe('STRATEGY_NOT_ENOUGH');
  });

  it('§13-A31, U14: any cause counts — friendly fire, and Burning in End Phase step A with no killer', () => {
    const r = new Records();
    r.activate();
    r.hit(B.brute, B.hound1, 5);
    r.burn(B.rat, 3);
    expect(r.deaths.map((d) => d.killer?.seat ?? null)).toEqual([1, null]);
    expect(reckoningX(r.facts(), 0)).toBe(2);
  });

  it('§6.4, AMB-29: a model Replaced by a model of another crew counts as killed but not for Reckoning, unless replaceCountsAsKill', () => {
    const r = new Records();
    r.replace(B.hound1, PROFILES.inkling, 0);
    expect(r.deaths).toEqual([expect.objectContaining({ model: B.hound1, how: 'replacedByEnemy' })]);
    expect(code(evaluateStrategy('core.reckoning', r.facts(), 0, 0))).toBe('STRATEGY_NOT_ENOUGH');
    r.options = { replaceCountsAsKill: true };
    expect(code(evaluateStrategy('core.reckoning', r.facts(), 0, 0))).toBe('scores');
  });

  it('§6.4: a same-crew Replace is no death', () => {
    const r = new Records();
    r.replace(B.hound1, PROFILES.mongrel);
    expect(r.deaths).toEqual([]);
    expect(reckoningX(r.facts(), 0)).toBe(0);
  });

  it('§6.4, §13-A11, U9: no significant enemy model in play scores 1 VP with no kill this turn (an Insignificant one left does not stop it)', () => {
    const r = bobWipedOut(new Records());
    expect(reckoningX(r.facts(), 0)).toBe(0);
    expect(evaluateStrategy('core.reckoning', r.facts(), 0, 1)).toMatchObject({ kind: 'scores', claimed: false, params: { noEnemies: 1 } });
  });

  it('U3: a crew with 4 VP from its strategy scores no more, even with no enemy left', () => {
    const r = bobWipedOut(new Records());
    expect(evaluateStrategy('core.reckoning', r.facts(), 0, 4)).toMatchObject({ kind: 'fails', code: 'STRATEGY_CAPPED', rule: '§3-U3' });
  });
});

describe('§8.1 Cursed Objects (flat)', () => {
  it('§8.1: with enemies in play, a claim of a Curse token discarded this turn is needed; confirmed, it scores 1 VP', () => {
    const r = new Records();
    const asked = evaluateStrategy('gg3.cursed-objects', r.facts({ pack: 'gg3' }), 0, 2);
    expect(asked).toEqual({ kind: 'needsClaim', need: { statement: 'scoring.claim.gg3.cursed-objects', markersRemoved: 0 } });
    expect(evaluateStrategy('gg3.cursed-objects', r.facts({ pack: 'gg3' }), 0, 2, {})).toMatchObject({ kind: 'scores', claimed: true });
  });

  it('§8.1: no enemy model in play scores 1 VP from the records', () => {
    const r = bobWipedOut(new Records());
    expect(evaluateStrategy('gg3.cursed-objects', r.facts({ pack: 'gg3' }), 0, 0)).toMatchObject({ kind: 'scores', claimed: false });
  });

  it('§8.1, U3: flat, but still capped at 4', () => {
    expect(code(evaluateStrategy('gg3.cursed-objects', new Records().facts(), 0, 4, {}))).toBe('STRATEGY_CAPPED');
  });
});

describe('the counting strategies: X is claimed, checked against what the strategy can have', () => {
  const cases: [StrategyId, number, string][] = [
    ['core.turf-war', 5, '§6.1: 5 Strategy markers'],
    ['core.plant-explosives', 10, '§6.2: 10 Explosive tokens in the game'],
    ['gg3.carve-a-path', 4, '§8.3: 2 markers worth at most 2 points each'],
    ['gg3.covert-operation', 4, '§8.4: 4 markers'],
  ];
  for (const [id, max, why] of cases) {
    it(`${why}: a claim of ${max} is judged, ${max + 1} is refused`, () => {
      const facts = new Records().facts();
      expect(evaluateStrategy(id, facts, 1, 0)).toEqual({ kind: 'needsClaim', need: { statement: `scoring.claim.${id}`, count: { min: 0, max }, markersRemoved: 0 } });
      expect(evaluateStrategy(id, facts, 1, 3, { count: max })).toMatchObject({ kind: 'scores', claimed: true, params: { count: max } });
      expect(evaluateStrategy(id, facts, 1, 0, { count: max + 1 })).toMatchObject({ kind: 'fails', code: 'CLAIM_COUNT_OUT_OF_RANGE', params: { max } });
    });
  }

  it('§3.1: a claimed X that does not beat the VP banked fails, naming what was needed', () => {
    expect(evaluateStrategy('core.turf-war', new Records().facts(), 0, 2, { count: 2 })).toMatchObject({ kind: 'fails', code: 'STRATEGY_NOT_ENOUGH', params: { x: 2, needed: 3 } });
  });

  it('§11: a claim without its count, or a count that is not a whole number, is refused', () => {
    const facts = new Records().facts();
    expect(code(evaluateStrategy('core.turf-war', facts, 0, 0, {}))).toBe('CLAIM_COUNT_MISSING');
    expect(code(evaluateStrategy('core.turf-war', facts, 0, 0, { count: 1.5 }))).toBe('CLAIM_COUNT_OUT_OF_RANGE');
    expect(code(evaluateStrategy('core.turf-war', facts, 0, 0, { count: -1 }))).toBe('CLAIM_COUNT_OUT_OF_RANGE');
  });

  it('§6.3: one idol at most is placed each turn, so in turn 2 no more than 2 idols can count', () => {
    const r = new Records();
    expect(evaluateStrategy('core.corrupted-idols', r.facts(), 0, 0, { count: 2 }).kind).toBe('scores');
    expect(code(evaluateStrategy('core.corrupted-idols', r.facts(), 0, 0, { count: 3 }))).toBe('CLAIM_COUNT_OUT_OF_RANGE');
    r.turn = 5;
    expect(evaluateStrategy('core.corrupted-idols', r.facts(), 0, 3, { count: 5 }).kind).toBe('scores');
  });

  it('§8.2: Guard the Stash counts at most 4 markers on Standard and Wedge, 5 on Corner and Flank', () => {
    const r = new Records();
    for (const [deployment, max] of [['standard', 4], ['wedge', 4], ['corner', 5], ['flank', 5]] as const) {
      r.deployment = deployment;
      expect(evaluateStrategy('gg3.guard-the-stash', r.facts(), 0, 0, { count: max }).kind, deployment).toBe('scores');
      expect(code(evaluateStrategy('gg3.guard-the-stash', r.facts(), 0, 0, { count: max + 1 })), deployment).toBe('CLAIM_COUNT_OUT_OF_RANGE');
    }
  });

  it('§3.1: a claim stating markers removed is refused, as no strategy removes Scheme markers', () => {
    expect(evaluateStrategy('core.turf-war', new Records().facts(), 0, 0, { count: 1, markersRemoved: 1 })).toMatchObject({ kind: 'fails', code: 'CLAIM_MARKERS_REMOVED' });
  });
});
