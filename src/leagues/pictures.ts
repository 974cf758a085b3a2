/**
 * The league's pictures (issue 17): the standings, a round's pairings and each player's TP round by round,
 * each a PNG with its alt text. Drawn like the table's pictures and at their width (DejaVu Sans, flat fills,
 * the same colours, header and type scale, 640 px wide), phone first: Discord shows them about 300 px wide
 * on a phone, so the standings keep the few columns a reader scans there (rank, player, TP, the first
 * tiebreaks, W-D-L) and leave byes, ratings and the later tiebreaks to the embed, the web page and the export.
 *
 * Pure functions of the league, the players' names and the translator: the same input draws the same bytes.
 */
import { createCanvas } from '@napi-rs/canvas';
import type { Translate } from '../i18n/index.js';
import { fillRoundRect, gridLine, signed, text, type Ctx } from '../systems/malifaux-table/pictures/draw.js';
import { ensureFonts } from '../systems/malifaux-table/pictures/fonts.js';
import { drawHeader, HEADER_H } from '../systems/malifaux-table/pictures/frame.js';
import { recordTexts, type DrawnText } from '../systems/malifaux-table/pictures/texts.js';
import { COLORS, MARGIN, PICTURE_WIDTH, TEXT } from '../systems/malifaux-table/pictures/theme.js';
import { headToHeadPoints, shownTiebreaks, type ShownTiebreak } from './columns.js';
import type { Names } from './export.js';
import { currentResults, tableKey, type League, type PlayerId, type Table } from './model.js';
import type { PlayerRating } from './rating.js';
import { standings, type StandingRow } from './standings.js';

export const LEAGUE_PICTURE_WIDTH = PICTURE_WIDTH;
const W = LEAGUE_PICTURE_WIDTH;
const HEAD = HEADER_H;
/** Text sizes in canvas pixels, the table pictures' scale: halve them for a phone (caption: 10 px). */
const TYPE = { caption: TEXT.caption, body: TEXT.body, strong: TEXT.heading } as const;
const ROW_H = 40;
const LINE_H = 30;
const LEFT = MARGIN;
const RIGHT = W - MARGIN;
/**
 * Rows shown at most; the rest are counted in a line below (and are on the web page). A longer picture
 * would be a scroll of small print on a phone.
 */
export const MAX_STANDINGS_ROWS = 24;
export const MAX_PAIRING_TABLES = 16;
/** The organiser's tiebreaks shown as columns, in their order; the rest are in the embed and the export. */
export const MAX_TIEBREAK_COLUMNS = 2;
/** A table's card: one line per player, each `SEAT_LINE` from the card's middle. */
const SEAT_LINE = LINE_H / 2 + 1;
const CARD_H = 2 * LINE_H + 12;
const CARD_GAP = 8;
/** Lines drawn in colour on the chart; the others are grey. */
export const CHART_HIGHLIGHTS = 8;
/** Discord takes at most this many characters of alt text. */
const ALT_LIMIT = 1024;
const DROPPED_MARK = '✕';
const REMATCH_MARK = '↻';

export type { Names };

export interface LeaguePicture {
  png: Buffer;
  /** What the picture shows, in words, for screen readers (at most Discord's 1024 characters). */
  alt: string;
}

export interface LeagueDrawing {
  width: number;
  height: number;
  texts: DrawnText[];
}

/** A player's name on one line: a line break or a tab in a display name must not break a row. */
const nameOf = (names: Names, id: PlayerId): string => (names.get(id) ?? id).replace(/\s+/g, ' ').trim() || id;
/** A whole number with a true minus sign. */
const whole = (n: number): string => (n < 0 ? `\u2212${-n}` : String(n));
const record = (row: StandingRow): string => `${row.wins}-${row.draws}-${row.losses}`;

function alt(line: string): string {
  return line.length <= ALT_LIMIT ? line : `${line.slice(0, ALT_LIMIT - 1)}…`;
}

/** As many of `items` as Discord's limit lets `render` hold, the rest counted ("…and 8 more"). */
function fittedAlt(items: readonly string[], render: (shown: readonly string[], more: number) => string): string {
  for (let k = items.length; k > 0; k--) {
    const line = render(items.slice(0, k), items.length - k);
    if (line.length <= ALT_LIMIT) return line;
  }
  return alt(render([], items.length));
}

/** The felt and the header band with the title. */
function frame(ctx: Ctx, title: string, height: number): void {
  ctx.fillStyle = COLORS.felt;
  ctx.fillRect(0, 0, W, height);
  drawHeader(ctx, title, W, 0);
}

async function encode(size: { width: number; height: number }, draw: (ctx: Ctx) => unknown): Promise<Buffer> {
  ensureFonts();
  const canvas = createCanvas(size.width, size.height);
  draw(canvas.getContext('2d'));
  return canvas.encode('png');
}

