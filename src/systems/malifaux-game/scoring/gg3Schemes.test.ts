/**
 * The Gaining Grounds 3 schemes (scoring.md §9, §10), each half scoring and failing: records made by the
 * real model functions (testkit.ts: Alice is seat 0, Bob seat 1), every expected value worked out by hand.
 */
import { describe, expect, it } from 'vitest';
import type { SchemeId } from '../engine/encounterPacks.js';
import type { Evaluation, ScoringFacts, SchemePick, TableClaim } from './objective.js';
import { evaluateScheme } from './schemes.js';
import { A, B, PROFILES, Records, pick } from './testkit.js';

const code = (e: Evaluation) => (e.kind === 'fails' ? e.code : e.kind);

function judge(id: SchemeId, half: 'reveal' | 'end', facts: ScoringFacts, claim?: TableClaim, picked: SchemePick = pick(id)) {
  return evaluateScheme(id, half, { ...facts, pack: 'gg3' }, 0, picked, claim);
}

describe('§9 #1 Breakthrough (§10)', () => {
  it('§9 #1 reveal: a friendly model in the enemy deployment zone, no enemy within 4" in its LoS; 1 marker removed', () => {
    const facts = new Records().facts();
    expect(judge('gg3.breakthrough', 'reveal', facts)).toMatchObject({ kind: 'needsClaim', need: { statement: 'scoring.claim.gg3.breakthrough.reveal', markersRemoved: 1 } });
    expect(judge('gg3.breakthrough', 'reveal', facts, { models: [A.knight] })).toMatchObject({ kind: 'scores', markersRemoved: 1 });
  });

  it('§9 #1 reveal: a buried model is in no deployment zone', () => {
    const r = new Records().bury(A.knight);
    expect(code(judge('gg3.breakthrough', 'reveal', r.facts(), { models: [A.knight] }))).toBe('MODEL_BURIED');
  });

  it('§10: the End is the core one, 3 markers in the enemy deployment zone', () => {
    const facts = new Records().facts();
    expect(judge('gg3.breakthrough', 'end', facts, {})).toMatchObject({ kind: 'scores', markersRemoved: 3 });
    expect(code(judge('gg3.breakthrough', 'end', facts, { markersRemoved: 2 }))).toBe('CLAIM_MARKERS_REMOVED');
  });
});

describe('§9 #2 Vendetta (§10: equal or costlier enemy, the Replace clause)', () => {
  const vendetta = pick('gg3.vendetta', { friendly: [A.page1], enemy: [B.hound1] });

  it('§9 #2 reveal: Page damaged the Hound this activation and it is at 2 of 5: scored at the end of the activation', () => {
    const r = new Records();
    r.activate();
    r.hit(A.page1, B.hound1, 3);
    expect(judge('gg3.vendetta', 'reveal', r.endOf(A.page1), undefined, vendetta)).toMatchObject({ kind: 'scores', claimed: false });
    expect(code(judge('gg3.vendetta', 'reveal', r.facts(), undefined, vendetta))).toBe('NOT_END_OF_ACTIVATION');
  });

  it('§9 last paragraph, REP-1 step 7: Page Replaced by a cheaper Inkling mid-activation keeps the grudge, its damage before and after counts', () => {
    const r = new Records();
    r.activate();
    r.hit(A.page1, B.hound1, 1);
    const inkling = r.replace(A.page1, PROFILES.inkling);
    r.hit(inkling, B.hound1, 1);
    // 5 − 2 = 3, half of 5 is 3.
    expect(judge('gg3.vendetta', 'reveal', r.endOf(inkling), undefined, vendetta).kind).toBe('scores');
  });

  it('§9 last paragraph: Page Replaced by a costlier Ink Colossus (10 > 5) can score neither half', () => {
    const r = new Records();
    r.activate();
    const colossus = r.replace(A.page1, PROFILES.colossus);
    r.hit(colossus, B.hound1, 3);
    expect(judge('gg3.vendetta', 'reveal', r.endOf(colossus), undefined, vendetta)).toMatchObject({ code: 'REPLACED_BY_COSTLIER', params: { model: 'Page', by: 'Ink Colossus' } });
    r.hit(colossus, B.hound1, 2);
    expect(code(judge('gg3.vendetta', 'end', r.facts(), undefined, vendetta))).toBe('REPLACED_BY_COSTLIER');
  });

  it('§9 #2 end: the friendly model in play, the enemy not', () => {
    const r = new Records();
    expect(code(judge('gg3.vendetta', 'end', r.facts(), undefined, vendetta))).toBe('MODEL_STILL_IN_PLAY');
    r.kill(B.hound1, A.golem);
    expect(judge('gg3.vendetta', 'end', r.facts(), undefined, vendetta)).toMatchObject({ kind: 'scores', claimed: false });
  });
});

