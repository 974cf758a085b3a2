/**
 * The whole game (issue 15's benchmarks), three measures:
 *
 *   1. a whole five-turn game's log, built with the engine (set-up, the inkwell crews, secret schemes,
 *      deployment, five turns of activations with duels between models, the table's decisions answered —
 *      a cheat now and then —, conditions), replayed by the system's `replay` against JSON.parse of the
 *      same log as stored (JSON.stringify of the events), interleaved, medians;
 *   2. `/flip` in turn 5 of a long game against `/flip` in a fresh one (turn 1), through the real bot on
 *      SQLite, its REST pointed at the Discord double: the bot's handler and its after() work (DMs, the
 *      living status message) timed apart, interleaved, medians; and the part of after() that reads the
 *      whole log (the status message's clock: listEvents, parseLog, decisionClock) timed alone;
 *   3. the REST calls a whole game played through the bot makes, the bot-token ones (what Discord counts
 *      under its global limit of 50 a second) by kind, apart from the interactions' own (responses,
 *      callbacks, edits through an interaction's token).
 *
 *   npx tsx bench/wholeGame.bench.ts [--quick]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { REST } from '@discordjs/rest';
import * as table from '../src/systems/malifaux-table/engine/index.js';
import { malifauxGame } from '../src/systems/malifaux-game/index.js';
import { inkwellTable } from '../src/systems/malifaux-game/crews/fixtures.js';
import { parseCrewList, type ModelProfile, type ParsedCrew } from '../src/systems/malifaux-game/crews/index.js';
import { decide, initialState, pendingDecisions, type Actor } from '../src/systems/malifaux-game/engine/game.js';
import { wholeStateSchema, type WholeCommand, type WholeEvent, type WholeState } from '../src/systems/malifaux-game/engine/schema.js';
import { checkSchemeChoice, SCHEME_PICKS } from '../src/systems/malifaux-game/engine/schemes.js';
import { schemeById } from '../src/systems/malifaux-game/engine/encounterPacks.js';
import { modelLabel } from '../src/systems/malifaux-game/engine/play.js';
import type { Seat } from '../src/systems/malifaux-game/engine/setup.js';
import { parseLog } from '../src/app/games.js';
import { decisionClock } from '../src/app/status.js';
import { buildBot } from '../src/discord/bot.js';
import type { Logger } from '../src/app/services.js';
import type { InteractionHandler } from '../src/discord/contract.js';
import { createInteractionsServer, listen } from '../src/discord/http.js';
import { createRest } from '../src/discord/outbox.js';
import { openStore } from '../src/store/open.js';
import type { GameStore } from '../src/store/contract.js';
import { startDiscordDouble, type DeliveryResult, type DiscordDouble, type DoubleMessage, type OptionValue } from '../src/discord-double/index.js';
import { registerCommands } from '../scripts/register.js';
import { fmt, median, printTable, round, type Row } from './stats.js';

// ---------------------------------------------------------------------------------------------------
// 1. The engine's whole game, and its replay.

const SEED = 'feed'.repeat(16);
const ACTORS: [Actor, Actor] = [
  { userId: 'u-alice', seat: 0, referee: false },
  { userId: 'u-bob', seat: 1, referee: false },
];

function crew(text: string): ParsedCrew {
  const parsed = parseCrewList(`(Arcanists)\n${text}`, inkwellTable);
  if (!parsed.ok) throw new Error(parsed.error.code);
  return parsed.value;
}

/** A plain answer to the table's decision `d`, varied by `n`: a cheat one time in three, a soulstone one in two. */
function tableAnswer(d: table.PendingDecision, n: number): string | string[] {
  const choices = table.decisionChoices(d);
  switch (d.kind) {
    case 'discardDown':
      return choices.slice(0, d.count);
    case 'cheat':
      return n % 3 === 0 && d.legal.length > 0 ? d.legal[n % d.legal.length]! : table.DECLINE;
    case 'trigger':
      return n % 2 === 0 && choices.length > 1 ? choices.find((c) => c !== table.NO_TRIGGER)! : table.NO_TRIGGER;
    case 'soulstone':
      return n % 2 === 0 && choices.includes('plus') ? 'plus' : 'none';
    default:
      return choices.find((c) => c === 'none' || c === 'false' || c === 'no') ?? choices[0]!;
  }
}

class EngineGame {
  state: WholeState = initialState;
  readonly log: WholeEvent[] = [];
  private answers = 0;