// ---------------------------------------------------------------- standings

export interface StandingsOptions {
  /** Default: the last round that went out. */
  afterRound?: number;
  /** Each player's rating (rating.ts), said in the alt text; the picture leaves it to the embed. */
  ratings?: ReadonlyMap<PlayerId, PlayerRating>;
  maxRows?: number;
}

/** Above this deviation a rating is provisional and marked "?", as lichess does with Glicko-2. */
export const PROVISIONAL_DEVIATION = 110;

/** Each column's width: set for the widest figure it holds and its head in either language. */
const COLUMN_W = { tp: 52, vpDiff: 68, vpTotal: 56, sos: 68, headToHead: 68, record: 84 } as const;
const RANK_W = 44;

interface Column {
  head: string;
  w: number;
  value: (row: StandingRow) => string;
}

export interface StandingsDrawing extends LeagueDrawing {
  /** Each row drawn, top to bottom, with the rank it shows and its vertical centre. */
  rows: { playerId: PlayerId; rank: number; y: number }[];
  /** Players left out for want of room. */
  more: number;
}

interface StandingsLayout {
  round: number;
  rows: StandingRow[];
  shown: StandingRow[];
  tiebreaks: ShownTiebreak[];
  h2h: Map<PlayerId, number | null>;
  legend: ('sos' | 'headToHead' | 'dropped')[];
  nameW: number;
  height: number;
}

function standingsLayout(league: League, options: StandingsOptions): StandingsLayout {
  const round = options.afterRound ?? league.rounds.length;
  const order = league.settings.tiebreaks;
  const rows = standings(league, round, order);
  const shown = rows.slice(0, options.maxRows ?? MAX_STANDINGS_ROWS);
  const tiebreaks = shownTiebreaks(order).slice(0, MAX_TIEBREAK_COLUMNS);
  const h2h = tiebreaks.includes('headToHead') ? headToHeadPoints(league, rows, round, order) : new Map<PlayerId, number | null>();
  const legend: StandingsLayout['legend'] = [];
  if (tiebreaks.includes('sos')) legend.push('sos');
  if (tiebreaks.includes('headToHead')) legend.push('headToHead');
  if (shown.some((r) => r.dropped)) legend.push('dropped');
  const more = rows.length - shown.length;
  const columnsW = COLUMN_W.tp + tiebreaks.reduce((w, k) => w + COLUMN_W[k], 0) + COLUMN_W.record;
  const nameW = RIGHT - (LEFT + RANK_W) - columnsW - 8;
  const height = HEAD + ROW_H + shown.length * ROW_H + (more ? LINE_H : 0) + 8 + legend.length * LINE_H + 12;
  return { round, rows, shown, tiebreaks, h2h, legend, nameW, height };
}

export function standingsSize(league: League, options: StandingsOptions = {}): { width: number; height: number } {
  return { width: W, height: standingsLayout(league, options).height };
}

function standingsColumns(layout: StandingsLayout, t: Translate): Column[] {
  const tiebreak: Record<ShownTiebreak, Column> = {
    vpDiff: { head: t('league.picture.column.vpDiff'), w: COLUMN_W.vpDiff, value: (r) => signed(r.vpDiff) },
    vpTotal: { head: t('league.picture.column.vpTotal'), w: COLUMN_W.vpTotal, value: (r) => whole(r.vpTotal) },
    sos: { head: t('league.picture.column.sos'), w: COLUMN_W.sos, value: (r) => r.sos.toFixed(2).replace('.', t('league.picture.decimalSeparator')) },
    headToHead: { head: t('league.picture.column.headToHead'), w: COLUMN_W.headToHead, value: (r) => (layout.h2h.get(r.playerId) == null ? '–' : whole(layout.h2h.get(r.playerId)!)) },
  };
  const columns: Column[] = [{ head: t('league.picture.column.tp'), w: COLUMN_W.tp, value: (r) => whole(r.tp) }, ...layout.tiebreaks.map((k) => tiebreak[k])];
  columns.push({ head: t('league.picture.column.record'), w: COLUMN_W.record, value: record });
  return columns;
}

/** Draws the standings on a context of `standingsSize()`: rank (shared by ties), player, TP, the organiser's first tiebreaks, W-D-L. */
export function drawStandings(ctx: Ctx, league: League, names: Names, t: Translate, options: StandingsOptions = {}): StandingsDrawing {
  return drawStandingsLaidOut(ctx, standingsLayout(league, options), names, t);
}

