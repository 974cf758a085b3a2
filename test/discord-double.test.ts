/**
 * The Discord double against the bot's real transports: a real discord.js Client on the double's
 * gateway, the real HTTP endpoint receiving the double's signed interactions, and the outbox on its REST.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DiscordAPIError } from '@discordjs/rest';
import { Routes, type APIChatInputApplicationCommandInteraction, type APIInteraction, type APIMessageComponentInteraction } from 'discord-api-types/v10';
import { afterEach, describe, expect, it } from 'vitest';
import type { InitialReply, InteractionHandler } from '../src/discord/contract.js';
import { startBotAgainstDouble, startDouble, type BotAgainstDouble } from './support/double.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

let bot: BotAgainstDouble | undefined;
afterEach(async () => {
  await bot?.cleanup();
  bot = undefined;
});

/** A handler that records what it receives and answers with `answer(interaction)`. */
function recording(answer: (i: APIInteraction) => InitialReply | Promise<InitialReply>): InteractionHandler & { seen: APIInteraction[] } {
  const seen: APIInteraction[] = [];
  const handler = async (i: APIInteraction) => {
    seen.push(i);
    return answer(i);
  };
  return Object.assign(handler, { seen });
}

const say = (content: string, flags?: number): InitialReply => ({ response: { type: 4, data: { content, ...(flags ? { flags } : {}) } } });

describe('gateway: a real discord.js Client on the double', () => {
  it('logs in, receives INTERACTION_CREATE as a raw payload and replies through the callback', async () => {
    const handler = recording((i) => say(`Hello ${(i as APIChatInputApplicationCommandInteraction).member?.user.username}`));
    bot = await startBotAgainstDouble({ mode: 'gateway', handler });
    const { double } = bot;
    const client = bot.gateway!.client;
    expect(client.isReady()).toBe(true);
    expect(client.user?.id).toBe(double.applicationId);
    expect(client.guilds.cache.get(double.fixtures.guild.id)?.channels.cache.map((c) => c.name).sort()).toEqual(['table-1', 'table-2']);
    expect(double.identifies[0]?.intents).toBe(1); // Guilds only

    const alice = double.user('alice');
    const table = double.channel('table-1');
    const result = await double.sendCommand({ userId: alice.id, channelId: table.id, name: 'flip' });
    expect(result).toMatchObject({ ok: true, responseType: 4 });

    const raw = handler.seen[0] as APIChatInputApplicationCommandInteraction;
    expect(raw).toMatchObject({
      type: 2,
      application_id: double.applicationId,
      version: 1,
      locale: 'en-US',
      guild_locale: 'en-US',
      guild_id: double.fixtures.guild.id,
      channel_id: table.id,
      channel: { id: table.id, type: 0, name: 'table-1' },
      data: { name: 'flip', type: 1 },
      member: { user: { id: alice.id, username: 'alice', global_name: 'Alice' }, roles: [] },
      entitlements: [],
      authorizing_integration_owners: { '0': double.fixtures.guild.id },
      context: 0,
    });
    expect(typeof raw.app_permissions).toBe('string');
    expect(raw.token.length).toBeGreaterThan(50);

    const [message] = double.visibleMessages({ viewerId: double.user('bob').id, channelId: table.id });
    expect(message).toMatchObject({ content: 'Hello alice', ephemeral: false, author: { bot: true }, interaction: { name: 'flip', userId: alice.id } });
    const callback = double.requests.find((r) => r.path.endsWith('/callback'))!;
    expect(callback).toMatchObject({ method: 'POST', auth: false, status: 204, body: { type: 4, data: { content: 'Hello alice' } } });
  });

  it('sends files as a multipart callback; the double serves them and resolves attachment:// in embeds', async () => {
    bot = await startBotAgainstDouble({
      mode: 'gateway',
      handler: async () => ({
        response: { type: 4, data: { content: 'the table', embeds: [{ title: 'Turn 1', image: { url: 'attachment://table.png' } }], attachments: [{ id: '0', filename: 'table.png' }] } },
        files: [{ name: 'table.png', data: PNG, contentType: 'image/png' }],
      }),
    });
    const { double } = bot;
    const result = await double.sendCommand({ userId: double.user('bob').id, channelId: double.channel('table-2').id, name: 'table' });
    expect(result.ok).toBe(true);
    const message = double.message(result.messageId!)!;
    expect(message.attachments).toHaveLength(1);
    const url = message.attachments[0]!.url;
    expect(url).toMatch(new RegExp(`^${double.url}/files/\\d+/table.png$`));
    expect(message.embeds[0]?.image?.url).toBe(url);
    const served = await fetch(url);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    const callback = double.requests.find((r) => r.path.endsWith('/callback'))!;
    expect(callback.files).toEqual([{ key: 'files[0]', filename: 'table.png', contentType: 'image/png', size: PNG.length }]);
  });

  it('also serves discord.js\'s own interaction.reply()', async () => {
    bot = await startBotAgainstDouble({ mode: 'gateway', handler: () => new Promise(() => {}), double: { responseTimeoutMs: 2_000 } });
    bot.gateway!.client.on('interactionCreate', (interaction) => {
      if (interaction.isChatInputCommand()) void interaction.reply({ content: `pong from ${interaction.commandName}` });
    });
    const result = await bot.double.sendCommand({ userId: bot.double.user('rita').id, channelId: bot.double.channel('table-1').id, name: 'ping' });
    expect(result.ok).toBe(true);
    expect(bot.double.message(result.messageId!)?.content).toBe('pong from ping');
  });

  it('dispatches component clicks with the message they were on, and applies UPDATE_MESSAGE', async () => {
    const handler = recording((i) =>
      i.type === 2
        ? { response: { type: 4, data: { content: 'Cheat?', components: [{ type: 1, components: [{ type: 2, style: 1, label: 'Yes', custom_id: 'cheat:yes' }] }, { type: 1, components: [{ type: 3, custom_id: 'cheat:card', options: [{ label: '5♥', value: 'h5' }, { label: '9♦', value: 'd9' }] }] }] } } }
        : { response: { type: 7, data: { content: `chose ${(i as APIMessageComponentInteraction).data.custom_id} ${JSON.stringify((i.data as { values?: string[] }).values ?? [])}`, components: [] } } },
    );
    bot = await startBotAgainstDouble({ mode: 'gateway', handler });
    const { double } = bot;
    const alice = double.user('alice');
    const asked = await double.sendCommand({ userId: alice.id, channelId: double.channel('table-1').id, name: 'duel' });
    const clicked = await double.clickComponent({ userId: double.user('bob').id, messageId: asked.messageId!, customId: 'cheat:card', values: ['d9'] });
    expect(clicked).toMatchObject({ ok: true, responseType: 7, messageId: asked.messageId });
    const click = handler.seen[1] as APIMessageComponentInteraction;
    expect(click).toMatchObject({ type: 3, data: { custom_id: 'cheat:card', component_type: 3, values: ['d9'] }, message: { id: asked.messageId, content: 'Cheat?' }, member: { user: { username: 'bob' } } });
    expect(double.message(asked.messageId!)).toMatchObject({ content: 'chose cheat:card ["d9"]', components: [] });

    // The client refuses what Discord's client would not send.
    expect(await double.clickComponent({ userId: alice.id, messageId: asked.messageId!, customId: 'cheat:yes' })).toMatchObject({ ok: false, error: expect.stringContaining('No component') });
  });

  it('fails an interaction nobody answers within the deadline, visibly to the asker only', async () => {
    bot = await startBotAgainstDouble({ mode: 'gateway', handler: () => new Promise(() => {}), double: { responseTimeoutMs: 200 } });
    const { double } = bot;
    const table = double.channel('table-1').id;
    const result = await double.sendCommand({ userId: double.user('alice').id, channelId: table, name: 'slow' });
    expect(result).toMatchObject({ ok: false, error: 'The application did not respond' });
    expect(double.visibleMessages({ viewerId: double.user('alice').id, channelId: table })).toMatchObject([{ notice: true, content: 'The application did not respond' }]);
    expect(double.visibleMessages({ viewerId: double.user('bob').id, channelId: table })).toEqual([]);
  });
});

