/**
 * The core schemes (scoring.md §7), each half scoring and failing: records made by the real model functions
 * (testkit.ts: Alice is seat 0, Bob seat 1), every expected value worked out by hand from the section named.
 */
import { describe, expect, it } from 'vitest';
import type { SchemeId } from '../engine/encounterPacks.js';
import type { Evaluation, ScoringFacts, SchemePick, TableClaim } from './objective.js';
import { evaluateScheme } from './schemes.js';
import { A, B, PROFILES, Records, pick } from './testkit.js';

const code = (e: Evaluation) => (e.kind === 'fails' ? e.code : e.kind);

function judge(id: SchemeId, half: 'reveal' | 'end', facts: ScoringFacts, claim?: TableClaim, picked: SchemePick = pick(id)) {
  return evaluateScheme(id, half, facts, 0, picked, claim);
}

describe('§7 #1 Detonate Charges (class b)', () => {
  for (const half of ['reveal', 'end'] as const) {
    it(`§7 #1 ${half}: the claim names the enemy model 2 Scheme markers are near; scoring removes 2 markers`, () => {
      const facts = new Records().facts();
      expect(judge('core.detonate-charges', half, facts)).toEqual({
        kind: 'needsClaim',
        need: { statement: 'scoring.claim.core.detonate-charges', models: [{ side: 'enemy', min: 1, max: 1, role: 'scoring.role.enemyNearMarkers' }], markersRemoved: 2 },
      });
      expect(judge('core.detonate-charges', half, facts, { models: [B.brute] })).toEqual({ kind: 'scores', claimed: true, markersRemoved: 2, params: { models: 'Brute' } });
    });
  }

  it('§7 #1: a friendly model, an unknown one, or two models are refused', () => {
    const facts = new Records().facts();
    expect(judge('core.detonate-charges', 'reveal', facts, { models: [A.golem] })).toMatchObject({ kind: 'fails', code: 'CLAIM_NOT_ENEMY', params: { model: 'Press Golem' } });
    expect(code(judge('core.detonate-charges', 'reveal', facts, { models: ['s1-m99'] }))).toBe('CLAIM_UNKNOWN_MODEL');
    expect(judge('core.detonate-charges', 'reveal', facts, { models: [B.brute, B.rat] })).toMatchObject({ code: 'CLAIM_MODELS_NUMBER', params: { given: 2, min: 1, max: 1 } });
  });

  it('U9: an Insignificant enemy is never the model a scheme is scored on', () => {
    expect(judge('core.detonate-charges', 'end', new Records().facts(), { models: [B.imp] })).toMatchObject({ code: 'CLAIM_INSIGNIFICANT', rule: '§3-U9' });
  });

  it('§7 #1: a dead enemy is out of play, a buried one is off the table (BURY-2): no marker is within 2" of either', () => {
    const r = new Records().kill(B.rat, A.golem).bury(B.brute);
    expect(code(judge('core.detonate-charges', 'end', r.facts(), { models: [B.rat] }))).toBe('MODEL_OUT_OF_PLAY');
    expect(code(judge('core.detonate-charges', 'end', r.facts(), { models: [B.brute] }))).toBe('MODEL_BURIED');
  });

  it('§7 #1: a claim that removes other than 2 markers is refused', () => {
    expect(judge('core.detonate-charges', 'reveal', new Records().facts(), { models: [B.brute], markersRemoved: 1 })).toMatchObject({ code: 'CLAIM_MARKERS_REMOVED', params: { given: 1, required: 2 } });
  });
});

describe('§7 #2 Breakthrough', () => {
  it('§7 #2 reveal, §13-A12: a friendly model in the enemy deployment zone, 1 marker removed', () => {
    const facts = new Records().facts();
    expect(judge('core.breakthrough', 'reveal', facts)).toMatchObject({ kind: 'needsClaim', need: { statement: 'scoring.claim.core.breakthrough.reveal', markersRemoved: 1 } });
    expect(judge('core.breakthrough', 'reveal', facts, { models: [A.knight] })).toMatchObject({ kind: 'scores', markersRemoved: 1 });
    expect(code(judge('core.breakthrough', 'reveal', facts, { models: [B.rat] }))).toBe('CLAIM_NOT_FRIENDLY');
  });

  it('§7 #2 end: 3 markers in the enemy deployment zone, all 3 removed', () => {
    const facts = new Records().facts();
    expect(judge('core.breakthrough', 'end', facts)).toEqual({ kind: 'needsClaim', need: { statement: 'scoring.claim.breakthrough.end', markersRemoved: 3 } });
    expect(judge('core.breakthrough', 'end', facts, {})).toMatchObject({ kind: 'scores', markersRemoved: 3 });
    expect(code(judge('core.breakthrough', 'end', facts, { markersRemoved: 1 }))).toBe('CLAIM_MARKERS_REMOVED');
  });
});

