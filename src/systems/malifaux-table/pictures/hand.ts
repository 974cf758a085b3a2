/** A Control Hand: a row of cards, the legal ones (e.g. to cheat) lifted and ringed, the rest dimmed. */
import { createCanvas } from '@napi-rs/canvas';
import { fitCards, text, type CardBox, type Ctx } from './draw.js';
import { ensureFonts } from './fonts.js';
import type { HandPicture } from './models.js';
import { drawCard, type CardState } from './suits.js';
import { COLORS } from './theme.js';

export const HAND_SIZE = { width: 960, height: 300 } as const;

const M = 16;
const HEADER = 58;
const LIFT = 16;

export async function renderHand(model: HandPicture): Promise<Buffer> {
  ensureFonts();
  const canvas = createCanvas(HAND_SIZE.width, HAND_SIZE.height);
  drawHand(canvas.getContext('2d'), model);
  return canvas.encode('png');
}

/** Draws the hand picture on a HAND_SIZE context; returns where the cards went. */
export function drawHand(ctx: Ctx, model: HandPicture): CardBox[] {
  const boxes: CardBox[] = [];
  const { width: W, height: H } = HAND_SIZE;
  ctx.fillStyle = COLORS.felt;
  ctx.fillRect(0, 0, W, H);
  ctx.fillStyle = COLORS.feltDark;
  ctx.fillRect(0, 0, W, HEADER);
  text(ctx, model.title, M + 8, HEADER / 2, 24, COLORS.text, { bold: true, maxW: W - 2 * M - 16 });

  const n = model.cards.length;
  const avail = W - 2 * M - 16;
  const gap = 16;
  // Shrink cards to fit down to 64 px wide, then overlap them.
  let { w, h } = fitCards(n, 0, avail, 110, gap);
  let step = w + gap;
  if (w < 64) {
    w = 64;
    h = Math.round(w * 1.4);
    step = n > 1 ? (avail - w) / (n - 1) : 0;
  }
  const rowW = n ? step * (n - 1) + w : 0;
  const x0 = Math.round((W - rowW) / 2);
  const y0 = HEADER + 24 + LIFT;
  if (n === 0) {
    ctx.setLineDash([8, 6]);
    ctx.strokeStyle = COLORS.textFaint;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.roundRect((W - 100) / 2, y0, 100, 140, 10);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  const legal = model.highlight ? new Set(model.highlight) : undefined;
  model.cards.forEach((code, i) => {
    const isLegal = legal?.has(code) ?? false;
    const state: CardState = legal === undefined ? 'normal' : isLegal ? 'taken' : 'discarded';
    const x = Math.round(x0 + i * step);
    const y = isLegal ? y0 - LIFT : y0;
    drawCard(ctx, code, x, y, w, h, code === 'RJ' && model.redJokerSuit ? { state, redJokerSuit: model.redJokerSuit } : { state });
    boxes.push({ code, state, x, y, w, h });
  });
  if (model.footer) text(ctx, model.footer, M + 8, H - 20, 15, COLORS.textFaint, { maxW: W - 2 * M - 16 });
  return boxes;
}
