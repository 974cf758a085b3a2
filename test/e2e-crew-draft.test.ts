/**
 * Issue 15, the two ways in that came last, through the real bot and the Discord double: a crew entered
 * model by model (/crew start, add, remove, done), private until both crews are in, declared through the
 * paste's own checks and revealed; and autocomplete on the whole game's model options, which offers the
 * asker what they may see and nothing of the other crew before the reveal (SETUP-7). Hostile autocomplete
 * payloads are refused by the envelope, and an answer costs no bot-token REST call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wholeStateSchema, type WholeState } from '../src/systems/malifaux-game/engine/schema.js';
import { parseEnvelope } from '../src/discord/envelope.js';
import { cardForm, inkwellTable } from '../src/systems/malifaux-game/crews/fixtures.js';
import type { AutocompleteInput } from '../src/discord-double/index.js';
import { IDS, messageText, startApp, type App, type Who } from './support/app.js';

let app: App;
const ch = (): string => IDS.channel;

beforeAll(async () => {
  app = await startApp({ mode: 'http', backend: 'sqlite', rawEndpoint: true });
});
afterAll(async () => {
  await app?.close();
});

async function whole(channel = ch()): Promise<WholeState> {
  const row = await app.game(channel);
  return wholeStateSchema.parse(row!.snapshot) as WholeState;
}

/** A command's ephemeral answer: its text, and whether it was the asker's alone. */
async function ask(who: Who, name: string, options?: Record<string, string | number | boolean>, channel = ch()) {
  const result = await app.command(who, name, options, channel);
  expect(result.ok, result.error).toBe(true);
  return { result, text: result.reply ? messageText(result.reply) : '', ephemeral: result.reply?.ephemeral ?? false };
}

/** What the double's client lists under the option as the user types. */
async function typing(who: Who, name: string, focused: string, value: string, options: AutocompleteInput['options'] = {}, channel = ch()) {
  const answer = await app.double.autocomplete({ userId: IDS[who], channelId: channel, name, focused, value, options });
  expect(answer.ok, answer.error).toBe(true);
  expect(answer.responseType).toBe(8);
  return answer.choices;
}

async function enterCard(who: Who, name: string, channel = ch()) {
  const opened = await app.command(who, 'crew model', { name }, channel);
  expect(opened.responseType).toBe(9);
  const card = inkwellTable.models.find((p) => p.name === name && p.title === null)!;
  const saved = await app.double.submitModal({ userId: IDS[who], values: cardForm(card) });
  await app.settle();
  expect(saved.ok, saved.error).toBe(true);
}

const draftOf = async (who: Who, channel = ch()) => app.store.getPlayerDraft((await app.game(channel))!.id, IDS[who]);

/** Nothing public (the channel's messages) nor anything the other player reads (Bob's DMs) names any of these. */
function publiclyUnseen(names: string[], channel = ch()) {
  const text = [...app.publicMessages(channel), ...app.dms('bob')].map(messageText).join('\n');
  for (const name of names) expect(text, `${name} in a public message`).not.toContain(name);
}

