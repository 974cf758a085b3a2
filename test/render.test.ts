import { createCanvas, GlobalFonts, loadImage } from '@napi-rs/canvas';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDeck, SUITS } from '../src/systems/malifaux-table/engine/cards.js';
import { drawCard, drawSuitGlyph, type CardState } from '../src/systems/malifaux-table/pictures/suits.js';
import { ensureFonts, FONT_FAMILY } from '../src/systems/malifaux-table/pictures/fonts.js';
import { drawDuel, duelSize, renderDuel } from '../src/systems/malifaux-table/pictures/duel.js';
import { damageSize, drawDamage, renderDamage } from '../src/systems/malifaux-table/pictures/damage.js';
import { drawFlip, flipSize, renderFlip } from '../src/systems/malifaux-table/pictures/flip.js';
import { drawHand, handSize, renderHand } from '../src/systems/malifaux-table/pictures/hand.js';
import { text, type Drawing } from '../src/systems/malifaux-table/pictures/draw.js';
import { illegibleOnPhone, recordTexts } from '../src/systems/malifaux-table/pictures/texts.js';
import { PICTURE_WIDTH } from '../src/systems/malifaux-table/pictures/theme.js';
import * as F from '../src/systems/malifaux-table/pictures/fixtures.js';
import type { DamageSheet, DuelPicture, FlipPicture, HandPicture } from '../src/systems/malifaux-table/pictures/models.js';

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

const duel = (m: DuelPicture) => drawDuel(createCanvas(duelSize(m).width, duelSize(m).height).getContext('2d'), m);
const flip = (m: FlipPicture) => drawFlip(createCanvas(flipSize(m).width, flipSize(m).height).getContext('2d'), m);
const damage = (m: DamageSheet) => drawDamage(createCanvas(damageSize(m).width, damageSize(m).height).getContext('2d'), m);
const hand = (m: HandPicture) => drawHand(createCanvas(handSize(m).width, handSize(m).height).getContext('2d'), m);
const texts = (d: { texts: { text: string }[] }) => d.texts.map((t) => t.text);

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
  simple_fails_fizzles: F.SIMPLE_FAILS_FIZZLES,
  if_killed_fr: F.IF_KILLED_FR,
  yield_fr: F.YIELD_FR,
  jokers: F.JOKERS,
  fixed_damage: F.FIXED_DAMAGE,
  reduced_damage_fr: F.REDUCED_DAMAGE_FR,
};
const FLIPS: Record<string, FlipPicture> = { cheat: F.FLIP_CHEAT, choosing: F.FLIP_CHOOSING, minus_bj: F.FLIP_MINUS_BJ, plus_rj: F.FLIP_PLUS_RJ, amount: F.FLIP_AMOUNT };
const DAMAGES: Record<string, DamageSheet> = { fixed: F.DAMAGE_FIXED, kill: F.DAMAGE_KILL, all_fr: F.DAMAGE_ALL_FR };
const HANDS: Record<string, HandPicture> = { hand: F.HAND, big: F.BIG_HAND, empty: { title: 'Your Control Hand — 0 cards', cards: [] } };

/** A picture pushed to its limits: long words, a big fate, four cards and a cheat, every suit. */
const STRESSED: DuelPicture = {
  ...F.OPPOSED_CHEAT,
  title: 'A very long title '.repeat(12),
  tn: { value: 99, suits: ['R', 'M', 'C', 'T'] },
  sides: [
    {
      ...F.OPPOSED_CHEAT.sides[0]!,
      label: 'x'.repeat(200),
      fate: 7,
      modifier: -12,
      revealed: ['1R', '2R', '3R', '4R'],
      taken: '4R',
      trigger: { name: 'y'.repeat(100), status: 'ifKilled' },
      statSuits: ['R', 'M', 'C', 'T'],
      suits: ['R', 'M', 'C', 'T', 'M'],
    },
    { ...F.OPPOSED_CHEAT.sides[1]!, role: 'defender', fate: -6, why: [{ text: 'z'.repeat(120) }, { text: 'missing', suits: ['R', 'M', 'C', 'T'] }] },
  ],
  damage: { ...F.REDUCED_DAMAGE_FR.damage!, revealed: ['1T', '2T', '3T', '4T'], taken: '4T', cheatedWith: '13R', plus: 2, amount: 13 },
};

