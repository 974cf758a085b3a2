/**
 * Random commands for property tests (a test fixture, used by *.test.ts files and the contract suite's
 * driver only; left out of mutation testing like testkit.ts).
 */
import type { CardCode } from './cards.js';
import type { Actor } from './game.js';
import { commandForChoice, decisionChoices, pendingDecision } from './decisions.js';
import type { ActiveState, Command, FlipSlot, Seat, TriggerSpec } from './schema.js';

/** Who plays the random commands: each seat's player, a referee without a seat, and someone with none. */
export interface RandomActors {
  player(seat: Seat): Actor;
  referee: Actor;
  stranger: Actor;
}

const ENGINE_ACTORS: RandomActors = {
  player: (seat) => ({ userId: seat === 0 ? 'alice' : 'bob', seat, referee: false }),
  referee: { userId: 'judge', seat: null, referee: true },
  stranger: { userId: 'eve', seat: null, referee: false },
};

const SLOTS: FlipSlot[] = ['main', 'attacker', 'defender', 'damage', 'reduce'];

const TRIGGERS: TriggerSpec[] = [
  { name: 'Critical Strike', suits: ['R'] },
  { name: 'Flurry', suits: ['M', 'M'] },
  { name: 'Any', suits: [], timing: 'immediately' },
  { name: 'Costly', suits: [], cost: { discard: 1 } },
];

/**
 * Turns four numbers and a seat into a command and its sender: mostly sensible, sometimes wrong on purpose
 * (out of turn, a stale id, a stranger, a referee). Random games for the engine's properties and for the
 * contract suite's driver are played with it; `actors` says who sits where.
 */
export function randomCommand(state: ActiveState, [k, a, b]: readonly [number, number, number], seat: Seat, actors: RandomActors = ENGINE_ACTORS): { command: Command; actor: Actor } {
  const pending = pendingDecision(state);
  const P0 = actors.player(0);
  const P1 = actors.player(1);
  const REF = actors.referee;
  const STRANGER = actors.stranger;
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
          // START-3: now and then both players flip at once.
          ...(b % 4 === 1 && a % 3 === 0 ? { pair: { firstOnTie: (b % 2) as 0 | 1 } } : {}),
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