describe('HTTP endpoint: the double signs and POSTs interactions', () => {
  it('passes Discord\'s endpoint check: signed PING → {"type":1}, bad signature → 401', async () => {
    const handler = recording(() => say('x'));
    bot = await startBotAgainstDouble({ mode: 'http', handler });
    expect(await bot.double.verifyEndpoint()).toEqual({ ok: true });
    const ping = await bot.double.ping();
    expect(ping).toMatchObject({ status: 200, text: '{"type":1}' });
    expect(ping.contentType).toContain('application/json');
    expect(handler.seen).toHaveLength(0);
  });

  it('applies an inline 200 JSON answer exactly like a callback', async () => {
    bot = await startBotAgainstDouble({ mode: 'http', handler: async () => say('inline!') });
    const { double } = bot;
    const result = await double.sendCommand({ userId: double.user('alice').id, channelId: double.channel('table-1').id, name: 'flip' });
    expect(result).toMatchObject({ ok: true, responseType: 4 });
    expect(double.message(result.messageId!)?.content).toBe('inline!');
    expect(double.requests.filter((r) => r.path.includes('/callback'))).toEqual([]);
  });

  it('sends a reply with files through the callback endpoint (multipart) and answers 202', async () => {
    bot = await startBotAgainstDouble({
      mode: 'http',
      handler: async () => ({ response: { type: 4, data: { content: 'hand', attachments: [{ id: '0', filename: 'hand.png' }] } }, files: [{ name: 'hand.png', data: PNG }] }),
    });
    const { double } = bot;
    const result = await double.sendCommand({ userId: double.user('alice').id, channelId: double.channel('table-1').id, name: 'hand' });
    expect(result).toMatchObject({ ok: true, responseType: 4 });
    expect(double.message(result.messageId!)?.attachments.map((a) => a.filename)).toEqual(['hand.png']);
    expect(double.requests.find((r) => r.path.endsWith('/callback'))).toMatchObject({ auth: false, status: 204, files: [{ filename: 'hand.png' }] });
  });

  it('fails the interaction when the inline answer breaks a Discord limit', async () => {
    bot = await startBotAgainstDouble({ mode: 'http', handler: async () => say('x'.repeat(2001)) });
    const { double } = bot;
    const result = await double.sendCommand({ userId: double.user('alice').id, channelId: double.channel('table-1').id, name: 'flip' });
    expect(result.ok).toBe(false);
    expect(result.error).toContain('data.content: Must be 2000 or fewer in length.');
  });

  it('shows an ephemeral reply only to the user who asked', async () => {
    bot = await startBotAgainstDouble({ mode: 'http', handler: async () => say('your hand: 5♥ 9♦', 64) });
    const { double } = bot;
    const table = double.channel('table-1').id;
    const alice = double.user('alice').id;
    const result = await double.sendCommand({ userId: alice, channelId: table, name: 'hand' });
    expect(result.ok).toBe(true);
    expect(double.visibleMessages({ viewerId: alice, channelId: table })).toMatchObject([{ content: 'your hand: 5♥ 9♦', ephemeral: true, visibleTo: alice, flags: 64 }]);
    expect(double.visibleMessages({ viewerId: double.user('bob').id, channelId: table })).toEqual([]);
    // Not reachable through channel routes either, as on Discord.
    await expect(bot.rest.get(Routes.channelMessage(table, result.messageId!))).rejects.toMatchObject({ code: 10008 });
  });

  it('defers, then edits @original and sends an ephemeral follow-up from after()', async () => {
    bot = await startBotAgainstDouble({
      mode: 'http',
      createHandler: ({ outbox }) => async (i) => ({
        response: { type: 5 },
        after: async () => {
          await outbox.editOriginal(i.token, { content: 'Duel resolved: 12 vs 9' });
          await outbox.followUp(i.token, { content: 'only you: cheat used', flags: 64 });
        },
      }),
    });
    const { double } = bot;
    const table = double.channel('table-2').id;
    const alice = double.user('alice').id;
    const result = await double.sendCommand({ userId: alice, channelId: table, name: 'duel' });
    expect(result).toMatchObject({ ok: true, responseType: 5 });
    await double.waitForMessage((m) => m.content === 'only you: cheat used');
    expect(double.visibleMessages({ viewerId: alice, channelId: table }).map((m) => [m.content, m.ephemeral, m.loading])).toEqual([
      ['Duel resolved: 12 vs 9', false, false],
      ['only you: cheat used', true, false],
    ]);
    expect(double.visibleMessages({ viewerId: double.user('bob').id, channelId: table }).map((m) => m.content)).toEqual(['Duel resolved: 12 vs 9']);
    const webhookCalls = double.requests.filter((r) => r.path.startsWith('/webhooks/'));
    expect(webhookCalls.map((r) => [r.method, r.path.replace(/\/webhooks\/\d+\/[^/]+/, '/webhooks/APP/TOKEN'), r.auth, r.query])).toEqual([
      ['PATCH', '/webhooks/APP/TOKEN/messages/@original', false, {}],
      ['POST', '/webhooks/APP/TOKEN', false, { wait: 'true' }],
    ]);
  });
});

