/**
 * Coin toss: the rules of a deliberately tiny game system that exists only in the tests, to prove that a
 * system plugs into the platform through the contract alone (src/systems/contract.ts).
 *
 * 1 to 4 seats take turns tossing a coin. After a toss the next seat (the tosser again when alone) calls it
 * heads or tails, privately: the call is hidden from everyone else until the tosser reveals the coin. The
 * coin is drawn from the secret seed: HMAC-SHA256(seed, "coin:<toss number>"), its first bit. A right call
 * scores the caller a point, a wrong one the tosser; the first to `target` points wins.
 *
 * Pure: no I/O, no clock; all randomness comes from the seed in the state.
 */
import { createHash, createHmac } from 'node:crypto';
import { z } from 'zod';
import type { Actor, DecisionSummary, Decided, EndKind, Outcome, PendingEnd, RuleError, SeatInfo, StartInput, Verification } from '../../../src/systems/contract.js';

export const SYSTEM_ID = 'coin-toss';
export const MAX_SEATS = 4;

// ---------------------------------------------------------------------------------------------------
// Schemas (stored events and snapshots are parsed with these, never cast)

const side = z.enum(['heads', 'tails']);
export type Side = z.infer<typeof side>;
export const SIDES: readonly Side[] = ['heads', 'tails'];

const seatIndex = z.number().int().min(0).max(MAX_SEATS - 1);
const tossNumber = z.number().int().min(1);
const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const id = z.string().min(1).max(64);
const label = z.string().max(50).nullable();
const seatInfo = z.strictObject({ userId: id, name: z.string().min(1).max(100) });
const decisionId = z.string().min(1).max(40);

const pendingSchema = z.union([
  /** The caller must call the toss (heads or tails), privately. */
  z.strictObject({ kind: z.literal('call'), id: decisionId, seat: seatIndex, toss: tossNumber, tosser: seatIndex }),
  /** The tosser must reveal the coin; the caller's call waits, hidden, in the state. */
  z.strictObject({ kind: z.literal('reveal'), id: decisionId, seat: seatIndex, toss: tossNumber, caller: seatIndex, call: side }),
]);
export type Pending = z.infer<typeof pendingSchema>;

const time = z.number().int().min(0);
/** /game end with a take-back window: paused until `until` (the edge's clock, ms). */
const endingSchema = z.strictObject({ by: id, seat: seatIndex.nullable(), concede: z.boolean(), at: time, until: time, reason: z.string().max(200).nullable() });

const lastTossSchema = z.strictObject({ toss: tossNumber, tosser: seatIndex, caller: seatIndex, call: side, coin: side, scorer: seatIndex });

const playingSchema = z.strictObject({
  status: z.enum(['active', 'ended']),
  gameId: id,
  createdBy: id,
  seats: z.array(seatInfo).min(1).max(MAX_SEATS),
  seed: hex64,
  seedCommitment: hex64,
  target: z.number().int().min(1).max(10),
  scores: z.array(z.number().int().min(0)).min(1).max(MAX_SEATS),
  /** Tosses made so far (the current one included). */
  tosses: z.number().int().min(0),
  /** Whose turn it is to toss. */
  turn: seatIndex,
  /** What the current toss is for (public). */
  label,
  pending: pendingSchema.nullable(),
  last: lastTossSchema.nullable(),
  ending: endingSchema.nullable(),
  endedBy: id.nullable(),
  endReason: z.string().max(200).nullable(),
  /** The seat that conceded (it lost), once ended by a concession. */
  conceded: seatIndex.nullable(),
});

export const stateSchema = z.union([z.strictObject({ status: z.literal('new') }), playingSchema]);
export type State = z.infer<typeof stateSchema>;
export type PlayingState = z.infer<typeof playingSchema>;

export const commandSchema = z.union([
  z.strictObject({ type: z.literal('start'), gameId: id, seats: z.array(seatInfo).min(1).max(MAX_SEATS), seed: z.string(), createdBy: id, target: z.number().int().min(1).max(10) }),
  z.strictObject({ type: z.literal('toss'), label }),
  z.strictObject({ type: z.literal('call'), decisionId, side }),
  z.strictObject({ type: z.literal('reveal'), decisionId }),
  z.strictObject({ type: z.literal('end'), reason: z.string().max(200).nullable(), concede: z.boolean(), at: time, until: time }),
  z.strictObject({ type: z.literal('takeBackEnd'), now: time }),
  z.strictObject({ type: z.literal('finalizeEnd'), now: time }),
]);
export type Command = z.infer<typeof commandSchema>;

