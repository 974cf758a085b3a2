/**
 * The last hand this process DMed to each seat of each game, and whether it carries live controls (a
 * decision asked by DM: every decision is, with the hand beside it).
 *
 * - When that decision is settled some other way (answered from the ephemeral "My hand" view, undone, the
 *   game ended), the DM's controls are taken away, so a player reading their DMs never finds a select
 *   menu that only answers "this button is stale".
 * - When a newer hand is DMed, the older one is marked as such (and loses any controls): over days of
 *   play-by-post, a DM list full of hands must say which one is current.
 *
 * Kept in memory: a DM sent by another instance of the bot, or before a restart, stays as it is, and a
 * click on its controls is still checked against the database and refused as stale. Nothing here decides
 * anything.
 */
import type { DiscordOutbox } from '../contract.js';
import { perObject } from '../../app/perObject.js';

export interface SentHand {
  channelId: string;
  messageId: string;
  /** The decision whose controls it carries, or null (none, or already taken away). */
  decisionId: string | null;
  /** Its controls were taken away (and it says so): no need to mark it again when a newer hand comes. */
  closed: boolean;
}

const MAX_TRACKED = 10_000;

export class PrivatePrompts {
  private readonly last = new Map<string, SentHand>();

  /** This seat's last DM if it carries the controls of a decision other than `pendingId` (which are then forgotten). */
  settled(gameId: string, seat: number, pendingId: string | null): SentHand | undefined {
    const dm = this.last.get(`${gameId}:${seat}`);
    if (dm === undefined || dm.decisionId === null || dm.decisionId === pendingId) return undefined;
    const live = { ...dm };
    dm.decisionId = null;
    dm.closed = true;
    return live;
  }

  /**
   * Records a DM just sent (or a clicked DM just updated in place); returns the one it replaces, if any.
   * `closed`: it already reads as a past step (a decision answered in it, nothing left to answer), so a
   * newer DM need not mark it as older.
   */
  sent(gameId: string, seat: number, dm: { channelId: string; messageId: string }, decisionId: string | null, closed = false): SentHand | undefined {
    const key = `${gameId}:${seat}`;
    const previous = this.last.get(key);
    this.last.delete(key);
    if (this.last.size >= MAX_TRACKED) this.last.delete(this.last.keys().next().value as string);
    this.last.set(key, { channelId: dm.channelId, messageId: dm.messageId, decisionId, closed });
    return previous;
  }

  /** The game is over: forgets its DMs, returning each seat's that still carries controls. */
  ended(gameId: string, seats: number): { seat: number; dm: SentHand }[] {
    const live: { seat: number; dm: SentHand }[] = [];
    for (let seat = 0; seat < seats; seat++) {
      const dm = this.last.get(`${gameId}:${seat}`);
      this.last.delete(`${gameId}:${seat}`);
      if (dm !== undefined && dm.decisionId !== null) live.push({ seat, dm });
    }
    return live;
  }
}

/** One ledger per outbox (per bot). */
export const privatePromptsOf = perObject<DiscordOutbox, PrivatePrompts>(() => new PrivatePrompts());
