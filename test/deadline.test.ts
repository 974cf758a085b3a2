/**
 * Discord's 3-second rule: a slow answer is replaced by an ephemeral "thinking…" in time, then delivered —
 * an ephemeral answer in place of the placeholder, a public one as a channel message. Real double, real transport.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { InteractionResponseType, MessageFlags } from 'discord-api-types/v10';
import { withDeadline } from '../src/discord/deadline.js';
import type { InitialReply } from '../src/discord/contract.js';
import { startBotAgainstDouble, type BotAgainstDouble } from './support/double.js';

let bot: BotAgainstDouble | undefined;
afterEach(async () => {
  await bot?.cleanup();
  bot = undefined;
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function slowly(ms: number, reply: InitialReply) {
  return async () => {
    await sleep(ms);
    return reply;
  };
}

describe.each(['http', 'gateway'] as const)('answers within the deadline (%s)', (mode) => {
  it('a fast answer goes out as it is', async () => {
    bot = await startBotAgainstDouble({
      mode,
      createHandler: ({ outbox }) => withDeadline(slowly(0, { response: { type: InteractionResponseType.ChannelMessageWithSource, data: { content: 'fast' } } }), outbox, 200),
    });
    const { double } = bot;
    const result = await double.sendCommand({ userId: double.user('Alice').id, channelId: double.channel('table-1').id, name: 'flip', options: [] });
    expect(result).toMatchObject({ ok: true, responseType: InteractionResponseType.ChannelMessageWithSource });
    expect(double.message(result.messageId!)?.content).toBe('fast');
  });

  it('a slow public answer: an ephemeral placeholder in time, then the answer in the channel', async () => {
    bot = await startBotAgainstDouble({
      mode,
      createHandler: ({ outbox }) => withDeadline(slowly(600, { response: { type: InteractionResponseType.ChannelMessageWithSource, data: { content: 'slow public' } } }), outbox, 100),
    });
    const { double } = bot;
    const alice = double.user('Alice');
    const channelId = double.channel('table-1').id;
    const result = await double.sendCommand({ userId: alice.id, channelId, name: 'flip', options: [] });
    expect(result).toMatchObject({ ok: true, responseType: InteractionResponseType.DeferredChannelMessageWithSource });
    const posted = await double.waitForMessage((m) => m.content === 'slow public', 3000);
    expect(posted.flags & MessageFlags.Ephemeral).toBe(0);
    expect(double.visibleMessages({ viewerId: double.user('Bob').id, channelId }).map((m) => m.content)).toContain('slow public');
  });

  it('a slow private answer never becomes public', async () => {
    bot = await startBotAgainstDouble({
      mode,
      createHandler: ({ outbox }) =>
        withDeadline(slowly(600, { response: { type: InteractionResponseType.ChannelMessageWithSource, data: { content: 'secret hand', flags: MessageFlags.Ephemeral } } }), outbox, 100),
    });
    const { double } = bot;
    const channelId = double.channel('table-1').id;
    const result = await double.sendCommand({ userId: double.user('Alice').id, channelId, name: 'hand', options: [] });
    expect(result.responseType).toBe(InteractionResponseType.DeferredChannelMessageWithSource);
    const answered = await double.waitForMessage((m) => m.content === 'secret hand', 3000);
    expect(answered.flags & MessageFlags.Ephemeral).toBe(MessageFlags.Ephemeral);
    expect(double.visibleMessages({ viewerId: double.user('Bob').id, channelId }).some((m) => m.content === 'secret hand')).toBe(false);
  });
});
