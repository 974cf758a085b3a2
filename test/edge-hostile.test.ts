/**
 * The edge, tried as an adversary would: correctly signed but malformed interactions, POSTed to the real
 * HTTP endpoint of the real bot (the Discord double, a SQLite store), generated with fast-check from real
 * interactions the double delivered — a /flip and a decision click, each of which WOULD act if it were
 * well formed (the controls at the end show that they do).
 *
 * Every payload must get HTTP 200 with a localized ephemeral refusal (or 400 for a body that is not even
 * an object), never a 5xx, never the "something went wrong" reply, and the database — games, snapshots,
 * versions, events, receipts, settings — must be exactly what it was.
 *
 * Plus regressions from the issue: a /flip whose id is missing, empty or "0" is refused (it used to act on
 * every redelivery), a click without its `message` is refused before it acts; and the gateway path refuses
 * like the HTTP one.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIInteractionResponse } from 'discord-api-types/v10';
import { parseEnvelope } from '../src/discord/envelope.js';
import { translator, type Locale } from '../src/i18n/index.js';
import { IDS, componentsOf, flipUntil, startApp, type App, type DbFingerprint } from './support/app.js';

type Json = Record<string, unknown>;
type Path = readonly (string | number)[];

const DELETE = Symbol('delete');
interface Mutation {
  path: Path;
  value: unknown;
}

// --- reading answers --------------------------------------------------------------------------------

interface Answer {
  status: number;
  content: string;
  ephemeral: boolean;
  type: number | null;
}

function answerOf(status: number, text: string): Answer {
  if (status !== 200) return { status, content: '', ephemeral: false, type: null };
  const response = JSON.parse(text) as APIInteractionResponse;
  const data = 'data' in response ? (response.data as { content?: string; flags?: number } | undefined) : undefined;
  return { status, content: data?.content ?? '', ephemeral: ((data?.flags ?? 0) & 64) === 64, type: response.type };
}

/** The opening words of a message (up to its first placeholder or code span), to recognise it. */
const opening = (locale: Locale, key: Parameters<ReturnType<typeof translator>>[0]): string => translator(locale)(key, { field: '\u0000', problem: '\u0000' }).split(/[`\u0000]/)[0]!;
const REFUSALS: Record<Locale, string[]> = {
  en: [opening('en', 'error.MALFORMED_ENVELOPE'), opening('en', 'error.UNSUPPORTED_INTERACTION')],
  fr: [opening('fr', 'error.MALFORMED_ENVELOPE'), opening('fr', 'error.UNSUPPORTED_INTERACTION')],
};
const INTERNAL = (['en', 'fr'] as const).flatMap((l) => [opening(l, 'error.INTERNAL'), opening(l, 'error.INTERNAL_UNSURE'), opening(l, 'error.INTERNAL_AFTER_COMMIT')]);

/** What language the refusal must speak: Discord's `locale` when it is a string, else English. */
const expectedLocale = (payload: Json): Locale => (typeof payload.locale === 'string' && payload.locale.toLowerCase().startsWith('fr') ? 'fr' : 'en');

function expectRefusal(answer: Answer, payload: Json | null): void {
  expect(answer.status, 'never a 5xx; a refusal is a 200').toBe(200);
  expect(answer.type, 'an interaction response with a message').toBe(4);
  expect(answer.ephemeral, `ephemeral: ${answer.content}`).toBe(true);
  for (const internal of INTERNAL) expect(answer.content, 'never the internal-error reply').not.toContain(internal);
  const locale = payload ? expectedLocale(payload) : 'en';
  expect(
    REFUSALS[locale].some((r) => answer.content.includes(r)),
    `a ${locale} refusal, got: ${answer.content}`,
  ).toBe(true);
}

// --- building payloads ------------------------------------------------------------------------------

function setAt(root: Json, path: Path, value: unknown): void {
  let here: unknown = root;
  for (const key of path.slice(0, -1)) {
    const next = (here as Record<string | number, unknown>)[key];
    // A parent another mutation already replaced with junk: the payload is malformed anyway.
    if (typeof next !== 'object' || next === null) return;
    here = next;
  }
  const last = path.at(-1)!;
  if (value === DELETE) delete (here as Record<string | number, unknown>)[last];
  else (here as Record<string | number, unknown>)[last] = value;
}

let serial = 0;
/** A fresh, valid snowflake id and token for every payload, so a well-formed one would not be deduplicated. */
function fresh(template: Json, locale: string): Json {
  serial++;
  return { ...structuredClone(template), id: `1577${String(serial).padStart(15, '0')}`, token: `hostile-${serial}`, locale };
}

function build(template: Json, locale: string, mutations: readonly Mutation[]): Json {
  const payload = fresh(template, locale);
  for (const m of mutations) setAt(payload, m.path, m.value);
  return payload;
}

// --- hostile values ---------------------------------------------------------------------------------

const SNOWFLAKE = /^[1-9][0-9]{0,19}$/;
const TOKEN = /^[A-Za-z0-9._~:-]+$/;

const jsonish = fc.jsonValue({ maxDepth: 2 });
const junkObject = fc.dictionary(fc.string({ maxLength: 8 }), jsonish, { maxKeys: 3 });
const junkArray = fc.array(jsonish, { maxLength: 4 });
const notInteger = fc.double().filter((d) => !Number.isInteger(d));
const huge = (min: number, max = 30_000) => fc.integer({ min, max }).map((n) => 'x'.repeat(n));

const notString = fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null), junkArray, junkObject);
const notObject = fc.oneof(fc.integer(), fc.string({ maxLength: 20 }), fc.boolean(), fc.constant(null), junkArray);
const notArray = fc.oneof(fc.integer(), fc.string({ maxLength: 20 }), fc.boolean(), fc.constant(null), junkObject);
const notInt = fc.oneof(notInteger, fc.string({ maxLength: 10 }), fc.boolean(), fc.constant(null), junkArray, junkObject);
const notBoolean = fc.oneof(fc.integer(), fc.string({ maxLength: 10 }), fc.constant(null), junkArray, junkObject);
const notSnowflake = fc.oneof(
  notString,
  fc.constantFrom('', '0', '00', '-1', '01', '1.5', ' 1', '1 ', '1e5', 'abc', '١٢٣', '1'.repeat(21), '0x1F', '12/34', '../..', '1\n'),
  fc.string({ maxLength: 30 }).filter((s) => !SNOWFLAKE.test(s)),
);
const notToken = fc.oneof(
  notString,
  fc.constantFrom('', 'a/b', 'x?y', '../../channels/1/messages', 'to ken', 'x#y', '%2F'),
  huge(1001, 3000),
  fc.string({ minLength: 1, maxLength: 30 }).filter((s) => !TOKEN.test(s)),
);
const otherSnowflake = fc.bigInt({ min: 1n, max: 10n ** 19n }).map(String);

const at = (path: Path, value: fc.Arbitrary<unknown>): fc.Arbitrary<Mutation> => value.map((v) => ({ path, value: v }));
const gone = (path: Path): fc.Arbitrary<Mutation> => fc.constant({ path, value: DELETE });

/** A leaf option whose value is not of its type's JS type, or which has no value at all. */
const badLeaf = fc.oneof(
  fc.record({ name: fc.constant('label'), type: fc.constant(3), value: notString }),
  fc.record({ name: fc.constant('label'), type: fc.constant(3), value: huge(6001) }),
  fc.record({ name: fc.constant('modifier'), type: fc.constant(4), value: fc.oneof(notInt, fc.constant(2 ** 60)) }),
  fc.record({ name: fc.constant('cheatable'), type: fc.constant(5), value: notBoolean }),
  fc.record({ name: fc.constant('player'), type: fc.constantFrom(6, 7, 8, 9, 11), value: notSnowflake }),
  fc.record({ name: fc.constant('n'), type: fc.constant(10), value: fc.oneof(fc.string({ maxLength: 5 }), fc.boolean(), fc.constant(null), junkObject) }),
  fc.record({ name: fc.constant('label'), type: fc.constantFrom(3, 4, 5, 10) }),
);
const goodLeaf = fc.constantFrom<Json>({ name: 'modifier', type: 4, value: 1 }, { name: 'label', type: 3, value: 'x' }, { name: 'cheatable', type: 5, value: false });

/** An option that is malformed in itself, at any depth. */
const badOption: fc.Arbitrary<unknown> = fc.oneof(
  badLeaf,
  notObject,
  fc.record({ name: notString, type: fc.constant(4), value: fc.constant(1) }),
  fc.record({ name: fc.oneof(fc.constant(''), huge(33, 200)), type: fc.constant(4), value: fc.constant(1) }),
  fc.record({ name: fc.constant('modifier'), type: fc.oneof(notInt, fc.constantFrom(0, -1, 12, 99, 2 ** 40)), value: fc.constant(1) }),
  fc.record({ name: fc.constant('modifier'), value: fc.constant(1) }),
  // subcommands and groups: junk inside, or nested the wrong way
  fc.record({ name: fc.constant('sub'), type: fc.constant(1), options: notArray }),
  fc.record({ name: fc.constant('sub'), type: fc.constant(1), options: fc.tuple(goodLeaf, badLeaf).map(([a, b]) => [a, b]) }),
  fc.record({ name: fc.constant('sub'), type: fc.constant(1), options: fc.constant([{ name: 'deeper', type: 1, options: [] }]) }),
  fc.record({ name: fc.constant('grp'), type: fc.constant(2), options: fc.array(goodLeaf, { minLength: 1, maxLength: 3 }) }),
  fc.record({ name: fc.constant('grp'), type: fc.constant(2), options: fc.constant([{ name: 'sub', type: 1, options: [{ name: 'grp', type: 2, options: [] }] }]) }),
);

const badOptions = fc.oneof(
  notArray,
  fc.tuple(fc.array(goodLeaf, { maxLength: 3 }), badOption, fc.array(goodLeaf, { maxLength: 2 })).map(([before, bad, after]) => [...before, bad, ...after]),
  fc.integer({ min: 26, max: 40 }).map((n) => Array.from({ length: n }, () => ({ name: 'modifier', type: 4, value: 1 }))),
);

const badUser = fc.oneof(
  notObject,
  fc.constant({}),
  fc.record({ id: notSnowflake, username: fc.constant('mallory') }),
  fc.record({ id: fc.constant(IDS.alice), username: fc.oneof(notString, fc.constant(''), huge(101, 500)) }),
  fc.record({ id: fc.constant(IDS.alice), username: fc.constant('alice'), global_name: fc.oneof(fc.integer(), fc.boolean(), junkObject, huge(101, 500)) }),
);

/** Mutations of the envelope every interaction shares (the template is a guild interaction: a member). */
const envelopeMutation = fc.oneof(
  at(['id'], notSnowflake),
  gone(['id']),
  at(['token'], notToken),
  gone(['token']),
  at(['type'], fc.oneof(fc.integer({ min: 6, max: 2 ** 31 }), fc.integer({ min: -1000, max: 0 }), notInt)),
  gone(['type']),
  at(['locale'], fc.oneof(notString, huge(36))),
  at(['guild_locale'], fc.oneof(notString, huge(36))),
  at(['guild_id'], notSnowflake),
  gone(['guild_id']),
  at(['channel_id'], fc.oneof(notSnowflake, otherSnowflake.filter((id) => id !== IDS.channel))),
  at(['channel'], fc.oneof(notObject, fc.constant({}), notSnowflake.map((id) => ({ id, type: 0 })))),
  at(['member'], fc.oneof(notObject, fc.constant({}))),
  at(['member', 'user'], badUser),
  gone(['member', 'user']),
  at(['member', 'user', 'id'], notSnowflake),
  gone(['member', 'user', 'id']),
  at(['member', 'roles'], fc.oneof(notArray, fc.tuple(notSnowflake).map(([bad]) => [IDS.refereeRole, bad]))),
  gone(['member', 'roles']),
  at(['member', 'permissions'], fc.oneof(notString, fc.constantFrom('abc', '-1', '1.5', '', '0x10', '8 '))),
  at(['member', 'nick'], fc.oneof(fc.integer(), fc.boolean(), junkArray, junkObject, huge(101, 500))),
  fc.constant({ path: ['member'], value: DELETE }), // then there is no user at all (the template has none)
  at(['user'], badUser),
  at(['data'], notObject),
  gone(['data']),
);

const commandMutation = fc.oneof(
  { arbitrary: envelopeMutation, weight: 3 },
  { arbitrary: at(['data', 'options'], badOptions), weight: 4 },
  { arbitrary: at(['data', 'name'], fc.oneof(notString, fc.constant(''), huge(33, 500))), weight: 1 },
  { arbitrary: gone(['data', 'name']), weight: 1 },
  { arbitrary: at(['data', 'id'], notSnowflake), weight: 1 },
  { arbitrary: at(['data', 'type'], notInt), weight: 1 },
  {
    arbitrary: at(
      ['data', 'resolved'],
      fc.oneof(
        notObject,
        fc.record({ users: notObject }),
        notSnowflake.filter((k) => typeof k === 'string').map((key) => ({ users: { [key as string]: { id: IDS.bob, username: 'bob' } } })),
        badUser.map((user) => ({ users: { [IDS.bob]: user } })),
        fc.record({ roles: fc.constant({ [IDS.refereeRole]: { id: 7 } }) }),
      ),
    ),
    weight: 1,
  },
);

const componentMutation = fc.oneof(
  { arbitrary: envelopeMutation, weight: 3 },
  { arbitrary: gone(['message']), weight: 2 },
  { arbitrary: at(['message'], fc.oneof(notObject, fc.constant({}))), weight: 1 },
  { arbitrary: at(['message', 'id'], notSnowflake), weight: 1 },
  { arbitrary: gone(['message', 'id']), weight: 1 },
  { arbitrary: at(['message', 'flags'], fc.oneof(fc.integer({ min: -1000, max: -1 }), notInt)), weight: 1 },
  { arbitrary: at(['data', 'custom_id'], fc.oneof(notString, fc.constant(''), huge(101, 3000))), weight: 2 },
  { arbitrary: gone(['data', 'custom_id']), weight: 1 },
  { arbitrary: at(['data', 'component_type'], fc.oneof(notInt, fc.constantFrom(0, -1, 256))), weight: 1 },
  { arbitrary: gone(['data', 'component_type']), weight: 1 },
  {
    arbitrary: at(
      ['data', 'values'],
      fc.oneof(
        notArray,
        fc.tuple(notString).map(([bad]) => ['none', bad]),
        fc.integer({ min: 26, max: 40 }).map((n) => Array.from({ length: n }, () => 'none')),
        huge(101, 500).map((v) => [v]),
      ),
    ),
    weight: 2,
  },
);

const locales = fc.constantFrom('en-US', 'en-GB', 'fr', 'de', 'pt-BR');
const mutations = (one: fc.Arbitrary<Mutation>) => fc.array(one, { minLength: 1, maxLength: 3 });

// --- the run ----------------------------------------------------------------------------------------

const RUNS = { commands: 400, components: 300, bodies: 150, bytes: 50 };
const stats = { sent: 0, statuses: new Map<number, number>(), refusedFields: new Map<string, number>() };

let app: App;
let flipTemplate: Json;
let clickTemplate: Json;

async function post(payload: Json | unknown): Promise<Answer> {
  const answer = await app.rawPost(JSON.stringify(payload));
  stats.sent++;
  stats.statuses.set(answer.status, (stats.statuses.get(answer.status) ?? 0) + 1);
  const read = answerOf(answer.status, answer.text);
  const field = /`([^`]*)`/.exec(read.content)?.[1];
  if (field !== undefined) {
    const key = field.replace(/\[\d+\]/g, '[]');
    stats.refusedFields.set(key, (stats.refusedFields.get(key) ?? 0) + 1);
  }
  return read;
}

/** The database and the logs are exactly as before `work`. */
async function changesNothing(work: () => Promise<void>): Promise<void> {
  const before: DbFingerprint = await app.fingerprint();
  const logsBefore = app.logs.length;
  await work();
  await app.settle();
  expect(await app.fingerprint(), 'the database is untouched (games, events, receipts, settings)').toEqual(before);
  expect(
    app.logs.slice(logsBefore).filter((l) => /error|fail/i.test(l)),
    'no internal error was logged',
  ).toEqual([]);
}

beforeAll(async () => {
  app = await startApp({ mode: 'http', backend: 'sqlite', rawEndpoint: true });
  const started = await app.command('alice', 'game new', { opponent: IDS.bob, system: 'm3e' });
  expect(started.ok && !started.reply?.ephemeral, started.error ?? started.reply?.content).toBe(true);
  const flipped = await app.command('alice', 'flip', { label: 'warm-up' });
  expect(flipped.ok && !flipped.reply?.ephemeral, flipped.error ?? flipped.reply?.content).toBe(true);
  flipTemplate = structuredClone(flipped.interaction!.payload);
  expect(parseEnvelope(fresh(flipTemplate, 'en-US')).ok, 'the template itself is well formed').toBe(true);
});

afterAll(async () => {
  await app?.close();
  const statuses = Object.fromEntries(stats.statuses);
  const fields = [...stats.refusedFields].sort((a, b) => b[1] - a[1]).map(([f, n]) => `${f}×${n}`);
  console.log(`edge-hostile: ${stats.sent} signed payloads, HTTP statuses ${JSON.stringify(statuses)}; refused fields: ${fields.join(', ')}`);
});

describe('a signed but malformed slash command', () => {
  it('is refused with a localized ephemeral message, never a 5xx or an internal error, and changes nothing', async () => {
    await changesNothing(() =>
      fc.assert(
        fc.asyncProperty(locales, mutations(commandMutation), async (locale, changes) => {
          const payload = build(flipTemplate, locale, changes);
          expect(parseEnvelope(payload).ok, 'generated payloads are all malformed').toBe(false);
          expectRefusal(await post(payload), payload);
        }),
        { numRuns: RUNS.commands },
      ),
    );
  });

  it('/flip whose id is missing, empty or "0" is refused on every delivery; with a real id it acts exactly once', async () => {
    for (const id of [DELETE, '', '0', 0, null]) {
      const payload = build(flipTemplate, 'fr', [{ path: ['id'], value: id }]);
      await changesNothing(async () => {
        for (let delivery = 0; delivery < 2; delivery++) {
          const answer = await post(payload);
          expectRefusal(answer, payload);
          expect(answer.content).toContain('`id`');
        }
      });
    }
    // The control: the same /flip, well formed, acts — and its redelivery does not act again.
    const good = fresh(flipTemplate, 'en-US');
    const events = await app.eventCount();
    const receipts = await app.receiptCount();
    const first = await post(good);
    expect(first.ephemeral, first.content).toBe(false);
    const acted = await app.eventCount();
    expect(acted).toBeGreaterThan(events);
    expect(await app.receiptCount()).toBe(receipts + 1);
    await changesNothing(async () => {
      const again = await post(good);
      expect(again.status).toBe(200);
    });
    expect(await app.eventCount()).toBe(acted);
  });

  it('the refusal speaks French when Discord says `fr`, English when the locale is not a string', async () => {
    const french = await post(build(flipTemplate, 'fr', [{ path: ['data', 'options'], value: { modifier: 1 } }]));
    expect(french.content).toContain('`data.options` n’a pas le bon type');
    expect(french.content).toContain('rien n’a été modifié');
    const english = await post(build(flipTemplate, 'fr', [{ path: ['locale'], value: { fr: true } }]));
    expect(english.content).toContain('`locale` has the wrong type');
    expect(english.content).toContain('nothing was changed');
    const huge = await post(build(flipTemplate, 'en-US', [{ path: ['data', 'options'], value: [{ name: 'label', type: 3, value: 'x'.repeat(7000) }] }]));
    expect(huge.content).toContain('`data.options[0].value` is too long (at most 6000)');
  });
});

describe('a signed but malformed decision click', () => {
  beforeAll(async () => {
    const waiting = () =>
      [...app.dms('alice'), ...app.visibleTo('alice')]
        .reverse()
        .flatMap((message) => componentsOf(message).map((component) => ({ message, customId: String(component.custom_id), component })))
        .find((c) => c.customId.startsWith('fk:d:') && !c.component.disabled);
    // A flip with a + modifier waits for Alice to pick a card: a decision whose click would act. Unless it
    // reveals the Black Joker, which must be taken (FLIP-5): no choice then, and (the deck's order being
    // random, as the hostile payloads that acted before) it is flipped again.
    const decision = await flipUntil(app, 'alice', { modifier: 1, label: 'pick' }, undefined, waiting, { what: 'a decision waiting for Alice' });
    expect(decision, 'a decision is waiting for Alice').toBeDefined();
    const { message, customId, component } = decision;
    const isSelect = component.type === 3;
    const options = (component.options as { value: string }[] | undefined) ?? [];
    clickTemplate = {
      ...structuredClone(flipTemplate),
      type: 3,
      data: { custom_id: customId, component_type: component.type, ...(isSelect ? { values: [options[0]!.value] } : {}) },
      message: { id: message.id, channel_id: message.channelId, flags: message.flags, content: message.content, embeds: [], components: [], attachments: [], type: 0 },
    };
    expect(parseEnvelope(fresh(clickTemplate, 'en-US')).ok, 'the template itself is well formed').toBe(true);
  });

  it('is refused before it acts, whatever is wrong with it, and changes nothing', async () => {
    await changesNothing(() =>
      fc.assert(
        fc.asyncProperty(locales, mutations(componentMutation), async (locale, changes) => {
          const payload = build(clickTemplate, locale, changes);
          expect(parseEnvelope(payload).ok, 'generated payloads are all malformed').toBe(false);
          expectRefusal(await post(payload), payload);
        }),
        { numRuns: RUNS.components },
      ),
    );
  });

  it('without its `message` it is refused and does not act; with it, the same click acts', async () => {
    const click = fresh(clickTemplate, 'en-US');
    const { message: _message, ...withoutMessage } = click;
    await changesNothing(async () => {
      const answer = await post(withoutMessage);
      expectRefusal(answer, withoutMessage);
      expect(answer.content).toContain('`message` is missing');
    });
    // The control: proves these payloads would have acted had they been well formed.
    const version = (await app.game())!.version;
    const acted = await post(click);
    expect(acted.status).toBe(200);
    expect(acted.content, 'no refusal').not.toMatch(/⚠️/);
    expect((await app.game())!.version).toBeGreaterThan(version);
  });
});

describe('bodies that are not interactions at all', () => {
  it('any JSON value: 400 when it is not an object, else a refusal; never a 5xx', async () => {
    await changesNothing(() =>
      fc.assert(
        fc.asyncProperty(fc.oneof(fc.jsonValue({ maxDepth: 3 }), junkObject, fc.record({ type: fc.constantFrom(2, 3, 4, 5), data: jsonish, id: jsonish })), async (body) => {
          const answer = await post(body);
          if (typeof body !== 'object' || body === null || Array.isArray(body)) return void expect(answer.status).toBe(400);
          // An autocomplete takes choices only (Discord refuses a message for it): a malformed one gets none.
          if ((body as Json).type === 4) return void expect([answer.status, answer.type]).toEqual([200, 8]);
          expectRefusal(answer, body as Json);
        }),
        { numRuns: RUNS.bodies },
      ),
    );
  });

  it('bytes that are not JSON: 400, never a 5xx', async () => {
    await changesNothing(() =>
      fc.assert(
        fc.asyncProperty(fc.uint8Array({ minLength: 0, maxLength: 200 }), async (bytes) => {
          let json = true;
          try {
            JSON.parse(Buffer.from(bytes).toString('utf8'));
          } catch {
            json = false;
          }
          const answer = await app.rawPost(Buffer.from(bytes));
          stats.sent++;
          stats.statuses.set(answer.status, (stats.statuses.get(answer.status) ?? 0) + 1);
          expect(answer.status).toBeLessThan(500);
          if (!json) expect(answer.status).toBe(400);
        }),
        { numRuns: RUNS.bytes },
      ),
    );
  });
});

describe('the gateway path', () => {
  let gw: App;
  beforeAll(async () => {
    gw = await startApp({ mode: 'gateway', backend: 'sqlite' });
    const started = await gw.command('alice', 'game new', { opponent: IDS.bob, system: 'm3e' });
    expect(started.ok && !started.reply?.ephemeral, started.error ?? started.reply?.content).toBe(true);
  });
  afterAll(async () => {
    await gw?.close();
  });

  it('refuses a malformed interaction like the HTTP endpoint (through the callback), and acts on none', async () => {
    const client = gw.env.gateway!.client;
    // What Discord delivered, spoiled on its way in: the raw dispatch is changed before the bot's listener sees it.
    let spoil: ((payload: Json) => void) | null = null;
    const spoiler = (payload: Json): void => spoil?.(payload);
    client.ws.prependListener('INTERACTION_CREATE', spoiler);
    try {
      const cases: [string, (p: Json) => void, string][] = [
        ['options that are not an array', (p) => ((p.data as Json).options = { label: 'x' }), '`data.options` has the wrong type'],
        ['a locale that is not a string', (p) => (p.locale = 5), '`locale` has the wrong type'],
        ['a user id of the wrong type', (p) => (((p.member as Json).user as Json).id = 42), '`member.user.id` has the wrong type'],
      ];
      for (const [name, how, says] of cases) {
        const before = await gw.fingerprint();
        spoil = how;
        const result = await gw.command('alice', 'flip', { label: name });
        spoil = null;
        expect(result.ok, result.error).toBe(true);
        expect(result.reply?.ephemeral, name).toBe(true);
        expect(result.reply?.content, name).toContain(says);
        expect(await gw.fingerprint(), `${name}: nothing changed`).toEqual(before);
      }
      // The control: unspoiled, the same command acts.
      const events = await gw.eventCount();
      const flipped = await gw.command('alice', 'flip', { label: 'control' });
      expect(flipped.reply?.ephemeral, flipped.reply?.content).toBe(false);
      expect(await gw.eventCount()).toBeGreaterThan(events);
    } finally {
      client.ws.off('INTERACTION_CREATE', spoiler);
    }
  });
});
