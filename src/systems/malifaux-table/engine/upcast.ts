/**
 * Logs written before decisions were recorded as events. Their GameStarted has no `log` field, and their
 * pending decision is in no event: the old evolve ran the procedure after every event to find it.
 *
 * `upcastLog(batches)` turns such a log into one of today's format: after each batch (the events one
 * command produced) it adds the DecisionOpened / DecisionClosed that decide records today, found with the
 * procedure by the very rule decide uses (DecisionRecorder, fed every event of the batch). So an old log
 * upcasts to exactly the log today's engine would have written for the same commands, and replays to the
 * same state — ids included, which are numbered in the upcast log: a decision left open by an old log
 * gets a new id (`${kind}-${since}`, `since` its DecisionOpened's place in the upcast log), so a button
 * sent before the upgrade is refused as stale once, like any outdated button.
 *
 * It runs the procedure after every event: it is for loading an old game (its stored snapshot no longer
 * matches `stateSchema`) and for its undo, not for every replay. A game started before the upgrade and
 * continued after it has a legacy start and newer batches that carry their own records: those batches
 * are kept as they are (a newer batch without a record is one where decide had nothing to record, and
 * the upcaster finds nothing either).
 */
import type { GameEvent } from './schema.js';
import { LOG_FORMAT } from './schema.js';
import { DecisionRecorder, isDecisionRecord, openDecision } from './decisions.js';
import { Fold, initialState } from './evolve.js';

/** True for a log written before decisions were events: its first event is a GameStarted without `log: 2`. */
export function isLegacyLog(events: readonly GameEvent[]): boolean {
  const first = events[0];
  return first !== undefined && first.type === 'GameStarted' && first.log !== LOG_FORMAT;
}

/**
 * The log in today's format, batch by batch: `batches` are the log's events grouped by the command that
 * produced them, in order — the batches that still count: an undone batch must be left out, since the
 * batches after it were decided without it (it needs no record: it is never replayed). A log that is
 * not legacy comes back as it is: the very array given. `replay(upcastLog(batches).flat())` is the
 * game's state.
 */
export function upcastLog(batches: GameEvent[][]): GameEvent[][] {
  if (!isLegacyLog(batches.find((b) => b.length > 0) ?? [])) return batches;
  const fold = new Fold(initialState);
  const out: GameEvent[][] = [];
  for (const batch of batches) {
    if (batch.some(isDecisionRecord)) {
      for (const e of batch) fold.apply(e);
      out.push([...batch]);
      continue;
    }
    const before = fold.state;
    const recorder = new DecisionRecorder(before.status === 'active' ? before.pending : null);
    for (const e of batch) recorder.seen(fold.apply(e));
    const after = fold.state;
    const record = after.status === 'active' ? recorder.record(after, openDecision(after)) : null;
    if (record) fold.apply(record);
    out.push(record ? [...batch, record] : [...batch]);
  }
  return out;
}
