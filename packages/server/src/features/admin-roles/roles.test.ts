import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { WILD, addWildUsers } from '../../../test/like-kit';

const DIALECTS = await testDialects();
const C = '/oa/api/auth/industry/common';
const B = '/oa/api/auth/base';

describe.each(DIALECTS)('roles, role users and role functions on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  /** grants are the security administrator's (三员分立); role definitions stay the system administrator's */
  let sec: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.login('admin');
    sec = await t.login('secadmin');
  });
  afterAll(async () => t?.close());

  const version = async (token: string) => (await t.call('GET', `${B}/system/menuVersion`, { token })).body.data.version as string;
  const count = async (table: 'sys_role' | 'sys_role_function' | 'sys_user_role') =>
    Number(
      (
        await t.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('creates a role, grants functions, gives it to a user, who then may call the API', async () => {
    const staff = await t.login('staff');
    expect((await t.call('GET', '/oa/api/auth/oa/user/list', { token: staff })).status).toBe(403);
    const v0 = await version(staff);
    expect(
      (await t.call('POST', `${B}/sysRole/insert`, { token: admin, body: { roleCode: 'r_hr', roleName: '人事专员', remark: '管理用户' } }))
        .body.code,
    ).toBe(0);
    expect(
      (await t.call('POST', `${C}/roleFun`, { token: sec, body: { roleCode: 'r_hr', funCodes: ['sys_user', 'sys_role'] } })).body.code,
    ).toBe(0);
    expect((await t.call('POST', `${C}/roleUser`, { token: sec, body: { roleCode: 'r_hr', userCodes: ['staff'] } })).body.code).toBe(0);
    expect(await version(staff)).not.toBe(v0);
    // Same session, no re-login: the grant counts at once.
    expect((await t.call('GET', '/oa/api/auth/oa/user/list', { token: staff })).status).toBe(200);
    const menu = await t.call('GET', `${C}/roleFunListByUserCode`, { token: staff, query: { isHidden: 'N', target: '0' } });
    expect(menu.body.data.map((f: { funCode: string }) => f.funCode)).toEqual(expect.arrayContaining(['sys', 'sys_user', 'sys_role']));
    expect((await t.call('GET', '/oa/api/auth/oa/function/list', { token: staff })).status).toBe(403);

    const got = await t.call('GET', `${B}/sysRole/get`, { token: admin, query: { roleCode: 'r_hr' } });
    expect(got.body.data).toMatchObject({ roleCode: 'r_hr', roleName: '人事专员', userCount: 1, funCount: 2, builtIn: false });
    const links = await t.call('GET', `${B}/sysRoleFun/getList`, { token: admin, query: { roleCode: 'r_hr' } });
    expect(links.body.data).toEqual([
      { roleCode: 'r_hr', funCode: 'sys_role' },
      { roleCode: 'r_hr', funCode: 'sys_user' },
    ]);
    const tree = await t.call('GET', `${C}/roleFunList`, { token: admin, query: { roleCode: 'r_hr' } });
    expect(tree.body.data.checked).toEqual(['sys_role', 'sys_user']);
    expect(tree.body.data.functions.every((f: { platformCode: string }) => f.platformCode === '1')).toBe(true);
    const byUser = await t.call('GET', `${C}/roleListByUser`, { token: admin, query: { userCode: 'staff' } });
    expect(byUser.body.data).toContainEqual({ roles: { roleCode: 'r_hr', roleName: '人事专员', platformCode: '1' }, via: 'direct' });
    const users = await t.call('GET', `${C}/roleUserList`, { token: admin, query: { roleCode: 'r_hr', keyword: 'liu' } });
    expect(users.body.data).toMatchObject({ total: 1, list: [{ userCode: 'staff', via: 'direct' }] });
    const audit = await t.ctx.db.selectFrom('sys_audit').select('action').where('target', '=', 'r_hr').execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['role.create', 'role.functions', 'role.users.add']));
  });

  it('refuses to delete a role in use, and deletes it with its grants once free', async () => {
    const before = await count('sys_role_function');
    const refused = await t.call('DELETE', `${C}/roles`, { token: admin, body: { roleCode: 'r_hr' } });
    expect(refused.body).toMatchObject({ code: 1 });
    expect(refused.body.message).toContain('正在被 1 个用户');
    expect(await count('sys_role_function')).toBe(before);
    expect((await t.call('DELETE', `${C}/roleUser`, { token: sec, body: { roleCode: 'r_hr', userCodes: ['staff'] } })).body.code).toBe(0);
    expect((await t.call('DELETE', `${B}/sysRole/delete`, { token: admin, body: { roleCode: 'r_hr' } })).body.code).toBe(0);
    expect(await count('sys_role_function')).toBe(before - 2);
    expect((await t.call('GET', `${B}/sysRole/get`, { token: admin, query: { roleCode: 'r_hr' } })).status).toBe(404);
  });

  it('refuses to delete built-in roles and unknown grants, and keeps the admin from removing themself', async () => {
    expect((await t.call('DELETE', `${C}/roles`, { token: admin, body: { roleCode: 'ROLE_SYSTEM_DEFAULT' } })).body.message).toContain(
      '内置角色',
    );
    const bad = await t.call('POST', `${B}/sysRoleFun/insert`, { token: sec, body: { roleCode: '001', funCodes: ['mp_list'] } });
    expect(bad.body.message).toContain('不属于该平台');
    expect(
      (await t.call('DELETE', `${C}/roleUser`, { token: sec, body: { roleCode: 'secadmin', userCodes: ['secadmin'] } })).body.message,
    ).toContain('不能移除自己');
    expect((await t.call('POST', `${C}/roles`, { token: admin, body: { roleCode: '001', roleName: 'x' } })).body.message).toContain(
      '已存在',
    );
    expect((await t.call('POST', `${C}/roles`, { token: admin, body: { roleCode: 'a b', roleName: 'x' } })).status).toBe(400);
  });

  it('role groups give their roles to their users', async () => {
    expect(
      (await t.call('POST', `${B}/sysRole/insert`, { token: admin, body: { roleCode: 'r_fn', roleName: '功能维护' } })).body.code,
    ).toBe(0);
    await t.call('POST', `${C}/roleFun`, { token: sec, body: { roleCode: 'r_fn', funCodes: ['sys_function'] } });
    const created = await t.call('POST', `${C}/roleGroup`, {
      token: sec,
      body: { groupCode: 'g1', groupName: '运维组', roleCodes: ['r_fn'], userCodes: ['staff'] },
    });
    expect(created.body.code).toBe(0);
    const staff = await t.login('staff');
    expect((await t.call('GET', '/oa/api/auth/oa/function/list', { token: staff })).status).toBe(200);
    const list = await t.call('GET', `${C}/roleGroupList`, { token: admin });
    expect(list.body.data[0]).toMatchObject({ groupCode: 'g1', roles: [{ roleCode: 'r_fn' }], users: [{ userCode: 'staff' }] });
    expect((await t.call('GET', `${C}/userByRoleList`, { token: admin, query: { roleCode: 'r_fn' } })).body.data).toMatchObject([
      { userCode: 'staff', via: '运维组' },
    ]);
    expect((await t.call('DELETE', `${C}/roles`, { token: admin, body: { roleCode: 'r_fn' } })).body.message).toContain('1 个角色组');
    await t.call('PUT', `${C}/roleGroup`, {
      token: sec,
      body: { groupCode: 'g1', groupName: '运维组', roleCodes: [], userCodes: ['staff'] },
    });
    expect((await t.call('GET', '/oa/api/auth/oa/function/list', { token: staff })).status).toBe(403);
    expect((await t.call('DELETE', `${C}/roleGroup`, { token: sec, body: { groupCode: 'g1' } })).body.code).toBe(0);
    expect((await t.call('DELETE', `${C}/roles`, { token: admin, body: { roleCode: 'r_fn' } })).body.code).toBe(0);
  });

  it('keeps member-platform roles apart (/memberRole)', async () => {
    const M = '/oa/api/auth/oa/memberRole';
    expect((await t.call('POST', `${M}/roles`, { token: admin, body: { roleCode: 'm_audit', roleName: '入会审核员' } })).body.code).toBe(0);
    expect(
      (await t.call('POST', `${M}/roleFun`, { token: sec, body: { roleCode: 'm_audit', funCodes: ['mp', 'mp_apply'] } })).body.code,
    ).toBe(0);
    expect((await t.call('POST', `${M}/roleFun`, { token: sec, body: { roleCode: 'm_audit', funCodes: ['sys_user'] } })).body.code).toBe(1);
    const list = await t.call('GET', `${M}/rolesList`, { token: admin });
    expect(list.body.data.list.map((r: { roleCode: string }) => r.roleCode)).toEqual(['m_audit']);
    expect(
      (await t.call('GET', `${C}/rolesList`, { token: admin })).body.data.list.map((r: { roleCode: string }) => r.roleCode),
    ).not.toContain('m_audit');
    expect((await t.call('GET', `${B}/sysRole/get`, { token: admin, query: { roleCode: 'm_audit' } })).status).toBe(404);
    const tree = await t.call('GET', `${M}/roleFunList`, { token: admin, query: { roleCode: 'm_audit' } });
    expect(tree.body.data.functions.every((f: { platformCode: string }) => f.platformCode === '4')).toBe(true);
    expect((await t.call('GET', `${M}/userOptions`, { token: sec, query: { keyword: 'wjg' } })).body.data).toMatchObject([
      { userCode: 'leader' },
    ]);
  });

  it('the role list and the user options match % and _ in a keyword as written', async () => {
    for (const [roleCode, roleName] of [
      ['like1', WILD.literal],
      ['like2', WILD.lookalike],
    ])
      expect((await t.call('POST', `${C}/roles`, { token: admin, body: { roleCode, roleName } })).body.code).toBe(0);
    const roles = async (keyword: string) =>
      (await t.call('GET', `${C}/rolesList`, { token: admin, query: { keyword } })).body.data.list.map(
        (r: { roleName: string }) => r.roleName,
      );
    expect(await roles(WILD.literal)).toEqual([WILD.literal]);
    expect(await roles('%')).toEqual([]);
    await addWildUsers(t.ctx.db);
    const users = async (keyword: string) =>
      (await t.call('GET', '/oa/api/auth/oa/role/userOptions', { token: sec, query: { keyword } })).body.data.map(
        (u: { userName: string }) => u.userName,
      );
    expect(await users(WILD.literal)).toEqual([WILD.literal]);
    expect(await users('%')).toEqual([]);
  });
});
