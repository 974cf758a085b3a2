/**
 * The damage block, shared by the duel picture and the standalone damage picture (/damage): the damage
 * flip (or a fixed value, DMG-1) with its profile and band, then the breakdown as a ledger — the profile's
 * value, a "+N", each reduction (Armor, Shielded, the soulstone's reduction flip) — and the damage dealt,
 * the biggest number of the block, with the kill (DMG-10).
 */
import { createCanvas } from '@napi-rs/canvas';
import { parseCard } from '../engine/cards.js';
import {
  cardHeight,
  CHEAT_TAG_H,
  cheatTag,
  drawFlipRow,
  drawRun,
  fillRoundRect,
  pill,
  signed,
  strokeRoundRect,
  text,
  type CardBox,
  type Ctx,
  type Drawing,
  type RunItem,
} from './draw.js';
import { ensureFonts, font } from './fonts.js';
import { drawHeader, drawFooter, FOOTER_H, HEADER_H } from './frame.js';
import type { DamageLabels, DamagePicture, DamageSheet } from './models.js';
import { recordTexts } from './texts.js';
import { COLORS, MARGIN, PAD, PICTURE_WIDTH, TEXT } from './theme.js';

const HEAD_H = 46; // the heading row
const LEFT_W = 268; // the flip and its profile
const CARD_MAX = 64;
const CARD_MIN = 56;
const PROFILE_H = 44;
const LINE_H = 34; // one ledger line
const BADGE = 108; // the damage dealt
const CAPTION_H = 30;
const KILL_H = 46;

const killedText = (label: string) => `☠ ${label}`.trimEnd();

/** One line of the breakdown: words (or a run) on the left, a signed value on the right. */
interface LedgerLine {
  label: RunItem[];
  value: string;
  color: string;
}

function ledger(d: DamagePicture, L: DamageLabels): LedgerLine[] {
  const plus = d.plus ?? 0;
  const start = typeof d.profile === 'number' ? L.fixed : d.band ? L.bands[d.band] : '';
  const lines: LedgerLine[] = [{ label: [{ t: start, bold: true, color: COLORS.text }], value: String(Math.max(0, d.base - plus)), color: COLORS.text }];
  if (plus) lines.push({ label: [{ t: L.bonus }], value: signed(plus), color: COLORS.plus });
  let now = d.base;
  const step = (label: RunItem[], after: number | undefined) => {
    if (after === undefined) return;
    lines.push({ label, value: signed(after - now), color: COLORS.minus });
    now = after;
  };
  step([{ t: L.armor }], d.afterArmor);
  step([{ t: L.shielded }], d.afterShielded);
  if (d.soulstone) {
    const card = parseCard(d.soulstone.card);
    const shown: RunItem[] = card.kind === 'std' ? [{ t: String(card.value), bold: true, color: COLORS.text }, { gap: 4 }, { suits: [card.suit] }] : [{ t: card.kind, bold: true, color: COLORS.text }];
    step([{ soulstone: true }, { gap: 8 }, ...shown], d.soulstone.value);
  }
  return lines;
}

const flipped = (d: DamagePicture) => typeof d.profile !== 'number' && ((d.revealed?.length ?? 0) > 0 || d.cheatedWith !== undefined);

function leftHeight(d: DamagePicture): number {
  if (!flipped(d)) return PROFILE_H;
  const n = (d.revealed?.length ?? 0) + (d.cheatedWith ? 1 : 0);
  // The widest card that fits decides the row's height (as drawFlipRow will size it).
  const w = Math.max(CARD_MIN, Math.min(CARD_MAX, Math.floor((LEFT_W - (d.cheatedWith && n > 1 ? 50 : 0) - (n - 1) * 8) / n)));
  return cardHeight(w) + (d.cheatedWith ? CHEAT_TAG_H : 12) + PROFILE_H;
}

function rightHeight(d: DamagePicture): number {
  const lines = 1 + (d.plus ? 1 : 0) + (d.afterArmor !== undefined ? 1 : 0) + (d.afterShielded !== undefined ? 1 : 0) + (d.soulstone ? 1 : 0);
  return Math.max(lines * LINE_H, CAPTION_H + BADGE + (d.killed ? KILL_H : 0));
}

/** Height of the damage block for `d`. */
export function damageBlockHeight(d: DamagePicture): number {
  return PAD + HEAD_H + Math.max(leftHeight(d), rightHeight(d)) + PAD;
}