describe('interaction responses', () => {
  it('fills an ephemeral "thinking…" message with the first follow-up; later ones are new messages', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    bot = await startBotAgainstDouble({
      mode: 'gateway',
      createHandler: ({ outbox }) => async (i) => ({
        response: { type: 5, data: { flags: 64 } },
        after: async () => {
          await released;
          await outbox.followUp(i.token, { content: 'your hand' });
          await outbox.followUp(i.token, { content: 'and a public note' });
        },
      }),
    });
    const { double } = bot;
    const alice = double.user('alice').id;
    const table = double.channel('table-1').id;
    const result = await double.sendCommand({ userId: alice, channelId: table, name: 'hand' });
    expect(double.message(result.messageId!)).toMatchObject({ loading: true, ephemeral: true, flags: 64 | 128 });
    release();
    await double.waitForMessage((m) => m.content === 'and a public note');
    expect(double.visibleMessages({ viewerId: alice, channelId: table }).map((m) => [m.id === result.messageId, m.content, m.ephemeral])).toEqual([
      [true, 'your hand', true],
      [false, 'and a public note', false],
    ]);
  });

  it('DEFERRED_UPDATE_MESSAGE then editOriginal edits the message the button was on', async () => {
    bot = await startBotAgainstDouble({
      mode: 'http',
      createHandler: ({ outbox }) => async (i) =>
        i.type === 2
          ? { response: { type: 4, data: { content: 'Draw?', components: [{ type: 1, components: [{ type: 2, style: 1, label: 'Draw', custom_id: 'draw' }] }] } } }
          : { response: { type: 6 }, after: () => outbox.editOriginal(i.token, { content: 'Drew 7♠', components: [] }) },
    });
    const { double } = bot;
    const asked = await double.sendCommand({ userId: double.user('alice').id, channelId: double.channel('table-1').id, name: 'draw' });
    expect(await double.clickComponent({ userId: double.user('alice').id, messageId: asked.messageId!, customId: 'draw' })).toMatchObject({ ok: true, responseType: 6, messageId: asked.messageId });
    const edited = await double.waitForMessage((m) => m.id === asked.messageId && m.content === 'Drew 7♠');
    expect(edited.components).toEqual([]);
  });

  it('answers the callback with the created message when with_response=true', async () => {
    let interaction: APIInteraction | undefined;
    bot = await startBotAgainstDouble({ mode: 'gateway', handler: (i) => ((interaction = i), new Promise(() => {})), double: { responseTimeoutMs: 2_000 } });
    const { double, rest } = bot;
    const pending = double.sendCommand({ userId: double.user('alice').id, channelId: double.channel('table-1').id, name: 'flip' });
    await expect.poll(() => interaction).toBeDefined();
    const answer = await rest.post(Routes.interactionCallback(interaction!.id, interaction!.token), {
      body: { type: 4, data: { content: 'hi' } },
      query: new URLSearchParams({ with_response: 'true' }),
      auth: false,
    });
    expect(answer).toMatchObject({ interaction: { id: interaction!.id, type: 2, response_message_ephemeral: false }, resource: { type: 4, message: { content: 'hi', interaction_metadata: { id: interaction!.id } } } });
    expect((await pending).ok).toBe(true);
  });
});

