/**
 * Finished games for the result's tests: ledgers written by hand from the rules (U2 no VP in turn 1, U3
 * the strategy's 4, U4 a scheme's two halves, U6 End objectives in turn 5), with the result each comes to.
 */
import type { Seat } from '../../malifaux-table/engine/schema.js';
import type { SchemeId, StrategyId } from '../engine/encounterPacks.js';
import type { VpEntry } from '../scoring/objective.js';
import type { ResultInput } from './result.js';

const strategy = (seat: Seat, turn: number, id: StrategyId, vp = 1, how: VpEntry['how'] = 'records', reason: string | null = null): VpEntry => ({
  seat,
  turn,
  source: { kind: 'strategy', strategy: id },
  vp,
  how,
  reason,
});

const scheme = (seat: Seat, turn: number, id: SchemeId, half: 'reveal' | 'end', vp = 1, how: VpEntry['how'] = 'confirmed', reason: string | null = null): VpEntry => ({
  seat,
  turn,
  source: { kind: 'scheme', scheme: id, half },
  vp,
  how,
  reason,
});

const TW = 'core.turf-war';

/** Alice 7 – 4 Bob, played out: Alice's strategy maxed (U3), Breakthrough both halves; Bob's Vendetta fails its check. */
export const WIN: ResultInput = {
  names: ['Alice', 'Bob'],
  strategy: TW,
  entries: [
    strategy(0, 2, TW),
    strategy(1, 2, TW),
    scheme(1, 2, 'core.outflank', 'reveal'),
    strategy(0, 3, TW),
    scheme(0, 3, 'core.breakthrough', 'reveal'),
    strategy(0, 4, TW),
    strategy(1, 4, TW),
    scheme(0, 4, 'core.assassinate', 'reveal', 1, 'records'),
    strategy(0, 5, TW),
    scheme(0, 5, 'core.breakthrough', 'end'),
    scheme(1, 5, 'core.vendetta', 'end', 1, 'records'),
  ],
  result: { vp: [7, 4], byTurn: [[0, 1, 2, 2, 2], [0, 2, 0, 1, 1]], winner: 0 },
  schemes: [
    { seat: 0, scheme: 'core.breakthrough', verified: true },
    { seat: 0, scheme: 'core.assassinate', verified: true },
    { seat: 1, scheme: 'core.outflank', verified: true },
    { seat: 1, scheme: 'core.vendetta', verified: false },
  ],
  ended: { how: 'played' },
};

/** 3 VP each (U11: equal VP is a draw), in GG3, both holding the same scheme. */
export const DRAW: ResultInput = {
  names: ['Claire', 'Dmitri'],
  strategy: 'gg3.cursed-objects',
  entries: [
    strategy(1, 2, 'gg3.cursed-objects'),
    strategy(0, 3, 'gg3.cursed-objects'),
    scheme(0, 3, 'gg3.leave-your-mark', 'reveal'),
    scheme(1, 4, 'gg3.leave-your-mark', 'reveal'),
    strategy(1, 5, 'gg3.cursed-objects'),
    scheme(0, 5, 'gg3.sabotage', 'end'),
  ],
  result: { vp: [3, 3], byTurn: [[0, 0, 2, 0, 1], [0, 1, 0, 1, 1]], winner: null },
  schemes: [
    { seat: 0, scheme: 'gg3.leave-your-mark', verified: true },
    { seat: 0, scheme: 'gg3.sabotage', verified: true },
    { seat: 1, scheme: 'gg3.leave-your-mark', verified: true },
    { seat: 1, scheme: 'gg3.hidden-martyrs', verified: true },
  ],
  ended: { how: 'agreed' },
};

/** Bob concedes in turn 3 while ahead: the game gives the win to Alice, whatever the VP. */
export const CONCEDED: ResultInput = {
  names: ['Alice', 'Bob'],
  strategy: 'core.reckoning',
  entries: [strategy(0, 2, 'core.reckoning'), strategy(1, 2, 'core.reckoning'), scheme(1, 3, 'core.claim-jump', 'reveal')],
  result: { vp: [1, 2], byTurn: [[0, 1, 0, 0, 0], [0, 1, 1, 0, 0]], winner: 0 },
  schemes: [
    { seat: 0, scheme: 'core.power-ritual', verified: true },
    { seat: 0, scheme: 'core.take-prisoner', verified: true },
    { seat: 1, scheme: 'core.claim-jump', verified: true },
    { seat: 1, scheme: 'core.search-the-ruins', verified: true },
  ],
  ended: { how: 'conceded', by: 'Bob' },
};

/**
 * Corrections: a referee takes back Alice's turn-3 strategy VP (a marker was not where claimed) and her
 * Breakthrough's End, and rules a disputed Outflank End for Bob. Alice 5 – 5 Bob: a draw.
 */
export const CORRECTED: ResultInput = {
  ...WIN,
  entries: [
    ...WIN.entries,
    strategy(0, 3, TW, -1, 'correction', 'the marker was 2" off the centerline'),
    scheme(0, 5, 'core.breakthrough', 'end', -1, 'correction', 'Breakthrough End: only 2 markers'),
    scheme(1, 5, 'core.outflank', 'end', 1, 'referee', 'dispute ruled for Bob'),
  ],
  result: { vp: [5, 5], byTurn: [[0, 1, 1, 2, 1], [0, 2, 0, 1, 2]], winner: null },
};

/** Ended by agreement in turn 3, Alice 2 – 1 Bob: turns 4 and 5 were never played. */
export const AGREED_IN_TURN_3: ResultInput = {
  names: ['Alice', 'Bob'],
  strategy: TW,
  entries: [strategy(0, 2, TW), strategy(1, 2, TW), strategy(0, 3, TW)],
  result: { vp: [2, 1], byTurn: [[0, 1, 1, 0, 0], [0, 1, 0, 0, 0]], winner: 0 },
  schemes: [
    { seat: 0, scheme: 'core.breakthrough', verified: true, held: 3 },
    { seat: 1, scheme: 'core.outflank', verified: true, held: 3 },
  ],
  ended: { how: 'agreed', turn: 3 },
};
