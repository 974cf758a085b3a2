/**
 * One full opposed duel (soulstones on both sides, a pick, one cheat, a trigger, damage) played twice,
 * from the same seed and the same answers: through the engine alone (decide/evolve and pendingDecision),
 * and through the whole HTTP path (a signed /duel, then signed clicks on the buttons and the DM select
 * the bot actually posted to the local Discord double), waiting for each interaction's after() work
 * (follow-up posts, DMs, the hand and duel pictures) as a player would before answering.
 */
import type { KeyObject } from 'node:crypto';
import * as engine from '../src/engine/index.js';
import { parseDamage, parseTriggers } from '../src/app/duelInput.js';
import type { DiscordDouble, DoubleMessage } from '../src/discord-double/index.js';
import { commandInteraction, componentInteraction, idFactory, signInteraction, type BenchUser, type LeafOption } from './interactions.js';
import { ALICE, BOB } from './flip.bench.js';
import { expectPublic, postPayload, postSigned, startBotServer, type BotServer } from './servers.js';
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

interface Candidate {
  channelId: string;
  messageId: string;
  content: string;
  components: unknown[];
  dm: boolean;
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
  /** Sum of the round trips of the interactions alone (the initial responses). */
  responseMs: number;
  interactions: number;
  /** REST requests the bot made to the double during the duel (follow-ups, DMs, DM channel lookups). */
  restCalls: number;
}

export interface DuelBench {
  engineMs: number;
  httpMs: number;
  httpResponseMs: number;
  ratio: number;
  interactions: number;
  restCalls: number;
  decisions: string[];
  rounds: number;
  loggedErrors: number;
  errorSamples: string[];
}

export async function benchDuel(options: { double: DiscordDouble; key: KeyObject; publicKeyHex: string; rounds: number; warmup: number; engineReps?: number }): Promise<DuelBench> {
  const { double, key } = options;
  const server: BotServer = await startBotServer({ double, publicKeyHex: options.publicKeyHex, newSeed: () => DUEL_SEED, trackAfters: true });
  const nextId = idFactory(11);
  const channelId = double.channel('table-1').id;
  const inbox: DoubleMessage[] = [];
  const onMessage = (m: DoubleMessage) => inbox.push(m);
  double.events.on('message', onMessage);
  const drain = () => inbox.splice(0, inbox.length);

  const send = async (what: string, user: BenchUser, name: string, opts: { subcommand?: string; leaves?: LeafOption[]; users?: BenchUser[] } = {}) => {
    const id = nextId();
    const posted = await postPayload(server.url, key, commandInteraction(id, user, channelId, name, opts));
    expectPublic(what, posted);
    await server.afterDone(id);
    return posted;
  };

  const setup = duelSetupState();
  const reference = engineDuel(setup);
  const engineReps = options.engineReps ?? 20;

  async function httpDuelRound(check: boolean): Promise<HttpDuelTiming> {
    // Untimed setup, the same commands duelSetupState() applies.
    await send('/game new', ALICE, 'game', { subcommand: 'new', leaves: [{ name: 'opponent', type: 6, value: BOB.id }, { name: 'system', type: 3, value: 'm3e' }], users: [BOB] });
    for (const user of [ALICE, BOB]) await send('/soulstones', user, 'soulstones', { leaves: [{ name: 'count', type: 4, value: 3 }] });
    for (const user of [ALICE, BOB]) await send('/draw', user, 'draw', { leaves: [{ name: 'count', type: 4, value: 5 }] });
    drain();

    const memo = { cheated: false };
    const restBefore = double.requests.length;
    let interactions = 0;
    let responseMs = 0;
    const t0 = performance.now();
    const duelId = nextId();
    const leaves: LeafOption[] = Object.entries(DUEL_OPTIONS).map(([name, value]) => ({ name, type: typeof value === 'boolean' ? 5 : typeof value === 'number' ? 4 : 3, value }));
    const first = await postPayload(server.url, key, commandInteraction(duelId, ALICE, channelId, 'duel', { subcommand: 'opposed', leaves }));
    interactions++;
    responseMs += first.ms;
    expectPublic('/duel opposed', first);
    await server.afterDone(duelId);
    let candidates: Candidate[] = [
      { channelId, messageId: '1300000000000000900', content: first.json?.data?.content ?? '', components: first.json?.data?.components ?? [], dm: false },
    ];
    for (;;) {
      candidates.push(...drain().map((m) => ({ channelId: m.channelId, messageId: m.id, content: m.content, components: m.components, dm: m.guildId === null })));
      const open = candidates.filter((c) => decisionControls(c.components).length > 0);
      if (open.length === 0) break;
      if (open.length > 1) throw new Error(`several open decisions: ${open.map((c) => c.content).join(' / ')}`);
      const target = open[0]!;
      // The waiting line ("Waiting for <@id>: …") comes last; earlier lines may mention the other player.
      const mention = [...target.content.matchAll(/<@(\d+)>/g)].at(-1)?.[1];
      const user = target.dm ? (double.dmChannelId(ALICE.id) === target.channelId ? ALICE : BOB) : mention === ALICE.id ? ALICE : mention === BOB.id ? BOB : undefined;
      if (!user) throw new Error(`cannot tell who decides: ${target.content}`);
      if (process.env.BENCH_DEBUG) console.error('decide', user.username, target.dm, target.content);
      const click = clickFor(decisionControls(target.components), memo);
      const id = nextId();
      const posted = await postSigned(server.url, signInteraction(key, componentInteraction(id, user, target.channelId, target.messageId, click.customId, click.values, target.dm)));
      interactions++;
      responseMs += posted.ms;
      if (posted.status !== 200 || posted.json?.type !== 7) throw new Error(`click ${click.customId}: ${posted.status} ${JSON.stringify(posted.json).slice(0, 300)}`);
      await server.afterDone(id);
      candidates = [];
      if (interactions > 30) throw new Error('HTTP duel did not end');
    }
    const totalMs = performance.now() - t0;
    const restCalls = double.requests.length - restBefore;

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
    await send('/game end', ALICE, 'game', { subcommand: 'end' });
    drain();
    return { totalMs, responseMs, interactions, restCalls };
  }

  function engineRound(): number {
    const t = performance.now();
    for (let i = 0; i < engineReps; i++) engineDuel(setup);
    return (performance.now() - t) / engineReps;
  }

  try {
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
      decisions: reference.decisions,
      rounds: options.rounds,
      loggedErrors: server.counters.loggedErrors,
      errorSamples: server.counters.errorSamples,
    };
  } finally {
    double.events.off('message', onMessage);
    await server.close();
  }
}
