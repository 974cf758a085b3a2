/**
 * A single flip (FLIP-1..5, CHEAT, FLIP-8): the revealed cards, the taken one, the fate modifier, a cheat,
 * and beside them what the flip came to — the final card's value and band, or, for a variable flip
 * (Assist, a push, a heal), the amount it gives, the biggest number of the picture.
 */
import { createCanvas } from '@napi-rs/canvas';
import { band, cardValue } from '../engine/cards.js';
import { CHEAT_TAG_H, cheatTag, drawFlipRow, drawRun, fillRoundRect, measureRun, strokeRoundRect, text, type Ctx, type Drawing, type RunItem } from './draw.js';
import { ensureFonts } from './fonts.js';
import { drawFooter, drawHeader, FOOTER_H, HEADER_H } from './frame.js';
import type { FlipPicture } from './models.js';
import { recordTexts } from './texts.js';
import { COLORS, MARGIN, PICTURE_WIDTH, TEXT } from './theme.js';

const W = PICTURE_WIDTH;
const BOX_W = 216;
const CARD_MAX = 100;
const CARD_MIN = 60;
const GAP = 12;

const showsBox = (m: FlipPicture) => m.finalCard !== undefined;

function boxHeight(m: FlipPicture): number {
  if (!showsBox(m)) return 0;
  return (m.profile ? 188 : 160) + (m.healed ? 36 : 0);
}

function cardsRoom(m: FlipPicture): number {
  return W - 2 * MARGIN - 16 - (showsBox(m) ? BOX_W + 20 : 0);
}

function cardsHeight(m: FlipPicture): number {
  const n = m.revealed.length + (m.cheatedWith ? 1 : 0);
  const arrow = m.cheatedWith && m.revealed.length ? 34 + 2 * GAP : 0;
  const w = Math.max(CARD_MIN, Math.min(CARD_MAX, Math.floor((cardsRoom(m) - arrow - (n - 1) * GAP) / Math.max(1, n))));
  return Math.round(w * 1.4) + (m.cheatedWith ? CHEAT_TAG_H : 0);
}

/** Size of the flip picture for this model. */
export function flipSize(m: FlipPicture): { width: number; height: number } {
  const body = Math.max(cardsHeight(m), boxHeight(m));
  return { width: W, height: HEADER_H + 24 + body + 24 + (m.footer ? FOOTER_H - 16 : 0) };
}

export async function renderFlip(model: FlipPicture): Promise<Buffer> {
  ensureFonts();
  const { width, height } = flipSize(model);
  const canvas = createCanvas(width, height);
  drawFlip(canvas.getContext('2d'), model);
  return canvas.encode('png');
}

/** Draws the flip picture on a context of `flipSize(model)`; returns where the cards and texts went. */
export function drawFlip(ctx: Ctx, model: FlipPicture): Drawing {
  const texts = recordTexts(ctx);
  const { width, height } = flipSize(model);
  const L = model.labels;
  ctx.fillStyle = COLORS.felt;
  ctx.fillRect(0, 0, width, height);

  // The net fate on the right of the header.
  const fate: RunItem[] = [{ t: L.fate, color: COLORS.textDim, bold: true }, { gap: 12 }, { fate: model.fate }];
  const fw = Math.min(measureRun(ctx, fate, TEXT.body, 28), 240);
  ctx.fillStyle = COLORS.feltDark;
  ctx.fillRect(0, 0, width, HEADER_H);
  drawHeader(ctx, model.title, width, fw);
  drawRun(ctx, fate, width - MARGIN - 8 - fw, HEADER_H / 2, fw, TEXT.body, 28);

  const top = HEADER_H + 24;
  const row = drawFlipRow(ctx, { revealed: model.revealed, taken: model.taken, cheatedWith: model.cheatedWith, redJokerSuit: model.redJokerSuit }, MARGIN + 8, top, cardsRoom(model), CARD_MAX, GAP, CARD_MIN);
  cheatTag(ctx, L.cheated, row, top + row.cardH, MARGIN + 8 + cardsRoom(model));

  if (model.finalCard !== undefined) {
    const x = width - MARGIN - BOX_W;
    const h = boxHeight(model);
    fillRoundRect(ctx, x, top, BOX_W, h, 14, COLORS.panel);
    strokeRoundRect(ctx, x + 1.5, top + 1.5, BOX_W - 3, h - 3, 14, COLORS.gold, 3);
    const cx = x + BOX_W / 2;
    const v = cardValue(model.finalCard);
    const b = band(v);
    if (model.profile && model.amount !== undefined) {
      // FLIP-8: the profile, the band that applies, and what it gives.
      const bw = 52;
      let px = cx - (3 * bw + 12) / 2;
      const bi = (['weak', 'moderate', 'severe'] as const).indexOf(b);
      for (let i = 0; i < 3; i++) {
        if (i === bi) fillRoundRect(ctx, px, top + 14, bw, 40, 8, COLORS.gold);
        else strokeRoundRect(ctx, px + 1, top + 15, bw - 2, 38, 8, COLORS.textFaint, 2);
        text(ctx, String(model.profile[i]), px + bw / 2, top + 35, TEXT.name, i === bi ? COLORS.roleInk : COLORS.textDim, { bold: true, align: 'center' });
        px += bw + 6;
      }
      text(ctx, L.result, cx, top + 74, TEXT.caption, COLORS.gold, { bold: true, align: 'center', maxW: BOX_W - 20 });
      text(ctx, String(model.amount), cx, top + 134, TEXT.amount, COLORS.text, { bold: true, align: 'center' });
    } else {
      text(ctx, L.bands[b], cx, top + 32, TEXT.name, COLORS.gold, { bold: true, align: 'center', maxW: BOX_W - 20 });
      text(ctx, String(v), cx, top + 100, TEXT.amount, COLORS.text, { bold: true, align: 'center' });
    }
    if (model.healed) text(ctx, `${L.health} ${model.healed.before} → ${model.healed.after}`, cx, top + h - 26, TEXT.body, COLORS.plus, { bold: true, align: 'center', maxW: BOX_W - 20 });
  }
  if (model.footer) drawFooter(ctx, model.footer, width, height);
  return { width, height, cards: row.cards, texts };
}
