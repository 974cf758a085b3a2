/** TRIG-1..TRIG-7. */
import { describe, expect, it } from 'vitest';
import { containsSuits, legalTriggers, missingSuits, triggerStatus, unpaidTriggerCost } from './triggers.js';
import type { Command, DuelSide, SideTotal } from './schema.js';
import { P0, P1, given, scenario } from './testkit.js';

const opposed = { type: 'opposedDuel', attacker: 0, attackerStat: 5, defenderStat: 5 } as const;

/** An attacker with these triggers, as DuelStarted records it (nothing declared yet). */
const attackerSide = (triggers: DuelSide['triggers'], more: Partial<DuelSide> = {}): DuelSide => ({
  role: 'attacker',
  seat: 0,
  stat: 5,
  statSuits: [],
  modifier: 0,
  fate: 0,
  soulstoneUser: false,
  triggers,
  yielded: false,
  soulstone: null,
  triggerDone: false,
  trigger: null,
  ...more,
});
/** Stat 5 + 9M = 14, suits M and R (a stat suit). */
const total14: SideTotal = { role: 'attacker', seat: 0, stat: 5, card: '9M', cardValue: 9, modifier: 0, suits: ['M', 'R'], total: 14, yielded: false };

describe('triggers', () => {
  it('TRIG-1: only triggers whose suits are in the final total are offered; others are refused with the missing suits', () => {
    const s = scenario({ decks: [['9M'], ['2T']] }).do(
      {
        ...opposed,
        attackerStatSuits: ['R'],
        attackerTriggers: [
          { name: 'Critical Strike', suits: ['M'] },
          { name: 'Flurry', suits: ['R', 'R'] },
          { name: 'Shove', suits: ['C'] },
        ],
      },
      P0,
    );
    expect(s.expectPending('trigger', 0).legal).toEqual(['Critical Strike']);
    given(s).when({ type: 'declareTrigger', trigger: 'Flurry' }, P0).thenError('TRIGGER_SUITS_MISSING', 'TRIG-1');
    expect(given(s).when({ type: 'declareTrigger', trigger: 'Shove' }, P0).thenError('TRIGGER_SUITS_MISSING').params).toEqual({ trigger: 'Shove', suits: 'C' });
    given(s).when({ type: 'declareTrigger', trigger: 'Nope' }, P0).thenError('UNKNOWN_TRIGGER');
    given(s).when({ type: 'declareTrigger', trigger: 'Critical Strike' }, P0).thenIncludes([{ type: 'TriggerDeclared', trigger: 'Critical Strike', reason: 'choice' }]);
    expect(missingSuits(['R', 'M'], ['R', 'R', 'C'])).toEqual(['R', 'C']);
    expect(containsSuits(['R', 'R', 'M'], ['R', 'R'])).toBe(true);
  });

  it('TRIG-1: without any legal trigger, no decision is asked and the log says why', () => {
    const s = scenario({ decks: [['9M'], ['2T']] }).do({ ...opposed, attackerTriggers: [{ name: 'Shove', suits: ['C'] }] }, P0);
    expect(s.events).toContainEqual({ type: 'TriggerDeclared', seat: 0, role: 'attacker', trigger: null, reason: 'noLegalTrigger' });
    expect(s.pending).toBeNull();
  });

  it('TRIG-2: one trigger per model per duel (and none by choice)', () => {
    const s = scenario({ decks: [['9M'], ['2T']] }).do({ ...opposed, attackerTriggers: [{ name: 'A', suits: ['M'] }, { name: 'B', suits: [] }] }, P0);
    const after = s.answer('A');
    expect(after.pending).toBeNull();
    given(after).when({ type: 'declareTrigger', trigger: 'B' }, P0).thenError('NO_DECISION_PENDING');
    const none = s.answer('-');
    expect(none.lastOf('DuelResolved')?.result.triggers).toEqual([]);
  });

  it('TRIG-2: a Stunned model declares no trigger, even one its suits would allow; the other side still may', () => {
    const duel = { ...opposed, attackerTriggers: [{ name: 'A', suits: [] }], defenderTriggers: [{ name: 'R', suits: [] }] };
    const stunned = scenario({ decks: [['9M'], ['2T']] }).do({ ...duel, attackerStunned: true }, P0);
    expect(stunned.events).toContainEqual({ type: 'TriggerDeclared', seat: 0, role: 'attacker', trigger: null, reason: 'stunned' });
    stunned.expectPending('trigger', 1);
    given(stunned).when({ type: 'declareTrigger', trigger: 'A' }, P0).thenError('WAITING_FOR_DECISION');
    const both = scenario({ decks: [['9M'], ['2T']] }).do({ ...duel, attackerStunned: true, defenderStunned: true }, P0);
    expect(both.pending).toBeNull();
    expect(both.lastOf('DuelResolved')?.result.triggers).toEqual([]);
    const simple = scenario({ decks: [['9M'], []] }).do({ type: 'simpleDuel', stat: 5, tn: 5, triggers: [{ name: 'A', suits: [] }], stunned: true }, P0);
    expect(simple.lastOf('TriggerDeclared')).toMatchObject({ trigger: null, reason: 'stunned' });
  });

  it('TRIG-3: resist triggers belong to the defender and are declared after the attacker’s [AMB-3]', () => {
    const s = scenario({ decks: [['9M'], ['2T']] }).do(
      { ...opposed, attackerTriggers: [{ name: 'Atk', suits: ['M'] }], defenderTriggers: [{ name: 'Resist', suits: ['T'] }] },
      P0,
    );
    s.expectPending('trigger', 0);
    given(s).when({ type: 'declareTrigger', trigger: 'Resist' }, P1).thenError('WAITING_FOR_DECISION');
    s.answer('Atk').expectPending('trigger', 1);
  });

  it('TRIG-3 / GEN-2: resist triggers cannot be used against the attack a Disengage allows (neither side declares one)', () => {
    const duel: Command = { ...opposed, attackerTriggers: [{ name: 'Atk', suits: [] }], defenderTriggers: [{ name: 'Resist', suits: [] }], disengage: true };
    const s = scenario({ decks: [['9M'], ['2T']] }).do(duel, P0);
    expect(s.pending).toBeNull();
    expect(s.events.filter((e) => e.type === 'TriggerDeclared')).toEqual([
      { type: 'TriggerDeclared', seat: 0, role: 'attacker', trigger: null, reason: 'disengage' },
      { type: 'TriggerDeclared', seat: 1, role: 'defender', trigger: null, reason: 'disengage' },
    ]);
    given(s).when({ type: 'declareTrigger', trigger: 'Resist' }, P1).thenError('NO_DECISION_PENDING');
  });

  it('TRIG-4: a discard cost is paid on declaration from the hand, privately chosen, publicly discarded; the other side waits', () => {
    const duel: Command = {
      ...opposed,
      attackerTriggers: [{ name: 'Flurry', suits: ['M'], cost: { discard: 1 } }],
      defenderTriggers: [{ name: 'Riposte', suits: [] }],
    };
    const s = scenario({ decks: [['9M'], ['2T']], hands: [['3R', '4C'], []] }).do(duel, P0).answer('decline');
    // Alice 5 + 9M = 14 vs Bob 5 + 2T = 7: Bob had nothing to cheat with; Alice declined. Step E, attacker first.
    s.expectPending('trigger', 0);
    const declared = s.answer('Flurry');
    const cost = declared.expectPending('triggerCost', 0);
    expect(cost).toMatchObject({ trigger: 'Flurry', count: 1, legal: ['3R', '4C'] });
    given(declared).when({ type: 'declareTrigger', trigger: 'Riposte' }, P1).thenError('WAITING_FOR_DECISION');
    given(declared).when({ type: 'payTriggerCost', cards: ['3R', '4C'] }, P0).thenError('DISCARD_COUNT', 'TRIG-4');
    given(declared).when({ type: 'payTriggerCost', cards: ['9R'] }, P0).thenError('CARD_NOT_IN_HAND', 'TRIG-4');
    const paid = declared.answer(['4C']);
    expect(paid.last[0]).toEqual({ type: 'TriggerCostPaid', seat: 0, role: 'attacker', trigger: 'Flurry', cards: ['4C'] });
    expect(paid.active.seats[0].hand).toEqual(['3R']);
    expect(paid.active.seats[0].discard).toContain('4C');
    paid.expectPending('trigger', 1);
    const done = paid.answer('Riposte');
    expect(done.lastOf('DuelResolved')?.result.triggers.map((t) => [t.name, t.status])).toEqual([
      ['Flurry', 'fires'],
      ['Riposte', 'fizzles'],
    ]);
  });

  it('TRIG-4: a trigger whose cost the hand cannot pay is not offered, and declaring it is refused with the reason', () => {
    const duel: Command = {
      ...opposed,
      attackerTriggers: [
        { name: 'Flurry', suits: ['M'], cost: { discard: 2 } },
        { name: 'Critical Strike', suits: ['M'] },
      ],
    };
    const s = scenario({ decks: [['9M'], ['2T']], hands: [['3R'], []] }).do(duel, P0).answer('decline');
    expect(s.expectPending('trigger', 0).legal).toEqual(['Critical Strike']);
    given(s).when({ type: 'declareTrigger', trigger: 'Flurry' }, P0).thenError('TRIGGER_COST_UNPAYABLE', 'TRIG-4');
  });

  it('TRIG-5: target restrictions are the caller’s (it lists only the triggers that apply); the engine records the declaration', () => {
    const s = scenario({ decks: [['9M'], ['2T']] }).do({ ...opposed, attackerTriggers: [{ name: 'Enemy only: Hamstring', suits: ['M'] }] }, P0);
    const after = s.answer('Enemy only: Hamstring');
    expect(after.lastOf('DuelResolved')?.result.triggers).toEqual([
      { role: 'attacker', seat: 0, name: 'Enemy only: Hamstring', timing: 'afterSucceeding', status: 'fires' },
    ]);
  });

  it('TRIG-6 / DMG-7: a fired "when resolving: +N damage" trigger adds to the damage flip; never on the Black Joker (DMG-6); not to blasts', () => {
    const duel: Command = { ...opposed, attackerTriggers: [{ name: 'Critical Strike', suits: ['M'], timing: 'whenResolving', damage: 1 }], damage: { profile: [2, 3, 4], blasts: [0, 0, 1] } };
    const play = (damageCard: string, declare: string) => scenario({ decks: [['9M', damageCard], ['2T']] }).do(duel, P0).answer(declare);
    // 5 + 9M = 14 vs 7: a margin of 7, no precision modifier; the damage flip reveals one card.
    expect(play('12C', 'Critical Strike').lastOf('DamageResolved')?.result).toMatchObject({ card: '12C', base: 5, final: 5, blasts: 1, blastDamage: 3 });
    expect(play('12C', '-').lastOf('DamageResolved')?.result).toMatchObject({ base: 4, final: 4 });
    expect(play('BJ', 'Critical Strike').lastOf('DamageResolved')?.result).toMatchObject({ card: 'BJ', base: 0, final: 0 });
  });

  it('TRIG-6: timing decides whether a declared trigger takes effect', () => {
    expect(triggerStatus('immediately', false)).toBe('fires');
    expect(triggerStatus('afterResolving', false)).toBe('fires');
    expect(triggerStatus('whenResolving', false)).toBe('fizzles');
    expect(triggerStatus('afterSucceeding', true)).toBe('fires');
    expect(triggerStatus('afterSucceeding', false)).toBe('fizzles');
    expect(triggerStatus('afterKilling', true)).toBe('ifKilled');
    const s = scenario({ decks: [['9M'], ['12T']] }).do({ ...opposed, attackerTriggers: [{ name: 'Now', suits: ['M'], timing: 'immediately' }] }, P0).answer('Now');
    expect(s.lastOf('DuelResolved')?.result).toMatchObject({ attacker: { succeeded: false }, triggers: [{ name: 'Now', status: 'fires' }] });
  });

  it('TRIG-7: an action generated by a trigger declares no trigger; the defender’s resist triggers still may', () => {
    const duel: Command = { ...opposed, attackerTriggers: [{ name: 'A', suits: [] }], defenderTriggers: [{ name: 'R', suits: [] }], generated: true };
    const s = scenario({ decks: [['9M'], ['2T']] }).do(duel, P0);
    expect(s.events).toContainEqual({ type: 'TriggerDeclared', seat: 0, role: 'attacker', trigger: null, reason: 'generated' });
    s.expectPending('trigger', 1);
    const simple = scenario({ decks: [['9M'], []] }).do({ type: 'simpleDuel', stat: 5, tn: 5, triggers: [{ name: 'A', suits: [] }], generated: true }, P0);
    expect(simple.pending).toBeNull();
    expect(simple.lastOf('TriggerDeclared')).toMatchObject({ trigger: null, reason: 'generated' });
    // The same duel, not generated: Alice is asked.
    scenario({ decks: [['9M'], ['2T']] }).do({ ...duel, generated: false }, P0).expectPending('trigger', 0);
  });

  it('TRIG-1 / TRIG-4: the legal triggers are those whose suits the total holds and whose discard cost the hand can pay, a cost equal to the hand included', () => {
    const crit = { name: 'Critical Strike', suits: ['M' as const] };
    const flurry = { name: 'Flurry', suits: ['M' as const, 'R' as const], cost: { discard: 2 } };
    const shove = { name: 'Shove', suits: ['M' as const, 'M' as const] };
    const side = attackerSide([crit, flurry, shove]);
    expect(legalTriggers(side, total14, 2)).toEqual([crit, flurry]);
    expect(legalTriggers(side, total14, 1)).toEqual([crit]);
    // No total announced for this side: nothing to declare with.
    expect(legalTriggers(side, undefined, 5)).toEqual([]);
  });

  it('TRIG-2 / TRIG-7 / TRIG-3 / AMB-19: a barred side (Stunned, generated action, Disengage) and a yielding one have no legal trigger, whatever their suits', () => {
    const any = [{ name: 'Any', suits: [] }];
    for (const barred of ['stunned', 'generated', 'disengage'] as const) expect(legalTriggers(attackerSide(any, { triggersBarred: barred }), total14, 3)).toEqual([]);
    expect(legalTriggers(attackerSide(any), { ...total14, role: 'attacker', yielded: true }, 3)).toEqual([]);
    expect(legalTriggers(attackerSide(any), total14, 0)).toEqual(any);
  });

  it('TRIG-4: a declared trigger with a discard cost owes it until paid; none is owed without a cost, before declaring, or after declaring none', () => {
    const flurry = { name: 'Flurry', suits: [], cost: { discard: 2 } };
    const crit = { name: 'Critical Strike', suits: [] };
    expect(unpaidTriggerCost(attackerSide([crit, flurry], { triggerDone: true, trigger: 'Flurry' }))).toEqual({ trigger: 'Flurry', discard: 2 });
    expect(unpaidTriggerCost(attackerSide([crit, flurry], { triggerDone: true, trigger: 'Flurry', triggerCostPaid: ['3R', '4C'] }))).toBeNull();
    expect(unpaidTriggerCost(attackerSide([crit, flurry], { triggerDone: true, trigger: 'Critical Strike' }))).toBeNull();
    expect(unpaidTriggerCost(attackerSide([crit, flurry]))).toBeNull();
    expect(unpaidTriggerCost(attackerSide([crit, flurry], { triggerDone: true, trigger: null }))).toBeNull();
  });

  it('TRIG-4: a hand that holds exactly the cost may pay it (the trigger is offered); after paying, the hand is empty', () => {
    const duel: Command = { ...opposed, attackerTriggers: [{ name: 'Flurry', suits: ['M'], cost: { discard: 1 } }] };
    const s = scenario({ decks: [['9M'], ['2T']], hands: [['3R'], []] }).do(duel, P0).answer('decline');
    expect(s.expectPending('trigger', 0).legal).toEqual(['Flurry']);
    const paid = s.answer('Flurry').answer(['3R']);
    expect(paid.active.seats[0].hand).toEqual([]);
    expect(paid.lastOf('DuelResolved')?.result.triggers).toEqual([{ role: 'attacker', seat: 0, name: 'Flurry', timing: 'afterSucceeding', status: 'fires' }]);
  });

  it('TRIG-6: every timing against success and failure', () => {
    const table = (['immediately', 'afterResolving', 'whenResolving', 'afterSucceeding', 'afterKilling'] as const).map((timing) => [timing, triggerStatus(timing, true), triggerStatus(timing, false)]);
    expect(table).toEqual([
      ['immediately', 'fires', 'fires'],
      ['afterResolving', 'fires', 'fires'],
      ['whenResolving', 'fires', 'fizzles'],
      ['afterSucceeding', 'fires', 'fizzles'],
      ['afterKilling', 'ifKilled', 'fizzles'],
    ]);
  });
});
