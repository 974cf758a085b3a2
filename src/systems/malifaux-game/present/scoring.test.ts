/**
 * The scoring as players read it, from a real game through the engine: the channel's lines for claims,
 * confirmations, disputes, rulings, corrections, reveals and the result, in English and French; the DM of
 * the player whose decision it is (what each objective needs, the claim to answer, its buttons); the
 * status's VP by source. No message key, placeholder or rule code reaches a player.
 */
import { describe, expect, it } from 'vitest';
import { translator } from '../../../i18n/index.js';
import type { Message, StatusClock } from '../../contract.js';
import { pendingDecisions } from '../engine/game.js';
import { REFEREE, activations, publicBatch, scoreNothing, setUp, startPhase, type ScriptedGame } from '../engine/testkit.js';
import { privateView, publicEvent, publicView } from '../engine/views.js';
import type { WholeEvent } from '../engine/schema.js';
import type { Seat } from '../engine/setup.js';
import { presentation } from './messages.js';

const en = translator('en');
const fr = translator('fr');
const NO_CLOCK: StatusClock = { opened: new Map() };
const text = (m: Message): string => JSON.stringify({ content: m.content, embeds: m.embeds, components: m.components });
const other = (seat: Seat): Seat => (seat === 0 ? 1 : 0);
const lines0 = (g: ScriptedGame) => g.log.map(publicEvent).filter((e): e is WholeEvent => e !== null).map((e) => presentation.logLine(en, publicView(g.state), e, true) ?? '').join('\n');

/** To the End Phase of `turn`, the scoring of the turns before declined. */
function toEndPhase(g: ScriptedGame, turn: number): void {
  while (g.turn.turn < turn || g.turn.phase !== 'end') {
    if (g.turn.phase === 'end') scoreNothing(g);
    else {
      startPhase(g);
      activations(g, (game, seat, model) => {
        // Turn 2: Bob's Leader at half its Health, so Alice's Assassinate scores by the records.
        if (game.turn.turn === 2 && seat === 0 && model.name === 'Ada Quill') game.send({ type: 'damageModel', model: game.model(1, 'Scribe Major').id, amount: 3, by: model.id }, 0);
      });
    }
  }
}

/** A game with every kind of scoring move: a claim confirmed, one disputed and accepted, one withdrawn, a correction, reveals, the end. */
function scoredGame(): ScriptedGame {
  const g = setUp();
  toEndPhase(g, 2);
  const first = g.turn.initiative;
  g.send({ type: 'claimScore', objective: 'strategy', claim: { count: 1, note: 'by the well' } }, first);
  g.send({ type: 'confirmClaim' }, other(first));
  g.send({ type: 'claimScore', objective: 'strategy', claim: { count: 1 } }, other(first));
  g.send({ type: 'disputeClaim', reason: 'not in our half' }, first);
  g.sendAs({ type: 'ruleClaim', accept: true, reason: 'the photo shows it' }, REFEREE);
  scoreNothing(g);
  toEndPhase(g, 3);
  const now = g.turn.initiative;
  g.send({ type: 'claimScore', objective: 'strategy', claim: { count: 2 } }, now);
  g.send({ type: 'disputeClaim', reason: 'no' }, other(now));
  g.send({ type: 'withdrawClaim' }, now);
  g.sendAs({ type: 'correctScore', seat: now, objective: 'strategy', vp: -1, reason: 'counted twice', turn: 2 }, REFEREE);
  toEndPhase(g, 5);
  scoreNothing(g);
  return g;
}

