/**
 * Undo, fairly. The last action (the newest batch of the system's events that still counts and is not an
 * undo's own amends) is taken back by leaving it out of the replay — and, since what the players saw in
 * it cannot be taken back with it, the system's amends follow (`undo` in the contract: Malifaux keeps the
 * cards seen out of the deck and never deals a shuffle twice). Both are one batch: `LogEntryUndone`, then
 * the amends; the log keeps everything.
 *
 * Who may: a referee, anything. A player: their own action alone when it showed nothing hidden; anything
 * else (the other player's action, or their own flip or draw, which would be a free second try) needs the
 * other players' agreement: the undo is then asked (`LogEntryUndoAsked`), and each of them agrees or
 * refuses (`LogEntryUndoAnswered`). A request lapses as soon as anything else is written to the game.
 */
import type { AnySystem } from '../systems/contract.js';
import type { AppServices } from './services.js';
import type { LoadedGame } from './loadedGame.js';
import type { Problem } from './problems.js';
import { CONFLICT, loadActiveGame, loadGameById, parseLog, seatOf, toNewEvents, type LogEntry, type Who } from './games.js';
import { effectiveEntries, isTableEntry, isUndoMarker, type SystemEvent, type TableEntry, type UndoAnswered, type UndoAsked, type UndoMarker } from './tableLog.js';
import { isReferee } from './referees.js';
import { gameCacheOf, oneWriteAtATime } from './writePath.js';
import { awaitingChange } from './awaiting.js';

/** What taking the last action back would mean. */
interface UndoPlan {
  /** Its batch. */
  target: number;
  /** Its events (what the players read it as). */
  action: SystemEvent[];
  /** Who did it (null in logs that did not say). */
  author: string | null;
  /** The state right before it, and every event dealt since (for the amends). */
  before: unknown;
  since: SystemEvent[];
}

export type UndoOutcome =
  | { ok: true; kind: 'undone'; game: LoadedGame; action: SystemEvent[]; amends: SystemEvent[]; by: string; author: string | null; asReferee: boolean; agreedBy: string[]; /** the batch taken back */ undoneBatch: number }
  | { ok: true; kind: 'asked'; game: LoadedGame; askedBatch: number; action: SystemEvent[]; by: string; author: string | null; needs: string[] }
  /** Agreed by `by`; others must still agree. */
  | { ok: true; kind: 'agreed'; game: LoadedGame; askedBatch: number; action: SystemEvent[]; asker: string; author: string | null; waitingFor: string[] }
  | { ok: true; kind: 'refused'; game: LoadedGame; askedBatch: number; action: SystemEvent[]; asker: string; author: string | null; refusedBy: string }
  | { ok: false; problem: Problem; game?: LoadedGame };

function planUndo(system: AnySystem, entries: readonly LogEntry[]): UndoPlan | null {
  const effective = effectiveEntries(entries);
  const undoBatches = new Set(entries.filter((e) => isUndoMarker(e.event)).map((e) => e.batch));
  const target = [...effective].reverse().find((e) => !undoBatches.has(e.batch))?.batch;
  // Batch 1 is the game's start: undoing it would be ending the game, which /game end does.
  if (target === undefined || target <= 1) return null;
  return {
    target,
    action: effective.filter((e) => e.batch === target).map((e) => e.event),
    author: entries.find((e) => e.batch === target)?.actor ?? null,
    before: system.replay(effective.filter((e) => e.batch < target).map((e) => e.event)),
    since: entries.filter((e) => !isTableEntry(e.event) && e.batch >= target).map((e) => e.event as SystemEvent),
  };
}

function whilePaused(game: LoadedGame): Problem | null {
  const ending = game.system.pendingEnd(game.state);
  return ending ? { code: 'GAME_ENDING', params: { until: Math.floor(ending.until / 1000) } } : null;
}

function namesOf(game: LoadedGame, userIds: readonly string[]): string {
  const seats = game.system.seatsOf(game.state);
  return userIds.map((id) => seats.find((s) => s.userId === id)?.name ?? '?').join(', ');
}

type Written = { ok: true; game: LoadedGame } | { ok: false; problem: Problem } | { ok: false; conflict: true };

/** Appends one batch: compare-and-swap on the version read, the interaction's receipt beside it. */
async function write(services: AppServices, game: LoadedGame, who: Who, entries: readonly (SystemEvent | TableEntry)[], state: unknown): Promise<Written> {
  const awaiting = awaitingChange(game.system, game.stored.turnClock, game.state, state);
  const appended = await services.store.appendEvents({
    gameId: game.stored.id,
    expectedVersion: game.stored.version,
    events: toNewEvents(entries, game.stored.version + 1, who.userId),
    snapshot: state,
    status: game.system.phase(state) === 'ended' ? 'ended' : 'active',
    interactionId: who.interactionId,
    ...(awaiting ? { awaiting } : {}),
  });
  if (appended.ok) {
    who.onCommitted?.();
    const after: LoadedGame = { stored: appended.game, system: game.system, state };
    gameCacheOf(services.store).remember(after);
    return { ok: true, game: after };
  }
  if (appended.reason === 'duplicate_interaction') return { ok: false, problem: { code: 'DUPLICATE_INTERACTION' } };
  gameCacheOf(services.store).forget(game.stored.id);
  return { ok: false, conflict: true };
}

