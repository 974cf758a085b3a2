/**
 * The duel picture (DUEL-4 steps B–F at a glance), laid out for a phone: one full-width block per side,
 * stacked — who, the outcome, the flip (the taken card ringed, the rest dimmed, a cheat crossed out and
 * replaced), the total with its suits and its breakdown, why a failed side failed (DUEL-6), the declared
 * trigger and whether it fires (TRIG-6) — then the TN in the header and the damage block under the sides.
 */
import { createCanvas } from '@napi-rs/canvas';
import { cardSuit, cardValue, type Suit } from '../engine/cards.js';
import {
  cardHeight,
  CHEAT_TAG_H,
  cheatTag,
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
  type Drawing,
  type RunItem,
} from './draw.js';
import { damageBlockHeight, drawDamageBlock } from './damage.js';
import { ensureFonts } from './fonts.js';
import { drawFooter, drawHeader, FOOTER_H, HEADER_H } from './frame.js';
import type { DuelLabels, DuelPicture, DuelSidePicture, TriggerStatus } from './models.js';
import { recordTexts } from './texts.js';
import { CHIP, COLORS, MARGIN, PAD, PICTURE_WIDTH, TEXT } from './theme.js';

const W = PICTURE_WIDTH;
const INNER = W - 2 * MARGIN - 2 * PAD; // content width of a block
const ROW_A = 36; // role, name, outcome
const CARDS_W = 288; // the flip
const CARD_MAX = 72;
const CARD_MIN = 56;
const COLUMN_H = 136; // the total and its breakdown
const LINE = 38; // a reason or a trigger line
const TOTAL_CHIP = 30;

/** Where each card of a duel picture was drawn: `where` is the index in `sides`, or 'damage'. */
export type DuelCardBox = CardBox & { where: number | 'damage' };

function flipHeight(side: DuelSidePicture): number {
  if (side.yielded) return cardHeight(CARD_MAX);
  const n = Math.max(1, side.revealed.length) + (side.cheatedWith ? 1 : 0);
  const w = Math.max(CARD_MIN, Math.min(CARD_MAX, Math.floor((CARDS_W - (side.cheatedWith && side.revealed.length ? 50 : 0) - (n - 1) * 8) / n)));
  return cardHeight(w) + (side.cheatedWith ? CHEAT_TAG_H : 0);
}

/** Reasons go on one line when they fit, else one line each. */
function whyLines(ctx: Ctx, side: DuelSidePicture): RunItem[][] {
  const why = side.outcome === 'failure' && !side.yielded ? (side.why ?? []) : [];
  if (!why.length) return [];
  const item = (r: (typeof why)[number]): RunItem[] => [{ t: r.text, color: COLORS.failure, bold: true }, ...(r.suits?.length ? [{ gap: 8 }, { suits: r.suits }] : [])];
  const cross: RunItem[] = [{ t: '✗', color: COLORS.failure, bold: true }, { gap: 10 }];
  const joined: RunItem[] = [...cross, ...why.flatMap((r, i) => [...(i ? [{ t: '  ·  ', color: COLORS.textDim }] : []), ...item(r)])];
  if (measureRun(ctx, joined, TEXT.body, CHIP) <= INNER) return [joined];
  return why.map((r) => [...cross, ...item(r)]);
}

function sideHeight(ctx: Ctx, side: DuelSidePicture): number {
  const body = side.yielded ? flipHeight(side) : Math.max(flipHeight(side), COLUMN_H);
  const lines = whyLines(ctx, side).length + (side.trigger ? 1 : 0);
  return PAD + ROW_A + 14 + body + (lines ? 8 + lines * LINE : 0) + PAD - 4;
}

/** Size of the duel picture for this model (its height follows what it shows). */
export function duelSize(model: DuelPicture): { width: number; height: number } {
  const ctx = createCanvas(1, 1).getContext('2d');
  return { width: W, height: layout(ctx, model).height };
}

function layout(ctx: Ctx, model: DuelPicture): { sides: { y: number; h: number }[]; damageY: number; height: number } {
  let y = HEADER_H + MARGIN;
  const sides = model.sides.slice(0, 2).map((side) => {
    const h = sideHeight(ctx, side);
    const at = { y, h };
    y += h + MARGIN;
    return at;
  });
  const damageY = y;
  if (model.damage) y += damageBlockHeight(model.damage) + MARGIN;
  return { sides, damageY, height: y - MARGIN + (model.footer ? FOOTER_H : MARGIN) };
}

