/** Small statistics and formatting helpers shared by the benchmarks. */

export function median(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Nearest-rank percentile (p in 0..100) of an unsorted sample. */
export function percentile(xs: readonly number[] | Float64Array, p: number): number {
  if (xs.length === 0) return NaN;
  const s = Float64Array.from(xs).sort();
  const rank = Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1));
  return s[rank]!;
}

/** Rounds to `digits` significant decimals for printing and the JSON line. */
export function round(x: number, digits = 3): number {
  if (!Number.isFinite(x)) return x;
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

export function fmt(x: number | undefined, digits = 2): string {
  if (x === undefined || Number.isNaN(x)) return '—';
  if (Math.abs(x) >= 1000) return Math.round(x).toLocaleString('en-US');
  if (Math.abs(x) >= 100) return x.toFixed(Math.max(0, digits - 2));
  if (Math.abs(x) >= 10) return x.toFixed(Math.max(1, digits - 1));
  return x.toFixed(digits);
}

export interface Row {
  measure: string;
  a: string;
  b: string;
  ratio: string;
  goal: string;
  note: string;
}

export function printTable(rows: Row[], headers: Row): string {
  const cols: (keyof Row)[] = ['measure', 'a', 'b', 'ratio', 'goal', 'note'];
  const width = Object.fromEntries(cols.map((c) => [c, Math.max(headers[c].length, ...rows.map((r) => r[c].length))])) as Record<keyof Row, number>;
  const line = (r: Row) => '| ' + cols.map((c) => (c === 'measure' || c === 'note' ? r[c].padEnd(width[c]) : r[c].padStart(width[c]))).join(' | ') + ' |';
  const sep = '|' + cols.map((c) => '-'.repeat(width[c] + 2)).join('|') + '|';
  return [line(headers), sep, ...rows.map(line)].join('\n');
}

export async function timeAsync(f: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await f();
  return performance.now() - t;
}

export function timeSync(f: () => unknown): number {
  const t = performance.now();
  f();
  return performance.now() - t;
}

/**
 * Times two synchronous contenders side by side: `warmup` untimed pairs, then `runs` pairs, the order
 * swapped every pair so neither always runs on the other's warm caches. Each returns its own elapsed ms.
 */
export function interleavedMedians(a: () => number, b: () => number, runs: number, warmup: number): [number, number] {
  for (let i = 0; i < warmup; i++) {
    a();
    b();
  }
  const as: number[] = [];
  const bs: number[] = [];
  for (let i = 0; i < runs; i++) {
    if (i % 2 === 0) {
      as.push(a());
      bs.push(b());
    } else {
      bs.push(b());
      as.push(a());
    }
  }
  return [median(as), median(bs)];
}
