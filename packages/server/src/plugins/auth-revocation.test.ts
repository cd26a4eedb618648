import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_ADMIN } from '@oa/shared/constants';
import { createTestApp, testDialects, type TestApp } from '../../test/harness';

const DIALECTS = await testDialects();
const ME = '/oa/api/auth/base/system/userinfo/get';

/** The guard reads session, user and roles on every request: a change takes effect on the very next one. */
describe.each(DIALECTS)('session revocation on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());
  const users = (token: string) => t.call('GET', '/oa/api/auth/oa/user/list', { token, query: { pageNumber: '1', pageSize: '5' } });

  it('a role given or taken applies on the next request', async () => {
    const token = await t.login('staff');
    expect((await users(token)).status).toBe(403);
    await t.ctx.db.insertInto('sys_user_role').values({ user_code: 'staff', role_code: ROLE_ADMIN }).execute();
    expect((await users(token)).status).toBe(200);
    await t.ctx.db.deleteFrom('sys_user_role').where('user_code', '=', 'staff').where('role_code', '=', ROLE_ADMIN).execute();
    expect((await users(token)).status).toBe(403);
  });

  it('a disabled account is refused on the next request, and served again once enabled', async () => {
    const token = await t.login('staff');
    expect((await t.call('GET', ME, { token })).status).toBe(200);
    await t.ctx.db.updateTable('sys_user').set({ status: 'N' }).where('user_code', '=', 'staff').execute();
    const refused = await t.call('GET', ME, { token });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('账号已停用，请联系管理员');
    await t.ctx.db.updateTable('sys_user').set({ status: 'Y' }).where('user_code', '=', 'staff').execute();
    expect((await t.call('GET', ME, { token })).body.data.user.userCode).toBe('staff');
  });

  it('logout revokes the session at once', async () => {
    const token = await t.login('staff');
    expect((await t.call('GET', ME, { token })).status).toBe(200);
    expect((await t.call('GET', '/oa/api/auth/base/logout', { token })).body.code).toBe(0);
    const after = await t.call('GET', ME, { token });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('登录已失效，请重新登录');
  });

  it('serves the user, roles and platforms of the session', async () => {
    const token = await t.login('admin');
    const me = await t.call('GET', ME, { token });
    expect(me.body.data).toMatchObject({ user: { userCode: 'admin' }, isAdmin: true });
    expect(me.body.data.roles.map((r: { roleCode: string }) => r.roleCode)).toContain(ROLE_ADMIN);
    expect(me.body.data.platformList.length).toBeGreaterThan(0);
    expect((await users(token)).status).toBe(200);
  });
});
