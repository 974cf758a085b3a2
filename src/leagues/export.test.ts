/**
 * The league's exports (issue 17): exact CSV for the small league of fixtures.ts, whose names would break a
 * careless CSV (commas, quotes, a line break) or turn into a spreadsheet formula, and the JSON export.
 */
import { describe, expect, it } from 'vitest';
import { HOSTILE_NAMES, smallLeague } from './fixtures.js';
import { csvField, leagueJson, LEAGUE_EXPORT_VERSION, resultsCsv, standingsCsv } from './export.js';
import { leagueSettingsSchema } from './settings.js';
import { standings } from './standings.js';

const lines = (...rows: string[]): string => rows.map((r) => `${r}\r\n`).join('');

describe('CSV fields', () => {
  it('quotes a field holding a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
  });

  it('guards a text starting with = + - @ tab or CR with an apostrophe, so it never runs as a formula', () => {
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('+33 6 12')).toBe("'+33 6 12");
    expect(csvField('-Dora')).toBe("'-Dora");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tTab')).toBe("'\tTab");
    expect(csvField('=A1,B1')).toBe('"\'=A1,B1"');
    expect(csvField('a=b')).toBe('a=b');
  });

  it('writes numbers and booleans as they are (a negative VP difference stays a number), null as an empty field', () => {
    expect(csvField(-10)).toBe('-10');
    expect(csvField(3.33)).toBe('3.33');
    expect(csvField(true)).toBe('true');
    expect(csvField(null)).toBe('');
  });
});

describe('standings CSV', () => {
  it('ranks, ids, hostile names, TP, the tiebreaks in the organiser’s order, W/D/L, byes and dropped, exactly', () => {
    expect(standingsCsv(smallLeague(), HOSTILE_NAMES)).toBe(
      lines(
        'rank,player_id,name,tp,vp_diff,vp_total,sos,wins,draws,losses,byes,dropped',
        '1,E,Émile,6,7,11,6,1,0,0,1,false',
        '2,A,"Alice, the ""Ace""",6,3,12,3.33,2,0,1,0,false',
        "3,D,'-Dora,4,3,9,1,0,1,0,1,true",
        '4,B,"\'=HYPERLINK(""http://evil"")",3,3,9,3.5,1,0,1,0,false',
        '5,C,"Carl\nNewline",1,-10,5,4.33,0,1,2,0,false',
      ),
    );
  });

  it('follows another order: head-to-head only for the players it separates; the key never shown; a missing name reads as the id', () => {
    const league = { ...smallLeague(), settings: leagueSettingsSchema.parse({ tiebreaks: ['tp', 'headToHead', 'sos', 'key'] }) };
    // E and A are tied on 6 TP and met in round 2: E won.
    expect(standingsCsv(league, new Map([['A', 'Alice']]))).toBe(
      lines(
        'rank,player_id,name,tp,head_to_head,sos,wins,draws,losses,byes,dropped',
        '1,E,E,6,3,6,1,0,0,1,false',
        '2,A,Alice,6,0,3.33,2,0,1,0,false',
        '3,D,D,4,,1,0,1,0,1,true',
        '4,B,B,3,,3.5,1,0,1,0,false',
        '5,C,C,1,,4.33,0,1,2,0,false',
      ),
    );
  });

  it('after an earlier round: round 1 only, D not yet dropped, C and D tied on everything share rank 3', () => {
    expect(standingsCsv(smallLeague(), HOSTILE_NAMES, 1)).toBe(
      lines(
        'rank,player_id,name,tp,vp_diff,vp_total,sos,wins,draws,losses,byes,dropped',
        '1,E,Émile,3,3,5,0,0,0,0,1,false',
        '2,A,"Alice, the ""Ace""",3,2,5,0,1,0,0,0,false',
        "3,D,'-Dora,1,0,4,1,0,1,0,0,false",
        '3,C,"Carl\nNewline",1,0,4,1,0,1,0,0,false',
        '5,B,"\'=HYPERLINK(""http://evil"")",0,-2,3,3,0,0,1,0,false',
      ),
    );
  });
});

describe('results CSV', () => {
  it('the result that counts for each table, by round and table: a correction replaces, a forfeit has no VP, a void is marked', () => {
    expect(resultsCsv(smallLeague(), HOSTILE_NAMES)).toBe(
      lines(
        'round,table,player_a_id,player_a,player_b_id,player_b,vp_a,vp_b,kind,absent,voided',
        '1,1,A,"Alice, the ""Ace""",B,"\'=HYPERLINK(""http://evil"")",5,3,played,,false',
        "1,2,C,\"Carl\nNewline\",D,'-Dora,4,4,played,,false",
        '2,1,E,Émile,A,"Alice, the ""Ace""",6,2,played,,false',
        '2,2,C,"Carl\nNewline",B,"\'=HYPERLINK(""http://evil"")",1,6,played,,false',
        '3,1,A,"Alice, the ""Ace""",C,"Carl\nNewline",,,forfeit,C,false',
        '3,2,B,"\'=HYPERLINK(""http://evil"")",E,Émile,8,0,played,,true',
      ),
    );
  });
});

describe('JSON export', () => {
  it('has its version, the settings, players with names, rounds, every entry, the standings, and no seed', () => {
    const league = smallLeague();
    const json = leagueJson(league, HOSTILE_NAMES);
    const doc = JSON.parse(json);
    expect(Object.keys(doc)).toEqual(['version', 'status', 'createdBy', 'organisers', 'settings', 'players', 'rounds', 'results', 'adjustments', 'standings']);
    expect(doc.version).toBe(LEAGUE_EXPORT_VERSION);
    expect(doc.settings).toEqual(league.settings);
    expect(doc.players[0]).toEqual({ id: 'A', name: 'Alice, the "Ace"', droppedAfterRound: null });
    expect(doc.players[3]).toEqual({ id: 'D', name: '-Dora', droppedAfterRound: 2 });
    expect(doc.rounds).toHaveLength(3);
    // The audit trail: the correction of B–C is a second entry.
    expect(doc.results).toHaveLength(7);
    expect(doc.results[5]).toEqual({ round: 3, players: ['A', 'C'], kind: 'forfeit', absent: ['C'], voided: false });
    expect(doc.standings.map((r: { playerId: string; rank: number }) => `${r.rank} ${r.playerId}`)).toEqual(standings(league).map((r) => `${r.rank} ${r.playerId}`));
    expect(doc.standings[1]).toMatchObject({ playerId: 'A', tp: 6, sos: 3.33, sosTotal: 10, sosGames: 3 });
    expect(json).not.toContain(league.seed);
    expect(json).not.toContain('"key"');
    expect(json.endsWith('}\n')).toBe(true);
  });

  it('is deterministic: the same league, however its objects were built, gives the same bytes', () => {
    const league = smallLeague();
    const rebuilt = structuredClone(league);
    // Keys in another order, as a league read back from storage might have them.
    rebuilt.results = rebuilt.results.map((r) => Object.fromEntries(Object.entries(r).reverse()) as typeof r);
    rebuilt.settings = Object.fromEntries(Object.entries(rebuilt.settings).reverse()) as typeof rebuilt.settings;
    expect(leagueJson(rebuilt, HOSTILE_NAMES)).toBe(leagueJson(league, HOSTILE_NAMES));
    expect(standingsCsv(rebuilt, HOSTILE_NAMES)).toBe(standingsCsv(league, HOSTILE_NAMES));
    expect(resultsCsv(rebuilt, HOSTILE_NAMES)).toBe(resultsCsv(league, HOSTILE_NAMES));
  });
});
