/**
 * `/game new thread:true`: the game gets a public thread of the channel, named after it, and lives there —
 * its start, its status message, its decisions and every command typed in it. The channel hears only
 * where the game went. Refused, before anything is created, where the bot cannot open and post in a
 * thread (its permissions in the channel, as the interaction tells them), or inside a thread already.
 */
import { DiscordAPIError } from '@discordjs/rest';
import { ChannelType, InteractionResponseType, PermissionFlagsBits, RESTJSONErrorCodes } from 'discord-api-types/v10';
import type { InitialReply, OutgoingMessage } from '../contract.js';
import type { LoadedGame } from '../../app/loadedGame.js';
import type { Problem } from '../replies.js';
import { reply } from '../replies.js';
import type { CommandContext } from '../router.js';
import { publicTranslator } from '../publicLanguage.js';

const NEEDED = [
  ['CREATE_PUBLIC_THREADS', PermissionFlagsBits.CreatePublicThreads],
  ['SEND_MESSAGES_IN_THREADS', PermissionFlagsBits.SendMessagesInThreads],
] as const;
const THREADS: ReadonlySet<number> = new Set([ChannelType.AnnouncementThread, ChannelType.PublicThread, ChannelType.PrivateThread]);

/** Why a game cannot open its thread here, in the asker's words; null when it can. */
export function threadRefusal(ctx: CommandContext): Problem | null {
  if (ctx.guildId === null) return { code: 'GUILD_ONLY' };
  if (ctx.interaction.channel && THREADS.has(ctx.interaction.channel.type)) return { code: 'THREAD_IN_THREAD' };
  const held = BigInt(ctx.interaction.app_permissions ?? '0');
  const missing = NEEDED.filter(([, bit]) => (held & bit) === 0n).map(([name]) => `**${ctx.t(`permission.${name}`)}**`);
  return missing.length ? { code: 'THREAD_PERMISSION_MISSING', params: { permissions: missing.join(', ') } } : null;
}

/** Opens the game's thread, named after its players in the server's language. */
export async function openGameThread(ctx: CommandContext, players: readonly [string, string]): Promise<{ ok: true; channelId: string } | { ok: false; problem: Problem }> {
  const t = await publicTranslator(ctx, ctx.guildId);
  try {
    const { channelId } = await ctx.services.outbox.createThread(ctx.channelId, t('game.thread.name', { a: players[0], b: players[1] }));
    return { ok: true, channelId };
  } catch (error) {
    // The channel's own overwrites can still forbid what the interaction said the bot may do.
    if (error instanceof DiscordAPIError && error.code === RESTJSONErrorCodes.MissingPermissions) {
      return { ok: false, problem: { code: 'THREAD_PERMISSION_MISSING', params: { permissions: `**${ctx.t('permission.CREATE_PUBLIC_THREADS')}**` } } };
    }
    throw error;
  }
}

/**
 * The start of a game that lives in its thread: the channel's answer says where it went; the start's own
 * message (`started`, as the channel would have had it) opens the thread, before its status and the DMs.
 */
export async function startedInThread(ctx: CommandContext, game: LoadedGame, started: InitialReply): Promise<InitialReply> {
  const t = await publicTranslator(ctx, ctx.guildId);
  const [a, b] = game.system.seatsOf(game.state);
  const data = started.response.type === InteractionResponseType.ChannelMessageWithSource ? started.response.data : undefined;
  const opening = { ...(data as OutgoingMessage | undefined), ...(started.files ? { files: started.files } : {}) };
  return reply(
    { content: t('game.thread.started', { a: a?.name ?? '?', b: b?.name ?? '?', thread: `<#${game.stored.channelId}>` }) },
    {
      after: async () => {
        if (data) await ctx.services.outbox.postToChannel(game.stored.channelId, opening);
        await started.after?.();
      },
    },
  );
}
