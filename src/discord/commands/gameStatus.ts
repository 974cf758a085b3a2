/**
 * /game status, for any system: where the channel's game stands, as an ephemeral reply to the asker alone.
 * Ephemeral because a status asked by one person is for that person: posted in the channel, every look
 * would push the game's own messages up, and the asker's hand, which the same reply carries, must stay
 * theirs. The system's presentation builds it from the public view and, for a player, their own private
 * view; the platform adds the log's clock (when each pending decision opened) and, for a player of a
 * running game, the button to their private view (where a decision can be answered).
 */
import { gameStanding } from '../../app/status.js';
import type { InitialReply } from '../contract.js';
import { ephemeral, problemReply } from '../replies.js';
import { asReply, outgoing } from '../play/deliveries.js';
import { explain, type Scope } from '../play/perform.js';

export async function gameStatus(scope: Scope): Promise<InitialReply> {
  const found = await gameStanding(scope.services, scope.channelId, scope.asker.id);
  if (!found.ok) return problemReply(scope.t, explain(scope.t, found.problem));
  const { game, seat } = found.standing;
  const { system, state } = game;
  const mine = seat === null ? null : system.privateView(state, seat);
  const message = system.presentation.status(scope.t, system.publicView(state), mine, found.clock);
  const running = system.phase(state) === 'active';
  const components = [...(message.components ?? []), ...(mine !== null && running ? [system.presentation.privateViewRow(scope.t, game.stored.id)] : [])];
  const { data, files } = asReply(outgoing({ ...message, components }));
  return { ...ephemeral(data), ...(files ? { files } : {}) };
}
