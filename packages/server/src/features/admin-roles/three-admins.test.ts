import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunctionItem } from '@oa/shared/contract/auth';
import { ROLE_ADMIN } from '@oa/shared/constants';
import { RESERVED_FUNCTIONS, SEPARATED_ADMINS, separatedAdminFunctions } from '@oa/shared/access/three-admins';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';

const DIALECTS = await testDialects();
const C = '/oa/api/auth/industry/common';
const B = '/oa/api/auth/base';

/** 三员分立: the split of functions, no account with two administrator roles on any path, nobody grants themself. */
describe.each(DIALECTS)('three administrators on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let sec: string;
  let auditor: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    [admin, sec, auditor] = await Promise.all(['admin', 'secadmin', 'auditor'].map((u) => t.login(u)));
  });
  afterAll(async () => t?.close());

  const functions = async (token: string) =>
    ((await t.call('GET', `${B}/system/user/funList`, { token })).body.data as FunctionItem[]).map((f) => f.funCode).sort();
  const denied = async (action: string) =>
    (
      await t.ctx.db
        .selectFrom('sys_audit')
        .select(['user_code', 'result'])
        .where('action', '=', action)
        .where('result', '=', 'denied')
        .execute()
    ).length;
  const roleUsers = async (roleCode: string) =>
    (await t.ctx.db.selectFrom('sys_user_role').select('user_code').where('role_code', '=', roleCode).execute())
      .map((r) => r.user_code)
      .sort();

  it('each administrator reaches exactly the functions of the split', async () => {
    const all = (await t.ctx.db.selectFrom('sys_function').select('fun_code').execute()).map((f) => f.fun_code);
    for (const [token, role] of [
      [sec, SEPARATED_ADMINS[0]],
      [auditor, SEPARATED_ADMINS[1]],
    ] as const)
      expect(await functions(token), role.roleCode).toEqual(
        separatedAdminFunctions(role)
          .filter((f) => all.includes(f))
          .sort(),
      );
    const mine = await functions(admin);
    for (const code of RESERVED_FUNCTIONS.keys()) expect(mine, code).not.toContain(code);
    expect(mine).toEqual(expect.arrayContaining(['sys_user', 'sys_role', 'sys_role:manage', 'sys_function', 'sys_flow_def', 'sys_backup']));
    expect(mine.length).toBe(all.filter((f) => !RESERVED_FUNCTIONS.has(f)).length);

    // the auditor: the self-check, no business page, no administration
    for (const url of ['/oa/api/auth/oa/user/list', '/oa/api/auth/oa/supervise/list', '/oa/api/auth/industry/common/rolesList'])
      expect((await t.call('GET', url, { token: auditor })).status, url).toBe(403);
    expect((await t.call('GET', '/oa/api/auth/oa/compliance/report', { token: auditor })).status).toBe(200);
    // the security administrator: grants, not definitions nor users; the system administrator: the reverse
    expect((await t.call('POST', `${B}/sysRole/insert`, { token: sec, body: { roleCode: 'r_x', roleName: '试' } })).status).toBe(403);
    expect((await t.call('GET', '/oa/api/auth/oa/user/list', { token: sec })).status).toBe(403);
    expect((await t.call('POST', `${C}/roleUser`, { token: admin, body: { roleCode: '013', userCodes: ['staff'] } })).status).toBe(403);
    expect((await t.call('POST', `${C}/roleFun`, { token: admin, body: { roleCode: '013', funCodes: ['sys_user'] } })).status).toBe(403);
    expect(
      (await t.call('POST', `${C}/roleGroup`, { token: admin, body: { groupCode: 'g', groupName: '组', roleCodes: [], userCodes: [] } }))
        .status,
    ).toBe(403);
    expect((await t.call('GET', '/oa/api/auth/oa/columnAuth/columns', { token: admin })).status).toBe(403);
    expect((await t.call('POST', `${B}/sysRole/insert`, { token: admin, body: { roleCode: 'r_x', roleName: '试' } })).body.code).toBe(0);
  });

  it('refuses a second administrator role on every path, audited, and changes nothing', async () => {
    const before = await roleUsers(ROLE_ADMIN);
    // role users
    const direct = await t.call('POST', `${C}/roleUser`, { token: sec, body: { roleCode: ROLE_ADMIN, userCodes: ['auditor'] } });
    expect(direct.status).toBe(400);
    expect(direct.body.message).toContain('三员分立');
    expect(direct.body.message).toContain('auditor');
    // a role group carrying two administrator roles, or one given to another administrator
    const pair = await t.call('POST', `${C}/roleGroup`, {
      token: sec,
      body: { groupCode: 'g_two', groupName: '两员', roleCodes: [ROLE_ADMIN, 'auditadmin'], userCodes: [] },
    });
    expect(pair.status).toBe(400);
    const group = (roleCodes: string[], userCodes: string[]) => ({ groupCode: 'g_ops', groupName: '运维组', roleCodes, userCodes });
    expect((await t.call('POST', `${C}/roleGroup`, { token: sec, body: group(['auditadmin'], ['admin']) })).status).toBe(400);
    expect((await t.call('POST', `${C}/roleGroup`, { token: sec, body: group(['013'], ['admin', 'zhaolei']) })).body.code).toBe(0);
    expect((await t.call('PUT', `${C}/roleGroup`, { token: sec, body: group(['013', 'auditadmin'], ['admin', 'zhaolei']) })).status).toBe(
      400,
    );
    expect(await roleUsers(ROLE_ADMIN)).toEqual(before);
    const groups = (await t.call('GET', `${C}/roleGroupList`, { token: sec })).body.data;
    expect(groups.map((g: { groupCode: string; roles: unknown[] }) => [g.groupCode, g.roles.length])).toEqual([['g_ops', 1]]);
    expect(await denied('role.users.add')).toBe(1);
    expect((await denied('roleGroup.create')) + (await denied('roleGroup.update'))).toBe(3);
    // an ordinary account may become an administrator, once
    expect(
      (await t.call('POST', `${C}/roleUser`, { token: sec, body: { roleCode: 'auditadmin', userCodes: ['zhaolei'] } })).body.code,
    ).toBe(0);
    expect((await t.call('POST', `${C}/roleUser`, { token: sec, body: { roleCode: 'secadmin', userCodes: ['zhaolei'] } })).status).toBe(
      400,
    );
  });

  it('refuses a grant to oneself: a role, or a function of a role one holds', async () => {
    const self = await t.call('POST', `${C}/roleUser`, { token: sec, body: { roleCode: '013', userCodes: ['secadmin'] } });
    expect(self.status).toBe(403);
    expect(self.body.message).toContain('不能给自己授予角色');
    const viaGroup = await t.call('POST', `${C}/roleGroup`, {
      token: sec,
      body: { groupCode: 'g_self', groupName: '自授', roleCodes: ['014'], userCodes: ['secadmin'] },
    });
    expect(viaGroup.status).toBe(403);
    // a role the security administrator holds (given by another one) gets no function from them
    await t.ctx.db.insertInto('sys_user_role').values({ user_code: 'secadmin', role_code: '010' }).execute();
    const funs = await t.call('POST', `${C}/roleFun`, { token: sec, body: { roleCode: '010', funCodes: ['weekly_report', 'sys_user'] } });
    expect(funs.status).toBe(403);
    expect(funs.body.message).toContain('自己所属的角色');
    expect(await denied('role.functions')).toBe(1);
    // the split itself: nothing beyond it for an administrator role, no reserved function for anyone else
    const secFuns = (await t.call('GET', `${C}/roleFunList`, { token: sec, query: { roleCode: 'auditadmin' } })).body.data.checked;
    const more = await t.call('POST', `${C}/roleFun`, { token: sec, body: { roleCode: 'auditadmin', funCodes: [...secFuns, 'sys_user'] } });
    expect(more.status).toBe(400);
    expect(more.body.message).toContain('sys_user');
    const leak = await t.call('POST', `${C}/roleFun`, { token: sec, body: { roleCode: '013', funCodes: ['sys_role:grant'] } });
    expect(leak.status).toBe(400);
    expect(leak.body.message).toContain('安全管理员');
    expect((await t.call('POST', `${C}/roleFun`, { token: sec, body: { roleCode: '013', funCodes: ['weekly_report'] } })).body.code).toBe(
      0,
    );
  });
});
