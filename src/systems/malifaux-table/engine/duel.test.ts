/** DUEL-1..DUEL-12. */
import { describe, expect, it } from 'vitest';
import type { DuelResolution } from './schema.js';
import { P0, P1, given, scenario } from './testkit.js';

const opposed = { type: 'opposedDuel', attacker: 0, attackerStat: 5, defenderStat: 5 } as const;

describe('duels', () => {
  it('DUEL-1: a simple duel flips only the initiator against a TN; an opposed duel flips both', () => {
    const simple = scenario({ decks: [['7R'], ['7T']] }).do({ type: 'simpleDuel', stat: 5, tn: 12 }, P0);
    expect(simple.events.filter((e) => e.type === 'CardsFlipped').map((e) => e.type === 'CardsFlipped' && e.seat)).toEqual([0]);
    expect(simple.lastOf('DuelResolved')?.result).toMatchObject({ opposed: false, defender: null, attacker: { total: 12, succeeded: true } });
    const both = scenario({ decks: [['7R'], ['7T']] }).do(opposed, P0);
    expect(both.events.filter((e) => e.type === 'CardsFlipped').map((e) => e.type === 'CardsFlipped' && e.seat)).toEqual([0, 1]);
  });

  it('DUEL-2: a duel carries the name of its stat/action as a label for the log', () => {
    given(scenario()).when({ type: 'simpleDuel', stat: 5, tn: 10, label: 'Wp duel' }, P0).thenIncludes([{ type: 'DuelStarted', label: 'Wp duel' }]);
  });

  it('DUEL-3: the attacker initiates: only the attacker’s player may start the duel', () => {
    given(scenario()).when({ ...opposed, attacker: 1 }, P0).thenError('NOT_YOUR_SEAT', 'DUEL-3');
    given(scenario()).when({ ...opposed, attacker: 1 }, P1).thenIncludes([{ type: 'DuelStarted', initiator: 1 }]);
  });

  it('DUEL-4: Steps A–F run in order: soulstones (attacker first), flips, picks, cheats, RJ suit and totals, triggers, result', () => {
    const s = scenario({ decks: [['RJ', '2R'], ['3C', '9C']], hands: [['1R'], ['1C']], soulstones: [1, 1] })
      .do(
        {
          ...opposed,
          attackerSoulstoneUser: true,
          defenderSoulstoneUser: true,
          attackerTriggers: [{ name: 'Onslaught', suits: ['R'] }],
          defenderTriggers: [{ name: 'Parry', suits: ['C'] }],
        },
        P0,
      )
      .answer('plus') // A attacker
      .answer('plus') // A defender
      .answer('RJ') // B attacker picks first
      .answer('9C') // B defender
      // C: the defender (14 < 19) decides first but the attacker flipped the RJ (CHEAT-3c)
      .answer('decline') // C attacker
      .answer('R') // D
      .answer('Onslaught') // E attacker
      .answer('Parry'); // E defender
    const order = s.events
      .filter((e) => !['GameStarted', 'DeckShuffled', 'CardsDrawn', 'SoulstonesSet', 'DecisionOpened', 'DecisionClosed'].includes(e.type))
      .map((e) => ('seat' in e ? `${e.type}:${e.seat}` : e.type));
    expect(order).toEqual([
      'DuelStarted',
      'SoulstoneUsed:0',
      'SoulstoneUsed:1',
      'CardsFlipped:0',
      'CardsFlipped:1',
      'FlipCardChosen:0',
      'FlipCardChosen:1',
      'CheatSkipped:1',
      'CheatDeclined:0',
      'RedJokerSuitChosen:0',
      'DuelTotalsAnnounced',
      'TriggerDeclared:0',
      'TriggerDeclared:1',
      'DuelResolved',
      'ResolutionEnded',
    ]);
  });

  it('DUEL-5: suits are a multiset: a doubled suit needs two of them [AMB-42]', () => {
    const one = scenario({ decks: [['9R'], []] }).do({ type: 'simpleDuel', stat: 5, tn: 10, tnSuits: ['R', 'R'] }, P0);
    expect(one.lastOf('DuelResolved')?.result.attacker.succeeded).toBe(false);
    const two = scenario({ decks: [['9R'], []] }).do({ type: 'simpleDuel', stat: 5, statSuits: ['R'], tn: 10, tnSuits: ['R', 'R'] }, P0);
    expect(two.lastOf('DuelResolved')?.result.attacker).toMatchObject({ suits: ['R', 'R'], succeeded: true });
  });

  it('DUEL-6: a tie goes to the attacker; the defender needs strictly more; the TN applies to the attacker only', () => {
    const tie = scenario({ decks: [['8M'], ['8T']] }).do(opposed, P0);
    expect(tie.lastOf('DuelResolved')?.result).toMatchObject({ attacker: { succeeded: true }, defender: { succeeded: false }, diff: 0 });
    const more = scenario({ decks: [['8M'], ['9T']] }).do(opposed, P0);
    expect(more.lastOf('DuelResolved')?.result).toMatchObject({ attacker: { succeeded: false }, defender: { succeeded: true } });
    const tn = scenario({ decks: [['8M'], ['2T']] }).do({ ...opposed, tn: 14 }, P0);
    expect(tn.lastOf('DuelResolved')?.result).toMatchObject({ attacker: { total: 13, succeeded: false }, defender: { succeeded: false } });
  });

  it('DUEL-7: in a friendly duel the defender may yield before any flip: its total equals the attacker’s, the attacker succeeds with precision − [AMB-19]', () => {
    const s = scenario({ decks: [['9M'], ['13C']], soulstones: [0, 2] }).do(
      { ...opposed, friendly: true, defenderSoulstoneUser: true, defenderTriggers: [{ name: 'Any', suits: [] }] },
      P0,
    );
    s.expectPending('yield', 1);
    expect(s.events.some((e) => e.type === 'CardsFlipped')).toBe(false);
    const y = s.answer('yield');
    const r = y.lastOf('DuelResolved')?.result;
    expect(r?.defender).toMatchObject({ yielded: true, total: 14, suits: [], succeeded: false });
    expect(r).toMatchObject({ attacker: { total: 14, succeeded: true }, diff: 0, precision: -1, triggers: [] });
    expect(y.events.filter((e) => e.type === 'CardsFlipped')).toHaveLength(1);
    expect(y.active.seats[1].soulstones).toBe(2);
    const fight = s.answer('fight');
    fight.expectPending('soulstone', 1);
  });

  it('DUEL-8: friendly models may attack each other: both sides may belong to the same seat', () => {
    const s = scenario({ decks: [['9M', '4C'], []] }).do({ ...opposed, defender: 0 }, P0);
    expect(s.lastOf('DuelResolved')?.result).toMatchObject({ attacker: { seat: 0, total: 14 }, defender: { seat: 0, total: 9 } });
  });

  it('DUEL-9: the controller decides and pays from their own deck, hand and soulstones', () => {
    // Seat 1 controls the defending model: its deck flips, its pool pays, its player decides.
    const s = scenario({ decks: [['2R'], ['6C']], hands: [['1R'], ['13T']], soulstones: [0, 1] }).do({ ...opposed, defenderSoulstoneUser: true }, P0);
    s.expectPending('soulstone', 1);
    given(s).when({ type: 'draw', count: 1 }, P0).thenError('WAITING_FOR_DECISION');
    given(s).when({ type: 'useSoulstone', use: 'plus' }, P0).thenError('NOT_A_SOULSTONE_USER', 'SS-1');
    const after = s.answer('none');
    expect(after.active.resolution?.flips.map((f) => [f.seat, f.taken])).toEqual([
      [0, '2R'],
      [1, '6C'],
    ]);
  });

  it('DUEL-10: a fate modifier on the stat joins the duel flip’s net', () => {
    const s = scenario({ decks: [['9M', '3M'], []] }).do({ type: 'simpleDuel', stat: 5, tn: 10, fate: -1 }, P0);
    expect(s.events).toContainEqual({ type: 'CardsFlipped', seat: 0, slot: 'attacker', net: -1, cheatable: true, cards: ['9M', '3M'] });
    expect(s.lastOf('DuelResolved')?.result.attacker).toMatchObject({ card: '3M', total: 8 });
  });

  it('DUEL-11: cover gives the defender +1 Df for the duel and − to the damage flip', () => {
    const s = scenario({ decks: [['12M', '9C', '2C'], ['5T']] }).do({ ...opposed, inCover: true, damage: { profile: [1, 2, 3] } }, P0);
    const r = s.lastOf('DuelResolved')?.result;
    expect(r?.defender).toMatchObject({ total: 11, modifier: 1 });
    expect(r?.precision).toBe(0); // 17 − 11 = 6
    expect(s.events).toContainEqual(expect.objectContaining({ type: 'CardsFlipped', slot: 'damage', net: -1, cards: ['9C', '2C'] }));
  });

  it('DUEL-12: concealment gives − to the attacker’s duel flip (not the defender’s)', () => {
    const s = scenario({ decks: [['9M', '3M'], ['5T']] }).do({ ...opposed, inConcealment: true }, P0);
    const res = s.events.filter((e) => e.type === 'CardsFlipped').map((e) => e.type === 'CardsFlipped' && [e.slot, e.net]);
    expect(res).toEqual([
      ['attacker', -1],
      ['defender', 0],
    ]);
  });

  it('the duel is visible in the state while it waits (resolution with sides, flips, totals)', () => {
    const s = scenario({ decks: [['9M'], ['5T']] }).do({ ...opposed, attackerTriggers: [{ name: 'X', suits: ['M'] }] }, P0);
    const res = s.active.resolution as DuelResolution;
    expect(res.totals?.map((t) => t.total)).toEqual([14, 10]);
    s.expectPending('trigger', 0);
  });
});