describe('legible on a phone: every text, scaled to a 320 px wide picture, is at least 9 px', () => {
  it('the check catches a text too small (16 px on a 640 px picture is 8 px on a phone)', () => {
    const ctx = createCanvas(PICTURE_WIDTH, 100).getContext('2d');
    const log = recordTexts(ctx);
    text(ctx, 'Cheated', 10, 50, 16, '#ffffff');
    text(ctx, 'Total', 10, 80, 18, '#ffffff');
    expect(illegibleOnPhone({ width: PICTURE_WIDTH, texts: log })).toEqual([{ text: 'Cheated', phonePx: 8 }]);
    // A scaled context counts: 18 px drawn at half scale is 9 px on the canvas.
    ctx.scale(0.5, 0.5);
    text(ctx, 'Fate', 10, 10, 18, '#ffffff');
    expect(log.at(-1)).toMatchObject({ text: 'Fate', px: 9 });
  });

  it('every picture draws its texts through the recorder (no direct fillText elsewhere)', () => {
    const dir = join(process.cwd(), 'src/systems/malifaux-table/pictures');
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'texts.ts')) {
      const source = readFileSync(join(dir, file), 'utf8');
      expect(source, file).not.toMatch(/\.fillText\(|\.strokeText\(/);
    }
  });

  const cases: [string, () => Drawing][] = [
    ...Object.entries(DUELS).map(([n, m]): [string, () => Drawing] => [`duel ${n}`, () => duel(m)]),
    ['duel stressed', () => duel(STRESSED)],
    ...Object.entries(FLIPS).map(([n, m]): [string, () => Drawing] => [`flip ${n}`, () => flip(m)]),
    ...Object.entries(DAMAGES).map(([n, m]): [string, () => Drawing] => [`damage ${n}`, () => damage(m)]),
    ...Object.entries(HANDS).map(([n, m]): [string, () => Drawing] => [`hand ${n}`, () => hand(m)]),
  ];
  for (const [name, draw] of cases) {
    it(name, () => {
      const d = draw();
      expect(d.width).toBe(PICTURE_WIDTH);
      expect(d.texts.length).toBeGreaterThan(0);
      expect(illegibleOnPhone(d)).toEqual([]);
    });
  }
});

