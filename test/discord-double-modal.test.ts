/**
 * Modals through the Discord double and the real router: the bot answers with a modal (type 9), only the
 * user who was shown it can submit it, with values Discord's client would let through, and the submission
 * (a MODAL_SUBMIT, type 5) reaches the component module of its `fk:<prefix>` with the values and fields.
 */
import type { APIModalSubmitInteraction } from 'discord-api-types/v10';
import { afterEach, describe, expect, it } from 'vitest';
import { endComponents } from '../src/discord/commands/gameEnd.js';
import { undoComponents } from '../src/discord/commands/gameUndo.js';
import { refereeComponents } from '../src/discord/commands/referees.js';
import { createRouter } from '../src/discord/router.js';
import { translator } from '../src/i18n/index.js';
import { startBotAgainstDouble, type BotAgainstDouble } from './support/double.js';
import { CREW_MODAL, modalBot } from './support/modal-bot.js';

let bot: BotAgainstDouble | undefined;
afterEach(async () => {
  await bot?.cleanup();
  bot = undefined;
});

const LIST = 'Lady Justice\nThe Judge\nDeath Marshal';

describe.each(['http', 'gateway'] as const)('modals over %s', (mode) => {
  it('a command answers with a modal; its submission reaches the component module with values and fields', async () => {
    const handler = modalBot();
    bot = await startBotAgainstDouble({ mode, handler });
    const { double } = bot;
    const alice = double.user('alice').id;
    const table = double.channel('table-1').id;

    const opened = await double.sendCommand({ userId: alice, channelId: table, name: 'crew' });
    expect(opened).toMatchObject({ ok: true, responseType: 9 });
    expect(opened.messageId).toBeUndefined(); // a modal creates no message
    expect(double.lastModal(alice)).toMatchObject({ open: true, customId: 'fk:crew:paste', title: 'Hire your crew', channelId: table, sourceMessageId: null, components: CREW_MODAL.components });

    // The crew name is left as prefilled ("My crew"), as the client keeps it unless the user types.
    const submitted = await double.submitModal({ userId: alice, values: { list: LIST } });
    expect(submitted).toMatchObject({ ok: true, responseType: 4 });
    const raw = submitted.interaction!.payload as unknown as APIModalSubmitInteraction;
    expect(raw).toMatchObject({
      type: 5,
      channel_id: table,
      member: { user: { id: alice } },
      data: {
        custom_id: 'fk:crew:paste',
        components: [
          { type: 1, components: [{ type: 4, custom_id: 'list', value: LIST }] },
          { type: 1, components: [{ type: 4, custom_id: 'name', value: 'My crew' }] },
        ],
      },
    });
    expect('message' in raw).toBe(false);
    const ctx = handler.seen.at(-1)!;
    expect(ctx.interaction.type).toBe(5);
    expect(ctx.parts).toEqual(['paste']);
    expect(ctx.values).toEqual([LIST, 'My crew']);
    expect(ctx.fields).toEqual({ list: LIST, name: 'My crew' });
    expect(double.message(submitted.messageId!)?.content).toBe(`submitted paste values=${JSON.stringify([LIST, 'My crew'])} fields=${JSON.stringify({ list: LIST, name: 'My crew' })}`);

    // Submitted: the modal is closed and cannot be sent twice.
    expect(double.lastModal(alice)?.open).toBe(false);
    expect(await double.submitModal({ userId: alice, values: { list: LIST } })).toMatchObject({ ok: false, error: expect.stringContaining('No modal is open') });
  });
});

