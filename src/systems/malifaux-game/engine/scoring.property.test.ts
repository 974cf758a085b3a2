/**
 * Properties of the scoring over random games (fast-check): whatever the players claim, decline, confirm
 * or dispute, and whatever a referee rules, a secret scheme is in no public view or public event before
 * it is revealed, no claim changes VP before it is settled, the caps hold, and the log replays to the state.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pendingDecisions, replay } from './game.js';
import { REFEREE, setUp, startPhase, type ScriptedGame } from './testkit.js';
import { publicEvent, publicView } from './views.js';
import { revealedOf } from './scoreState.js';
import type { WholeCommand, WholeEvent, WholeState } from './schema.js';
import type { Seat } from './setup.js';

/** Plays a whole game, every choice the game leaves open taken from `picks`; refused moves fall back to a plain one. */
function randomGame(picks: readonly number[]): ScriptedGame {
  const g = setUp();
  let i = 0;
  const next = () => picks[i++ % picks.length]!;
  const tryOr = (command: WholeCommand, seat: Seat, fallback: WholeCommand) => {
    if (g.refused(command, seat) === null) g.send(command, seat);
    else g.send(fallback, seat);
  };
  for (let guard = 0; guard < 2000 && g.game.stage !== 'over'; guard++) {
    const d = pendingDecisions(g.state)[0];
    if (!d) throw new Error('nobody to decide');
    const seat = d.seat as Seat;
    const game = g.game;
    const enemies = game.models.filter((m) => m.seat !== seat && m.status === 'in-play');
    const k = next();
    if (d.kind.startsWith('start-') || d.kind.startsWith('initiative-')) {
      startPhase(g);
    } else if (d.kind === 'activate-or-pass') {
      const model = game.models.find((m) => m.controller === seat && !m.activated && (m.status === 'in-play' || m.status === 'buried'))!;
      g.send({ type: 'activate', model: model.id }, seat);
    } else if (d.kind === 'action') {
      const activating = game.turn!.activating!.modelId;
      const target = enemies[k % Math.max(1, enemies.length)];
      if (k % 3 === 0 && target) g.send({ type: 'damageModel', model: target.id, amount: 1 + (k % 6), by: activating }, seat);
      const scheme = game.schemes[seat]!.choice[k % 2]!.scheme;
      // Now and then a reveal during the activation (most are refused: not their timing, or not met).
      if (k % 5 === 0 && pendingDecisions(g.state)[0]?.kind === 'action') {
        const claim: WholeCommand = { type: 'claimScore', objective: scheme, claim: { models: target ? [target.id] : [], markersRemoved: k % 2 } };
        if (g.refused(claim, seat) === null) g.send(claim, seat);
      }
      if (pendingDecisions(g.state)[0]?.kind === 'action') g.send({ type: 'endActivation' }, seat);
    } else if (d.kind === 'score-strategy' || d.kind === 'score-schemes' || d.kind === 'score-end') {
      const scheme = game.schemes[seat]!.choice[k % 2]!.scheme;
      const choice = k % 5;
      if (choice === 0) tryOr({ type: 'claimScore', objective: 'strategy', claim: { count: k % 6 } }, seat, { type: 'scoringDone' });
      else if (choice === 1) tryOr({ type: 'claimScore', objective: scheme, claim: { count: k % 4, markersRemoved: k % 4, models: enemies.slice(0, 1).map((m) => m.id) } }, seat, { type: 'scoringDone' });
      else if (choice === 2) tryOr({ type: 'declineScoring', objective: d.kind === 'score-strategy' ? 'strategy' : scheme }, seat, { type: 'scoringDone' });
      else if (choice === 3) {
        // A referee's correction, when the caps allow it; the step is then closed for this player.
        const correction: WholeCommand = { type: 'correctScore', seat, objective: 'strategy', vp: k % 2 === 0 ? 1 : -1, reason: 'seen' };
        if (g.refusedAs(correction, REFEREE) === null) g.sendAs(correction, REFEREE);
        const still = pendingDecisions(g.state)[0];
        if (still?.seat === seat && still.kind === d.kind) g.send({ type: 'scoringDone' }, seat);
      } else g.send({ type: 'scoringDone' }, seat);
    } else if (d.kind === 'score-confirm') {
      const choice = k % 3;
      if (choice === 0) g.send({ type: 'confirmClaim' }, seat);
      else if (choice === 1) g.send({ type: 'disputeClaim', reason: 'no' }, seat);
      else g.sendAs({ type: 'ruleClaim', accept: k % 2 === 0 }, REFEREE);
    } else if (d.kind === 'score-disputed') {
      if (k % 2 === 0) g.send({ type: 'withdrawClaim' }, seat);
      else g.sendAs({ type: 'ruleClaim', accept: k % 4 === 1, reason: 'ruled' }, REFEREE);
    } else throw new Error(`unexpected decision ${d.kind}`);
  }
  return g;
}

const picksArbitrary = fc.array(fc.nat(1000), { minLength: 50, maxLength: 200 });

