/**
 * One full opposed duel (soulstones on both sides, a pick, one cheat, a trigger, damage) played twice,
 * from the same seed and the same answers: through the engine alone (decide/evolve and pendingDecision),
 * and through the whole HTTP path as Discord drives it — the local Discord double sends the signed /duel
 * and the clicks on the controls the bot actually posted (every decision's controls are in the decider's
 * DM) to the bot's endpoint, verified with the double's own key — waiting for each interaction's after()
 * work (follow-up posts, DMs, the hand and duel pictures) as a player would before answering.
 */
import * as engine from '../src/systems/malifaux-table/engine/index.js';
import { parseDamage, parseTriggers } from '../src/systems/malifaux-table/commands/duelInput.js';
import type { DeliveryResult, DiscordDouble, DoubleMessage, OptionValue } from '../src/discord-double/index.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { registerCommands } from '../scripts/register.js';
import type { BenchUser } from './interactions.js';
import { ALICE, BOB } from './flip.bench.js';
import { startBotServer, type BotServer } from './servers.js';
import { median, round } from './stats.js';

export const DUEL_SEED = 'b3'.repeat(32);

const DUEL_OPTIONS = {
  attack: 6,
  defense: 5,
  attack_fate: 1,
  attacker_soulstones: true,
  defender_soulstones: true,
  attacker_triggers: 'Critical Strike:R; Onslaught:M; Hamstring:C; Arcane Reservoir:T',
  damage: '2/3/4',
} as const;

const SEAT_OF = (user: BenchUser) => (user.id === ALICE.id ? 0 : 1) as engine.Seat;
const actor = (user: BenchUser): engine.Actor => ({ userId: user.id, seat: SEAT_OF(user), referee: false });

/** The command /duel opposed builds from DUEL_OPTIONS for the attacker in seat 0 (see commands/duel.ts). */
function opposedDuelCommand(): engine.Command {
  const triggers = parseTriggers(DUEL_OPTIONS.attacker_triggers, 'attacker_triggers');
  const damage = parseDamage(DUEL_OPTIONS.damage);
  if (!triggers.ok || !damage.ok || !damage.value) throw new Error('bad duel options');
  return {
    type: 'opposedDuel',
    attacker: 0,
    defender: 1,
    attackerStat: DUEL_OPTIONS.attack,
    defenderStat: DUEL_OPTIONS.defense,
    attackerFate: DUEL_OPTIONS.attack_fate,
    defenderFate: 0,
    attackerModifier: 0,
    defenderModifier: 0,
    attackerSoulstoneUser: true,
    defenderSoulstoneUser: true,
    attackerTriggers: triggers.value,
    defenderTriggers: [],
    tnSuits: [],
    friendly: false,
    inCover: false,
    inConcealment: false,
    damage: damage.value,
    targetSoulstoneUser: true,
  };
}

function apply(state: engine.GameState, command: engine.Command, who: engine.Actor): engine.GameState {
  const decided = engine.decide(state, command, who);
  if (!decided.ok) throw new Error(`${command.type} refused: ${JSON.stringify(decided.error)}`);
  return decided.value.reduce(engine.evolve, state);
}

/** Start, 3 soulstones each, 5 cards each: the same setup the HTTP path makes with slash commands. */
export function duelSetupState(): engine.GameState {
  let s = apply(
    engine.initialState,
    { type: 'startGame', gameId: 'bench-duel', system: 'm3e', seats: [{ userId: ALICE.id, name: 'Alice' }, { userId: BOB.id, name: 'Bob' }], seed: DUEL_SEED, createdBy: ALICE.id },
    { userId: ALICE.id, seat: null, referee: true },
  );
  for (const user of [ALICE, BOB]) s = apply(s, { type: 'setSoulstones', seat: SEAT_OF(user), count: 3 }, actor(user));
  for (const user of [ALICE, BOB]) s = apply(s, { type: 'draw', count: 5 }, actor(user));
  return s;
}

/**
 * The answering policy, shared by both paths: a soulstone "+" when offered, fight rather than yield,
 * the first card to pick, cheat once with the first hand card and decline afterwards, the first trigger.
 */