describe('§7 #3 Harness the Ley Line, §7 #4 Search the Ruins, §7 #8 Power Ritual (class b, markers only)', () => {
  const cases: [SchemeId, 'reveal' | 'end', string, number, Record<string, number> | undefined][] = [
    ['core.harness-the-ley-line', 'reveal', 'scoring.claim.core.harness-the-ley-line', 3, undefined],
    ['core.harness-the-ley-line', 'end', 'scoring.claim.core.harness-the-ley-line', 3, undefined],
    ['core.search-the-ruins', 'reveal', 'scoring.claim.core.search-the-ruins', 2, { markers: 2 }],
    ['core.search-the-ruins', 'end', 'scoring.claim.core.search-the-ruins', 3, { markers: 3 }],
    ['core.power-ritual', 'reveal', 'scoring.claim.core.power-ritual.reveal', 1, undefined],
    ['core.power-ritual', 'end', 'scoring.claim.core.power-ritual.end', 3, undefined],
  ];
  for (const [id, half, statement, removes, params] of cases) {
    it(`${id} ${half}: the table states it; ${removes} marker(s) removed, no other number`, () => {
      const facts = new Records().facts();
      expect(judge(id, half, facts)).toEqual({ kind: 'needsClaim', need: { statement, ...(params ? { params } : {}), markersRemoved: removes } });
      expect(judge(id, half, facts, { markersRemoved: removes })).toMatchObject({ kind: 'scores', claimed: true, markersRemoved: removes });
      expect(code(judge(id, half, facts, { markersRemoved: removes + 1 }))).toBe('CLAIM_MARKERS_REMOVED');
    });
  }
});

it('§11: a claim naming models, pairs or a count the objective does not ask for is refused, not ignored', () => {
  const facts = new Records().facts();
  expect(judge('core.harness-the-ley-line', 'end', facts, { models: [A.page1] })).toMatchObject({ code: 'CLAIM_NOT_ASKED', params: { part: 'models' } });
  expect(judge('core.harness-the-ley-line', 'end', facts, { count: 3 })).toMatchObject({ code: 'CLAIM_NOT_ASKED', params: { part: 'count' } });
  expect(judge('core.outflank', 'end', facts, { models: [A.page1, A.page2], pairs: [[A.page1, B.rat]] })).toMatchObject({ code: 'CLAIM_NOT_ASKED', params: { part: 'pairs' } });
});

describe('§7 #5 Dig Their Graves (class a + b)', () => {
  it('§7 #5 reveal, U14: right after Alice’s crew kills an enemy near her marker, she names it and removes 1 marker', () => {
    const r = new Records().kill(B.hound1, A.golem);
    expect(judge('core.dig-their-graves', 'reveal', r.facts())).toMatchObject({ kind: 'needsClaim', need: { models: [{ side: 'enemy', role: 'scoring.role.victim' }], markersRemoved: 1 } });
    expect(judge('core.dig-their-graves', 'reveal', r.facts(), { models: [B.hound1] })).toMatchObject({ kind: 'scores', markersRemoved: 1 });
  });

  it('§7 #5 reveal, U14: no enemy killed by her crew this turn — a Burning death, a kill last turn — fails from the records, no claim asked', () => {
    const r = new Records().kill(B.rat, A.golem);
    r.turn = 3;
    r.burn(B.hound1, 5);
    expect(r.deaths.at(-1)?.killer).toBeNull();
    expect(judge('core.dig-their-graves', 'reveal', r.facts())).toMatchObject({ kind: 'fails', code: 'NO_KILL_BY_YOUR_CREW' });
  });

  it('§7 #5 reveal: right after the kill — once another activation has begun, that kill no longer reveals it', () => {
    const r = new Records();
    r.activate();
    r.kill(B.hound1, A.golem);
    expect(judge('core.dig-their-graves', 'reveal', r.facts(), { models: [B.hound1] })).toMatchObject({ kind: 'scores' });
    r.activate();
    expect(judge('core.dig-their-graves', 'reveal', r.facts())).toMatchObject({ kind: 'fails', code: 'NO_KILL_BY_YOUR_CREW' });
    r.kill(B.hound2, A.knight);
    expect(judge('core.dig-their-graves', 'reveal', r.facts(), { models: [B.hound1] })).toMatchObject({ code: 'NOT_KILLED_BY_YOUR_CREW', params: { model: 'Hound' } });
    expect(judge('core.dig-their-graves', 'reveal', r.facts(), { models: [B.hound2] })).toMatchObject({ kind: 'scores' });
  });

  it('§7 #5 reveal: the named victim must be one her crew killed this turn, not one Bob killed himself', () => {
    const r = new Records().kill(B.hound1, A.golem).kill(B.hound2, B.brute);
    expect(judge('core.dig-their-graves', 'reveal', r.facts(), { models: [B.hound2] })).toMatchObject({ code: 'NOT_KILLED_BY_YOUR_CREW', params: { model: 'Hound' } });
  });

  it('§7 #5 end: 3 markers each near a different Corpse or Scrap marker, 3 removed', () => {
    const facts = new Records().facts();
    expect(judge('core.dig-their-graves', 'end', facts, {})).toMatchObject({ kind: 'scores', markersRemoved: 3 });
    expect(code(judge('core.dig-their-graves', 'end', facts, { markersRemoved: 0 }))).toBe('CLAIM_MARKERS_REMOVED');
  });
});

