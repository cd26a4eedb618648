import type { TestProject } from 'vitest/node';
// @ts-expect-error the build script is plain JavaScript
import { buildServer, serverIsStale } from '../../../scripts/build-server.mjs';
import { dropTemplates, newTemplateRun } from './test-databases';

/**
 * vitest global setup: names the run's seeded databases (one per dialect, migrated and seeded by the first test app
 * that needs one; `createTestApp` gives each app a copy) and removes them when the run ends. Builds the compiled
 * server once, before any file runs, when its sources are newer than it: the tests that start a server process run
 * packages/server/dist/main.mjs as `npm start` does (test/server-process.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if ((serverIsStale as () => boolean)()) await (buildServer as () => Promise<void>)();
  const run = newTemplateRun();
  project.provide('oaTemplates', run);
  return () => dropTemplates(run);
}
