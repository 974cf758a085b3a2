/** The shuffle generator and shuffle verification (LOC-4, DESIGN "fair shuffles you can check"). */
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { freshDeck, sortCanonical } from './cards.js';
import { ShuffleStream, seedCommitment, shuffleCards } from './rng.js';
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
  const canon = freshDeck();
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

  it('integers are in range and roughly uniform (rejection sampling)', () => {
    const stream = new ShuffleStream(Buffer.from(SEED, 'hex'), 0, 99);
    const counts = [0, 0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 7000; i++) counts[stream.nextInt(7)]! += 1;
    for (const c of counts) expect(c).toBeGreaterThan(850);
    for (const c of counts) expect(c).toBeLessThan(1150);
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
