/**
 * Test kit of the scoring rules (tests only): two invented crews put in play by the real model functions,
 * and a game's records kept the way the game keeps them — each hit and kill through `applyDamage` and
 * `killOutright`, each Replace, summon and burial through the engine — turned into `ScoringFacts`.
 * Every number is invented; the tests work their expected VP out by hand from the rules.
 */
import type { Seat } from '../../malifaux-table/engine/schema.js';
import { profile } from '../crews/fixtures.js';
import type { HiredModel, ModelProfile } from '../crews/model.js';
import type { DeploymentId, SchemeId } from '../engine/encounterPacks.js';
import { applyDamage, bury, killOutright, modelsFromCrew, replace, sourceModel, summon } from '../engine/models.js';
import type { DamageSource, ModelInPlay } from '../engine/models.js';
import type { DamageRecord, DeathRecord, ScoringFacts, ScoringOptions, SchemePick } from './objective.js';

export const PROFILES = {
  ada: profile({ name: 'Ada Quill', station: 'Master', factions: ['arcanists'], cost: null, health: 13 }),
  blotter: profile({ name: 'Blotter', station: 'Minion', factions: ['arcanists'], totemOf: 'Ada Quill', cost: 3, health: 4 }),
  scribe: profile({ name: 'Scribe Major', station: 'Henchman', factions: ['arcanists'], cost: 9, health: 8 }),
  golem: profile({ name: 'Press Golem', station: 'Enforcer', factions: ['arcanists'], cost: 8, health: 10 }),
  knight: profile({ name: 'Quill Knight', station: 'Enforcer', factions: ['arcanists'], cost: 7, health: 7 }),
  page: profile({ name: 'Page', station: 'Minion', stationLimit: 2, factions: ['arcanists'], cost: 5, health: 5 }),
  clerk: profile({ name: 'Gargoyle Clerk', station: 'Peon', factions: ['arcanists'], insignificant: true, cost: 2, health: 2 }),
  /** Summoned or replacing, never hired. */
  inkling: profile({ name: 'Inkling', station: 'Minion', stationLimit: 3, factions: ['arcanists'], cost: 4, health: 4 }),
  colossus: profile({ name: 'Ink Colossus', station: 'Enforcer', factions: ['arcanists'], cost: 10, health: 9 }),
  vex: profile({ name: 'Vex', station: 'Master', factions: ['outcasts'], cost: null, health: 14 }),
  warden: profile({ name: 'Warden', station: 'Henchman', factions: ['outcasts'], cost: 10, health: 9 }),
  brute: profile({ name: 'Brute', station: 'Enforcer', factions: ['outcasts'], cost: 9, health: 8 }),
  sentinel: profile({ name: 'Sentinel', station: 'Enforcer', factions: ['outcasts'], cost: 8, health: 7 }),
  hound: profile({ name: 'Hound', station: 'Minion', stationLimit: 2, factions: ['outcasts'], cost: 6, health: 5 }),
  rat: profile({ name: 'Rat', station: 'Minion', factions: ['outcasts'], cost: 4, health: 3 }),
  /** Summoned or replacing, never hired. */
  mongrel: profile({ name: 'Mongrel', station: 'Minion', stationLimit: 3, factions: ['outcasts'], cost: 3, health: 4 }),
  juggernaut: profile({ name: 'Juggernaut', station: 'Enforcer', factions: ['outcasts'], cost: 11, health: 10 }),
  imp: profile({ name: 'Imp', station: 'Peon', factions: ['outcasts'], insignificant: true, cost: 1, health: 2 }),
} satisfies Record<string, ModelProfile>;

function hired(p: ModelProfile, role: HiredModel['role'], copy = 1): HiredModel {
  return { key: p.name.toLowerCase(), copy, role, profile: p, cost: p.cost ?? 0, surcharge: 0, upgrades: [], soulstoneUser: false };
}

/** Seat 0 (Alice): Ada Quill leads. Seat 1 (Bob): Vex leads. Ids follow the hiring order. */
export const A = { ada: 's0-m0', blotter: 's0-m1', scribe: 's0-m2', golem: 's0-m3', knight: 's0-m4', page1: 's0-m5', page2: 's0-m6', clerk: 's0-m7' } as const;
export const B = { vex: 's1-m0', warden: 's1-m1', brute: 's1-m2', sentinel: 's1-m3', hound1: 's1-m4', hound2: 's1-m5', rat: 's1-m6', imp: 's1-m7' } as const;

function crews(): ModelInPlay[] {
  const p = PROFILES;
  return [
    ...modelsFromCrew(0, { models: [hired(p.ada, 'leader'), hired(p.blotter, 'totem'), hired(p.scribe, 'hire'), hired(p.golem, 'hire'), hired(p.knight, 'hire'), hired(p.page, 'hire', 1), hired(p.page, 'hire', 2), hired(p.clerk, 'hire')] }),
    ...modelsFromCrew(1, { models: [hired(p.vex, 'leader'), hired(p.warden, 'hire'), hired(p.brute, 'hire'), hired(p.sentinel, 'hire'), hired(p.hound, 'hire', 1), hired(p.hound, 'hire', 2), hired(p.rat, 'hire'), hired(p.imp, 'hire')] }),
  ];
}

function ok<T>(r: { ok: true; value: T } | { ok: false; error: { code: string } }): T {
  if (!r.ok) throw new Error(`refused: ${r.error.code}`);
  return r.value;
}

