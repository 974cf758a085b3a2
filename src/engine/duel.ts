/**
 * Duels (DUEL-1..DUEL-12): simple and opposed, Steps A–F, then the damage of a successful attack.
 */
import type { Suit } from './cards.js';
import { RED_JOKER, SUITS, cardSuit, cardValue } from './cards.js';
import type {
  ActiveState,
  Command,
  DamagePlan,
  DuelResolution,
  DuelResult,
  DuelRole,
  DuelSide,
  GameEvent,
  Seat,
  SideTotal,
  TriggerSpec,
} from './schema.js';
import type { Step } from './step.js';
import { decision, events } from './step.js';
import { findFlip, finalCard, pickStep, revealStep } from './flip.js';
import { cheatOrder, cheatStep } from './cheat.js';
import { duelSoulstoneStep } from './soulstones.js';
import { DEFAULT_TIMING, containsSuits, legalTriggers, triggerStatus, unpaidTriggerCost } from './triggers.js';
import { damageFromPlan, damageStep, precisionFor } from './damage.js';

type SimpleDuelCommand = Extract<Command, { type: 'simpleDuel' }>;
type OpposedDuelCommand = Extract<Command, { type: 'opposedDuel' }>;

export function otherSeat(seat: Seat): Seat {
  return seat === 0 ? 1 : 0;
}

interface SideInput {
  role: DuelRole;
  seat: Seat;
  stat: number;
  statSuits?: Suit[] | undefined;
  modifier?: number | undefined;
  fate?: number | undefined;
  soulstoneUser?: boolean | undefined;
  triggers?: TriggerSpec[] | undefined;
  stunned?: boolean | undefined;
  mayYield: boolean;
}

function newSide(i: SideInput): DuelSide {
  const triggers = i.triggers ?? [];
  return {
    role: i.role,
    seat: i.seat,
    stat: i.stat,
    statSuits: i.statSuits ?? [],
    modifier: i.modifier ?? 0,
    fate: i.fate ?? 0,
    soulstoneUser: i.soulstoneUser ?? false,
    triggers,
    ...(i.stunned ? { stunned: true } : {}),
    yielded: i.mayYield ? null : false,
    // A model that is not a soulstone user has nothing to decide in Step A (SS-1).
    soulstone: i.soulstoneUser ? null : 'none',
    triggerDone: triggers.length === 0,
    trigger: null,
  };
}

export function simpleDuelStarted(cmd: SimpleDuelCommand, seat: Seat, resolution: number): GameEvent {
  const plan: DamagePlan | null = cmd.damage
    ? {
        spec: cmd.damage,
        target: cmd.target ?? otherSeat(seat),
        armor: cmd.armor ?? 0,
        shielded: cmd.shielded ?? 0,
        health: cmd.targetHealth ?? null,
        targetSoulstoneUser: cmd.targetSoulstoneUser ?? false,
      }
    : null;
  return {
    type: 'DuelStarted',
    resolution,
    initiator: seat,
    opposed: false,
    tn: cmd.tn,
    tnSuits: cmd.tnSuits ?? [],
    friendly: cmd.friendly ?? false,
    inCover: false,
    inConcealment: false,
    sides: [
      newSide({ role: 'attacker', seat, stat: cmd.stat, statSuits: cmd.statSuits, modifier: cmd.modifier, fate: cmd.fate, soulstoneUser: cmd.soulstoneUser, triggers: cmd.triggers, stunned: cmd.stunned, mayYield: false }),
    ],
    damagePlan: plan,
    label: cmd.label ?? null,
  };
}

