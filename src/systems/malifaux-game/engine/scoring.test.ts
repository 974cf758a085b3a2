/**
 * The whole game's scoring, through `decide`: the records the rules read, the End Phase's scoring step as
 * §12 orders it, claims the opponent confirms or disputes, a referee's rulings and corrections, reveals
 * with their commitment checks, reveals during the activations, turn 5's step C, and the result.
 */
import { describe, expect, it } from 'vitest';
import { profile } from '../crews/fixtures.js';
import { fixedEncounter } from './encounter.js';
import { pendingDecisions, replay } from './game.js';
import { revealScheme, schemeSalt } from './schemes.js';
import { ACTORS, ADA_CREW, REFEREE, SCRIBE_CREW, SEED, ScriptedGame, activations, pick, scoreNothing, setUp, startCommand, startPhase, type SetUpWith } from './testkit.js';
import { scoringFacts } from './scoringStep.js';
import { modelLabel } from './resolve.js';
import { inkwellTable } from '../crews/fixtures.js';
import { publicEvent, publicView } from './views.js';
import { malifauxGame } from '../index.js';
import type { ModelInPlay, WholeEvent } from './schema.js';
import type { Seat } from './setup.js';

const PLAYER_REFEREE = { ...ACTORS[0], referee: true };

function encounter(strategy: string, schemes: string[]) {
  const fixed = fixedEncounter({ pack: 'core', strategy, deployment: 'standard', schemes });
  if (!fixed.ok) throw new Error(fixed.error.code);
  return fixed.value;
}

/** A set-up with Reckoning, and schemes Alice and Bob keep, from a pool that holds them. */
function reckoning(schemes?: SetUpWith['schemes']): ScriptedGame {
  const plain: SetUpWith['schemes'] = (g) => [
    [pick('core.harness-the-ley-line'), pick('core.assassinate')],
    [pick('core.take-prisoner', [g.model(0, 'Press Golem').id]), pick('core.breakthrough')],
  ];
  return setUp({ encounter: encounter('core.reckoning', ['core.dig-their-graves', 'core.assassinate', 'core.harness-the-ley-line', 'core.breakthrough', 'core.take-prisoner']), schemes: schemes ?? plain });
}

/** Plays turns (Start Phase, activations with a hook) until the End Phase of `turn` waits, or turn `turn` begins. */
function playTo(g: ScriptedGame, turn: number, during?: (g: ScriptedGame, seat: Seat, model: ModelInPlay) => void): void {
  while (g.turn.turn < turn || (g.turn.turn === turn && g.turn.phase !== 'end')) {
    if (g.turn.phase === 'end') {
      scoreNothing(g);
      continue;
    }
    startPhase(g);
    activations(g, during);
  }
}

const decision = (g: ScriptedGame) => pendingDecisions(g.state)[0];
const other = (seat: Seat): Seat => (seat === 0 ? 1 : 0);
const eventsOf = <T extends WholeEvent['type']>(g: ScriptedGame, type: T) => g.log.filter((e): e is Extract<WholeEvent, { type: T }> => e.type === type);
const vp = (g: ScriptedGame) => publicView(g.state).game!.vp;

