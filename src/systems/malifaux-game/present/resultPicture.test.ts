/**
 * The final result's picture: a PNG of its size, the same bytes for the same result and other bytes for
 * another score, every text readable on a phone, bars as tall as the VP banked so far, the winner ringed,
 * and its alt text in both languages.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { translator, type Translate } from '../../../i18n/index.js';
import { ensureFonts, illegibleOnPhone, PICTURE_WIDTH } from '../../malifaux-table/pictures/index.js';
import type { ResultInput } from './result.js';
import { AGREED_IN_TURN_3, CONCEDED, CORRECTED, DRAW, WIN } from './resultFixtures.js';
import { drawResult, drawResultPicture, renderResult, resultDescription, resultSize, type ResultDrawing } from './resultPicture.js';

const en = translator('en');
const fr = translator('fr');
const FIXTURES = { WIN, DRAW, CONCEDED, CORRECTED, AGREED_IN_TURN_3 };
const LONG: ResultInput = { ...WIN, names: ['Alexandra the Unbelievably Verbose', 'Bartholomew of the Long Names'] };

function drawing(input: ResultInput, t: Translate): ResultDrawing {
  ensureFonts();
  const { width, height } = resultSize();
  return drawResult(createCanvas(width, height).getContext('2d'), input, t);
}

const sha256 = (png: Buffer): string => createHash('sha256').update(png).digest('hex');

function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

async function pixel(png: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const img = await loadImage(png);
  const ctx = createCanvas(img.width, img.height).getContext('2d');
  ctx.drawImage(img, 0, 0);
  const d = ctx.getImageData(Math.round(x), Math.round(y), 1, 1).data;
  return [d[0]!, d[1]!, d[2]!];
}

/** Bob scores one more VP: his Vendetta's Reveal in turn 3. */
const ONE_MORE: ResultInput = {
  ...WIN,
  entries: [...WIN.entries, { seat: 1, turn: 3, source: { kind: 'scheme', scheme: 'core.vendetta', half: 'reveal' }, vp: 1, how: 'records', reason: null }],
  result: { vp: [7, 5], byTurn: [WIN.result.byTurn[0], [0, 2, 1, 1, 1]], winner: 0 },
};

