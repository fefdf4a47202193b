import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // The machines have 2 cores, but many files mostly wait (a fault proxy's stall, a retried
    // artifact service, git over HTTP): a third worker took the run from 460 s to 403 s, a fourth
    // gained nothing more (405 s). The load test still runs alone (scripts/test.mjs).
    maxWorkers: 3,
    fileParallelism: true,
  },
});
