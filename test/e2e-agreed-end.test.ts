/**
 * An agreed early end of a whole game (issue 16 §4), through the real bot and the Discord double on a real
 * SQLite file: /game end offers a seated player "End it by agreement"; the channel hears the proposal with
 * the opponent's Accept and Decline buttons (also in the opponent's DM); declined, the game goes on and the
 * proposal's buttons are stale; accepted, the game is over with the VP as they stand — the schemes revealed
 * and checked, the final summary and its picture posted as at the end of turn 5, the outcome `agreed` for
 * leagues. Bad input: accepting your own proposal, a stale button, playing on before the answer — refused
 * in the asker's language, nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { END_WINDOW_MS } from '../src/discord/commands/gameEnd.js';
import { pendingDecisions } from '../src/systems/malifaux-game/engine/game.js';
import { malifauxGame } from '../src/systems/malifaux-game/index.js';
import { editsOf as editsIn, IDS, messageText, startApp, type App } from './support/app.js';
import { gameAtTurnOne as atTurnOne, playUntil, wholeIn } from './support/wholeGame.js';
import type { DoubleMessage } from '../src/discord-double/index.js';

let app: App;
const editsOf = (id: string, from: number, channel: string) => editsIn(app, id, from, channel);
const whole = (channel: string) => wholeIn(app, channel);
const gameAtTurnOne = (channel: string) => atTurnOne(app, channel);
beforeAll(async () => {
  app = await startApp({ mode: 'http', backend: 'sqlite' });
});
afterAll(async () => {
  await app?.close();
});

/** The newest message of `messages` with a button whose custom id ends with `:choice`. */
function buttonIn(messages: ReturnType<App['dms']>, choice: string) {
  const message = [...messages].reverse().find((m) => JSON.stringify(m.components ?? []).includes(`:${choice}"`));
  if (!message) throw new Error(`no ${choice} button`);
  return { message, customId: JSON.stringify(message.components).match(new RegExp(`"custom_id":"(fk:g:[^"]+:${choice})"`))![1]! };
}

async function propose(who: 'alice' | 'bob', channel: string, gameId: string) {
  const asked = await app.command(who, 'game end', undefined, channel);
  expect(asked.reply?.ephemeral).toBe(true);
  expect(JSON.stringify(asked.reply?.components)).toContain(`fk:end:${gameId}:agree`);
  const proposed = await app.click(who, asked.reply!.id, `fk:end:${gameId}:agree`);
  expect(proposed.ok, proposed.error).toBe(true);
  return { asked, proposed };
}