function drawStandingsLaidOut(ctx: Ctx, layout: StandingsLayout, names: Names, t: Translate): StandingsDrawing {
  const texts = recordTexts(ctx);
  const title = layout.round > 0 ? t('league.picture.standings.title', { round: layout.round }) : t('league.picture.standings.titleStart');
  frame(ctx, title, layout.height);
  const columns = standingsColumns(layout, t);
  const rankW = RANK_W;
  const nameLeft = LEFT + rankW;
  const { nameW } = layout;
  const centres: number[] = [];
  let x = nameLeft + nameW + 8;
  for (const c of columns) {
    centres.push(x + c.w / 2);
    x += c.w;
  }

  let cy = HEAD + ROW_H / 2;
  text(ctx, t('league.picture.column.rank'), LEFT + rankW / 2, cy, TYPE.caption, COLORS.textDim, { bold: true, align: 'center' });
  text(ctx, t('league.picture.column.player'), nameLeft + 6, cy, TYPE.caption, COLORS.textDim, { bold: true, maxW: nameW - 8 });
  columns.forEach((c, i) => text(ctx, c.head, centres[i]!, cy, TYPE.caption, COLORS.textDim, { bold: true, align: 'center', maxW: c.w - 6 }));

  const drawn: StandingsDrawing['rows'] = [];
  layout.shown.forEach((row, i) => {
    cy += ROW_H;
    if (i % 2 === 0) fillRoundRect(ctx, LEFT, cy - ROW_H / 2 + 2, RIGHT - LEFT, ROW_H - 4, 8, COLORS.panel);
    const ink = row.dropped ? COLORS.textFaint : COLORS.text;
    // A shared rank is written on every tied row: the reader sees the tie without counting.
    text(ctx, String(row.rank), LEFT + rankW / 2, cy, TYPE.body, row.rank === 1 && !row.dropped ? COLORS.gold : ink, { bold: true, align: 'center' });
    let nameX = nameLeft + 6;
    if (row.dropped) nameX += 6 + text(ctx, DROPPED_MARK, nameX, cy, TYPE.body, COLORS.failure, { bold: true });
    text(ctx, nameOf(names, row.playerId), nameX, cy, TYPE.body, ink, { bold: true, maxW: nameLeft + nameW - nameX });
    columns.forEach((c, j) => text(ctx, c.value(row), centres[j]!, cy, j === 0 ? TYPE.strong : TYPE.body, ink, { bold: j === 0, align: 'center', maxW: c.w - 4 }));
    drawn.push({ playerId: row.playerId, rank: row.rank, y: cy });
  });
  cy += ROW_H / 2;
  const more = layout.rows.length - layout.shown.length;
  if (more) {
    text(ctx, t('league.picture.more', { count: more }), LEFT + 8, cy + LINE_H / 2, TYPE.body, COLORS.textDim, { bold: true, maxW: RIGHT - LEFT - 16 });
    cy += LINE_H;
  }
  cy += 8;
  for (const entry of layout.legend) {
    text(ctx, t(`league.picture.legend.${entry}`), LEFT + 8, cy + LINE_H / 2, TYPE.caption, COLORS.textDim, { maxW: RIGHT - LEFT - 16 });
    cy += LINE_H;
  }
  return { width: W, height: layout.height, texts, rows: drawn, more };
}

/** The standings in words: each row shown (rank, name, TP, record, rating, dropped), then how many more. */
export function standingsDescription(league: League, names: Names, t: Translate, options: StandingsOptions = {}): string {
  return describeStandings(standingsLayout(league, options), names, t, options);
}

function describeStandings(layout: StandingsLayout, names: Names, t: Translate, options: StandingsOptions): string {
  const rows = layout.shown.map((r) => {
    const rating = options.ratings?.get(r.playerId);
    return t('league.picture.standings.altRow', {
      rank: r.rank,
      name: nameOf(names, r.playerId),
      tp: r.tp,
      record: record(r),
      rating: rating ? rating.rating : 'none',
      provisional: rating && rating.deviation > PROVISIONAL_DEVIATION ? 'yes' : 'no',
      dropped: r.dropped ? 'yes' : 'no',
    });
  });
  const left = layout.rows.length - layout.shown.length;
  return fittedAlt(rows, (shown, more) => {
    const list = more + left ? [...shown, t('league.picture.standings.altMore', { count: more + left })] : shown;
    return layout.round > 0 ? t('league.picture.standings.alt', { round: layout.round, rows: list.join('; ') }) : t('league.picture.standings.altStart', { rows: list.join('; ') });
  });
}

export async function standingsPicture(league: League, names: Names, t: Translate, options: StandingsOptions = {}): Promise<LeaguePicture> {
  // Laid out once: the standings behind it are the costly part, more than drawing them.
  const layout = standingsLayout(league, options);
  const png = await encode({ width: W, height: layout.height }, (ctx) => drawStandingsLaidOut(ctx, layout, names, t));
  return { png, alt: describeStandings(layout, names, t, options) };
}

