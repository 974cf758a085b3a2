/**
 * A GameStore kept in this process's memory, for profiling the path OUTSIDE storage (bench only; the
 * application always uses src/store). It keeps the contract's semantics — compare-and-swap on the
 * version, one receipt per interaction id (`duplicate_interaction`), at most one active game per channel,
 * an ended game never made active again, seq numbers continuing per game — so the app behaves exactly as
 * it does on a database, but a write costs next to nothing.
 *
 * The event log is JSON text in an off-heap Buffer per game: a log of objects (or of strings) growing by
 * thousands in the JS heap costs every scavenge (promotion, old-to-new pointers from the growing array)
 * and every major GC, which a database store never charges to the app (measured: about 10 µs a /flip).
 * Serializing a command's few small events costs a few microseconds, like the JSON any database store
 * must produce anyway.
 *
 * The snapshot (only the latest per game is kept) is by default kept by reference: the app never mutates
 * it (its cache freezes it), so that costs nothing; reads hand out fresh copies (structuredClone), as a
 * database would. `serialize: true` stores it as JSON text (a real store's cost, about 4 µs for a /flip).
 */
import { randomUUID } from 'node:crypto';
import {
  MODEL_SEARCH_LIMIT,
  type AppendResult,
  type AwaitedRecord,
  type AwaitingUpdate,
  type CreateGameResult,
  type GameMessageRef,
  type GameStore,
  type GuildSettings,
  type LeagueEntry,
  type LeagueStore,
  type StoredLeague,
  type ModelProfileFields,
  type ModelTableCodec,
  type ModelTableStore,
  type NewEvent,
  type StoredEvent,
  type StoredGame,
  type UpgradeProfileFields,
  type UserSettings,
} from '../src/store/contract.js';
import { leagueNameKey } from '../src/store/league-store.js';

/**
 * The event log: one JSON line per write ({ at, events: NewEvent[] }) in one growable Buffer, whose bytes
 * live outside the V8 heap.
 */
class EventLog {
  private buffer = Buffer.allocUnsafe(16 * 1024);
  private length = 0;
  /** Events written so far (the last seq). */
  count = 0;

  append(json: string, events: number): void {
    // 3 bytes per UTF-16 unit bound the UTF-8 length, plus the newline: no byteLength pass needed.
    const needed = this.length + 3 * json.length + 1;
    if (needed > this.buffer.length) {
      const grown = Buffer.allocUnsafe(Math.max(needed, this.buffer.length * 2));
      this.buffer.copy(grown, 0, 0, this.length);
      this.buffer = grown;
    }
    this.length += this.buffer.write(json, this.length, 'utf8');
    this.buffer[this.length++] = 0x0a;
    this.count += events;
  }

  read(gameId: string): StoredEvent[] {
    if (this.length === 0) return [];
    const out: StoredEvent[] = [];
    for (const line of this.buffer.toString('utf8', 0, this.length - 1).split('\n')) {
      const batch = JSON.parse(line) as { at: number; events: NewEvent[] };
      const at = new Date(batch.at);
      for (const e of batch.events) out.push({ gameId, seq: out.length + 1, type: e.type, payload: e.payload, actor: e.actor, at });
    }
    return out;
  }
}

interface GameRow {
  game: Omit<StoredGame, 'snapshot'>;
  /** JSON text, or the value itself when not serializing. */
  snapshot: unknown;
  activeChannel: string | null;
  log: EventLog;
}

export interface MemoryStoreOptions {
  /** JSON.stringify the snapshot on write (default false), as a database store must. */
  serialize?: boolean;
}

