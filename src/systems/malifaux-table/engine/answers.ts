/**
 * Answers to pending decisions (pick, cheat, soulstone, yield, RJ suit, trigger, discard-down, prevent,
 * reduce): checked against the open decision, turned into events. A mismatched answer gets the most
 * precise refusal available (the rule that forbids it) before the generic "waiting for someone else".
 */
import type { CardCode } from './cards.js';
import { RED_JOKER } from './cards.js';
import type { Result, RuleError } from './errors.js';
import { fail, ok } from './errors.js';
import type { ActiveState, Command, DuelResolution, DuelSide, FlipState, GameEvent, Resolution, Seat, SideTotal } from './schema.js';
import type { PendingDecision } from './decisions.js';
import { DECISION_RULE, pendingDecision } from './decisions.js';
import { sideOf } from './duel.js';
import { legalTriggers, missingSuits } from './triggers.js';
import { firstMissingFromHand } from './fateDeck.js';
import type { Actor } from './actor.js';

type Decided = Result<GameEvent[], RuleError>;
type CommandOf<T extends Command['type']> = Extract<Command, { type: T }>;

export const ANSWERS = {
  pickCard: 'pick',
  cheatFate: 'cheat',
  declineCheat: 'cheat',
  useSoulstone: 'soulstone',
  yieldDuel: 'yield',
  chooseRedJokerSuit: 'redJokerSuit',
  declareTrigger: 'trigger',
  payTriggerCost: 'triggerCost',
  discardDown: 'discardDown',
  preventDamage: 'prevent',
  reduceDamage: 'reduce',
} as const satisfies Partial<Record<Command['type'], PendingDecision['kind']>>;
type AnswerType = keyof typeof ANSWERS;
export type AnswerCommand = CommandOf<AnswerType>;

export function isAnswer(cmd: Command): cmd is AnswerCommand {
  return cmd.type in ANSWERS;
}

/** Hand cards named by the actor: all present, none twice. The card in the error is the actor's own input. */
export function handCheck(state: ActiveState, seat: Seat, cards: readonly string[], rule: string): RuleError | null {
  const missing = firstMissingFromHand(state.seats[seat], cards);
  if (!missing) return null;
  return { code: missing.duplicate ? 'DUPLICATE_CARD' : 'CARD_NOT_IN_HAND', rule, params: { card: missing.card } };
}

export function decideAnswer(state: ActiveState, cmd: AnswerCommand, actor: Actor): Decided {
  if (actor.seat === null) return fail('NOT_A_PLAYER');
  const pending = pendingDecision(state);
  const wanted = ANSWERS[cmd.type];
  if (cmd.decisionId !== undefined && cmd.decisionId !== pending?.id) return fail('STALE_DECISION');
  if (!pending || pending.seat !== actor.seat || pending.kind !== wanted) {
    const why = explainRefusedAnswer(state, cmd, actor.seat);
    if (why) return { ok: false, error: why };
    if (!pending) return fail('NO_DECISION_PENDING');
    return fail('WAITING_FOR_DECISION', DECISION_RULE[pending.kind], { seat: pending.seat, kind: pending.kind });
  }
  return answer(state, cmd, pending, actor.seat);
}

/** The seat's most recent flip in the current resolution. */
function lastFlipOf(state: ActiveState, seat: Seat): FlipState | undefined {
  const flips = state.resolution?.flips.filter((f) => f.seat === seat) ?? [];
  return flips[flips.length - 1];
}

/** A precise reason for an answer that does not match the open decision, when there is one. */
function explainRefusedAnswer(state: ActiveState, cmd: AnswerCommand, seat: Seat): RuleError | null {
  const pool = state.seats[seat].soulstones;
  switch (cmd.type) {
    case 'cheatFate':
    case 'declineCheat': {
      const flip = lastFlipOf(state, seat);
      if (!flip || flip.cheat === null) return null;
      if (flip.cheat.outcome === 'forbidden') return { code: flip.cheat.code as RuleError['code'], rule: flip.cheat.rule };
      // CHEAT-3e: this flip's decision is made (a re-flip's spent cheat is CHEAT-4's, recorded on the flip above).
      return { code: 'CHEAT_ALREADY_DECIDED', rule: 'CHEAT-3e' };
    }
    case 'useSoulstone': {
      const res = state.resolution;
      const mine = res?.kind === 'duel' ? res.sides.filter((x) => x.seat === seat) : [];
      if (cmd.use !== 'none' && mine.length > 0 && mine.every((x) => !x.soulstoneUser)) return { code: 'NOT_A_SOULSTONE_USER', rule: 'SS-1' };
      if (cmd.use !== 'none' && pool < 1) return { code: 'SOULSTONES_EMPTY', rule: 'SS-2' };
      return null;
    }
    case 'preventDamage':
    case 'reduceDamage': {
      if (!cmd.spend) return null;
      const res = state.resolution;
      // A duel's damage (null until the duel succeeds) or a damage flip's; a plain flip deals none.
      const dmg = res !== null && res.kind !== 'flip' ? res.damage : null;
      if (dmg && dmg.target === seat) {
        if (!dmg.targetSoulstoneUser) return { code: 'NOT_A_SOULSTONE_USER', rule: 'SS-1' };
        if (cmd.type === 'reduceDamage' && dmg.prevent === 'spent' && !state.options.preventAndReduce) {
          return { code: 'SOULSTONE_ONE_PER_EFFECT', rule: 'SS-4' };
        }
      }
      if (pool < 1) return { code: 'SOULSTONES_EMPTY', rule: 'SS-2' };
      return null;
    }
  }
  // A pick, yield, RJ suit, trigger or discard out of turn: no rule beyond whose decision it is.
  return null;
}

