/**
 * The table's own entries in a game's log, beside the system's events: who referees, who accepted a
 * player as referee, undo requests and their answers, and undos. They are facts of the table, not of the
 * rules: a replay leaves them out (`effectiveEntries`), and the audit log and its export show them.
 *
 * Their types start with `LogEntry`, a prefix no system's event may use.
 */
import { z } from 'zod';

/** A system's event: the platform only relies on its `type`. */
export type SystemEvent = { type: string };

/**
 * Every batch from `undoneBatch` on (the action taken back, and whatever followed it and was itself
 * already taken back) no longer counts. The undo's amends, if any, are the system's events that follow
 * this entry in its batch. `agreedBy`: the players whose agreement it needed.
 */
export interface UndoMarker {
  type: 'LogEntryUndone';
  undoneBatch: number;
  by: string;
  asReferee: boolean;
  agreedBy?: string[];
}

/** A player asks to undo batch `target`; `needs` must agree (each with LogEntryUndoAnswered). */
export interface UndoAsked {
  type: 'LogEntryUndoAsked';
  target: number;
  by: string;
  needs: string[];
}

/** An answer to the request written in batch `asked`. */
export interface UndoAnswered {
  type: 'LogEntryUndoAnswered';
  asked: number;
  by: string;
  agreed: boolean;
}

/** At the start: members of this role referee the game (null: nobody). */
export interface RefereesChosen {
  type: 'LogEntryRefereesChosen';
  roleId: string | null;
}

/** `by`, a player, accepts `referee`, another player holding the game's referee role, as a referee. */
export interface RefereeAccepted {
  type: 'LogEntryRefereeAccepted';
  referee: string;
  by: string;
}

export type TableEntry = UndoMarker | UndoAsked | UndoAnswered | RefereesChosen | RefereeAccepted;

const userId = z.string().min(1).max(64);
const batch = z.number().int().positive();

export const undoMarkerSchema = z.object({ type: z.literal('LogEntryUndone'), undoneBatch: batch, by: userId, asReferee: z.boolean(), agreedBy: z.array(userId).max(8).optional() });

export const tableEntrySchema = z.discriminatedUnion('type', [
  undoMarkerSchema,
  z.object({ type: z.literal('LogEntryUndoAsked'), target: batch, by: userId, needs: z.array(userId).max(8) }),
  z.object({ type: z.literal('LogEntryUndoAnswered'), asked: batch, by: userId, agreed: z.boolean() }),
  z.object({ type: z.literal('LogEntryRefereesChosen'), roleId: z.string().regex(/^\d{1,25}$/).nullable() }),
  z.object({ type: z.literal('LogEntryRefereeAccepted'), referee: userId, by: userId }),
]);

export function isTableEntry(event: { type: string }): event is TableEntry {
  return event.type.startsWith('LogEntry');
}

export function isUndoMarker(event: { type: string }): event is UndoMarker {
  return event.type === 'LogEntryUndone';
}

/**
 * The system's events that still count, in order: table entries left out, and at each undo every batch
 * from its `undoneBatch` on taken out (an older log's undo took back exactly its last batch: the same).
 */
export function effectiveEntries<E extends { batch: number; event: SystemEvent | TableEntry }>(entries: readonly E[]): Array<E & { event: SystemEvent }> {
  const kept: Array<E & { event: SystemEvent }> = [];
  for (const entry of entries) {
    const event = entry.event;
    if (isUndoMarker(event)) {
      while (kept.length > 0 && kept[kept.length - 1]!.batch >= event.undoneBatch) kept.pop();
    } else if (!isTableEntry(event)) {
      kept.push(entry as E & { event: SystemEvent });
    }
  }
  return kept;
}

/** The batches some undo took back (they stay in the log, struck through). */
export function undoneBatches(entries: readonly { batch: number; event: SystemEvent | TableEntry }[]): Set<number> {
  const counting = new Set(effectiveEntries(entries).map((e) => e.batch));
  return new Set(entries.filter((e) => !isTableEntry(e.event) && !counting.has(e.batch)).map((e) => e.batch));
}

/**
 * The system's events as they stood just before each undo, then as they stand now: every random outcome
 * ever dealt (an undone shuffle included) is in one of them, in the order it was dealt from, so each can
 * be verified from the seed.
 */
export function verificationRuns<E extends { batch: number; event: SystemEvent | TableEntry }>(entries: readonly E[]): SystemEvent[][] {
  const runs: SystemEvent[][] = [];
  for (let i = 0; i < entries.length; i++) {
    if (isUndoMarker(entries[i]!.event)) runs.push(effectiveEntries(entries.slice(0, i)).map((e) => e.event));
  }
  runs.push(effectiveEntries(entries).map((e) => e.event));
  return runs;
}
