/**
 * A player accepts another player, who holds the game's referee role, as a referee over them
 * (`LogEntryRefereeAccepted`). Until every other player has, that player has no referee powers.
 */
import type { AppServices } from './services.js';
import type { LoadedGame } from './loadedGame.js';
import type { Problem } from './problems.js';
import { CONFLICT, loadGameById, toNewEvents, type Who } from './games.js';
import { acceptedByAll, refereeingOf } from './referees.js';
import type { RefereeAccepted } from './tableLog.js';
import { gameCacheOf, oneWriteAtATime } from './writePath.js';

export type Accepted = { ok: true; game: LoadedGame; candidate: string; by: string; everyone: boolean } | { ok: false; problem: Problem; game?: LoadedGame };

/** `candidate` (a user id, from the button: a hint, checked here) accepted as a referee by `who`. */
export function acceptReferee(services: AppServices, gameId: string, who: Who, candidate: string): Promise<Accepted> {
  return oneWriteAtATime(services.store, { gameId }, async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const loaded = await loadGameById(services, gameId);
      if (!loaded.ok) return loaded;
      const game = loaded.game;
      if (game.stored.status !== 'active') return { ok: false, problem: { code: 'STALE_BUTTON' }, game };
      const seats = game.system.seatsOf(game.state);
      if (!seats.some((s) => s.userId === candidate)) return { ok: false, problem: { code: 'STALE_BUTTON' }, game };
      const { accepted } = await refereeingOf(services, game);
      const waiting = seats.filter((s) => s.userId !== candidate && !accepted.some((a) => a.referee === candidate && a.by === s.userId));
      if (!waiting.some((s) => s.userId === who.userId)) {
        if (waiting.length === 0) return { ok: false, problem: { code: 'STALE_BUTTON' }, game };
        return { ok: false, problem: { code: 'REFEREE_ANSWER_NOT_YOURS', params: { name: waiting.map((s) => s.name).join(', ') } }, game };
      }
      const entry: RefereeAccepted = { type: 'LogEntryRefereeAccepted', referee: candidate, by: who.userId };
      const appended = await services.store.appendEvents({
        gameId,
        expectedVersion: game.stored.version,
        events: toNewEvents([entry], game.stored.version + 1, who.userId),
        snapshot: game.state,
        status: 'active',
        interactionId: who.interactionId,
      });
      if (appended.ok) {
        who.onCommitted?.();
        const after: LoadedGame = { stored: appended.game, system: game.system, state: game.state };
        gameCacheOf(services.store).remember(after);
        return { ok: true, game: after, candidate, by: who.userId, everyone: acceptedByAll(game, [...accepted, entry], candidate) };
      }
      if (appended.reason === 'duplicate_interaction') return { ok: false, problem: { code: 'DUPLICATE_INTERACTION' } };
      gameCacheOf(services.store).forget(gameId);
    }
    return { ok: false, problem: CONFLICT };
  });
}
