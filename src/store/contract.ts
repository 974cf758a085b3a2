/**
 * What the application needs from storage. Implemented with Prisma on SQLite (embedded default)
 * and on PostgreSQL; the application never sees which.
 *
 * Events are append-only. A write appends events, replaces the snapshot and bumps the version in one
 * transaction, guarded by compare-and-swap on the version the caller loaded.
 */
export type GameStatus = 'active' | 'ended';

/** What a game's deadline does: nothing, or ping the game's referee role. */
export type DeadlinePolicy = 'nothing' | 'referees';

/** The turn clock set at /game new: how many hours a decision may take, and what its deadline does. */
export interface TurnClock {
  hours: number;
  atDeadline: DeadlinePolicy;
}

export interface StoredGame {
  id: string;
  guildId: string | null;
  /** The channel or thread the game lives in: at most one active game per channel. */
  channelId: string;
  system: string;
  status: GameStatus;
  version: number;
  /** The engine state as JSON (validated with zod by the application when loaded). */
  snapshot: unknown;
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
  /** null: the game has no turn clock (no reminders). */
  turnClock: TurnClock | null;
}

export interface NewEvent {
  type: string;
  payload: unknown;
  /** Discord user id of whoever caused it, or null for the bot itself. */
  actor: string | null;
}

export interface StoredEvent extends NewEvent {
  gameId: string;
  seq: number;
  at: Date;
}

export type CreateGameResult =
  | { ok: true; game: StoredGame; events: StoredEvent[] }
  | { ok: false; reason: 'channel_busy'; activeGameId: string }
  | { ok: false; reason: 'duplicate_interaction' };

export type AppendResult =
  | { ok: true; game: StoredGame; events: StoredEvent[] }
  | { ok: false; reason: 'version_conflict' }
  | { ok: false; reason: 'duplicate_interaction' };

export type DraftSaved = { ok: true } | { ok: false; reason: 'duplicate_interaction' };

export interface UserSettings {
  userId: string;
  /** The language the user chose with /settings, or null. */
  locale: string | null;
  /** false when the user asked not to be sent DMs (hands are then shown only ephemerally). */
  directMessages: boolean;
  /**
   * The language of the user's Discord client as last remembered (rememberClientLocale), or null. Discord
   * tells it only on the user's own interactions; DMs sent because someone else acted need it.
   */
  clientLocale: string | null;
}

/** What the user chooses; clientLocale is observed, not chosen, and kept apart. */
export type UserChoices = Omit<UserSettings, 'clientLocale'>;

export interface GuildSettings {
  guildId: string;
  refereeRoleId: string | null;
  /** The language of public messages a server manager chose, or null: the server's Discord language. */
  locale: string | null;
  /**
   * The server's Discord language (guild_locale) as last remembered (rememberGuildLocale), or null. A click
   * in a DM carries none, and its public message still goes to the server's channel.
   */
  discordLocale: string | null;
}

/** A channel message the bot keeps editing (schema.base.prisma, GameMessage). */
export interface GameMessageRef {
  gameId: string;
  slot: string;
  channelId: string;
  messageId: string;
  topic: string;
  fromBatch: number;
}
/** An open decision: who the game waits for (a seat, its user) and what for (the system's kind, its id). */
export interface AwaitedDecision {
  decisionId: string;
  seat: number;
  userId: string;
  kind: string;
}

/** How long after a decision opens each of its timers is due (ms). */
export interface TimerOffsets {
  remindMs: number;
  warnMs: number;
  deadlineMs: number;
}

/**
 * What a write does to the awaiting index: the game's open decisions once it is written. A decision
 * already recorded keeps its row (when it opened, its timers, what was sent); one no longer open is
 * dropped with its timers; a new one opens at the write's time, with timers when `timers` is given.
 */
export interface AwaitingUpdate {
  decisions: AwaitedDecision[];
  timers: TimerOffsets | null;
}

