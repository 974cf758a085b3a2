/**
 * A single flip (FLIP-1..5, CHEAT): revealed cards, the taken one, fate modifier, cheat, final band. A damage
 * flip adds its profile, reductions and kill; a fixed damage (DMG-1) shows its value and no cards.
 */
import { createCanvas } from '@napi-rs/canvas';
import { band, cardValue } from '../engine/cards.js';
import { drawFlipRow, drawRun, fillRoundRect, measureRun, pill, strokeRoundRect, text, type CardBox, type Ctx, type RunItem } from './draw.js';
import { hasReductions, killedTag, reductionItems } from './damage.js';
import { ensureFonts } from './fonts.js';
import type { FlipPicture } from './models.js';
import { COLORS } from './theme.js';

export const FLIP_SIZE = { width: 760, height: 340 } as const;

const M = 16;
const HEADER = 58;

export async function renderFlip(model: FlipPicture): Promise<Buffer> {
  ensureFonts();
  const canvas = createCanvas(FLIP_SIZE.width, FLIP_SIZE.height);
  drawFlip(canvas.getContext('2d'), model);
  return canvas.encode('png');
}

/** Draws the flip picture on a FLIP_SIZE context; returns where the cards went. */
export function drawFlip(ctx: Ctx, model: FlipPicture): CardBox[] {
  const { width: W, height: H } = FLIP_SIZE;
  const L = model.labels;
  ctx.fillStyle = COLORS.felt;
  ctx.fillRect(0, 0, W, H);
  ctx.fillStyle = COLORS.feltDark;
  ctx.fillRect(0, 0, W, HEADER);

  // The net fate in the header; none when nothing was flipped (a fixed damage).
  let fw = 0;
  if (model.fate !== undefined) {
    const fate: RunItem[] = [{ t: L.fate, color: COLORS.textDim }, { gap: 10 }, { fate: model.fate }];
    fw = Math.min(measureRun(ctx, fate, 17, 24), 260);
    drawRun(ctx, fate, W - M - 8 - fw, HEADER / 2, fw, 17, 24);
  }
  text(ctx, model.title, M + 8, HEADER / 2, 24, COLORS.text, { bold: true, maxW: fw ? W - 3 * M - fw - 16 : W - 2 * M - 16 });

  const fixed = typeof model.profile === 'number' ? model.profile : undefined;
  const showBox = model.finalCard !== undefined || fixed !== undefined;
  const boxW = 212;
  const rowMax = showBox ? W - 3 * M - boxW - 16 : W - 2 * M - 16;
  const top = HEADER + 28;
  const flipped = model.revealed.length > 0 || model.cheatedWith !== undefined;
  let cards: CardBox[] = [];
  if (flipped) {
    const row = drawFlipRow(ctx, { revealed: model.revealed, taken: model.taken, cheatedWith: model.cheatedWith, redJokerSuit: model.redJokerSuit }, M + 8, top, rowMax, 100, 12);
    if (row.cheatX !== undefined) pill(ctx, L.cheated, row.cheatX + row.cardW / 2, top + row.cardH + 22, 13, COLORS.cheat, '#2a0716', { align: 'center', maxW: row.cardW + 60 });
    cards = row.cards;
  }

  if (showBox) {
    const x = W - M - boxW;
    const y = HEADER + 16;
    const h = H - y - 44;
    fillRoundRect(ctx, x, y, boxW, h, 14, COLORS.panel);
    strokeRoundRect(ctx, x + 1, y + 1, boxW - 2, h - 2, 14, COLORS.gold, 2);
    const cx = x + boxW / 2;
    if (fixed !== undefined) {
      // DMG-1 fixed damage: no card, no band; "fixed" and its value.
      text(ctx, L.fixed ?? '', cx, y + 30, 22, COLORS.gold, { bold: true, align: 'center', maxW: boxW - 20 });
      text(ctx, String(fixed), cx, y + 88, 64, COLORS.text, { bold: true, align: 'center' });
    } else if (model.finalCard !== undefined) {
      const v = cardValue(model.finalCard);
      const b = band(v);
      text(ctx, L.bands[b], cx, y + 30, 22, COLORS.gold, { bold: true, align: 'center', maxW: boxW - 20 });
      text(ctx, String(v), cx, y + 88, 64, COLORS.text, { bold: true, align: 'center' });
      if (Array.isArray(model.profile)) {
        const bi = ['weak', 'moderate', 'severe'].indexOf(b);
        const bw = 46;
        let px = cx - (3 * bw + 12) / 2;
        const by = y + h - 52;
        for (let i = 0; i < 3; i++) {
          if (i === bi) fillRoundRect(ctx, px, by, bw, 34, 8, COLORS.gold);
          else strokeRoundRect(ctx, px + 1, by + 1, bw - 2, 32, 8, COLORS.textFaint, 2);
          text(ctx, String(model.profile[i]), px + bw / 2, by + 18, 19, i === bi ? COLORS.roleInk : COLORS.textDim, { bold: true, align: 'center' });
          px += bw + 6;
        }
      }
    }
  }

  // A damage's reductions and kill: under the cards, or large in their place when nothing was flipped.
  const dmg = model.damage;
  if (dmg) {
    const x = M + 8;
    const steps = hasReductions(dmg) ? reductionItems(dmg, L) : null;
    if (flipped) {
      const cy = H - 54;
      const used = steps ? drawRun(ctx, steps, x, cy, rowMax, 16, 20) : 0;
      if (dmg.killed) killedTag(ctx, L.killed ?? '', x + (used ? used + 16 : 0), cy, 14, 'left', Math.max(60, rowMax - used - 16));
    } else {
      const cy = top + 40;
      if (steps) drawRun(ctx, steps, x, cy, rowMax, 24, 28);
      if (dmg.killed) killedTag(ctx, L.killed ?? '', x, steps ? cy + 62 : cy, 20, 'left', rowMax);
    }
  }
  if (model.footer) text(ctx, model.footer, M + 8, H - 20, 15, COLORS.textFaint, { maxW: W - 2 * M - 16 });
  return cards;
}
