/**
 * /game end, fairly. A player is asked to confirm (ephemeral buttons): concede (they lose) or abandon (no
 * result). The end then waits for a take-back window (END_WINDOW_MS) with the game paused and the seed
 * still secret — a resumed game's decks must stay unknown — and the channel tells the other player, with
 * a button to take it back. Either player may, until the window closes; then the end is final (lazily:
 * see play/finalEnd.ts) and the seed is revealed. A referee without a seat closes a game at once, without
 * a result.
 *
 * A system that keeps a score (the whole game) also offers ending it by agreement: the other player is
 * asked, as one of the game's decisions, and accepting ends the game at once with the score as it stands.
 *
 * Custom ids: `fk:end:<gameId>:<concede|abandon|agree|close|keep>` (the confirmation), `fk:endback:<gameId>`
 * (take the end back). Hints only: the game, the seat and the window are checked on every click.
 */
import { ButtonStyle, ComponentType, MessageFlags, type APIButtonComponentWithCustomId } from 'discord-api-types/v10';
import { askEnd, takeBackEnd } from '../../app/ending.js';
import { act, loadActiveGame, loadGameById, seatOf } from '../../app/games.js';
import type { LoadedGame } from '../../app/loadedGame.js';
import { isReferee } from '../../app/referees.js';
import type { AnySystem, Message, SeatLookup } from '../../systems/contract.js';
import type { Translate } from '../../i18n/index.js';
import type { InitialReply, OutgoingMessage } from '../contract.js';
import { clickOf, type ComponentContext, type ComponentModule } from '../router.js';
import { ephemeral, problemReply, update } from '../replies.js';
import { deliverAfterAction, deliverPrivately, publicMessage, type Scope } from '../play/deliveries.js';
import { publicTranslator } from '../publicLanguage.js';
import { explain, whoOf } from '../play/perform.js';
import { both, settleDueEnd } from '../play/finalEnd.js';
import { recordStory, refreshStatus, storyStep } from '../play/story.js';

/** How long either player may take an end back. */
export const END_WINDOW_MS = 10 * 60_000;

type Row = NonNullable<Message['components']>[number];
const CHOICES = ['concede', 'abandon', 'agree', 'close', 'keep'] as const;
type Choice = (typeof CHOICES)[number];

/** A Discord timestamp: everyone reads the moment in their own time zone. */
export function when(ms: number): string {
  return `<t:${Math.floor(ms / 1000)}:t>`;
}

function button(label: string, customId: string, style: ButtonStyle): APIButtonComponentWithCustomId {
  return { type: ComponentType.Button, style: style as APIButtonComponentWithCustomId['style'], custom_id: customId, label };
}

function choiceRow(t: Translate, gameId: string, choices: readonly Exclude<Choice, 'keep'>[]): Row {
  const styles: Record<Exclude<Choice, 'keep'>, ButtonStyle> = { concede: ButtonStyle.Danger, abandon: ButtonStyle.Secondary, agree: ButtonStyle.Success, close: ButtonStyle.Danger };
  return {
    type: ComponentType.ActionRow,
    components: [...choices.map((c) => button(t(`game.end.${c}`), `fk:end:${gameId}:${c}`, styles[c])), button(t('game.end.keep'), `fk:end:${gameId}:keep`, ButtonStyle.Primary)],
  } as Row;
}

export function takeBackRow(t: Translate, gameId: string): Row {
  return { type: ComponentType.ActionRow, components: [button(t('game.end.takeBack'), `fk:endback:${gameId}`, ButtonStyle.Primary)] } as Row;
}

function othersOf(game: LoadedGame, userId: string): { names: string; mentions: string; ids: string[] } {
  const others = game.system.seatsOf(game.state).filter((s) => s.userId !== userId);
  return { names: others.map((s) => s.name).join(', '), mentions: others.map((s) => `<@${s.userId}>`).join(' '), ids: others.map((s) => s.userId) };
}

function withAfter(reply: InitialReply, after: (() => Promise<void>) | undefined): InitialReply {
  const work = both(reply.after, after);
  return work ? { ...reply, after: work } : reply;
}

/** /game end: the confirmation, or (while an end waits) the way to take it back. */
export async function endCommand(scope: Scope): Promise<InitialReply> {
  const due = await settleDueEnd(scope, scope.channelId);
  if (due) return withAfter(problemReply(scope.t, { code: 'GAME_ENDED' }), due.announce);
  const loaded = await loadActiveGame(scope.services, scope.channelId);
  if (!loaded.ok) return problemReply(scope.t, explain(scope.t, loaded.problem));
  const { game } = loaded;
  const seat = seatOf(game, scope.asker.id);
  const referee = seat === null && (await isReferee(scope.services, game, whoOf(scope)));
  if (seat === null && !referee) return problemReply(scope.t, { code: 'NOT_A_PLAYER' });
  const waiting = game.system.pendingEnd(game.state);
  if (waiting) return ephemeral({ content: scope.t('game.end.takeBackPrompt', { until: when(waiting.until) }), components: [takeBackRow(scope.t, game.stored.id)] });
  if (seat === null) return ephemeral({ content: scope.t('game.end.confirmReferee'), components: [choiceRow(scope.t, game.stored.id, ['close'])] });
  const others = othersOf(game, scope.asker.id).names;
  const agree = game.system.proposeAgreedEnd !== undefined;
  return ephemeral({
    content: [scope.t('game.end.confirmPlayer', { others, minutes: END_WINDOW_MS / 60_000 }), ...(agree ? [scope.t('game.end.agreeHint', { others })] : [])].join('\n'),
    components: [choiceRow(scope.t, game.stored.id, agree ? ['concede', 'abandon', 'agree'] : ['concede', 'abandon'])],
  });
}

