/**
 * Cards typed by a player: "4R 7M", "13t,rj", or with the French suit letters
 * (Béliers B, Masques M, Corbeaux C, Grimoires G; JR / JN for the jokers).
 */
import { ApplicationCommandOptionType } from 'discord-api-types/v10';
import { isCardCode, type CardCode } from '../engine/cards.js';
import type { Refusal as Problem } from '../../contract.js';

/** The slash-command option in which such cards are typed (/discard, /reveal). */
export const cardsOption = {
  type: ApplicationCommandOptionType.String,
  name: 'cards',
  description: 'Cards such as "4R 13M RJ" (R Rams, M Masks, C Crows, T Tomes)',
  name_localizations: { fr: 'cartes' },
  description_localizations: { fr: 'Cartes comme « 4B 13M JR » (B Béliers, M Masques, C Corbeaux, G Grimoires)' },
  required: true,
  max_length: 200,
} as const;

const FRENCH_SUIT: Record<string, string> = { B: 'R', G: 'T' };
const JOKERS: Record<string, string> = { RJ: 'RJ', BJ: 'BJ', JR: 'RJ', JN: 'BJ' };

export function parseCardList(input: string): { ok: true; cards: CardCode[] } | { ok: false; problem: Problem } {
  const tokens = input.toUpperCase().split(/[\s,;]+/).filter(Boolean);
  if (tokens.length === 0) return { ok: false, problem: { code: 'CARDS_INVALID', params: { input: '—' } } };
  const cards: CardCode[] = [];
  for (const token of tokens) {
    const joker = JOKERS[token];
    const m = /^(\d{1,2})([RMCTBG])$/.exec(token);
    const code = joker ?? (m ? `${Number(m[1])}${FRENCH_SUIT[m[2]!] ?? m[2]}` : token);
    if (!isCardCode(code)) return { ok: false, problem: { code: 'CARDS_INVALID', params: { input: token.slice(0, 20) } } };
    cards.push(code);
  }
  return { ok: true, cards };
}
