/**
 * A whole five-turn game through the decider, from /game new to the end of turn 5: encounter, crews,
 * secret schemes, deployment, initiative, alternating activations, duels between models with a kill, a
 * summon, a Replace and conditions ticking in the End Phase. The table's own decisions (cheats,
 * soulstones, triggers) are answered the plain way: no cheat, no soulstone, no trigger.
 */
import { describe, expect, it } from 'vitest';
import { inkwellTable, profile } from '../crews/fixtures.js';
import { pendingDecisions, replay } from './game.js';
import { ADA_CREW, SCRIBE_CREW, SEED, ScriptedGame, activations, scoreNothing, setUp, startPhase } from './testkit.js';
import { privateView, publicEvent, publicView } from './views.js';
import { revealScheme, schemeSalt } from './schemes.js';
import type { WholeEvent, WholeState } from './schema.js';
import type { Seat } from './setup.js';

describe('a whole game of five turns', () => {
  it('SETUP-8: the schemes are committed publicly and each commitment opens with its own salt only', () => {
    const g = setUp();
    const chosen = g.log.filter((e): e is Extract<WholeEvent, { type: 'SchemesChosen' }> => e.type === 'SchemesChosen');
    expect(chosen).toHaveLength(2);
    const salt = schemeSalt(SEED, 1, 0, 'g1');
    if (!salt.ok) throw new Error('salt');
    expect(revealScheme(chosen[1]!.commitments[0], chosen[1]!.choice![0], salt.value)).toBe(true);
    expect(revealScheme(chosen[1]!.commitments[1], chosen[1]!.choice![0], salt.value)).toBe(false);
    expect(g.game.stage).toBe('turns');
    // SETUP-10: both decks shuffled again (shuffle 1) before turn 1.
    expect(g.log.filter((e) => e.type === 'DeckShuffled').map((e) => (e as { index: number }).index)).toEqual([0, 0, 1, 1]);
  });

  it('START-2, START-3, ACTV-1..5, END-1..5, SUM-2, REP-1, KILL-3: five turns to the end, always someone to decide, replay equal to every state', () => {
    const g = setUp();
    expect(g.turn).toMatchObject({ turn: 1, phase: 'start', step: 'draw', initiative: 1 });
    // START-2: both hands were drawn up to 6 as turn 1 opened.
    const hands = () => (g.state.table.status === 'active' ? g.state.table.seats.map((s) => s.hand.length) : []);
    expect(hands()).toEqual([6, 6]);

    let killedBy: string | null = null;
    for (let turn = 1; turn <= 5; turn++) {
      expect(g.turn.turn).toBe(turn);
      startPhase(g);
      expect(g.turn.phase).toBe('activations');
      expect(g.turn.active).toBe(g.turn.initiative); // ACTV-1
      const order = activations(g, (game, seat, model) => {
        if (turn === 1 && seat === 0 && model.name === 'Ada Quill') {
          // A duel between models: Ada (Ml 7) against Bob's Page (Df from its profile), damage 2/3/4.
          const page = game.model(1, 'Page');
          const before = page.health;
          game.send({ type: 'modelDuel', attacker: model.id, target: page.id, stat: 7, resist: 'df', damage: { profile: [2, 3, 4] } }, 0);
          expect(game.game.duel).toBeNull();
          const after = game.game.models.find((m) => m.id === page.id)!;
          const damage = g.log.filter((e) => e.type === 'DamageResolved').at(-1) as Extract<WholeEvent, { type: 'DamageResolved' }> | undefined;
          const won = g.log.filter((e) => e.type === 'DuelResolved').at(-1) as Extract<WholeEvent, { type: 'DuelResolved' }>;
          if (won.result.attacker.succeeded) expect(before - after.health).toBe(Math.min(before, damage!.result.final));
          else expect(after.health).toBe(before);
        }
        if (turn === 2 && seat === 0 && model.name === 'Ada Quill') {
          // KILL-3: damage entered with its source credits the killer; then a summon (SUM-1, SUM-2).
          const page = game.model(1, 'Page');
          game.send({ type: 'damageModel', model: page.id, amount: page.health, by: model.id }, 0);
          killedBy = game.game.models.find((m) => m.id === page.id)!.killedBy?.modelId ?? null;
          const tokens = game.turn.passTokens[1];
          game.send({ type: 'summonModel', summoner: model.id, profile: profile({ name: 'Ink Sprite', station: 'Minion', stationLimit: 3, factions: ['arcanists'], keywords: ['Inkwell'], cost: 6 }) }, 0);
          expect(game.turn.passTokens[1]).toBe(tokens + 1);
          game.send({ type: 'changeCondition', model: game.model(1, 'Quill Knight').id, condition: 'burning', change: 2 }, 0);
        }
        if (turn === 3 && seat === 1 && model.name === 'Furnace Hand') {
          // REP-1: the Furnace Hand is replaced by a Press Golem copy… of another name, during its activation.
          game.send({ type: 'replaceModel', models: [model.id], profiles: [profile({ name: 'Brass Automaton', station: 'Enforcer', factions: ['arcanists'], keywords: ['Foundry'], cost: 7, health: 8 })] }, 1);
          expect(game.turn.activating?.modelId).not.toBe(model.id);
        }
      });
      // ACTV-5: the seats alternate while both have models left.
      for (let i = 1; i < order.length; i++) {
        const left = (seat: Seat) => order.slice(i).filter((s) => s === seat).length;
        if (order[i] === order[i - 1]) expect(left(order[i] === 0 ? 1 : 0) === 0 || g.log.some((e) => e.type === 'TurnChanged' && e.step === 'passed')).toBe(true);
      }
      // END-2, U2: no scoring step in turn 1; from turn 2 the step waits for the Initiative player first.
      if (turn === 1) expect(g.turn).toMatchObject({ turn: 2, phase: 'start', step: 'discard' });
      else expect(g.turn).toMatchObject({ phase: 'end', step: 'scoring' });
      if (turn > 1) expect(pendingDecisions(g.state)[0]).toMatchObject({ seat: g.turn.initiative, kind: 'score-strategy' });
      scoreNothing(g);
    }
    expect(killedBy).toBe(g.model(0, 'Ada Quill').id);
    expect(g.game.stage).toBe('over');
    expect(g.state.table.status).toBe('ended');
    // COND-8: Burning +2 took 1 each End Phase from turn 2 (AMB-5), four times by the end.
    const knight = g.game.models.find((m) => m.seat === 1 && m.name === 'Quill Knight')!;
    expect(knight.maxHealth - knight.health).toBeGreaterThanOrEqual(4);
    // Replay equals state, at every step of the game.
    for (let i = 0; i < g.states.length; i += 17) expect(replay(g.log.slice(0, g.lengths[i]))).toEqual(g.states[i]);
    expect(replay(g.log)).toEqual(g.state);
  });

  it('bad input: out of turn, a model twice, one not yours, an unknown model, a scheme outside the pool — refused, nothing changed', () => {
    const g = setUp();
    startPhase(g);
    const active = g.turn.active!;
    const idle = active === 0 ? 1 : 0;
    const mine = g.game.models.find((m) => m.controller === active)!;
    const theirs = g.game.models.find((m) => m.controller === idle)!;
    const before = g.state;
    expect(g.refused({ type: 'activate', model: theirs.id }, idle)).toBe('NOT_YOUR_TURN');
    expect(g.refused({ type: 'activate', model: theirs.id }, active)).toBe('NOT_YOUR_MODEL');
    expect(g.refused({ type: 'activate', model: 'nobody' }, active)).toBe('UNKNOWN_MODEL');
    g.send({ type: 'activate', model: mine.id }, active);
    g.send({ type: 'endActivation' }, active);
    // Back to this seat later: the same model cannot activate twice (AMB-21).
    while (g.turn.active !== active) {
      const seat = g.turn.active!;
      g.send({ type: 'activate', model: g.game.models.find((m) => m.controller === seat && !m.activated)!.id }, seat);
      g.send({ type: 'endActivation' }, seat);
    }
    expect(g.refused({ type: 'activate', model: mine.id }, active)).toBe('ALREADY_ACTIVATED');
    expect(before.game?.turn?.activating).toBeNull();
    const fresh = new ScriptedGame();
    fresh.send({ type: 'startWholeGame', gameId: 'g2', seats: [{ userId: 'u-alice', name: 'Alice' }, { userId: 'u-bob', name: 'Bob' }], seed: SEED, createdBy: 'u-alice', options: { pack: 'core', encounterSize: 50 } }, 0);
    fresh.send({ type: 'declareCrew', crew: ADA_CREW, profiles: inkwellTable }, 0);
    fresh.send({ type: 'declareCrew', crew: SCRIBE_CREW, profiles: inkwellTable }, 1);
    const none = (scheme: string) => ({ scheme, friendly: [], enemy: [], markerType: null, terrain: null }) as never;
    expect(fresh.refused({ type: 'chooseSchemes', choice: [none('core.breakthrough'), none('core.assassinate')] }, 0)).toBe('SCHEME_NOT_IN_POOL');
  });

  it('hidden information: a crew before both are in, and the schemes with their picks, appear in no public view or public event', () => {
    const g = setUp();
    const publicText = (state: WholeState, upTo: number) => JSON.stringify(publicView(state)) + JSON.stringify(g.log.slice(0, upTo).map(publicEvent));
    // After Alice's crew only: Blotter (hers alone) is nowhere public; Bob sees nothing of it either.
    const afterAlice = g.states[1]!;
    expect(afterAlice.game?.crews[0]).not.toBeNull();
    expect(publicText(afterAlice, g.lengths[1]!)).not.toContain('Blotter');
    expect(JSON.stringify(privateView(afterAlice, 1))).not.toContain('Blotter');
    expect(JSON.stringify(privateView(afterAlice, 0))).toContain('Blotter');
    // The schemes: every public view and event of the whole set-up shows commitments, never a pick.
    for (let i = 0; i < g.states.length; i++) {
      const text = publicText(g.states[i]!, g.lengths[i]!);
      expect(text).not.toMatch(/"scheme":"|"friendly":|"enemy":|"markerType":/);
    }
    expect(JSON.stringify(privateView(g.state, 1))).toContain('"scheme":"core.take-prisoner"');
    expect(JSON.stringify(privateView(g.state, 0))).not.toContain('"scheme":"core.take-prisoner"');
  });

  it('whose decision is always defined while the game runs', () => {
    const g = setUp();
    for (let turn = 1; turn <= 5; turn++) {
      startPhase(g);
      activations(g);
      scoreNothing(g);
    }
    for (const state of g.states) {
      const running = state.table.status === 'active' && state.game?.stage !== 'over';
      if (running) expect(pendingDecisions(state).length, JSON.stringify(state.game?.turn)).toBeGreaterThan(0);
    }
    expect(pendingDecisions(g.state)).toEqual([]);
  });
});


describe('naming a model', () => {
  it('a model is named by its id, its label (A1, B2) or its name; a copy by its number; a shared name is refused with the labels', async () => {
    const { resolveModel, modelLabel } = await import('./play.js');
    const g = setUp();
    const game = g.game;
    const ada = game.models.find((m) => m.name === 'Ada Quill')!;
    expect(modelLabel(ada)).toBe('A1');
    for (const ref of [ada.id, 'A1', 'a1', 'ada quill', 'Ada  Quill']) expect(resolveModel(game, ref)).toMatchObject({ ok: true, value: { id: ada.id } });
    // Both crews hire Pages (Bob two): the name alone is ambiguous, and the refusal lists their labels.
    const pages = game.models.filter((m) => m.name === 'Page');
    expect(pages.map((m) => m.seat)).toEqual([0, 1, 1]);
    expect(resolveModel(game, 'Page')).toMatchObject({ ok: false, error: { code: 'MODEL_AMBIGUOUS', params: { labels: pages.map((m) => `${modelLabel(m)} Page`).join(', ') } } });
    // Copies are numbered within their crew, as the status numbers them: Bob's second Page is "Page 2";
    // "Page 1" names a Page in each crew.
    expect(resolveModel(game, 'Page 2')).toMatchObject({ ok: true, value: { id: pages[2]!.id } });
    expect(resolveModel(game, 'Page 1')).toMatchObject({ ok: false, error: { code: 'MODEL_AMBIGUOUS' } });
    expect(resolveModel(game, 'Nobody')).toMatchObject({ ok: false, error: { code: 'UNKNOWN_MODEL' } });
  });
});
