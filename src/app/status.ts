/**
 * Where a channel's game stands, for one asker (/game status, /help): the game, the asker's seat (null for
 * a spectator), and the log's clock — the rules keep no time, but every stored entry does, so when each
 * pending decision opened is read from the log by folding it batch by batch.
 */
import type { StatusClock } from '../systems/contract.js';
import type { AppServices } from './services.js';
import type { LoadedGame } from './loadedGame.js';
import type { Problem } from './problems.js';
import { effectiveEntries, loadGame, loadLatestGame, seatOf, type LogEntry } from './games.js';

export interface Standing {
  game: LoadedGame;
  /** The asker's seat, or null when they hold none. */
  seat: number | null;
}

/**
 * When each decision still pending opened: the time and log entry of the batch after which it was first
 * pending. Folds the entries that still count (an undone batch never happened), so a decision reopened by
 * an undo keeps the time it first opened.
 */
export function decisionClock(game: Pick<LoadedGame, 'system'>, log: readonly LogEntry[]): StatusClock {
  const { system } = game;
  const kept = effectiveEntries(log);
  const opened = new Map<string, { at: Date; entry: number }>();
  let state: unknown = system.initialState;
  for (let i = 0; i < kept.length; ) {
    const batch = kept[i]!.batch;
    let last = kept[i]!;
    for (; i < kept.length && kept[i]!.batch === batch; i++) {
      last = kept[i]!;
      state = system.evolve(state, last.event);
    }
    const pending = system.phase(state) === 'active' ? system.pendingDecisions(state) : [];
    const ids = new Set(pending.map((d) => d.id));
    for (const id of [...opened.keys()]) if (!ids.has(id)) opened.delete(id);
    for (const d of pending) if (!opened.has(d.id)) opened.set(d.id, { at: last.at, entry: last.seq });
  }
  return { opened };
}

/** The channel's latest game (running or ended), the asker's seat in it, and when its decisions opened. */
export async function gameStanding(
  services: Pick<AppServices, 'store' | 'systems'>,
  channelId: string,
  userId: string,
): Promise<{ ok: true; standing: Standing; clock: StatusClock } | { ok: false; problem: Problem }> {
  const found = await loadLatestGame(services, channelId);
  if (!found.ok) return found;
  return { ok: true, standing: { game: found.game, seat: seatOf(found.game, userId) }, clock: decisionClock(found.game, found.log) };
}

/**
 * The channel's latest game (running or ended) and the asker's seat, or null when no game was ever played
 * there (/help's hints). Read from the snapshot alone: hints need no clock.
 */
export async function latestStanding(services: Pick<AppServices, 'store' | 'systems'>, channelId: string, userId: string): Promise<{ ok: true; standing: Standing | null } | { ok: false; problem: Problem }> {
  const stored = await services.store.findLatestGame(channelId);
  if (!stored) return { ok: true, standing: null };
  const loaded = await loadGame(services, stored);
  if (!loaded.ok) return loaded;
  return { ok: true, standing: { game: loaded.game, seat: seatOf(loaded.game, userId) } };
}
