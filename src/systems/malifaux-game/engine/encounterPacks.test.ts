/** The packs' data against the tables of scoring.md §5–§9, written out here by hand. */
import { describe, expect, it } from 'vitest';
import {
  DEPLOYMENTS,
  SCHEMES,
  STRATEGIES,
  deploymentForSuit,
  schemeForNumber,
  schemeIdSchema,
  strategyForSuit,
  strategyIdSchema,
} from './encounterPacks.js';

describe('encounter packs', () => {
  it('SETUP-4 / scoring §7: core schemes 1–13 in card-value order', () => {
    const names = Array.from({ length: 13 }, (_, i) => schemeForNumber('core', i + 1)?.name);
    expect(names).toEqual([
      'Detonate Charges',
      'Breakthrough',
      'Harness the Ley Line',
      'Search the Ruins',
      'Dig Their Graves',
      'Hold Up Their Forces',
      'Take Prisoner',
      'Power Ritual',
      'Outflank',
      'Assassinate',
      'Deliver a Message',
      'Claim Jump',
      'Vendetta',
    ]);
  });

  it('scoring §9 / §13-A29: GG3 schemes 1–13 are the card values', () => {
    const names = Array.from({ length: 13 }, (_, i) => schemeForNumber('gg3', i + 1)?.name);
    expect(names).toEqual([
      'Breakthrough',
      'Vendetta',
      'Assassinate',
      'Leave Your Mark',
      'Sabotage',
      'Hidden Martyrs',
      'Catch and Release',
      'Spread Them Out',
      "Load 'Em Up",
      'Public Demonstration',
      'Set the Trap',
      'In Your Face',
      'Secret Meetup',
    ]);
  });

  it('SETUP-4: no scheme outside 1–13', () => {
    expect(schemeForNumber('core', 0)).toBeUndefined();
    expect(schemeForNumber('gg3', 14)).toBeUndefined();
  });

  it('scoring §10: a scheme named alike in both packs keeps two ids (their scoring differs)', () => {
    expect(schemeForNumber('core', 2)?.id).toBe('core.breakthrough');
    expect(schemeForNumber('gg3', 1)?.id).toBe('gg3.breakthrough');
    expect(schemeForNumber('core', 13)?.id).not.toBe(schemeForNumber('gg3', 2)?.id);
  });

  it('SETUP-3 / scoring §6, §8: one strategy per suit in each pack', () => {
    expect(['R', 'M', 'C', 'T'].map((s) => strategyForSuit('core', s as 'R').name)).toEqual(['Turf War', 'Corrupted Idols', 'Reckoning', 'Plant Explosives']);
    expect(['R', 'M', 'C', 'T'].map((s) => strategyForSuit('gg3', s as 'R').name)).toEqual(['Carve a Path', 'Covert Operation', 'Cursed Objects', 'Guard the Stash']);
  });

  it('scoring §5 / §13-A2: Rams Standard, Masks Wedge, Crows Corner, Tomes Flank', () => {
    expect(['R', 'M', 'C', 'T'].map((s) => deploymentForSuit(s as 'R').name)).toEqual(['Standard', 'Wedge', 'Corner', 'Flank']);
  });

  it('ids are unique and the schemas accept exactly them', () => {
    const all = [...DEPLOYMENTS, ...STRATEGIES, ...SCHEMES].map((r) => r.id);
    expect(new Set(all).size).toBe(4 + 8 + 26);
    expect(schemeIdSchema.safeParse('gg3.sabotage').success).toBe(true);
    expect(schemeIdSchema.safeParse('core.sabotage').success).toBe(false);
    expect(strategyIdSchema.safeParse('core.reckoning').success).toBe(true);
    expect(strategyIdSchema.safeParse('reckoning').success).toBe(false);
  });
});
