/** Small drawing helpers shared by the pictures: pills, text fitting, fate pips, inline runs. */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { CardCode, Suit } from '../engine/cards.js';
import { font } from './fonts.js';
import { fillText, type DrawnText } from './texts.js';
import { drawCard, drawSuitChip, type CardState } from './suits.js';
import { COLORS, MIN_TEXT, TEXT } from './theme.js';

export type Ctx = SKRSContext2D;

export function fillRoundRect(ctx: Ctx, x: number, y: number, w: number, h: number, r: number, color: string): void {
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
  ctx.fill();
}

export function strokeRoundRect(ctx: Ctx, x: number, y: number, w: number, h: number, r: number, color: string, lw: number): void {
  ctx.strokeStyle = color;
  ctx.lineWidth = lw;
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
  ctx.stroke();
}

/** Truncates `text` with an ellipsis so that it fits `maxW` in the current font. */
export function fitText(ctx: Ctx, text: string, maxW: number): string {
  if (maxW <= 0) return '';
  if (ctx.measureText(text).width <= maxW) return text;
  const chars = Array.from(text);
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (ctx.measureText(chars.slice(0, mid).join('').trimEnd() + '…').width <= maxW) lo = mid;
    else hi = mid - 1;
  }
  return lo === 0 ? '' : chars.slice(0, lo).join('').trimEnd() + '…';
}

/** Draws left-aligned text vertically centred on cy, truncated to maxW; returns the drawn width. */
export function text(ctx: Ctx, s: string, x: number, cy: number, px: number, color: string, opts: { bold?: boolean; maxW?: number; align?: 'left' | 'center' | 'right' } = {}): number {
  if (!s) return 0;
  ctx.font = font(px, opts.bold ?? false);
  const str = opts.maxW === undefined ? s : fitText(ctx, s, opts.maxW);
  ctx.fillStyle = color;
  ctx.textAlign = opts.align ?? 'left';
  ctx.textBaseline = 'middle';
  fillText(ctx, str, x, cy);
  return ctx.measureText(str).width;
}

/** A filled pill with centred text; returns its width. `x` is the left edge, right edge or centre per `align`. */
export function pill(ctx: Ctx, s: string, x: number, cy: number, px: number, bg: string, fg: string, opts: { bold?: boolean; maxW?: number; align?: 'left' | 'right' | 'center'; outline?: boolean } = {}): number {
  if (!s) return 0;
  ctx.font = font(px, opts.bold ?? true);
  const padX = Math.round(px * 0.6);
  const str = opts.maxW === undefined ? s : fitText(ctx, s, opts.maxW - 2 * padX);
  const w = Math.ceil(ctx.measureText(str).width) + 2 * padX;
  const h = Math.round(px * 1.6);
  const left = opts.align === 'right' ? x - w : opts.align === 'center' ? x - w / 2 : x;
  if (opts.outline) strokeRoundRect(ctx, left + 1, cy - h / 2 + 1, w - 2, h - 2, h / 2, bg, 2);
  else fillRoundRect(ctx, left, cy - h / 2, w, h, h / 2, bg);
  ctx.fillStyle = fg;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  fillText(ctx, str, left + w / 2, cy + 1);
  return w;
}

/** One fate pip: a green disc with a plus, a red disc with a minus, or a plain "0" for no modifier. */
function pip(ctx: Ctx, kind: 1 | -1 | 0, cx: number, cy: number, d: number): void {
  const r = d / 2;
  if (kind === 0) {
    text(ctx, '0', cx, cy + 1, Math.round(d * 0.95), COLORS.text, { bold: true, align: 'center' });
    return;
  }
  ctx.fillStyle = kind > 0 ? COLORS.plus : COLORS.minus;
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fill();
  const bar = d * 0.56;
  const t = Math.max(2, Math.round(d * 0.16));
  ctx.fillStyle = '#0c1a12';
  ctx.fillRect(cx - bar / 2, cy - t / 2, bar, t);
  if (kind > 0) ctx.fillRect(cx - t / 2, cy - bar / 2, t, bar);
}

/** Pips drawn for a net fate: one each up to 3, then one pip and "×n" (keeps the line short on a phone). */
const pipCount = (n: number): number => (n > 3 ? 1 : Math.max(1, n));

