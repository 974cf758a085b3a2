/**
 * A claim's channel message follows its claim (issue 16), through the real bot and the Discord double on
 * a real SQLite file: the claim posted with "confirm it or dispute it" and its Confirm and Dispute buttons
 * is edited in place once it is confirmed from the opponent's DM, disputed from its own message's form
 * (the form's answer rewrites it, with no edit of its own), ruled on by a referee, confirmed with its own
 * button (rewritten by the click's answer), disputed and withdrawn with slash commands — each time saying who did what, and keeping no button the claim no longer takes.
 * Which message tells the claim is read from the database: a second instance of the bot, which never saw
 * it posted, edits it too. One case with the server in French.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingDecisions } from '../src/systems/malifaux-game/engine/game.js';
import type { DoubleMessage } from '../src/discord-double/index.js';
import { editsOf as editsIn, IDS, messageText, startApp, type App } from './support/app.js';
import { readAs } from './support/language.js';
import { gameAtTurnOne, playUntil, wholeIn } from './support/wholeGame.js';

let app: App;
const editsOf = (id: string, from: number, channel: string) => editsIn(app, id, from, channel);
beforeAll(async () => {
  app = await startApp({ mode: 'http', backend: 'sqlite' });
});
afterAll(async () => {
  await app?.close();
});

type Player = 'alice' | 'bob';
const playerOf = (seat: number): Player => (seat === 0 ? 'alice' : 'bob');
const otherOf = (who: Player): Player => (who === 'alice' ? 'bob' : 'alice');

/** The game's buttons (`fk:g:…:<choice>`) a message still shows. */
function choicesOn(message: DoubleMessage): string[] {
  return [...JSON.stringify(message.components ?? []).matchAll(/"custom_id":"fk:g:[^"]+:([a-zA-Z]+)"/g)].map((m) => m[1]!);
}

const now = (id: string): DoubleMessage => app.double.message(id)!;

/** Declines the scoring (/score done) until `who` is asked to score their strategy in this End Phase. */
async function untilStrategyOf(channel: string, who: Player): Promise<void> {
  for (let guard = 0; guard < 12; guard++) {
    const d = pendingDecisions(await wholeIn(app, channel))[0]!;
    if (d.kind === 'score-strategy' && playerOf(d.seat) === who) return;
    expect(d.kind).toMatch(/^score-/);
    const done = await app.command(playerOf(d.seat), 'score done', undefined, channel);
    expect(done.ok, done.error).toBe(true);
  }
  throw new Error(`${who} was never asked to score their strategy`);
}

/** `who` claims 1 VP of their strategy with /score claim: the claim's message, as posted. */
async function claim(channel: string, who: Player, count = 1): Promise<DoubleMessage> {
  const claimed = await app.command(who, 'score claim', { objective: 'strategy', count }, channel);
  expect(claimed.ok, claimed.error).toBe(true);
  expect(claimed.reply?.ephemeral).toBe(false);
  const message = claimed.reply!;
  expect(messageText(message)).toContain('confirm it or dispute it');
  expect(choicesOn(message)).toEqual(['confirm', 'dispute']);
  return message;
}

/** To turn 2's End Phase, where the Initiative player is asked to score their strategy first: who that is. */
async function toTurnTwoScoring(channel: string): Promise<Player> {
  const state = await playUntil(app, channel, (s) => s.game!.turn!.turn === 2 && pendingDecisions(s)[0]?.kind === 'score-strategy');
  return playerOf(pendingDecisions(state)[0]!.seat);
}

describe('a claim’s channel message follows its claim (issue 16)', () => {
  it('END-2: confirmed from the DM, the claim’s message says so with one edit; disputed from its own message’s form, it is rewritten in place and waits for a referee; ruled on, it says the ruling; confirmed with its own button, it is rewritten in place — and keeps no Confirm or Dispute button', async () => {
    const channel = app.double.channel('table-3').id;
    await gameAtTurnOne(app, channel);
    const first = await toTurnTwoScoring(channel);
    const second = otherOf(first);
    const names = { alice: 'Alice', bob: 'Bob' } as const;

    // Confirmed from the opponent's DM: the DM answers in place, the claim's message is edited once.
    const confirmed = await claim(channel, first);
    const dm = [...app.dms(second)].reverse().find((m) => choicesOn(m).includes('confirm'))!;
    expect(dm, 'the opponent is asked in their DM').toBeDefined();
    let from = app.double.requests.length;
    const clicked = await app.click(second, dm.id, JSON.stringify(dm.components).match(/"custom_id":"(fk:g:[^"]+:confirm)"/)![1]!);
    expect(clicked.ok, clicked.error).toBe(true);
    await app.settle();
    expect(editsOf(confirmed.id, from, channel), 'one edit of the claim’s message').toBe(1);
    let text = messageText(now(confirmed.id));
    expect(text).toContain(`**${names[first]}** claims 1 VP for Turf War`);
    expect(text).toContain(`✅ **${names[second]}** confirms the claim.`);
    expect(text).toContain(`🏆 **${names[first]}** scores 1 VP: Turf War (confirmed by the opponent).`);
    // Settled, it calls on nobody: the status and the next decider's DM say what comes next.
    expect(text).not.toContain('confirm it or dispute it');
    expect(text).not.toContain('Waiting for');
    expect(now(confirmed.id).components).toEqual([]);
    expect((await wholeIn(app, channel)).game!.scoring.ledger).toMatchObject([{ turn: 2, vp: 1, how: 'confirmed' }]);

    // Disputed from the second claim's own message: its button opens the form, whose answer rewrites that
    // message in the interaction's response (no edit of its own).
    await untilStrategyOf(channel, second);
    const disputed = await claim(channel, second);
    const opened = await app.click(first, disputed.id, JSON.stringify(disputed.components).match(/"custom_id":"(fk:g:[^"]+:dispute)"/)![1]!);
    expect(opened.responseType).toBe(9);
    from = app.double.requests.length;
    const submitted = await app.double.submitModal({ userId: IDS[first], values: { reason: 'that marker is ours' } });
    await app.settle();
    expect(submitted.ok, submitted.error).toBe(true);
    expect(submitted.responseType, 'the form updates the message it was opened from').toBe(7);
    expect(editsOf(disputed.id, from, channel), 'no edit beside the response').toBe(0);
    text = messageText(now(disputed.id));
    expect(text).toContain(`❌ **${names[first]}** disputes the claim: “that marker is ours”. A referee may rule on it`);
    expect(text).toContain(`Waiting for <@${IDS[second]}>: wait for a referee’s ruling on your disputed claim, or withdraw it.`);
    expect(text).not.toContain('confirm it or dispute it');
    expect(choicesOn(now(disputed.id))).toEqual([]);
    // The disputing player's DM that asked them no longer offers the answer either.
    expect(app.dms(first).filter((m) => choicesOn(m).includes('confirm'))).toEqual([]);

    // A referee rules with /score rule: the answer is the referee's alone, the claim's message says the ruling.
    from = app.double.requests.length;
    const ruled = await app.command('rita', 'score rule', { accept: false, reason: 'the photo shows it in the centre' }, channel);
    expect(ruled.ok, ruled.error).toBe(true);
    expect(ruled.reply?.ephemeral).toBe(true);
    expect(ruled.reply?.content).toContain(disputed.id);
    expect(editsOf(disputed.id, from, channel)).toBe(1);
    text = messageText(now(disputed.id));
    expect(text).toContain(`❌ **${names[first]}** disputes the claim: “that marker is ours”.`);
    expect(text).not.toContain('A referee may rule on it');
    expect(text).toContain('⚖️ A referee rejects the claim: no VP — “the photo shows it in the centre”.');
    expect(text).not.toContain('Waiting for');
    expect(now(disputed.id).components).toEqual([]);
    // The first claim's message is as it was left: a later claim has a message of its own.
    expect(messageText(now(confirmed.id))).toContain('confirms the claim');
    expect(messageText(now(confirmed.id))).not.toContain('rejects');

    // Confirmed with the claim's own button, next turn: the click's response is the message told again.
    const state = await playUntil(app, channel, (s) => s.game!.turn!.turn === 3 && pendingDecisions(s)[0]?.kind === 'score-strategy');
    const claimant = playerOf(pendingDecisions(state)[0]!.seat);
    const third = await claim(channel, claimant, 2);
    from = app.double.requests.length;
    const answered = await app.click(otherOf(claimant), third.id, JSON.stringify(third.components).match(/"custom_id":"(fk:g:[^"]+:confirm)"/)![1]!);
    await app.settle();
    expect(answered.ok, answered.error).toBe(true);
    expect(answered.responseType).toBe(7);
    expect(editsOf(third.id, from, channel), 'no edit beside the response').toBe(0);
    text = messageText(now(third.id));
    expect(text).toContain(`✅ **${names[otherOf(claimant)]}** confirms the claim.`);
    expect(text).not.toContain('Waiting for');
    expect(now(third.id).components).toEqual([]);
    expect(app.logs.filter((l) => l.includes('[error]') || l.includes('[warn]'))).toEqual([]);
  }, 180_000);

  it('END-2: disputed then withdrawn with slash commands, the withdrawal taken by another instance of the bot, the server in French: the claim’s message says it in French, with no button left', async () => {
    const channel = app.double.channel('table-4').id;
    await gameAtTurnOne(app, channel);
    const first = await toTurnTwoScoring(channel);
    const second = otherOf(first);
    const message = await claim(channel, first);

    // /score dispute: the answer is the asker's alone, with a link to the claim's message, which says it.
    let from = app.double.requests.length;
    const disputed = await app.command(second, 'score dispute', { reason: 'hors de portée' }, channel);
    expect(disputed.ok, disputed.error).toBe(true);
    expect(disputed.reply?.ephemeral).toBe(true);
    expect(disputed.reply?.content).toContain(message.id);
    await app.settle();
    expect(editsOf(message.id, from, channel)).toBe(1);
    expect(messageText(now(message.id))).toContain('disputes the claim: “hors de portée”');
    expect(choicesOn(now(message.id))).toEqual([]);

    // Withdrawn through a second instance, which never saw the claim posted: the message is found in the
    // database, and told in the server's language, French now.
    expect((await app.command('rita', 'game server-language', { language: 'fr' }, channel)).ok).toBe(true);
    const instance = await app.addInstance();
    instance.use();
    try {
      from = app.double.requests.length;
      const withdrawn = await app.command(first, 'score withdraw', undefined, channel);
      expect(withdrawn.ok, withdrawn.error).toBe(true);
      expect(withdrawn.reply?.ephemeral).toBe(true);
      await app.settle();
      expect(editsOf(message.id, from, channel)).toBe(1);
    } finally {
      app.usePrimary();
      await app.command('rita', 'game server-language', { language: 'discord' }, channel);
    }
    const told = now(message.id);
    const text = messageText(told);
    expect(text).toContain('revendique 1 PV pour');
    expect(text).toContain('conteste la revendication : « hors de portée ».');
    expect(text).not.toContain('Un arbitre peut trancher');
    expect(text).toContain('retire la revendication : aucun PV.');
    expect(readAs('fr', told).foreign).toEqual([]);
    expect(text).not.toContain('En attente');
    expect(told.components).toEqual([]);
    expect((await wholeIn(app, channel)).game!.scoring.claims).toEqual([]);
    expect(app.logs.filter((l) => l.includes('[error]') || l.includes('[warn]'))).toEqual([]);
  }, 180_000);
});
