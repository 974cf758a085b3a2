/**
 * Test kit of the whole game's engine (tests and benchmarks only): a game scripted through `decide`,
 * recording every state and batch, with the table's decisions answered the plain way; the two crews and
 * the set-up of the golden seed; a Start Phase and the activations of a turn.
 */
import * as table from '../../malifaux-table/engine/index.js';
import { arcanistCrew, inkwellTable } from '../crews/fixtures.js';
import { decide, evolveAll, initialState, pendingDecisions, type Actor } from './game.js';
import { publicEvent, publicView } from './views.js';
import type { ModelInPlay, WholeCommand, WholeEvent, WholeOptions, WholeState } from './schema.js';
import type { Encounter } from './encounter.js';
import type { SchemeChoice } from './schemes.js';
import type { Seat } from './setup.js';

/** The table engine's golden seed: seat 1 attacks, core pool {3, 5, 7, 10, 11} (engine README). */
export const SEED = '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';

export const ACTORS: readonly [Actor, Actor] = [
  { userId: 'u-alice', seat: 0, referee: false },
  { userId: 'u-bob', seat: 1, referee: false },
];

/** A referee without a seat (the app gives referee powers; the rules only read them). */
export const REFEREE: Actor = { userId: 'u-rita', seat: null, referee: true };

export function startCommand(seed = SEED, gameId = 'g1', encounter?: Encounter, options: Partial<WholeOptions> = {}): WholeCommand {
  return { type: 'startWholeGame', gameId, seats: [{ userId: 'u-alice', name: 'Alice' }, { userId: 'u-bob', name: 'Bob' }], seed, createdBy: 'u-alice', options: { pack: 'core', encounterSize: 50, ...(encounter ? { encounter } : {}), ...options } };
}

export const ADA_CREW = arcanistCrew('Leader:\n  Ada Quill\nTotem(s):\n  Blotter\nHires:\n  Scribe Major\n  Press Golem\n  Quill Knight\n  Ink Sprite\n  Page\n');
export const SCRIBE_CREW = arcanistCrew('Leader:\n  Scribe Major\nHires:\n  Press Golem\n  Quill Knight\n  Ink Sprite\n  Page\n  Page\n  Furnace Hand\n');

/** One command's events, with the states before and after (what the presentation is handed). */
export interface Batch {
  before: WholeState;
  events: WholeEvent[];
  after: WholeState;
}

/** A plain answer to the table's decision: no cheat, no soulstone, no trigger, the first discards. */
export function plainAnswer(d: table.PendingDecision): string | string[] {
  const choices = table.decisionChoices(d);
  if (d.kind === 'cheat') return table.DECLINE;
  if (d.kind === 'discardDown') return choices.slice(0, d.count);
  if (d.kind === 'trigger') return table.NO_TRIGGER;
  return choices.find((c) => c === 'none' || c === 'false' || c === 'no') ?? choices[0]!;
}

export class ScriptedGame {
  state: WholeState = initialState;
  readonly log: WholeEvent[] = [];
  readonly batches: Batch[] = [];
  /** Every state reached, and the log's length when it was (to check replay against). */
  readonly states: WholeState[] = [];
  readonly lengths: number[] = [];

  /** Plays a command, failing loudly on a refusal, then answers the table's decisions it opened. */
  send(command: WholeCommand, seat: Seat): void {
    this.apply(command, ACTORS[seat]);
    this.answerCards();
  }

  refused(command: WholeCommand, seat: Seat): string | null {
    return this.refusedAs(command, ACTORS[seat]);
  }

  refusedAs(command: WholeCommand, actor: Actor): string | null {
    const decided = decide(this.state, command, actor);
    return decided.ok ? null : decided.error.code;
  }

  /** Plays a command as any actor (a referee), then answers the table's decisions it opened. */
  sendAs(command: WholeCommand, actor: Actor): void {
    this.apply(command, actor);
    this.answerCards();
  }

  answerCards(): void {
    for (let d = table.pendingDecision(this.state.table); d; d = table.pendingDecision(this.state.table)) {
      const command = table.commandForChoice(d, plainAnswer(d));
      if (!command) throw new Error(`no answer for ${d.kind}`);
      this.apply(command, ACTORS[d.seat]);
    }
  }

  private apply(command: WholeCommand, actor: Actor): void {
    const decided = decide(this.state, command, actor);
    if (!decided.ok) throw new Error(`${command.type} by ${actor.userId} refused: ${JSON.stringify(decided.error)}`);
    this.batches.push({ before: this.state, events: decided.value.events, after: decided.value.state });
    this.log.push(...decided.value.events);
    this.state = decided.value.state;
    this.states.push(this.state);
    this.lengths.push(this.log.length);
  }

  get game() {
    return this.state.game!;
  }
  get turn() {
    return this.game.turn!;
  }
  model(seat: Seat, name: string): ModelInPlay {
    const m = this.game.models.find((x) => x.seat === seat && x.name === name && x.status !== 'killed' && x.status !== 'removed');
    if (!m) throw new Error(`no ${name} in seat ${seat}`);
    return m;
  }
}

