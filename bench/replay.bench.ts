/**
 * Replaying a long event log: a realistic game of `targetEvents` events (draws, flips with picks and
 * cheats, simple and opposed duels with soulstones, triggers and damage, hand-limit discards, from both
 * seats) built with the engine itself, then `replay(events)` timed against JSON.parse of the same log
 * (what loading it from the store costs at the very least), interleaved, as medians.
 */
import * as engine from '../src/systems/malifaux-table/engine/index.js';
import { z } from 'zod';
import { malifauxTable } from '../src/systems/malifaux-table/index.js';
import { median, round } from './stats.js';

const SEATS = [
  { userId: 'u-alice', name: 'Alice' },
  { userId: 'u-bob', name: 'Bob' },
] as const;

function seatActor(seat: engine.Seat): engine.Actor {
  return { userId: SEATS[seat].userId, seat, referee: false };
}

/** Answers whatever is pending, varying the answers with a counter so the log sees every branch. */
function answer(d: engine.PendingDecision, n: number): string | string[] {
  const choices = engine.decisionChoices(d);
  switch (d.kind) {
    case 'discardDown':
      return d.legal.slice(0, d.count);
    case 'cheat':
      return n % 3 === 0 && d.legal.length > 0 ? d.legal[n % d.legal.length]! : engine.DECLINE;
    case 'soulstone':
      return n % 2 === 0 && choices.includes('plus') ? 'plus' : 'none';
    case 'yield':
      return 'fight';
    default:
      return choices[n % choices.length]!;
  }
}

/** A game log of at least `targetEvents` events (cut to exactly that many; a prefix replays fine). */
export function buildLog(targetEvents = 2000): engine.GameEvent[] {
  const events: engine.GameEvent[] = [];
  let state: engine.GameState = engine.initialState;
  let n = 0;
  const run = (command: engine.Command, who: engine.Actor): boolean => {
    const decided = engine.decide(state, command, who);
    if (!decided.ok) return false;
    for (const e of decided.value) state = engine.evolve(state, e);
    events.push(...decided.value);
    // Answer decisions until the table is idle again.
    for (let d = engine.pendingDecision(state), guard = 0; d && guard < 40; d = engine.pendingDecision(state), guard++) {
      const command = engine.commandForChoice(d, answer(d, n++));
      if (!command) throw new Error(`no answer for ${d.kind}`);
      const next = engine.decide(state, command, seatActor(d.seat));
      if (!next.ok) throw new Error(`${command.type} refused: ${JSON.stringify(next.error)}`);
      for (const e of next.value) state = engine.evolve(state, e);
      events.push(...next.value);
    }
    return true;
  };

  run({ type: 'startGame', gameId: 'replay-bench', system: 'm3e', seats: [SEATS[0], SEATS[1]], seed: 'c0ffee'.repeat(10) + 'c0ff', createdBy: SEATS[0].userId }, { userId: SEATS[0].userId, seat: null, referee: true });
  run({ type: 'setSoulstones', seat: 0, count: 8 }, seatActor(0));
  run({ type: 'setSoulstones', seat: 1, count: 8 }, seatActor(1));

  const triggers = [
    { name: 'Critical Strike', suits: ['R' as const] },
    { name: 'Onslaught', suits: ['M' as const] },
    { name: 'Hamstring', suits: ['C' as const] },
  ];
  for (let turn = 0; events.length < targetEvents; turn++) {
    if (turn > 10_000) throw new Error('log did not grow');
    const seat = (turn % 2) as engine.Seat;
    const other = (1 - seat) as engine.Seat;
    const who = seatActor(seat);
    switch (turn % 7) {
      case 0:
        run({ type: 'draw', count: 2 + (turn % 3) }, who);
        break;
      case 1:
      case 4:
        run({ type: 'flip', modifier: (turn % 5) - 2, label: 'initiative' }, who);
        break;
      case 2:
        run({ type: 'opposedDuel', attacker: seat, defender: other, attackerStat: 5 + (turn % 3), defenderStat: 5, attackerFate: turn % 2, attackerSoulstoneUser: true, defenderSoulstoneUser: turn % 4 === 0, attackerTriggers: triggers, damage: { profile: [2, 3, 4] } }, who);
        break;
      case 3:
        run({ type: 'simpleDuel', stat: 5, tn: 12, fate: (turn % 3) - 1, soulstoneUser: true, triggers: triggers.slice(0, 2), damage: { profile: [1, 2, 3] } }, who);
        break;
      case 5:
        run({ type: 'damageFlip', target: other, profile: [2, 3, 4] } as engine.Command, who);
        break;
      case 6:
        if (turn % 21 === 6) run({ type: 'setSoulstones', seat, count: 8 }, who);
        else run({ type: 'draw', count: 1 }, who);
        break;
    }
  }
  return events.slice(0, targetEvents);
}

export interface ReplayBench {
  events: number;
  eventTypes: number;
  logBytes: number;
  replayMs: number;
  jsonParseMs: number;
  ratio: number;
  /** The load path when a snapshot is not trusted: JSON.parse, every event through the system's schema, then replay. */
  loadMs: number;
  loadRatio: number;
  runs: number;
}

export function benchReplay(options: { events?: number; runs?: number; warmup?: number } = {}): ReplayBench {
  const log = buildLog(options.events ?? 2000);
  const text = JSON.stringify(log);
  const runs = options.runs ?? 60;
  const warmup = options.warmup ?? 10;
  // Keep the results alive so nothing is optimised away.
  let sink = 0;
  const replayOnce = () => {
    const t = performance.now();
    const s = engine.replay(log);
    const ms = performance.now() - t;
    sink += s.status === 'active' ? s.eventCount : 0;
    return ms;
  };
  const events = z.array(malifauxTable.schemas.event);
  const loadOnce = () => {
    const t = performance.now();
    const s = malifauxTable.replay(events.parse(JSON.parse(text)));
    const ms = performance.now() - t;
    sink += s.status === 'active' ? s.eventCount : 0;
    return ms;
  };
  const parseOnce = () => {
    const t = performance.now();
    const parsed = JSON.parse(text) as unknown[];
    const ms = performance.now() - t;
    sink += parsed.length;
    return ms;
  };
  for (let i = 0; i < warmup; i++) {
    replayOnce();
    parseOnce();
  }
  const replayTimes: number[] = [];
  const parseTimes: number[] = [];
  const loadTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    if (i % 2 === 0) {
      replayTimes.push(replayOnce());
      parseTimes.push(parseOnce());
    } else {
      parseTimes.push(parseOnce());
      replayTimes.push(replayOnce());
    }
    loadTimes.push(loadOnce());
  }
  if (sink === 0) throw new Error('replay produced nothing');
  const replayMs = median(replayTimes);
  const jsonParseMs = median(parseTimes);
  return {
    events: log.length,
    eventTypes: new Set(log.map((e) => e.type)).size,
    logBytes: text.length,
    replayMs: round(replayMs, 3),
    jsonParseMs: round(jsonParseMs, 3),
    ratio: round(replayMs / jsonParseMs, 2),
    loadMs: round(median(loadTimes), 3),
    loadRatio: round(median(loadTimes) / jsonParseMs, 2),
    runs,
  };
}
