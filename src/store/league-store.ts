/**
 * The servers' leagues (LeagueStore), on the store's connections and locks (prisma-store.ts), as the model
 * tables are (model-table.ts): reads are plain SQL on the store's own connection; writes (an organiser's
 * command) are rare and each is one interactive transaction of the Prisma client.
 *
 * A league is kept as a game is: a snapshot of its state and the entries that made it, written together
 * and guarded by compare-and-swap on the version. Both are the league model's JSON, opaque here.
 */
import { randomBytes } from 'node:crypto';
import type { PrismaClient } from '../generated/sqlite/client.js';
import type { LeagueEntry, LeagueStatus, LeagueStore, LeagueTimers, LeagueWrite, NewEvent, StoredLeague } from './contract.js';
import { isUniqueViolation, toEventData, toJson } from './append.js';
import { raw, sql, toDate, toInt, toNullableText, toText, type Row, type Sql } from './driver-sql.js';

/** The part of the Prisma client (or of one of its transactions) the leagues write through. */
export type LeagueTx = Pick<PrismaClient, '$executeRaw'> & {
  league: Pick<PrismaClient['league'], 'create' | 'update'>;
  leagueEntry: Pick<PrismaClient['leagueEntry'], 'createMany' | 'findFirst'>;
  leagueChannel: Pick<PrismaClient['leagueChannel'], 'upsert' | 'deleteMany'>;
  leagueGame: Pick<PrismaClient['leagueGame'], 'upsert'>;
  interactionReceipt: Pick<PrismaClient['interactionReceipt'], 'create'>;
  awaitedDecision: Pick<PrismaClient['awaitedDecision'], 'createMany'>;
};

export interface LeagueStoreDeps {
  /** Rows of a read on the store's own connection. */
  select(query: Sql): Promise<Row[]>;
  /** Runs `write` in one transaction of the Prisma client: all of it is written, or (when it throws) none. */
  transaction<R>(write: (tx: LeagueTx) => Promise<R>): Promise<R>;
  /** Runs one write of the Prisma client (retried once if a concurrent insert took its key first). */
  upsert(write: (client: LeagueTx) => Promise<unknown>): Promise<void>;
  now(): Date;
}

const LEAGUE_COLUMNS = raw(`"id", "guildId", "name", "status", "version", "snapshot", "createdBy", "createdAt", "updatedAt"`);
const ENTRY_COLUMNS = raw(`"leagueId", "seq", "type", "payload", "actor", "at"`);

/** Thrown inside a transaction to roll back what it wrote so far (an interaction's receipt) and refuse. */
class Refused extends Error {
  constructor(readonly reason: 'version_conflict') {
    super(reason);
  }
}

