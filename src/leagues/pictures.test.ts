/**
 * The league's pictures (issue 17): standings, a round's pairings and the TP chart. Each is a PNG of its
 * stated size, the same bytes for the same league, every text readable on a phone in both languages, and
 * an alt text that says what it shows. The small league is fixtures.ts's, its figures worked out by hand there.
 */
import { createCanvas } from '@napi-rs/canvas';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { translator } from '../i18n/index.js';
import { illegibleOnPhone } from '../systems/malifaux-table/pictures/index.js';
import { ensureFonts } from '../systems/malifaux-table/pictures/fonts.js';
import { COLORS, PICTURE_WIDTH } from '../systems/malifaux-table/pictures/theme.js';
import { bigLeague, HOSTILE_NAMES, namesOf, smallLeague } from './fixtures.js';
import type { League } from './model.js';
import {
  CHART_HIGHLIGHTS,
  CHART_LABEL_GAP,
  drawPairings,
  drawStandings,
  drawTpChart,
  LEAGUE_PICTURE_WIDTH,
  MAX_PAIRING_TABLES,
  MAX_STANDINGS_ROWS,
  MAX_TIEBREAK_COLUMNS,
  pairingsPicture,
  pairingsSize,
  spreadLabels,
  standingsPicture,
  standingsSize,
  tpChartPicture,
  tpChartSize,
  tieOffsets,
  type Names,
  type StandingsOptions,
} from './pictures.js';
import { leagueRatings } from './rating.js';
import { leagueSettingsSchema, type Tiebreak } from './settings.js';

const en = translator('en');
const fr = translator('fr');
const sha256 = (png: Buffer): string => createHash('sha256').update(png).digest('hex');