// ---------------------------------------------------------------- pairings

/** One table of a round as the picture shows it. */
export interface PairingRow {
  table: number;
  players: [PlayerId, PlayerId];
  /** TP before the round. */
  tp: [number, number];
  rematch: boolean;
  outcome: { kind: 'pending' } | { kind: 'played'; vp: [number, number]; voided: boolean } | { kind: 'forfeit'; absent: PlayerId[]; voided: boolean };
}

export interface PairingsDrawing extends LeagueDrawing {
  /** Each table drawn: its card's middle, and each seat's line. */
  tables: (PairingRow & { y: number; seats: [number, number] })[];
  more: number;
}

/** The round's tables with each player's TP before it, whether they met before, and the result that counts. */
export function pairingRows(league: League, round: number): { tables: PairingRow[]; byes: PlayerId[] } {
  const r = league.rounds.find((x) => x.number === round);
  if (!r) return { tables: [], byes: [] };
  const before = new Map(standings(league, round - 1).map((row) => [row.playerId, row.tp]));
  // Keyed as round 0: the pair, whichever round and way round they met.
  const met = new Set<string>();
  for (const earlier of league.rounds) if (earlier.number < round) for (const table of earlier.tables) met.add(tableKey(0, table.players));
  const results = currentResults(league);
  const tables = r.tables.map((table: Table, i): PairingRow => {
    const [a, b] = table.players;
    const result = results.get(tableKey(round, table.players));
    let outcome: PairingRow['outcome'] = { kind: 'pending' };
    if (result?.kind === 'played') {
      // Written the way round the table is, whichever way the result was entered.
      const vp: [number, number] = result.players[0] === a ? [result.vp[0], result.vp[1]] : [result.vp[1], result.vp[0]];
      outcome = { kind: 'played', vp, voided: result.voided };
    } else if (result?.kind === 'forfeit') outcome = { kind: 'forfeit', absent: [...result.absent], voided: result.voided };
    return { table: i + 1, players: [a, b], tp: [before.get(a) ?? 0, before.get(b) ?? 0], rematch: met.has(tableKey(0, table.players)), outcome };
  });
  return { tables, byes: [...r.byes] };
}

interface PairingsLayout {
  rows: PairingRow[];
  shown: PairingRow[];
  byes: PlayerId[];
  rematch: boolean;
  height: number;
}

function pairingsLayout(league: League, round: number): PairingsLayout {
  const { tables, byes } = pairingRows(league, round);
  const shown = tables.slice(0, MAX_PAIRING_TABLES);
  const rematch = shown.some((r) => r.rematch);
  const lines = (tables.length > shown.length ? 1 : 0) + (byes.length ? 1 : 0) + 1 + (rematch ? 1 : 0);
  return { rows: tables, shown, byes, rematch, height: HEAD + CARD_GAP + shown.length * (CARD_H + CARD_GAP) + lines * LINE_H + 12 };
}

export function pairingsSize(league: League, round: number): { width: number; height: number } {
  return { width: W, height: pairingsLayout(league, round).height };
}

/** Who won a table, as a seat (null: no result, a draw, a void, or both absent). */
function winnerSeat(row: PairingRow): 0 | 1 | null {
  const o = row.outcome;
  if (o.kind === 'pending' || o.voided) return null;
  if (o.kind === 'played') return o.vp[0] > o.vp[1] ? 0 : o.vp[0] < o.vp[1] ? 1 : null;
  const absent = row.players.map((p) => o.absent.includes(p));
  return absent[0] && !absent[1] ? 1 : absent[1] && !absent[0] ? 0 : null;
}

/** Draws round `round`'s pairings on a context of `pairingsSize()`: per table its number, each player on a line with their TP and VP, a rematch mark. */
export function drawPairings(ctx: Ctx, league: League, round: number, names: Names, t: Translate): PairingsDrawing {
  return drawPairingsLaidOut(ctx, pairingsLayout(league, round), round, names, t);
}

