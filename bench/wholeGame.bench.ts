/**
 * The whole game (issue 15's benchmarks), three measures:
 *
 *   1. a whole five-turn game's log, built with the engine (set-up, the inkwell crews, secret schemes,
 *      deployment, five turns of activations with duels between models, the table's decisions answered —
 *      a cheat now and then —, conditions), replayed by the system's `replay` against JSON.parse of the
 *      same log as stored (JSON.stringify of the events), interleaved, medians;
 *   2. `/flip` in turn 5 of a long game against `/flip` in a fresh one (turn 1), through the real bot on
 *      SQLite, its REST pointed at the Discord double: the bot's handler and its after() work (DMs, the
 *      living status message) timed apart, interleaved, medians (the status message's clock is kept beside
 *      it, not read from the log, since this benchmark showed that reading grow with the game);
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
import { arcanistCrew, cardForm, inkwellTable } from '../src/systems/malifaux-game/crews/fixtures.js';
import { decide, initialState, pendingDecisions, type Actor } from '../src/systems/malifaux-game/engine/game.js';
import { wholeStateSchema, type WholeCommand, type WholeEvent, type WholeState } from '../src/systems/malifaux-game/engine/schema.js';
import { checkSchemeChoice, SCHEME_PICKS } from '../src/systems/malifaux-game/engine/schemes.js';
import { schemeById } from '../src/systems/malifaux-game/engine/encounterPacks.js';
import { modelLabel } from '../src/systems/malifaux-game/engine/play.js';
import type { Seat } from '../src/systems/malifaux-game/engine/setup.js';
import { buildBot } from '../src/discord/bot.js';
import { REMINDER_AT, WARNING_AT } from '../src/app/awaiting.js';
import type { Logger } from '../src/app/services.js';
import type { InteractionHandler } from '../src/discord/contract.js';
import { createInteractionsServer, listen } from '../src/discord/http.js';
import { createRest } from '../src/discord/outbox.js';
import { openStore } from '../src/store/open.js';
import type { GameStore } from '../src/store/contract.js';
import { startDiscordDouble, type DeliveryResult, type DiscordDouble, type DoubleMessage, type OptionValue } from '../src/discord-double/index.js';
import { registerCommands } from '../scripts/register.js';
import { componentsOf, latestDecisionMessage, locateChoice } from '../test/support/app.js';
import { fmt, interleavedMedians, median, printTable, round, type Row } from './stats.js';

// ---------------------------------------------------------------------------------------------------
// 1. The engine's whole game, and its replay.

const SEED = 'feed'.repeat(16);
const ACTORS: [Actor, Actor] = [
  { userId: 'u-alice', seat: 0, referee: false },
  { userId: 'u-bob', seat: 1, referee: false },
];

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
  g.send({ type: 'declareCrew', crew: arcanistCrew('Leader:\n  Ada Quill\nTotem(s):\n  Blotter\nHires:\n  Scribe Major\n  Press Golem\n  Quill Knight\n  Ink Sprite\n  Page\n'), profiles: inkwellTable }, 0);
  g.send({ type: 'declareCrew', crew: arcanistCrew('Leader:\n  Scribe Major\nHires:\n  Press Golem\n  Quill Knight\n  Ink Sprite\n  Page\n  Page\n  Furnace Hand\n'), profiles: inkwellTable }, 1);
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
    else if (d.kind === 'score-confirm') g.send({ type: 'confirmClaim' }, seat);
    else if (d.kind.startsWith('score-')) g.send({ type: 'scoringDone' }, seat);
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
  const [replayMs, jsonParseMs] = interleavedMedians(replayOnce, parseOnce, runs, warmup);
  if (sink === 0) throw new Error('replay produced nothing');
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

// ---------------------------------------------------------------------------------------------------
// The real bot on SQLite, its REST pointed at the Discord double, each handler and after() timed.

const ALICE_LIST = 'Ada Quill (Arcanists)\nLeader:\n  Ada Quill\nTotem(s):\n  Blotter\nHires:\n  Scribe Major\n  Press Golem\n  Page\n';
const BOB_LIST = 'Scribes (Arcanists)\nLeader:\n  Scribe Major\nHires:\n  Quill Knight\n  Ink Sprite\n  Page\n';
const CARDS = ['Ada Quill', 'Blotter', 'Scribe Major', 'Press Golem', 'Page', 'Quill Knight', 'Ink Sprite'];
const BOT_SEED = 'beef'.repeat(16);

interface Timing {
  handlerMs: number;
  afterMs: number;
  /** REST calls the interaction caused (set by the /flip driver only). */
  restCalls?: number;
}

