/**
 * Undo, fairly (UNDO-1..3 in README.md). The platform takes actions back by leaving them out of the replay;
 * what the players saw in them cannot be taken back with them. Put back where the undone actions found
 * them, the cards drawn or flipped would sit on top of their deck in a known order, and the shuffle counter
 * would rewind so the same shuffle of the seed's stream would be dealt again. So an undo is followed by its
 * amends, decided here from the state before the first action taken back and every event dealt since:
 *
 * - UNDO-1: a card that left a deck in those events (drawn or flipped: someone saw it) and is back in that
 *   deck goes to its owner's discard, face up, instead (`SeenCardsKeptOut.discarded`);
 * - UNDO-2: a hand card the table saw in them (cheated, paid, discarded, revealed) that is back in the hand
 *   stays revealed (LOC-10: `revealed`);
 * - UNDO-3: each deck's shuffle count stays at the number of shuffles already dealt (`shuffles`): no index
 *   of the stream is ever dealt twice. A deck the amends leave empty is reshuffled at once (LOC-3), with the
 *   next index, and the event says so.
 *
 * An end asked for (or taken back) is never undone: /game end has its own take-back.
 */
import type { CardCode } from './cards.js';
import type { Result, RuleError } from './errors.js';
import { fail, ok } from './errors.js';
import type { ActiveState, GameEvent, GameState, Seat } from './schema.js';
import { needsReshuffle, shuffleEvent } from './fateDeck.js';
import { Fold } from './evolve.js';
import type { Decision } from './game.js';

const SEATS: readonly Seat[] = [0, 1];

/** Hand cards an event showed the table. */
function shownFromHand(e: GameEvent, seat: Seat): readonly CardCode[] {
  if (!('seat' in e) || e.seat !== seat) return [];
  switch (e.type) {
    case 'FateCheated':
      return [e.card];
    case 'TriggerCostPaid':
    case 'CardsDiscarded':
    case 'CardsRevealed':
      return e.cards;
    default:
      return [];
  }
}

/** Could these events be undone at all? An end (asked, taken back or final) is not an action to undo. */
export function crossesAnEnd(before: GameState, since: readonly GameEvent[]): boolean {
  return (before.status === 'active' && before.ending !== undefined) || since.some((e) => e.type === 'EndRequested' || e.type === 'EndTakenBack' || e.type === 'GameEnded');
}

/**
 * The events that follow taking back every event of `since` (all dealt after `before`, in order: the
 * actions taken back and anything an earlier undo already took back), and the state they lead to from
 * `before`. No events when taking them back hides nothing.
 */
export function undoAmends(before: GameState, since: readonly GameEvent[]): Result<Decision, RuleError> {
  if (before.status === 'new') return fail('GAME_NOT_STARTED');
  if (before.status === 'ended') return fail('GAME_ENDED');
  if (crossesAnEnd(before, since)) return fail('UNDO_PAST_END');
  const out: GameEvent[] = [];
  const fold = new Fold(before);
  const apply = (e: GameEvent) => {
    out.push(e);
    fold.apply(e);
  };
  for (const seat of SEATS) {
    const zones = before.seats[seat];
    const seen = new Set<CardCode>();
    const shown = new Set<CardCode>();
    let shuffles = zones.shuffles;
    for (const e of since) {
      if ((e.type === 'CardsDrawn' || e.type === 'CardsFlipped') && e.seat === seat) for (const c of e.cards) seen.add(c);
      if (e.type === 'DeckShuffled' && e.seat === seat) shuffles = Math.max(shuffles, e.index + 1);
      for (const c of shownFromHand(e, seat)) shown.add(c);
    }
    // Top first: the order they were about to be dealt in.
    const discarded = zones.deck.filter((c) => seen.has(c));
    const revealed = zones.hand.filter((c) => shown.has(c) && !zones.revealedInHand.includes(c));
    if (discarded.length === 0 && revealed.length === 0 && shuffles === zones.shuffles) continue;
    apply({ type: 'SeenCardsKeptOut', seat, discarded, revealed, shuffles });
  }
  // LOC-3: a deck emptied by the amends is reshuffled at once, from the next index of its stream.
  for (const seat of SEATS) {
    const s = fold.state as ActiveState;
    if (needsReshuffle(s.seats[seat])) apply(shuffleEvent(s, seat, 'reshuffle'));
  }
  return ok({ events: out, state: fold.state });
}
