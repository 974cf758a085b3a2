/**
 * The one place the game calls the scoring rules (`../scoring/`): how an objective is judged, whether
 * the ledger may bank a VP (U2–U6, U11), the result (U11), and when a scheme's Reveal is timed.
 *
 * Interim: until the scoring rules' ledger lands (branch i-score-rules), `mayBank` and `resultOf` keep
 * the universal caps here; they are then replaced by calls to it.
 */
import type { Seat } from '../../malifaux-table/engine/schema.js';
import type { Evaluation, GameResult, ScoringFacts, TableClaim, VpEntry, VpSource } from '../scoring/objective.js';
import type { SchemePick } from './schemes.js';
import { evaluateStrategy } from '../scoring/strategies.js';
import { evaluateScheme } from '../scoring/schemes.js';

interface Refusal {
  code: string;
  rule: string;
  params: Record<string, string | number>;
}

export interface Judging {
  ledger: readonly VpEntry[];
  /** The scheme's secret pick (null for the strategy). */
  pick: SchemePick | null;
}

/** One objective of a crew judged now (§11): by the records, or what the table must state, or why not. */
export function evaluate(source: VpSource, seat: Seat, facts: ScoringFacts, judging: Judging, claim?: TableClaim): Evaluation {
  if (source.kind === 'strategy') {
    const banked = judging.ledger.reduce((n, e) => (e.seat === seat && e.source.kind === 'strategy' ? n + e.vp : n), 0);
    return evaluateStrategy(source.strategy, facts, seat, banked, claim);
  }
  if (!judging.pick) return { kind: 'fails', code: 'PICK_INCOMPLETE', rule: 'SETUP-8', params: { part: 'scheme' } };
  return evaluateScheme(source.scheme, source.half, facts, seat, judging.pick, claim);
}

const key = (s: VpSource) => (s.kind === 'strategy' ? 'strategy' : `${s.scheme}:${s.half}`);

export function mayBank(ledger: readonly VpEntry[], entry: VpEntry): { ok: true } | { ok: false; error: Refusal } {
  const mine = ledger.filter((e) => e.seat === entry.seat);
  const sum = (entries: readonly VpEntry[]) => entries.reduce((n, e) => n + e.vp, 0);
  const refuse = (code: string, rule: string) => ({ ok: false as const, error: { code, rule, params: {} } });
  const same = mine.filter((e) => key(e.source) === key(entry.source));
  if (entry.vp < 0) return sum(same) + entry.vp < 0 ? refuse('CORRECTION_BELOW_ZERO', 'U4') : { ok: true };
  if (entry.turn === 1) return refuse('NO_VP_IN_TURN_ONE', 'U2');
  if (sum(mine) >= 8) return refuse('CREW_CAP', 'U11');
  if (entry.source.kind === 'strategy') {
    if (sum(same) >= 4) return refuse('STRATEGY_CAP', 'U3');
    if (entry.how !== 'correction' && same.some((e) => e.turn === entry.turn && e.vp > 0)) return refuse('STRATEGY_ONCE_PER_TURN', '§3.1');
    return { ok: true };
  }
  const { scheme, half } = entry.source;
  if (half === 'end' && entry.turn !== 5) return refuse('END_BEFORE_TURN_FIVE', 'U6');
  if (sum(same) >= 1) return refuse('SCHEME_HALF_SCORED', 'U4');
  const scheme5 = mine.filter((e) => e.source.kind === 'scheme' && e.source.scheme === scheme && e.turn === entry.turn && e.vp > 0);
  if (entry.how !== 'correction' && scheme5.length) return refuse('SCHEME_ONCE_PER_TURN', 'U5');
  return { ok: true };
}

export function resultOf(ledger: readonly VpEntry[]): GameResult {
  const byTurn: [number[], number[]] = [
    [0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0],
  ];
  for (const e of ledger) byTurn[e.seat][e.turn - 1]! += e.vp;
  const vp: [number, number] = [byTurn[0].reduce((a, b) => a + b, 0), byTurn[1].reduce((a, b) => a + b, 0)];
  return { vp, byTurn, winner: vp[0] > vp[1] ? 0 : vp[1] > vp[0] ? 1 : null };
}

/** When a scheme's Reveal scores (VP-4): at the end of the turn, or during the activations. */
export type RevealTiming = 'endOfTurn' | 'afterKill' | 'activationEnd' | 'duringActivation';

const MID_TURN: Readonly<Record<string, RevealTiming>> = {
  'core.dig-their-graves': 'afterKill',
  'core.deliver-a-message': 'duringActivation',
  'core.vendetta': 'activationEnd',
  'gg3.vendetta': 'activationEnd',
};

export function revealTiming(source: VpSource): RevealTiming {
  return source.kind === 'scheme' && source.half === 'reveal' ? (MID_TURN[source.scheme] ?? 'endOfTurn') : 'endOfTurn';
}
