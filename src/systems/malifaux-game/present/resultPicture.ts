/**
 * The final result's picture (issue 16 item 4): both crews' totals with the winner ringed in gold, the
 * VP banked so far at the end of each turn as bars split into the strategy's VP (solid) and the schemes'
 * (striped), and the VP of each turn in a table. Drawn like the table's pictures (pictures/): 640 px
 * wide, DejaVu Sans, no text under MIN_TEXT, so that it reads when a phone shows it 320 px wide.
 *
 * A pure function of its input: the same result draws the same bytes.
 */
import { createCanvas } from '@napi-rs/canvas';
import { translator, type Locale, type Translate } from '../../../i18n/index.js';
import type { Attachment } from '../../contract.js';
import type { Seat } from '../../malifaux-table/engine/schema.js';
import { fillRoundRect, gridLine, pill, strokeRoundRect, text, type Ctx } from '../../malifaux-table/pictures/draw.js';
import { ensureFonts } from '../../malifaux-table/pictures/fonts.js';
import { drawHeader, HEADER_H } from '../../malifaux-table/pictures/frame.js';
import { recordTexts, type DrawnText } from '../../malifaux-table/pictures/texts.js';
import { COLORS, MARGIN, PICTURE_WIDTH, TEXT } from '../../malifaux-table/pictures/theme.js';
import { crewTally, endingLine, outcomeLine, playedTurns, SEATS, strategyName, TURNS, turnVpText, vpText, type CrewTally, type ResultInput } from './result.js';

const W = PICTURE_WIDTH;
/** Each crew's hue (orange and blue tell apart for every common colour blindness), and a dark ink for stripes. */
const CREW_COLORS: readonly { fill: string; ink: string }[] = [
  { fill: COLORS.attacker, ink: '#4a2e0a' },
  { fill: COLORS.defender, ink: '#12324f' },
];

/** Room above the panels for the badge on their top edge. */
const PANEL_TOP = HEADER_H + 28;
const PANEL_H = 180;
const PANEL_W = (W - 2 * MARGIN - 16) / 2;
const CHART_TOP = PANEL_TOP + PANEL_H + 24;
const CAPTION_H = 36;
/** Room above the tallest bar for its label. */
const LABEL_ROOM = 30;
const PLOT_H = 200;
const AXIS_H = 36;
const PLOT_LEFT = MARGIN + 64;
const PLOT_RIGHT = W - MARGIN - 8;
const BAR_W = 38;
const BAR_GAP = 8;
const TABLE_TOP = CHART_TOP + CAPTION_H + LABEL_ROOM + PLOT_H + AXIS_H + 16;
const ROW_H = 40;
const TABLE_H = 3 * ROW_H;
const FOOTER_LINE = 30;
const HEIGHT = TABLE_TOP + TABLE_H + 16 + 2 * FOOTER_LINE + 16;

/** Where a crew's bar for a turn went: its VP so far, split, and its pixels (for tests). */
export interface ResultBar {
  seat: Seat;
  turn: number;
  strategy: number;
  schemes: number;
  x: number;
  /** Top of the bar and its height in pixels; the strategy's part is the bottom `strategyH` of it. */
  y: number;
  h: number;
  strategyH: number;
}

export interface ResultDrawing {
  width: number;
  height: number;
  texts: DrawnText[];
  bars: ResultBar[];
  /** The panel ringed as the winner's, null for a draw. */
  ringed: { seat: Seat; x: number; y: number; w: number; h: number } | null;
}

export function resultSize(): { width: number; height: number } {
  return { width: W, height: HEIGHT };
}

