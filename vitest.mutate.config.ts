import { defineConfig } from 'vitest/config';

/**
 * The vitest configuration of mutation runs (`npm run mutate`, stryker.config.json): the engine's own tests
 * only, and none of the root config's global setup (no PostgreSQL server: the engine is pure).
 */
export default defineConfig({
  test: {
    include: ['src/systems/malifaux-table/engine/**/*.test.ts'],
    testTimeout: 30_000,
    // During mutation runs a fast-check property stops at its first counterexample instead of shrinking it.
    setupFiles: ['test/support/mutate-setup.ts'],
  },
});