/** The bot behind its signed endpoint, delivered to by the double; every handler and after() timed. */
class BotHarness {
  readonly timings = new Map<string, Timing>();
  private readonly inFlight = new Set<Promise<void>>();
  restWaits = 0;
  /** How far the bot's clock is ahead of the machine's: slow players, without waiting for them. */
  skewMs = 0;
  /** Interactions sent so far (commands, clicks, modals). */
  sent = 0;
  loggedErrors: string[] = [];

  private constructor(
    readonly double: DiscordDouble,
    readonly store: GameStore,
    readonly rest: REST,
    /** The reminders of slow games (turn clocks), run a pass at a time on the bot's clock. */
    readonly reminders: { tick(): Promise<number> },
    private readonly cleanup: () => Promise<void>,
  ) {}

  static async start(double: DiscordDouble): Promise<BotHarness> {
    const tempDir = mkdtempSync(path.join(os.tmpdir(), 'fatekeeper-bench-whole-'));
    let harness!: BotHarness;
    const clock = () => Date.now() + (harness?.skewMs ?? 0);
    // The store stamps when each decision opened, and its timers, on its own clock: it must be the bot's,
    // or every decision after the first skew would open already past its reminder (a catch-up, not a slow player).
    const store = await openStore(`file:${path.join(tempDir, 'bench.db')}`, { now: () => new Date(clock()) });
    const rest = createRest({ token: double.botToken, apiBase: double.apiBase });
    const previousDelivery = double.delivery;
    const log: Logger = { info: () => undefined, warn: (m) => void harness.loggedErrors.push(`[warn] ${m}`), error: (m) => void harness.loggedErrors.push(`[error] ${m}`) };
    const bot = buildBot({ store, rest, applicationId: double.applicationId, log, newSeed: () => BOT_SEED, clock });
    await bot.warmedUp;
    const handler: InteractionHandler = async (interaction) => {
      const t = performance.now();
      const reply = await bot.handler(interaction);
      const timing: Timing = { handlerMs: performance.now() - t, afterMs: 0 };
      harness.timings.set(interaction.id, timing);
      if (!reply.after) return reply;
      const original = reply.after;
      let done!: () => void;
      const finished = new Promise<void>((resolve) => (done = resolve));
      harness.inFlight.add(finished);
      return {
        ...reply,
        after: async () => {
          const t2 = performance.now();
          try {
            await original();
          } finally {
            timing.afterMs = performance.now() - t2;
            harness.inFlight.delete(finished);
            done();
          }
        },
      };
    };
    const server = createInteractionsServer({ publicKey: double.publicKey, handler, rest, log: (m, e) => void harness.loggedErrors.push(`[transport] ${m} ${String(e ?? '')}`) });
    const port = await listen(server, 0);
    double.setDelivery({ mode: 'http', interactionsUrl: `http://127.0.0.1:${port}/interactions` });
    const onRateLimited = () => void harness.restWaits++;
    rest.on('rateLimited', onRateLimited);
    harness = new BotHarness(double, store, rest, bot.reminders, async () => {
      rest.off('rateLimited', onRateLimited);
      double.setDelivery(previousDelivery);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rest.clearHashSweeper();
      rest.clearHandlerSweeper();
      await store.close();
      rmSync(tempDir, { recursive: true, force: true });
    });
    // The double's client checks commands against the registered definitions, as Discord's does.
    await registerCommands(rest, double.applicationId, double.fixtures.guild.id);
    return harness;
  }

  /** Waits until every after() the bot started has finished. */
  async settle(): Promise<void> {
    for (let guard = 0; this.inFlight.size > 0; guard++) {
      if (guard > 100) throw new Error('the bot never became idle');
      await Promise.race([Promise.all([...this.inFlight]), new Promise((_, reject) => setTimeout(() => reject(new Error('after() did not finish in 20 s')), 20_000).unref())]);
    }
  }

