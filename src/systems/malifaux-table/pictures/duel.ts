/**
 * The duel picture (DUEL-4 steps B–F at a glance): both flips with the taken card ringed and the rest
 * dimmed, cheats, the total's breakdown, suits, TN, triggers, success/failure, and the damage: its flip
 * (or a fixed value), its reductions and the amount dealt, and a kill.
 */
import { createCanvas } from '@napi-rs/canvas';
import { cardSuit, cardValue, type Suit } from '../engine/cards.js';
import {
  drawBolt,
  drawFlipRow,
  drawRun,
  fillRoundRect,
  measureRun,
  pill,
  signed,
  strokeRoundRect,
  text,
  type CardBox,
  type Ctx,
  type RunItem,
} from './draw.js';
import { hasReductions, killedTag, killedTagWidth, reductionItems } from './damage.js';
import { ensureFonts } from './fonts.js';
import type { DamagePicture, DuelLabels, DuelPicture, DuelSidePicture } from './models.js';
import { drawSuitRow } from './suits.js';
import { COLORS } from './theme.js';

export { renderFlip, FLIP_SIZE } from './flip.js';
export { renderHand, HAND_SIZE } from './hand.js';

export const DUEL_SIZE = { width: 1000, height: 560 } as const;

const M = 16; // outer margin
const HEADER = 60;

export async function renderDuel(model: DuelPicture): Promise<Buffer> {
  ensureFonts();
  const canvas = createCanvas(DUEL_SIZE.width, DUEL_SIZE.height);
  drawDuel(canvas.getContext('2d'), model);
  return canvas.encode('png');
}

/** Where each card of a duel picture was drawn: `side` is the index in `sides`, or 'damage'. */
export type DuelCardBox = CardBox & { where: number | 'damage' };

/** Draws the whole duel picture on a DUEL_SIZE context; returns where the cards went. */
export function drawDuel(ctx: Ctx, model: DuelPicture): DuelCardBox[] {
  const boxes: DuelCardBox[] = [];
  const keep = (where: number | 'damage', cards: CardBox[]) => {
    for (const c of cards) boxes.push({ ...c, where });
  };
  const { width: W, height: H } = DUEL_SIZE;
  const L = model.labels;
  ctx.fillStyle = COLORS.felt;
  ctx.fillRect(0, 0, W, H);
  ctx.fillStyle = COLORS.feltDark;
  ctx.fillRect(0, 0, W, HEADER);

  const two = model.sides.length >= 2;
  const tnBox = !two && model.tn !== undefined;
  // Header: title, and the TN on the right when there are two panels.
  let titleMax = W - 2 * M - 8;
  if (two && model.tn) {
    const items = tnItems(model.tn, L);
    const w = measureRun(ctx, items, 20, 26) + 28;
    const x = W - M - w;
    strokeRoundRect(ctx, x, 12, w, HEADER - 24, 18, COLORS.gold, 2);
    drawRun(ctx, items, x + 14, HEADER / 2, w - 28, 20, 26);
    titleMax = x - M - 16;
  }
  text(ctx, model.title, M + 8, HEADER / 2, 26, COLORS.text, { bold: true, maxW: titleMax });

  const top = HEADER + 14;
  const bottom = model.damage ? 412 : H - 40;
  const h = bottom - top;
  // Without a damage strip the panels are taller, so the cards can be bigger.
  const cardMax = model.damage ? 74 : 96;
  if (two) {
    const w = (W - 3 * M) / 2;
    keep(0, drawSide(ctx, model.sides[0]!, M, top, w, h, L, cardMax));
    keep(1, drawSide(ctx, model.sides[1]!, 2 * M + w, top, w, h, L, cardMax));
  } else if (model.sides[0]) {
    const w = tnBox ? 640 : W - 2 * M;
    keep(0, drawSide(ctx, model.sides[0], M, top, w, h, L, cardMax));
    if (model.tn) drawTnBox(ctx, model.tn, M + w + M, top, W - 3 * M - w, h, L);
  }
  if (model.damage) keep('damage', drawDamage(ctx, model.damage, M, 424, W - 2 * M, 96, L));
  if (model.footer) text(ctx, model.footer, M + 8, H - 20, 15, COLORS.textFaint, { maxW: W - 2 * M - 16 });
  return boxes;
}

function tnItems(tn: { value: number; suits: Suit[] }, L: DuelLabels): RunItem[] {
  return [{ t: L.tn, bold: true, color: COLORS.textDim }, { gap: 10 }, { t: String(tn.value), bold: true, color: COLORS.gold, px: 24 }, { gap: tn.suits.length ? 10 : 0 }, { suits: tn.suits }];
}

const ROLE_COLOR = { attacker: COLORS.attacker, defender: COLORS.defender, single: COLORS.single } as const;