function drawPairingsLaidOut(ctx: Ctx, layout: PairingsLayout, round: number, names: Names, t: Translate): PairingsDrawing {
  const texts = recordTexts(ctx);
  frame(ctx, t('league.picture.pairings.title', { round }), layout.height);
  const numberW = 56;
  const markW = 36;
  const vpW = 92;
  const tpW = 52;
  const vpCentre = RIGHT - markW - vpW / 2;
  const tpRight = RIGHT - markW - vpW - 4;
  const nameLeft = LEFT + numberW;
  const nameW = tpRight - tpW - nameLeft;
  let top = HEAD + CARD_GAP;
  const tables: PairingsDrawing['tables'] = [];
  for (const row of layout.shown) {
    const mid = top + CARD_H / 2;
    fillRoundRect(ctx, LEFT, top, RIGHT - LEFT, CARD_H, 10, COLORS.panel);
    text(ctx, String(row.table), LEFT + numberW / 2, mid, TYPE.strong, COLORS.textDim, { bold: true, align: 'center' });
    const won = winnerSeat(row);
    const o = row.outcome;
    const seats: [number, number] = [mid - SEAT_LINE, mid + SEAT_LINE];
    for (const seat of [0, 1] as const) {
      const cy = seats[seat];
      const absent = o.kind === 'forfeit' && !o.voided && o.absent.includes(row.players[seat]);
      const ink = absent ? COLORS.textFaint : won === seat ? COLORS.gold : COLORS.text;
      text(ctx, nameOf(names, row.players[seat]), nameLeft, cy, TYPE.body, ink, { bold: true, maxW: nameW });
      text(ctx, `(${whole(row.tp[seat])})`, tpRight, cy, TYPE.caption, COLORS.textDim, { align: 'right' });
      if (o.kind === 'pending') text(ctx, '–', vpCentre, cy, TYPE.body, COLORS.textFaint, { bold: true, align: 'center' });
      else if (o.kind === 'played' && !o.voided) text(ctx, String(o.vp[seat]), vpCentre, cy, TYPE.strong, ink, { bold: true, align: 'center' });
      else if (absent) text(ctx, t('league.picture.pairings.forfeit'), vpCentre, cy, TYPE.caption, COLORS.textDim, { bold: true, align: 'center', maxW: vpW });
    }
    if (o.kind !== 'pending' && o.voided) text(ctx, t('league.picture.pairings.voided'), vpCentre, mid, TYPE.caption, COLORS.textDim, { bold: true, align: 'center', maxW: vpW });
    if (row.rematch) text(ctx, REMATCH_MARK, RIGHT - markW / 2, mid, TYPE.strong, COLORS.cheat, { bold: true, align: 'center' });
    tables.push({ ...row, y: mid, seats });
    top += CARD_H + CARD_GAP;
  }
  let cy = top;
  const line = (s: string, color: string, bold = false): void => {
    text(ctx, s, LEFT + 8, cy + LINE_H / 2, TYPE.caption, color, { bold, maxW: RIGHT - LEFT - 16 });
    cy += LINE_H;
  };
  const more = layout.rows.length - layout.shown.length;
  if (more) line(t('league.picture.pairings.more', { count: more }), COLORS.textDim, true);
  if (layout.byes.length) line(t('league.picture.pairings.bye', { names: layout.byes.map((id) => nameOf(names, id)).join(', ') }), COLORS.text, true);
  line(t('league.picture.pairings.legendTp'), COLORS.textDim);
  if (layout.rematch) line(t('league.picture.pairings.legendRematch'), COLORS.textDim);
  return { width: W, height: layout.height, texts, tables, more };
}

/** The pairings in words: each table with both players' TP before the round, its result, a rematch; the byes. */
export function pairingsDescription(league: League, round: number, names: Names, t: Translate): string {
  return describePairings(pairingsLayout(league, round), round, names, t);
}

function describePairings(layout: PairingsLayout, round: number, names: Names, t: Translate): string {
  const { rows: tables, byes } = layout;
  const list = tables.map((row) => {
    const o = row.outcome;
    let outcome = '';
    if (o.kind !== 'pending' && o.voided) outcome = t('league.picture.pairings.altVoided');
    else if (o.kind === 'played') outcome = t('league.picture.pairings.altPlayed', { vpA: o.vp[0], vpB: o.vp[1] });
    else if (o.kind === 'forfeit') outcome = t('league.picture.pairings.altForfeit', { names: o.absent.map((id) => nameOf(names, id)).join(', ') });
    const [a, b] = row.players;
    return t('league.picture.pairings.altTable', { table: row.table, a: nameOf(names, a), tpA: row.tp[0], b: nameOf(names, b), tpB: row.tp[1], outcome, rematch: row.rematch ? 'yes' : 'no' });
  });
  const byeLine = byes.length ? t('league.picture.pairings.altByes', { names: byes.map((id) => nameOf(names, id)).join(', ') }) : '';
  return fittedAlt(list, (shown, more) => {
    const tables = more ? [...shown, t('league.picture.pairings.more', { count: more })] : shown;
    return t('league.picture.pairings.alt', { round, tables: tables.join('; '), byes: byeLine });
  });
}

export async function pairingsPicture(league: League, round: number, names: Names, t: Translate): Promise<LeaguePicture> {
  const layout = pairingsLayout(league, round);
  const png = await encode({ width: W, height: layout.height }, (ctx) => drawPairingsLaidOut(ctx, layout, round, names, t));
  return { png, alt: describePairings(layout, round, names, t) };
}

