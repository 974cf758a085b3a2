/**
 * The channel messages that announce a decision ("Waiting for Bob: cheat fate or not. The choice is in
 * their DMs…"). Every decision is answered elsewhere (a DM, "My hand"), so once it is settled — or undone,
 * or the game ended — its announcement is marked done here, and the channel never shows someone as
 * awaited after they decided.
 *
 * Kept in memory, best effort: an announcement made before a restart or by another instance stays as it
 * is, and the newer messages tell the story anyway.
 */
import type { APIEmbed } from 'discord-api-types/v10';
import type { DiscordOutbox } from '../contract.js';
import { perObject } from '../../app/perObject.js';

export interface PublicWait {
  channelId: string;
  messageId: string;
  decisionId: string;
  /** The message's content as posted, and the part of it that says who is awaited. */
  content: string;
  waiting: string;
  /** What that part becomes once the decision is settled. */
  answered: string;
  /** The message's embeds as posted (public text only), recoloured from "waiting" once it is settled. */
  embeds: APIEmbed[];
  /** The system's colours: an embed in `waitingColor` turns `neutralColor` once settled. */
  waitingColor: number;
  neutralColor: number;
}

const MAX_TRACKED = 10_000;

export class PublicWaits {
  /** Per game: the announcements of its pending private decision (another action may repeat it). */
  private readonly waits = new Map<string, PublicWait[]>();

  announced(gameId: string, wait: PublicWait): void {
    const same = (this.waits.get(gameId) ?? []).filter((w) => w.decisionId === wait.decisionId);
    this.waits.delete(gameId);
    if (this.waits.size >= MAX_TRACKED) this.waits.delete(this.waits.keys().next().value as string);
    this.waits.set(gameId, [...same, wait]);
  }

  /** The announcements of a decision other than `pendingId` (settled), forgotten once returned. */
  settled(gameId: string, pendingId: string | null): PublicWait[] {
    const waits = this.waits.get(gameId) ?? [];
    const done = waits.filter((w) => w.decisionId !== pendingId);
    if (done.length === 0) return [];
    const open = waits.filter((w) => w.decisionId === pendingId);
    if (open.length) this.waits.set(gameId, open);
    else this.waits.delete(gameId);
    return done;
  }
}

/** One ledger per outbox (per bot). */
export const publicWaitsOf = perObject<DiscordOutbox, PublicWaits>(() => new PublicWaits());
