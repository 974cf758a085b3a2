/**
 * Models in play (m3e-core §7, §8, §10, §12, §13): every expected value is worked out by hand from the
 * rule named in the test; the profiles are invented (crews/fixtures.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Result } from '../../contract.js';
import { profile } from '../crews/fixtures.js';
import type { HiredModel, ModelProfile } from '../crews/model.js';
import type { ModelError, ModelInPlay } from './models.js';
import {
  actionLimit,
  activatableModels,
  addTokens,
  applyChosenDamage,
  applyDamage,
  bonusActionCounts,
  bury,
  canInteract,
  conditionValue,
  endActivation,
  endPhaseDamage,
  endPhaseEffects,
  gainAdversary,
  gainCondition,
  heal,
  healInKilledSequence,
  killBuriedAtGameEnd,
  killOutright,
  loseCondition,
  modelInPlaySchema,
  modelsFromCrew,
  passTokensOwed,
  reduceCondition,
  replace,
  sourceModel,
  startTurn,
  summon,
  unbury,
} from './models.js';

const master = profile({ name: 'Ada Quill', station: 'Master', factions: ['arcanists'], cost: null, health: 13 });
const totem = profile({ name: 'Blotter', station: 'Minion', factions: ['arcanists'], totemOf: 'Ada Quill', cost: 3, health: 4 });
const henchman = profile({ name: 'Scribe Major', station: 'Henchman', factions: ['arcanists'], cost: 9, health: 8 });
const golem = profile({ name: 'Press Golem', station: 'Enforcer', factions: ['arcanists'], cost: 8, health: 10 });
const inkling = profile({ name: 'Inkling', station: 'Minion', stationLimit: 3, factions: ['arcanists'], cost: 4, health: 5 });
const blot = profile({ name: 'Blot', station: 'Minion', factions: ['arcanists'], cost: 2, health: 3 });

function hired(p: ModelProfile, role: HiredModel['role'], copy = 1): HiredModel {
  return { key: p.name.toLowerCase(), copy, role, profile: p, cost: p.cost ?? 0, surcharge: 0, upgrades: [], soulstoneUser: false };
}

/** Seat 0: Ada (Leader), Blotter, Scribe Major, two Inklings. Seat 1: Scribe Major leading, Press Golem. */
function table(): ModelInPlay[] {
  return [
    ...modelsFromCrew(0, { models: [hired(master, 'leader'), hired(totem, 'totem'), hired(henchman, 'hire'), hired(inkling, 'hire', 1), hired(inkling, 'hire', 2)] }),
    ...modelsFromCrew(1, { models: [hired(henchman, 'leader'), hired(golem, 'hire')] }),
  ];
}

