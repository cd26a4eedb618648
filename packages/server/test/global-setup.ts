import type { TestProject } from 'vitest/node';
import { dropTemplates, newTemplateRun } from './test-databases';

/**
 * vitest global setup: names the run's seeded databases (one per dialect, migrated and seeded by the first test app
 * that needs one; `createTestApp` gives each app a copy) and removes them when the run ends.
 */
export default function setup(project: TestProject): () => Promise<void> {
  const run = newTemplateRun();
  project.provide('oaTemplates', run);
  return () => dropTemplates(run);
}
