/**
 * The order in which the SQLite store lets its operations run (prisma-store.ts).
 */
export type Operation = <T>(operation: () => Promise<T>) => Promise<T>;

export const unlocked: Operation = (operation) => operation();

/**
 * First come, first served, with shared and exclusive turns. Appends and reads are shared: they overlap
 * each other (so appends can be grouped, and reads never wait for the writer in WAL mode). The Prisma
 * client's writes are exclusive: its transactions span awaits on a connection of their own, and an
 * append's transaction meanwhile would wait for that write lock (up to the busy timeout, or fail at
 * once with none). An operation waits only for the turns queued before it, so the order of calls is
 * kept: a read made after a write returned sees it.
 */
export function readersWriterLock(): { shared: Operation; exclusive: Operation } {
  /** The shared operations queued since the last exclusive one; counted, not kept (there may be millions). */
  interface Group {
    running: number;
    /** Set once an exclusive operation waits for this group to finish. */
    drained?: () => void;
  }
  let lastExclusive: Promise<unknown> = Promise.resolve();
  let group: Group = { running: 0 };
  return {
    shared(operation) {
      const mine = group;
      mine.running++;
      const done = (): void => {
        if (--mine.running === 0) mine.drained?.();
      };
      const result = lastExclusive.then(operation);
      result.then(done, done);
      return result;
    },
    exclusive(operation) {
      const before = group;
      group = { running: 0 };
      // No shared operation joins `before` any more, so once it has drained it stays drained.
      const sharedBefore = before.running === 0 ? undefined : new Promise<void>((resolve) => (before.drained = resolve));
      const result = (sharedBefore ? Promise.all([lastExclusive, sharedBefore]) : lastExclusive).then(operation);
      lastExclusive = result.catch(() => undefined);
      return result;
    },
  };
}