/** A scheme picked with its enemy models (ids), nothing else. */
export const pick = (scheme: string, enemy: string[] = []) => ({ scheme, friendly: [], enemy, markerType: null, terrain: null }) as never;

/** What a test may fix of the set-up: a fixed encounter (only the Attacker is flipped), each seat's schemes. */
export interface SetUpWith {
  encounter?: Encounter;
  /** The game's other options (/game new's), e.g. `noCostValue`. */
  options?: Partial<WholeOptions>;
  schemes?: (g: ScriptedGame) => [SchemeChoice, SchemeChoice];
}

/** Set-up to turn 1 on the golden seed: both crews, schemes, SETUP-9's Attacker, Defender, Attacker. */
export function setUp(wanted: SetUpWith = {}): ScriptedGame {
  const g = new ScriptedGame();
  g.send(startCommand(SEED, 'g1', wanted.encounter, wanted.options), 0);
  g.send({ type: 'declareCrew', crew: ADA_CREW, profiles: inkwellTable }, 0);
  g.send({ type: 'declareCrew', crew: SCRIBE_CREW, profiles: inkwellTable }, 1);
  const schemes = wanted.schemes?.(g) ?? [
    [pick('core.harness-the-ley-line'), pick('core.assassinate')],
    [pick('core.take-prisoner', [g.model(0, 'Press Golem').id]), pick('core.deliver-a-message', [g.model(0, 'Ada Quill').id])],
  ];
  g.send({ type: 'chooseSchemes', choice: schemes[0] }, 0);
  g.send({ type: 'chooseSchemes', choice: schemes[1] }, 1);
  g.send({ type: 'deployed' }, 1);
  g.send({ type: 'deployed' }, 0);
  g.send({ type: 'deployed' }, 1);
  return g;
}

/** A turn's Start Phase: discards, draws, initiative (the winner keeps it, or gives it away), effects. */
export function startPhase(g: ScriptedGame, winner: 'keeps' | 'gives' = 'keeps'): void {
  if (g.turn.step === 'discard') for (const s of [0, 1] as const) g.send({ type: 'startStepDone' }, s);
  for (let i = 0; i < 2; i++) g.send({ type: 'startStepDone' }, g.turn.pending[0]!);
  while (g.turn.phase === 'initiative' && g.turn.step === 'flip') {
    for (const s of [0, 1] as const) if (g.game.initiativeValues[s] === null) g.send({ type: 'flipInitiative' }, s);
  }
  const chooser = g.turn.chooser!;
  g.send({ type: 'chooseInitiative', holder: winner === 'keeps' ? chooser : chooser === 0 ? 1 : 0 }, chooser);
  for (let i = 0; i < 2; i++) g.send({ type: 'startStepDone' }, g.turn.pending[0]!);
}

/** Activations in turn order: each model takes one action and ends (a hook may act before it ends). */
export function activations(g: ScriptedGame, during?: (g: ScriptedGame, seat: Seat, model: ModelInPlay) => void): Seat[] {
  const order: Seat[] = [];
  while (g.turn.phase === 'activations') {
    const seat = g.turn.active!;
    const next = g.game.models.find((m) => m.controller === seat && !m.activated && (m.status === 'in-play' || m.status === 'buried'))!;
    g.send({ type: 'activate', model: next.id }, seat);
    order.push(seat);
    if (next.status === 'in-play') g.send({ type: 'takeAction' }, seat);
    during?.(g, seat, next);
    g.send({ type: 'endActivation' }, seat);
  }
  return order;
}

/**
 * The End Phase's scoring step played the plain way: the bot banks what its records decide; every other
 * objective is declined, and a claim still open is confirmed. Turn 1 has no step (U2).
 */
export function scoreNothing(g: ScriptedGame): void {
  for (let d = pendingDecisions(g.state)[0]; d?.kind.startsWith('score-'); d = pendingDecisions(g.state)[0]) {
    const seat = d.seat as Seat;
    if (d.kind === 'score-confirm') g.send({ type: 'confirmClaim' }, seat);
    else if (d.kind === 'score-disputed') g.send({ type: 'withdrawClaim' }, seat);
    else g.send({ type: 'scoringDone' }, seat);
  }
}

/** The public batch of a command, as the platform hands it to a presentation's afterAction. */
export function publicBatch(b: Batch) {
  const events = b.events.map(publicEvent).filter((e): e is WholeEvent => e !== null);
  // Each public event's index in the full list, to fold the state up to it.
  const at: number[] = [];
  b.events.forEach((e, i) => {
    if (publicEvent(e) !== null) at.push(i);
  });
  return { view: publicView(b.after), events, viewAfter: (i: number) => publicView(evolveAll(b.before, b.events.slice(0, (at[i] ?? b.events.length - 1) + 1))) };
}
