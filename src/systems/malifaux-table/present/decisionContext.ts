/**
 * What a decision is about, for the player who must make it (their DM, or "My hand"): the action and who
 * it opposes, both sides' stats, the TN and its suits, modifiers and fate, the totals so far, the
 * triggers they wrote (suits, cost, effect, and whether one could still fire), the damage to come, and
 * what each choice would do where it can be said before the cards are seen. With it the DM alone is
 * enough to decide. Read from the player's private view only: everything here is public but their hand.
 */
import { duelResult, sideTotals } from '../engine/duel.js';
import { DEFAULT_TIMING, missingSuits, triggerStatus } from '../engine/triggers.js';
import type { DamageState, DuelResolution, DuelSide, PendingDecision, PrivateView, Suit } from '../engine/index.js';
import type { Translate } from '../../../i18n/index.js';
import { fate, namedSuits, signed, suits } from './cards.js';

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
    const damage = res.damage ?? (res.damagePlan ? { ...res.damagePlan.spec, plus: res.damagePlan.spec.plus ?? 0, fate: res.damagePlan.spec.fate ?? 0, armor: res.damagePlan.armor, shielded: res.damagePlan.shielded, health: res.damagePlan.health } : null);
    if (damage) lines.push(damageLine(t, damage));
    if (mine && (decision.kind === 'trigger' || decision.kind === 'triggerCost' || decision.kind === 'soulstone')) lines.push(...triggerLines(t, res, mine));
    if (mine && decision.kind === 'soulstone') lines.push(...soulstoneChoices(t, res, mine, decision.legal));
  } else if (res?.kind === 'damage') {
    lines.push(`🩸 **${res.label ?? t('context.damageFlip')}**`, damageLine(t, res.damage));
  } else if (res?.kind === 'flip') {
    lines.push(t('context.flip', { name: view.seats[res.initiator].name, label: res.label ?? '', modifier: fate(res.modifier) }));
  }
  if (decision.kind === 'reduce') lines.push(t('context.reduce', { damage: decision.damage }));
  return lines;
}
