/**
 * Decisions are recorded facts (DecisionOpened / DecisionClosed): decide finds them with the procedure and
 * records them at the end of a command; evolve only applies them and never runs the procedure. Also: ids,
 * the public form of the records (no hand card), and the upcaster for logs written before them.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { nextStep } from './resolution.js';
import { decideAndEvolve, evolve, initialState, replay } from './game.js';
import type { Actor } from './game.js';
import { commandForChoice, decisionChoices, isDecisionRecord, openDecision, pendingDecision, sameDecision } from './decisions.js';
import type { ActiveState, Command, GameEvent, GameState, Seat } from './schema.js';
import { eventSchema, stateSchema } from './schema.js';
import { publicEvent, publicView } from './views.js';
import { isLegacyLog, upcastLog } from './upcast.js';
import { P0, P1, REF, scenario } from './testkit.js';

// Count the procedure's runs: every module of the engine reaches nextStep through this mock.
vi.mock('./resolution.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('./resolution.js')>();
  return { ...original, nextStep: vi.fn(original.nextStep) };
});
const procedureRuns = () => vi.mocked(nextStep).mock.calls.length;

type Intent = [number, number, boolean];

/** A command for an intent: mostly the pending decision's answer; re-flips, referee changes and cancels while one is open. */
function commandFor(state: ActiveState, [k, a, flag]: Intent): { command: Command; actor: Actor } {
  const pending = pendingDecision(state);
  const seat: Seat = flag ? 0 : 1;
  const me = seat === 0 ? P0 : P1;
  if (pending && k % 10 !== 0 && k % 10 !== 9) {
    const choices = decisionChoices(pending);
    const many = pending.kind === 'discardDown' || pending.kind === 'triggerCost';
    const choice = many ? [...choices.slice(a % choices.length), ...choices].slice(0, pending.count) : (choices[a % choices.length] as string);
    const command = commandForChoice(pending, choice);
    if (command) return { command, actor: pending.seat === 0 ? P0 : P1 };
  }
  switch (k % 10) {
    case 0:
      if (a % 4 === 0) return { command: { type: 'cancelResolution' }, actor: REF };
      if (a % 4 === 1) return { command: { type: 'reflip' }, actor: pending?.seat === 1 ? P1 : P0 }; // FLIP-7
      return { command: { type: 'setSoulstones', seat, count: a % 4 }, actor: REF };
    case 1:
      return { command: { type: 'draw', count: 1 + (a % 7) }, actor: me };
    case 2:
      return { command: { type: 'flip', modifier: (a % 7) - 3 }, actor: me };
    case 3:
      return {
        command: { type: 'simpleDuel', stat: a % 7, tn: 10, fate: (a % 3) - 1, soulstoneUser: a % 2 === 0, triggers: [{ name: 'Crit', suits: ['R'] }], damage: { profile: [1, 2, 4] } },
        actor: me,
      };
    case 4:
    case 5:
      return {
        command: {
          type: 'opposedDuel',
          attacker: seat,
          attackerStat: a % 7,
          defenderStat: (a >> 3) % 7,
          attackerSoulstoneUser: true,
          defenderSoulstoneUser: a % 2 === 0,
          attackerTriggers: [{ name: 'Costly', suits: [], cost: { discard: 1 } }],
          defenderTriggers: [{ name: 'Any', suits: [] }],
          friendly: a % 5 === 0,
          damage: { profile: [2, 3, 5] },
          targetSoulstoneUser: a % 2 === 1,
        },
        actor: me,
      };
    case 6:
      return { command: { type: 'damageFlip', profile: [1, 3, 4], fate: (a % 5) - 2, targetSoulstoneUser: a % 2 === 0 }, actor: me };
    case 7:
      return { command: { type: 'soulstoneDraw' }, actor: me };
    case 8:
      return { command: { type: 'setSoulstones', seat, count: 1 + (a % 3) }, actor: me };
    default:
      return a % 60 === 0 ? { command: { type: 'endGame' }, actor: me } : { command: { type: 'reflip' }, actor: me };
  }
}

