/**
 * The VP ledger (scoring.md §3 U1–U6, U11, §12; END-2..6): each universal rule refused with its code,
 * a result worked out by hand, the End Phase order, and properties over any entries offered in any order.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Seat } from '../../malifaux-table/engine/schema.js';
import type { SchemeId, StrategyId } from '../engine/encounterPacks.js';
import { CREW_CAP, bankedFrom, mayBank, resultOf, scoringOrder, vpBySource } from './ledger.js';
import type { VpEntry, VpSource } from './objective.js';

const TURF: VpSource = { kind: 'strategy', strategy: 'core.turf-war' };
const reveal = (scheme: SchemeId): VpSource => ({ kind: 'scheme', scheme, half: 'reveal' });
const end = (scheme: SchemeId): VpSource => ({ kind: 'scheme', scheme, half: 'end' });
const entry = (seat: Seat, turn: number, source: VpSource, vp = 1, how: VpEntry['how'] = 'records'): VpEntry => ({ seat, turn, source, vp, how, reason: how === 'correction' ? 'a referee’s ruling' : null });

/** Banks entries one by one, failing loudly on a refusal (the fixture must be legal). */
function bank(...entries: VpEntry[]): VpEntry[] {
  const ledger: VpEntry[] = [];
  for (const e of entries) {
    const r = mayBank(ledger, e);
    if (!r.ok) throw new Error(`${r.error.code} for ${JSON.stringify(e)}`);
    ledger.push(r.value);
  }
  return ledger;
}

const refusal = (entries: VpEntry[], e: VpEntry) => {
  const r = mayBank(entries, e);
  return r.ok ? null : r.error.code;
};

describe('mayBank', () => {
  it('U2: no VP in turn 1, from the strategy, a scheme’s Reveal or a correction', () => {
    expect(refusal([], entry(0, 1, TURF))).toBe('NO_VP_IN_TURN_ONE');
    expect(refusal([], entry(1, 1, reveal('core.assassinate')))).toBe('NO_VP_IN_TURN_ONE');
    expect(refusal([], entry(0, 1, TURF, 1, 'correction'))).toBe('NO_VP_IN_TURN_ONE');
    expect(refusal([], entry(0, 2, TURF))).toBeNull();
  });

  it('§3.1, U3: one strategy VP a turn, and never more than 4 — even through a correction', () => {
    const four = bank(entry(0, 2, TURF), entry(0, 3, TURF), entry(0, 4, TURF), entry(0, 5, TURF));
    expect(bankedFrom(four, 0, TURF)).toBe(4);
    expect(refusal(four, entry(0, 5, TURF))).toBe('STRATEGY_CAP');
    expect(refusal(bank(entry(0, 2, TURF)), entry(0, 2, TURF))).toBe('STRATEGY_ONCE_PER_TURN');
    expect(refusal(four, entry(0, 3, TURF, 1, 'correction'))).toBe('STRATEGY_CAP');
    const corrected = bank(...four, entry(0, 3, TURF, -1, 'correction'));
    expect(refusal(corrected, entry(0, 4, TURF, 1, 'correction'))).toBe('STRATEGY_ONCE_PER_TURN');
    expect(refusal(corrected, entry(0, 3, TURF, 1, 'correction'))).toBeNull();
  });

  it('U4: each half of a scheme scores once: a second Reveal in a later turn is refused', () => {
    const once = bank(entry(0, 2, reveal('core.breakthrough')));
    expect(refusal(once, entry(0, 3, reveal('core.breakthrough')))).toBe('SCHEME_HALF_SCORED');
    expect(refusal(once, entry(1, 3, reveal('core.breakthrough')))).toBeNull();
  });

  it('U6, END-4: an End objective is scored in turn 5 only', () => {
    expect(refusal([], entry(0, 4, end('core.assassinate')))).toBe('END_BEFORE_TURN_FIVE');
    expect(refusal(bank(entry(0, 3, reveal('core.assassinate'))), entry(0, 5, end('core.assassinate')))).toBeNull();
  });

  it('U6: a scheme that scored its Reveal in turn 5 cannot also score its End', () => {
    expect(refusal(bank(entry(0, 5, reveal('gg3.vendetta'))), entry(0, 5, end('gg3.vendetta')))).toBe('REVEALED_IN_TURN_FIVE');
  });

  it('U5: a scheme never scores 2 VP in one turn — its End taken first in turn 5 leaves no Reveal that turn', () => {
    expect(refusal(bank(entry(0, 5, end('gg3.vendetta'))), entry(0, 5, reveal('gg3.vendetta')))).toBe('SCHEME_ONCE_PER_TURN');
  });

  it('U11: 8 VP at most a crew — a third scheme’s VP after 4 + 2 + 2 is refused', () => {
    const full = bank(
      entry(0, 2, TURF),
      entry(0, 3, TURF),
      entry(0, 4, TURF),
      entry(0, 5, TURF),
      entry(0, 2, reveal('core.outflank')),
      entry(0, 5, end('core.outflank')),
      entry(0, 3, reveal('core.claim-jump')),
      entry(0, 5, end('core.claim-jump')),
    );
    expect(resultOf(full).vp[0]).toBe(CREW_CAP);
    expect(refusal(full, entry(0, 4, reveal('core.power-ritual')))).toBe('CREW_CAP');
  });

  it('U1, U4: a correction never takes a source below 0 in the turn it names; a VP other than +1 needs a correction; turns are 1–5 (U1)', () => {
    expect(refusal([], entry(0, 3, TURF, -1, 'correction'))).toBe('CORRECTION_BELOW_ZERO');
    expect(refusal(bank(entry(0, 2, TURF)), entry(0, 3, TURF, -1, 'correction'))).toBe('CORRECTION_BELOW_ZERO');
    expect(refusal(bank(entry(0, 2, TURF)), entry(0, 2, TURF, -1, 'correction'))).toBeNull();
    expect(refusal([], entry(0, 2, TURF, 2))).toBe('VP_INVALID');
    expect(refusal([], entry(0, 2, TURF, 0, 'correction'))).toBe('VP_INVALID');
    expect(refusal([], entry(0, 6, TURF))).toBe('TURN_INVALID');
  });
});