  /** Applies `command`; false if the engine refused it (nothing changed). */
  tryCommand(command: WholeCommand, seat: Seat): boolean {
    const decided = decide(this.state, command, ACTORS[seat]);
    if (!decided.ok) return false;
    this.log.push(...decided.value.events);
    this.state = decided.value.state;
    this.answerCards();
    return true;
  }

  send(command: WholeCommand, seat: Seat): void {
    if (!this.tryCommand(command, seat)) throw new Error(`${command.type} by seat ${seat} refused: ${JSON.stringify(decide(this.state, command, ACTORS[seat]))}`);
  }

  private answerCards(): void {
    for (let guard = 0; guard < 40; guard++) {
      const d = table.pendingDecision(this.state.table);
      if (!d) return;
      const command = table.commandForChoice(d, tableAnswer(d, this.answers++));
      if (!command) throw new Error(`no answer for ${d.kind}`);
      const decided = decide(this.state, command, ACTORS[d.seat]);
      if (!decided.ok) throw new Error(`answer to ${d.kind} refused: ${JSON.stringify(decided.error)}`);
      this.log.push(...decided.value.events);
      this.state = decided.value.state;
    }
    throw new Error('the table kept asking');
  }

  get game() {
    return this.state.game!;
  }
  get turn() {
    return this.game.turn!;
  }
}

/**
 * A whole game of five turns through `decide`, the way wholeGame.test.ts scripts it: every model
 * activates each turn and takes its actions; about one activation in three attacks an enemy model in a
 * duel between models (Ml 6–8 against Df, damage 2/3/4), one in five gives an enemy Burning or Slow.
 */
export function buildWholeGameLog(): { events: WholeEvent[]; state: WholeState } {
  const g = new EngineGame();
  g.send({ type: 'startWholeGame', gameId: 'bench-whole', seats: [{ userId: 'u-alice', name: 'Alice' }, { userId: 'u-bob', name: 'Bob' }], seed: SEED, createdBy: 'u-alice', options: { pack: 'core', encounterSize: 50 } }, 0);
  g.send({ type: 'declareCrew', crew: crew('Leader:\n  Ada Quill\nTotem(s):\n  Blotter\nHires:\n  Scribe Major\n  Press Golem\n  Quill Knight\n  Ink Sprite\n  Page\n'), profiles: inkwellTable }, 0);
  g.send({ type: 'declareCrew', crew: crew('Leader:\n  Scribe Major\nHires:\n  Press Golem\n  Quill Knight\n  Ink Sprite\n  Page\n  Page\n  Furnace Hand\n'), profiles: inkwellTable }, 1);
  for (const seat of [0, 1] as const) {
    const picked = schemePick(g.state, seat);
    if (!picked) throw new Error(`no scheme pair for seat ${seat}`);
    g.send({ type: 'chooseSchemes', choice: picked.choice }, seat);
  }
  const attacker = g.game.encounter!.attacker;
  for (const seat of [attacker, attacker === 0 ? 1 : 0, attacker] as Seat[]) g.send({ type: 'deployed' }, seat);

  let activation = 0;
  for (let guard = 0; guard < 2000 && g.game.stage !== 'over'; guard++) {
    const d = pendingDecisions(g.state)[0];
    if (!d) throw new Error('nobody to decide while the game runs');
    const seat = d.seat as Seat;
    if (d.kind.startsWith('start-')) g.send({ type: 'startStepDone' }, seat);
    else if (d.kind === 'initiative-flip') g.send({ type: 'flipInitiative' }, seat);
    else if (d.kind === 'initiative-choice') g.send({ type: 'chooseInitiative', holder: g.turn.chooser! }, seat);
    else if (d.kind === 'activate-or-pass') {
      const next = g.game.models.find((m) => m.controller === seat && !m.activated && (m.status === 'in-play' || m.status === 'buried'))!;
      g.send({ type: 'activate', model: next.id }, seat);
      activation++;
      const acting = g.game.models.find((m) => m.id === next.id)!;
      for (let action = 0; acting.status === 'in-play' && action < 2; action++) {
        if (!g.tryCommand({ type: 'takeAction' }, seat)) break;
        const target = g.game.models.find((m) => m.controller !== seat && m.status === 'in-play');
        if (target && (activation + action) % 3 === 0) {
          g.send({ type: 'modelDuel', attacker: acting.id, target: target.id, stat: 6 + (activation % 3), resist: 'df', damage: { profile: [2, 3, 4] } }, seat);
        } else if (target && (activation + action) % 5 === 1) {
          g.send({ type: 'changeCondition', model: target.id, condition: activation % 2 ? 'burning' : 'slow', change: 1 }, seat);
        }
      }
      if (g.turn.activating) g.send({ type: 'endActivation' }, seat);
    } else if (d.kind === 'action') g.send({ type: 'endActivation' }, seat);
    else if (d.kind === 'end-phase-scoring') g.send({ type: 'scoringDone' }, seat);
    else throw new Error(`unexpected decision ${d.kind}`);
  }
  if (g.game.stage !== 'over') throw new Error('the whole game did not end');
  return { events: g.log, state: g.state };
}

