/**
 * Secret schemes: each scheme's pick rule (scoring.md §7, §9), the choice check (SETUP-8), REP-1 step 4,
 * and the commitments, pinned by vectors computed outside this code (openssl and sha256sum, see below).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Seat } from '../../malifaux-table/engine/schema.js';
import { SCHEMES } from './encounterPacks.js';
import type { SchemeId } from './encounterPacks.js';
import {
  SCHEME_PICKS,
  canonicalPick,
  checkSchemeChoice,
  commitChoice,
  commitScheme,
  eligiblePicks,
  replacePicks,
  sidePickFailure,
  revealScheme,
  schemeSalt,
} from './schemes.js';
import type { PickModel, SchemeChoice, SchemePick } from './schemes.js';

// ---------------------------------------------------------------------------------------------------
// Two crews. Seat 0 is led by a Master, seat 1 by a Henchman and also hires a second Master.

const model = (id: string, seat: Seat, station: PickModel['station'], cost: number, extra: Partial<PickModel> = {}): PickModel => ({
  id,
  seat,
  station,
  cost,
  leader: false,
  totem: false,
  name: id,
  ...extra,
});

const MODELS: PickModel[] = [
  model('a.master', 0, 'Master', 15, { leader: true }),
  model('a.totem', 0, 'Minion', 2, { totem: true }),
  model('a.henchman', 0, 'Henchman', 9),
  model('a.enforcer8', 0, 'Enforcer', 8),
  model('a.enforcer7', 0, 'Enforcer', 7),
  model('a.minion4', 0, 'Minion', 4),
  model('a.minion5', 0, 'Minion', 5),
  model('a.minion6', 0, 'Minion', 6),
  model('a.peon3', 0, 'Peon', 3),
  model('a.insignificant', 0, 'Minion', 0, { insignificant: true }),
  model('b.henchman-leader', 1, 'Henchman', 10, { leader: true }),
  model('b.master', 1, 'Master', 14),
  model('b.henchman', 1, 'Henchman', 9),
  model('b.enforcer8', 1, 'Enforcer', 8),
  model('b.minion5', 1, 'Minion', 5),
  model('b.minion4', 1, 'Minion', 4),
  model('b.totem', 1, 'Minion', 2, { totem: true }),
];

const pick = (scheme: SchemeId, parts: Partial<Omit<SchemePick, 'scheme'>> = {}): SchemePick => ({
  scheme,
  friendly: [],
  enemy: [],
  markerType: null,
  terrain: null,
  ...parts,
});

/** The tested pick first, then a scheme of the same pack that needs no pick, both in the pool. */
function check(tested: SchemePick, seat: Seat = 0) {
  const pack = tested.scheme.split('.')[0];
  const filler = (pack === 'core' ? ['core.assassinate', 'core.outflank'] : ['gg3.assassinate', 'gg3.spread-them-out']).find((s) => s !== tested.scheme) as SchemeId;
  const choice: SchemeChoice = [tested, pick(filler)];
  return checkSchemeChoice([tested.scheme, filler, 'core.breakthrough'], choice, seat, MODELS);
}

const accepted = (tested: SchemePick, seat: Seat = 0) => expect(check(tested, seat).ok).toBe(true);
const refusedWith = (tested: SchemePick, seat: Seat = 0) => {
  const r = check(tested, seat);
  return r.ok ? null : r.error;
};

// ---------------------------------------------------------------------------------------------------

describe('pick data', () => {
  it('every scheme of both packs has its pick rule', () => {
    expect(Object.keys(SCHEME_PICKS).sort()).toEqual(SCHEMES.map((s) => s.id).sort());
  });
});

const NO_PICK: SchemeId[] = [
  'core.detonate-charges',
  'core.breakthrough',
  'core.harness-the-ley-line',
  'core.search-the-ruins',
  'core.dig-their-graves',
  'core.hold-up-their-forces',
  'core.power-ritual',
  'core.outflank',
  'core.assassinate',
  'gg3.breakthrough',
  'gg3.assassinate',
  'gg3.leave-your-mark',
  'gg3.spread-them-out',
  'gg3.set-the-trap',
  'gg3.in-your-face',
];

