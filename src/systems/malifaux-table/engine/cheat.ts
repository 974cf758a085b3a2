/**
 * Cheating Fate (CHEAT-1..CHEAT-6).
 */
import type { CardCode } from './cards.js';
import { BLACK_JOKER, RED_JOKER, cardValue } from './cards.js';
import type { ErrorCode } from './errors.js';
import type { ActiveState, DuelResolution, DuelRole, DuelSide, FlipState, Resolution, Seat } from './schema.js';
import type { Step } from './step.js';
import { decision, events } from './step.js';
import { findFlip } from './flip.js';

export interface CheatBan {
  rule: string;
  code: ErrorCode;
}

/**
 * CHEAT-3 a, b, c, d, f (e is structural: one decision per flip and per duel, CHEAT-4).
 * "Flipped" joker checks look at the card taken before any cheat (CHEAT-6, AMB-8).
 */
export function cheatBan(state: ActiveState, res: Resolution, flip: FlipState): CheatBan | null {
  if (flip.net < 0) return { rule: 'CHEAT-3a', code: 'CHEAT_FORBIDDEN_NEGATIVE_FLIP' };
  if (flip.taken === BLACK_JOKER) return { rule: 'CHEAT-3b', code: 'CHEAT_FORBIDDEN_BLACK_JOKER' };
  // Only an opposed duel has both an attacker and a defender flip (a simple duel has no defender flip).
  if (flip.slot === 'attacker' || flip.slot === 'defender') {
    const other = findFlip(res, flip.slot === 'attacker' ? 'defender' : 'attacker');
    if (other?.taken === RED_JOKER) return { rule: 'CHEAT-3c', code: 'CHEAT_FORBIDDEN_RED_JOKER' };
  }
  if (!flip.cheatable) return { rule: 'CHEAT-3d', code: 'CHEAT_FORBIDDEN_BY_EFFECT' };
  if (state.seats[flip.seat].hand.length === 0) return { rule: 'CHEAT-3f', code: 'CHEAT_FORBIDDEN_EMPTY_HAND' };
  return null;
}

/** CHEAT-1: once the flip's card is settled (callers ask after pickStep, so it is taken), cheat or decline — or skip, recording why. */
export function cheatStep(state: ActiveState, res: Resolution, flip: FlipState): Step | null {
  if (flip.cheat !== null) return null;
  const ban = cheatBan(state, res, flip);
  if (ban) return events({ type: 'CheatSkipped', seat: flip.seat, slot: flip.slot, rule: ban.rule, code: ban.code });
  return decision({ kind: 'cheat', seat: flip.seat, slot: flip.slot, legal: [...state.seats[flip.seat].hand] });
}

/**
 * Total used to order cheats (DUEL-4 C): stat + flipped card + flat modifiers, before any cheat. Asked in
 * Step C, for both sides of a duel nobody yielded: each has flipped and taken its card (Step B).
 */
export function preCheatTotal(res: DuelResolution, role: DuelRole): number {
  const side = res.sides.find((s) => s.role === role) as DuelSide;
  const taken = (findFlip(res, role) as FlipState).taken as CardCode;
  const cover = role === 'defender' && res.inCover ? 1 : 0;
  return side.stat + cardValue(taken) + side.modifier + cover;
}

/** DUEL-4 C: the lower total decides first, the defender first on a tie. */
export function cheatOrder(res: DuelResolution, roles: readonly DuelRole[]): DuelRole[] {
  if (roles.length < 2) return [...roles];
  const a = preCheatTotal(res, 'attacker');
  const d = preCheatTotal(res, 'defender');
  return a < d ? ['attacker', 'defender'] : ['defender', 'attacker'];
}

/**
 * A flip both players make at once (START-3 step 2, AMB-10): the lower card as flipped decides first
 * whether to cheat; on equal cards, `firstOnTie`. `flipped`: each seat's card value, by seat.
 */
export function pairCheatOrder(flipped: readonly [number, number], firstOnTie: Seat): [Seat, Seat] {
  const first: Seat = flipped[0] < flipped[1] ? 0 : flipped[1] < flipped[0] ? 1 : firstOnTie;
  return [first, first === 0 ? 1 : 0];
}