describe('§9 #3 Assassinate (§10: the same rule, "max Health")', () => {
  it('§9 #3 reveal, §13-A13: Vex at 7 of 14 scores, at 8 fails; end: Vex killed scores', () => {
    const r = new Records();
    r.activate();
    r.hit(A.golem, B.vex, 6);
    expect(code(judge('gg3.assassinate', 'reveal', r.facts()))).toBe('HEALTH_TEST');
    r.hit(A.golem, B.vex, 1);
    expect(judge('gg3.assassinate', 'reveal', r.facts()).kind).toBe('scores');
    expect(code(judge('gg3.assassinate', 'end', r.facts()))).toBe('MODEL_STILL_IN_PLAY');
    r.kill(B.vex, A.golem);
    expect(judge('gg3.assassinate', 'end', r.facts()).kind).toBe('scores');
  });
});

describe('§9 #4 Leave Your Mark, §9 #8 Spread Them Out (class b, markers only)', () => {
  const cases: [SchemeId, 'reveal' | 'end', string, number][] = [
    ['gg3.leave-your-mark', 'reveal', 'scoring.claim.gg3.leave-your-mark.reveal', 1],
    ['gg3.leave-your-mark', 'end', 'scoring.claim.gg3.leave-your-mark.end', 3],
    ['gg3.spread-them-out', 'reveal', 'scoring.claim.gg3.spread-them-out', 3],
    ['gg3.spread-them-out', 'end', 'scoring.claim.gg3.spread-them-out', 3],
  ];
  for (const [id, half, statement, removes] of cases) {
    it(`${id} ${half}: stated by the table, ${removes} marker(s) removed`, () => {
      const facts = new Records().facts();
      expect(judge(id, half, facts)).toEqual({ kind: 'needsClaim', need: { statement, markersRemoved: removes } });
      expect(judge(id, half, facts, {})).toMatchObject({ kind: 'scores', markersRemoved: removes });
      expect(code(judge(id, half, facts, { markersRemoved: removes - 1 }))).toBe('CLAIM_MARKERS_REMOVED');
    });
  }
});

describe('§9 #5 Sabotage', () => {
  const sabotage = pick('gg3.sabotage', { terrain: 'Old Mill' });

  it('§9 #5: the chosen terrain piece is in the statement; the Reveal removes 2 markers, the End 1', () => {
    const facts = new Records().facts();
    expect(judge('gg3.sabotage', 'reveal', facts, undefined, sabotage)).toEqual({ kind: 'needsClaim', need: { statement: 'scoring.claim.gg3.sabotage.reveal', params: { terrain: 'Old Mill' }, markersRemoved: 2 } });
    expect(judge('gg3.sabotage', 'reveal', facts, {}, sabotage)).toMatchObject({ kind: 'scores', markersRemoved: 2 });
    expect(judge('gg3.sabotage', 'end', facts, {}, sabotage)).toMatchObject({ kind: 'scores', markersRemoved: 1 });
  });

  it('§9 #5: a pick without its terrain piece cannot score', () => {
    expect(judge('gg3.sabotage', 'end', new Records().facts(), {})).toMatchObject({ kind: 'fails', code: 'PICK_INCOMPLETE', params: { part: 'terrain' } });
  });
});