describe('resultOf', () => {
  it('U11, END-6: VP per crew and per turn, corrections counted where they belong; most VP wins', () => {
    const ledger = bank(
      entry(0, 2, TURF),
      entry(1, 2, { kind: 'strategy', strategy: 'core.turf-war' }),
      entry(0, 3, reveal('core.assassinate')),
      entry(0, 3, TURF),
      entry(1, 4, reveal('core.outflank')),
      entry(0, 3, reveal('core.assassinate'), -1, 'correction'),
      entry(0, 5, end('core.assassinate')),
      entry(1, 5, end('core.outflank')),
    );
    expect(resultOf(ledger)).toEqual({ vp: [3, 3], byTurn: [[0, 1, 1, 0, 1], [0, 1, 0, 1, 1]], winner: null });
    const bobAhead = [...ledger, entry(1, 3, { kind: 'strategy', strategy: 'core.turf-war' })];
    expect(mayBank(ledger, bobAhead[bobAhead.length - 1] as VpEntry).ok).toBe(true);
    expect(resultOf(bobAhead)).toMatchObject({ vp: [3, 4], winner: 1 });
    expect(vpBySource(ledger, 0)).toEqual([
      { source: TURF, vp: 2 },
      { source: end('core.assassinate'), vp: 1 },
    ]);
  });

  it('U11: a game nobody scored in is a draw at 0', () => {
    expect(resultOf([])).toEqual({ vp: [0, 0], byTurn: [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0]], winner: null });
  });
});

