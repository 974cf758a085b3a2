/**
 * What the bot's own records say about models when an objective is scored (decision class a, scoring.md
 * §11): who is in play or on the table, costs, the "half Health" threshold, deaths and who made them,
 * and the Replace chain that GG3's "not Replaced by a costlier model" follows (§9, REP-1 step 4).
 *
 * Pure: every function answers from the facts it is given.
 */
import type { Seat } from '../../malifaux-table/engine/schema.js';
import { isInPlay } from '../engine/models.js';
import type { ModelInPlay } from '../engine/models.js';
import type { DeathRecord, ScoringFacts } from './objective.js';

export { isInPlay };

export function modelById(facts: ScoringFacts, id: string): ModelInPlay | undefined {
  return facts.models.find((m) => m.id === id);
}

/** U9: Insignificant models never count, engage, get chosen or score. */
export function isSignificant(facts: ScoringFacts, m: ModelInPlay): boolean {
  return !facts.insignificant.has(m.id);
}

/** On the table, so it can be within a distance or engage: in play and not buried (BURY-1, BURY-2). */
export function isOnTable(m: ModelInPlay): boolean {
  return m.status === 'in-play';
}

/** The printed cost (§13-A21: a Leader's hiring cost of 0 does not count); a dash is the table's `noCostValue`. */
export function costOf(facts: ScoringFacts, m: ModelInPlay): number {
  return m.cost ?? facts.options?.noCostValue ?? 0;
}

/** Half of a maximum Health, rounded up (META-5, §13-A13): 7 → 4. "≤ half", "≥ half" and "> half" all use it. */
export function halfOf(maxHealth: number): number {
  return Math.ceil(maxHealth / 2);
}

/** Significant models of the other crew still in play (buried included, BURY-1). */
export function enemiesInPlay(facts: ScoringFacts, seat: Seat): ModelInPlay[] {
  return facts.models.filter((m) => m.seat !== seat && isInPlay(m) && isSignificant(facts, m));
}

/** The deaths of this turn, End Phase step A and game-end burials included (§6.4). */
export function deathsThisTurn(facts: ScoringFacts): DeathRecord[] {
  return facts.deaths.filter((d) => d.turn === facts.turn);
}

/**
 * A model Replaced by a model of another crew counts as killed, but nothing follows from its removal
 * (REP-1 step 5, AMB-29): no VP. Every scheme that scores a death reads only the deaths that score.
 */
export function scoringDeaths(deaths: readonly DeathRecord[]): DeathRecord[] {
  return deaths.filter((d) => d.how !== 'replacedByEnemy');
}

/** The crew's Leader now: the model designated Leader that no model of its crew has Replaced (REP-1 step 4 passes it on). */
export function leaderOf(facts: ScoringFacts, seat: Seat): ModelInPlay | undefined {
  const leaders = facts.models.filter((m) => m.seat === seat && m.leader);
  return leaders.find((m) => sameCrewSuccessors(facts, m).length === 0) ?? leaders[leaders.length - 1];
}

function sameCrewSuccessors(facts: ScoringFacts, m: ModelInPlay): ModelInPlay[] {
  return m.replacedBy.map((id) => modelById(facts, id)).filter((n): n is ModelInPlay => n !== undefined && n.seat === m.seat);
}

function sameCrewPredecessors(facts: ScoringFacts, m: ModelInPlay): ModelInPlay[] {
  return m.replaces.map((id) => modelById(facts, id)).filter((n): n is ModelInPlay => n !== undefined && n.seat === m.seat);
}

/**
 * A chosen model's Replace chain within its crew (REP-1 step 4: the choice passes to the new model).
 * `originals` are the models the chain started from (one, or several Replaced by one, REP-3); `current` is
 * the chosen model now (following the first new model if the game did not pass the pick on itself);
 * `members` is the whole chain, originals first. A Replace by another crew ends the chain: the choice stays
 * with the old model, now out of play.
 */
export interface ReplaceChain {
  originals: ModelInPlay[];
  current: ModelInPlay;
  members: ModelInPlay[];
}

export function chainOf(facts: ScoringFacts, id: string): ReplaceChain | undefined {
  const named = modelById(facts, id);
  if (named === undefined) return undefined;
  const members: ModelInPlay[] = [named];
  const seen = new Set([named.id]);
  let current = named;
  for (let next = sameCrewSuccessors(facts, current)[0]; next !== undefined && !seen.has(next.id); next = sameCrewSuccessors(facts, current)[0]) {
    members.push(next);
    seen.add(next.id);
    current = next;
  }
  const originals: ModelInPlay[] = [];
  const back = [named];
  while (back.length > 0) {
    const m = back.pop() as ModelInPlay;
    const before = sameCrewPredecessors(facts, m).filter((p) => !seen.has(p.id));
    if (before.length === 0) originals.push(m);
    for (const p of before) {
      seen.add(p.id);
      members.unshift(p);
      back.push(p);
    }
  }
  return { originals, current, members };
}

/**
 * §9: "not Replaced by a costlier model" fails once any model of the chain costs more than the model first
 * chosen. When several were Replaced by one (REP-3), the bot compares with the costliest of them: it cannot
 * tell which one was chosen, and the records must not refuse what the rule may allow.
 */
export function costlierReplacement(facts: ScoringFacts, chain: ReplaceChain): ModelInPlay | null {
  const chosenCost = Math.max(...chain.originals.map((m) => costOf(facts, m)));
  return chain.members.find((m) => !chain.originals.includes(m) && costOf(facts, m) > chosenCost) ?? null;
}

/** Whether any model of a chain is the given id (damage dealt or taken before or after a same-crew Replace). */
export function inChain(chain: ReplaceChain, id: string): boolean {
  return chain.members.some((m) => m.id === id);
}
