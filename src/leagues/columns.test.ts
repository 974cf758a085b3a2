/**
 * Head-to-head as shown beside the standings: the figure must be the one the standings sorted by, so a
 * reader who checks the column finds the order it explains.
 */
import { describe, expect, it } from 'vitest';
import { headToHeadPoints, shownTiebreaks } from './columns.js';
import { bigLeague, smallLeague } from './fixtures.js';
import { leagueSettingsSchema, type Tiebreak } from './settings.js';
import { standings } from './standings.js';

describe('the standings’ shown tiebreaks', () => {
  it('keep the organiser’s order, without TP (its own column) and the key', () => {
    expect(shownTiebreaks(['tp', 'sos', 'headToHead', 'vpDiff', 'key'])).toEqual(['sos', 'headToHead', 'vpDiff']);
    expect(shownTiebreaks(['tp', 'key'])).toEqual([]);
  });

  it('head-to-head: the TP among the players tied before it, never increasing down a tied group; null for a player tied with nobody', () => {
    for (const order of [['tp', 'headToHead', 'key'], ['tp', 'vpDiff', 'headToHead', 'key']] as Tiebreak[][]) {
      const league = { ...bigLeague(12, 3), settings: leagueSettingsSchema.parse({ tiebreaks: order }) };
      const rows = standings(league);
      const h2h = headToHeadPoints(league, rows, 3, order);
      expect(h2h.size).toBe(12);
      const before = order.slice(0, order.indexOf('headToHead'));
      const groupOf = (i: number) => before.map((t) => rows[i]![t as 'tp' | 'vpDiff']).join('/');
      let tied = 0;
      rows.forEach((row, i) => {
        const alone = (i === 0 || groupOf(i - 1) !== groupOf(i)) && (i === rows.length - 1 || groupOf(i + 1) !== groupOf(i));
        expect(h2h.get(row.playerId) === null).toBe(alone);
        if (i > 0 && groupOf(i - 1) === groupOf(i)) {
          tied++;
          expect(h2h.get(row.playerId)!).toBeLessThanOrEqual(h2h.get(rows[i - 1]!.playerId)!);
        }
      });
      expect(tied).toBeGreaterThan(0);
    }
  });

  it('counts only the games among the tied: E beat A (both on 6 TP) in the small league; a bye or a bonus adds nothing', () => {
    const league = { ...smallLeague(), adjustments: [{ playerId: 'A', round: 1, tp: 2, reason: 'painting' }, { playerId: 'E', round: 1, tp: 2, reason: 'painting' }] };
    const order: Tiebreak[] = ['tp', 'headToHead', 'key'];
    const h2h = headToHeadPoints(league, standings(league, 3, order), 3, order);
    expect(Object.fromEntries(h2h)).toEqual({ E: 3, A: 0, D: null, B: null, C: null });
  });
});
