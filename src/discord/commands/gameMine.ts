/**
 * /game mine: every game of the server that waits for the asker, read from the awaiting index (one query,
 * not a look at every channel), answered to them alone: where (a link to the channel), which game, what
 * it waits for and since when, and the deadline when the game has a turn clock.
 */
import { awaitingUser } from '../../app/reminders.js';
import type { InitialReply } from '../contract.js';
import { ephemeral, problemReply } from '../replies.js';
import type { Scope } from '../play/scope.js';
import { relativeTime } from '../reminders.js';

/** Lines shown at most: an embed's description holds 4,096 characters. */
const MAX_LINES = 20;

export async function gamesAwaitingYou(scope: Scope): Promise<InitialReply> {
  if (!scope.guildId) return problemReply(scope.t, { code: 'GUILD_ONLY' });
  const awaiting = await awaitingUser(scope.services, scope.guildId, scope.asker.id);
  if (awaiting.length === 0) return ephemeral(scope.t('mine.none'));
  const lines = awaiting.slice(0, MAX_LINES).map(({ decision, game, deadline }) => {
    const { system, state } = game;
    const line = scope.t('mine.line', {
      channel: `<#${game.stored.channelId}>`,
      system: system.name[scope.locale],
      players: system.seatsOf(state).map((s) => s.name).join(', '),
      decision: system.presentation.decisionName(scope.t, { kind: decision.kind }),
      since: relativeTime(decision.since),
    });
    return deadline === null ? line : scope.t('mine.deadline', { line, deadline: relativeTime(deadline) });
  });
  if (awaiting.length > MAX_LINES) lines.push(scope.t('mine.more', { count: awaiting.length - MAX_LINES }));
  const color = awaiting[0]!.game.system.presentation.colors.waiting;
  return ephemeral({ embeds: [{ title: scope.t('mine.title', { count: awaiting.length }), description: lines.join('\n'), color }] });
}
