/**
 * The use case every game action goes through: load the channel's game, let the engine decide,
 * store the events with compare-and-swap on the version, and hand back what changed.
 *
 * The event log is append-only, undo included: an undo is itself a logged entry (`LogEntryUndone`)
 * that hides the last batch of events from the replay. Referees can always read what was undone.
 */
import { randomUUID } from 'node:crypto';
import * as engine from '../engine/index.js';
import type { GameStore, NewEvent, StoredEvent, StoredGame } from '../store/contract.js';
import type { Problem } from '../discord/replies.js';
import type { Services } from './services.js';

/** How events are wrapped in storage: the batch is the version that wrote them (one command = one batch). */
export interface StoredPayload {
  batch: number;
  event: engine.GameEvent | UndoMarker;
}

/** Not an engine event: the log's own record that the batch `undoneBatch` no longer counts. */
export interface UndoMarker {
  type: 'LogEntryUndone';
  undoneBatch: number;
  by: string;
  asReferee: boolean;
}

export interface LoadedGame {
  stored: StoredGame;
  state: engine.GameState;
}

export interface Who {
  userId: string;
  roles: readonly string[];
  /** The interaction asking; stored with the events it causes (deduplication of retried deliveries). */
  interactionId?: string;
}

export type ActResult =
  | { ok: true; game: LoadedGame; before: engine.GameState; events: engine.GameEvent[] }
  | { ok: false; problem: Problem; state?: engine.GameState };

function isUndoMarker(event: StoredPayload['event']): event is UndoMarker {
  return event.type === 'LogEntryUndone';
}

function payloadOf(stored: StoredEvent): StoredPayload {
  return stored.payload as StoredPayload;
}

/** The events that still count, in order, once undone batches are taken out. */
export function effectiveEntries(entries: readonly StoredPayload[]): { batch: number; event: engine.GameEvent }[] {
  const kept: { batch: number; event: engine.GameEvent }[] = [];
  for (const { batch, event } of entries) {
    if (isUndoMarker(event)) {
      for (let i = kept.length - 1; i >= 0 && kept[i]!.batch === event.undoneBatch; i--) kept.pop();
    } else {
      kept.push({ batch, event });
    }
  }
  return kept;
}

export function effectiveEvents(log: readonly StoredEvent[]): { batch: number; event: engine.GameEvent }[] {
  return effectiveEntries(log.map(payloadOf));
}

export async function loadGame(store: GameStore, stored: StoredGame | null): Promise<LoadedGame | null> {
  if (!stored) return null;
  const parsed = engine.stateSchema.safeParse(stored.snapshot);
  if (parsed.success) return { stored, state: parsed.data as engine.GameState };
  // A snapshot that fails validation is never trusted; the log is the truth, so rebuild from it.
  const events = effectiveEvents(await store.listEvents(stored.id)).map((e) => e.event);
  return { stored, state: engine.replay(events) };
}

export async function loadActiveGame(store: GameStore, channelId: string): Promise<LoadedGame | null> {
  return loadGame(store, await store.findActiveGame(channelId));
}

export async function isReferee(services: Services, game: StoredGame, who: Who): Promise<boolean> {
  if (game.createdBy === who.userId) return true;
  return hasRefereeRole(services, game, who);
}

/** The guild's referee role, whoever created the game (one settings query; none outside a guild). */
async function hasRefereeRole(services: Services, game: StoredGame, who: Who): Promise<boolean> {
  if (!game.guildId) return false;
  const settings = await services.store.getGuildSettings(game.guildId);
  return settings.refereeRoleId !== null && who.roles.includes(settings.refereeRoleId);
}

// ---------------------------------------------------------------------------------------------------
// The write path's cache

/**
 * This process's latest knowledge of the games it has written (or read in order to write): game id →
 * { stored game, validated state }, and channel → its active game's id. It lets act() skip the read (a
 * database query and a zod parse of the snapshot) before deciding.
 *
 * Safe because it is only ever used to decide a command that is then written with compare-and-swap on
 * the version it holds: every write to a game bumps its version, so if anyone else (another bot instance
 * on the same PostgreSQL database, another process on the same SQLite file, another store object) wrote
 * since, the append finds a newer version, writes nothing, and act() forgets the entry, reads the
 * database (zod-validating the snapshot as always) and decides again. A stale entry can cost one wasted
 * attempt, never a blind write. A channel whose game was ended (and maybe replaced) elsewhere is the same
 * case: the append to the old game conflicts, and the reload finds the channel's current game or none.
 *
 * Reads for display (/hand, /game log, buttons before they act) still read the database: they are not
 * guarded by a compare-and-swap, and with several instances the cache may be behind.
 *
 * Entries are deeply frozen: the same objects are handed to the caller (and to the next command's
 * decide), so a mutation anywhere would otherwise change what the next write is decided on without
 * changing its version. Only active games are kept (an ended game can never be acted on again), at most
 * GAME_CACHE_SIZE of them, least recently used evicted first.
 */