describe('what Discord’s client refuses to send', () => {
  it('only the user shown the modal can submit it; required, min/max length, single line and unknown inputs are checked', async () => {
    const handler = modalBot();
    bot = await startBotAgainstDouble({ mode: 'http', handler });
    const { double } = bot;
    const alice = double.user('alice').id;
    const bob = double.user('bob').id;
    await double.sendCommand({ userId: alice, channelId: double.channel('table-1').id, name: 'crew' });
    const before = double.interactions().length;

    expect(await double.submitModal({ userId: bob, values: { list: LIST } })).toMatchObject({ ok: false, error: 'No modal is open for bob' });
    expect(await double.submitModal({ userId: alice, values: {} })).toMatchObject({ ok: false, error: '"Crew list" is required' });
    expect(await double.submitModal({ userId: alice, values: { list: 'Judge' } })).toMatchObject({ ok: false, error: '"Crew list" needs at least 10 characters (got 5)' });
    expect(await double.submitModal({ userId: alice, values: { list: 'x'.repeat(201) } })).toMatchObject({ ok: false, error: '"Crew list" takes at most 200 characters (got 201)' });
    expect(await double.submitModal({ userId: alice, values: { list: LIST, name: 'Guild\nof Guilds' } })).toMatchObject({ ok: false, error: '"Crew name" is a single-line input' });
    expect(await double.submitModal({ userId: alice, values: { list: LIST, faction: 'Guild' } })).toMatchObject({ ok: false, error: 'The modal "fk:crew:paste" has no text input "faction"' });
    expect(await double.submitModal({ userId: alice, customId: 'fk:crew:other', values: { list: LIST } })).toMatchObject({ ok: false, error: 'The open modal is "fk:crew:paste", not "fk:crew:other"' });
    // An optional input may be emptied; lengths count characters, not UTF-16 units (200 ♥ fit).
    const hearts = '♥'.repeat(200);
    expect(handler.seen).toHaveLength(0);
    expect(double.interactions()).toHaveLength(before); // nothing refused ever reached the bot

    const ok = await double.submitModal({ userId: alice, values: { list: hearts, name: '' } });
    expect(ok).toMatchObject({ ok: true, responseType: 4 });
    expect(handler.seen[0]!.fields).toEqual({ list: hearts, name: '' });
  });

  it('a dismissed modal cannot be submitted; a newer modal replaces the older one', async () => {
    bot = await startBotAgainstDouble({ mode: 'http', handler: modalBot() });
    const { double } = bot;
    const alice = double.user('alice').id;
    const table = double.channel('table-1').id;
    await double.sendCommand({ userId: alice, channelId: table, name: 'crew' });
    double.dismissModal(alice);
    expect(await double.submitModal({ userId: alice, values: { list: LIST } })).toMatchObject({ ok: false, error: 'No modal is open for alice' });

    await double.sendCommand({ userId: alice, channelId: table, name: 'crew' });
    await double.sendCommand({ userId: alice, channelId: table, name: 'stats' });
    expect(double.lastModal(alice)).toMatchObject({ open: true, customId: 'fk:crew:stats' });
    expect(await double.submitModal({ userId: alice, customId: 'fk:crew:paste', values: { list: LIST } })).toMatchObject({ ok: false, error: expect.stringContaining('not "fk:crew:paste"') });
  });
});

