/**
 * What a cheat decision is about, for the player who must make it (their DM'd hand, "My hand"): the
 * flip's card and total, the other side's total, what success needs (DUEL-6), and which of their cards
 * would get it. Read from the player's private view only: the table is the public resolution (in an
 * opposed duel both flipped cards are public by then, DUEL-4 B/C), the cards are this player's own hand.
 */
import { band, cardValue, RED_JOKER, SUITS, type CardCode, type Suit } from '../engine/cards.js';
import { duelResult, sideTotals } from '../engine/duel.js';
import { computeDamage } from '../engine/damage.js';
import { cloneData } from '../engine/clone.js';
import { missingSuits } from '../engine/triggers.js';
import type { DuelResolution, DuelResult, DuelRole, FlipState, PendingDecision, PrivateView } from '../engine/index.js';
import type { Translate } from '../../../i18n/index.js';
import { card, cards, namedSuits, suits } from './cards.js';
import { failureReasons } from './events.js';

type CheatDecision = Extract<PendingDecision, { kind: 'cheat' }>;
type Seen = Extract<PrivateView, { status: 'active' | 'ended' }>;

/** The lines that explain the decision, or none when it is not a cheat on the table. */
export function cheatContext(t: Translate, view: Seen, decision: CheatDecision): string[] {
  const res = view.resolution;
  const flip = res?.flips.find((f) => f.slot === decision.slot);
  if (!res || !flip || flip.taken === null) return [];
  if (res.kind === 'duel' && (decision.slot === 'attacker' || decision.slot === 'defender')) return duelContext(t, view, res, decision.slot, decision.legal);
  const damage = res.kind === 'damage' ? res.damage : res.kind === 'duel' ? res.damage : null;
  if (decision.slot === 'damage' && damage) {
    const now = computeDamage(damage, flip.taken, null);
    const lines = [t('cheat.damage', { card: card(flip.taken), band: t(`band.${band(cardValue(flip.taken))}`), damage: now.afterReductions })];
    // The hand's cards grouped by the damage each would deal (before a soulstone reduction).
    const byDamage = new Map<number, CardCode[]>();
    for (const c of decision.legal) {
      const d = computeDamage(damage, c, null).afterReductions;
      byDamage.set(d, [...(byDamage.get(d) ?? []), c]);
    }
    const groups = [...byDamage].sort(([a], [b]) => b - a).map(([d, cs]) => t('cheat.damageBand', { band: t(`band.${band(cardValue(cs[0]!))}`), damage: d, cards: cards(cs) }));
    if (groups.length) lines.push(t('cheat.damageHand', { bands: groups.join(' · ') }));
    return lines;
  }
  const value = cardValue(flip.taken);
  const lines = [t('cheat.flip', { card: card(flip.taken), value, band: t(`band.${band(value)}`) })];
  // Both flipped at once (START-3): the other card is on the table too, and its player may decide after.
  const other = res.kind === 'flip' && res.pair ? res.flips.find((f) => f !== flip) : undefined;
  const otherCard = other && (other.cheat?.outcome === 'cheated' ? other.cheat.card : other.taken);
  if (other && otherCard) {
    const name = `**${view.seats[other.seat].name}**`;
    lines.push(t('cheat.pairOther', { name, card: card(otherCard), value: cardValue(otherCard) }));
    if (other.cheat === null) lines.push(t('cheat.otherMayCheat', { name }));
  }
  return lines;
}

/** The duel as it would end with `replacement` as this side's card (null: the card flipped), the Red Joker naming its best suit. */
function outcomeWith(res: DuelResolution, role: DuelRole, replacement: CardCode | null): { result: DuelResult; succeeded: boolean } {
  const attempt = (suit: Suit | null) => {
    const copy = cloneData(res);
    const flip = copy.flips.find((f) => f.slot === role) as FlipState;
    if (replacement !== null) flip.cheat = { outcome: 'cheated', card: replacement };
    if ((replacement ?? flip.taken) === RED_JOKER) flip.redJokerSuit = suit;
    const result = duelResult(copy, sideTotals(copy));
    const side = role === 'attacker' ? result.attacker : result.defender;
    return { result, succeeded: side?.succeeded ?? false };
  };
  const plain = attempt(null);
  if ((replacement ?? res.flips.find((f) => f.slot === role)?.taken) !== RED_JOKER || plain.succeeded) return plain;
  return SUITS.map((s) => attempt(s)).find((o) => o.succeeded) ?? plain;
}