const gameStarted = z.strictObject({ type: z.literal('GameStarted'), gameId: id, seats: z.array(seatInfo).min(1).max(MAX_SEATS), createdBy: id, seed: hex64, seedCommitment: hex64, target: z.number().int().min(1).max(10) });
const coinTossed = z.strictObject({ type: z.literal('CoinTossed'), toss: tossNumber, tosser: seatIndex, caller: seatIndex, label });
const callMade = z.strictObject({ type: z.literal('CallMade'), toss: tossNumber, seat: seatIndex, side });
const coinRevealed = z.strictObject({ type: z.literal('CoinRevealed'), toss: tossNumber, tosser: seatIndex, caller: seatIndex, call: side, coin: side, scorer: seatIndex });
const gameEnded = z.strictObject({ type: z.literal('GameEnded'), by: id.nullable(), reason: z.string().max(200).nullable(), conceded: seatIndex.nullable() });
const endRequested = z.strictObject({ type: z.literal('EndRequested'), ...endingSchema.shape });
const endTakenBack = z.strictObject({ type: z.literal('EndTakenBack'), by: id });
/**
 * After an undo: the toss numbers already dealt are never dealt again (`tosses`), and a pending toss whose
 * coin the table saw (its reveal was undone) is tossed anew under a fresh number (`retossed`).
 */
const coinsSeenKeptOut = z.strictObject({ type: z.literal('CoinsSeenKeptOut'), tosses: tossNumber, retossed: tossNumber.nullable() });

/** The events as stored: the full facts, hidden parts included. */
export const eventSchema = z.discriminatedUnion('type', [gameStarted, coinTossed, callMade, coinRevealed, gameEnded, endRequested, endTakenBack, coinsSeenKeptOut]);
export type GameEvent = z.infer<typeof eventSchema>;

/** The events as the public log shows them while the game runs: no seed, no call before its reveal. */
export type PublicEvent = Exclude<GameEvent, { type: 'GameStarted' | 'CallMade' }> | Omit<z.infer<typeof gameStarted>, 'seed'> | Omit<z.infer<typeof callMade>, 'side'>;

/** What the module's functions take and give: stored events, or their public form. */
export type Event = GameEvent | PublicEvent;

// ---------------------------------------------------------------------------------------------------
// Randomness: everything from the seed

export function seedCommitment(seed: string): string {
  return createHash('sha256').update(`coin-toss:${seed}`).digest('hex');
}

/** The coin of toss number `toss`: the first bit of HMAC-SHA256(seed, "coin:<toss>"). */
export function coinOf(seed: string, toss: number): Side {
  const mac = createHmac('sha256', Buffer.from(seed, 'hex')).update(`coin:${toss}`).digest();
  return (mac[0]! & 1) === 0 ? 'heads' : 'tails';
}

// ---------------------------------------------------------------------------------------------------
// Rules

export const initialState: State = { status: 'new' };

/** The named options of /game new this system reads (others are ignored). */
const startOptions = z.object({ target: z.number().int().min(1).max(10).optional() }).strip();

export function start(input: StartInput): Command {
  const options = startOptions.safeParse(input.options);
  return { type: 'start', gameId: input.gameId, seats: input.seats.map((s) => ({ userId: s.userId, name: s.name })), seed: input.seed, createdBy: input.createdBy, target: (options.success ? options.data.target : undefined) ?? 3 };
}

export function end(input: { kind: EndKind; at: number; until: number; reason: string | null }): Command {
  return { type: 'end', reason: input.reason, concede: input.kind === 'concede', at: input.at, until: input.until };
}

export const takeBackEnd = ({ now }: { now: number }): Command => ({ type: 'takeBackEnd', now });
export const finalizeEnd = ({ now }: { now: number }): Command => ({ type: 'finalizeEnd', now });

export function pendingEnd(state: State): PendingEnd | null {
  if (state.status !== 'active' || !state.ending) return null;
  const { by, seat, concede, at, until } = state.ending;
  return { by, seat, kind: concede ? 'concede' : 'abandon', at, until };
}

const refuse = (code: string, params?: Record<string, string | number>): { ok: false; error: RuleError } => ({ ok: false, error: { code, ...(params ? { params } : {}) } });

function decisionIdOf(kind: Pending['kind'], toss: number): string {
  return `${kind}-${toss}`;
}

