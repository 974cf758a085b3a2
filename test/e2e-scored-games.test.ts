/**
 * Two whole games scored to the final result through the real bot and the Discord double — a core game
 * (Reckoning) and a Gaining Grounds 3 game (Carve a Path) — where every turn's scoring step is scripted so
 * that the VP it gives are known from the rules alone: kills entered with /model damage (the records
 * the class-a objectives read, no question asked), claims confirmed from the DM or with /score confirm,
 * one claim disputed and ruled on by the referee, refusals the ratchet, U2 and the cap give, schemes
 * revealed as they score and the rest at the end. The expected VP per turn are written by hand, each
 * turn's from the rule that gives it, and compared with the ledger, the channel's final summary and
 * `outcome` (what leagues read).
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WholeState } from '../src/systems/malifaux-game/engine/schema.js';
import { pendingDecisions } from '../src/systems/malifaux-game/engine/game.js';
import { candidates } from '../src/systems/malifaux-game/engine/scoringStep.js';
import type { ScoringGroup } from '../src/systems/malifaux-game/engine/scoreState.js';
import { schemeById } from '../src/systems/malifaux-game/engine/encounterPacks.js';
import { modelLabel } from '../src/systems/malifaux-game/engine/play.js';
import { fixedEncounter } from '../src/systems/malifaux-game/engine/encounter.js';
import { encounterCode } from '../src/systems/malifaux-game/engine/shareCode.js';
import { resultOf } from '../src/systems/malifaux-game/scoring/ledger.js';
import type { VpEntry } from '../src/systems/malifaux-game/scoring/objective.js';
import { malifauxGame } from '../src/systems/malifaux-game/index.js';
import { IDS, startApp, type App } from './support/app.js';
import { answerTable, clickChoice, gameAtTurnOne, wholeIn } from './support/wholeGame.js';

type Player = 'alice' | 'bob';

let app: App;
let seeds = 0;

beforeAll(async () => {
  // Deterministic seeds: the same flips (initiative, shuffles) on every run.
  app = await startApp({ mode: 'http', backend: 'sqlite', newSeed: () => createHash('sha256').update(`scored-games-${seeds++}`).digest('hex') });
});
afterAll(async () => {
  await app?.close();
});

function code(input: Parameters<typeof fixedEncounter>[0]): string {
  const fixed = fixedEncounter(input);
  if (!fixed.ok) throw new Error(fixed.error.code);
  return encounterCode(fixed.value);
}

const seatOf = (who: Player) => (who === 'alice' ? 0 : 1);
const opponentOf = (who: Player): Player => (who === 'alice' ? 'bob' : 'alice');

/** Damage a model deals another during its activation (after /turn action), and what follows it. */
interface Strike {
  turn: number;
  by: string;
  target: string;
  amount: number;
  then?: (channel: string) => Promise<void>;
}

/** A claim of the End Phase's scoring step, and how the opponent answers it. */
interface Claim {
  turn: number;
  who: Player;
  group: ScoringGroup;
  objective: 'strategy' | number;
  options: Record<string, string | number>;
  answer: 'dm' | 'command' | 'dispute';
  before?: (channel: string) => Promise<void>;
}

/** A refusal: the reply says why, and the database is as it was. */
async function refused(who: Player | 'rita', name: string, options: Record<string, string | number | boolean>, channel: string, says: string): Promise<void> {
  const before = await app.fingerprint();
  const result = await app.command(who, name, options, channel);
  expect(result.ok, result.error).toBe(true);
  expect(result.reply?.content).toContain(says);
  expect(await app.fingerprint(), 'nothing changed').toEqual(before);
}

/** A command that moves the game: it writes events. */
async function moves(who: Player | 'rita', name: string, options: Record<string, string | number | boolean>, channel: string): Promise<void> {
  const gameId = (await app.game(channel))!.id;
  const before = await app.eventCount(gameId);
  const result = await app.command(who, name, options, channel);
  expect(result.ok, result.error).toBe(true);
  expect(await app.eventCount(gameId), `/${name} refused: ${result.reply?.content}`).toBeGreaterThan(before);
  await answerTable(app, channel);
}

