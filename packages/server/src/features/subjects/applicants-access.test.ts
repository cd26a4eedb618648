import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects, type TestApp } from '../../../test/harness';
import { createAppWithRoutes, urlOf } from '../../../test/app-routes';
import type { Access } from '../../plugins/access';

/**
 * Every API route as an applicant (platform 19, an outside user): only public routes, the applicants'
 * own area and the short allow-list of session routes answer; every other route answers 403. Routes
 * are collected from the real app, so a route added later by anyone is covered.
 */
const DIALECTS = await testDialects();

/** What applicants may call besides their own area: the session they are in. */
const ALLOWED = [
  'GET /oa/api/auth/base/system/userinfo/get',
  'GET /oa/api/auth/base/system/user/info',
  'GET /oa/api/auth/base/logout',
  // asked by the shared logout before it ends the session (null unless the session came from single sign-on)
  'GET /oa/api/auth/oa/sso/logoutUrl',
  'GET /oa/api/auth/base/system/password/status',
  'GET /oa/api/auth/base/system/v1/token',
  'PUT /oa/api/auth/base/system/changePassword',
];

describe.each(DIALECTS)('applicants and the OA API on %s', (dialect) => {
  let t: TestApp;
  let routes: Array<{ method: string; url: string; access: Access }>;
  beforeAll(async () => {
    const app = await createAppWithRoutes(dialect);
    t = app.t;
    routes = app.routes as typeof routes;
  });
  afterAll(async () => t?.close());

  it('opens to applicants exactly the allow-list and their own area', () => {
    const open = routes
      .filter((r) => r.access.kind === 'login' && r.access.applicants)
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(open).toEqual([...ALLOWED].sort());
    expect(routes.filter((r) => r.access.kind === 'applicant').length).toBeGreaterThan(10);
  });

  it('answers 403 to an applicant on every OA route, and lets them reach their own', async () => {
    const token = await t.login('applicant');
    const failures: string[] = [];
    let denied = 0;
    for (const r of routes) {
      if (r.access.kind === 'public' || `${r.method} ${r.url}` === 'GET /oa/api/auth/base/logout') continue;
      const write = !['GET', 'HEAD', 'OPTIONS'].includes(r.method);
      const res = await t.call(r.method as 'GET', urlOf(r.url), { token, ...(write ? { body: {} } : {}) });
      const mine = r.access.kind === 'applicant' || (r.access.kind === 'login' && r.access.applicants);
      if (mine ? res.status === 401 || res.status === 403 || res.status >= 500 : res.status !== 403)
        failures.push(`${r.method} ${r.url}: ${res.status} ${res.body.message}`);
      if (!mine) denied++;
    }
    expect(failures).toEqual([]);
    expect(denied).toBeGreaterThan(100);
  });
});
