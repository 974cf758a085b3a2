/** The common path of a slash command that is one engine command: act, then tell everyone what they may know. */
import * as engine from '../systems/malifaux-table/engine/index.js';
import type { InitialReply } from '../discord/contract.js';
import type { InteractionScope } from '../discord/interaction.js';
import { problemReply, type Problem } from '../discord/replies.js';
import { hasMessage, type Translate } from '../i18n/index.js';
import { act, seatOf, type Wish } from './games.js';
import { deliverAfterAction } from './deliveries.js';
import type { Services } from './services.js';

export type Scope = InteractionScope & { services: Services };

export function whoOf(scope: Scope) {
  return { userId: scope.asker.id, roles: scope.roles, interactionId: scope.interactionId };
}

/** Engine errors speak of seats and decision kinds; people read names and words. */
export function explain(t: Translate, problem: Problem, state?: engine.GameState): Problem {
  if (!problem.params) return problem;
  const params = { ...problem.params };
  if (typeof params.seat === 'number' && state && state.status !== 'new') {
    const seat = state.seats[params.seat];
    if (seat) params.seat = seat.name;
  }
  const kindKey = `decision.${String(params.kind)}`;
  if (typeof params.kind === 'string' && hasMessage(kindKey)) params.kind = t(kindKey);
  return { ...problem, params };
}

export async function perform(scope: Scope, command: Wish): Promise<InitialReply> {
  const result = await act(scope.services, scope.channelId, whoOf(scope), command);
  if (!result.ok) return problemReply(scope.t, explain(scope.t, result.problem, result.state));
  return deliverAfterAction(scope, result, { reply: 'public' });
}

/**
 * A command that names a seat (whose duel, whose pool): built from the state the command will be decided
 * on, so the seat is read in the same load as everything else — no extra query, no race with a new game.
 */
export function performForSeat(
  scope: Scope,
  userId: string,
  build: (seat: engine.Seat) => engine.Command,
  notSeated: Problem = { code: 'NOT_A_PLAYER' },
): Promise<InitialReply> {
  return perform(scope, (state) => {
    const seat = seatOf(state, userId);
    return seat === null ? notSeated : build(seat);
  });
}
