import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { BASE_DN, DEPTS_DN, SERVICE_DN, SERVICE_PASSWORD } from '@oa/shared/test/slapd-kit';
import { E2E_OIDC, E2E_PORT, E2E_RESULTS_DIR, E2E_WEB_DIST, E2E_WORKERS, e2eSlot } from './e2e/support/e2e-env';

const repoRoot = path.resolve(import.meta.dirname, '../..');

// Fresh databases (and no sessions kept from an earlier run) for every run. Only the runner process deletes them:
// workers load this file too.
const slots = Array.from({ length: E2E_WORKERS }, (_, k) => e2eSlot(k));
if (!process.env.TEST_WORKER_INDEX) {
  for (const s of slots)
    for (const dir of [s.dataDir('main'), s.dataDir('lockout'), s.sessionsDir]) fs.rmSync(dir, { recursive: true, force: true });
}

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const server = (port: number, dataDir: string, captcha: string, extraEnv: Record<string, string> = {}) => ({
  command: 'node scripts/start.mjs',
  cwd: repoRoot,
  url: `http://127.0.0.1:${port}/oa/api/base/health`,
  reuseExistingServer: false,
  timeout: 180_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: {
    PORT: String(port),
    OA_DATA_DIR: dataDir,
    OA_LOGIN_CAPTCHA: captcha,
    ...(E2E_WEB_DIST ? { OA_WEB_DIST: E2E_WEB_DIST } : {}),
    ...extraEnv,
  },
});

export default defineConfig({
  testDir: 'e2e',
  // Each worker runs its spec files against servers of its own (support/e2e-env.ts, one slot a worker): on this
  // 2-core machine one journey waits on the browser and the server about as long as it computes, so two side by side
  // take about the time of one and a half. Tests of one file stay in order on one worker.
  workers: E2E_WORKERS,
  fullyParallel: false,
  // One retry under CI, so a stray timing hiccup on a loaded machine does not sink a run; a retried test
  // is reported as flaky in the list output, and a real failure still fails both tries.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: E2E_RESULTS_DIR,
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}/oa/`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1440, height: 900 },
    // A trace records a screencast of every frame, which nearly doubles each spec's time on a 2-core machine; it is
    // kept for the retry of a failed test only (a real failure fails both tries, the second one traced).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // the app honours the system's reduced-motion setting (antd's animations off): no waiting on a dialog's zoom
    reducedMotion: 'reduce',
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
  },
  webServer: slots.flatMap((slot) => [
    // The application as `npm start` serves it (builds the web app when its sources changed). It believes the
    // X-Forwarded-* of a proxy on this machine, as docs/deployment.md configures it: behind-nginx.spec.ts puts the
    // deployment's nginx in front of it; every other spec talks to it directly (no X-Forwarded-*, plain http).
    // Single sign-on with the OpenID provider sso.spec.ts starts (the login page shows its button; discovery waits
    // for the first sign-in). E-mail goes to the SMTP server phone-mail.spec.ts starts. Its directory (LDAP) is the slapd that ldap-sync.spec.ts starts on the slot's LDAP port:
    // down until then, which only directory accounts notice (there are none before that spec syncs); no scheduled sync.
    server(slot.port, slot.dataDir('main'), 'after-failures', {
      OA_TRUST_PROXY: '127.0.0.1',
      OA_OIDC_ISSUER: `http://127.0.0.1:${slot.oidcPort}`,
      OA_OIDC_CLIENT_ID: E2E_OIDC.clientId,
      OA_OIDC_CLIENT_SECRET: E2E_OIDC.clientSecret,
      OA_LDAP_URL: `ldap://127.0.0.1:${slot.ldapPort}`,
      OA_LDAP_BIND_DN: SERVICE_DN,
      OA_LDAP_BIND_PASSWORD: SERVICE_PASSWORD,
      OA_LDAP_USER_BASE: BASE_DN,
      OA_LDAP_DEPT_BASE: DEPTS_DN,
      OA_LDAP_SYNC_MINUTES: '0',
      // e-mail to the SMTP server phone-mail.spec.ts starts on the slot's port (down until then)
      OA_SMTP_URL: `smtp://127.0.0.1:${slot.smtpPort}?tls=off`,
      OA_SMTP_FROM: 'oa@assoc.org.cn',
    }),
    // A second instance for the lockout spec: its failed logins would otherwise make every later
    // login from 127.0.0.1 need an image captcha for 15 minutes. Captcha off so 5 failures can be typed.
    server(slot.lockoutPort, slot.dataDir('lockout'), 'off'),
  ]),
});