describe('§7, §9: schemes without a secret pick', () => {
  it.each(NO_PICK)('%s: no pick is legal; a model, a marker type or a terrain is refused', (scheme) => {
    accepted(pick(scheme));
    expect(refusedWith(pick(scheme, { friendly: ['a.minion4'] }))).toMatchObject({ code: 'PICK_TOO_MANY', params: { part: 'friendly', max: 0, given: 1 } });
    expect(refusedWith(pick(scheme, { enemy: ['b.minion4'] }))).toMatchObject({ code: 'PICK_TOO_MANY', params: { part: 'enemy' } });
    expect(refusedWith(pick(scheme, { markerType: 'Corpse' }))).toMatchObject({ code: 'PICK_TOO_MANY', params: { part: 'markerType' } });
    expect(refusedWith(pick(scheme, { terrain: 'Barn' }))).toMatchObject({ code: 'PICK_TOO_MANY', params: { part: 'terrain' } });
  });
});

describe('§7 core schemes with a pick', () => {
  it('§7 #7 Take Prisoner: one enemy Minion or Enforcer', () => {
    accepted(pick('core.take-prisoner', { enemy: ['b.minion5'] }));
    accepted(pick('core.take-prisoner', { enemy: ['b.enforcer8'] }));
    expect(refusedWith(pick('core.take-prisoner', { enemy: ['b.henchman'] }))).toEqual({
      code: 'PICK_NOT_ALLOWED',
      rule: '§7 #7',
      params: { slot: 0, scheme: 'core.take-prisoner', constraint: 'station', side: 'enemy', value: 'Minion|Enforcer', model: 'b.henchman' },
    });
    expect(refusedWith(pick('core.take-prisoner'))).toMatchObject({ code: 'PICK_MISSING', params: { part: 'enemy', min: 1, given: 0 } });
    // A Minion of the chooser's own crew is no enemy model.
    expect(refusedWith(pick('core.take-prisoner', { enemy: ['a.minion4'] }))).toMatchObject({ code: 'PICK_NOT_IN_CREW', rule: 'SETUP-8', params: { part: 'enemy', model: 'a.minion4' } });
    expect(refusedWith(pick('core.take-prisoner', { enemy: ['b.minion5', 'b.minion4'] }))).toMatchObject({ code: 'PICK_TOO_MANY', params: { part: 'enemy', max: 1, given: 2 } });
  });

  it('§7 #11 Deliver a Message: the enemy Leader (here a Henchman) or an enemy Master', () => {
    accepted(pick('core.deliver-a-message', { enemy: ['b.henchman-leader'] }));
    accepted(pick('core.deliver-a-message', { enemy: ['b.master'] }));
    expect(refusedWith(pick('core.deliver-a-message', { enemy: ['b.henchman'] }))).toMatchObject({
      code: 'PICK_NOT_ALLOWED',
      params: { constraint: 'leaderOrStation', value: 'Master', model: 'b.henchman' },
    });
    expect(refusedWith(pick('core.deliver-a-message', { enemy: ['b.minion5'] }))).toMatchObject({ code: 'PICK_NOT_ALLOWED', params: { model: 'b.minion5' } });
  });

  it('§7 #12 Claim Jump: one friendly non-Leader', () => {
    accepted(pick('core.claim-jump', { friendly: ['a.henchman'] }));
    accepted(pick('core.claim-jump', { friendly: ['a.totem'] }));
    expect(refusedWith(pick('core.claim-jump', { friendly: ['a.master'] }))).toMatchObject({
      code: 'PICK_NOT_ALLOWED',
      rule: '§7 #12',
      params: { constraint: 'leader', side: 'friendly', value: 'false', model: 'a.master' },
    });
    expect(refusedWith(pick('core.claim-jump', { friendly: ['b.minion5'] }))).toMatchObject({ code: 'PICK_NOT_IN_CREW', params: { part: 'friendly' } });
  });

  it('§7 #13 core Vendetta: friendly non-Totem and an enemy non-Leader costing strictly more', () => {
    accepted(pick('core.vendetta', { friendly: ['a.minion5'], enemy: ['b.enforcer8'] })); // 8 > 5
    // 5 against 5: core Vendetta needs the enemy to cost more (§10).
    expect(refusedWith(pick('core.vendetta', { friendly: ['a.minion5'], enemy: ['b.minion5'] }))).toMatchObject({
      code: 'PICK_NOT_ALLOWED',
      rule: '§7 #13, §10',
      params: { constraint: 'enemyCost', value: 'more', model: 'b.minion5' },
    });
    expect(refusedWith(pick('core.vendetta', { friendly: ['a.totem'], enemy: ['b.enforcer8'] }))).toMatchObject({
      code: 'PICK_NOT_ALLOWED',
      params: { constraint: 'totem', side: 'friendly', model: 'a.totem' },
    });
    // The enemy Leader costs 10 > 5, but a Leader cannot be chosen.
    expect(refusedWith(pick('core.vendetta', { friendly: ['a.minion5'], enemy: ['b.henchman-leader'] }))).toMatchObject({
      code: 'PICK_NOT_ALLOWED',
      params: { constraint: 'leader', side: 'enemy', model: 'b.henchman-leader' },
    });
    expect(refusedWith(pick('core.vendetta', { friendly: ['a.minion5'] }))).toMatchObject({ code: 'PICK_MISSING', params: { part: 'enemy' } });
  });
});