// ---------------------------------------------------------------- TP chart

/** Line colours, told apart on the felt; grey is kept for the players not highlighted. */
const LINE_COLORS = [COLORS.gold, COLORS.defender, COLORS.attacker, COLORS.cheat, COLORS.success, '#c39bff', COLORS.soulstone, COLORS.failure] as const;
const GREY = '#7d948a';
/**
 * Each highlighted line's marker and dash besides its colour, so that two lines stay apart for a reader
 * who does not tell the colours apart (or where they cross): four shapes, solid then dashed.
 */
export const CHART_MARKERS = ['circle', 'square', 'triangle', 'diamond'] as const;
export type ChartMarker = (typeof CHART_MARKERS)[number];
const DASH = [12, 7];

export interface ChartLine {
  playerId: PlayerId;
  /** TP after rounds 0 (the start), 1, 2… */
  tp: number[];
  color: string;
  highlighted: boolean;
  marker: ChartMarker;
  /** The line's dash pattern (empty: solid). */
  dash: number[];
  /** Where the line passes: players level on TP after a round are drawn apart (see `tieOffsets`). */
  points: { x: number; y: number }[];
  /** A highlighted line's name at its end, right of the plot; null for a grey line. */
  label: { text: string; x: number; y: number } | null;
}

export interface ChartDrawing extends LeagueDrawing {
  lines: ChartLine[];
}

const PLOT_TOP = HEAD + 28;
const PLOT_H = 300;
const PLOT_LEFT = LEFT + 44;
/** The end labels' column, right of the plot: a name's first dozen letters at caption size. */
const LABEL_W = 176;
const PLOT_RIGHT = RIGHT - LABEL_W;
const AXIS_H = 66;
/** The lines' and their markers' sizes, highlighted and grey. */
const STROKE = { highlighted: 4, grey: 2, leader: 2 } as const;
const MARKER_R = 5;
/** Two end labels' centres are at least this far apart: one caption line. */
export const CHART_LABEL_GAP = TYPE.caption + 4;
/** Lines level on TP are this far apart at most; less when many are level, always within their band. */
const TIE_SPREAD = 7;
/** The share of one TP's height that level lines fan out over: a line never reaches a neighbouring TP's. */
const TIE_BAND = 0.7;

interface ChartLayout {
  rounds: number;
  /** Final standings order, each player's TP after each round. */
  series: { row: StandingRow; tp: number[] }[];
  highlighted: number;
  height: number;
}

function chartLayout(league: League): ChartLayout {
  const rounds = league.rounds.length;
  // Only TP is read after each round: ranked on TP alone, the tiebreaks (head-to-head, SoS) go uncomputed.
  const after = Array.from({ length: rounds }, (_, r) => new Map(standings(league, r, ['tp']).map((row) => [row.playerId, row.tp])));
  const final = standings(league);
  after.push(new Map(final.map((row) => [row.playerId, row.tp])));
  const series = final.map((row) => ({ row, tp: after.map((m) => m.get(row.playerId) ?? 0) }));
  const highlighted = Math.min(CHART_HIGHLIGHTS, series.length);
  const legendRows = Math.ceil(highlighted / 2);
  const others = series.length > highlighted ? 1 : 0;
  return { rounds, series, highlighted, height: PLOT_TOP + PLOT_H + AXIS_H + legendRows * LINE_H + others * LINE_H + 12 };
}

export function tpChartSize(league: League): { width: number; height: number } {
  return { width: W, height: chartLayout(league).height };
}

/** A step between gridlines that gives at most about six of them. */
function gridStep(span: number): number {
  for (const step of [1, 2, 3, 5, 10, 15, 20, 25, 50, 100]) if (span / step <= 6) return step;
  return Math.ceil(span / 6);
}

/**
 * How far each line is drawn off its TP after each round (pixels, up negative): lines level on TP after a
 * round fan out around it, the better-ranked higher, `spread` apart at most and all within `band` pixels,
 * so that each stays visible and none reaches the next TP's height. `tp`: each line's TP per round, in
 * standings order.
 */
export function tieOffsets(tp: readonly (readonly number[])[], spread: number, band: number): number[][] {
  const offsets = tp.map((line) => line.map(() => 0));
  const rounds = Math.max(0, ...tp.map((line) => line.length));
  for (let r = 0; r < rounds; r++) {
    const level = new Map<number, number[]>();
    tp.forEach((line, i) => {
      const v = line[r];
      if (v !== undefined) level.set(v, [...(level.get(v) ?? []), i]);
    });
    for (const group of level.values()) {
      if (group.length < 2) continue;
      const step = Math.min(spread, band / (group.length - 1));
      group.forEach((i, j) => (offsets[i]![r] = (j - (group.length - 1) / 2) * step));
    }
  }
  return offsets;
}