describe('the scoring in words', () => {
  it('END-2, §12, U11: English and French tell every scoring move — no key, placeholder or rule code', async () => {
    const g = scoredGame();
    expect(g.game.stage).toBe('over');
    for (const t of [en, fr]) {
      const messages = await Promise.all(g.batches.map((b) => presentation.afterAction(t, publicBatch(b))));
      const view = publicView(g.state);
      const log = g.log.map(publicEvent).filter((e): e is WholeEvent => e !== null).map((e) => presentation.logLine(t, view, e, true));
      const all = [...messages.map(text), ...log].join('\n');
      expect(all).not.toMatch(/\b(mgs?|scoring|error)\.[a-z]/);
      expect(all).not.toMatch(/\{[a-zA-Z]+\}/);
      expect(all).not.toMatch(/\b(?!SHA-\d)[A-Z]{2,5}-\d+\b|§|\bU\d\b|ScoreBanked|ScoreClaimed|ClaimAnswered/);
    }
    expect(lines0(g)).toContain('No VP in turn 1: there is nothing to score.');
    const lines = g.log.map(publicEvent).filter((e): e is WholeEvent => e !== null).map((e) => presentation.logLine(en, publicView(g.state), e, true) ?? '').join('\n');
    expect(lines).toMatch(/📣 \*\*(Alice|Bob)\*\* claims 1 VP for Plant Explosives: 1 Strategy marker of (Alice|Bob)’s crew is in the enemy half \(a marker on the centerline counts\) · note: “by the well”\./);
    expect(lines).toMatch(/✅ \*\*(Alice|Bob)\*\* confirms the claim\./);
    expect(lines).toMatch(/❌ \*\*(Alice|Bob)\*\* disputes the claim: “not in our half”/);
    expect(lines).toContain('⚖️ A referee accepts the claim — “the photo shows it”.');
    expect(lines).toMatch(/withdraws the claim: no VP\./);
    expect(lines).toMatch(/⚖️ A referee corrects \*\*(Alice|Bob)\*\*’s score: −1 VP for Plant Explosives — “counted twice”\./);
    expect(lines).toContain('🏆 **Alice** scores 1 VP: Assassinate (Reveal) (by the bot’s records).');
    expect(lines).toMatch(/📜 \*\*Alice\*\* reveals \*\*Assassinate\*\*\. Commitment `[0-9a-f]{8}…`: ✓ it matches the one posted at set-up\./);
    // Bob's Take Prisoner names its chosen model when it is revealed at the end.
    expect(lines).toMatch(/📜 \*\*Bob\*\* reveals \*\*Take Prisoner\*\* \(chosen: Press Golem\)/);
    expect(lines).toMatch(/🏆 Result: \*\*Alice\*\* \d · \*\*Bob\*\* \d — (a draw|\*\*(Alice|Bob)\*\* wins)\.\nVP by turn \(1–5\): Alice 0·\d·\d·\d·\d — Bob 0·\d·\d·\d·\d/);
  });

  it('issue 16 §3: a scheme revealed is credited with the turns it was held in secret, in the reveal’s line and in the final summary', async () => {
    const g = scoredGame();
    const reveals = g.log.filter((e): e is Extract<WholeEvent, { type: 'SchemeRevealed' }> => e.type === 'SchemeRevealed');
    expect(reveals.length).toBe(4);
    const view = publicView(g.state);
    for (const e of reveals) {
      const turn = e.scheme.turn;
      expect(presentation.logLine(en, view, e, true)).toContain(`🕰️ Held in secret since the set-up, through ${turn === 1 ? 'turn 1' : `turns 1–${turn}`}: ${turn} ${turn === 1 ? 'turn' : 'turns'} credited to it.`);
      expect(presentation.logLine(fr, view, e, true)).toContain(`${turn} ${turn === 1 ? 'tour crédité' : 'tours crédités'}`);
    }
    // Alice's Assassinate scored (and was revealed) before the end: fewer turns held than a scheme shown at the end.
    const early = reveals.find((e) => e.why !== 'gameEnd')!;
    const atEnd = reveals.find((e) => e.why === 'gameEnd')!;
    expect(early.scheme.turn).toBeLessThan(5);
    expect(atEnd.scheme.turn).toBe(5);
    // The final summary says it for each scheme.
    const final = g.batches.find((b) => b.events.some((e) => e.type === 'StageBegan' && e.stage === 'over'))!;
    const summary = text(await presentation.afterAction(en, publicBatch(final)));
    expect(summary).toContain(`· held ${early.scheme.turn} turns`);
    expect(summary).toContain('· held 5 turns');
  });

  it('END-2, issue 16: a claim is a story until it is settled; told again then, its message asks nobody for anything and carries no button', async () => {
    const g = setUp();
    toEndPhase(g, 2);
    const seat = g.turn.initiative;
    g.send({ type: 'claimScore', objective: 'strategy', claim: { count: 1 } }, seat);
    const claimed = g.batches.length - 1;
    const id = publicView(g.state).game!.claims[0]!.id;
    expect(presentation.story(publicView(g.state))).toBe(`claim:${id}`);
    const asked = text(await presentation.afterAction(en, publicBatch(g.batches[claimed]!)));
    expect(asked).toContain('confirm it or dispute it');
    expect(asked).toContain(':confirm"');
    g.send({ type: 'disputeClaim', reason: 'not in our half' }, other(seat));
    // Disputed, it is still open: the same story, now waiting on a referee's ruling or its withdrawal.
    expect(presentation.story(publicView(g.state))).toBe(`claim:${id}`);
    const story = (from: number) => {
      const batches = g.batches.slice(from);
      return publicBatch({ before: batches[0]!.before, events: batches.flatMap((b) => b.events), after: batches.at(-1)!.after });
    };
    const disputed = text(await presentation.afterAction(en, story(claimed)));
    expect(disputed).toContain('A referee may rule on it');
    expect(disputed).not.toContain('confirm it or dispute it');
    expect(disputed).not.toContain(':confirm"');
    g.sendAs({ type: 'ruleClaim', accept: true, reason: 'the photo shows it' }, REFEREE);
    expect(presentation.story(publicView(g.state))).toBeNull();
    for (const [t, ruling, waiting] of [[en, '⚖️ A referee accepts the claim — “the photo shows it”.', 'Waiting for'], [fr, '⚖️ Un arbitre accepte la revendication — « the photo shows it ».', 'En attente']] as const) {
      const ruled = await presentation.afterAction(t, story(claimed));
      expect(text(ruled)).toContain(ruling);
      expect(text(ruled)).not.toContain(t === en ? 'A referee may rule on it' : 'Un arbitre peut trancher');
      expect(text(ruled)).not.toContain(waiting);
      expect(ruled.components).toEqual([]);
    }
    // Told again up to the game's end, it leaves the final summary and its picture to the message that ends the game.
    toEndPhase(g, 5);
    scoreNothing(g);
    expect(g.game.stage).toBe('over');
    const told = await presentation.afterAction(en, story(claimed));
    expect(told.files ?? []).toEqual([]);
    expect(await presentation.afterAction(en, publicBatch(g.batches.at(-1)!))).toMatchObject({ files: [expect.objectContaining({ name: 'result.png' })] });
  });

  it('END-2: the decider’s DM says what each objective needs or why it fails, and carries the decision’s buttons; the opponent’s shows the claim to answer', async () => {
    const g = setUp();
    toEndPhase(g, 2);
    const seat = g.turn.initiative;
    const d = pendingDecisions(g.state)[0]!;
    expect(d).toMatchObject({ seat, kind: 'score-strategy' });
    const dm = text(await presentation.privateMessage(en, privateView(g.state, seat)));
    expect(dm).toContain('Your decision: score the strategy: claim it or decline.');
    expect(dm).toContain('**Plant Explosives**: claim it if it holds on the table — To claim it, state: a count from 0 to 10.');
    expect(dm).toContain(`"custom_id":"fk:g:g1:`);
    expect(dm).toContain('Score nothing more');
    g.send({ type: 'claimScore', objective: 'strategy', claim: { count: 1 } }, seat);
    const answer = text(await presentation.privateMessage(fr, privateView(g.state, other(seat))));
    expect(answer).toContain('confirmer ou contester la revendication');
    expect(answer).toContain('Confirmer la revendication');
    expect(answer).toContain('Contester…');
    // The claim's own channel message carries the answer's buttons too.
    const channel = text(await presentation.afterAction(en, publicBatch(g.batches.at(-1)!)));
    expect(channel).toMatch(/"custom_id":"fk:g:g1:[^"]+:confirm"/);
    expect(channel).toMatch(/"custom_id":"fk:g:g1:[^"]+:dispute"/);
  });

  it('END-2: a claim says its count once (the statement states it) and ends with one full stop, in English and French', async () => {
    const g = setUp();
    toEndPhase(g, 2);
    const seat = g.turn.initiative;
    const name = seat === 0 ? 'Alice' : 'Bob';
    g.send({ type: 'claimScore', objective: 'strategy', claim: { count: 2 } }, seat);
    const claimed = text(await presentation.afterAction(en, publicBatch(g.batches.at(-1)!)));
    expect(claimed).toContain(`claims 1 VP for Plant Explosives: 2 Strategy markers of ${name}’s crew are in the enemy half (a marker on the centerline counts).`);
    expect(claimed).not.toContain('count: 2');
    expect(claimed).not.toContain('..');
    const answer = text(await presentation.privateMessage(en, privateView(g.state, other(seat))));
    expect(answer).toContain(`Your opponent’s claim: Plant Explosives — 2 Strategy markers of ${name}’s crew are in the enemy half (a marker on the centerline counts).`);
    const enFrancais = text(await presentation.afterAction(fr, publicBatch(g.batches.at(-1)!)));
    expect(enFrancais).toMatch(/2 marqueurs de stratégie/);
    expect(enFrancais).not.toMatch(/nombre ?: 2|\.\./);
  });

  it('END-2, U11: a message that carries its own answer buttons (a claim, a proposed early end) does not send its decider to the DMs or a "My hand" button it lacks', async () => {
    const g = setUp();
    toEndPhase(g, 2);
    const seat = g.turn.initiative;
    g.send({ type: 'claimScore', objective: 'strategy', claim: { count: 1 } }, seat);
    const answerable = [await presentation.afterAction(en, publicBatch(g.batches.at(-1)!))];
    g.send({ type: 'confirmClaim' }, other(seat));
    scoreNothing(g);
    startPhase(g);
    g.send({ type: 'proposeEarlyEnd' }, 0);
    answerable.push(await presentation.afterAction(en, publicBatch(g.batches.at(-1)!)));
    for (const m of answerable) {
      expect(m.content).toMatch(/Waiting for/);
      expect(m.content).not.toContain(en('prompt.privateHint'));
      expect(text(m)).not.toContain(en('hand.button'));
    }
    // A decision answered in the DMs alone still says where it is.
    const d = pendingDecisions(g.state)[0]!;
    g.send({ type: 'answerEarlyEnd', accept: false }, d.seat as Seat);
    const next = await presentation.afterAction(en, publicBatch(g.batches.at(-1)!));
    expect(next.content).toContain(en('prompt.privateHint'));
  });

  it('U11: ended by agreement in turn 4, the channel’s VP by turn and the final summary show turn 5 as never played', async () => {
    const g = setUp();
    toEndPhase(g, 3);
    scoreNothing(g);
    startPhase(g);
    g.send({ type: 'proposeEarlyEnd' }, 0);
    g.send({ type: 'answerEarlyEnd', accept: true }, 1);
    expect(g.game.stage).toBe('over');
    expect(g.turn.turn).toBe(4);
    const over = text(await presentation.afterAction(en, publicBatch(g.batches.at(-1)!)));
    expect(over).toMatch(/VP by turn \(1–5\): Alice 0·\d·\d·0·– — Bob 0·\d·\d·0·–/);
    expect(over).toMatch(/Alice +0 +\d +\d +0 +– +\d/);
    // Said once: the game's end line, not the table's plain "The game is over." after it.
    expect(over.match(/The game is over/g)).toHaveLength(1);
  });

  it('U11: a correction after the end introduces the corrected result it is followed by, in English and French', async () => {
    const g = scoredGame();
    g.sendAs({ type: 'correctScore', seat: 1, objective: 'strategy', vp: 1, reason: 'a marker miscounted', turn: 2 }, REFEREE);
    const batch = publicBatch(g.batches.at(-1)!);
    const said = (m: Message) => m.embeds?.[0]?.description ?? '';
    expect(said(await presentation.afterAction(en, batch))).toMatch(/its result, corrected, is now:\n🏆 Result: /);
    expect(said(await presentation.afterAction(fr, batch))).toMatch(/est désormais :\n🏆 Résultat/);
  });

  it('the status shows the VP by source, the schemes revealed with their check, the stage and the open claim', () => {
    const g = setUp();
    toEndPhase(g, 2);
    const seat = g.turn.initiative;
    g.send({ type: 'claimScore', objective: 'strategy', claim: { count: 1 } }, seat);
    let status = text(presentation.livingStatus!(en, publicView(g.state), NO_CLOCK));
    expect(status).toMatch(/Claim by \*\*(Alice|Bob)\*\*: Plant Explosives — awaiting its confirmation/);
    g.send({ type: 'confirmClaim' }, other(seat));
    scoreNothing(g);
    status = text(presentation.livingStatus!(en, publicView(g.state), NO_CLOCK));
    expect(status).toContain('VP: 1, from Plant Explosives 1');
    expect(status).toContain('Revealed: Assassinate ✓');
  });
});
