/**
 * Properties over random command sequences from both seats (legal and not), re-flips (FLIP-7) included:
 * LOC-1 accounting, the hand limit, replay = incremental state, undo, schema validity, shuffles that
 * verify, and no hidden information in public output.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { freshDeck, sortCanonical } from './cards.js';
import type { CardCode } from './cards.js';
import { allCards } from './fateDeck.js';
import { decide, evolve, initialState, replay } from './game.js';
import type { Actor } from './game.js';
import { pendingDecision } from './decisions.js';
import type { ActiveState, Command, GameEvent, GameState, Seat } from './schema.js';
import { stateSchema } from './schema.js';
import { publicEvent, publicView } from './views.js';
import { verifyShuffles } from './verify.js';
import { P0, P1 } from './testkit.js';
import { randomCommand } from './randomCommands.js';

type Intent = [number, number, number, boolean];

function hexSeed(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}


/** Codes each seat may legitimately show: public zones, revealed hand cards, cards of the current flips. */
function visibleCodes(state: ActiveState | Extract<GameState, { status: 'ended' }>, seat: Seat): Set<CardCode> {
  const z = state.seats[seat];
  const flips = state.resolution?.flips.filter((f) => f.seat === seat) ?? [];
  return new Set([...z.discard, ...z.conflict, ...z.removed, ...z.revealedInHand, ...flips.flatMap((f) => [...f.revealed, ...(f.cheat?.outcome === 'cheated' ? [f.cheat.card] : [])])]);
}

/** The hidden cards whose code must not appear: hand cards not revealed and deck cards, unless the other seat shows the same code. */
function leakedIn(json: string, state: GameState): string[] {
  if (state.status === 'new') return [];
  const leaks: string[] = [];
  for (const seat of [0, 1] as const) {
    const other: Seat = seat === 0 ? 1 : 0;
    const mine = visibleCodes(state, seat);
    const theirs = visibleCodes(state, other);
    const z = state.seats[seat];
    const hidden = [...z.hand.filter((c) => !z.revealedInHand.includes(c)), ...z.deck.filter((c) => !mine.has(c))];
    for (const c of hidden) if (!theirs.has(c) && json.includes(`"${c}"`)) leaks.push(`${seat}:${c}`);
  }
  return leaks;
}

function checkInvariants(state: GameState): void {
  if (state.status === 'new') return;
  for (const z of state.seats) {
    expect(sortCanonical(allCards(z))).toEqual(freshDeck()); // LOC-1
    expect(z.soulstones).toBeGreaterThanOrEqual(0);
    for (const c of z.revealedInHand) expect(z.hand).toContain(c);
  }
  if (state.status === 'active') {
    const pending = pendingDecision(state);
    if (state.resolution === null && (pending === null || pending.kind !== 'discardDown')) {
      for (const z of state.seats) expect(z.hand.length).toBeLessThanOrEqual(state.options.handLimit); // LOC-5
    }
    if (state.resolution === null) for (const z of state.seats) expect(z.conflict).toEqual([]); // LOC-6
  }
  expect(stateSchema.parse(JSON.parse(JSON.stringify(state)))).toEqual(state);
}

describe('properties', () => {
  it('random games keep every invariant, replay and undo exactly, and leak nothing publicly', () => {
    // What the random games reached, so the property cannot silently stop exercising a part of the rules.
    const reached = new Set<string>();
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.array(fc.tuple(fc.nat(1000), fc.nat(1000), fc.nat(1000), fc.boolean()), { minLength: 40, maxLength: 160 }),
        fc.nat(),
        (seedBytes, intents, undoPick) => {
          const seed = hexSeed(seedBytes);
          const start = decide(initialState, { type: 'startGame', gameId: 'p', system: 'm3e', seats: [{ userId: P0.userId, name: 'Alice' }, { userId: P1.userId, name: 'Bob' }], seed, createdBy: P0.userId }, P0);
          if (!start.ok) throw new Error(start.error.code);
          const events: GameEvent[] = [...start.value];
          const boundaries: Array<{ at: number; state: GameState; command: Command; actor: Actor }> = [];
          let state: GameState = events.reduce(evolve, initialState);
          for (const intent of intents) {
            if (state.status !== 'active') break;
            const [k, a, b, flag] = intent as Intent;
            const { command, actor } = randomCommand(state, [k, a, b], flag ? 0 : 1);
            boundaries.push({ at: events.length, state, command, actor });
            const before = JSON.stringify(state);
            const r = decide(state, command, actor);
            expect(JSON.stringify(state)).toBe(before); // decide never mutates
            if (!r.ok) continue;
            for (const e of r.value) {
              state = evolve(state, e);
              const pe = JSON.stringify(publicEvent(e));
              expect(pe).not.toContain(seed);
              expect(leakedIn(pe, state)).toEqual([]);
              events.push(e);
              reached.add(e.type === 'SoulstoneUsed' || e.type === 'TriggerDeclared' ? `${e.type}:${e.type === 'SoulstoneUsed' ? e.purpose : e.reason}` : e.type);
            }
            checkInvariants(state);
            const view = JSON.stringify(publicView(state));
            if (state.status === 'active') expect(view).not.toContain(seed);
            expect(leakedIn(view, state)).toEqual([]);
          }
          // replay(events) equals the incrementally evolved state
          expect(replay(events)).toEqual(state);
          // every shuffle (setup, draws, flips and re-flips) re-runs from the seed
          expect(verifyShuffles(seed, events)).toMatchObject({ ok: true });
          // undo: dropping the last k events gives the state at that point; re-applying them gives the same end
          if (boundaries.length > 0) {
            const from = undoPick % boundaries.length;
            const b = boundaries[from] as (typeof boundaries)[number];
            const undone = replay(events.slice(0, b.at));
            expect(undone).toEqual(b.state);
            expect(pendingDecision(undone)).toEqual(pendingDecision(b.state));
            expect(events.slice(b.at).reduce(evolve, undone)).toEqual(state);
            // redo: deciding the same commands again from the undone state gives the same events (the same
            // reshuffles included: the randomness lives in the state) and the same end.
            let redone: GameState = undone;
            const again: GameEvent[] = [];
            for (const { command, actor } of boundaries.slice(from)) {
              const r = decide(redone, command, actor);
              if (!r.ok) continue;
              again.push(...r.value);
              redone = r.value.reduce(evolve, redone);
            }
            expect(again).toEqual(events.slice(b.at));
            expect(redone).toEqual(state);
          }
        },
      ),
      { numRuns: 100 },
    );
    for (const wanted of ['FateCheated', 'CheatSkipped', 'FlipDiscardedForReflip', 'DamageResolved', 'CardsDiscarded', 'TriggerCostPaid', 'TriggerDeclared:stunned', 'TriggerDeclared:disengage', 'SoulstoneUsed:draw', 'SoulstoneUsed:duel', 'DeckShuffled']) {
      expect(reached, `random games never reached ${wanted}`).toContain(wanted);
    }
    // 100 whole random games: about 15 s alone, four times that on a machine shared with other work.
  }, 120_000);
});
