/**
 * The use cases every game goes through, whatever its system: load the game (its system looked up by
 * the stored id, its snapshot or log parsed with that system's schemas), let the system decide, store
 * the events with compare-and-swap on the version, and hand back what changed.
 *
 * The event log is append-only, undo included: an undo is itself logged (`LogEntryUndone`, then the
 * system's amends) and hides the batches it takes back from the replay (see tableLog.ts and undo.ts).
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { GameStore, NewEvent, StoredEvent, StoredGame, TurnClock } from '../store/contract.js';
import type { AnySystem, SeatLookup } from '../systems/contract.js';
import type { AppServices } from './services.js';
import type { LoadedGame } from './loadedGame.js';
import type { Problem } from './problems.js';
import { gameCacheOf, oneWriteAtATime } from './writePath.js';
import { effectiveEntries, isTableEntry, tableEntrySchema, undoneBatches, type RefereesChosen, type SystemEvent, type TableEntry } from './tableLog.js';
import { isReferee } from './referees.js';
import { awaitingChange, awaitingOf, TURN_CLOCK_HOURS } from './awaiting.js';

export type { LoadedGame } from './loadedGame.js';
export type { SystemEvent, TableEntry, UndoMarker } from './tableLog.js';
export { effectiveEntries, isTableEntry, isUndoMarker } from './tableLog.js';

/** How events are wrapped in storage: the batch is the version that wrote them (one command = one batch). */
export interface StoredPayload {
  batch: number;
  event: SystemEvent | TableEntry;
}

/** A stored log entry, parsed: the batch, and the system's event (or one of the table's own entries). */
export interface LogEntry {
  seq: number;
  batch: number;
  actor: string | null;
  at: Date;
  event: SystemEvent | TableEntry;
}

/**
 * Parses a stored log with its system's event schema: a corrupt or foreign entry is a problem naming the
 * entry, never an event of another shape played as if it were one. Then, if the system's events changed
 * shape since the log was written, the system brings it up to date (`upcast`).
 */
export function parseLog(system: AnySystem, game: Pick<StoredGame, 'id'>, log: readonly StoredEvent[]): { ok: true; entries: LogEntry[] } | { ok: false; problem: Problem } {
  const payloadSchema = z.object({ batch: z.number().int().positive(), event: z.union([tableEntrySchema, system.schemas.event]) });
  const entries: LogEntry[] = [];
  for (const stored of log) {
    const parsed = payloadSchema.safeParse(stored.payload);
    if (!parsed.success) return { ok: false, problem: { code: 'CORRUPT_LOG', params: { game: game.id, entry: `#${stored.seq}` } } };
    entries.push({ seq: stored.seq, batch: parsed.data.batch, actor: stored.actor, at: stored.at, event: parsed.data.event as SystemEvent | TableEntry });
  }
  return { ok: true, entries: upcastEntries(system, entries) };
}

function upcastEntries(system: AnySystem, entries: LogEntry[]): LogEntry[] {
  if (!system.upcast) return entries;
  // The batches that still count, in order: an undone batch is never replayed, and the batches after it
  // were decided without it, so it is left as written.
  const undone = undoneBatches(entries);
  const order: number[] = [];
  const byBatch = new Map<number, SystemEvent[]>();
  for (const entry of entries) {
    if (isTableEntry(entry.event) || undone.has(entry.batch)) continue;
    const events = byBatch.get(entry.batch);
    if (events) events.push(entry.event);
    else {
      order.push(entry.batch);
      byBatch.set(entry.batch, [entry.event]);
    }
  }
  const batches = order.map((b) => byBatch.get(b)!);
  const upcast = system.upcast(batches);
  if (upcast === batches) return entries;
  const replaced = new Map(order.map((b, i) => [b, upcast[i] ?? []]));
  const out: LogEntry[] = [];
  const done = new Set<number>();
  for (const entry of entries) {
    const events = isTableEntry(entry.event) ? undefined : replaced.get(entry.batch);
    if (events === undefined) {
      out.push(entry);
      continue;
    }
    if (done.has(entry.batch)) continue;
    done.add(entry.batch);
    for (const event of events) out.push({ ...entry, event });
  }
  return out;
}