const ledgerOf = async (channel: string): Promise<VpEntry[]> => (await wholeIn(app, channel)).game!.scoring.ledger;

/** The objective a player names in /score for a candidate: the strategy, or the scheme's number. */
function objectiveOf(source: VpEntry['source']): string {
  return source.kind === 'strategy' ? 'strategy' : String(schemeById(source.scheme)!.number);
}

/** A ledger entry as the test writes it: seat, turn, objective (scheme half), how it was decided. */
function described(e: VpEntry): string {
  const what = e.source.kind === 'strategy' ? 'strategy' : `${schemeById(e.source.scheme)!.name} ${e.source.half}`;
  return `${e.seat === 0 ? 'Alice' : 'Bob'} t${e.turn} ${what} (${e.how})`;
}

/**
 * Plays the game to its end, every move a player's command: the Start Phase, the initiative, every model
 * activated in turn (a strike when the script has one for it), the scoring step as the claims script
 * it, and otherwise each objective asked about declined — one by one while the player still has a claim
 * to make in this step, else with /score done.
 */
async function playScripted(channel: string, strikes: Strike[], claims: Claim[]): Promise<WholeState> {
  const struck = new Set<Strike>();
  const claimed = new Set<Claim>();
  for (let round = 0; round < 600; round++) {
    const state = await wholeIn(app, channel);
    const g = state.game!;
    if (g.stage === 'over') {
      expect(strikes.filter((s) => !struck.has(s)), 'every strike struck').toEqual([]);
      expect(claims.filter((c) => !claimed.has(c)).map((c) => `${c.who} t${c.turn} ${c.objective}`), 'every claim made').toEqual([]);
      return state;
    }
    const d = pendingDecisions(state)[0];
    if (!d) throw new Error('nobody to decide while the game runs');
    const who: Player = d.seat === 0 ? 'alice' : 'bob';
    const turn = g.turn!.turn;
    if (d.kind.startsWith('start-')) await moves(who, 'turn ready', {}, channel);
    else if (d.kind === 'initiative-flip') await moves(who, 'turn flip', {}, channel);
    else if (d.kind === 'initiative-choice') await moves(who, 'turn initiative', { keep: true }, channel);
    else if (d.kind === 'activate-or-pass') {
      // The models with a strike to make go first: an activation's end is then never the turn's last one.
      const ready = g.models.filter((m) => m.controller === d.seat && !m.activated && m.status === 'in-play');
      const next = ready.find((m) => strikes.some((s) => s.turn === turn && s.by === modelLabel(m) && !struck.has(s))) ?? ready[0]!;
      await moves(who, 'turn activate', { model: modelLabel(next) }, channel);
    } else if (d.kind === 'action') {
      const by = modelLabel({ id: g.turn!.activating!.modelId });
      const strike = strikes.find((s) => s.turn === turn && s.by === by && !struck.has(s));
      if (strike && g.turn!.activating!.actions === 0) {
        await moves(who, 'turn action', {}, channel);
        await moves(who, 'model damage', { model: strike.target, amount: strike.amount, by }, channel);
        struck.add(strike);
        await moves(who, 'turn end', {}, channel);
        await strike.then?.(channel);
      } else await moves(who, 'turn end', {}, channel);
    } else if (d.kind === 'end-phase-scoring') await moves(who, 'turn scored', {}, channel);
    else if (d.kind === 'score-strategy' || d.kind === 'score-schemes' || d.kind === 'score-end') {
      const group = d.kind.slice('score-'.length) as ScoringGroup;
      const sameStep = (c: Claim) => !claimed.has(c) && c.turn === turn && c.who === who && (c.group === 'end') === (group === 'end');
      const claim = claims.find((c) => sameStep(c) && c.group === group);
      if (claim) {
        claimed.add(claim);
        await claimAndAnswer(channel, claim);
      } else if (claims.some(sameStep)) {
        const target = candidates(g, d.seat, group)[0]!;
        await moves(who, 'score decline', { objective: objectiveOf(target.source), ...(target.source.kind === 'scheme' ? { half: target.source.half } : {}) }, channel);
      } else await moves(who, 'score done', {}, channel);
    } else throw new Error(`unexpected decision ${d.kind} in turn ${turn}`);
  }
  throw new Error('the game did not end');
}