describe('the records the scoring reads (§11, class a)', () => {
  it('KILL-3, U14: each death is recorded with its turn, its activation and its killer; an End Phase kill has neither; damage is kept for the turn only', () => {
    const g = setUp();
    let adaActivation = -1;
    playTo(g, 1, (game, seat, model) => {
      if (seat === 0 && model.name === 'Ada Quill') {
        adaActivation = game.game.records.activation;
        const page = game.model(1, 'Page');
        game.send({ type: 'damageModel', model: page.id, amount: 2, by: model.id }, 0);
        game.send({ type: 'damageModel', model: page.id, amount: 9, by: model.id }, 0);
        // A condition's damage has no killer (U14): Burning finishes a Knight at 1 Health in the End Phase.
        const knight = game.model(1, 'Quill Knight');
        game.send({ type: 'damageModel', model: knight.id, amount: knight.health - 1 }, 0);
        game.send({ type: 'changeCondition', model: knight.id, condition: 'burning', change: 1 }, 0);
      }
    });
    const ada = g.model(0, 'Ada Quill');
    const page = g.game.models.find((m) => m.seat === 1 && m.name === 'Page' && m.status === 'killed')!;
    const knight = g.game.models.find((m) => m.seat === 1 && m.name === 'Quill Knight')!;
    expect(adaActivation).toBeGreaterThan(0);
    // Turn 1 has no scoring step (U2): turn 2 has begun, and with it the damage log is empty again.
    expect(g.turn.turn).toBe(2);
    expect(g.game.records.damage).toEqual([]);
    expect(g.game.records.deaths).toEqual([
      { model: page.id, turn: 1, activation: adaActivation, killer: { modelId: ada.id, seat: 0, controller: 0 }, how: 'health' },
      { model: knight.id, turn: 1, activation: null, killer: null, how: 'health' },
    ]);
    // One activation counted per model activated in turn 1.
    expect(g.game.records.activation).toBe(eventsOf(g, 'TurnChanged').filter((e) => e.step === 'activated').length);
  });

  it('§13-A14: damage a model deals is recorded with the activation it happened in, while the turn lasts', () => {
    const g = setUp();
    startPhase(g);
    const seat = g.turn.active!;
    const attacker = g.game.models.find((m) => m.controller === seat)!;
    const target = g.game.models.find((m) => m.controller !== seat)!;
    g.send({ type: 'activate', model: attacker.id }, seat);
    g.send({ type: 'damageModel', model: target.id, amount: 1, by: attacker.id }, seat);
    g.send({ type: 'damageModel', model: target.id, amount: 1 }, seat);
    expect(g.game.records.damage).toEqual([{ by: attacker.id, target: target.id, amount: 1, turn: 1, activation: 1 }]);
    g.send({ type: 'endActivation' }, seat);
    expect(g.game.records.lastActivation).toEqual({ model: attacker.id, activation: 1, turn: 1, seat });
  });

  it('§13-A14: damage from a model named by its label (A2) or name, as /model damage and its autocomplete send it, is recorded as dealt by that model’s id', () => {
    const g = setUp();
    startPhase(g);
    const seat = g.turn.active!;
    const attacker = g.game.models.find((m) => m.controller === seat && m.name === 'Ada Quill')!;
    const target = g.game.models.find((m) => m.controller !== seat)!;
    g.send({ type: 'activate', model: attacker.id }, seat);
    g.send({ type: 'damageModel', model: target.id, amount: 1, by: modelLabel(attacker) }, seat);
    g.send({ type: 'damageModel', model: target.id, amount: 1, by: 'ada quill' }, seat);
    expect(g.game.records.damage).toEqual([
      { by: attacker.id, target: target.id, amount: 1, turn: 1, activation: 1 },
      { by: attacker.id, target: target.id, amount: 1, turn: 1, activation: 1 },
    ]);
    expect(eventsOf(g, 'ModelsChanged').filter((e) => e.change === 'damaged').map((e) => e.by)).toEqual([attacker.id, attacker.id]);
  });

  it('REP-1 step 5, AMB-29: a Replace into another crew records the old model as gone, with no killer; a Replace within a crew records no death', () => {
    const g = setUp();
    startPhase(g);
    const seat = g.turn.active!;
    const mine = g.game.models.find((m) => m.controller === seat && !m.leader)!;
    const theirs = g.game.models.find((m) => m.controller !== seat && m.name === 'Page')!;
    const sprite = profile({ name: 'Ink Sprite', station: 'Minion', stationLimit: 3, factions: ['arcanists'], keywords: ['Inkwell'], cost: 6 });
    expect(g.refused({ type: 'replaceModel', models: [theirs.id], profiles: [sprite] }, seat)).toBe('NOT_YOUR_MODEL');
    g.send({ type: 'replaceModel', models: [mine.id], profiles: [sprite] }, seat);
    expect(g.game.records.deaths).toEqual([]);
    g.send({ type: 'replaceModel', models: [theirs.id], profiles: [sprite], intoMyCrew: true }, seat);
    expect(g.game.records.deaths).toEqual([{ model: theirs.id, turn: 1, activation: null, killer: null, how: 'replacedByEnemy' }]);
    const added = g.game.models.at(-1)!;
    expect(added).toMatchObject({ seat, controller: seat, replaces: [theirs.id] });
  });
});