/** The flip a pick or cheat decision is about: the decision was opened for it, in the resolution on the table. */
function currentFlip(state: ActiveState, slot: FlipState['slot']): FlipState {
  return (state.resolution as Resolution).flips.find((f) => f.slot === slot) as FlipState;
}

/** The open decision of the kind an answer answers: decideAnswer has checked it (ANSWERS). */
type PendingFor<T extends AnswerType> = Extract<PendingDecision, { kind: (typeof ANSWERS)[T] }>;

function answer(state: ActiveState, cmd: AnswerCommand, open: PendingDecision, seat: Seat): Decided {
  switch (cmd.type) {
    case 'pickCard': {
      const pending = open as PendingFor<'pickCard'>;
      const flip = currentFlip(state, pending.slot);
      if (!pending.legal.includes(cmd.card)) {
        // FLIP-5 when the RJ widened what may be taken (a revealed BJ is taken without asking), FLIP-4 otherwise.
        return fail('ILLEGAL_PICK', flip.revealed.includes(RED_JOKER) ? 'FLIP-5' : 'FLIP-4', { card: cmd.card });
      }
      return ok([{ type: 'FlipCardChosen', seat, slot: pending.slot, card: cmd.card, forced: false, discarded: flip.revealed.filter((c) => c !== cmd.card) }]);
    }
    case 'cheatFate': {
      const pending = open as PendingFor<'cheatFate'>;
      if (!state.seats[seat].hand.includes(cmd.card)) return fail('CARD_NOT_IN_HAND', 'CHEAT-5', { card: cmd.card });
      // A cheat is asked once the flip's card is taken (DUEL-4: Step C after Step B).
      const replaced = currentFlip(state, pending.slot).taken as CardCode;
      return ok([{ type: 'FateCheated', seat, slot: pending.slot, card: cmd.card, replaced }]);
    }
    case 'declineCheat':
      return ok([{ type: 'CheatDeclined', seat, slot: (open as PendingFor<'declineCheat'>).slot }]);
    case 'useSoulstone': {
      const pending = open as PendingFor<'useSoulstone'>;
      // The decision is only open while the pool holds a stone (emptied, the procedure declines for the seat).
      if (cmd.use === 'none') return ok([{ type: 'SoulstoneDeclined', seat, purpose: 'duel', role: pending.role, reason: 'choice' }]);
      return ok([{ type: 'SoulstoneUsed', seat, purpose: 'duel', role: pending.role, use: cmd.use }]);
    }
    case 'yieldDuel':
      return ok([{ type: 'DuelYieldDecided', seat, yielded: cmd.yield }]);
    case 'chooseRedJokerSuit':
      return ok([{ type: 'RedJokerSuitChosen', seat, slot: (open as PendingFor<'chooseRedJokerSuit'>).slot, suit: cmd.suit }]);
    case 'declareTrigger': {
      const pending = open as PendingFor<'declareTrigger'>;
      if (cmd.trigger === null) return ok([{ type: 'TriggerDeclared', seat, role: pending.role, trigger: null, reason: 'choice' }]);
      // A trigger is asked of a side of the duel once the totals are announced (DUEL-4 Step E).
      const res = state.resolution as DuelResolution;
      const side = sideOf(res, pending.role) as DuelSide;
      const total = (res.totals as SideTotal[]).find((t) => t.role === pending.role) as SideTotal;
      const spec = side.triggers.find((t) => t.name === cmd.trigger);
      if (!spec) return fail('UNKNOWN_TRIGGER', 'TRIG-1', { trigger: cmd.trigger });
      if (!legalTriggers(side, total, state.seats[seat].hand.length).includes(spec)) {
        const missing = missingSuits(total.suits, spec.suits);
        if (missing.length === 0 && spec.cost) return fail('TRIGGER_COST_UNPAYABLE', 'TRIG-4', { trigger: spec.name, count: spec.cost.discard });
        return fail('TRIGGER_SUITS_MISSING', 'TRIG-1', { trigger: spec.name, suits: missing.join('') });
      }
      return ok([{ type: 'TriggerDeclared', seat, role: pending.role, trigger: spec.name, reason: 'choice' }]);
    }
    case 'payTriggerCost': {
      const pending = open as PendingFor<'payTriggerCost'>;
      if (cmd.cards.length !== pending.count) return fail('DISCARD_COUNT', 'TRIG-4', { expected: pending.count, given: cmd.cards.length });
      const missing = handCheck(state, seat, cmd.cards, 'TRIG-4');
      if (missing) return { ok: false, error: missing };
      return ok([{ type: 'TriggerCostPaid', seat, role: pending.role, trigger: pending.trigger, cards: [...cmd.cards] }]);
    }
    case 'discardDown': {
      const pending = open as PendingFor<'discardDown'>;
      if (cmd.cards.length !== pending.count) return fail('DISCARD_COUNT', 'LOC-5', { expected: pending.count, given: cmd.cards.length });
      const missing = handCheck(state, seat, cmd.cards, 'LOC-5');
      if (missing) return { ok: false, error: missing };
      return ok([{ type: 'CardsDiscarded', seat, cards: cmd.cards, reason: 'handLimit' }]);
    }
    case 'preventDamage':
    case 'reduceDamage': {
      const purpose = cmd.type === 'preventDamage' ? 'prevent' : 'reduce';
      // As for Step A: open only while the pool holds a stone.
      if (!cmd.spend) return ok([{ type: 'SoulstoneDeclined', seat, purpose, role: null, reason: 'choice' }]);
      return ok([{ type: 'SoulstoneUsed', seat, purpose, role: null, use: null }]);
    }
  }
}