/** Takes the planned action back: the undo, then the system's amends, in one batch after `leading`. */
async function takeBack(
  services: AppServices,
  game: LoadedGame,
  plan: UndoPlan,
  who: Who,
  undo: { by: string; asReferee: boolean; agreedBy: string[] },
  leading: TableEntry[] = [],
): Promise<UndoOutcome | 'conflict'> {
  const amended = game.system.undo(plan.before, plan.since);
  if (!amended.ok) return { ok: false, problem: amended.error, game };
  const marker: UndoMarker = { type: 'LogEntryUndone', undoneBatch: plan.target, by: undo.by, asReferee: undo.asReferee, ...(undo.agreedBy.length ? { agreedBy: undo.agreedBy } : {}) };
  const written = await write(services, game, who, [...leading, marker, ...amended.value.events], amended.value.state);
  if (!written.ok) return 'conflict' in written ? 'conflict' : written;
  return { ok: true, kind: 'undone', game: written.game, action: plan.action, amends: amended.value.events, by: undo.by, author: plan.author, asReferee: undo.asReferee, agreedBy: undo.agreedBy, undoneBatch: plan.target };
}

/** /game undo in a channel: done at once, or asked of the other players. */
export function undoLast(services: AppServices, channelId: string, who: Who): Promise<UndoOutcome> {
  return oneWriteAtATime(services.store, channelId, async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const loaded = await loadActiveGame(services, channelId);
      if (!loaded.ok) return loaded;
      const game = loaded.game;
      const paused = whilePaused(game);
      if (paused) return { ok: false, problem: paused, game };
      const referee = await isReferee(services, game, who);
      const seat = seatOf(game, who.userId);
      if (!referee && seat === null) return { ok: false, problem: { code: 'NOT_A_PLAYER' }, game };
      const log = parseLog(game.system, game.stored, await services.store.listEvents(game.stored.id));
      if (!log.ok) return log;
      const plan = planUndo(game.system, log.entries);
      if (!plan) return { ok: false, problem: { code: 'NOTHING_TO_UNDO' }, game };
      // A player's own action that showed nothing hidden is theirs to take back; anything else is asked.
      const alone = referee || (plan.author === who.userId && !game.system.undoRevealsHidden(plan.action));
      const needs = alone ? [] : game.system.seatsOf(game.state).filter((s) => s.userId !== who.userId).map((s) => s.userId);
      if (needs.length === 0) {
        const done = await takeBack(services, game, plan, who, { by: who.userId, asReferee: referee, agreedBy: [] });
        if (done !== 'conflict') return done;
        continue;
      }
      const ask: UndoAsked = { type: 'LogEntryUndoAsked', target: plan.target, by: who.userId, needs };
      const written = await write(services, game, who, [ask], game.state);
      if (written.ok) return { ok: true, kind: 'asked', game: written.game, askedBatch: written.game.stored.version, action: plan.action, by: who.userId, author: plan.author, needs };
      if (!('conflict' in written)) return written;
    }
    return { ok: false, problem: CONFLICT };
  });
}

/** An answer to an undo request (its batch, from the button's custom id: a hint, checked against the log). */
export function answerUndo(services: AppServices, gameId: string, who: Who, askedBatch: number, agree: boolean): Promise<UndoOutcome> {
  return oneWriteAtATime(services.store, { gameId }, async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const loaded = await loadGameById(services, gameId);
      if (!loaded.ok) return loaded;
      const game = loaded.game;
      if (game.stored.status !== 'active') return { ok: false, problem: { code: 'UNDO_REQUEST_STALE' }, game };
      const log = parseLog(game.system, game.stored, await services.store.listEvents(game.stored.id));
      if (!log.ok) return log;
      const ask = log.entries.find((e) => e.batch === askedBatch && e.event.type === 'LogEntryUndoAsked')?.event as UndoAsked | undefined;
      if (!ask) return { ok: false, problem: { code: 'STALE_BUTTON' }, game };
      const later = log.entries.filter((e) => e.batch > askedBatch);
      const answers = later.flatMap((e) => (e.event.type === 'LogEntryUndoAnswered' && (e.event as UndoAnswered).asked === askedBatch ? [e.event as UndoAnswered] : []));
      // Anything else since the request (an action, another request, a refusal) and it has lapsed.
      if (later.some((e) => !(e.event.type === 'LogEntryUndoAnswered' && (e.event as UndoAnswered).asked === askedBatch && (e.event as UndoAnswered).agreed))) {
        return { ok: false, problem: { code: 'UNDO_REQUEST_STALE' }, game };
      }
      const waiting = ask.needs.filter((id) => !answers.some((a) => a.by === id));
      if (!waiting.includes(who.userId)) return { ok: false, problem: { code: 'UNDO_ANSWER_NOT_YOURS', params: { name: namesOf(game, waiting) } }, game };
      const plan = planUndo(game.system, log.entries);
      if (!plan || plan.target !== ask.target) return { ok: false, problem: { code: 'UNDO_REQUEST_STALE' }, game };
      const answer: UndoAnswered = { type: 'LogEntryUndoAnswered', asked: askedBatch, by: who.userId, agreed: agree };
      const still = waiting.filter((id) => id !== who.userId);
      if (agree && still.length === 0) {
        const agreedBy = [...answers.map((a) => a.by), who.userId];
        const done = await takeBack(services, game, plan, who, { by: ask.by, asReferee: false, agreedBy }, [answer]);
        if (done !== 'conflict') return done;
        continue;
      }
      const written = await write(services, game, who, [answer], game.state);
      if (written.ok) {
        const base = { ok: true as const, game: written.game, askedBatch, action: plan.action, asker: ask.by, author: plan.author };
        return agree ? { ...base, kind: 'agreed', waitingFor: still } : { ...base, kind: 'refused', refusedBy: who.userId };
      }
      if (!('conflict' in written)) return written;
    }
    return { ok: false, problem: CONFLICT };
  });
}