describe('the End Phase’s scoring step (END-2, §12)', () => {
  it('END-2, U2, U8, §12: no step in turn 1; from turn 2 the strategies first, then the schemes, the Initiative player’s crew first in each', () => {
    const g = setUp();
    playTo(g, 1);
    expect(eventsOf(g, 'ScoringStepChanged')).toEqual([]);
    playTo(g, 2);
    const first = g.turn.initiative;
    const second = other(first);
    const asked: [Seat, string][] = [];
    for (let d = decision(g); d && d.kind.startsWith('score-'); d = decision(g)) {
      asked.push([d.seat as Seat, d.kind]);
      const seat = d.seat as Seat;
      if (d.kind === 'score-strategy') g.send({ type: 'declineScoring', objective: 'strategy' }, seat);
      else {
        // Each scheme declined one at a time, by its number: the step asks again until both are settled.
        const mine = g.game.schemes[seat]!.choice;
        const left = mine.find((p, slot) => !g.game.scoring.step!.settled.includes(`${seat}:scheme${slot}.reveal`))!;
        g.send({ type: 'declineScoring', objective: left.scheme }, seat);
      }
    }
    expect(asked).toEqual([
      [first, 'score-strategy'],
      [second, 'score-strategy'],
      [first, 'score-schemes'],
      [first, 'score-schemes'],
      [second, 'score-schemes'],
      [second, 'score-schemes'],
    ]);
    expect(g.turn).toMatchObject({ turn: 3, phase: 'start' });
    expect(g.game.scoring.step).toBeNull();
  });

  it('§11, END-2: a claim changes no VP until the opponent confirms it; confirmed, its VP is banked for this turn', () => {
    const g = setUp();
    playTo(g, 2);
    const seat = g.turn.initiative;
    const before = vp(g);
    // Plant Explosives (golden seed): X is counted on the table, so the strategy is the scoring player's to claim.
    g.send({ type: 'claimScore', objective: 'strategy', claim: { count: 1, note: 'the marker by the well' } }, seat);
    expect(vp(g)).toEqual(before);
    expect(decision(g)).toMatchObject({ seat: other(seat), kind: 'score-confirm' });
    expect(publicView(g.state).game!.claims).toMatchObject([{ seat, status: 'awaiting', claim: { count: 1, note: 'the marker by the well' }, statement: { key: 'scoring.claim.core.plant-explosives' } }]);
    // Nothing else moves while the claim waits for its answer.
    expect(g.refused({ type: 'declineScoring' }, seat)).toBe('CLAIM_PENDING');
    expect(g.refused({ type: 'confirmClaim' }, seat)).toBe('OWN_CLAIM');
    g.send({ type: 'confirmClaim' }, other(seat));
    expect(g.game.scoring.ledger).toEqual([{ seat, turn: 2, source: { kind: 'strategy', strategy: 'core.plant-explosives' }, vp: 1, how: 'confirmed', reason: null }]);
    expect(vp(g)[seat]).toBe(before[seat] + 1);
    // The strategy is settled for this turn: the next stage asks the other crew.
    expect(decision(g)).toMatchObject({ seat: other(seat), kind: 'score-strategy' });
  });

  it('END-2: a disputed claim waits for a referee — accepted it is banked, rejected or withdrawn it is not; only a referee rules', () => {
    const g = setUp();
    playTo(g, 2);
    const seat = g.turn.initiative;
    g.send({ type: 'claimScore', objective: 'strategy', claim: { count: 1 } }, seat);
    g.send({ type: 'disputeClaim', reason: 'that marker is ours' }, other(seat));
    expect(decision(g)).toMatchObject({ seat, kind: 'score-disputed' });
    expect(publicView(g.state).game!.claims[0]).toMatchObject({ status: 'disputed', reason: 'that marker is ours' });
    expect(g.refused({ type: 'confirmClaim' }, other(seat))).toBe('NO_OPEN_CLAIM');
    expect(g.refused({ type: 'ruleClaim', accept: true }, other(seat))).toBe('NOT_A_REFEREE');
    expect(g.refused({ type: 'withdrawClaim' }, other(seat))).toBe('NOT_THE_CLAIMANT');
    g.sendAs({ type: 'ruleClaim', accept: true, reason: 'the photo shows it' }, REFEREE);
    expect(g.game.scoring.ledger.at(-1)).toMatchObject({ seat, turn: 2, vp: 1, how: 'referee', reason: 'the photo shows it' });
    // The other crew's claim, disputed, then withdrawn: no VP.
    g.send({ type: 'claimScore', objective: 'strategy', claim: { count: 1 } }, other(seat));
    g.send({ type: 'disputeClaim', reason: 'no' }, seat);
    g.send({ type: 'withdrawClaim' }, other(seat));
    expect(vp(g)[other(seat)]).toBe(0);
    // A claim rejected by a referee who holds a seat (accepted by the other player): no VP either.
    playTo(g, 3);
    g.send({ type: 'claimScore', objective: 'strategy', claim: { count: 2 } }, g.turn.initiative);
    g.sendAs({ type: 'ruleClaim', accept: false, reason: 'not there' }, PLAYER_REFEREE);
    expect(eventsOf(g, 'ClaimAnswered').map((e) => e.answer)).toEqual(['disputed', 'accepted', 'disputed', 'withdrawn', 'rejected']);
    expect(g.game.scoring.ledger).toHaveLength(1);
  });

  it('§11: a claim the records contradict is refused with the rules’ reason; one for a scheme not held, out of turn or twice is refused too — nothing changed', () => {
    const g = setUp();
    playTo(g, 2);
    const seat = g.turn.initiative;
    const before = g.state;
    // §3.1: X must beat the VP already scored (0), so a count of 0 cannot score.
    expect(g.refused({ type: 'claimScore', objective: 'strategy', claim: { count: 0 } }, seat)).toBe('STRATEGY_NOT_ENOUGH');
    expect(g.refused({ type: 'claimScore', objective: 'strategy', claim: { count: 1 } }, other(seat))).toBe('NOT_YOUR_SCORING');
    expect(g.refused({ type: 'claimScore', objective: 13, claim: {} }, seat)).toBe('OBJECTIVE_NOT_YOURS');
    expect(g.refused({ type: 'claimScore', objective: 'strategy', claim: { count: 1, models: ['Nobody'] } }, seat)).toBe('UNKNOWN_MODEL');
    expect(g.state).toBe(before);
    g.send({ type: 'declineScoring', objective: 'strategy' }, seat);
    // Declined: it is settled for this step, the next stage is the other crew's.
    expect(g.refused({ type: 'declineScoring', objective: 'strategy' }, seat)).toBe('NOT_YOUR_SCORING');
  });

  it('U8, §11 class a: Assassinate scores from the records with no question asked — the scheme revealed, its commitment checked', () => {
    const g = setUp();
    playTo(g, 2, (game, seat, model) => {
      // §13-A13: Bob's Leader (Health 6) brought to 3, half its maximum.
      if (game.turn.turn === 2 && seat === 0 && model.name === 'Ada Quill') game.send({ type: 'damageModel', model: game.model(1, 'Scribe Major').id, amount: 3, by: model.id }, 0);
    });
    scoreNothing(g);
    const banked = g.game.scoring.ledger.filter((e) => e.seat === 0);
    expect(banked).toEqual([{ seat: 0, turn: 2, source: { kind: 'scheme', scheme: 'core.assassinate', half: 'reveal' }, vp: 1, how: 'records', reason: null }]);
    const shown = publicView(g.state).game!.revealed;
    expect(shown).toMatchObject([{ seat: 0, slot: 1, pick: { scheme: 'core.assassinate' }, turn: 2, check: true }]);
    const salt = schemeSalt(SEED, 0, 1, 'g1');
    expect(salt.ok && revealScheme(g.game.schemes[0]!.commitments[1], shown[0]!.pick, salt.value)).toBe(true);
    // Alice's other scheme stays secret.
    expect(JSON.stringify(publicView(g.state))).not.toContain('core.harness-the-ley-line"]');
    expect(shown.some((r) => r.slot === 0 && r.seat === 0)).toBe(false);
    // A move that showed a secret scheme is not one a player takes back alone (README: Undo).
    const reveal = g.batches.find((b) => b.events.some((e) => e.type === 'SchemeRevealed'))!;
    expect(malifauxGame.undoRevealsHidden(reveal.events)).toBe(true);
  });

  it('VP-1 Reckoning: decided by the records — the crew that saw an enemy Minion die this turn banks 1 VP, the other is told why not', () => {
    const g = reckoning();
    playTo(g, 2, (game, seat, model) => {
      if (game.turn.turn === 2 && seat === 0 && model.name === 'Ada Quill') game.send({ type: 'damageModel', model: game.model(1, 'Page').id, amount: 6, by: model.id }, 0);
    });
    scoreNothing(g);
    expect(g.game.scoring.ledger).toContainEqual({ seat: 0, turn: 2, source: { kind: 'strategy', strategy: 'core.reckoning' }, vp: 1, how: 'records', reason: null });
    const failed = eventsOf(g, 'ScoringStepChanged').filter((e) => e.change === 'failed');
    expect(failed).toMatchObject([{ seat: 1, failure: { code: 'STRATEGY_NOT_ENOUGH' } }]);
  });
});