/** The events that still count in a stored log read as written (tools and tests that wrote it themselves; the use cases parse). */
export function effectiveEvents<E extends SystemEvent = SystemEvent>(log: readonly StoredEvent[]): Array<{ batch: number; event: E }> {
  return effectiveEntries(log.map((stored) => stored.payload as StoredPayload)) as Array<{ batch: number; event: E }>;
}

export type Loaded = { ok: true; game: LoadedGame } | { ok: false; problem: Problem };

/** The system a stored game names, or the problem that it is not built here. */
export function systemOf(services: Pick<AppServices, 'systems'>, stored: Pick<StoredGame, 'system'>): AnySystem | null {
  return services.systems.byId(stored.system);
}

/** Reads a stored game through its own system: snapshot if it parses, else the parsed log replayed. */
export async function loadGame(services: Pick<AppServices, 'store' | 'systems'>, stored: StoredGame): Promise<Loaded> {
  const system = systemOf(services, stored);
  if (!system) return { ok: false, problem: { code: 'UNKNOWN_SYSTEM', params: { system: stored.system } } };
  const parsed = system.schemas.state.safeParse(stored.snapshot);
  if (parsed.success) return { ok: true, game: { stored, system, state: parsed.data } };
  // A snapshot that fails validation is never trusted; the log is the truth, so rebuild from it.
  const log = parseLog(system, stored, await services.store.listEvents(stored.id));
  if (!log.ok) return log;
  return { ok: true, game: { stored, system, state: system.replay(effectiveEntries(log.entries).map((e) => e.event)) } };
}

/** A game named by a component's custom id: only a hint, so a missing or unknown id is a stale button. */
export async function loadGameById(services: Pick<AppServices, 'store' | 'systems'>, gameId: string): Promise<Loaded> {
  const stored = await services.store.getGame(gameId);
  return stored ? loadGame(services, stored) : { ok: false, problem: { code: 'STALE_BUTTON' } };
}

export async function loadActiveGame(services: Pick<AppServices, 'store' | 'systems'>, channelId: string): Promise<Loaded> {
  const stored = await services.store.findActiveGame(channelId);
  return stored ? loadGame(services, stored) : { ok: false, problem: { code: 'NO_GAME' } };
}

/**
 * The channel's active game, for the checks made just before acting on it (which system plays there,
 * whether an end waits). When the write path's cache holds the channel's game (GameCache), that is the
 * game: the act that follows decides on the same cached state and writes with compare-and-swap on its
 * version, so a cache that fell behind (another process wrote, ended or replaced the game) costs a refused
 * append and a fresh read there, never a write on stale state. Reading the row anyway, to compare
 * versions, cost a /flip on SQLite more than deciding and storing it: every write from the writer thread
 * empties the reading connection's page cache, so each read fetched its pages again (bench/README.md).
 */
export async function loadActiveGameToAct(services: Pick<AppServices, 'store' | 'systems'>, channelId: string): Promise<Loaded> {
  const cached = gameCacheOf(services.store).activeIn(channelId);
  return cached ? { ok: true, game: cached } : loadActiveGame(services, channelId);
}

/** The channel's latest game, active or ended, with its parsed log (the audit log, the verification). */
export async function loadLatestGame(services: Pick<AppServices, 'store' | 'systems'>, channelId: string): Promise<{ ok: true; game: LoadedGame; log: LogEntry[] } | { ok: false; problem: Problem }> {
  const stored = await services.store.findLatestGame(channelId);
  if (!stored) return { ok: false, problem: { code: 'NO_GAME_EVER' } };
  const loaded = await loadGame(services, stored);
  if (!loaded.ok) return loaded;
  const log = parseLog(loaded.game.system, stored, await services.store.listEvents(stored.id));
  if (!log.ok) return log;
  return { ok: true, game: loaded.game, log: log.entries };
}

