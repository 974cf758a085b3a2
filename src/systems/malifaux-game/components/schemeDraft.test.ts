/**
 * The scheme choice's custom ids (schemeDraft.ts): what a step's control carries reads back as it was
 * written, and the confirmation's id, names included, fits Discord's 100 characters when the names are as
 * long as the form lets them be.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { draftId, nameRoom, readDraftId, type SchemeDraft } from './schemeDraft.js';

const GAME = '3f2b8c1e-9a4d-4e7b-8c2f-1a2b3c4d5e6f';
const DECISION = 'chooseSchemes:0:7.0';

const places = fc.array(fc.integer({ min: 0, max: 63 }), { maxLength: 6 });
const pick = (name: fc.Arbitrary<string | null>) => fc.record({ friendly: places, enemy: places, name });
const draft = (name: fc.Arbitrary<string | null>): fc.Arbitrary<SchemeDraft> =>
  fc.record({ schemes: fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 4 })), picks: fc.tuple(pick(name), pick(name)) });
/** A name as the form takes it: one line, with any character but the control ones (':' and '.' included). */
const typed = fc.string({ minLength: 1, maxLength: 80, unit: 'grapheme' }).filter((s) => !/[\p{Cc}\p{Cs}]/u.test(s));

describe('the scheme choice’s custom ids', () => {
  it('SETUP-8: a step’s id reads back as the game, the decision, the step and the choice so far', () => {
    fc.assert(
      fc.property(draft(fc.option(typed, { nil: null })), fc.constantFrom('s', 'f0', 'e1', 'n', 'ok', 'x' as const), (d, step) => {
        const id = draftId(GAME, DECISION, step, d);
        const read = readDraftId(id.split(':').slice(2));
        expect(read).toMatchObject({ gameId: GAME, step });
        // Names are written as typed; an empty one reads as no name (a scheme that names nothing).
        expect(read!.draft).toEqual({ ...d, picks: d.picks.map((p) => ({ ...p, name: p.name || null })) });
      }),
    );
  });

  it('SETUP-8: with names as long as the form allows, the confirmation’s id fits in 100 characters', () => {
    fc.assert(
      fc.property(draft(fc.constant(null)), fc.integer({ min: 1, max: 2 }), (d, count) => {
        const room = nameRoom(GAME, DECISION, d, count);
        const named: SchemeDraft = { ...d, picks: [{ ...d.picks[0], name: 'x'.repeat(room) }, { ...d.picks[1], name: count === 2 ? 'y'.repeat(room) : null }] };
        expect(draftId(GAME, DECISION, 'ok', named).length).toBeLessThanOrEqual(100);
        // One name of a single scheme has room for a usual terrain piece's name.
        if (count === 1 && d.picks.every((p) => p.friendly.length + p.enemy.length <= 2)) expect(room).toBeGreaterThanOrEqual(30);
      }),
    );
  });

  it('a garbled id is not read as a choice', () => {
    for (const parts of [['~x', 'ab', 'zz', ''], ['g', 'r', 's', '0'], ['g', 'r', 'f0', '03.!'], ['g', 'r', 'ok', '03....9.ab']]) expect(readDraftId(parts)).toBeNull();
  });
});
