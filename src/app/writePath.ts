/**
 * The write path's two helpers: a per-process cache of validated game state (so a command usually needs
 * no read before its compare-and-swap append) and a per-game queue (so one process's commands for a game
 * follow each other instead of racing). Neither can let a write through blindly: the store's
 * compare-and-swap on the version still decides.
 */
import type { GameStore } from '../store/contract.js';
import type { LoadedGame } from './loadedGame.js';
import { perObject } from './perObject.js';

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
const writePathOf = perObject<GameStore, { cache: GameCache; queues: WriteQueues }>(() => ({ cache: new GameCache(GAME_CACHE_SIZE), queues: new WriteQueues() }));

export function gameCacheOf(store: GameStore): GameCache {
  return writePathOf(store).cache;
}

/** Queues `write` behind the other writes of the game `where` designates (see WriteQueues). */
export function oneWriteAtATime<T>(store: GameStore, where: string | { gameId: string }, write: () => Promise<T>): Promise<T> {
  const { cache, queues } = writePathOf(store);
  // A channel's game is known once cached; until then the channel itself is the key. A command naming the
  // channel and a click naming the game could then run side by side once, and settle it by compare-and-swap.
  const key = typeof where === 'string' ? (cache.activeIn(where)?.stored.id ?? `channel:${where}`) : where.gameId;
  return queues.run(key, write);
}

/**
 * Freezes every object and array reachable from `value` (stopping at anything already frozen). Arrays are
 * walked by index and only object children are visited: a state is mostly arrays of card codes, and
 * Object.keys on them would build a string per element.
 */
function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item === 'object' && item !== null) deepFreeze(item);
    }
    return;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const item = record[key];
    if (typeof item === 'object' && item !== null) deepFreeze(item);
  }
}
