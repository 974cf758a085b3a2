/**
 * A whole game by play-by-post through the real bot and the Discord double: /game new for a whole game,
 * every model's card entered in a modal (/crew model), both crews pasted in a modal (/crew paste), the
 * schemes chosen in secret (/schemes), deployment, then five turns of Start Phase, initiative (the
 * table's flips, cheats declined in the DMs), alternating activations — some from the DM's select,
 * most with /turn — a duel between models with /attack, an effect with /model, and the End Phase, to
 * the end of turn 5, with the End Phase's scoring: a claim confirmed from the DM, a claim disputed from
 * its channel message and ruled on by the game's referee, a referee's correction, the schemes revealed at
 * the end with their commitment checks, and the result. Along the way: one living status message, edited
 * in place, that always says whose move it is and the VP by source; no crew in any public message before
 * both are in; no scheme before its reveal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wholeStateSchema, type WholeState } from '../src/systems/malifaux-game/engine/schema.js';
import { pendingDecisions } from '../src/systems/malifaux-game/engine/game.js';
import { checkSchemeChoice, SCHEME_PICKS } from '../src/systems/malifaux-game/engine/schemes.js';
import { schemeById } from '../src/systems/malifaux-game/engine/encounterPacks.js';
import { modelLabel } from '../src/systems/malifaux-game/engine/play.js';
import { fixedEncounter } from '../src/systems/malifaux-game/engine/encounter.js';
import { encounterCode } from '../src/systems/malifaux-game/engine/shareCode.js';
import { malifauxGame } from '../src/systems/malifaux-game/index.js';
import { cardForm, inkwellTable } from '../src/systems/malifaux-game/crews/fixtures.js';
import { IDS, startApp, type App } from './support/app.js';
import { answerTable as answerTableIn, clickChoice as clickChoiceIn } from './support/wholeGame.js';

let app: App;
const ch = () => IDS.channel;

beforeAll(async () => {
  app = await startApp({ mode: 'http', backend: 'sqlite' });
});
afterAll(async () => {
  await app?.close();
});

const ALICE_LIST = 'Ada Quill (Arcanists)\nLeader:\n  Ada Quill\nTotem(s):\n  Blotter\nHires:\n  Scribe Major\n  Press Golem\n  Page\n';
const BOB_LIST = 'Scribes (Arcanists)\nLeader:\n  Scribe Major\nHires:\n  Quill Knight\n  Ink Sprite\n  Page\n';

async function whole(): Promise<WholeState> {
  const row = await app.game(ch());
  return wholeStateSchema.parse(row!.snapshot) as WholeState;
}

async function submit(who: 'alice' | 'bob', values: Record<string, string>) {
  const result = await app.double.submitModal({ userId: IDS[who], values });
  await app.settle();
  return result;
}

const seatUser = (seat: number) => (seat === 0 ? 'alice' : 'bob');
const answerTable = () => answerTableIn(app, ch());
const clickChoice = (who: 'alice' | 'bob', messages: ReturnType<App['dms']>, choice: string) => clickChoiceIn(app, who, messages, choice);

async function turn(who: 'alice' | 'bob', sub: string, options: Record<string, string | number | boolean> = {}) {
  const before = await app.eventCount();
  const result = await app.command(who, `turn ${sub}`, options, ch());
  expect(result.ok, result.error).toBe(true);
  // A refusal writes nothing; a move writes its events (answered to the asker alone when it is quiet).
  expect(await app.eventCount(), `/turn ${sub} refused: ${result.reply?.content}`).toBeGreaterThan(before);
  await answerTable();
  return result;
}

async function score(who: 'alice' | 'bob' | 'rita', sub: string, options: Record<string, string | number | boolean> = {}) {
  const before = await app.eventCount();
  const result = await app.command(who, `score ${sub}`, options, ch());
  expect(result.ok, result.error).toBe(true);
  expect(await app.eventCount(), `/score ${sub} refused: ${result.reply?.content}`).toBeGreaterThan(before);
  return result;
}

/** Plant Explosives (its X is the table's to claim) and the golden seed's pool: a fixed encounter's share code. */
function plantExplosivesCode(): string {
  const fixed = fixedEncounter({ pack: 'core', strategy: 'core.plant-explosives', deployment: 'standard', schemes: ['core.harness-the-ley-line', 'core.dig-their-graves', 'core.take-prisoner', 'core.assassinate', 'core.deliver-a-message'] });
  if (!fixed.ok) throw new Error(fixed.error.code);
  return encounterCode(fixed.value);
}