export class GameCache {
  private readonly games = new Map<string, LoadedGame>();
  private readonly channels = new Map<string, string>();

  constructor(readonly capacity: number) {}

  get size(): number {
    return this.games.size;
  }

  get(gameId: string): LoadedGame | undefined {
    const game = this.games.get(gameId);
    if (game === undefined) return undefined;
    // Map order is insertion order: re-inserting marks it most recently used.
    this.games.delete(gameId);
    this.games.set(gameId, game);
    return game;
  }

  activeIn(channelId: string): LoadedGame | undefined {
    const gameId = this.channels.get(channelId);
    return gameId === undefined ? undefined : this.get(gameId);
  }

  /** Keeps `game` unless an entry at least as new is already there (answers may arrive out of order). */
  remember(game: LoadedGame): void {
    const { id, channelId, status, version } = game.stored;
    if (status !== 'active') {
      this.forget(id);
      return;
    }
    const current = this.games.get(id);
    if (current !== undefined && current.stored.version >= version) return;
    deepFreeze(game.state);
    deepFreeze(game.stored);
    this.games.delete(id);
    this.games.set(id, game);
    this.channels.set(channelId, id);
    while (this.games.size > this.capacity) {
      const oldest = this.games.keys().next().value as string;
      this.forget(oldest);
    }
  }

  forget(gameId: string): void {
    const game = this.games.get(gameId);
    if (game === undefined) return;
    this.games.delete(gameId);
    if (this.channels.get(game.stored.channelId) === gameId) this.channels.delete(game.stored.channelId);
  }
}

export const GAME_CACHE_SIZE = 1_000;

/**
 * Runs the writes of one game in this process one after the other. Two commands for the same game
 * arriving together (two players clicking at once, a burst of /flip) would otherwise both be decided on
 * the same version, and all but one would lose the compare-and-swap, read again and decide again — or be
 * refused after a second loss. In turn, each is decided on the state its predecessor wrote (which the
 * engine checks it against, as a retry would). Races with other processes are still settled by the
 * compare-and-swap. Different games do not wait for each other.
 */
class WriteQueues {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, write: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key);
    const result = previous === undefined ? write() : previous.then(write);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}

/** One cache per store object (versions are only comparable within one database), and its queues. */
const writePaths = new WeakMap<GameStore, { cache: GameCache; queues: WriteQueues }>();

function writePathOf(store: GameStore): { cache: GameCache; queues: WriteQueues } {
  let path = writePaths.get(store);
  if (path === undefined) {
    path = { cache: new GameCache(GAME_CACHE_SIZE), queues: new WriteQueues() };
    writePaths.set(store, path);
  }
  return path;
}

export function gameCacheOf(store: GameStore): GameCache {
  return writePathOf(store).cache;
}

/** Queues `write` behind the other writes of the game `where` designates (see WriteQueues). */
function oneWriteAtATime<T>(store: GameStore, where: string | { gameId: string }, write: () => Promise<T>): Promise<T> {
  const { cache, queues } = writePathOf(store);
  // A channel's game is known once cached; until then the channel itself is the key. A command naming the
  // channel and a click naming the game could then run side by side once, and settle it by compare-and-swap.
  const key = typeof where === 'string' ? (cache.activeIn(where)?.stored.id ?? `channel:${where}`) : where.gameId;
  return queues.run(key, write);
}

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
}

export function seatOf(state: engine.GameState, userId: string): engine.Seat | null {
  if (state.status === 'new') return null;
  const index = state.seats.findIndex((s) => s.userId === userId);
  return index === 0 || index === 1 ? index : null;
}

function toNewEvents(events: readonly (engine.GameEvent | UndoMarker)[], batch: number, actor: string | null): NewEvent[] {
  return events.map((event) => ({ type: event.type, payload: { batch, event } satisfies StoredPayload, actor }));
}

