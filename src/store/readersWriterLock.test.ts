import { describe, expect, it } from 'vitest';
import { readersWriterLock } from './readersWriterLock.js';

/** An operation the test finishes by hand, logging when it starts and ends. */
function step(log: string[], name: string) {
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const operation = async () => {
    log.push(`${name} starts`);
    await finished;
    log.push(`${name} ends`);
    return name;
  };
  return { operation, finish };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('readersWriterLock', () => {
  it('runs shared operations side by side', async () => {
    const { shared } = readersWriterLock();
    const log: string[] = [];
    const [a, b] = [step(log, 'a'), step(log, 'b')];
    const results = [shared(a.operation), shared(b.operation)];
    await settle();
    expect(log).toEqual(['a starts', 'b starts']);
    b.finish();
    a.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b']);
  });

  it('starts an exclusive operation once every earlier one has ended, and later ones after it', async () => {
    const { shared, exclusive } = readersWriterLock();
    const log: string[] = [];
    const [a, b, x, c] = [step(log, 'a'), step(log, 'b'), step(log, 'x'), step(log, 'c')];
    const results = [shared(a.operation), shared(b.operation), exclusive(x.operation), shared(c.operation)];
    await settle();
    expect(log).toEqual(['a starts', 'b starts']);
    a.finish();
    await settle();
    expect(log).toEqual(['a starts', 'b starts', 'a ends']);
    b.finish();
    await settle();
    expect(log.slice(3)).toEqual(['b ends', 'x starts']);
    x.finish();
    await settle();
    expect(log.slice(5)).toEqual(['x ends', 'c starts']);
    c.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'x', 'c']);
  });

  it('runs exclusive operations one at a time, in order, and goes on after one fails', async () => {
    const { shared, exclusive } = readersWriterLock();
    const log: string[] = [];
    const failing = exclusive(async () => {
      log.push('x starts');
      await settle();
      throw new Error('x failed');
    });
    const y = step(log, 'y');
    const results = [failing.catch((error: Error) => error.message), exclusive(y.operation), shared(async () => (log.push('read'), 'read'))];
    await settle();
    await settle();
    expect(log).toEqual(['x starts', 'y starts']);
    y.finish();
    expect(await Promise.all(results)).toEqual(['x failed', 'y', 'read']);
    expect(log).toEqual(['x starts', 'y starts', 'y ends', 'read']);
  });

  it('lets an exclusive operation through at once after many shared ones have ended', async () => {
    const { shared, exclusive } = readersWriterLock();
    for (let i = 0; i < 10_000; i++) await shared(async () => i);
    let ran = false;
    await exclusive(async () => {
      ran = true;
    });
    expect(ran).toBe(true);
  });
});
