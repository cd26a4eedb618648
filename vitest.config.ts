import fs from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const INCLUDE = ['packages/*/src/**/*.test.ts'];
/**
 * Test files that replace a module (vi.mock / vi.doMock) each get a fresh module graph; all others share one per
 * worker, so the server's hundreds of modules are loaded once per worker rather than once per file (most of the run's
 * time when each file loaded its own). A file in the shared graph leaves nothing behind: it closes its test apps and
 * restores what it spies on.
 */
const MOCKING = fs
  .readdirSync('packages')
  .flatMap((pkg) => testFiles(`packages/${pkg}/src`))
  .filter((file) => /\bvi\.(do)?[mM]ock\(/.test(fs.readFileSync(file, 'utf8')));

function testFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = `${dir}/${e.name}`;
    return e.isDirectory() ? testFiles(p) : e.name.endsWith('.test.ts') ? [p] : [];
  });
}

const common = { environment: 'node', testTimeout: 30_000, hookTimeout: 60_000, pool: 'forks' } as const;
const project = (name: string, isolate: boolean, include: string[], exclude: string[] = []): TestProjectInlineConfiguration => ({
  test: { ...common, name, isolate, include, exclude },
});

export default defineConfig({
  test: {
    ...common,
    include: INCLUDE,
    // two files at a time even on 2 cores: a file waits on PostgreSQL (another process) about as long as it computes
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // one migrated and seeded database per dialect for the whole run; createTestApp copies it. It runs once, for the
    // root: the projects below share what it provides.
    globalSetup: ['packages/server/test/global-setup.ts'],
    projects: [project('shared-modules', false, INCLUDE, ['**/node_modules/**', ...MOCKING]), project('isolated', true, MOCKING)],
  },
});
