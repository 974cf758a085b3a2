/**
 * Render benchmark: a full picture (draw + PNG encode) against encoding a blank canvas of the same size,
 * measured interleaved in one run so both see the same machine state. PNG encoding dominates; the goal
 * is every picture (the table's and the league's) under 2x the blank encode.
 */
import { createCanvas } from '@napi-rs/canvas';
import { duelSize, renderDuel } from '../src/systems/malifaux-table/pictures/duel.js';
import { damageSize, renderDamage } from '../src/systems/malifaux-table/pictures/damage.js';
import { flipSize, renderFlip } from '../src/systems/malifaux-table/pictures/flip.js';
import { handSize, renderHand } from '../src/systems/malifaux-table/pictures/hand.js';
import { ensureFonts } from '../src/systems/malifaux-table/pictures/fonts.js';
import { DAMAGE_KILL, FLIP_CHEAT, HAND, REDUCED_DAMAGE_FR } from '../src/systems/malifaux-table/pictures/fixtures.js';
import { translator } from '../src/i18n/index.js';
import { bigLeague, namesOf } from '../src/leagues/fixtures.js';
import { pairingsPicture, pairingsSize, standingsPicture, standingsSize, tpChartPicture, tpChartSize } from '../src/leagues/pictures.js';

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

async function time(f: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await f();
  return performance.now() - t;
}

/** Runs `a` and `b` alternately (order flipped every round), after `warmup` untimed rounds. */
async function pair(a: () => Promise<unknown>, b: () => Promise<unknown>, rounds: number, warmup: number): Promise<{ a: number; b: number }> {
  for (let i = 0; i < warmup; i++) {
    await a();
    await b();
  }
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = 0; i < rounds; i++) {
    if (i % 2 === 0) {
      ta.push(await time(a));
      tb.push(await time(b));
    } else {
      tb.push(await time(b));
      ta.push(await time(a));
    }
  }
  return { a: median(ta), b: median(tb) };
}

const blank = (w: number, h: number) => () => createCanvas(w, h).encode('png');

/** Each picture, at its own size, against encoding a blank canvas of that size. */
export async function benchRender(opts: { rounds?: number; warmup?: number } = {}): Promise<{ name: string; ratio: number; details: Record<string, number> }> {
  const rounds = opts.rounds ?? 40;
  const warmup = opts.warmup ?? 8;
  ensureFonts();
  const sizeOf = { duel: duelSize(REDUCED_DAMAGE_FR), flip: flipSize(FLIP_CHEAT), damage: damageSize(DAMAGE_KILL), hand: handSize(HAND) };
  const duel = await pair(() => renderDuel(REDUCED_DAMAGE_FR), blank(sizeOf.duel.width, sizeOf.duel.height), rounds, warmup);
  const flip = await pair(() => renderFlip(FLIP_CHEAT), blank(sizeOf.flip.width, sizeOf.flip.height), rounds, warmup);
  const damage = await pair(() => renderDamage(DAMAGE_KILL), blank(sizeOf.damage.width, sizeOf.damage.height), rounds, warmup);
  const hand = await pair(() => renderHand(HAND), blank(sizeOf.hand.width, sizeOf.hand.height), rounds, warmup);
  // The league's pictures at their fullest: 40 players (as many rows as a picture shows), 5 rounds.
  const league = bigLeague(40, 5);
  const names = namesOf(league);
  const t = translator('fr');
  const leagueSizes = { standings: standingsSize(league), pairings: pairingsSize(league, 5), chart: tpChartSize(league) };
  const standings = await pair(() => standingsPicture(league, names, t), blank(leagueSizes.standings.width, leagueSizes.standings.height), rounds, warmup);
  const pairings = await pair(() => pairingsPicture(league, 5, names, t), blank(leagueSizes.pairings.width, leagueSizes.pairings.height), rounds, warmup);
  const chart = await pair(() => tpChartPicture(league, names, t), blank(leagueSizes.chart.width, leagueSizes.chart.height), rounds, warmup);
  const r = (x: number) => Math.round(x * 1000) / 1000;
  return {
    name: 'render: duel picture vs blank PNG encode (same size)',
    ratio: r(duel.a / duel.b),
    details: {
      duelMs: r(duel.a),
      blankDuelMs: r(duel.b),
      duelRatio: r(duel.a / duel.b),
      flipMs: r(flip.a),
      blankFlipMs: r(flip.b),
      flipRatio: r(flip.a / flip.b),
      damageMs: r(damage.a),
      blankDamageMs: r(damage.b),
      damageRatio: r(damage.a / damage.b),
      handMs: r(hand.a),
      blankHandMs: r(hand.b),
      handRatio: r(hand.a / hand.b),
      standingsMs: r(standings.a),
      standingsRatio: r(standings.a / standings.b),
      pairingsMs: r(pairings.a),
      pairingsRatio: r(pairings.a / pairings.b),
      chartMs: r(chart.a),
      chartRatio: r(chart.a / chart.b),
      rounds,
    },
  };
}
