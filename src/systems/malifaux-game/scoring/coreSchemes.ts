/**
 * The thirteen schemes of the core rules (scoring.md §7), each with its Reveal and End objectives. The
 * records decide what they can (kills and who made them, Health, costs, the secret pick, Interact after a
 * summon); what only the table can tell is a claim, whose named models are checked before the opponent is
 * asked. Timing is the end of the turn unless the scheme says otherwise.
 */
import { canInteract } from '../engine/models.js';
import { opponent } from '../engine/turns.js';
import { fails, modelParams, presence, scores } from './claims.js';
import type { Evaluation } from './objective.js';
import { deathsThisTurn, isInPlay, isSignificant, leaderOf, modelById, scoringDeaths } from './records.js';
import { claimHalf, costsMore, healthTest, isFailure, killedByOwnCrew, markersHalf, pickedChain, recordsHalf, revealedBefore } from './schemeKit.js';
import type { SchemeContext, SchemeHalf, SchemeRule } from './schemeKit.js';
import { vendettaEnd, vendettaReveal } from './vendetta.js';

const one = (side: 'friendly' | 'enemy' | 'any', role: string) => ({ side, min: 1, max: 1, role });

/** §7 #10, §9 #3 (the same in both packs, §10): the enemy Leader in play at half its maximum Health or less. */
export function assassinateReveal(ctx: SchemeContext): Evaluation {
  const leader = leaderOf(ctx.facts, opponent(ctx.seat));
  if (leader === undefined) return fails('NO_ENEMY_LEADER', ctx.rule);
  if (!isInPlay(leader)) return fails('MODEL_OUT_OF_PLAY', ctx.rule, modelParams(leader));
  return healthTest(ctx, leader, 'atMostHalf') ?? scores(false, 0, modelParams(leader));
}

/** §7 #10, §9 #3: the enemy Leader not in play (killed, Replaced by another crew, or buried at game end, §13-A23). */
export function assassinateEnd(ctx: SchemeContext): Evaluation {
  const leader = leaderOf(ctx.facts, opponent(ctx.seat));
  if (leader === undefined) return fails('NO_ENEMY_LEADER', ctx.rule);
  return isInPlay(leader) ? fails('MODEL_STILL_IN_PLAY', ctx.rule, modelParams(leader)) : scores(false, 0, modelParams(leader));
}

/** §7 #2, §9 #1: the End of both Breakthroughs, 3 Scheme markers in the enemy deployment zone. */
export const BREAKTHROUGH_END = markersHalf('scoring.claim.breakthrough.end', 3);

/**
 * §7 #7 and #11: the End of Take Prisoner and Deliver a Message. Once the scheme was revealed, the chosen
 * enemy killed by a model of its own crew scores from the records; otherwise the table states the rest.
 */
function chosenEnemyEnd(statement: string, engager: boolean): SchemeHalf {
  const half = claimHalf(['a', 'b', 'c'], 0, (ctx) => ({
    statement,
    params: { chosen: chosenName(ctx, 'enemy') },
    ...(engager ? { models: [one('friendly', 'scoring.role.engager')] } : {}),
  }), (ctx) => chosenOnTable(ctx, 'enemy'));
  return {
    ...half,
    evaluate: (ctx) => {
      const chosen = pickedChain(ctx, 'enemy');
      if (isFailure(chosen)) return chosen;
      if (revealedBefore(ctx) && killedByOwnCrew(ctx, chosen)) return scores(false, 0, { ...modelParams(chosen.current), killedByOwnCrew: 1 });
      return half.evaluate(ctx);
    },
  };
}

/** The pick's chosen model of a side as the statement names it. */
export function chosenName(ctx: SchemeContext, side: 'friendly' | 'enemy'): string {
  const chain = pickedChain(ctx, side);
  return isFailure(chain) ? '' : chain.current.name;
}