describe('a crew entered model by model, and autocomplete from the crews', () => {
  it('SETUP-6, SETUP-7, HIRE-1..9: both crews entered model by model, private until both are declared, revealed together; autocomplete shows each player their own models only until then', async () => {
    expect((await app.command('alice', 'game new', { opponent: IDS.bob, system: 'm3e-game' }, ch())).ok).toBe(true);
    // The server knows some cards, not all: Press Golem is entered when Alice declares.
    for (const name of ['Ada Quill', 'Blotter', 'Page', 'Scribe Major', 'Quill Knight', 'Ink Sprite']) await enterCard('alice', name);

    // The Leader's choices are the server's Masters and Henchmen; a card's are every card.
    const leaders = await typing('alice', 'crew start', 'leader', 'a', { faction: 'arcanists' });
    expect(leaders.map((c) => c.value)).toEqual(['Ada Quill']);
    expect(leaders[0]!.name).toBe('Ada Quill · Master · no cost');
    expect((await typing('alice', 'crew add', 'model', 'pa')).map((c) => c.name)).toEqual(['Page · Minion (2) · 5 ss']);

    const requests = app.double.requests.length;
    const events = await app.eventCount();
    const started = await ask('alice', 'crew start', { faction: 'arcanists', leader: 'ada quill', name: 'Inkwell' });
    expect(started.ephemeral).toBe(true);
    expect(started.text).toContain('**Ada Quill** leads it, for the Arcanists');
    expect(await draftOf('alice')).toBe('Inkwell (Arcanists)\nLeader:\n  Ada Quill');
    await ask('alice', 'crew add', { model: 'blotter', role: 'totem' });
    const pages = await ask('alice', 'crew add', { model: 'Page', copies: 2 });
    expect(pages.text).toContain('Added 2 × **Page** as hires.');
    const golem = await ask('alice', 'crew add', { model: 'Press Golem' });
    expect(golem.text).toContain('This server does not know this card yet: Press Golem. /crew done will ask for it first.');
    // Drafting is no move in the game: no event, and no REST call with the bot's token (no DM, no status edit).
    expect(await app.eventCount()).toBe(events);
    expect(app.double.requests.slice(requests).filter((r) => r.auth)).toEqual([]);

    // /crew remove completes from the asker's own draft; it takes the last copy first.
    expect(await typing('alice', 'crew remove', 'model', 'p')).toEqual([
      { name: 'Page × 2', value: 'Page' },
      { name: 'Press Golem × 1', value: 'Press Golem' },
    ]);
    expect((await ask('alice', 'crew remove', { model: 'page' })).text).toContain('Removed **Page**.');
    await ask('alice', 'crew add', { model: 'Page' });
    const shown = await ask('alice', 'crew show');
    expect(shown.ephemeral).toBe(true);
    expect(shown.text).toContain('Inkwell (Arcanists)\nLeader:\n  Ada Quill\nTotem(s):\n  Blotter\nHires:\n  Page\n  Press Golem\n  Page');

    // Bob sees none of it, typing or reading: nothing is declared, no model is in play.
    expect(await typing('bob', 'attack', 'target', '')).toEqual([]);
    expect(await typing('bob', 'crew remove', 'model', '')).toEqual([]);
    publiclyUnseen(['Blotter', 'Press Golem', 'Inkwell']);

    // Declaring: the card the server does not know is asked for first, in the card's form, its name filled in.
    const asked = await app.command('alice', 'crew done', undefined, ch());
    expect(asked.responseType).toBe(9);
    const form = app.double.lastModal(IDS.alice)!;
    expect(form.title).toBe('The last card to enter');
    expect(JSON.stringify(form.components)).toContain('"value":"Press Golem"');
    expect((await whole()).game?.crews[0]).toBeNull();
    const golemCard = inkwellTable.models.find((p) => p.name === 'Press Golem')!;
    expect((await app.double.submitModal({ userId: IDS.alice, values: cardForm(golemCard) })).ok).toBe(true);
    await app.settle();
    const declared = await app.command('alice', 'crew done', undefined, ch());
    expect(declared.ok, declared.error).toBe(true);
    const state = await whole();
    // The crew declared is the draft's list, kept with the game like a paste's, hired by the same checks.
    expect(state.game?.crews[0]?.raw).toBe(await draftOf('alice'));
    expect(state.game?.crews[0]?.models.map((m) => m.profile.name)).toEqual(['Ada Quill', 'Blotter', 'Page', 'Press Golem', 'Page']);
    expect(state.game?.crews[0]?.crewName).toBe('Inkwell');
    publiclyUnseen(['Blotter', 'Press Golem', 'Inkwell']);

    // Before the reveal: Alice is offered her own crew as declared, Bob nothing of it.
    const mine = await typing('alice', 'attack', 'attacker', '');
    expect(mine.map((c) => c.value)).toEqual(['Ada Quill', 'Blotter', 'Page 1', 'Press Golem', 'Page 2']);
    expect(mine[0]!.name).toBe('Ada Quill (6/6)');
    expect(await typing('alice', 'attack', 'target', '')).toEqual([]);
    for (const [name, focused] of [['attack', 'attacker'], ['attack', 'target'], ['turn activate', 'model'], ['model damage', 'model'], ['schemes', 'first_models']] as const) {
      const theirs = await typing('bob', name, focused, '', name === 'schemes' ? { first: 1, second: 2 } : {});
      expect(theirs, `/${name} ${focused}`).toEqual([]);
    }

    // Bob's crew, model by model, across two instances of the bot on one database: the draft is in the
    // database, not in a process (a restart keeps it).
    await ask('bob', 'crew start', { faction: 'arcanists', leader: 'Scribe Major' });
    await ask('bob', 'crew add', { model: 'Quill Knight' });
    const other = await app.addInstance();
    other.use();
    try {
      expect((await ask('bob', 'crew show')).text).toContain('Leader:\n  Scribe Major\nHires:\n  Quill Knight');
      await ask('bob', 'crew add', { model: 'Ink Sprite' });
      await ask('bob', 'crew add', { model: 'Page' });
    } finally {
      app.usePrimary();
    }
    const bobDone = await app.command('bob', 'crew done', undefined, ch());
    expect(bobDone.ok, bobDone.error).toBe(true);
    const revealed = await whole();
    expect(revealed.game?.stage).toBe('schemes');
    expect(revealed.game?.crews[1]?.models.map((m) => m.profile.name)).toEqual(['Scribe Major', 'Quill Knight', 'Ink Sprite', 'Page']);

    // After the reveal every model in play is public: a target is the other crew's first, then one's own.
    const targets = await typing('bob', 'attack', 'target', '');
    expect(targets.map((c) => c.value)).toEqual(['A1', 'A2', 'A3', 'A4', 'A5', 'B1', 'B2', 'B3', 'B4']);
    expect(targets[0]!.name).toBe('A1 · Ada Quill (6/6)');
    expect(targets[2]!.name).toBe('A3 · Page 1 (6/6)');
    expect((await typing('bob', 'attack', 'attacker', '')).map((c) => c.value)).toEqual(['B1', 'B2', 'B3', 'B4']);
    // By name or label, case aside; a comma list completes its last name and skips those already given.
    expect((await typing('bob', 'attack', 'target', 'pAg')).map((c) => c.value)).toEqual(['A3', 'A5', 'B4']);
    expect((await typing('alice', 'schemes', 'first_models', 'B1, b', { first: 1, second: 2 })).map((c) => c.value)).toEqual(['B1, A2', 'B1, B2', 'B1, B3', 'B1, B4']);
    expect((await typing('alice', 'schemes', 'first_models', 'A1, quill', { first: 1, second: 2 })).map((c) => c.value)).toEqual(['A1, B2']);
    expect((await typing('alice', 'turn activate', 'model', '')).map((c) => c.value)).toEqual(['A1', 'A2', 'A3', 'A4', 'A5']);
    // A referee or an onlooker reads what everyone may: every model.
    expect(await typing('carol', 'model damage', 'model', 'quill')).toEqual([
      { name: 'A1 · Ada Quill (6/6)', value: 'A1' },
      { name: 'B2 · Quill Knight (6/6)', value: 'B2' },
    ]);
    expect((await typing('alice', 'model summon', 'profile', 'ink')).map((c) => c.value)).toEqual(['Ink Sprite']);
    expect(app.logs.filter((l) => l.includes('[error]'))).toEqual([]);
  }, 120_000);

  it('bad input: a draft not begun, a name that is no model’s, a model not in the draft, the Leader removed, a crew already declared — refused in the asker’s language, nothing changed', async () => {
    const channel = app.double.channel('table-3').id;
    expect((await app.command('alice', 'game new', { opponent: IDS.bob, system: 'm3e-game' }, channel)).ok).toBe(true);
    app.double.setUser(IDS.bob, { locale: 'fr' });
    try {
      const refused = async (who: Who, name: string, options?: Record<string, string | number>) => {
        const before = await app.fingerprint();
        const draft = await draftOf(who, channel);
        const { text, ephemeral } = await ask(who, name, options, channel);
        expect(ephemeral).toBe(true);
        expect(await app.fingerprint(), 'nothing changed').toEqual(before);
        expect(await draftOf(who, channel), 'the draft is as it was').toBe(draft);
        expect(text).not.toMatch(/CREW_|DRAFT/);
        return text;
      };
      // Declaring, adding to or removing from a draft never begun: in French for Bob.
      expect(await refused('bob', 'crew done')).toContain('Vous n’avez pas commencé à saisir de bande. Rien n’a été modifié — commencez avec /crew start');
      expect(await refused('alice', 'crew add', { model: 'Page' })).toContain('You have not begun entering a crew. Nothing was changed — begin with /crew start');
      expect(await refused('alice', 'crew remove', { model: 'Page' })).toContain('You have not begun entering a crew');

      await ask('alice', 'crew start', { faction: 'arcanists', leader: 'Ada Quill' }, channel);
      expect(await refused('alice', 'crew add', { model: 'Hires:' })).toContain('“Hires:” cannot be a model’s name in a crew list');
      expect(await refused('alice', 'crew add', { model: 'Page 9ss' })).toContain('cannot be a model’s name');
      expect(await refused('alice', 'crew remove', { model: 'Quill Knight' })).toContain('The crew you are entering has no totem or hire called “Quill Knight”. Nothing was changed');
      expect(await refused('alice', 'crew remove', { model: 'Ada Quill' })).toContain('Ada Quill leads your crew and cannot be removed');
      // Not hirable: declared through the paste's checks, refused by them.
      await ask('alice', 'crew add', { model: 'Guild Clerk' }, channel);
      await enterCard('alice', 'Guild Clerk', channel);
      const notHirable = await refused('alice', 'crew done');
      expect(notHirable).toContain('This crew cannot be hired as listed (1 problem)');
      // The problem itself, listed under the refusal in words that say what to do.
      expect(notHirable).toMatch(/\n• Guild Clerk [^\n]+/);
      await ask('alice', 'crew remove', { model: 'Guild Clerk' }, channel);
      expect((await app.command('alice', 'crew done', undefined, channel)).ok).toBe(true);
      expect((await whole(channel)).game?.crews[0]).not.toBeNull();
      // Declared: the draft is closed, to every step but /crew show.
      expect(await refused('alice', 'crew add', { model: 'Page' })).toContain('You have already declared your crew');
      expect(await refused('alice', 'crew start', { faction: 'guild', leader: 'Ada Quill' })).toContain('You have already declared your crew');
      expect(await refused('alice', 'crew done')).toContain('You have already declared your crew');
      // Someone without a seat keeps no draft.
      expect(await refused('carol', 'crew start', { faction: 'guild', leader: 'Ada Quill' })).toContain('You have no seat in this channel’s game');
    } finally {
      app.double.setUser(IDS.bob, { locale: 'en-US' });
    }
  });

  it('a retried delivery of a draft step acts once', async () => {
    const channel = app.double.channel('table-4').id;
    expect((await app.command('alice', 'game new', { opponent: IDS.bob, system: 'm3e-game' }, channel)).ok).toBe(true);
    await ask('alice', 'crew start', { faction: 'arcanists', leader: 'Ada Quill' }, channel);
    await ask('alice', 'crew add', { model: 'Page' }, channel);
    const record = app.double.interactions().filter((i) => i.type === 2 && i.name === 'crew add').at(-1)!;
    const again = await app.rawPost(JSON.stringify(record.payload));
    expect(again.status).toBe(200);
    expect(JSON.parse(again.text).data.content).toContain('This request was already handled');
    expect(await draftOf('alice', channel)).toBe('(Arcanists)\nLeader:\n  Ada Quill\nHires:\n  Page');
  });

  it('hostile autocomplete payloads are refused by the envelope: no choices, nothing written; a sound one gets its choices, with no bot-token REST call', async () => {
    await typing('alice', 'attack', 'target', '');
    const record = app.double.interactions().filter((i) => i.type === 4 && i.name === 'attack').at(-1)!;
    const template = record.payload as Record<string, unknown>;
    let serial = 0;
    const fresh = (): Record<string, unknown> => ({ ...structuredClone(template), id: `1588${String(++serial).padStart(15, '0')}`, token: `ac-${serial}` });
    const post = async (payload: unknown) => {
      const answer = await app.rawPost(JSON.stringify(payload));
      expect(answer.status, answer.text).toBe(200);
      return JSON.parse(answer.text) as { type: number; data?: { choices?: unknown[]; content?: string } };
    };

    // The control: the same payload, sound, is answered with the target's choices.
    const requests = app.double.requests.length;
    const sound = await post(fresh());
    expect(sound.type).toBe(8);
    expect(sound.data?.choices?.length).toBeGreaterThan(0);

    const data = template.data as { options: Record<string, unknown>[] };
    const withOptions = (options: unknown) => ({ ...fresh(), data: { ...structuredClone(data), options } });
    const hostile: [string, Record<string, unknown>][] = [
      ['a focused value that is an object', withOptions([{ name: 'target', type: 3, value: { $ne: null }, focused: true }])],
      ['a focused value of 7000 characters', withOptions([{ name: 'target', type: 3, value: 'x'.repeat(7000), focused: true }])],
      ['focused as a string', withOptions([{ name: 'target', type: 3, value: 'A', focused: 'yes' }])],
      ['30 options', withOptions(Array.from({ length: 30 }, () => ({ name: 'target', type: 3, value: 'A', focused: true })))],
      ['options that are no list', withOptions({ target: 'A' })],
      ['an option type that is no type', withOptions([{ name: 'target', type: 99, value: 'A', focused: true }])],
      ['a subcommand nested three deep', withOptions([{ name: 'a', type: 2, options: [{ name: 'b', type: 1, options: [{ name: 'c', type: 1, options: [] }] }] }])],
      ['no data', { ...fresh(), data: undefined }],
      ['a command name of 200 characters', { ...fresh(), data: { ...structuredClone(data), name: 'x'.repeat(200) } }],
      ['an id that is no snowflake', { ...fresh(), id: '../../x' }],
      ['a token with a slash', { ...fresh(), token: 'a/b' }],
      ['no user', { ...fresh(), member: undefined }],
      ['another channel in channel_id than in channel', { ...fresh(), channel_id: '1234567890123456789' }],
    ];
    const before = await app.fingerprint();
    for (const [what, payload] of hostile) {
      expect(parseEnvelope(JSON.parse(JSON.stringify(payload))).ok, what).toBe(false);
      const answer = await post(payload);
      expect(answer, what).toEqual({ type: 8, data: { choices: [] } });
    }
    // Sound but senseless: an option the command does not complete, none focused, an unknown command.
    for (const [what, payload] of [
      ['a focused option that does not autocomplete', withOptions([{ name: 'stat', type: 4, value: '7', focused: true }])],
      ['nothing focused', withOptions([{ name: 'target', type: 3, value: 'A' }])],
      ['an unknown command', { ...fresh(), data: { ...structuredClone(data), name: 'nope' } }],
    ] as const) {
      expect(parseEnvelope(JSON.parse(JSON.stringify(payload))).ok, what).toBe(true);
      expect(await post(payload), what).toEqual({ type: 8, data: { choices: [] } });
    }
    expect(await app.fingerprint(), 'nothing written').toEqual(before);
    expect(app.double.requests.slice(requests), 'no REST call at all').toEqual([]);
    expect(app.logs.filter((l) => l.includes('[error]'))).toEqual([]);
  });
});


describe('over the gateway', () => {
  it('an autocomplete is answered through the interaction callback, as over HTTP', async () => {
    const gateway = await startApp({ mode: 'gateway', backend: 'sqlite' });
    try {
      expect((await gateway.command('alice', 'game new', { opponent: IDS.bob, system: 'm3e-game' })).ok).toBe(true);
      expect((await gateway.command('alice', 'crew start', { faction: 'arcanists', leader: 'Ada Quill' })).ok).toBe(true);
      expect((await gateway.command('alice', 'crew add', { model: 'Page', copies: 2 })).ok).toBe(true);
      const before = gateway.double.requests.length;
      const answer = await gateway.double.autocomplete({ userId: IDS.alice, channelId: IDS.channel, name: 'crew remove', focused: 'model', value: '' });
      expect(answer).toMatchObject({ ok: true, responseType: 8, choices: [{ name: 'Page × 2', value: 'Page' }] });
      // One request, the interaction's own callback, without the bot's token.
      expect(gateway.double.requests.slice(before).map((r) => [r.method, r.auth, r.path.startsWith('/interactions/')])).toEqual([['POST', false, true]]);
    } finally {
      await gateway.close();
    }
  });
});
