/**
 * Every scheme of the core rules and of Gaining Grounds 3 (scoring.md §7, §9), and the one function the
 * game calls to judge a half of one: `evaluateScheme`. The ledger (ledger.ts) then applies the universal
 * rules (U2–U6) before a VP is banked.
 */
import type { Seat } from '../../malifaux-table/engine/schema.js';
import type { SchemeId } from '../engine/encounterPacks.js';
import { fails } from './claims.js';
import { CORE_SCHEMES } from './coreSchemes.js';
import { GG3_SCHEMES } from './gg3Schemes.js';
import type { Evaluation, ScoringFacts, SchemePick, TableClaim } from './objective.js';
import type { SchemeRule } from './schemeKit.js';

export type { SchemeHalf, SchemeRule } from './schemeKit.js';

/** A Record over every scheme id: a scheme without its rule does not compile. */
export const SCHEME_RULES: Readonly<Record<SchemeId, SchemeRule>> = { ...CORE_SCHEMES, ...GG3_SCHEMES };

/**
 * One half of a crew's scheme now: `scores` from the records, `needsClaim` with what the table must state,
 * or `fails` with what the records contradict. `pick` is the crew's secret pick for this scheme, its models
 * as the game keeps them (a same-crew Replace passes them on, REP-1 step 4).
 */
export function evaluateScheme(id: SchemeId, half: 'reveal' | 'end', facts: ScoringFacts, seat: Seat, pick: SchemePick, claim?: TableClaim): Evaluation {
  const rule = SCHEME_RULES[id];
  if (pick.scheme !== id) return fails('PICK_INCOMPLETE', rule.section, { part: 'scheme' });
  return rule[half].evaluate({ facts, seat, pick, claim, rule: rule.section });
}
