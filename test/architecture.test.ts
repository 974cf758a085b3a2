/**
 * The layers a newcomer reads in the folder names hold in the imports: no module cycle, systems know
 * nothing of the platform, the platform reaches a system through the contract and the registry only, the
 * use cases know nothing of Discord (rules in .dependency-cruiser.cjs, checked by dependency-cruiser).
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { cruise, type ICruiseResult } from 'dependency-cruiser';

const require = createRequire(import.meta.url);
const config = require('../.dependency-cruiser.cjs') as { forbidden: unknown[]; options: Record<string, unknown> };

// Without `validate: true` dependency-cruiser reads the graph but checks no rule: every list comes back empty.
async function cruiseSource(forbidden: unknown[] = config.forbidden): Promise<ICruiseResult> {
  const result = await cruise(['src'], { ...config.options, validate: true, ruleSet: { forbidden } } as never);
  return result.output as ICruiseResult;
}

describe('the folder layers (dependency-cruiser)', () => {
  it('no rule is broken: no cycle, systems ← app ← discord ← main', async () => {
    const result = await cruiseSource();
    const violations = result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}${v.cycle ? ` (${v.cycle.map((c) => c.name).join(' → ')})` : ''}`);
    expect(violations).toEqual([]);
    // The check saw the real graph (TypeScript's .js specifiers resolved to the .ts sources), so an empty
    // list means the rules hold, not that nothing was read.
    const games = result.modules.find((m) => m.source === 'src/app/games.ts');
    expect(games?.dependencies.map((d) => d.resolved)).toEqual(expect.arrayContaining(['src/systems/contract.ts', 'src/app/writePath.ts']));
    expect(result.summary.totalCruised).toBeGreaterThan(100);
  }, 120_000);

  it('the check does apply rules: one that forbids an import the code makes is reported', async () => {
    const probe = { name: 'probe', severity: 'error', from: { path: '^src/app/games\\.ts$' }, to: { path: '^src/systems/contract\\.ts$' } };
    const result = await cruiseSource([...config.forbidden, probe]);
    expect(result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).toEqual(['probe: src/app/games.ts → src/systems/contract.ts']);
  }, 120_000);
});
