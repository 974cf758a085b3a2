/**
 * evolveAll(state, events): the in-place fold behind replay and the app's hot path. It must equal folding
 * evolve one event at a time, never touch its input (state or events), and share nothing mutable with it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decide, decideAndEvolve, evolve, evolveAll, initialState, replay } from './game.js';
import type { Actor } from './game.js';
import { commandForChoice, decisionChoices, pendingDecision } from './decisions.js';
import type { ActiveState, Command, GameEvent, GameState, Seat } from './schema.js';
import { cloneActive, cloneData } from './clone.js';
import { P0, P1, REF, scenario } from './testkit.js';

type Intent = [number, number, boolean];

/** A command for an intent: the pending decision's answer most of the time, else a player or referee command. */
function commandFor(state: ActiveState, [k, a, flag]: Intent): { command: Command; actor: Actor } {
  const pending = pendingDecision(state);
  const seat: Seat = flag ? 0 : 1;
  const me = seat === 0 ? P0 : P1;
  if (pending && k % 8 !== 0) {
    const choices = decisionChoices(pending);
    const choice = pending.kind === 'discardDown' ? choices.slice(0, pending.count) : (choices[a % choices.length] as string);
    const command = commandForChoice(pending, choice);
    if (command) return { command, actor: pending.seat === 0 ? P0 : P1 };
  }
  const hand = state.seats[seat].hand;
  switch (k % 10) {
    case 0:
      if (a % 3 === 0) return { command: { type: 'cancelResolution' }, actor: REF };
      if (a % 3 === 1) return { command: { type: 'reflip' }, actor: pending?.seat === 1 ? P1 : P0 }; // FLIP-7
      return { command: { type: 'setSoulstones', seat, count: a % 4 }, actor: REF };
    case 1:
    case 2:
      return { command: { type: 'draw', count: 1 + (a % 7) }, actor: me };
    case 3:
      return { command: { type: 'discard', cards: hand.slice(0, 1 + (a % 2)) }, actor: me };
    case 4:
      return { command: { type: 'flip', modifier: (a % 7) - 3 }, actor: me };
    case 5:
      return {
        command: { type: 'simpleDuel', stat: a % 7, tn: 10, fate: (a % 3) - 1, soulstoneUser: a % 2 === 0, triggers: [{ name: 'Crit', suits: ['R'] }], damage: { profile: [1, 2, 4], blasts: [0, 1, 1] } },
        actor: me,
      };
    case 6:
    case 7:
      return {
        command: {
          type: 'opposedDuel',
          attacker: seat,
          attackerStat: a % 7,
          defenderStat: (a >> 3) % 7,
          attackerSoulstoneUser: true,
          defenderSoulstoneUser: a % 2 === 0,
          attackerTriggers: [{ name: 'Crit', suits: ['R'] }],
          defenderTriggers: [{ name: 'Any', suits: [] }],
          friendly: a % 5 === 0,
          inConcealment: a % 3 === 0,
          damage: { profile: [2, 3, 5] },
          targetSoulstoneUser: a % 2 === 1,
        },
        actor: me,
      };
    case 8:
      return { command: { type: 'damageFlip', profile: [1, 3, 4], fate: (a % 5) - 2, targetSoulstoneUser: a % 2 === 0, targetHealth: 1 + (a % 6) }, actor: me };
    default:
      return a % 40 === 0 ? { command: { type: 'endGame' }, actor: me } : { command: { type: 'setSoulstones', seat, count: 1 + (a % 3) }, actor: me };
  }
}

