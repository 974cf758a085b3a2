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
  switch (res.kind) {
    case 'flip':
      return (slot === 'pair' ? res.pair?.result : res.result) != null;
    case 'duel':
      // The duel's own flips end at Step D; its damage (and reduce) flips with the damage.
      return slot === 'attacker' || slot === 'defender' ? res.totals !== null : res.damage === null || res.damage.result !== null;
    case 'damage':
      return res.damage.result !== null;
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
 * `latest`: the resolution's latest flip.
 */
function chooseFlip(state: ActiveState, res: Resolution, latest: FlipState, cmd: ReflipCommand, actor: Actor): Result<FlipState, RuleError> {
  if (cmd.slot !== undefined) {
    const flip = findFlip(res, cmd.slot);
    if (!flip) return fail('NOTHING_TO_REFLIP', 'FLIP-7');
    if (flip.seat !== actor.seat && !actor.referee) return fail('REFLIP_NOT_YOUR_FLIP', 'FLIP-7', { seat: flip.seat });
    return ok(flip);
  }
  const mine = actor.seat === null ? res.flips : res.flips.filter((f) => f.seat === actor.seat);
  // Flips become final in the order they were flipped (a duel's at Step D, then its damage's), so the
  // latest is open if any is; and a decision about a flip (pick, cheat, RJ suit) is taken while it is open.
  const own = mine[mine.length - 1];
  if (!own) return fail('REFLIP_NOT_YOUR_FLIP', 'FLIP-7', { seat: latest.seat });
  const pending = pendingDecision(state);
  const pendingSlot = pending && 'slot' in pending ? pending.slot : null;
  return ok(mine.find((f) => f.slot === pendingSlot) ?? own);
}

/** `reflip`: who may ask, which flip, whether it is still time; then the discard (the flip itself is automatic). */
export function decideReflip(state: ActiveState, cmd: ReflipCommand, actor: Actor): Result<GameEvent[], RuleError> {
  if (actor.seat === null && !actor.referee) return fail('NOT_A_PLAYER');
  const res = state.resolution;
  const latest = res?.flips[res.flips.length - 1];
  if (!res || !latest) return fail('NOTHING_TO_REFLIP', 'FLIP-7');
  if (cmd.decisionId !== undefined && cmd.decisionId !== pendingDecision(state)?.id) return fail('STALE_DECISION');
  const chosen = chooseFlip(state, res, latest, cmd, actor);
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