/** The confirmation's buttons. */
async function confirmEnd(ctx: ComponentContext): Promise<InitialReply> {
  const [gameId, raw] = ctx.parts;
  const choice = CHOICES.find((c) => c === raw);
  // Buttons only: a modal submit under this prefix is nothing this table ever showed.
  if (!gameId || !choice || !clickOf(ctx)) return problemReply(ctx.t, { code: 'STALE_BUTTON' });
  if (choice === 'keep') return update({ content: ctx.t('game.end.kept'), components: [] });
  const due = await settleDueEnd(ctx, { gameId });
  if (due) return withAfter(problemReply(ctx.t, { code: 'GAME_ENDED' }), due.announce);
  const loaded = await loadGameById(ctx.services, gameId);
  if (!loaded.ok) return problemReply(ctx.t, explain(ctx.t, loaded.problem));
  const seat = seatOf(loaded.game, ctx.asker.id);
  if (choice === 'agree') return proposeAgreedEnd(ctx, gameId, seat);
  // Only a referee without a seat closes at once; a player's end always waits for its window.
  if ((choice === 'close') !== (seat === null)) return problemReply(ctx.t, { code: 'STALE_BUTTON' });
  const at = ctx.services.clock();
  const until = seat === null ? at : at + END_WINDOW_MS;
  const result = await askEnd(ctx.services, { gameId }, whoOf(ctx), { kind: choice === 'concede' ? 'concede' : 'abandon', at, until });
  if (!result.ok) return problemReply(ctx.t, explain(ctx.t, result.problem, result.game));
  const { game } = result;
  const tp = await publicTranslator(ctx, game.stored.guildId);
  const message = await publicMessage(tp, result);
  const channelId = game.stored.channelId;
  if (game.system.phase(game.state) === 'ended') {
    return update({ content: ctx.t('game.ended.title'), components: [] }, {
      after: async () => {
        await ctx.services.outbox.postToChannel(channelId, message);
        await deliverPrivately(ctx, result);
      },
    });
  }
  // The other players are told, by name, with the way to take it back.
  const others = othersOf(game, ctx.asker.id);
  const notice: OutgoingMessage = {
    ...message,
    content: [tp('game.end.notify', { others: others.mentions }), message.content].filter(Boolean).join('\n'),
    components: [takeBackRow(tp, game.stored.id), ...(message.components ?? [])],
    allowed_mentions: { parse: [], users: others.ids },
  };
  return update({ content: ctx.t('game.end.asked', { until: when(until) }), components: [] }, {
    after: async () => {
      await ctx.services.outbox.postToChannel(channelId, notice);
    },
  });
}

/** "End it by agreement": the game asks the other player, as its own decision (accept or decline). */
async function proposeAgreedEnd(ctx: ComponentContext, gameId: string, seat: number | null): Promise<InitialReply> {
  const click = clickOf(ctx);
  if (seat === null || !click) return problemReply(ctx.t, { code: 'NOT_A_PLAYER' });
  const result = await act(ctx.services, { gameId }, whoOf(ctx), (_seatOf: SeatLookup, system: AnySystem) => system.proposeAgreedEnd?.() ?? { code: 'STALE_BUTTON' });
  if (!result.ok) return problemReply(ctx.t, explain(ctx.t, result.problem, result.game));
  // The channel hears it (the answer's buttons on the message), not only the status and the other's DM.
  const message = await publicMessage(await publicTranslator(ctx, result.game.stored.guildId), result);
  const channelId = result.game.stored.channelId;
  return update({ content: ctx.t('game.end.agreeAsked'), components: [] }, {
    after: async () => {
      const { messageId } = await ctx.services.outbox.postToChannel(channelId, message);
      // The proposal is a story: its message follows its answer. Recorded before the other player hears
      // of it, so that an answer from their DM finds it.
      const step = storyStep(result.game.system, result.before, result.game.state);
      if (step) await recordStory(ctx, result.game, step.key, result.game.stored.version, { channelId, messageId });
      await deliverPrivately(ctx, result);
      await refreshStatus(ctx, result.game);
    },
  });
}

/** "Take the end back". */
async function takeBack(ctx: ComponentContext): Promise<InitialReply> {
  const [gameId] = ctx.parts;
  const click = clickOf(ctx);
  if (!gameId || !click) return problemReply(ctx.t, { code: 'STALE_BUTTON' });
  const result = await takeBackEnd(ctx.services, { gameId }, whoOf(ctx), ctx.services.clock());
  if (!result.ok) {
    const refusal = problemReply(ctx.t, explain(ctx.t, result.problem, result.game));
    // Too late: the end is final now, and the channel learns it (whoever clicked).
    if (result.problem.code === 'END_WINDOW_CLOSED') return withAfter(refusal, (await settleDueEnd(ctx, { gameId }))?.announce);
    return refusal;
  }
  const onlyAsker = ((click.message.flags ?? 0) & MessageFlags.Ephemeral) !== 0;
  const t = onlyAsker ? ctx.t : await publicTranslator(ctx, result.game.stored.guildId);
  return deliverAfterAction(ctx, result, { reply: 'update', note: t('game.end.takenBackNote'), interaction: click });
}

export const endComponents: ComponentModule[] = [
  { prefix: 'end', handle: confirmEnd },
  { prefix: 'endback', handle: takeBack },
];