describe('REST: outbox and Discord rules', () => {
  it('DMs a user (one DM channel lookup per user) and reports closed DMs as dm_closed', async () => {
    bot = await startBotAgainstDouble({ mode: 'gateway', handler: async () => say('x') });
    const { double, outbox } = bot;
    const alice = double.user('alice').id;
    const first = await outbox.sendDirectMessage(alice, { content: 'Your Control Hand' });
    const second = await outbox.sendDirectMessage(alice, { content: 'Pick a card', files: [{ name: 'hand.png', data: PNG }] });
    expect(first).toMatchObject({ ok: true, channelId: double.dmChannelId(alice) });
    expect(second).toMatchObject({ ok: true, channelId: double.dmChannelId(alice) });
    expect(double.requests.filter((r) => r.path === '/users/@me/channels')).toHaveLength(1);
    expect(double.dmMessages(alice).map((m) => [m.content, m.attachments.length])).toEqual([['Your Control Hand', 0], ['Pick a card', 1]]);
    // A DM channel is visible to its user only.
    expect(double.visibleMessages({ viewerId: double.user('bob').id, channelId: double.dmChannelId(alice)! })).toEqual([]);

    const bob = double.user('bob').id;
    double.setUser(bob, { dmsClosed: true });
    expect(await outbox.sendDirectMessage(bob, { content: 'secret' })).toEqual({ ok: false, reason: 'dm_closed' });
    expect(double.requests.at(-1)).toMatchObject({ status: 403, errorCode: 50007, auth: true });
  });

  it('posts and edits channel messages; refuses oversize ones like Discord (50035)', async () => {
    bot = await startBotAgainstDouble({ mode: 'gateway', handler: async () => say('x') });
    const { double, outbox } = bot;
    const table = double.channel('table-1').id;
    const { messageId } = await outbox.postToChannel(table, { content: 'Turn 1' });
    await outbox.editChannelMessage(table, messageId, { content: 'Turn 2' });
    expect(double.message(messageId)).toMatchObject({ content: 'Turn 2', editedTimestamp: expect.any(String) });

    const tooLong = outbox.postToChannel(table, { content: 'x'.repeat(2001) });
    await expect(tooLong).rejects.toBeInstanceOf(DiscordAPIError);
    await expect(tooLong).rejects.toMatchObject({ code: 50035, status: 400, rawError: { errors: { content: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH' }] } } } });
    const rows = Array.from({ length: 6 }, (_, i) => ({ type: 1, components: [{ type: 2, style: 1, label: 'b', custom_id: `b${i}` }] }));
    await expect(outbox.postToChannel(table, { components: rows } as never)).rejects.toMatchObject({ code: 50035 });
    const select = { type: 1, components: [{ type: 3, custom_id: 'x'.repeat(101), options: Array.from({ length: 26 }, (_, i) => ({ label: `${i}`, value: `${i}` })) }] };
    await expect(outbox.postToChannel(table, { components: [select] } as never)).rejects.toMatchObject({
      rawError: { errors: { components: { 0: { components: { 0: { custom_id: expect.anything(), options: expect.anything() } } } } } },
    });
    await expect(outbox.postToChannel(table, { embeds: Array.from({ length: 11 }, () => ({ title: 't' })) })).rejects.toMatchObject({ code: 50035 });
    await expect(outbox.postToChannel(table, {})).rejects.toMatchObject({ code: 50006 });
    await expect(outbox.postToChannel('42', { content: 'x' })).rejects.toMatchObject({ code: 10003 });
  });

  it('opens threads: a public thread of a text channel is a channel of its own (messages, interactions, gateway), refused like Discord elsewhere or without the permission', async () => {
    const handler = recording((i) => say(`in ${(i as APIChatInputApplicationCommandInteraction).channel?.name}`));
    bot = await startBotAgainstDouble({ mode: 'gateway', handler });
    const { double, outbox, rest } = bot;
    const table = double.channel('table-1').id;
    const created: unknown[] = [];
    bot.gateway!.client.ws.on('THREAD_CREATE' as never, (data: unknown) => created.push(data));
    const { channelId: thread } = await outbox.createThread(table, 'Alice vs Bob — Malifaux');
    expect(double.threads()).toEqual([{ id: thread, name: 'Alice vs Bob — Malifaux', parentId: table, type: 11 }]);
    expect(double.requests.at(-1)).toMatchObject({ method: 'POST', path: `/channels/${table}/threads`, status: 201, body: { type: 11, auto_archive_duration: 10080 } });
    expect(await rest.get(Routes.channel(thread))).toMatchObject({ id: thread, type: 11, parent_id: table, guild_id: double.fixtures.guild.id, thread_metadata: { archived: false, auto_archive_duration: 10080 } });
    await expect.poll(() => created.length).toBe(1);

    // Its messages are the guild's, seen by everyone in it; commands typed in it come from it.
    await outbox.postToChannel(thread, { content: 'Turn 1' });
    expect(double.visibleMessages({ viewerId: double.user('bob').id, channelId: thread })).toMatchObject([{ content: 'Turn 1', guildId: double.fixtures.guild.id, ephemeral: false }]);
    expect(await double.sendCommand({ userId: double.user('alice').id, channelId: thread, name: 'flip' })).toMatchObject({ ok: true, responseType: 4 });
    expect(handler.seen.at(-1)).toMatchObject({ channel_id: thread, guild_id: double.fixtures.guild.id, channel: { id: thread, type: 11, parent_id: table } });
    expect(double.visibleMessages({ viewerId: double.user('bob').id, channelId: thread }).at(-1)).toMatchObject({ content: 'in Alice vs Bob — Malifaux' });

    // No thread of a thread or of a DM; a name is 1–100 characters; the type is public or private.
    await expect(outbox.createThread(thread, 'deeper')).rejects.toMatchObject({ code: 50024, status: 400 });
    await outbox.sendDirectMessage(double.user('alice').id, { content: 'hi' });
    await expect(outbox.createThread(double.dmChannelId(double.user('alice').id)!, 'dm')).rejects.toMatchObject({ code: 50024 });
    await expect(rest.post(Routes.threads(table), { body: { name: '', type: 11 } })).rejects.toMatchObject({ code: 50035 });
    await expect(rest.post(Routes.threads(table), { body: { name: 'x', type: 0 } })).rejects.toMatchObject({ code: 50035 });
    // Without CREATE_PUBLIC_THREADS: 50013, and interactions tell the bot it lacks it.
    double.setAppPermissions(1n << 10n);
    await expect(outbox.createThread(table, 'nope')).rejects.toMatchObject({ code: 50013, status: 403 });
    await double.sendCommand({ userId: double.user('alice').id, channelId: table, name: 'flip' });
    expect((handler.seen.at(-1) as APIChatInputApplicationCommandInteraction).app_permissions).toBe(String(1n << 10n));
    expect(double.threads()).toHaveLength(1);
  });

  it('acknowledges an interaction once: a second callback is 40060, an unknown one 10062', async () => {
    let token = '';
    let id = '';
    bot = await startBotAgainstDouble({
      mode: 'gateway',
      handler: async (i) => {
        ({ token, id } = i);
        return say('first');
      },
    });
    const { double, rest } = bot;
    await double.sendCommand({ userId: double.user('alice').id, channelId: double.channel('table-1').id, name: 'flip' });
    await expect(rest.post(Routes.interactionCallback(id, token), { body: { type: 4, data: { content: 'again' } }, auth: false })).rejects.toMatchObject({ code: 40060, status: 400 });
    await expect(rest.post(Routes.interactionCallback('123', 'nope'), { body: { type: 4, data: { content: 'x' } }, auth: false })).rejects.toMatchObject({ code: 10062 });
  });

  it('requires the bot token on bot routes and stores registered commands', async () => {
    bot = await startBotAgainstDouble({ mode: 'gateway', handler: async () => say('x') });
    const { double, rest } = bot;
    const definitions = [
      { name: 'duel', description: 'Start a duel', options: [{ type: 6, name: 'opponent', description: 'Who', required: true }, { type: 4, name: 'stat', description: 'Stat' }] },
      { name: 'game', description: 'Games', options: [{ type: 1, name: 'start', description: 'Start', options: [{ type: 3, name: 'deployment', description: 'Deployment', choices: [{ name: 'Standard', value: 'standard' }] }] }] },
    ];
    const stored = (await rest.put(Routes.applicationGuildCommands(double.applicationId, double.fixtures.guild.id), { body: definitions })) as { id: string; name: string }[];
    expect(stored.map((c) => c.name)).toEqual(['duel', 'game']);
    expect(double.commands(double.fixtures.guild.id)).toHaveLength(2);
    await expect(rest.put(Routes.applicationCommands(double.applicationId), { body: [{ name: 'Bad Name', description: 'x' }] })).rejects.toMatchObject({ code: 50035 });

    const noToken = await fetch(`${double.apiBase}/v10/users/@me`);
    expect(noToken.status).toBe(401);
    expect(await noToken.json()).toEqual({ message: '401: Unauthorized', code: 0 });
  });
});

describe('interaction payloads', () => {
  it('builds subcommands, typed options, resolved users, locales and DM context', async () => {
    const handler = recording(() => say('ok'));
    bot = await startBotAgainstDouble({ mode: 'gateway', handler });
    const { double, rest } = bot;
    await rest.put(Routes.applicationCommands(double.applicationId), {
      body: [
        { name: 'duel', description: 'Duel', options: [{ type: 6, name: 'opponent', description: 'Who', required: true }, { type: 4, name: 'stat', description: 'Stat' }] },
        { name: 'game', description: 'Games', options: [{ type: 1, name: 'start', description: 'Start', options: [{ type: 3, name: 'deployment', description: 'D' }] }] },
      ],
    });
    const bob = double.user('bob');
    double.setUser(bob.id, { locale: 'fr' });
    const table = double.channel('table-1').id;

    expect((await double.sendCommand({ userId: bob.id, channelId: table, name: 'duel', options: { opponent: double.user('alice').id, stat: '6' } })).ok).toBe(true);
    const duel = handler.seen[0] as APIChatInputApplicationCommandInteraction;
    expect(duel.locale).toBe('fr');
    expect(duel.data).toMatchObject({
      id: double.commands()[0]!.id,
      name: 'duel',
      options: [{ name: 'opponent', type: 6, value: double.user('alice').id }, { name: 'stat', type: 4, value: 6 }],
      resolved: { users: { [double.user('alice').id]: { username: 'alice' } }, members: { [double.user('alice').id]: { roles: [] } } },
    });

    await double.sendCommand({ userId: double.user('rita').id, channelId: table, name: 'game start', options: { deployment: 'corner' } });
    const game = handler.seen[1] as APIChatInputApplicationCommandInteraction;
    expect(game.data.options).toEqual([{ name: 'start', type: 1, options: [{ name: 'deployment', type: 3, value: 'corner' }] }]);
    expect(game.member?.roles).toEqual([double.fixtures.roles[1]!.id]);

    // API form, as the sandbox page sends it: string values from form fields are typed like Discord's.
    await double.sendCommand({ userId: bob.id, channelId: table, name: 'duel', options: [{ name: 'opponent', type: 6, value: double.user('rita').id }, { name: 'stat', type: 4, value: '7' }] });
    expect((handler.seen[2] as APIChatInputApplicationCommandInteraction).data.options).toEqual([{ name: 'opponent', type: 6, value: double.user('rita').id }, { name: 'stat', type: 4, value: 7 }]);
    handler.seen.splice(2);

    expect(await double.sendCommand({ userId: bob.id, channelId: table, name: 'duel' })).toMatchObject({ ok: false, error: 'Missing required option "opponent"' });
    expect(await double.sendCommand({ userId: bob.id, channelId: table, name: 'duel', options: { opponent: bob.id, luck: 1 } })).toMatchObject({ ok: false, error: 'Unknown option "luck" of /duel' });
    expect(await double.sendCommand({ userId: bob.id, channelId: table, name: 'game' })).toMatchObject({ ok: false, error: '/game needs a subcommand' });
    expect(await double.sendCommand({ userId: bob.id, channelId: table, name: 'nope' })).toMatchObject({ ok: false, error: 'Unknown command /nope' });

    await double.sendCommand({ userId: bob.id, channelId: 'dm', name: 'game start' });
    const inDm = handler.seen[2]!;
    expect(inDm).toMatchObject({ context: 1, user: { id: bob.id }, channel: { type: 1 }, authorizing_integration_owners: { '0': '0' } });
    expect('member' in inDm).toBe(false);
    expect('guild_id' in inDm).toBe(false);
  });
});

describe('sandbox web API', () => {
  it('bootstraps, lists visible messages, sends commands and clicks, and streams changes', async () => {
    const staticDir = await mkdtemp(join(tmpdir(), 'sandbox-'));
    await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>Sandbox</title>');
    await writeFile(join(staticDir, 'app.js'), 'console.log(1)');
    const handler = recording((i) =>
      i.type === 2
        ? { response: { type: 4, data: { content: 'Flip!', components: [{ type: 1, components: [{ type: 2, style: 2, label: 'Again', custom_id: 'again' }] }] } } }
        : { response: { type: 4, data: { content: 'only for you', flags: 64 } } },
    );
    bot = await startBotAgainstDouble({ mode: 'http', handler, double: { sandbox: { staticDir } } });
    const { double, rest } = bot;
    await rest.put(Routes.applicationCommands(double.applicationId), { body: [{ name: 'flip', description: 'Flip a card' }] });
    const api = (path: string, body?: unknown) =>
      fetch(`${double.url}${path}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json() as Promise<Record<string, any>>);

    expect(await (await fetch(double.url + '/')).text()).toContain('<title>Sandbox</title>');
    expect((await fetch(`${double.url}/static/app.js`)).headers.get('content-type')).toContain('javascript');
    expect((await fetch(`${double.url}/static/..%2f..%2fetc%2fpasswd`)).status).toBe(404);

    const boot = await api('/sandbox/api/bootstrap');
    expect(boot.guild).toEqual({ id: double.fixtures.guild.id, name: 'Sandbox', locale: 'en-US' });
    expect(boot.channels.map((c: { name: string }) => c.name)).toEqual(['table-1', 'table-2']);
    expect(boot.users.map((u: { globalName: string }) => u.globalName)).toEqual(['Alice', 'Bob', 'Referee Rita']);
    expect(boot.users[0]).toMatchObject({ id: double.user('alice').id, username: 'alice', locale: 'en-US' });
    // The role pickers list the guild's roles, as Discord's client does.
    expect(boot.roles).toEqual(double.fixtures.roles.map((r) => ({ id: r.id, name: r.name })));
    expect(boot.roles.map((r: { name: string }) => r.name)).toEqual(['@everyone', 'Referee']);
    expect(boot.commands).toMatchObject([{ name: 'flip', description: 'Flip a card' }]);

    // Live updates.
    const stream = await fetch(`${double.url}/sandbox/api/stream`);
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    const reader = stream.body!.getReader();

    const [alice, bob] = boot.users as { id: string }[];
    const channel = boot.channels[0].id as string;
    expect(await api('/sandbox/api/command', { viewer: alice!.id, channel, name: 'flip', options: [] })).toEqual({ ok: true });
    let seen = '';
    while (!seen.includes('event: change')) seen += new TextDecoder().decode((await reader.read()).value);
    expect(seen).toContain(`"channelId":"${channel}"`);
    await reader.cancel();

    const { messages } = await api(`/sandbox/api/messages?viewer=${bob!.id}&channel=${channel}`);
    expect(messages).toMatchObject([{ content: 'Flip!', author: { bot: true }, ephemeral: false, components: [{ type: 1 }] }]);
    expect(await api('/sandbox/api/component', { viewer: bob!.id, channel, messageId: messages[0].id, customId: 'again' })).toEqual({ ok: true });
    expect((await api(`/sandbox/api/messages?viewer=${bob!.id}&channel=${channel}`)).messages.map((m: { content: string }) => m.content)).toEqual(['Flip!', 'only for you']);
    expect((await api(`/sandbox/api/messages?viewer=${alice!.id}&channel=${channel}`)).messages.map((m: { content: string }) => m.content)).toEqual(['Flip!']);

    expect(await api('/sandbox/api/command', { viewer: alice!.id, channel, name: 'unknown' })).toEqual({ ok: false, error: 'Unknown command /unknown' });

    // The server's Discord language: what the next interaction in it carries as guild_locale (a bad one changes nothing).
    expect(handler.seen.at(-1)?.guild_locale).toBe('en-US');
    expect(await api('/sandbox/api/guild', { locale: 'klingon; drop' })).toMatchObject({ ok: false, error: expect.stringContaining('locale') });
    expect(await api('/sandbox/api/guild', { locale: 'fr' })).toEqual({ ok: true, guild: { id: double.fixtures.guild.id, name: 'Sandbox', locale: 'fr' } });
    expect(await api('/sandbox/api/command', { viewer: alice!.id, channel, name: 'flip', options: [] })).toEqual({ ok: true });
    expect(handler.seen.at(-1)?.guild_locale).toBe('fr');
    expect((await api('/sandbox/api/bootstrap')).guild.locale).toBe('fr');
    expect(await api(`/sandbox/api/messages?viewer=${alice!.id}&channel=dm`)).toEqual({ channelId: null, messages: [] });
  });
});

describe('double without a bot', () => {
  it('fails interactions at once when no gateway session is connected', async () => {
    const double = await startDouble();
    try {
      const result = await double.sendCommand({ userId: double.user('alice').id, channelId: double.channel('table-1').id, name: 'flip' });
      expect(result).toMatchObject({ ok: false, error: expect.stringContaining('The application did not respond') });
    } finally {
      await double.close();
    }
  });
});

describe('autocomplete', () => {
  const definitions = [
    {
      name: 'attack',
      description: 'Attack',
      options: [
        { type: 3, name: 'attacker', description: 'Yours', required: true, autocomplete: true },
        { type: 3, name: 'target', description: 'Theirs', required: true, autocomplete: true },
        { type: 4, name: 'stat', description: 'Stat', required: true },
      ],
    },
    { name: 'crew', description: 'Crew', options: [{ type: 1, name: 'add', description: 'Add', options: [{ type: 3, name: 'model', description: 'Model', required: true, autocomplete: true }, { type: 4, name: 'copies', description: 'How many' }] }] },
  ];

  it('sends what is typed, focused, with the options filled so far, over either transport; the choices come back as the bot gave them', async () => {
    for (const mode of ['gateway', 'http'] as const) {
      const handler = recording(() => ({ response: { type: 8, data: { choices: [{ name: 'A1 · Ada Quill (6/6)', value: 'A1' }, { name: 'A2 · Page (3/3)', value: 'A2' }] } } }));
      bot = await startBotAgainstDouble({ mode, handler });
      const { double, rest } = bot;
      await rest.put(Routes.applicationCommands(double.applicationId), { body: definitions });
      const alice = double.user('alice').id;
      const table = double.channel('table-1').id;

      const answer = await double.autocomplete({ userId: alice, channelId: table, name: 'attack', focused: 'target', value: 'pa', options: { attacker: 'A1', stat: '6' } });
      expect(answer).toMatchObject({ ok: true, responseType: 8, choices: [{ name: 'A1 · Ada Quill (6/6)', value: 'A1' }, { name: 'A2 · Page (3/3)', value: 'A2' }] });
      expect(handler.seen[0]).toMatchObject({ type: 4, data: { name: 'attack', type: 1, options: [{ name: 'attacker', type: 3, value: 'A1' }, { name: 'stat', type: 4, value: 6 }, { name: 'target', type: 3, value: 'pa', focused: true }] } });

      // In a subcommand, with nothing typed yet: an empty string.
      await double.autocomplete({ userId: alice, channelId: table, name: 'crew add', focused: 'model', value: '' });
      expect(handler.seen[1]).toMatchObject({ type: 4, data: { name: 'crew', options: [{ name: 'add', type: 1, options: [{ name: 'model', type: 3, value: '', focused: true }] }] } });
      // No message is created: an autocomplete answer only shows under the option.
      expect(double.messages(table)).toEqual([]);
      await bot.cleanup();
      bot = undefined;
    }
  });

  it('is refused by the client for an option that does not autocomplete or is unknown, and fails on an answer Discord would refuse', async () => {
    let answer: InitialReply = { response: { type: 8, data: { choices: [] } } };
    const handler = recording(() => answer);
    bot = await startBotAgainstDouble({ mode: 'http', handler });
    const { double, rest } = bot;
    await rest.put(Routes.applicationCommands(double.applicationId), { body: definitions });
    const alice = double.user('alice').id;
    const table = double.channel('table-1').id;
    expect(await double.autocomplete({ userId: alice, channelId: table, name: 'attack', focused: 'stat', value: '6' })).toMatchObject({ ok: false, error: 'Option "stat" has no autocomplete', choices: [] });
    expect(await double.autocomplete({ userId: alice, channelId: table, name: 'attack', focused: 'nope', value: '' })).toMatchObject({ ok: false, error: expect.stringContaining('Unknown option "nope"') });
    expect(handler.seen).toEqual([]);

    // A message, 26 choices, an empty name or a name too long: the interaction fails, as on Discord.
    const tooMany = Array.from({ length: 26 }, (_, i) => ({ name: `M${i}`, value: `v${i}` }));
    for (const bad of [say('not a choice'), { response: { type: 8, data: { choices: tooMany } } }, { response: { type: 8, data: { choices: [{ name: '', value: 'x' }] } } }, { response: { type: 8, data: { choices: [{ name: 'x'.repeat(101), value: 'x' }] } } }] as InitialReply[]) {
      answer = bad;
      const result = await double.autocomplete({ userId: alice, channelId: table, name: 'attack', focused: 'target', value: '' });
      expect(result.ok, JSON.stringify(bad)).toBe(false);
      expect(result.error).toMatch(/Invalid interaction response/);
    }
  });

  it('refuses to register autocomplete on an option that lists its choices, or on a boolean', async () => {
    bot = await startBotAgainstDouble({ mode: 'gateway', handler: async () => say('x') });
    const { double, rest } = bot;
    const withChoices = { name: 'pick', description: 'Pick', options: [{ type: 3, name: 'x', description: 'X', autocomplete: true, choices: [{ name: 'A', value: 'a' }] }] };
    const onBoolean = { name: 'pick', description: 'Pick', options: [{ type: 5, name: 'x', description: 'X', autocomplete: true }] };
    for (const body of [[withChoices], [onBoolean]]) await expect(rest.put(Routes.applicationCommands(double.applicationId), { body })).rejects.toMatchObject({ code: 50035 });
  });
});
