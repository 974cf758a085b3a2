/**
 * Our own vector suit glyphs (no publisher artwork) and the playing-card drawing.
 *
 * Glyphs are drawn in a unit box [-1, 1]² scaled to the requested size, as filled shapes with a few
 * cut-outs painted in the background colour, so they stay readable from 16 px up.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { parseCard, type CardCode, type Suit } from '../engine/cards.js';
import { font } from './fonts.js';
import { fillText } from './texts.js';
import { COLORS, SUIT_COLORS } from './theme.js';

type Ctx = SKRSContext2D;

export interface GlyphOptions {
  /** Ink colour; defaults to the suit colour. */
  color?: string;
  /** Colour of the cut-outs (eyes, pages); defaults to the card face colour. */
  cutout?: string;
}

/** Draws one suit glyph centred on (cx, cy), `size` pixels wide and high. */
export function drawSuitGlyph(ctx: Ctx, suit: Suit, cx: number, cy: number, size: number, opts: GlyphOptions = {}): void {
  const ink = opts.color ?? SUIT_COLORS[suit];
  const cut = opts.cutout ?? COLORS.cardFace;
  ctx.save();
  ctx.translate(cx, cy);
  ctx.scale(size / 2, size / 2);
  ctx.fillStyle = ink;
  ctx.strokeStyle = ink;
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  switch (suit) {
    case 'R':
      ram(ctx, ink, cut);
      break;
    case 'M':
      mask(ctx, cut);
      break;
    case 'C':
      crow(ctx, cut);
      break;
    case 'T':
      tome(ctx, cut);
      break;
  }
  ctx.restore();
}

