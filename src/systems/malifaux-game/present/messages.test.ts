/**
 * The whole game's presentation, driven by the engine: a real game (the golden seed, two Inkwell crews)
 * is played command by command and every public message is rendered from its public batch, as the
 * platform does. Hidden information is checked on the rendered text itself.
 */
import { describe, expect, it } from 'vitest';
import type { APIEmbed } from 'discord-api-types/v10';
import { translator, type Translate } from '../../../i18n/index.js';
import type { Message, StatusClock } from '../../contract.js';
import { inkwellTable, profile } from '../crews/fixtures.js';
import { gameChoiceId } from '../components/gameDecision.js';
import { pendingDecisions } from '../engine/game.js';
import { ACTORS, ADA_CREW, SCRIBE_CREW, ScriptedGame, activations, publicBatch, scoreNothing, setUp, startCommand, startPhase as startTurn } from '../engine/testkit.js';
import { privateView, publicEvent, publicView, type WholePrivateView, type WholePublicView } from '../engine/views.js';
import type { WholeEvent } from '../engine/schema.js';
import type { Seat } from '../engine/setup.js';
import { presentation } from './messages.js';
import { embedSize } from './status.js';
import { WHOLE_GAME_ERROR_CODES } from '../engine/game.js';
import { crewMessagesEn, crewMessagesFr } from '../crews/messages.js';
import { en as enTable } from '../../../i18n/en.js';
import { fr as frTable } from '../../../i18n/fr.js';

const en = translator('en');
const fr = translator('fr');
const NO_CLOCK: StatusClock = { opened: new Map() };

type Game = ScriptedGame;

const text = (m: Message): string => JSON.stringify({ content: m.content, embeds: m.embeds, components: m.components });

function start(): Game {
  const g = new ScriptedGame();
  g.send(startCommand(), 0);
  return g;
}

/** The winner of each initiative flip gives it away here, so both sides hold it in turn. */
const startPhase = (g: Game) => startTurn(g, 'gives');

/** Five turns with a duel, a kill credited, a summon, a condition, a burial and a replace. */
function wholeGame(): Game {
  const g = setUp();
  for (let turn = 1; turn <= 5; turn++) {
    startPhase(g);
    activations(g, (game, seat, model) => {
      if (turn === 1 && seat === 0 && model.name === 'Ada Quill') {
        game.send({ type: 'modelDuel', attacker: model.id, target: game.model(1, 'Page').id, stat: 7, resist: 'df', damage: { profile: [2, 3, 4] } }, 0);
      }
      if (turn === 2 && seat === 0 && model.name === 'Ada Quill') {
        const page = game.model(1, 'Page');
        game.send({ type: 'damageModel', model: page.id, amount: page.health, by: model.id }, 0);
        game.send({ type: 'summonModel', summoner: model.id, profile: profile({ name: 'Ink Sprite', station: 'Minion', stationLimit: 3, factions: ['arcanists'], keywords: ['Inkwell'], cost: 6 }) }, 0);
        game.send({ type: 'changeCondition', model: game.model(1, 'Quill Knight').id, condition: 'burning', change: 2 }, 0);
        game.send({ type: 'healModel', model: game.model(1, 'Quill Knight').id, amount: 0 }, 0);
        game.send({ type: 'changeTokens', model: model.id, token: 'Ink', change: 2 }, 0);
      }
      if (turn === 3 && seat === 1 && model.name === 'Furnace Hand') {
        game.send({ type: 'replaceModel', models: [model.id], profiles: [profile({ name: 'Brass Automaton', station: 'Enforcer', factions: ['arcanists'], keywords: ['Foundry'], cost: 7, health: 8 })] }, 1);
      }
      if (turn === 4 && seat === 1 && model.name === 'Ink Sprite') {
        game.send({ type: 'buryModel', model: model.id }, 1);
      }
    });
    scoreNothing(g);
  }
  return g;
}

async function channelMessages(g: Game, t: Translate): Promise<Message[]> {
  const out: Message[] = [];
  for (const b of g.batches) out.push(await presentation.afterAction(t, publicBatch(b)));
  return out;
}

const descriptions = (m: Message) => (m.embeds ?? []).map((e) => e.description ?? '').join('\n');

