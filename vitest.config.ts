import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // The machines have 2 cores; git, Chromium and the bundled action each start processes.
    maxWorkers: 2,
    fileParallelism: true,
  },
});