/** The events a command causes (or why not). */
function eventsFor(state: State, command: Command, actor: Actor): { ok: true; events: GameEvent[] } | { ok: false; error: RuleError } {
  if (command.type === 'start') {
    if (state.status !== 'new') return refuse('GAME_ALREADY_STARTED');
    if (!/^[0-9a-f]{64}$/.test(command.seed)) return refuse('INVALID_SEED');
    const users = new Set(command.seats.map((s) => s.userId));
    if (users.size !== command.seats.length) return refuse('INVALID_COMMAND', { field: 'seats', problem: 'a player sits twice' });
    return {
      ok: true,
      events: [{ type: 'GameStarted', gameId: command.gameId, seats: command.seats.map((s) => ({ ...s })), createdBy: command.createdBy, seed: command.seed, seedCommitment: seedCommitment(command.seed), target: command.target }],
    };
  }
  if (state.status === 'new') return refuse('GAME_NOT_STARTED');
  if (state.status === 'ended') return refuse('GAME_ENDED');
  const pending = state.pending;
  const ending = state.ending;
  if (ending && command.type !== 'takeBackEnd' && command.type !== 'finalizeEnd') return refuse('GAME_ENDING', { until: Math.floor(ending.until / 1000) });
  switch (command.type) {
    case 'toss': {
      if (pending) return refuse('WAITING_FOR_DECISION', { seat: pending.seat, kind: pending.kind });
      if (actor.seat !== state.turn && !actor.referee) return actor.seat === null ? refuse('PLAYER_NOT_SEATED') : refuse('NOT_YOUR_SEAT', { seat: state.turn });
      const toss = state.tosses + 1;
      return { ok: true, events: [{ type: 'CoinTossed', toss, tosser: state.turn, caller: (state.turn + 1) % state.seats.length, label: command.label }] };
    }
    case 'call':
    case 'reveal': {
      // Answers quote the decision they answer: any other id (an older decision, a made-up one) is stale.
      if (!pending || pending.id !== command.decisionId || pending.kind !== command.type) return refuse('STALE_DECISION');
      // The call is private: only the caller may make it (a referee may not call for them).
      if (actor.seat !== pending.seat) return actor.seat === null ? refuse('PLAYER_NOT_SEATED') : refuse('NOT_YOUR_SEAT', { seat: pending.seat });
      if (command.type === 'call' && pending.kind === 'call') return { ok: true, events: [{ type: 'CallMade', toss: pending.toss, seat: pending.seat, side: command.side }] };
      if (pending.kind !== 'reveal') return refuse('STALE_DECISION');
      const coin = coinOf(state.seed, pending.toss);
      const scorer = coin === pending.call ? pending.caller : pending.seat;
      const events: GameEvent[] = [{ type: 'CoinRevealed', toss: pending.toss, tosser: pending.seat, caller: pending.caller, call: pending.call, coin, scorer }];
      if (state.scores[scorer]! + 1 >= state.target) events.push({ type: 'GameEnded', by: null, reason: 'target', conceded: null });
      return { ok: true, events };
    }
    case 'end': {
      if (actor.seat === null && !actor.referee) return refuse('PLAYER_NOT_SEATED');
      if (command.concede && actor.seat === null) return refuse('NOT_A_PLAYER');
      if (command.until > command.at) return { ok: true, events: [{ type: 'EndRequested', by: actor.userId, seat: actor.seat, concede: command.concede, at: command.at, until: command.until, reason: command.reason }] };
      return { ok: true, events: [{ type: 'GameEnded', by: actor.userId, reason: command.reason, conceded: command.concede ? actor.seat : null }] };
    }
    case 'takeBackEnd':
      if (!ending) return refuse('NO_END_PENDING');
      if (actor.seat === null && !actor.referee) return refuse('PLAYER_NOT_SEATED');
      if (command.now >= ending.until) return refuse('END_WINDOW_CLOSED', { until: Math.floor(ending.until / 1000) });
      return { ok: true, events: [{ type: 'EndTakenBack', by: actor.userId }] };
    case 'finalizeEnd':
      if (!ending) return refuse('NO_END_PENDING');
      if (command.now < ending.until) return refuse('END_NOT_DUE', { until: Math.floor(ending.until / 1000) });
      return { ok: true, events: [{ type: 'GameEnded', by: ending.by, reason: ending.reason, conceded: ending.concede ? ending.seat : null }] };
    default: {
      const never: never = command;
      return never;
    }
  }
}