interface Game {
  /** One command's events each (the start first). */
  batches: GameEvent[][];
  /** The state decide handed back after each batch. */
  states: GameState[];
}

/** A random game, played with decideAndEvolve (the app's path): its batches and the states decide handed back. */
function randomGame(seed: Uint8Array, intents: readonly Intent[]): Game {
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
  const first = decideAndEvolve(initialState, start, REF);
  if (!first.ok) throw new Error(first.error.code);
  const game: Game = { batches: [first.value.events], states: [first.value.state] };
  let state = first.value.state;
  for (const intent of intents) {
    if (state.status !== 'active') break;
    const { command, actor } = commandFor(state, intent);
    const r = decideAndEvolve(state, command, actor);
    if (!r.ok) continue;
    game.batches.push(r.value.events);
    game.states.push(r.value.state);
    state = r.value.state;
  }
  return game;
}

/** The log with an older engine's GameStarted (no `log` format). */
function oldStart(batches: readonly GameEvent[][]): GameEvent[][] {
  return batches.map((b) =>
    b.map((e) => {
      if (e.type !== 'GameStarted') return e;
      const { log: _log, ...old } = e;
      return old;
    }),
  );
}

/** The log as an older engine wrote it: no decision record, no `log` format in GameStarted. */
function legacy(batches: readonly GameEvent[][]): GameEvent[][] {
  return oldStart(batches).map((b) => b.filter((e) => !isDecisionRecord(e)));
}

const games = fc.tuple(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.array(fc.tuple(fc.nat(1000), fc.nat(1000), fc.boolean()), { minLength: 20, maxLength: 120 }));

describe('decisions as recorded facts', () => {
  it('random games: decide records the decision it stops at, at the end of the command; replay folds it without the procedure', () => {
    const reached = new Set<string>();
    fc.assert(
      fc.property(games, ([seed, intents]) => {
        const { batches, states } = randomGame(seed, intents);
        const log = batches.flat();
        batches.forEach((batch, i) => {
          // At most one record, the batch's last event.
          const records = batch.filter(isDecisionRecord);
          expect(records.length).toBeLessThanOrEqual(1);
          if (records.length === 1) expect(batch.at(-1)).toBe(records[0]);
          for (const r of records) reached.add(r.type);
          // The recorded decision is the procedure's, with the id of its record.
          const state = states[i] as GameState;
          if (state.status !== 'active') return;
          const recorded = pendingDecision(state);
          const open = openDecision(state);
          expect(recorded === null).toBe(open === null);
          if (recorded && open) {
            expect(sameDecision(open, recorded)).toBe(true);
            expect(recorded.id).toBe(`${recorded.kind}-${recorded.since}`);
          }
          // Its id changes exactly when a DecisionOpened is recorded.
          const before = i > 0 ? pendingDecision(states[i - 1] as GameState) : null;
          if (records[0]?.type === 'DecisionOpened') {
            expect(recorded?.id).not.toBe(before?.id);
            reached.add(before?.kind === recorded?.kind && before?.seat === recorded?.seat ? 'reopened' : 'opened');
          } else if (recorded) {
            expect(recorded.id).toBe(before?.id);
            reached.add('kept');
          }
        });

        // replay = what decide handed back, and folding never runs the procedure.
        const runs = procedureRuns();
        expect(runs).toBeGreaterThan(0); // decide did run it, through the counter
        expect(replay(log)).toEqual(states.at(-1));
        let state: GameState = initialState;
        for (const e of log) state = evolve(state, e);
        expect(state).toEqual(states.at(-1));
        expect(procedureRuns()).toBe(runs);

        // Without its records, a log leaves no decision pending: the decision comes from the events.
        const stripped = batches.map((b) => b.filter((e) => !isDecisionRecord(e)));
        let folded: GameState = initialState;
        for (const b of stripped) {
          for (const e of b) folded = evolve(folded, e);
          expect(pendingDecision(folded)).toBeNull();
        }
        expect(procedureRuns()).toBe(runs);
      }),
      { numRuns: 60 },
    );
    for (const wanted of ['DecisionOpened', 'DecisionClosed', 'opened', 'reopened', 'kept']) expect(reached, `random games never reached ${wanted}`).toContain(wanted);
  });

  it('a referee changing a pool while a cheat is pending records nothing: the cheat keeps its id', () => {
    const s = scenario({ decks: [['5R'], ['8C']], hands: [['13R'], ['13C']] }).do({ type: 'opposedDuel', attacker: 0, attackerStat: 5, defenderStat: 5 }, P0);
    // 5 + 5R = 10 against 5 + 8C = 13: the lower total cheats first (DUEL-4 C).
    const cheat = s.expectPending('cheat', 0);
    expect(s.lastAll.at(-1)).toEqual({ type: 'DecisionOpened', since: s.events.length, decision: { kind: 'cheat', seat: 0, slot: 'attacker', legal: ['13R'] } });
    const touched = s.do({ type: 'setSoulstones', seat: 0, count: 4 }, REF);
    expect(touched.lastAll).toEqual([{ type: 'SoulstonesSet', seat: 0, count: 4, by: REF.userId }]);
    expect(touched.pending).toEqual(cheat);
  });

  it('the last answer closes the decision; a re-flip reopens the same decision with a new id', () => {
    const s = scenario({ decks: [['5R', '9M'], []], hands: [['13R'], []] }).do({ type: 'flip', modifier: 0 }, P0);
    const cheat = s.expectPending('cheat', 0);
    const again = s.do({ type: 'reflip' }, P0);
    const reopened = again.expectPending('cheat', 0);
    expect(reopened.legal).toEqual(cheat.legal);
    expect(reopened.id).not.toBe(cheat.id);
    const done = again.answer('decline');
    expect(done.lastAll.at(-1)).toEqual({ type: 'DecisionClosed', id: reopened.id });
    expect(done.pending).toBeNull();
  });

  it('the records are events of the schema', () => {
    const s = scenario({ decks: [['5R'], []], hands: [['13R'], []] }).do({ type: 'flip', modifier: 0 }, P0);
    for (const e of [...s.lastAll, ...s.answer('decline').lastAll]) expect(eventSchema.parse(JSON.parse(JSON.stringify(e)))).toEqual(e);
  });
});