export function opposedDuelStarted(cmd: OpposedDuelCommand, resolution: number): GameEvent {
  const defender = cmd.defender ?? otherSeat(cmd.attacker);
  const plan: DamagePlan | null = cmd.damage
    ? {
        spec: cmd.damage,
        target: defender,
        armor: cmd.armor ?? 0,
        shielded: cmd.shielded ?? 0,
        health: cmd.targetHealth ?? null,
        targetSoulstoneUser: cmd.targetSoulstoneUser ?? cmd.defenderSoulstoneUser ?? false,
      }
    : null;
  return {
    type: 'DuelStarted',
    resolution,
    initiator: cmd.attacker,
    opposed: true,
    tn: cmd.tn ?? null,
    tnSuits: cmd.tnSuits ?? [],
    friendly: cmd.friendly ?? false,
    inCover: cmd.inCover ?? false,
    inConcealment: cmd.inConcealment ?? false,
    sides: [
      newSide({
        role: 'attacker',
        seat: cmd.attacker,
        stat: cmd.attackerStat,
        statSuits: cmd.attackerStatSuits,
        modifier: cmd.attackerModifier,
        fate: cmd.attackerFate,
        soulstoneUser: cmd.attackerSoulstoneUser,
        triggers: cmd.attackerTriggers,
        stunned: cmd.attackerStunned,
        mayYield: false,
      }),
      newSide({
        role: 'defender',
        seat: defender,
        stat: cmd.defenderStat,
        statSuits: cmd.defenderStatSuits,
        modifier: cmd.defenderModifier,
        fate: cmd.defenderFate,
        soulstoneUser: cmd.defenderSoulstoneUser,
        triggers: cmd.defenderTriggers,
        stunned: cmd.defenderStunned,
        mayYield: cmd.friendly ?? false,
      }),
    ],
    damagePlan: plan,
    label: cmd.label ?? null,
  };
}

export function sideOf(res: DuelResolution, role: DuelRole): DuelSide | undefined {
  return res.sides.find((s) => s.role === role);
}

/** FLIP-2 net of a side's duel flip: stat/action fate (DUEL-10), soulstone + (SS-3), concealment − (DUEL-12). */
export function duelNet(res: DuelResolution, side: DuelSide): number {
  const concealment = side.role === 'attacker' && res.opposed && res.inConcealment ? 1 : 0;
  return side.fate + (side.soulstone === 'plus' ? 1 : 0) - concealment;
}

const isSuit = (x: string | null): x is Suit => x !== null && (SUITS as readonly string[]).includes(x);

/** DUEL-4 D: stat + card value + card suit + added suits + modifiers; a yielder equals the attacker (DUEL-7). */
export function sideTotals(res: DuelResolution): SideTotal[] {
  const totals: SideTotal[] = [];
  for (const side of res.sides) {
    if (side.yielded) continue;
    const flip = findFlip(res, side.role);
    const card = finalCard(flip);
    const value = card === null ? 0 : cardValue(card);
    const suits: Suit[] = [];
    const cardS = card === null ? null : cardSuit(card, flip?.redJokerSuit ?? undefined);
    if (cardS) suits.push(cardS);
    suits.push(...side.statSuits);
    if (isSuit(side.soulstone)) suits.push(side.soulstone);
    const modifier = side.modifier + (side.role === 'defender' && res.inCover ? 1 : 0); // DUEL-11 +1 Df
    totals.push({ role: side.role, seat: side.seat, stat: side.stat, card, cardValue: value, modifier, suits, total: side.stat + value + modifier, yielded: false });
  }
  const att = totals.find((t) => t.role === 'attacker');
  for (const side of res.sides) {
    if (!side.yielded || !att) continue;
    totals.push({ role: side.role, seat: side.seat, stat: side.stat, card: null, cardValue: 0, modifier: 0, suits: [], total: att.total, yielded: true });
  }
  return totals;
}

