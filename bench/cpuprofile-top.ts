/**
 * Summarises a V8 .cpuprofile: top functions by self time, and self time grouped by package / source
 * folder, so "where does the time go" fits on one screen.
 *
 *   npx tsx bench/cpuprofile-top.ts <file.cpuprofile> [top=25] [name,name,…]
 *
 * The optional names get an inclusive figure: the share of samples with that function anywhere on the
 * stack (async continuations show up under their own resumed frame, so this is a lower bound for them).
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg, inclusiveArg] = process.argv.slice(2);
if (!file) throw new Error('usage: cpuprofile-top.ts <file.cpuprofile> [top]');
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);

function where(url: string): string {
  if (!url) return '(native/V8)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1]!;
  const src = /\/work\/main\/(.*?)\/[^/]*$/.exec(url);
  if (src) return src[1]!;
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  return url.split('/').slice(-2).join('/');
}

const fnTotals = new Map<string, number>();
const groupTotals = new Map<string, number>();
for (const [id, us] of self) {
  const n = byId.get(id)!;
  const name = `${n.callFrame.functionName || '(anonymous)'}  ${where(n.callFrame.url)}${n.callFrame.url ? ':' + (n.callFrame.lineNumber + 1) : ''}`;
  fnTotals.set(name, (fnTotals.get(name) ?? 0) + us);
  const group = n.callFrame.functionName === '(idle)' ? '(idle)' : n.callFrame.functionName === '(garbage collector)' ? '(gc)' : where(n.callFrame.url);
  groupTotals.set(group, (groupTotals.get(group) ?? 0) + us);
}
const pct = (us: number) => ((100 * us) / total).toFixed(1).padStart(5) + '%';
console.log(`total sampled ${(total / 1e6).toFixed(2)} s`);
console.log('\nself time by package / folder:');
for (const [g, us] of [...groupTotals].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${pct(us)}  ${g}`);
console.log(`\ntop ${top} functions by self time:`);
for (const [f, us] of [...fnTotals].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(us)}  ${f}`);

if (inclusiveArg) {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  console.log('\ninclusive (function anywhere on the stack):');
  for (const name of inclusiveArg.split(',')) {
    let us = 0;
    profile.samples.forEach((id, i) => {
      for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
        if (byId.get(cur)!.callFrame.functionName === name) {
          us += profile.timeDeltas[i] ?? 0;
          break;
        }
      }
    });
    console.log(`${pct(us)}  ${name}`);
  }
}