describe('§9 #6 Hidden Martyrs', () => {
  const martyrs = pick('gg3.hidden-martyrs', { friendly: [A.page1, A.knight] });

  it('§9 #6 reveal: exactly one chosen model killed this turn by an enemy-controlled model scores from the records', () => {
    const r = new Records().kill(A.page1, B.brute);
    expect(judge('gg3.hidden-martyrs', 'reveal', r.facts(), undefined, martyrs)).toEqual({ kind: 'scores', claimed: false, markersRemoved: 0, params: { model: 'Page', modelId: A.page1 } });
  });

  it('§9 #6 reveal: both killed, or none killed by an enemy-controlled model (Burning has no killer, U14), fails', () => {
    const both = new Records().kill(A.page1, B.brute).kill(A.knight, B.warden);
    expect(judge('gg3.hidden-martyrs', 'reveal', both.facts(), undefined, martyrs)).toMatchObject({ code: 'MARTYRS_NOT_EXACTLY_ONE', params: { killed: 2 } });
    const burnt = new Records().burn(A.page1, 5);
    expect(judge('gg3.hidden-martyrs', 'reveal', burnt.facts(), undefined, martyrs)).toMatchObject({ code: 'MARTYRS_NOT_EXACTLY_ONE', params: { killed: 0 } });
  });

  it('§9 #6 reveal, DUEL-9: the killer’s controller counts, not its crew — Alice’s own Golem under Bob’s control counts, Bob’s Brute under hers does not', () => {
    const taken = new Records().control(A.golem, 1).kill(A.page1, A.golem);
    expect(judge('gg3.hidden-martyrs', 'reveal', taken.facts(), undefined, martyrs).kind).toBe('scores');
    const lent = new Records().control(B.brute, 0).kill(A.page1, B.brute);
    expect(code(judge('gg3.hidden-martyrs', 'reveal', lent.facts(), undefined, martyrs))).toBe('MARTYRS_NOT_EXACTLY_ONE');
  });

  it('§9 #6 reveal: the martyr had been Replaced by a costlier model', () => {
    const r = new Records();
    const colossus = r.replace(A.page1, PROFILES.colossus);
    r.kill(colossus, B.brute);
    expect(code(judge('gg3.hidden-martyrs', 'reveal', r.facts(), undefined, martyrs))).toBe('REPLACED_BY_COSTLIER');
  });

  it('§9 #6 end: the chosen Page (above half) engaged by a costlier enemy, Hound (6 > 5)', () => {
    const facts = new Records().facts();
    expect(judge('gg3.hidden-martyrs', 'end', facts, undefined, martyrs)).toMatchObject({ kind: 'needsClaim', need: { models: [{ side: 'friendly', role: 'scoring.role.martyr' }, { side: 'enemy', role: 'scoring.role.costlierEngager' }] } });
    expect(judge('gg3.hidden-martyrs', 'end', facts, { models: [A.page1, B.hound1] }, martyrs).kind).toBe('scores');
  });

  it('§9 #6 end: a cheaper engager, a model not chosen, or a chosen one at half Health (3 of 5) fails', () => {
    const r = new Records();
    expect(code(judge('gg3.hidden-martyrs', 'end', r.facts(), { models: [A.page1, B.rat] }, martyrs))).toBe('CLAIM_NOT_COSTLIER');
    expect(code(judge('gg3.hidden-martyrs', 'end', r.facts(), { models: [A.golem, B.brute] }, martyrs))).toBe('CLAIM_NOT_CHOSEN');
    r.activate();
    r.hit(B.brute, A.page1, 2);
    expect(judge('gg3.hidden-martyrs', 'end', r.facts(), { models: [A.page1, B.hound1] }, martyrs)).toMatchObject({ code: 'HEALTH_TEST', params: { health: 3, half: 3, need: 'moreThanHalf' } });
  });

  it('§9 #6 end: with neither chosen model able to score, no claim is asked', () => {
    const r = new Records().kill(A.knight, B.brute);
    r.activate();
    r.hit(B.brute, A.page1, 3);
    expect(judge('gg3.hidden-martyrs', 'end', r.facts(), undefined, martyrs)).toMatchObject({ kind: 'fails', code: 'NO_CHOSEN_CAN_SCORE' });
  });
});