describe('the whole game’s channel messages', () => {
  it('DMG-16: damage a model chose for itself is told as its own choice, in both languages', async () => {
    const g = setUp();
    startPhase(g);
    const seat = g.turn.active!;
    const scribe = g.model(seat, 'Scribe Major');
    g.send({ type: 'damageModel', model: scribe.id, amount: scribe.health - 1, chosen: true }, seat);
    const told = async (t: Translate) => text(await presentation.afterAction(t, publicBatch(g.batches.at(-1)!)));
    expect(await told(en)).toContain(`**Scribe Major** takes ${scribe.health - 1} damage by its own choice (1/${scribe.maxHealth} Health left)`);
    expect(await told(fr)).toContain(`**Scribe Major** subit ${scribe.health - 1} dégâts par choix (1/${scribe.maxHealth} Santé restante)`);
  });

  it('SETUP-7: the crew of the seat that declared first appears in no public message before the reveal', async () => {
    const g = start();
    g.send({ type: 'declareCrew', crew: ADA_CREW, profiles: inkwellTable }, 0);
    const view = publicView(g.state);
    const shown = [
      text(await presentation.afterAction(en, publicBatch(g.batches.at(-1)!))),
      text(presentation.livingStatus!(en, view, NO_CLOCK)),
      text(presentation.status(en, view, null, NO_CLOCK)),
      text(presentation.status(en, view, privateView(g.state, 1), NO_CLOCK)),
      text(await presentation.privateMessage(en, privateView(g.state, 1))),
      presentation.hints(en, view, privateView(g.state, 1)).join('\n'),
      ...g.batches.flatMap((b) => b.events.map(publicEvent).filter((e): e is WholeEvent => e !== null).map((e) => presentation.logLine(en, view, e, false) ?? '')),
    ].join('\n');
    // Blotter and Ada Quill are in Alice's crew alone.
    expect(shown).not.toMatch(/Blotter|Ada Quill/);
    expect(shown).toContain('**Alice** has declared a crew');
    // Alice's own private message shows her crew.
    expect(text(await presentation.privateMessage(en, privateView(g.state, 0)))).toContain('Blotter');
    // After the reveal both crews are public.
    g.send({ type: 'declareCrew', crew: SCRIBE_CREW, profiles: inkwellTable }, 1);
    const revealed = descriptions(await presentation.afterAction(en, publicBatch(g.batches.at(-1)!)));
    expect(revealed).toContain('Both crews are revealed: **Alice** leads with Ada Quill: 7 models');
    expect(revealed).toContain('**Bob** leads with Scribe Major: 7 models');
  });

  it('SETUP-8: the schemes chosen and their picks appear in no public message, only their commitments', async () => {
    const g = setUp();
    const chosen = g.batches.filter((b) => b.events.some((e) => e.type === 'SchemesChosen'));
    expect(chosen).toHaveLength(2);
    const names = ['Harness the Ley Line', 'Assassinate', 'Take Prisoner', 'Deliver a Message'];
    for (const b of chosen) {
      const message = text(await presentation.afterAction(en, publicBatch(b)));
      for (const name of names) expect(message).not.toContain(name);
      const event = b.events.find((e) => e.type === 'SchemesChosen') as Extract<WholeEvent, { type: 'SchemesChosen' }>;
      expect(message).toContain(event.commitments[0].slice(0, 8));
    }
    // The living status shows the pool (public) and each seat's commitments, never whose pick is what.
    const status = presentation.livingStatus!(en, publicView(g.state), NO_CLOCK);
    const crewFields = (status.embeds![0]!.fields ?? []).slice(1).map((f) => f.value).join('\n');
    for (const name of names) expect(crewFields).not.toContain(name);
    // Each player sees their own schemes in private, and not the other's.
    const alice = text(await presentation.privateMessage(en, privateView(g.state, 0)));
    const bob = text(await presentation.privateMessage(en, privateView(g.state, 1)));
    expect(alice).toContain('Harness the Ley Line');
    expect(alice).not.toContain('Take Prisoner');
    expect(bob).toContain('Take Prisoner (picks: Press Golem)');
    expect(bob).not.toContain('Harness the Ley Line');
  });

  it('the waiting line names and mentions the player the game waits for', async () => {
    const g = start();
    const first = await presentation.afterAction(en, publicBatch(g.batches[0]!));
    expect(first.content).toContain('<@u-alice>');
    expect(first.content).toContain('<@u-bob>');
    g.send({ type: 'declareCrew', crew: ADA_CREW, profiles: inkwellTable }, 0);
    const second = await presentation.afterAction(en, publicBatch(g.batches.at(-1)!));
    expect(second.content).toContain('Waiting for <@u-bob>: declare a crew.');
    expect(second.content).not.toContain('<@u-alice>');
    expect(second.allowed_mentions).toEqual({ parse: [], users: ['u-bob'] });
    // In the turns: the active player, to activate a model or pass.
    const h = setUp();
    startPhase(h);
    const active = h.turn.active!;
    const message = await presentation.afterAction(en, publicBatch(h.batches.at(-1)!));
    const user = ACTORS[active].userId;
    expect(message.content).toContain(`Waiting for <@${user}>: activate a model or pass.`);
    expect(message.allowed_mentions?.users).toEqual([user]);
  });

  it('English and French render every event of a five-turn game, no key left untranslated', async () => {
    const g = wholeGame();
    expect(g.game.stage).toBe('over');
    for (const t of [en, fr]) {
      const messages = await channelMessages(g, t);
      const view = publicView(g.state);
      const log = g.batches.flatMap((b) => b.events).map(publicEvent).filter((e): e is WholeEvent => e !== null).map((e) => presentation.logLine(t, view, e, true));
      const all = [...messages.map(text), ...log].join('\n');
      expect(all).not.toMatch(/\bmg\.|\bevent\.|\berror\./);
      expect(all).not.toMatch(/\{[a-z]+\}/);
      // No rule code, no event type name.
      expect(all).not.toMatch(/\b(?!SHA-\d)[A-Z]{2,5}-\d+\b|TurnChanged|ModelsChanged/);
    }
    const text1 = (await channelMessages(g, en)).map(descriptions).join('\n');
    // KILL-3: the killer named; SUM-2; COND-8 in the End Phase; REP-1; BURY; END-4.
    expect(text1).toMatch(/💀 \*\*Page( \d)?\*\* is killed by \*\*Ada Quill\*\*/);
    expect(text1).toContain('✨ **Ada Quill** summons **Ink Sprite');
    expect(text1).toContain('**Bob** gains a pass token (an enemy model was summoned).');
    expect(text1).toContain('**Quill Knight** gains Burning 2.');
    expect(text1).toContain('🔁 **Furnace Hand** is replaced by **Brass Automaton**.');
    expect(text1).toMatch(/\*\*Ink Sprite( \d)?\*\* is buried\./);
    expect(text1).toContain('The tokens on **Ada Quill** change by +2: Ink 2.');
    expect(text1).toContain('End Phase effects: **Quill Knight**');
    expect(text1).toContain('▶️ Turn 2 begins');
    expect(text1).toContain('⚔️ **Ada Quill** attacks **Page');
    expect(text1).toContain('🏁 The game is over after turn 5.');
    expect(text1).toMatch(/\*\*(Alice|Bob)\*\* flips \d+ for the initiative\./);
  });

  it('ACTV-2, AMB-37: a pass whose token is lost says so, in words', () => {
    const g = setUp();
    startPhase(g);
    const view = publicView(g.state);
    const event: WholeEvent = { type: 'TurnChanged', turn: g.turn, step: 'passed', seat: 0, model: null, warning: 'AMB-37' };
    for (const t of [en, fr]) {
      const line = presentation.logLine(t, view, event, false)!;
      expect(line).not.toContain('AMB');
      expect(line.split('\n')).toHaveLength(2);
    }
    expect(presentation.logLine(en, view, event, false)).toContain('That token is lost: **Bob** has nothing left to activate, so play comes straight back to **Alice**.');
  });
});