  private checked(what: string, result: DeliveryResult): DeliveryResult {
    if (!result.ok) throw new Error(`${what}: ${result.error ?? 'not delivered'}`);
    const flags = (result.interaction?.response?.data?.flags as number | undefined) ?? 0;
    const content = String(result.interaction?.response?.data?.content ?? '');
    // A refusal is an ephemeral message; some successes are too (a DM select's note), so only what says so.
    if ((flags & 64) !== 0 && /not |can't|cannot|refus|unknown|no such/i.test(content) && !/updated/i.test(content)) throw new Error(`${what} refused: ${content.slice(0, 200)}`);
    return result;
  }

  async command(userId: string, channelId: string, name: string, options: Record<string, OptionValue> = {}): Promise<DeliveryResult> {
    this.sent++;
    const result = this.checked(`/${name}`, await this.double.sendCommand({ userId, channelId, name, options }));
    await this.settle();
    return result;
  }

  async click(userId: string, messageId: string, customId: string, values?: string[]): Promise<DeliveryResult> {
    this.sent++;
    const result = this.checked(`click ${customId}`, await this.double.clickComponent({ userId, messageId, customId, ...(values ? { values } : {}) }));
    await this.settle();
    return result;
  }

  async submit(userId: string, values: Record<string, string>): Promise<DeliveryResult> {
    this.sent++;
    const result = this.checked('modal', await this.double.submitModal({ userId, values }));
    await this.settle();
    return result;
  }

  async state(channelId: string): Promise<{ id: string; state: WholeState }> {
    const row = (await this.store.findActiveGame(channelId)) ?? (await this.store.findLatestGame(channelId));
    if (!row) throw new Error(`no game in ${channelId}`);
    return { id: row.id, state: wholeStateSchema.parse(row.snapshot) as WholeState };
  }

  close(): Promise<void> {
    return this.cleanup();
  }
}

/**
 * A whole game in `channelId` through the bot, as two players on Discord play it: /game new, the cards
 * (once per server), crews pasted in modals, /schemes, deployment, then every decision of five turns —
 * /turn for the steps, a duel between models with /attack in one activation in three, a condition with
 * /model in one in five, activations now and then from the DM's select, the table's decisions (cheats one
 * time in three) answered in the decider's DM. `until` pauses it (returns true) at the first state it
 * accepts; call again to go on.
 */
class BotGame {
  private activations = 0;
  private answers = 0;
  duels = 0;
  conditions = 0;
  cheats = 0;
  fromDm = 0;
  gameId = '';
  /** Run before each decision is answered (a slow player's wait, and the reminders it causes). */
  beforeDecision?: () => Promise<void>;
  /** The bot's work (handler + after()) for each turn's End Phase scoring step, and its interactions. */
  readonly scoring = new Map<number, { ms: number; interactions: number; restWaits: number }>();

  constructor(
    private readonly h: BotHarness,
    readonly channelId: string,
    private readonly users: [string, string],
  ) {}

  /** Returns where the cards' requests and interactions lie (absolute indices), to count them apart. */
  async start(enterCards: boolean, options: Record<string, OptionValue> = {}): Promise<{ from: number; to: number; interactions: number }> {
    const [alice, bob] = this.users;
    await this.h.command(alice, this.channelId, 'game new', { opponent: bob, system: 'm3e-game', ...options });
    this.gameId = (await this.h.state(this.channelId)).id;
    const from = this.h.double.requests.length;
    const sent = this.h.sent;
    if (enterCards) {
      for (const name of CARDS) {
        await this.h.command(alice, this.channelId, 'crew model', { name });
        await this.h.submit(alice, cardForm(inkwellTable.models.find((p) => p.name === name && p.title === null)!));
      }
    }
    const cards = { from, to: this.h.double.requests.length, interactions: this.h.sent - sent };
    await this.h.command(alice, this.channelId, 'crew paste');
    await this.h.submit(alice, { list: ALICE_LIST });
    await this.h.command(bob, this.channelId, 'crew paste');
    await this.h.submit(bob, { list: BOB_LIST });
    for (const seat of [0, 1] as const) {
      const picked = schemePick((await this.h.state(this.channelId)).state, seat);
      if (!picked) throw new Error(`no scheme pair for seat ${seat}`);
      await this.h.command(this.users[seat], this.channelId, 'schemes', picked.options);
    }
    const attacker = (await this.h.state(this.channelId)).state.game!.encounter!.attacker;
    for (const seat of [attacker, attacker === 0 ? 1 : 0, attacker] as Seat[]) await this.turn(seat, 'deployed');
    if ((await this.h.state(this.channelId)).state.game?.stage !== 'turns') throw new Error('set-up did not reach the turns');
    return cards;
  }

  private async turn(seat: Seat, sub: string, options: Record<string, OptionValue> = {}): Promise<DeliveryResult> {
    const result = await this.h.command(this.users[seat], this.channelId, `turn ${sub}`, options);
    await this.answerTable();
    return result;
  }