describe('renderDuel', () => {
  for (const [name, model] of Object.entries(DUELS)) {
    it(`${name}: a non-uniform PNG of its size, as wide as a picture`, async () => {
      const png = await renderDuel(model);
      writeFileSync(join(OUT, `duel_${name}.png`), png);
      expect(pngSize(png)).toEqual(duelSize(model));
      expect(duelSize(model).width).toBe(PICTURE_WIDTH);
      expect(distinctColours(await decode(png))).toBeGreaterThan(50);
    });
  }

  it('is deterministic: the same model gives byte-identical PNGs', async () => {
    for (const model of Object.values(DUELS)) {
      const [a, b] = await Promise.all([renderDuel(model), renderDuel(structuredClone(model))]);
      expect(a.equals(b)).toBe(true);
    }
  });

  it('shows the game values: names, totals, outcome, TN, the breakdown', () => {
    const words = texts(duel(F.SIMPLE_TN_RJ));
    expect(words).toEqual(expect.arrayContaining(['Claire · Sonnia Criid', 'SUCCESS', 'TN', '12', 'Total', '20', '6', '14', 'Blaze', 'fires']));
    const opposed = texts(duel(F.OPPOSED_CHEAT));
    expect(opposed).toEqual(expect.arrayContaining(['Attacker', 'Defender', 'SUCCESS', 'FAILURE', '20', '11', 'Cheated', '+1']));
  });

  it('rings the taken card and dims the others', async () => {
    const p = await decode(await renderDuel(F.OPPOSED_CHEAT));
    const boxes = duel(F.OPPOSED_CHEAT).cards;
    const taken = boxes.find((b) => b.where === 1 && b.state === 'taken');
    const dimmed = boxes.find((b) => b.where === 1 && b.state === 'discarded');
    expect(taken?.code).toBe('6C');
    expect(dimmed?.code).toBe('11T');
    expect(meanLum(p, taken!)).toBeGreaterThan(meanLum(p, dimmed!) + 60);
    // gold ring just outside the taken card's left edge, none outside the dimmed one
    expect(near(px(p, taken!.x - 4, taken!.y + taken!.h / 2), '#ffd54a')).toBe(true);
    expect(near(px(p, dimmed!.x - 4, dimmed!.y + dimmed!.h / 2), '#ffd54a')).toBe(false);
  });

  it('shows a cheat: the flipped card crossed out, the cheated card ringed in pink and tagged', async () => {
    const p = await decode(await renderDuel(F.OPPOSED_CHEAT));
    const drawing = duel(F.OPPOSED_CHEAT);
    const boxes = drawing.cards.filter((b) => b.where === 0);
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
    // The "Cheated" tag sits under the card cheated in.
    const tag = drawing.texts.find((t) => t.text === 'Cheated')!;
    expect(tag.x).toBeGreaterThan(cheated.x);
    expect(tag.x).toBeLessThan(cheated.x + cheated.w);
    expect(tag.y).toBeGreaterThan(cheated.y + cheated.h);
  });

  it('cards stay wide enough to read when four are revealed and one cheated: they overlap instead', () => {
    const boxes = duel(STRESSED).cards.filter((b) => b.where === 0);
    expect(boxes).toHaveLength(5);
    for (const b of boxes) expect(b.w).toBeGreaterThanOrEqual(56);
    // Each revealed card leaves its corner value in view: the next starts at least a third of a card further.
    for (let i = 1; i < 4; i++) expect(boxes[i]!.x - boxes[i - 1]!.x).toBeGreaterThan(boxes[i]!.w / 3);
  });

  it('DUEL-6: a failed side says why — each reason, and the suits it lacked as chips', async () => {
    const d = duel(F.SIMPLE_FAILS_FIZZLES);
    expect(texts(d)).toEqual(expect.arrayContaining(['FAILURE', '6 short of the TN 14', 'missing']));
    const { why: _why, ...side } = F.SIMPLE_FAILS_FIZZLES.sides[0]!;
    const without = await renderDuel({ ...F.SIMPLE_FAILS_FIZZLES, sides: [side] });
    expect(without.equals(await renderDuel(F.SIMPLE_FAILS_FIZZLES))).toBe(false);
    // A side that succeeded shows no reason, even if one is passed.
    const ok = duel({ ...F.SIMPLE_TN_RJ, sides: [{ ...F.SIMPLE_TN_RJ.sides[0]!, why: [{ text: 'never shown' }] }] });
    expect(texts(ok)).not.toContain('never shown');
  });

  it('TRIG-6: a trigger that fires, one that fizzles and one that waits for a kill are three different pictures, each tagged', async () => {
    const side = F.SIMPLE_TN_RJ.sides[0]!;
    const drawn = await Promise.all(
      (['fires', 'fizzles', 'ifKilled'] as const).map(async (status) => {
        const model = { ...F.SIMPLE_TN_RJ, sides: [{ ...side, trigger: { name: 'Blaze', status } }] };
        const words = texts(duel(model));
        expect(words).toContain('Blaze');
        expect(words.some((w) => w.includes(F.EN_DUEL_LABELS.triggerStatus[status]))).toBe(true);
        return { status, png: await renderDuel(model), name: duel(model).texts.find((t) => t.text === 'Blaze')! };
      }),
    );
    expect(drawn[0]!.png.equals(drawn[1]!.png)).toBe(false);
    expect(drawn[0]!.png.equals(drawn[2]!.png)).toBe(false);
    expect(drawn[1]!.png.equals(drawn[2]!.png)).toBe(false);
    // The fizzled name is struck through: a line of its ink across the middle of the word.
    const p = await decode(drawn[1]!.png);
    const name = drawn[1]!.name;
    expect(countNear(p, { x: name.x, y: name.y - 1, w: 60, h: 3 }, '#8fa999')).toBeGreaterThan(100);
    const fired = await decode(drawn[0]!.png);
    expect(countNear(fired, { x: name.x, y: name.y - 1, w: 60, h: 3 }, '#8fa999')).toBe(0);
  });

  it('draws the damage flip and the jokers', async () => {
    const boxes = duel(F.JOKERS).cards;
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
    expect(duel(F.YIELD_FR).cards.filter((b) => b.where === 1)).toEqual([]);
    expect(texts(duel(F.YIELD_FR))).toContain('A cédé');
    const en = await renderDuel({ ...F.YIELD_FR, labels: F.EN_DUEL_LABELS });
    const fr = await renderDuel(F.YIELD_FR);
    expect(en.equals(fr)).toBe(false);
  });

  it('DMG-1: a fixed damage draws its value and no damage card; its reductions and the kill are drawn', async () => {
    const d = duel(F.FIXED_DAMAGE);
    expect(d.cards.filter((b) => b.where === 'damage')).toEqual([]);
    expect(d.cards.map((b) => b.code)).toEqual(['9T']);
    expect(texts(d)).toEqual(expect.arrayContaining(['fixed', '3', 'Armor', 'Shielded', '−1', '☠ KILLED']));
    const png = await renderDuel(F.FIXED_DAMAGE);
    const dmg = F.FIXED_DAMAGE.damage!;
    const plain = await renderDuel({ ...F.FIXED_DAMAGE, damage: { profile: dmg.profile, base: dmg.base, amount: dmg.amount } });
    expect(plain.equals(png)).toBe(false);
    expect(texts(duel({ ...F.FIXED_DAMAGE, damage: { ...dmg, killed: false } }))).not.toContain('☠ KILLED');
  });
});

