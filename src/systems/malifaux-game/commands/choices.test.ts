import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { translator } from '../../../i18n/index.js';
import type { FocusedOption } from '../../commandDefinition.js';
import { inkwellTable } from '../crews/fixtures.js';
import { ADA_CREW, SCRIBE_CREW, ScriptedGame, startCommand } from '../engine/testkit.js';
import { privateView, publicView } from '../engine/views.js';
import type { WholeState } from '../engine/schema.js';
import { modelChoices, type GameLookup, type Whose } from './choices.js';

const WHOSE: readonly Whose[] = ['mine', 'target', 'any', 'activatable', 'buried'];

/** What the platform hands an autocomplete: the game as `seat` may see it (null: a referee or an onlooker). */
function lookupOf(state: WholeState, seat: 0 | 1 | null): GameLookup {
  return {
    t: translator('en'),
    game: async () => ({ view: publicView(state), mine: seat === null ? null : privateView(state, seat) }),
    draft: async () => null,
    server: { modelTable: async () => inkwellTable, saveModelProfiles: async () => undefined, searchModelProfiles: async () => [] },
  };
}

const typed = (value: string, list = false): FocusedOption => ({ subcommand: null, name: list ? 'first_models' : 'model', value });

async function everyChoice(state: WholeState, seat: 0 | 1 | null, value: string): Promise<string> {
  const answers = await Promise.all(WHOSE.flatMap((whose) => [modelChoices(lookupOf(state, seat), typed(value), whose), modelChoices(lookupOf(state, seat), typed(value, true), whose, true)]));
  return JSON.stringify(answers);
}

function declaredByAlice(): ScriptedGame {
  const g = new ScriptedGame();
  g.send(startCommand(), 0);
  g.send({ type: 'declareCrew', crew: ADA_CREW, profiles: inkwellTable }, 0);
  return g;
}

describe('autocomplete of model options', () => {
  it('SETUP-7: before the reveal, whatever is typed and whatever the option, nobody but Alice is offered anything of her declared crew', async () => {
    const g = declaredByAlice();
    const names = ADA_CREW.leaders.concat(ADA_CREW.totems, ADA_CREW.hires).map((e) => e.name);
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.constantFrom('', 'a', 'A1', 'Ada', 'blot', 'p', 'B1, '), fc.string({ maxLength: 12 })), async (value) => {
        for (const seat of [1, null] as const) {
          const offered = await everyChoice(g.state, seat, value);
          for (const name of names) expect(offered, `${name} offered to ${seat}`).not.toContain(name);
        }
      }),
      { numRuns: 60 },
    );
    // Alice herself is offered her own crew, by name (no labels before the reveal), never as a target.
    const mine = await modelChoices(lookupOf(g.state, 0), typed(''), 'mine');
    expect(mine.map((c) => c.value)).toEqual(['Ada Quill', 'Blotter', 'Scribe Major', 'Press Golem', 'Quill Knight', 'Ink Sprite', 'Page']);
    expect(await modelChoices(lookupOf(g.state, 0), typed(''), 'target')).toEqual([]);
  });

  it('after the reveal: a target is the other crew’s first, the asker’s own are theirs, an onlooker is offered every model; labels or words of names match', async () => {
    const g = declaredByAlice();
    g.send({ type: 'declareCrew', crew: SCRIBE_CREW, profiles: inkwellTable }, 1);
    const values = async (seat: 0 | 1 | null, whose: Whose, value = '', list = false) => (await modelChoices(lookupOf(g.state, seat), typed(value, list), whose, list)).map((c) => c.value);
    const a = ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7'];
    const b = ['B1', 'B2', 'B3', 'B4', 'B5', 'B6', 'B7'];
    expect(await values(1, 'target')).toEqual([...a, ...b]);
    expect(await values(1, 'mine')).toEqual(b);
    expect(await values(0, 'activatable')).toEqual(a);
    expect(await values(null, 'mine')).toEqual([...a, ...b]);
    expect(await values(0, 'buried')).toEqual([]);
    // "Page 1", "Page 2": a crew's copies are numbered as the status numbers them.
    const pages = await modelChoices(lookupOf(g.state, 0), typed('pag'), 'target');
    expect(pages.map((c) => c.name)).toEqual(['B5 · Page 1 (6/6)', 'B6 · Page 2 (6/6)', 'A7 · Page (6/6)']);
    // A word's start, not any letter inside it: "major" finds Scribe Major, "ajor" nothing.
    expect(await values(0, 'any', 'major')).toEqual(['A3', 'B1']);
    expect(await values(0, 'any', 'ajor')).toEqual([]);
    // A comma list completes its last name, without those already given.
    expect(await values(0, 'any', 'a1, A', true)).toEqual(['a1, A2', 'a1, A3', 'a1, A4', 'a1, A5', 'a1, A6', 'a1, A7']);
  });
});
