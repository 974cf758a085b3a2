/**
 * Test helpers (used by the *.test.ts files only): stacked-deck fixtures and the decider style
 * `given(events).when(command, actor).then(events)` / `.thenError(code, rule)`.
 *
 * Fixtures are plain event lists: a GameStarted and two DeckShuffled events whose orders we choose, then
 * CardsDrawn / SoulstonesSet to put cards in hands and stones in pools.
 */
import { expect } from 'vitest';
import type { CardCode } from './cards.js';
import { freshDeck } from './cards.js';
import type { Result, RuleError } from './errors.js';
import type { ActiveState, Command, GameEvent, GameOptions, GameState, Seat } from './schema.js';
import type { Actor } from './game.js';
import { decide, replay } from './game.js';
import type { PendingDecision } from './decisions.js';
import { DecisionRecorder, commandForChoice, isDecisionRecord, openDecision, pendingDecision } from './decisions.js';
import { seedCommitment } from './rng.js';
import { LOG_FORMAT } from './schema.js';

export const SEED = '0123456789abcdef'.repeat(4);
export const P0: Actor = { userId: 'alice', seat: 0, referee: false };
export const P1: Actor = { userId: 'bob', seat: 1, referee: false };
export const REF: Actor = { userId: 'judge', seat: null, referee: true };
export const STRANGER: Actor = { userId: 'eve', seat: null, referee: false };
export const actorOf = (seat: Seat): Actor => (seat === 0 ? P0 : P1);

export interface Fixture {
  /** Cards on top of each deck once the hands are drawn, in order. */
  decks?: [CardCode[], CardCode[]];
  hands?: [CardCode[], CardCode[]];
  soulstones?: [number, number];
  options?: Partial<GameOptions>;
}

/** A deck whose first cards are `top`, then the rest in fresh-deck order. */
export function stackedDeck(top: readonly CardCode[]): CardCode[] {
  return [...top, ...freshDeck().filter((c) => !top.includes(c))];
}

export function startCommand(): Command {
  return {
    type: 'startGame',
    gameId: 'g1',
    system: 'm3e',
    seats: [
      { userId: P0.userId, name: 'Alice' },
      { userId: P1.userId, name: 'Bob' },
    ],
    seed: SEED,
    createdBy: P0.userId,
  };
}

export function setup(f: Fixture = {}): GameEvent[] {
  const hands = f.hands ?? [[], []];
  const decks = f.decks ?? [[], []];
  const events: GameEvent[] = [
    {
      type: 'GameStarted',
      gameId: 'g1',
      system: 'm3e',
      seats: [
        { userId: P0.userId, name: 'Alice' },
        { userId: P1.userId, name: 'Bob' },
      ],
      createdBy: P0.userId,
      options: { handLimit: 6, preventAndReduce: false, ...f.options },
      seed: SEED,
      seedCommitment: seedCommitment(SEED),
      log: LOG_FORMAT,
    },
  ];
  for (const seat of [0, 1] as const) {
    events.push({ type: 'DeckShuffled', seat, index: 0, reason: 'setup', order: stackedDeck([...hands[seat], ...decks[seat]]), cut: 0 });
  }
  for (const seat of [0, 1] as const) if (hands[seat].length > 0) events.push({ type: 'CardsDrawn', seat, cards: [...hands[seat]] });
  for (const seat of [0, 1] as const) {
    const count = f.soulstones?.[seat] ?? 0;
    if (count > 0) events.push({ type: 'SoulstonesSet', seat, count, by: 'fixture' });
  }
  return fixtureLog(events);
}

/**
 * A hand-made log as decide would have left it: the decision the procedure stops at, at its end, is
 * recorded (DecisionOpened / DecisionClosed), since evolve no longer finds it by itself. A log decide
 * produced comes back as it is.
 */
export function fixtureLog(events: readonly GameEvent[]): GameEvent[] {
  const state = replay(events);
  if (state.status !== 'active') return [...events];
  const record = new DecisionRecorder(state.pending).record(state, openDecision(state));
  return record ? [...events, record] : [...events];
}

export class Scenario {
  readonly state: GameState;
  readonly events: readonly GameEvent[];
  /** The events of the last command, without its decision record (DecisionOpened / DecisionClosed): what happened at the table. */
  readonly last: readonly GameEvent[];
  /**
   * `events`: a log, completed by fixtureLog when hand-made. `lastAll`: the last command's events, all of
   * them (`decided`: the log is decide's own, taken as it is).
   */
  constructor(
    events: readonly GameEvent[],
    readonly lastAll: readonly GameEvent[] = [],
    decided = false,
  ) {
    this.events = decided ? events : fixtureLog(events);
    this.last = lastAll.filter((e) => !isDecisionRecord(e));
    this.state = replay(this.events);
  }