describe('the living status', () => {
  const within = (embed: APIEmbed) => {
    expect(embed.description!.length).toBeLessThanOrEqual(4096);
    expect((embed.fields ?? []).length).toBeLessThanOrEqual(25);
    for (const f of embed.fields ?? []) {
      expect(f.value.length).toBeLessThanOrEqual(1024);
      expect(f.name.length).toBeLessThanOrEqual(256);
    }
    expect(embedSize(embed)).toBeLessThanOrEqual(6000);
  };

  it('shows the turn, the initiative, pass tokens, whose decision since when, the encounter and each crew, within Discord’s limits', () => {
    const g = setUp();
    startPhase(g);
    const view = publicView(g.state);
    const decision = pendingDecisions(g.state)[0]!;
    const clock: StatusClock = { opened: new Map([[decision.id, { at: new Date(1_700_000_000_000), entry: 42 }]]) };
    const embed = presentation.livingStatus!(en, view, clock).embeds![0]!;
    within(embed);
    expect(embed.description).toContain('Turn 1 of 5: Activation Phase.');
    expect(embed.description).toContain(`Initiative: **${['Alice', 'Bob'][g.turn.initiative]}**`);
    expect(embed.description).toContain('<t:1700000000:R>');
    expect(embed.description).toContain('log entry #42');
    const fields = embed.fields!;
    expect(fields[0]!.value).toContain('Strategy: Plant Explosives · Deployment: Wedge');
    expect(fields[1]!.name).toBe('Alice — Ada Quill');
    expect(fields[1]!.value).toContain('VP: 0');
    // HIRE-9: the pool the hiring left (10 here), beside the hand and deck counts.
    expect(fields[1]!.value).toContain(`💎 ${g.state.table.status === 'active' ? g.state.table.seats[0].soulstones : -1} · ✋ `);
    expect(fields[1]!.value).toMatch(/Scheme commitments: `[0-9a-f]{8}…`, `[0-9a-f]{8}…`/);
    expect(fields[2]!.value).toContain('Page 1 ');
    expect(fields[2]!.value).toContain('Page 2 ');
  });

  it('two crews far larger than any encounter stay within Discord’s limits, cut with “…”', () => {
    const g = setUp();
    const view = publicView(g.state);
    const many = (seat: 0 | 1) =>
      Array.from({ length: 60 }, (_, i) => ({
        ...g.game.models.find((m) => m.seat === seat)!,
        id: `s${seat}-x${i}`,
        name: `A Very Long Model Name Number ${i} of the Crew`,
        conditions: { burning: 3, poison: 2, shielded: 1, injured: 2, focused: 1, distracted: 1, adversary: 1 },
        status: i % 7 === 0 ? ('killed' as const) : ('in-play' as const),
        killedHow: i % 7 === 0 ? ('health' as const) : null,
      }));
    const big = { ...view, game: { ...view.game!, models: [...many(0), ...many(1)] } } as WholePublicView;
    for (const t of [en, fr]) {
      const embed = presentation.livingStatus!(t, big, NO_CLOCK).embeds![0]!;
      within(embed);
      expect(embed.fields![1]!.value).toMatch(/… (and|et) \d+/);
      // Ids of this made-up crew are not s<seat>-m<n>: the label is the id itself.
      expect(embed.fields![1]!.value).toContain('~~`s0-x0` A Very Long Model Name Number 0 of the Crew');
    }
    const status = presentation.status(en, big, privateView(g.state, 0), NO_CLOCK);
    expect(status.embeds!.reduce((n, e) => n + embedSize(e), 0)).toBeLessThanOrEqual(6000);
  });
});

