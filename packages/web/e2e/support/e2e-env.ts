import path from 'node:path';

/**
 * Where the e2e servers listen and keep their (fresh) data. The defaults are what CI uses; the
 * OA_E2E_* variables let several runs share one machine (other ports, other data and result dirs,
 * and OA_E2E_WEB_DIST to serve a private copy of the web build).
 */
const env = process.env;
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const tmpRoot = env.OA_E2E_TMP ? path.resolve(env.OA_E2E_TMP) : path.join(repoRoot, '.tmp');

export const E2E_PORT = Number(env.OA_E2E_PORT ?? 18080);
export const E2E_LOCKOUT_PORT = Number(env.OA_E2E_LOCKOUT_PORT ?? 18082);
/** The OpenID provider sso.spec.ts starts (oidc-provider); the main server is configured for it (discovery at first use). */
export const E2E_OIDC = {
  port: Number(env.OA_E2E_OIDC_PORT ?? 18086),
  clientId: 'assoc-oa-e2e',
  clientSecret: 'assoc-oa-e2e-oidc-secret',
};
export const E2E_RESULTS_DIR = path.join(tmpRoot, 'e2e-results');
/** The demo accounts' sessions of this run (support/session.ts `login`), emptied when a run starts. */
export const E2E_SESSIONS_DIR = path.join(tmpRoot, 'e2e-sessions');
export const E2E_WEB_DIST = env.OA_E2E_WEB_DIST ? path.resolve(env.OA_E2E_WEB_DIST) : undefined;

export function e2eDataDir(name: 'main' | 'lockout'): string {
  return path.join(tmpRoot, name === 'main' ? 'e2e-data' : 'e2e-data-lockout');
}

/** Password of every demo account. */
export const DEMO_PASSWORD = 'Oa@123456';
