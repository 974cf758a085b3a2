/**
 * /game undo and its requests. Done at once (a referee; a player's own action that showed nothing), the
 * channel reads what was undone in words and what its amends did; asked of the other player, the channel
 * shows the request with "Agree" / "Refuse" for them alone — lapsed as soon as anything else happens.
 *
 * Custom ids: `fk:undo:<gameId>:<askedBatch>:<yes|no>` — hints, checked against the game's log.
 */
import { ButtonStyle, ComponentType } from 'discord-api-types/v10';
import { answerUndo, undoLast, type UndoOutcome } from '../../app/undo.js';
import type { LoadedGame } from '../../app/loadedGame.js';
import type { SystemEvent } from '../../app/tableLog.js';
import type { Message, UndoneAction } from '../../systems/contract.js';
import type { Translate } from '../../i18n/index.js';
import type { InitialReply } from '../contract.js';
import { clickOf, type ComponentContext, type ComponentModule } from '../router.js';
import { problemReply, reply, update } from '../replies.js';
import { asReply, deliverPrivately, outgoing, type Outcome, type Scope } from '../play/deliveries.js';
import { explain, whoOf } from '../play/perform.js';
import { describeError } from '../outbox.js';
import { both, settleDueEnd } from '../play/finalEnd.js';
import { retell, STORY_SLOT } from '../play/story.js';
import { publicTranslator } from '../publicLanguage.js';

type Row = NonNullable<Message['components']>[number];

function nameIn(game: LoadedGame, userId: string | null, fallback: string | null = null): string | null {
  if (userId === null) return fallback;
  return game.system.seatsOf(game.state).find((s) => s.userId === userId)?.name ?? fallback;
}

/** What the undone action was, in words, for the channel. */
function describe(t: Translate, game: LoadedGame, action: readonly SystemEvent[], author: string | null): string {
  const { system, state } = game;
  const shown = action.map((e) => system.publicEvent(e)).filter((e): e is SystemEvent => e !== null);
  return system.presentation.describeAction(t, system.publicView(state), shown, nameIn(game, author));
}

/** The channel's message for an undo done. */
async function undoneMessage(scope: Scope, done: Extract<UndoOutcome, { kind: 'undone' }>, byName: string) {
  const { system, state } = done.game;
  const publicOf = (events: readonly SystemEvent[]) => events.map((e) => system.publicEvent(e)).filter((e): e is SystemEvent => e !== null);
  const what: UndoneAction<SystemEvent> = {
    events: publicOf(done.action),
    amends: publicOf(done.amends),
    by: byName,
    author: nameIn(done.game, done.author),
    asReferee: done.asReferee,
    agreedBy: done.agreedBy.map((id) => nameIn(done.game, id) ?? '?'),
  };
  return asReply(outgoing(await system.presentation.undone(await publicTranslator(scope, done.game.stored.guildId), system.publicView(state), what)));
}

/**
 * After an undo: the living message of a story it reached back into is told again (what no longer holds
 * struck through), and private views may have changed back (a hand, a decision reopened): each player
 * gets theirs again.
 */
function afterUndo(scope: Scope, done: Extract<UndoOutcome, { kind: 'undone' }>): () => Promise<void> {
  const { game } = done;
  const outcome: Outcome = { game, before: game.state, events: [] };
  return async () => {
    const living = await scope.services.store.getGameMessage(game.stored.id, STORY_SLOT);
    if (living !== null && living.fromBatch <= done.undoneBatch) await retell(scope, game, living);
    await deliverPrivately(scope, outcome, { everySeat: true });
  };
}

function answerRow(t: Translate, gameId: string, askedBatch: number): Row {
  return {
    type: ComponentType.ActionRow,
    components: [
      { type: ComponentType.Button, style: ButtonStyle.Success, custom_id: `fk:undo:${gameId}:${askedBatch}:yes`, label: t('game.undo.agree') },
      { type: ComponentType.Button, style: ButtonStyle.Danger, custom_id: `fk:undo:${gameId}:${askedBatch}:no`, label: t('game.undo.refuse') },
    ],
  } as Row;
}