describe('reveals during the activations (VP-4)', () => {
  const diggers: SetUpWith['schemes'] = (g) => [
    [pick('core.dig-their-graves'), pick('core.assassinate')],
    [pick('core.take-prisoner', [g.model(0, 'Press Golem').id]), pick('core.harness-the-ley-line')],
  ];

  it('§7 #5, U2: Dig Their Graves is claimed right after the kill, during the activations — refused in turn 1, and not in the End Phase', () => {
    const g = reckoning(diggers);
    let refusedInTurn1: string | null = null;
    let claimed = false;
    playTo(g, 2, (game, seat, model) => {
      if (seat !== 0 || model.name !== 'Ada Quill') return;
      const page = game.game.models.find((m) => m.seat === 1 && m.name === 'Page' && m.status === 'in-play')!;
      game.send({ type: 'damageModel', model: page.id, amount: 6, by: model.id }, 0);
      if (game.turn.turn === 1) {
        refusedInTurn1 = game.refused({ type: 'claimScore', objective: 'core.dig-their-graves', claim: { models: [page.id], markersRemoved: 1 } }, 0);
        return;
      }
      game.send({ type: 'claimScore', objective: 5, claim: { models: [page.id], markersRemoved: 1 } }, 0);
      // The game waits for Bob's answer: his confirmation is the pending decision, the activation paused.
      expect(pendingDecisions(game.state)).toEqual([expect.objectContaining({ seat: 1, kind: 'score-confirm' })]);
      expect(game.refused({ type: 'endActivation' }, 0)).toBe('CLAIM_PENDING');
      game.send({ type: 'confirmClaim' }, 1);
      claimed = true;
    });
    expect(refusedInTurn1).toBe('NO_VP_IN_TURN_ONE');
    expect(claimed).toBe(true);
    expect(g.game.scoring.ledger.filter((e) => e.seat === 0 && e.source.kind === 'scheme')).toEqual([
      { seat: 0, turn: 2, source: { kind: 'scheme', scheme: 'core.dig-their-graves', half: 'reveal' }, vp: 1, how: 'confirmed', reason: null },
    ]);
    // In the End Phase its Reveal is not a candidate any more (shown, and timed by a kill).
    const stageOfAlice = () => decision(g)?.seat === 0 && decision(g)?.kind === 'score-schemes';
    while (decision(g)?.kind.startsWith('score-') && !stageOfAlice()) g.send({ type: 'scoringDone' }, decision(g)!.seat as Seat);
    expect(g.refused({ type: 'claimScore', objective: 5, claim: { models: [], markersRemoved: 1 } }, 0)).toBe('NOT_THIS_TIMING');
  });

  it('§7 #5: "right after" the kill — once another activation has begun, that kill no longer reveals Dig Their Graves, and nothing changes', () => {
    const g = reckoning(diggers);
    let killed: string | null = null;
    let refused: string | null = null;
    let versionBefore = -1;
    let versionAfter = -2;
    playTo(g, 2, (game, seat, model) => {
      if (game.turn.turn !== 2 || seat !== 0) return;
      if (model.name === 'Ada Quill') {
        const page = game.game.models.find((m) => m.seat === 1 && m.name === 'Page' && m.status === 'in-play')!;
        game.send({ type: 'damageModel', model: page.id, amount: 6, by: model.id }, 0);
        killed = page.id;
      } else if (killed !== null && refused === null) {
        versionBefore = game.log.length;
        refused = game.refused({ type: 'claimScore', objective: 5, claim: { models: [killed], markersRemoved: 1 } }, 0);
        versionAfter = game.log.length;
      }
    });
    expect(g.game.models.find((m) => m.id === killed)?.status).toBe('killed');
    expect(refused).toBe('NO_KILL_BY_YOUR_CREW');
    expect(versionAfter).toBe(versionBefore);
    expect(g.game.scoring.ledger.filter((e) => e.source.kind === 'scheme')).toEqual([]);
  });
});

