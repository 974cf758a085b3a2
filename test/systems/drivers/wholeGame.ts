/**
 * The contract suite's driver for the whole game: set-up (the crews of the crew fixtures, schemes that the
 * rules accept, deployment), then the turns — mostly the move the game waits for, the table's decisions
 * answered, duels between models and effects on them, and now and then a wrong move on purpose — and
 * what is hidden from whom: the table's hands and decks and the seed (the table driver's), a crew until
 * both are in, each player's schemes.
 */
import fc from 'fast-check';
import type { SeatInfo } from '../../../src/systems/contract.js';
import { malifauxGame } from '../../../src/systems/malifaux-game/index.js';
import { pendingDecisions } from '../../../src/systems/malifaux-game/engine/game.js';
import type { WholeCommand, WholeEvent, WholeState } from '../../../src/systems/malifaux-game/engine/schema.js';
import { arcanistCrew, inkwellTable } from '../../../src/systems/malifaux-game/crews/fixtures.js';
import { schemeById } from '../../../src/systems/malifaux-game/engine/encounterPacks.js';
import * as table from '../../../src/systems/malifaux-table/engine/index.js';
import type { Audience, Driver, Move, Pick } from '../contract.suite.js';
import { malifauxDriver } from './malifaux.js';

const STRANGER = { userId: 'stranger', seat: null, referee: false };
const REFEREE = { userId: 'referee', seat: null, referee: true };

const CREWS = [
  arcanistCrew('Leader:\n  Ada Quill\nTotem(s):\n  Blotter\nHires:\n  Scribe Major\n  Press Golem\n  Page\n'),
  arcanistCrew('Leader:\n  Scribe Major\nHires:\n  Quill Knight\n  Ink Sprite\n  Page\n'),
] as const;

const actorOf = (seats: readonly SeatInfo[], seat: number) => ({ userId: seats[seat]!.userId, seat, referee: false });

/** Two schemes of the pool the rules accept for this seat with no model picked, if there are. */
function schemesFor(state: WholeState, seat: 0 | 1, seats: readonly SeatInfo[]): WholeCommand | null {
  const pool = state.game!.encounter!.encounter.schemes.map((id) => schemeById(id)!.number);
  for (let i = 0; i < pool.length; i++) {
    for (let j = i + 1; j < pool.length; j++) {
      const command: WholeCommand = { type: 'chooseSchemesByNumber', numbers: [pool[i]!, pool[j]!], picks: [[], []] };
      if (malifauxGame.decide(state, command, actorOf(seats, seat)).ok) return command;
    }
  }
  return null;
}

/** The move the game waits for (the first pending decision's), built from the pick. */
function expected(state: WholeState, seats: readonly SeatInfo[], [k, a, b]: Pick): Move | null {
  const d = pendingDecisions(state)[0];
  if (!d) return null;
  const game = state.game!;
  const actor = actorOf(seats, d.seat);
  const seat = d.seat as 0 | 1;
  const opponent = seat === 0 ? 1 : 0;
  const mine = game.models.filter((m) => m.controller === seat && (m.status === 'in-play' || m.status === 'buried'));
  const theirs = game.models.filter((m) => m.controller === opponent && m.status === 'in-play');
  switch (d.kind) {
    case 'declareCrew':
      return { command: { type: 'declareCrew', crew: CREWS[seat], profiles: inkwellTable }, actor };
    case 'chooseSchemes':
      return { command: schemesFor(state, seat, seats) ?? { type: 'chooseSchemesByNumber', numbers: [1, 2], picks: [[], []] }, actor };
    case 'start-discard':
    case 'start-draw':
    case 'start-effects':
      return { command: { type: 'startStepDone' }, actor };
    case 'initiative-flip':
      return { command: { type: 'flipInitiative' }, actor };
    case 'initiative-choice':
      return { command: { type: 'chooseInitiative', holder: (a % 2) as 0 | 1 }, actor };
    case 'activate-or-pass': {
      const next = mine.filter((m) => !m.activated);
      if (k % 9 === 0 || next.length === 0) return { command: { type: 'pass' }, actor };
      return { command: { type: 'activate', model: next[a % next.length]!.id }, actor };
    }
    case 'action': {
      const activating = game.turn?.activating?.modelId;
      const target = theirs[b % Math.max(1, theirs.length)];
      if (k % 5 === 0 && activating && target) return { command: { type: 'modelDuel', attacker: activating, target: target.id, stat: 5 + (a % 4), resist: 'df', damage: { profile: [2, 3, 4] } }, actor };
      if (k % 7 === 1 && target) return { command: { type: 'changeCondition', model: target.id, condition: 'burning', change: 1 + (b % 2) }, actor };
      if (k % 11 === 2 && target) return { command: { type: 'damageModel', model: target.id, amount: 1 + (b % 3), ...(activating ? { by: activating } : {}) }, actor };
      return { command: k % 3 === 0 ? { type: 'takeAction' } : { type: 'endActivation' }, actor };
    }
    case 'end-phase-scoring':
      return { command: { type: 'scoringDone' }, actor };
    // The scoring step (END-2, §12): claims (some the rules refuse), declines, answers, a referee's ruling.
    case 'score-strategy':
    case 'score-schemes':
    case 'score-end': {
      const scheme = game.schemes[seat]?.choice[a % 2]?.scheme;
      if (k % 4 === 1) return { command: { type: 'claimScore', objective: 'strategy', claim: { count: 1 + (b % 3) } }, actor };
      if (k % 4 === 2 && scheme) return { command: { type: 'claimScore', objective: scheme, claim: { count: b % 4, markersRemoved: b % 4, models: theirs.slice(0, 1).map((m) => m.id) } }, actor };
      if (k % 4 === 3 && scheme) return { command: { type: 'declineScoring', objective: d.kind === 'score-strategy' ? 'strategy' : scheme }, actor };
      return { command: { type: 'scoringDone' }, actor };
    }
    case 'score-confirm':
      if (k % 3 === 0) return { command: { type: 'disputeClaim', reason: 'not on the table' }, actor };
      return { command: { type: 'confirmClaim' }, actor };
    case 'score-disputed':
      if (k % 2 === 0) return { command: { type: 'ruleClaim', accept: a % 2 === 0, reason: 'seen' }, actor: REFEREE };
      return { command: { type: 'withdrawClaim' }, actor };
    default:
      if (d.kind.startsWith('deploy.')) return { command: { type: 'deployed' }, actor };
      // The table's own decisions (cheats, soulstones, triggers).
      return malifauxDriver.answer(state.table, seats, d, d.id);
  }
}

