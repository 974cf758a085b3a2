/**
 * Shuffle verification (README "Shuffles", LOC-3, LOC-4, SETUP-10): what verifyShuffles accepts and, for
 * each way a log could lie about a shuffle or a deal, the one problem it reports.
 */
import { describe, expect, it } from 'vitest';
import type { CardCode } from './cards.js';
import { sortCanonical } from './cards.js';
import { decide, initialState } from './game.js';
import { shuffleCards } from './rng.js';
import type { GameEvent } from './schema.js';
import { P0, P1, SEED, Scenario, startCommand } from './testkit.js';
import { verifyShuffles } from './verify.js';

type Shuffled = Extract<GameEvent, { type: 'DeckShuffled' }>;

/**
 * A log as decide deals it from SEED: the two setup shuffles, then Alice flips (net +3, first legal card)
 * until her deck runs out and her discard is reshuffled (LOC-3), then Bob draws two cards.
 */
function dealtLog(): GameEvent[] {
  const started = decide(initialState, startCommand(), P0);
  if (!started.ok) throw new Error(started.error.code);
  let s = new Scenario(started.value, [], true);
  while (!s.events.some((e) => e.type === 'DeckShuffled' && e.reason === 'reshuffle')) {
    s = s.do({ type: 'flip', modifier: 3 }, P0);
    const d = s.pending;
    if (d?.kind === 'pick') s = s.answer(d.legal[0] as string);
  }
  return [...s.do({ type: 'draw', count: 2 }, P1).events];
}

const log = dealtLog();
const reshuffleAt = log.findIndex((e) => e.type === 'DeckShuffled' && e.reason === 'reshuffle');
const reshuffle = log[reshuffleAt] as Shuffled;
const drawnAt = log.findIndex((e) => e.type === 'CardsDrawn');

/** The log up to and including the reshuffle, with the reshuffle replaced (nothing dealt after it). */
function withReshuffle(change: (e: Shuffled) => Shuffled): GameEvent[] {
  return [...log.slice(0, reshuffleAt), change(structuredClone(reshuffle))];
}

/** A reshuffle of `cards` as index `index` honestly computed from the seed: only its inputs are wrong. */
function recomputed(e: Shuffled, index: number, cards: readonly CardCode[]): Shuffled {
  const { order, cut } = shuffleCards(SEED, e.seat, index, cards);
  return { ...e, index, order, cut };
}

