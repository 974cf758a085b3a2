/** The shuffle generator and shuffle verification (LOC-4, DESIGN "fair shuffles you can check"). */
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { freshDeck, sortCanonical } from './cards.js';
import { ShuffleStream, isValidSeed, seedCommitment, shuffleCards } from './rng.js';
import { verifyShuffles } from './verify.js';
import { decide, evolve, initialState } from './game.js';
import type { GameEvent, GameState } from './schema.js';
import { P0, SEED, Scenario, actorOf, startCommand } from './testkit.js';
import { pendingDecision, decisionChoices, commandForChoice } from './decisions.js';

/** An independent implementation written from README.md "Shuffles", to pin the documented algorithm. */
function readmeShuffle(seedHex: string, seat: number, index: number, cards: string[]): { order: string[]; cut: number } {
  const key = Buffer.from(seedHex, 'hex');
  let k = 0;
  const word = (): number => {
    const block = Math.floor(k / 8);
    const digest = createHmac('sha256', key).update(`fatekeeper/shuffle/${seat}/${index}/${block}`).digest();
    const w = digest.readUInt32BE((k % 8) * 4);
    k++;
    return w;
  };
  const int = (m: number): number => {
    if (m === 1) return 0;
    const limit = 2 ** 32 - (2 ** 32 % m);
    for (;;) {
      const w = word();
      if (w < limit) return w % m;
    }
  };
  // Fresh-deck order, spelled out from the README rather than taken from cards.ts.
  const canon = [...'RMCT'].flatMap((suit) => Array.from({ length: 13 }, (_, v) => `${v + 1}${suit}`)).concat('RJ', 'BJ');
  const a = [...cards].sort((x, y) => canon.indexOf(x) - canon.indexOf(y));
  for (let i = a.length - 1; i > 0; i--) {
    const j = int(i + 1);
    [a[i], a[j]] = [a[j] as string, a[i] as string];
  }
  if (a.length < 2) return { order: a, cut: 0 };
  const c = 1 + int(a.length - 1);
  return { order: [...a.slice(c), ...a.slice(0, c)], cut: c };
}

