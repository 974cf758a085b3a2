/**
 * The VP ledger: the universal rules every VP obeys before it is banked, whatever objective it comes from
 * (scoring.md §3: U1–U6, U11; END-2, END-3, END-4, END-6), the result they add up to, and the order in
 * which the End Phase offers the candidates (§12, U8).
 *
 * Entries are facts: what was banked, in order. A referee's correction (`how: 'correction'`) may take VP
 * away (vp < 0) or give them; it obeys the same caps, so no crew is ever above them, and it counts in the
 * result like any entry. Pure.
 */
import type { Result, RuleError } from '../../contract.js';
import type { Seat } from '../../malifaux-table/engine/schema.js';
import type { GameResult, ScoringErrorCode, VpEntry, VpSource } from './objective.js';
import { STRATEGY_CAP } from './ratchet.js';

/** U1. */
export const TURNS = 5;
/** U4: one VP for each half of a scheme. */
export const SCHEME_HALF_CAP = 1;
/** U5 (and §3.1 for the strategy): one VP a turn from one objective. */
export const VP_PER_TURN = 1;
/** U11. */
export const CREW_CAP = 8;

export type LedgerError = RuleError & { code: ScoringErrorCode; rule: string; params: Record<string, string | number> };

function refuse(code: ScoringErrorCode, rule: string, params: Record<string, string | number> = {}): Result<VpEntry, LedgerError> {
  return { ok: false, error: { code, rule, params } };
}

export function sameSource(a: VpSource, b: VpSource): boolean {
  if (a.kind === 'strategy') return b.kind === 'strategy' && a.strategy === b.strategy;
  return b.kind === 'scheme' && a.scheme === b.scheme && a.half === b.half;
}

const sum = (entries: readonly VpEntry[]) => entries.reduce((total, e) => total + e.vp, 0);

/** The VP a crew holds from one source (one strategy, or one half of a scheme), corrections included. */
export function bankedFrom(entries: readonly VpEntry[], seat: Seat, source: VpSource): number {
  return sum(entries.filter((e) => e.seat === seat && sameSource(e.source, source)));
}

/** The VP a crew holds from the whole of a source's objective (a scheme's two halves together) in one turn. */
function objectiveInTurn(entries: readonly VpEntry[], seat: Seat, source: VpSource, turn: number): number {
  const same = (s: VpSource) => (source.kind === 'strategy' ? s.kind === 'strategy' : s.kind === 'scheme' && s.scheme === source.scheme);
  return sum(entries.filter((e) => e.seat === seat && e.turn === turn && same(e.source)));
}

/**
 * Whether an entry may join the ledger: U2 (no VP in turn 1), End objectives only in turn 5 (U6, END-4),
 * U3 (4 from the strategy), U4 (1 per half of a scheme), U6 (a Reveal scored in turn 5 leaves no End),
 * U5 (1 a turn from one scheme, and from the strategy, §3.1), U11 (8 a crew); a correction never takes a
 * source below 0 in the turn it names. Answers the entry, or the first rule it breaks.
 */
export function mayBank(entries: readonly VpEntry[], entry: VpEntry): Result<VpEntry, LedgerError> {
  const { seat, turn, source, vp } = entry;
  if (!Number.isInteger(turn) || turn < 1 || turn > TURNS) return refuse('TURN_INVALID', '§3-U1', { turn });
  const correction = entry.how === 'correction';
  if (!Number.isInteger(vp) || (correction ? vp === 0 : vp !== 1)) return refuse('VP_INVALID', '§3-U4', { vp });
  const gains = vp > 0;
  if (gains && turn === 1) return refuse('NO_VP_IN_TURN_ONE', '§3-U2');
  if (gains && source.kind === 'scheme' && source.half === 'end' && turn !== TURNS) return refuse('END_BEFORE_TURN_FIVE', '§3-U6', { turn });
  const held = bankedFrom(entries, seat, source);
  // A correction takes back VP of the turn it names: never more than that turn holds from the source.
  const heldThisTurn = bankedFrom(entries.filter((e) => e.turn === turn), seat, source);
  if (heldThisTurn + vp < 0) return refuse('CORRECTION_BELOW_ZERO', '§3-U4', { held: heldThisTurn, vp, turn });
  if (source.kind === 'strategy') {
    if (held + vp > STRATEGY_CAP) return refuse('STRATEGY_CAP', '§3-U3', { held });
    if (objectiveInTurn(entries, seat, source, turn) + vp > VP_PER_TURN) return refuse('STRATEGY_ONCE_PER_TURN', '§3.1', { turn });
  } else {
    if (held + vp > SCHEME_HALF_CAP) return refuse('SCHEME_HALF_SCORED', '§3-U4', { half: source.half });
    if (gains && source.half === 'end' && bankedFrom(entries.filter((e) => e.turn === TURNS), seat, { ...source, half: 'reveal' }) > 0) {
      return refuse('REVEALED_IN_TURN_FIVE', '§3-U6');
    }
    if (objectiveInTurn(entries, seat, source, turn) + vp > VP_PER_TURN) return refuse('SCHEME_ONCE_PER_TURN', '§3-U5', { turn });
  }
  const total = sum(entries.filter((e) => e.seat === seat));
  if (total + vp > CREW_CAP) return refuse('CREW_CAP', '§3-U11', { total });
  return { ok: true, value: entry };
}

/** A crew's VP by source, in the order first banked (the status message's "VP by source"); sources back at 0 are left out. */
export function vpBySource(entries: readonly VpEntry[], seat: Seat): { source: VpSource; vp: number }[] {
  const rows: { source: VpSource; vp: number }[] = [];
  for (const e of entries) {
    if (e.seat !== seat) continue;
    const row = rows.find((r) => sameSource(r.source, e.source));
    if (row === undefined) rows.push({ source: e.source, vp: e.vp });
    else row.vp += e.vp;
  }
  return rows.filter((r) => r.vp !== 0);
}

/** U11, END-6: VP per crew and per turn (corrections counted in the turn they name); most VP wins, equal VP is a draw. */
export function resultOf(entries: readonly VpEntry[]): GameResult {
  const byTurn: [number[], number[]] = [Array<number>(TURNS).fill(0), Array<number>(TURNS).fill(0)];
  for (const e of entries) {
    const turns = byTurn[e.seat];
    turns[e.turn - 1] = (turns[e.turn - 1] ?? 0) + e.vp;
  }
  const vp: [number, number] = [sum(entries.filter((e) => e.seat === 0)), sum(entries.filter((e) => e.seat === 1))];
  return { vp, byTurn, winner: vp[0] === vp[1] ? null : vp[0] > vp[1] ? 0 : 1 };
}

/**
 * §12, U8: the End Phase's candidates in scoring order — every strategy of both crews before any scheme,
 * and in each group the Initiative player's crew first. Within that, the order given is kept: it is the
 * Initiative player's to set.
 */
export function scoringOrder<T extends { seat: Seat; source: VpSource }>(initiative: Seat, candidates: readonly T[]): T[] {
  const rank = (c: T) => (c.source.kind === 'strategy' ? 0 : 2) + (c.seat === initiative ? 0 : 1);
  return candidates.map((c, i) => ({ c, i })).sort((a, b) => rank(a.c) - rank(b.c) || a.i - b.i).map(({ c }) => c);
}