/** The event log of a random game (built with evolve, one event at a time). */
function randomLog(seed: Uint8Array, intents: readonly Intent[]): GameEvent[] {
  const start: Command = {
    type: 'startGame',
    gameId: 'g',
    system: 'm3e',
    seats: [
      { userId: P0.userId, name: 'A' },
      { userId: P1.userId, name: 'B' },
    ],
    seed: Buffer.from(seed).toString('hex'),
    createdBy: P0.userId,
    options: { handLimit: 4 },
  };
  const first = decide(initialState, start, REF);
  if (!first.ok) throw new Error(first.error.code);
  const events = [...first.value];
  let state: GameState = first.value.reduce(evolve, initialState);
  for (const intent of intents) {
    if (state.status !== 'active') break;
    const { command, actor } = commandFor(state, intent);
    const r = decide(state, command, actor);
    if (!r.ok) continue;
    for (const e of r.value) state = evolve(state, e);
    events.push(...r.value);
  }
  return events;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Every object and array reachable from a value. */
function objectsOf(value: unknown, into = new Set<object>()): Set<object> {
  if (typeof value === 'object' && value !== null && !into.has(value)) {
    into.add(value);
    for (const v of Object.values(value)) objectsOf(v, into);
  }
  return into;
}

function sharedObjects(a: unknown, b: unknown): number {
  const mine = objectsOf(a);
  let n = 0;
  for (const o of objectsOf(b)) if (mine.has(o)) n++;
  return n;
}

const game = fc.tuple(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.array(fc.tuple(fc.nat(1000), fc.nat(1000), fc.boolean()), { minLength: 20, maxLength: 120 }));

describe('evolveAll', () => {
  it('equals folding evolve, for any slice of a random log, without mutating or sharing its input', () => {
    fc.assert(
      fc.property(game, fc.nat(), fc.nat(), ([seed, intents], x, y) => {
        const log = randomLog(seed, intents);
        const a = x % (log.length + 1);
        const b = a + (y % (log.length - a + 1));
        const state = deepFreeze(log.slice(0, a).reduce(evolve, initialState));
        const events = deepFreeze(log.slice(a, b).map((e) => cloneData(e)));
        const stateJson = JSON.stringify(state);
        const eventsJson = JSON.stringify(events);

        const folded = events.reduce(evolve, state);
        const all = evolveAll(state, events);
        expect(all).toEqual(folded);
        // Frozen inputs: any write would have thrown; the copies prove nothing changed either way.
        expect(JSON.stringify(state)).toBe(stateJson);
        expect(JSON.stringify(events)).toBe(eventsJson);
        if (all !== state) {
          expect(sharedObjects(all, state)).toBe(0);
          expect(sharedObjects(all, events)).toBe(0);
        }
        // Continuing from the result never reaches back into the input either.
        const more = log.slice(b);
        expect(evolveAll(all, more)).toEqual(more.reduce(evolve, folded));
        expect(JSON.stringify(state)).toBe(stateJson);
      }),
      { numRuns: 60 },
    );
  });

  it('replay(events) equals the step-by-step fold, and so does every prefix', () => {
    fc.assert(
      fc.property(game, ([seed, intents]) => {
        const log = deepFreeze(randomLog(seed, intents));
        let state: GameState = initialState;
        log.forEach((e, i) => {
          state = evolve(state, e);
          if (i % 7 === 0 || i === log.length - 1) expect(replay(log.slice(0, i + 1))).toEqual(state);
        });
        expect(replay(log)).toEqual(state);
        expect(pendingDecision(replay(log))).toEqual(pendingDecision(state));
      }),
      { numRuns: 30 },
    );
  });

  it('returns its input when nothing applies, like the fold', () => {
    const ended = scenario().do({ type: 'endGame' }, P0).state;
    expect(evolveAll(ended, [{ type: 'SoulstonesSet', seat: 0, count: 5, by: 'x' }])).toBe(ended);
    const active = scenario().state;
    expect(evolveAll(active, [])).toBe(active);
    expect(evolveAll(active, [scenario().events[0]!])).toBe(active);
    expect(replay([])).toBe(initialState);
  });

  it('decideAndEvolve: the events of decide, and the state evolveAll gives them, sharing nothing with either', () => {
    fc.assert(
      fc.property(game, ([seed, intents]) => {
        const log = randomLog(seed, intents.slice(0, 2));
        // Frozen like the app's cached states: the decision must copy what it changes, never write into it.
        let state = deepFreeze(log.reduce(evolve, initialState));
        for (const intent of intents) {
          if (state.status !== 'active') break;
          const { command, actor } = commandFor(state, intent);
          const before = JSON.stringify(state);
          const both = decideAndEvolve(state, command, actor);
          const events = decide(state, command, actor);
          expect(both.ok).toBe(events.ok);
          if (!both.ok || !events.ok) continue;
          expect(both.value.events).toEqual(events.value);
          expect(both.value.state).toEqual(evolveAll(state, events.value));
          expect(JSON.stringify(state)).toBe(before);
          if (both.value.state !== state) {
            expect(sharedObjects(both.value.state, state)).toBe(0);
            expect(sharedObjects(both.value.state, both.value.events)).toBe(0);
          }
          state = deepFreeze(both.value.state);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('cloneActive is a deep copy that shares nothing with its source', () => {
    const s = scenario({ decks: [['5R'], ['8C']], hands: [['13R'], ['13C']] }).do(
      { type: 'opposedDuel', attacker: 0, attackerStat: 5, defenderStat: 5, attackerTriggers: [{ name: 'Crit', suits: ['R'] }], damage: { profile: [1, 2, 3] } },
      P0,
    ).state as ActiveState;
    expect(s.resolution).not.toBeNull();
    const c = cloneActive(s);
    expect(c).toEqual(s);
    expect(sharedObjects(c, s)).toBe(0);
  });
});