/**
 * The end labels' heights: each as near its line's end as it can be, none closer than `gap` to the next,
 * all between `top` and `bottom` (there is room: CHART_HIGHLIGHTS labels take far less than the plot's
 * height). `wanted` is in the order the labels read top to bottom; so is the answer.
 */
export function spreadLabels(wanted: readonly number[], gap: number, top: number, bottom: number): number[] {
  const placed: number[] = [];
  for (const y of wanted) placed.push(Math.max(y, top, placed.length ? placed.at(-1)! + gap : -Infinity));
  // Pushed past the bottom: the column slides back up, as far as the top allows.
  for (let i = placed.length - 1; i >= 0; i--) placed[i] = Math.min(placed[i]!, i === placed.length - 1 ? bottom : placed[i + 1]! - gap);
  return placed;
}

function drawMarker(ctx: Ctx, marker: ChartMarker, x: number, y: number, r: number, color: string): void {
  ctx.fillStyle = color;
  ctx.beginPath();
  if (marker === 'circle') ctx.arc(x, y, r, 0, Math.PI * 2);
  else if (marker === 'square') ctx.rect(x - r * 0.85, y - r * 0.85, r * 1.7, r * 1.7);
  else if (marker === 'triangle') {
    ctx.moveTo(x, y - r * 1.1);
    ctx.lineTo(x + r, y + r * 0.8);
    ctx.lineTo(x - r, y + r * 0.8);
    ctx.closePath();
  } else {
    ctx.moveTo(x, y - r * 1.2);
    ctx.lineTo(x + r * 1.2, y);
    ctx.lineTo(x, y + r * 1.2);
    ctx.lineTo(x - r * 1.2, y);
    ctx.closePath();
  }
  ctx.fill();
}

function strokeLines(ctx: Ctx, paths: readonly (readonly { x: number; y: number }[])[], color: string, width: number, dash: readonly number[]): void {
  if (!paths.length) return;
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.lineJoin = 'round';
  ctx.setLineDash([...dash]);
  ctx.beginPath();
  for (const points of paths) points.forEach((p, r) => (r ? ctx.lineTo(p.x, p.y) : ctx.moveTo(p.x, p.y)));
  ctx.stroke();
  ctx.setLineDash([]);
}

const strokeLine = (ctx: Ctx, points: readonly { x: number; y: number }[], color: string, width: number, dash: readonly number[]): void => strokeLines(ctx, [points], color, width, dash);

/**
 * Draws each player's TP after every round on a context of `tpChartSize()`: the top players in colour,
 * each with its marker, dash and name at its end, and a legend; the rest grey.
 */
export function drawTpChart(ctx: Ctx, league: League, names: Names, t: Translate): ChartDrawing {
  return drawTpChartLaidOut(ctx, chartLayout(league), names, t);
}