describe('layouts and where the modal was opened', () => {
  it('a modal in the label layout (type 18) comes back as labels; the router reads the fields the same', async () => {
    const handler = modalBot();
    bot = await startBotAgainstDouble({ mode: 'http', handler });
    const { double } = bot;
    const alice = double.user('alice').id;
    await double.sendCommand({ userId: alice, channelId: double.channel('table-1').id, name: 'stats' });
    // Defense takes one character: "10" is refused, as the client would stop at one.
    expect(await double.submitModal({ userId: alice, values: { df: '10', wp: '6' } })).toMatchObject({ ok: false, error: '"Defense" takes at most 1 characters (got 2)' });
    const result = await double.submitModal({ userId: alice, values: { df: '5', wp: '6' } });
    expect(result).toMatchObject({ ok: true, responseType: 4 });
    expect((result.interaction!.payload as { data: unknown }).data).toEqual({
      custom_id: 'fk:crew:stats',
      components: [
        { type: 10, id: 1 },
        { type: 18, id: 2, component: { type: 4, id: 3, custom_id: 'df', value: '5' } },
        { type: 18, id: 4, component: { type: 4, id: 5, custom_id: 'wp', value: '6' } },
      ],
    });
    expect(handler.seen[0]).toMatchObject({ parts: ['stats'], values: ['5', '6'], fields: { df: '5', wp: '6' } });
  });

  it('a modal opened from a button carries the message, and its submission may update that message (type 7)', async () => {
    const handler = modalBot();
    bot = await startBotAgainstDouble({ mode: 'gateway', handler });
    const { double } = bot;
    const alice = double.user('alice').id;
    const roster = await double.sendCommand({ userId: alice, channelId: double.channel('table-1').id, name: 'roster' });
    const clicked = await double.clickComponent({ userId: alice, messageId: roster.messageId!, customId: 'fk:crew:open' });
    expect(clicked).toMatchObject({ ok: true, responseType: 9 });
    expect(double.lastModal(alice)).toMatchObject({ customId: 'fk:crew:edit', sourceMessageId: roster.messageId });

    const submitted = await double.submitModal({ userId: alice, values: { list: LIST, name: 'Guild' } });
    expect(submitted).toMatchObject({ ok: true, responseType: 7, messageId: roster.messageId });
    expect(submitted.interaction!.payload).toMatchObject({ type: 5, message: { id: roster.messageId, content: 'Roster: (empty)' } });
    expect(handler.seen.at(-1)!.interaction.message?.id).toBe(roster.messageId);
    expect(double.message(roster.messageId!)).toMatchObject({ content: 'Roster: Guild (3 lines)', components: [] });
  });

  it('Discord refuses an update (7) or a deferred update (6) for a modal opened by a slash command, and a modal answering a modal', async () => {
    let answer: unknown = { type: 7, data: { content: 'no message to update' } };
    bot = await startBotAgainstDouble({
      mode: 'http',
      handler: async (i) => (i.type === 2 ? { response: { type: 9, data: CREW_MODAL } } : { response: answer as never }),
    });
    const { double } = bot;
    const alice = double.user('alice').id;
    const table = double.channel('table-1').id;
    for (const type of [7, 6, 9]) {
      answer = type === 9 ? { type: 9, data: CREW_MODAL } : { type, data: { content: 'no message to update' } };
      await double.sendCommand({ userId: alice, channelId: table, name: 'crew' });
      const result = await double.submitModal({ userId: alice, values: { list: LIST } });
      expect(result, `response type ${type}`).toMatchObject({ ok: false, error: expect.stringContaining('Interaction response type not allowed') });
    }
  });

  it('a modal Discord would reject (label over 45 characters, two inputs in a row, no inputs) fails the interaction', async () => {
    const bad = [
      { ...CREW_MODAL, components: [{ type: 1, components: [{ type: 4, custom_id: 'a', label: 'x'.repeat(46), style: 1 }] }] },
      { ...CREW_MODAL, components: [{ type: 1, components: [{ type: 4, custom_id: 'a', label: 'A', style: 1 }, { type: 4, custom_id: 'b', label: 'B', style: 1 }] }] },
      { ...CREW_MODAL, components: [] },
    ];
    let which = 0;
    bot = await startBotAgainstDouble({ mode: 'http', handler: async () => ({ response: { type: 9, data: bad[which] as never } }) });
    const { double } = bot;
    const alice = double.user('alice').id;
    for (which = 0; which < bad.length; which++) {
      const result = await double.sendCommand({ userId: alice, channelId: double.channel('table-1').id, name: 'crew' });
      expect(result, `modal ${which}`).toMatchObject({ ok: false, error: expect.stringContaining('Invalid Form Body') });
    }
    expect(double.lastModal(alice)).toBeUndefined();
  });
});

describe('the table’s own buttons', () => {
  it('refuse a modal submit under their prefix (nothing they showed): stale, and nothing is run', async () => {
    const touched: string[] = [];
    // Any service a handler reached for would be recorded: a refusal must come before all of them.
    const services = new Proxy({ languages: { chosenBy: async () => null } } as Record<string, unknown>, {
      get: (target, key: string) => (key in target ? target[key] : (touched.push(key), undefined)),
    });
    const router = createRouter({ commands: [], components: [...endComponents, ...undoComponents, ...refereeComponents], services: services as never });
    for (const customId of ['fk:end:123:abandon', 'fk:endback:123', 'fk:undo:123:1:yes', 'fk:ref:123:7:yes']) {
      const submit = {
        id: '1001', application_id: '2', type: 5, token: 'tok', version: 1, locale: 'en-US', channel_id: '5',
        user: { id: '7', username: 'alice', global_name: 'Alice' },
        data: { custom_id: customId, components: [{ type: 1, components: [{ type: 4, custom_id: 'x', value: 'y' }] }] },
      };
      const answer = await router(submit as never);
      expect((answer.response as { data?: { content?: string } }).data?.content, customId).toContain(translator('en')('error.STALE_BUTTON'));
    }
    expect(touched).toEqual([]);
  });
});