/** A swatch of a crew's colour: solid for the strategy's VP, striped for the schemes'. */
function swatch(ctx: Ctx, seat: Seat, x: number, y: number, w: number, h: number, striped: boolean): void {
  const { fill, ink } = CREW_COLORS[seat]!;
  if (!striped) {
    ctx.fillStyle = fill;
    ctx.fillRect(x, y, w, h);
    return;
  }
  ctx.save();
  ctx.beginPath();
  ctx.rect(x, y, w, h);
  ctx.clip();
  ctx.fillStyle = ink;
  ctx.fillRect(x, y, w, h);
  ctx.strokeStyle = fill;
  ctx.lineWidth = 4;
  for (let d = -h; d < w; d += 10) {
    ctx.beginPath();
    ctx.moveTo(x + d, y + h);
    ctx.lineTo(x + d + h, y);
    ctx.stroke();
  }
  ctx.restore();
  ctx.strokeStyle = fill;
  ctx.lineWidth = 2;
  ctx.strokeRect(x + 1, y + 1, w - 2, h - 2);
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

/** A crew's panel: its name, its total, WINNER or DRAW, and its VP from the strategy and from schemes. */
function panel(ctx: Ctx, t: Translate, input: ResultInput, seat: Seat, tally: CrewTally): ResultDrawing['ringed'] {
  const x = MARGIN + seat * (PANEL_W + 16);
  const y = PANEL_TOP;
  const { winner } = input.result;
  const won = winner === seat;
  fillRoundRect(ctx, x, y, PANEL_W, PANEL_H, 14, COLORS.panel);
  if (won) strokeRoundRect(ctx, x + 2, y + 2, PANEL_W - 4, PANEL_H - 4, 14, COLORS.gold, 4);
  // A badge on the panel's top edge: the rows below keep all their width for a long name and a 2-digit total.
  if (winner === null) pill(ctx, t('result.picture.draw'), x + PANEL_W - 16, y, TEXT.caption, COLORS.single, COLORS.roleInk, { align: 'right' });
  else if (won) pill(ctx, t('result.picture.winner'), x + PANEL_W - 16, y, TEXT.caption, COLORS.gold, COLORS.roleInk, { align: 'right' });
  swatch(ctx, seat, x + 16, y + 18, 20, 20, false);
  text(ctx, input.names[seat], x + 46, y + 28, TEXT.name, COLORS.text, { bold: true, maxW: PANEL_W - 62 });
  const total = vpText(input.result.vp[seat]);
  const tw = text(ctx, total, x + 16, y + 82, TEXT.total, won ? COLORS.gold : COLORS.text, { bold: true });
  text(ctx, t('result.picture.vp'), x + 16 + tw + 8, y + 92, TEXT.body, COLORS.textDim, { bold: true });
  const schemes = sum(tally.schemes.map((s) => s.reveal + s.end));
  swatch(ctx, seat, x + 16, y + 114, 20, 20, false);
  text(ctx, t('result.picture.strategyVp', { vp: vpText(tally.strategy) }), x + 46, y + 124, TEXT.caption, COLORS.text, { maxW: PANEL_W - 62 });
  swatch(ctx, seat, x + 16, y + 146, 20, 20, true);
  text(ctx, t('result.picture.schemesVp', { vp: vpText(schemes) }), x + 46, y + 156, TEXT.caption, COLORS.text, { maxW: PANEL_W - 62 });
  return won ? { seat, x, y, w: PANEL_W, h: PANEL_H } : null;
}

/**
 * What a bar shows of a crew's VP so far at turn index `i`: as tall as the sum (none below zero, which
 * only a referee's correction could reach), the strategy's part at the bottom as far as the sum allows.
 */
function parts(c: CrewTally, i: number): { strategy: number; total: number } {
  const total = Math.max(0, c.cumulative.strategy[i]! + c.cumulative.schemes[i]!);
  return { strategy: Math.min(total, Math.max(0, c.cumulative.strategy[i]!)), total };
}

/** The chart: for each turn, each crew's VP so far, the strategy's at the bottom and the schemes' striped above. */
function chart(ctx: Ctx, t: Translate, input: ResultInput, tallies: readonly CrewTally[]): ResultBar[] {
  text(ctx, t('result.picture.cumulative'), MARGIN + 8, CHART_TOP + CAPTION_H / 2, TEXT.body, COLORS.text, { bold: true, maxW: W - 2 * MARGIN - 16 });
  const plotTop = CHART_TOP + CAPTION_H + LABEL_ROOM;
  const base = plotTop + PLOT_H;
  const highest = Math.max(...tallies.flatMap((c) => TURNS.map((_, i) => parts(c, i).total)));
  // U11: 8 VP is a crew's most, so the scale stays the same from game to game unless a referee goes past it.
  const top = Math.max(8, Math.ceil(highest / 2) * 2);
  const scale = PLOT_H / top;
  for (let v = 0; v <= top; v += 2) gridLine(ctx, base - v * scale, PLOT_LEFT, PLOT_RIGHT, v, String(v), TEXT.caption);
  const groupW = (PLOT_RIGHT - PLOT_LEFT) / TURNS.length;
  text(ctx, t('result.table.turn'), PLOT_LEFT - 10, base + AXIS_H / 2 + 2, TEXT.caption, COLORS.textDim, { align: 'right', maxW: PLOT_LEFT - MARGIN - 10 });
  const bars: ResultBar[] = [];
  const played = playedTurns(input);
  TURNS.forEach((turn, i) => {
    const left = PLOT_LEFT + i * groupW + (groupW - (2 * BAR_W + BAR_GAP)) / 2;
    text(ctx, String(turn), PLOT_LEFT + i * groupW + groupW / 2, base + AXIS_H / 2 + 2, TEXT.caption, COLORS.textDim, { bold: true, align: 'center' });
    // A turn never played (the game ended early by agreement) has no bars: none would say VP "so far" then.
    if (turn > played) {
      text(ctx, '–', PLOT_LEFT + i * groupW + groupW / 2, base - 20, TEXT.caption, COLORS.textDim, { bold: true, align: 'center' });
      return;
    }
    for (const seat of SEATS) {
      const c = tallies[seat]!;
      const strategy = c.cumulative.strategy[i]!;
      const schemes = c.cumulative.schemes[i]!;
      const drawn = parts(c, i);
      const x = Math.round(left + seat * (BAR_W + BAR_GAP));
      const strategyH = Math.round(drawn.strategy * scale);
      const h = Math.round(drawn.total * scale);
      if (strategyH > 0) swatch(ctx, seat, x, base - strategyH, BAR_W, strategyH, false);
      if (h > strategyH) swatch(ctx, seat, x, base - h, BAR_W, h - strategyH, true);
      // A crew with nothing yet still shows its bar's foot, in its colour.
      if (h === 0) swatch(ctx, seat, x, base - 4, BAR_W, 4, false);
      const last = turn === played;
      const color = last && input.result.winner === seat ? COLORS.gold : COLORS.text;
      text(ctx, vpText(strategy + schemes), x + BAR_W / 2, base - Math.max(h, 4) - 16, TEXT.caption, color, { bold: true, align: 'center' });
      bars.push({ seat, turn, strategy, schemes, x, y: base - h, h, strategyH });
    }
  });
  return bars;
}

/** The VP of each turn and the totals, the winner's row lit. */
function table(ctx: Ctx, t: Translate, input: ResultInput): void {
  const nameLeft = MARGIN + 8;
  const colsLeft = nameLeft + 176;
  const totalCentre = W - MARGIN - 8 - 50;
  const colW = (totalCentre - 50 - colsLeft) / TURNS.length;
  const colCentre = (i: number) => colsLeft + i * colW + colW / 2;
  let cy = TABLE_TOP + ROW_H / 2;
  text(ctx, t('result.table.turn'), nameLeft, cy, TEXT.caption, COLORS.textDim, { bold: true, maxW: 170 });
  TURNS.forEach((turn, i) => text(ctx, String(turn), colCentre(i), cy, TEXT.caption, COLORS.textDim, { bold: true, align: 'center' }));
  text(ctx, t('picture.total'), totalCentre, cy, TEXT.caption, COLORS.textDim, { bold: true, align: 'center', maxW: 100 });
  for (const seat of SEATS) {
    cy += ROW_H;
    const won = input.result.winner === seat;
    if (won) fillRoundRect(ctx, MARGIN, cy - ROW_H / 2 + 2, W - 2 * MARGIN, ROW_H - 4, 8, COLORS.panel);
    swatch(ctx, seat, nameLeft, cy - 8, 16, 16, false);
    text(ctx, input.names[seat], nameLeft + 26, cy, TEXT.body, COLORS.text, { bold: true, maxW: colsLeft - nameLeft - 34 });
    TURNS.forEach((turn, i) => text(ctx, turnVpText(input, seat, turn), colCentre(i), cy, TEXT.body, COLORS.text, { align: 'center' }));
    text(ctx, vpText(input.result.vp[seat]), totalCentre, cy, TEXT.name, won ? COLORS.gold : COLORS.text, { bold: true, align: 'center' });
  }
}

/** Draws the result on a context of `resultSize()`; returns where its texts and bars went. */
export function drawResult(ctx: Ctx, input: ResultInput, t: Translate): ResultDrawing {
  const texts = recordTexts(ctx);
  const { width, height } = resultSize();
  ctx.fillStyle = COLORS.felt;
  ctx.fillRect(0, 0, width, height);
  drawHeader(ctx, t('result.picture.title'), width, 0);
  const tallies = SEATS.map((seat) => crewTally(input, seat));
  let ringed: ResultDrawing['ringed'] = null;
  for (const seat of SEATS) ringed = panel(ctx, t, input, seat, tallies[seat]!) ?? ringed;
  const bars = chart(ctx, t, input, tallies);
  table(ctx, t, input);
  const footer = [t('result.picture.strategyName', { name: strategyName(t, input.strategy) }), endingLine(t, input.ended, (name) => name)];
  footer.forEach((line, i) => text(ctx, line, MARGIN + 8, TABLE_TOP + TABLE_H + 16 + FOOTER_LINE * i + FOOTER_LINE / 2, TEXT.caption, COLORS.textDim, { maxW: W - 2 * MARGIN - 16 }));
  return { width, height, texts, bars, ringed };
}

export async function renderResult(input: ResultInput, t: Translate): Promise<Buffer> {
  ensureFonts();
  const { width, height } = resultSize();
  const canvas = createCanvas(width, height);
  drawResult(canvas.getContext('2d'), input, t);
  return canvas.encode('png');
}

/** Discord takes at most this many characters of alt text. */
const ALT_LIMIT = 1024;

/** The picture in words, for screen readers: totals and their split, the outcome, each crew's VP so far by turn. */
export function resultDescription(input: ResultInput, t: Translate): string {
  const tallies = SEATS.map((seat) => crewTally(input, seat));
  const crews = SEATS.map((seat) => {
    const c = tallies[seat]!;
    const schemes = sum(c.schemes.map((s) => s.reveal + s.end));
    return t('result.alt.crew', { name: input.names[seat], vp: vpText(input.result.vp[seat]), strategy: vpText(c.strategy), schemes: vpText(schemes) });
  });
  const turns = SEATS.map((seat) => {
    const c = tallies[seat]!;
    return t('result.alt.turns', { name: input.names[seat], values: TURNS.slice(0, playedTurns(input)).map((_, i) => vpText(c.cumulative.strategy[i]! + c.cumulative.schemes[i]!)).join(', ') });
  });
  const line = t('result.alt', {
    crews: crews.join('; '),
    outcome: outcomeLine(t, input).replaceAll('**', ''),
    turns: turns.join('; '),
    last: playedTurns(input),
    ended: endingLine(t, input.ended, (name) => name),
  });
  return line.length <= ALT_LIMIT ? line : `${line.slice(0, ALT_LIMIT - 1)}…`;
}

/** The result's picture as an attachment for the channel's final summary, with its alt text. */
export async function drawResultPicture(input: ResultInput, locale: Locale): Promise<Attachment & { data: Buffer; description: string }> {
  const t = translator(locale);
  return { name: 'result.png', data: await renderResult(input, t), contentType: 'image/png', description: resultDescription(input, t) };
}
