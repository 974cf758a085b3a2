/** Hidden information: public and private views, public events. */
import { describe, expect, it } from 'vitest';
import { decide, initialState } from './game.js';
import { privateView, publicEvent, publicView } from './views.js';
import { seedCommitment } from './rng.js';
import { P0, P1, SEED, scenario, startCommand } from './testkit.js';
import { SAMPLES } from './eventSamples.js';
import type { GameEvent } from './index.js';

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

describe('publicEvent: what the audit log may show of each event while the game runs', () => {
  const samples = Object.values(SAMPLES).flat() as GameEvent[];
  const HIDING = new Set(['GameStarted', 'DeckShuffled', 'CardsDrawn', 'DecisionOpened']);

  it('LOC-1, LOC-2: the seed, shuffle orders and cuts, and drawn cards are removed; counts stay', () => {
    const started = SAMPLES.GameStarted[0]!;
    const { seed: _seed, ...withoutSeed } = started;
    expect(publicEvent(started)).toEqual(withoutSeed);
    expect(JSON.stringify(publicEvent(started))).not.toContain(started.seed);
    for (const shuffled of SAMPLES.DeckShuffled) {
      expect(publicEvent(shuffled)).toEqual({ type: 'DeckShuffled', seat: shuffled.seat, index: shuffled.index, reason: shuffled.reason, count: shuffled.order.length });
    }
    const drawn = SAMPLES.CardsDrawn[0]!;
    expect(publicEvent(drawn)).toEqual({ type: 'CardsDrawn', seat: drawn.seat, count: drawn.cards.length });
  });

  it('CHEAT-1: a decision record keeps its public choices and drops the hand cards a cheat, a discard-down or a trigger cost offers', () => {
    for (const opened of SAMPLES.DecisionOpened) {
      const shown = publicEvent(opened) as { decision: Record<string, unknown> };
      const handChoices = ['cheat', 'discardDown', 'triggerCost'].includes(opened.decision.kind);
      expect('legal' in shown.decision).toBe(!handChoices);
      const { legal: _legal, ...rest } = opened.decision as typeof opened.decision & { legal: unknown };
      expect(shown).toEqual({ type: 'DecisionOpened', since: opened.since, decision: handChoices ? rest : opened.decision });
    }
  });

  it('every other event is public as it is: an equal copy, never the stored event itself', () => {
    let checked = 0;
    for (const event of samples.filter((e) => !HIDING.has(e.type))) {
      const shown = publicEvent(event);
      expect(shown, event.type).toEqual(event);
      expect(shown, `${event.type} is copied`).not.toBe(event);
      checked++;
    }
    expect(checked).toBeGreaterThan(30);
  });
});
