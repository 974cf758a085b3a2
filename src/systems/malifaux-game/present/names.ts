/**
 * Names as the whole game's lines print them: seats, models (numbered within their crew), commitments,
 * and what a line needs beside its event (read from the public view).
 */
import type { ModelInPlay } from '../engine/schema.js';
import type { RevealedInView, WholePublicView } from '../engine/views.js';
import type { VpEntry } from '../scoring/objective.js';
import type { Claim } from '../engine/scoreState.js';

export type SeatNames = readonly [string, string];

/** Seat names of a view ('?' before the game has seats). */
export function namesOf(view: WholePublicView): SeatNames {
  return view.status === 'new' ? ['?', '?'] : [view.seats[0].name, view.seats[1].name];
}

/** A model as a player reads it: its name, numbered when its crew has more than one of that name. */
export function modelName(models: readonly ModelInPlay[], m: Pick<ModelInPlay, 'id' | 'name' | 'seat'>): string {
  const same = models.filter((x) => x.seat === m.seat && x.name === m.name);
  const index = same.findIndex((x) => x.id === m.id);
  return same.length > 1 && index >= 0 ? `${m.name} ${index + 1}` : m.name;
}

/** A short hex prefix of a commitment: enough to recognise it, short enough for a line. */
export const shortHex = (hex: string): string => `\`${hex.slice(0, 8)}…\``;

/** What the lines need beside the event: names, and the models as they stand (for numbering and killers). */
export interface LineContext {
  names: SeatNames;
  models: readonly ModelInPlay[];
  /** The encounter's strategy (null before the encounter is flipped). */
  strategy: string | null;
  /** The schemes shown so far, with their commitment checks. */
  revealed: readonly RevealedInView[];
  /** The VP ledger as it stands. */
  ledger: readonly VpEntry[];
  /** The claims still open: a claim's line asks for its answer only while it waits for it. */
  claims: readonly Pick<Claim, 'id' | 'status'>[];
  /** The turn under way (or the one the game ended in), and whether the players agreed to end it early. */
  turn?: number;
  agreedEnd?: boolean;
  /** A proposal to end the game waits for its answer: its line asks for the answer only while it does. */
  endProposed?: boolean;
}

export function contextOf(view: WholePublicView): LineContext {
  return { names: namesOf(view), models: view.game?.models ?? [], strategy: view.game?.encounter?.encounter.strategy ?? null, revealed: view.game?.revealed ?? [], ledger: view.game?.ledger ?? [], claims: view.status === 'active' ? (view.game?.claims ?? []) : [], turn: view.game?.turn?.turn ?? 1, agreedEnd: view.game?.earlyEnd?.agreed === true, endProposed: view.status === 'active' && view.game?.earlyEnd?.agreed === false };
}
