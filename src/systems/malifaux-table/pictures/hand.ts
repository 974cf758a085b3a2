/**
 * A Control Hand: a row of cards in the order given (the presenter sorts them by suit and value), the
 * legal ones (e.g. to cheat) lifted and ringed, the rest dimmed. Cards shrink to fit, never below a width
 * whose corner value stays readable on a phone; past that they overlap, each corner still in view.
 */
import { createCanvas } from '@napi-rs/canvas';
import { cardHeight, text, type CardBox, type Ctx, type Drawing } from './draw.js';
import { ensureFonts } from './fonts.js';
import { drawFooter, drawHeader, FOOTER_H, HEADER_H } from './frame.js';
import type { HandPicture } from './models.js';
import { drawCard, type CardState } from './suits.js';
import { recordTexts } from './texts.js';
import { COLORS, MARGIN, PICTURE_WIDTH, TEXT } from './theme.js';

const W = PICTURE_WIDTH;
const LIFT = 18;
const CARD_MAX = 100;
const CARD_MIN = 60;
const GAP = 10;

function cardWidth(n: number): number {
  const avail = W - 2 * MARGIN - 16;
  return Math.max(CARD_MIN, Math.min(CARD_MAX, Math.floor((avail - Math.max(0, n - 1) * GAP) / Math.max(1, n))));
}

/** Size of the hand picture for this model. */
export function handSize(model: HandPicture): { width: number; height: number } {
  const h = cardHeight(cardWidth(model.cards.length));
  return { width: W, height: HEADER_H + 20 + LIFT + h + 24 + (model.footer ? FOOTER_H - 16 : 0) };
}

export async function renderHand(model: HandPicture): Promise<Buffer> {
  ensureFonts();
  const { width, height } = handSize(model);
  const canvas = createCanvas(width, height);
  drawHand(canvas.getContext('2d'), model);
  return canvas.encode('png');
}

/** Draws the hand picture on a context of `handSize(model)`; returns where the cards and texts went. */
export function drawHand(ctx: Ctx, model: HandPicture): Drawing {
  const texts = recordTexts(ctx);
  const { width, height } = handSize(model);
  ctx.fillStyle = COLORS.felt;
  ctx.fillRect(0, 0, width, height);
  drawHeader(ctx, model.title, width, 0);

  const n = model.cards.length;
  const avail = W - 2 * MARGIN - 16;
  const w = cardWidth(n);
  const h = cardHeight(w);
  const step = n > 1 ? Math.min(w + GAP, (avail - w) / (n - 1)) : 0;
  const rowW = n ? step * (n - 1) + w : 0;
  const x0 = Math.round((W - rowW) / 2);
  const y0 = HEADER_H + 20 + LIFT;
  if (n === 0) {
    ctx.setLineDash([10, 8]);
    ctx.strokeStyle = COLORS.textDim;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.roundRect((W - w) / 2, y0, w, h, 10);
    ctx.stroke();
    ctx.setLineDash([]);
    text(ctx, '0', W / 2, y0 + h / 2, TEXT.title, COLORS.textDim, { bold: true, align: 'center' });
  }
  const legal = model.highlight ? new Set(model.highlight) : undefined;
  const boxes: CardBox[] = model.cards.map((code, i) => {
    const isLegal = legal?.has(code) ?? false;
    const state: CardState = legal === undefined ? 'normal' : isLegal ? 'taken' : 'discarded';
    return { code, state, x: Math.round(x0 + i * step), y: isLegal ? y0 - LIFT : y0, w, h };
  });
  for (const b of boxes) drawCard(ctx, b.code, b.x, b.y, b.w, b.h, b.code === 'RJ' && model.redJokerSuit ? { state: b.state, redJokerSuit: model.redJokerSuit } : { state: b.state });
  if (model.footer) drawFooter(ctx, model.footer, width, height);
  return { width, height, cards: boxes, texts };
}