export async function renderDuel(model: DuelPicture): Promise<Buffer> {
  ensureFonts();
  const { width, height } = duelSize(model);
  const canvas = createCanvas(width, height);
  drawDuel(canvas.getContext('2d'), model);
  return canvas.encode('png');
}

/** Draws the whole duel picture on a context of `duelSize(model)`; returns where the cards and texts went. */
export function drawDuel(ctx: Ctx, model: DuelPicture): Drawing<DuelCardBox> {
  const texts = recordTexts(ctx);
  const boxes: DuelCardBox[] = [];
  const L = model.labels;
  const at = layout(ctx, model);
  ctx.fillStyle = COLORS.felt;
  ctx.fillRect(0, 0, W, at.height);

  const tn = model.tn ? tnItems(model.tn, L) : null;
  const tnW = tn ? Math.min(measureRun(ctx, tn, TEXT.body, TOTAL_CHIP) + 32, W / 2) : 0;
  drawHeader(ctx, model.title, W, tnW);
  if (tn) drawTn(ctx, tn, tnW);
  model.sides.slice(0, 2).forEach((side, i) => {
    for (const c of drawSide(ctx, side, MARGIN, at.sides[i]!.y, W - 2 * MARGIN, at.sides[i]!.h, L)) boxes.push({ ...c, where: i });
  });
  if (model.damage) for (const c of drawDamageBlock(ctx, model.damage, MARGIN, at.damageY, W - 2 * MARGIN, L)) boxes.push({ ...c, where: 'damage' });
  if (model.footer) drawFooter(ctx, model.footer, W, at.height);
  return { width: W, height: at.height, cards: boxes, texts };
}

function tnItems(tn: { value: number; suits: Suit[] }, L: DuelLabels): RunItem[] {
  const items: RunItem[] = [{ t: L.tn, bold: true, color: COLORS.textDim }, { gap: 10 }, { t: String(tn.value), bold: true, color: COLORS.gold, px: TEXT.tn }];
  if (tn.suits.length) items.push({ gap: 10 }, { suits: tn.suits });
  return items;
}

/** The TN, right of the header, in a gold outline `w` wide. */
function drawTn(ctx: Ctx, items: RunItem[], w: number): void {
  const x = W - MARGIN - w;
  strokeRoundRect(ctx, x, 10, w, HEADER_H - 20, 24, COLORS.gold, 3);
  drawRun(ctx, items, x + 16, HEADER_H / 2, w - 32, TEXT.body, TOTAL_CHIP);
}

const ROLE_COLOR = { attacker: COLORS.attacker, defender: COLORS.defender, single: COLORS.single } as const;

function drawSide(ctx: Ctx, side: DuelSidePicture, x: number, y: number, w: number, h: number, L: DuelLabels): CardBox[] {
  const ok = side.outcome === 'success';
  fillRoundRect(ctx, x, y, w, h, 14, COLORS.panel);
  strokeRoundRect(ctx, x + 1.5, y + 1.5, w - 3, h - 3, 14, ok ? COLORS.success : COLORS.failure, 3);
  const left = x + PAD;
  const right = x + w - PAD;

  // Row A: role, name, outcome.
  const ra = y + PAD + ROW_A / 2;
  const roleText = side.role === 'attacker' ? L.attacker : side.role === 'defender' ? L.defender : L.single;
  let lx = left;
  if (roleText) lx += pill(ctx, roleText, lx, ra, TEXT.caption, ROLE_COLOR[side.role], COLORS.roleInk, { maxW: INNER / 3 }) + 12;
  const badgeW = pill(ctx, ok ? L.success : L.failure, right, ra, TEXT.body, ok ? COLORS.success : COLORS.failure, ok ? COLORS.successInk : COLORS.failureInk, { align: 'right', maxW: INNER / 3 });
  text(ctx, side.label, lx, ra, TEXT.name, COLORS.text, { bold: true, maxW: right - badgeW - 12 - lx });

  // Row B: the flip (or the yield) on the left, the total and its breakdown on the right.
  const top = y + PAD + ROW_A + 14;
  let cards: CardBox[] = [];
  let bodyH: number;
  if (side.yielded) {
    const bh = cardHeight(CARD_MAX);
    const bw = Math.min(CARDS_W, 220);
    ctx.setLineDash([10, 8]);
    strokeRoundRect(ctx, left, top, bw, bh, 10, COLORS.textDim, 2);
    ctx.setLineDash([]);
    text(ctx, L.yielded, left + bw / 2, top + bh / 2, TEXT.name, COLORS.text, { bold: true, align: 'center', maxW: bw - 16 });
    bodyH = bh;
  } else {
    // No revealed cards recorded (e.g. a total built without a flip): show the final card as taken.
    const revealed = side.revealed.length ? side.revealed : side.cheatedWith ? [] : [side.finalCard];
    const taken = side.revealed.length ? side.taken : side.finalCard;
    const row = drawFlipRow(ctx, { revealed, taken, cheatedWith: side.cheatedWith, redJokerSuit: side.redJokerSuit }, left, top, CARDS_W, CARD_MAX, 8, CARD_MIN);
    cheatTag(ctx, L.cheated, row, top + row.cardH, left + CARDS_W + 18);
    cards = row.cards;
    drawColumn(ctx, side, left + CARDS_W + 20, top, right - (left + CARDS_W + 20), L);
    bodyH = Math.max(row.cardH + (row.cheatX !== undefined ? CHEAT_TAG_H : 0), COLUMN_H);
  }

  // Then why it failed, and the trigger.
  let cy = top + bodyH + 8 + LINE / 2;
  for (const line of whyLines(ctx, side)) {
    drawRun(ctx, line, left, cy, INNER, TEXT.body, CHIP);
    cy += LINE;
  }
  if (side.trigger) drawTrigger(ctx, side.trigger, left, cy, INNER, L);
  return cards;
}