export interface Who {
  userId: string;
  roles: readonly string[];
  /**
   * The interaction asking: stored with the events it causes, so a retried delivery never acts twice.
   * Always present (the edge refuses an interaction without a valid id before anything acts).
   */
  interactionId: string;
  /** Told once the write is committed (so an error after it never claims that nothing changed). */
  onCommitted?: () => void;
}

export function seatOf(game: Pick<LoadedGame, 'system' | 'state'>, userId: string): number | null {
  const index = game.system.seatsOf(game.state).findIndex((s) => s.userId === userId);
  return index >= 0 ? index : null;
}

export function toNewEvents(events: readonly (SystemEvent | TableEntry)[], batch: number, actor: string | null): NewEvent[] {
  return events.map((event) => ({ type: event.type, payload: { batch, event } satisfies StoredPayload, actor }));
}

export const CONFLICT: Problem = { code: 'CONCURRENT_ACTION' };

/** Which game: a slash command names its channel, a component names its game (it may be clicked in a DM). */
export type Where = string | { gameId: string };

/** The command, or how to build it from the seats of the state it will be decided on (e.g. the asker's own seat). */
export type Wish = unknown | ((seatOf: SeatLookup, system: AnySystem) => unknown | Problem);

function isProblem(value: unknown): value is Problem {
  return typeof value === 'object' && value !== null && 'code' in value && !('type' in value);
}

export type ActResult =
  | { ok: true; game: LoadedGame; before: unknown; events: SystemEvent[] }
  | { ok: false; problem: Problem; game?: LoadedGame };

/**
 * Runs one command against a game. A lost compare-and-swap race is retried once on fresh state (the
 * command is re-decided, never merged); a second loss is reported to the user.
 *
 * The hot path is one append: the game usually comes from this process's cache (GameCache; a stale entry
 * only costs an extra attempt), a player needs no referee lookup unless the rules refuse them as a player,
 * and commands for one game in this process wait for each other (WriteQueues) rather than race.
 *
 * `anyone`: the command may come from someone with no seat and no referee powers (making a due end final,
 * which anyone's next look at the game does).
 */
export interface ActOptions {
  anyone?: boolean;
  /** false: write no receipt of the interaction (a write it causes beside its own, e.g. a due end made final first). */
  receipt?: boolean;
  /** The game may have ended (a referee's correction after the end): the rules alone say what they accept then. */
  ended?: boolean;
}

export function act(services: AppServices, where: Where, who: Who, command: Wish, options: ActOptions = {}): Promise<ActResult> {
  return oneWriteAtATime(services.store, where, () => actNow(services, where, who, command, options));
}

async function actNow(services: AppServices, where: Where, who: Who, command: Wish, options: ActOptions): Promise<ActResult> {
  const cache = gameCacheOf(services.store);
  // The first attempt may start from this process's cache (see GameCache); if its append loses the
  // compare-and-swap, the cache was behind, which is not a race the user took part in, so the two
  // attempts on state read from the database follow as they always did.
  let game: LoadedGame | null | undefined = typeof where === 'string' ? cache.activeIn(where) : cache.get(where.gameId);
  for (let reads = 0; ; ) {
    if (!game) {
      if (reads === 2) return { ok: false, problem: CONFLICT };
      reads++;
      const loaded = typeof where === 'string' ? await loadActiveGame(services, where) : await loadGameById(services, where.gameId);
      if (!loaded.ok) return loaded;
      game = loaded.game;
      if (game.stored.status !== 'active' && !options.ended) return { ok: false, problem: { code: 'STALE_BUTTON' } };
      cache.remember(game);
    }
    const decided = await decideOn(services, game, who, command, options);
    if (!decided.ok) {
      // A refusal decided on the cache is confirmed on the database's state first: if another process
      // moved the game on, the command is decided again on what the database holds (never refused for a
      // state that is gone). Refusals are rare; the hot path stays free of reads.
      if (reads > 0) return { ok: false, problem: decided.problem, ...(decided.aboutGame ? { game } : {}) };
      cache.forget(game.stored.id);
      game = undefined;
      continue;
    }
    const { system } = game;
    const { events, state } = decided;
    const batch = game.stored.version + 1;
    const awaiting = awaitingChange(system, game.stored.turnClock, game.state, state);
    const appended = await services.store.appendEvents({
      gameId: game.stored.id,
      expectedVersion: game.stored.version,
      events: toNewEvents(events, batch, who.userId),
      snapshot: state,
      status: system.phase(state) === 'ended' ? 'ended' : 'active',
      ...(options.receipt === false ? {} : { interactionId: who.interactionId }),
      ...(awaiting ? { awaiting } : {}),
    });
    if (appended.ok) {
      if (options.receipt !== false) who.onCommitted?.();
      const after: LoadedGame = { stored: appended.game, system, state };
      cache.remember(after);
      return { ok: true, game: after, before: game.state, events };
    }
    if (appended.reason === 'duplicate_interaction') return { ok: false, problem: { code: 'DUPLICATE_INTERACTION' } };
    // Lost the compare-and-swap: someone wrote since this state was read (or cached). Decide again on
    // what the database holds now.
    cache.forget(game.stored.id);
    game = undefined;
  }
}

