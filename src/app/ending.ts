/**
 * Ending a game before it is over (/game end): asked with a take-back window, taken back by either
 * player within it, made final once it has passed. The rules have no clock: every moment here is the
 * edge's, passed in. Making a due end final is lazy — whoever next looks at the game (its log, its
 * verification, a new game in the channel, a late take-back, any command) does it first.
 */
import type { AnySystem, EndKind, SeatLookup } from '../systems/contract.js';
import type { AppServices } from './services.js';
import { act, loadActiveGame, loadGameById, type ActResult, type Where, type Who } from './games.js';

/** Asks to end the game: `until === at` ends it at once (a referee closing it). */
export function askEnd(services: AppServices, where: Where, who: Who, end: { kind: EndKind; at: number; until: number }): Promise<ActResult> {
  return act(services, where, who, (_seatOf: SeatLookup, system: AnySystem) => system.end({ kind: end.kind, at: end.at, until: end.until, reason: null }));
}

export function takeBackEnd(services: AppServices, where: Where, who: Who, now: number): Promise<ActResult> {
  return act(services, where, who, (_seatOf: SeatLookup, system: AnySystem) => system.takeBackEnd({ now }));
}

/**
 * Makes the game's waiting end final if its window has passed at `now`; null when there is none due
 * (no game, no end waiting, or not yet). Written without the interaction's receipt: it is not what the
 * interaction asked for, which may write on its own afterwards.
 */
export async function finalizeDueEnd(services: AppServices, where: Where, who: Who, now: number): Promise<Extract<ActResult, { ok: true }> | null> {
  const loaded = typeof where === 'string' ? await loadActiveGame(services, where) : await loadGameById(services, where.gameId);
  if (!loaded.ok || loaded.game.stored.status !== 'active') return null;
  const due = loaded.game.system.pendingEnd(loaded.game.state);
  if (!due || now < due.until) return null;
  const ended = await act(services, { gameId: loaded.game.stored.id }, who, (_seatOf: SeatLookup, system: AnySystem) => system.finalizeEnd({ now }), { anyone: true, receipt: false });
  return ended.ok ? ended : null;
}