/** Rams: a ram's head seen from the front, with two curled horns. */
function ram(ctx: Ctx, ink: string, cut: string): void {
  // Horns: thick curled strokes, one each side, curling down and in.
  ctx.lineWidth = 0.26;
  for (const s of [-1, 1]) {
    ctx.beginPath();
    ctx.moveTo(s * 0.18, -0.62);
    ctx.bezierCurveTo(s * 0.55, -0.98, s * 1.0, -0.7, s * 0.9, -0.22);
    ctx.bezierCurveTo(s * 0.82, 0.12, s * 0.48, 0.12, s * 0.5, -0.16);
    ctx.stroke();
  }
  // Head: long face narrowing to the muzzle.
  ctx.beginPath();
  ctx.moveTo(-0.36, -0.58);
  ctx.lineTo(0.36, -0.58);
  ctx.quadraticCurveTo(0.42, 0.1, 0.22, 0.62);
  ctx.quadraticCurveTo(0, 0.98, -0.22, 0.62);
  ctx.quadraticCurveTo(-0.42, 0.1, -0.36, -0.58);
  ctx.closePath();
  ctx.fill();
  // Eyes and nostrils.
  ctx.fillStyle = cut;
  for (const s of [-1, 1]) {
    ctx.beginPath();
    ctx.ellipse(s * 0.17, -0.2, 0.085, 0.06, s * 0.4, 0, Math.PI * 2);
    ctx.fill();
    ctx.beginPath();
    ctx.arc(s * 0.09, 0.6, 0.045, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.fillStyle = ink;
}

/** Masks: a theatre mask with almond eyes and a smile. */
function mask(ctx: Ctx, cut: string): void {
  ctx.beginPath();
  ctx.moveTo(-0.86, -0.62);
  ctx.quadraticCurveTo(0, -0.92, 0.86, -0.62);
  ctx.bezierCurveTo(0.92, 0.12, 0.5, 0.9, 0, 0.92);
  ctx.bezierCurveTo(-0.5, 0.9, -0.92, 0.12, -0.86, -0.62);
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = cut;
  ctx.strokeStyle = cut;
  for (const s of [-1, 1]) {
    ctx.beginPath();
    ctx.ellipse(s * 0.36, -0.24, 0.22, 0.11, s * -0.32, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.lineWidth = 0.13;
  ctx.beginPath();
  ctx.arc(0, 0.08, 0.4, Math.PI * 0.2, Math.PI * 0.8);
  ctx.stroke();
}

/** Crows: a crow's head and breast in profile, beak to the left. */
function crow(ctx: Ctx, cut: string): void {
  ctx.beginPath();
  ctx.moveTo(-0.98, -0.12); // beak tip
  ctx.quadraticCurveTo(-0.6, -0.42, -0.32, -0.5); // beak ridge
  ctx.bezierCurveTo(-0.2, -0.92, 0.5, -0.95, 0.58, -0.4); // crown
  ctx.lineTo(0.86, -0.18); // nape feathers
  ctx.lineTo(0.64, -0.08);
  ctx.bezierCurveTo(0.8, 0.3, 0.9, 0.62, 0.78, 0.96); // back
  ctx.lineTo(-0.2, 0.96);
  ctx.bezierCurveTo(-0.12, 0.56, -0.36, 0.3, -0.3, 0.02); // breast and throat
  ctx.quadraticCurveTo(-0.6, 0.0, -0.98, -0.12); // lower beak
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = cut;
  ctx.beginPath();
  ctx.arc(0.02, -0.42, 0.1, 0, Math.PI * 2);
  ctx.fill();
}

/** Tomes: a closed book, spine on the left, page edges at the foot, a diamond on the cover. */
function tome(ctx: Ctx, cut: string): void {
  ctx.beginPath();
  ctx.roundRect(-0.74, -0.92, 1.48, 1.84, 0.12);
  ctx.fill();
  ctx.fillStyle = cut;
  ctx.strokeStyle = cut;
  // page edges
  ctx.fillRect(-0.5, 0.56, 1.12, 0.2);
  // spine crease
  ctx.lineWidth = 0.08;
  ctx.beginPath();
  ctx.moveTo(-0.5, -0.92);
  ctx.lineTo(-0.5, 0.56);
  ctx.stroke();
  // cover emblem
  ctx.beginPath();
  ctx.moveTo(0.08, -0.5);
  ctx.lineTo(0.34, -0.16);
  ctx.lineTo(0.08, 0.18);
  ctx.lineTo(-0.18, -0.16);
  ctx.closePath();
  ctx.fill();
}

/** A suit glyph on an ivory disc of diameter `d`: how suits are shown on the dark table. */
export function drawSuitChip(ctx: Ctx, suit: Suit, cx: number, cy: number, d: number): void {
  ctx.fillStyle = COLORS.cardFace;
  ctx.beginPath();
  ctx.arc(cx, cy, d / 2, 0, Math.PI * 2);
  ctx.fill();
  drawSuitGlyph(ctx, suit, cx, cy, d * 0.66);
}

/** Draws a row of suit chips starting at x (left edge), vertically centred on cy; returns the x after. */
export function drawSuitRow(ctx: Ctx, suits: readonly Suit[], x: number, cy: number, d: number, gap = 4): number {
  for (const s of suits) {
    drawSuitChip(ctx, s, x + d / 2, cy, d);
    x += d + gap;
  }
  return suits.length ? x - gap : x;
}

/** A jester's cap (the joker emblem), unit box. */
function jesterCap(ctx: Ctx, ink: string, trim: string): void {
  ctx.fillStyle = ink;
  ctx.beginPath();
  ctx.moveTo(-0.62, 0.42);
  ctx.quadraticCurveTo(-0.66, -0.06, -0.94, -0.42);
  ctx.quadraticCurveTo(-0.42, -0.32, -0.24, 0.02);
  ctx.quadraticCurveTo(-0.2, -0.5, 0, -0.9);
  ctx.quadraticCurveTo(0.2, -0.5, 0.24, 0.02);
  ctx.quadraticCurveTo(0.42, -0.32, 0.94, -0.42);
  ctx.quadraticCurveTo(0.66, -0.06, 0.62, 0.42);
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = trim;
  ctx.beginPath();
  ctx.roundRect(-0.74, 0.38, 1.48, 0.3, 0.1);
  ctx.fill();
  for (const [bx, by] of [
    [-0.94, -0.42],
    [0, -0.9],
    [0.94, -0.42],
  ] as const) {
    ctx.beginPath();
    ctx.arc(bx, by, 0.13, 0, Math.PI * 2);
    ctx.fill();
  }
}

export type CardState = 'taken' | 'discarded' | 'cheated' | 'replaced' | 'normal' | 'faceDown';

export interface CardOptions {
  /**
   * - `taken`: the flip's card (gold ring)
   * - `cheated`: the card cheated in from hand (pink ring)
   * - `replaced`: the flipped card that a cheat replaced (dimmed and crossed out)
   * - `discarded`: a revealed card not used (dimmed)
   * - `faceDown`: a hidden card (card back)
   */
  state: CardState;
  /** Suit chosen for the Red Joker, shown under its value. */
  redJokerSuit?: Suit;
}

function cardPath(ctx: Ctx, x: number, y: number, w: number, h: number): void {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, Math.max(3, w * 0.09));
}

/** Draws a card with its top-left corner at (x, y). Rings for taken/cheated are drawn just outside the card. */
export function drawCard(ctx: Ctx, code: CardCode, x: number, y: number, w: number, h: number, opts: CardOptions): void {
  const { state } = opts;
  if (state === 'taken' || state === 'cheated') {
    const lw = Math.max(3, Math.round(w * 0.055));
    ctx.strokeStyle = state === 'taken' ? COLORS.gold : COLORS.cheat;
    ctx.lineWidth = lw;
    const o = lw / 2 + 2;
    ctx.beginPath();
    ctx.roundRect(x - o, y - o, w + 2 * o, h + 2 * o, Math.max(3, w * 0.09) + o);
    ctx.stroke();
  }
  if (state === 'faceDown') {
    drawBack(ctx, x, y, w, h);
    return;
  }
  const card = parseCard(code);
  const face = card.kind === 'BJ' ? COLORS.bjFace : COLORS.cardFace;
  cardPath(ctx, x, y, w, h);
  ctx.fillStyle = face;
  ctx.fill();
  ctx.lineWidth = 1;
  ctx.strokeStyle = card.kind === 'BJ' ? '#55535e' : COLORS.cardEdge;
  ctx.stroke();

  const valueText = card.kind === 'std' ? String(card.value) : card.kind === 'RJ' ? '14' : '0';
  const ink = card.kind === 'std' ? SUIT_COLORS[card.suit] : card.kind === 'RJ' ? COLORS.rjInk : COLORS.bjInk;
  const vpx = Math.round(h * 0.25);
  const pad = w * 0.08;
  ctx.fillStyle = ink;
  ctx.font = font(vpx, true);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  fillText(ctx, valueText, x + pad, y + h * 0.05, w - 2 * pad);

  const cornerSuit = card.kind === 'std' ? card.suit : card.kind === 'RJ' ? opts.redJokerSuit : undefined;
  if (cornerSuit) {
    const s = Math.round(w * 0.24);
    drawSuitGlyph(ctx, cornerSuit, x + pad + s / 2, y + h * 0.07 + vpx + s / 2, s, { cutout: face });
  }
  const big = Math.min(w * 0.6, h * 0.44);
  const cx = x + w * 0.6;
  const cy = y + h * 0.66;
  if (card.kind === 'std') {
    drawSuitGlyph(ctx, card.suit, cx, cy, big, { cutout: face });
  } else {
    ctx.save();
    ctx.translate(cx, cy);
    ctx.scale(big / 2, big / 2);
    jesterCap(ctx, ink, card.kind === 'RJ' ? '#e0a526' : '#8d8b99');
    ctx.restore();
  }

  if (state === 'discarded' || state === 'replaced') {
    cardPath(ctx, x, y, w, h);
    ctx.fillStyle = COLORS.dim;
    ctx.fill();
  }
  if (state === 'replaced') {
    // Cross out the body of the card, leaving the corner value readable.
    const x0 = x + w * 0.16;
    const x1 = x + w * 0.84;
    const y0 = y + h * 0.36;
    const y1 = y + h * 0.9;
    ctx.strokeStyle = COLORS.cross;
    ctx.lineWidth = Math.max(3, w * 0.07);
    ctx.lineCap = 'round';
    ctx.beginPath();
    ctx.moveTo(x0, y0);
    ctx.lineTo(x1, y1);
    ctx.moveTo(x1, y0);
    ctx.lineTo(x0, y1);
    ctx.stroke();
  }
}

function drawBack(ctx: Ctx, x: number, y: number, w: number, h: number): void {
  cardPath(ctx, x, y, w, h);
  ctx.fillStyle = COLORS.cardBack;
  ctx.fill();
  const i = Math.max(3, w * 0.08);
  ctx.strokeStyle = COLORS.cardBackInk;
  ctx.lineWidth = Math.max(1, w * 0.025);
  ctx.beginPath();
  ctx.roundRect(x + i, y + i, w - 2 * i, h - 2 * i, Math.max(2, w * 0.05));
  ctx.stroke();
  // Centre emblem: a four-pointed star in a ring.
  const cx = x + w / 2;
  const cy = y + h / 2;
  const r = w * 0.26;
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.stroke();
  ctx.fillStyle = COLORS.cardBackInk;
  ctx.beginPath();
  for (let k = 0; k < 8; k++) {
    const a = (k * Math.PI) / 4 - Math.PI / 2;
    const rr = k % 2 === 0 ? r * 0.85 : r * 0.28;
    const px = cx + Math.cos(a) * rr;
    const py = cy + Math.sin(a) * rr;
    if (k === 0) ctx.moveTo(px, py);
    else ctx.lineTo(px, py);
  }
  ctx.closePath();
  ctx.fill();
}