/** An open decision as recorded (schema.base.prisma, AwaitedDecision). */
export interface AwaitedRecord extends AwaitedDecision {
  gameId: string;
  guildId: string | null;
  channelId: string;
  /** When it opened (the time of the write that opened it). */
  since: Date;
  /** When each timer is due, or null when the game has no turn clock. */
  timers: { remindAt: Date; warnAt: Date; deadlineAt: Date } | null;
  /** The last timer sent (0 none; the application numbers them). */
  sent: number;
  /** When the next timer to send is due, or null when none is left. */
  nextAt: Date | null;
}

/** What server managers choose; discordLocale is observed, not chosen, and kept apart. */
export type GuildChoices = Omit<GuildSettings, 'discordLocale'>;

export interface GameStore {
  createGame(input: {
    /** Chosen by the application so the engine's start event can carry it; generated when absent. */
    id?: string;
    guildId: string | null;
    channelId: string;
    system: string;
    createdBy: string;
    snapshot: unknown;
    events: NewEvent[];
    /** The turn clock the players chose (absent or null: none). */
    turnClock?: TurnClock | null;
    /** The decisions the game awaits once created (absent: none). */
    awaiting?: AwaitingUpdate;
    /**
     * The Discord interaction that caused the write. Its receipt is stored in the same transaction, so a
     * retried delivery can never act twice — and an interaction that changed nothing leaves no trace.
     */
    interactionId?: string;
  }): Promise<CreateGameResult>;
  findActiveGame(channelId: string): Promise<StoredGame | null>;
  getGame(gameId: string): Promise<StoredGame | null>;
  /** The most recent game of a channel, active or ended (for /game log and /game verify after the end). */
  findLatestGame(channelId: string): Promise<StoredGame | null>;
  /** Appends `events` (seq continues from the last one), sets snapshot/status, version + 1 — only if version still equals `expectedVersion`. */
  appendEvents(input: {
    gameId: string;
    expectedVersion: number;
    events: NewEvent[];
    snapshot: unknown;
    status?: GameStatus;
    /** As for createGame: recorded with the events, `duplicate_interaction` if it already was. */
    interactionId?: string;
    /** The game's open decisions after this write, written with it; absent: they did not change. */
    awaiting?: AwaitingUpdate;
  }): Promise<AppendResult>;
  listEvents(gameId: string): Promise<StoredEvent[]>;

  /** Every decision `userId` is awaited for in the games of a server, the oldest first. */
  awaitedIn(guildId: string, userId: string): Promise<AwaitedRecord[]>;
  /** Open decisions whose next timer is due at `now`, the most overdue first, at most `limit`. */
  dueTimers(now: Date, limit: number): Promise<AwaitedRecord[]>;
  /**
   * Records that the timer `sent` of a decision is being sent, and when the next one is due: only if no
   * timer at or after it was recorded yet, and only for the row opened at `since` (a decision closed
   * meanwhile, or opened again, is not this one). One atomic conditional update: true for the one caller
   * (of any process) that made it, who then sends; false for every other. `remove`: the row is deleted
   * instead, by the same conditional claim — for a row no write will ever close (a league round's, at its
   * last timer), which would otherwise stay in the index for good.
   */
  markTimerSent(input: { gameId: string; decisionId: string; since: Date; sent: number; nextAt: Date | null; remove?: boolean }): Promise<boolean>;
  /** The message a game keeps in `slot`, if any. */
  getGameMessage(gameId: string, slot: string): Promise<GameMessageRef | null>;
  /** Records (or replaces) the message a game keeps in its slot. */
  saveGameMessage(ref: GameMessageRef): Promise<void>;

  /** A player's draft for a game (schema.base.prisma, PlayerDraft), or null when they keep none. */
  getPlayerDraft(gameId: string, userId: string): Promise<string | null>;
  /**
   * Keeps (or replaces) the player's draft; null drops it. With `interactionId`, its receipt is stored in
   * the same transaction, as for appendEvents: a retried delivery is `duplicate_interaction`, not a second write.
   */
  savePlayerDraft(gameId: string, userId: string, text: string | null, interactionId?: string): Promise<DraftSaved>;