describe('rng', () => {
  it('the commitment is SHA-256 of the seed text', () => {
    expect(seedCommitment(SEED)).toBe(createHash('sha256').update(SEED).digest('hex'));
  });

  it('shuffles follow the documented algorithm exactly, whatever the input order', () => {
    const deck = freshDeck();
    for (const [seat, index] of [
      [0, 0],
      [1, 0],
      [0, 7],
    ] as const) {
      expect(shuffleCards(SEED, seat, index, deck)).toEqual(readmeShuffle(SEED, seat, index, deck));
    }
    const some = ['9T', 'RJ', '1R', '13C', '4M'];
    expect(shuffleCards(SEED, 1, 3, some)).toEqual(shuffleCards(SEED, 1, 3, [...some].reverse()));
    expect(shuffleCards(SEED, 1, 3, some)).toEqual(readmeShuffle(SEED, 1, 3, some));
    expect(shuffleCards(SEED, 0, 0, ['5R'])).toEqual({ order: ['5R'], cut: 0 });
  });

  it('each shuffle is a permutation, and seat, index and seed all change it', () => {
    const a = shuffleCards(SEED, 0, 0, freshDeck());
    expect(sortCanonical(a.order)).toEqual(freshDeck());
    expect(shuffleCards(SEED, 1, 0, freshDeck()).order).not.toEqual(a.order);
    expect(shuffleCards(SEED, 0, 1, freshDeck()).order).not.toEqual(a.order);
    expect(shuffleCards('f'.repeat(64), 0, 0, freshDeck()).order).not.toEqual(a.order);
  });

  it('SETUP-10: a seed is exactly 64 lowercase hex characters (32 bytes), nothing before or after', () => {
    expect(isValidSeed(SEED)).toBe(true);
    expect(isValidSeed('f'.repeat(64))).toBe(true);
    expect(isValidSeed(SEED.slice(1))).toBe(false);
    expect(isValidSeed(`${SEED}0`)).toBe(false);
    expect(isValidSeed(`x${SEED}`)).toBe(false);
    expect(isValidSeed(`${SEED}x`)).toBe(false);
    expect(isValidSeed(`${SEED.slice(1)}g`)).toBe(false);
    expect(isValidSeed(SEED.toUpperCase())).toBe(false); // startGame lowercases it first
    expect(isValidSeed('')).toBe(false);
  });

  it('a shuffle of two cards is always cut by one card (1 + int(1)), and int(1) uses no word of the stream', () => {
    for (const index of [0, 1, 2, 3]) {
      const two = shuffleCards(SEED, 0, index, ['1R', '2R']);
      expect(two.cut).toBe(1);
      expect(two).toEqual(readmeShuffle(SEED, 0, index, ['1R', '2R']));
    }
    expect(shuffleCards(SEED, 1, 0, [])).toEqual({ order: [], cut: 0 });
    const stream = new ShuffleStream(Buffer.from(SEED, 'hex'), 0, 0);
    expect(stream.nextInt(1)).toBe(0);
    expect(stream.nextWord()).toBe(0x943f4e94); // still the first word of the stream
  });

  it('rejection sampling: a word at or above the limit 2^32 − (2^32 mod m) is skipped, a word below it answers word mod m', () => {
    // For m > 2^31 the limit is m itself. With m = the stream's first word 0x943f4e94, that word is at the
    // limit (rejected), the second 0xaa880d6e is above it (rejected), the third 0x6599af1b is the answer.
    const stream = new ShuffleStream(Buffer.from(SEED, 'hex'), 0, 0);
    expect(stream.nextInt(0x943f4e94)).toBe(0x6599af1b);
    // One more than the first word: the first word is below the limit, and the answer.
    expect(new ShuffleStream(Buffer.from(SEED, 'hex'), 0, 0).nextInt(0x943f4e95)).toBe(0x943f4e94);
  });

  it('integers are in range and roughly uniform (rejection sampling)', () => {
    const stream = new ShuffleStream(Buffer.from(SEED, 'hex'), 0, 99);
    const counts = [0, 0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 7000; i++) counts[stream.nextInt(7)]! += 1;
    for (const c of counts) expect(c).toBeGreaterThan(850);
    for (const c of counts) expect(c).toBeLessThan(1150);
  });
});

/**
 * Golden vectors (also in README.md, "Shuffles" → "Golden vectors"): literal deck orders for one seed, so that
 * anyone writing their own verifier can check it against ours. Each vector is checked three ways: the
 * literal, shuffleCards, the README re-implementation above; and the setup pair and a reshuffle also as the
 * engine deals them (DeckShuffled events).
 */
