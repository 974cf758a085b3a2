/**
 * The encounter packs the bot can flip from: the core rules and Gaining Grounds 3 (scoring.md §5–§9).
 * Data only: stable ids and English names (the specs' vocabulary), never rules text.
 *
 * Ids are stored in events and share codes, so they never change. Strategies and schemes carry their
 * pack in the id (`core.breakthrough` and `gg3.breakthrough` score differently, scoring.md §10);
 * deployments are the same four in both packs (§8: GG3 names none, so §5 applies).
 */
import { z } from 'zod';
import type { Suit } from '../../malifaux-table/engine/cards.js';

export const PACK_IDS = ['core', 'gg3'] as const;
export const packIdSchema = z.enum(PACK_IDS);
export type PackId = z.infer<typeof packIdSchema>;

export const PACK_NAMES: Readonly<Record<PackId, string>> = { core: 'Core rules', gg3: 'Gaining Grounds 3' };

/** scoring.md §5 and §13-A2 (SETUP-3, AMB-1): the Defender's suit picks the deployment. */
export const DEPLOYMENTS = [
  { id: 'standard', suit: 'R', name: 'Standard' },
  { id: 'flank', suit: 'T', name: 'Flank' },
  { id: 'wedge', suit: 'M', name: 'Wedge' },
  { id: 'corner', suit: 'C', name: 'Corner' },
] as const satisfies readonly { id: string; suit: Suit; name: string }[];

/** SETUP-3 and scoring.md §6 (suit letters of S1, §13-A5) and §8: the Attacker's suit picks the strategy. */
export const STRATEGIES = [
  { id: 'core.turf-war', pack: 'core', suit: 'R', name: 'Turf War' },
  { id: 'core.plant-explosives', pack: 'core', suit: 'T', name: 'Plant Explosives' },
  { id: 'core.corrupted-idols', pack: 'core', suit: 'M', name: 'Corrupted Idols' },
  { id: 'core.reckoning', pack: 'core', suit: 'C', name: 'Reckoning' },
  { id: 'gg3.carve-a-path', pack: 'gg3', suit: 'R', name: 'Carve a Path' },
  { id: 'gg3.guard-the-stash', pack: 'gg3', suit: 'T', name: 'Guard the Stash' },
  { id: 'gg3.covert-operation', pack: 'gg3', suit: 'M', name: 'Covert Operation' },
  { id: 'gg3.cursed-objects', pack: 'gg3', suit: 'C', name: 'Cursed Objects' },
] as const satisfies readonly { id: string; pack: PackId; suit: Suit; name: string }[];