  getUserSettings(userId: string): Promise<UserSettings>;
  /** Saves the user's choices, leaving the remembered client locale as it is. */
  saveUserSettings(settings: UserChoices): Promise<void>;
  /** Records the language of the user's Discord client (creating their settings row if need be). */
  rememberClientLocale(userId: string, locale: string): Promise<void>;
  getGuildSettings(guildId: string): Promise<GuildSettings>;
  /** Saves the choices given (a field left out keeps its value), leaving the remembered Discord language as it is. */
  saveGuildSettings(settings: Pick<GuildChoices, 'guildId'> & Partial<GuildChoices>): Promise<void>;
  /** Records the server's Discord language (creating its settings row if need be). */
  rememberGuildLocale(guildId: string, locale: string): Promise<void>;

  /**
   * The servers' model tables (schema.base.prisma, ModelProfile and UpgradeProfile), read and written
   * through a system's codec: the store knows no system (store-is-a-leaf), so the system that owns the
   * profiles says how a row is checked and keyed. Cheap: call it per use or keep the result.
   */
  modelTables<Model extends ModelProfileFields, Upgrade extends UpgradeProfileFields>(codec: ModelTableCodec<Model, Upgrade>): ModelTableStore<Model, Upgrade>;

  /** The servers' leagues (schema.base.prisma, League and beside it), on the same database. */
  leagues: LeagueStore;

  close(): Promise<void>;
}

export type LeagueStatus = 'open' | 'closed';

/** A league as stored: like a game, its state (the league model's JSON, opaque here) and a version. */
export interface StoredLeague {
  id: string;
  guildId: string;
  name: string;
  status: LeagueStatus;
  version: number;
  snapshot: unknown;
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
}

/** One of a league's entries, numbered from 1 in the order written. */
export interface LeagueEntry {
  leagueId: string;
  seq: number;
  type: string;
  payload: unknown;
  actor: string | null;
  at: Date;
}

/**
 * Timers a league write opens (a timed round's): kept in the awaiting index beside the games' decisions
 * (AwaitedDecision, the league's id in `gameId`, `key` in `decisionId`, awaiting no one user), so that the
 * reminders' scheduler finds them due and claims each once as it does a game's (dueTimers, markTimerSent).
 * They open at the write's time, none sent; the application reads `kind` to tell them from a game's.
 */
export interface LeagueTimers {
  /** What they time, unique in the league ('round:2'). */
  key: string;
  kind: string;
  channelId: string;
  timers: { remindAt: Date; warnAt: Date; deadlineAt: Date };
}

export type LeagueWrite =
  | { ok: true; league: StoredLeague; entries: LeagueEntry[] }
  | { ok: false; reason: 'version_conflict' | 'duplicate_interaction' | 'name_taken' };

/**
 * The servers' leagues. The store knows no league rules (store-is-a-leaf): snapshots and payloads are
 * JSON it keeps as given. Writes are an organiser's commands, rare: each is one transaction.
 */