  /** The table's decisions, answered in the decider's DM. */
  async answerTable(): Promise<void> {
    for (let guard = 0; guard < 20; guard++) {
      const { state } = await this.h.state(this.channelId);
      const d = table.pendingDecision(state.table);
      if (!d) return;
      let choice = tableAnswer(d, this.answers++);
      const userId = this.users[d.seat as Seat];
      const message = latestDecisionMessage(this.h.double.dmMessages(userId), this.gameId);
      if (!message) throw new Error(`no DM with the table's ${d.kind}`);
      let where = locateChoice(message, d, choice);
      if (!where && d.kind === 'cheat' && choice !== table.DECLINE) where = locateChoice(message, d, (choice = table.DECLINE));
      if (!where) throw new Error(`no control for the table's ${d.kind}`);
      if (d.kind === 'cheat' && choice !== table.DECLINE) this.cheats++;
      await this.h.click(userId, message.id, where.customId, where.values);
    }
    throw new Error('the table kept asking');
  }

  /** Plays on until the game is over (false) or `until` accepts the state reached (true). */
  async play(until: (state: WholeState) => boolean = () => false): Promise<boolean> {
    for (let guard = 0; guard < 1000; guard++) {
      const { state } = await this.h.state(this.channelId);
      const g = state.game!;
      if (g.stage === 'over') return false;
      if (until(state)) return true;
      const d = pendingDecisions(state)[0];
      if (!d) throw new Error('nobody to decide while the game runs');
      await this.beforeDecision?.();
      const seat = d.seat as Seat;
      const userId = this.users[seat];
      if (d.kind.startsWith('start-')) await this.turn(seat, 'ready');
      else if (d.kind === 'initiative-flip') await this.turn(seat, 'flip');
      else if (d.kind === 'initiative-choice') await this.turn(seat, 'initiative', { keep: true });
      else if (d.kind === 'activate-or-pass') {
        const next = g.models.find((m) => m.controller === seat && !m.activated && (m.status === 'in-play' || m.status === 'buried'))!;
        this.activations++;
        // One activation in four from the DM's select, as a player with DMs open does.
        const dm = this.activations % 4 === 0 ? [...this.h.double.dmMessages(userId)].reverse().find((m) => componentsOf(m).some((c) => String(c.custom_id).endsWith(':activate'))) : undefined;
        const select = dm && componentsOf(dm).find((c) => String(c.custom_id).endsWith(':activate'));
        if (dm && select) {
          await this.h.click(userId, dm.id, String(select.custom_id), [next.id]);
          if ((await this.h.state(this.channelId)).state.game?.turn?.activating?.modelId === next.id) {
            this.fromDm++;
            continue;
          }
        }
        await this.turn(seat, 'activate', { model: modelLabel(next) });
      } else if (d.kind === 'action') {
        const activating = g.turn!.activating!;
        const acting = g.models.find((m) => m.id === activating.modelId)!;
        const target = g.models.find((m) => m.controller !== seat && m.status === 'in-play');
        if (target && acting.status === 'in-play' && activating.actions === 0 && this.activations % 3 === 0) {
          await this.turn(seat, 'action');
          await this.h.command(userId, this.channelId, 'attack', { attacker: modelLabel(acting), target: modelLabel(target), stat: 6 + (this.activations % 3), resist: 'df', damage: '2/3/4' });
          await this.answerTable();
          this.duels++;
        } else if (target && activating.actions === 0 && this.activations % 5 === 1) {
          await this.turn(seat, 'action');
          await this.h.command(userId, this.channelId, 'model condition', { model: modelLabel(target), condition: this.activations % 2 ? 'burning' : 'slow', change: 1 });
          this.conditions++;
        } else await this.turn(seat, 'end');
      } else if (d.kind === 'end-phase-scoring' || d.kind.startsWith('score-')) {
        const waitsBefore = this.h.restWaits;
        const result = await this.turn(seat, 'scored');
        const timing = this.h.timings.get(result.interaction?.id ?? '');
        const turn = g.turn!.turn;
        const sum = this.scoring.get(turn) ?? { ms: 0, interactions: 0, restWaits: 0 };
        this.scoring.set(turn, { ms: sum.ms + (timing ? timing.handlerMs + timing.afterMs : 0), interactions: sum.interactions + 1, restWaits: sum.restWaits + this.h.restWaits - waitsBefore });
      }
      else throw new Error(`unexpected decision ${d.kind}`);
    }
    throw new Error('the game did not end');
  }
}

/** What a REST call to the double was, by who pays for it: the bot's token (Discord's global 50 a second) or an interaction's. */
function restKind(r: { method: string; path: string; auth: boolean }, dmChannels: ReadonlySet<string>, statusMessages: ReadonlySet<string>): { botToken: boolean; kind: string } {
  if (!r.auth) {
    if (r.path.startsWith('/interactions/')) return { botToken: false, kind: 'interaction callback (a response with a file)' };
    if (r.path.includes('/messages/@original')) return { botToken: false, kind: r.method === 'GET' ? "reply's id (@original)" : 'edit through the interaction token' };
    return { botToken: false, kind: `${r.method} follow-up` };
  }
  if (r.method === 'POST' && r.path === '/users/@me/channels') return { botToken: true, kind: 'DM channel opened' };
  const message = /^\/channels\/(\d+)\/messages(?:\/(\d+))?$/.exec(r.path);
  if (message) {
    const [, channelId, messageId] = message;
    const where = dmChannels.has(channelId!) ? 'DM' : 'channel';
    if (r.method === 'POST') return { botToken: true, kind: `${where} message posted` };
    if (r.method === 'PATCH') return { botToken: true, kind: where === 'channel' && statusMessages.has(messageId!) ? 'status message edited' : `${where} message edited` };
    return { botToken: true, kind: `${where} message ${r.method}` };
  }
  return { botToken: true, kind: `${r.method} ${r.path.replace(/\d{6,}/g, ':id')}` };
}

export interface WholeGameBotBench {
  /** /flip in turn 5 of a whole game against /flip in turn 1 of a fresh one (both during an activation). */
  flip: {
    rounds: number;
    lateEvents: number;
    freshEvents: number;
    lateHandlerMs: number;
    freshHandlerMs: number;
    handlerRatio: number;
    lateAfterMs: number;
    freshAfterMs: number;
    afterRatio: number;
    /** Handler plus after(): all the bot's work for one /flip. */
    lateTotalMs: number;
    freshTotalMs: number;
    totalRatio: number;
    /** The stored snapshot's JSON size: what the handler parses (schema) and writes back on every action. */
    lateSnapshotBytes: number;
    freshSnapshotBytes: number;
    /** REST calls of one /flip (median), all tokens. */
    lateRestCalls: number;
    freshRestCalls: number;
    restWaits: number;
  };
  /** The REST calls of one whole game through the bot (/game new to the end of turn 5). */
  rest: {
    interactions: number;
    botToken: number;
    interactionToken: number;
    byKind: Record<string, number>;
    /** The cards typed in once per server (/crew model), counted apart. */
    cardsBotToken: number;
    cardsInteractionToken: number;
    duels: number;
    conditions: number;
    cheats: number;
    fromDm: number;
    /** Games one bot can carry under 50 bot-token calls a second: spread over `pbpDays` days, and played live in 2 hours. */
    pbpDays: number;
    gamesAtOncePbp: number;
    gamesAtOnceLive2h: number;
  };
  /** The reminders of the same game with a turn clock, its players as slow as the clock allows. */
  reminders: {
    clockHours: number;
    /** Passes of the reminders run (two before every decision). */
    passes: number;
    /** Decisions waited out (each by the reminder's part of the clock, then the warning's). */
    decisions: number;
    /** Reminders and warnings said, and each apart. */
    said: number;
    reminders: number;
    warnings: number;
    botToken: number;
    interactionToken: number;
    /** The game's own bot-token calls, and the reminders' against them. */
    gameBotToken: number;
    ratio: number;
  };
  /** The bot's work for a turn's End Phase scoring step (turns 2–5) against one /flip in turn 5. */
  scoring: {
    perTurnMs: number[];
    interactionsPerTurn: number[];
    /**
     * Per turn, how often the step's REST calls waited for Discord's global budget (50 a second): the
     * bench plays at machine speed, far faster than players, so the calls of the moves before a step can
     * use the second's budget up, and the step then waits, doing nothing, for the next second.
     */
    restWaitsPerTurn: number[];
    /** The median over the turns whose step never waited for the budget (over all turns if every one did). */
    medianTurnMs: number;
    flipMs: number;
    ratio: number;
  };
  drivingS: number;
  loggedErrors: string[];
}

/** The turn clock of the bench's slow game, in hours. */
const CLOCK_HOURS = 24;

function scoringFigures(game: BotGame, flipMs: number): WholeGameBotBench['scoring'] {
  const turns = [...game.scoring.entries()].filter(([turn]) => turn >= 2).sort((a, b) => a[0] - b[0]);
  const perTurnMs = turns.map(([, v]) => round(v.ms, 3));
  const unhindered = turns.filter(([, v]) => v.restWaits === 0).map(([, v]) => v.ms);
  const counted = unhindered.length ? unhindered : perTurnMs;
  const medianTurnMs = counted.length ? median(counted) : 0;
  return {
    perTurnMs,
    interactionsPerTurn: turns.map(([, v]) => v.interactions),
    restWaitsPerTurn: turns.map(([, v]) => v.restWaits),
    medianTurnMs: round(medianTurnMs, 3),
    flipMs: round(flipMs, 3),
    ratio: round(flipMs > 0 ? medianTurnMs / flipMs : 0, 2),
  };
}

export async function benchWholeGameBot(options: { double?: DiscordDouble; rounds?: number; warmup?: number; pbpDays?: number } = {}): Promise<WholeGameBotBench> {
  const double = options.double ?? (await startDiscordDouble());
  const rounds = options.rounds ?? 9;
  const warmup = options.warmup ?? 2;
  const pbpDays = options.pbpDays ?? 7;
  const started = performance.now();
  const h = await BotHarness.start(double);
  try {
    const users: [string, string] = [double.fixtures.users[0]!.id, double.fixtures.users[1]!.id];
    const channels = double.fixtures.channels;
    const late = new BotGame(h, channels[0]!.id, users);
    const fresh = new BotGame(h, channels[1]!.id, users);
    const activatingIn = (turn: number) => (s: WholeState) => s.game?.turn?.turn === turn && s.game.turn.phase === 'activations' && s.game.turn.activating !== null;

    // The late game has a turn clock, and its players are as slow as it allows: before every decision
    // the bot's clock passes the reminder (half the clock), then the warning (0.9), each followed by a
    // pass of the reminders — the most a game's reminders can post short of the deadlines.
    const reminderCalls = new Set<(typeof double.requests)[number]>();
    let reminderPasses = 0;
    let decisionsWaited = 0;
    // What each pass said: the first after a decision opened can only find reminders due, the second only
    // warnings (the one before already had its reminder; the deadline is no timer here).
    const said = { reminders: 0, warnings: 0 };
    const slow = async () => {
      decisionsWaited++;
      for (const [part, kind] of [[REMINDER_AT + 0.05, 'reminders'], [WARNING_AT - REMINDER_AT, 'warnings']] as const) {
        h.skewMs += part * CLOCK_HOURS * 3_600_000;
        const before = double.requests.length;
        said[kind] += await h.reminders.tick();
        reminderPasses++;
        for (const call of double.requests.slice(before)) reminderCalls.add(call);
      }
    };

    // The whole game, paused in turn 5's activations for the /flips; its requests are counted apart from them.
    const counted: (typeof double.requests)[number][] = [];
    let from = double.requests.length;
    let sent = h.sent;
    late.beforeDecision = slow;
    const cardsAt = await late.start(true, { turn_clock: CLOCK_HOURS });
    const cards = { from: cardsAt.from - from, to: cardsAt.to - from };
    let interactions = -cardsAt.interactions;
    if (!(await late.play(activatingIn(5)))) throw new Error('the game ended before turn 5');
    counted.push(...double.requests.slice(from));
    interactions += h.sent - sent;
    await fresh.start(false);
    if (!(await fresh.play(activatingIn(1)))) throw new Error('the fresh game ended before turn 1');

    // The /flips, interleaved, each from the active seat, each on a fresh window of the REST client.
    late.beforeDecision = undefined;
    const flipOnce = async (game: BotGame): Promise<Timing> => {
      const { state } = await h.state(game.channelId);
      if (h.rest.globalRemaining < 10 && h.rest.globalReset > Date.now()) await new Promise((r) => setTimeout(r, h.rest.globalReset - Date.now() + 1));
      const before = double.requests.length;
      const result = await h.command(users[state.game!.turn!.active as Seat], game.channelId, 'flip');
      const restCalls = double.requests.length - before;
      if (result.responseType !== 4 || ((result.interaction?.response?.data?.flags as number | undefined) ?? 0) & 64) throw new Error(`/flip was not a public reply: ${JSON.stringify(result.interaction?.response ?? null).slice(0, 200)}`);
      await game.answerTable();
      const timing = h.timings.get(result.interaction!.id);
      if (!timing) throw new Error('the /flip was not timed');
      return { ...timing, restCalls };
    };
    for (let i = 0; i < warmup; i++) {
      await flipOnce(late);
      await flipOnce(fresh);
    }
    h.restWaits = 0;
    const lateTimes: Timing[] = [];
    const freshTimes: Timing[] = [];
    for (let r = 0; r < rounds; r++) {
      const [first, second] = r % 2 === 0 ? [late, fresh] : [fresh, late];
      const a = await flipOnce(first);
      const b = await flipOnce(second);
      (first === late ? lateTimes : freshTimes).push(a);
      (second === late ? lateTimes : freshTimes).push(b);
    }
    const restWaits = h.restWaits;
    const lateEvents = (await h.store.listEvents(late.gameId)).length;
    const freshEvents = (await h.store.listEvents(fresh.gameId)).length;
    const snapshotBytes = async (game: BotGame) => JSON.stringify((await h.store.getGame(game.gameId))?.snapshot ?? null).length;
    const lateSnapshotBytes = await snapshotBytes(late);
    const freshSnapshotBytes = await snapshotBytes(fresh);

    from = double.requests.length;
    sent = h.sent;
    late.beforeDecision = slow;
    if (await late.play()) throw new Error('the game paused again');
    late.beforeDecision = undefined;
    counted.push(...double.requests.slice(from));
    interactions += h.sent - sent;

    const dmChannels = new Set(users.map((u) => double.dmChannelId(u)).filter((id): id is string => id !== undefined));
    const statusRef = await h.store.getGameMessage(late.gameId, 'status');
    const statusMessages = new Set(statusRef ? [statusRef.messageId] : []);
    const cardCalls = counted.slice(cards.from, cards.to);
    const gameCalls = [...counted.slice(0, cards.from), ...counted.slice(cards.to)].filter((call) => !reminderCalls.has(call));
    const reminders = [...reminderCalls];
    const byKind: Record<string, number> = {};
    let botToken = 0;
    for (const call of gameCalls) {
      const kind = restKind(call, dmChannels, statusMessages);
      if (kind.botToken) botToken++;
      const key = `${kind.botToken ? 'bot token' : 'interaction token'}: ${kind.kind}`;
      byKind[key] = (byKind[key] ?? 0) + 1;
    }
    const med = (xs: number[]) => median(xs);
    const f = (xs: Timing[], k: 'handlerMs' | 'afterMs' | 'total') => med(xs.map((t) => (k === 'total' ? t.handlerMs + t.afterMs : t[k])));
    return {
      flip: {
        rounds,
        lateEvents,
        freshEvents,
        lateHandlerMs: round(f(lateTimes, 'handlerMs'), 3),
        freshHandlerMs: round(f(freshTimes, 'handlerMs'), 3),
        handlerRatio: round(f(lateTimes, 'handlerMs') / f(freshTimes, 'handlerMs'), 2),
        lateAfterMs: round(f(lateTimes, 'afterMs'), 3),
        freshAfterMs: round(f(freshTimes, 'afterMs'), 3),
        afterRatio: round(f(lateTimes, 'afterMs') / f(freshTimes, 'afterMs'), 2),
        lateTotalMs: round(f(lateTimes, 'total'), 3),
        freshTotalMs: round(f(freshTimes, 'total'), 3),
        totalRatio: round(f(lateTimes, 'total') / f(freshTimes, 'total'), 2),
        lateSnapshotBytes,
        freshSnapshotBytes,
        lateRestCalls: med(lateTimes.map((t) => t.restCalls ?? 0)),
        freshRestCalls: med(freshTimes.map((t) => t.restCalls ?? 0)),
        restWaits,
      },
      rest: {
        interactions,
        botToken,
        interactionToken: gameCalls.length - botToken,
        byKind: Object.fromEntries(Object.entries(byKind).sort((a, b) => b[1] - a[1])),
        cardsBotToken: cardCalls.filter((c) => c.auth).length,
        cardsInteractionToken: cardCalls.filter((c) => !c.auth).length,
        duels: late.duels,
        conditions: late.conditions,
        cheats: late.cheats,
        fromDm: late.fromDm,
        pbpDays,
        gamesAtOncePbp: Math.floor((50 * pbpDays * 86_400) / botToken),
        gamesAtOnceLive2h: Math.floor((50 * 2 * 3_600) / botToken),
      },
      reminders: {
        clockHours: CLOCK_HOURS,
        passes: reminderPasses,
        decisions: decisionsWaited,
        said: said.reminders + said.warnings,
        reminders: said.reminders,
        warnings: said.warnings,
        botToken: reminders.filter((c) => c.auth).length,
        interactionToken: reminders.filter((c) => !c.auth).length,
        gameBotToken: botToken,
        ratio: round(reminders.filter((c) => c.auth).length / botToken, 3),
      },
      scoring: scoringFigures(late, f(lateTimes, 'total')),
      drivingS: round((performance.now() - started) / 1000, 1),
      loggedErrors: h.loggedErrors.slice(0, 5),
    };
  } finally {
    await h.close();
    if (!options.double) await double.close();
  }
}

/** The benchmark's rows in bench/run.ts's table. */
export function wholeGameRows(replay: WholeGameReplayBench, bot: WholeGameBotBench): Row[] {
  const { flip, rest, reminders, scoring } = bot;
  const kinds = Object.entries(rest.byKind).map(([k, n]) => `${n} ${k.replace(/^(bot|interaction) token: /, '')}`);
  return [
    {
      measure: `a whole five-turn game's replay(${replay.events} events) vs JSON.parse of its log`,
      a: `${fmt(replay.replayMs, 3)} ms`,
      b: `${fmt(replay.jsonParseMs, 3)} ms`,
      ratio: `${fmt(replay.ratio)}×`,
      goal: '≤ 2× JSON.parse',
      note: `${replay.ratio <= 2 ? 'ok' : 'ABOVE 2× GOAL'}; ${replay.eventTypes} event types, ${replay.duels} duels between models, ${Math.round(replay.logBytes / 1024)} KiB of JSON, median of ${replay.runs}`,
    },
    {
      measure: `/flip in turn 5 of a whole game (${flip.lateEvents} events) vs in turn 1 (${flip.freshEvents}), the bot's handler + after()`,
      a: `${fmt(flip.lateTotalMs)} ms`,
      b: `${fmt(flip.freshTotalMs)} ms`,
      ratio: `${fmt(flip.totalRatio)}×`,
      goal: 'not growing with the game',
      note: `${flip.totalRatio <= 1.5 ? 'ok' : 'GROWS'}; handler ${fmt(flip.lateHandlerMs)} vs ${fmt(flip.freshHandlerMs)} ms (${fmt(flip.handlerRatio)}×), after() ${fmt(flip.lateAfterMs)} vs ${fmt(flip.freshAfterMs)} ms (${fmt(flip.afterRatio)}×); ${flip.lateRestCalls} vs ${flip.freshRestCalls} REST calls a /flip; snapshot ${Math.round(flip.lateSnapshotBytes / 1024)} vs ${Math.round(flip.freshSnapshotBytes / 1024)} KiB; median of ${flip.rounds}${flip.restWaits ? `; REST client held back ${flip.restWaits}×` : ''}`,
    },
    {
      measure: `REST calls of a whole game through the bot (${rest.interactions} interactions), bot token vs interaction token`,
      a: `${rest.botToken} calls`,
      b: `${rest.interactionToken} calls`,
      ratio: '—',
      goal: '—',
      note: `${kinds.join(', ')}; cards entered once per server: ${rest.cardsBotToken} + ${rest.cardsInteractionToken}; ${rest.duels} duels, ${rest.conditions} conditions, ${rest.cheats} cheats, ${rest.fromDm} activations from the DM; under 50 bot-token calls/s: ${fmt(rest.gamesAtOncePbp, 0)} games at once spread over ${rest.pbpDays} days, ${fmt(rest.gamesAtOnceLive2h, 0)} played live in 2 h${bot.loggedErrors.length ? `; LOGGED: ${bot.loggedErrors.join(' / ').slice(0, 300)}` : ''}`,
    },
    {
      measure: `REST calls the reminders add to the same game (a ${reminders.clockHours} h turn clock, every decision waited out to its reminder and its warning) vs the game's own, bot token`,
      a: `${reminders.botToken} calls`,
      b: `${reminders.gameBotToken} calls`,
      ratio: `${fmt(reminders.ratio)}×`,
      goal: '—',
      note: `${reminders.reminders} reminders and ${reminders.warnings} warnings said in ${reminders.passes} passes before ${reminders.decisions} decisions (one channel post each), ${reminders.interactionToken} with an interaction token; the worst case short of the deadlines: a game played at once adds none`,
    },
    {
      measure: `a turn's End Phase scoring step through the bot (turns 2–5, ${scoring.interactionsPerTurn.join('/')} interactions) vs one /flip in turn 5, handler + after()`,
      a: `${fmt(scoring.medianTurnMs)} ms`,
      b: `${fmt(scoring.flipMs)} ms`,
      ratio: `${fmt(scoring.ratio)}×`,
      goal: '—',
      note: `per turn ${scoring.perTurnMs.map((ms, i) => `${fmt(ms)}${scoring.restWaitsPerTurn[i] ? ` (${scoring.restWaitsPerTurn[i]}× waited for the 50/s REST budget)` : ''}`).join(' / ')} ms; median of the turns that did not wait${scoring.restWaitsPerTurn.every((w) => w > 0) ? ' (every turn waited: all counted)' : ''}; the records decide what they can (class a), the rest declined`,
    },
  ];
}

async function main(): Promise<void> {
  const quick = process.argv.includes('--quick');
  const replay = benchWholeGameReplay(quick ? { runs: 6, warmup: 2 } : {});
  const bot = await benchWholeGameBot(quick ? { rounds: 2, warmup: 1 } : {});
  console.log(printTable(wholeGameRows(replay, bot), { measure: 'measure', a: 'measured', b: 'baseline', ratio: 'ratio', goal: 'goal', note: 'note' }));
  console.log(`BENCH_JSON ${JSON.stringify({ replay, bot })}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