/** The events and state a command leads to on `game`, or why the rules (or the asker's standing) refuse it. */
async function decideOn(
  services: AppServices,
  game: LoadedGame,
  who: Who,
  command: Wish,
  options: ActOptions,
): Promise<{ ok: true; events: SystemEvent[]; state: unknown } | { ok: false; problem: Problem; aboutGame: boolean }> {
  const { system } = game;
  const seat = seatOf(game, who.userId);
  // Who referees is read from the game's log (its role, the players' acceptances), only when it can
  // matter: for a non-player (who may act only as a referee), or when the rules refused the command to
  // them as a player — and never for someone who holds no role at all. Referee powers only ever permit
  // more (whatever a seated player may do, they do the same way as a referee), so deciding as a player
  // first gives the same events.
  let referee = false;
  if (seat === null && !options.anyone) {
    referee = await isReferee(services, game, who);
    if (!referee) return { ok: false, problem: { code: 'NOT_A_PLAYER' }, aboutGame: false };
  }
  const wish = typeof command === 'function' ? (command as (seatOf: SeatLookup, system: AnySystem) => unknown)((userId) => seatOf(game, userId), system) : command;
  if (isProblem(wish)) return { ok: false, problem: wish, aboutGame: true };
  // The system hands back the state its events lead to (the fold it settled the command with).
  let decided = system.decide(game.state, wish, { userId: who.userId, seat, referee });
  if (!decided.ok && !referee && (await isReferee(services, game, who))) {
    decided = system.decide(game.state, wish, { userId: who.userId, seat, referee: true });
  }
  if (!decided.ok) return { ok: false, problem: decided.error, aboutGame: true };
  return { ok: true, events: decided.value.events, state: decided.value.state };
}

export type CreateResult = { ok: true; game: LoadedGame; events: SystemEvent[] } | { ok: false; problem: Problem };

