import { describe, expect, it } from 'vitest';
import { translator } from '../i18n/index.js';
import { MAX_TABLES_LISTED, missingTables } from './reminders.js';

const en = translator('en');
const fr = translator('fr');

/** A round of `count` tables, player ids in table order: table n is p{2n-1} vs p{2n}. */
function round(count: number): { players: [string, string] }[] {
  return Array.from({ length: count }, (_, i) => ({ players: [`p${2 * i + 1}`, `p${2 * i + 2}`] }));
}

describe("a timed round's tables still without a result", () => {
  it('are numbered as the round numbers them, whichever order the players are given in', () => {
    const tables = round(5);
    const { lines, listed } = missingTables(en, tables, 3, [
      ['p10', 'p9'],
      ['p3', 'p4'],
    ]);
    expect(lines).toBe('Table 5: <@p10> vs <@p9>\nTable 2: <@p3> vs <@p4>');
    expect(listed).toEqual(['p10', 'p9', 'p3', 'p4']);
  });

  it(`a big event lists the first ${MAX_TABLES_LISTED}, says how many more, and pings only the players listed`, () => {
    const tables = round(30);
    const missing = tables.slice(2).map((table) => table.players);
    const { lines, listed } = missingTables(en, tables, 1, missing);
    const rows = lines.split('\n');
    expect(rows).toHaveLength(MAX_TABLES_LISTED + 1);
    expect(rows[0]).toBe('Table 3: <@p5> vs <@p6>');
    expect(rows[MAX_TABLES_LISTED - 1]).toBe(`Table ${MAX_TABLES_LISTED + 2}: <@p${2 * MAX_TABLES_LISTED + 3}> vs <@p${2 * MAX_TABLES_LISTED + 4}>`);
    expect(rows[MAX_TABLES_LISTED]).toBe(`…and ${28 - MAX_TABLES_LISTED} more tables`);
    expect(listed).toHaveLength(2 * MAX_TABLES_LISTED);
    expect(listed).not.toContain(`p${2 * MAX_TABLES_LISTED + 5}`);
  });

  it('one table over the limit is said in the singular, in both languages', () => {
    const tables = round(MAX_TABLES_LISTED + 1);
    const missing = tables.map((table) => table.players);
    expect(missingTables(en, tables, 2, missing).lines.split('\n').at(-1)).toBe('…and 1 more table');
    expect(missingTables(fr, tables, 2, missing).lines.split('\n').at(-1)).toBe('… et 1 autre table');
    expect(missingTables(fr, tables, 2, [...missing, ['x', 'y']]).lines.split('\n').at(-1)).toBe('… et 2 autres tables');
  });

  it(`exactly ${MAX_TABLES_LISTED} are all listed, with no "more" line`, () => {
    const tables = round(MAX_TABLES_LISTED);
    const { lines } = missingTables(en, tables, 1, tables.map((table) => table.players));
    expect(lines.split('\n')).toHaveLength(MAX_TABLES_LISTED);
    expect(lines).not.toContain('more');
  });
});