function drawSide(ctx: Ctx, side: DuelSidePicture, x: number, y: number, w: number, h: number, L: DuelLabels, cardMax: number): CardBox[] {
  const ok = side.outcome === 'success';
  fillRoundRect(ctx, x, y, w, h, 14, COLORS.panel);
  strokeRoundRect(ctx, x + 1, y + 1, w - 2, h - 2, 14, ok ? COLORS.success : COLORS.failure, 2);
  const P = 16; // inner padding
  const inner = w - 2 * P;

  // Row 1: role, label, outcome.
  const r1 = y + 28;
  const roleText = side.role === 'attacker' ? L.attacker : side.role === 'defender' ? L.defender : L.single;
  let lx = x + P;
  if (roleText) lx += pill(ctx, roleText, lx, r1, 14, ROLE_COLOR[side.role], COLORS.roleInk, { maxW: inner / 3 }) + 10;
  const badgeW = pill(ctx, ok ? L.success : L.failure, x + w - P, r1, 16, ok ? COLORS.success : COLORS.failure, ok ? COLORS.successInk : COLORS.failureInk, { align: 'right', maxW: inner / 3 });
  text(ctx, side.label, lx, r1, 19, COLORS.text, { bold: true, maxW: x + w - P - badgeW - 12 - lx });

  // Row 2: the flip (or the yield).
  const cardsTop = y + 60;
  let rowBottom: number;
  let cards: CardBox[] = [];
  if (side.yielded) {
    const bw = Math.min(inner, 200);
    const bh = Math.round(cardMax * 1.4);
    ctx.setLineDash([8, 6]);
    strokeRoundRect(ctx, x + P, cardsTop, bw, bh, 10, COLORS.textFaint, 2);
    ctx.setLineDash([]);
    text(ctx, L.yielded, x + P + bw / 2, cardsTop + bh / 2, 20, COLORS.textDim, { bold: true, align: 'center', maxW: bw - 16 });
    rowBottom = cardsTop + bh;
  } else {
    // No revealed cards recorded (e.g. a total built without a flip): show the final card as taken.
    const revealed = side.revealed.length ? side.revealed : side.cheatedWith ? [] : [side.finalCard];
    const taken = side.revealed.length ? side.taken : side.finalCard;
    const row = drawFlipRow(ctx, { revealed, taken, cheatedWith: side.cheatedWith, redJokerSuit: side.redJokerSuit }, x + P, cardsTop, inner, cardMax, 10);
    rowBottom = cardsTop + row.cardH;
    cards = row.cards;
    if (row.cheatX !== undefined) pill(ctx, L.cheated, row.cheatX + row.cardW / 2, rowBottom + 18, 12, COLORS.cheat, '#2a0716', { maxW: Math.max(row.cardW + 40, 90), align: 'center' });
  }

  // Row 3: breakdown "Stat 6 ♦ + Card 9 ♦ + Modifiers +1 + soulstone ♦"; row 4: fate and soulstone.
  if (!side.yielded) {
    const finalSuit = cardSuit(side.finalCard, side.redJokerSuit);
    const num = (n: string): RunItem => ({ t: n, bold: true, color: COLORS.text });
    const plus: RunItem = { t: '  +  ', color: COLORS.textFaint };
    const items: RunItem[] = [{ t: `${L.stat} ` }, num(String(side.stat))];
    if (side.statSuits.length) items.push({ gap: 6 }, { suits: side.statSuits });
    items.push(plus, { t: `${L.card} ` }, num(String(cardValue(side.finalCard))));
    if (finalSuit) items.push({ gap: 6 }, { suits: [finalSuit] });
    if (side.modifier !== 0) items.push(plus, { t: `${L.modifier} ` }, num(signed(side.modifier)));
    if (side.soulstone && side.soulstone !== 'plus') items.push(plus, { soulstone: true }, { gap: 4 }, { suits: [side.soulstone] });
    const r3 = rowBottom + 44;
    drawRun(ctx, items, x + P, r3, inner, 16, 22);

    const fate: RunItem[] = [{ t: `${L.fate} ` }, { gap: 4 }, { fate: side.fate }];
    if (side.soulstone) {
      fate.push({ gap: 28 }, { soulstone: true }, { gap: 6 }, { t: L.soulstone });
      if (side.soulstone === 'plus') fate.push({ gap: 8 }, { fate: 1 });
      else fate.push({ gap: 8 }, { suits: [side.soulstone] });
    }
    drawRun(ctx, fate, x + P, r3 + 34, inner, 16, 22);
  }

  // Bottom rows: total with its suits, then the trigger.
  const rt = y + h - (side.trigger ? 58 : 40);
  const total: RunItem[] = [{ t: L.total, bold: true, color: COLORS.textDim, px: 18 }, { gap: 14 }, { t: String(side.total), bold: true, color: COLORS.text, px: 46 }];
  if (side.suits.length && !side.yielded) total.push({ gap: 14 }, { suits: side.suits });
  drawRun(ctx, total, x + P, rt, inner, 18, 28);
  if (side.trigger) {
    const rtr = y + h - 20;
    drawBolt(ctx, x + P + 10, rtr, 22, COLORS.gold);
    const cw = text(ctx, L.trigger, x + P + 28, rtr, 16, COLORS.textDim, { maxW: inner / 2 });
    text(ctx, side.trigger, x + P + 28 + cw + 10, rtr, 18, COLORS.gold, { bold: true, maxW: inner - 38 - cw });
  }
  return cards;
}

