/**
 * The append on PostgreSQL, committed in groups (groupCommit.ts): a whole batch of appends as one
 * statement, so one round trip, one plan execution and one commit record for all of them.
 *
 * Each append keeps the meaning it has alone (the compare-and-swap UPDATE of its game, then its receipt
 * and its events, numbered on from the game's last seq read under the row lock), and its own outcome: an
 * append whose version moved on simply matches no row, and the others go ahead. What one statement cannot
 * keep apart is a failure: a duplicate receipt (a retried interaction), a deadlock, a serialization
 * failure fail the statement, and with it every append in it. Nothing was written then (a statement is
 * atomic), so the batch is committed again one append at a time, each settled alone; that costs a round
 * trip per append, but only when something went wrong.
 */
import { GAME_ROW_COLUMNS as GAME_COLUMNS, isUniqueViolation, toGameRow, type AppendOutcome, type AppendRequest, type AwaitedRow, type Settled } from './append.js';
import { empty, join, postgresTimestamp, queryRows, raw, rowsOf, sql, toInt, type Row, type Sql, type SqlDriverQuery, type SqlRunner } from './driver-sql.js';
const EVENT_COLUMN_LIST = `"gameId", "seq", "type", "payload", "actor", "at"`;
const EVENT_COLUMNS = raw(EVENT_COLUMN_LIST);
/** The awaiting index's columns an append writes (AwaitedDecision); "sent" starts at 0 and "nextAt" at the reminder. */
const AWAITED_COLUMN_LIST = `"gameId", "decisionId", "guildId", "channelId", "seat", "userId", "kind", "since", "remindAt", "warnAt", "deadlineAt", "sent", "nextAt"`;

const NOT_MATCHED: Settled<AppendOutcome> = { ok: true, value: { kind: 'not_matched' } };
const DUPLICATE_INTERACTION: Settled<AppendOutcome> = { ok: true, value: { kind: 'duplicate_interaction' } };

/**
 * Commits a batch of appends, settling each on its own, in the order given: as if they had been committed
 * one after another, but in as few statements as that allows — one, unless several appends are to the
 * same game.
 *
 * Why several appends to one game take turns: one UPDATE changes a row once, however many of its input
 * rows match it, and which one wins is up to the plan. Committed one at a time, the first append wins a
 * tie on the version, and a second one expecting the version the first produces (a caller that did not
 * wait) lands after it. So the batch is cut into runs of distinct games, each run one statement, committed
 * in order. An append whose version is already known to be stale from an earlier run (versions only grow)
 * is settled as not matched without asking: under contention that is the usual fate of the second click
 * on the same game, and it needs no round trip.
 *
 * Never rejects: an error settles the appends it concerns.
 */
export async function commitPostgresAppends(on: SqlRunner, batch: readonly AppendRequest[]): Promise<Settled<AppendOutcome>[]> {
  const settled: Settled<AppendOutcome>[] = [];
  /** The version each game was left at by an append of this batch. */
  const reached = new Map<string, number>();
  const settle = (index: number, result: Settled<AppendOutcome>): void => {
    settled[index] = result;
    if (result.ok && result.value.kind === 'appended') reached.set(result.value.game.id, result.value.game.version);
  };

  let next = 0;
  while (next < batch.length) {
    const run: number[] = [];
    const games = new Set<string>();
    for (; next < batch.length; next++) {
      const append = batch[next]!;
      if (games.has(append.gameId)) break;
      const version = reached.get(append.gameId);
      if (version !== undefined && append.expectedVersion < version) {
        settled[next] = NOT_MATCHED;
        continue;
      }
      games.add(append.gameId);
      run.push(next);
    }
    if (run.length === 1) {
      settle(run[0]!, await commitAlone(on, batch[run[0]!]!));
    } else if (run.length > 1) {
      // Why it failed does not matter: each append alone will meet its own error, if any.
      const outcomes = await commitTogether(on, run.map((index) => batch[index]!)).catch(() => undefined);
      if (outcomes !== undefined) run.forEach((index, k) => settle(index, { ok: true, value: outcomes[k]! }));
      // The statement failed whole, so nothing of it was written: each append again, alone, in order.
      else for (const index of run) settle(index, await commitAlone(on, batch[index]!));
    }
  }
  return settled;
}