describe('§7 #6 Hold Up Their Forces (class a + b + c)', () => {
  const holding: [string, string][] = [
    [A.page1, B.hound1],
    [A.knight, B.sentinel],
  ];

  for (const half of ['reveal', 'end'] as const) {
    it(`§7 #6 ${half}, §13-A22: two friendly models, each engaging a different enemy that costs more (5 < 6, 7 < 8)`, () => {
      const facts = new Records().facts();
      expect(judge('core.hold-up-their-forces', half, facts)).toMatchObject({ kind: 'needsClaim', need: { pairs: { min: 2 }, markersRemoved: 0 } });
      expect(judge('core.hold-up-their-forces', half, facts, { pairs: holding })).toMatchObject({ kind: 'scores', markersRemoved: 0 });
    });
  }

  it('§7 #6: an enemy that costs the same is not costlier (8 against 8)', () => {
    const e = judge('core.hold-up-their-forces', 'reveal', new Records().facts(), { pairs: [[A.golem, B.sentinel], [A.page1, B.hound1]] });
    expect(e).toMatchObject({ kind: 'fails', code: 'CLAIM_NOT_COSTLIER', params: { model: 'Sentinel', cost: 8, than: 'Press Golem', thanCost: 8 } });
  });

  it('§7 #6: each engages a different enemy, and one pair is not enough', () => {
    const facts = new Records().facts();
    expect(code(judge('core.hold-up-their-forces', 'end', facts, { pairs: [[A.page1, B.hound1], [A.page2, B.hound1]] }))).toBe('CLAIM_MODEL_REPEATED');
    expect(code(judge('core.hold-up-their-forces', 'end', facts, { pairs: [[A.page1, B.hound1]] }))).toBe('CLAIM_PAIRS_NUMBER');
  });

  it('§13-A21: a Master printed with a dash costs the table’s noCostValue (0 by default) when costs are compared', () => {
    const r = new Records();
    const pairs: [string, string][] = [[A.page1, B.vex], [A.knight, B.sentinel]];
    expect(code(judge('core.hold-up-their-forces', 'end', r.facts(), { pairs }))).toBe('CLAIM_NOT_COSTLIER');
    r.options = { noCostValue: 15 };
    expect(code(judge('core.hold-up-their-forces', 'end', r.facts(), { pairs }))).toBe('scores');
  });
});

