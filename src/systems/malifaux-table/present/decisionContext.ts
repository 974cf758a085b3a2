/**
 * What a decision is about, for the player who must make it (their DM, or "My hand"): the action and who
 * it opposes, both sides' stats, the TN and its suits, modifiers and fate, the totals so far, the
 * triggers they wrote (suits, cost, effect, and whether one could still fire), the damage to come, and
 * what each choice would do where it can be said before the cards are seen. With it the DM alone is
 * enough to decide. Read from the player's private view only: everything here is public but their hand.
 */
import { band, cardValue, type CardCode } from '../engine/cards.js';
import { cloneData } from '../engine/clone.js';
import { computeDamage, damageNet } from '../engine/damage.js';
import { duelResult, sideTotals } from '../engine/duel.js';
import { variableFlipValue } from '../engine/flip.js';
import { DEFAULT_TIMING, containsSuits, missingSuits, triggerStatus } from '../engine/triggers.js';
import type { DamageState, DuelResolution, DuelSide, FlipState, PendingDecision, PrivateView, Resolution, Suit } from '../engine/index.js';
import type { Translate } from '../../../i18n/index.js';
import { card, fate, namedSuits, signed, suits } from './cards.js';
import { failureReasons } from './events.js';

type Seen = Extract<PrivateView, { status: 'active' | 'ended' }>;

function profile(p: number | readonly number[]): string {
  return typeof p === 'number' ? String(p) : p.join('/');
}

function sideLine(t: Translate, view: Seen, side: DuelSide): string {
  return t('context.side', {
    name: view.seats[side.seat].name,
    stat: side.stat,
    suits: side.statSuits.length ? ` ${suits(side.statSuits)}` : '',
    modifier: side.modifier ? ` ${signed(side.modifier)}` : '',
    fate: fate(side.fate),
  });
}

/** The damage the action deals if it succeeds, and what stands against it. */
function damageLine(t: Translate, damage: Pick<DamageState, 'profile' | 'plus' | 'fate' | 'armor' | 'shielded' | 'health'>): string {
  return t('context.damage', {
    profile: profile(damage.profile),
    plus: damage.plus ? ` ${signed(damage.plus)}` : '',
    fate: fate(damage.fate),
    armor: damage.armor,
    shielded: damage.shielded,
    health: damage.health === null ? '' : t('context.health', { health: damage.health }),
  });
}

/** Would the decider's side succeed with the totals as they stand? null before the totals. */
function succeedingNow(res: DuelResolution, side: DuelSide): boolean | null {
  const flipsDone = res.sides.every((s) => res.flips.some((f) => f.slot === s.role && f.taken !== null));
  if (!flipsDone) return null;
  const result = duelResult(res, res.totals ?? sideTotals(res));
  const mine = side.role === 'attacker' ? result.attacker : result.defender;
  return mine?.succeeded ?? null;
}

function triggerLines(t: Translate, res: DuelResolution, side: DuelSide): string[] {
  if (side.triggersBarred || side.triggers.length === 0) return [];
  const succeeding = succeedingNow(res, side);
  return [
    t('context.triggers'),
    ...side.triggers.map((trigger) => {
      const parts = [t('context.triggerNeeds', { suits: trigger.suits.length ? namedSuits(t, trigger.suits) : '—' })];
      if (trigger.cost) parts.push(t('context.triggerCost', { count: trigger.cost.discard }));
      if (trigger.damage) parts.push(t('context.triggerDamage', { damage: trigger.damage }));
      // A trigger that needs the action to succeed fizzles on a failed one: say so before a card is paid.
      if (succeeding !== null && triggerStatus(trigger.timing ?? DEFAULT_TIMING, succeeding) === 'fizzles') parts.push(t('context.triggerWouldFizzle'));
      return `• **${trigger.name}**: ${parts.join(' · ')}`;
    }),
  ];
}