/**
 * Appends to distinct games, in one statement. The appends travel as arrays (one element per append, and
 * one per event, tagged with its append's position and its own), so the statement's text and its number
 * of parameters are the same for any batch: it is prepared once per connection (postgres-connection.ts).
 *
 * - `UPDATE … FROM unnest(…) WITH ORDINALITY` is every append's compare-and-swap at once: a row is updated
 *   only for an append whose expected version it still has (and, status 'active', whose channel slot it
 *   still holds: the revive guard, see single()), and returns the append's position, the row and the
 *   game's last seq, read under the row lock as in the single statement.
 * - The receipts and the events are inserted from those returned rows only, so an append that matched
 *   nothing writes nothing.
 * - Appends are sent in game id order: rows are then locked in that order, in practice (the plan walks
 *   the input and updates as it goes), which keeps two batches committing at once from locking two games
 *   in opposite orders and deadlocking (they would be retried alone, but only after deadlock_timeout).
 *
 * Timestamps travel as text, which the cast reads as the UTC wall time it is, as postgres-connection.ts
 * binds a Date: TIMESTAMP(3) values identical to those the Prisma client writes.
 */
async function commitTogether(on: SqlRunner, appends: readonly AppendRequest[]): Promise<AppendOutcome[]> {
  const order = appends.map((_, index) => index).sort((a, b) => compareText(appends[a]!.gameId, appends[b]!.gameId));
  const sorted = order.map((index) => appends[index]!);
  const events = sorted.flatMap((append, k) => append.events.map((event, e) => ({ append: String(k + 1), index: String(e + 1), ...event })));
  const awaited = sorted.flatMap((append, k) => (append.awaiting ?? []).map((a) => ({ append: String(k + 1), ...awaitedTexts(a) })));
  const result = await on.queryRaw({
    sql: TOGETHER,
    args: [
      sorted.map((append) => append.gameId),
      sorted.map((append) => String(append.expectedVersion)),
      sorted.map((append) => append.snapshot),
      sorted.map((append) => append.status ?? null),
      sorted.map((append) => append.interactionId || null),
      sorted.map((append) => postgresTimestamp(append.at)),
      events.map((event) => event.append),
      events.map((event) => event.index),
      events.map((event) => event.type),
      events.map((event) => event.payload),
      events.map((event) => event.actor),
      sorted.map((append) => (append.awaiting === undefined ? null : '1')),
      awaited.map((a) => a.append),
      awaited.map((a) => a.decisionId),
      awaited.map((a) => a.seat),
      awaited.map((a) => a.userId),
      awaited.map((a) => a.kind),
      awaited.map((a) => a.remindAt),
      awaited.map((a) => a.warnAt),
      awaited.map((a) => a.deadlineAt),
    ],
    argTypes: TOGETHER_ARG_TYPES,
  });
  const outcomes: AppendOutcome[] = appends.map(() => ({ kind: 'not_matched' }));
  for (const row of rowsOf(result)) outcomes[order[toInt(row.n, 'n') - 1]!] = appended(row);
  return outcomes;
}