function drawTpChartLaidOut(ctx: Ctx, layout: ChartLayout, names: Names, t: Translate): ChartDrawing {
  const texts = recordTexts(ctx);
  frame(ctx, t('league.picture.chart.title'), layout.height);
  const all = layout.series.flatMap((s) => s.tp);
  const step = gridStep(Math.max(1, Math.max(0, ...all) - Math.min(0, ...all)));
  const top = Math.max(step, Math.ceil(Math.max(0, ...all) / step) * step);
  const bottom = Math.floor(Math.min(0, ...all) / step) * step;
  const yOf = (tp: number): number => PLOT_TOP + PLOT_H - ((tp - bottom) / (top - bottom)) * PLOT_H;
  const xOf = (round: number): number => PLOT_LEFT + (layout.rounds ? (round / layout.rounds) * (PLOT_RIGHT - PLOT_LEFT) : 0);
  for (let v = bottom; v <= top; v += step) gridLine(ctx, yOf(v), PLOT_LEFT, PLOT_RIGHT, v, whole(v), TYPE.caption);
  const axisY = PLOT_TOP + PLOT_H + 24;
  for (let r = 0; r <= layout.rounds; r++) text(ctx, String(r), xOf(r), axisY, TYPE.caption, COLORS.textDim, { bold: true, align: 'center' });
  text(ctx, t('league.picture.chart.round'), (PLOT_LEFT + PLOT_RIGHT) / 2, axisY + 28, TYPE.caption, COLORS.textDim, { bold: true, align: 'center' });

  // Only the coloured lines fan out: the grey ones are the background, one colour anyway.
  const shown = layout.series.slice(0, layout.highlighted);
  const offsets = tieOffsets(
    shown.map((s) => s.tp),
    TIE_SPREAD,
    (TIE_BAND * PLOT_H) / (top - bottom),
  );
  const lines: ChartLine[] = layout.series.map((s, i) => {
    const highlighted = i < layout.highlighted;
    return {
      playerId: s.row.playerId,
      tp: s.tp,
      highlighted,
      color: highlighted ? LINE_COLORS[i % LINE_COLORS.length]! : GREY,
      marker: CHART_MARKERS[i % CHART_MARKERS.length]!,
      dash: highlighted && Math.floor(i / CHART_MARKERS.length) % 2 ? DASH : [],
      points: s.tp.map((tp, r) => ({ x: xOf(r), y: yOf(tp) + (offsets[i]?.[r] ?? 0) })),
      label: null,
    };
  });
  // The end labels, top to bottom as the lines end, pushed apart where lines end level or close.
  const ending = lines.slice(0, layout.highlighted).sort((a, b) => a.points.at(-1)!.y - b.points.at(-1)!.y);
  const labelYs = spreadLabels(
    ending.map((l) => l.points.at(-1)!.y),
    CHART_LABEL_GAP,
    PLOT_TOP,
    PLOT_TOP + PLOT_H,
  );
  ending.forEach((line, k) => (line.label = { text: nameOf(names, line.playerId), x: PLOT_RIGHT + 28, y: labelYs[k]! }));

  // Grey first, all in one stroke (one colour, and a stroke per line was the chart's costliest step), then
  // the highlighted from the last to the leader, so the leader's line is on top.
  strokeLines(ctx, lines.filter((l) => !l.highlighted).map((l) => l.points), GREY, STROKE.grey, []);
  for (const line of lines.filter((l) => l.highlighted).reverse()) {
    strokeLine(ctx, line.points, line.color, STROKE.highlighted, line.dash);
    for (const p of line.points) drawMarker(ctx, line.marker, p.x, p.y, MARKER_R, line.color);
    const end = line.points.at(-1)!;
    // A short leader from the line's end to its name, which may sit a little above or below it.
    strokeLine(ctx, [{ x: end.x + 8, y: end.y }, { x: line.label!.x - 6, y: line.label!.y }], line.color, STROKE.leader, []);
    text(ctx, line.label!.text, line.label!.x, line.label!.y, TYPE.caption, line.color, { bold: true, maxW: RIGHT - line.label!.x });
  }

  let cy = PLOT_TOP + PLOT_H + AXIS_H + LINE_H / 2;
  const colW = (RIGHT - LEFT) / 2;
  lines.slice(0, layout.highlighted).forEach((line, i) => {
    const x = LEFT + 8 + (i % 2) * colW;
    const y = cy + Math.floor(i / 2) * LINE_H;
    strokeLine(ctx, [{ x, y }, { x: x + 30, y }], line.color, STROKE.highlighted, line.dash.length ? [6, 4] : []);
    drawMarker(ctx, line.marker, x + 15, y, MARKER_R, line.color);
    const row = layout.series[i]!.row;
    text(ctx, `${row.rank}. ${nameOf(names, line.playerId)} (${whole(row.tp)})`, x + 40, y, TYPE.caption, COLORS.text, { bold: true, maxW: colW - 52 });
  });
  cy += Math.ceil(layout.highlighted / 2) * LINE_H;
  const others = lines.length - layout.highlighted;
  if (others) text(ctx, t('league.picture.chart.others', { count: others }), LEFT + 8, cy, TYPE.caption, COLORS.textDim, { maxW: RIGHT - LEFT - 16 });
  return { width: W, height: layout.height, texts, lines };
}

/** The chart in words: each highlighted player's TP after rounds 1 to the last, and how many more are grey. */
export function tpChartDescription(league: League, names: Names, t: Translate): string {
  return describeTpChart(chartLayout(league), names, t);
}

function describeTpChart(layout: ChartLayout, names: Names, t: Translate): string {
  const lines = layout.series.slice(0, layout.highlighted).map((s) => t('league.picture.chart.altLine', { name: nameOf(names, s.row.playerId), values: s.tp.slice(1).map(whole).join(', ') }));
  const others = layout.series.length - layout.highlighted;
  return alt(t('league.picture.chart.alt', { last: layout.rounds, lines: lines.join('; '), others: others ? t('league.picture.chart.altOthers', { count: others }) : '' }));
}

export async function tpChartPicture(league: League, names: Names, t: Translate): Promise<LeaguePicture> {
  // Laid out once: the standings after every round are the costly part, more than drawing the lines.
  const layout = chartLayout(league);
  const png = await encode({ width: W, height: layout.height }, (ctx) => drawTpChartLaidOut(ctx, layout, names, t));
  return { png, alt: describeTpChart(layout, names, t) };
}