describe('§7 #7 Take Prisoner (class a + b + c)', () => {
  const prisoner = pick('core.take-prisoner', { enemy: [B.hound1] });

  it('§7 #7 reveal: a friendly model engages the chosen enemy, none of its friends near; the need names the prisoner', () => {
    const facts = new Records().facts();
    expect(judge('core.take-prisoner', 'reveal', facts, undefined, prisoner)).toMatchObject({ kind: 'needsClaim', need: { params: { chosen: 'Hound' }, models: [{ side: 'friendly', role: 'scoring.role.engager' }] } });
    expect(judge('core.take-prisoner', 'reveal', facts, { models: [A.knight] }, prisoner)).toMatchObject({ kind: 'scores', claimed: true });
  });

  it('§7 #7 reveal: a dead prisoner cannot be engaged: refused from the records', () => {
    const r = new Records().kill(B.hound1, A.golem);
    expect(judge('core.take-prisoner', 'reveal', r.facts(), undefined, prisoner)).toMatchObject({ kind: 'fails', code: 'MODEL_OUT_OF_PLAY' });
  });

  it('§7 #7 end, U14: once revealed, the prisoner killed by a model of its own crew scores from the records', () => {
    const r = new Records().kill(B.hound1, B.brute);
    r.revealed = [{ seat: 0, scheme: 'core.take-prisoner' }];
    expect(judge('core.take-prisoner', 'end', r.facts(), undefined, prisoner)).toMatchObject({ kind: 'scores', claimed: false, params: { killedByOwnCrew: 1 } });
  });

  it('§7 #7 end: not revealed before, or killed by Alice’s crew, the dead prisoner does not score', () => {
    const own = new Records().kill(B.hound1, B.brute);
    expect(code(judge('core.take-prisoner', 'end', own.facts(), undefined, prisoner))).toBe('MODEL_OUT_OF_PLAY');
    const mine = new Records().kill(B.hound1, A.golem);
    mine.revealed = [{ seat: 0, scheme: 'core.take-prisoner' }];
    expect(code(judge('core.take-prisoner', 'end', mine.facts(), undefined, prisoner))).toBe('MODEL_OUT_OF_PLAY');
  });

  it('§7 #7 end, REP-1 step 4: a prisoner Replaced within its crew passes the choice on to the new model', () => {
    const r = new Records();
    const mongrel = r.replace(B.hound1, PROFILES.mongrel);
    expect(judge('core.take-prisoner', 'end', r.facts(), undefined, prisoner)).toMatchObject({ kind: 'needsClaim', need: { params: { chosen: 'Mongrel' } } });
    expect(judge('core.take-prisoner', 'end', r.facts(), { models: [A.knight] }, pick('core.take-prisoner', { enemy: [mongrel] })).kind).toBe('scores');
  });
});

describe('§7 #9 Outflank (class b)', () => {
  it('§7 #9: two different friendly models near two points where the centerline meets the edges', () => {
    const facts = new Records().facts();
    expect(judge('core.outflank', 'reveal', facts, { models: [A.page1, A.page2] }).kind).toBe('scores');
    expect(judge('core.outflank', 'end', facts, { models: [A.page1, A.golem] }).kind).toBe('scores');
  });

  it('§7 #9: one model, or the same one twice, is refused', () => {
    const facts = new Records().facts();
    expect(code(judge('core.outflank', 'reveal', facts, { models: [A.page1] }))).toBe('CLAIM_MODELS_NUMBER');
    expect(code(judge('core.outflank', 'end', facts, { models: [A.page1, A.page1] }))).toBe('CLAIM_MODEL_REPEATED');
  });
});