export function decide(state: State, command: Command, actor: Actor): Decided<State, Event> {
  const parsed = commandSchema.safeParse(command);
  if (!parsed.success) return refuse('INVALID_COMMAND', { field: parsed.error.issues[0]?.path.join('.') || 'command', problem: parsed.error.issues[0]?.code ?? 'invalid' });
  const decided = eventsFor(state, parsed.data, actor);
  if (!decided.ok) return decided;
  return { ok: true, value: { events: decided.events, state: decided.events.reduce(evolve, state) } };
}

/** A plain fold: no procedure, no randomness (the coin is in the event). */
export function evolve(state: State, event: GameEvent): State {
  if (event.type === 'GameStarted') {
    return {
      status: 'active',
      gameId: event.gameId,
      createdBy: event.createdBy,
      seats: event.seats.map((s) => ({ ...s })),
      seed: event.seed,
      seedCommitment: event.seedCommitment,
      target: event.target,
      scores: event.seats.map(() => 0),
      tosses: 0,
      turn: 0,
      label: null,
      pending: null,
      last: null,
      ending: null,
      endedBy: null,
      endReason: null,
      conceded: null,
    };
  }
  if (state.status === 'new') throw new Error(`${event.type} before GameStarted`);
  switch (event.type) {
    case 'CoinTossed':
      return { ...state, tosses: event.toss, label: event.label, pending: { kind: 'call', id: decisionIdOf('call', event.toss), seat: event.caller, toss: event.toss, tosser: event.tosser } };
    case 'CallMade': {
      const tosser = state.pending?.kind === 'call' ? state.pending.tosser : state.turn;
      return { ...state, pending: { kind: 'reveal', id: decisionIdOf('reveal', event.toss), seat: tosser, toss: event.toss, caller: event.seat, call: event.side } };
    }
    case 'CoinRevealed':
      return {
        ...state,
        scores: state.scores.map((s, i) => (i === event.scorer ? s + 1 : s)),
        turn: (event.tosser + 1) % state.seats.length,
        label: null,
        pending: null,
        last: { toss: event.toss, tosser: event.tosser, caller: event.caller, call: event.call, coin: event.coin, scorer: event.scorer },
      };
    case 'GameEnded':
      return { ...state, status: 'ended', pending: null, ending: null, endedBy: event.by, endReason: event.reason, conceded: event.conceded };
    case 'EndRequested': {
      const { type: _type, ...ending } = event;
      return { ...state, ending };
    }
    case 'EndTakenBack':
      return { ...state, ending: null };
    case 'CoinsSeenKeptOut': {
      const p = state.pending;
      const pending = p && event.retossed !== null ? { ...p, toss: event.retossed, id: decisionIdOf(p.kind, event.retossed) } : p;
      return { ...state, tosses: Math.max(state.tosses, event.tosses), pending };
    }
    default: {
      const never: never = event;
      return never;
    }
  }
}

export function replay(events: readonly GameEvent[]): State {
  return events.reduce(evolve, initialState);
}

export function seatsOf(state: State): SeatInfo[] {
  return state.status === 'new' ? [] : state.seats.map((s) => ({ ...s }));
}

export function pendingDecisions(state: State): DecisionSummary[] {
  return state.status === 'active' && state.pending ? [{ seat: state.pending.seat, kind: state.pending.kind, id: state.pending.id }] : [];
}

// ---------------------------------------------------------------------------------------------------
// Views

export interface PublicDecision {
  kind: Pending['kind'];
  seat: number;
  id: string;
  toss: number;
}

export type PublicView =
  | { status: 'new' }
  | {
      status: 'active' | 'ended';
      gameId: string;
      createdBy: string;
      seats: SeatInfo[];
      scores: number[];
      target: number;
      tosses: number;
      turn: number;
      label: string | null;
      /** Whose decision the table waits for — never the call itself. */
      pending: PublicDecision | null;
      last: PlayingState['last'];
      seedCommitment: string;
      /** Only once the game has ended. */
      seed: string | null;
      /** An end waiting for its take-back window. */
      ending: PlayingState['ending'];
      endedBy: string | null;
      endReason: string | null;
      conceded: number | null;
    };

export type PrivateView =
  | { status: 'new' }
  | (Exclude<PublicView, { status: 'new' }> & {
      viewer: number;
      /** The call this seat made and the table has not seen yet. */
      myCall: Side | null;
      /** The pending decision, when it is this seat's. */
      decision: PublicDecision | null;
    });

