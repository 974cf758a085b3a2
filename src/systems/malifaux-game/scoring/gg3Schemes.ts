/**
 * The thirteen schemes of Gaining Grounds 3 (scoring.md §9; §10 for the three that differ from the core
 * ones), each with its Reveal and End objectives. "Replaced by a costlier model" follows the chosen model's
 * Replace chain (§9, records.ts); a reveal worded "gain 1 VP" is still the owner's to declare (§13-A27).
 */
import type { ModelInPlay } from '../engine/models.js';
import { fails, modelParams, presence, scores } from './claims.js';
import type { Failure } from './claims.js';
import { BREAKTHROUGH_END, assassinateEnd, assassinateReveal, chosenName, chosenOnTable } from './coreSchemes.js';
import type { Evaluation } from './objective.js';
import { chainOf, costOf, deathsThisTurn, inChain, isOnTable, isSignificant, leaderOf, modelById, scoringDeaths } from './records.js';
import type { ReplaceChain } from './records.js';
import { claimHalf, costsMore, healthTest, isFailure, markersHalf, notReplacedByCostlier, pickedChain, pickedChains, pickedName, recordsHalf } from './schemeKit.js';
import type { SchemeContext, SchemeHalf, SchemeRule } from './schemeKit.js';
import { vendettaEnd, vendettaReveal } from './vendetta.js';

const one = (side: 'friendly' | 'enemy' | 'any', role: string) => ({ side, min: 1, max: 1, role });

/** The pick's terrain piece or marker type as the statement names it ('' when missing: `namedPart` refuses first). */
function text(ctx: SchemeContext, part: 'terrain' | 'markerType'): string {
  const name = pickedName(ctx, part);
  return typeof name === 'string' ? name : '';
}

function namedPart(part: 'terrain' | 'markerType') {
  return (ctx: SchemeContext): Failure | null => {
    const name = pickedName(ctx, part);
    return typeof name === 'string' ? null : name;
  };
}

const notAllowed = (ctx: SchemeContext, m: ModelInPlay, need: 'leader' | 'leaderOrHenchman' | 'masterOrHenchman'): Failure => fails('CLAIM_MODEL_NOT_ALLOWED', ctx.rule, { ...modelParams(m), need });

const masterOrHenchman = (ctx: SchemeContext) => (m: ModelInPlay) => (m.station === 'Master' || m.station === 'Henchman' ? null : notAllowed(ctx, m, 'masterOrHenchman'));

/** The chosen model of a side on the table and not Replaced by a costlier model. */
function chosenStands(ctx: SchemeContext, side: 'friendly' | 'enemy'): Failure | null {
  const chain = pickedChain(ctx, side);
  if (isFailure(chain)) return chain;
  return presence(ctx, chain.current) ?? notReplacedByCostlier(ctx, chain);
}

/** The chain of a model the claim named (one of the pick's models now). */
function chainNamed(ctx: SchemeContext, m: ModelInPlay): ReplaceChain {
  return chainOf(ctx.facts, m.id) as ReplaceChain;
}

/** §9 #6: exactly one chosen model killed this turn by an enemy-controlled model (its controller, not its crew), not Replaced by a costlier one. */
function hiddenMartyrsReveal(ctx: SchemeContext): Evaluation {
  const martyrs = pickedChains(ctx, 'friendly');
  if (isFailure(martyrs)) return martyrs;
  const deaths = scoringDeaths(deathsThisTurn(ctx.facts));
  const killed = martyrs.filter((chain) => deaths.some((d) => inChain(chain, d.model) && d.killer !== null && d.killer.controller !== ctx.seat));
  const [martyr] = killed;
  if (killed.length !== 1 || martyr === undefined) return fails('MARTYRS_NOT_EXACTLY_ONE', ctx.rule, { killed: killed.length });
  return notReplacedByCostlier(ctx, martyr) ?? scores(false, 0, modelParams(martyr.current));
}

