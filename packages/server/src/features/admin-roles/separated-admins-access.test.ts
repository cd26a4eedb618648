import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEPARATED_ADMIN_ROUTES } from '@oa/shared/access/three-admins';
import { testDialects, type TestApp } from '../../../test/harness';
import { createAppWithRoutes, urlOf } from '../../../test/app-routes';

/**
 * 三员分立: every login-only API route as the audit administrator and the security administrator. Only the
 * allow-list of what every account needs answers them; every other login-only route answers 403, audited as
 * denied. Routes are collected from the real app, so a route added later by anyone is covered.
 */
const DIALECTS = await testDialects();
const ALLOWED = new Set(SEPARATED_ADMIN_ROUTES);
// these end the session or change credentials: called last or not at all
// ending one's sessions would end the walk; the live stream (allowed: one's own events) never ends its answer
const SKIP = new Set([
  'GET /oa/api/auth/base/logout',
  'POST /oa/api/auth/oa/personal/signOutElsewhere',
  'GET /oa/api/auth/oa/process/stream',
]);

describe.each(DIALECTS)('security and audit administrators and the business API on %s', (dialect) => {
  let t: TestApp;
  let routes: Array<{ method: string; url: string }>;
  beforeAll(async () => {
    const app = await createAppWithRoutes(dialect);
    t = app.t;
    routes = app.routes.filter((r) => r.access?.kind === 'login');
  });
  afterAll(async () => t?.close());

  it('declares only routes the app has', () => {
    const keys = new Set(routes.map((r) => `${r.method} ${r.url}`));
    expect(SEPARATED_ADMIN_ROUTES.filter((k) => !keys.has(k))).toEqual([]);
    expect(routes.length - ALLOWED.size).toBeGreaterThan(80);
  });

  it.each(['auditor', 'secadmin'])('refuses %s every login-only route but the allow-list', async (user) => {
    const token = await t.login(user);
    const failures: string[] = [];
    let denied = 0;
    for (const r of routes) {
      const key = `${r.method} ${r.url}`;
      if (SKIP.has(key)) continue;
      const write = !['GET', 'HEAD', 'OPTIONS'].includes(r.method);
      const res = await t.call(r.method as 'GET', urlOf(r.url), { token, ...(write ? { body: {} } : {}) });
      const open = ALLOWED.has(key);
      if (open ? res.status === 401 || res.status === 403 || res.status >= 500 : res.status !== 403)
        failures.push(`${key}: ${res.status} ${res.body.message}`);
      else if (!open) {
        expect(res.body.message).toContain('三员分立');
        denied++;
      }
    }
    expect(failures).toEqual([]);
    expect(denied).toBeGreaterThan(80);
  });

  it('lets the system administrator and a business user reach the address book', async () => {
    for (const user of ['admin', 'staff']) {
      const res = await t.call('GET', '/oa/api/auth/industry/common/addressBookList', { token: await t.login(user) });
      expect(res.status).toBe(200);
    }
  });
});