describe('§9 #7 Catch and Release', () => {
  const release = pick('gg3.catch-and-release', { friendly: [A.page1] });

  it('§9 #7 reveal: near an enemy Leader or Henchman; an Enforcer is neither', () => {
    const facts = new Records().facts();
    expect(judge('gg3.catch-and-release', 'reveal', facts, { models: [B.warden] }, release).kind).toBe('scores');
    expect(judge('gg3.catch-and-release', 'reveal', facts, { models: [B.vex] }, release).kind).toBe('scores');
    expect(judge('gg3.catch-and-release', 'reveal', facts, { models: [B.brute] }, release)).toMatchObject({ code: 'CLAIM_MODEL_NOT_ALLOWED', params: { need: 'leaderOrHenchman' } });
  });

  it('§9 #7: the chosen Minion Replaced by a costlier model scores neither half; a cheaper one passes', () => {
    const costly = new Records();
    costly.replace(A.page1, PROFILES.colossus);
    expect(code(judge('gg3.catch-and-release', 'reveal', costly.facts(), undefined, release))).toBe('REPLACED_BY_COSTLIER');
    const cheap = new Records();
    cheap.replace(A.page1, PROFILES.inkling);
    expect(judge('gg3.catch-and-release', 'end', cheap.facts(), {}, release).kind).toBe('scores');
  });

  it('§9 #7 end: the chosen Minion in play in the enemy half; dead, it fails', () => {
    const r = new Records();
    expect(judge('gg3.catch-and-release', 'end', r.facts(), undefined, release)).toMatchObject({ kind: 'needsClaim', need: { params: { chosen: 'Page' } } });
    r.kill(A.page1, B.brute);
    expect(code(judge('gg3.catch-and-release', 'end', r.facts(), {}, release))).toBe('MODEL_OUT_OF_PLAY');
  });
});

describe('§9 #9 Load ’Em Up', () => {
  const load = pick('gg3.load-em-up', { markerType: 'Corpse' });

  it('§9 #9 reveal: 6 markers of the chosen type in the enemy half is the table’s to state', () => {
    const facts = new Records().facts();
    expect(judge('gg3.load-em-up', 'reveal', facts, undefined, load)).toMatchObject({ need: { params: { markerType: 'Corpse' }, markersRemoved: 0 } });
    expect(judge('gg3.load-em-up', 'reveal', facts, {}, load).kind).toBe('scores');
    expect(code(judge('gg3.load-em-up', 'reveal', facts, {}))).toBe('PICK_INCOMPLETE');
  });

  it('§9 #9 end, §13-A18: 3 markers near one Leader of either crew; a Henchman that is not the Leader fails', () => {
    const facts = new Records().facts();
    expect(judge('gg3.load-em-up', 'end', facts, { models: [B.vex] }, load).kind).toBe('scores');
    expect(judge('gg3.load-em-up', 'end', facts, { models: [A.ada] }, load).kind).toBe('scores');
    expect(judge('gg3.load-em-up', 'end', facts, { models: [B.warden] }, load)).toMatchObject({ code: 'CLAIM_MODEL_NOT_ALLOWED', params: { need: 'leader' } });
  });
});

