/**
 * What the application needs from storage. Implemented with Prisma on SQLite (embedded default)
 * and on PostgreSQL; the application never sees which.
 *
 * Events are append-only. A write appends events, replaces the snapshot and bumps the version in one
 * transaction, guarded by compare-and-swap on the version the caller loaded.
 */
export type GameStatus = 'active' | 'ended';

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
  }): Promise<AppendResult>;
  listEvents(gameId: string): Promise<StoredEvent[]>;
  /** The message a game keeps in `slot`, if any. */
  getGameMessage(gameId: string, slot: string): Promise<GameMessageRef | null>;
  /** Records (or replaces) the message a game keeps in its slot. */
  saveGameMessage(ref: GameMessageRef): Promise<void>;

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

  close(): Promise<void>;
}
