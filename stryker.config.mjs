// @ts-check
/**
 * Mutation testing of the engine's rules modules: `npm run mutate` (scripts/mutate.sh runs StrykerJS 10 under
 * Node 22+). The mutants are tested by the engine's own tests only (vitest.mutate.config.ts: no PostgreSQL, and
 * fast-check properties stop at their first counterexample).
 *
 * Mutated: every non-test .ts file of src/systems/malifaux-table/engine/ with runtime code, except
 *  - index.ts    re-exports only;
 *  - testkit.ts  test fixtures and the given/when/then helpers (not engine code);
 *  - eventSamples.ts, randomCommands.ts  test fixtures: a sample of every event type, random commands;
 *  - actor.ts    one interface (a type: nothing to mutate);
 *  - schema.ts   the zod declarations of the data shapes (commands, events, state), no rule logic.
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  packageManager: 'npm',
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutate.config.ts' },
  coverageAnalysis: 'perTest',
  concurrency: 2,
  mutate: [
    'src/systems/malifaux-table/engine/*.ts',
    '!src/systems/malifaux-table/engine/*.test.ts',
    '!src/systems/malifaux-table/engine/index.ts',
    '!src/systems/malifaux-table/engine/testkit.ts',
    '!src/systems/malifaux-table/engine/eventSamples.ts',
    '!src/systems/malifaux-table/engine/randomCommands.ts',
    '!src/systems/malifaux-table/engine/actor.ts',
    '!src/systems/malifaux-table/engine/schema.ts',
  ],
  // The sandbox copy needs only the sources, the setup file and the configs (node_modules is linked).
  ignorePatterns: ['/*', '!/src', '!/test', '!/package.json', '!/tsconfig.json', '!/vitest.mutate.config.ts', '/src/generated'],
  // Re-runs test only the mutants whose code or tests changed since the last report.
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
