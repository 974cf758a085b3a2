/**
 * The small notations players type for duels: suits ("MM", "R T"), triggers ("Critical Strike:M;
 * Onslaught:MT") and damage profiles ("2/3/4"; a star after a value marks a blast; or a fixed "3").
 * French suit letters are accepted too (B Béliers, G Grimoires).
 */
import { SUITS, type Suit } from '../engine/cards.js';
import type { DamageSpec, TriggerSpec } from '../engine/index.js';
import type { Refusal as Problem } from '../../contract.js';

type Parsed<T> = { ok: true; value: T } | { ok: false; problem: Problem };

const LETTER: Record<string, Suit> = { R: 'R', M: 'M', C: 'C', T: 'T', B: 'R', G: 'T' };

export function parseSuits(input: string | undefined, option: string): Parsed<Suit[]> {
  if (!input) return { ok: true, value: [] };
  const suits: Suit[] = [];
  for (const ch of input.toUpperCase().replace(/[\s,]/g, '')) {
    const suit = LETTER[ch];
    if (!suit) return { ok: false, problem: { code: 'SUITS_INVALID', params: { option, input: input.slice(0, 20) } } };
    suits.push(suit);
  }
  if (suits.length > 4) return { ok: false, problem: { code: 'SUITS_INVALID', params: { option, input: input.slice(0, 20) } } };
  return { ok: true, value: suits };
}

export function parseTriggers(input: string | undefined, option: string): Parsed<TriggerSpec[]> {
  if (!input) return { ok: true, value: [] };
  const triggers: TriggerSpec[] = [];
  for (const part of input.split(';').map((p) => p.trim()).filter(Boolean)) {
    // "Name:SUITS", "Name:SUITS+D" for a trigger that adds D damage when resolving (DMG-7), and ":N" after
    // either for one whose italic cost is to discard N cards (TRIG-4). Names may hold ':' themselves, so
    // the fields are read from the right.
    const costMatch = /:\s*(\d)\s*$/.exec(part);
    const discard = costMatch ? Number(costMatch[1]) : 0;
    const head = costMatch ? part.slice(0, costMatch.index) : part;
    const colon = head.lastIndexOf(':');
    const name = (colon >= 0 ? head.slice(0, colon) : head).trim();
    const suitsText = colon >= 0 ? head.slice(colon + 1) : '';
    const plus = /\+\s*(\d)\s*$/.exec(suitsText);
    const damage = plus ? Number(plus[1]) : 0;
    const suits = parseSuits(plus ? suitsText.slice(0, plus.index) : suitsText, option);
    if (!name || name.length > 60 || !suits.ok || suits.value.length === 0 || (costMatch && (discard < 1 || discard > 6)) || (plus && damage < 1)) {
      return { ok: false, problem: { code: 'TRIGGERS_INVALID', params: { option, input: part.slice(0, 40) } } };
    }
    if (triggers.some((t) => t.name === name)) return { ok: false, problem: { code: 'TRIGGERS_INVALID', params: { option, input: name } } };
    triggers.push({
      name,
      suits: suits.value,
      ...(damage > 0 ? { damage, timing: 'whenResolving' as const } : {}),
      ...(discard > 0 ? { cost: { discard } } : {}),
    });
  }
  if (triggers.length > 10) return { ok: false, problem: { code: 'TRIGGERS_INVALID', params: { option, input: '…' } } };
  return { ok: true, value: triggers };
}

/** FLIP-8: a variable flip's "weak/moderate/severe", e.g. Assist's "1/2/3" (no blasts, no fixed value). */
export function parseProfile(input: string | undefined): Parsed<[number, number, number] | undefined> {
  if (!input) return { ok: true, value: undefined };
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{1,2})$/.exec(input.replace(/\s/g, ''));
  if (!m) return { ok: false, problem: { code: 'PROFILE_INVALID', params: { input: input.slice(0, 20) } } };
  return { ok: true, value: [Number(m[1]), Number(m[2]), Number(m[3])] };
}

export function parseDamage(input: string | undefined): Parsed<DamageSpec | undefined> {
  if (!input) return { ok: true, value: undefined };
  const text = input.replace(/\s/g, '').replace(/☼/g, '*');
  const fixed = /^(\d{1,2})$/.exec(text);
  if (fixed) return { ok: true, value: { profile: Number(fixed[1]) } };
  const m = /^(\d{1,2})(\**)\/(\d{1,2})(\**)\/(\d{1,2})(\**)$/.exec(text);
  if (!m) return { ok: false, problem: { code: 'DAMAGE_INVALID', params: { input: input.slice(0, 20) } } };
  const profile: [number, number, number] = [Number(m[1]), Number(m[3]), Number(m[5])];
  const blasts: [number, number, number] = [m[2]!.length, m[4]!.length, m[6]!.length];
  return { ok: true, value: { profile, ...(blasts.some((b) => b > 0) ? { blasts } : {}) } };
}

export { SUITS };

/** The damaged model's Armor, Shielded and Health (DMG-8, DMG-10), as far as the player gave them. */
export function damagedModel(a: { armor?: number | undefined; shielded?: number | undefined; health?: number | undefined }) {
  return {
    ...(a.armor !== undefined ? { armor: a.armor } : {}),
    ...(a.shielded !== undefined ? { shielded: a.shielded } : {}),
    ...(a.health !== undefined ? { targetHealth: a.health } : {}),
  };
}
