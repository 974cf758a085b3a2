/**
 * `npm run verify -- <seed> <log.json>`: run as a real process on a log exported like /game log does,
 * for an honest game and for logs tampered with in the two ways a cheater would try.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import * as engine from '../src/systems/malifaux-table/engine/index.js';
import type { ExportedLog } from '../src/app/audit.js';

const run = promisify(execFile);
const seed = 'ab'.repeat(32);
const seats: [engine.SeatInfo, engine.SeatInfo] = [
  { userId: '1', name: 'Alice' },
  { userId: '2', name: 'Bob' },
];

function play(): engine.GameEvent[] {
  let state = engine.initialState;
  const events: engine.GameEvent[] = [];
  const apply = (command: engine.Command, actor: engine.Actor) => {
    const decided = engine.decide(state, command, actor);
    if (!decided.ok) throw new Error(JSON.stringify(decided.error));
    for (const e of decided.value) {
      events.push(e);
      state = engine.evolve(state, e);
    }
  };
  const alice: engine.Actor = { userId: '1', seat: 0, referee: true };
  apply({ type: 'startGame', gameId: 'g', system: 'm3e', seats, seed, createdBy: '1' }, alice);
  // Enough flips to empty the deck and force a reshuffle (LOC-3).
  for (let i = 0; i < 60; i++) {
    apply({ type: 'flip', modifier: 0, cheatable: false }, alice);
  }
  apply({ type: 'endGame' }, alice);
  return events;
}

function exported(events: engine.GameEvent[]): ExportedLog {
  return {
    gameId: 'g',
    system: 'm3e',
    seedCommitment: engine.seedCommitment(seed),
    ended: true,
    entries: events.map((event, i) => ({ seq: i + 1, batch: i + 1, actor: '1', at: new Date(0).toISOString(), event })),
  };
}

async function verify(log: ExportedLog, withSeed = seed): Promise<{ code: number; out: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'fk-verify-'));
  const file = join(dir, 'log.json');
  writeFileSync(file, JSON.stringify(log));
  try {
    const { stdout } = await run('npx', ['tsx', 'scripts/verify.ts', withSeed, file]);
    return { code: 0, out: stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string };
    return { code: e.code, out: e.stdout };
  }
}

describe('npm run verify', () => {
  const events = play();

  it('confirms every shuffle of an honest game, reshuffles included', async () => {
    const shuffles = events.filter((e) => e.type === 'DeckShuffled').length;
    expect(shuffles).toBeGreaterThan(2);
    const result = await verify(exported(events));
    expect(result.code).toBe(0);
    expect(result.out).toContain(`all ${shuffles} shuffles match the seed`);
  });

  it('catches a deck order that the seed did not dictate', async () => {
    const tampered = structuredClone(events);
    const shuffle = tampered.find((e) => e.type === 'DeckShuffled');
    if (shuffle?.type !== 'DeckShuffled') throw new Error('no shuffle');
    [shuffle.order[0], shuffle.order[1]] = [shuffle.order[1]!, shuffle.order[0]!];
    const result = await verify(exported(tampered));
    expect(result.code).toBe(1);
    expect(result.out).toContain('MISMATCH');
  });

  it('checks the shuffles an undo took back too, and the ones dealt after it (never the same index twice)', async () => {
    // A flip that reshuffles (LOC-3) is undone, with its amends; flips go on until the next reshuffle.
    let state = engine.initialState;
    const entries: ExportedLog['entries'] = [];
    let batch = 0;
    const write = (events: readonly (engine.GameEvent | Record<string, unknown>)[]) => {
      batch++;
      for (const event of events) entries.push({ seq: entries.length + 1, batch, actor: '1', at: new Date(0).toISOString(), event });
    };
    const alice: engine.Actor = { userId: '1', seat: 0, referee: false };
    const apply = (command: engine.Command) => {
      const decided = engine.decideAndEvolve(state, command, alice);
      if (!decided.ok) throw new Error(JSON.stringify(decided.error));
      write(decided.value.events);
      state = decided.value.state;
      return decided.value.events;
    };
    apply({ type: 'startGame', gameId: 'g', system: 'm3e', seats, seed, createdBy: '1' });
    let before = state;
    let flipped: engine.GameEvent[] = [];
    while (!flipped.some((e) => e.type === 'DeckShuffled')) {
      before = state;
      flipped = apply({ type: 'flip', modifier: 0, cheatable: false });
    }
    const amends = engine.undoAmends(before, flipped);
    if (!amends.ok) throw new Error(amends.error.code);
    write([{ type: 'LogEntryUndone', undoneBatch: batch, by: '2', asReferee: false, agreedBy: ['1'] }, ...amends.value.events]);
    state = amends.value.state;
    let after: engine.GameEvent[] = [];
    for (let i = 0; i < 60 && !after.some((e) => e.type === 'DeckShuffled' && e.seat === 0 && e.index > 1); i++) after = apply({ type: 'flip', modifier: 0, cheatable: false });
    const log: ExportedLog = { gameId: 'g', system: 'm3e', seedCommitment: engine.seedCommitment(seed), ended: true, entries };
    const result = await verify(log);
    expect(result.out).toContain('shuffle #1 of seat 0: ok');
    expect(result.out).toContain('shuffle #2 of seat 0: ok');
    expect(result.code).toBe(0);
    // The undone shuffle is checked as it was dealt: tampered, it is caught.
    const tampered = structuredClone(log);
    const marker = entries.find((x) => (x.event as { type: string }).type === 'LogEntryUndone')!.event as { undoneBatch: number };
    const undone = tampered.entries.find((e) => e.batch === marker.undoneBatch && (e.event as engine.GameEvent).type === 'DeckShuffled')!;
    const order = (undone.event as Extract<engine.GameEvent, { type: 'DeckShuffled' }>).order;
    [order[0], order[1]] = [order[1]!, order[0]!];
    const caught = await verify(tampered);
    expect(caught.code).toBe(1);
    expect(caught.out).toContain('shuffle #1 of seat 0: MISMATCH');
  });

  it('catches a seed that is not the committed one', async () => {
    const result = await verify(exported(events), 'cd'.repeat(32));
    expect(result.code).toBe(1);
    expect(result.out).toContain('DOES NOT match');
  });
});