/** A game's records as the game keeps them, one event at a time. */
export class Records {
  models: ModelInPlay[] = crews();
  deaths: DeathRecord[] = [];
  damage: DamageRecord[] = [];
  turn = 2;
  activation = 0;
  revealed: { seat: Seat; scheme: SchemeId }[] = [];
  deployment: DeploymentId = 'standard';
  options: ScoringOptions | undefined = undefined;

  model(id: string): ModelInPlay {
    const m = this.models.find((x) => x.id === id);
    if (m === undefined) throw new Error(`no model ${id}`);
    return m;
  }

  private put(m: ModelInPlay): void {
    this.models = this.models.map((x) => (x.id === m.id ? m : x));
  }

  private noteDeath(m: ModelInPlay, activation: number | null): void {
    if (m.status === 'killed') this.deaths.push({ model: m.id, turn: this.turn, activation, killer: m.killedBy, how: m.killedHow ?? 'health' });
  }

  /** A new activation of a model: its number, as the game counts them over the whole game. */
  activate(): number {
    this.activation += 1;
    return this.activation;
  }

  /** `by` hits `target` for `amount` (already reduced) during the current activation. */
  hit(by: string, target: string, amount: number): this {
    const applied = ok(applyDamage(this.model(target), amount, sourceModel(this.model(by))));
    this.damage.push({ by, target, amount: applied.applied, turn: this.turn, activation: this.activation });
    this.put(applied.model);
    this.noteDeath(applied.model, this.activation);
    return this;
  }

  /** Burning or a hazard: damage with no killer (KILL-3, U14), outside any activation when `endPhase`. */
  burn(target: string, amount: number, endPhase = true): this {
    const source: DamageSource = { kind: 'condition', condition: 'burning' };
    const applied = ok(applyDamage(this.model(target), amount, source));
    this.put(applied.model);
    this.noteDeath(applied.model, endPhase ? null : this.activation);
    return this;
  }

  /** Killed outright by `by`'s action (or by nothing). */
  kill(target: string, by: string | null = null): this {
    const source: DamageSource = by === null ? { kind: 'hazard' } : sourceModel(this.model(by));
    const m = ok(killOutright(this.model(target), source));
    this.put(m);
    this.noteDeath(m, this.activation);
    return this;
  }

  /** A same-crew Replace (or by `seat`'s crew): the new model's id. */
  replace(old: string, by: ModelProfile, seat?: Seat): string {
    const before = this.model(old);
    const r = ok(replace(this.models, [old], [by], seat === undefined ? {} : { seat }));
    this.models = r.models;
    if (r.crossCrew) this.deaths.push({ model: before.id, turn: this.turn, activation: this.activation, killer: null, how: 'replacedByEnemy' });
    return (r.added[0] as ModelInPlay).id;
  }

  summon(p: ModelProfile, summoner: string): string {
    const s = ok(summon(this.models, p, summoner, this.turn));
    this.models = s.models;
    return s.summoned.id;
  }

  /** DUEL-9: a player takes control of a model; its crew does not change. */
  control(id: string, controller: Seat): this {
    this.put({ ...this.model(id), controller });
    return this;
  }

  bury(id: string): this {
    this.models = ok(bury(this.models, id));
    return this;
  }

  /** The facts at this point; `activationEnded` names the model whose activation just ended (this activation). */
  facts(over: Partial<ScoringFacts> = {}): ScoringFacts {
    return {
      pack: 'core',
      turn: this.turn,
      initiative: 0,
      models: this.models,
      insignificant: new Set(this.models.filter((m) => m.name === 'Gargoyle Clerk' || m.name === 'Imp').map((m) => m.id)),
      deaths: this.deaths,
      damage: this.damage,
      activationEnded: null,
      activationBegun: this.activation,
      deployment: this.deployment,
      revealed: this.revealed,
      ...(this.options === undefined ? {} : { options: this.options }),
      ...over,
    };
  }

  endOf(model: string): ScoringFacts {
    return this.facts({ activationEnded: { model, activation: this.activation } });
  }
}

export function pick(scheme: SchemeId, parts: Partial<Omit<SchemePick, 'scheme'>> = {}): SchemePick {
  return { scheme, friendly: [], enemy: [], markerType: null, terrain: null, ...parts };
}

/** A valid secret pick for every scheme (Alice, seat 0). */
const PICKS: Partial<Record<SchemeId, Partial<Omit<SchemePick, 'scheme'>>>> = {
  'core.take-prisoner': { enemy: [B.hound1] },
  'core.deliver-a-message': { enemy: [B.vex] },
  'core.claim-jump': { friendly: [A.knight] },
  'core.vendetta': { friendly: [A.page1], enemy: [B.hound1] },
  'gg3.vendetta': { friendly: [A.page1], enemy: [B.hound1] },
  'gg3.sabotage': { terrain: 'Old Mill' },
  'gg3.hidden-martyrs': { friendly: [A.page1, A.knight] },
  'gg3.catch-and-release': { friendly: [A.page1] },
  'gg3.load-em-up': { markerType: 'Corpse' },
  'gg3.public-demonstration': { friendly: [A.page1, A.page2, A.blotter] },
  'gg3.secret-meetup': { friendly: [A.knight], enemy: [B.brute], terrain: 'Well' },
};

export function pickFor(scheme: SchemeId): SchemePick {
  return pick(scheme, PICKS[scheme] ?? {});
}

/** Records where every scheme's records part can pass for Alice: a costly enemy killed by her crew this turn, the Warden and Vex wounded. */
export function richRecords(): Records {
  const r = new Records();
  r.activate();
  r.hit(A.golem, B.sentinel, 7);
  r.hit(A.page1, B.warden, 5);
  r.hit(A.knight, B.vex, 7);
  return r;
}
