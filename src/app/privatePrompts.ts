/**
 * The DMs this process sent that still carry live controls: a private decision (cheat, discard down)
 * asked by DM. When that decision is settled some other way — answered from the ephemeral "My hand"
 * view, undone, or the game ended — or a newer DM replaces it, the old DM's controls are taken away, so
 * a player reading their DMs never finds a select menu that only answers "this button is stale".
 *
 * Kept in memory: a prompt sent by another instance of the bot, or before a restart, keeps its controls,
 * and a click on them is still checked against the database and refused as stale. Nothing here decides
 * anything.
 */
import type { DiscordOutbox } from '../discord/contract.js';

export interface LivePrompt {
  channelId: string;
  messageId: string;
  decisionId: string;
}

const MAX_LIVE_PROMPTS = 10_000;

export class PrivatePrompts {
  private readonly live = new Map<string, LivePrompt>();

  /** The live prompt of this seat if its decision is no longer `pendingId` (forgotten once returned). */
  settled(gameId: string, seat: number, pendingId: string | null): LivePrompt | undefined {
    const key = `${gameId}:${seat}`;
    const prompt = this.live.get(key);
    if (prompt === undefined || prompt.decisionId === pendingId) return undefined;
    this.live.delete(key);
    return prompt;
  }

  /** Records a DM just sent; returns the live prompt it replaces, if any (forgotten). */
  sent(gameId: string, seat: number, dm: { channelId: string; messageId: string }, decisionId: string | null): LivePrompt | undefined {
    const key = `${gameId}:${seat}`;
    const previous = this.live.get(key);
    this.live.delete(key);
    if (decisionId !== null) {
      if (this.live.size >= MAX_LIVE_PROMPTS) this.live.delete(this.live.keys().next().value as string);
      this.live.set(key, { ...dm, decisionId });
    }
    return previous;
  }
}

const ledgers = new WeakMap<DiscordOutbox, PrivatePrompts>();

/** One ledger per outbox (per bot). */
export function privatePromptsOf(outbox: DiscordOutbox): PrivatePrompts {
  let ledger = ledgers.get(outbox);
  if (ledger === undefined) ledgers.set(outbox, (ledger = new PrivatePrompts()));
  return ledger;
}