describe('a reveal at the end of an activation (§7 #13, §13-A14)', () => {
  it('VP-4: Vendetta is claimed once its model’s activation has ended — decided by the records, banked with no confirmation; during the activation, or once another has begun, it is refused', () => {
    const g = setUp({
      encounter: encounter('core.reckoning', ['core.vendetta', 'core.assassinate', 'core.harness-the-ley-line', 'core.breakthrough', 'core.take-prisoner']),
      schemes: (game) => [
        // Alice's Page (cost 5) against Bob's Quill Knight (cost 7): costlier, not a Leader.
        [{ scheme: 'core.vendetta', friendly: [game.model(0, 'Page').id], enemy: [game.model(1, 'Quill Knight').id], markerType: null, terrain: null } as never, pick('core.assassinate')],
        [pick('core.take-prisoner', [game.model(0, 'Press Golem').id]), pick('core.breakthrough')],
      ],
    });
    playTo(g, 2);
    scoreNothing(g);
    startPhase(g);
    const page = g.model(0, 'Page');
    const knight = g.model(1, 'Quill Knight');
    let during: string | null = null;
    while (g.turn.phase === 'activations') {
      const seat = g.turn.active!;
      const next = g.game.models.find((m) => m.controller === seat && !m.activated && m.status === 'in-play')!;
      g.send({ type: 'activate', model: next.id }, seat);
      if (next.id === page.id) {
        g.send({ type: 'damageModel', model: knight.id, amount: 3, by: page.id }, 0);
        during = g.refused({ type: 'claimScore', objective: 13, claim: {} }, 0);
        g.send({ type: 'endActivation' }, 0);
        expect(g.refused({ type: 'claimScore', objective: 13, claim: {} }, 1)).toBe('OBJECTIVE_NOT_YOURS');
        g.send({ type: 'claimScore', objective: 'core.vendetta', claim: {} }, 0);
        continue;
      }
      g.send({ type: 'endActivation' }, seat);
    }
    expect(during).toBe('NOT_END_OF_ACTIVATION');
    expect(g.game.scoring.ledger).toEqual([{ seat: 0, turn: 3, source: { kind: 'scheme', scheme: 'core.vendetta', half: 'reveal' }, vp: 1, how: 'records', reason: null }]);
    expect(eventsOf(g, 'ScoreClaimed')).toEqual([]);
    expect(publicView(g.state).game!.revealed).toMatchObject([{ seat: 0, slot: 0, pick: { scheme: 'core.vendetta', friendly: [page.id], enemy: [knight.id] }, check: true }]);
  });
});

