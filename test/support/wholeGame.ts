/**
 * A whole game brought to its turns through the bot and the double, for tests of what happens there:
 * the inkwell cards entered once, both crews pasted, two schemes each from a pool that names nothing,
 * deployment. Only players' commands, as a table plays them.
 */
import { expect } from 'vitest';
import { wholeStateSchema, type WholeState } from '../../src/systems/malifaux-game/engine/schema.js';
import { fixedEncounter } from '../../src/systems/malifaux-game/engine/encounter.js';
import { encounterCode } from '../../src/systems/malifaux-game/engine/shareCode.js';
import { cardForm, inkwellTable } from '../../src/systems/malifaux-game/crews/fixtures.js';
import { IDS, type App } from './app.js';

export const CREW_LISTS = {
  alice: 'Ada Quill (Arcanists)\nLeader:\n  Ada Quill\nTotem(s):\n  Blotter\nHires:\n  Scribe Major\n  Press Golem\n  Page\n',
  bob: 'Scribes (Arcanists)\nLeader:\n  Scribe Major\nHires:\n  Quill Knight\n  Ink Sprite\n  Page\n',
} as const;

/** Turf War, and a pool of schemes that name nothing, so /schemes needs only their numbers. */
export function plainPool(): string {
  const fixed = fixedEncounter({ pack: 'core', strategy: 'core.turf-war', deployment: 'standard', schemes: ['core.detonate-charges', 'core.breakthrough', 'core.harness-the-ley-line', 'core.search-the-ruins', 'core.dig-their-graves'] });
  if (!fixed.ok) throw new Error(fixed.error.code);
  return encounterCode(fixed.value);
}

export async function wholeIn(app: App, channel: string): Promise<WholeState> {
  return wholeStateSchema.parse((await app.game(channel))!.snapshot) as WholeState;
}

/** A whole game in `channel`, refereed by the server's referee role, at turn 1's first decision; its id. */
export async function gameAtTurnOne(app: App, channel: string): Promise<string> {
  const ok = async (who: 'alice' | 'bob', name: string, options?: Record<string, string | number | boolean>) => {
    const done = await app.command(who, name, options, channel);
    expect(done.ok, done.error).toBe(true);
  };
  const submit = async (who: 'alice' | 'bob', values: Record<string, string>) => {
    const result = await app.double.submitModal({ userId: IDS[who], values });
    await app.settle();
    expect(result.ok, result.error).toBe(true);
  };
  await ok('alice', 'game new', { opponent: IDS.bob, system: 'm3e-game', encounter: plainPool(), referee_role: IDS.refereeRole });
  for (const name of ['Ada Quill', 'Blotter', 'Scribe Major', 'Press Golem', 'Page', 'Quill Knight', 'Ink Sprite']) {
    await app.command('alice', 'crew model', { name }, channel);
    await submit('alice', cardForm(inkwellTable.models.find((p) => p.name === name && p.title === null)!));
  }
  for (const who of ['alice', 'bob'] as const) {
    await app.command(who, 'crew paste', undefined, channel);
    await submit(who, { list: CREW_LISTS[who] });
  }
  await ok('alice', 'schemes', { first: 1, second: 2 });
  await ok('bob', 'schemes', { first: 3, second: 4 });
  const attacker = (await wholeIn(app, channel)).game!.encounter!.attacker;
  for (const s of [attacker, attacker === 0 ? 1 : 0, attacker]) await ok(s === 0 ? 'alice' : 'bob', 'turn deployed');
  expect((await wholeIn(app, channel)).game?.stage).toBe('turns');
  return (await app.game(channel))!.id;
}