export function createMemoryStore(options: MemoryStoreOptions = {}): GameStore & { readonly stats: { appends: number; conflicts: number; duplicates: number } } {
  const serialize = options.serialize ?? false;
  const games = new Map<string, GameRow>();
  const activeByChannel = new Map<string, string>();
  const receipts = new Set<string>();
  const users = new Map<string, UserSettings>();
  const guilds = new Map<string, GuildSettings>();
  const messages = new Map<string, GameMessageRef>();
  const drafts = new Map<string, string>();
  const modelTables: MemoryModelTables = { models: new Map(), upgrades: new Map() };
  /** The awaiting index: game id → its open decisions by id. */
  const awaited = new Map<string, Map<string, AwaitedRecord>>();
  /** As the Prisma store: decisions still open keep their rows, the others go, new ones open at `at`. */
  const index = (game: Omit<StoredGame, 'snapshot'>, update: AwaitingUpdate, at: Date): void => {
    const before = awaited.get(game.id) ?? new Map<string, AwaitedRecord>();
    const after = new Map<string, AwaitedRecord>();
    const due = (ms: number) => new Date(at.getTime() + ms);
    for (const d of update.decisions) {
      const timers = update.timers && { remindAt: due(update.timers.remindMs), warnAt: due(update.timers.warnMs), deadlineAt: due(update.timers.deadlineMs) };
      after.set(d.decisionId, before.get(d.decisionId) ?? { ...d, gameId: game.id, guildId: game.guildId, channelId: game.channelId, since: at, timers, sent: 0, nextAt: timers?.remindAt ?? null });
    }
    awaited.set(game.id, after);
  };
  const allAwaited = () => [...awaited.values()].flatMap((decisions) => [...decisions.values()]);
  const stats = { appends: 0, conflicts: 0, duplicates: 0 };

  const toJson = (value: unknown, what: string): string => {
    const json = JSON.stringify(value);
    if (json === undefined) throw new TypeError(`The ${what} is not JSON-serializable`);
    return json;
  };
  const writeSnapshot = (value: unknown): unknown => (serialize ? toJson(value, 'snapshot') : value);
  const readSnapshot = (stored: unknown): unknown => (serialize ? JSON.parse(stored as string) : structuredClone(stored));
  const view = (row: GameRow, snapshot: unknown): StoredGame => ({ ...row.game, snapshot });
  /** Serialized before anything is written, as the Prisma store does: a payload that is not JSON fails the write. */
  const batchJson = (events: readonly NewEvent[], at: Date): string => {
    for (const e of events) if (e.payload === undefined || typeof e.payload === 'function' || typeof e.payload === 'symbol') throw new TypeError(`The payload of event "${e.type}" is not JSON-serializable`);
    return `{"at":${at.getTime()},"events":${JSON.stringify(events.map((e) => ({ type: e.type, payload: e.payload, actor: e.actor })))}}`;
  };
  const appended = (gameId: string, events: readonly NewEvent[], first: number, at: Date): StoredEvent[] =>
    events.map((e, i) => ({ gameId, seq: first + i, type: e.type, payload: e.payload, actor: e.actor, at }));

  const store: GameStore & { stats: typeof stats } = {
    stats,

    async createGame(input): Promise<CreateGameResult> {
      const at = new Date();
      const snapshot = writeSnapshot(input.snapshot);
      const written = batchJson(input.events, at);
      if (input.interactionId && receipts.has(input.interactionId)) return { ok: false, reason: 'duplicate_interaction' };
      const busy = activeByChannel.get(input.channelId);
      if (busy !== undefined) return { ok: false, reason: 'channel_busy', activeGameId: busy };
      const id = input.id ?? randomUUID();
      const row: GameRow = {
        game: { id, guildId: input.guildId, channelId: input.channelId, system: input.system, status: 'active', version: 1, createdBy: input.createdBy, createdAt: at, updatedAt: at, turnClock: input.turnClock ?? null },
        snapshot,
        activeChannel: input.channelId,
        log: new EventLog(),
      };
      row.log.append(written, input.events.length);
      if (input.interactionId) receipts.add(input.interactionId);
      games.set(id, row);
      activeByChannel.set(input.channelId, id);
      if (input.awaiting) index(row.game, input.awaiting, at);
      return { ok: true, game: view(row, readSnapshot(row.snapshot)), events: appended(id, input.events, 1, at) };
    },

    async findActiveGame(channelId) {
      const id = activeByChannel.get(channelId);
      const row = id === undefined ? undefined : games.get(id);
      return row ? view(row, readSnapshot(row.snapshot)) : null;
    },

    async getGame(gameId) {
      const row = games.get(gameId);
      return row ? view(row, readSnapshot(row.snapshot)) : null;
    },

    async findLatestGame(channelId) {
      let latest: GameRow | undefined;
      for (const row of games.values()) {
        if (row.game.channelId !== channelId) continue;
        // The active game is the newest; among ended ones, the latest created (ties: the later one stored).
        if (!latest || row.activeChannel !== null || (latest.activeChannel === null && row.game.createdAt >= latest.game.createdAt)) latest = row;
      }
      return latest ? view(latest, readSnapshot(latest.snapshot)) : null;
    },

    async appendEvents(input): Promise<AppendResult> {
      stats.appends++;
      const at = new Date();
      const snapshot = writeSnapshot(input.snapshot);
      const written = batchJson(input.events, at);
      const row = games.get(input.gameId);
      if (!row || row.game.version !== input.expectedVersion) {
        stats.conflicts++;
        return { ok: false, reason: 'version_conflict' };
      }
      if (input.status === 'active' && row.activeChannel === null) throw new Error(`Game ${input.gameId} has ended and cannot be made active again`);
      if (input.interactionId) {
        if (receipts.has(input.interactionId)) {
          stats.duplicates++;
          return { ok: false, reason: 'duplicate_interaction' };
        }
        receipts.add(input.interactionId);
      }
      const first = row.log.count + 1;
      row.log.append(written, input.events.length);
      row.snapshot = snapshot;
      const status = input.status ?? row.game.status;
      row.game = { ...row.game, version: row.game.version + 1, status, updatedAt: at };
      if (status === 'ended' && row.activeChannel !== null) {
        activeByChannel.delete(row.activeChannel);
        row.activeChannel = null;
      }
      if (input.awaiting) index(row.game, input.awaiting, at);
      // As the Prisma store: the snapshot and the payloads just written are handed back as given.
      return { ok: true, game: view(row, input.snapshot), events: appended(input.gameId, input.events, first, at) };
    },

    async listEvents(gameId) {
      const row = games.get(gameId);
      return row ? row.log.read(gameId) : [];
    },

    async awaitedIn(guildId, userId) {
      return allAwaited()
        .filter((a) => a.guildId === guildId && a.userId === userId)
        .sort((a, b) => a.since.getTime() - b.since.getTime())
        .map((a) => structuredClone(a));
    },
    async dueTimers(now, limit) {
      return allAwaited()
        .filter((a) => a.nextAt !== null && a.nextAt <= now)
        .sort((a, b) => a.nextAt!.getTime() - b.nextAt!.getTime())
        .slice(0, limit)
        .map((a) => structuredClone(a));
    },
    async markTimerSent({ gameId, decisionId, since, sent, nextAt, remove }) {
      const row = awaited.get(gameId)?.get(decisionId);
      if (!row || row.since.getTime() !== since.getTime() || row.sent >= sent) return false;
      if (remove === true) return awaited.get(gameId)!.delete(decisionId);
      row.sent = sent;
      row.nextAt = nextAt;
      return true;
    },
    async getUserSettings(userId) {
      return { ...(users.get(userId) ?? { userId, locale: null, directMessages: true, clientLocale: null }) };
    },
    async saveUserSettings(settings) {
      users.set(settings.userId, { userId: settings.userId, locale: settings.locale, directMessages: settings.directMessages, clientLocale: users.get(settings.userId)?.clientLocale ?? null });
    },
    async rememberClientLocale(userId, locale) {
      users.set(userId, { ...(users.get(userId) ?? { userId, locale: null, directMessages: true }), clientLocale: locale });
    },
    async getGameMessage(gameId, slot) {
      const ref = messages.get(`${gameId}:${slot}`);
      return ref ? { ...ref } : null;
    },
    async saveGameMessage(ref) {
      messages.set(`${ref.gameId}:${ref.slot}`, { ...ref });
    },
    async getPlayerDraft(gameId, userId) {
      return drafts.get(`${gameId}:${userId}`) ?? null;
    },
    async savePlayerDraft(gameId, userId, text, interactionId) {
      if (interactionId !== undefined) {
        if (receipts.has(interactionId)) return { ok: false, reason: 'duplicate_interaction' };
        receipts.add(interactionId);
      }
      if (text === null) drafts.delete(`${gameId}:${userId}`);
      else drafts.set(`${gameId}:${userId}`, text);
      return { ok: true };
    },
    async getGuildSettings(guildId) {
      return { ...(guilds.get(guildId) ?? { guildId, refereeRoleId: null, locale: null, discordLocale: null }) };
    },
    async saveGuildSettings(settings) {
      const current = guilds.get(settings.guildId) ?? { guildId: settings.guildId, refereeRoleId: null, locale: null, discordLocale: null };
      guilds.set(settings.guildId, { ...current, ...Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined)) });
    },
    async rememberGuildLocale(guildId, locale) {
      guilds.set(guildId, { ...(guilds.get(guildId) ?? { guildId, refereeRoleId: null, locale: null }), discordLocale: locale });
    },
    modelTables(codec) {
      return memoryModelTables(codec, modelTables);
    },
    leagues: memoryLeagues(receipts),
    async close() {},
  };
  return store;
}