/** The numbers a drawing shows, biggest first. */
function numbersBySize(d: { texts: { text: string; px: number }[] }): { text: string; px: number }[] {
  return d.texts.filter((t) => /^[+−-]?\d+$/.test(t.text)).sort((a, b) => b.px - a.px);
}

describe('the damage block', () => {
  const withDamage: [string, () => { texts: { text: string; px: number }[] }, number][] = [
    ...Object.entries(DAMAGES).map(([n, m]) => [`damage ${n}`, () => damage(m), m.damage.amount] as [string, () => { texts: { text: string; px: number }[] }, number]),
    ...Object.entries(DUELS)
      .filter(([, m]) => m.damage)
      .map(([n, m]) => [`duel ${n}`, () => duel(m), m.damage!.amount] as [string, () => { texts: { text: string; px: number }[] }, number]),
    ['duel stressed', () => duel(STRESSED), STRESSED.damage!.amount],
  ];
  for (const [name, draw, amount] of withDamage) {
    it(`${name}: the damage dealt (${amount}) is the biggest number of the picture`, () => {
      const [first, second] = numbersBySize(draw());
      expect(first?.text).toBe(String(amount));
      expect(first!.px).toBeGreaterThan(second!.px * 1.3);
    });
  }

  it('DMG-6, DMG-7, DMG-8, SS-3: the breakdown — band and its value, the +N, Armor, Shielded, the soulstone’s card, each with what it took', () => {
    const words = texts(damage(F.DAMAGE_KILL));
    expect(words).toEqual(expect.arrayContaining(['Damage', 'Fate', 'severe', '4', 'Bonus', '+1', 'Armor', 'Shielded', '−1', 'dealt', '3', '☠ KILLED', 'Cheated']));
    expect(words.filter((w) => w === '−1')).toHaveLength(2);
    const fr = texts(damage(F.DAMAGE_ALL_FR));
    // 5 (sévère) → Armure −1 → Protégé −1 → the soulstone flipped a 7 of Crows: −2 → 1 dealt.
    expect(fr).toEqual(expect.arrayContaining(['Dégâts', 'sévère', '5', 'Armure', 'Protégé', '7', '−2', 'infligés', '1']));
    expect(fr).not.toContain('Bonus');
  });

  it('DMG-1: a fixed damage has no card and no fate; its steps change the picture', async () => {
    const d = damage(F.DAMAGE_FIXED);
    expect(d.cards).toEqual([]);
    expect(texts(d)).not.toContain('Fate');
    expect(texts(d)).toEqual(expect.arrayContaining(['fixed', '4', 'Armor', '−1', 'RJ', '−3', '0']));
    const bare = await renderDamage({ ...F.DAMAGE_FIXED, damage: { profile: 4, base: 4, amount: 4 } });
    expect(bare.equals(await renderDamage(F.DAMAGE_FIXED))).toBe(false);
    expect(damage(F.DAMAGE_KILL).cards.map((b) => b.state)).toEqual(['discarded', 'replaced', 'cheated']);
  });

  for (const [name, model] of Object.entries(DAMAGES)) {
    it(`${name}: a deterministic PNG of its size`, async () => {
      const png = await renderDamage(model);
      writeFileSync(join(OUT, `damage_${name}.png`), png);
      expect(pngSize(png)).toEqual(damageSize(model));
      expect((await renderDamage(model)).equals(png)).toBe(true);
    });
  }
});