describe('the final result’s picture', () => {
  it('is a PNG as wide as every picture, of its stated size', async () => {
    for (const input of Object.values(FIXTURES)) {
      const png = await renderResult(input, en);
      expect(pngSize(png)).toEqual(resultSize());
      expect(resultSize().width).toBe(PICTURE_WIDTH);
    }
  });

  it('is deterministic: the same result draws the same bytes, whatever the ledger’s order', async () => {
    const a = await renderResult(WIN, en);
    const b = await renderResult(structuredClone(WIN), en);
    const c = await renderResult({ ...WIN, entries: [...WIN.entries].reverse() }, en);
    expect(sha256(b)).toBe(sha256(a));
    expect(sha256(c)).toBe(sha256(a));
  });

  it('changes when the VP change, when the winner changes, and with the language', async () => {
    const base = sha256(await renderResult(WIN, en));
    expect(sha256(await renderResult(ONE_MORE, en))).not.toBe(base);
    expect(sha256(await renderResult({ ...WIN, result: { ...WIN.result, winner: 1 } }, en))).not.toBe(base);
    expect(sha256(await renderResult(WIN, fr))).not.toBe(base);
  });

  it('every text stays readable when a phone shows the picture 320 px wide (issue 14), in both languages, long names too', () => {
    for (const input of [...Object.values(FIXTURES), LONG]) {
      for (const t of [en, fr]) {
        const d = drawing(input, t);
        expect(d.texts.length).toBeGreaterThan(20);
        expect(illegibleOnPhone(d)).toEqual([]);
        // Nothing drawn outside the picture.
        for (const text of d.texts) expect(text.x).toBeLessThanOrEqual(d.width);
      }
    }
  });

  it('shows the totals, the winner, the strategy/schemes split, the turns and how the game ended', () => {
    const words = drawing(WIN, en).texts.map((x) => x.text);
    expect(words).toEqual(expect.arrayContaining(['Final score', 'Alice', 'Bob', '7', '4', 'WINNER', 'Strategy 4', 'Schemes 3', 'Strategy 2', 'Schemes 2', 'VP so far, by turn', 'Total', 'Strategy: Turf War', 'Played to the end of turn 5.']));
    expect(words).not.toContain('DRAW');
    const french = drawing(CONCEDED, fr).texts.map((x) => x.text);
    expect(french).toEqual(expect.arrayContaining(['Score final', 'VAINQUEUR', 'Stratégie 1', 'Combines 0', 'Combines 1', 'PV cumulés, tour par tour', 'Tour', 'Stratégie : Règlement de Compte', 'Bob a concédé : la partie s’est arrêtée là.']));
    const draw = drawing(DRAW, en).texts.map((x) => x.text);
    expect(draw.filter((w) => w === 'DRAW')).toHaveLength(2);
    expect(draw).not.toContain('WINNER');
  });

  it('U2, U3–U4: each bar is as tall as the VP so far, its strategy part as tall as the strategy’s VP', () => {
    const d = drawing(WIN, en);
    const bar = (seat: 0 | 1, turn: number) => d.bars.find((b) => b.seat === seat && b.turn === turn)!;
    expect(d.bars).toHaveLength(10);
    // U2: nothing in turn 1.
    expect(bar(0, 1).h).toBe(0);
    expect(bar(1, 1).h).toBe(0);
    expect([1, 2, 3, 4, 5].map((turn) => [bar(0, turn).strategy, bar(0, turn).schemes])).toEqual([[0, 0], [1, 0], [2, 1], [3, 2], [4, 3]]);
    expect([1, 2, 3, 4, 5].map((turn) => [bar(1, turn).strategy, bar(1, turn).schemes])).toEqual([[0, 0], [1, 1], [1, 1], [2, 1], [2, 2]]);
    // One scale for every bar: Alice's 7 is 7/4 of Bob's 4, her 4 strategy VP 4/7 of her bar.
    const unit = bar(0, 5).h / 7;
    expect(unit).toBeGreaterThan(10);
    for (const b of d.bars) {
      expect(b.h).toBeCloseTo((b.strategy + b.schemes) * unit, 0);
      expect(b.strategyH).toBeCloseTo(b.strategy * unit, 0);
    }
    // A correction that takes a part below zero never draws a bar taller than its VP.
    const c = drawing(CORRECTED, en);
    for (const b of c.bars) expect(b.h).toBeCloseTo(Math.max(0, b.strategy + b.schemes) * unit, 0);
  });

  it('U11: ended by agreement in turn 3, the chart has no bars for turns 4 and 5, the table and the alt text none of their VP', () => {
    const d = drawing(AGREED_IN_TURN_3, en);
    expect([...new Set(d.bars.map((b) => b.turn))]).toEqual([1, 2, 3]);
    // Turn 4 and 5: a dash under each in the chart, and one per crew in the table.
    expect(d.texts.filter((x) => x.text === '–')).toHaveLength(2 + 2 * 2);
    expect(resultDescription(AGREED_IN_TURN_3, en)).toContain('VP so far at the end of turns 1 to 3: Alice: 0, 1, 2; Bob: 0, 1, 1.');
    expect(resultDescription(AGREED_IN_TURN_3, fr)).toContain('PV cumulés à la fin des tours 1 à 3 : Alice : 0, 1, 2; Bob : 0, 1, 1.');
  });

  it('U11: the winner’s panel is ringed in gold, the loser’s is not; a draw rings none', async () => {
    const d = drawing(WIN, en);
    expect(d.ringed?.seat).toBe(0);
    const png = await renderResult(WIN, en);
    const ring = d.ringed!;
    const gold: [number, number, number] = [0xff, 0xd5, 0x4a];
    expect(await pixel(png, ring.x + 3, ring.y + ring.h / 2)).toEqual(gold);
    // Bob's panel, the same place on the other side: no ring.
    expect(await pixel(png, ring.x + ring.w + 16 + 3, ring.y + ring.h / 2)).not.toEqual(gold);
    const won = drawing({ ...WIN, result: { ...WIN.result, winner: 1 } }, en);
    expect(won.ringed?.seat).toBe(1);
    expect(drawing(DRAW, en).ringed).toBeNull();
  });

  it('has alt text in both languages: totals and split, the outcome, VP so far by turn, how it ended', async () => {
    expect(resultDescription(WIN, en)).toBe(
      'Final score picture. Alice 7 VP (strategy 4, schemes 3); Bob 4 VP (strategy 2, schemes 2). 🏆 Alice wins, 7 VP to 4. VP so far at the end of turns 1 to 5: Alice: 0, 1, 3, 5, 7; Bob: 0, 2, 2, 3, 4. The bars split the strategy’s VP from the schemes’. Played to the end of turn 5.',
    );
    expect(resultDescription(CONCEDED, fr)).toBe(
      'Image du score final. Alice 1 PV (stratégie 1, combines 0); Bob 2 PV (stratégie 1, combines 1). 🏆 Alice gagne, 1 PV à 2. PV cumulés à la fin des tours 1 à 5 : Alice : 0, 1, 1, 1, 1; Bob : 0, 1, 2, 2, 2. Les barres séparent les PV de la stratégie de ceux des combines. Bob a concédé : la partie s’est arrêtée là.',
    );
    const attachment = await drawResultPicture(DRAW, 'fr');
    expect(attachment).toMatchObject({ name: 'result.png', contentType: 'image/png', description: resultDescription(DRAW, fr) });
    expect(sha256(attachment.data)).toBe(sha256(await renderResult(DRAW, fr)));
    for (const input of [...Object.values(FIXTURES), LONG]) {
      for (const t of [en, fr]) {
        const alt = resultDescription(input, t);
        expect(alt.length).toBeLessThanOrEqual(1024);
        expect(alt).not.toMatch(/[{}*]/);
      }
    }
  });
});
