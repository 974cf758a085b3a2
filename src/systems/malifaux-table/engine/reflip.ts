/**
 * Re-flips (FLIP-7): an effect (a trigger, an ability) makes a player discard a flip's cards and flip
 * again with the same modifiers [AMB-11]. The bot cannot know those effects, so the re-flip is asked for:
 * by the flip's player for their own flip, or by a referee for any flip.
 *
 * The window: from the moment the slot's cards are flipped until its card is final for what reads it —
 *   main (a standalone flip)       until FlipResolved;
 *   attacker / defender (a duel)   until DuelTotalsAnnounced (Step D), i.e. while a pick, cheat or
 *                                  Red Joker suit of either side is pending;
 *   damage / reduce                until DamageResolved (so also while the target's Reduce is pending:
 *                                  that decision then reopens on the new damage).
 * Once the card is final a re-flip would rewrite a total or a result already announced, so it is refused.
 *
 * A re-flip does not reopen cheating (CHEAT-4): if the seat has cheated or declined on this flip, the new
 * flip has no cheat (its cheat stays `forbidden` with rule CHEAT-4). A seat that had not decided keeps its
 * one decision; a ban that depended on the old cards (CHEAT-3b on a flipped BJ, CHEAT-3c on the other
 * side's flipped RJ) is looked at again on the new cards.
 */
import type { CardCode } from './cards.js';
import type { Result, RuleError } from './errors.js';
import { fail, ok } from './errors.js';
import type { ActiveState, Command, FlipSlot, FlipState, GameEvent, Resolution } from './schema.js';
import type { Actor } from './actor.js';
import { pendingDecision } from './decisions.js';
import { findFlip } from './flip.js';

type ReflipCommand = Extract<Command, { type: 'reflip' }>;

/** The cheat outcome a re-flip keeps: the seat's one decision on this flip is spent (CHEAT-4). */
export const CHEAT_SPENT = { outcome: 'forbidden', rule: 'CHEAT-4', code: 'CHEAT_ALREADY_DECIDED' } as const;

/** Has the seat cheated or declined on this flip (before this or an earlier re-flip)? */
export function cheatSpent(flip: FlipState): boolean {
  const cheat = flip.cheat;
  if (cheat === null) return false;
  return cheat.outcome !== 'forbidden' || cheat.rule === CHEAT_SPENT.rule;
}

/** Is the slot's card final, i.e. read by a total or a result already announced? (the end of the window) */
export function cardIsFinal(res: Resolution, slot: FlipSlot): boolean {
  switch (slot) {
    case 'main':
      return res.kind !== 'flip' || res.result !== null;
    case 'attacker':
    case 'defender':
      return res.kind !== 'duel' || res.totals !== null;
    case 'damage':
    case 'reduce': {
      const dmg = res.kind === 'duel' ? res.damage : res.kind === 'damage' ? res.damage : null;
      return dmg === null || dmg.result !== null;
    }
    default: {
      const never: never = slot;
      return never;
    }
  }
}

/** The flip's cards still in its owner's conflict (revealed ones not yet set aside, the taken or cheated card), in conflict order. */
export function flipCardsInConflict(state: ActiveState, flip: FlipState): CardCode[] {
  const own = new Set<CardCode>(flip.revealed);
  if (flip.cheat?.outcome === 'cheated') own.add(flip.cheat.card);
  return state.seats[flip.seat].conflict.filter((c) => own.has(c));
}

/**
 * Which flip: the named slot, or else the actor's own flip still open — the one of the pending decision
 * first, then the latest. A referee names the slot to re-flip someone else's flip (no silent default).
 */
function chooseFlip(state: ActiveState, res: Resolution, cmd: ReflipCommand, actor: Actor): Result<FlipState, RuleError> {
  if (cmd.slot !== undefined) {
    const flip = findFlip(res, cmd.slot);
    if (!flip) return fail('NOTHING_TO_REFLIP', 'FLIP-7');
    if (flip.seat !== actor.seat && !actor.referee) return fail('REFLIP_NOT_YOUR_FLIP', 'FLIP-7', { seat: flip.seat });
    return ok(flip);
  }
  const mine = actor.seat === null ? res.flips : res.flips.filter((f) => f.seat === actor.seat);
  const last = res.flips[res.flips.length - 1];
  if (mine.length === 0) return last ? fail('REFLIP_NOT_YOUR_FLIP', 'FLIP-7', { seat: last.seat }) : fail('NOTHING_TO_REFLIP', 'FLIP-7');
  const open = mine.filter((f) => !cardIsFinal(res, f.slot));
  const pending = pendingDecision(state);
  const pendingSlot = pending && 'slot' in pending ? pending.slot : null;
  const flip = open.find((f) => f.slot === pendingSlot) ?? open[open.length - 1] ?? mine[mine.length - 1];
  return flip ? ok(flip) : fail('NOTHING_TO_REFLIP', 'FLIP-7');
}

/** `reflip`: who may ask, which flip, whether it is still time; then the discard (the flip itself is automatic). */
export function decideReflip(state: ActiveState, cmd: ReflipCommand, actor: Actor): Result<GameEvent[], RuleError> {
  if (actor.seat === null && !actor.referee) return fail('NOT_A_PLAYER');
  const res = state.resolution;
  if (!res || res.flips.length === 0) return fail('NOTHING_TO_REFLIP', 'FLIP-7');
  if (cmd.decisionId !== undefined && cmd.decisionId !== pendingDecision(state)?.id) return fail('STALE_DECISION');
  const chosen = chooseFlip(state, res, cmd, actor);
  if (!chosen.ok) return chosen;
  const flip = chosen.value;
  if (cardIsFinal(res, flip.slot)) return fail('REFLIP_TOO_LATE', 'FLIP-7');
  return ok([
    {
      type: 'FlipDiscardedForReflip',
      seat: flip.seat,
      slot: flip.slot,
      cards: flipCardsInConflict(state, flip),
      by: actor.userId,
      referee: flip.seat !== actor.seat,
      cheatSpent: cheatSpent(flip),
    },
  ]);
}
