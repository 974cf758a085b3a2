/**
 * The router's catch-all, the answer of last resort: it never throws whatever it is handed, and it says
 * "nothing was changed" only when that is true — once a handler has marked its write committed
 * (`markCommitted`), a failure afterwards says the action was recorded and where to see it.
 */
import { describe, expect, it } from 'vitest';
import type { APIInteraction } from 'discord-api-types/v10';
import type { Services } from '../src/discord/services.js';
import type { InitialReply } from '../src/discord/contract.js';
import { admitInteraction } from '../src/discord/envelope.js';
import { hasCommitted, markCommitted } from '../src/discord/interaction.js';
import { createRouter, defineCommand, type ComponentModule } from '../src/discord/router.js';
import { localeFrom, translator } from '../src/i18n/index.js';

const en = translator('en');
const fr = translator('fr');

function contentOf(reply: InitialReply): string {
  const data = 'data' in reply.response ? (reply.response.data as { content?: string; flags?: number }) : {};
  expect(data.flags, 'ephemeral').toBe(64);
  return data.content ?? '';
}

function routerWith(handle: (ctx: Parameters<Parameters<typeof defineCommand>[1]>[0]) => Promise<InitialReply>, logs: string[] = []) {
  const boom = defineCommand({ name: 'boom', description: 'does something, then fails' } as const, handle);
  const click: ComponentModule = { prefix: 'x', handle: (ctx) => handle(ctx as never) };
  const services = {
    languages: { chosenBy: async () => null },
    log: { info: () => undefined, warn: () => undefined, error: (m: string) => logs.push(m) },
  } as unknown as Services;
  return createRouter({ commands: [boom], components: [click], services });
}

let ids = 0;
const command = (locale = 'en-US'): APIInteraction =>
  ({
    id: String(1000 + ++ids),
    application_id: '2',
    type: 2,
    token: `t${ids}`,
    version: 1,
    locale,
    channel_id: '5',
    user: { id: '7', username: 'alice', global_name: 'Alice' },
    data: { id: '3', name: 'boom', type: 1 },
  }) as unknown as APIInteraction;

const click = (locale = 'en-US'): APIInteraction =>
  ({
    ...(command(locale) as object),
    type: 3,
    data: { custom_id: 'fk:x:1', component_type: 2 },
    message: { id: '9', flags: 0 },
  }) as unknown as APIInteraction;

describe('the router’s catch-all', () => {
  it('after a committed write, a failure says the action was recorded — not that nothing changed', async () => {
    const logs: string[] = [];
    const router = routerWith(async (ctx) => {
      markCommitted(ctx);
      throw new Error('rendering the result failed');
    }, logs);
    const answer = contentOf(await router(command()));
    expect(answer).toContain(en('error.INTERNAL_AFTER_COMMIT'));
    expect(answer).not.toMatch(/nothing was changed/i);
    expect(logs.join('\n')).toContain('rendering the result failed');

    const french = contentOf(await router(command('fr')));
    expect(french).toContain(fr('error.INTERNAL_AFTER_COMMIT'));
    expect(french).toContain('/partie journal');

    // A click that committed then failed (the decision click without a message) says the same.
    expect(contentOf(await router(click()))).toContain(en('error.INTERNAL_AFTER_COMMIT'));
  });

  it('before any commit, a failure still says nothing was changed; one interaction’s commit is not another’s', async () => {
    let commit = true;
    const router = routerWith(async (ctx) => {
      if (commit) markCommitted(ctx);
      throw new Error('boom');
    });
    const first = command();
    expect(contentOf(await router(first))).toContain(en('error.INTERNAL_AFTER_COMMIT'));
    expect(hasCommitted(first)).toBe(true);
    commit = false;
    const second = command();
    expect(contentOf(await router(second))).toContain(en('error.INTERNAL'));
    expect(hasCommitted(second)).toBe(false);
    expect(contentOf(await router(click('fr')))).toContain(fr('error.INTERNAL'));
  });

  it('the mark is shared by every copy of the scope the handler may have made', async () => {
    const router = routerWith(async (ctx) => {
      const copy = { ...ctx, extra: true };
      markCommitted(copy);
      throw new Error('after the copy');
    });
    expect(contentOf(await router(command()))).toContain(en('error.INTERNAL_AFTER_COMMIT'));
  });

  it('never throws, whatever it is handed, even with a logger that throws', async () => {
    const router = routerWith(
      async () => {
        throw new Error('boom');
      },
      new Proxy([], {
        get() {
          throw new Error('the logger is broken');
        },
      }) as string[],
    );
    for (const junk of [null, undefined, 5, 'x', [], {}, { type: 2, locale: 5, id: {} }, { ...(command() as object), locale: { fr: true } }, { ...(command() as object), data: { name: 'boom', type: 1, options: {} } }]) {
      const reply = await router(junk as unknown as APIInteraction);
      expect(reply.response.type, JSON.stringify(junk)).toBe(4);
    }
  });
});

describe('localeFrom', () => {
  it('reads anything without throwing: only a string starting with fr is French', () => {
    for (const value of [5, {}, [], null, undefined, true, Symbol('x'), { toLowerCase: 1 }, 'de', 'EN-us']) expect(localeFrom(value)).toBe('en');
    expect(localeFrom('fr')).toBe('fr');
    expect(localeFrom('FR-ca')).toBe('fr');
  });
});

describe('admitInteraction', () => {
  it('answers PING without the handler, refuses the malformed ones without it, and turns a throwing handler into an answer', async () => {
    const logs: string[] = [];
    let calls = 0;
    const admit = admitInteraction(
      async () => {
        calls++;
        throw new Error('not a router');
      },
      (m, e) => logs.push(`${m} ${String(e)}`),
    );
    expect((await admit({ type: 1 })).reply.response).toEqual({ type: 1 });
    const refused = await admit({ ...(command() as object), id: '0' });
    expect(refused.interaction).toBeNull();
    expect(refused.target, 'no trustworthy id: nowhere to call back').toBeNull();
    expect(contentOf(refused.reply)).toContain('`id` is not a valid Discord id');
    const unreadable = await admit({ ...(command('fr') as object), locale: 'fr', user: { id: '7' } });
    expect(unreadable.target).not.toBeNull();
    expect(contentOf(unreadable.reply)).toContain('`user.username` est absent');
    expect(calls).toBe(0);
    const thrown = await admit(command());
    expect(calls).toBe(1);
    expect(contentOf(thrown.reply)).toContain(en('error.INTERNAL_UNSURE'));
    expect(logs.join('\n')).toContain('not a router');
  });
});