/** Draws the damage block in a panel at (x, y), `w` wide; returns where its cards went. */
export function drawDamageBlock(ctx: Ctx, d: DamagePicture, x: number, y: number, w: number, L: DamageLabels): CardBox[] {
  const h = damageBlockHeight(d);
  fillRoundRect(ctx, x, y, w, h, 14, COLORS.panel);
  strokeRoundRect(ctx, x + 1, y + 1, w - 2, h - 2, 14, COLORS.failure, 2);
  const left = x + PAD;
  const headCy = y + PAD + HEAD_H / 2 - 4;
  const hw = text(ctx, L.damage, left, headCy, TEXT.heading, COLORS.text, { bold: true, maxW: 220 });
  if (flipped(d) && d.fate !== undefined) drawRun(ctx, [{ t: L.fate }, { gap: 10 }, { fate: d.fate }], left + hw + 28, headCy, 240, TEXT.caption, 24);

  // Left: the flip, then the profile with the band that applies.
  let top = y + PAD + HEAD_H;
  let cards: CardBox[] = [];
  if (flipped(d)) {
    const row = drawFlipRow(ctx, { revealed: d.revealed ?? [], taken: d.taken, cheatedWith: d.cheatedWith }, left, top, LEFT_W, CARD_MAX, 8, CARD_MIN);
    cheatTag(ctx, L.cheated, row, top + row.cardH, left + LEFT_W);
    cards = row.cards;
    top += row.cardH + (d.cheatedWith ? CHEAT_TAG_H : 12);
  }
  const pcy = top + PROFILE_H / 2;
  if (typeof d.profile === 'number') {
    // DMG-1 fixed damage: no flip, so no band: "fixed" and the value, filled like a selected band.
    const tw = text(ctx, L.fixed, left, pcy, TEXT.body, COLORS.gold, { bold: true, maxW: 150 });
    valueBox(ctx, d.profile, left + tw + 10, pcy, true);
  } else {
    const bands = ['weak', 'moderate', 'severe'] as const;
    const bi = d.band ? bands.indexOf(d.band) : -1;
    let px = left;
    for (let i = 0; i < 3; i++) px += valueBox(ctx, d.profile[i]!, px, pcy, i === bi) + 6;
  }

  // Right: the ledger, and the damage dealt beside it.
  const right = x + w - PAD;
  const badgeW = Math.max(BADGE, measure(ctx, String(d.amount), TEXT.amount) + 28);
  const lx = left + LEFT_W + 18;
  const lw = right - badgeW - 16 - lx;
  const body = y + PAD + HEAD_H;
  ledger(d, L).forEach((line, i) => {
    const cy = body + LINE_H / 2 + i * LINE_H;
    const vw = text(ctx, line.value, lx + lw, cy, TEXT.body, line.color, { bold: true, align: 'right' });
    drawRun(ctx, line.label, lx, cy, lw - vw - 10, TEXT.body, 24);
    if (i > 0) {
      ctx.fillStyle = COLORS.panelEdge;
      ctx.fillRect(lx, cy - LINE_H / 2, lw, 1);
    }
  });
  const bx = right - badgeW;
  text(ctx, L.dealt, bx + badgeW / 2, body + CAPTION_H / 2 - 2, TEXT.caption, COLORS.text, { bold: true, align: 'center', maxW: badgeW + 8 });
  fillRoundRect(ctx, bx, body + CAPTION_H, badgeW, BADGE, 18, COLORS.failure);
  text(ctx, String(d.amount), bx + badgeW / 2, body + CAPTION_H + BADGE / 2 + 3, TEXT.amount, '#ffffff', { bold: true, align: 'center' });
  if (d.killed) pill(ctx, killedText(L.killed), bx + badgeW / 2, body + CAPTION_H + BADGE + KILL_H / 2 + 2, TEXT.caption, COLORS.bjFace, COLORS.bjInk, { align: 'center', maxW: w / 2 });
  return cards;
}

function measure(ctx: Ctx, s: string, px: number): number {
  ctx.font = font(px, true);
  return ctx.measureText(s).width;
}

/** One profile value in a box (filled gold when it is the one that applies); returns its width. */
function valueBox(ctx: Ctx, value: number, x: number, cy: number, selected: boolean): number {
  const w = Math.max(48, measure(ctx, String(value), TEXT.name) + 20);
  const h = PROFILE_H - 6;
  if (selected) fillRoundRect(ctx, x, cy - h / 2, w, h, 8, COLORS.gold);
  else strokeRoundRect(ctx, x + 1, cy - h / 2 + 1, w - 2, h - 2, 8, COLORS.textFaint, 2);
  text(ctx, String(value), x + w / 2, cy + 1, TEXT.name, selected ? COLORS.roleInk : COLORS.textDim, { bold: true, align: 'center' });
  return w;
}

/** Size of the standalone damage picture. */
export function damageSize(model: DamageSheet): { width: number; height: number } {
  return { width: PICTURE_WIDTH, height: HEADER_H + MARGIN + damageBlockHeight(model.damage) + (model.footer ? FOOTER_H : MARGIN) };
}

/** Draws the standalone damage picture (/damage) on a context of `damageSize(model)`. */
export function drawDamage(ctx: Ctx, model: DamageSheet): Drawing {
  const texts = recordTexts(ctx);
  const { width, height } = damageSize(model);
  ctx.fillStyle = COLORS.felt;
  ctx.fillRect(0, 0, width, height);
  drawHeader(ctx, model.title, width, 0);
  const cards = drawDamageBlock(ctx, model.damage, MARGIN, HEADER_H + MARGIN, width - 2 * MARGIN, model.labels);
  if (model.footer) drawFooter(ctx, model.footer, width, height);
  return { width, height, cards, texts };
}

export async function renderDamage(model: DamageSheet): Promise<Buffer> {
  ensureFonts();
  const { width, height } = damageSize(model);
  const canvas = createCanvas(width, height);
  drawDamage(canvas.getContext('2d'), model);
  return canvas.encode('png');
}