describe('§9 GG3 schemes with a pick', () => {
  it('§9 #2 GG3 Vendetta: the enemy may cost the same or more', () => {
    accepted(pick('gg3.vendetta', { friendly: ['a.minion5'], enemy: ['b.minion5'] })); // 5 ≥ 5
    accepted(pick('gg3.vendetta', { friendly: ['a.minion4'], enemy: ['b.master'] })); // a non-Leader Master, 14 ≥ 4
    expect(refusedWith(pick('gg3.vendetta', { friendly: ['a.minion6'], enemy: ['b.minion5'] }))).toMatchObject({
      code: 'PICK_NOT_ALLOWED',
      params: { constraint: 'enemyCost', value: 'equalOrMore', model: 'b.minion5' },
    });
    expect(refusedWith(pick('gg3.vendetta', { friendly: ['a.totem'], enemy: ['b.minion5'] }))).toMatchObject({ code: 'PICK_NOT_ALLOWED', params: { constraint: 'totem' } });
    expect(refusedWith(pick('gg3.vendetta', { friendly: ['a.minion4'], enemy: ['b.henchman-leader'] }))).toMatchObject({ code: 'PICK_NOT_ALLOWED', params: { constraint: 'leader', side: 'enemy' } });
  });

  it('§9 #5 Sabotage: a terrain piece, named', () => {
    accepted(pick('gg3.sabotage', { terrain: 'Ruined Chapel' }));
    expect(refusedWith(pick('gg3.sabotage'))).toMatchObject({ code: 'PICK_MISSING', rule: '§9 #5', params: { part: 'terrain' } });
    expect(refusedWith(pick('gg3.sabotage', { terrain: '   ' }))).toMatchObject({ code: 'SCHEME_CHOICE_INVALID', params: { field: '0.terrain', problem: 'blankOrPadded' } });
    expect(refusedWith(pick('gg3.sabotage', { terrain: 'Barn\nRoof' }))).toMatchObject({ code: 'SCHEME_CHOICE_INVALID', params: { problem: 'controlCharacter' } });
    expect(refusedWith(pick('gg3.sabotage', { terrain: 'Barn', friendly: ['a.minion4'] }))).toMatchObject({ code: 'PICK_TOO_MANY', params: { part: 'friendly' } });
  });

  it('§9 #6, §13-A17 Hidden Martyrs: two friendly non-Leaders costing 15 or less together', () => {
    accepted(pick('gg3.hidden-martyrs', { friendly: ['a.enforcer8', 'a.enforcer7'] })); // 8 + 7 = 15
    expect(refusedWith(pick('gg3.hidden-martyrs', { friendly: ['a.henchman', 'a.enforcer7'] }))).toEqual({
      code: 'PICK_NOT_ALLOWED',
      rule: '§9 #6, §13-A17',
      params: { slot: 0, scheme: 'gg3.hidden-martyrs', constraint: 'combinedCostAtMost', side: 'friendly', value: '15', model: '' },
    }); // 9 + 7 = 16
    expect(refusedWith(pick('gg3.hidden-martyrs', { friendly: ['a.master', 'a.totem'] }))).toMatchObject({ code: 'PICK_NOT_ALLOWED', params: { constraint: 'leader', model: 'a.master' } });
    expect(refusedWith(pick('gg3.hidden-martyrs', { friendly: ['a.minion4'] }))).toMatchObject({ code: 'PICK_MISSING', params: { min: 2, given: 1 } });
    expect(refusedWith(pick('gg3.hidden-martyrs', { friendly: ['a.minion4', 'a.minion4'] }))).toMatchObject({ code: 'PICK_REPEATED', params: { model: 'a.minion4' } });
    expect(refusedWith(pick('gg3.hidden-martyrs', { friendly: ['a.minion4', 'b.minion4'] }))).toMatchObject({ code: 'PICK_NOT_IN_CREW', params: { model: 'b.minion4' } });
  });

  it('§9 #7 Catch and Release: one friendly Minion', () => {
    accepted(pick('gg3.catch-and-release', { friendly: ['a.minion6'] }));
    expect(refusedWith(pick('gg3.catch-and-release', { friendly: ['a.peon3'] }))).toMatchObject({ code: 'PICK_NOT_ALLOWED', params: { constraint: 'station', value: 'Minion', model: 'a.peon3' } });
    expect(refusedWith(pick('gg3.catch-and-release', { friendly: ['a.enforcer7'] }))).toMatchObject({ code: 'PICK_NOT_ALLOWED', params: { model: 'a.enforcer7' } });
    expect(refusedWith(pick('gg3.catch-and-release', { enemy: ['b.minion4'] }))).toMatchObject({ code: 'PICK_MISSING', params: { part: 'friendly' } });
  });

  it('§9 #9 Load \u2019Em Up: a marker type', () => {
    accepted(pick('gg3.load-em-up', { markerType: 'Corpse' }));
    expect(refusedWith(pick('gg3.load-em-up'))).toMatchObject({ code: 'PICK_MISSING', params: { part: 'markerType' } });
    expect(refusedWith(pick('gg3.load-em-up', { markerType: 'Corpse', terrain: 'Barn' }))).toMatchObject({ code: 'PICK_TOO_MANY', params: { part: 'terrain' } });
  });

  it('§9 #10, §13-A25 Public Demonstration: three or more own models, each 7 or less, 18 or less together', () => {
    accepted(pick('gg3.public-demonstration', { friendly: ['a.minion4', 'a.minion5', 'a.minion6'] })); // 15
    accepted(pick('gg3.public-demonstration', { friendly: ['a.minion4', 'a.minion5', 'a.minion6', 'a.peon3'] })); // 18
    accepted(pick('gg3.public-demonstration', { friendly: ['a.enforcer7', 'a.minion6', 'a.minion5'] })); // 18, a 7 is allowed
    expect(refusedWith(pick('gg3.public-demonstration', { friendly: ['a.enforcer8', 'a.minion4', 'a.peon3'] }))).toMatchObject({
      code: 'PICK_NOT_ALLOWED',
      params: { constraint: 'costAtMost', value: '7', model: 'a.enforcer8' },
    });
    expect(refusedWith(pick('gg3.public-demonstration', { friendly: ['a.enforcer7', 'a.minion6', 'a.minion5', 'a.minion4'] }))).toMatchObject({
      code: 'PICK_NOT_ALLOWED',
      params: { constraint: 'combinedCostAtMost', value: '18' },
    }); // 22
    expect(refusedWith(pick('gg3.public-demonstration', { friendly: ['a.minion4', 'a.minion5'] }))).toMatchObject({ code: 'PICK_MISSING', params: { min: 3, given: 2 } });
  });

  it('§9 #13 Secret Meetup: a friendly and an enemy non-Master, and a terrain piece', () => {
    accepted(pick('gg3.secret-meetup', { friendly: ['a.henchman'], enemy: ['b.henchman-leader'], terrain: 'Water Tower' }));
    expect(refusedWith(pick('gg3.secret-meetup', { friendly: ['a.master'], enemy: ['b.henchman'], terrain: 'Water Tower' }))).toMatchObject({
      code: 'PICK_NOT_ALLOWED',
      params: { constraint: 'notStation', side: 'friendly', value: 'Master', model: 'a.master' },
    });
    expect(refusedWith(pick('gg3.secret-meetup', { friendly: ['a.henchman'], enemy: ['b.master'], terrain: 'Water Tower' }))).toMatchObject({
      code: 'PICK_NOT_ALLOWED',
      params: { constraint: 'notStation', side: 'enemy', model: 'b.master' },
    });
    expect(refusedWith(pick('gg3.secret-meetup', { friendly: ['a.henchman'], enemy: ['b.henchman'] }))).toMatchObject({ code: 'PICK_MISSING', params: { part: 'terrain' } });
  });
});

