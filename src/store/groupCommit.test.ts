import { describe, expect, it } from 'vitest';
import type { Settled } from './append.js';
import { groupCommit } from './groupCommit.js';

/** A commit the test completes by hand, recording each batch it was given. */
function manualCommit() {
  const batches: number[][] = [];
  const finish: ((settled: Settled<string>[]) => void)[] = [];
  const fail: ((error: Error) => void)[] = [];
  const commit = (batch: number[]): Promise<Settled<string>[]> => {
    batches.push(batch);
    return new Promise((resolve, reject) => {
      finish.push(resolve);
      fail.push(reject);
    });
  };
  const ok = (batch: number[]): Settled<string>[] => batch.map((n) => ({ ok: true, value: `done ${n}` }));
  return { batches, finish, fail, commit, ok };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('groupCommit', () => {
  it('commits what arrives in one turn of the event loop as one batch, in arrival order', async () => {
    const manual = manualCommit();
    const append = groupCommit({ commit: manual.commit, maxInFlight: 1, maxBatch: 100 });
    const results = [1, 2, 3].map((n) => append(n));
    await turn();
    expect(manual.batches).toEqual([[1, 2, 3]]);
    manual.finish[0]!(manual.ok([1, 2, 3]));
    expect(await Promise.all(results)).toEqual(['done 1', 'done 2', 'done 3']);
  });

  it('groups the appends that arrive while a batch is being committed into the next one', async () => {
    const manual = manualCommit();
    const append = groupCommit({ commit: manual.commit, maxInFlight: 1, maxBatch: 100 });
    const first = append(1);
    await turn();
    const later = [append(2), append(3)];
    await turn();
    const last = append(4);
    await turn();
    // One batch in flight: the others wait for it, and then go together.
    expect(manual.batches).toEqual([[1]]);
    expect(append.pending).toBe(4);
    manual.finish[0]!(manual.ok([1]));
    expect(await first).toBe('done 1');
    expect(manual.batches).toEqual([[1], [2, 3, 4]]);
    manual.finish[1]!(manual.ok([2, 3, 4]));
    expect(await Promise.all([...later, last])).toEqual(['done 2', 'done 3', 'done 4']);
    expect(append.pending).toBe(0);
  });

  it('keeps several batches in flight when allowed, and never more than maxBatch items in one', async () => {
    const manual = manualCommit();
    const append = groupCommit({ commit: manual.commit, maxInFlight: 2, maxBatch: 2 });
    const results = [1, 2, 3, 4, 5].map((n) => append(n));
    await turn();
    expect(manual.batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
    manual.finish[1]!(manual.ok([3, 4]));
    await turn();
    expect(manual.batches).toEqual([[1, 2], [3, 4], [5]]);
    manual.finish[0]!(manual.ok([1, 2]));
    manual.finish[2]!(manual.ok([5]));
    expect(await Promise.all(results)).toEqual(['done 1', 'done 2', 'done 3', 'done 4', 'done 5']);
  });

  it("settles each append on its own: one append's error fails only that append", async () => {
    const manual = manualCommit();
    const append = groupCommit({ commit: manual.commit, maxInFlight: 1, maxBatch: 100 });
    const results = [1, 2, 3].map((n) => append(n).catch((error: Error) => `refused: ${error.message}`));
    await turn();
    manual.finish[0]!([
      { ok: true, value: 'done 1' },
      { ok: false, error: new Error('disk on fire') },
      { ok: true, value: 'done 3' },
    ]);
    expect(await Promise.all(results)).toEqual(['done 1', 'refused: disk on fire', 'done 3']);
  });

  it('fails every append of a batch whose commit fails as a whole, and goes on with the next batch', async () => {
    const manual = manualCommit();
    const append = groupCommit({ commit: manual.commit, maxInFlight: 1, maxBatch: 100 });
    const doomed = [1, 2].map((n) => append(n).catch((error: Error) => `refused: ${error.message}`));
    await turn();
    const next = append(3);
    await turn();
    manual.fail[0]!(new Error('database is locked'));
    expect(await Promise.all(doomed)).toEqual(['refused: database is locked', 'refused: database is locked']);
    await turn();
    expect(manual.batches).toEqual([[1, 2], [3]]);
    manual.finish[1]!(manual.ok([3]));
    expect(await next).toBe('done 3');
  });

  it('refuses a commit that settles a different number of appends than it was given', async () => {
    const append = groupCommit<number, string>({ commit: () => Promise.resolve([{ ok: true, value: 'one' }]), maxInFlight: 1, maxBatch: 100 });
    const results = [1, 2].map((n) => append(n).catch((error: Error) => error.message));
    expect(await Promise.all(results)).toEqual(['A group commit settled 1 of 2 appends', 'A group commit settled 1 of 2 appends']);
  });
});

describe('groupCommit, sending early', () => {
  it('sends a batch as soon as sendAt items wait, and the rest at the end of the turn', async () => {
    const manual = manualCommit();
    const append = groupCommit({ commit: manual.commit, maxInFlight: 2, maxBatch: 100, sendAt: 2 });
    const results = [1, 2, 3, 4, 5].map((n) => append(n));
    // Two batches left during the turn; the fifth item waits for a free slot.
    expect(manual.batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
    await turn();
    expect(manual.batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
    manual.finish[0]!(manual.ok([1, 2]));
    await turn();
    expect(manual.batches).toEqual([[1, 2], [3, 4], [5]]);
    manual.finish[1]!(manual.ok([3, 4]));
    manual.finish[2]!(manual.ok([5]));
    expect(await Promise.all(results)).toEqual(['done 1', 'done 2', 'done 3', 'done 4', 'done 5']);
  });
});
