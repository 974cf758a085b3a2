/** The parts of a damage shared by the duel picture's damage strip and the standalone damage flip picture. */
import { parseCard } from '../engine/cards.js';
import { pill, type Ctx, type RunItem } from './draw.js';
import { font } from './fonts.js';
import type { DamageLabels, DamageSteps } from './models.js';
import { COLORS } from './theme.js';

/** True when the damage went through at least one reduction (Armor, Shielded, soulstone). */
export function hasReductions(d: DamageSteps): boolean {
  return d.afterArmor !== undefined || d.afterShielded !== undefined || d.soulstone !== undefined;
}

/** "3 → Armor 2 → Shielded 1 → ◆ 5🐏 0": the base, then each reduction with the damage after it. */
export function reductionItems(d: DamageSteps, L: Partial<DamageLabels>): RunItem[] {
  const num = (n: number): RunItem => ({ t: String(n), bold: true, color: COLORS.text });
  const arrow: RunItem = { t: '  →  ', color: COLORS.textFaint };
  const items: RunItem[] = [num(d.base)];
  if (d.afterArmor !== undefined) items.push(arrow, { t: `${L.armor ?? ''} ` }, num(d.afterArmor));
  if (d.afterShielded !== undefined) items.push(arrow, { t: `${L.shielded ?? ''} ` }, num(d.afterShielded));
  if (d.soulstone) {
    const card = parseCard(d.soulstone.card);
    items.push(arrow, { soulstone: true }, { gap: 6 });
    if (card.kind === 'std') items.push({ t: String(card.value), color: COLORS.textDim }, { gap: 3 }, { suits: [card.suit] });
    else items.push({ t: card.kind, color: COLORS.textDim });
    items.push({ gap: 8 }, num(d.soulstone.value));
  }
  return items;
}

const killedText = (label: string) => `☠ ${label}`.trimEnd();

/** Width of the killed tag at `px` (as `pill` draws it). */
export function killedTagWidth(ctx: Ctx, label: string, px: number): number {
  ctx.font = font(px, true);
  return Math.ceil(ctx.measureText(killedText(label)).width) + 2 * Math.round(px * 0.6);
}

/** The "☠ Killed" tag (DMG-10, KILL-1); returns its width. */
export function killedTag(ctx: Ctx, label: string, x: number, cy: number, px: number, align: 'left' | 'right' | 'center', maxW: number): number {
  return pill(ctx, killedText(label), x, cy, px, COLORS.bjFace, COLORS.bjInk, { align, maxW });
}
