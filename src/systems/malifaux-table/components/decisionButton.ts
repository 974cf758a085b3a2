/**
 * Answers to pending decisions: `fk:d:<gameId>:<decisionRef>[:<choice>]`. The id is a hint, not a
 * credential: the game, the decision of the moment and the clicker's seat are all checked again.
 */
import { MessageFlags } from 'discord-api-types/v10';
import * as engine from '../engine/index.js';
import type { ComponentModule } from '../../../discord/router.js';
import { problemReply } from '../../../discord/replies.js';
import { act, loadGameById, seatOf } from '../../../app/games.js';
import { deliverAfterAction } from '../../../app/deliveries.js';
import { answerFor, decisionRef, describeDecision } from '../present/prompts.js';
import { explain, whoOf } from '../../../app/perform.js';

export const decisionButton: ComponentModule = {
  prefix: 'd',
  async handle(ctx) {
    const [gameId, ref, choice] = ctx.parts;
    const game = await loadGameById(ctx.services.store, gameId);
    if (!game || game.state.status !== 'active') return problemReply(ctx.t, { code: 'STALE_BUTTON' });
    const decision = engine.pendingDecision(game.state);
    if (!decision || decisionRef(decision) !== ref) return problemReply(ctx.t, { code: 'STALE_BUTTON' });
    if (seatOf(game.state, ctx.asker.id) !== decision.seat) {
      return problemReply(ctx.t, { code: 'NOT_YOUR_BUTTON', params: { name: game.state.seats[decision.seat].name } });
    }
    const answer = answerFor(decision, choice, ctx.values);
    if ('code' in answer) return problemReply(ctx.t, answer);
    const result = await act(ctx.services, { gameId: game.stored.id }, whoOf(ctx), answer);
    if (!result.ok) return problemReply(ctx.t, explain(ctx.t, result.problem, result.state));
    // The note replaces the clicked message: in the channel everyone reads it (the server's language);
    // in a DM or an ephemeral view only the asker does (theirs).
    const onlyAsker = ctx.guildId === null || ((ctx.interaction.message.flags ?? 0) & MessageFlags.Ephemeral) !== 0;
    const t = onlyAsker ? ctx.t : ctx.tPublic;
    const note = t('prompt.answered', { name: ctx.asker.name, decision: describeDecision(t, decision) });
    return deliverAfterAction(ctx, result, { reply: 'update', note, messageId: ctx.interaction.message.id });
  },
};
