/**
 * Who referees a game, at the edge: /game new's choice (a role, or nobody; by default the server's referee
 * role), said where the game starts, and the offer a player holding that role needs from the other
 * player: a referee over their opponent only once the opponent accepts (app/referees.ts).
 *
 * Custom ids: `fk:ref:<gameId>:<candidateUserId>:<yes|no>` — hints, checked against the game.
 */
import { ButtonStyle, ComponentType, type APIChatInputApplicationCommandInteraction } from 'discord-api-types/v10';
import { acceptReferee } from '../../app/acceptReferee.js';
import { loadGameById } from '../../app/games.js';
import type { LoadedGame } from '../../app/loadedGame.js';
import type { Problem } from '../../app/problems.js';
import type { Message } from '../../systems/contract.js';
import type { Translate } from '../../i18n/index.js';
import type { InitialReply, OutgoingMessage } from '../contract.js';
import { clickOf, type ComponentContext, type ComponentModule } from '../router.js';
import { problemReply, update } from '../replies.js';
import type { Scope } from '../play/deliveries.js';
import { publicTranslator } from '../publicLanguage.js';
import { explain, whoOf } from '../play/perform.js';

type Row = NonNullable<Message['components']>[number];

/** The role /game new gives the game: its option, "nobody", or the server's referee role. */
export async function chosenRefereeRole(scope: Scope, args: { referee_role?: string; no_referee?: boolean }): Promise<{ ok: true; roleId: string | null } | { ok: false; problem: Problem }> {
  if (args.referee_role !== undefined && args.no_referee === true) return { ok: false, problem: { code: 'REFEREE_OPTIONS_CONFLICT' } };
  if (args.no_referee === true) return { ok: true, roleId: null };
  if (args.referee_role !== undefined) return { ok: true, roleId: args.referee_role };
  if (!scope.guildId) return { ok: true, roleId: null };
  return { ok: true, roleId: (await scope.services.store.getGuildSettings(scope.guildId)).refereeRoleId };
}

/** The roles of a user named in a command's options (Discord sends the member with them), else none. */
export function rolesOfOption(interaction: APIChatInputApplicationCommandInteraction, userId: string): readonly string[] {
  return interaction.data.resolved?.members?.[userId]?.roles ?? [];
}

/** The "Referees" field of the start announcement. */
export function refereesField(t: Translate, roleId: string | null): { name: string; value: string } {
  return { name: t('game.referees.field'), value: roleId ? t('game.referees.role', { role: `<@&${roleId}>` }) : t('game.referees.none') };
}

function offerRow(t: Translate, gameId: string, candidate: string): Row {
  return {
    type: ComponentType.ActionRow,
    components: [
      { type: ComponentType.Button, style: ButtonStyle.Success, custom_id: `fk:ref:${gameId}:${candidate}:yes`, label: t('game.referee.accept') },
      { type: ComponentType.Button, style: ButtonStyle.Secondary, custom_id: `fk:ref:${gameId}:${candidate}:no`, label: t('game.referee.decline') },
    ],
  } as Row;
}

/**
 * The offers to post once the game has started: for each player holding the game's referee role, the
 * other players are asked whether they accept them as a referee (after() work).
 */
export function refereeOffers(scope: Scope, game: LoadedGame, roleId: string | null, rolesOf: (userId: string) => readonly string[]): () => Promise<void> {
  return async () => {
    if (roleId === null) return;
    const tp = await publicTranslator(scope, game.stored.guildId);
    const seats = game.system.seatsOf(game.state);
    for (const candidate of seats.filter((s) => rolesOf(s.userId).includes(roleId))) {
      const others = seats.filter((s) => s.userId !== candidate.userId);
      const message: OutgoingMessage = {
        content: tp('game.referee.offer', { candidate: `<@${candidate.userId}>`, other: others.map((s) => `<@${s.userId}>`).join(' ') }),
        components: [offerRow(tp, game.stored.id, candidate.userId)] as OutgoingMessage['components'],
        allowed_mentions: { parse: [], users: others.map((s) => s.userId) },
      };
      await scope.services.outbox.postToChannel(game.stored.channelId, message);
    }
  };
}

async function answerOffer(ctx: ComponentContext): Promise<InitialReply> {
  const [gameId, candidate, yes] = ctx.parts;
  // Buttons only: a modal submit under this prefix is nothing this table ever showed.
  if (!clickOf(ctx) || !gameId || !candidate || (yes !== 'yes' && yes !== 'no')) return problemReply(ctx.t, { code: 'STALE_BUTTON' });
  const t = await publicTranslator(ctx, ctx.guildId);
  if (yes === 'no') {
    // Declining writes nothing (nothing changes: the candidate plays as a player); only those asked may.
    const loaded = await loadGameById(ctx.services, gameId);
    if (!loaded.ok) return problemReply(ctx.t, explain(ctx.t, loaded.problem));
    const seats = loaded.game.system.seatsOf(loaded.game.state);
    const others = seats.filter((s) => s.userId !== candidate);
    if (!seats.some((s) => s.userId === candidate)) return problemReply(ctx.t, { code: 'STALE_BUTTON' });
    if (!others.some((s) => s.userId === ctx.asker.id)) return problemReply(ctx.t, { code: 'REFEREE_ANSWER_NOT_YOURS', params: { name: others.map((s) => s.name).join(', ') } });
    return update({ content: t('game.referee.declined', { other: `<@${ctx.asker.id}>`, candidate: `<@${candidate}>` }), components: [] });
  }
  const accepted = await acceptReferee(ctx.services, gameId, whoOf(ctx), candidate);
  if (!accepted.ok) return problemReply(ctx.t, explain(ctx.t, accepted.problem, accepted.game));
  return update({ content: t('game.referee.accepted', { other: `<@${accepted.by}>`, candidate: `<@${candidate}>` }), components: [] });
}

export const refereeComponents: ComponentModule[] = [{ prefix: 'ref', handle: answerOffer }];
