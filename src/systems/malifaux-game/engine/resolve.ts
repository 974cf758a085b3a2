/**
 * How players name models in commands: by label (A1, B3: the status's), by name, or by name and copy
 * number ("Page 2"), case and accents aside.
 */
import { fullName, nameKey } from '../crews/index.js';
import type { ModelInPlay } from './models.js';
import type { GameLayer } from './schema.js';

interface Refusal {
  code: string;
  rule?: string;
  params?: Record<string, string | number>;
}

const refuse = (code: string, rule?: string, params?: Record<string, string | number>): { ok: false; error: Refusal } => ({
  ok: false,
  error: { code, ...(rule ? { rule } : {}), ...(params ? { params } : {}) },
});

/** A model's short label, as the status shows it: A1, A2… for the first crew, B1… for the second. */
export function modelLabel(m: Pick<ModelInPlay, 'id'>): string {
  const match = /^s([01])-m(\d+)$/.exec(m.id);
  return match ? `${match[1] === '0' ? 'A' : 'B'}${Number(match[2]) + 1}` : m.id;
}

/**
 * The model a player names: its id, its label (A1, B3) or its name (with its title, or a copy's number:
 * "Page 2"), case and accents aside. A name two models share is refused with their labels.
 */
export function resolveModel(game: GameLayer, ref: string): { ok: true; value: ModelInPlay } | { ok: false; error: Refusal } {
  const exact = game.models.find((x) => x.id === ref || modelLabel(x).toLowerCase() === ref.trim().toLowerCase());
  if (exact) return { ok: true, value: exact };
  const key = nameKey(ref);
  const standing = (m: ModelInPlay) => m.status === 'in-play' || m.status === 'buried';
  let found = game.models.filter((m) => standing(m) && (nameKey(m.name) === key || nameKey(fullName(m.name, m.title)) === key));
  // "Page 2": a crew's second Page, its copies numbered in the crew's order as the status numbers them.
  const copy = /^(.*\S)\s+(\d+)$/.exec(key);
  if (found.length === 0 && copy) {
    found = ([0, 1] as const).flatMap((seat) => {
      const m = game.models.filter((x) => x.seat === seat && nameKey(x.name) === copy[1])[Number(copy[2]) - 1];
      return m && standing(m) ? [m] : [];
    });
  }
  if (found.length === 1) return { ok: true, value: found[0]! };
  if (found.length > 1) return refuse('MODEL_AMBIGUOUS', undefined, { model: ref, labels: found.map((m) => `${modelLabel(m)} ${m.name}`).join(', ') });
  return refuse('UNKNOWN_MODEL', undefined, { model: ref });
}
