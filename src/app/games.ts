/**
 * The use case every game action goes through: load the channel's game, let the engine decide,
 * store the events with compare-and-swap on the version, and hand back what changed.
 *
 * The event log is append-only, undo included: an undo is itself a logged entry (`LogEntryUndone`)
 * that hides the last batch of events from the replay. Referees can always read what was undone.
 */
import { randomUUID } from 'node:crypto';
import * as engine from '../systems/malifaux-table/engine/index.js';
import type { GameStore, NewEvent, StoredEvent, StoredGame } from '../store/contract.js';
import type { Problem } from '../discord/replies.js';
import type { Services } from './services.js';
import { gameCacheOf, oneWriteAtATime } from './writePath.js';

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

/** A game named by a button's custom id: only a hint, so a missing or malformed id is simply no game. */
export async function loadGameById(store: GameStore, gameId: string | undefined): Promise<LoadedGame | null> {
  return gameId ? loadGame(store, await store.getGame(gameId)) : null;
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

export function seatOf(state: engine.GameState, userId: string): engine.Seat | null {
  if (state.status === 'new') return null;
  const index = state.seats.findIndex((s) => s.userId === userId);
  return index === 0 || index === 1 ? index : null;
}

function toNewEvents(events: readonly (engine.GameEvent | UndoMarker)[], batch: number, actor: string | null): NewEvent[] {
  return events.map((event) => ({ type: event.type, payload: { batch, event } satisfies StoredPayload, actor }));
}

const CONFLICT: Problem = { code: 'CONCURRENT_ACTION' };

/** Which game: a slash command names its channel, a button names its game (it may be clicked in a DM). */
export type Where = string | { gameId: string };

/** The command, or how to build it from the state it will be decided on (e.g. to read the asker's seat). */
export type Wish = engine.Command | ((state: engine.GameState) => engine.Command | Problem);

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
  where: Where,
  who: Who,
  command: Wish,
): Promise<ActResult> {
  return oneWriteAtATime(services.store, where, () => actNow(services, where, who, command));
}

async function actNow(
  services: Services,
  where: Where,
  who: Who,
  command: Wish,
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
          : await loadGameById(services.store, where.gameId);
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
    // The engine hands back the state its events lead to (the fold it settled the command with).
    let decided = engine.decideAndEvolve(game.state, wish, { userId: who.userId, seat, referee });
    if (!decided.ok && !referee && (await hasRefereeRole(services, game.stored, who))) {
      decided = engine.decideAndEvolve(game.state, wish, { userId: who.userId, seat, referee: true });
    }
    if (!decided.ok) return { ok: false, problem: decided.error, state: game.state };
    const { events, state } = decided.value;
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
  input: {
    guildId: string | null;
    channelId: string;
    createdBy: string;
    system: engine.SystemId;
    seats: [engine.SeatInfo, engine.SeatInfo];
    /** The named options of the rules (LOC-5 hand maximum, AMB-14); the engine's defaults otherwise. */
    options?: engine.GameOptionsInput;
    interactionId?: string;
  },
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
    ...(input.options ? { options: input.options } : {}),
  };
  const decided = engine.decideAndEvolve(engine.initialState, command, { userId: input.createdBy, seat: null, referee: true });
  if (!decided.ok) return { ok: false, problem: decided.error };
  const { events, state } = decided.value;
  const created = await services.store.createGame({
    id: gameId,
    guildId: input.guildId,
    channelId: input.channelId,
    system: input.system,
    createdBy: input.createdBy,
    snapshot: state,
    events: toNewEvents(events, 1, input.createdBy),
    ...(input.interactionId ? { interactionId: input.interactionId } : {}),
  });
  if (!created.ok) return { ok: false, problem: { code: created.reason === 'duplicate_interaction' ? 'DUPLICATE_INTERACTION' : 'CHANNEL_HAS_GAME' } };
  const game: LoadedGame = { stored: created.game, state };
  gameCacheOf(services.store).remember(game);
  return { ok: true, game, events };
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