describe('verifyShuffles', () => {
  it('LOC-3, LOC-4: an honest log passes, with one check per shuffle: both setups, then Alice’s first reshuffle', () => {
    expect(reshuffle).toMatchObject({ seat: 0, index: 1 });
    expect(log[drawnAt]).toMatchObject({ type: 'CardsDrawn', seat: 1 });
    expect(verifyShuffles(SEED, log)).toEqual({
      ok: true,
      shuffles: [
        { seat: 0, index: 0, ok: true },
        { seat: 1, index: 0, ok: true },
        { seat: 0, index: 1, ok: true },
      ],
    });
  });

  it('the seed may be given in upper case: it is the same 32 bytes, and its commitment is taken of the lowercase text', () => {
    expect(SEED.toUpperCase()).not.toBe(SEED);
    expect(verifyShuffles(SEED.toUpperCase(), log)).toEqual(verifyShuffles(SEED, log));
  });

  it('another seed fails the commitment of GameStarted and every shuffle', () => {
    const v = verifyShuffles('f'.repeat(64), log);
    expect(v.ok).toBe(false);
    expect(v.shuffles).toEqual([
      { seat: 0, index: 0, ok: false },
      { seat: 1, index: 0, ok: false },
      { seat: 0, index: 1, ok: false },
    ]);
    expect(v.problem).toBe(
      [
        'event 0: the seed does not match the commitment',
        'event 1: shuffle 0 of seat 0 differs',
        'event 2: shuffle 0 of seat 1 differs',
        `event ${reshuffleAt}: shuffle 1 of seat 0 differs`,
      ].join('; '),
    );
  });

  it('LOC-4: a reshuffle that moved two cards after the re-run fails (its order is not the seed’s)', () => {
    const v = verifyShuffles(
      SEED,
      withReshuffle((e) => {
        [e.order[0], e.order[1]] = [e.order[1] as CardCode, e.order[0] as CardCode];
        return e;
      }),
    );
    expect(v).toEqual({ ok: false, shuffles: [...verifyShuffles(SEED, log).shuffles.slice(0, 2), { seat: 0, index: 1, ok: false }], problem: `event ${reshuffleAt}: shuffle 1 of seat 0 differs` });
  });

  it('LOC-4: a reshuffle whose recorded cut is not the seed’s fails, even with the seed’s order', () => {
    const v = verifyShuffles(SEED, withReshuffle((e) => ({ ...e, cut: e.cut + 1 })));
    expect(v.shuffles[2]).toEqual({ seat: 0, index: 1, ok: false });
    expect(v.problem).toBe(`event ${reshuffleAt}: shuffle 1 of seat 0 differs`);
  });

  it('a reshuffle numbered out of turn fails, though its order is the seed’s for that number: a seat’s shuffles go 0, 1, 2…', () => {
    for (const index of [0, 2]) {
      const v = verifyShuffles(SEED, withReshuffle((e) => recomputed(e, index, e.order)));
      expect(v.shuffles[2]).toEqual({ seat: 0, index, ok: false });
      expect(v.problem).toBe(`event ${reshuffleAt}: shuffle ${index} of seat 0 differs`);
    }
  });

  it('LOC-3: a reshuffle of other cards than the deck and the discard held fails, though its order is the seed’s for those cards', () => {
    const pool = sortCanonical(reshuffle.order);
    const last = pool.at(-1) as CardCode;
    // One card kept out (a discarded card that never comes back), or one dealt twice: the last card of the
    // sorted pool, so that the sorted lists agree everywhere but in their length.
    for (const cards of [pool.slice(0, -1), [...pool, last]]) {
      const v = verifyShuffles(SEED, withReshuffle((e) => recomputed(e, 1, cards)));
      expect(v.shuffles[2]).toEqual({ seat: 0, index: 1, ok: false });
      expect(v.problem).toBe(`event ${reshuffleAt}: shuffle 1 of seat 0 differs`);
    }
  });

  it('LOC-11: a draw that took other cards than the top of the deck fails, and names its event', () => {
    const altered = structuredClone(log);
    const drawn = altered[drawnAt] as Extract<GameEvent, { type: 'CardsDrawn' }>;
    const deck = new Scenario(log.slice(0, drawnAt), [], true).active.seats[1].deck;
    expect(drawn.cards).toEqual(deck.slice(0, 2));
    drawn.cards = [deck[0] as CardCode, deck[2] as CardCode];
    expect(verifyShuffles(SEED, altered)).toMatchObject({ ok: false, problem: `event ${drawnAt}: cards not taken from the top of the deck` });
  });

  it('FLIP-1: a flip that revealed other cards than the top of the deck fails, and names its event', () => {
    const flippedAt = log.findIndex((e) => e.type === 'CardsFlipped');
    const flipped = structuredClone(log[flippedAt]) as Extract<GameEvent, { type: 'CardsFlipped' }>;
    const deck = new Scenario(log.slice(0, flippedAt), [], true).active.seats[0].deck;
    expect(flipped.cards).toEqual(deck.slice(0, 4)); // net +3: four cards (FLIP-3)
    flipped.cards = deck.slice(1, 5);
    // Nothing dealt after it: only the flip itself can give it away.
    const v = verifyShuffles(SEED, [...log.slice(0, flippedAt), flipped]);
    expect(v).toEqual({ ok: false, shuffles: verifyShuffles(SEED, log).shuffles.slice(0, 2), problem: `event ${flippedAt}: cards not taken from the top of the deck` });
  });

  it('a log without any shuffle proves nothing: it fails, saying so', () => {
    expect(verifyShuffles(SEED, log.slice(0, 1))).toEqual({ ok: false, shuffles: [], problem: 'no shuffle in the log' });
    expect(verifyShuffles(SEED, [])).toEqual({ ok: false, shuffles: [], problem: 'no shuffle in the log' });
  });

  it('a log that lacks its GameStarted fails (there were no cards to shuffle), and is reported, not thrown', () => {
    const headless = log.slice(1, drawnAt + 1);
    const v = verifyShuffles(SEED, headless);
    expect(v.ok).toBe(false);
    expect(v.shuffles.map((c) => c.ok)).toEqual([false, false, false]);
    expect(v.problem).toBe(['event 0: shuffle 0 of seat 0 differs', 'event 1: shuffle 0 of seat 1 differs', `event ${reshuffleAt - 1}: shuffle 1 of seat 0 differs`].join('; '));
  });
});
