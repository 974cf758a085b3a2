/**
 * Every scheme as data (scoring.md §7, §9, §11) and what holds for all of them: the markers each half
 * removes (the tables' Rm column), the halves the records alone decide, and, for any claim at all, that
 * what scores names only significant models (U9), each once, of the side the objective asks for.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SCHEMES } from '../engine/encounterPacks.js';
import type { SchemeId } from '../engine/encounterPacks.js';
import type { TableClaim } from './objective.js';
import { SCHEME_RULES, evaluateScheme } from './schemes.js';
import { A, B, Records, pickFor, richRecords } from './testkit.js';

/** Rm of §7 and §9, Reveal then End, copied by hand from the tables. */
const REMOVED: Record<SchemeId, [number | 'named', number]> = {
  'core.detonate-charges': [2, 2],
  'core.breakthrough': [1, 3],
  'core.harness-the-ley-line': [3, 3],
  'core.search-the-ruins': [2, 3],
  'core.dig-their-graves': [1, 3],
  'core.hold-up-their-forces': [0, 0],
  'core.take-prisoner': [0, 0],
  'core.power-ritual': [1, 3],
  'core.outflank': [0, 0],
  'core.assassinate': [0, 0],
  'core.deliver-a-message': [0, 0],
  'core.claim-jump': [0, 0],
  'core.vendetta': [0, 0],
  'gg3.breakthrough': [1, 3],
  'gg3.vendetta': [0, 0],
  'gg3.assassinate': [0, 0],
  'gg3.leave-your-mark': [1, 3],
  'gg3.sabotage': [2, 1],
  'gg3.hidden-martyrs': [0, 0],
  'gg3.catch-and-release': [0, 0],
  'gg3.spread-them-out': [3, 3],
  'gg3.load-em-up': [0, 0],
  'gg3.public-demonstration': [0, 0],
  'gg3.set-the-trap': ['named', 1],
  'gg3.in-your-face': [0, 0],
  'gg3.secret-meetup': [0, 0],
};

const HALVES = ['reveal', 'end'] as const;
const IDS = SCHEMES.map((s) => s.id);

describe('schemes as data', () => {
  it('§7, §9: every scheme of both packs has its rule, with a Reveal and an End (U4)', () => {
    expect(Object.keys(SCHEME_RULES).sort()).toEqual([...IDS].sort());
    for (const id of IDS) expect(SCHEME_RULES[id].id).toBe(id);
  });

  it('§7, §9: each half removes the Scheme markers of the tables’ Rm column', () => {
    for (const id of IDS) expect([SCHEME_RULES[id].reveal.removes, SCHEME_RULES[id].end.removes], id).toEqual(REMOVED[id]);
  });

  it('§11: Assassinate, both Vendettas and Hidden Martyrs’ Reveal are class a: the records decide them, no claim is ever asked', () => {
    const recordsOnly = IDS.flatMap((id) => HALVES.filter((h) => SCHEME_RULES[id][h].classes.join() === 'a').map((h) => `${id} ${h}`));
    expect(recordsOnly.sort()).toEqual(['core.assassinate end', 'core.assassinate reveal', 'core.vendetta end', 'core.vendetta reveal', 'gg3.assassinate end', 'gg3.assassinate reveal', 'gg3.hidden-martyrs reveal', 'gg3.vendetta end', 'gg3.vendetta reveal'].sort());
    const r = richRecords();
    for (const label of recordsOnly) {
      const [id, half] = label.split(' ') as [SchemeId, 'reveal' | 'end'];
      for (const facts of [r.facts(), r.endOf(A.page1)]) expect(evaluateScheme(id, half, facts, 0, pickFor(id)).kind, label).not.toBe('needsClaim');
    }
  });

  it('§11: every other half, with its records met, asks the table; scored from the records, nothing is ever marked claimed', () => {
    const r = richRecords();
    for (const id of IDS) {
      for (const half of HALVES) {
        const e = evaluateScheme(id, half, r.facts(), 0, pickFor(id));
        if (SCHEME_RULES[id][half].classes.join() !== 'a') expect(e.kind, `${id} ${half}`).toBe('needsClaim');
        if (e.kind === 'scores') expect(e.claimed).toBe(false);
      }
    }
  });
});

describe('any claim', () => {
  const everyModel = [...Object.values(A), ...Object.values(B), 's0-m99'];
  const claims = fc.record(
    {
      count: fc.integer({ min: -1, max: 8 }),
      models: fc.array(fc.constantFrom(...everyModel), { maxLength: 5 }),
      pairs: fc.array(fc.tuple(fc.constantFrom(...everyModel), fc.constantFrom(...everyModel)), { maxLength: 3 }),
      markersRemoved: fc.integer({ min: 0, max: 4 }),
    },
    { requiredKeys: [] },
  );

  it('U9, U10: whatever a claim names, a half that scores named only significant models, each once, of the side it asked for', () => {
    const r = richRecords();
    r.bury(B.brute);
    const facts = r.facts();
    fc.assert(
      fc.property(fc.constantFrom(...IDS), fc.constantFrom(...HALVES), claims, (id, half, claim: TableClaim) => {
        const asked = evaluateScheme(id, half, facts, 0, pickFor(id));
        const judged = evaluateScheme(id, half, facts, 0, pickFor(id), claim);
        if (judged.kind !== 'scores' || asked.kind !== 'needsClaim') return;
        const named = [...(asked.need.models ? (claim.models ?? []) : []), ...(asked.need.pairs ? (claim.pairs ?? []).flat() : [])];
        for (const id of named) expect(facts.insignificant.has(id)).toBe(false);
        const friendlies = [...(asked.need.pairs ? (claim.pairs ?? []).map((p) => p[0]) : [])];
        expect(new Set(friendlies).size).toBe(friendlies.length);
        if (asked.need.models?.every((s) => s.side === 'friendly')) for (const m of claim.models ?? []) expect(m.startsWith('s0-')).toBe(true);
        if (asked.need.models?.every((s) => s.side === 'enemy')) for (const m of claim.models ?? []) expect(m.startsWith('s1-')).toBe(true);
        expect(new Set(claim.models ?? []).size).toBe((claim.models ?? []).length);
        expect(judged.markersRemoved).toBe(asked.need.countIsMarkersRemoved === true ? claim.count : asked.need.markersRemoved);
      }),
      { numRuns: 400 },
    );
  });

  it('§11: no claim ever turns a half the records refuse into a VP', () => {
    const facts = new Records().facts();
    fc.assert(
      fc.property(fc.constantFrom(...IDS), fc.constantFrom(...HALVES), claims, (id, half, claim: TableClaim) => {
        const asked = evaluateScheme(id, half, facts, 0, pickFor(id));
        if (asked.kind === 'fails') expect(evaluateScheme(id, half, facts, 0, pickFor(id), claim)).toEqual(asked);
      }),
      { numRuns: 300 },
    );
  });
});
