import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // two files at a time even on 2 cores: a file waits on PostgreSQL (another process) about as long as it computes
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // one migrated and seeded database per dialect for the whole run; createTestApp copies it
    globalSetup: ['packages/server/test/global-setup.ts'],
  },
});
