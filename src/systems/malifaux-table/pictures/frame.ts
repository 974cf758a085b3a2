/** The frame every picture shares: a dark header band with the title, and an optional footer line. */
import { text, type Ctx } from './draw.js';
import { COLORS, MARGIN, TEXT } from './theme.js';

export const HEADER_H = 68;
export const FOOTER_H = 44;

/** The header band and its title, leaving `rightW` pixels free on the right (for a TN, a fate). */
export function drawHeader(ctx: Ctx, title: string, width: number, rightW: number): void {
  ctx.fillStyle = COLORS.feltDark;
  ctx.fillRect(0, 0, width, HEADER_H);
  const maxW = width - 2 * MARGIN - 8 - (rightW ? rightW + 16 : 0);
  text(ctx, title, MARGIN + 8, HEADER_H / 2, TEXT.title, COLORS.text, { bold: true, maxW });
}

/** The footer line, at the bottom of a picture `height` tall. */
export function drawFooter(ctx: Ctx, footer: string, width: number, height: number): void {
  text(ctx, footer, MARGIN + 8, height - FOOTER_H / 2, TEXT.caption, COLORS.textDim, { maxW: width - 2 * MARGIN - 16 });
}