describe('the end of the game (END-4, §12 step C, U11)', () => {
  it('END-4: buried models die before the End objectives; Assassinate’s End scores from the records; every secret scheme is then revealed and checked; outcome says who won', () => {
    const g = setUp();
    playTo(g, 5, (game, seat, model) => {
      if (game.turn.turn !== 5) return;
      if (seat === 0 && model.name === 'Ada Quill') game.send({ type: 'damageModel', model: game.model(1, 'Scribe Major').id, amount: 6, by: model.id }, 0);
      if (seat === 1 && model.name === 'Press Golem') game.send({ type: 'buryModel', model: model.id }, 1);
    });
    // Step B of turn 5: nobody claims anything (the Assassinate Reveal fails: the Leader is dead).
    while (decision(g)?.kind !== 'score-end') g.send({ type: 'scoringDone' }, decision(g)!.seat as Seat);
    // END-4 step 1 came first: the buried Golem is dead, with no killer.
    const golem = g.game.models.find((m) => m.seat === 1 && m.name === 'Press Golem')!;
    expect(g.game.records.deaths.find((d) => d.model === golem.id)).toEqual({ model: golem.id, turn: 5, activation: null, killer: null, how: 'gameEnd' });
    scoreNothing(g);
    expect(g.game.stage).toBe('over');
    expect(g.game.scoring.ledger.filter((e) => e.seat === 0)).toEqual([{ seat: 0, turn: 5, source: { kind: 'scheme', scheme: 'core.assassinate', half: 'end' }, vp: 1, how: 'records', reason: null }]);
    const shown = publicView(g.state).game!.revealed;
    expect(shown).toHaveLength(4);
    expect(shown.every((r) => r.check)).toBe(true);
    expect(eventsOf(g, 'SchemeRevealed').filter((e) => e.why === 'gameEnd')).toHaveLength(3);
    const outcome = malifauxGame.outcome(g.state);
    expect(outcome).toMatchObject({ finished: true, how: 'played', seats: [{ seat: 0, result: 'win', vp: 1 }, { seat: 1, result: 'loss', vp: 0 }] });
    expect(replay(g.log)).toEqual(g.state);
  });

  it('U11, END-6: equal VP is a draw; a concession loses whatever the VP, which outcome still reports', () => {
    const g = setUp();
    playTo(g, 5);
    scoreNothing(g);
    expect(malifauxGame.outcome(g.state)).toMatchObject({ how: 'played', seats: [{ result: 'draw', vp: 0 }, { result: 'draw', vp: 0 }] });
    const conceded = setUp();
    playTo(conceded, 2);
    conceded.send({ type: 'claimScore', objective: 'strategy', claim: { count: 1 } }, conceded.turn.initiative);
    conceded.send({ type: 'confirmClaim' }, other(conceded.turn.initiative));
    const winner = conceded.turn.initiative;
    conceded.send({ type: 'endGame', concede: true }, winner);
    expect(malifauxGame.outcome(conceded.state)).toMatchObject({ how: 'conceded', seats: expect.arrayContaining([{ seat: winner, userId: expect.any(String), name: expect.any(String), result: 'loss', vp: 1 }]) });
  });
});