/** Makes a claim, then the opponent answers it: confirmed from the DM's button or with /score confirm, or disputed and ruled on by the referee. */
async function claimAndAnswer(channel: string, claim: Claim): Promise<void> {
  await claim.before?.(channel);
  const before = (await ledgerOf(channel)).length;
  await moves(claim.who, 'score claim', { objective: String(claim.objective), ...claim.options }, channel);
  // A claim changes no VP until it is answered.
  expect(await ledgerOf(channel)).toHaveLength(before);
  const other = opponentOf(claim.who);
  if (claim.answer === 'dm') await clickChoice(app, other, app.dms(other), 'confirm');
  else if (claim.answer === 'command') await moves(other, 'score confirm', {}, channel);
  else {
    await moves(other, 'score dispute', { reason: 'not from where I stand' }, channel);
    expect((await wholeIn(app, channel)).game!.scoring.claims).toMatchObject([{ status: 'disputed' }]);
    await moves('rita', 'score rule', { accept: true, reason: 'the photo shows it' }, channel);
  }
  await app.settle();
  // Banked first; what the records decide at the stages after it follows at once.
  expect((await ledgerOf(channel))[before]).toMatchObject({ seat: seatOf(claim.who), turn: claim.turn, vp: 1, how: claim.answer === 'dispute' ? 'referee' : 'confirmed' });
}

/** Per crew, per turn, what the ledger banked (sorted), as the test writes it. */
function byTurnSources(ledger: readonly VpEntry[]): string[][] {
  return [1, 2, 3, 4, 5].map((turn) => ledger.filter((e) => e.turn === turn).map(described).sort());
}

/** The channel's final summary, once: its VP-per-turn table's lines and each crew's field (VP by source, schemes checked). */
function finalSummary(channel: string): { perTurn: string[]; crews: [string, string][] } {
  const finals = app.publicMessages(channel).filter((m) => m.attachments.some((a) => a.filename === 'result.png'));
  expect(finals).toHaveLength(1);
  const summary = finals[0]!.embeds.find((e) => (e.title ?? '').startsWith('🏁 Final result'))!;
  const table = /```\n([\s\S]*?)\n```/.exec(summary.description ?? '')![1]!;
  return { perTurn: table.split('\n'), crews: (summary.fields ?? []).map((f) => [f.name, f.value]) };
}