/** §9 #6 End, the records' part: the chosen model on the table, above half its maximum Health, not Replaced by a costlier one. */
function martyrStands(ctx: SchemeContext, m: ModelInPlay): Failure | null {
  return presence(ctx, m) ?? healthTest(ctx, m, 'moreThanHalf') ?? notReplacedByCostlier(ctx, chainNamed(ctx, m));
}

/** §9 #12 End, §13-A20: the crew's costliest hired non-Masters (ties all count); summons were never hired. */
function costliestHired(ctx: SchemeContext): { cost: number; models: ModelInPlay[] } {
  const hired = ctx.facts.models.filter((m) => m.seat === ctx.seat && m.paid !== null && m.station !== 'Master' && isSignificant(ctx.facts, m));
  const cost = Math.max(0, ...hired.map((m) => costOf(ctx.facts, m)));
  return { cost, models: hired.filter((m) => costOf(ctx.facts, m) === cost) };
}

/** §9 #12 Reveal, §13-A19: enemy non-Leaders costing 8 or more that died this turn, of any cause. */
function costlyDeathsThisTurn(ctx: SchemeContext): Set<string> {
  const ids = scoringDeaths(deathsThisTurn(ctx.facts))
    .map((d) => modelById(ctx.facts, d.model))
    .filter((m): m is ModelInPlay => m !== undefined && m.seat !== ctx.seat && !m.leader && isSignificant(ctx.facts, m) && costOf(ctx.facts, m) >= 8)
    .map((m) => m.id);
  return new Set(ids);
}

function enemiesOnTable(ctx: SchemeContext): ModelInPlay[] {
  return ctx.facts.models.filter((m) => m.seat !== ctx.seat && isOnTable(m) && isSignificant(ctx.facts, m));
}

/** §9 #10: pairs of a chosen model and an enemy Master or Henchman that costs more (not necessarily the same one, §13-A25). */
function demonstration(min: number, statement: string, before: (ctx: SchemeContext) => Failure | null, friendlyCheck?: (ctx: SchemeContext, m: ModelInPlay) => Failure | null): SchemeHalf {
  return claimHalf(
    ['b', 'c'],
    0,
    (ctx) => ({
      statement,
      pairs: {
        min,
        roles: ['scoring.role.demonstrator', 'scoring.role.witness'],
        friendly: { chosen: true, ...(friendlyCheck === undefined ? {} : { check: (m: ModelInPlay) => friendlyCheck(ctx, m) }) },
        enemy: { check: masterOrHenchman(ctx) },
        distinctEnemies: false,
        check: (friendly, enemy) => costsMore(ctx, enemy, friendly),
      },
    }),
    before,
  );
}