/** DUEL-6: the attacker needs ≥ defender, ≥ TN and the TN's suits; the defender needs strictly more. */
export function duelResult(res: DuelResolution, totals: readonly SideTotal[]): DuelResult {
  const att = totals.find((t) => t.role === 'attacker') as SideTotal;
  const def = totals.find((t) => t.role === 'defender') ?? null;
  const meetsTn = (res.tn === null || att.total >= res.tn) && containsSuits(att.suits, res.tnSuits);
  const attackerSucceeded = meetsTn && (def === null || att.total >= def.total);
  const defenderSucceeded = def !== null && !def.yielded && def.total > att.total;
  const diff = def === null ? null : att.total - def.total;
  const triggers = res.sides.flatMap((side) => {
    if (side.trigger === null) return [];
    const spec = side.triggers.find((t) => t.name === side.trigger);
    const timing = spec?.timing ?? DEFAULT_TIMING;
    const succeeded = side.role === 'attacker' ? attackerSucceeded : defenderSucceeded;
    return [{ role: side.role, seat: side.seat, name: side.trigger, timing, status: triggerStatus(timing, succeeded) }];
  });
  // Arrays copied, not shared with the state: an event must not alias the state it was decided on.
  return {
    opposed: res.opposed,
    tn: res.tn,
    tnSuits: [...res.tnSuits],
    attacker: { ...att, suits: [...att.suits], succeeded: attackerSucceeded },
    defender: def === null ? null : { ...def, suits: [...def.suits], succeeded: defenderSucceeded },
    diff,
    precision: diff === null ? 0 : precisionFor(diff),
    triggers,
  };
}

/** The next thing a duel needs, or null once the duel (and its damage) is complete. */
export function duelStep(state: ActiveState, res: DuelResolution): Step | null {
  const defender = sideOf(res, 'defender');
  // DUEL-7: a yield comes before any flip.
  if (defender && defender.yielded === null) return decision({ kind: 'yield', seat: defender.seat, legal: ['yield', 'fight'] });
  const active = res.sides.filter((s) => !s.yielded);

  // Step A: the attacker declares first.
  for (const side of active) {
    const step = duelSoulstoneStep(state, side);
    if (step) return step;
  }
  // Step B: everyone flips; the active player (the attacker) chooses first (FLIP-6).
  for (const side of active) {
    const step = revealStep(state, res, side.seat, side.role, duelNet(res, side), true);
    if (step) return step;
  }
  for (const side of active) {
    const flip = findFlip(res, side.role);
    const step = flip ? pickStep(flip) : null;
    if (step) return step;
  }
  // Step C: lower total first, the defender on a tie.
  for (const role of cheatOrder(res, active.map((s) => s.role))) {
    const flip = findFlip(res, role);
    const step = flip ? cheatStep(state, res, flip) : null;
    if (step) return step;
  }
  // Step D: the RJ's suit is locked, totals are announced.
  for (const side of active) {
    const flip = findFlip(res, side.role);
    if (flip && finalCard(flip) === RED_JOKER && flip.redJokerSuit === null) {
      return decision({ kind: 'redJokerSuit', seat: side.seat, slot: flip.slot, legal: [...SUITS] });
    }
  }
  if (res.totals === null) return events({ type: 'DuelTotalsAnnounced', totals: sideTotals(res) });
  // Step E: triggers, attacker first [AMB-3].
  for (const side of res.sides) {
    const owed = unpaidTriggerCost(side);
    if (owed) {
      const hand = state.seats[side.seat].hand;
      return decision({ kind: 'triggerCost', seat: side.seat, role: side.role, trigger: owed.trigger, count: owed.discard, legal: [...hand] });
    }
    if (side.triggerDone) continue;
    if (side.stunned) return events({ type: 'TriggerDeclared', seat: side.seat, role: side.role, trigger: null, reason: 'stunned' });
    const legal = legalTriggers(side, res.totals.find((t) => t.role === side.role), state.seats[side.seat].hand.length);
    if (legal.length === 0) return events({ type: 'TriggerDeclared', seat: side.seat, role: side.role, trigger: null, reason: 'noLegalTrigger' });
    return decision({ kind: 'trigger', seat: side.seat, role: side.role, legal: legal.map((t) => t.name) });
  }
  // Step F.
  if (res.result === null) return events({ type: 'DuelResolved', result: duelResult(res, res.totals) });
  // The attack's damage (DMG-7), only after a success.
  if (res.result.attacker.succeeded && res.damagePlan) {
    if (res.damage === null) {
      const attacker = res.sides[0] as DuelSide;
      return events({ type: 'DamageSequenceStarted', damage: damageFromPlan(res.damagePlan, attacker.seat, res.result.precision, res.inCover, res.friendly) });
    }
    return damageStep(state, res, res.damage);
  }
  return null;
}