/** The living status message: the one message of the channel that is edited as the game goes. */
function statusMessages() {
  return app.publicMessages(ch()).filter((m) => (m.embeds[0]?.title ?? '').endsWith(': a whole game') && JSON.stringify(m.embeds).includes('VP'));
}

describe('a whole game by play-by-post', () => {
  it('SETUP, START, ACTV, END: from /game new to the end of turn 5, in the sandbox’s Discord double', async () => {
    // Refereed by the server's referee role (Rita holds it), its encounter fixed by a share code.
    const created = await app.command('alice', 'game new', { opponent: IDS.bob, system: 'm3e-game', encounter: plantExplosivesCode(), referee_role: IDS.refereeRole }, ch());
    expect(created.ok, created.error).toBe(true);
    let state = await whole();
    expect(state.game?.stage).toBe('crews');
    expect(state.game?.encounter?.encounter.strategy).toBe('core.plant-explosives');

    // Every card once, for the server (the bot ships no card data).
    const needed = ['Ada Quill', 'Blotter', 'Scribe Major', 'Press Golem', 'Page', 'Quill Knight', 'Ink Sprite'];
    for (const name of needed) {
      const opened = await app.command('alice', 'crew model', { name }, ch());
      expect(opened.responseType).toBe(9);
      const profile = inkwellTable.models.find((p) => p.name === name && p.title === null)!;
      const saved = await submit('alice', cardForm(profile));
      expect(saved.ok, saved.error).toBe(true);
    }
    // A name the server does not know is listed back, nothing changed.
    await app.command('bob', 'crew paste', undefined, ch());
    const unknown = await submit('bob', { list: `${BOB_LIST}  Mystery Model\n` });
    expect(unknown.ok).toBe(true);
    expect((await whole()).game?.crews[1]).toBeNull();

    // Alice's crew, in private, from the button of her DM: nowhere public before Bob's is in.
    const crewDm = [...app.dms('alice')].reverse().find((m) => JSON.stringify(m.components ?? []).includes(':crew"'))!;
    const crewButton = JSON.stringify(crewDm.components).match(/"custom_id":"(fk:g:[^"]+:crew)"/)![1]!;
    const opened = await app.click('alice', crewDm.id, crewButton);
    expect(opened.responseType).toBe(9);
    expect((await submit('alice', { list: ALICE_LIST })).ok).toBe(true);
    expect((await whole()).game?.crews[0]).not.toBeNull();
    expect(JSON.stringify(app.publicMessages(ch()))).not.toContain('Blotter');
    await app.command('bob', 'crew paste', undefined, ch());
    expect((await submit('bob', { list: BOB_LIST })).ok).toBe(true);
    state = await whole();
    expect(state.game?.stage).toBe('schemes');

    // SETUP-8: each picks two schemes the rules accept, naming models by their labels where needed.
    let viaSelect = 0;
    for (const seat of [0, 1] as const) {
      const pool = state.game!.encounter!.encounter.schemes;
      const models = state.game!.models.map((m) => ({ id: m.id, seat: m.seat, station: m.station, cost: m.cost ?? 0, leader: m.leader, totem: m.totemOf !== null, name: m.name }));
      const candidates = [[], ...state.game!.models.map((m) => [m.id])];
      let sent = false;
      // Two schemes that need no model, marker or terrain are chosen in the DM (the pool's select, then
      // the confirmation), as a player with DMs open does; otherwise with /schemes, naming the models.
      const plain = pool.filter((id) => {
        const rule = SCHEME_PICKS[id];
        return rule.friendly.min === 0 && rule.enemy.min === 0 && !rule.markerType && !rule.terrain;
      });
      if (plain.length >= 2) {
        // The pool's select, then (nothing to pick or name) the confirmation, in the same DM.
        const dm = [...app.dms(seatUser(seat))].reverse().find((m) => /"custom_id":"fk:sc:[^"]+:s:"/.test(JSON.stringify(m.components ?? [])))!;
        const select = JSON.stringify(dm.components).match(/"custom_id":"(fk:sc:[^"]+:s:)"/)![1]!;
        const clicked = await app.click(seatUser(seat), dm.id, select, [plain[0]!, plain[1]!]);
        expect(clicked.ok, clicked.error).toBe(true);
        const confirm = JSON.stringify(app.double.message(dm.id)!.components).match(/"custom_id":"(fk:sc:[^"]+:ok:[^"]*)"/)![1]!;
        const confirmed = await app.click(seatUser(seat), dm.id, confirm);
        expect(confirmed.ok, confirmed.error).toBe(true);
        expect((await whole()).game?.schemes[seat]?.choice.map((p) => p.scheme)).toEqual([plain[0], plain[1]]);
        viaSelect++;
        sent = true;
      }
      for (let i = 0; i < pool.length && !sent; i++) {
        for (let j = i + 1; j < pool.length && !sent; j++) {
          for (const first of candidates) {
            for (const second of candidates) {
              const pick = (scheme: string, ids: string[]) => {
                const rule = SCHEME_PICKS[scheme as keyof typeof SCHEME_PICKS];
                return { scheme, friendly: ids.filter((id) => id.startsWith(`s${seat}`)), enemy: ids.filter((id) => !id.startsWith(`s${seat}`)), markerType: rule.markerType ? 'Scheme' : null, terrain: rule.terrain ? 'Ruins' : null } as never;
              };
              if (!checkSchemeChoice(pool, [pick(pool[i]!, first), pick(pool[j]!, second)], seat, models).ok || sent) continue;
              const label = (ids: string[]) => ids.map((id) => modelLabel({ id })).join(', ');
              const options: Record<string, string | number> = { first: schemeById(pool[i]!)!.number, second: schemeById(pool[j]!)!.number, marker: 'Scheme', terrain: 'Ruins' };
              if (first.length) options.first_models = label(first);
              if (second.length) options.second_models = label(second);
              const chosen = await app.command(seatUser(seat), 'schemes', options, ch());
              expect(chosen.ok, chosen.error).toBe(true);
              sent = true;
            }
          }
        }
      }
      expect(sent).toBe(true);
    }
    state = await whole();
    expect(state.game?.stage).toBe('deployment');
    // Most pools hold two schemes that need no model: then they were chosen from the DM's select.
    // The schemes were never written anywhere public: only their commitments.
    const publicText = JSON.stringify(app.publicMessages(ch()));
    for (const s of state.game!.schemes) expect(publicText).toContain(s!.commitments[0].slice(0, 8));

    // SETUP-9: Attacker, Defender, Attacker.
    const attacker = state.game!.encounter!.attacker;
    for (const seat of [attacker, attacker === 0 ? 1 : 0, attacker]) await turn(seatUser(seat), 'deployed');
    expect((await whole()).game?.stage).toBe('turns');

    let duels = 0;
    let fromDm = 0;
    let paidInHealth = false;
    // The scoring's script: a claim confirmed (turn 2), one disputed and ruled on (turn 3), a correction (turn 4).
    const scored = { confirmed: false, ruled: false, corrected: false };
    let claimant: 0 | 1 | null = null;
    for (let round = 0; round < 500; round++) {
      state = await whole();
      if (state.game?.stage === 'over') break;
      const d = pendingDecisions(state)[0];
      if (!d) throw new Error('nobody to decide while the game runs');
      const who = seatUser(d.seat);
      const g = state.game!;
      if (d.kind.startsWith('start-')) await turn(who, 'ready');
      else if (d.kind === 'initiative-flip') await turn(who, 'flip');
      else if (d.kind === 'initiative-choice') await turn(who, 'initiative', { keep: true });
      else if (d.kind === 'activate-or-pass') {
        const next = g.models.find((m) => m.controller === d.seat && !m.activated && (m.status === 'in-play' || m.status === 'buried'))!;
        // Now and then from the DM's select, as a player with DMs open does.
        const dm = [...app.dms(who)].reverse().find((m) => JSON.stringify(m.components ?? []).includes(':activate'));
        if (fromDm < 3 && dm) {
          const select = JSON.stringify(dm.components).match(/"custom_id":"(fk:g:[^"]+:activate)"/)?.[1];
          const clicked = select ? await app.click(who, dm.id, select, [next.id]) : null;
          if (clicked?.ok && (await whole()).game?.turn?.activating?.modelId === next.id) {
            fromDm++;
            continue;
          }
        }
        await turn(who, 'activate', { model: modelLabel(next) });
      } else if (d.kind === 'action') {
        const activating = g.turn!.activating!.modelId;
        const target = g.models.find((m) => m.controller !== d.seat && m.status === 'in-play');
        const acting = g.models.find((m) => m.id === activating)!;
        if (duels < 4 && target && acting.status === 'in-play' && g.turn!.activating!.actions === 0) {
          await turn(who, 'action');
          const attack = await app.command(who, 'attack', { attacker: modelLabel(acting), target: modelLabel(target), stat: 7, resist: 'df', damage: '3/4/5' }, ch());
          expect(attack.ok, attack.error).toBe(true);
          await answerTable();
          expect((await whole()).game?.duel).toBeNull();
          duels++;
        } else if (g.turn!.turn === 2 && g.turn!.activating!.actions === 0 && target) {
          await turn(who, 'action');
          const burn = await app.command(who, 'model condition', { model: modelLabel(target), condition: 'burning', change: 1 }, ch());
          expect(burn.ok, burn.error).toBe(true);
          await turn(who, 'end');
        } else if (g.turn!.turn === 3 && g.turn!.activating!.actions === 0 && !paidInHealth && acting.status === 'in-play' && acting.health >= 3) {
          paidInHealth = true;
          await turn(who, 'action');
          // DMG-16: a cost paid in Health may not take the model to 0; refused, nothing changed; a smaller one is paid.
          const before = await app.fingerprint();
          const tooMuch = await app.command(who, 'model damage', { model: modelLabel(acting), amount: acting.health, chosen: true }, ch());
          expect(tooMuch.reply?.content).toContain('A model may not choose damage that would take it to 0 Health');
          expect(await app.fingerprint(), 'nothing changed').toEqual(before);
          const cost = await app.command(who, 'model damage', { model: modelLabel(acting), amount: 1, chosen: true }, ch());
          expect(cost.ok, cost.error).toBe(true);
          expect((await whole()).game!.models.find((m) => m.id === acting.id)).toMatchObject({ health: acting.health - 1, status: 'in-play' });
          await turn(who, 'end');
        } else await turn(who, 'end');
      } else if (d.kind === 'end-phase-scoring') await turn(who, 'scored');
      else if (d.kind === 'score-strategy' && g.turn!.turn === 2 && !scored.confirmed) {
        claimant = d.seat as 0 | 1;
        await score(who, 'claim', { objective: 'strategy', count: 1, note: 'the marker by the well' });
        const other = seatUser(claimant === 0 ? 1 : 0);
        // Claims change no VP until confirmed; the claimant cannot confirm it; a player cannot correct a score.
        expect((await whole()).game!.scoring.ledger).toEqual([]);
        const before = await app.fingerprint();
        expect((await app.command(who, 'score confirm', {}, ch())).reply?.content).toContain('That is your own claim');
        expect((await app.command(other, 'score correct', { player: IDS[who], objective: 'strategy', vp: 1, reason: 'mine' }, ch())).reply?.content).toContain('Only a referee of this game');
        expect(await app.fingerprint(), 'nothing changed').toEqual(before);
        await clickChoice(other, app.dms(other), 'confirm');
        expect((await whole()).game!.scoring.ledger).toMatchObject([{ seat: claimant, turn: 2, vp: 1, how: 'confirmed' }]);
        scored.confirmed = true;
      } else if (d.kind === 'score-strategy' && g.turn!.turn === 3 && d.seat === claimant && !scored.ruled) {
        await score(who, 'claim', { objective: 'strategy', count: 2 });
        const other = seatUser(claimant === 0 ? 1 : 0);
        // Disputed from the claim's own message in the channel: the button opens a form that asks why.
        const opened = await clickChoice(other, app.publicMessages(ch()), 'dispute');
        expect(opened.responseType).toBe(9);
        expect((await submit(other, { reason: 'the second marker is in our half' })).ok).toBe(true);
        expect((await whole()).game!.scoring.claims).toMatchObject([{ status: 'disputed', reason: 'the second marker is in our half' }]);
        expect(pendingDecisions(await whole())[0]).toMatchObject({ seat: claimant, kind: 'score-disputed' });
        await score('rita', 'rule', { accept: true, reason: 'the photo shows both in the enemy half' });
        expect((await whole()).game!.scoring.ledger.at(-1)).toMatchObject({ seat: claimant, turn: 3, how: 'referee' });
        scored.ruled = true;
      } else if (d.kind === 'score-strategy' && g.turn!.turn === 4 && !scored.corrected) {
        await score('rita', 'correct', { player: IDS[seatUser(claimant!)], objective: 'strategy', vp: -1, reason: 'the turn 3 marker was placed late', turn: 3 });
        expect((await whole()).game!.scoring.ledger.at(-1)).toMatchObject({ seat: claimant, turn: 3, vp: -1, how: 'correction', reason: 'the turn 3 marker was placed late' });
        scored.corrected = true;
      } else if (d.kind === 'score-confirm') await clickChoice(who, app.dms(who), 'confirm');
      else if (d.kind === 'score-disputed') await score(who, 'withdraw');
      else if (d.kind.startsWith('score-')) {
        // The rest is declined: from the DM's button now and then, else with /score done.
        if (round % 2 === 0) await clickChoice(who, app.dms(who), 'done');
        else await score(who, 'done');
      } else throw new Error(`unexpected decision ${d.kind}`);
    }
    state = await whole();
    expect(state.game?.stage).toBe('over');
    expect(paidInHealth, 'a model paid a cost in Health in turn 3').toBe(true);
    expect(state.game?.turn?.turn).toBe(5);
    expect(duels).toBeGreaterThan(0);
    expect(fromDm).toBeGreaterThan(0);
    // Models took damage from the duels, credited to their attackers when they died (KILL-3).
    const hurt = state.game!.models.filter((m) => m.health < m.maxHealth);
    expect(hurt.length).toBeGreaterThan(0);
    for (const m of state.game!.models.filter((x) => x.status === 'killed' && x.killedBy)) expect(state.game!.models.some((k) => k.id === m.killedBy!.modelId)).toBe(true);
    // The scoring: its script ran; every scheme was revealed at the end, each opening its commitment.
    expect(scored).toEqual({ confirmed: true, ruled: true, corrected: true });
    const game = state.game!;
    expect(game.scoring.revealed).toHaveLength(4);
    const said = JSON.stringify(app.publicMessages(ch()));
    expect(said).toContain('claims 1 VP for Plant Explosives');
    // The confirmation came from the DM: the channel gets no post for a click there, the claim's own message says it.
    expect(said).toContain('confirms the claim');
    expect(said).toContain('the second marker is in our half');
    expect(said).toContain('A referee accepts the claim');
    expect(said).toContain('the turn 3 marker was placed late');
    expect(said.match(/✓ it matches the one posted at set-up/g)?.length).toBe(4);
    expect(said).not.toContain('does NOT match');
    expect(said).toMatch(/🏆 Result: \*\*Alice\*\* \d+ · \*\*Bob\*\* \d+ — /);
    // The result, as leagues read it: VP from the ledger, most VP wins (U11).
    const outcome = malifauxGame.outcome(state);
    const sums = [0, 1].map((seat) => game.scoring.ledger.filter((e) => e.seat === seat).reduce((n, e) => n + e.vp, 0));
    expect(outcome).toMatchObject({ finished: true, how: 'played', seats: [{ seat: 0, vp: sums[0] }, { seat: 1, vp: sums[1] }] });
    if (outcome.finished) expect(outcome.seats.map((s) => s.result)).toEqual(sums[0] === sums[1] ? ['draw', 'draw'] : sums[0]! > sums[1]! ? ['win', 'loss'] : ['loss', 'win']);
    // The final summary, once, with its VP-per-turn table and its picture (the same totals as the ledger).
    const finals = app.publicMessages(ch()).filter((m) => m.attachments.some((a) => a.filename === 'result.png'));
    expect(finals).toHaveLength(1);
    const summary = JSON.stringify(finals[0]!.embeds);
    expect(summary).toContain('Turn');
    expect(summary).toContain(`${sums[0]}`);
    expect(finals[0]!.attachments.find((a) => a.filename === 'result.png')!.description).toMatch(/Alice/);
    // The status shows the VP by source.
    const strategyVp = game.scoring.ledger.filter((e) => e.seat === claimant && e.source.kind === 'strategy').reduce((n, e) => n + e.vp, 0);
    expect(strategyVp).toBe(1);
    expect(JSON.stringify(statusMessages()[0]!.embeds)).toContain(`VP: ${sums[claimant!]}, from `);
    expect(JSON.stringify(statusMessages()[0]!.embeds)).toContain('Plant Explosives 1');
    // One status message, edited in place all game long; the channel hears of news only, not of every step.
    expect(statusMessages()).toHaveLength(1);
    const moves = (await app.events()).length;
    // A turn summary as each End Phase begins: five of them, each with both crews.
    const summaries = app.publicMessages(ch()).filter((m) => /^Turn \d: where the crews stand$/.test(m.embeds[0]?.title ?? ''));
    expect(summaries.map((m) => m.embeds[0]!.title)).toEqual([1, 2, 3, 4, 5].map((n) => `Turn ${n}: where the crews stand`));
    expect(summaries.every((m) => m.embeds[0]!.fields!.some((f) => f.name.startsWith('Alice')) && m.embeds[0]!.fields!.some((f) => f.name.startsWith('Bob')))).toBe(true);
    expect(app.publicMessages(ch()).length).toBeLessThan(80);
    expect(moves).toBeGreaterThan(300);
    expect(app.logs.filter((l) => l.includes('[error]'))).toEqual([]);
  }, 240_000);

  it('bad input: a paste that is not a crew, out of stage, out of turn, a model not in play, a scheme outside the pool — refused in the asker’s language, nothing changed', async () => {
    const channel = app.double.channel('table-3').id;
    expect((await app.command('alice', 'game new', { opponent: IDS.bob, system: 'm3e-game' }, channel)).ok).toBe(true);
    app.double.setUser(IDS.bob, { locale: 'fr' });
    try {
      const refusal = async (who: 'alice' | 'bob', act: () => Promise<unknown>) => {
        const before = await app.fingerprint();
        await act();
        await app.settle();
        expect(await app.fingerprint(), 'nothing changed').toEqual(before);
        const last = app.visibleTo(who, channel).filter((m) => m.ephemeral).at(-1) ?? app.dms(who).at(-1);
        return last?.content ?? '';
      };
      // A paste that is not a crew list.
      await app.command('alice', 'crew paste', undefined, channel);
      const notACrew = await refusal('alice', () => submit('alice', { list: 'hello there' }));
    expect(notACrew).toMatch(/That is not a crew list\. Paste one that starts with/);
    expect(notACrew).not.toMatch(/NOT_A_CREW|CREW_/);
      // The turns have not begun: activating is out of stage, in French for Bob.
      expect(await refusal('bob', () => app.command('bob', 'turn activate', { model: 'A1' }, channel))).toMatch(/pas|étape|moment/i);
      expect(await refusal('alice', () => app.command('alice', 'attack', { attacker: 'A1', target: 'B1', stat: 5, resist: 'df' }, channel))).not.toBe('');
      // Schemes before the crews are in: refused.
      expect(await refusal('alice', () => app.command('alice', 'schemes', { first: 1, second: 2 }, channel))).not.toBe('');
    } finally {
      app.double.setUser(IDS.bob, { locale: 'en-US' });
    }
  });
});