/**
 * The first pair of schemes from the encounter's pool (with models for those that name some) the rules
 * accept for `seat`: as the engine's choice, and as /schemes' options (scheme numbers, model labels).
 */
function schemePick(state: WholeState, seat: Seat): { choice: never; options: Record<string, string | number> } | null {
  const g = state.game!;
  const pool = g.encounter!.encounter.schemes;
  const models = g.models.map((m) => ({ id: m.id, seat: m.seat, station: m.station, cost: m.cost ?? 0, leader: m.leader, totem: m.totemOf !== null, name: m.name }));
  const candidates: string[][] = [[], ...g.models.map((m) => [m.id])];
  const seatOf = (id: string) => g.models.find((m) => m.id === id)?.seat;
  const pick = (scheme: string, ids: string[]) => {
    const rule = SCHEME_PICKS[scheme as keyof typeof SCHEME_PICKS];
    return { scheme, friendly: ids.filter((id) => seatOf(id) === seat), enemy: ids.filter((id) => seatOf(id) !== seat), markerType: rule.markerType ? 'Scheme' : null, terrain: rule.terrain ? 'Ruins' : null };
  };
  const label = (ids: string[]) => ids.map((id) => modelLabel({ id })).join(', ');
  for (let i = 0; i < pool.length; i++) {
    for (let j = i + 1; j < pool.length; j++) {
      for (const first of candidates) {
        for (const second of candidates) {
          const choice = [pick(pool[i]!, first), pick(pool[j]!, second)] as never;
          if (!checkSchemeChoice(pool, choice, seat, models).ok) continue;
          const options: Record<string, string | number> = { first: schemeById(pool[i]!)!.number, second: schemeById(pool[j]!)!.number, marker: 'Scheme', terrain: 'Ruins' };
          if (first.length) options.first_models = label(first);
          if (second.length) options.second_models = label(second);
          return { choice, options };
        }
      }
    }
  }
  return null;
}

export interface WholeGameReplayBench {
  events: number;
  eventTypes: number;
  logBytes: number;
  duels: number;
  replayMs: number;
  jsonParseMs: number;
  ratio: number;
  runs: number;
}

export function benchWholeGameReplay(options: { runs?: number; warmup?: number } = {}): WholeGameReplayBench {
  const { events, state } = buildWholeGameLog();
  const text = JSON.stringify(events);
  if (JSON.stringify(malifauxGame.replay(events)) !== JSON.stringify(state)) throw new Error('replay differs from the state decide reached');
  const runs = options.runs ?? 60;
  const warmup = options.warmup ?? 10;
  let sink = 0;
  const replayOnce = () => {
    const t = performance.now();
    const s = malifauxGame.replay(events);
    const ms = performance.now() - t;
    sink += s.game?.models.length ?? 0;
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
  for (let i = 0; i < runs; i++) {
    if (i % 2 === 0) {
      replayTimes.push(replayOnce());
      parseTimes.push(parseOnce());
    } else {
      parseTimes.push(parseOnce());
      replayTimes.push(replayOnce());
    }
  }
  if (sink === 0) throw new Error('replay produced nothing');
  const replayMs = median(replayTimes);
  const jsonParseMs = median(parseTimes);
  return {
    events: events.length,
    eventTypes: new Set(events.map((e) => e.type)).size,
    logBytes: text.length,
    duels: events.filter((e) => e.type === 'ModelDuelStarted').length,
    replayMs: round(replayMs, 3),
    jsonParseMs: round(jsonParseMs, 3),
    ratio: round(replayMs / jsonParseMs, 2),
    runs,
  };
}