describe('the private message’s game controls', () => {
  const wired = (g: Game, seat: Seat): WholePrivateView => privateView(g.state, seat);
  const customIds = (m: Message): string[] => JSON.stringify(m.components).match(/fk:g:[^"]+/g) ?? [];

  it('ACTV-2, ACTV-3: the active player gets a select of their unactivated models, and Pass only with a pass token', async () => {
    const g = setUp();
    startPhase(g);
    const seat = g.turn.active!;
    const decision = pendingDecisions(g.state).find((d) => d.seat === seat)!;
    expect(decision.kind).toBe('activate-or-pass');
    const message = await presentation.privateMessage(en, wired(g, seat));
    const select = message.components!.flatMap((r) => (r as { components: { type: number; custom_id?: string; options?: { value: string }[] }[] }).components).find((c) => c.type === 3)!;
    expect(select.custom_id).toBe(gameChoiceId('g1', decision.id, 'activate'));
    const mine = g.game.models.filter((m) => m.controller === seat && !m.activated && m.status === 'in-play').map((m) => m.id);
    expect(select.options!.map((o) => o.value)).toEqual(mine);
    const tokens = g.turn.passTokens[seat];
    expect(customIds(message).includes(gameChoiceId('g1', decision.id, 'pass'))).toBe(tokens > 0);
    // The other player has no game control now.
    expect(customIds(await presentation.privateMessage(en, wired(g, seat === 0 ? 1 : 0)))).toEqual([]);
    // Once a model activates: Action, Bonus action, End activation.
    g.send({ type: 'activate', model: mine[0]! }, seat);
    const acting = pendingDecisions(g.state)[0]!;
    expect(acting.kind).toBe('action');
    expect(customIds(await presentation.privateMessage(en, wired(g, seat)))).toEqual(['action', 'bonus', 'end'].map((c) => gameChoiceId('g1', acting.id, c as never)));
  });

  it('a new game decision of one’s own makes the private message due again', () => {
    const g = setUp();
    startPhase(g);
    const seat = g.turn.active!;
    const before = wired(g, seat);
    g.send({ type: 'activate', model: g.game.models.find((m) => m.controller === seat && !m.activated)!.id }, seat);
    expect(presentation.privateChanged(before, wired(g, seat))).toBe(true);
  });
});

describe('names, guide and refusals', () => {
  it('every game decision kind has a name in both languages', () => {
    const kinds = ['declareCrew', 'chooseSchemes', 'deploy.attackerFirstGroup', 'deploy.defenderCrew', 'deploy.attackerRest', 'start-discard', 'start-draw', 'initiative-flip', 'initiative-choice', 'start-effects', 'start-pass-tokens', 'activate-or-pass', 'action', 'end-phase-effects', 'end-phase-scoring', 'end-of-game', 'end-phase-shuffle', 'cheat'];
    for (const t of [en, fr]) for (const kind of kinds) expect(presentation.decisionName(t, { kind })).not.toMatch(/mg\.|decision\./);
    expect(presentation.decisionName(en, { kind: 'cheat' })).toBe('cheat fate or not');
  });

  it('the guide names each command in play order', () => {
    const steps = presentation.guide(en).steps.join('\n');
    const order = ['/crew', 'schemes', 'Deployed', 'Done', 'initiative', 'activate', '/attack', '/model', 'End Phase'].map((w) => steps.indexOf(w));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });
});

describe('undo, hints and refusals', () => {
  it('an undone activation is said in words, with the game as it stands now', async () => {
    const g = setUp();
    startPhase(g);
    const seat = g.turn.active!;
    const model = g.game.models.find((m) => m.controller === seat && !m.activated)!;
    const before = g.state;
    g.send({ type: 'activate', model: model.id }, seat);
    const events = g.batches.at(-1)!.events;
    const name = ['Alice', 'Bob'][seat]!;
    const message = await presentation.undone(en, publicView(before), { events, amends: [], by: name, author: name, asReferee: false, agreedBy: [] });
    expect(message.embeds![0]!.description).toContain(`the step “**${name}** activates **${model.name}**.”`);
    // A table action taken back reads as the table says it.
    const soulstones = { type: 'SoulstonesSet', seat: 0, count: 3, by: 'u-alice' } as WholeEvent;
    expect(presentation.describeAction(en, publicView(before), [soulstones], 'Alice')).toBe(en('undo.what.soulstonesSet', { name: '**Alice**', count: 3 }));
    // The game as it stands after the undo comes with it.
    expect(message.embeds![1]!.title).toBe('Alice vs Bob: a whole game');
  });

  it('hints: the decider is told where to answer, the other whom the game waits for', () => {
    const g = start();
    const view = publicView(g.state);
    expect(presentation.hints(en, view, privateView(g.state, 0))).toContain('Declare your crew with /crew.');
    g.send({ type: 'declareCrew', crew: ADA_CREW, profiles: inkwellTable }, 0);
    const hints = presentation.hints(en, publicView(g.state), privateView(g.state, 0)).join('\n');
    expect(hints).toContain('<@u-bob>');
    expect(hints).toContain('declare a crew');
  });

  it('every refusal of the whole game has an English and a French message (three are the crew module’s, moved in by the integrator)', () => {
    for (const code of WHOLE_GAME_ERROR_CODES) {
      const key = `error.${code}`;
      expect(key in enTable || key in crewMessagesEn, code).toBe(true);
      expect(key in frTable || key in crewMessagesFr, code).toBe(true);
    }
  });
});

describe('the private message is due only when something of the viewer’s own changed', () => {
  it('the same decision with the same choices is not sent again; the other player’s action is not a reason', () => {
    const g = setUp();
    startPhase(g);
    const seat = g.turn.active!;
    const other: Seat = seat === 0 ? 1 : 0;
    const v = privateView(g.state, other);
    // The same view, copied (the platform may parse it anew): nothing is due.
    expect(presentation.privateChanged(JSON.parse(JSON.stringify(v)) as WholePrivateView, privateView(g.state, other))).toBe(false);
    const before = privateView(g.state, other);
    g.send({ type: 'activate', model: g.game.models.find((m) => m.controller === seat && !m.activated)!.id }, seat);
    expect(presentation.privateChanged(before, privateView(g.state, other))).toBe(false);
  });
});

describe('the start message', () => {
  it('§13-A21: says what a Master printed with a dash costs when the players set it, and says nothing of it otherwise', () => {
    const set = new ScriptedGame();
    set.send(startCommand(undefined, 'g1', undefined, { noCostValue: 10 }), 0);
    expect(text(presentation.gameStarted(en, publicView(set.state)))).toContain('A Master printed with a dash costs 10 where a scheme compares costs.');
    expect(text(presentation.gameStarted(fr, publicView(set.state)))).toContain('Un Maître sans coût imprimé coûte 10 quand une combine compare des coûts.');
    expect(text(presentation.gameStarted(en, publicView(start().state)))).not.toContain('printed with a dash');
  });
});
