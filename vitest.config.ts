import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Test files start the engine's `.ts` Piscina workers; they inherit this loader from the fork.
    execArgv: ['--import=tsx'],
  },
});
