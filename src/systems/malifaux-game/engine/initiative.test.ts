/**
 * START-3's initiative flip through the decider: both players flip at once (the table's flip of both
 * players), and the lower card decides first whether to cheat — with the other card on the table — then
 * the higher; on equal cards the initiative holder. The decks are stacked so each case flips the cards
 * it is about.
 */
import { describe, expect, it } from 'vitest';
import * as table from '../../malifaux-table/engine/index.js';
import type { CardCode } from '../../malifaux-table/engine/cards.js';
import { privateView } from './views.js';
import { ACTORS, setUp, type ScriptedGame } from './testkit.js';
import { decide } from './game.js';
import type { WholeCommand } from './schema.js';
import type { Seat } from './setup.js';

/** Turn 1 at the initiative flip (the golden seed: seat 1 attacks, so it holds the initiative). */
function atInitiative(): ScriptedGame {
  const g = setUp();
  for (let i = 0; i < 2; i++) g.send({ type: 'startStepDone' }, g.turn.pending[0]!);
  expect(g.turn).toMatchObject({ turn: 1, phase: 'initiative', step: 'flip', initiative: 1 });
  return g;
}

/** A stacked deck: `card` on top of the seat's deck, taken from wherever it is (a hand keeps its size). */
function stack(g: ScriptedGame, seat: Seat, card: CardCode): void {
  const t = structuredClone(g.state.table);
  if (t.status !== 'active') throw new Error('no table');
  const z = t.seats[seat];
  const from = (list: CardCode[]) => {
    const i = list.indexOf(card);
    if (i >= 0) list.splice(i, 1);
    return i >= 0;
  };
  if (!from(z.deck) && from(z.hand)) z.hand.push(z.deck.pop()!);
  else from(z.discard);
  z.deck.unshift(card);
  g.state = { ...g.state, table: t };
}

/** The table's open decision, as the players see it. */
const open = (g: ScriptedGame) => table.pendingDecision(g.state.table);

function play(g: ScriptedGame, command: WholeCommand, seat: Seat) {
  const decided = decide(g.state, command, ACTORS[seat]);
  if (decided.ok) g.state = decided.value.state;
  return decided;
}

/** A hand card of the seat, not a joker, to cheat with. */
function handCard(g: ScriptedGame, seat: Seat): CardCode {
  const t = g.state.table;
  if (t.status !== 'active') throw new Error('no table');
  return t.seats[seat].hand.find((c) => c !== 'RJ' && c !== 'BJ')!;
}

describe('the initiative flip', () => {
  it('START-3: both flip at once, and the lower flip cheats first, with the higher card before it; the higher decides after', () => {
    const g = atInitiative();
    stack(g, 0, '5T');
    stack(g, 1, '9M');
    // The holder asks for the flip: both cards come up in that one command, before anyone cheats.
    const flipped = play(g, { type: 'flipInitiative' }, 1);
    if (!flipped.ok) throw new Error(flipped.error.code);
    const shown = flipped.value.events.filter((e) => e.type === 'CardsFlipped').map((e) => (e as { seat: number; cards: string[] }).cards);
    expect(shown).toEqual([['9M'], ['5T']]);
    expect(flipped.value.events.some((e) => e.type === 'FateCheated' || e.type === 'CheatDeclined')).toBe(false);
    // Seat 0's 5 is lower: seat 0 decides first, though seat 1 flipped.
    expect(open(g)).toMatchObject({ kind: 'cheat', seat: 0 });
    // The higher flip may not decide before the lower: nothing changes.
    const early = play(g, { type: 'declineCheat' }, 1);
    expect(early.ok).toBe(false);
    expect(open(g)).toMatchObject({ kind: 'cheat', seat: 0 });
    // Nor flip again while the cards are on the table.
    expect(play(g, { type: 'flipInitiative' }, 0).ok).toBe(false);
    // The lower player sees the other card in the decision's view: it is on the table, face up.
    const view = privateView(g.state, 0);
    if (view.status !== 'active') throw new Error('no table');
    expect(view.resolution?.flips.map((f) => [f.seat, f.taken])).toEqual([
      [1, '9M'],
      [0, '5T'],
    ]);
    const cheat = handCard(g, 0);
    expect(play(g, { type: 'cheatFate', card: cheat }, 0).ok).toBe(true);
    // Then the higher flip, knowing the cheat.
    expect(open(g)).toMatchObject({ kind: 'cheat', seat: 1 });
    const done = play(g, { type: 'declineCheat' }, 1);
    if (!done.ok) throw new Error(done.error.code);
    // The cheated card counts for seat 0: the totals are the cards (no pass tokens in turn 1).
    const flips = done.value.events.filter((e) => e.type === 'InitiativeFlipped') as { seat: number; value: number }[];
    expect(flips.map((e) => [e.seat, e.value]).sort()).toEqual([
      [0, table.cardValue(cheat)],
      [1, 9],
    ]);
    expect(done.value.events).toContainEqual(expect.objectContaining({ type: 'TurnChanged', totals: [table.cardValue(cheat), 9] }));
  });

  it('START-3: on equal cards the initiative holder decides first (in turn 1, the attacker), whoever asked for the flip', () => {
    const g = atInitiative();
    stack(g, 0, '7R');
    stack(g, 1, '7C');
    expect(play(g, { type: 'flipInitiative' }, 0).ok).toBe(true);
    expect(open(g)).toMatchObject({ kind: 'cheat', seat: 1 });
    expect(play(g, { type: 'declineCheat' }, 1).ok).toBe(true);
    expect(open(g)).toMatchObject({ kind: 'cheat', seat: 0 });
    expect(play(g, { type: 'declineCheat' }, 0).ok).toBe(true);
    // Equal totals (no pass tokens in turn 1): both flip again (START-3 step 4).
    expect(g.turn).toMatchObject({ phase: 'initiative', step: 'flip', initiativeTies: 1 });
    expect(g.game.initiativeValues).toEqual([null, null]);
  });

  it('START-3, AMB-9: a flipped Red Joker does not stop the other player cheating; a flipped Black Joker cannot be cheated', () => {
    const g = atInitiative();
    stack(g, 0, 'RJ');
    stack(g, 1, '4C');
    expect(play(g, { type: 'flipInitiative' }, 1).ok).toBe(true);
    // Seat 1's 4 is lower than the Red Joker's 14, and may still cheat.
    expect(open(g)).toMatchObject({ kind: 'cheat', seat: 1 });
    expect(play(g, { type: 'declineCheat' }, 1).ok).toBe(true);
    expect(open(g)).toMatchObject({ kind: 'cheat', seat: 0 });

    const h = atInitiative();
    stack(h, 0, 'BJ');
    stack(h, 1, '12R');
    const flipped = play(h, { type: 'flipInitiative' }, 0);
    if (!flipped.ok) throw new Error(flipped.error.code);
    // The Black Joker is the lower card: its decision is skipped (CHEAT-3b), and the other decides.
    expect(flipped.value.events).toContainEqual(expect.objectContaining({ type: 'CheatSkipped', seat: 0, rule: 'CHEAT-3b' }));
    expect(open(h)).toMatchObject({ kind: 'cheat', seat: 1 });
  });
});
