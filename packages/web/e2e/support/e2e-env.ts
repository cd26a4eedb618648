import path from 'node:path';

/**
 * Where the e2e servers listen and keep their (fresh) data. The defaults are what CI uses; the
 * OA_E2E_* variables let several runs share one machine (other ports, other data and result dirs,
 * and OA_E2E_WEB_DIST to serve a private copy of the web build).
 *
 * The run's workers (OA_E2E_WORKERS, default 2) each get a world of their own: a slot k with its own servers, ports
 * (k × 10 above the base ports), databases and kept sessions, so specs running side by side never see each other's
 * data. A worker's slot is Playwright's TEST_PARALLEL_INDEX; the runner itself (which reads this file to start the
 * servers) is slot 0 and starts every slot's servers.
 */
const env = process.env;
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const tmpRoot = env.OA_E2E_TMP ? path.resolve(env.OA_E2E_TMP) : path.join(repoRoot, '.tmp');

/** How many specs run at once, each worker against its own servers. */
export const E2E_WORKERS = Math.max(1, Number(env.OA_E2E_WORKERS ?? 2));
/** This process's slot: its worker's parallel index (0 in the runner). */
export const E2E_SLOT = Number(env.TEST_PARALLEL_INDEX ?? 0);
const SLOT_STRIDE = 10;

const BASE_PORT = Number(env.OA_E2E_PORT ?? 18080);
const BASE_LOCKOUT_PORT = Number(env.OA_E2E_LOCKOUT_PORT ?? 18082);
const BASE_OIDC_PORT = Number(env.OA_E2E_OIDC_PORT ?? 18086);
const BASE_LDAP_PORT = Number(env.OA_E2E_LDAP_PORT ?? BASE_PORT + 8);
const BASE_SMTP_PORT = Number(env.OA_E2E_SMTP_PORT ?? BASE_PORT + 4);

/** A slot's ports and data. */
export function e2eSlot(slot: number) {
  const shift = slot * SLOT_STRIDE;
  const suffix = slot === 0 ? '' : `-${slot}`;
  return {
    port: BASE_PORT + shift,
    lockoutPort: BASE_LOCKOUT_PORT + shift,
    oidcPort: BASE_OIDC_PORT + shift,
    ldapPort: BASE_LDAP_PORT + shift,
    smtpPort: BASE_SMTP_PORT + shift,
    dataDir: (name: 'main' | 'lockout') => path.join(tmpRoot, `${name === 'main' ? 'e2e-data' : 'e2e-data-lockout'}${suffix}`),
    sessionsDir: path.join(tmpRoot, `e2e-sessions${suffix}`),
  };
}
const mine = e2eSlot(E2E_SLOT);

export const E2E_PORT = mine.port;
export const E2E_LOCKOUT_PORT = mine.lockoutPort;
/** The OpenID provider sso.spec.ts starts (oidc-provider); the main server is configured for it (discovery at first use). */
export const E2E_OIDC = {
  port: mine.oidcPort,
  clientId: 'assoc-oa-e2e',
  clientSecret: 'assoc-oa-e2e-oidc-secret',
};
/** The directory (slapd) ldap-sync.spec.ts starts; the main server is configured with it and finds it down until then. */
export const E2E_LDAP_PORT = mine.ldapPort;
/**
 * The mail server phone-mail.spec.ts starts (a real SMTP server, @oa/shared/test/smtp-far-end); the main server sends
 * its e-mail there and finds it down until then (the deliveries wait and are retried, as with a mail server that is away).
 */
export const E2E_SMTP_PORT = mine.smtpPort;
export const E2E_RESULTS_DIR = path.join(tmpRoot, 'e2e-results');
/** The demo accounts' sessions of this worker (support/session.ts `login`), emptied when a run starts. */
export const E2E_SESSIONS_DIR = mine.sessionsDir;
export const E2E_WEB_DIST = env.OA_E2E_WEB_DIST ? path.resolve(env.OA_E2E_WEB_DIST) : undefined;

/** This worker's data directory of the main or the lockout server. */
export function e2eDataDir(name: 'main' | 'lockout'): string {
  return mine.dataDir(name);
}

/** Password of every demo account. */
export const DEMO_PASSWORD = 'Oa@123456';