const anotherSeed = (seed: string) => (seed === 'f'.repeat(64) ? '0'.repeat(64) : 'f'.repeat(64));

export const wholeGameDriver: Driver = {
  system: malifauxGame,
  runs: 100,
  maxSteps: 160,
  options: fc.oneof(fc.constant({}), fc.constant({ pack: 'gg3' }), fc.constant({ pack: 'core', encounterSize: 50 })),

  move(raw, seats, pick) {
    const state = raw as WholeState;
    if (state.table.status !== 'active') return { command: { type: 'deployed' }, actor: STRANGER };
    const [k, a] = pick;
    // Wrong on purpose, now and then: out of turn, a stranger, a table command out of place.
    if (k % 13 === 0) {
      const wrong: Move[] = [
        { command: { type: 'activate', model: 's0-m0' }, actor: actorOf(seats, a % 2) },
        { command: { type: 'startStepDone' }, actor: STRANGER },
        { command: { type: 'deployed' }, actor: actorOf(seats, a % 2) },
        malifauxDriver.move(state.table, seats, pick),
      ];
      return wrong[a % wrong.length]!;
    }
    return expected(state, seats, pick) ?? malifauxDriver.move(state.table, seats, pick);
  },

  answer(raw, seats, decision, decisionId) {
    const state = raw as WholeState;
    if (table.pendingDecision(state.table)) return malifauxDriver.answer(state.table, seats, decision, decisionId);
    // A game decision quoted by a stale id: the game's answers carry no id, so the stale check is the seat's.
    return { command: { type: 'chooseInitiative', holder: 0 }, actor: actorOf(seats, decision.seat === 0 ? 1 : 0) };
  },

  hiddenVariants(raw, audience: Audience) {
    const state = raw as WholeState;
    if (state.table.status === 'new' || !state.game) return [];
    const variants: WholeState[] = malifauxDriver.hiddenVariants(state.table, audience).map((t) => ({ ...state, table: t as WholeState['table'] }));
    const game = state.game;
    for (const seat of [0, 1] as const) {
      if (audience === seat) continue;
      // A crew declared is its player's until both are in.
      const declared = game.crews[seat];
      if (game.stage === 'crews' && declared) variants.push({ ...state, game: { ...game, crews: seat === 0 ? [{ ...declared, raw: `${declared.raw} ` }, game.crews[1]] : [game.crews[0], { ...declared, raw: `${declared.raw} ` }] } });
      // The schemes chosen are their player's: the same commitments could hide other schemes.
      const chosen = game.schemes[seat];
      if (chosen) {
        const other = { ...chosen, choice: [chosen.choice[1], chosen.choice[0]] as typeof chosen.choice };
        variants.push({ ...state, game: { ...game, schemes: seat === 0 ? [other, game.schemes[1]] : [game.schemes[0], other] } });
      }
    }
    return variants.filter((v) => JSON.stringify(v) !== JSON.stringify(state));
  },

  eventVariants(raw) {
    const event = raw as WholeEvent;
    if (event.type === 'CrewDeclared' && event.crew) return [{ ...event, crew: { ...event.crew, raw: `${event.crew.raw} ` } }];
    if (event.type === 'SchemesChosen' && event.choice) return [{ ...event, choice: [event.choice[1], event.choice[0]] }];
    if (event.type === 'GameStarted') return [{ ...event, seed: anotherSeed(event.seed) }];
    return malifauxDriver.eventVariants(event);
  },

  dealt(events) {
    return malifauxDriver.dealt(events);
  },

  secrets(raw, audience) {
    const state = raw as WholeState;
    // The encounter's cards were flipped face up for all to see (SETUP-2..4); the decks they came from are
    // shuffled again before anyone draws (SETUP-10). A code shown there is shown legitimately.
    const flipped = new Set((state.game?.encounter?.flips ?? []).map((f) => `"${f.card}"`));
    return malifauxDriver.secrets(state.table, audience).filter((s) => !flipped.has(s));
  },
};