/** Profiles by guild, then by key, as the codec checked them when saved (JSON-like values: cloned out). */
interface MemoryModelTables {
  models: Map<string, Map<string, unknown>>;
  upgrades: Map<string, Map<string, unknown>>;
}

/** The model tables with the contract's semantics: checked on write and read, upserted by key, searched by key prefix. */
function memoryModelTables<Model extends ModelProfileFields, Upgrade extends UpgradeProfileFields>(codec: ModelTableCodec<Model, Upgrade>, tables: MemoryModelTables): ModelTableStore<Model, Upgrade> {
  const rows = (of: Map<string, Map<string, unknown>>, guildId: string) => {
    let guild = of.get(guildId);
    if (guild === undefined) of.set(guildId, (guild = new Map()));
    return guild;
  };
  const inKeyOrder = (guild: Map<string, unknown>) => [...guild.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    async modelTable(guildId) {
      return {
        models: inKeyOrder(rows(tables.models, guildId)).map(([, m]) => codec.parseModel(structuredClone(m))),
        upgrades: inKeyOrder(rows(tables.upgrades, guildId)).map(([, u]) => codec.parseUpgrade(structuredClone(u))),
      };
    },
    async saveModelProfiles(guildId, profiles) {
      const checked = profiles.map((p) => codec.parseModel(p));
      for (const m of checked) rows(tables.models, guildId).set(codec.modelKey(m), structuredClone(m));
    },
    async saveUpgradeProfiles(guildId, upgrades) {
      const checked = upgrades.map((u) => codec.parseUpgrade(u));
      for (const u of checked) rows(tables.upgrades, guildId).set(codec.upgradeKey(u), structuredClone(u));
    },
    async deleteModelProfile(guildId, key) {
      return rows(tables.models, guildId).delete(key);
    },
    async deleteUpgradeProfile(guildId, key) {
      return rows(tables.upgrades, guildId).delete(key);
    },
    async searchModelProfiles(guildId, prefix, limit = MODEL_SEARCH_LIMIT) {
      const start = codec.searchKey(prefix);
      const take = Math.min(Math.max(Math.floor(limit), 0), MODEL_SEARCH_LIMIT);
      return inKeyOrder(rows(tables.models, guildId))
        .filter(([key]) => key.startsWith(start))
        .slice(0, take)
        .map(([, m]) => codec.parseModel(structuredClone(m)));
    },
  };
}