const CONFLICT: Problem = { code: 'CONCURRENT_ACTION' };

/**
 * Runs one command against the channel's active game. A lost compare-and-swap race is retried once
 * on fresh state (the command is re-decided, never merged); a second loss is reported to the user.
 *
 * The hot path is one append: the game usually comes from this process's cache (GameCache; a stale entry
 * only costs an extra attempt), the creator needs no referee lookup, and commands for one game in this
 * process wait for each other (WriteQueues) rather than race.
 */
export function act(
  services: Services,
  where: string | { gameId: string },
  who: Who,
  command: engine.Command | ((state: engine.GameState) => engine.Command | Problem),
): Promise<ActResult> {
  return oneWriteAtATime(services.store, where, () => actNow(services, where, who, command));
}

async function actNow(
  services: Services,
  where: string | { gameId: string },
  who: Who,
  command: engine.Command | ((state: engine.GameState) => engine.Command | Problem),
): Promise<ActResult> {
  const cache = gameCacheOf(services.store);
  // The first attempt may start from this process's cache (see GameCache); if its append loses the
  // compare-and-swap, the cache was behind, which is not a race the user took part in, so the two
  // attempts on state read from the database follow as they always did.
  let game: LoadedGame | null | undefined = typeof where === 'string' ? cache.activeIn(where) : cache.get(where.gameId);
  for (let reads = 0; ; ) {
    if (!game) {
      if (reads === 2) return { ok: false, problem: CONFLICT };
      reads++;
      // A click names its game (it may come from a DM); a slash command acts on its channel's game.
      game =
        typeof where === 'string'
          ? await loadActiveGame(services.store, where)
          : await loadGame(services.store, await services.store.getGame(where.gameId));
      if (!game) return { ok: false, problem: { code: typeof where === 'string' ? 'NO_GAME' : 'STALE_BUTTON' } };
      if (game.stored.status !== 'active') return { ok: false, problem: { code: 'STALE_BUTTON' } };
      cache.remember(game);
    }
    const seat = seatOf(game.state, who.userId);
    // The creator referees their game. Anyone else's referee role is a settings query, made only when it
    // can matter: for a non-player (who may act only as a referee), or when the engine refused the command
    // to them as a player. Referee powers only ever permit more — whatever a seated player may do, they
    // do the same way as a referee — so deciding as a player first gives the same events.
    let referee = game.stored.createdBy === who.userId;
    if (!referee && seat === null) referee = await hasRefereeRole(services, game.stored, who);
    if (seat === null && !referee) return { ok: false, problem: { code: 'NOT_A_PLAYER' } };
    const wish = typeof command === 'function' ? command(game.state) : command;
    if (!('type' in wish) || 'code' in wish) return { ok: false, problem: wish as Problem };
    let decided = engine.decide(game.state, wish, { userId: who.userId, seat, referee });
    if (!decided.ok && !referee && (await hasRefereeRole(services, game.stored, who))) {
      decided = engine.decide(game.state, wish, { userId: who.userId, seat, referee: true });
    }
    if (!decided.ok) return { ok: false, problem: decided.error, state: game.state };
    const events = decided.value;
    const state = engine.evolveAll(game.state, events);
    const batch = game.stored.version + 1;
    const appended = await services.store.appendEvents({
      gameId: game.stored.id,
      expectedVersion: game.stored.version,
      events: toNewEvents(events, batch, who.userId),
      snapshot: state,
      status: state.status === 'ended' ? 'ended' : 'active',
      ...(who.interactionId ? { interactionId: who.interactionId } : {}),
    });
    if (appended.ok) {
      const after: LoadedGame = { stored: appended.game, state };
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

export type CreateResult = { ok: true; game: LoadedGame; events: engine.GameEvent[] } | { ok: false; problem: Problem };

export async function createGame(
  services: Services,
  input: { guildId: string | null; channelId: string; createdBy: string; system: engine.SystemId; seats: [engine.SeatInfo, engine.SeatInfo]; interactionId?: string },
): Promise<CreateResult> {
  const existing = await services.store.findActiveGame(input.channelId);
  if (existing) return { ok: false, problem: { code: 'CHANNEL_HAS_GAME' } };
  const seed = services.newSeed();
  const gameId = randomUUID();
  const command: engine.Command = {
    type: 'startGame',
    gameId,
    system: input.system,
    seats: input.seats,
    seed,
    createdBy: input.createdBy,
  };
  const decided = engine.decide(engine.initialState, command, { userId: input.createdBy, seat: null, referee: true });
  if (!decided.ok) return { ok: false, problem: decided.error };
  const state = engine.evolveAll(engine.initialState, decided.value);
  const created = await services.store.createGame({
    id: gameId,
    guildId: input.guildId,
    channelId: input.channelId,
    system: input.system,
    createdBy: input.createdBy,
    snapshot: state,
    events: toNewEvents(decided.value, 1, input.createdBy),
    ...(input.interactionId ? { interactionId: input.interactionId } : {}),
  });
  if (!created.ok) return { ok: false, problem: { code: created.reason === 'duplicate_interaction' ? 'DUPLICATE_INTERACTION' : 'CHANNEL_HAS_GAME' } };
  const game: LoadedGame = { stored: created.game, state };
  gameCacheOf(services.store).remember(game);
  return { ok: true, game, events: decided.value };
}

/** Did these events take cards off the top of a deck (a draw or a flip)? */
export function takesFromDeck(events: readonly engine.GameEvent[]): boolean {
  return events.some((e) => e.type === 'CardsDrawn' || e.type === 'CardsFlipped');
}

export type UndoResult =
  | { ok: true; game: LoadedGame; undone: engine.GameEvent[]; asReferee: boolean }
  | { ok: false; problem: Problem };

/**
 * Referees may undo the last batch whoever made it; a player only their own last batch, only while
 * nobody else has acted since, and only if it took no card off a deck. Undoing restores the deck order
 * too, so a redo gives the same cards.
 */
export function undoLast(services: Services, channelId: string, who: Who): Promise<UndoResult> {
  return oneWriteAtATime(services.store, channelId, () => undoNow(services, channelId, who));
}

async function undoNow(services: Services, channelId: string, who: Who): Promise<UndoResult> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const game = await loadActiveGame(services.store, channelId);
    if (!game) return { ok: false, problem: { code: 'NO_GAME' } };
    const referee = await isReferee(services, game.stored, who);
    const seat = seatOf(game.state, who.userId);
    if (!referee && seat === null) return { ok: false, problem: { code: 'NOT_A_PLAYER' } };
    const log = await services.store.listEvents(game.stored.id);
    const effective = effectiveEvents(log);
    const lastBatch = effective.at(-1)?.batch;
    // Batch 1 is the game's start: undoing it would be ending the game, which /game end does.
    if (lastBatch === undefined || lastBatch <= 1) return { ok: false, problem: { code: 'NOTHING_TO_UNDO' } };
    const lastAuthor = log.find((e) => payloadOf(e).batch === lastBatch)?.actor ?? null;
    if (!referee && lastAuthor !== who.userId) return { ok: false, problem: { code: 'UNDO_NOT_YOURS' } };
    const undone = effective.filter((e) => e.batch === lastBatch).map((e) => e.event);
    // Undoing puts drawn or flipped cards back on top of the deck in the same order, so whoever saw them
    // would know the next cards: only a referee may decide that is the lesser evil.
    if (!referee && takesFromDeck(undone)) return { ok: false, problem: { code: 'UNDO_NEEDS_REFEREE_CARDS_SEEN' } };
    const remaining = effective.filter((e) => e.batch !== lastBatch).map((e) => e.event);
    const state = engine.replay(remaining);
    const batch = game.stored.version + 1;
    const marker: UndoMarker = { type: 'LogEntryUndone', undoneBatch: lastBatch, by: who.userId, asReferee: referee };
    const appended = await services.store.appendEvents({
      gameId: game.stored.id,
      expectedVersion: game.stored.version,
      events: toNewEvents([marker], batch, who.userId),
      snapshot: state,
      status: 'active',
      ...(who.interactionId ? { interactionId: who.interactionId } : {}),
    });
    if (appended.ok) {
      const after: LoadedGame = { stored: appended.game, state };
      gameCacheOf(services.store).remember(after);
      return { ok: true, game: after, undone, asReferee: referee };
    }
    if (appended.reason === 'duplicate_interaction') return { ok: false, problem: { code: 'DUPLICATE_INTERACTION' } };
    gameCacheOf(services.store).forget(game.stored.id);
  }
  return { ok: false, problem: CONFLICT };
}