describe('§7 #10 Assassinate (class a)', () => {
  it('§7 #10 reveal, §13-A13: Bob’s Leader Vex (14 Health) at 7 is at half or less: scored from the records', () => {
    const r = new Records();
    r.activate();
    r.hit(A.golem, B.vex, 7);
    expect(judge('core.assassinate', 'reveal', r.facts())).toEqual({ kind: 'scores', claimed: false, markersRemoved: 0, params: { model: 'Vex', modelId: B.vex } });
  });

  it('§7 #10 reveal, §13-A13: at 8 Health it is above half', () => {
    const r = new Records();
    r.activate();
    r.hit(A.golem, B.vex, 6);
    expect(judge('core.assassinate', 'reveal', r.facts())).toMatchObject({ kind: 'fails', code: 'HEALTH_TEST', params: { health: 8, half: 7, need: 'atMostHalf' } });
  });

  it('§13-A13: half of an odd maximum rounds up — Ada Quill (13) scores for Bob at 7, not at 8', () => {
    const r = new Records();
    r.activate();
    r.hit(B.brute, A.ada, 5);
    expect(evaluateScheme('core.assassinate', 'reveal', r.facts(), 1, pick('core.assassinate'))).toMatchObject({ code: 'HEALTH_TEST', params: { health: 8, half: 7 } });
    r.hit(B.brute, A.ada, 1);
    expect(evaluateScheme('core.assassinate', 'reveal', r.facts(), 1, pick('core.assassinate')).kind).toBe('scores');
  });

  it('§7 #10 end: the enemy Leader killed scores; in play it fails', () => {
    const r = new Records();
    expect(judge('core.assassinate', 'end', r.facts())).toMatchObject({ kind: 'fails', code: 'MODEL_STILL_IN_PLAY' });
    r.kill(B.vex, A.golem);
    expect(judge('core.assassinate', 'end', r.facts())).toMatchObject({ kind: 'scores', claimed: false });
    expect(code(judge('core.assassinate', 'reveal', r.facts()))).toBe('MODEL_OUT_OF_PLAY');
  });

  it('BURY-1: a buried Leader is still in play — its Reveal can score, its End cannot', () => {
    const r = new Records();
    r.activate();
    r.hit(A.golem, B.vex, 8);
    r.bury(B.vex);
    expect(judge('core.assassinate', 'reveal', r.facts()).kind).toBe('scores');
    expect(code(judge('core.assassinate', 'end', r.facts()))).toBe('MODEL_STILL_IN_PLAY');
  });

  it('REP-1 step 4: a Leader Replaced within its crew passes the Leader on; Replaced by another crew, it is out of play (AMB-29)', () => {
    const same = new Records();
    same.replace(B.vex, PROFILES.juggernaut);
    expect(judge('core.assassinate', 'end', same.facts())).toMatchObject({ code: 'MODEL_STILL_IN_PLAY', params: { model: 'Juggernaut' } });
    const other = new Records();
    other.replace(B.vex, PROFILES.inkling, 0);
    expect(judge('core.assassinate', 'end', other.facts())).toMatchObject({ kind: 'scores', params: { model: 'Vex' } });
  });
});

describe('§7 #11 Deliver a Message (class a + b)', () => {
  const message = pick('core.deliver-a-message', { enemy: [B.vex] });

  it('§7 #11 reveal: a friendly model near the chosen enemy Interacts with it', () => {
    const facts = new Records().facts();
    expect(judge('core.deliver-a-message', 'reveal', facts, undefined, message)).toMatchObject({ kind: 'needsClaim', need: { params: { chosen: 'Vex' }, models: [{ role: 'scoring.role.messenger' }] } });
    expect(judge('core.deliver-a-message', 'reveal', facts, { models: [A.page1] }, message).kind).toBe('scores');
  });

  it('§7 #11 reveal, U12, SUM-5: a model summoned this turn cannot Interact; one summoned last turn can', () => {
    const r = new Records();
    const fresh = r.summon(PROFILES.inkling, A.ada);
    expect(judge('core.deliver-a-message', 'reveal', r.facts(), { models: [fresh] }, message)).toMatchObject({ code: 'CLAIM_SUMMONED_THIS_TURN', params: { model: 'Inkling' } });
    r.turn = 3;
    expect(judge('core.deliver-a-message', 'reveal', r.facts(), { models: [fresh] }, message).kind).toBe('scores');
  });

  it('§7 #11 end: the chosen enemy in play near a marker is claimed; once revealed, killed by its own crew scores from the records', () => {
    const r = new Records();
    expect(judge('core.deliver-a-message', 'end', r.facts(), {}, message).kind).toBe('scores');
    r.kill(B.vex, B.warden);
    expect(code(judge('core.deliver-a-message', 'end', r.facts(), {}, message))).toBe('MODEL_OUT_OF_PLAY');
    r.revealed = [{ seat: 0, scheme: 'core.deliver-a-message' }];
    expect(judge('core.deliver-a-message', 'end', r.facts(), undefined, message)).toMatchObject({ kind: 'scores', claimed: false });
  });
});

describe('§7 #12 Claim Jump (class a + b)', () => {
  const jump = pick('core.claim-jump', { friendly: [A.knight] });

  it('§7 #12 reveal: the chosen model near the centre, no enemy close, is the table’s to state; buried, it is not on the table', () => {
    const r = new Records();
    expect(judge('core.claim-jump', 'reveal', r.facts(), {}, jump).kind).toBe('scores');
    r.bury(A.knight);
    expect(code(judge('core.claim-jump', 'reveal', r.facts(), {}, jump))).toBe('MODEL_BURIED');
  });

  it('§7 #12 end, §13-A13: Quill Knight (7 Health, half 4) scores at 4 and fails at 3, from the records', () => {
    const r = new Records();
    r.activate();
    r.hit(B.brute, A.knight, 3);
    expect(judge('core.claim-jump', 'end', r.facts(), undefined, jump)).toMatchObject({ kind: 'needsClaim', need: { params: { chosen: 'Quill Knight' } } });
    expect(judge('core.claim-jump', 'end', r.facts(), {}, jump).kind).toBe('scores');
    r.hit(B.brute, A.knight, 1);
    expect(judge('core.claim-jump', 'end', r.facts(), undefined, jump)).toMatchObject({ kind: 'fails', code: 'HEALTH_TEST', params: { health: 3, half: 4, need: 'atLeastHalf' } });
  });
});