describe('SETUP-8: the choice as a whole', () => {
  it('§3-U9: an Insignificant model is never chosen', () => {
    expect(refusedWith(pick('gg3.catch-and-release', { friendly: ['a.insignificant'] }))).toMatchObject({
      code: 'PICK_NOT_ALLOWED',
      rule: '§3-U9',
      params: { constraint: 'significant', model: 'a.insignificant' },
    });
  });

  it('friendly and enemy are judged from the chooser: seat 1 picks its own Minion and seat 0\u2019s Enforcer', () => {
    accepted(pick('gg3.catch-and-release', { friendly: ['b.minion4'] }), 1);
    accepted(pick('core.take-prisoner', { enemy: ['a.enforcer8'] }), 1);
    expect(refusedWith(pick('gg3.catch-and-release', { friendly: ['a.minion4'] }), 1)).toMatchObject({ code: 'PICK_NOT_IN_CREW' });
  });

  it('a model that is in neither crew is refused', () => {
    expect(refusedWith(pick('core.claim-jump', { friendly: ['nobody'] }))).toMatchObject({ code: 'PICK_UNKNOWN_MODEL', params: { model: 'nobody' } });
  });

  it('a scheme outside the pool is refused, with its slot', () => {
    const choice: SchemeChoice = [pick('core.outflank'), pick('core.power-ritual')];
    expect(checkSchemeChoice(['core.outflank', 'core.assassinate'], choice, 0, MODELS)).toEqual({
      ok: false,
      error: { code: 'SCHEME_NOT_IN_POOL', rule: 'SETUP-8', params: { slot: 1, scheme: 'core.power-ritual' } },
    });
  });

  it('one player keeping the same scheme twice is refused (SCHEME_TWICE); both players may keep it', () => {
    const pool = ['core.outflank', 'core.claim-jump', 'core.assassinate'];
    const twice: SchemeChoice = [pick('core.claim-jump', { friendly: ['a.minion4'] }), pick('core.claim-jump', { friendly: ['a.minion5'] })];
    expect(checkSchemeChoice(pool, twice, 0, MODELS)).toEqual({ ok: false, error: { code: 'SCHEME_TWICE', rule: 'SETUP-8', params: { scheme: 'core.claim-jump' } } });
    const seat0: SchemeChoice = [pick('core.claim-jump', { friendly: ['a.minion4'] }), pick('core.outflank')];
    const seat1: SchemeChoice = [pick('core.claim-jump', { friendly: ['b.minion4'] }), pick('core.outflank')];
    expect(checkSchemeChoice(pool, seat0, 0, MODELS)).toEqual({ ok: true, value: seat0 });
    expect(checkSchemeChoice(pool, seat1, 1, MODELS)).toEqual({ ok: true, value: seat1 });
  });

  it('the second scheme\u2019s pick is checked too', () => {
    const choice: SchemeChoice = [pick('core.outflank'), pick('core.claim-jump', { friendly: ['a.master'] })];
    const r = checkSchemeChoice(['core.outflank', 'core.claim-jump'], choice, 0, MODELS);
    expect(r).toMatchObject({ ok: false, error: { code: 'PICK_NOT_ALLOWED', params: { slot: 1, scheme: 'core.claim-jump' } } });
  });
});