export const GG3_SCHEMES = {
  'gg3.breakthrough': {
    id: 'gg3.breakthrough',
    section: '§9 #1, §10',
    reveal: claimHalf(['b', 'c'], 1, () => ({ statement: 'scoring.claim.gg3.breakthrough.reveal', models: [one('friendly', 'scoring.role.inEnemyDeployment')] })),
    end: BREAKTHROUGH_END,
  },
  'gg3.vendetta': {
    id: 'gg3.vendetta',
    section: '§9 #2, §10',
    reveal: recordsHalf(['a'], (ctx) => vendettaReveal(ctx, { replaceClause: true })),
    end: recordsHalf(['a'], (ctx) => vendettaEnd(ctx, { replaceClause: true })),
  },
  'gg3.assassinate': {
    id: 'gg3.assassinate',
    section: '§9 #3, §10, §13-A13',
    reveal: recordsHalf(['a'], assassinateReveal),
    end: recordsHalf(['a'], assassinateEnd),
  },
  'gg3.leave-your-mark': {
    id: 'gg3.leave-your-mark',
    section: '§9 #4',
    reveal: markersHalf('scoring.claim.gg3.leave-your-mark.reveal', 1),
    end: markersHalf('scoring.claim.gg3.leave-your-mark.end', 3),
  },
  'gg3.sabotage': {
    id: 'gg3.sabotage',
    section: '§9 #5',
    reveal: claimHalf(['b', 'c'], 2, (ctx) => ({ statement: 'scoring.claim.gg3.sabotage.reveal', params: { terrain: text(ctx, 'terrain') } }), namedPart('terrain')),
    end: claimHalf(['b'], 1, (ctx) => ({ statement: 'scoring.claim.gg3.sabotage.end', params: { terrain: text(ctx, 'terrain') } }), namedPart('terrain')),
  },
  'gg3.hidden-martyrs': {
    id: 'gg3.hidden-martyrs',
    section: '§9 #6, §13-A17',
    reveal: recordsHalf(['a'], hiddenMartyrsReveal),
    end: claimHalf(
      ['a', 'c'],
      0,
      (ctx) => ({
        statement: 'scoring.claim.gg3.hidden-martyrs.end',
        models: [{ ...one('friendly', 'scoring.role.martyr'), chosen: true, check: (m) => martyrStands(ctx, m) }, one('enemy', 'scoring.role.costlierEngager')],
      }),
      (ctx) => {
        const martyrs = pickedChains(ctx, 'friendly');
        if (isFailure(martyrs)) return martyrs;
        return martyrs.some((chain) => martyrStands(ctx, chain.current) === null) ? null : fails('NO_CHOSEN_CAN_SCORE', ctx.rule);
      },
      (ctx, named) => costsMore(ctx, named.models[1]?.[0] as ModelInPlay, named.models[0]?.[0] as ModelInPlay),
    ),
  },
  'gg3.catch-and-release': {
    id: 'gg3.catch-and-release',
    section: '§9 #7',
    reveal: claimHalf(
      ['b', 'c'],
      0,
      (ctx) => ({
        statement: 'scoring.claim.gg3.catch-and-release.reveal',
        params: { chosen: chosenName(ctx, 'friendly') },
        models: [{ ...one('enemy', 'scoring.role.watcher'), check: (m) => (m.leader || m.station === 'Henchman' ? null : notAllowed(ctx, m, 'leaderOrHenchman')) }],
      }),
      (ctx) => chosenStands(ctx, 'friendly'),
    ),
    end: claimHalf(['b', 'c'], 0, (ctx) => ({ statement: 'scoring.claim.gg3.catch-and-release.end', params: { chosen: chosenName(ctx, 'friendly') } }), (ctx) => chosenStands(ctx, 'friendly')),
  },
  'gg3.spread-them-out': {
    id: 'gg3.spread-them-out',
    section: '§9 #8',
    reveal: markersHalf('scoring.claim.gg3.spread-them-out', 3),
    end: markersHalf('scoring.claim.gg3.spread-them-out', 3),
  },
  'gg3.load-em-up': {
    id: 'gg3.load-em-up',
    section: '§9 #9, §13-A18',
    reveal: claimHalf(['a', 'b'], 0, (ctx) => ({ statement: 'scoring.claim.gg3.load-em-up.reveal', params: { markerType: text(ctx, 'markerType') } }), namedPart('markerType')),
    end: claimHalf(
      ['a', 'b'],
      0,
      (ctx) => ({
        statement: 'scoring.claim.gg3.load-em-up.end',
        params: { markerType: text(ctx, 'markerType') },
        // §13-A18: the Leader of either crew.
        models: [{ ...one('any', 'scoring.role.leader'), check: (m) => (leaderOf(ctx.facts, m.seat)?.id === m.id ? null : notAllowed(ctx, m, 'leader')) }],
      }),
      namedPart('markerType'),
    ),
  },
  'gg3.public-demonstration': {
    id: 'gg3.public-demonstration',
    section: '§9 #10, §13-A25',
    // None of the chosen models may have been Replaced by a costlier one, even one the claim does not name.
    reveal: demonstration(2, 'scoring.claim.gg3.public-demonstration.reveal', (ctx) => {
      const chosen = pickedChains(ctx, 'friendly');
      if (isFailure(chosen)) return chosen;
      return chosen.map((chain) => notReplacedByCostlier(ctx, chain)).find((f) => f !== null) ?? null;
    }),
    end: demonstration(
      1,
      'scoring.claim.gg3.public-demonstration.end',
      (ctx) => {
        const chosen = pickedChains(ctx, 'friendly');
        return isFailure(chosen) ? chosen : null;
      },
      (ctx, m) => notReplacedByCostlier(ctx, chainNamed(ctx, m)),
    ),
  },
  'gg3.set-the-trap': {
    id: 'gg3.set-the-trap',
    section: '§9 #11, §13-A24',
    reveal: {
      ...claimHalf(
        ['b'],
        0,
        (ctx) => ({
          statement: 'scoring.claim.gg3.set-the-trap.reveal',
          // A bound for the form, not a rule: a crew never has this many Scheme markers on the table.
          count: { min: 1, max: 99 },
          countIsMarkersRemoved: true,
          models: [{ side: 'enemy', min: 3, max: Math.max(3, enemiesOnTable(ctx).length), role: 'scoring.role.trapped' }],
        }),
        (ctx) => {
          const count = enemiesOnTable(ctx).length;
          return count >= 3 ? null : fails('TOO_FEW_ENEMIES', ctx.rule, { count, min: 3 });
        },
      ),
      removes: 'named',
    },
    end: claimHalf(
      ['a', 'b'],
      1,
      (ctx) => ({
        statement: 'scoring.claim.gg3.set-the-trap.end',
        models: [{ ...one('enemy', 'scoring.role.wounded'), check: (m) => masterOrHenchman(ctx)(m) ?? healthTest(ctx, m, 'atMostHalf') }],
      }),
      (ctx) => {
        const wounded = enemiesOnTable(ctx).filter((m) => masterOrHenchman(ctx)(m) === null && healthTest(ctx, m, 'atMostHalf') === null);
        return wounded.length > 0 ? null : fails('NO_WOUNDED_MASTER_OR_HENCHMAN', ctx.rule);
      },
    ),
  },
  'gg3.in-your-face': {
    id: 'gg3.in-your-face',
    section: '§9 #12, §13-A19, §13-A20',
    reveal: claimHalf(
      ['a', 'b'],
      0,
      (ctx) => {
        const victims = costlyDeathsThisTurn(ctx);
        return {
          statement: 'scoring.claim.gg3.in-your-face.reveal',
          models: [{ ...one('enemy', 'scoring.role.victim'), mayBeDead: true, check: (m) => (victims.has(m.id) ? null : fails('NOT_A_COSTLY_DEATH', ctx.rule, modelParams(m))) }],
        };
      },
      (ctx) => (costlyDeathsThisTurn(ctx).size > 0 ? null : fails('NO_COSTLY_DEATH', ctx.rule)),
    ),
    end: claimHalf(
      ['a', 'b'],
      0,
      (ctx) => {
        const costliest = costliestHired(ctx);
        return {
          statement: 'scoring.claim.gg3.in-your-face.end',
          models: [
            {
              ...one('friendly', 'scoring.role.costliest'),
              check: (m) => (costliest.models.includes(m) ? null : fails('NOT_COSTLIEST_HIRED', ctx.rule, { ...modelParams(m), cost: costOf(ctx.facts, m), costliest: costliest.cost })),
            },
          ],
        };
      },
      (ctx) => {
        const costliest = costliestHired(ctx);
        return costliest.models.some(isOnTable) ? null : fails('COSTLIEST_OUT_OF_PLAY', ctx.rule, { cost: costliest.cost });
      },
    ),
  },
  'gg3.secret-meetup': {
    id: 'gg3.secret-meetup',
    section: '§9 #13',
    reveal: claimHalf(
      ['b', 'c'],
      0,
      (ctx) => ({ statement: 'scoring.claim.gg3.secret-meetup.reveal', params: { chosen: chosenName(ctx, 'friendly'), target: chosenName(ctx, 'enemy'), terrain: text(ctx, 'terrain') } }),
      (ctx) => chosenOnTable(ctx, 'friendly') ?? chosenOnTable(ctx, 'enemy') ?? namedPart('terrain')(ctx),
    ),
    end: claimHalf(['b'], 0, (ctx) => ({ statement: 'scoring.claim.gg3.secret-meetup.end', params: { terrain: text(ctx, 'terrain') } }), namedPart('terrain')),
  },
} as const satisfies Record<string, SchemeRule>;