describe('§9 #10 Public Demonstration', () => {
  const demo = pick('gg3.public-demonstration', { friendly: [A.page1, A.page2, A.blotter] });

  it('§9 #10 reveal, §13-A25: two chosen models, each near a costlier enemy Master or Henchman — the same Warden may serve both', () => {
    const facts = new Records().facts();
    expect(judge('gg3.public-demonstration', 'reveal', facts)).toMatchObject({ kind: 'fails', code: 'PICK_INCOMPLETE' });
    expect(judge('gg3.public-demonstration', 'reveal', facts, undefined, demo)).toMatchObject({ need: { pairs: { min: 2, roles: ['scoring.role.demonstrator', 'scoring.role.witness'] } } });
    expect(judge('gg3.public-demonstration', 'reveal', facts, { pairs: [[A.page1, B.warden], [A.page2, B.warden]] }, demo).kind).toBe('scores');
  });

  it('§9 #10 reveal: an Enforcer is no witness, a Master with a dash costs 0 (not more), a model not chosen is refused', () => {
    const facts = new Records().facts();
    expect(code(judge('gg3.public-demonstration', 'reveal', facts, { pairs: [[A.page1, B.brute], [A.page2, B.warden]] }, demo))).toBe('CLAIM_MODEL_NOT_ALLOWED');
    expect(code(judge('gg3.public-demonstration', 'reveal', facts, { pairs: [[A.page1, B.vex], [A.page2, B.warden]] }, demo))).toBe('CLAIM_NOT_COSTLIER');
    expect(code(judge('gg3.public-demonstration', 'reveal', facts, { pairs: [[A.knight, B.warden], [A.page2, B.warden]] }, demo))).toBe('CLAIM_NOT_CHOSEN');
  });

  it('§9 #10 reveal: any chosen model Replaced by a costlier one, even one not named, stops it', () => {
    const r = new Records();
    r.replace(A.blotter, PROFILES.colossus);
    expect(judge('gg3.public-demonstration', 'reveal', r.facts(), undefined, demo)).toMatchObject({ kind: 'fails', code: 'REPLACED_BY_COSTLIER', params: { model: 'Blotter' } });
  });

  it('§9 #10 end: one chosen model near such an enemy; one pair is enough, none is not', () => {
    const facts = new Records().facts();
    expect(judge('gg3.public-demonstration', 'end', facts, { pairs: [[A.blotter, B.warden]] }, demo).kind).toBe('scores');
    expect(code(judge('gg3.public-demonstration', 'end', facts, { pairs: [] }, demo))).toBe('CLAIM_PAIRS_NUMBER');
  });
});

describe('§9 #11 Set the Trap', () => {
  it('§9 #11 reveal, §13-A24: 3 distinct enemies near the named markers; all named markers are removed', () => {
    const facts = new Records().facts();
    const asked = judge('gg3.set-the-trap', 'reveal', facts);
    expect(asked).toMatchObject({ kind: 'needsClaim', need: { countIsMarkersRemoved: true, count: { min: 1 }, models: [{ side: 'enemy', min: 3, max: 7 }] } });
    expect(asked.kind === 'needsClaim' ? asked.need.markersRemoved : 'no need').toBeUndefined();
    expect(judge('gg3.set-the-trap', 'reveal', facts, { count: 2, models: [B.rat, B.hound1, B.hound2] })).toMatchObject({ kind: 'scores', markersRemoved: 2 });
  });

  it('§9 #11 reveal: two enemies, or an Insignificant one among three, are not enough (U9)', () => {
    const facts = new Records().facts();
    expect(code(judge('gg3.set-the-trap', 'reveal', facts, { count: 1, models: [B.rat, B.hound1] }))).toBe('CLAIM_MODELS_NUMBER');
    expect(code(judge('gg3.set-the-trap', 'reveal', facts, { count: 1, models: [B.rat, B.hound1, B.imp] }))).toBe('CLAIM_INSIGNIFICANT');
  });

  it('§9 #11 reveal: with fewer than 3 significant enemies on the table, no claim is asked', () => {
    const r = new Records();
    for (const id of [B.vex, B.warden, B.brute, B.sentinel, B.hound1]) r.kill(id, A.golem);
    expect(judge('gg3.set-the-trap', 'reveal', r.facts())).toMatchObject({ kind: 'fails', code: 'TOO_FEW_ENEMIES', params: { count: 2, min: 3 } });
  });

  it('§9 #11 end, §13-A13: the Warden (9 Health, half 5) at 5 near a marker scores, 1 marker removed; a wounded Enforcer does not count', () => {
    const r = new Records();
    r.activate();
    r.hit(A.golem, B.brute, 6);
    expect(judge('gg3.set-the-trap', 'end', r.facts())).toMatchObject({ kind: 'fails', code: 'NO_WOUNDED_MASTER_OR_HENCHMAN' });
    r.hit(A.golem, B.warden, 4);
    expect(judge('gg3.set-the-trap', 'end', r.facts(), { models: [B.warden] })).toMatchObject({ kind: 'scores', markersRemoved: 1 });
    expect(judge('gg3.set-the-trap', 'end', r.facts(), { models: [B.brute] })).toMatchObject({ code: 'CLAIM_MODEL_NOT_ALLOWED', params: { need: 'masterOrHenchman' } });
  });
});

