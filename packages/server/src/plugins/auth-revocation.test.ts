import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROLE_ADMIN, ROLE_DEFAULT } from '@oa/shared/constants';
import { hashPassword } from '@oa/shared/crypto/sm3';
import { MINUTE } from '../lib/time';
import { loadGrantedFunctions } from '../core/identity/identity.repository';
import { createTestApp, testDialects, type TestApp } from '../../test/harness';

const DIALECTS = await testDialects();
const ME = '/oa/api/auth/base/system/userinfo/get';
const C = '/oa/api/auth/industry/common';
const U = '/oa/api/auth/oa/user';

/**
 * The guard caches a session's user and roles for seconds (core/identity/session-cache.ts): every change must still
 * take effect on the very next request. Each case first uses the token (so its entry is cached), changes
 * one thing — through the product's own call, or straight in the database as a script or another instance
 * would — and expects the next request to see it.
 */
describe.each(DIALECTS)('session revocation on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  /** grants are the security administrator's (三员分立) */
  let sec: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.login('admin');
    sec = await t.login('secadmin');
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());
  const users = (token: string) => t.call('GET', `${U}/list`, { token, query: { pageNumber: '1', pageSize: '5' } });
  const me = async (token: string) => (await t.call('GET', ME, { token })).body.data;
  /** logs in and uses the token twice, so that its entry is cached */
  const warm = async (who: string) => {
    const token = await t.login(who);
    for (let i = 0; i < 2; i++) expect((await t.call('GET', ME, { token })).status).toBe(200);
    return token;
  };

  it('a role given or taken straight in the database applies on the next request', async () => {
    const token = await warm('staff');
    expect((await users(token)).status).toBe(403);
    await t.ctx.db.insertInto('sys_user_role').values({ user_code: 'staff', role_code: ROLE_ADMIN }).execute();
    expect((await users(token)).status).toBe(200);
    await t.ctx.db.deleteFrom('sys_user_role').where('user_code', '=', 'staff').where('role_code', '=', ROLE_ADMIN).execute();
    expect((await users(token)).status).toBe(403);
  });

  it('a role given and taken through 角色管理, and its grants replaced, apply on the next request', async () => {
    expect(
      (await t.call('POST', '/oa/api/auth/base/sysRole/insert', { token: admin, body: { roleCode: 'r_rev', roleName: '吊销测试' } })).body
        .code,
    ).toBe(0);
    expect((await t.call('POST', `${C}/roleFun`, { token: sec, body: { roleCode: 'r_rev', funCodes: ['sys_user'] } })).body.code).toBe(0);
    const token = await warm('staff');
    expect((await users(token)).status).toBe(403);
    expect((await t.call('POST', `${C}/roleUser`, { token: sec, body: { roleCode: 'r_rev', userCodes: ['staff'] } })).body.code).toBe(0);
    expect((await users(token)).status).toBe(200);
    expect((await t.call('POST', `${C}/roleFun`, { token: sec, body: { roleCode: 'r_rev', funCodes: [] } })).body.code).toBe(0);
    expect((await users(token)).status).toBe(403);
    expect((await t.call('POST', `${C}/roleFun`, { token: sec, body: { roleCode: 'r_rev', funCodes: ['sys_user'] } })).body.code).toBe(0);
    expect((await users(token)).status).toBe(200);
    expect((await t.call('DELETE', `${C}/roleUser`, { token: sec, body: { roleCode: 'r_rev', userCodes: ['staff'] } })).body.code).toBe(0);
    expect((await users(token)).status).toBe(403);
  });

  it('a role group given and emptied applies on the next request', async () => {
    const token = await warm('staff');
    const group = (roleCodes: string[]) => ({ groupCode: 'g_rev', groupName: '吊销组', roleCodes, userCodes: ['staff'] });
    expect((await t.call('POST', `${C}/roleGroup`, { token: sec, body: group(['r_rev']) })).body.code).toBe(0);
    expect((await users(token)).status).toBe(200);
    expect((await t.call('PUT', `${C}/roleGroup`, { token: sec, body: group([]) })).body.code).toBe(0);
    expect((await users(token)).status).toBe(403);
    expect((await t.call('DELETE', `${C}/roleGroup`, { token: sec, body: { groupCode: 'g_rev' } })).body.code).toBe(0);
  });

  it('a disabled account is refused on the next request (database or 用户管理), and served again once enabled', async () => {
    const token = await warm('staff');
    await t.ctx.db.updateTable('sys_user').set({ status: 'N' }).where('user_code', '=', 'staff').execute();
    const refused = await t.call('GET', ME, { token });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('账号已停用，请联系管理员');
    await t.ctx.db.updateTable('sys_user').set({ status: 'Y' }).where('user_code', '=', 'staff').execute();
    expect((await me(token)).user.userCode).toBe('staff');

    const other = await warm('wangfang');
    expect((await t.call('PUT', `${U}/status`, { token: admin, body: { userCode: 'wangfang', status: 'N' } })).body.code).toBe(0);
    expect((await t.call('GET', ME, { token: other })).status).toBe(401);
    expect((await t.call('PUT', `${U}/status`, { token: admin, body: { userCode: 'wangfang', status: 'Y' } })).body.code).toBe(0);
  });

  it('logout revokes the session at once', async () => {
    const token = await warm('staff');
    expect((await t.call('GET', '/oa/api/auth/base/logout', { token })).body.code).toBe(0);
    const after = await t.call('GET', ME, { token });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('登录已失效，请重新登录');
  });

  it('a session revoked in the database, signed out elsewhere or ended by a password change is refused at once', async () => {
    const direct = await warm('staff');
    await t.ctx.db
      .updateTable('sys_session')
      .set({ revoked_at: new Date().toISOString(), revoke_reason: 'test' })
      .where('user_code', '=', 'staff')
      .execute();
    expect((await t.call('GET', ME, { token: direct })).status).toBe(401);

    const elsewhere = await warm('staff');
    const here = await warm('staff');
    expect((await t.call('POST', '/oa/api/auth/oa/personal/signOutElsewhere', { token: here, body: {} })).body.code).toBe(0);
    expect((await t.call('GET', ME, { token: elsewhere })).status).toBe(401);
    expect((await t.call('GET', ME, { token: here })).status).toBe(200);

    const body = { userCode: 'staff', oldPassword: hashPassword('Oa@123456'), password: hashPassword('Xy@7654321') };
    expect((await t.call('PUT', '/oa/api/auth/base/system/changePassword', { token: here, body })).body.code).toBe(0);
    const third = await warm('liuyang');
    expect(
      (await t.call('PUT', `${U}/resetPassword`, { token: admin, body: { userCode: 'liuyang', password: hashPassword('Ab@1234567') } }))
        .body.code,
    ).toBe(0);
    expect((await t.call('GET', ME, { token: third })).status).toBe(401);
    expect((await t.call('GET', ME, { token: here })).status).toBe(200);
    const back = { userCode: 'staff', oldPassword: body.password, password: body.oldPassword };
    expect((await t.call('PUT', '/oa/api/auth/base/system/changePassword', { token: here, body: back })).body.code).toBe(0);
  });

  it('an expired or idle session is refused at once, even when cached', async () => {
    const token = await warm('staff');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31 * MINUTE });
    const idle = await t.call('GET', ME, { token });
    expect(idle.status).toBe(401);
    expect(idle.body.message).toContain('未操作');
    vi.useRealTimers();
    const token2 = await warm('staff');
    await t.ctx.db
      .updateTable('sys_session')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('revoked_at', 'is', null)
      .where('user_code', '=', 'staff')
      .execute();
    expect((await t.call('GET', ME, { token: token2 })).status).toBe(401);
  });

  it('a bound device is checked on every request, cached or not', async () => {
    const token = await warm('staff');
    const { id } = await t.ctx.db
      .selectFrom('sys_session')
      .select('id')
      .where('user_code', '=', 'staff')
      .where('revoked_at', 'is', null)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    await t.ctx.db.updateTable('sys_session').set({ device_id: 'phone-1' }).where('id', '=', id).execute();
    const other = await t.call('GET', ME, { token });
    expect(other.status).toBe(401);
    expect(other.body.message).toBe('设备与登录凭证不符，请重新登录');
  });

  it("userinfo's permission list (the guard's cached codes) follows a grant changed in the database on the next request", async () => {
    await t.ctx.db
      .insertInto('sys_role')
      .values({
        role_code: 'r_perm',
        role_name: '权限测试',
        remark: null,
        sort_no: 99,
        platform_code: '1',
        created_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
    await t.ctx.db.insertInto('sys_user_role').values({ user_code: 'leader', role_code: 'r_perm' }).execute();
    const token = await warm('leader');
    const fresh = async () =>
      (await loadGrantedFunctions(t.ctx.db, (await me(token)).roles.map((r: { roleCode: string }) => r.roleCode).concat(ROLE_DEFAULT))).map(
        (f) => f.funCode,
      );
    const before = (await me(token)).permissions as string[];
    expect(before).not.toContain('sys_user');
    expect(before).toEqual(await fresh());
    await t.ctx.db.insertInto('sys_role_function').values({ role_code: 'r_perm', fun_code: 'sys_user' }).execute();
    const granted = (await me(token)).permissions as string[];
    expect(granted).toContain('sys_user');
    expect(granted).toEqual(await fresh());
    expect((await users(token)).status).toBe(200);
    await t.ctx.db.deleteFrom('sys_role_function').where('role_code', '=', 'r_perm').execute();
    expect((await me(token)).permissions).toEqual(before);
    expect((await users(token)).status).toBe(403);
    await t.ctx.db.deleteFrom('sys_user_role').where('role_code', '=', 'r_perm').execute();
    await t.ctx.db.deleteFrom('sys_role').where('role_code', '=', 'r_perm').execute();
  });

  it('a changed name, department name or platform shows on the next request', async () => {
    const token = await warm('staff');
    const before = await me(token);
    await t.ctx.db.updateTable('sys_user').set({ user_name: '改名测试' }).where('user_code', '=', 'staff').execute();
    await t.ctx.db.updateTable('org_dept').set({ dept_name: '改名部门' }).where('dept_code', '=', before.user.deptCode).execute();
    expect((await me(token)).user).toMatchObject({ userName: '改名测试', deptName: '改名部门' });
    // only the applicants' platform (19): an outside applicant, refused on OA routes at once
    await t.ctx.db.deleteFrom('sys_user_platform').where('user_code', '=', 'staff').execute();
    await t.ctx.db.insertInto('sys_user_platform').values({ user_code: 'staff', platform_code: '19' }).execute();
    expect((await t.call('GET', '/oa/api/auth/oa/process/todo', { token, query: { pageNumber: '1', pageSize: '5' } })).status).toBe(403);
  });

  it('serves the user, roles and platforms of the session', async () => {
    const token = await t.login('admin');
    const data = await me(token);
    expect(data).toMatchObject({ user: { userCode: 'admin' }, isAdmin: true });
    expect(data.roles.map((r: { roleCode: string }) => r.roleCode)).toContain(ROLE_ADMIN);
    expect(data.platformList.length).toBeGreaterThan(0);
    expect((await users(token)).status).toBe(200);
  });
});