/** What each answer to a soulstone decision does (SS-2: a + to the flip, or a suit to the total). */
function soulstoneChoices(t: Translate, res: DuelResolution, side: DuelSide, legal: readonly string[]): string[] {
  const need = side.role === 'attacker' ? res.tnSuits : [];
  const missing = missingSuits(side.statSuits, need);
  const lines: string[] = [];
  if (legal.includes('plus')) lines.push(t('context.soulstonePlus', { fate: fate(side.fate + 1) }));
  const suitChoices = legal.filter((l): l is Suit => l !== 'plus' && l !== 'none');
  for (const suit of suitChoices) {
    const completes = missing.length === 1 && missing[0] === suit;
    lines.push(t(completes ? 'context.soulstoneSuitMeets' : 'context.soulstoneSuit', { suit: namedSuits(t, [suit]) }));
  }
  return lines;
}

const who = (view: Seen) => (seat: 0 | 1) => `**${view.seats[seat].name}**`;

/** DUEL-7: what yielding gives away, against fighting on (the attacker then succeeds on the tie, precision −). */
function yieldChoices(t: Translate, view: Seen, res: DuelResolution): string[] {
  const attacker = res.sides[0]!;
  return [t('context.yieldChoice', { name: view.seats[attacker.seat].name }), t('context.fightChoice')];
}

/**
 * CARD-3 / AMB-39: the duel as it stands with each suit the Red Joker could name (both cards are final by
 * Step D), and the triggers each suit would open.
 */
function redJokerChoices(t: Translate, view: Seen, res: DuelResolution, decision: Extract<PendingDecision, { kind: 'redJokerSuit' }>): string[] {
  const role = decision.slot === 'defender' ? 'defender' : 'attacker';
  const side = res.sides.find((s) => s.role === role);
  if (!side) return [];
  return decision.legal.map((suit) => {
    const copy = cloneData(res);
    (copy.flips.find((f) => f.slot === decision.slot) as FlipState).redJokerSuit = suit;
    const result = duelResult(copy, sideTotals(copy));
    const mine = role === 'attacker' ? result.attacker : result.defender;
    if (!mine) return '';
    const why = failureReasons(t, who(view), result, role);
    const outcome = mine.succeeded ? t('context.wouldSucceed') : t('context.wouldFail', { why: why.join(t('duel.why.and')) });
    const opened = side.triggersBarred ? [] : side.triggers.filter((tr) => containsSuits(mine.suits, tr.suits)).map((tr) => tr.name);
    return t('context.redJokerSuit', {
      suit: namedSuits(t, [suit]),
      total: mine.total,
      suits: suits(mine.suits),
      outcome,
      triggers: opened.length ? t('context.opensTriggers', { names: opened.join(', ') }) : '',
    });
  });
}

/** FLIP-4/5: what each card that may be taken would give (a total, a damage, a value), before any cheat. */
function pickChoices(t: Translate, res: Resolution, decision: Extract<PendingDecision, { kind: 'pick' }>): string[] {
  const each = (c: CardCode): string => {
    if (res.kind === 'duel' && (decision.slot === 'attacker' || decision.slot === 'defender')) {
      const copy = cloneData(res);
      (copy.flips.find((f) => f.slot === decision.slot) as FlipState).taken = c;
      const totals = sideTotals(copy);
      const mine = totals.find((s) => s.role === decision.slot);
      if (!mine) return card(c);
      // A simple duel's outcome is known from the TN alone (the Red Joker's suit aside, named later).
      const outcome = !res.opposed && c !== 'RJ' ? `, ${duelResult(copy, totals).attacker.succeeded ? t('context.wouldSucceed') : t('context.wouldFailShort')}` : '';
      return t('context.pickTotal', { card: card(c), total: mine.total, suits: mine.suits.length ? ` ${suits(mine.suits)}` : '', outcome });
    }
    const damage = res.kind === 'damage' ? res.damage : res.kind === 'duel' ? res.damage : null;
    if (decision.slot === 'damage' && damage) {
      const d = computeDamage(damage, c, null);
      return t('context.pickDamage', { card: card(c), band: t(`band.${d.band ?? 'weak'}`), damage: d.afterReductions });
    }
    if (res.kind === 'flip' && res.profile) {
      const v = variableFlipValue(res.profile, c);
      return t('context.pickAmount', { card: card(c), band: t(`band.${v.band}`), amount: v.value });
    }
    return t('context.pickValue', { card: card(c), value: cardValue(c), band: t(`band.${band(cardValue(c))}`) });
  };
  return [t('context.pickChoices', { choices: decision.legal.map(each).join(' · ') })];
}

