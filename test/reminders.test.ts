/**
 * Reminders for slow games and /game mine, end to end: the real bot against the local Discord double
 * (signed HTTP), on a real database, with the bot's clock turned on by the test and the reminders' passes
 * run by the test (`bot.reminders.tick()`, what the loop main.ts starts runs every interval).
 *
 * A table duel gives the pending decision: Bob's flip with a + modifier waits for him to choose its card.
 * The game is played with the turn clock set at /game new (24 hours): his reminder falls due 12 hours
 * after the decision opened, the warning at 21.6 hours, the deadline at 24.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as engine from '../src/systems/malifaux-table/engine/index.js';
import { translator } from '../src/i18n/index.js';
import type { AwaitedRecord } from '../src/store/contract.js';
import type { Bot } from '../src/discord/bot.js';
import { IDS, advance, componentsOf, messageText, type App, type Backend, type Instance } from './support/app.js';
import { catchUp, clockedBots, reminderPass } from './support/reminders.js';

const HOUR = 3_600_000;
const en = translator('en');
const fr = translator('fr');
const relative = (date: Date) => `<t:${Math.floor(date.getTime() / 1000)}:R>`;
const pickFirst = (_state: engine.ActiveState, decision: engine.PendingDecision) => decision.legal[0]!;

describe.each<{ backend: Backend }>([{ backend: 'sqlite' }, { backend: 'postgres' }])('reminders on $backend', ({ backend }) => {
  const bots = clockedBots(backend);
  const { passTime } = bots;
  let app: App;
  /** A second bot on the same database: a restart of the first, or an instance beside it. */
  let restarted: Instance;
  beforeAll(() => {
    ({ app, restarted } = bots);
  });
  const channel = (name: string) => app.double.channel(name).id;
  const guild = () => app.double.fixtures.guild.id;

  async function ok(who: 'alice' | 'bob', name: string, table: string, options: Record<string, string | number | boolean> = {}) {
    const result = await app.command(who, name, options, table);
    expect(result.ok && !result.reply?.ephemeral, `${name}: ${result.error ?? result.reply?.content}`).toBe(true);
    return result;
  }

  /** Bob flips with a + modifier until the flip waits for him to choose its card (a joker may choose for him). */
  async function bobMustPick(table: string): Promise<engine.PendingDecision> {
    for (let attempt = 0; attempt < 8; attempt++) {
      await ok('bob', 'flip', table, { modifier: 1 });
      const state = await app.state(table);
      const decision = state?.status === 'active' ? engine.pendingDecision(state) : null;
      if (decision?.kind === 'pick') return decision;
    }
    throw new Error('eight flips without a pick');
  }

  /** Bob's open decisions in this server, as the awaiting index holds them, in the channel's game. */
  async function bobAwaited(table: string): Promise<AwaitedRecord[]> {
    return (await app.store.awaitedIn(guild(), IDS.bob)).filter((a) => a.channelId === table);
  }

  const pass = (table: string, ...on: Bot[]) => reminderPass(app, table, ...on);

  async function serverLanguage(language: 'en' | 'fr', table: string): Promise<void> {
    const set = await app.command('rita', 'game server-language', { language }, table);
    expect(set.ok, set.error).toBe(true);
  }

  it('a 24-hour clock: nothing at first, the reminder once at half of it (never again, restarted or not), the warning, then the referees at the deadline', async () => {
    const table = channel('table-3');
    const started = await ok('alice', 'game new', table, { opponent: IDS.bob, system: 'm3e', turn_clock: 24, deadline: 'referees', referee_role: IDS.refereeRole });
    expect(messageText(started.reply!)).toContain(en('game.turnClock.value', { hours: 24, atDeadline: 'referees' }));
    const decision = await bobMustPick(table);
    const [awaited, ...others] = await bobAwaited(table);
    expect(others).toEqual([]);
    expect(awaited).toMatchObject({ decisionId: decision.id, seat: 1, kind: 'pick', sent: 0 });
    const since = awaited!.since;
    expect(awaited!.timers).toEqual({ remindAt: new Date(since.getTime() + 12 * HOUR), warnAt: new Date(since.getTime() + 21.6 * HOUR), deadlineAt: new Date(since.getTime() + 24 * HOUR) });

    // Not at once: the clock has just started.
    expect(await pass(table)).toEqual([]);

    passTime(12 * HOUR + 60_000);
    const [reminder, ...more] = await pass(table);
    expect(more).toEqual([]);
    const params = { player: `<@${IDS.bob}>`, decision: en('decision.pick'), since: relative(since), deadline: relative(awaited!.timers!.deadlineAt) };
    // Exactly these words: the decision's name, never a card of anyone's hand.
    expect(reminder!.content).toBe(en('reminder.reminder', params));
    expect(reminder!.pinged).toEqual({ users: [IDS.bob], roles: [] });

    // Once: not on the next pass, nor by the bot restarted on the same database.
    expect(await pass(table)).toEqual([]);
    expect(await pass(table, restarted.bot)).toEqual([]);

    // The warning, on whichever of two instances claims it first: said once.
    passTime(10 * HOUR);
    const warnings = await pass(table, app.bot, restarted.bot);
    expect(warnings.map((m) => m.content)).toEqual([en('reminder.warning', params)]);
    expect(warnings[0]!.pinged).toEqual({ users: [IDS.bob], roles: [] });

    // The deadline pings the game's referee role, and no one else; then nothing is left to say.
    passTime(3 * HOUR);
    const deadline = await pass(table, restarted.bot);
    expect(deadline.map((m) => m.content)).toEqual([en('reminder.deadline', { ...params, referees: `<@&${IDS.refereeRole}>` })]);
    expect(deadline[0]!.pinged).toEqual({ users: [], roles: [IDS.refereeRole] });
    passTime(100 * HOUR);
    expect(await pass(table)).toEqual([]);
    expect(await bobAwaited(table)).toMatchObject([{ decisionId: decision.id, sent: 3, nextAt: null }]);

    // Bob answers: the decision closes, and its row with it.
    await advance(app, { channelId: table, policy: pickFirst });
    expect(await bobAwaited(table)).toEqual([]);
  });

  it('a bot that was down catches up with the most urgent timer only; a deadline that does nothing says nothing', async () => {
    const table = channel('table-4');
    await ok('alice', 'game new', table, { opponent: IDS.bob, system: 'm3e', turn_clock: 10 });
    await bobMustPick(table);
    const [awaited] = await bobAwaited(table);
    // Down from before the reminder until after the warning: back up, the loop's first pass says the
    // warning alone, and its next passes nothing.
    passTime(9.5 * HOUR);
    expect((await catchUp(app, restarted.bot, table)).map((m) => m.content)).toEqual([
      en('reminder.warning', { player: `<@${IDS.bob}>`, decision: en('decision.pick'), since: relative(awaited!.since), deadline: relative(awaited!.timers!.deadlineAt) }),
    ]);
    expect(await bobAwaited(table)).toMatchObject([{ sent: 2, nextAt: null }]);
    passTime(5 * HOUR);
    expect(await pass(table)).toEqual([]);
    await advance(app, { channelId: table, policy: pickFirst });
  });

  it('a decision answered before its reminder is never reminded; a game without a clock never is', async () => {
    const clocked = channel('table-5');
    const plain = channel('table-6');
    await ok('alice', 'game new', clocked, { opponent: IDS.bob, system: 'm3e', turn_clock: 1 });
    await ok('alice', 'game new', plain, { opponent: IDS.bob, system: 'm3e' });
    await bobMustPick(clocked);
    await bobMustPick(plain);
    expect(await bobAwaited(plain)).toMatchObject([{ kind: 'pick', timers: null, nextAt: null }]);
    await advance(app, { channelId: clocked, policy: pickFirst });
    expect(await bobAwaited(clocked)).toEqual([]);
    passTime(200 * HOUR);
    const before = new Set([...app.publicMessages(clocked), ...app.publicMessages(plain)].map((m) => m.id));
    await app.bot.reminders.tick();
    expect([...app.publicMessages(clocked), ...app.publicMessages(plain)].filter((m) => !before.has(m.id))).toEqual([]);
    await advance(app, { channelId: plain, policy: pickFirst });
  });

  it('a reminder speaks the server’s language', async () => {
    const table = channel('table-7');
    await serverLanguage('fr', table);
    try {
      await ok('alice', 'game new', table, { opponent: IDS.bob, system: 'm3e', turn_clock: 2 });
      await bobMustPick(table);
      const [awaited] = await bobAwaited(table);
      passTime(HOUR + 60_000);
      expect((await pass(table)).map((m) => m.content)).toEqual([
        fr('reminder.reminder', { player: `<@${IDS.bob}>`, decision: fr('decision.pick'), since: relative(awaited!.since), deadline: relative(awaited!.timers!.deadlineAt) }),
      ]);
      await advance(app, { channelId: table, policy: pickFirst });
    } finally {
      await serverLanguage('en', table);
    }
  });

  it('/game mine: every game of the server waiting for the asker, to them alone, in their language', async () => {
    const first = channel('table-8');
    const second = channel('table-9');
    await ok('alice', 'game new', first, { opponent: IDS.bob, system: 'm3e', turn_clock: 48 });
    await ok('alice', 'game new', second, { opponent: IDS.bob, system: 'm3e' });
    await bobMustPick(first);
    await bobMustPick(second);
    const [a] = await bobAwaited(first);
    const [b] = await bobAwaited(second);

    const mine = await app.command('bob', 'game mine', {}, channel('table-10'));
    expect(mine.ok, mine.error).toBe(true);
    const reply = mine.reply!;
    expect(reply.ephemeral).toBe(true);
    expect(reply.visibleTo).toBe(IDS.bob);
    const text = messageText(reply);
    const game = { system: 'Malifaux Third Edition — at the table', players: 'Alice, Bob' };
    expect(text).toContain(en('mine.deadline', { line: en('mine.line', { channel: `<#${first}>`, ...game, decision: en('decision.pick'), since: relative(a!.since) }), deadline: relative(a!.timers!.deadlineAt) }));
    expect(text).toContain(en('mine.line', { channel: `<#${second}>`, ...game, decision: en('decision.pick'), since: relative(b!.since) }));
    // The game without a clock has no deadline to show.
    expect(text.split('\n').find((line) => line.includes(`<#${second}>`))).not.toContain('deadline');
    // Every game waiting for Bob is listed, the games answered above are not.
    const listed = [...text.matchAll(/<#(\d+)>/g)].map((m) => m[1]);
    expect(new Set(listed)).toEqual(new Set((await app.store.awaitedIn(guild(), IDS.bob)).map((x) => x.channelId)));
    expect(listed).not.toContain(channel('table-5'));

    const alice = await app.command('alice', 'game mine', {}, first);
    expect(alice.reply!.content).toBe(en('mine.none'));
    expect(alice.reply!.ephemeral).toBe(true);

    app.double.setUser(IDS.bob, { locale: 'fr' });
    try {
      const inFrench = await app.command('bob', 'game mine', {}, first);
      expect(messageText(inFrench.reply!)).toContain(fr('mine.title', { count: listed.length }));
      expect(messageText(inFrench.reply!)).toContain(fr('decision.pick'));
    } finally {
      app.double.setUser(IDS.bob, { locale: 'en-US' });
    }
    await advance(app, { channelId: first, policy: pickFirst });
    await advance(app, { channelId: second, policy: pickFirst });
    expect(await app.store.awaitedIn(guild(), IDS.bob)).toEqual([]);
  });

  it('a game whose end waits for its take-back window awaits no one; taken back, the decision opens again with a fresh clock', async () => {
    const table = channel('table-11');
    await ok('alice', 'game new', table, { opponent: IDS.bob, system: 'm3e', turn_clock: 4 });
    const decision = await bobMustPick(table);
    const [before] = await bobAwaited(table);
    const asked = await app.command('alice', 'game end', {}, table);
    const abandon = componentsOf(asked.reply!).map((c) => String(c.custom_id)).find((id) => id.endsWith(':abandon'))!;
    expect((await app.click('alice', asked.reply!.id, abandon)).ok).toBe(true);
    expect(await bobAwaited(table)).toEqual([]);
    passTime(10 * HOUR);
    expect(await pass(table)).toEqual([]);

    bots.resetTime();
    const prompt = await app.command('bob', 'game end', {}, table);
    const takeBack = componentsOf(prompt.reply!).map((c) => String(c.custom_id)).find((id) => id.startsWith('fk:endback:'))!;
    expect((await app.click('bob', prompt.reply!.id, takeBack)).ok).toBe(true);
    const [after] = await bobAwaited(table);
    expect(after).toMatchObject({ decisionId: decision.id, sent: 0 });
    expect(after!.since.getTime()).toBeGreaterThan(before!.since.getTime());
    await advance(app, { channelId: table, policy: pickFirst });
  });
});
