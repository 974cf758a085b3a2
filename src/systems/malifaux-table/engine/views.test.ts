/** Hidden information: public and private views, public events. */
import { describe, expect, it } from 'vitest';
import { decide, initialState } from './game.js';
import { privateView, publicEvent, publicView } from './views.js';
import { seedCommitment } from './rng.js';
import { P0, P1, SEED, scenario, startCommand } from './testkit.js';

describe('views', () => {
  it('the public view shows counts, public zones and the commitment — never hands, deck order or the seed', () => {
    const s = scenario({ hands: [['13R', '12R'], ['1C']], decks: [['9M'], []] }).do({ type: 'flip', modifier: 1 }, P0);
    const view = publicView(s.state);
    const json = JSON.stringify(view);
    expect(json).not.toContain('"13R"');
    expect(json).not.toContain('"1C"');
    expect(json).not.toContain(SEED);
    if (view.status === 'new') throw new Error('not started');
    expect(view.seedCommitment).toBe(seedCommitment(SEED));
    expect(view.seed).toBeNull();
    expect(view.seats.map((z) => z.handCount)).toEqual([2, 1]);
    expect(view.pending).toEqual({ id: expect.any(String), kind: 'pick', seat: 0, since: expect.any(Number) });
    expect(Object.keys(view.seats[0])).not.toContain('deck');
    expect(Object.keys(view.seats[0])).not.toContain('hand');
  });

  it('the private view adds that seat’s hand, and its own pending decision with the legal choices', () => {
    const s = scenario({ hands: [['13R'], ['1C']], decks: [['9M'], []] }).do({ type: 'flip', modifier: 0 }, P0);
    const mine = privateView(s.state, 0);
    const theirs = privateView(s.state, 1);
    if (mine.status === 'new' || theirs.status === 'new') throw new Error('not started');
    expect(mine.hand).toEqual(['13R']);
    expect(mine.decision).toMatchObject({ kind: 'cheat', legal: ['13R'] });
    expect(theirs.hand).toEqual(['1C']);
    expect(theirs.decision).toBeNull();
    expect(JSON.stringify(theirs)).not.toContain('"13R"');
  });

  it('after the end, the seed may be shown', () => {
    const s = scenario().do({ type: 'endGame' }, P1);
    const view = publicView(s.state);
    expect(view.status === 'ended' && view.seed).toBe(SEED);
    expect(publicView(initialState)).toEqual({ status: 'new' });
    expect(privateView(initialState, 0)).toEqual({ status: 'new' });
  });

  it('public events hide the seed, shuffle orders and cuts, and drawn cards', () => {
    const r = decide(initialState, startCommand(), P0);
    if (!r.ok) throw new Error(r.error.code);
    const [started, shuffled] = r.value;
    expect(JSON.stringify(publicEvent(started!))).not.toContain(SEED);
    expect(publicEvent(started!)).toMatchObject({ type: 'GameStarted', seedCommitment: seedCommitment(SEED) });
    expect(publicEvent(shuffled!)).toEqual({ type: 'DeckShuffled', seat: 0, index: 0, reason: 'setup', count: 54 });
    const drawn = scenario({ decks: [['9M', '2T'], []] }).do({ type: 'draw', count: 2 }, P0).last[0];
    expect(publicEvent(drawn!)).toEqual({ type: 'CardsDrawn', seat: 0, count: 2 });
    const cheat = scenario({ decks: [['2T'], []], hands: [['12C'], []] }).do({ type: 'flip', modifier: 0 }, P0).do({ type: 'cheatFate', card: '12C' }, P0).last[0];
    expect(publicEvent(cheat!)).toMatchObject({ type: 'FateCheated', card: '12C' }); // placed in the conflict: public
  });
});
