/** How cards, suits and fate modifiers read in messages (emoji glyphs work on every Discord client). */
import { parseCard, type CardCode, type Suit } from '../engine/cards.js';
import type { Translate } from '../../../i18n/index.js';

export const SUIT_EMOJI: Record<Suit, string> = { R: '🐏', M: '🎭', C: '🐦', T: '📖' };

export function suitName(t: Translate, suit: Suit): string {
  return t(`suit.${suit}`);
}

/** Compact: "9📖", "RJ🎭" once its suit is named, "BJ". */
export function card(code: CardCode, redJokerSuit?: Suit | null): string {
  const c = parseCard(code);
  if (c.kind === 'std') return `${c.value}${SUIT_EMOJI[c.suit]}`;
  if (c.kind === 'RJ') return `🃏RJ${redJokerSuit ? SUIT_EMOJI[redJokerSuit] : ''}`;
  return '🃏BJ';
}

export function cards(codes: readonly CardCode[]): string {
  return codes.length ? codes.map((c) => card(c)).join(' ') : '—';
}

/** Long form for menus: "9 of Tomes", "Red Joker". */
export function cardName(t: Translate, code: CardCode): string {
  const c = parseCard(code);
  if (c.kind === 'std') return t('card.named', { value: c.value, suit: suitName(t, c.suit) });
  return t(c.kind === 'RJ' ? 'card.redJoker' : 'card.blackJoker');
}

export function suits(list: readonly Suit[]): string {
  return list.map((s) => SUIT_EMOJI[s]).join('');
}

/** Suits spelled out for a reason: "🎭 Masks", "2 × 🐏 Rams + 📖 Tomes" (a requirement is a multiset, DUEL-5). */
export function namedSuits(t: Translate, list: readonly Suit[]): string {
  const counts = new Map<Suit, number>();
  for (const s of list) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts].map(([s, n]) => `${n > 1 ? `${n} × ` : ''}${SUIT_EMOJI[s]} ${suitName(t, s)}`).join(' + ');
}

/** "+2", "−1", "0" — the net fate modifier as players write it. */
export function fate(net: number): string {
  if (net > 0) return '+'.repeat(Math.min(net, 3));
  if (net < 0) return '−'.repeat(Math.min(-net, 3));
  return '0';
}

export function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0';
}
