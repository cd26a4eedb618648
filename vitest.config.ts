import fs from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

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

/**
 * The files that take a minute or more (CI's run, 2 cores), longest first. They start first, each on a worker as one
 * frees, so the small files fill in around them and none of them is the run's tail: without a record of past runs
 * (CI starts from `npm ci`) vitest starts the larger files first, and these are not large (register.import, 39th by
 * size, ran last for minutes). A file that grows past a minute joins the list.
 */
const HEAVY_FIRST = [
  'packages/server/src/access-matrix.test.ts',
  'packages/server/src/engines/records/register.import.test.ts',
  'packages/server/src/features/notify/notify-crash.test.ts',
  'packages/server/src/engines/records/title-filter.test.ts',
  'packages/server/src/features/auth/login-guard.test.ts',
  'packages/server/src/core/backup/backup.test.ts',
  'packages/server/src/admin-init-cli.test.ts',
  'packages/server/src/features/documents/documents-search.test.ts',
  'packages/server/src/engines/workflow/list-plans.test.ts',
  'packages/server/src/durability.test.ts',
];

/** vitest's order (project by project; within one, past durations or sizes), the heavy files first in each project. */
class HeavyFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = HEAVY_FIRST.indexOf(path.relative(f.project.config.root, f.moduleId).split(path.sep).join('/'));
      return i < 0 ? HEAVY_FIRST.length : i;
    };
    // each project at its first place keeps the projects in vitest's order; Array.sort is stable
    const project = new Map<string, number>();
    sorted.forEach((f, i) => project.has(f.project.name) || project.set(f.project.name, i));
    return sorted.sort((a, b) => project.get(a.project.name)! - project.get(b.project.name)! || rank(a) - rank(b));
  }
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
    sequence: { sequencer: HeavyFirst },
    projects: [project('shared-modules', false, INCLUDE, ['**/node_modules/**', ...MOCKING]), project('isolated', true, MOCKING)],
  },
});