function ok<T>(r: Result<T, ModelError>): T {
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.error)}`);
  return r.value;
}

const byId = (models: readonly ModelInPlay[], id: string) => models.find((m) => m.id === id) as ModelInPlay;
const model = (id: string) => byId(table(), id);

describe('a crew comes into play', () => {
  it('HIRE: one model per hired model, ids by seat and position, the Leader flagged, full Health', () => {
    const models = table();
    expect(models.map((m) => m.id)).toEqual(['s0-m0', 's0-m1', 's0-m2', 's0-m3', 's0-m4', 's1-m0', 's1-m1']);
    expect(models.filter((m) => m.leader).map((m) => m.id)).toEqual(['s0-m0', 's1-m0']);
    expect(model('s0-m3')).toMatchObject({ seat: 0, controller: 0, key: 'inkling', maxHealth: 5, health: 5, stationLimit: 3, status: 'in-play', activated: false });
    expect(model('s0-m0')).toMatchObject({ cost: null, paid: 0, station: 'Master' });
    for (const m of models) expect(modelInPlaySchema.parse(m)).toEqual(m);
  });
});

describe('conditions (COND)', () => {
  it('COND-8: gaining a valued condition again adds the values; reducing stops at 0 and ends it', () => {
    let m = gainCondition(gainCondition(model('s0-m2'), 'burning', 2), 'burning', 3);
    expect(conditionValue(m, 'burning')).toBe(5);
    m = reduceCondition(m, 'burning', 2);
    expect(conditionValue(m, 'burning')).toBe(3);
    m = reduceCondition(m, 'burning', 7);
    expect(m.conditions).toEqual({});
  });

  it('COND-3: a valueless condition gained twice is held once', () => {
    const m = gainCondition(gainCondition(model('s0-m2'), 'staggered'), 'staggered', 2);
    expect(m.conditions).toEqual({ staggered: 1 });
  });

  it('COND-1: Fast and Slow cancel in pairs, both removed together (TV-17)', () => {
    const fast = gainCondition(model('s0-m3'), 'fast');
    expect(gainCondition(fast, 'slow').conditions).toEqual({});
    expect(gainCondition(gainCondition(model('s0-m3'), 'slow'), 'fast').conditions).toEqual({});
  });

  it('COND-5: Adversary with different X coexist (AMB-26); losing one X keeps the other', () => {
    let m = gainAdversary(gainAdversary(gainAdversary(model('s1-m1'), 'Inkwell'), 'Ada Quill'), 'inkwell');
    expect(m.adversaryOf).toEqual(['inkwell', 'ada quill']);
    expect(conditionValue(m, 'adversary')).toBe(1);
    m = reduceCondition(m, 'adversary', 1, 'Inkwell');
    expect(m.adversaryOf).toEqual(['ada quill']);
    m = loseCondition(m, 'adversary');
    expect(m.adversaryOf).toEqual([]);
    expect(m.conditions).toEqual({});
    expect(modelInPlaySchema.safeParse(m).success).toBe(true);
  });

  it('COND-9: Distracted +2 then two decays ends it', () => {
    const m = reduceCondition(reduceCondition(gainCondition(model('s0-m2'), 'distracted', 2), 'distracted', 1), 'distracted', 1);
    expect(conditionValue(m, 'distracted')).toBe(0);
  });

  it('tokens on a model are counted and never go below 0', () => {
    let m = addTokens(addTokens(model('s0-m2'), 'Ink', 2), 'Ink', 1);
    expect(m.tokens).toEqual({ Ink: 3 });
    m = addTokens(m, 'Ink', -5);
    expect(m.tokens).toEqual({});
  });
});

describe('action limit (ACT-2, ACT-3, TV-17)', () => {
  it('ACT-2: a Master 3, a Henchman Leader 3, a Henchman hire 2, a Minion 2', () => {
    expect([actionLimit(model('s0-m0')), actionLimit(model('s1-m0')), actionLimit(model('s0-m2')), actionLimit(model('s0-m3'))]).toEqual([3, 3, 2, 2]);
  });

  it('TV-17: a Minion gaining Fast goes from 2 to 3; a Master with Fast stays at 3 (AMB-23)', () => {
    expect(actionLimit(gainCondition(model('s0-m3'), 'fast'))).toBe(3);
    expect(actionLimit(gainCondition(model('s0-m0'), 'fast'))).toBe(3);
  });

  it('COND-2: Slow takes a Minion to 1 and a Master to 2; Fast and Slow together leave the base limit', () => {
    expect(actionLimit(gainCondition(model('s0-m3'), 'slow'))).toBe(1);
    expect(actionLimit(gainCondition(model('s0-m0'), 'slow'))).toBe(2);
    expect(actionLimit(gainCondition(gainCondition(model('s0-m3'), 'fast'), 'slow'))).toBe(2);
  });

  it('ACT-3: the change ends as soon as the condition is removed', () => {
    expect(actionLimit(loseCondition(gainCondition(model('s0-m3'), 'fast'), 'fast'))).toBe(2);
  });

  it('COND-4: a Stunned model bonus action counts toward its limit (TV-17)', () => {
    expect(bonusActionCounts(gainCondition(model('s0-m3'), 'stunned'))).toBe(true);
    expect(bonusActionCounts(model('s0-m3'))).toBe(false);
  });

  it('ACTV-6: a buried model takes no actions', () => {
    const models = ok(bury(table(), 's0-m0'));
    expect(actionLimit(byId(models, 's0-m0'))).toBe(0);
  });
});

describe('activations (ACTV)', () => {
  it('ACTV-4: ending an activation marks it and expires Fast, Staggered and Stunned, not Burning or Shielded', () => {
    let m = gainCondition(gainCondition(gainCondition(model('s0-m2'), 'fast'), 'staggered'), 'stunned');
    m = gainCondition(gainCondition(m, 'burning', 2), 'shielded', 1);
    const after = endActivation(m);
    expect(after.activated).toBe(true);
    expect(after.conditions).toEqual({ burning: 2, shielded: 1 });
    expect(endActivation(gainCondition(model('s0-m2'), 'slow')).conditions).toEqual({});
  });

  it('ACTV-3: a seat activates the models it controls that have not activated, buried ones included (ACTV-6)', () => {
    let models = ok(bury(table(), 's0-m1'));
    models = models.map((m) => (m.id === 's0-m2' ? endActivation(m) : m));
    models = models.map((m) => (m.id === 's1-m1' ? { ...m, controller: 0 as const } : m));
    models = models.map((m) => (m.id === 's0-m4' ? ok(applyDamage(m, 5, { kind: 'hazard' })).model : m));
    expect(activatableModels(models, 0).map((m) => m.id)).toEqual(['s0-m0', 's0-m1', 's0-m3', 's1-m1']);
    expect(activatableModels(models, 1).map((m) => m.id)).toEqual(['s1-m0']);
  });

  it('ACTV-3: a new turn clears every activated flag', () => {
    const models = startTurn(table().map(endActivation));
    expect(models.every((m) => !m.activated)).toBe(true);
  });
});

describe('damage and killing (DMG, KILL)', () => {
  it('DMG-10: 6 damage on 4 Health is final 6, applied 4, and kills (KILL-1) with credit to the attacker (KILL-3)', () => {
    const attacker = model('s1-m1');
    const target = { ...model('s0-m3'), health: 4 };
    const r = ok(applyDamage(target, 6, sourceModel(attacker)));
    expect(r).toMatchObject({ final: 6, applied: 4, suffered: true, killed: true });
    expect(r.model).toMatchObject({ health: 0, status: 'killed', killedHow: 'health', killedBy: { modelId: 's1-m1', seat: 1, controller: 1 } });
  });

  it('DMG-9: 0 damage is not suffered and kills nobody', () => {
    const r = ok(applyDamage(model('s0-m3'), 0, { kind: 'hazard' }));
    expect(r).toMatchObject({ final: 0, applied: 0, suffered: false, killed: false });
    expect(r.model.health).toBe(5);
  });

  it('KILL-3: killed by a condition or by hazardous terrain: no killer', () => {
    const low = { ...model('s0-m3'), health: 1 };
    expect(ok(applyDamage(low, 1, { kind: 'condition', condition: 'burning' })).model.killedBy).toBeNull();
    expect(ok(applyDamage(low, 1, { kind: 'hazard' })).model.killedBy).toBeNull();
  });

  it('DMG-10: a killed model takes no more damage', () => {
    const dead = ok(applyDamage(model('s0-m3'), 9, { kind: 'hazard' })).model;
    const r = applyDamage(dead, 1, { kind: 'hazard' });
    expect(r.ok ? null : r.error).toEqual({ code: 'NOT_IN_PLAY', rule: 'DMG-10', params: { model: 's0-m3' } });
  });

  it('DMG-16: a model may choose damage that leaves it at 1 Health or more; it is dealt as any damage, by nobody', () => {
    const r = ok(applyChosenDamage(model('s0-m3'), 4));
    expect(r).toMatchObject({ final: 4, applied: 4, suffered: true, killed: false });
    expect(r.model).toMatchObject({ health: 1, status: 'in-play', killedBy: null });
    expect(ok(applyChosenDamage(model('s0-m3'), 0))).toMatchObject({ applied: 0, suffered: false });
  });

  it('DMG-16: a model may never choose damage that would take it to 0 Health or lower', () => {
    for (const amount of [5, 6, 99]) {
      const r = applyChosenDamage(model('s0-m3'), amount);
      expect(r.ok ? null : r.error).toEqual({ code: 'CHOSEN_DAMAGE_KILLS', rule: 'DMG-16', params: { model: 's0-m3', amount, health: 5 } });
    }
    const low = applyChosenDamage({ ...model('s0-m3'), health: 1 }, 1);
    expect(low.ok ? null : low.error.code).toBe('CHOSEN_DAMAGE_KILLS');
    // The checks of any damage come first: a model out of play, an amount that is none.
    const dead = ok(applyDamage(model('s0-m3'), 9, { kind: 'hazard' })).model;
    expect((r => (r.ok ? null : r.error.code))(applyChosenDamage(dead, 1))).toBe('NOT_IN_PLAY');
    expect((r => (r.ok ? null : r.error.code))(applyChosenDamage(model('s0-m3'), -1))).toBe('INVALID_AMOUNT');
  });

  it('DMG-12: healing 5 on 3 of 5 Health stops at 5', () => {
    expect(ok(heal({ ...model('s0-m3'), health: 3 }, 5)).health).toBe(5);
    expect(ok(heal({ ...model('s0-m3'), health: 1 }, 2)).health).toBe(3);
  });

  it('KILL-2: killed by reaching 0 and healed above 0 in the killed sequence, it is no longer killed', () => {
    const dead = ok(applyDamage(model('s0-m3'), 7, sourceModel(model('s1-m1')))).model;
    const back = ok(healInKilledSequence(dead, 2));
    expect(back).toMatchObject({ status: 'in-play', health: 2, killedBy: null, killedHow: null });
    expect(ok(healInKilledSequence(dead, 0)).status).toBe('killed');
  });

  it('KILL-2: a model killed outright stays killed even if healed', () => {
    const dead = ok(killOutright(model('s0-m3'), sourceModel(model('s1-m1'))));
    const r = healInKilledSequence(dead, 3);
    expect(r.ok ? null : r.error.code).toBe('KILLED_OUTRIGHT');
    const alive = healInKilledSequence(model('s0-m3'), 3);
    expect(alive.ok ? null : alive.error.code).toBe('NOT_KILLED');
  });

  it('KILL-4: a model killed while buried is flagged (no marker) and a heal in the sequence returns it buried', () => {
    const buried = byId(ok(bury(table(), 's0-m3')), 's0-m3');
    const dead = ok(applyDamage(buried, 5, { kind: 'hazard' })).model;
    expect(dead).toMatchObject({ status: 'killed', killedWhileBuried: true });
    expect(ok(healInKilledSequence(dead, 1)).status).toBe('buried');
  });
});

describe('End Phase (COND-12, END-1)', () => {
  it('AMB-5: Burning and Poison +X deal 1 + floor((X − 1) / 3)', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 10].map(endPhaseDamage)).toEqual([1, 1, 1, 2, 2, 2, 3, 4]);
  });

  it('TV-12: Burning +5, Poison +4, Shielded +2: Shielded ends, Burning deals 2, Poison deals 2 then drops to +3', () => {
    let golemModel = model('s1-m1'); // Health 10
    golemModel = gainCondition(gainCondition(gainCondition(golemModel, 'burning', 5), 'poison', 4), 'shielded', 2);
    const { models, facts } = endPhaseEffects([golemModel], 0);
    expect(facts).toEqual([
      { kind: 'conditionsEnded', modelId: 's1-m1', conditions: ['shielded'] },
      { kind: 'conditionDamage', modelId: 's1-m1', condition: 'burning', value: 5, final: 2, applied: 2 },
      { kind: 'conditionDamage', modelId: 's1-m1', condition: 'poison', value: 4, final: 2, applied: 2 },
      { kind: 'conditionReduced', modelId: 's1-m1', condition: 'poison', value: 3 },
    ]);
    expect(models[0]).toMatchObject({ health: 6, conditions: { burning: 5, poison: 3 } });
  });

  it('COND-12: Adversary, Shielded and Injured all end; Distracted and Focused stay', () => {
    let m = gainAdversary(model('s0-m2'), 'Guild');
    m = gainCondition(gainCondition(gainCondition(gainCondition(m, 'injured', 2), 'shielded', 1), 'distracted', 1), 'focused', 2);
    const after = endPhaseEffects([m], 0).models[0] as ModelInPlay;
    expect(after.conditions).toEqual({ distracted: 1, focused: 2 });
    expect(after.adversaryOf).toEqual([]);
  });

  it('TIME-2: the initiative holder models resolve first, then the other seat', () => {
    const models = table().map((m) => (m.id === 's0-m2' || m.id === 's1-m1' ? gainCondition(m, 'burning', 1) : m));
    const order = (initiative: 0 | 1) => endPhaseEffects(models, initiative).facts.map((f) => f.modelId);
    expect(order(1)).toEqual(['s1-m1', 's0-m2']);
    expect(order(0)).toEqual(['s0-m2', 's1-m1']);
  });

  it('KILL-3: a model killed by Burning has no killer and takes no Poison after; a buried one drops no marker (KILL-4)', () => {
    const low = gainCondition(gainCondition({ ...model('s0-m3'), health: 2 }, 'burning', 4), 'poison', 1);
    const buried = { ...gainCondition({ ...model('s0-m4'), health: 1 }, 'poison', 2), status: 'buried' as const };
    const { models, facts } = endPhaseEffects([low, buried], 0);
    expect(facts).toEqual([
      { kind: 'conditionDamage', modelId: 's0-m3', condition: 'burning', value: 4, final: 2, applied: 2 },
      { kind: 'killed', modelId: 's0-m3', by: null, buried: false },
      { kind: 'conditionDamage', modelId: 's0-m4', condition: 'poison', value: 2, final: 1, applied: 1 },
      { kind: 'killed', modelId: 's0-m4', by: null, buried: true },
    ]);
    expect(models.map((m) => [m.status, m.killedBy])).toEqual([
      ['killed', null],
      ['killed', null],
    ]);
  });
});

describe('summoning (SUM)', () => {
  it('TV-19: a third Inkling (Minion 3) arrives and A gains 1 pass token; a fourth fails with no token', () => {
    // Seat 1 summons here, so the opposing seat 0 gains the token: put two Inklings in seat 1's crew.
    const models = [...table(), ...modelsFromCrew(1, { models: [hired(inkling, 'hire', 1), hired(inkling, 'hire', 2)] }, 's1-x')];
    const third = ok(summon(models, inkling, 's1-m0', 2));
    expect(third.passTokenTo).toBe(0);
    expect(third.summoned).toMatchObject({ id: 's1-m2', seat: 1, controller: 1, summoned: 2, activated: false, health: 5, paid: null, leader: false });
    const fourth = summon(third.models, inkling, 's1-m0', 2);
    expect(fourth.ok ? null : fourth.error).toEqual({ code: 'MODEL_LIMIT', rule: 'SUM-4', params: { key: 'inkling', limit: 3 } });
  });

  it('SUM-5: a model summoned this turn cannot Interact, and can activate this turn', () => {
    const r = ok(summon(table(), blot, 's0-m2', 3));
    expect(canInteract(r.summoned, 3)).toBe(false);
    expect(canInteract(r.summoned, 4)).toBe(true);
    expect(activatableModels(r.models, 0).map((m) => m.id)).toContain('s0-m5');
  });

  it('SUM-4: a model without a station number cannot join a crew that holds it; killed copies do not count, buried ones do', () => {
    const r = summon(table(), henchman, 's0-m0', 1);
    expect(r.ok ? null : r.error.code).toBe('MODEL_LIMIT');
    const killedScribe = table().map((m) => (m.id === 's0-m2' ? ok(killOutright(m, { kind: 'hazard' })) : m));
    expect(ok(summon(killedScribe, henchman, 's0-m0', 1)).summoned.key).toBe('scribe major');
    const buriedScribe = ok(bury(table(), 's0-m2'));
    expect(summon(buriedScribe, henchman, 's0-m0', 1).ok).toBe(false);
    // The other crew holding one does not matter (SUM-1: the summoner's crew).
    expect(ok(summon(table(), golem, 's0-m0', 1)).summoned.seat).toBe(0);
  });

  it('SUM-3: a totem whose Master is not in play in the crew is refused; a buried Master is in play (BURY-1)', () => {
    const noBlotter = table().filter((m) => m.id !== 's0-m1');
    const masterKilled = noBlotter.map((m) => (m.id === 's0-m0' ? ok(killOutright(m, { kind: 'hazard' })) : m));
    const r = summon(masterKilled, totem, 's0-m2', 2);
    expect(r.ok ? null : r.error).toEqual({ code: 'TOTEM_WITHOUT_MASTER', rule: 'SUM-3', params: { key: 'blotter', master: 'Ada Quill' } });
    expect(summon(ok(bury(noBlotter, 's0-m0')), totem, 's0-m2', 2).ok).toBe(true);
    const otherCrew = summon(table(), totem, 's1-m0', 2);
    expect(otherCrew.ok ? null : otherCrew.error.code).toBe('TOTEM_WITHOUT_MASTER');
  });

  it('SUM-3: the summoner must be in play and on the table', () => {
    const dead = table().map((m) => (m.id === 's0-m2' ? ok(killOutright(m, { kind: 'hazard' })) : m));
    const r1 = summon(dead, blot, 's0-m2', 1);
    expect(r1.ok ? null : r1.error.code).toBe('NOT_IN_PLAY');
    const r2 = summon(ok(bury(table(), 's0-m2')), blot, 's0-m2', 1);
    expect(r2.ok ? null : r2.error.code).toBe('SUMMONER_BURIED');
    const r3 = summon(table(), blot, 's9-m9', 1);
    expect(r3.ok ? null : r3.error.code).toBe('UNKNOWN_MODEL');
  });
});

describe('replacing (REP)', () => {
  it('REP-1: Health min(old, new max) then healing; conditions and tokens pass; the old one is removed, not killed', () => {
    let models = table().map((m) => (m.id === 's0-m2' ? addTokens(gainCondition(gainCondition({ ...m, health: 7 }, 'burning', 2), 'fast'), 'Ink', 1) : m));
    const r = ok(replace(models, ['s0-m2'], [golem], { heal: 2 }));
    // min(7, 10) = 7, healed 2 → 9.
    expect(r.added[0]).toMatchObject({ id: 's0-m5', seat: 0, health: 9, conditions: { burning: 2, fast: 1 }, tokens: { Ink: 1 }, replaces: ['s0-m2'], activated: false });
    expect(byId(r.models, 's0-m2')).toMatchObject({ status: 'removed', killedBy: null, replacedBy: ['s0-m5'] });
    expect(r.crossCrew).toBe(false);
    // A smaller model: min(7, 3) = 3.
    models = table().map((m) => (m.id === 's0-m2' ? { ...m, health: 7 } : m));
    expect(ok(replace(models, ['s0-m2'], [blot])).added[0]?.health).toBe(3);
  });

  it('REP-1 step 4: in the same crew the Leader designation passes to the new model', () => {
    const r = ok(replace(table(), ['s0-m0'], [golem]));
    expect(r.added[0]?.leader).toBe(true);
    expect(actionLimit(r.added[0] as ModelInPlay)).toBe(3);
  });

  it('REP-1 step 1: cancelled when the old model is buried or the model limit is reached', () => {
    const buried = replace(ok(bury(table(), 's0-m2')), ['s0-m2'], [golem]);
    expect(buried.ok ? null : buried.error).toEqual({ code: 'OLD_MODEL_BURIED', rule: 'REP-1', params: { model: 's0-m2' } });
    const limit = replace(table(), ['s0-m2'], [inkling, inkling]);
    expect(limit.ok ? null : limit.error.code).toBe('MODEL_LIMIT');
    const killedOld = replace(
      table().map((m) => (m.id === 's0-m2' ? ok(killOutright(m, { kind: 'hazard' })) : m)),
      ['s0-m2'],
      [golem],
    );
    expect(killedOld.ok ? null : killedOld.error.code).toBe('NOT_IN_PLAY');
  });

  it('REP-1 step 6: a model replaced in its killed sequence with no healing arrives at 0 Health and is killed', () => {
    const models = table().map((m) => (m.id === 's0-m3' ? ok(applyDamage(m, 5, sourceModel(model('s1-m1')))).model : m));
    const r = ok(replace(models, ['s0-m3'], [blot], { inKilledSequence: true }));
    expect(r.killed).toEqual(['s0-m5']);
    expect(r.added[0]).toMatchObject({ status: 'killed', health: 0, killedBy: null });
    expect(ok(replace(models, ['s0-m3'], [blot], { inKilledSequence: true, heal: 2 })).added[0]).toMatchObject({ status: 'in-play', health: 2 });
  });

  it('REP-1 step 7: the new model continues the activation under way, or counts as activated if the old had', () => {
    const during = ok(replace(table(), ['s0-m2'], [golem], { activating: 's0-m2' }));
    expect(during.continuesActivation).toBe('s0-m5');
    expect(during.added[0]?.activated).toBe(false);
    const after = ok(replace(table().map((m) => (m.id === 's0-m2' ? endActivation(m) : m)), ['s0-m2'], [golem]));
    expect(after.continuesActivation).toBeNull();
    expect(after.added[0]?.activated).toBe(true);
  });

  it('REP-2: one replaced by many: each takes min(old, its max); the chosen one carries conditions and the activation state', () => {
    const old = gainCondition(endActivation({ ...model('s0-m2'), health: 4 }), 'poison', 2);
    const models = table().map((m) => (m.id === 's0-m2' ? old : m));
    const r = ok(replace(models, ['s0-m2'], [blot, golem], { carrier: 1 }));
    expect(r.added.map((m) => [m.id, m.health, m.conditions, m.activated])).toEqual([
      ['s0-m5', 3, {}, false],
      ['s0-m6', 4, { poison: 2 }, true],
    ]);
    expect(byId(r.models, 's0-m2').replacedBy).toEqual(['s0-m5', 's0-m6']);
  });

  it('REP-3: many replaced by one: Health summed and capped, the highest value of each condition, every valueless one', () => {
    const a = gainCondition(gainCondition({ ...model('s0-m3'), health: 4 }, 'burning', 3), 'staggered');
    const b = gainAdversary(gainCondition(gainCondition({ ...model('s0-m4'), health: 5 }, 'burning', 1), 'poison', 2), 'Guild');
    const models = table().map((m) => (m.id === a.id ? a : m.id === b.id ? b : m));
    const r = ok(replace(models, ['s0-m3', 's0-m4'], [golem], { activating: 's0-m4' }));
    // 4 + 5 = 9, under the Golem's 10.
    expect(r.added[0]).toMatchObject({ health: 9, conditions: { burning: 3, staggered: 1, poison: 2, adversary: 1 }, adversaryOf: ['guild'] });
    expect(r.continuesActivation).toBe(r.added[0]?.id);
    expect(r.removed).toEqual(['s0-m3', 's0-m4']);
    // 9 capped at the Blot's 3.
    expect(ok(replace(models, ['s0-m3', 's0-m4'], [blot])).added[0]?.health).toBe(3);
    const shape = replace(models, ['s0-m3', 's0-m4'], [golem, blot]);
    expect(shape.ok ? null : shape.error.code).toBe('REPLACE_SHAPE');
  });

  it('AMB-29: a replace into the other crew removes the old model with no kill credit and no Leader passing', () => {
    const r = ok(replace(table(), ['s0-m0'], [blot], { seat: 1 }));
    expect(r.crossCrew).toBe(true);
    expect(r.added[0]).toMatchObject({ id: 's1-m2', seat: 1, controller: 1, leader: false });
    expect(byId(r.models, 's0-m0')).toMatchObject({ status: 'removed', killedBy: null, killedHow: null });
  });
});

describe('burying (BURY) and the end of the game (END-4)', () => {
  it('BURY-3: burying a buried model, or unburying one not buried, does nothing', () => {
    const once = ok(bury(table(), 's0-m2'));
    expect(byId(once, 's0-m2').status).toBe('buried');
    const twice = bury(once, 's0-m2');
    expect(twice.ok ? null : twice.error).toEqual({ code: 'ALREADY_BURIED', rule: 'BURY-3', params: { model: 's0-m2' } });
    const notBuried = unbury(table(), 's0-m2');
    expect(notBuried.ok ? null : notBuried.error.code).toBe('NOT_BURIED');
    expect(byId(ok(unbury(once, 's0-m2')), 's0-m2').status).toBe('in-play');
  });

  it('END-4: models still buried at game end are killed with no killer (AMB-28, BURY-4)', () => {
    const models = ok(bury(ok(bury(table(), 's0-m2')), 's1-m1'));
    const r = killBuriedAtGameEnd(models);
    expect(r.killed).toEqual(['s0-m2', 's1-m1']);
    expect(byId(r.models, 's1-m1')).toMatchObject({ status: 'killed', killedBy: null, killedHow: 'gameEnd', killedWhileBuried: true });
    expect(r.models.filter((m) => m.status === 'in-play')).toHaveLength(5);
  });
});

describe('pass tokens (START-5)', () => {
  it('TV-13: A has 6 models and B has 9, so A gains 3 pass tokens', () => {
    const a = modelsFromCrew(0, { models: Array.from({ length: 6 }, (_, i) => hired(inkling, 'hire', i + 1)) });
    const b = modelsFromCrew(1, { models: Array.from({ length: 9 }, (_, i) => hired(blot, 'hire', i + 1)) });
    expect(passTokensOwed([...a, ...b])).toEqual({ seat: 0, tokens: 3 });
  });

  it('AMB-43: counted per crew, buried models included, killed and removed not; equal crews gain nothing', () => {
    // 5 vs 2; bury one of seat 0, kill one of seat 0, and seat 0 controls seat 1's Golem: 4 vs 2.
    let models = ok(bury(table(), 's0-m3'));
    models = models.map((m) => (m.id === 's0-m4' ? ok(killOutright(m, { kind: 'hazard' })) : m.id === 's1-m1' ? { ...m, controller: 0 as const } : m));
    expect(passTokensOwed(models)).toEqual({ seat: 1, tokens: 2 });
    expect(passTokensOwed(table().filter((m) => m.id === 's0-m0' || m.id === 's1-m0'))).toBeNull();
  });
});

describe('properties', () => {
  const step = fc.oneof(
    fc.record({ kind: fc.constant('damage' as const), n: fc.integer({ min: 0, max: 20 }) }),
    fc.record({ kind: fc.constant('heal' as const), n: fc.integer({ min: 0, max: 20 }) }),
  );

  it('DMG-12, KILL-1: after any damage and healing, Health stays within 0..max, and 0 means killed', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        let m = model('s1-m1');
        for (const s of steps) {
          const r = s.kind === 'damage' ? applyDamage(m, s.n, { kind: 'hazard' }) : heal(m, s.n);
          if (r.ok) m = 'model' in r.value ? r.value.model : r.value;
          expect(m.health).toBeGreaterThanOrEqual(0);
          expect(m.health).toBeLessThanOrEqual(m.maxHealth);
          expect(m.health === 0).toBe(m.status === 'killed');
        }
      }),
    );
  });

  const conditionStep = fc.record({
    id: fc.constantFrom('fast', 'slow', 'staggered', 'stunned', 'shielded', 'injured', 'burning', 'distracted', 'focused', 'poison' as const),
    n: fc.integer({ min: -3, max: 6 }),
  });

  it('COND: after any gains and reductions, values are positive, valueless ones 1, never Fast with Slow, the model still valid', () => {
    fc.assert(
      fc.property(fc.array(conditionStep, { maxLength: 40 }), (steps) => {
        let m = model('s0-m2');
        for (const { id, n } of steps) m = n >= 0 ? gainCondition(m, id, n) : reduceCondition(m, id, -n);
        for (const v of Object.values(m.conditions)) expect(v).toBeGreaterThan(0);
        expect(m.conditions.fast !== undefined && m.conditions.slow !== undefined).toBe(false);
        expect(modelInPlaySchema.safeParse(m).success).toBe(true);
        expect(actionLimit(m)).toBeGreaterThanOrEqual(1);
        expect(actionLimit(m)).toBeLessThanOrEqual(3);
      }),
    );
  });
});