describe('REP-1 step 4: a same-crew Replace passes the picks on', () => {
  const choice: SchemeChoice = [
    pick('gg3.vendetta', { friendly: ['a.minion5'], enemy: ['b.enforcer8'] }),
    pick('gg3.hidden-martyrs', { friendly: ['a.enforcer8', 'a.enforcer7'] }),
  ];

  it('the new model is chosen wherever the old one was', () => {
    expect(replacePicks(choice, 'a.minion5', 'a.new')[0]).toEqual(pick('gg3.vendetta', { friendly: ['a.new'], enemy: ['b.enforcer8'] }));
    expect(replacePicks(choice, 'b.enforcer8', 'b.new')[0].enemy).toEqual(['b.new']);
    expect(replacePicks(choice, 'a.enforcer7', 'a.new')[1].friendly).toEqual(['a.enforcer8', 'a.new']);
  });

  it('a model no pick names changes nothing', () => {
    expect(replacePicks(choice, 'a.peon3', 'a.new')).toEqual(choice);
  });

  it('REP-3: both martyrs replaced by one model leave it chosen once', () => {
    const once = replacePicks(replacePicks(choice, 'a.enforcer8', 'a.big'), 'a.enforcer7', 'a.big');
    expect(once[1].friendly).toEqual(['a.big']);
  });

  it('the commitment stays that of the choice as made: the replaced choice does not reveal it', () => {
    const salt = 'ab'.repeat(32);
    const c = commitScheme(choice[0], salt);
    expect(revealScheme(c, choice[0], salt)).toBe(true);
    expect(revealScheme(c, replacePicks(choice, 'a.minion5', 'a.new')[0], salt)).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------------
// Commitments. Vectors computed with openssl and coreutils, not with this code:
//   printf %s 'fatekeeper/scheme-salt/0/0' | openssl dgst -sha256 -mac HMAC -macopt hexkey:$SEED
//   printf 'fatekeeper/scheme/v1\n%s\n%s' "$SALT" "$JSON" | sha256sum

const SEED = '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';
const SALT_0_0 = '88c76dc8e564cd664efd6d6e5838250adaf16c720b8740f4b29a9ed8cbd5f9e2';
const SALT_0_1 = '5c273c932b6bacfd259d58e203dbdf610e7da4b85b6b3963ade8e980f564b0cb';
const SALT_1_0_GAME = '8c7c20d1bbde32461302702de82da327d591dd2fa9c294af4fca348c253532e7';

const VENDETTA = pick('gg3.vendetta', { friendly: ['seat0.ironsides#1'], enemy: ['seat1.lady-justice#1'] });
const MEETUP = pick('gg3.secret-meetup', { friendly: ['seat0.convict-gunslinger#1'], enemy: ['seat1.death-marshal#2'], terrain: 'Ruined Chapel' });

describe('salts from the game seed', () => {
  it('HMAC-SHA256 of the seed, one per seat and scheme index, domain-separated by the game id', () => {
    expect(schemeSalt(SEED, 0, 0)).toEqual({ ok: true, value: SALT_0_0 });
    expect(schemeSalt(SEED, 0, 1)).toEqual({ ok: true, value: SALT_0_1 });
    expect(schemeSalt(SEED, 1, 0, 'game-42')).toEqual({ ok: true, value: SALT_1_0_GAME });
    expect(schemeSalt(SEED.toUpperCase(), 0, 0)).toEqual({ ok: true, value: SALT_0_0 });
    const salts = [schemeSalt(SEED, 1, 0), schemeSalt(SEED, 1, 0, 'game-43'), schemeSalt(SEED, 1, 0, 'game-42')].map((r) => (r.ok ? r.value : ''));
    expect(new Set([...salts, SALT_0_0, SALT_0_1]).size).toBe(5);
  });

  it('a seed that is not 64 hex characters is refused', () => {
    expect(schemeSalt('abc', 0, 0)).toMatchObject({ ok: false, error: { code: 'SCHEME_SEED_INVALID' } });
    expect(commitChoice([VENDETTA, MEETUP], 'z'.repeat(64), 0)).toMatchObject({ ok: false, error: { code: 'SCHEME_SEED_INVALID' } });
  });
});

describe('commitments', () => {
  it('the canonical serialization, pinned', () => {
    expect(canonicalPick(VENDETTA)).toBe('["gg3.vendetta",["seat0.ironsides#1"],["seat1.lady-justice#1"],null,null]');
    expect(commitScheme(VENDETTA, SALT_0_0)).toBe('468eb365a220509cbafdde15e816738f6421e6a83fb955f90708bb97ebb09c01');
    expect(commitScheme(MEETUP, SALT_0_1)).toBe('73fcab26f96f3afdc0e60106825c5a71dd9c1048a34edb27e60bb82301b40d26');
  });

  it('picked model ids are hashed sorted: the order they were picked in does not matter', () => {
    const martyrs = pick('gg3.hidden-martyrs', { friendly: ['b#1', 'a#1'] });
    expect(canonicalPick(martyrs)).toBe('["gg3.hidden-martyrs",["a#1","b#1"],[],null,null]');
    expect(commitScheme(martyrs, SALT_0_1)).toBe('edd845d54646b7341d43da883474364a61f4114bbdd386edeee623bb2dfcc398');
    expect(commitScheme(pick('gg3.hidden-martyrs', { friendly: ['a#1', 'b#1'] }), SALT_0_1)).toBe('edd845d54646b7341d43da883474364a61f4114bbdd386edeee623bb2dfcc398');
  });

  it('commitChoice commits each scheme with its own salt', () => {
    expect(commitChoice([VENDETTA, MEETUP], SEED, 0)).toEqual({
      ok: true,
      value: ['468eb365a220509cbafdde15e816738f6421e6a83fb955f90708bb97ebb09c01', '73fcab26f96f3afdc0e60106825c5a71dd9c1048a34edb27e60bb82301b40d26'],
    });
  });

  it('a reveal matches its commitment; a tampered pick, another salt or a bad commitment does not', () => {
    const c = '468eb365a220509cbafdde15e816738f6421e6a83fb955f90708bb97ebb09c01';
    expect(revealScheme(c, VENDETTA, SALT_0_0)).toBe(true);
    expect(revealScheme(c.toUpperCase(), VENDETTA, SALT_0_0)).toBe(false);
    expect(revealScheme(c, { ...VENDETTA, enemy: ['seat1.lady-justice#2'] }, SALT_0_0)).toBe(false);
    expect(revealScheme(c, { ...VENDETTA, scheme: 'core.vendetta' }, SALT_0_0)).toBe(false);
    expect(revealScheme(c, VENDETTA, SALT_0_1)).toBe(false);
    expect(revealScheme(c, VENDETTA, SALT_1_0_GAME)).toBe(false);
    expect(revealScheme(c, VENDETTA, 'not a salt')).toBe(false);
    expect(revealScheme('468eb3', VENDETTA, SALT_0_0)).toBe(false);
  });

  it('revealing one scheme (its pick and salt) does not open the other commitment', () => {
    const [c0, c1] = [commitScheme(VENDETTA, SALT_0_0), commitScheme(MEETUP, SALT_0_1)];
    expect(revealScheme(c0, VENDETTA, SALT_0_0)).toBe(true);
    // The published salt 0 opens nothing else: not the second scheme, whatever it is.
    expect(revealScheme(c1, MEETUP, SALT_0_0)).toBe(false);
    expect(revealScheme(c1, MEETUP, SALT_0_1)).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------------
// Properties: a commitment shows nothing of its choice.

const modelIdArb = fc.tuple(fc.constantFrom('lady-justice', 'ironsides', 'mech-rider', 'guild-autopsy'), fc.integer({ min: 1, max: 4 })).map(([n, k]) => `seat.${n}#${k}`);
const nameArb = fc.constantFrom('Ruined Chapel', 'Water Tower', 'Corpse', 'Scrap', 'Pyre Marker');
const pickArb: fc.Arbitrary<SchemePick> = fc.record({
  scheme: fc.constantFrom(...SCHEMES.map((s) => s.id)),
  friendly: fc.uniqueArray(modelIdArb, { maxLength: 4 }),
  enemy: fc.uniqueArray(modelIdArb, { maxLength: 2 }),
  markerType: fc.option(nameArb, { nil: null }),
  terrain: fc.option(nameArb, { nil: null }),
});
const seedArb = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));

describe('commitments hide the choice (properties)', () => {
  it('a commitment is 64 hex digits: it contains no scheme id, model id or name', () => {
    fc.assert(
      fc.property(pickArb, pickArb, seedArb, fc.constantFrom<Seat>(0, 1), (a, b, seed, seat) => {
        const r = commitChoice([a, b], seed, seat);
        if (!r.ok) return false;
        return r.value.every((c) => {
          const shown = [a, b].flatMap((p) => [p.scheme, ...p.friendly, ...p.enemy, p.markerType ?? '', p.terrain ?? ''].filter((s) => s !== ''));
          return /^[0-9a-f]{64}$/.test(c) && shown.every((s) => !c.includes(s));
        });
      }),
    );
  });

  it('different choices give different commitments under the same salt', () => {
    fc.assert(
      fc.property(pickArb, pickArb, seedArb, (a, b, seed) => {
        fc.pre(canonicalPick(a) !== canonicalPick(b));
        const salt = schemeSalt(seed, 0, 0);
        return salt.ok && commitScheme(a, salt.value) !== commitScheme(b, salt.value);
      }),
    );
  });

  it('without the salt a guess cannot be checked: the same choice under two seeds commits differently', () => {
    fc.assert(
      fc.property(pickArb, seedArb, seedArb, (a, s1, s2) => {
        fc.pre(s1 !== s2);
        const [x, y] = [schemeSalt(s1, 0, 0), schemeSalt(s2, 0, 0)];
        return x.ok && y.ok && commitScheme(a, x.value) !== commitScheme(a, y.value) && !revealScheme(commitScheme(a, x.value), a, y.value);
      }),
    );
  });
});

describe('the models a pick may name (what the DM offers)', () => {
  const ids = (ms: readonly PickModel[]) => ms.map((m) => m.id);
  const byId = (id: string) => MODELS.find((m) => m.id === id)!;

  it('SETUP-8, U9: Claim Jump offers every friendly model but the Leader and Insignificant ones, and no enemy', () => {
    expect(ids(eligiblePicks('core.claim-jump', 'friendly', 0, MODELS))).toEqual(['a.totem', 'a.henchman', 'a.enforcer8', 'a.enforcer7', 'a.minion4', 'a.minion5', 'a.minion6', 'a.peon3']);
    expect(ids(eligiblePicks('core.claim-jump', 'friendly', 1, MODELS))).not.toContain('a.henchman');
  });

  it('§10: Vendetta offers a friendly model that is no Totem, then an enemy that is not the Leader and costs more than it', () => {
    expect(ids(eligiblePicks('core.vendetta', 'friendly', 0, MODELS))).not.toContain('a.totem');
    expect(ids(eligiblePicks('core.vendetta', 'enemy', 0, MODELS, [byId('a.minion5')]))).toEqual(['b.master', 'b.henchman', 'b.enforcer8']);
    // GG3's reads "equal or more": the 5-cost enemy Minion is offered too.
    expect(ids(eligiblePicks('gg3.vendetta', 'enemy', 0, MODELS, [byId('a.minion5')]))).toEqual(['b.master', 'b.henchman', 'b.enforcer8', 'b.minion5']);
    // What is offered is exactly what the choice check accepts, model by model.
    for (const enemy of MODELS.filter((m) => m.seat === 1)) {
      const offered = ids(eligiblePicks('core.vendetta', 'enemy', 0, MODELS, [byId('a.minion5')])).includes(enemy.id);
      const choice: SchemeChoice = [pick('core.vendetta', { friendly: ['a.minion5'], enemy: [enemy.id] }), pick('core.breakthrough')];
      expect(checkSchemeChoice(['core.vendetta', 'core.breakthrough'], choice, 0, MODELS).ok, enemy.id).toBe(offered);
    }
  });

  it('§13-A17: Hidden Martyrs offers each non-Leader friendly model; two together must cost 15 or less', () => {
    expect(ids(eligiblePicks('gg3.hidden-martyrs', 'friendly', 0, MODELS))).not.toContain('a.master');
    expect(sidePickFailure('gg3.hidden-martyrs', 'friendly', [byId('a.minion6'), byId('a.henchman')])).toBeNull();
    expect(sidePickFailure('gg3.hidden-martyrs', 'friendly', [byId('a.enforcer8'), byId('a.henchman')])).toMatchObject({ code: 'PICK_NOT_ALLOWED', params: { constraint: 'combinedCostAtMost', model: '' } });
  });
});
