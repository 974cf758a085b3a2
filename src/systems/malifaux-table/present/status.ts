/** The public picture of where the game stands: pools, hand sizes, the flip or duel under way, who must act. */
import type { APIEmbed } from 'discord-api-types/v10';
import type { FlipState, PendingDecision, PublicView } from '../engine/index.js';
import type { Translate } from '../../../i18n/index.js';
import { card, cards, fate } from './cards.js';
import { describeDecision } from './prompts.js';

/**
 * What the public presenters read: the engine's public view, never the state itself — a hand or a deck
 * order is not even reachable from here, so no public message can print one.
 */
export type Table = Exclude<PublicView, { status: 'new' }>;

export const COLOR = { neutral: 0x5865f2, success: 0x3ba55d, failure: 0xed4245, waiting: 0xfaa61a, ended: 0x747f8d } as const;

function flipLine(t: Translate, table: Table, flip: FlipState): string {
  const name = table.seats[flip.seat].name;
  const parts = [t('status.flip', { name, slot: t(`slot.${flip.slot}`), fate: fate(flip.net), cards: cards(flip.revealed) })];
  if (flip.taken) parts.push(t('status.taken', { card: card(flip.taken, flip.redJokerSuit) }));
  if (flip.cheat?.outcome === 'cheated') parts.push(t('status.cheatedWith', { card: card(flip.cheat.card, flip.redJokerSuit) }));
  return parts.join(' · ');
}

/** Seats as a one-line summary each: pool, hand size, deck size. Counts only — never a hand's content. */
export function seatsField(t: Translate, table: Table): APIEmbed['fields'] {
  return table.seats.map((seat) => ({
    name: seat.name,
    value: t('status.seat', { soulstones: seat.soulstones, hand: seat.handCount, deck: seat.deckCount, discard: seat.discard.length }),
    inline: true,
  }));
}

export function resolutionLines(t: Translate, table: Table): string[] {
  const r = table.resolution;
  if (!r) return [];
  return r.flips.filter((f) => f.revealed.length > 0).map((f) => flipLine(t, table, f));
}

/** Anything that knows who sits where: the public table, or the state itself. */
export type Seated = { seats: readonly { userId: string }[] };

export function waitingLine(t: Translate, table: Seated, decision: Pick<PendingDecision, 'kind' | 'seat'> | null): string | null {
  if (!decision) return null;
  return t('prompt.waiting', { name: `<@${table.seats[decision.seat]!.userId}>`, decision: describeDecision(t, decision) });
}
