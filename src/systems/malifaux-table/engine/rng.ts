/**
 * Deterministic, cryptographically strong randomness for shuffles (LOC-3, LOC-4, SETUP-10).
 *
 * Why HMAC-SHA256 and not a small PRNG: players see many cards; with a small-state generator
 * (xorshift, mulberry…) the state could be recovered from observed cards and the rest of the deck
 * predicted. A keyed HMAC stream reveals nothing about its key or later output. The exact algorithm
 * is documented in README.md ("Shuffles") so anyone can re-implement the verification.
 *
 * Pure: node:crypto hashing is plain computation (no clock, no OS entropy).
 */
import { createHash, createHmac } from 'node:crypto';
import type { CardCode } from './cards.js';
import { sortCanonical } from './cards.js';

export const SEED_PATTERN = /^[0-9a-f]{64}$/;

export function isValidSeed(seed: string): boolean {
  return SEED_PATTERN.test(seed);
}

/** SHA-256 (hex) of the seed's 64 lowercase hex characters taken as ASCII text: `printf %s "$seed" | sha256sum`. */
export function seedCommitment(seed: string): string {
  return createHash('sha256').update(seed).digest('hex');
}

/**
 * The word stream of one shuffle: word k comes from block floor(k / 8),
 * block b = HMAC-SHA256(key = seed bytes, message = `fatekeeper/shuffle/${seat}/${index}/${b}`),
 * word = big-endian uint32 at byte offset 4 * (k mod 8).
 */
export class ShuffleStream {
  /** The current block: words are read in order, so a new block starts exactly when k is a multiple of 8. */
  private bytes: Buffer = Buffer.alloc(0);
  private k = 0;

  constructor(
    private readonly key: Buffer,
    private readonly seat: number,
    private readonly index: number,
  ) {}

  nextWord(): number {
    if (this.k % 8 === 0) this.bytes = createHmac('sha256', this.key).update(`fatekeeper/shuffle/${this.seat}/${this.index}/${this.k / 8}`).digest();
    const word = this.bytes.readUInt32BE(4 * (this.k % 8));
    this.k++;
    return word;
  }

  /** Unbiased integer in [0, m) by rejection sampling; m = 1 consumes no word. */
  nextInt(m: number): number {
    if (m <= 1) return 0;
    const range = 2 ** 32;
    const limit = range - (range % m);
    for (;;) {
      const w = this.nextWord();
      if (w < limit) return w % m;
    }
  }
}

export interface ShuffleOutcome {
  /** The new deck, index 0 = top. */
  order: CardCode[];
  /** LOC-4: the simulated opponent's cut, the number of cards moved from the top to the bottom (0 when fewer than 2 cards). */
  cut: number;
}

/** Fisher–Yates in place from the last position down, j = nextInt(i + 1): every shuffle the seed deals (decks, a league's first round). */
export function fisherYates<T>(stream: ShuffleStream, items: T[]): T[] {
  for (let i = items.length - 1; i >= 1; i--) {
    const j = stream.nextInt(i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/**
 * Shuffle number `index` of `seat`: sort the cards into fresh-deck order, Fisher–Yates from the last
 * position down (j = nextInt(i + 1)), then cut c = 1 + nextInt(n − 1) cards from the top to the bottom.
 */
export function shuffleCards(seed: string, seat: number, index: number, cards: readonly CardCode[]): ShuffleOutcome {
  const stream = new ShuffleStream(Buffer.from(seed, 'hex'), seat, index);
  const a = fisherYates(stream, sortCanonical(cards));
  if (a.length < 2) return { order: a, cut: 0 };
  const cut = 1 + stream.nextInt(a.length - 1);
  return { order: [...a.slice(cut), ...a.slice(0, cut)], cut };
}