/** The pick's chosen model is on the table (a distance or engagement is stated about it). */
export function chosenOnTable(ctx: SchemeContext, side: 'friendly' | 'enemy'): ReturnType<typeof presence> {
  const chain = pickedChain(ctx, side);
  return isFailure(chain) ? chain : presence(ctx, chain.current);
}

/**
 * §7 #5: the enemy models your crew has just killed (U14: a condition or hazard kills for nobody). The
 * Reveal comes right after the kill, not at the end of the turn: a kill of an earlier activation is past,
 * and the Scheme marker it was near may have gone since. The bot reads "right after" as "in the activation
 * of the kill, or between it and the next": no activation begun since.
 */
function killedByCrewJustNow(ctx: SchemeContext): Set<string> {
  const victims = scoringDeaths(deathsThisTurn(ctx.facts)).filter((d) => {
    const m = modelById(ctx.facts, d.model);
    return m !== undefined && d.activation === ctx.facts.activationBegun && m.seat !== ctx.seat && isSignificant(ctx.facts, m) && d.killer?.seat === ctx.seat;
  });
  return new Set(victims.map((d) => d.model));
}

export const CORE_SCHEMES = {
  'core.detonate-charges': {
    id: 'core.detonate-charges',
    section: '§7 #1',
    reveal: claimHalf(['b'], 2, () => ({ statement: 'scoring.claim.core.detonate-charges', models: [one('enemy', 'scoring.role.enemyNearMarkers')] })),
    end: claimHalf(['b'], 2, () => ({ statement: 'scoring.claim.core.detonate-charges', models: [one('enemy', 'scoring.role.enemyNearMarkers')] })),
  },
  'core.breakthrough': {
    id: 'core.breakthrough',
    section: '§7 #2, §13-A12',
    reveal: claimHalf(['b'], 1, () => ({ statement: 'scoring.claim.core.breakthrough.reveal', models: [one('friendly', 'scoring.role.inEnemyDeployment')] })),
    end: BREAKTHROUGH_END,
  },
  'core.harness-the-ley-line': {
    id: 'core.harness-the-ley-line',
    section: '§7 #3',
    reveal: markersHalf('scoring.claim.core.harness-the-ley-line', 3),
    end: markersHalf('scoring.claim.core.harness-the-ley-line', 3),
  },
  'core.search-the-ruins': {
    id: 'core.search-the-ruins',
    section: '§7 #4',
    reveal: markersHalf('scoring.claim.core.search-the-ruins', 2, { markers: 2 }),
    end: markersHalf('scoring.claim.core.search-the-ruins', 3, { markers: 3 }),
  },
  'core.dig-their-graves': {
    id: 'core.dig-their-graves',
    section: '§7 #5, U14',
    // Right after the kill: claimed during the activations (VP-4), of a kill the records place in this activation.
    reveal: claimHalf(
      ['a', 'b'],
      1,
      (ctx) => {
        const victims = killedByCrewJustNow(ctx);
        return {
          statement: 'scoring.claim.core.dig-their-graves.reveal',
          models: [{ ...one('enemy', 'scoring.role.victim'), mayBeDead: true, check: (m) => (victims.has(m.id) ? null : fails('NOT_KILLED_BY_YOUR_CREW', ctx.rule, modelParams(m))) }],
        };
      },
      (ctx) => (killedByCrewJustNow(ctx).size === 0 ? fails('NO_KILL_BY_YOUR_CREW', ctx.rule) : null),
    ),
    end: markersHalf('scoring.claim.core.dig-their-graves.end', 3),
  },
  'core.hold-up-their-forces': {
    id: 'core.hold-up-their-forces',
    section: '§7 #6, §13-A22',
    reveal: holdUp(),
    end: holdUp(),
  },
  'core.take-prisoner': {
    id: 'core.take-prisoner',
    section: '§7 #7, §13-A22',
    reveal: claimHalf(
      ['a', 'b', 'c'],
      0,
      (ctx) => ({ statement: 'scoring.claim.core.take-prisoner.reveal', params: { chosen: chosenName(ctx, 'enemy') }, models: [one('friendly', 'scoring.role.engager')] }),
      (ctx) => chosenOnTable(ctx, 'enemy'),
    ),
    end: chosenEnemyEnd('scoring.claim.core.take-prisoner.end', true),
  },
  'core.power-ritual': {
    id: 'core.power-ritual',
    section: '§7 #8',
    reveal: markersHalf('scoring.claim.core.power-ritual.reveal', 1),
    end: markersHalf('scoring.claim.core.power-ritual.end', 3),
  },
  'core.outflank': {
    id: 'core.outflank',
    section: '§7 #9',
    reveal: claimHalf(['b'], 0, () => ({ statement: 'scoring.claim.core.outflank', models: [{ side: 'friendly', min: 2, max: 2, role: 'scoring.role.nearCenterlineEnd' }] })),
    end: claimHalf(['b'], 0, () => ({ statement: 'scoring.claim.core.outflank', models: [{ side: 'friendly', min: 2, max: 2, role: 'scoring.role.nearCenterlineEnd' }] })),
  },
  'core.assassinate': {
    id: 'core.assassinate',
    section: '§7 #10, §13-A13',
    reveal: recordsHalf(['a'], assassinateReveal),
    end: recordsHalf(['a'], assassinateEnd),
  },
  'core.deliver-a-message': {
    id: 'core.deliver-a-message',
    section: '§7 #11',
    // During the friendly model's activation; its Interact is refused in the turn it was summoned (U12, SUM-5).
    reveal: claimHalf(
      ['a', 'b'],
      0,
      (ctx) => ({
        statement: 'scoring.claim.core.deliver-a-message.reveal',
        params: { chosen: chosenName(ctx, 'enemy') },
        models: [{ ...one('friendly', 'scoring.role.messenger'), check: (m) => (canInteract(m, ctx.facts.turn) ? null : fails('CLAIM_SUMMONED_THIS_TURN', `${ctx.rule}, §3-U12`, modelParams(m))) }],
      }),
      (ctx) => chosenOnTable(ctx, 'enemy'),
    ),
    end: chosenEnemyEnd('scoring.claim.core.deliver-a-message.end', false),
  },
  'core.claim-jump': {
    id: 'core.claim-jump',
    section: '§7 #12',
    reveal: claimHalf(
      ['b'],
      0,
      (ctx) => ({ statement: 'scoring.claim.core.claim-jump.reveal', params: { chosen: chosenName(ctx, 'friendly') } }),
      (ctx) => chosenOnTable(ctx, 'friendly'),
    ),
    end: claimHalf(
      ['a', 'b'],
      0,
      (ctx) => ({ statement: 'scoring.claim.core.claim-jump.end', params: { chosen: chosenName(ctx, 'friendly') } }),
      (ctx) => {
        const chosen = pickedChain(ctx, 'friendly');
        if (isFailure(chosen)) return chosen;
        return presence(ctx, chosen.current) ?? healthTest(ctx, chosen.current, 'atLeastHalf');
      },
    ),
  },
  'core.vendetta': {
    id: 'core.vendetta',
    section: '§7 #13, §10',
    reveal: recordsHalf(['a'], (ctx) => vendettaReveal(ctx, { replaceClause: false })),
    end: recordsHalf(['a'], (ctx) => vendettaEnd(ctx, { replaceClause: false })),
  },
} as const satisfies Record<string, SchemeRule>;

/** §7 #6, §13-A22: two friendly models, each engaging a different enemy that costs more than it. */
function holdUp(): SchemeHalf {
  return claimHalf(['a', 'b', 'c'], 0, (ctx) => ({
    statement: 'scoring.claim.core.hold-up-their-forces',
    pairs: {
      min: 2,
      roles: ['scoring.role.holder', 'scoring.role.heldEnemy'],
      friendly: {},
      enemy: {},
      distinctEnemies: true,
      check: (friendly, enemy) => costsMore(ctx, enemy, friendly),
    },
  }));
}
