import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, type Grants } from '@oa/shared/access/can';
import { SEPARATED_ADMIN_ROUTES, withDefaultRole } from '@oa/shared/access/three-admins';
import { testDialects, type TestApp } from '../test/harness';
import { createAppWithRoutes, urlOf, type AppRoute } from '../test/app-routes';
import { openSession } from './core/identity/sessions';
import { loadPermissionCodes, loadRoles } from './core/identity/identity.repository';
import type { Access } from './plugins/access';
import { registerAuth } from './plugins/auth';

/**
 * Every API route × {anonymous, staff, department leader, the three administrators}: the answer must follow the
 * route's declared access. Routes are taken from the real app (test/app-routes.ts), so routes added later by anyone
 * are covered automatically.
 */
const DIALECTS = await testDialects();
const PERSONAS = ['anonymous', 'staff', 'leader', 'admin', 'secadmin', 'auditor'] as const;
type Persona = (typeof PERSONAS)[number];

/**
 * Routes declared `login()` that narrow access inside the handler by the data asked for (e.g. unpublished
 * apps need sys_app). For a persona without the named permission, 403 is accepted as well as success.
 * Keep this list short: a route that always needs a permission must declare it.
 */
const REFINED_IN_HANDLER: Record<string, string> = {
  'GET /oa/api/auth/industry/information/ordinary/appPublishList': 'sys_app',
  // the default scope is 待办督办, which every member holds but not a security or audit administrator (三员分立)
  'GET /oa/api/auth/oa/supervise/list': 'sup_exec_list',
};

/**
 * Routes that answer 403 until the session has confirmed the person's identity again (the salary slips: a
 * password or SMS code per session), whatever the roles: HTTP 403 with code 403, never 200 with 403.
 */
const STEP_UP: ReadonlySet<string> = new Set(['GET /oa/api/auth/oa/salary/mine', 'GET /oa/api/auth/oa/salary/slip']);