function engineAnswer(d: engine.PendingDecision, memo: { cheated: boolean }): string | string[] {
  const choices = engine.decisionChoices(d);
  switch (d.kind) {
    case 'soulstone':
      return choices.includes('plus') ? 'plus' : choices[0]!;
    case 'yield':
      return 'fight';
    case 'cheat':
      if (!memo.cheated && d.legal.length > 0) {
        memo.cheated = true;
        return d.legal[0]!;
      }
      return engine.DECLINE;
    case 'discardDown':
      return d.legal.slice(0, d.count);
    default:
      return choices[0]!;
  }
}

/** The duel through the engine alone; returns the final state and the decision kinds met. */
export function engineDuel(setup: engine.GameState): { state: engine.GameState; decisions: string[] } {
  let state = apply(setup, opposedDuelCommand(), actor(ALICE));
  const memo = { cheated: false };
  const decisions: string[] = [];
  for (let d = engine.pendingDecision(state); d; d = engine.pendingDecision(state)) {
    if (decisions.length > 30) throw new Error('engine duel did not end');
    decisions.push(d.kind);
    const command = engine.commandForChoice(d, engineAnswer(d, memo));
    if (!command) throw new Error(`no command for ${d.kind}`);
    state = apply(state, command, { userId: state.status === 'active' ? state.seats[d.seat].userId : '', seat: d.seat, referee: false });
  }
  return { state, decisions };
}

type Component = { type: number; custom_id?: string; options?: { value: string }[]; components?: Component[] };

function decisionControls(components: unknown[]): Component[] {
  const flat = (components as Component[]).flatMap((row) => row.components ?? [row]);
  return flat.filter((c) => typeof c.custom_id === 'string' && c.custom_id.startsWith('fk:d:'));
}

/** The same policy as engineAnswer, read off the posted components (buttons end with the choice). */
function clickFor(controls: Component[], memo: { cheated: boolean }): { customId: string; values?: string[] } {
  const select = controls.find((c) => c.type === 3);
  if (select) {
    // Only the cheat decision uses a select here (discard-down cannot happen with 5-card hands).
    if (!memo.cheated && select.options && select.options.length > 0) {
      memo.cheated = true;
      return { customId: select.custom_id!, values: [select.options[0]!.value] };
    }
    const no = controls.find((c) => c.custom_id!.endsWith(':no'));
    if (!no) throw new Error('cheat prompt without a "no" button');
    return { customId: no.custom_id! };
  }
  const choice = (c: Component) => c.custom_id!.split(':')[4];
  const prefer = ['plus', 'fight'];
  const preferred = controls.find((c) => prefer.includes(choice(c) ?? ''));
  return { customId: (preferred ?? controls[0]!).custom_id! };
}

export interface HttpDuelTiming {
  /** From sending /duel to the end of the last interaction's after() work. */
  totalMs: number;
  /**
   * Sum of the round trips of the interactions alone (the initial responses), as the double (Discord's
   * stand-in) sees them: from building and signing the interaction to recording the bot's answer.
   */
  responseMs: number;
  interactions: number;
  /** REST requests the bot made to the double during the duel (follow-ups, DMs, DM channel lookups). */
  restCalls: number;
  /**
   * Of those, the ones made with the bot token (channel posts and edits, DMs): what Discord counts under its
   * global limit of 50 per second. The others use the interaction's token (callbacks, follow-ups, edits of
   * the original reply), which that limit does not count.
   */
  botTokenCalls: number;
  /** Times the bot's REST client held a request back for its own rate limits during the duel. */
  restWaits: number;
}

export interface DuelBench {
  engineMs: number;
  httpMs: number;
  httpResponseMs: number;
  ratio: number;
  interactions: number;
  restCalls: number;
  /** Bot-token calls of one duel (see HttpDuelTiming). */
  botTokenCalls: number;
  /** Times the bot's REST client held a request back for its own rate limits, over all timed duels. */
  restWaits: number;
  decisions: string[];
  rounds: number;
  loggedErrors: number;
  errorSamples: string[];
}

/** Throws unless the double got the initial response `type` (4: a public message, 7: the clicked message updated). */
function expectResponse(what: string, result: DeliveryResult, type: 4 | 7): string {
  const flags = (result.interaction?.response?.data?.flags as number | undefined) ?? 0;
  if (!result.ok || result.responseType !== type || (flags & 64) !== 0 || !result.interaction) {
    throw new Error(`${what}: expected a public type-${type} response, got ${result.error ?? `type ${String(result.responseType)}`} ${JSON.stringify(result.interaction?.response ?? null).slice(0, 300)}`);
  }
  return result.interaction.id;
}

