import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // one migrated and seeded database per dialect for the whole run; createTestApp copies it
    globalSetup: ['packages/server/test/global-setup.ts'],
  },
});
