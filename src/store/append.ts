/**
 * One append as the store's SQL layers see it (the contract's appendEvents, already turned into text),
 * and what became of it. Both dialects commit appends in groups (groupCommit.ts): an append is one item
 * of a batch, and its outcome is decided alone, so one append's lost compare-and-swap or retried
 * interaction never touches the others in its batch.
 */
import type { GameStatus, NewEvent } from './contract.js';
import { toDate, toInt, toNullableText, toText, type Row } from './driver-sql.js';

export interface EventRow {
  type: string;
  /** JSON text. */
  payload: string;
  actor: string | null;
}

/** An open decision as the append writes it: its timers' instants already computed from the append's time. */
export interface AwaitedRow {
  decisionId: string;
  seat: number;
  userId: string;
  kind: string;
  remindAt: Date | null;
  warnAt: Date | null;
  deadlineAt: Date | null;
}

export interface AppendRequest {
  gameId: string;
  expectedVersion: number;
  /** JSON text. */
  snapshot: string;
  events: EventRow[];
  status?: GameStatus;
  interactionId?: string;
  at: Date;
  /**
   * The game's open decisions after this append (the contract's AwaitingUpdate): rows for the others are
   * deleted, new ones inserted opened at `at`, recorded ones left as they are. Absent: no change.
   */
  awaiting?: AwaitedRow[];
}

/** The Game columns a StoredGame is made of, snapshot aside. */
export interface GameRow {
  id: string;
  guildId: string | null;
  channelId: string;
  system: string;
  status: string;
  version: number;
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
  turnClockHours: number | null;
  atDeadline: string | null;
}

/** The Game columns a GameRow is made of, in order, as the statements that return them name them. */
export const GAME_ROW_COLUMNS = ['id', 'guildId', 'channelId', 'system', 'status', 'version', 'createdBy', 'createdAt', 'updatedAt', 'turnClockHours', 'atDeadline'] as const;

export type AppendOutcome =
  /** Written: the row after the update, and the highest seq before this append's events (0 for none). */
  | { kind: 'appended'; game: GameRow; lastSeq: number }
  /**
   * Nothing written: the version moved on, the game does not exist, or (status 'active') the game has
   * ended and may not be revived: the caller tells these apart.
   */
  | { kind: 'not_matched' }
  /** Nothing written: this interaction id already has a receipt (a retried delivery). */
  | { kind: 'duplicate_interaction' };

/** A row's game columns (as both dialects' drivers return them), checked and converted. */
export function toGameRow(row: Row): GameRow {
  return {
    id: toText(row.id, 'id'),
    guildId: toNullableText(row.guildId, 'guildId'),
    channelId: toText(row.channelId, 'channelId'),
    system: toText(row.system, 'system'),
    status: toText(row.status, 'status'),
    version: toInt(row.version, 'version'),
    createdBy: toText(row.createdBy, 'createdBy'),
    createdAt: toDate(row.createdAt, 'createdAt'),
    updatedAt: toDate(row.updatedAt, 'updatedAt'),
    turnClockHours: row.turnClockHours === null ? null : toInt(row.turnClockHours, 'turnClockHours'),
    atDeadline: toNullableText(row.atDeadline, 'atDeadline'),
  };
}

/** What a batch commit gives back per append: its outcome, or the error that failed it. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: Error };

/**
 * SQLite's stale snapshot (SQLITE_BUSY_SNAPSHOT): a transaction that read, then tried to write after
 * another connection had committed, which SQLite cannot let it do. The busy timeout does not wait this out;
 * the transaction is rolled back with nothing written, and begun again it reads the new snapshot. The
 * better-sqlite3 adapter passes the driver's error on as it is, and the client keeps its code.
 */
export function isStaleSnapshot(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'SQLITE_BUSY_SNAPSHOT';
}

/**
 * A unique-constraint violation (SQLITE_CONSTRAINT_UNIQUE or _PRIMARYKEY, PostgreSQL 23505): from the
 * adapter directly, a DriverAdapterError whose cause says UniqueConstraintViolation; through the client,
 * Prisma's P2002 from a model query (or P2010, "raw query failed", wrapping the adapter's error).
 * Duck-typed: each generated client has its own error classes, and driver-adapter-utils is not ours.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  // better-sqlite3 and pg themselves (the store's own connections).
  if ('code' in error && (error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === '23505')) return true;
  if ('name' in error && error.name === 'DriverAdapterError' && 'cause' in error) {
    return (error.cause as { kind?: unknown } | undefined)?.kind === 'UniqueConstraintViolation';
  }
  if (!('code' in error)) return false;
  if (error.code === 'P2002') return true;
  if (error.code !== 'P2010' || !('meta' in error)) return false;
  const meta = error.meta as { driverAdapterError?: { cause?: { kind?: unknown } } } | undefined;
  return meta?.driverAdapterError?.cause?.kind === 'UniqueConstraintViolation';
}

/** An event as written: its payload turned into JSON text (checked, before anything is written). */
export function toEventData(event: NewEvent): EventRow {
  return { type: event.type, payload: toJson(event.payload, `payload of event "${event.type}"`), actor: event.actor };
}

export function toJson(value: unknown, what: string): string {
  // JSON.stringify returns undefined (not a string) for undefined, functions and symbols; storing that
  // would fail later with a confusing NOT NULL error, or worse, parse back as something else.
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError(`The ${what} is not JSON-serializable`);
  return json;
}