export function createLeagueStore(deps: LeagueStoreDeps): LeagueStore {
  const oneLeague = async (where: Sql): Promise<StoredLeague | null> => {
    const row = (await deps.select(sql`SELECT ${LEAGUE_COLUMNS} FROM "League" ${where}`))[0];
    return row === undefined ? null : readLeague(row);
  };

  /** Why a write that hit a unique key wrote nothing: a retried interaction, or (for a new league) its name. */
  const refusal = async (error: unknown, interactionId: string | undefined, nameTaken?: () => Promise<boolean>): Promise<LeagueWrite> => {
    if (!isUniqueViolation(error)) throw error;
    if (interactionId !== undefined && (await deps.select(sql`SELECT "id" FROM "InteractionReceipt" WHERE "id" = ${interactionId}`)).length > 0) {
      return { ok: false, reason: 'duplicate_interaction' };
    }
    if (nameTaken !== undefined && (await nameTaken())) return { ok: false, reason: 'name_taken' };
    throw error;
  };

  return {
    async createLeague(input) {
      const name = input.name.trim();
      const nameKey = leagueNameKey(name);
      if (nameKey === '') throw new TypeError('A league needs a name');
      const snapshot = toJson(input.snapshot, 'snapshot');
      const entries = input.entries.map(toEventData);
      const id = input.id ?? newLeagueId();
      const at = deps.now();
      try {
        // The unique keys decide, against any writer of any process: the receipt's, and the name's in the server.
        const league = await deps.transaction(async (tx) => {
          if (input.interactionId !== undefined) await tx.interactionReceipt.create({ data: { id: input.interactionId, at } });
          const created = await tx.league.create({
            data: { id, guildId: input.guildId, name, nameKey, status: 'open', version: 1, snapshot, createdBy: input.createdBy, createdAt: at, updatedAt: at },
          });
          if (entries.length > 0) await tx.leagueEntry.createMany({ data: entries.map((entry, index) => ({ ...entry, leagueId: id, seq: index + 1, at })) });
          return created;
        });
        return { ok: true, league: toLeague(league, input.snapshot), entries: toEntries(id, 1, input.entries, at) };
      } catch (error) {
        return refusal(error, input.interactionId, async () => (await oneLeague(sql`WHERE "guildId" = ${input.guildId} AND "nameKey" = ${nameKey}`)) !== null);
      }
    },

    getLeague(id) {
      return oneLeague(sql`WHERE "id" = ${id}`);
    },

    findLeague(guildId, name) {
      return oneLeague(sql`WHERE "guildId" = ${guildId} AND "nameKey" = ${leagueNameKey(name)}`);
    },

    async listLeagues(guildId) {
      // Timestamps on SQLite are ISO-8601 text of one fixed format, so text order is time order.
      const rows = await deps.select(
        sql`SELECT ${LEAGUE_COLUMNS} FROM "League" WHERE "guildId" = ${guildId} ORDER BY CASE WHEN "status" = 'open' THEN 0 ELSE 1 END, "createdAt" DESC, "id"`,
      );
      return rows.map(readLeague);
    },

    async appendLeagueEntries(input) {
      const snapshot = toJson(input.snapshot, 'snapshot');
      const entries = input.entries.map(toEventData);
      const at = deps.now();
      try {
        const { league, firstSeq } = await deps.transaction(async (tx) => {
          if (input.interactionId !== undefined) await tx.interactionReceipt.create({ data: { id: input.interactionId, at } });
          // The compare-and-swap, in one statement: the version is compared on the row under its write lock
          // (PostgreSQL's row lock, SQLite's single writer), so of two writers that loaded one version, the
          // second finds it moved on. Plain SQL because the client's update reads the row before writing it,
          // and on SQLite a transaction that read first cannot wait for another process's write lock (its
          // snapshot would be stale: SQLITE_BUSY at once); this write comes first (after the receipt's).
          const swapped = await tx.$executeRaw`UPDATE "League" SET "version" = "version" + 1 WHERE "id" = ${input.leagueId} AND "version" = ${input.expectedVersion}`;
          if (swapped !== 1) throw new Refused('version_conflict');
          const updated = await tx.league.update({
            where: { id: input.leagueId },
            data: { snapshot, updatedAt: at, ...(input.status === undefined ? {} : { status: input.status }) },
          });
          const last = await tx.leagueEntry.findFirst({ where: { leagueId: input.leagueId }, orderBy: { seq: 'desc' }, select: { seq: true } });
          const firstSeq = (last?.seq ?? 0) + 1;
          if (entries.length > 0) await tx.leagueEntry.createMany({ data: entries.map((entry, index) => ({ ...entry, leagueId: input.leagueId, seq: firstSeq + index, at })) });
          if (input.timers?.length) await tx.awaitedDecision.createMany({ data: input.timers.map((timers) => awaitedRow(input.leagueId, updated.guildId, timers, at)) });
          return { league: updated, firstSeq };
        });
        return { ok: true, league: toLeague(league, input.snapshot), entries: toEntries(input.leagueId, firstSeq, input.entries, at) };
      } catch (error) {
        if (error instanceof Refused) return { ok: false, reason: error.reason };
        return refusal(error, input.interactionId);
      }
    },

    async listLeagueEntries(leagueId) {
      const rows = await deps.select(sql`SELECT ${ENTRY_COLUMNS} FROM "LeagueEntry" WHERE "leagueId" = ${leagueId} ORDER BY "seq"`);
      return rows.map(
        (row): LeagueEntry => ({
          leagueId: toText(row.leagueId, 'leagueId'),
          seq: toInt(row.seq, 'seq'),
          type: toText(row.type, 'type'),
          payload: JSON.parse(toText(row.payload, 'payload')) as unknown,
          actor: toNullableText(row.actor, 'actor'),
          at: toDate(row.at, 'at'),
        }),
      );
    },

    async linkChannel(channelId, leagueId) {
      if (leagueId === null) await deps.upsert((client) => client.leagueChannel.deleteMany({ where: { channelId } }));
      else await deps.upsert((client) => client.leagueChannel.upsert({ where: { channelId }, create: { channelId, leagueId }, update: { leagueId } }));
    },

    async leagueOfChannel(channelId) {
      const row = (await deps.select(sql`SELECT "leagueId" FROM "LeagueChannel" WHERE "channelId" = ${channelId}`))[0];
      return row === undefined ? null : toText(row.leagueId, 'leagueId');
    },

    async linkGame(gameId, leagueId) {
      await deps.upsert((client) => client.leagueGame.upsert({ where: { gameId }, create: { gameId, leagueId }, update: { leagueId } }));
    },

    async leagueOfGame(gameId) {
      const row = (await deps.select(sql`SELECT "leagueId" FROM "LeagueGame" WHERE "gameId" = ${gameId}`))[0];
      return row === undefined ? null : toText(row.leagueId, 'leagueId');
    },
  };
}