function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** A canvas of `size` with `draw` run on it, and a way to read its pixels back. */
function canvasFor<D>(size: { width: number; height: number }, draw: (ctx: ReturnType<ReturnType<typeof createCanvas>['getContext']>) => D) {
  ensureFonts();
  const ctx = createCanvas(size.width, size.height).getContext('2d');
  const drawing = draw(ctx);
  const pixel = (x: number, y: number): string => {
    const d = ctx.getImageData(Math.round(x), Math.round(y), 1, 1).data;
    return `#${[d[0]!, d[1]!, d[2]!].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
  };
  return { drawing, pixel };
}

const standingsDrawing = (league: League, names: Names, t = en, options: StandingsOptions = {}) => canvasFor(standingsSize(league, options), (ctx) => drawStandings(ctx, league, names, t, options));
const pairingsDrawing = (league: League, round: number, names: Names, t = en) => canvasFor(pairingsSize(league, round), (ctx) => drawPairings(ctx, league, round, names, t));
const chartDrawing = (league: League, names: Names, t = en) => canvasFor(tpChartSize(league), (ctx) => drawTpChart(ctx, league, names, t));

const withTiebreaks = (league: League, tiebreaks: Tiebreak[]): League => ({ ...league, settings: leagueSettingsSchema.parse({ tiebreaks }) });
const words = (d: { texts: { text: string }[] }): string[] => d.texts.map((x) => x.text);
/** The texts drawn on one line of the picture (the same vertical centre), left to right. */
const lineAt = (d: { texts: { text: string; x: number; y: number }[] }, y: number): string[] =>
  d.texts.filter((x) => Math.abs(x.y - y) < 1).sort((a, b) => a.x - b.x).map((x) => x.text);
/** The standings' column heads: the line a row's height above the first row. */
const headsOf = (d: { rows: { y: number }[]; texts: { text: string; x: number; y: number }[] }): string[] => lineAt(d, 2 * d.rows[0]!.y - d.rows[1]!.y);

const BIG = bigLeague(40, 5);

describe('the standings picture', () => {
  it('is a PNG of its stated size, as wide as the table’s pictures (640 px), the same bytes for the same league, other bytes in French', async () => {
    const league = smallLeague();
    const a = await standingsPicture(league, HOSTILE_NAMES, en);
    expect(pngSize(a.png)).toEqual(standingsSize(league));
    expect(standingsSize(league).width).toBe(LEAGUE_PICTURE_WIDTH);
    expect(LEAGUE_PICTURE_WIDTH).toBe(PICTURE_WIDTH);
    expect(sha256((await standingsPicture(structuredClone(league), HOSTILE_NAMES, en)).png)).toBe(sha256(a.png));
    expect(sha256((await standingsPicture(league, HOSTILE_NAMES, fr)).png)).not.toBe(sha256(a.png));
  });

  it(`a row per player in standings order: rank, name on one line, TP, the first ${MAX_TIEBREAK_COLUMNS} tiebreaks (VP ±, VP), W-D-L; dropped marked`, () => {
    const { drawing } = standingsDrawing(smallLeague(), HOSTILE_NAMES);
    expect(drawing.rows.map((r) => r.playerId)).toEqual(['E', 'A', 'D', 'B', 'C']);
    expect(headsOf(drawing)).toEqual(['#', 'Player', 'TP', 'VP ±', 'VP', 'W-D-L']);
    expect(lineAt(drawing, drawing.rows[0]!.y)).toEqual(['1', 'Émile', '6', '+7', '11', '1-0-0']);
    expect(lineAt(drawing, drawing.rows[2]!.y)).toEqual(['3', '✕', '-Dora', '4', '+3', '9', '0-1-0']);
    // A line break in a display name never breaks the row.
    expect(lineAt(drawing, drawing.rows[4]!.y)).toEqual(['5', 'Carl Newline', '1', '−10', '5', '0-1-2']);
    expect(words(drawing)).toEqual(expect.arrayContaining(['Standings after round 3', '✕ dropped out of the league']));
    // SoS is the third tiebreak: not a column, so no legend for it.
    expect(words(drawing)).not.toContain('SoS: average TP of the opponents');
  });

  it('players equal on every tiebreak share a rank, written on each of their rows', () => {
    // After round 1, C and D drew 4–4 and met each other only.
    const { drawing } = standingsDrawing(smallLeague(), HOSTILE_NAMES, en, { afterRound: 1 });
    expect(drawing.rows.map((r) => `${r.rank} ${r.playerId}`)).toEqual(['1 E', '2 A', '3 D', '3 C', '5 B']);
    expect(lineAt(drawing, drawing.rows[3]!.y)[0]).toBe('3');
    expect(words(drawing)).toContain('Standings after round 1');
    expect(words(drawing)).not.toContain('✕');
  });

  it('shows the organiser’s first tiebreaks in their order, head-to-head with its meaning, never the key', () => {
    const { drawing } = standingsDrawing(withTiebreaks(smallLeague(), ['tp', 'headToHead', 'sos', 'key']), HOSTILE_NAMES, fr);
    expect(headsOf(drawing)).toEqual(['#', 'Joueur', 'PT', 'Conf.', 'FdA', 'V-N-D']);
    // E and A are tied on TP; E beat A. The others are tied with nobody.
    expect(lineAt(drawing, drawing.rows[0]!.y)).toEqual(['1', 'Émile', '6', '3', '6,00', '1-0-0']);
    expect(lineAt(drawing, drawing.rows[1]!.y)).toEqual(['2', 'Alice, the "Ace"', '6', '0', '3,33', '2-0-1']);
    expect(lineAt(drawing, drawing.rows[3]!.y)[3]).toBe('–');
    expect(words(drawing)).toEqual(expect.arrayContaining(['Conf. : PT gagnés contre les joueurs à égalité', 'FdA : PT moyens des adversaires']));
    // Past the first two, the tiebreaks are left to the embed and the export, and so is their legend.
    const later = standingsDrawing(withTiebreaks(smallLeague(), ['tp', 'sos', 'vpTotal', 'headToHead', 'vpDiff', 'key']), HOSTILE_NAMES).drawing;
    expect(headsOf(later)).toEqual(['#', 'Player', 'TP', 'SoS', 'VP', 'W-D-L']);
    expect(words(later)).not.toContain('H2H: TP won against the players tied with them');
  });

  it('byes and ratings are not columns on a phone (the embed says them), whoever had a bye and whatever the ratings', () => {
    const league = smallLeague();
    const { drawing } = standingsDrawing(league, HOSTILE_NAMES, en, { ratings: leagueRatings(league) });
    expect(headsOf(drawing)).toEqual(['#', 'Player', 'TP', 'VP ±', 'VP', 'W-D-L']);
    expect(words(drawing).join(' ')).not.toMatch(/Rating|Byes|Glicko/);
  });

  it('rows are banded: every other row on a panel, so a phone reader keeps the line', () => {
    const { drawing, pixel } = standingsDrawing(smallLeague(), HOSTILE_NAMES);
    // Right of the last column's text, inside the row's band.
    const x = drawing.width - 20;
    expect(pixel(x, drawing.rows[0]!.y)).toBe(COLORS.panel);
    expect(pixel(x, drawing.rows[1]!.y)).toBe(COLORS.felt);
    expect(pixel(x, drawing.rows[2]!.y)).toBe(COLORS.panel);
  });

  it(`a 40-player league shows the top ${MAX_STANDINGS_ROWS} and says how many more`, async () => {
    const { drawing } = standingsDrawing(BIG, namesOf(BIG));
    expect(drawing.rows).toHaveLength(MAX_STANDINGS_ROWS);
    expect(drawing.more).toBe(40 - MAX_STANDINGS_ROWS);
    expect(words(drawing)).toContain(`…and ${40 - MAX_STANDINGS_ROWS} more players`);
    expect(standingsSize(BIG).height).toBe(standingsSize(bigLeague(33, 5)).height);
    const picture = await standingsPicture(BIG, namesOf(BIG), fr);
    expect(picture.alt.length).toBeLessThanOrEqual(1024);
    expect(picture.alt).toMatch(/…et \d+ autres joueurs\.$/);
  });

  it('has alt text listing each player in order with TP, record, rating and dropped, in both languages', async () => {
    const league = smallLeague();
    expect((await standingsPicture(league, HOSTILE_NAMES, en)).alt).toBe(
      'Standings after round 3: 1. Émile, 6 TP, 1-0-0; 2. Alice, the "Ace", 6 TP, 2-0-1; 3. -Dora, 4 TP, 0-1-0, dropped; 4. =HYPERLINK("http://evil"), 3 TP, 1-0-1; 5. Carl Newline, 1 TP, 0-1-2.',
    );
    const ratings = new Map([['E', { rating: 1700, deviation: 200, games: 1 }], ['A', { rating: 1490, deviation: 80, games: 2 }]]);
    expect((await standingsPicture(league, HOSTILE_NAMES, fr, { afterRound: 3, ratings })).alt).toBe(
      'Classement après la ronde 3 : 1. Émile, 6 PT, 1-0-0, cote 1700 (provisoire); 2. Alice, the "Ace", 6 PT, 2-0-1, cote 1490; 3. -Dora, 4 PT, 0-1-0, abandon; 4. =HYPERLINK("http://evil"), 3 PT, 1-0-1; 5. Carl Newline, 1 PT, 0-1-2.',
    );
  });
});

/** The small league with a round 4 that repeats round 1's A–B (a rematch) and has no result yet. */
function withRematch(): League {
  const league = smallLeague();
  return { ...league, rounds: [...league.rounds, { number: 4, tables: [{ players: ['B', 'A'] }, { players: ['E', 'C'] }], byes: [] }] };
}

describe('the pairings picture', () => {
  it('is a PNG of its stated size, deterministic, other bytes for another round', async () => {
    const league = smallLeague();
    const a = await pairingsPicture(league, 2, HOSTILE_NAMES, en);
    expect(pngSize(a.png)).toEqual(pairingsSize(league, 2));
    expect(sha256((await pairingsPicture(structuredClone(league), 2, HOSTILE_NAMES, en)).png)).toBe(sha256(a.png));
    expect(sha256((await pairingsPicture(league, 3, HOSTILE_NAMES, en)).png)).not.toBe(sha256(a.png));
  });

  it('each table: its number, both players with their TP before the round, each one’s VP when entered; the bye', () => {
    const { drawing } = pairingsDrawing(smallLeague(), 2, HOSTILE_NAMES);
    expect(drawing.tables.map((r) => [r.table, ...r.players, ...r.tp])).toEqual([[1, 'E', 'A', 3, 3], [2, 'B', 'C', 0, 1]]);
    const [one, two] = drawing.tables;
    expect(lineAt(drawing, one!.y)).toEqual(['1']);
    expect(lineAt(drawing, one!.seats[0])).toEqual(['Émile', '(3)', '6']);
    expect(lineAt(drawing, one!.seats[1])).toEqual(['Alice, the "Ace"', '(3)', '2']);
    // The correction counts, written the way round the table is (B first), though it was entered C first.
    expect(lineAt(drawing, two!.seats[0])).toEqual(['=HYPERLINK("http://evil")', '(0)', '6']);
    expect(lineAt(drawing, two!.seats[1])).toEqual(['Carl Newline', '(1)', '1']);
    expect(words(drawing)).toEqual(expect.arrayContaining(['Round 2 pairings', 'Bye: -Dora', '(n): TP before the round']));
  });

  it('a forfeit and a voided result say so; a table without a result shows a dash; a rematch is flagged', () => {
    const three = pairingsDrawing(smallLeague(), 3, HOSTILE_NAMES, fr).drawing;
    expect(lineAt(three, three.tables[0]!.seats[1])).toEqual(['Carl Newline', '(1)', 'forfait']);
    expect(lineAt(three, three.tables[1]!.y)).toEqual(['2', 'annulé']);
    expect(words(three)).not.toContain('↻');
    const four = pairingsDrawing(withRematch(), 4, HOSTILE_NAMES).drawing;
    expect(four.tables.map((r) => r.rematch)).toEqual([true, false]);
    expect(lineAt(four, four.tables[0]!.y)).toEqual(['1', '↻']);
    expect(lineAt(four, four.tables[1]!.seats[0])).toEqual(['Émile', '(6)', '–']);
    expect(words(four)).toContain('↻ these players met before');
  });

  it(`a round of 30 tables shows the first ${MAX_PAIRING_TABLES} and says how many more`, async () => {
    const league = bigLeague(60, 1);
    const { drawing } = pairingsDrawing(league, 1, namesOf(league));
    expect(drawing.tables).toHaveLength(MAX_PAIRING_TABLES);
    expect(drawing.more).toBe(30 - MAX_PAIRING_TABLES);
    expect(words(drawing)).toContain(`…and ${30 - MAX_PAIRING_TABLES} more tables`);
    const picture = await pairingsPicture(league, 1, namesOf(league), en);
    expect(picture.alt.length).toBeLessThanOrEqual(1024);
    expect(picture.alt).toMatch(/…and \d+ more tables\.$/);
  });

  it('the winner’s name is drawn in gold, the loser’s not', () => {
    const { drawing, pixel } = pairingsDrawing(smallLeague(), 2, HOSTILE_NAMES);
    /** Is any pixel of the name's first glyphs in the gold ink? */
    const gold = (name: string): boolean => {
      const at = drawing.texts.find((x) => x.text === name)!;
      for (let dx = 0; dx < 40; dx++) for (let dy = -10; dy <= 10; dy++) if (pixel(at.x + dx, at.y + dy) === COLORS.gold) return true;
      return false;
    };
    expect(gold('Émile')).toBe(true);
    expect(gold('Alice, the "Ace"')).toBe(false);
  });

  it('has alt text: every table with TP before the round and its outcome, rematches, byes, in both languages', async () => {
    expect((await pairingsPicture(smallLeague(), 2, HOSTILE_NAMES, en)).alt).toBe(
      'Round 2 pairings: table 1, Émile (3 TP) against Alice, the "Ace" (3 TP), 6 VP to 2; table 2, =HYPERLINK("http://evil") (0 TP) against Carl Newline (1 TP), 6 VP to 1. Bye: -Dora.',
    );
    expect((await pairingsPicture(smallLeague(), 3, HOSTILE_NAMES, fr)).alt).toBe(
      'Appariements de la ronde 3 : table 1, Alice, the "Ace" (3 PT) contre Carl Newline (1 PT), forfait de Carl Newline; table 2, =HYPERLINK("http://evil") (3 PT) contre Émile (6 PT), résultat annulé.',
    );
    expect((await pairingsPicture(withRematch(), 4, HOSTILE_NAMES, en)).alt).toContain('table 1, =HYPERLINK("http://evil") (3 TP) against Alice, the "Ace" (6 TP), a rematch; table 2, Émile (6 TP) against Carl Newline (1 TP).');
  });
});

describe('the TP chart', () => {
  it('is a PNG of its stated size, deterministic', async () => {
    const a = await tpChartPicture(smallLeague(), HOSTILE_NAMES, en);
    expect(pngSize(a.png)).toEqual(tpChartSize(smallLeague()));
    expect(sha256((await tpChartPicture(structuredClone(smallLeague()), HOSTILE_NAMES, en)).png)).toBe(sha256(a.png));
  });

  it('a line per player through their TP after each round, higher TP drawn higher, a legend in standings order', () => {
    const { drawing } = chartDrawing(smallLeague(), HOSTILE_NAMES);
    expect(Object.fromEntries(drawing.lines.map((l) => [l.playerId, l.tp]))).toEqual({ E: [0, 3, 6, 6], A: [0, 3, 3, 6], D: [0, 1, 4, 4], B: [0, 0, 3, 3], C: [0, 1, 1, 1] });
    for (const line of drawing.lines) {
      expect(line.highlighted).toBe(true);
      line.points.forEach((p, r) => {
        if (r) expect(p.x).toBeGreaterThan(line.points[r - 1]!.x);
      });
    }
    const e = drawing.lines[0]!.points;
    const c = drawing.lines[4]!.points;
    expect(e[3]!.y).toBeLessThan(c[3]!.y);
    expect(new Set(drawing.lines.map((l) => l.color)).size).toBe(5);
    expect(words(drawing)).toEqual(expect.arrayContaining(['TP round by round', 'Round', '1. Émile (6)', '2. Alice, the "Ace" (6)', '5. Carl Newline (1)']));
  });

  it(`with 40 players the top ${CHART_HIGHLIGHTS} are in colour, the rest grey; the leader’s line is on top`, () => {
    const { drawing, pixel } = chartDrawing(BIG, namesOf(BIG));
    expect(drawing.lines.filter((l) => l.highlighted)).toHaveLength(CHART_HIGHLIGHTS);
    expect(new Set(drawing.lines.filter((l) => !l.highlighted).map((l) => l.color)).size).toBe(1);
    expect(words(drawing)).toContain('32 other players in grey');
    const leader = drawing.lines[0]!;
    const end = leader.points.at(-1)!;
    expect(pixel(end.x - 2, end.y)).toBe(leader.color);
    expect(leader.color).toBe(COLORS.gold);
  });

  it('players level on TP are drawn apart: distinct heights, the better-ranked higher, never past a neighbouring TP', () => {
    for (const league of [smallLeague(), BIG]) {
      const shown = chartDrawing(league, namesOf(league)).drawing.lines.filter((l) => l.highlighted);
      const rounds = shown[0]!.tp.length;
      let levelPairs = 0;
      for (let r = 0; r < rounds; r++) {
        for (const [i, a] of shown.entries()) {
          for (const b of shown.slice(i + 1)) {
            const [ya, yb] = [a.points[r]!.y, b.points[r]!.y];
            if (a.tp[r] === b.tp[r]) {
              levelPairs++;
              // `a` is ranked above `b` at the end: drawn above it where they are level.
              expect(ya).toBeLessThan(yb);
            } else expect(Math.sign(yb - ya)).toBe(Math.sign(a.tp[r]! - b.tp[r]!));
          }
        }
      }
      // The fixtures do have level players (everyone at the start; Émile and Alice on 6 at the end).
      expect(levelPairs).toBeGreaterThan(10);
    }
    // Level lines fan out within the band, `spread` apart while there is room; a lone line stays put.
    expect(tieOffsets([[0, 3], [0, 3], [0, 1]], 9, 30)).toEqual([[-9, -4.5], [0, 4.5], [9, 0]]);
    expect(tieOffsets([[2], [2], [2], [2], [2], [2], [2]], 9, 30)[6]![0]).toBe(15);
  });

  it('each coloured line has its own colour, marker and dash, and its name at its end: sorted as the lines end, never overlapping', () => {
    for (const league of [smallLeague(), BIG]) {
      const { drawing } = chartDrawing(league, namesOf(league));
      const shown = drawing.lines.filter((l) => l.highlighted);
      expect(new Set(shown.map((l) => l.color)).size).toBe(shown.length);
      expect(new Set(shown.map((l) => `${l.marker} ${l.dash.join(',')}`)).size).toBe(shown.length);
      expect(drawing.lines.filter((l) => !l.highlighted).every((l) => l.label === null)).toBe(true);
      const labels = [...shown].sort((a, b) => a.points.at(-1)!.y - b.points.at(-1)!.y).map((l) => l.label!);
      for (const [k, label] of labels.entries()) {
        expect(words(drawing)).toContain(label.text);
        if (k) expect(label.y - labels[k - 1]!.y).toBeGreaterThanOrEqual(CHART_LABEL_GAP - 1e-9);
      }
      expect(labels.map((l) => l.text)).toEqual([...shown].sort((a, b) => a.points.at(-1)!.y - b.points.at(-1)!.y).map((l) => namesOf(league).get(l.playerId)));
    }
    // Labels as near their line's end as the gap lets them, pushed back up from the bottom.
    expect(spreadLabels([100, 100, 110, 300], 32, 50, 400)).toEqual([100, 132, 164, 300]);
    expect(spreadLabels([380, 390, 395], 32, 50, 400)).toEqual([336, 368, 400]);
  });

  it('has alt text: each highlighted player’s TP after rounds 1 to the last, and how many are grey', async () => {
    expect((await tpChartPicture(smallLeague(), HOSTILE_NAMES, en)).alt).toBe(
      'Chart of TP after each round, rounds 1 to 3: Émile: 3, 6, 6; Alice, the "Ace": 3, 3, 6; -Dora: 1, 4, 4; =HYPERLINK("http://evil"): 0, 3, 3; Carl Newline: 1, 1, 1.',
    );
    expect((await tpChartPicture(BIG, namesOf(BIG), fr)).alt).toMatch(/^Graphique des PT après chaque ronde, rondes 1 à 5 : Player P\d\d : [\d, ]+;.* 32 autres joueurs tracés en gris\.$/);
  });
});

describe('a league before its first round', () => {
  it('draws the standings, every player at 0, and an empty chart, without a single NaN', async () => {
    const league: League = { ...smallLeague(), rounds: [], results: [] };
    const { drawing } = standingsDrawing(league, HOSTILE_NAMES);
    expect(words(drawing)).toContain('Standings before the first round');
    expect(drawing.rows).toHaveLength(5);
    expect(drawing.rows.every((r) => r.rank === 1)).toBe(true);
    const chart = chartDrawing(league, HOSTILE_NAMES).drawing;
    expect(chart.lines.map((l) => l.tp)).toEqual([[0], [0], [0], [0], [0]]);
    for (const l of chart.lines) for (const p of l.points) expect(Number.isFinite(p.x) && Number.isFinite(p.y)).toBe(true);
    expect((await standingsPicture(league, HOSTILE_NAMES, fr)).alt).toMatch(/^Classement avant la première ronde : 1\. /);
    expect(pngSize((await tpChartPicture(league, HOSTILE_NAMES, en)).png)).toEqual(tpChartSize(league));
  });
});

describe('every league picture reads on a phone', () => {
  it('as wide as the table’s pictures, no text under 9 px once a phone shows it 320 px wide, in both languages, small and 40-player leagues', () => {
    const everything = withTiebreaks(smallLeague(), ['tp', 'headToHead', 'sos', 'vpDiff', 'vpTotal', 'key']);
    for (const t of [en, fr]) {
      const drawings = [
        standingsDrawing(everything, HOSTILE_NAMES, t, { ratings: leagueRatings(everything) }).drawing,
        standingsDrawing(BIG, namesOf(BIG), t).drawing,
        pairingsDrawing(smallLeague(), 3, HOSTILE_NAMES, t).drawing,
        pairingsDrawing(withRematch(), 4, HOSTILE_NAMES, t).drawing,
        pairingsDrawing(BIG, 5, namesOf(BIG), t).drawing,
        chartDrawing(smallLeague(), HOSTILE_NAMES, t).drawing,
        chartDrawing(BIG, namesOf(BIG), t).drawing,
      ];
      for (const d of drawings) {
        expect(d.width).toBe(PICTURE_WIDTH);
        expect(d.texts.length).toBeGreaterThan(10);
        expect(illegibleOnPhone(d)).toEqual([]);
        for (const x of d.texts) expect(x.x).toBeLessThanOrEqual(d.width);
      }
    }
  });
});
