/**
 * Discord drops an interaction that is not answered within 3 seconds. Most answers take milliseconds,
 * but a slow database or a busy machine must not turn into "The application did not respond".
 *
 * If the real answer is not ready after `budgetMs`, the user gets an EPHEMERAL "thinking…" at once, and the
 * answer follows: an ephemeral answer replaces the placeholder; a public one is posted to the channel
 * (never into the ephemeral placeholder's slot the other way round, so a private hand can never end up
 * public). A component's late UPDATE_MESSAGE edits the clicked message.
 */
import { InteractionResponseType, InteractionType, MessageFlags, type APIInteraction, type APIInteractionResponse } from 'discord-api-types/v10';
import type { DiscordOutbox, InitialReply, InteractionHandler, OutgoingMessage } from './contract.js';

export const DEFAULT_BUDGET_MS = 2_000;

function isEphemeral(response: APIInteractionResponse): boolean {
  return 'data' in response && response.data !== undefined && 'flags' in response.data && ((Number(response.data.flags) & MessageFlags.Ephemeral) !== 0);
}

function messageOf(reply: InitialReply): OutgoingMessage {
  const data = 'data' in reply.response && reply.response.data ? (reply.response.data as OutgoingMessage) : {};
  return { ...data, ...(reply.files ? { files: reply.files } : {}) };
}

async function deliverLate(outbox: DiscordOutbox, interaction: APIInteraction, reply: InitialReply, channelId: string | undefined): Promise<void> {
  const { type } = reply.response;
  if (type === InteractionResponseType.UpdateMessage) {
    await outbox.editOriginal(interaction.token, messageOf(reply));
  } else if (type === InteractionResponseType.ChannelMessageWithSource) {
    if (interaction.type === InteractionType.MessageComponent) {
      // The placeholder was a silent deferred update: a new message must be a follow-up.
      await outbox.followUp(interaction.token, messageOf(reply));
    } else if (isEphemeral(reply.response) || !channelId) {
      await outbox.editOriginal(interaction.token, messageOf(reply));
    } else {
      await outbox.editOriginal(interaction.token, { content: '✅' });
      await outbox.postToChannel(channelId, messageOf(reply));
    }
  }
  // Deferred or other responses carry their own follow-up work in after().
  await reply.after?.();
}

/** What goes out at the deadline instead of the answer, which follows in after(). */
function placeholderFor(outbox: DiscordOutbox, interaction: APIInteraction, work: Promise<InitialReply>): InitialReply {
  // Choices cannot be deferred, and late ones are for text the user has already changed: none.
  if (interaction.type === InteractionType.ApplicationCommandAutocomplete) return { response: { type: InteractionResponseType.ApplicationCommandAutocompleteResult, data: { choices: [] } } };
  const channelId = interaction.channel?.id ?? interaction.channel_id;
  const placeholder: APIInteractionResponse =
    interaction.type === InteractionType.MessageComponent
      ? { type: InteractionResponseType.DeferredMessageUpdate }
      : { type: InteractionResponseType.DeferredChannelMessageWithSource, data: { flags: MessageFlags.Ephemeral } };
  return { response: placeholder, after: async () => deliverLate(outbox, interaction, await work, channelId) };
}

export function withDeadline(handler: InteractionHandler, outbox: DiscordOutbox, budgetMs = DEFAULT_BUDGET_MS): InteractionHandler {
  return async (interaction) => {
    const work = handler(interaction);
    // One promise settled by whichever comes first (cheaper than racing the work against a timer promise,
    // and the timer is cleared whichever way the work ends).
    return new Promise<InitialReply>((resolve, reject) => {
      const timer = setTimeout(() => resolve(placeholderFor(outbox, interaction, work)), budgetMs);
      work.then(
        (reply) => {
          clearTimeout(timer);
          resolve(reply);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
  };
}
