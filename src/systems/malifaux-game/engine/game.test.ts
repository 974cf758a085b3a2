/** The whole game's set-up through its decider: SETUP-2..10 from /game new to turn 1. */
import { describe, expect, it } from 'vitest';
import { arcanistCrew, inkwellTable } from '../crews/fixtures.js';
import { parseCrewList } from '../crews/index.js';
import { decide, evolveAll, initialState, replay, type Actor, type Decided } from './game.js';
import { encounterFromSeed } from './encounter.js';
import type { WholeCommand, WholeEvent, WholeState } from './schema.js';

const SEED = '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';
const ALICE: Actor = { userId: 'u-alice', seat: 0, referee: false };
const BOB: Actor = { userId: 'u-bob', seat: 1, referee: false };
const START: WholeCommand = {
  type: 'startWholeGame',
  gameId: 'g1',
  seats: [
    { userId: 'u-alice', name: 'Alice' },
    { userId: 'u-bob', name: 'Bob' },
  ],
  seed: SEED,
  createdBy: 'u-alice',
  options: { pack: 'core', encounterSize: 50 },
};

const ADA_CREW = arcanistCrew('Leader:\n  Ada Quill\nTotem(s):\n  Blotter\nHires:\n  Scribe Major\n  Press Golem\n  Quill Knight\n  Ink Sprite\n  Ink Sprite\n  Page\n');
const SCRIBE_CREW = arcanistCrew('Leader:\n  Scribe Major\nHires:\n  Press Golem\n  Quill Knight\n  Ink Sprite\n  Page\n  Page\n  Furnace Hand\n');

/** Plays commands in order, failing loudly on a refusal; returns the state and every event. */
function play(commands: [WholeCommand, Actor][], from: WholeState = initialState): { state: WholeState; events: WholeEvent[] } {
  let state = from;
  const events: WholeEvent[] = [];
  for (const [command, actor] of commands) {
    const decided = decide(state, command, actor);
    if (!decided.ok) throw new Error(`${command.type} refused: ${JSON.stringify(decided.error)}`);
    events.push(...decided.value.events);
    state = decided.value.state;
  }
  return { state, events };
}

const refusal = (d: Decided) => (d.ok ? null : d.error.code);

describe('the whole game: set-up', () => {
  it('SETUP-2..4: /game new flips the encounter from the seed (the same record /encounter gives), then waits for both crews', () => {
    const { state, events } = play([[START, ALICE]]);
    const expected = encounterFromSeed({ pack: 'core' }, SEED);
    expect(expected.ok).toBe(true);
    expect(state.game?.encounter).toEqual(expected.ok ? expected.value : null);
    // The golden seed: seat 1 attacks with Tomes (Plant Explosives), Wedge, schemes {3, 5, 7, 10, 11} (engine README).
    expect(state.game?.encounter?.attacker).toBe(1);
    expect(state.game?.encounter?.encounter.strategy).toBe('core.plant-explosives');
    expect(state.game?.stage).toBe('crews');
    expect(events.filter((e) => e.type === 'DeckShuffled')).toHaveLength(2);
    expect(replay(events)).toEqual(state);
  });

  it('SETUP-7: a crew stays with its player until both are in, then both are revealed together with their soulstone pools (SS-2)', () => {
    const first = play([[START, ALICE], [{ type: 'declareCrew', crew: ADA_CREW, profiles: inkwellTable }, ALICE]]);
    expect(first.state.game?.stage).toBe('crews');
    expect(first.events.at(-1)).toMatchObject({ type: 'CrewDeclared', seat: 0 });
    const both = play([[{ type: 'declareCrew', crew: SCRIBE_CREW, profiles: inkwellTable }, BOB]], first.state);
    expect(both.events.map((e) => e.type)).toEqual(['CrewDeclared', 'CrewsRevealed', 'ProfilesKnown', 'ModelsChanged', 'SoulstonesSet', 'SoulstonesSet', 'StageBegan']);
    const table = both.state.table;
    if (table.status !== 'active') throw new Error('not active');
    // Ada leads: Blotter 0 (HIRE-7), 9 + 8 + 7 + 6 + 6 + 5 = 41, pool 9. Scribe Major leads (0): 8 + 7 + 6 + 5 + 5 + 6 + 1 (Furnace Hand out of keyword, HIRE-3) = 38, pool 10 (HIRE-9 caps 12).
    expect([table.seats[0].soulstones, table.seats[1].soulstones]).toEqual([9, 10]);
    expect(both.state.game?.stage).toBe('schemes');
  });

  it('SETUP-6 / bad input: a second declaration, a crew with unknown names, an illegal hire and a non-player are refused, nothing changed', () => {
    const { state } = play([[START, ALICE], [{ type: 'declareCrew', crew: ADA_CREW, profiles: inkwellTable }, ALICE]]);
    expect(refusal(decide(state, { type: 'declareCrew', crew: ADA_CREW, profiles: inkwellTable }, ALICE))).toBe('CREW_ALREADY_DECLARED');
    const unknown = parseCrewList('(Arcanists)\nLeader:\n  Ada Quill\nHires:\n  Mystery Model\n', inkwellTable);
    if (!unknown.ok) throw new Error('parse');
    expect(refusal(decide(state, { type: 'declareCrew', crew: unknown.value, profiles: inkwellTable }, BOB))).toBe('CREW_UNKNOWN_NAMES');
    const tooBig = arcanistCrew('Leader:\n  Ada Quill\nHires:\n  Scribe Major\n  Press Golem\n  Quill Knight\n  Ink Sprite\n  Ink Sprite\n  Ink Sprite\n  Page\n  Page\n');
    const refused = decide(state, { type: 'declareCrew', crew: tooBig, profiles: inkwellTable }, BOB);
    expect(refusal(refused)).toBe('CREW_NOT_HIRABLE');
    expect(refusal(decide(state, { type: 'declareCrew', crew: SCRIBE_CREW, profiles: inkwellTable }, { userId: 'u-rita', seat: null, referee: true }))).toBe('NOT_A_PLAYER');
    // The table's cards wait for the turns: no flip during the set-up.
    expect(refusal(decide(state, { type: 'flip', modifier: 0 }, ALICE))).toBe('WRONG_STAGE');
  });

  it('evolve is a plain fold: the events of a decision, folded again, give the state decide returned', () => {
    const { state, events } = play([
      [START, ALICE],
      [{ type: 'declareCrew', crew: ADA_CREW, profiles: inkwellTable }, ALICE],
      [{ type: 'declareCrew', crew: SCRIBE_CREW, profiles: inkwellTable }, BOB],
    ]);
    expect(evolveAll(initialState, events)).toEqual(state);
  });
});
