/**
 * The one place the game calls the scoring rules (`../scoring/`): how an objective is judged, whether
 * the ledger may bank a VP (U2–U6, U11), the result (U11), and when a scheme's Reveal is timed.
 *
 * When a Reveal is timed (by a kill, during or at the end of an activation) is the flow's: the rules judge
 * an objective at the moment the flow offers it.
 */
import type { Seat } from '../../malifaux-table/engine/schema.js';
import { evaluateScheme, evaluateStrategy, mayBank as ledgerMayBank, resultOf, scoringOrder, vpBySource } from '../scoring/index.js';
import type { Evaluation, ScoringFacts, TableClaim, VpEntry, VpSource } from '../scoring/index.js';
import type { SchemePick } from './schemes.js';

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

/** U2–U6, U11 (the ledger's rules): whether an entry may join the ledger, or the first rule it breaks. */
export function mayBank(ledger: readonly VpEntry[], entry: VpEntry): { ok: true } | { ok: false; error: Refusal } {
  const allowed = ledgerMayBank(ledger, entry);
  return allowed.ok ? { ok: true } : { ok: false, error: allowed.error };
}

export { resultOf, scoringOrder, vpBySource };

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