export function publicView(state: State): PublicView {
  if (state.status === 'new') return { status: 'new' };
  const p = state.pending;
  return {
    status: state.status,
    gameId: state.gameId,
    createdBy: state.createdBy,
    seats: state.seats.map((s) => ({ ...s })),
    scores: [...state.scores],
    target: state.target,
    tosses: state.tosses,
    turn: state.turn,
    label: state.label,
    pending: p ? { kind: p.kind, seat: p.seat, id: p.id, toss: p.toss } : null,
    last: state.last ? { ...state.last } : null,
    seedCommitment: state.seedCommitment,
    seed: state.status === 'ended' ? state.seed : null,
    ending: state.ending ? { ...state.ending } : null,
    endedBy: state.endedBy,
    endReason: state.endReason,
    conceded: state.conceded,
  };
}

export function privateView(state: State, seat: number): PrivateView {
  const view = publicView(state);
  if (view.status === 'new' || state.status === 'new') return { status: 'new' };
  const p = state.pending;
  return {
    ...view,
    viewer: seat,
    myCall: p?.kind === 'reveal' && p.caller === seat ? p.call : null,
    decision: view.pending && view.pending.seat === seat ? { ...view.pending } : null,
  };
}

/** The event as the public log may show it while the game runs. */
export function publicEvent(event: Event): Event | null {
  if (event.type === 'GameStarted' && 'seed' in event) {
    const { seed: _seed, ...rest } = event;
    return rest;
  }
  if (event.type === 'CallMade' && 'side' in event) {
    const { side: _side, ...rest } = event;
    return rest;
  }
  return { ...event } as Event;
}

/** A revealed coin was seen: taking the reveal back alone would be a second try at it. */
export function undoRevealsHidden(events: readonly Event[]): boolean {
  return events.some((e) => e.type === 'CoinRevealed');
}

/**
 * The amends of an undo: toss numbers already dealt are never dealt again, and a toss still pending whose
 * coin the table saw (its reveal was undone) gets a fresh number, so its coin is a new one. An end is not
 * undone (it has its own take-back).
 */
export function undo(before: State, since: readonly Event[]): Decided<State, Event> {
  if (before.status !== 'active') return refuse(before.status === 'new' ? 'GAME_NOT_STARTED' : 'GAME_ENDED');
  if (before.ending || since.some((e) => e.type === 'EndRequested' || e.type === 'EndTakenBack' || e.type === 'GameEnded')) return refuse('UNDO_PAST_END');
  let dealt = before.tosses;
  const revealed = new Set<number>();
  for (const e of since) {
    if (e.type === 'CoinTossed' || e.type === 'CoinRevealed') dealt = Math.max(dealt, e.toss);
    if (e.type === 'CoinRevealed') revealed.add(e.toss);
  }
  const retoss = before.pending !== null && revealed.has(before.pending.toss);
  const tosses = retoss ? dealt + 1 : dealt;
  if (tosses === before.tosses && !retoss) return { ok: true, value: { events: [], state: before } };
  const events: GameEvent[] = [{ type: 'CoinsSeenKeptOut', tosses, retossed: retoss ? tosses : null }];
  return { ok: true, value: { events, state: events.reduce(evolve, before) } };
}

export function outcome(state: State): Outcome {
  if (state.status !== 'ended') return { finished: false };
  const best = Math.max(...state.scores);
  const leaders = state.scores.filter((s) => s === best).length;
  const conceded = state.conceded;
  // Played to the target: the scores decide. Conceded: the conceder loses, everyone else wins. Abandoned: no result.
  const how = conceded !== null ? 'conceded' : state.endReason === 'target' && state.endedBy === null ? 'played' : 'abandoned';
  return {
    finished: true,
    endedBy: state.endedBy,
    reason: state.endReason,
    how,
    seats: state.seats.map((s, seat) => ({
      seat,
      userId: s.userId,
      name: s.name,
      result: how === 'conceded' ? (seat === conceded ? 'loss' : 'win') : how === 'abandoned' ? null : state.scores[seat] === best ? (leaders === 1 ? 'win' : 'draw') : 'loss',
      vp: state.scores[seat]!,
    })),
  };
}

export function verify(state: State, events: readonly Event[]): Verification {
  if (state.status === 'new') return { ok: false, commitmentOk: false, checks: [], problem: 'not started', seed: '', commitment: '' };
  const commitmentOk = seedCommitment(state.seed) === state.seedCommitment;
  const checks = events.flatMap((e) => (e.type === 'CoinRevealed' ? [{ what: `coin of toss #${e.toss}`, ok: coinOf(state.seed, e.toss) === e.coin }] : []));
  return { ok: commitmentOk && checks.every((c) => c.ok), commitmentOk, checks, seed: state.seed, commitment: state.seedCommitment };
}