/** What a league's name is compared by in its server: "Spring League", " spring  LEAGUE " are one name. */
export function leagueNameKey(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** A league's timers as a row of the awaiting index: the first one due next, none sent, awaiting no one user. */
function awaitedRow(leagueId: string, guildId: string, { key, kind, channelId, timers }: LeagueTimers, since: Date) {
  return { gameId: leagueId, decisionId: key, guildId, channelId, seat: 0, userId: '', kind, since, ...timers, sent: 0, nextAt: timers.remindAt };
}

/** 128 random bits, url-safe: the league's id is the address of its web page, which nobody may guess. */
function newLeagueId(): string {
  return randomBytes(16).toString('base64url');
}

function readLeague(row: Row): StoredLeague {
  return toLeague(
    {
      id: toText(row.id, 'id'),
      guildId: toText(row.guildId, 'guildId'),
      name: toText(row.name, 'name'),
      status: toText(row.status, 'status'),
      version: toInt(row.version, 'version'),
      createdBy: toText(row.createdBy, 'createdBy'),
      createdAt: toDate(row.createdAt, 'createdAt'),
      updatedAt: toDate(row.updatedAt, 'updatedAt'),
    },
    JSON.parse(toText(row.snapshot, 'snapshot')) as unknown,
  );
}

function toLeague(row: Omit<StoredLeague, 'status' | 'snapshot'> & { status: string }, snapshot: unknown): StoredLeague {
  return {
    id: row.id,
    guildId: row.guildId,
    name: row.name,
    status: toStatus(row.status, row.id),
    version: row.version,
    snapshot,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The entries just written, as read back: numbered on from `firstSeq`, at the write's time. */
function toEntries(leagueId: string, firstSeq: number, entries: NewEvent[], at: Date): LeagueEntry[] {
  return entries.map((entry, index) => ({ leagueId, seq: firstSeq + index, type: entry.type, payload: entry.payload, actor: entry.actor, at }));
}

function toStatus(value: string, leagueId: string): LeagueStatus {
  if (value === 'open' || value === 'closed') return value;
  throw new Error(`League ${leagueId} has an unknown status "${value}" in the database`);
}
