/**
 * Shuffle verification (DESIGN "Fair shuffles you can check"): with the seed revealed at the end, re-run
 * every shuffle and compare with the orders recorded in the log; also check that the seed matches the
 * commitment published at the start, that each shuffle had the cards it should have had, and that every
 * card drawn or flipped came from the top of the deck.
 */
import type { CardCode } from './cards.js';
import { sortCanonical } from './cards.js';
import type { GameEvent, GameState, Seat } from './schema.js';
import { seedCommitment, shuffleCards } from './rng.js';
import { evolve, initialState } from './game.js';

export interface ShuffleCheck {
  seat: Seat;
  index: number;
  ok: boolean;
}

export interface Verification {
  ok: boolean;
  shuffles: ShuffleCheck[];
  problem?: string;
}

const sameList = (a: readonly CardCode[], b: readonly CardCode[]): boolean => a.length === b.length && a.every((c, i) => c === b[i]);

export function verifyShuffles(seed: string, events: readonly GameEvent[]): Verification {
  const key = seed.toLowerCase();
  const shuffles: ShuffleCheck[] = [];
  const problems: string[] = [];
  let state: GameState = initialState;
  events.forEach((e, n) => {
    if (e.type === 'GameStarted' && e.seedCommitment !== seedCommitment(key)) problems.push(`event ${n}: the seed does not match the commitment`);
    if (e.type === 'DeckShuffled') {
      // Before GameStarted there are no cards to shuffle: no shuffle can be right.
      const z = state.status === 'new' ? null : state.seats[e.seat];
      const redo = shuffleCards(key, e.seat, e.index, e.order);
      const ok = z !== null && e.index === z.shuffles && sameList(sortCanonical([...z.deck, ...z.discard]), sortCanonical(e.order)) && sameList(redo.order, e.order) && redo.cut === e.cut;
      if (!ok) problems.push(`event ${n}: shuffle ${e.index} of seat ${e.seat} differs`);
      shuffles.push({ seat: e.seat, index: e.index, ok });
    }
    if ((e.type === 'CardsDrawn' || e.type === 'CardsFlipped') && state.status === 'active') {
      if (!sameList(state.seats[e.seat].deck.slice(0, e.cards.length), e.cards)) problems.push(`event ${n}: cards not taken from the top of the deck`);
    }
    state = evolve(state, e);
  });
  const result: Verification = { ok: problems.length === 0 && shuffles.length > 0, shuffles };
  if (problems.length > 0) result.problem = problems.join('; ');
  else if (shuffles.length === 0) result.problem = 'no shuffle in the log';
  return result;
}