describe.each(DIALECTS)('access matrix on %s', (dialect) => {
  let t: TestApp;
  let routes: AppRoute[];
  const perms = new Map<Persona, Grants>();
  beforeAll(async () => {
    ({ t, routes } = await createAppWithRoutes(dialect));
    perms.set('admin', { isAdmin: true, permissions: [] });
    for (const p of ['staff', 'leader', 'secadmin', 'auditor'] as const) {
      const roles = withDefaultRole((await loadRoles(t.ctx.db, p)).map((r) => r.roleCode));
      perms.set(p, { isAdmin: false, permissions: await loadPermissionCodes(t.ctx.db, roles) });
    }
  });
  afterAll(async () => t?.close());

  const tokenFor = (p: Persona) =>
    p === 'anonymous' ? Promise.resolve(null) : openSession(t.ctx, p, 'web', { ip: '127.0.0.1', userAgent: 'matrix' });

  const holds = (p: Persona, permission: string) => {
    const held = perms.get(p);
    return !!held && can(held, permission);
  };

  function expected(p: Persona, a: Access, key: string): 'ok' | 'ok-or-403' | 401 | 403 {
    if (a.kind === 'public') return 'ok';
    if (p === 'anonymous') return 401;
    // 三员分立: the security and audit administrators reach only what every account needs of the login-only routes
    if (a.kind === 'login' && (p === 'secadmin' || p === 'auditor') && !SEPARATED_ADMIN_ROUTES.includes(key)) return 403;
    if (STEP_UP.has(key) && (a.kind === 'login' || (a.kind === 'permission' && holds(p, a.permission)))) return 'ok-or-403';
    if (a.kind === 'login') return REFINED_IN_HANDLER[key] && !holds(p, REFINED_IN_HANDLER[key]) ? 'ok-or-403' : 'ok';
    if (a.kind === 'applicant') return 403; // the applicants' area: none of these personas is an applicant
    if (a.kind === 'unitContact') return 403; // the member-unit contacts' area: none of these personas is a contact
    return holds(p, a.permission) ? 'ok' : 403;
  }

  it('finds every route, each with a declared access and a seeded permission code', async () => {
    expect(routes.length).toBeGreaterThan(60);
    for (const must of [
      'POST /oa/api/auth/base/sysRole/insert',
      'GET /oa/api/auth/industry/common/rolesList',
      'POST /oa/api/auth/industry/common/roleFun',
      'GET /oa/api/auth/oa/user/list',
    ]) {
      expect(routes.map((r) => `${r.method} ${r.url}`)).toContain(must);
    }
    const codes = new Set((await t.ctx.db.selectFrom('sys_function').select('fun_code').execute()).map((f) => f.fun_code));
    const problems = routes.flatMap((r) =>
      !r.access
        ? [`${r.method} ${r.url}: no access declared`]
        : r.access.kind === 'permission' && !codes.has(r.access.permission)
          ? [`${r.method} ${r.url}: unknown function ${r.access.permission}`]
          : r.url.startsWith('/oa/api/auth/') && r.access.kind === 'public'
            ? [`${r.method} ${r.url}: public under /api/auth`]
            : [],
    );
    expect(problems).toEqual([]);
  });

  it('staff lack every admin permission; the leader holds approvals; the admin holds all', () => {
    const staff = perms.get('staff')!.permissions as Set<string>;
    for (const c of ['sys_user', 'sys_role', 'sys_function', 'sys_member_function', 'sys_member_role', 'sys_column_auth'])
      expect(staff.has(c)).toBe(false);
    expect([...(perms.get('leader')!.permissions as Set<string>)].some((c) => c.endsWith(':approve'))).toBe(true);
  });

  it('answers every route × persona as declared (401 / 403 / neither, never 500)', async () => {
    const failures: string[] = [];
    let denied = 0;
    for (const r of routes) {
      const tokens = await Promise.all(PERSONAS.map(tokenFor));
      const write = !['GET', 'HEAD', 'OPTIONS'].includes(r.method);
      const answers = await Promise.all(
        tokens.map((token) => t.call(r.method as 'GET', urlOf(r.url), { token, ...(write ? { body: {} } : {}) })),
      );
      for (const [i, p] of PERSONAS.entries()) {
        const want = expected(p, r.access!, `${r.method} ${r.url}`);
        const res = answers[i];
        const got = res.status;
        const bad =
          want === 'ok' ? got === 401 || got === 403 || got >= 500 : want === 'ok-or-403' ? got === 401 || got >= 500 : got !== want;
        if (bad) failures.push(`${r.method} ${r.url} as ${p}: expected ${want}, got ${got} ${res.body.message}`);
        // a refused permission is audited; a step-up refusal (identity not confirmed yet) is not a permission
        if (want === 403 || (want === 'ok-or-403' && got === 403 && !STEP_UP.has(`${r.method} ${r.url}`))) denied++;
      }
    }
    expect(failures).toEqual([]);
    const audits = await t.ctx.db
      .selectFrom('sys_audit')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('action', '=', 'permission.denied')
      .executeTakeFirstOrThrow();
    expect(Number(audits.n)).toBe(denied);
    expect(denied).toBeGreaterThan(30);
  }, 300_000);

  it('answers hostile input on every route with a 4xx or a business refusal, never a 500', async () => {
    // each route as the administrator who may call it (三员分立: grants are the security administrator's)
    const admins = await Promise.all((['admin', 'secadmin', 'auditor'] as const).map(async (p) => [p, await tokenFor(p)] as const));
    const tokenOf = (a: Access | undefined) => (admins.find(([p]) => a?.kind !== 'permission' || holds(p, a.permission)) ?? admins[0])[1];
    const long = 'x'.repeat(10_240);
    let deep: unknown = 'bottom';
    for (let i = 0; i < 200; i++) deep = { a: deep };
    const bodies: unknown[] = [
      [],
      'text',
      12,
      { id: long, data: { title: long } },
      { id: { $ne: 1 }, userCode: ['a'], pageSize: -1 },
      JSON.parse('{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}}}'),
      deep,
    ];
    const queries: Array<Record<string, string>> = [
      { pageNumber: 'abc', pageSize: '-5', id: long },
      { keyword: long, filters: '{not json', moduleCode: '../../etc/passwd', userCode: "x' or '1'='1" },
    ];
    const failures: string[] = [];
    let calls = 0;
    for (const r of routes) {
      if (r.url.endsWith('/logout')) continue;
      const write = !['GET', 'HEAD', 'OPTIONS'].includes(r.method);
      const tries = write ? bodies.map((body) => ({ body })) : queries.map((query) => ({ query }));
      for (const extra of tries) {
        const res = await t.call(r.method as 'GET', urlOf(r.url), { token: tokenOf(r.access), ...extra });
        calls++;
        if (res.status >= 500)
          failures.push(`${r.method} ${r.url} ${JSON.stringify(extra).slice(0, 60)}: ${res.status} ${res.body.message}`);
      }
    }
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(500);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 300_000);

  it('refuses to start with a route that declares no access', async () => {
    const { default: Fastify } = await import('fastify');
    const bare = Fastify();
    bare.decorate('ctx', t.ctx);
    registerAuth(bare);
    expect(() => bare.get('/oa/api/auth/oa/new/thing', async () => 'x')).toThrow(/没有声明访问权限/);
    await bare.close();
  });
});