describe('the public form of a decision record', () => {
  const hidden = (e: GameEvent | undefined, hand: readonly string[]) => {
    if (e?.type !== 'DecisionOpened') throw new Error(`not a DecisionOpened: ${JSON.stringify(e)}`);
    const json = JSON.stringify(publicEvent(e));
    for (const c of hand) expect(json, `${e.decision.kind} shows ${c}`).not.toContain(`"${c}"`);
    expect(publicEvent(e)).toEqual({ type: 'DecisionOpened', since: e.since, decision: expect.not.objectContaining({ legal: expect.anything() }) });
    return publicEvent(e);
  };

  it('a cheat, a discard-down and a trigger cost name no hand card; whose decision and how many cards stay public', () => {
    const cheat = scenario({ decks: [['5R'], []], hands: [['13R', '2M'], []] }).do({ type: 'flip', modifier: 0 }, P0);
    expect(hidden(cheat.lastAll.at(-1), ['13R', '2M'])).toEqual({ type: 'DecisionOpened', since: cheat.events.length, decision: { kind: 'cheat', seat: 0, slot: 'main' } });

    const over = scenario({ hands: [['1R', '2R', '3R', '4R', '5R'], []], decks: [['6R', '7R', '8R'], []] }).do({ type: 'draw', count: 3 }, P0);
    expect(hidden(over.lastAll.at(-1), ['1R', '2R', '3R', '4R', '5R', '6R', '7R', '8R'])).toMatchObject({ decision: { kind: 'discardDown', seat: 0, count: 2 } });

    const duel = scenario({ decks: [['9M'], ['2T']], hands: [['3R', '4C'], []] })
      .do({ type: 'opposedDuel', attacker: 0, attackerStat: 5, defenderStat: 5, attackerTriggers: [{ name: 'Flurry', suits: ['M'], cost: { discard: 1 } }] }, P0)
      .answer('decline')
      .answer('Flurry');
    duel.expectPending('triggerCost', 0);
    expect(hidden(duel.lastAll.at(-1), ['3R', '4C'])).toMatchObject({ decision: { kind: 'triggerCost', trigger: 'Flurry', count: 1 } });
    // The public view never had the legal choices either.
    expect(JSON.stringify(publicView(duel.state))).not.toMatch(/"(3R|4C)"/);
  });

  it('choices that are public stay: the revealed cards of a pick', () => {
    const s = scenario({ decks: [['4M', '11T'], []] }).do({ type: 'flip', modifier: 1 }, P0);
    const e = s.lastAll.at(-1);
    expect(publicEvent(e!)).toEqual({ type: 'DecisionOpened', since: s.events.length, decision: { kind: 'pick', seat: 0, slot: 'main', legal: ['4M', '11T'] } });
    // No hand to cheat with (CHEAT-3f): the pick was the last decision.
    const closed = s.answer('11T').lastAll.at(-1)!;
    expect(closed.type).toBe('DecisionClosed');
    expect(publicEvent(closed)).toEqual(closed);
  });
});

