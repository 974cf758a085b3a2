/**
 * The public picture of where the game stands: pools, hand sizes, the flip or duel under way, who must
 * act — and /game status, that picture for one asker, with their own hand when they hold a seat.
 */
import type { APIEmbed, APIEmbedField } from 'discord-api-types/v10';
import type { FlipState, PendingDecision, PrivateView, PublicDecision, PublicView } from '../engine/index.js';
import type { Translate } from '../../../i18n/index.js';
import type { Message, StatusClock } from '../../contract.js';
import { card, cardName, cards, fate } from './cards.js';
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

/** Whom the table waits for, and since when: the log's clock when the platform knows it, else the game's step. */
function waitingSince(t: Translate, table: Table, pending: PublicDecision, clock: StatusClock): string {
  const params = { name: `<@${table.seats[pending.seat].userId}>`, decision: describeDecision(t, pending) };
  const opened = clock.opened.get(pending.id);
  if (!opened) return t('status.waitingStep', { ...params, step: pending.since });
  return t('status.waiting', { ...params, when: `<t:${Math.floor(opened.at.getTime() / 1000)}:R>`, entry: opened.entry });
}

/** A seat as everyone may know it: counts, the cards its hand showed (LOC-10), the top of its discard pile. */
function seatField(t: Translate, seat: Table['seats'][number]): APIEmbedField {
  const top = seat.discard.at(-1);
  const lines = [
    t('status.seat', { soulstones: seat.soulstones, hand: seat.handCount, deck: seat.deckCount, discard: seat.discard.length }),
    ...(seat.revealedInHand.length ? [t('status.revealed', { cards: cards(seat.revealedInHand) })] : []),
    ...(top ? [t('status.topDiscard', { card: card(top) })] : []),
  ];
  return { name: seat.name, value: lines.join('\n'), inline: true };
}

function optionsInForce(t: Translate, table: Table): APIEmbedField {
  const lines = [t('status.handLimit', { limit: table.options.handLimit }), t(table.options.preventAndReduce ? 'status.preventAndReduce.on' : 'status.preventAndReduce.off')];
  return { name: t('status.options'), value: lines.join('\n') };
}

/** The asker's own part: their hand, and their decision if the table waits for them. Only ever in their reply. */
function mineEmbed(t: Translate, mine: Exclude<PrivateView, { status: 'new' }>): APIEmbed {
  const hand = mine.hand.length ? mine.hand.map((c) => `• ${cardName(t, c)}`).join('\n') : t('hand.empty');
  const decision = mine.status === 'active' && mine.decision ? [t('status.yourDecision', { decision: describeDecision(t, mine.decision) })] : [];
  return {
    title: t('hand.title', { count: mine.hand.length }),
    description: [hand, ...decision].join('\n\n'),
    color: decision.length ? COLOR.waiting : COLOR.neutral,
  };
}

/**
 * /game status: the public state everyone may know, for one asker, and their own hand when they hold a
 * seat (`mine`, their private view). The public embed is built from the public view alone.
 */
export function statusMessage(t: Translate, view: PublicView, mine: PrivateView | null, clock: StatusClock): Message {
  if (view.status === 'new') return { content: t('help.noGame'), allowed_mentions: { parse: [] } };
  const state = view.status === 'ended' ? t('status.over') : view.pending ? waitingSince(t, view, view.pending, clock) : t('status.idle');
  const onTable = view.status === 'active' ? resolutionLines(t, view) : [];
  const table: APIEmbed = {
    title: t('status.title', { a: view.seats[0].name, b: view.seats[1].name }),
    description: state,
    color: view.status === 'ended' ? COLOR.ended : view.pending ? COLOR.waiting : COLOR.neutral,
    fields: [
      ...view.seats.map((seat) => seatField(t, seat)),
      ...(onTable.length ? [{ name: t('status.onTheTable'), value: onTable.join('\n').slice(0, 1024) }] : []),
      optionsInForce(t, view),
    ],
    footer: { text: t('status.legend') },
  };
  const own = mine && mine.status !== 'new' ? mineEmbed(t, mine) : null;
  return {
    ...(own ? {} : { content: t('status.spectator') }),
    embeds: own ? [table, own] : [table],
    allowed_mentions: { parse: [] },
  };
}