describe('whole games scored to the final result, VP per turn from the rules', () => {
  it('§6, §7, §12, U2, U5: a whole core game — Reckoning from the kill records, Assassinate with no question asked, claims confirmed, one disputed and ruled, Take Prisoner shown at the end — 6 VP to 4', async () => {
    const channel = IDS.channel;
    // Crews (support/wholeGame.ts): Alice A1 Ada Quill (Master, Leader), A2 Blotter (totem), A3 Scribe Major
    // (Henchman), A4 Press Golem (Enforcer), A5 Page; Bob B1 Scribe Major (Henchman, Leader), B2 Quill Knight
    // (Enforcer), B3 Ink Sprite, B4 Page. Every model has Health 6 (half: 3, §13-A13).
    const encounter = code({ pack: 'core', strategy: 'core.reckoning', deployment: 'standard', schemes: ['core.breakthrough', 'core.harness-the-ley-line', 'core.take-prisoner', 'core.assassinate', 'core.vendetta'] });
    await gameAtTurnOne(app, channel, {
      encounter,
      schemes: { alice: { first: 3, second: 10 }, bob: { first: 2, second: 7, second_models: 'A4' } },
    });
    const start = (await wholeIn(app, channel)).game!;
    expect(start.encounter!.encounter.strategy).toBe('core.reckoning');
    const name = (label: string) => start.models.find((m) => modelLabel(m) === label)!.name;
    expect(['A1', 'A2', 'A3', 'A4', 'A5', 'B1', 'B2', 'B3', 'B4'].map(name)).toEqual(['Ada Quill', 'Blotter', 'Scribe Major', 'Press Golem', 'Page', 'Scribe Major', 'Quill Knight', 'Ink Sprite', 'Page']);
    expect(start.schemes[1]!.choice[1]).toMatchObject({ scheme: 'core.take-prisoner', enemy: [start.models.find((m) => modelLabel(m) === 'A4')!.id] });

    const strikes: Strike[] = [
      // Turn 1: Bob's Leader to half its Health (Assassinate's Reveal holds from now on) and Bob's Page killed (Reckoning X = 1 for Alice).
      { turn: 1, by: 'A4', target: 'B1', amount: 3 },
      { turn: 1, by: 'A3', target: 'B4', amount: 6 },
      // Turn 2: Alice's Blotter killed (a Minion: Reckoning X = 1 for Bob).
      { turn: 2, by: 'B2', target: 'A2', amount: 6 },
      // Turn 3: one kill each (X = 1 for both).
      { turn: 3, by: 'A4', target: 'B2', amount: 6 },
      { turn: 3, by: 'B3', target: 'A5', amount: 6 },
      // Turn 4: Bob kills an Enforcer (1) and a Henchman (2): X = 3.
      { turn: 4, by: 'B1', target: 'A4', amount: 6 },
      { turn: 4, by: 'B3', target: 'A3', amount: 6 },
      // Turn 5: Ada kills Bob's Leader (a Leader counts 3): X = 3, and Assassinate's End holds.
      { turn: 5, by: 'A1', target: 'B1', amount: 3 },
    ];
    const claims: Claim[] = [
      // Breakthrough's Reveal: Bob's Quill Knight in Alice's deployment zone with a Scheme marker, nobody within 3"; one marker removed. Confirmed from the DM.
      { turn: 2, who: 'bob', group: 'schemes', objective: 2, options: { models: 'B2', markers: 1, note: 'by the barn' }, answer: 'dm' },
      // Harness the Ley Line's Reveal: 3 Scheme markers on the centerline. Disputed, the referee accepts it.
      { turn: 3, who: 'alice', group: 'schemes', objective: 3, options: { markers: 3 }, answer: 'dispute' },
      // Step C: the End objectives of Harness the Ley Line (3 markers again) and of Breakthrough (3 markers in Alice's zone).
      { turn: 5, who: 'alice', group: 'end', objective: 3, options: { markers: 3 }, answer: 'command' },
      { turn: 5, who: 'bob', group: 'end', objective: 2, options: { markers: 3 }, answer: 'dm' },
    ];
    const state = await playScripted(channel, strikes, claims);
    const game = state.game!;

    // The VP, turn by turn, from the rules:
    // Turn 1 — U2: none, though Alice killed Bob's Page (Reckoning's X = 1) and Bob's Leader is at half (Assassinate).
    // Turn 2 — Alice 1: Assassinate's Reveal (§7 #10: the enemy Leader in play at 3 ≤ half of 6), from the records.
    //          Alice's Reckoning: no enemy died this turn, X = 0 (§6.4). Bob 2: Reckoning (X = 1 > 0 banked, §3.1)
    //          and Breakthrough's Reveal (§7 #2, confirmed).
    // Turn 3 — Alice 2: Reckoning (Quill Knight, X = 1 > 0) and Harness the Ley Line's Reveal (§7 #3, ruled).
    //          Bob 0: Reckoning's X = 1 (Page) is not more than the 1 VP already banked (§3.1 ratchet).
    // Turn 4 — Alice 0: no kill. Bob 1: Reckoning, X = Enforcer 1 + Henchman 2 = 3 > 1 banked.
    // Turn 5 — Alice 3: Reckoning (Leader 3 > 1 banked), Assassinate's End (the enemy Leader not in play, U6)
    //          and Harness the Ley Line's End (U4: its 2nd VP, in a later turn than its first, U5).
    //          Bob 1: Breakthrough's End (§7 #2); no kill, so no Reckoning; Take Prisoner never scored.
    expect(byTurnSources(game.scoring.ledger)).toEqual([
      [],
      ['Alice t2 Assassinate reveal (records)', 'Bob t2 Breakthrough reveal (confirmed)', 'Bob t2 strategy (records)'],
      ['Alice t3 Harness the Ley Line reveal (referee)', 'Alice t3 strategy (records)'],
      ['Bob t4 strategy (records)'],
      ['Alice t5 Assassinate end (records)', 'Alice t5 Harness the Ley Line end (confirmed)', 'Alice t5 strategy (records)', 'Bob t5 Breakthrough end (confirmed)'],
    ]);
    const result = resultOf(game.scoring.ledger);
    expect(result.byTurn).toEqual([
      [0, 1, 2, 0, 3],
      [0, 2, 0, 1, 1],
    ]);
    expect(result.vp).toEqual([6, 4]);
    expect(result.winner).toBe(0);
    // The records decided 6 of the 10 VP with no question asked; only the 4 claims asked the opponent anything.
    expect(game.scoring.nextClaim - 1).toBe(4);
    // Every scheme shown with its commitment: Bob's Take Prisoner, never scored, at the end of the game.
    expect(game.scoring.revealed.map((r) => [r.seat, r.pick.scheme, r.turn]).sort()).toEqual([
      [0, 'core.assassinate', 2],
      [0, 'core.harness-the-ley-line', 3],
      [1, 'core.breakthrough', 2],
      [1, 'core.take-prisoner', 5],
    ]);
    const said = JSON.stringify(app.publicMessages(channel));
    expect(said).toContain('📜 **Bob** reveals **Take Prisoner** (chosen: Press Golem). Commitment');
    expect(said).toContain('Held in secret since the set-up, through turns 1–5: 5 turns credited to it.');
    expect(said).toContain('VP by turn (1–5): Alice 0·1·2·0·3 — Bob 0·2·0·1·1');
    // The final summary: VP per turn, and by source with every scheme's commitment check.
    expect(finalSummary(channel)).toEqual({
      perTurn: ['Turn   1  2  3  4  5 Total', 'Alice  0  1  2  0  3     6', 'Bob    0  2  0  1  1     4'],
      crews: [
        ['🏆 Alice: 6 VP', 'Reckoning (strategy): 2\n✓ Assassinate: 2 (reveal 1 · end 1) · held 2 turns\n✓ Harness the Ley Line: 2 (reveal 1 · end 1) · held 3 turns'],
        ['Bob: 4 VP', 'Reckoning (strategy): 2\n✓ Breakthrough: 2 (reveal 1 · end 1) · held 2 turns\n✓ Take Prisoner: 0 (reveal 0 · end 0) · held 5 turns'],
      ],
    });
    // What leagues read.
    expect(malifauxGame.outcome(state)).toMatchObject({ finished: true, how: 'played', seats: [{ seat: 0, vp: 6, result: 'win' }, { seat: 1, vp: 4, result: 'loss' }] });
    expect(app.logs.filter((l) => l.includes('[error]'))).toEqual([]);
  }, 300_000);

  it('§8.3, §9, §12, U2, U5, U3, U11: a whole GG3 game — Carve a Path’s ratchet to its cap, Vendetta at the end of an activation, Assassinate and Hidden Martyrs from the records, a claim ruled — 8 VP to 4', async () => {
    const channel = IDS.channel2;
    const encounter = code({ pack: 'gg3', strategy: 'gg3.carve-a-path', deployment: 'standard', schemes: ['gg3.vendetta', 'gg3.assassinate', 'gg3.leave-your-mark', 'gg3.hidden-martyrs', 'gg3.spread-them-out'] });
    await gameAtTurnOne(app, channel, {
      encounter,
      schemes: {
        // Vendetta: Alice's Page (cost 5) against Bob's Quill Knight (7, a non-Leader costing as much or more, §9 #2).
        alice: { first: 2, first_models: 'A5, B2', second: 4 },
        // Hidden Martyrs: Bob's Ink Sprite and Page (6 + 5 ≤ 15, §9 #6, §13-A17).
        bob: { first: 3, second: 6, second_models: 'B3, B4' },
      },
    });
    const start = (await wholeIn(app, channel)).game!;
    expect(start.encounter!.encounter).toMatchObject({ pack: 'gg3', strategy: 'gg3.carve-a-path' });
    expect(start.schemes.map((s) => s!.choice.map((p) => p.scheme))).toEqual([
      ['gg3.vendetta', 'gg3.leave-your-mark'],
      ['gg3.assassinate', 'gg3.hidden-martyrs'],
    ]);

    /** Vendetta's Reveal, claimed at the end of the Page's activation (§9 #2): the records decide it. */
    const vendetta = (turn: number) => async (ch: string) => {
      if (turn === 1) {
        // U2: the Reveal holds (3 damage, the Quill Knight at 3 ≤ half), but no VP in turn 1.
        await refused('alice', 'score claim', { objective: '2' }, ch, 'No VP can be scored in the first turn');
        return;
      }
      const before = (await ledgerOf(ch)).length;
      await moves('alice', 'score claim', { objective: '2' }, ch);
      const ledger = await ledgerOf(ch);
      expect(ledger).toHaveLength(before + 1);
      expect(ledger.at(-1)).toMatchObject({ seat: 0, turn, source: { scheme: 'gg3.vendetta', half: 'reveal' }, how: 'records' });
      // No question asked: nothing for Bob to confirm.
      expect((await wholeIn(app, ch)).game!.scoring.claims).toEqual([]);
    };
    const strikes: Strike[] = [
      { turn: 1, by: 'A5', target: 'B2', amount: 3, then: vendetta(1) },
      // Bob's Scribe Major puts Ada (Alice's Leader) at half: Assassinate's Reveal holds, not before turn 2 (U2).
      { turn: 1, by: 'B1', target: 'A1', amount: 3 },
      { turn: 2, by: 'A5', target: 'B2', amount: 1, then: vendetta(2) },
      // Bob's Page, one of his two martyrs, killed by an enemy-controlled model: Hidden Martyrs' Reveal (§9 #6).
      { turn: 3, by: 'A4', target: 'B4', amount: 6 },
      // The Quill Knight out of play: Vendetta's End will hold (§9 #2).
      { turn: 4, by: 'A3', target: 'B2', amount: 2 },
    ];
    const claims: Claim[] = [
      // Carve a Path (§8.3): X = points of the crew's two markers, the ratchet (§3.1).
      { turn: 2, who: 'alice', group: 'strategy', objective: 'strategy', options: { count: 1 }, answer: 'dm' },
      {
        turn: 3,
        who: 'alice',
        group: 'strategy',
        objective: 'strategy',
        options: { count: 2, note: 'one marker in the enemy zone' },
        answer: 'dispute',
        // §3.1: X = 1 does not beat the 1 VP banked; refused before anyone is asked.
        before: (ch) => refused('alice', 'score claim', { objective: 'strategy', count: 1 }, ch, 'with a count of at least 2'),
      },
      // Bob missed turn 2: X = 1 beats his 0 banked (a missed turn lowers the target, §3.1).
      { turn: 3, who: 'bob', group: 'strategy', objective: 'strategy', options: { count: 1 }, answer: 'command' },
      // Leave Your Mark's Reveal (§9 #4): a Scheme marker within 1" of the centre, none of Bob's; one removed.
      { turn: 3, who: 'alice', group: 'schemes', objective: 4, options: { markers: 1 }, answer: 'dm' },
      { turn: 4, who: 'alice', group: 'strategy', objective: 'strategy', options: { count: 3 }, answer: 'command' },
      { turn: 5, who: 'alice', group: 'strategy', objective: 'strategy', options: { count: 4 }, answer: 'dm' },
      { turn: 5, who: 'bob', group: 'strategy', objective: 'strategy', options: { count: 2 }, answer: 'dm' },
      {
        turn: 5,
        who: 'alice',
        group: 'end',
        objective: 4,
        options: { markers: 3 },
        answer: 'command',
        // U3: at 4 VP from the strategy, even a referee cannot give a 5th.
        before: (ch) => refused('rita', 'score correct', { player: IDS.alice, objective: 'strategy', vp: 1, reason: 'one more marker' }, ch, 'already has 4 VP from the strategy; 4 is the most'),
      },
    ];
    const state = await playScripted(channel, strikes, claims);
    const game = state.game!;

    // The VP, turn by turn, from the rules:
    // Turn 1 — U2: none (Vendetta's claim refused above; Assassinate's Reveal holds but is not scored).
    // Turn 2 — Alice 2: Carve a Path (X = 1 > 0 banked, §3.1) and Vendetta's Reveal at the end of the Page's
    //          activation (§9 #2: it damaged the Quill Knight, now at 2 ≤ half). Bob 1: Assassinate's Reveal
    //          (§9 #3: Ada in play at 3 ≤ half), from the records; Bob declines his strategy.
    // Turn 3 — Alice 2: Carve a Path (X = 2 > 1, ruled on) and Leave Your Mark's Reveal (§9 #4). Bob 2: Carve
    //          a Path (X = 1 > 0) and Hidden Martyrs' Reveal (§9 #6: exactly one martyr killed by Alice's model).
    // Turn 4 — Alice 1: Carve a Path (X = 3 > 2). Bob 0: he scores nothing.
    // Turn 5 — Alice 3: Carve a Path (X = 4 > 3: its 4th and last VP, U3), Vendetta's End (the Page in play,
    //          the Quill Knight not) and Leave Your Mark's End (U4, U5: each scheme's 2nd VP in a later turn).
    //          That is 8, the most a crew scores (U11). Bob 1: Carve a Path (X = 2 > 1); Assassinate's End fails
    //          (Ada is in play), Hidden Martyrs' End declined.
    expect(byTurnSources(game.scoring.ledger)).toEqual([
      [],
      ['Alice t2 Vendetta reveal (records)', 'Alice t2 strategy (confirmed)', 'Bob t2 Assassinate reveal (records)'],
      ['Alice t3 Leave Your Mark reveal (confirmed)', 'Alice t3 strategy (referee)', 'Bob t3 Hidden Martyrs reveal (records)', 'Bob t3 strategy (confirmed)'],
      ['Alice t4 strategy (confirmed)'],
      ['Alice t5 Leave Your Mark end (confirmed)', 'Alice t5 Vendetta end (records)', 'Alice t5 strategy (confirmed)', 'Bob t5 strategy (confirmed)'],
    ]);
    const result = resultOf(game.scoring.ledger);
    expect(result.byTurn).toEqual([
      [0, 2, 2, 1, 3],
      [0, 1, 2, 0, 1],
    ]);
    expect(result.vp).toEqual([8, 4]);
    expect(result.winner).toBe(0);
    // 8 claims were asked about (the refused ones are not claims); the records gave the other 4 VP.
    expect(game.scoring.nextClaim - 1).toBe(8);
    expect(game.scoring.revealed.map((r) => [r.seat, r.pick.scheme, r.turn]).sort()).toEqual([
      [0, 'gg3.leave-your-mark', 3],
      [0, 'gg3.vendetta', 2],
      [1, 'gg3.assassinate', 2],
      [1, 'gg3.hidden-martyrs', 3],
    ]);
    expect(JSON.stringify(app.publicMessages(channel))).toContain('VP by turn (1–5): Alice 0·2·2·1·3 — Bob 0·1·2·0·1');
    expect(finalSummary(channel)).toEqual({
      perTurn: ['Turn   1  2  3  4  5 Total', 'Alice  0  2  2  1  3     8', 'Bob    0  1  2  0  1     4'],
      crews: [
        ['🏆 Alice: 8 VP', 'Carve a Path (strategy): 4\n✓ Vendetta: 2 (reveal 1 · end 1) · held 2 turns\n✓ Leave Your Mark: 2 (reveal 1 · end 1) · held 3 turns'],
        ['Bob: 4 VP', 'Carve a Path (strategy): 2\n✓ Assassinate: 1 (reveal 1 · end 0) · held 2 turns\n✓ Hidden Martyrs: 1 (reveal 1 · end 0) · held 3 turns'],
      ],
    });
    expect(malifauxGame.outcome(state)).toMatchObject({ finished: true, how: 'played', seats: [{ seat: 0, vp: 8, result: 'win' }, { seat: 1, vp: 4, result: 'loss' }] });
    expect(app.logs.filter((l) => l.includes('[error]'))).toEqual([]);
  }, 300_000);
});