describe('upcastLog: logs written before decisions were recorded', () => {
  it('recognises them by their GameStarted (no `log: 2`)', () => {
    const { batches } = randomGame(new Uint8Array(32).fill(7), [[1, 3, true]]);
    expect(isLegacyLog(batches.flat())).toBe(false);
    expect(isLegacyLog(legacy(batches).flat())).toBe(true);
    expect(isLegacyLog([])).toBe(false);
    // Only a GameStarted says which engine wrote the log: a log that does not begin with one is not an old one.
    expect(isLegacyLog(legacy(batches).flat().slice(1))).toBe(false);
  });

  it('an empty batch first does not hide an old log: the first batch with events says which engine wrote it', () => {
    const { batches, states } = randomGame(new Uint8Array(32).fill(7), [[1, 3, true], [2, 5, false], [4, 1, true]]);
    const upcast = upcastLog([[], ...legacy(batches)]);
    expect(upcast).toEqual([[], ...oldStart(batches)]);
    expect(replay(upcast.flat())).toEqual(states.at(-1));
  });

  it('their snapshots do not parse (decision: { key, since } instead of pending), so the app rebuilds them from the log', () => {
    const s = scenario({ decks: [['5R'], []], hands: [['13R'], []] }).do({ type: 'flip', modifier: 0 }, P0).active;
    const { pending: _pending, ...rest } = s;
    expect(stateSchema.safeParse({ ...rest, decision: { key: 'r0:cheat:0:main', since: 7 } }).success).toBe(false);
    expect(stateSchema.safeParse({ ...rest, decision: null }).success).toBe(false);
    expect(stateSchema.parse(JSON.parse(JSON.stringify(s)))).toEqual(s);
  });

  it('random games: the old log upcasts to the very log decide wrote, so it replays to the same state (ids included)', () => {
    fc.assert(
      fc.property(games, fc.nat(), ([seed, intents], cut) => {
        const { batches, states } = randomGame(seed, intents);
        const old = legacy(batches);
        const upcast = upcastLog(old);
        // The same log (the old GameStarted is kept as it was).
        expect(upcast).toEqual(oldStart(batches));
        expect(replay(upcast.flat())).toEqual(states.at(-1));
        // A game begun before the upgrade and continued after it: old batches first, then batches with their records.
        const k = cut % (batches.length + 1);
        const mixed = [...old.slice(0, k), ...oldStart(batches).slice(k)];
        expect(upcastLog(mixed)).toEqual(oldStart(batches));
        // Undo: the log without its last batches upcasts to the log of that moment.
        expect(replay(upcastLog(old.slice(0, k)).flat())).toEqual(k > 0 ? states[k - 1] : initialState);
        // Today's logs come back as they are.
        expect(upcastLog(batches)).toBe(batches);
      }),
      { numRuns: 40 },
    );
  });
});