  get active(): ActiveState {
    if (this.state.status !== 'active') throw new Error(`game is ${this.state.status}`);
    return this.state;
  }

  get pending(): PendingDecision | null {
    return pendingDecision(this.state);
  }

  decide(command: Command, actor: Actor): Result<GameEvent[], RuleError> {
    return decide(this.state, command, actor);
  }

  /** Applies a command that must succeed. */
  do(command: Command, actor: Actor): Scenario {
    const r = this.decide(command, actor);
    if (!r.ok) throw new Error(`${command.type} refused: ${JSON.stringify(r.error)}`);
    return new Scenario([...this.events, ...r.value], r.value, true);
  }

  /** Answers the pending decision with a choice token (see decisionChoices), as its seat. */
  answer(choice: string | string[]): Scenario {
    const d = this.pending;
    if (!d) throw new Error('no pending decision');
    const cmd = commandForChoice(d, choice);
    if (!cmd) throw new Error(`${JSON.stringify(choice)} is not a choice of ${d.kind}`);
    return this.do(cmd, actorOf(d.seat));
  }

  /** Answers decisions of the given kinds with fixed tokens until none of them is pending. */
  answerAll(choices: Partial<Record<PendingDecision['kind'], string>>): Scenario {
    let s: Scenario = this;
    for (let i = 0; i < 50; i++) {
      const d = s.pending;
      if (!d) return s;
      const c = choices[d.kind];
      if (c === undefined) return s;
      s = s.answer(c);
    }
    return s;
  }

  lastOf<T extends GameEvent['type']>(type: T): Extract<GameEvent, { type: T }> | undefined {
    const found = [...this.events].reverse().find((e) => e.type === type);
    return found as Extract<GameEvent, { type: T }> | undefined;
  }

  expectPending(kind: PendingDecision['kind'], seat: Seat): PendingDecision {
    const d = this.pending;
    expect(d, `expected a ${kind} decision for seat ${seat}`).not.toBeNull();
    expect({ kind: d?.kind, seat: d?.seat }).toEqual({ kind, seat });
    return d as PendingDecision;
  }
}

/** A partial event for matching: every field optional, at any depth, except the type. */
export type DeepPartial<T> = T extends readonly (infer U)[] ? DeepPartial<U>[] : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;
export type EventMatch = DeepPartial<GameEvent> & { type: GameEvent['type'] };

export function scenario(f: Fixture = {}): Scenario {
  return new Scenario(setup(f));
}

/** Decider style: given(events).when(command, actor).then(events) / .thenError(code, rule). */
export function given(events: readonly GameEvent[] | Scenario) {
  const state: GameState = events instanceof Scenario ? events.state : replay(fixtureLog(events));
  return {
    state,
    when(command: Command, actor: Actor) {
      const result = decide(state, command, actor);
      return {
        result,
        /**
         * The command's events, in order, each matching the partial event given (same length), its
         * decision record aside (DecisionOpened / DecisionClosed: list them with thenIncludes).
         */
        then(expected: readonly EventMatch[]): GameEvent[] {
          if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.error)}`);
          const happened = result.value.filter((e) => !isDecisionRecord(e));
          expect(happened.map((e) => e.type)).toEqual(expected.map((e) => e.type));
          expect(happened).toMatchObject(expected);
          return result.value;
        },
        /** The listed partial events appear in this order among the command's events. */
        thenIncludes(expected: readonly EventMatch[]): GameEvent[] {
          if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.error)}`);
          let i = 0;
          for (const want of expected) {
            while (i < result.value.length && !matches(result.value[i] as GameEvent, want)) i++;
            expect(i < result.value.length, `missing ${JSON.stringify(want)} in ${JSON.stringify(result.value.map((e) => e.type))}`).toBe(true);
            i++;
          }
          return result.value;
        },
        thenError(code: RuleError['code'], rule?: string): RuleError {
          expect(result.ok, `expected ${code}`).toBe(false);
          const error = (result as { ok: false; error: RuleError }).error;
          expect(error.code).toBe(code);
          if (rule !== undefined) expect(error.rule).toBe(rule);
          return error;
        },
      };
    },
  };
}

function matches(actual: GameEvent, want: object): boolean {
  try {
    expect(actual).toMatchObject(want);
    return true;
  } catch {
    return false;
  }
}

export type { GameState };