describe('scoringOrder', () => {
  it('§12, U8: every strategy of both crews before any scheme, the Initiative player’s crew first in each group, the given order kept', () => {
    const c = (seat: Seat, source: VpSource, label: string) => ({ seat, source, label });
    const candidates = [
      c(0, reveal('core.outflank'), 'A outflank'),
      c(1, reveal('core.assassinate'), 'B assassinate'),
      c(0, TURF, 'A strategy'),
      c(1, reveal('core.claim-jump'), 'B claim jump'),
      c(1, TURF, 'B strategy'),
      c(0, reveal('core.power-ritual'), 'A ritual'),
    ];
    expect(scoringOrder(1, candidates).map((x) => x.label)).toEqual(['B strategy', 'A strategy', 'B assassinate', 'B claim jump', 'A outflank', 'A ritual']);
    expect(scoringOrder(0, candidates).map((x) => x.label)).toEqual(['A strategy', 'B strategy', 'A outflank', 'A ritual', 'B assassinate', 'B claim jump']);
  });
});

describe('the ledger’s caps, whatever is offered in whatever order', () => {
  const strategies: StrategyId[] = ['core.turf-war', 'gg3.guard-the-stash'];
  const schemes: SchemeId[] = ['core.outflank', 'core.claim-jump', 'gg3.vendetta'];
  const source = fc.oneof(
    fc.constantFrom(...strategies).map((strategy): VpSource => ({ kind: 'strategy', strategy })),
    fc.record({ scheme: fc.constantFrom(...schemes), half: fc.constantFrom('reveal' as const, 'end' as const) }).map((s): VpSource => ({ kind: 'scheme', ...s })),
  );
  const offered = fc.record({
    seat: fc.constantFrom(0 as const, 1 as const),
    turn: fc.integer({ min: 1, max: 5 }),
    source,
    vp: fc.constantFrom(1, 1, 1, -1, 2),
    how: fc.constantFrom('records' as const, 'confirmed' as const, 'referee' as const, 'correction' as const),
    reason: fc.constant(null),
  });

  it('U2–U6, U11: no seat above 8, no strategy above 4, no scheme half above 1, no scheme 2 VP in a turn, nothing in turn 1, nothing below 0', () => {
    fc.assert(
      fc.property(fc.array(offered, { maxLength: 60 }), (offers) => {
        const ledger: VpEntry[] = [];
        for (const e of offers) if (mayBank(ledger, e).ok) ledger.push(e);
        const result = resultOf(ledger);
        for (const seat of [0, 1] as const) {
          expect(result.vp[seat]).toBeLessThanOrEqual(CREW_CAP);
          expect(result.byTurn[seat][0]).toBe(0);
          for (const strategy of strategies) {
            const held = bankedFrom(ledger, seat, { kind: 'strategy', strategy });
            expect(held).toBeGreaterThanOrEqual(0);
            expect(held).toBeLessThanOrEqual(4);
          }
          for (const scheme of schemes) {
            for (const half of ['reveal', 'end'] as const) expect([0, 1]).toContain(bankedFrom(ledger, seat, { kind: 'scheme', scheme, half }));
            for (let turn = 1; turn <= 5; turn++) {
              const inTurn = ledger.filter((e) => e.seat === seat && e.turn === turn && e.source.kind === 'scheme' && e.source.scheme === scheme).reduce((s, e) => s + e.vp, 0);
              expect(inTurn).toBeLessThanOrEqual(1);
            }
          }
        }
        expect(result.winner).toBe(result.vp[0] === result.vp[1] ? null : result.vp[0] > result.vp[1] ? 0 : 1);
      }),
      { numRuns: 300 },
    );
  });

  it('U6: whichever half is offered first in turn 5, a scheme ends turn 5 with 1 VP from it', () => {
    fc.assert(
      fc.property(fc.boolean(), (endFirst) => {
        const halves = endFirst ? [end('gg3.vendetta'), reveal('gg3.vendetta')] : [reveal('gg3.vendetta'), end('gg3.vendetta')];
        const ledger: VpEntry[] = [];
        for (const s of halves) if (mayBank(ledger, entry(0, 5, s)).ok) ledger.push(entry(0, 5, s));
        expect(resultOf(ledger).vp[0]).toBe(1);
      }),
    );
  });
});
