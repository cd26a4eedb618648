import path from 'node:path';

/** Where the e2e servers listen and keep their (fresh) data. */
export const E2E_PORT = 18080;
export const E2E_LOCKOUT_PORT = 18082;

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

export function e2eDataDir(name: 'main' | 'lockout'): string {
  return path.join(repoRoot, '.tmp', name === 'main' ? 'e2e-data' : 'e2e-data-lockout');
}

/** Password of every demo account. */
export const DEMO_PASSWORD = 'Oa@123456';
