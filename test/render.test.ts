import { createCanvas, GlobalFonts, loadImage } from '@napi-rs/canvas';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDeck, SUITS } from '../src/systems/malifaux-table/engine/cards.js';
import { drawCard, drawSuitGlyph, type CardState } from '../src/systems/malifaux-table/pictures/suits.js';
import { ensureFonts, FONT_FAMILY } from '../src/systems/malifaux-table/pictures/fonts.js';
import { drawDuel, DUEL_SIZE, renderDuel, type DuelCardBox } from '../src/systems/malifaux-table/pictures/duel.js';
import { drawFlip, FLIP_SIZE, renderFlip } from '../src/systems/malifaux-table/pictures/flip.js';
import { drawHand, HAND_SIZE, renderHand } from '../src/systems/malifaux-table/pictures/hand.js';
import * as F from '../src/systems/malifaux-table/pictures/fixtures.js';
import type { DuelPicture } from '../src/systems/malifaux-table/pictures/models.js';

const OUT = join(process.cwd(), '.tmp', 'render');

type Pixels = { data: Uint8ClampedArray; width: number; height: number };

function pngSize(buf: Buffer): { width: number; height: number } {
  expect(buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  expect(buf.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

async function decode(buf: Buffer): Promise<Pixels> {
  const img = await loadImage(buf);
  const c = createCanvas(img.width, img.height);
  const ctx = c.getContext('2d');
  ctx.drawImage(img, 0, 0);
  const { data } = ctx.getImageData(0, 0, img.width, img.height);
  return { data, width: img.width, height: img.height };
}

function px(p: Pixels, x: number, y: number): [number, number, number] {
  const i = (Math.round(y) * p.width + Math.round(x)) * 4;
  return [p.data[i]!, p.data[i + 1]!, p.data[i + 2]!];
}

/** Mean luminance over the inner 60% of a box. */
function meanLum(p: Pixels, b: { x: number; y: number; w: number; h: number }): number {
  let sum = 0;
  let n = 0;
  for (let y = Math.ceil(b.y + b.h * 0.2); y < b.y + b.h * 0.8; y++)
    for (let x = Math.ceil(b.x + b.w * 0.2); x < b.x + b.w * 0.8; x++) {
      const [r, g, bl] = px(p, x, y);
      sum += 0.2126 * r + 0.7152 * g + 0.0722 * bl;
      n++;
    }
  return sum / n;
}

function distinctColours(p: Pixels): number {
  const seen = new Set<number>();
  for (let i = 0; i < p.data.length; i += 4 * 7) seen.add((p.data[i]! << 16) | (p.data[i + 1]! << 8) | p.data[i + 2]!);
  return seen.size;
}

function near(a: [number, number, number], hex: string, tol = 40): boolean {
  const v = parseInt(hex.slice(1), 16);
  const b = [(v >> 16) & 255, (v >> 8) & 255, v & 255];
  return a.every((c, i) => Math.abs(c - b[i]!) <= tol);
}

function countNear(p: Pixels, b: { x: number; y: number; w: number; h: number }, hex: string): number {
  let n = 0;
  for (let y = Math.ceil(b.y); y < b.y + b.h; y++) for (let x = Math.ceil(b.x); x < b.x + b.w; x++) if (near(px(p, x, y), hex, 24)) n++;
  return n;
}

function boxesOf(model: DuelPicture): DuelCardBox[] {
  const c = createCanvas(DUEL_SIZE.width, DUEL_SIZE.height);
  return drawDuel(c.getContext('2d'), model);
}

beforeAll(() => {
  mkdirSync(OUT, { recursive: true });
  ensureFonts();
});

describe('fonts', () => {
  it('registers the bundled DejaVu Sans', () => {
    expect(GlobalFonts.has(FONT_FAMILY)).toBe(true);
    ensureFonts(); // idempotent
    const c = createCanvas(200, 40);
    const ctx = c.getContext('2d');
    ctx.font = `bold 24px "${FONT_FAMILY}"`;
    expect(ctx.measureText('Total 20').width).toBeGreaterThan(60);
  });
});

const DUELS: Record<string, DuelPicture> = {
  opposed_cheat: F.OPPOSED_CHEAT,
  simple_tn_rj: F.SIMPLE_TN_RJ,
  yield_fr: F.YIELD_FR,
  jokers: F.JOKERS,
  fixed_damage: F.FIXED_DAMAGE,
  reduced_damage_fr: F.REDUCED_DAMAGE_FR,
};

describe('renderDuel', () => {
  for (const [name, model] of Object.entries(DUELS)) {
    it(`${name}: a non-uniform PNG of ${DUEL_SIZE.width}x${DUEL_SIZE.height}`, async () => {
      const png = await renderDuel(model);
      writeFileSync(join(OUT, `duel_${name}.png`), png);
      expect(pngSize(png)).toEqual(DUEL_SIZE);
      const p = await decode(png);
      expect(distinctColours(p)).toBeGreaterThan(50);
    });
  }

  it('is deterministic: the same model gives byte-identical PNGs', async () => {
    for (const model of Object.values(DUELS)) {
      const [a, b] = await Promise.all([renderDuel(model), renderDuel(structuredClone(model))]);
      expect(a.equals(b)).toBe(true);
    }
  });

  it('rings the taken card and dims the others', async () => {
    const p = await decode(await renderDuel(F.OPPOSED_CHEAT));
    const boxes = boxesOf(F.OPPOSED_CHEAT);
    const taken = boxes.find((b) => b.where === 1 && b.state === 'taken');
    const dimmed = boxes.find((b) => b.where === 1 && b.state === 'discarded');
    expect(taken?.code).toBe('6C');
    expect(dimmed?.code).toBe('11T');
    expect(meanLum(p, taken!)).toBeGreaterThan(meanLum(p, dimmed!) + 60);
    // gold ring just outside the taken card's left edge, plain panel outside the dimmed one
    expect(near(px(p, taken!.x - 4, taken!.y + taken!.h / 2), '#ffd54a')).toBe(true);
    expect(near(px(p, dimmed!.x - 4, dimmed!.y + dimmed!.h / 2), '#ffd54a')).toBe(false);
  });

  it('shows a cheat: the flipped card crossed out, the cheated card ringed in pink', async () => {
    const p = await decode(await renderDuel(F.OPPOSED_CHEAT));
    const boxes = boxesOf(F.OPPOSED_CHEAT).filter((b) => b.where === 0);
    expect(boxes.map((b) => [b.code, b.state])).toEqual([
      ['4C', 'discarded'],
      ['9R', 'replaced'],
      ['2T', 'discarded'],
      ['13M', 'cheated'],
    ]);
    const replaced = boxes[1]!;
    const cheated = boxes[3]!;
    expect(countNear(p, replaced, '#ff4d4d')).toBeGreaterThan(replaced.w * replaced.h * 0.05);
    expect(countNear(p, boxes[0]!, '#ff4d4d')).toBe(0);
    expect(near(px(p, cheated.x - 4, cheated.y + cheated.h / 2), '#ff5fa2')).toBe(true);
    expect(meanLum(p, cheated)).toBeGreaterThan(meanLum(p, replaced) + 40);
  });

  it('draws the damage flip and the jokers', async () => {
    const boxes = boxesOf(F.JOKERS);
    expect(boxes.find((b) => b.where === 0 && b.code === 'BJ')?.state).toBe('taken');
    expect(boxes.find((b) => b.where === 1 && b.code === 'RJ')?.state).toBe('cheated');
    expect(boxes.filter((b) => b.where === 'damage').map((b) => b.state)).toEqual(['taken', 'discarded']);
    const p = await decode(await renderDuel(F.JOKERS));
    const bj = boxes.find((b) => b.code === 'BJ' && b.where === 0)!;
    const rj = boxes.find((b) => b.code === 'RJ')!;
    expect(meanLum(p, bj)).toBeLessThan(90); // the Black Joker has a dark face
    expect(meanLum(p, rj)).toBeGreaterThan(150);
  });

  it('draws no card for a yielded side, and the labels change the picture', async () => {
    expect(boxesOf(F.YIELD_FR).filter((b) => b.where === 1)).toEqual([]);
    const en = await renderDuel({ ...F.YIELD_FR, labels: F.EN_DUEL_LABELS });
    const fr = await renderDuel(F.YIELD_FR);
    expect(en.equals(fr)).toBe(false);
  });

  it('DMG-1: a fixed damage draws its value and no damage card; its reductions and the kill change the picture', async () => {
    const boxes = boxesOf(F.FIXED_DAMAGE);
    expect(boxes.filter((b) => b.where === 'damage')).toEqual([]);
    expect(boxes.map((b) => b.code)).toEqual(['9T']);
    const png = await renderDuel(F.FIXED_DAMAGE);
    const p = await decode(png);
    // The value's box is filled gold, left in the damage strip (as a flipped profile's band is).
    expect(countNear(p, { x: 16, y: 424, w: 300, h: 96 }, '#ffd54a')).toBeGreaterThan(600);
    const dmg = F.FIXED_DAMAGE.damage!;
    const plain = await renderDuel({ ...F.FIXED_DAMAGE, damage: { profile: dmg.profile, base: dmg.base, amount: dmg.amount } });
    expect(plain.equals(png)).toBe(false);
    const alive = await renderDuel({ ...F.FIXED_DAMAGE, damage: { ...dmg, killed: false } });
    expect(alive.equals(png)).toBe(false);
    expect(alive.equals(plain)).toBe(false);
  });

  it('a flipped damage with every reduction and a kill still draws its flip, narrowed to leave them room', () => {
    const boxes = boxesOf(F.REDUCED_DAMAGE_FR).filter((b) => b.where === 'damage');
    expect(boxes.map((b) => [b.code, b.state])).toEqual([
      ['4C', 'discarded'],
      ['13R', 'taken'],
    ]);
    // Clear of the reductions, which end left of the amount disc (x ≈ 872).
    for (const b of boxes) expect(b.x + b.w).toBeLessThan(560);
  });

  it('copes with long text, large fate and many cards without throwing', async () => {
    const side = F.OPPOSED_CHEAT.sides[0]!;
    const png = await renderDuel({
      ...F.OPPOSED_CHEAT,
      title: 'A very long title '.repeat(12),
      tn: { value: 99, suits: ['R', 'M', 'C', 'T'] },
      sides: [{ ...side, label: 'x'.repeat(200), fate: 7, revealed: ['1R', '2R', '3R', '4R'], taken: '4R', trigger: 'y'.repeat(100), statSuits: ['R', 'M', 'C', 'T'] }, { ...side, role: 'defender', fate: -6 }],
    });
    expect(pngSize(png)).toEqual(DUEL_SIZE);
  });
});

describe('renderHand', () => {
  it('is a PNG of the hand size, legal cards lifted and brighter', async () => {
    const png = await renderHand(F.HAND);
    writeFileSync(join(OUT, 'hand.png'), png);
    expect(pngSize(png)).toEqual(HAND_SIZE);
    const p = await decode(png);
    expect(distinctColours(p)).toBeGreaterThan(30);
    const boxes = drawHand(createCanvas(HAND_SIZE.width, HAND_SIZE.height).getContext('2d'), F.HAND);
    const legal = boxes.filter((b) => b.state === 'taken');
    const other = boxes.filter((b) => b.state === 'discarded');
    expect(legal.map((b) => b.code)).toEqual(F.HAND.highlight);
    expect(other.map((b) => b.code)).toEqual(['1R', '4M']);
    for (const l of legal) for (const o of other) {
      expect(l.y).toBeLessThan(o.y);
      expect(meanLum(p, l)).toBeGreaterThan(meanLum(p, o) + 60);
    }
    expect((await renderHand(F.HAND)).equals(png)).toBe(true);
  });

  it('fits ten cards and an empty hand', async () => {
    const big = await renderHand(F.BIG_HAND);
    writeFileSync(join(OUT, 'hand_big.png'), big);
    expect(pngSize(big)).toEqual(HAND_SIZE);
    const boxes = drawHand(createCanvas(HAND_SIZE.width, HAND_SIZE.height).getContext('2d'), F.BIG_HAND);
    expect(boxes).toHaveLength(10);
    expect(boxes.every((b) => b.state === 'normal' && b.x >= 0 && b.x + b.w <= HAND_SIZE.width)).toBe(true);
    const empty = await renderHand({ title: 'Empty', cards: [] });
    expect(pngSize(empty)).toEqual(HAND_SIZE);
  });
});

describe('renderFlip', () => {
  for (const [name, model] of Object.entries({ cheat: F.FLIP_CHEAT, choosing: F.FLIP_CHOOSING, damage_fixed: F.FLIP_DAMAGE_FIXED, damage_kill: F.FLIP_DAMAGE_KILL })) {
    it(`${name}: a non-uniform, deterministic PNG of the flip size`, async () => {
      const png = await renderFlip(model);
      writeFileSync(join(OUT, `flip_${name}.png`), png);
      expect(pngSize(png)).toEqual(FLIP_SIZE);
      expect(distinctColours(await decode(png))).toBeGreaterThan(30);
      expect((await renderFlip(model)).equals(png)).toBe(true);
    });
  }

  it('DMG-1: a fixed damage shows no card and no fate; the damage steps change the picture', async () => {
    expect(drawFlip(createCanvas(FLIP_SIZE.width, FLIP_SIZE.height).getContext('2d'), F.FLIP_DAMAGE_FIXED)).toEqual([]);
    const png = await renderFlip(F.FLIP_DAMAGE_FIXED);
    const { damage: _steps, ...bare } = F.FLIP_DAMAGE_FIXED;
    expect((await renderFlip(bare)).equals(png)).toBe(false);
    const cards = drawFlip(createCanvas(FLIP_SIZE.width, FLIP_SIZE.height).getContext('2d'), F.FLIP_DAMAGE_KILL);
    expect(cards.map((b) => b.state)).toEqual(['discarded', 'replaced', 'cheated']);
    expect((await renderFlip(F.FLIP_DAMAGE_KILL)).equals(await renderFlip(F.FLIP_CHEAT))).toBe(false);
  });

  it('dims nothing while the player is still choosing', () => {
    const boxes = drawFlip(createCanvas(FLIP_SIZE.width, FLIP_SIZE.height).getContext('2d'), F.FLIP_CHOOSING);
    expect(boxes.map((b) => b.state)).toEqual(['normal', 'normal', 'normal']);
  });
});

describe('cards and suits', () => {
  it('draws all 54 cards in every state', () => {
    const c = createCanvas(80, 112);
    const ctx = c.getContext('2d');
    const states: CardState[] = ['normal', 'taken', 'discarded', 'cheated', 'replaced', 'faceDown'];
    for (const code of freshDeck()) for (const state of states) drawCard(ctx, code, 6, 6, 68, 95, { state, redJokerSuit: 'T' });
    expect(() => drawCard(ctx, '14R', 0, 0, 10, 14, { state: 'normal' })).toThrow();
  });

  it('the four suit glyphs have distinct shapes at 16 px and 48 px', () => {
    for (const size of [16, 48]) {
      const masks = SUITS.map((s) => {
        const c = createCanvas(size, size);
        const ctx = c.getContext('2d');
        drawSuitGlyph(ctx, s, size / 2, size / 2, size, { color: '#000000', cutout: '#ffffff' });
        const { data } = ctx.getImageData(0, 0, size, size);
        return Array.from({ length: size * size }, (_, i) => (data[i * 4 + 3]! > 128 && data[i * 4]! < 128 ? 1 : 0));
      });
      for (const m of masks) expect(m.reduce((a: number, b) => a + b, 0)).toBeGreaterThan(size * size * 0.2);
      for (let i = 0; i < 4; i++)
        for (let j = i + 1; j < 4; j++) {
          const diff = masks[i]!.reduce((n: number, v, k) => n + (v !== masks[j]![k] ? 1 : 0), 0);
          expect(diff, `${SUITS[i]} vs ${SUITS[j]} at ${size}px`).toBeGreaterThan(size * size * 0.08);
        }
    }
  });
});