function drawTnBox(ctx: Ctx, tn: { value: number; suits: Suit[] }, x: number, y: number, w: number, h: number, L: DuelLabels): void {
  fillRoundRect(ctx, x, y, w, h, 14, COLORS.feltDark);
  strokeRoundRect(ctx, x + 1, y + 1, w - 2, h - 2, 14, COLORS.gold, 2);
  const cx = x + w / 2;
  const midY = y + h / 2 - (tn.suits.length ? 24 : 0);
  text(ctx, L.tn, cx, midY - 62, 24, COLORS.textDim, { bold: true, align: 'center', maxW: w - 24 });
  text(ctx, String(tn.value), cx, midY + 4, 84, COLORS.gold, { bold: true, align: 'center' });
  if (tn.suits.length) {
    const d = 40;
    const rowW = tn.suits.length * (d + 6) - 6;
    drawSuitRow(ctx, tn.suits, cx - rowW / 2, midY + 82, d, 6);
  }
}

function drawDamage(ctx: Ctx, dmg: DamagePicture, x: number, y: number, w: number, h: number, L: DuelLabels): CardBox[] {
  fillRoundRect(ctx, x, y, w, h, 14, COLORS.panel);
  const P = 20;
  const cy = y + h / 2;
  text(ctx, L.damage, x + P, cy - 22, 18, COLORS.text, { bold: true, maxW: 230 });
  if (typeof dmg.profile === 'number') {
    // DMG-1 fixed damage: no flip, so no band: "fixed" and the value, filled like a selected band.
    const tw = text(ctx, L.fixed, x + P, cy + 18, 16, COLORS.gold, { bold: true, maxW: 170 });
    const bx = x + P + (tw ? tw + 10 : 0);
    fillRoundRect(ctx, bx, cy + 2, 42, 32, 8, COLORS.gold);
    text(ctx, String(dmg.profile), bx + 21, cy + 19, 18, COLORS.roleInk, { bold: true, align: 'center' });
  } else {
    // Profile a/b/c with the applicable band filled.
    const bands = ['weak', 'moderate', 'severe'] as const;
    const bi = dmg.band ? bands.indexOf(dmg.band) : -1;
    let px = x + P;
    for (let i = 0; i < 3; i++) {
      const bw = 42;
      const by = cy + 2;
      if (i === bi) fillRoundRect(ctx, px, by, bw, 32, 8, COLORS.gold);
      else strokeRoundRect(ctx, px + 1, by + 1, bw - 2, 30, 8, COLORS.textFaint, 2);
      text(ctx, String(dmg.profile[i]), px + bw / 2, by + 17, 18, i === bi ? COLORS.roleInk : COLORS.textDim, { bold: true, align: 'center' });
      px += bw + 6;
    }
    if (dmg.band) text(ctx, L.bands[dmg.band], px + 6, cy + 18, 16, COLORS.gold, { bold: true, maxW: 110 });
  }

  // Amount: a red disc with the number; just left of it, the reductions that led to it and the kill.
  const ax = x + w - P - 38;
  const steps = hasReductions(dmg) ? reductionItems(dmg, L) : null;
  const blockRight = ax - 38 - 16;
  const blockMax = 320;
  const stepsW = steps ? Math.min(measureRun(ctx, steps, 16, 18), blockMax) : 0;
  const killW = dmg.killed ? Math.min(killedTagWidth(ctx, L.killed, 14), blockMax) : 0;
  const blockW = Math.max(stepsW, killW);
  const both = steps !== null && dmg.killed === true;
  if (steps) drawRun(ctx, steps, blockRight - stepsW, both ? cy - 17 : cy, blockMax, 16, 18);
  if (dmg.killed) killedTag(ctx, L.killed, blockRight, both ? cy + 21 : cy, 14, 'right', blockMax);

  // The damage flip (none for a fixed profile).
  let cards: CardBox[] = [];
  const revealed = dmg.revealed ?? [];
  if (revealed.length || dmg.cheatedWith) {
    let fx = x + 310;
    if (dmg.fate !== undefined) fx += drawRun(ctx, [{ t: L.fate }, { gap: 8 }, { fate: dmg.fate }], fx, cy, 150, 16, 20) + 18;
    const rowMax = Math.max(60, (blockW ? blockRight - blockW - 20 : x + w - 120) - fx);
    cards = drawFlipRow(ctx, { revealed, taken: dmg.taken, cheatedWith: dmg.cheatedWith }, fx, y + 12, rowMax, 52, 8).cards;
  }

  ctx.fillStyle = COLORS.failure;
  ctx.beginPath();
  ctx.arc(ax, cy, 38, 0, Math.PI * 2);
  ctx.fill();
  text(ctx, String(dmg.amount), ax, cy + 2, 40, '#ffffff', { bold: true, align: 'center', maxW: 64 });
  return cards;
}