/**
 * commitTogether's statement. Its text does not depend on the batch, so it is written once rather than
 * built for every batch with `sql` (about 10 µs a batch, and a function V8 took 50–90 ms to optimize, four
 * times over, while the bench ran). Every parameter is a list of texts (the server reads lists as TEXT[], see
 * postgres-connection.ts), cast in SQL to what it holds: $1–$6 one element per append (game id, expected
 * version, snapshot, status, interaction id, time), $7–$11 one per event (its append's position, its
 * own, type, payload, actor), $12 one per append (whether it rewrites the game's awaiting index: non-null),
 * $13–$20 one per open decision of those (its append's position, decision id, seat, user, kind, timers).
 * The index's two statements touch only the appends that matched ("g"), and neither the same row: the
 * delete takes the decisions no longer open, the insert adds the new ones and leaves those still open.
 */
const TOGETHER = `WITH "g" AS (
  UPDATE "Game" SET "version" = "Game"."version" + 1, "snapshot" = "i"."snapshot", "updatedAt" = "i"."at",
    "status" = COALESCE("i"."status", "Game"."status"),
    "activeChannelId" = CASE WHEN "i"."status" = 'ended' THEN NULL ELSE "Game"."activeChannelId" END
  FROM unnest(
    CAST($1 AS TEXT[]), CAST(CAST($2 AS TEXT[]) AS INTEGER[]), CAST($3 AS TEXT[]), CAST($4 AS TEXT[]), CAST($5 AS TEXT[]),
    CAST(CAST($6 AS TEXT[]) AS TIMESTAMP(3)[]), CAST($12 AS TEXT[])
  ) WITH ORDINALITY AS "i" ("gameId", "expectedVersion", "snapshot", "status", "interactionId", "at", "awaiting", "n")
  WHERE "Game"."id" = "i"."gameId" AND "Game"."version" = "i"."expectedVersion"
    AND ("i"."status" IS DISTINCT FROM 'active' OR "Game"."activeChannelId" IS NOT NULL)
  RETURNING "i"."n", "i"."interactionId", "i"."at", "i"."awaiting", ${GAME_COLUMNS.map((column) => `"Game"."${column}"`).join(', ')},
    (SELECT COALESCE(MAX("seq"), 0) FROM "GameEvent" WHERE "GameEvent"."gameId" = "Game"."id") AS "lastSeq"
), "r" AS (
  INSERT INTO "InteractionReceipt" ("id", "at") SELECT "interactionId", "at" FROM "g" WHERE "interactionId" IS NOT NULL
), "e" AS (
  INSERT INTO "GameEvent" (${EVENT_COLUMN_LIST})
  SELECT "g"."id", "g"."lastSeq" + "v"."index", "v"."type", "v"."payload", "v"."actor", "g"."at"
  FROM unnest(
    CAST(CAST($7 AS TEXT[]) AS INTEGER[]), CAST(CAST($8 AS TEXT[]) AS INTEGER[]), CAST($9 AS TEXT[]), CAST($10 AS TEXT[]), CAST($11 AS TEXT[])
  ) AS "v" ("append", "index", "type", "payload", "actor")
  JOIN "g" ON "g"."n" = "v"."append"
), "wd" AS (
  DELETE FROM "AwaitedDecision" AS "w" USING "g"
  WHERE "g"."awaiting" IS NOT NULL AND "w"."gameId" = "g"."id"
    AND NOT EXISTS (
      SELECT 1 FROM unnest(CAST(CAST($13 AS TEXT[]) AS INTEGER[]), CAST($14 AS TEXT[])) AS "k" ("append", "decisionId")
      WHERE "k"."append" = "g"."n" AND "k"."decisionId" = "w"."decisionId"
    )
), "wi" AS (
  INSERT INTO "AwaitedDecision" (${AWAITED_COLUMN_LIST})
  SELECT "g"."id", "a"."decisionId", "g"."guildId", "g"."channelId", "a"."seat", "a"."userId", "a"."kind", "g"."at", "a"."remindAt", "a"."warnAt", "a"."deadlineAt", 0, "a"."remindAt"
  FROM unnest(
    CAST(CAST($13 AS TEXT[]) AS INTEGER[]), CAST($14 AS TEXT[]), CAST(CAST($15 AS TEXT[]) AS INTEGER[]), CAST($16 AS TEXT[]), CAST($17 AS TEXT[]),
    CAST(CAST($18 AS TEXT[]) AS TIMESTAMP(3)[]), CAST(CAST($19 AS TEXT[]) AS TIMESTAMP(3)[]), CAST(CAST($20 AS TEXT[]) AS TIMESTAMP(3)[])
  ) AS "a" ("append", "decisionId", "seat", "userId", "kind", "remindAt", "warnAt", "deadlineAt")
  JOIN "g" ON "g"."n" = "a"."append"
  ON CONFLICT ("gameId", "decisionId") DO NOTHING
)
SELECT "n", ${GAME_COLUMNS.map((column) => `"${column}"`).join(', ')}, "lastSeq" FROM "g"`;
const TOGETHER_ARG_TYPES: SqlDriverQuery['argTypes'] = Array.from({ length: 20 }, () => ({ scalarType: 'string', arity: 'list' }));

