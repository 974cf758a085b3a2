/**
 * Compare-and-swap through the whole application: /flip interactions for the same game delivered at the
 * same time (the double POSTs them concurrently to the real bot's signed HTTP endpoint), many times over,
 * on SQLite and on PostgreSQL. Each one is either applied — exactly once, as its own batch, with the reply
 * showing that batch's card — or answered "Someone acted at the same time — try again" and leaves no trace.
 * The log stays gapless and replayable, versions strictly increase, and no two commands are merged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as engine from '../src/engine/index.js';
import { card as cardGlyph } from '../src/app/present/cards.js';
import { IDS, activeState, replayStored, startApp, type App, type Backend, type CommandResult, type Mode, type Who } from './support/app.js';
import type { StoredPayload } from '../src/app/games.js';

const CONFLICT = 'Someone acted at the same time — try again.';

// The gateway delivers both INTERACTION_CREATEs on one socket back to back, so the two handlers really
// interleave even on SQLite (one connection per process); over HTTP, PostgreSQL runs them side by side.
const RUNS: { backend: Backend; mode: Mode }[] = [
  { backend: 'sqlite', mode: 'gateway' },
  { backend: 'postgres', mode: 'http' },
];

describe.each(RUNS)('concurrent /flip on $backend through the $mode transport', ({ backend, mode }) => {
  let app: App;
  beforeAll(async () => {
    app = await startApp({ mode, backend });
    const created = await app.command('alice', 'game new', { opponent: IDS.bob, system: 'm3e' });
    expect(created.ok && !created.reply?.ephemeral, created.error ?? created.reply?.content).toBe(true);
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Checks one round of concurrent flips against what the database holds afterwards. */
  async function race(who: Who[], round: number): Promise<{ applied: number; conflicts: number }> {
    const before = (await app.game())!;
    const logBefore = await app.events();
    // Empty hands and fate 0: each flip resolves at once (no pick, cheat skipped by CHEAT-3f), so
    // whichever commits second finds an idle table again on its retry.
    const results: CommandResult[] = await Promise.all(who.map((w, i) => app.double.sendCommand({ userId: IDS[w], channelId: IDS.channel, name: 'flip', options: { label: `r${round}-${i}` } })));
    await app.settle();
    const after = (await app.game())!;
    const log = await app.events();
    const added = log.slice(logBefore.length);

    // The log only grows, gapless; each new batch is one whole flip by one seat, and batches follow versions.
    expect(log.slice(0, logBefore.length)).toEqual(logBefore);
    expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i + 1));
    const batches = [...new Set(added.map((e) => (e.payload as StoredPayload).batch))];
    expect(batches).toEqual(batches.map((_, i) => before.version + 1 + i));
    expect(after.version).toBe(before.version + batches.length);

    let applied = 0;
    let conflicts = 0;
    for (const [i, result] of results.entries()) {
      expect(result.ok, result.error).toBe(true);
      const reply = app.double.message(result.messageId!)!;
      const label = `r${round}-${i}`;
      const batchEvents = added.filter((e) => JSON.stringify(e.payload).includes(`"label":"${label}"`));
      if (reply.ephemeral) {
        expect(reply.content).toContain(CONFLICT);
        expect(reply.visibleTo).toBe(IDS[who[i]!]);
        expect(batchEvents).toEqual([]);
        conflicts++;
        continue;
      }
      applied++;
      // Applied: exactly one batch carries this flip, the asker's own seat flipped, and the public reply
      // shows the card of that batch — the command was decided on the state it was written over.
      expect(batchEvents).toHaveLength(1);
      const batch = (batchEvents[0]!.payload as StoredPayload).batch;
      const events = added.filter((e) => (e.payload as StoredPayload).batch === batch).map((e) => (e.payload as StoredPayload).event as engine.GameEvent);
      const seat = who[i] === 'alice' ? 0 : 1;
      expect(events[0]).toMatchObject({ type: 'FlipStarted', seat, label });
      expect(events.at(-1)?.type).toBe('ResolutionEnded');
      expect(events.filter((e) => e.type === 'FlipStarted')).toHaveLength(1);
      const result_ = events.find((e): e is Extract<engine.GameEvent, { type: 'FlipResolved' }> => e.type === 'FlipResolved')!;
      expect(result_.result.seat).toBe(seat);
      expect(reply.embeds[0]?.description).toContain(`${cardGlyph(result_.result.card)} — ${result_.result.value}`);
      expect(added.filter((e) => (e.payload as StoredPayload).batch === batch).every((e) => e.actor === IDS[who[i]!])).toBe(true);
    }
    expect(applied).toBe(batches.length);
    expect(applied + conflicts).toBe(who.length);

    // The snapshot is the replay of the log, and every card is still somewhere: 54 per seat.
    const state = activeState(engine.stateSchema.parse(after.snapshot) as engine.GameState);
    expect(replayStored(log)).toEqual(state);
    for (const seat of [0, 1] as const) {
      const s = state.seats[seat];
      expect(s.deck.length + s.hand.length + s.discard.length + s.conflict.length + s.removed.length).toBe(54);
    }
    expect(state.resolution).toBeNull();
    return { applied, conflicts };
  }

  it('two flips at once, many times: each applied once or refused, never merged, versions strictly increasing', async () => {
    const versions: number[] = [(await app.game())!.version];
    let applied = 0;
    for (let round = 0; round < 25; round++) {
      const pair: Who[] = round % 3 === 0 ? ['alice', 'alice'] : round % 3 === 1 ? ['alice', 'bob'] : ['bob', 'alice'];
      const outcome = await race(pair, round);
      applied += outcome.applied;
      versions.push((await app.game())!.version);
    }
    for (let i = 1; i < versions.length; i++) expect(versions[i]!).toBeGreaterThanOrEqual(versions[i - 1]!);
    expect(versions.at(-1)! - versions[0]!).toBe(applied);
    // Two at a time, with one retry each, nearly all go through.
    expect(applied).toBeGreaterThan(25);
    expect(app.logs.filter((l) => !l.startsWith('[console'))).toEqual([]);
  });

  it('bursts of six: the losers of a second race are told to try again, and their flip is not written', async () => {
    let conflicts = 0;
    for (let round = 100; round < 108; round++) {
      const outcome = await race(['alice', 'bob', 'alice', 'bob', 'alice', 'bob'], round);
      conflicts += outcome.conflicts;
    }
    // Six writers on one version with a single retry: some must lose twice.
    expect(conflicts).toBeGreaterThan(0);
    expect(app.logs.filter((l) => !l.startsWith('[console'))).toEqual([]);
  });
});
