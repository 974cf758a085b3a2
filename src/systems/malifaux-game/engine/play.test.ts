/**
 * What players enter by hand during the turns, through the whole game's decider: an attack's checks
 * (ACT-4, ACT-5), Adversary's X (COND-5), damage a model takes by its own choice (`/model damage …
 * chosen:true`, DMG-16). (That a refusal changes nothing is shown end to end, in e2e-whole-game.)
 */
import { describe, expect, it } from 'vitest';
import { setUp, startPhase, type ScriptedGame } from './testkit.js';
import type { ModelInPlay } from './schema.js';

/** Turn 1, the active seat’s Scribe Major and the other seat’s. */
function scene(): { g: ScriptedGame; seat: 0 | 1; mine: ModelInPlay; theirs: ModelInPlay } {
  const g = setUp();
  startPhase(g);
  const seat = g.turn.active!;
  return { g, seat, mine: g.model(seat, 'Scribe Major'), theirs: g.model(seat === 0 ? 1 : 0, 'Scribe Major') };
}

describe('an attack entered with /attack (ACT-4, ACT-5)', () => {
  const attack = (attacker: ModelInPlay, target: ModelInPlay) => ({ type: 'modelDuel' as const, attacker: attacker.id, target: target.id, stat: 6, resist: 'df' as const });

  it('ACT-4: an attack is made in the Activation Phase, by a model of one’s own', () => {
    const g = setUp();
    const early = { mine: g.model(0, 'Scribe Major'), theirs: g.model(1, 'Scribe Major') };
    // Turn 1's Start Phase: no activation, no attack.
    expect(g.refused(attack(early.mine, early.theirs), 0)).toBe('WRONG_STEP');
    startPhase(g);
    const seat = g.turn.active!;
    const mine = g.model(seat, 'Scribe Major');
    const theirs = g.model(seat === 0 ? 1 : 0, 'Scribe Major');
    expect(g.refused(attack(theirs, mine), seat)).toBe('NOT_YOUR_MODEL');
    expect(g.refused(attack(mine, theirs), seat)).toBeNull();
  });

  it('ACT-5: a model cannot attack itself, nor a model out of play', () => {
    const { g, seat, mine, theirs } = scene();
    expect(g.refused(attack(mine, mine), seat)).toBe('SELF_TARGET');
    g.send({ type: 'damageModel', model: theirs.id, amount: theirs.health }, seat);
    expect(g.refused(attack(mine, theirs), seat)).toBe('NOT_IN_PLAY');
  });
});

describe('conditions entered with /model condition (COND-5)', () => {
  it('COND-5: Adversary needs its X; with it, the model gains Adversary (X)', () => {
    const { g, seat, theirs } = scene();
    expect(g.refused({ type: 'changeCondition', model: theirs.id, condition: 'adversary', change: 1 }, seat)).toBe('ADVERSARY_WITHOUT_X');
    g.send({ type: 'changeCondition', model: theirs.id, condition: 'adversary', change: 1, x: 'Inkwell' }, seat);
    expect(g.game.models.find((m) => m.id === theirs.id)).toMatchObject({ conditions: { adversary: 1 }, adversaryOf: ['inkwell'] });
  });
});

describe('chosen damage (DMG-16)', () => {
  it('DMG-16: a model’s controller chooses damage for it; it is dealt and credited to nobody', () => {
    const { g, seat, mine } = scene();
    g.send({ type: 'damageModel', model: mine.id, amount: mine.health - 1, chosen: true }, seat);
    const after = g.game.models.find((m) => m.id === mine.id)!;
    expect(after).toMatchObject({ health: 1, status: 'in-play' });
    const batch = g.batches.at(-1)!;
    expect(batch.events).toEqual([expect.objectContaining({ type: 'ModelsChanged', change: 'chosenDamage', by: null, amount: mine.health - 1 })]);
    // Not damage dealt by a model: nothing for the damage records (§13-A14).
    expect(g.game.records.damage).toEqual([]);
  });

  it('DMG-16: damage that would take the model to 0 Health is refused; not chosen, the same damage kills', () => {
    const { g, seat, mine } = scene();
    expect(g.refused({ type: 'damageModel', model: mine.id, amount: mine.health, chosen: true }, seat)).toBe('CHOSEN_DAMAGE_KILLS');
    expect(g.refused({ type: 'damageModel', model: mine.id, amount: 99, chosen: true }, seat)).toBe('CHOSEN_DAMAGE_KILLS');
    // The same damage not chosen (an enemy's effect) kills, as any damage does.
    g.send({ type: 'damageModel', model: mine.id, amount: mine.health }, seat);
    expect(g.game.models.find((m) => m.id === mine.id)!.status).toBe('killed');
  });

  it('DMG-16: only the model’s controller chooses for it, and chosen damage names no dealer', () => {
    const { g, seat, mine, theirs } = scene();
    expect(g.refused({ type: 'damageModel', model: theirs.id, amount: 1, chosen: true }, seat)).toBe('NOT_YOUR_MODEL');
    expect(g.refused({ type: 'damageModel', model: mine.id, amount: 1, chosen: true, by: theirs.id }, seat)).toBe('CHOSEN_DAMAGE_DEALER');
    expect(g.refused({ type: 'damageModel', model: mine.id, amount: 1, chosen: true, by: mine.id }, seat)).toBe('CHOSEN_DAMAGE_DEALER');
  });
});