/** SETUP-4: a flipped value 1–13 is a scheme number; scoring.md §7 (core) and §9 (GG3, §13-A29). */
export const SCHEMES = [
  { id: 'core.detonate-charges', pack: 'core', number: 1, name: 'Detonate Charges' },
  { id: 'core.breakthrough', pack: 'core', number: 2, name: 'Breakthrough' },
  { id: 'core.harness-the-ley-line', pack: 'core', number: 3, name: 'Harness the Ley Line' },
  { id: 'core.search-the-ruins', pack: 'core', number: 4, name: 'Search the Ruins' },
  { id: 'core.dig-their-graves', pack: 'core', number: 5, name: 'Dig Their Graves' },
  { id: 'core.hold-up-their-forces', pack: 'core', number: 6, name: 'Hold Up Their Forces' },
  { id: 'core.take-prisoner', pack: 'core', number: 7, name: 'Take Prisoner' },
  { id: 'core.power-ritual', pack: 'core', number: 8, name: 'Power Ritual' },
  { id: 'core.outflank', pack: 'core', number: 9, name: 'Outflank' },
  { id: 'core.assassinate', pack: 'core', number: 10, name: 'Assassinate' },
  { id: 'core.deliver-a-message', pack: 'core', number: 11, name: 'Deliver a Message' },
  { id: 'core.claim-jump', pack: 'core', number: 12, name: 'Claim Jump' },
  { id: 'core.vendetta', pack: 'core', number: 13, name: 'Vendetta' },
  { id: 'gg3.breakthrough', pack: 'gg3', number: 1, name: 'Breakthrough' },
  { id: 'gg3.vendetta', pack: 'gg3', number: 2, name: 'Vendetta' },
  { id: 'gg3.assassinate', pack: 'gg3', number: 3, name: 'Assassinate' },
  { id: 'gg3.leave-your-mark', pack: 'gg3', number: 4, name: 'Leave Your Mark' },
  { id: 'gg3.sabotage', pack: 'gg3', number: 5, name: 'Sabotage' },
  { id: 'gg3.hidden-martyrs', pack: 'gg3', number: 6, name: 'Hidden Martyrs' },
  { id: 'gg3.catch-and-release', pack: 'gg3', number: 7, name: 'Catch and Release' },
  { id: 'gg3.spread-them-out', pack: 'gg3', number: 8, name: 'Spread Them Out' },
  { id: 'gg3.load-em-up', pack: 'gg3', number: 9, name: "Load 'Em Up" },
  { id: 'gg3.public-demonstration', pack: 'gg3', number: 10, name: 'Public Demonstration' },
  { id: 'gg3.set-the-trap', pack: 'gg3', number: 11, name: 'Set the Trap' },
  { id: 'gg3.in-your-face', pack: 'gg3', number: 12, name: 'In Your Face' },
  { id: 'gg3.secret-meetup', pack: 'gg3', number: 13, name: 'Secret Meetup' },
] as const satisfies readonly { id: string; pack: PackId; number: number; name: string }[];

export type Deployment = (typeof DEPLOYMENTS)[number];
export type Strategy = (typeof STRATEGIES)[number];
export type Scheme = (typeof SCHEMES)[number];
export type DeploymentId = Deployment['id'];
export type StrategyId = Strategy['id'];
export type SchemeId = Scheme['id'];

type Ids<T extends { id: string }> = [T['id'], ...T['id'][]];
const ids = <T extends { id: string }>(rows: readonly T[]): Ids<T> => rows.map((r) => r.id) as Ids<T>;

export const deploymentIdSchema = z.enum(ids<Deployment>(DEPLOYMENTS));
export const strategyIdSchema = z.enum(ids<Strategy>(STRATEGIES));
export const schemeIdSchema = z.enum(ids<Scheme>(SCHEMES));

/** Number of schemes in a pack's pool (SETUP-4) and the scheme numbers it is flipped from. */
export const POOL_SIZE = 5;
export const SCHEME_NUMBERS = 13;

const byId = <T extends { id: string }>(rows: readonly T[]): ReadonlyMap<string, T> => new Map(rows.map((r) => [r.id, r]));
const DEPLOYMENT_BY_ID = byId<Deployment>(DEPLOYMENTS);
const STRATEGY_BY_ID = byId<Strategy>(STRATEGIES);
const SCHEME_BY_ID = byId<Scheme>(SCHEMES);

export function deploymentById(id: string): Deployment | undefined {
  return DEPLOYMENT_BY_ID.get(id);
}
export function strategyById(id: string): Strategy | undefined {
  return STRATEGY_BY_ID.get(id);
}
export function schemeById(id: string): Scheme | undefined {
  return SCHEME_BY_ID.get(id);
}

/** The deployment a Defender's suit picks (SETUP-3). Every suit has one, whatever the pack. */
export function deploymentForSuit(suit: Suit): Deployment {
  return DEPLOYMENTS.find((d) => d.suit === suit) as Deployment;
}

/** The strategy an Attacker's suit picks in a pack (SETUP-3). Every pack has one per suit. */
export function strategyForSuit(pack: PackId, suit: Suit): Strategy {
  return STRATEGIES.find((s) => s.pack === pack && s.suit === suit) as Strategy;
}

/** Scheme number 1–13 of a pack, or undefined outside that range. */
export function schemeForNumber(pack: PackId, number: number): Scheme | undefined {
  return SCHEMES.find((s) => s.pack === pack && s.number === number);
}