describe('§7 #13 Vendetta (class a)', () => {
  const vendetta = pick('core.vendetta', { friendly: [A.page1], enemy: [B.hound1] });

  it('§7 #13 reveal, §13-A14: at the end of Page’s activation, it damaged the Hound in it and the Hound is at 2 of 5 (half 3)', () => {
    const r = new Records();
    r.activate();
    r.hit(A.page1, B.hound1, 3);
    expect(judge('core.vendetta', 'reveal', r.endOf(A.page1), undefined, vendetta)).toMatchObject({ kind: 'scores', claimed: false, params: { model: 'Page', target: 'Hound' } });
  });

  it('§7 #13 reveal: not at the end of the friendly model’s activation (the End Phase, another model’s) it cannot score', () => {
    const r = new Records();
    r.activate();
    r.hit(A.page1, B.hound1, 3);
    expect(code(judge('core.vendetta', 'reveal', r.facts(), undefined, vendetta))).toBe('NOT_END_OF_ACTIVATION');
    expect(code(judge('core.vendetta', 'reveal', r.endOf(A.golem), undefined, vendetta))).toBe('NOT_END_OF_ACTIVATION');
  });

  it('§13-A14: damage from an earlier activation does not count', () => {
    const r = new Records();
    r.activate();
    r.hit(A.page1, B.hound1, 3);
    r.activate();
    expect(judge('core.vendetta', 'reveal', r.endOf(A.page1), undefined, vendetta)).toMatchObject({ code: 'NO_DAMAGE_THIS_ACTIVATION', rule: '§7 #13, §10, §13-A14' });
  });

  it('§7 #13 reveal: the enemy above half (4 of 5), or killed, fails', () => {
    const r = new Records();
    r.activate();
    r.hit(A.page1, B.hound1, 1);
    expect(code(judge('core.vendetta', 'reveal', r.endOf(A.page1), undefined, vendetta))).toBe('HEALTH_TEST');
    r.hit(A.page1, B.hound1, 4);
    expect(code(judge('core.vendetta', 'reveal', r.endOf(A.page1), undefined, vendetta))).toBe('MODEL_OUT_OF_PLAY');
  });

  it('§7 #13 end, VP-5: the friendly model in play and the enemy out of play, by whatever means', () => {
    const r = new Records();
    expect(code(judge('core.vendetta', 'end', r.facts(), undefined, vendetta))).toBe('MODEL_STILL_IN_PLAY');
    r.burn(B.hound1, 5);
    expect(judge('core.vendetta', 'end', r.facts(), undefined, vendetta)).toMatchObject({ kind: 'scores', claimed: false });
    r.kill(A.page1, B.brute);
    expect(judge('core.vendetta', 'end', r.facts(), undefined, vendetta)).toMatchObject({ code: 'MODEL_OUT_OF_PLAY', params: { model: 'Page' } });
  });

  it('§10: core Vendetta has no Replace clause — Page Replaced by a costlier model still scores its End', () => {
    const r = new Records();
    r.replace(A.page1, PROFILES.colossus);
    r.kill(B.hound1, A.golem);
    expect(judge('core.vendetta', 'end', r.facts(), undefined, vendetta).kind).toBe('scores');
  });

  it('§2, §7 #13: a pick without the models the scheme needs is refused (PICK_INCOMPLETE), as is a pick of another scheme', () => {
    const facts = new Records().facts();
    expect(judge('core.vendetta', 'end', facts, undefined, pick('core.vendetta', { friendly: [A.page1] }))).toMatchObject({ code: 'PICK_INCOMPLETE', params: { part: 'enemy' } });
    expect(code(judge('core.vendetta', 'end', facts, undefined, pick('core.claim-jump')))).toBe('PICK_INCOMPLETE');
  });
});