export interface LeagueStore {
  /** name unique per server, compared case-insensitively and trimmed ('name_taken'); id generated when absent (random, url-safe, unguessable: it is also the web page's address). Stores entries seq 1.. and the snapshot, version 1. */
  createLeague(input: { id?: string; guildId: string; name: string; createdBy: string; snapshot: unknown; entries: NewEvent[]; interactionId?: string }): Promise<LeagueWrite>;
  getLeague(id: string): Promise<StoredLeague | null>;
  findLeague(guildId: string, name: string): Promise<StoredLeague | null>;
  /** the server's leagues, open ones first, then newest first */
  listLeagues(guildId: string): Promise<StoredLeague[]>;
  /**
   * compare-and-swap on version, like appendEvents; interactionId receipt in the same transaction (reuse the InteractionReceipt table);
   * `timers` opened in the awaiting index in the same transaction too (LeagueTimers)
   */
  appendLeagueEntries(input: { leagueId: string; expectedVersion: number; entries: NewEvent[]; snapshot: unknown; status?: LeagueStatus; interactionId?: string; timers?: LeagueTimers[] }): Promise<LeagueWrite>;
  listLeagueEntries(leagueId: string): Promise<LeagueEntry[]>;
  /** a channel (or thread) linked to a league: games finished there report to it; one league per channel; null unlinks */
  linkChannel(channelId: string, leagueId: string | null): Promise<void>;
  leagueOfChannel(channelId: string): Promise<string | null>;
  /** a game named for a league at /game new (optionally for a round) */
  linkGame(gameId: string, leagueId: string): Promise<void>;
  leagueOfGame(gameId: string): Promise<string | null>;
}

/**
 * The columns of a ModelProfile row: what a system's model profile carries (the Malifaux system's
 * `ModelProfile` fits). Lists are kept as JSON text.
 */
export interface ModelProfileFields {
  name: string;
  title: string | null;
  station: string;
  stationLimit: number | null;
  totemOf: string | null;
  insignificant: boolean;
  versatile: boolean;
  factions: readonly string[];
  keywords: readonly string[];
  cost: number | null;
  health: number;
  base: number;
  df: number;
  wp: number;
  sz: number;
  mv: number;
  soulstoneUser: boolean | null;
}

/** The columns of an UpgradeProfile row; `restrictions` is kept as JSON text, checked by the codec. */
export interface UpgradeProfileFields {
  name: string;
  cost: number;
  factions: readonly string[];
  plentiful: number | null;
  special: boolean;
  restrictions: readonly unknown[];
}

/**
 * How the system that owns the profiles checks and keys them (the Malifaux system's
 * `modelTableCodec`, crews/table-codec.ts: its zod schemas, `profileKey` and `nameKey`).
 */
export interface ModelTableCodec<Model extends ModelProfileFields, Upgrade extends UpgradeProfileFields> {
  /** A row's fields as read, checked: throws when they are not a valid profile. */
  parseModel(fields: unknown): Model;
  parseUpgrade(fields: unknown): Upgrade;
  /** The key a model profile is stored and found under (unique per server). */
  modelKey(model: Model): string;
  upgradeKey(upgrade: Upgrade): string;
  /** What typed text is turned into before it is compared with the start of model keys (autocomplete). */
  searchKey(prefix: string): string;
}

/** Everything a server's users entered, in key order. */
export interface StoredModelTable<Model, Upgrade> {
  models: Model[];
  upgrades: Upgrade[];
}

/** Discord shows at most 25 autocomplete choices. */
export const MODEL_SEARCH_LIMIT = 25;

/**
 * A server's model table. Every profile read is checked with the codec: a row that does not pass (or
 * whose key is not its profile's key) makes the read throw, naming the row; it is never handed out as is.
 */
export interface ModelTableStore<Model, Upgrade> {
  modelTable(guildId: string): Promise<StoredModelTable<Model, Upgrade>>;
  /** Inserts or replaces each profile under its key, all in one transaction (of two with one key, the later wins). */
  saveModelProfiles(guildId: string, profiles: readonly Model[], userId: string): Promise<void>;
  saveUpgradeProfiles(guildId: string, upgrades: readonly Upgrade[], userId: string): Promise<void>;
  /** false when the server had no profile under that key. */
  deleteModelProfile(guildId: string, key: string): Promise<boolean>;
  deleteUpgradeProfile(guildId: string, key: string): Promise<boolean>;
  /**
   * The server's model profiles whose key starts with the key of `prefix` (so case, accents and
   * punctuation do not count), in key order, at most `limit` and never more than MODEL_SEARCH_LIMIT.
   */
  searchModelProfiles(guildId: string, prefix: string, limit?: number): Promise<Model[]>;
}