describe('golden shuffle vectors (seed 0123456789abcdef ×4)', () => {
  const GOLDEN_SEED = '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';
  const ALL = freshDeck();
  /** The reshuffle input: the 13 Tomes and both jokers. */
  const TOMES_AND_JOKERS = ['1T', '2T', '3T', '4T', '5T', '6T', '7T', '8T', '9T', '10T', '11T', '12T', '13T', 'RJ', 'BJ'];
  const vectors = [
    {
      name: 'seat 0, shuffle 0 (setup, 54 cards)',
      seat: 0,
      index: 0,
      cards: ALL,
      cut: 44,
      order: ['5R', '5M', '1C', '13C', '4R', '12T', '13T', '5T', '10M', '7C', '1M', '8R', '4T', '12C', '7T', '3M', '13R', '4C', '10C', '11M', '2M', '7R', '4M', '6R', '11R', '11C', 'RJ', '5C', '1R', '11T', '2C', '7M', '10T', '9R', '9M', '9T', '2R', '1T', '10R', 'BJ', '6C', '8M', '2T', '9C', '6T', '3T', '3C', '12R', '8C', '12M', '3R', '6M', '13M', '8T'],
    },
    {
      name: 'seat 1, shuffle 0 (setup, 54 cards)',
      seat: 1,
      index: 0,
      cards: ALL,
      cut: 24,
      order: ['5M', '12T', '3C', '11C', '5R', '3T', '10M', '7T', '13R', '3R', '1C', '1R', '2C', '8T', '13M', '8C', '9C', '2M', '9R', '7R', '9M', 'RJ', '5C', '11T', '1M', '6M', '6C', '6R', '8M', '7M', '2T', '4C', '4M', '1T', '7C', 'BJ', '5T', '11R', '13T', '6T', '12R', '10T', '10R', '4T', '11M', '9T', '13C', '8R', '12C', '4R', '2R', '10C', '3M', '12M'],
    },
    {
      name: 'seat 0, shuffle 1 (a reshuffle of the Tomes and the jokers)',
      seat: 0,
      index: 1,
      cards: TOMES_AND_JOKERS,
      cut: 1,
      order: ['RJ', '8T', '13T', 'BJ', '11T', '6T', '3T', '1T', '12T', '10T', '7T', '9T', '4T', '5T', '2T'],
    },
    {
      name: 'seat 1, shuffle 1 (a reshuffle of the Tomes and the jokers)',
      seat: 1,
      index: 1,
      cards: TOMES_AND_JOKERS,
      cut: 4,
      order: ['12T', '10T', '6T', '2T', '8T', '1T', 'BJ', '3T', '9T', '7T', '5T', 'RJ', '13T', '4T', '11T'],
    },
  ] as const;

  it('the seed is the test kit\'s, and the first stream block is the documented HMAC', () => {
    expect(GOLDEN_SEED).toBe(SEED);
    const block = createHmac('sha256', Buffer.from(GOLDEN_SEED, 'hex')).update('fatekeeper/shuffle/0/0/0').digest('hex');
    expect(block).toBe('943f4e94aa880d6e6599af1b3b5a68f9acd0076f7cf66aae2e072526ffe48357');
    const stream = new ShuffleStream(Buffer.from(GOLDEN_SEED, 'hex'), 0, 0);
    expect([stream.nextWord(), stream.nextWord(), stream.nextWord()]).toEqual([0x943f4e94, 0xaa880d6e, 0x6599af1b]);
    // Fisher–Yates' first swaps of seat 0's setup shuffle: j = word mod (i + 1) for i = 53, 52, 51.
    const fy = new ShuffleStream(Buffer.from(GOLDEN_SEED, 'hex'), 0, 0);
    expect([fy.nextInt(54), fy.nextInt(53), fy.nextInt(52)]).toEqual([32, 22, 43]);
  });

  for (const v of vectors) {
    it(`LOC-4 / SETUP-10: ${v.name} gives the pinned order and cut`, () => {
      const expected = { order: [...v.order], cut: v.cut };
      expect(sortCanonical(expected.order)).toEqual(sortCanonical([...v.cards]));
      expect(shuffleCards(GOLDEN_SEED, v.seat, v.index, v.cards)).toEqual(expected);
      expect(readmeShuffle(GOLDEN_SEED, v.seat, v.index, [...v.cards])).toEqual(expected);
      // Whatever order the cards come in (the input is sorted first).
      expect(shuffleCards(GOLDEN_SEED, v.seat, v.index, [...v.cards].reverse())).toEqual(expected);
    });
  }

  it('SETUP-10: startGame with this seed deals the two setup vectors', () => {
    const r = decide(initialState, startCommand(), P0);
    if (!r.ok) throw new Error(r.error.code);
    const shuffles = r.value.filter((e) => e.type === 'DeckShuffled');
    expect(shuffles).toEqual([
      { type: 'DeckShuffled', seat: 0, index: 0, reason: 'setup', order: [...vectors[0].order], cut: 44 },
      { type: 'DeckShuffled', seat: 1, index: 0, reason: 'setup', order: [...vectors[1].order], cut: 24 },
    ]);
  });

  it('LOC-3: the first reshuffle of a seat whose discard holds the Tomes and the jokers deals the reshuffle vector', () => {
    const r = decide(initialState, startCommand(), P0);
    if (!r.ok) throw new Error(r.error.code);
    for (const seat of [0, 1] as const) {
      const state = structuredClone(new Scenario(r.value).active);
      const z = state.seats[seat];
      // Deck empty, the discard (in any order) holds the 15 cards, the rest was removed (LOC-9).
      z.discard = [...TOMES_AND_JOKERS].reverse();
      z.removed = ALL.filter((c) => !TOMES_AND_JOKERS.includes(c));
      z.deck = [];
      const actor = actorOf(seat);
      const drawn = decide(state, { type: 'draw', count: 1 }, actor);
      if (!drawn.ok) throw new Error(drawn.error.code);
      const v = vectors[2 + seat] as (typeof vectors)[2];
      expect(drawn.value.filter((e) => e.type === 'DeckShuffled' || e.type === 'CardsDrawn')).toEqual([
        { type: 'DeckShuffled', seat, index: 1, reason: 'reshuffle', order: [...v.order], cut: v.cut },
        { type: 'CardsDrawn', seat, cards: [v.order[0]] },
      ]);
    }
  });
});

