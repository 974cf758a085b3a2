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
import { commandForChoice, decisionChoices, pendingDecision } from './decisions.js';
import type { ActiveState, Command, FlipSlot, GameEvent, GameState, Seat, TriggerSpec } from './schema.js';
import { stateSchema } from './schema.js';
import { publicEvent, publicView } from './views.js';
import { verifyShuffles } from './verify.js';
import { P0, P1, REF, STRANGER } from './testkit.js';

type Intent = [number, number, number, boolean];

const SLOTS: FlipSlot[] = ['main', 'attacker', 'defender', 'damage', 'reduce'];

const TRIGGERS: TriggerSpec[] = [
  { name: 'Critical Strike', suits: ['R'] },
  { name: 'Flurry', suits: ['M', 'M'] },
  { name: 'Any', suits: [], timing: 'immediately' },
  { name: 'Costly', suits: [], cost: { discard: 1 } },
];

function hexSeed(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}

/** Turns an abstract intent into a command: mostly sensible, sometimes wrong on purpose. */
function commandFor(state: ActiveState, [k, a, b, flag]: Intent): { command: Command; actor: Actor } {
  const pending = pendingDecision(state);
  const seat: Seat = flag ? 0 : 1;
  const me = seat === 0 ? P0 : P1;
  if (k % 9 === 4 && (pending || b % 5 === 0)) {
    // FLIP-7 re-flips: by the decider, the other player, a referee naming a slot, or a player naming one.
    const slot = SLOTS[a % SLOTS.length] as FlipSlot;
    const decider = pending?.seat === 1 ? P1 : P0;
    if (b % 4 === 0) return { command: { type: 'reflip' }, actor: decider };
    if (b % 4 === 1) return { command: { type: 'reflip' }, actor: decider === P0 ? P1 : P0 };
    if (b % 4 === 2) return { command: { type: 'reflip', slot }, actor: REF };
    return { command: { type: 'reflip', slot, ...(a % 3 === 0 && pending ? { decisionId: pending.id } : {}) }, actor: me };
  }
  if (pending && k % 9 !== 0) {
    const choices = decisionChoices(pending);
    const many = pending.kind === 'discardDown' || pending.kind === 'triggerCost';
    const choice = many ? [...choices.slice(a % choices.length), ...choices].slice(0, pending.count) : (choices[a % choices.length] as string);
    const command = commandForChoice(pending, choice);
    if (command) return { command, actor: pending.seat === 0 ? P0 : P1 };
  }
  const hand = state.seats[seat].hand;
  const dmg = b % 3 === 0 ? { profile: [1 + (a % 2), 3, 4 + (b % 3)] as [number, number, number], blasts: [0, a % 2, 1] as [number, number, number], fate: (a % 3) - 1 } : undefined;
  switch (k % 12) {
    case 0:
      // Wrong on purpose: an answer out of turn, a stale id, a stranger, a referee.
      if (b % 4 === 0) return { command: { type: 'declineCheat', decisionId: 'pick-0' }, actor: me };
      if (b % 4 === 1) return { command: { type: 'draw', count: 1 }, actor: STRANGER };
      if (b % 4 === 2) return { command: { type: 'setSoulstones', seat, count: a % 5 }, actor: REF };
      return { command: { type: 'pickCard', card: '1R' }, actor: me };
    case 1:
    case 2:
      // Counted draws, the Start Phase draw up to the maximum, and the soulstone Draw (SS-3).
      if (b % 6 === 0) return { command: { type: 'draw' }, actor: me };
      if (b % 6 === 1) return { command: { type: 'soulstoneDraw' }, actor: me };
      return { command: { type: 'draw', count: 1 + (a % 8) }, actor: me };
    case 3:
      return { command: { type: 'discard', cards: hand.length > 0 ? hand.slice(0, 1 + (a % 2)) : ['7R'] }, actor: me };
    case 4:
      return { command: { type: 'reveal', cards: hand.length > 0 ? [hand[a % hand.length] as CardCode] : ['7R'] }, actor: me };
    case 5:
      return {
        command: {
          type: 'flip',
          modifier: (a % 9) - 4,
          cheatable: b % 7 !== 0,
          // FLIP-8 variable flips, some of them heals (DMG-12).
          ...(b % 4 === 0 ? { profile: [1, 2, 3] as [number, number, number], ...(a % 2 === 0 ? { heal: { health: a % 6, maxHealth: 5 + (a % 2) } } : {}) } : {}),
        },
        actor: me,
      };
    case 6:
      return {
        command: {
          type: 'simpleDuel',
          stat: a % 8,
          tn: 8 + (b % 8),
          tnSuits: b % 5 === 0 ? ['R'] : [],
          fate: (b % 3) - 1,
          soulstoneUser: a % 2 === 0,
          triggers: TRIGGERS.slice(0, a % 5),
          damage: dmg,
          targetSoulstoneUser: b % 2 === 0,
          armor: a % 2,
          shielded: b % 2,
          targetHealth: 1 + (a % 9),
        },
        actor: me,
      };
    case 7:
    case 8:
      return {
        command: {
          type: 'opposedDuel',
          attacker: seat,
          defender: a % 13 === 0 ? seat : undefined,
          attackerStat: a % 8,
          defenderStat: b % 8,
          attackerFate: (a % 5) - 2,
          defenderFate: (b % 5) - 2,
          attackerSoulstoneUser: a % 2 === 0,
          defenderSoulstoneUser: b % 2 === 0,
          attackerTriggers: TRIGGERS.slice(0, a % 5),
          defenderTriggers: TRIGGERS.slice(b % 3),
          attackerStunned: b % 7 === 3,
          defenderStunned: a % 7 === 3,
          generated: a % 11 === 5,
          disengage: b % 11 === 5,
          tn: b % 4 === 0 ? 10 : undefined,
          friendly: a % 5 === 0,
          inCover: b % 3 === 1,
          inConcealment: a % 3 === 1,
          damage: dmg,
          armor: b % 2,
          shielded: a % 2,
          targetHealth: 1 + (b % 9),
        },
        actor: me,
      };
    case 9:
      return {
        command: { type: 'damageFlip', profile: b % 4 === 0 ? a % 5 : [1, 2 + (a % 2), 4], fate: (a % 5) - 2, targetSoulstoneUser: b % 2 === 0, irreducible: a % 7 === 0, cheatable: b % 5 !== 0 },
        actor: me,
      };
    case 10:
      return { command: { type: 'setSoulstones', seat, count: a % 4 }, actor: me };
    default:
      return a % 25 === 0 ? { command: { type: 'endGame' }, actor: me } : { command: { type: 'draw', count: 1 }, actor: me };
  }
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
            const { command, actor } = commandFor(state, intent as Intent);
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
  });
});