describe('a referee’s corrections', () => {
  it('END-2: a referee corrects a score by one VP with a reason, kept in the log; a player cannot; a correction never takes a source below zero', () => {
    const g = setUp();
    playTo(g, 2);
    const correction = { type: 'correctScore', seat: 1, objective: 'strategy', vp: 1, reason: 'scored on the table last night' } as const;
    expect(g.refused(correction, 0)).toBe('NOT_A_REFEREE');
    expect(g.refusedAs({ ...correction, vp: -1 }, REFEREE)).toBe('CORRECTION_BELOW_ZERO');
    expect(g.refusedAs({ ...correction, turn: 3 }, REFEREE)).toBe('TURN_NOT_PLAYED');
    g.sendAs(correction, REFEREE);
    expect(g.game.scoring.ledger).toEqual([{ seat: 1, turn: 2, source: { kind: 'strategy', strategy: 'core.plant-explosives' }, vp: 1, how: 'correction', reason: 'scored on the table last night' }]);
    g.sendAs({ ...correction, vp: -1, reason: 'no, it was not' }, REFEREE);
    expect(vp(g)).toEqual([0, 0]);
    // A correction of a secret scheme shows it: the ledger names its source.
    g.sendAs({ type: 'correctScore', seat: 0, objective: 'core.assassinate', vp: 1, reason: 'missed' }, REFEREE);
    expect(publicView(g.state).game!.revealed).toMatchObject([{ seat: 0, pick: { scheme: 'core.assassinate' }, check: true }]);
    expect(eventsOf(g, 'ScoreBanked').map((e) => publicEvent(e))).toHaveLength(3);
  });
});