describe('an agreed early end of a whole game (issue 16 §4)', () => {
  it('U11: proposed with /game end, declined then accepted with the buttons: the game ends with the VP as they stand, the final summary posted, the outcome agreed', async () => {
    const channel = app.double.channel('table-3').id;
    const gameId = await gameAtTurnOne(channel);

    // The confirmation says what ending by agreement does, and changes nothing by itself.
    const before = await app.fingerprint();
    const { asked } = await propose('alice', channel, gameId);
    expect(asked.reply?.content).toContain('**End it by agreement**: Bob is asked');
    expect(await app.fingerprint()).not.toEqual(before);
    let state = await whole(channel);
    expect(state.game?.earlyEnd).toEqual({ seat: 0, agreed: false });
    expect(pendingDecisions(state)).toEqual([expect.objectContaining({ seat: 1, kind: 'early-end' })]);
    // The channel hears it, with Bob mentioned and the answer's buttons.
    const proposal = app.publicMessages(channel).at(-1)!;
    expect(messageText(proposal)).toContain('**Alice** proposes to end the game now, with the VP as they stand (**Alice** 0 · **Bob** 0)');
    expect(JSON.stringify(proposal.components)).toContain(':acceptEnd"');

    // Bad input: Alice accepting her own proposal; anyone playing on before the answer.
    const held = await app.fingerprint();
    const own = await app.click('alice', proposal.id, buttonIn([proposal], 'acceptEnd').customId);
    expect(own.reply?.ephemeral).toBe(true);
    expect(own.reply?.content).toBe('⚠️ This choice belongs to Bob. Nothing was changed.');
    const twice = await app.command('alice', 'game end', undefined, channel);
    const second = await app.click('alice', twice.reply!.id, `fk:end:${gameId}:agree`);
    expect(second.reply?.content).toContain('A proposal to end the game waits for its answer');
    const onward = await app.command('bob', 'turn ready', undefined, channel);
    expect(onward.reply?.content).toContain('A proposal to end the game waits for its answer');
    expect(await app.fingerprint(), 'nothing changed').toEqual(held);

    // Declined from the channel's message: the game goes on, the proposal's buttons are stale now.
    const inBobsDm = buttonIn(app.dms('bob'), 'acceptEnd');
    expect(messageText(inBobsDm.message)).toContain('Your opponent proposes to end the game now');
    // The same answer in Bob's "My hand" view (ephemeral: it cannot be edited when the proposal goes).
    const withHand = [...app.publicMessages(channel)].reverse().find((m) => JSON.stringify(m.components ?? []).includes(`fk:hand:${gameId}`))!;
    const view = await app.click('bob', withHand.id, `fk:hand:${gameId}`);
    const inView = buttonIn([view.reply!], 'acceptEnd');
    let from = app.double.requests.length;
    const postedBefore = app.publicMessages(channel).length;
    const declined = await app.click('bob', proposal.id, buttonIn([proposal], 'declineEnd').customId);
    expect(declined.ok, declined.error).toBe(true);
    state = await whole(channel);
    expect(state.game?.earlyEnd).toBeNull();
    expect(state.game?.stage).toBe('turns');
    // The proposal's message is rewritten by the click's answer, with no edit of its own and no new post:
    // it says the answer, calls on nobody, and keeps no Accept or Decline.
    expect(declined.responseType, 'the click updates the proposal’s message').toBe(7);
    expect(editsOf(proposal.id, from, channel), 'no edit beside the response').toBe(0);
    expect(app.publicMessages(channel)).toHaveLength(postedBefore);
    let told = messageText(app.double.message(proposal.id)!);
    expect(told).toContain('**Alice** proposes to end the game now');
    expect(told).toContain('**Bob** does not end the game now: it goes on.');
    expect(told).not.toContain('accept or decline with the buttons');
    expect(told).not.toContain('Waiting for');
    expect(app.double.message(proposal.id)!.components ?? []).toEqual([]);
    const stale = await app.fingerprint();
    // Bob's DM lost its buttons; the ephemeral view's button is refused as stale.
    expect(JSON.stringify(app.double.message(inBobsDm.message.id)!.components ?? [])).not.toContain('acceptEnd');
    const late = await app.click('bob', inView.message.id, inView.customId);
    expect(late.reply?.content).toContain('This button is stale');
    expect(await app.fingerprint(), 'a stale button changes nothing').toEqual(stale);
    expect((await app.game(channel))!.status).toBe('active');

    // Proposed again, by Bob this time, in French; Alice accepts from her DM.
    app.double.setUser(IDS.bob, { locale: 'fr' });
    try {
      const again = await app.command('bob', 'game end', undefined, channel);
      expect(again.reply?.content).toContain('**Finir d’un commun accord**');
      await app.click('bob', again.reply!.id, `fk:end:${gameId}:agree`);
    } finally {
      app.double.setUser(IDS.bob, { locale: 'en-US' });
    }
    const secondProposal = app.publicMessages(channel).at(-1)!;
    expect(buttonIn([secondProposal], 'acceptEnd').message.id).toBe(secondProposal.id);
    const accept = buttonIn(app.dms('alice'), 'acceptEnd');
    expect(messageText(accept.message)).toContain('Your opponent proposes to end the game now');
    from = app.double.requests.length;
    const accepted = await app.click('alice', accept.message.id, accept.customId);
    expect(accepted.ok, accepted.error).toBe(true);
    // Accepted from the DM: the proposal's channel message is edited once, says so, and keeps no button.
    expect(editsOf(secondProposal.id, from, channel), 'one edit of the proposal’s message').toBe(1);
    told = messageText(app.double.message(secondProposal.id)!);
    expect(told).toContain('**Bob** proposes to end the game now');
    expect(told).toContain('**Alice** accepts: the game ends now.');
    expect(told).not.toContain('accept or decline with the buttons');
    expect(app.double.message(secondProposal.id)!.components ?? []).toEqual([]);
    expect(app.double.message(secondProposal.id)!.attachments, 'the final summary is the end’s own message').toEqual([]);

    state = await whole(channel);
    expect(state.game?.stage).toBe('over');
    expect((await app.game(channel))!.status).toBe('ended');
    // Every scheme revealed and checked against its commitment, as at the end of turn 5.
    expect(state.game!.scoring.revealed).toHaveLength(4);
    const said = JSON.stringify(app.publicMessages(channel));
    expect(said).toContain('**Alice** accepts: the game ends now.');
    expect(said).toContain('The game is over in turn 1: both players agreed to end it');
    expect(said.match(/✓ it matches the one posted at set-up/g)?.length).toBe(4);
    // Each was held in secret through turn 1, credited to it at its reveal.
    expect(said.match(/🕰️ Held in secret since the set-up, through turn 1: 1 turn credited to it\./g)?.length).toBe(4);
    // The final summary once, with its picture, saying how the game ended.
    const finals = app.publicMessages(channel).filter((m) => m.attachments.some((a) => a.filename === 'result.png'));
    expect(finals).toHaveLength(1);
    expect(JSON.stringify(finals[0]!.embeds)).toContain('The players agreed to end the game early.');
    expect(JSON.stringify(finals[0]!.embeds)).toContain('A draw');
    // Leagues read it: equal VP, a draw, ended by agreement.
    expect(malifauxGame.outcome(state)).toMatchObject({ finished: true, how: 'agreed', seats: [{ result: 'draw', vp: 0 }, { result: 'draw', vp: 0 }] });
    expect(app.logs.filter((l) => l.includes('[error]'))).toEqual([]);
  }, 120_000);

  it('U11: a proposal that lapses — the game conceded while it waits, the end made final — says so in its message and keeps no Accept or Decline', async () => {
    const channel = app.double.channel('table-5').id;
    const gameId = await gameAtTurnOne(channel);
    await propose('alice', channel, gameId);
    const proposal = app.publicMessages(channel).at(-1)!;
    expect(JSON.stringify(proposal.components)).toContain(':acceptEnd"');
    const asked = await app.command('bob', 'game end', undefined, channel);
    const conceded = await app.click('bob', asked.reply!.id, `fk:end:${gameId}:concede`);
    expect(conceded.reply?.content).toContain('It can be taken back until <t:');
    app.passTime(END_WINDOW_MS);
    const from = app.double.requests.length;
    // Whoever looks next makes the end final: the proposal's message is told once more, with no button.
    await app.command('carol', 'game end', undefined, channel);
    expect((await app.game(channel))!.status).toBe('ended');
    expect(editsOf(proposal.id, from, channel), 'one edit of the proposal’s message').toBe(1);
    const told = messageText(app.double.message(proposal.id)!);
    expect(told).toContain('**Alice** proposes to end the game now');
    expect(told).toContain('🏁 The game is over: **Bob** conceded, **Alice** wins.');
    expect(told).not.toContain('accept or decline with the buttons');
    expect(app.double.message(proposal.id)!.components ?? []).toEqual([]);
    expect(app.logs.filter((l) => l.includes('[error]'))).toEqual([]);
  }, 120_000);

  it('END-2, issue 16 §5: after the end a referee corrects a score with a reason — the outcome changes, the log keeps it, the channel reads the corrected result; a player or an outsider is refused', async () => {
    const channel = app.double.channel('table-4').id;
    const gameId = await gameAtTurnOne(channel);
    // Turn 1 played out (no VP in turn 1), then ended by agreement in turn 2: 0 VP each, a draw.
    await playUntil(app, channel, (s) => s.game!.turn!.turn === 2 && s.game!.turn!.phase === 'activations');
    await propose('alice', channel, gameId);
    const proposal = app.publicMessages(channel).at(-1)!;
    const from = app.double.requests.length;
    const accepted = await app.click('bob', proposal.id, buttonIn([proposal], 'acceptEnd').customId);
    expect((await app.game(channel))!.status).toBe('ended');
    // Accepted on the proposal's own message: the click's answer rewrites it, with no edit of its own.
    expect(accepted.responseType).toBe(7);
    expect(editsOf(proposal.id, from, channel), 'no edit beside the response').toBe(0);
    expect(messageText(app.double.message(proposal.id)!)).toContain('**Bob** accepts: the game ends now.');
    expect(app.double.message(proposal.id)!.components ?? []).toEqual([]);
    // Bob's DM that asked him lost its buttons, and says so without sending him to a newer message: none follows the end.
    const bobsLast = app.dms('bob').at(-1)!;
    expect(bobsLast.content).toBe('✅ This decision is settled: nothing is left to answer in this message.');
    expect(JSON.stringify(bobsLast.components ?? [])).not.toContain('acceptEnd');
    expect(malifauxGame.outcome(await whole(channel))).toMatchObject({ how: 'agreed', seats: [{ result: 'draw' }, { result: 'draw' }] });

    // Bad input: a player, then someone with no seat and no referee role — refused in their language, nothing changed.
    const before = await app.fingerprint();
    const correction = { player: IDS.bob, objective: 'strategy', vp: 1, reason: 'the turn 2 marker was counted wrong', turn: 2 };
    expect((await app.command('alice', 'score correct', correction, channel)).reply?.content).toContain('Only a referee of this game');
    expect((await app.command('carol', 'score correct', correction, channel)).reply?.content).toContain('Only a referee of this game');
    app.double.setUser(IDS.bob, { locale: 'fr' });
    try {
      const refused = await app.command('bob', 'score correct', correction, channel);
      expect(refused.reply?.ephemeral).toBe(true);
      expect(refused.reply?.content).not.toContain('NOT_A_REFEREE');
      expect(refused.reply?.content).toMatch(/arbitre/);
    } finally {
      app.double.setUser(IDS.bob, { locale: 'en-US' });
    }
    expect(await app.fingerprint(), 'nothing changed').toEqual(before);

    // Rita, of the game's referee role, corrects it: Bob wins now, and the channel says so.
    const corrected = await app.command('rita', 'score correct', correction, channel);
    expect(corrected.ok, corrected.error).toBe(true);
    expect(corrected.reply?.ephemeral).toBe(false);
    const state = await whole(channel);
    expect(state.game!.scoring.ledger.at(-1)).toMatchObject({ seat: 1, turn: 2, vp: 1, how: 'correction', reason: 'the turn 2 marker was counted wrong' });
    expect(malifauxGame.outcome(state)).toMatchObject({ finished: true, how: 'agreed', seats: [{ result: 'loss', vp: 0 }, { result: 'win', vp: 1 }] });
    const said = messageText(corrected.reply!);
    expect(said).toContain('A referee corrects **Bob**’s score: +1 VP for Turf War — “the turn 2 marker was counted wrong”');
    expect(said).toContain('its result, corrected, is now');
    expect(said).toContain('🏆 Result: **Alice** 0 · **Bob** 1 — **Bob** wins.');
    // The final summary posted at the end (a draw) is out of date: the correction's message carries it
    // again, redrawn, with the picture, the result that now stands and the correction it includes.
    const summaries = (message: DoubleMessage) => message.embeds.filter((e) => (e.title ?? '').startsWith('🏁 Final result'));
    const atTheEnd = app.publicMessages(channel).filter((m) => m.id !== corrected.reply!.id && summaries(m).length);
    expect(atTheEnd).toHaveLength(1);
    expect(summaries(atTheEnd[0]!)[0]!.description).toContain('🤝 A draw: 0 VP each.');
    const [summary] = summaries(corrected.reply!);
    expect(summary?.description).toContain('🏆 **Bob** wins, 1 VP to 0.');
    expect(summary?.fields?.find((f) => f.name.includes('Bob'))?.value).toContain('✏️ Includes 1 referee correction (+1 VP).');
    expect(corrected.reply!.attachments.map((a) => a.filename)).toEqual(['result.png']);
    expect(summary?.image?.url).toBe(corrected.reply!.attachments[0]!.url);
    expect(corrected.reply!.attachments[0]!.description).not.toBe(atTheEnd[0]!.attachments.find((a) => a.filename === 'result.png')?.description);
    // The audit log keeps who corrected what, and why.
    const log = (await app.events(gameId)).filter((e) => e.type === 'ScoreBanked');
    expect(log.at(-1)).toMatchObject({ actor: IDS.rita });
    expect((await app.game(channel))!.status).toBe('ended');
    expect(app.logs.filter((l) => l.includes('[error]'))).toEqual([]);
  }, 120_000);
});