/**
 * The leagues with the contract's semantics (one name per server, compare-and-swap on the version, one
 * receipt per interaction, seq numbers continuing), values cloned in and out as a database would.
 */
function memoryLeagues(receipts: Set<string>): LeagueStore {
  const leagues = new Map<string, { league: StoredLeague; nameKey: string; entries: LeagueEntry[] }>();
  const channels = new Map<string, string>();
  const games = new Map<string, string>();
  const out = (league: StoredLeague): StoredLeague => structuredClone(league);
  const byKey = (guildId: string, nameKey: string) => [...leagues.values()].find((row) => row.league.guildId === guildId && row.nameKey === nameKey);
  const written = (leagueId: string, first: number, entries: readonly NewEvent[], at: Date): LeagueEntry[] =>
    entries.map((e, i) => ({ leagueId, seq: first + i, type: e.type, payload: structuredClone(e.payload), actor: e.actor, at }));
  return {
    async createLeague(input) {
      const nameKey = leagueNameKey(input.name);
      if (input.interactionId && receipts.has(input.interactionId)) return { ok: false, reason: 'duplicate_interaction' };
      if (byKey(input.guildId, nameKey)) return { ok: false, reason: 'name_taken' };
      const at = new Date();
      const id = input.id ?? randomUUID();
      const league: StoredLeague = { id, guildId: input.guildId, name: input.name.trim(), status: 'open', version: 1, snapshot: structuredClone(input.snapshot), createdBy: input.createdBy, createdAt: at, updatedAt: at };
      const entries = written(id, 1, input.entries, at);
      if (input.interactionId) receipts.add(input.interactionId);
      leagues.set(id, { league, nameKey, entries });
      return { ok: true, league: out(league), entries: structuredClone(entries) };
    },
    async getLeague(id) {
      const row = leagues.get(id);
      return row ? out(row.league) : null;
    },
    async findLeague(guildId, name) {
      const row = byKey(guildId, leagueNameKey(name));
      return row ? out(row.league) : null;
    },
    async listLeagues(guildId) {
      return [...leagues.values()]
        .map((row) => row.league)
        .filter((league) => league.guildId === guildId)
        .sort((a, b) => Number(a.status === 'closed') - Number(b.status === 'closed') || b.createdAt.getTime() - a.createdAt.getTime())
        .map(out);
    },
    async appendLeagueEntries(input) {
      if (input.interactionId && receipts.has(input.interactionId)) return { ok: false, reason: 'duplicate_interaction' };
      const row = leagues.get(input.leagueId);
      if (!row || row.league.version !== input.expectedVersion) return { ok: false, reason: 'version_conflict' };
      const at = new Date();
      const entries = written(input.leagueId, row.entries.length + 1, input.entries, at);
      row.league = { ...row.league, version: row.league.version + 1, snapshot: structuredClone(input.snapshot), status: input.status ?? row.league.status, updatedAt: at };
      row.entries.push(...entries);
      if (input.interactionId) receipts.add(input.interactionId);
      return { ok: true, league: out(row.league), entries: structuredClone(entries) };
    },
    async listLeagueEntries(leagueId) {
      return structuredClone(leagues.get(leagueId)?.entries ?? []);
    },
    async linkChannel(channelId, leagueId) {
      if (leagueId === null) channels.delete(channelId);
      else channels.set(channelId, leagueId);
    },
    async leagueOfChannel(channelId) {
      return channels.get(channelId) ?? null;
    },
    async linkGame(gameId, leagueId) {
      games.set(gameId, leagueId);
    },
    async leagueOfGame(gameId) {
      return games.get(gameId) ?? null;
    },
  };
}