/** Net fate modifier as pips (up to 3, else one pip and "×n"); returns the x after the last pip. */
export function drawFatePips(ctx: Ctx, fate: number, x: number, cy: number, d: number): number {
  const n = Math.abs(fate);
  const kind: 1 | -1 | 0 = fate > 0 ? 1 : fate < 0 ? -1 : 0;
  const shown = pipCount(n);
  for (let i = 0; i < shown; i++) pip(ctx, kind, x + d / 2 + i * (d + 3), cy, d);
  x += shown * (d + 3) - 3;
  if (n > 3) x += 4 + text(ctx, `×${n}`, x + 4, cy, Math.round(d * 0.8), COLORS.text, { bold: true });
  return x;
}

/** A soulstone: a faceted cyan gem, `d` pixels tall. */
export function drawSoulstone(ctx: Ctx, cx: number, cy: number, d: number): void {
  const r = d / 2;
  ctx.fillStyle = COLORS.soulstone;
  ctx.beginPath();
  ctx.moveTo(cx, cy - r);
  ctx.lineTo(cx + r * 0.8, cy - r * 0.35);
  ctx.lineTo(cx + r * 0.55, cy + r * 0.7);
  ctx.lineTo(cx, cy + r);
  ctx.lineTo(cx - r * 0.55, cy + r * 0.7);
  ctx.lineTo(cx - r * 0.8, cy - r * 0.35);
  ctx.closePath();
  ctx.fill();
  ctx.strokeStyle = COLORS.soulstoneInk;
  ctx.lineWidth = Math.max(1, d * 0.07);
  ctx.beginPath();
  ctx.moveTo(cx - r * 0.8, cy - r * 0.35);
  ctx.lineTo(cx, cy);
  ctx.lineTo(cx + r * 0.8, cy - r * 0.35);
  ctx.moveTo(cx, cy);
  ctx.lineTo(cx, cy + r);
  ctx.stroke();
}

/** A lightning bolt (trigger marker), `d` pixels tall. */
export function drawBolt(ctx: Ctx, cx: number, cy: number, d: number, color: string): void {
  const s = d / 2;
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.moveTo(cx + 0.2 * s, cy - s);
  ctx.lineTo(cx - 0.55 * s, cy + 0.15 * s);
  ctx.lineTo(cx - 0.02 * s, cy + 0.15 * s);
  ctx.lineTo(cx - 0.25 * s, cy + s);
  ctx.lineTo(cx + 0.6 * s, cy - 0.2 * s);
  ctx.lineTo(cx + 0.05 * s, cy - 0.2 * s);
  ctx.closePath();
  ctx.fill();
}

/** A right-pointing arrow from x to x + w, centred on cy. */
export function drawArrow(ctx: Ctx, x: number, cy: number, w: number, color: string): void {
  const head = Math.min(12, w * 0.45);
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineWidth = 4;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(x + 2, cy);
  ctx.lineTo(x + w - head, cy);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(x + w, cy);
  ctx.lineTo(x + w - head, cy - head * 0.75);
  ctx.lineTo(x + w - head, cy + head * 0.75);
  ctx.closePath();
  ctx.fill();
}

/** Pieces of an inline line: text, a row of suit chips, fate pips, a soulstone, or a gap. */
export type RunItem =
  | { t: string; color?: string; bold?: boolean; px?: number }
  | { suits: readonly Suit[] }
  | { fate: number }
  | { soulstone: true }
  | { gap: number };

function runItemWidth(ctx: Ctx, it: RunItem, px: number, chip: number): number {
  if ('t' in it) {
    ctx.font = font(it.px ?? px, it.bold ?? false);
    return ctx.measureText(it.t).width;
  }
  if ('suits' in it) return it.suits.length ? it.suits.length * (chip + 3) - 3 : 0;
  if ('fate' in it) {
    const n = pipCount(Math.abs(it.fate));
    let w = n * (chip + 3) - 3;
    if (Math.abs(it.fate) > 3) {
      ctx.font = font(Math.round(chip * 0.8), true);
      w += 4 + ctx.measureText(`×${Math.abs(it.fate)}`).width;
    }
    return w;
  }
  if ('soulstone' in it) return chip;
  return it.gap;
}