describe('§13-A21: the cost of a Master printed with a dash is the players’ noCostValue', () => {
  /** Alice's Vendetta on her own Master, Ada Quill (a dash), against Bob's Quill Knight (7): costlier only if the dash is below 7. */
  function vendettaOnAda(options: { noCostValue?: number }): { g: ScriptedGame; refused: string | null } {
    const g = new ScriptedGame();
    g.send(startCommand(SEED, 'g1', encounter('core.reckoning', ['core.vendetta', 'core.assassinate', 'core.harness-the-ley-line', 'core.breakthrough', 'core.take-prisoner']), options), 0);
    g.send({ type: 'declareCrew', crew: ADA_CREW, profiles: inkwellTable }, 0);
    g.send({ type: 'declareCrew', crew: SCRIBE_CREW, profiles: inkwellTable }, 1);
    const choice = [{ scheme: 'core.vendetta', friendly: [g.model(0, 'Ada Quill').id], enemy: [g.model(1, 'Quill Knight').id], markerType: null, terrain: null }, pick('core.assassinate')];
    return { g, refused: g.refused({ type: 'chooseSchemes', choice: choice as never }, 0) };
  }

  it('§13-A21, §7 #13: with no value set a dash counts 0, so the Quill Knight (7) costs more than Ada Quill', () => {
    const { g, refused } = vendettaOnAda({});
    expect(refused).toBeNull();
    expect(scoringFacts(g.game).options).toBeUndefined();
  });

  it('§13-A21, §7 #13: set at 10 at the game’s start, the dash counts 10 in the secret picks and in the scoring facts', () => {
    const { g, refused } = vendettaOnAda({ noCostValue: 10 });
    expect(refused).toBe('PICK_NOT_ALLOWED');
    expect(scoringFacts(g.game).options).toEqual({ noCostValue: 10 });
  });
});