describe('renderHand', () => {
  it('is a PNG of the hand size, legal cards lifted and brighter, in the order given', async () => {
    const png = await renderHand(F.HAND);
    writeFileSync(join(OUT, 'hand.png'), png);
    expect(pngSize(png)).toEqual(handSize(F.HAND));
    const p = await decode(png);
    expect(distinctColours(p)).toBeGreaterThan(30);
    const boxes = hand(F.HAND).cards;
    expect(boxes.map((b) => b.code)).toEqual(F.HAND.cards);
    for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.x).toBeGreaterThan(boxes[i - 1]!.x);
    const legal = boxes.filter((b) => b.state === 'taken');
    const other = boxes.filter((b) => b.state === 'discarded');
    expect(legal.map((b) => b.code)).toEqual(['13M', '7C', '10T', 'RJ']);
    expect(other.map((b) => b.code)).toEqual(['1R', '4M']);
    for (const l of legal)
      for (const o of other) {
        expect(l.y).toBeLessThan(o.y);
        expect(meanLum(p, l)).toBeGreaterThan(meanLum(p, o) + 60);
      }
    expect((await renderHand(F.HAND)).equals(png)).toBe(true);
  });

  it('fits ten cards, each wide enough to read, and an empty hand', async () => {
    const big = await renderHand(F.BIG_HAND);
    writeFileSync(join(OUT, 'hand_big.png'), big);
    expect(pngSize(big)).toEqual(handSize(F.BIG_HAND));
    const boxes = hand(F.BIG_HAND).cards;
    expect(boxes).toHaveLength(10);
    expect(boxes.every((b) => b.state === 'normal' && b.x >= 0 && b.x + b.w <= PICTURE_WIDTH && b.w >= 56)).toBe(true);
    const fourteen = hand({ title: 'Hand', cards: freshDeck().slice(0, 14) }).cards;
    expect(fourteen.every((b) => b.w >= 56 && b.x + b.w <= PICTURE_WIDTH)).toBe(true);
    expect(pngSize(await renderHand(HANDS.empty!))).toEqual(handSize(HANDS.empty!));
  });
});

describe('renderFlip', () => {
  for (const [name, model] of Object.entries(FLIPS)) {
    it(`${name}: a non-uniform, deterministic PNG of its size`, async () => {
      const png = await renderFlip(model);
      writeFileSync(join(OUT, `flip_${name}.png`), png);
      expect(pngSize(png)).toEqual(flipSize(model));
      expect(distinctColours(await decode(png))).toBeGreaterThan(30);
      expect((await renderFlip(model)).equals(png)).toBe(true);
    });
  }

  it('FLIP-2: the fate is drawn as pips, + and − differently', async () => {
    const plus = await renderFlip({ ...F.FLIP_PLUS_RJ, fate: 2 });
    const minus = await renderFlip({ ...F.FLIP_PLUS_RJ, fate: -2 });
    expect(plus.equals(minus)).toBe(false);
    const p = await decode(plus);
    const m = await decode(minus);
    const header = { x: 400, y: 0, w: 240, h: 68 };
    expect(countNear(p, header, '#3ecf7a')).toBeGreaterThan(300);
    expect(countNear(p, header, '#ff6b5e')).toBe(0);
    expect(countNear(m, header, '#ff6b5e')).toBeGreaterThan(300);
  });

  it('the value and band of the card that counts; a variable flip’s amount is its biggest number', () => {
    expect(texts(flip(F.FLIP_CHEAT))).toEqual(expect.arrayContaining(['severe', '12', 'Cheated']));
    expect(texts(flip(F.FLIP_MINUS_BJ))).toEqual(expect.arrayContaining(['faible', '0', 'Destin']));
    expect(texts(flip(F.FLIP_PLUS_RJ))).toEqual(expect.arrayContaining(['severe', '14']));
    const amount = flip(F.FLIP_AMOUNT);
    expect(numbersBySize(amount)[0]?.text).toBe('3');
    expect(texts(amount)).toEqual(expect.arrayContaining(['Result', '1', '5', 'Health 2 → 5']));
  });

  it('a − flip takes the lowest card (the Black Joker) and a cheat replaces the taken card', () => {
    expect(flip(F.FLIP_MINUS_BJ).cards.map((b) => [b.code, b.state])).toEqual([
      ['11T', 'discarded'],
      ['BJ', 'taken'],
      ['7R', 'discarded'],
    ]);
    expect(flip(F.FLIP_CHEAT).cards.map((b) => b.state)).toEqual(['discarded', 'replaced', 'cheated']);
  });

  it('dims nothing while the player is still choosing, and shows no result yet', () => {
    const d = flip(F.FLIP_CHOOSING);
    expect(d.cards.map((b) => b.state)).toEqual(['normal', 'normal', 'normal']);
    expect(texts(d)).not.toContain('weak');
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