/** A state whose unrevealed schemes of `seat` are other schemes: what the public must not be able to tell apart. */
function withOtherSchemes(state: WholeState, seat: Seat): WholeState | null {
  const game = state.game!;
  const chosen = game.schemes[seat];
  if (!chosen) return null;
  const pool = game.encounter!.encounter.schemes;
  const choice = chosen.choice.map((p, slot) => {
    if (revealedOf(game.scoring.revealed, seat, slot as 0 | 1)) return p;
    const other = pool.find((id) => !chosen.choice.some((c) => c.scheme === id));
    return other ? { scheme: other, friendly: [], enemy: [], markerType: null, terrain: null } : p;
  }) as typeof chosen.choice;
  if (JSON.stringify(choice) === JSON.stringify(chosen.choice)) return null;
  const schemes: typeof game.schemes = [...game.schemes];
  schemes[seat] = { ...chosen, choice };
  return { ...state, game: { ...game, schemes } };
}

/** The scheme a public event ties to a seat, if any. */
function schemeNamed(e: WholeEvent): { seat: Seat; scheme: string } | null {
  if (e.type === 'ScoreBanked' && e.entry.source.kind === 'scheme') return { seat: e.entry.seat, scheme: e.entry.source.scheme };
  if (e.type === 'ScoreClaimed' && e.claim.source.kind === 'scheme') return { seat: e.claim.seat, scheme: e.claim.source.scheme };
  return null;
}

describe('the scoring over random games (fast-check)', () => {
  it('a secret scheme is in no public view and no public event before its reveal; replay equals the state at every step', () => {
    let revealedSeen = 0;
    let claimsSeen = 0;
    fc.assert(
      fc.property(picksArbitrary, (picks) => {
        const g = randomGame(picks);
        for (let i = 0; i < g.states.length; i += 3) {
          const state = g.states[i]!;
          for (const seat of [0, 1] as const) {
            const variant = withOtherSchemes(state, seat);
            if (variant) expect(publicView(variant)).toStrictEqual(publicView(state));
          }
          expect(replay(g.log.slice(0, g.lengths[i]))).toEqual(state);
        }
        // Event by event: a scheme named in a public event (a claim, a VP) was revealed by then.
        const shown = new Set<string>();
        for (const e of g.log) {
          const pub = publicEvent(e);
          if (!pub) continue;
          if (pub.type === 'SchemesChosen') expect(pub.choice).toBeNull();
          if (pub.type === 'ScoreClaimed') claimsSeen++;
          if (pub.type === 'SchemeRevealed') {
            shown.add(`${pub.scheme.seat}:${pub.scheme.pick.scheme}`);
            revealedSeen++;
          }
          const named = schemeNamed(pub);
          if (named) expect(shown.has(`${named.seat}:${named.scheme}`), `${pub.type} names a scheme not revealed yet`).toBe(true);
        }
        expect(replay(g.log)).toEqual(g.state);
      }),
      { numRuns: 25, seed: 20261128 },
    );
    expect(revealedSeen, 'schemes were revealed in the random games').toBeGreaterThan(0);
    expect(claimsSeen, 'claims were made in the random games').toBeGreaterThan(0);
  });

  it('U2–U5, U11, §11, END-2, END-3: no VP in turn 1, no claim changes VP before it is settled, the caps hold', () => {
    fc.assert(
      fc.property(picksArbitrary, (picks) => {
        const g = randomGame(picks);
        for (const b of g.batches) {
          const before = b.before.game?.scoring.ledger.length ?? 0;
          const banked = b.events.filter((e) => e.type === 'ScoreBanked');
          // A claim made or disputed banks nothing in the same move; VP come from a settlement, the records or a referee.
          if (b.events.some((e) => e.type === 'ScoreClaimed' || (e.type === 'ClaimAnswered' && e.answer === 'disputed'))) {
            expect(banked.every((e) => e.type === 'ScoreBanked' && (e.entry.how === 'records' || e.claim === null))).toBe(true);
          }
          expect(b.after.game?.scoring.ledger.length ?? 0).toBe(before + banked.length);
        }
        const ledger = g.game.scoring.ledger;
        expect(ledger.filter((e) => e.turn === 1)).toEqual([]);
        for (const seat of [0, 1] as const) {
          const mine = ledger.filter((e) => e.seat === seat);
          const sum = (entries: typeof ledger) => entries.reduce((n, e) => n + e.vp, 0);
          expect(sum(mine)).toBeLessThanOrEqual(8);
          expect(sum(mine.filter((e) => e.source.kind === 'strategy'))).toBeLessThanOrEqual(4);
          for (const scheme of g.game.schemes[seat]!.choice) {
            const of = mine.filter((e) => e.source.kind === 'scheme' && e.source.scheme === scheme.scheme);
            expect(sum(of)).toBeLessThanOrEqual(2);
            for (let turn = 1; turn <= 5; turn++) expect(sum(of.filter((e) => e.turn === turn && e.how !== 'correction'))).toBeLessThanOrEqual(1);
          }
        }
      }),
      { numRuns: 25, seed: 20261129 },
    );
  });
});