/** Natural width of a run (before any scaling). */
export function measureRun(ctx: Ctx, items: readonly RunItem[], px: number, chip: number): number {
  return items.reduce((s, it) => s + runItemWidth(ctx, it, px, chip), 0);
}

/** The smallest text a run draws at scale 1 (its words, and the digits beside fate pips). */
function smallestText(items: readonly RunItem[], px: number, chip: number): number {
  let least = Infinity;
  for (const it of items) {
    if ('t' in it && it.t.trim()) least = Math.min(least, it.px ?? px);
    else if ('fate' in it && it.fate === 0) least = Math.min(least, Math.round(chip * 0.95));
    else if ('fate' in it && Math.abs(it.fate) > 3) least = Math.min(least, Math.round(chip * 0.8));
  }
  return least;
}

/**
 * Draws items left to right on one line centred on cy, with text at `px` and chips at `chip` px. A line
 * wider than maxW is scaled down to fit, but never so far that a text falls under MIN_TEXT: past that,
 * the text that overflows is cut short with "…" and what follows it is left out. Returns the drawn width.
 */
export function drawRun(ctx: Ctx, items: readonly RunItem[], x: number, cy: number, maxW: number, px: number, chip: number): number {
  const total = measureRun(ctx, items, px, chip);
  // A hair over the minimum: the canvas keeps its transform in single precision.
  const floor = Math.min(1, (MIN_TEXT + 0.01) / smallestText(items, px, chip));
  const k = total > maxW ? Math.max(maxW / total, floor) : 1;
  const room = maxW / k;
  ctx.save();
  ctx.translate(x, cy);
  ctx.scale(k, k);
  let cx = 0;
  for (const it of items) {
    const w = runItemWidth(ctx, it, px, chip);
    if (cx + w > room + 0.5) {
      if ('t' in it) cx += text(ctx, it.t, cx, 0, it.px ?? px, it.color ?? COLORS.textDim, { bold: it.bold ?? false, maxW: room - cx });
      break;
    }
    if ('t' in it) cx += text(ctx, it.t, cx, 0, it.px ?? px, it.color ?? COLORS.textDim, { bold: it.bold ?? false });
    else if ('suits' in it) {
      for (const s of it.suits) {
        drawSuitChip(ctx, s, cx + chip / 2, 0, chip);
        cx += chip + 3;
      }
      if (it.suits.length) cx -= 3;
    } else if ('fate' in it) cx = drawFatePips(ctx, it.fate, cx, 0, chip);
    else if ('soulstone' in it) {
      drawSoulstone(ctx, cx + chip / 2, 0, chip);
      cx += chip;
    } else cx += it.gap;
  }
  ctx.restore();
  return Math.min(total * k, maxW);
}

/** A chart's horizontal rule at `y` from `left` to `right`, its value written before it; the zero rule stronger. */
export function gridLine(ctx: Ctx, y: number, left: number, right: number, value: number, label: string, px: number): void {
  const crisp = Math.round(y) + 0.5;
  ctx.strokeStyle = value === 0 ? COLORS.textDim : COLORS.panelEdge;
  ctx.lineWidth = value === 0 ? 2 : 1;
  ctx.beginPath();
  ctx.moveTo(left, crisp);
  ctx.lineTo(right, crisp);
  ctx.stroke();
  text(ctx, label, left - 10, crisp, px, COLORS.textDim, { align: 'right' });
}

/** Signed number with a true minus sign: "+2", "−1", "0". */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : '0';
}

export interface FlipRow {
  revealed: readonly CardCode[];
  taken?: CardCode | undefined;
  cheatedWith?: CardCode | undefined;
  redJokerSuit?: Suit | undefined;
}