export async function benchDuel(options: { double: DiscordDouble; rounds: number; warmup: number; engineReps?: number }): Promise<DuelBench> {
  const { double } = options;
  // Verified with the double's key: only what the double delivers (as Discord would) reaches this bot.
  // Each round ends its game (untimed); the end's take-back window passes on this clock, not the wall's.
  let clockOffset = 0;
  const server: BotServer = await startBotServer({ double, publicKeyHex: double.publicKey, newSeed: () => DUEL_SEED, trackAfters: true, clock: () => Date.now() + clockOffset });
  const previousDelivery = double.delivery;
  const channelId = double.channel('table-1').id;
  // Every message the bot created or edited since the last reset, newest version by id.
  const seen = new Map<string, DoubleMessage>();
  const onMessage = (m: DoubleMessage) => void seen.set(m.id, m);
  const onDelete = (m: DoubleMessage) => void seen.delete(m.id);
  let restWaits = 0;
  const onRateLimited = () => void restWaits++;

  /** Untimed: a slash command through the double, then its after() work. */
  const send = async (what: string, user: BenchUser, name: string, commandOptions: Record<string, OptionValue> = {}) => {
    const result = await double.sendCommand({ userId: user.id, channelId, name, options: commandOptions });
    await server.afterDone(expectResponse(what, result, 4));
  };

  const setup = duelSetupState();
  const reference = engineDuel(setup);
  const engineReps = options.engineReps ?? 20;

  async function httpDuelRound(check: boolean): Promise<HttpDuelTiming> {
    // Untimed setup, the same commands duelSetupState() applies.
    await send('/game new', ALICE, 'game new', { opponent: BOB.id, system: 'm3e' });
    for (const user of [ALICE, BOB]) await send('/soulstones', user, 'soulstones', { count: 3 });
    for (const user of [ALICE, BOB]) await send('/draw', user, 'draw', { count: 5 });
    seen.clear();
    // @discordjs/rest lets the bot make at most 50 requests per 1-second window (all routes together) and
    // holds the rest back until the window ends. The setup's calls (hand DMs) would eat the timed duel's
    // share and stall it for up to a second, depending on how the rounds fall: start it with a fresh
    // window, as on an otherwise idle bot. The duel's own calls (29) fit in one; any wait is counted.
    const windowEnd = server.rest.globalReset;
    if (windowEnd > Date.now()) await sleep(windowEnd - Date.now() + 1);
    restWaits = 0;

    const memo = { cheated: false };
    const restBefore = double.requests.length;
    let interactions = 0;
    let responseMs = 0;
    const t0 = performance.now();
    let t = t0;
    const first = await double.sendCommand({ userId: ALICE.id, channelId, name: 'duel opposed', options: { ...DUEL_OPTIONS } });
    responseMs += performance.now() - t;
    interactions++;
    await server.afterDone(expectResponse('/duel opposed', first, 4));
    for (;;) {
      const open = [...seen.values()].filter((m) => decisionControls(m.components).length > 0);
      if (open.length === 0) break;
      if (open.length > 1) throw new Error(`several open decisions: ${open.map((m) => m.content).join(' / ')}`);
      const target = open[0]!;
      // Every decision's controls go to the decider's DM, and only there.
      const user = target.channelId === double.dmChannelId(ALICE.id) ? ALICE : target.channelId === double.dmChannelId(BOB.id) ? BOB : undefined;
      if (!user) throw new Error(`decision controls outside the players' DMs (channel ${target.channelId}): ${target.content}`);
      if (process.env.BENCH_DEBUG) console.error('decide', user.username, target.content);
      const click = clickFor(decisionControls(target.components), memo);
      t = performance.now();
      const clicked = await double.clickComponent({ userId: user.id, messageId: target.id, customId: click.customId, ...(click.values ? { values: click.values } : {}) });
      responseMs += performance.now() - t;
      interactions++;
      await server.afterDone(expectResponse(`click ${click.customId}`, clicked, 7));
      if (interactions > 30) throw new Error('HTTP duel did not end');
    }
    const totalMs = performance.now() - t0;
    const duelCalls = double.requests.slice(restBefore);
    const restCalls = duelCalls.length;
    const botTokenCalls = duelCalls.filter((r) => r.auth).length;
    const waits = restWaits;
    if (process.env.BENCH_DEBUG) console.error(`duel round: ${totalMs.toFixed(1)} ms, responses ${responseMs.toFixed(1)} ms, ${restCalls} REST calls (${botTokenCalls} with the bot token), ${waits} REST waits`);

    if (interactions !== reference.decisions.length + 1) {
      throw new Error(`HTTP duel took ${interactions} interactions, the engine alone ${reference.decisions.length + 1} (${reference.decisions.join(', ')})`);
    }
    if (check) {
      const stored = await server.store.findActiveGame(channelId);
      const snapshot = stored?.snapshot as engine.GameState | undefined;
      const same = (s: engine.GameState | undefined) =>
        s && s.status === 'active' ? JSON.stringify({ n: s.eventCount, seats: s.seats, resolution: s.resolution }) : String(s?.status);
      if (same(snapshot) !== same(reference.state)) throw new Error('the HTTP duel ended in a different state than the engine-only duel');
    }
    // Untimed: Alice abandons the game, its take-back window passes, and the next look makes it final.
    const asked = await double.sendCommand({ userId: ALICE.id, channelId, name: 'game end', options: {} });
    const buttons = (asked.interaction?.response?.data?.components ?? []) as { components?: { custom_id?: string }[] }[];
    const abandon = buttons.flatMap((row) => row.components ?? []).map((c) => c.custom_id ?? '').find((id) => id.endsWith(':abandon'));
    if (!abandon || !asked.messageId) throw new Error(`/game end offered no abandon: ${JSON.stringify(asked.interaction?.response ?? null).slice(0, 200)}`);
    const confirmed = await double.clickComponent({ userId: ALICE.id, messageId: asked.messageId, customId: abandon });
    if (!confirmed.ok || !confirmed.interaction) throw new Error(`the abandon was refused: ${confirmed.error ?? ''}`);
    await server.afterDone(confirmed.interaction.id);
    clockOffset += 24 * 60 * 60 * 1000;
    const looked = await double.sendCommand({ userId: ALICE.id, channelId, name: 'game log', options: {} });
    if (looked.interaction) await server.afterDone(looked.interaction.id);
    if ((await server.store.findActiveGame(channelId)) !== null) throw new Error('the game did not end');
    return { totalMs, responseMs, interactions, restCalls, botTokenCalls, restWaits: waits };
  }

  function engineRound(): number {
    const t = performance.now();
    for (let i = 0; i < engineReps; i++) engineDuel(setup);
    return (performance.now() - t) / engineReps;
  }

  try {
    double.setDelivery({ mode: 'http', interactionsUrl: server.url });
    // The double's client checks commands against the registered definitions, as Discord's does.
    await registerCommands(server.rest, double.applicationId, double.fixtures.guild.id);
    double.events.on('message', onMessage);
    double.events.on('update', onMessage);
    double.events.on('delete', onDelete);
    server.rest.on('rateLimited', onRateLimited);
    for (let i = 0; i < options.warmup; i++) {
      engineRound();
      await httpDuelRound(i === 0);
    }
    const engineTimes: number[] = [];
    const http: HttpDuelTiming[] = [];
    for (let r = 0; r < options.rounds; r++) {
      if (r % 2 === 0) {
        engineTimes.push(engineRound());
        http.push(await httpDuelRound(false));
      } else {
        http.push(await httpDuelRound(false));
        engineTimes.push(engineRound());
      }
    }
    const engineMs = median(engineTimes);
    const httpMs = median(http.map((h) => h.totalMs));
    return {
      engineMs: round(engineMs, 4),
      httpMs: round(httpMs, 3),
      httpResponseMs: round(median(http.map((h) => h.responseMs)), 3),
      ratio: round(httpMs / engineMs, 1),
      interactions: http[0]?.interactions ?? 0,
      restCalls: http[0]?.restCalls ?? 0,
      botTokenCalls: http[0]?.botTokenCalls ?? 0,
      restWaits: http.reduce((sum, h) => sum + h.restWaits, 0),
      decisions: reference.decisions,
      rounds: options.rounds,
      loggedErrors: server.counters.loggedErrors,
      errorSamples: server.counters.errorSamples,
    };
  } finally {
    double.events.off('message', onMessage);
    double.events.off('update', onMessage);
    double.events.off('delete', onDelete);
    server.rest.off('rateLimited', onRateLimited);
    double.setDelivery(previousDelivery);
    await server.close();
  }
}