/**
 * One append alone, as one statement: a batch of one, and each append of a batch whose statement failed.
 * A unique violation is then this append's own: its receipt (seq numbers are taken under the game's row
 * lock), so a retried interaction, checked rather than assumed since the statement rolled back whole.
 */
async function commitAlone(on: SqlRunner, append: AppendRequest): Promise<Settled<AppendOutcome>> {
  try {
    const row = (await queryRows(on, single(append), 'postgresql'))[0];
    return row === undefined ? NOT_MATCHED : { ok: true, value: appended(row) };
  } catch (error) {
    if (append.interactionId && isUniqueViolation(error)) {
      try {
        const receipt = await queryRows(on, sql`SELECT 1 AS "x" FROM "InteractionReceipt" WHERE "id" = ${append.interactionId}`, 'postgresql');
        if (receipt.length > 0) return DUPLICATE_INTERACTION;
      } catch {
        // The append's own error says more than the check's.
      }
    }
    return { ok: false, error: error instanceof Error ? error : new Error(String(error)) };
  }
}

/**
 * The single append's statement: the compare-and-swap UPDATE, and the receipt and the events inserted
 * from its RETURNING row, so a lost compare-and-swap (no row) inserts neither, and a duplicate receipt
 * fails the statement, the UPDATE included. Under READ COMMITTED a concurrent append to the same game
 * makes the UPDATE wait for its row lock, then re-check the version against the committed row and match
 * nothing. `revive` keeps an ended game from being made active again: its channel slot (NULL
 * activeChannelId) may belong to another game by now. The events travel as three text arrays (unnest …
 * WITH ORDINALITY numbers them), so the statement's text does not grow with their number: a handful of
 * texts in all (with or without a status, a receipt, events), each prepared once per connection.
 */
function single(append: AppendRequest): Sql {
  const at = sql`CAST(${append.at} AS TIMESTAMP(3))`;
  const status =
    append.status === undefined
      ? empty
      : append.status === 'ended'
        ? // NULL frees the channel's slot in the unique index for the next game.
          sql`, "status" = ${append.status}, "activeChannelId" = NULL`
        : sql`, "status" = ${append.status}`;
  const revive = append.status === 'active' ? raw(` AND "activeChannelId" IS NOT NULL`) : empty;
  const parts: Sql[] = [
    sql`WITH "g" AS (UPDATE "Game" SET "version" = "version" + 1, "snapshot" = ${append.snapshot}, "updatedAt" = ${at}${status}
      WHERE "id" = ${append.gameId} AND "version" = CAST(${append.expectedVersion} AS INTEGER)${revive}
      RETURNING ${join(GAME_COLUMNS.map((column) => raw(`"${column}"`)))}, (SELECT COALESCE(MAX("seq"), 0) FROM "GameEvent" WHERE "gameId" = ${append.gameId}) AS "lastSeq")`,
  ];
  if (append.interactionId) {
    parts.push(sql`, "r" AS (INSERT INTO "InteractionReceipt" ("id", "at") SELECT ${append.interactionId}, ${at} FROM "g")`);
  }
  if (append.events.length > 0) {
    parts.push(sql`, "e" AS (INSERT INTO "GameEvent" (${EVENT_COLUMNS})
      SELECT "g"."id", "g"."lastSeq" + "v"."n", "v"."type", "v"."payload", "v"."actor", ${at}
      FROM "g" CROSS JOIN unnest(
        CAST(${append.events.map((event) => event.type)} AS TEXT[]),
        CAST(${append.events.map((event) => event.payload)} AS TEXT[]),
        CAST(${append.events.map((event) => event.actor)} AS TEXT[])
      ) WITH ORDINALITY AS "v" ("type", "payload", "actor", "n"))`);
  }
  if (append.awaiting !== undefined) parts.push(...indexAwaited(append.gameId, append.awaiting));
  parts.push(raw(` SELECT * FROM "g"`));
  return join(parts, '');
}

