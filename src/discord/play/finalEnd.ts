/**
 * A due end made final on the way (see app/ending.ts): whoever's interaction comes next, the channel is
 * told the game is over — the result, the seed now revealed — and the players' DMs lose their controls.
 */
import { reportToLeague } from '../leagues/gameReport.js';
import { finalizeDueEnd } from '../../app/ending.js';
import type { Where } from '../../app/games.js';
import { markCommitted } from '../interaction.js';
import { publicTranslator } from '../publicLanguage.js';
import { deliverPrivately, publicMessage, type Outcome, type Scope } from './deliveries.js';
import { livingMessage, retell, storyStep } from './story.js';

/** Posts the final end to the game's channel and closes its DMs (after() work). */
export function announceFinalEnd(scope: Scope, outcome: Outcome): () => Promise<void> {
  return async () => {
    // A story the end cut short (a proposal to end the game, a claim) is told once more: its message
    // must not keep buttons that its game no longer takes.
    const step = storyStep(outcome.game.system, outcome.before, outcome.game.state);
    const living = step && !step.began ? await livingMessage(scope, outcome.game.stored.id, step.key) : null;
    if (living) await retell(scope, outcome.game, living);
    await scope.services.outbox.postToChannel(outcome.game.stored.channelId, await publicMessage(await publicTranslator(scope, outcome.game.stored.guildId), outcome));
    await deliverPrivately(scope, outcome);
    await reportToLeague(scope, outcome);
  };
}

/** Makes the game's end final if its window has passed; the announcement to run after the reply, or null. */
export async function settleDueEnd(scope: Scope, where: Where): Promise<{ outcome: Outcome; announce: () => Promise<void> } | null> {
  const who = { userId: scope.asker.id, roles: scope.roles, interactionId: scope.interactionId, onCommitted: () => markCommitted(scope) };
  const ended = await finalizeDueEnd(scope.services, where, who, scope.services.clock());
  if (!ended) return null;
  return { outcome: ended, announce: announceFinalEnd(scope, ended) };
}

/** Runs `first`, then `then` (either may be absent): two after() works as one. */
export function both(first: (() => Promise<void>) | undefined, then: (() => Promise<void>) | undefined): (() => Promise<void>) | undefined {
  if (!first) return then;
  if (!then) return first;
  return async () => {
    await first();
    await then();
  };
}
