/** "Show me my hand now": the ephemeral view behind /hand and the "My hand" button (the DM's fallback). */
import type { InitialReply } from '../discord/contract.js';
import { ephemeral, problemReply } from '../discord/replies.js';
import type { LoadedGame } from './games.js';
import { seatOf } from './games.js';
import { handMessage } from './deliveries.js';
import type { Scope } from './perform.js';

export async function showHand(scope: Scope, game: LoadedGame | null): Promise<InitialReply> {
  if (!game) return problemReply(scope.t, { code: 'NO_GAME' });
  const { state } = game;
  if (state.status !== 'active') return problemReply(scope.t, { code: 'STALE_BUTTON' });
  const seat = seatOf(state, scope.asker.id);
  if (seat === null) return problemReply(scope.t, { code: 'NOT_A_PLAYER' });
  const { files, ...message } = await handMessage(scope.t, state, seat);
  return { ...ephemeral(message as Parameters<typeof ephemeral>[0]), ...(files ? { files } : {}) };
}