/** The single append's rewrite of the game's awaiting index (see TOGETHER): only once its UPDATE matched. */
function indexAwaited(gameId: string, awaiting: readonly AwaitedRow[]): Sql[] {
  const rows = awaiting.map(awaitedTexts);
  const parts = [
    sql`, "wd" AS (DELETE FROM "AwaitedDecision" WHERE "gameId" = ${gameId} AND EXISTS (SELECT 1 FROM "g")
      AND NOT ("decisionId" = ANY(CAST(${rows.map((a) => a.decisionId)} AS TEXT[]))))`,
  ];
  if (rows.length > 0) {
    parts.push(sql`, "wi" AS (INSERT INTO "AwaitedDecision" (${raw(AWAITED_COLUMN_LIST)})
      SELECT "g"."id", "a"."decisionId", "g"."guildId", "g"."channelId", "a"."seat", "a"."userId", "a"."kind", "g"."updatedAt", "a"."remindAt", "a"."warnAt", "a"."deadlineAt", 0, "a"."remindAt"
      FROM "g" CROSS JOIN unnest(
        CAST(${rows.map((a) => a.decisionId)} AS TEXT[]), CAST(CAST(${rows.map((a) => a.seat)} AS TEXT[]) AS INTEGER[]),
        CAST(${rows.map((a) => a.userId)} AS TEXT[]), CAST(${rows.map((a) => a.kind)} AS TEXT[]),
        CAST(CAST(${rows.map((a) => a.remindAt)} AS TEXT[]) AS TIMESTAMP(3)[]), CAST(CAST(${rows.map((a) => a.warnAt)} AS TEXT[]) AS TIMESTAMP(3)[]),
        CAST(CAST(${rows.map((a) => a.deadlineAt)} AS TEXT[]) AS TIMESTAMP(3)[])
      ) AS "a" ("decisionId", "seat", "userId", "kind", "remindAt", "warnAt", "deadlineAt")
      ON CONFLICT ("gameId", "decisionId") DO NOTHING)`);
  }
  return parts;
}

/** An open decision's columns as the statements bind them: texts, timestamps as UTC wall time. */
function awaitedTexts(a: AwaitedRow): { decisionId: string; seat: string; userId: string; kind: string; remindAt: string | null; warnAt: string | null; deadlineAt: string | null } {
  const at = (date: Date | null) => (date === null ? null : postgresTimestamp(date));
  return { decisionId: a.decisionId, seat: String(a.seat), userId: a.userId, kind: a.kind, remindAt: at(a.remindAt), warnAt: at(a.warnAt), deadlineAt: at(a.deadlineAt) };
}

function appended(row: Row): AppendOutcome {
  return { kind: 'appended', game: toGameRow(row), lastSeq: toInt(row.lastSeq, 'lastSeq') };
}


/** Any fixed order does to lock rows in; code units, not the locale's collation. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