/** A whole game with many reshuffles, driven by always choosing the first choice. */
function honestLog(): GameEvent[] {
  const r = decide(initialState, startCommand(), P0);
  if (!r.ok) throw new Error(r.error.code);
  let events = [...r.value];
  let state: GameState = events.reduce(evolve, initialState);
  for (let i = 0; i < 80; i++) {
    const d = pendingDecision(state);
    const seat = (i % 2) as 0 | 1;
    const cmd = d
      ? commandForChoice(d, d.kind === 'discardDown' ? decisionChoices(d).slice(0, d.count) : (decisionChoices(d)[0] as string))
      : ({ type: 'flip', modifier: 3 } as const);
    const out = decide(state, cmd!, actorOf(d ? d.seat : seat));
    if (!out.ok) throw new Error(out.error.code);
    events = [...events, ...out.value];
    state = out.value.reduce(evolve, state);
  }
  return events;
}

describe('verifyShuffles', () => {
  const log = honestLog();
  const shuffleCount = log.filter((e) => e.type === 'DeckShuffled').length;

  it('accepts an honest log (setup shuffles and reshuffles)', () => {
    expect(shuffleCount).toBeGreaterThan(2);
    const v = verifyShuffles(SEED, log);
    expect(v.problem).toBeUndefined();
    expect(v.ok).toBe(true);
    expect(v.shuffles).toHaveLength(shuffleCount);
    expect(v.shuffles.every((x) => x.ok)).toBe(true);
  });

  it('rejects a wrong seed', () => {
    const v = verifyShuffles('f'.repeat(64), log);
    expect(v.ok).toBe(false);
    expect(v.problem).toContain('commitment');
  });

  it('rejects an altered shuffle order', () => {
    const i = log.findIndex((e, n) => n > 3 && e.type === 'DeckShuffled');
    const altered = structuredClone(log);
    const e = altered[i];
    if (e?.type !== 'DeckShuffled') throw new Error('no reshuffle');
    [e.order[0], e.order[1]] = [e.order[1] as string, e.order[0] as string];
    const v = verifyShuffles(SEED, altered);
    expect(v.ok).toBe(false);
    expect(v.shuffles.filter((x) => !x.ok)).toHaveLength(1);
  });

  it('rejects a card dealt from somewhere else than the top of the deck', () => {
    const altered = structuredClone(log);
    const e = altered.find((x) => x.type === 'CardsFlipped');
    if (e?.type !== 'CardsFlipped') throw new Error('no flip');
    const s = new Scenario(altered.slice(0, altered.indexOf(e)));
    e.cards[0] = s.active.seats[e.seat].deck[5] as string;
    expect(verifyShuffles(SEED, altered).ok).toBe(false);
  });
});