/** The total (big, with its suits), then "Stat 7 + Card 13", then the modifier, the fate and a soulstone. */
function drawColumn(ctx: Ctx, side: DuelSidePicture, x: number, top: number, w: number, L: DuelLabels): void {
  const total: RunItem[] = [{ t: L.total, bold: true, color: COLORS.textDim }, { gap: 12 }, { t: String(side.total), bold: true, color: COLORS.text, px: TEXT.total }];
  if (side.suits.length) total.push({ gap: 12 }, { suits: side.suits });
  drawRun(ctx, total, x, top + 30, w, TEXT.body, TOTAL_CHIP);

  const finalSuit = cardSuit(side.finalCard, side.redJokerSuit);
  const num = (n: string): RunItem => ({ t: n, bold: true, color: COLORS.text });
  const stat: RunItem[] = [{ t: `${L.stat} ` }, num(String(side.stat))];
  if (side.statSuits.length) stat.push({ gap: 6 }, { suits: side.statSuits });
  stat.push({ t: '  +  ', color: COLORS.textFaint }, { t: `${L.card} ` }, num(String(cardValue(side.finalCard))));
  if (finalSuit) stat.push({ gap: 6 }, { suits: [finalSuit] });
  drawRun(ctx, stat, x, top + 84, w, TEXT.body, CHIP - 2);

  const more: RunItem[] = [];
  if (side.modifier !== 0) more.push({ t: `${L.modifier} ` }, num(signed(side.modifier)), { gap: 18 });
  more.push({ t: `${L.fate} ` }, { gap: 2 }, { fate: side.fate });
  if (side.soulstone) more.push({ gap: 18 }, { soulstone: true }, { gap: 6 }, side.soulstone === 'plus' ? { fate: 1 } : { suits: [side.soulstone] });
  drawRun(ctx, more, x, top + 120, w, TEXT.body, 24);
}

/** TRIG-6 at a glance: a trigger that fires is gold, one that fizzles is struck through and grey, one that waits for a kill is tagged with the skull. */
function drawTrigger(ctx: Ctx, trigger: { name: string; status: TriggerStatus }, x: number, cy: number, maxW: number, L: DuelLabels): void {
  const status = trigger.status;
  const ink = status === 'fires' ? COLORS.gold : status === 'ifKilled' ? COLORS.text : COLORS.textFaint;
  drawBolt(ctx, x + 12, cy, 28, ink);
  const tag = status === 'ifKilled' ? `☠ ${L.triggerStatus.ifKilled}` : L.triggerStatus[status];
  const tagW = pill(ctx, tag, x + maxW, cy, TEXT.caption, status === 'fires' ? COLORS.gold : status === 'ifKilled' ? COLORS.bjFace : COLORS.textFaint, status === 'fires' ? COLORS.roleInk : status === 'ifKilled' ? COLORS.bjInk : COLORS.feltDark, { align: 'right', maxW: maxW / 2 });
  const nameW = text(ctx, trigger.name, x + 32, cy, TEXT.name, ink, { bold: true, maxW: maxW - 32 - tagW - 12 });
  if (status === 'fizzles') {
    ctx.fillStyle = ink;
    ctx.fillRect(x + 30, cy - 1, nameW + 4, 3);
  }
}
