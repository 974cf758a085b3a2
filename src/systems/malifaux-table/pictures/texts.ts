/**
 * Every text a picture puts on the canvas goes through `fillText` here, which notes it with the size it
 * ends up at (font size × the context's scale × any squeeze to fit a width). A picture's drawing hands
 * that list back, so a test can hold each label to a minimum size at the width a phone shows.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { MIN_PHONE_TEXT, PHONE_WIDTH } from './theme.js';

export interface DrawnText {
  text: string;
  /** Height of the text on the canvas, in canvas pixels (squeezed text counts as smaller). */
  px: number;
  bold: boolean;
  /** Where it was drawn (its anchor, in canvas pixels). */
  x: number;
  y: number;
}

const logs = new WeakMap<object, DrawnText[]>();

/** Starts recording the texts drawn on `ctx`; the returned list fills as the picture is drawn. */
export function recordTexts(ctx: SKRSContext2D): DrawnText[] {
  const list: DrawnText[] = [];
  logs.set(ctx, list);
  return list;
}

const SIZE = /(\d+(?:\.\d+)?)px/;

/** `ctx.fillText`, noted in the context's record (if one was started). */
export function fillText(ctx: SKRSContext2D, text: string, x: number, y: number, maxWidth?: number): void {
  if (maxWidth === undefined) ctx.fillText(text, x, y);
  else ctx.fillText(text, x, y, maxWidth);
  const log = logs.get(ctx);
  if (!log || !text) return;
  const font = ctx.font;
  const size = Number(SIZE.exec(font)?.[1] ?? 0);
  const m = ctx.getTransform();
  const scale = Math.hypot(m.c, m.d);
  const width = maxWidth === undefined ? 0 : ctx.measureText(text).width;
  const squeeze = maxWidth !== undefined && width > maxWidth ? maxWidth / width : 1;
  const at = m.transformPoint({ x, y });
  log.push({ text, px: size * scale * squeeze, bold: /\bbold\b/.test(font), x: at.x, y: at.y });
}

/** The texts of a drawing `width` wide that a phone (PHONE_WIDTH wide) would show under MIN_PHONE_TEXT. */
export function illegibleOnPhone(drawing: { width: number; texts: readonly Pick<DrawnText, 'text' | 'px'>[] }): { text: string; phonePx: number }[] {
  return drawing.texts.map((t) => ({ text: t.text, phonePx: (t.px * PHONE_WIDTH) / drawing.width })).filter((t) => t.phonePx < MIN_PHONE_TEXT);
}
