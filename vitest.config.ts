import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Integration tests start servers on ephemeral ports; files still run in parallel workers.
    pool: 'forks',
    // Starts one throwaway PostgreSQL server for the run (unless TEST_DATABASE_URL is set) for the store tests.
    globalSetup: ['test/support/global-setup.ts'],
  },
});