/** Where a card was drawn, and how (returned by the draw functions for tests and composition). */
export interface CardBox {
  code: CardCode;
  state: CardState;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface FlipRowLayout {
  cards: CardBox[];
  cardW: number;
  cardH: number;
  /** Right edge of the row. */
  right: number;
  /** Left edge of the cheat card, if any. */
  cheatX?: number;
}

/** What drawing a picture produced: its size, where its cards went, and every text with its size. */
export interface Drawing<Box extends CardBox = CardBox> {
  width: number;
  height: number;
  cards: Box[];
  texts: DrawnText[];
}

/** Card size that fits `slots` cards plus an optional arrow in maxW, capped at maxCardW, ratio 1:1.4. */
export function fitCards(slots: number, arrow: number, maxW: number, maxCardW: number, gap: number): { w: number; h: number } {
  const w = Math.floor(Math.min(maxCardW, (maxW - arrow - Math.max(0, slots - 1) * gap) / Math.max(1, slots)));
  return { w, h: Math.round(w * 1.4) };
}

/** Height of a flip row's cards for `cardW`. */
export const cardHeight = (cardW: number): number => Math.round(cardW * 1.4);

/**
 * The cards of one flip, left to right: the revealed cards (the taken one ringed in gold, the others
 * dimmed; crossed out if a cheat replaced it), then an arrow and the card cheated in (ringed in pink).
 * Cards never get narrower than `minCardW` (their corner value must stay readable on a phone): when the
 * room is short, the revealed cards overlap instead, each leaving its corner in view, the taken one on top.
 */
export function drawFlipRow(ctx: Ctx, row: FlipRow, x: number, y: number, maxW: number, maxCardW: number, gap: number, minCardW: number): FlipRowLayout {
  const cheat = row.cheatedWith;
  const n = row.revealed.length;
  const arrowW = cheat && n ? 34 + 2 * gap : 0;
  let { w, h } = fitCards(n + (cheat ? 1 : 0), arrowW, maxW, maxCardW, gap);
  let step = w + gap;
  if (w < minCardW) {
    w = minCardW;
    h = cardHeight(w);
    step = n > 1 ? Math.max(0, (maxW - arrowW - (cheat ? w : 0) - w) / (n - 1)) : 0;
  }
  let takenIndex = -1;
  if (row.taken !== undefined) takenIndex = row.revealed.indexOf(row.taken);
  const cards: CardBox[] = row.revealed.map((code, i) => {
    const state: CardState = row.taken === undefined ? 'normal' : i === takenIndex ? (cheat ? 'replaced' : 'taken') : 'discarded';
    return { code, state, x: Math.round(x + i * step), y, w, h };
  });
  const order = cards.map((_, i) => i).filter((i) => i !== takenIndex);
  if (takenIndex >= 0) order.push(takenIndex);
  for (const i of order) {
    const c = cards[i]!;
    const rj = i === takenIndex && !cheat && row.redJokerSuit ? { redJokerSuit: row.redJokerSuit } : {};
    drawCard(ctx, c.code, c.x, c.y, w, h, { state: c.state, ...rj });
  }
  const right = n ? Math.round(x + (n - 1) * step + w) : x;
  if (!cheat) return { cards, cardW: w, cardH: h, right };
  if (n) drawArrow(ctx, right + gap, y + h / 2, arrowW - 2 * gap, COLORS.cheat);
  const cheatX = n ? right + arrowW : x;
  drawCard(ctx, cheat, cheatX, y, w, h, row.redJokerSuit ? { state: 'cheated', redJokerSuit: row.redJokerSuit } : { state: 'cheated' });
  cards.push({ code: cheat, state: 'cheated', x: cheatX, y, w, h });
  return { cards, cardW: w, cardH: h, right: cheatX + w, cheatX };
}

/** Height of the "Cheated" tag under a cheat card, gap included. */
export const CHEAT_TAG_H = 40;

/** The "Cheated" tag, centred under the card cheated in, kept left of `right` (the room the row had). */
export function cheatTag(ctx: Ctx, label: string, row: FlipRowLayout, top: number, right: number): void {
  if (row.cheatX === undefined) return;
  ctx.font = font(TEXT.caption, true);
  const w = ctx.measureText(label).width + 2 * Math.round(TEXT.caption * 0.6);
  const cx = Math.min(row.cheatX + row.cardW / 2, right - w / 2);
  pill(ctx, label, cx, top + CHEAT_TAG_H / 2 + 2, TEXT.caption, COLORS.cheat, '#2a0716', { align: 'center' });
}