/** SS-3 Prevent: one − on the damage flip; SS-4 / AMB-14: then no Reduce on the same damage, by default. */
function preventChoices(t: Translate, view: Seen, damage: DamageState): string[] {
  const now = damageNet(damage);
  return [
    t('context.preventSpend', { before: fate(now), after: fate(now - 1) }) + (view.options.preventAndReduce ? '' : ` ${t('context.preventNoReduce')}`),
  ];
}

/** SS-3 Reduce (AMB-18): the damage as it stands, and what each band of the reduction card would leave. */
function reduceChoices(t: Translate, damage: number, health: number | null): string[] {
  const left = (d: number) => (health === null ? '' : t('context.healthLeft', { health: Math.max(0, health - d) }));
  const after = (r: number) => Math.max(0, damage - r);
  return [
    t('context.reduceDecline', { damage, left: left(damage) }),
    t('context.reduceSpend', { weak: after(1), moderate: after(2), severe: after(3), redJoker: after(4), damage }),
  ];
}

/** The lines that put a decision in its context (none when nothing is on the table). */
export function decisionContext(t: Translate, view: Seen, decision: PendingDecision): string[] {
  const res = view.resolution;
  const lines: string[] = [];
  if (res?.kind === 'duel') {
    const [attacker, defender] = res.sides;
    lines.push(`⚔️ **${res.label ?? t(res.opposed ? 'context.opposedDuel' : 'context.simpleDuel')}**`);
    lines.push(sideLine(t, view, attacker!) + (defender ? ` ${t('context.against')} ${sideLine(t, view, defender)}` : ''));
    if (res.tn !== null) lines.push(t('context.tn', { tn: res.tn, suits: res.tnSuits.length ? ` ${namedSuits(t, res.tnSuits)}` : '' }));
    if (res.totals) {
      lines.push(t('context.totals', { totals: res.totals.map((s) => `${view.seats[s.seat].name} ${s.total}${s.suits.length ? ` ${suits(s.suits)}` : ''}`).join(' · ') }));
    }
    const mine = res.sides.find((s) => s.seat === view.viewer);
    // Once the damage sequence has started its flip's fate is known (precision, cover, Prevent); before, the action's own.
    const damage = res.damage
      ? { ...res.damage, fate: damageNet(res.damage) }
      : res.damagePlan
        ? { ...res.damagePlan.spec, plus: res.damagePlan.spec.plus ?? 0, fate: res.damagePlan.spec.fate ?? 0, armor: res.damagePlan.armor, shielded: res.damagePlan.shielded, health: res.damagePlan.health }
        : null;
    if (damage) lines.push(damageLine(t, damage));
    if (mine && (decision.kind === 'trigger' || decision.kind === 'triggerCost' || decision.kind === 'soulstone')) lines.push(...triggerLines(t, res, mine));
    if (mine && decision.kind === 'soulstone') lines.push(...soulstoneChoices(t, res, mine, decision.legal));
    if (decision.kind === 'yield') lines.push(...yieldChoices(t, view, res));
    if (decision.kind === 'redJokerSuit') lines.push(...redJokerChoices(t, view, res, decision).filter(Boolean));
  } else if (res?.kind === 'damage') {
    lines.push(`🩸 **${res.label ?? t('context.damageFlip')}**`, damageLine(t, { ...res.damage, fate: damageNet(res.damage) }));
  } else if (res?.kind === 'flip') {
    lines.push(t('context.flip', { name: view.seats[res.initiator].name, label: res.label ? ` ${res.label}` : '', modifier: fate(res.modifier) }));
  }
  const damage = res?.kind === 'damage' ? res.damage : res?.kind === 'duel' ? res.damage : null;
  if (res && decision.kind === 'pick') lines.push(...pickChoices(t, res, decision));
  if (damage && decision.kind === 'prevent') lines.push(...preventChoices(t, view, damage));
  if (decision.kind === 'reduce') lines.push(...reduceChoices(t, decision.damage, damage?.health ?? null));
  // LOC-5: how many cards go, and how many stay (the hand maximum).
  if (decision.kind === 'discardDown') lines.push(t('context.discardDown', { hand: view.hand.length, limit: view.options.handLimit, count: decision.count }));
  return lines;
}