export async function createGame(
  services: AppServices,
  input: {
    guildId: string | null;
    channelId: string;
    createdBy: string;
    system: string;
    seats: { userId: string; name: string }[];
    /** The system's named options; its defaults otherwise. */
    options?: Record<string, unknown>;
    /**
     * Members of this role referee the game (null: nobody), recorded with the start. Left out, the game
     * has the server's referee role of the moment (/game referee-role), as games created before had.
     */
    refereeRole?: string | null;
    /** The turn clock the players chose (absent or null: none): reminders, a warning, a deadline. */
    turnClock?: TurnClock | null;
    interactionId: string;
    onCommitted?: () => void;
    /**
     * The game gets a channel of its own (a thread of `channelId`), opened once the rules have accepted
     * the start, so that a refused start leaves no empty channel behind; its id is the game's channel.
     */
    openChannel?: () => Promise<{ ok: true; channelId: string } | { ok: false; problem: Problem }>;
  },
): Promise<CreateResult> {
  const system = services.systems.byId(input.system);
  if (!system) return { ok: false, problem: { code: 'SYSTEM_NOT_BUILT', params: { system: input.system } } };
  const turnClock = input.turnClock ?? null;
  if (turnClock !== null && !(Number.isInteger(turnClock.hours) && turnClock.hours >= TURN_CLOCK_HOURS.min && turnClock.hours <= TURN_CLOCK_HOURS.max)) {
    return { ok: false, problem: { code: 'TURN_CLOCK_RANGE', params: { min: TURN_CLOCK_HOURS.min, max: TURN_CLOCK_HOURS.max } } };
  }
  if (input.seats.length < system.seats.min || input.seats.length > system.seats.max) {
    return { ok: false, problem: { code: 'SEAT_COUNT', params: { system: system.id, min: system.seats.min, max: system.seats.max } } };
  }
  // A channel of its own has no game yet.
  const existing = input.openChannel ? null : await services.store.findActiveGame(input.channelId);
  if (existing) return { ok: false, problem: { code: 'CHANNEL_HAS_GAME' } };
  const gameId = randomUUID();
  const command = system.start({ gameId, seats: input.seats, seed: services.newSeed(), createdBy: input.createdBy, options: input.options ?? {} });
  const decided = system.decide(system.initialState, command, { userId: input.createdBy, seat: null, referee: true });
  if (!decided.ok) return { ok: false, problem: decided.error };
  const { events, state } = decided.value;
  const referees: RefereesChosen[] = input.refereeRole === undefined ? [] : [{ type: 'LogEntryRefereesChosen', roleId: input.refereeRole }];
  const opened = input.openChannel ? await input.openChannel() : { ok: true as const, channelId: input.channelId };
  if (!opened.ok) return opened;
  const channelId = opened.channelId;
  const created = await services.store.createGame({
    id: gameId,
    guildId: input.guildId,
    channelId,
    system: system.id,
    createdBy: input.createdBy,
    snapshot: state,
    events: toNewEvents([...events, ...referees], 1, input.createdBy),
    turnClock,
    awaiting: awaitingOf(system, turnClock, state),
    interactionId: input.interactionId,
  });
  if (!created.ok) return { ok: false, problem: { code: created.reason === 'duplicate_interaction' ? 'DUPLICATE_INTERACTION' : 'CHANNEL_HAS_GAME' } };
  input.onCommitted?.();
  const game: LoadedGame = { stored: created.game, system, state };
  gameCacheOf(services.store).remember(game);
  return { ok: true, game, events };
}

export type StoryRead = { ok: true; before: unknown; events: SystemEvent[]; undone: SystemEvent[][] } | { ok: false; problem: Problem };

/**
 * A story's events, from the batch that began it (the system's `story`, told by one living message): the
 * state before that batch, the events since that still count, and those an undo took back since (by batch).
 */
export async function readStory(services: Pick<AppServices, 'store'>, game: LoadedGame, fromBatch: number): Promise<StoryRead> {
  const log = parseLog(game.system, game.stored, await services.store.listEvents(game.stored.id));
  if (!log.ok) return log;
  const effective = effectiveEntries(log.entries);
  const undone = [...undoneBatches(log.entries)].filter((batch) => batch >= fromBatch).sort((a, b) => a - b);
  return {
    ok: true,
    before: game.system.replay(effective.filter((e) => e.batch < fromBatch).map((e) => e.event)),
    events: effective.filter((e) => e.batch >= fromBatch).map((e) => e.event),
    undone: undone.map((batch) => log.entries.filter((e) => e.batch === batch && !isTableEntry(e.event)).map((e) => e.event as SystemEvent)),
  };
}

/** How a finished game ended, as leagues will read it (null while it is still being played). */
export async function gameOutcome(services: AppServices, gameId: string) {
  const loaded = await loadGameById(services, gameId);
  if (!loaded.ok) return loaded;
  return { ok: true as const, outcome: loaded.game.system.outcome(loaded.game.state) };
}

/** For tests and tools that hold a store and want one game's parsed log. */
export async function readLog(services: Pick<AppServices, 'store' | 'systems'>, game: LoadedGame, store: GameStore = services.store) {
  return parseLog(game.system, game.stored, await store.listEvents(game.stored.id));
}