function duelContext(t: Translate, view: Seen, res: DuelResolution, role: DuelRole, legal: readonly CardCode[]): string[] {
  const totals = sideTotals(res);
  const mine = totals.find((s) => s.role === role);
  const myFlip = res.flips.find((f) => f.slot === role);
  if (!mine || !myFlip || myFlip.taken === null) return [];
  const who = (seat: 0 | 1) => `**${view.seats[seat].name}**`;
  const withSuits = (s: { suits: readonly Suit[] }) => (s.suits.length ? ' ' + suits(s.suits) : '');
  const modifier = mine.modifier === 0 ? '' : ` ${mine.modifier > 0 ? '+' : '−'} ${Math.abs(mine.modifier)}`;
  const lines = [
    t('cheat.mine', { slot: t(`slot.${role}`), card: card(myFlip.taken), total: mine.total, suits: withSuits(mine), stat: mine.stat, value: mine.cardValue, modifier }),
  ];

  // The other side, as the table shows it: its flipped (or cheated) card and total.
  const otherRole: DuelRole = role === 'attacker' ? 'defender' : 'attacker';
  const otherSide = res.opposed ? res.sides.find((s) => s.role === otherRole) : undefined;
  const other = totals.find((s) => s.role === otherRole);
  if (otherSide?.yielded) lines.push(t('cheat.otherYielded', { name: who(otherSide.seat) }));
  else if (otherSide && other) {
    const otherFlip = res.flips.find((f) => f.slot === otherRole);
    lines.push(t('cheat.other', { name: who(other.seat), slot: t(`slot.${otherRole}`), card: other.card ? card(other.card) : '—', total: other.total, suits: withSuits(other) }));
    if (otherFlip && otherFlip.cheat === null) lines.push(t('cheat.otherMayCheat', { name: who(other.seat) }));
  }

  // DUEL-6: what success needs.
  const needs: string[] = [];
  const fixedSuits = mine.suits.slice(myCardSuitCount(mine.card, mine.suits, myFlip));
  const missing = role === 'attacker' ? missingSuits(fixedSuits, res.tnSuits) : [];
  let needTotal = Number.NEGATIVE_INFINITY;
  if (role === 'attacker') {
    if (res.tn !== null) {
      needs.push(t('cheat.needTn', { tn: res.tn }));
      needTotal = res.tn;
    }
    if (res.tnSuits.length) needs.push(t('cheat.needSuits', { suits: namedSuits(t, res.tnSuits) }));
    if (other && !otherSide?.yielded) {
      needs.push(t('cheat.needAtLeast', { name: who(other.seat), total: other.total }));
      needTotal = Math.max(needTotal, other.total);
    }
  } else if (other) {
    needs.push(t('cheat.needMore', { name: who(other.seat), total: other.total }));
    needTotal = other.total + 1;
  }
  if (needs.length) lines.push(t('cheat.needs', { needs: needs.join(t('cheat.needAnd')) }));

  const now = outcomeWith(res, role, null);
  if (now.succeeded) lines.push(t('cheat.nowSucceeds'));
  else {
    const why = failureReasons(t, who, now.result, role);
    if (why.length) lines.push(t('cheat.nowFails', { why: why.join(t('duel.why.and')) }));
  }

  // The card that would do it: its value (the rest of the total is fixed), and the one suit it must bring.
  const value = needTotal === Number.NEGATIVE_INFINITY ? 0 : needTotal - (mine.total - mine.cardValue);
  if (missing.length > 1 || value > 14) lines.push(t('cheat.noCardCan'));
  else if (missing.length === 1) {
    const suit = namedSuits(t, missing);
    lines.push(value <= 0 ? t('cheat.anyCardSuit', { suit }) : t('cheat.thresholdSuit', { value, suit }));
  } else lines.push(value <= 0 ? t('cheat.anyCard') : t('cheat.threshold', { value }));

  const winners = legal.filter((c) => outcomeWith(res, role, c).succeeded);
  lines.push(winners.length ? t('cheat.winners', { cards: cards(winners) }) : t('cheat.noWinner'));
  return lines;
}

/** How many of the total's suits come from the flipped card (sideTotals lists the card's suit first). */
function myCardSuitCount(code: CardCode | null, totalSuits: readonly Suit[], flip: FlipState): number {
  if (code === null || totalSuits.length === 0) return 0;
  if (code === RED_JOKER) return flip.redJokerSuit === null ? 0 : 1;
  return code === 'BJ' ? 0 : 1;
}