describe('§9 #12 In Your Face', () => {
  it('§9 #12 reveal, §13-A19: an enemy non-Leader costing 8 died this turn (any cause) near a Leader', () => {
    const r = new Records().burn(B.sentinel, 7);
    expect(judge('gg3.in-your-face', 'reveal', r.facts(), { models: [B.sentinel] })).toMatchObject({ kind: 'scores', claimed: true });
  });

  it('§9 #12 reveal: a cheaper victim (Rat, 4) or the Leader is no such death', () => {
    const r = new Records().kill(B.rat, A.golem).kill(B.vex, A.golem);
    expect(judge('gg3.in-your-face', 'reveal', r.facts())).toMatchObject({ kind: 'fails', code: 'NO_COSTLY_DEATH' });
    r.kill(B.brute, A.golem);
    expect(code(judge('gg3.in-your-face', 'reveal', r.facts(), { models: [B.rat] }))).toBe('NOT_A_COSTLY_DEATH');
    expect(judge('gg3.in-your-face', 'reveal', r.facts(), { models: [B.brute] }).kind).toBe('scores');
  });

  it('§9 #12 end, §13-A20: Alice’s costliest hired non-Master is the Scribe Major (9); the Golem (8) is not', () => {
    const facts = new Records().facts();
    expect(judge('gg3.in-your-face', 'end', facts, { models: [A.scribe] }).kind).toBe('scores');
    expect(judge('gg3.in-your-face', 'end', facts, { models: [A.golem] })).toMatchObject({ code: 'NOT_COSTLIEST_HIRED', params: { cost: 8, costliest: 9 } });
  });

  it('§13-A20: a summoned model was never hired, however costly; the costliest dead fails without a claim', () => {
    const r = new Records();
    const colossus = r.summon(PROFILES.colossus, A.ada);
    expect(code(judge('gg3.in-your-face', 'end', r.facts(), { models: [colossus] }))).toBe('NOT_COSTLIEST_HIRED');
    r.kill(A.scribe, B.brute);
    expect(judge('gg3.in-your-face', 'end', r.facts())).toMatchObject({ kind: 'fails', code: 'COSTLIEST_OUT_OF_PLAY', params: { cost: 9 } });
  });
});

describe('§9 #13 Secret Meetup', () => {
  const meetup = pick('gg3.secret-meetup', { friendly: [A.knight], enemy: [B.brute], terrain: 'Well' });

  it('§9 #13 reveal: the two chosen models and the terrain close together; the statement names all three', () => {
    const facts = new Records().facts();
    expect(judge('gg3.secret-meetup', 'reveal', facts, undefined, meetup)).toMatchObject({ need: { params: { chosen: 'Quill Knight', target: 'Brute', terrain: 'Well' } } });
    expect(judge('gg3.secret-meetup', 'reveal', facts, {}, meetup).kind).toBe('scores');
  });

  it('§9 #13 reveal: the chosen enemy dead cannot meet', () => {
    const r = new Records().kill(B.brute, A.golem);
    expect(judge('gg3.secret-meetup', 'reveal', r.facts(), {}, meetup)).toMatchObject({ code: 'MODEL_OUT_OF_PLAY', params: { model: 'Brute' } });
  });

  it('§9 #13 end: 2 markers touching the chosen terrain; a pick without terrain cannot score', () => {
    const facts = new Records().facts();
    expect(judge('gg3.secret-meetup', 'end', facts, {}, meetup)).toMatchObject({ kind: 'scores', markersRemoved: 0 });
    expect(code(judge('gg3.secret-meetup', 'end', facts, {}, pick('gg3.secret-meetup', { friendly: [A.knight], enemy: [B.brute] })))).toBe('PICK_INCOMPLETE');
  });
});