export async function undoCommand(scope: Scope): Promise<InitialReply> {
  const due = await settleDueEnd(scope, scope.channelId);
  if (due) {
    const refused = problemReply(scope.t, { code: 'GAME_ENDED' });
    return { ...refused, after: due.announce };
  }
  const result = await undoLast(scope.services, scope.channelId, whoOf(scope));
  if (!result.ok) return problemReply(scope.t, explain(scope.t, result.problem, result.game));
  const t = await publicTranslator(scope, result.game.stored.guildId);
  if (result.kind === 'undone') {
    const { data, files } = await undoneMessage(scope, result, nameIn(result.game, scope.asker.id, scope.asker.name)!);
    return reply(data, { ...(files ? { files } : {}), after: afterUndo(scope, result) });
  }
  if (result.kind !== 'asked') return problemReply(scope.t, { code: 'STALE_BUTTON' });
  const content = t('game.undo.asked', {
    name: `**${nameIn(result.game, result.by, scope.asker.name)}**`,
    what: describe(t, result.game, result.action, result.author),
    others: result.needs.map((id) => `<@${id}>`).join(' '),
  });
  return reply({ content, components: [answerRow(t, result.game.stored.id, result.askedBatch)] as never, allowed_mentions: { parse: [], users: result.needs } });
}

async function answer(ctx: ComponentContext): Promise<InitialReply> {
  const [gameId, batch, yes] = ctx.parts;
  const askedBatch = Number(batch);
  // Buttons only: a modal submit under this prefix is nothing this table ever showed.
  const click = clickOf(ctx);
  if (!click || !gameId || !Number.isSafeInteger(askedBatch) || askedBatch < 1 || (yes !== 'yes' && yes !== 'no')) return problemReply(ctx.t, { code: 'STALE_BUTTON' });
  const result = await answerUndo(ctx.services, gameId, whoOf(ctx), askedBatch, yes === 'yes');
  const t = await publicTranslator(ctx, result.game?.stored.guildId ?? ctx.guildId);
  if (!result.ok) {
    const refusal = problemReply(ctx.t, explain(ctx.t, result.problem, result.game));
    if (result.problem.code !== 'UNDO_REQUEST_STALE') return refusal;
    // The request says it lapsed, for everyone (best effort: the click is refused anyway).
    const { channel_id: channelId, id: messageId } = click.message;
    const lapsed = async () => {
      try {
        await ctx.services.outbox.editChannelMessage(channelId, messageId, { content: t('game.undo.lapsed'), components: [] });
      } catch (error) {
        ctx.services.log.warn(`could not mark an undo request lapsed: ${describeError(error)}`);
      }
    };
    return { ...refusal, after: both(refusal.after, lapsed) };
  }
  switch (result.kind) {
    case 'undone': {
      const { data, files } = await undoneMessage(ctx, result, nameIn(result.game, result.by) ?? '?');
      return update({ ...data, components: data.components ?? [] }, { ...(files ? { files } : {}), after: afterUndo(ctx, result) });
    }
    case 'refused':
      return update({ content: t('game.undo.refused', { name: `**${nameIn(result.game, result.refusedBy) ?? '?'}**`, what: describe(t, result.game, result.action, result.author) }), components: [] });
    case 'agreed':
      return update({ content: t('game.undo.agreedWaiting', { name: `**${nameIn(result.game, ctx.asker.id, ctx.asker.name)}**`, others: result.waitingFor.map((id) => `<@${id}>`).join(' ') }) });
    default:
      return problemReply(ctx.t, { code: 'STALE_BUTTON' });
  }
}

export const undoComponents: ComponentModule[] = [{ prefix: 'undo', handle: answer }];
