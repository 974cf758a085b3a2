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
import * as table from '../../src/systems/malifaux-table/engine/index.js';
import { pendingDecisions } from '../../src/systems/malifaux-game/engine/game.js';
import { modelLabel } from '../../src/systems/malifaux-game/engine/play.js';
import { IDS, latestDecisionMessage, locateChoice, type App } from './app.js';

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

/** How a test sets a game up: its encounter's share code, and each player's /schemes options. */
export interface GameSetup {
  encounter: string;
  schemes: Record<'alice' | 'bob', Record<string, string | number>>;
}

/**
 * A whole game in `channel`, refereed by the server's referee role, at turn 1's first decision; its id.
 * By default Turf War and a pool that names nothing (schemes 1, 2 for Alice, 3, 4 for Bob).
 */
export async function gameAtTurnOne(app: App, channel: string, setup?: GameSetup): Promise<string> {
  const ok = async (who: 'alice' | 'bob', name: string, options?: Record<string, string | number | boolean>) => {
    const done = await app.command(who, name, options, channel);
    expect(done.ok, done.error).toBe(true);
  };
  const submit = async (who: 'alice' | 'bob', values: Record<string, string>) => {
    const result = await app.double.submitModal({ userId: IDS[who], values });
    await app.settle();
    expect(result.ok, result.error).toBe(true);
  };
  await ok('alice', 'game new', { opponent: IDS.bob, system: 'm3e-game', encounter: setup?.encounter ?? plainPool(), referee_role: IDS.refereeRole });
  for (const name of ['Ada Quill', 'Blotter', 'Scribe Major', 'Press Golem', 'Page', 'Quill Knight', 'Ink Sprite']) {
    await app.command('alice', 'crew model', { name }, channel);
    await submit('alice', cardForm(inkwellTable.models.find((p) => p.name === name && p.title === null)!));
  }
  for (const who of ['alice', 'bob'] as const) {
    await app.command(who, 'crew paste', undefined, channel);
    await submit(who, { list: CREW_LISTS[who] });
  }
  await ok('alice', 'schemes', setup?.schemes.alice ?? { first: 1, second: 2 });
  await ok('bob', 'schemes', setup?.schemes.bob ?? { first: 3, second: 4 });
  const attacker = (await wholeIn(app, channel)).game!.encounter!.attacker;
  for (const s of [attacker, attacker === 0 ? 1 : 0, attacker]) await ok(s === 0 ? 'alice' : 'bob', 'turn deployed');
  expect((await wholeIn(app, channel)).game?.stage).toBe('turns');
  return (await app.game(channel))!.id;
}

/** Answers the table's decisions (the initiative's cheats…) in the decider's DM: the plain answer. */
export async function answerTable(app: App, channel: string): Promise<void> {
  for (let guard = 0; guard < 20; guard++) {
    const d = table.pendingDecision((await wholeIn(app, channel)).table);
    if (!d) return;
    const choices = table.decisionChoices(d);
    const choice = d.kind === 'cheat' ? table.DECLINE : d.kind === 'discardDown' ? choices.slice(0, d.count) : d.kind === 'trigger' ? table.NO_TRIGGER : (choices.find((c) => c === 'none' || c === 'false') ?? choices[0]!);
    const who = d.seat === 0 ? 'alice' : 'bob';
    const message = latestDecisionMessage(app.dms(who), (await app.game(channel))!.id);
    const where = message && locateChoice(message, d, choice);
    if (!where) throw new Error(`no control for the table's ${d.kind}`);
    const clicked = await app.click(who, where.message.id, where.customId, where.values);
    expect(clicked.ok, clicked.error).toBe(true);
  }
}

/** Clicks a game decision's button (`:confirm`, `:dispute`…) in the newest message of `messages` that has one. */
export async function clickChoice(app: App, who: 'alice' | 'bob', messages: ReturnType<App['dms']>, choice: string) {
  const message = [...messages].reverse().find((m) => JSON.stringify(m.components ?? []).includes(`:${choice}"`));
  if (!message) throw new Error(`no ${choice} button`);
  const customId = JSON.stringify(message.components).match(new RegExp(`"custom_id":"(fk:g:[^"]+:${choice})"`))![1]!;
  const clicked = await app.click(who, message.id, customId);
  expect(clicked.ok, clicked.error).toBe(true);
  return clicked;
}

/**
 * Plays the game the plain way — every model takes no action, nothing is claimed — until `done` says
 * so of its state. Each move is a player's command, answered as a table would.
 */
export async function playUntil(app: App, channel: string, done: (state: WholeState) => boolean): Promise<WholeState> {
  for (let round = 0; round < 400; round++) {
    const state = await wholeIn(app, channel);
    if (done(state)) return state;
    const d = pendingDecisions(state)[0];
    if (!d) throw new Error('nobody to decide while the game runs');
    const who = d.seat === 0 ? 'alice' : 'bob';
    const g = state.game!;
    const [name, options]: [string, Record<string, string | boolean>?] = d.kind.startsWith('start-')
      ? ['turn ready']
      : d.kind === 'initiative-flip'
        ? ['turn flip']
        : d.kind === 'initiative-choice'
          ? ['turn initiative', { keep: true }]
          : d.kind === 'activate-or-pass'
            ? ['turn activate', { model: modelLabel(g.models.find((m) => m.controller === d.seat && !m.activated && (m.status === 'in-play' || m.status === 'buried'))!) }]
            : d.kind === 'action'
              ? ['turn end']
              : d.kind === 'end-phase-scoring'
                ? ['turn scored']
                : d.kind.startsWith('score-')
                  ? ['score done']
                  : ['?'];
    if (name === '?') throw new Error(`unexpected decision ${d.kind}`);
    const result = await app.command(who, name, options, channel);
    expect(result.ok, result.error).toBe(true);
    await answerTable(app, channel);
  }
  throw new Error('the game did not get there');
}
