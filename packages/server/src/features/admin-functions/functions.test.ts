import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';

const DIALECTS = await testDialects();
const F = '/oa/api/auth/oa/function';

describe.each(DIALECTS)('function tree editor on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.login('admin');
  });
  afterAll(async () => t?.close());

  const version = async () => (await t.call('GET', '/oa/api/auth/base/system/menuVersion', { token: admin })).body.data.version as string;
  const fn = async (code: string) =>
    (await t.call('GET', `${F}/list`, { token: admin })).body.data.find((f: { funCode: string }) => f.funCode === code);

  it('lists the tree of one platform with every spec field', async () => {
    const list = (await t.call('GET', `${F}/list`, { token: admin })).body.data;
    expect(list.length).toBeGreaterThan(100);
    expect(list.every((f: { platformCode: string }) => f.platformCode === '1')).toBe(true);
    expect(await fn('sys_user')).toMatchObject({
      funName: '用户管理',
      parentCode: 'sys',
      router: '/user',
      isHidden: 'N',
      isLink: 'N',
      menuType: '1',
      icon: 'UserOutlined',
    });
    const member = (await t.call('GET', '/oa/api/auth/oa/memberFunction/list', { token: admin })).body.data;
    expect(member.length).toBeGreaterThan(0);
    expect(member.every((f: { platformCode: string }) => f.platformCode === '4')).toBe(true);
  });

  it('creates, edits and deletes a function, bumping the menu version each time', async () => {
    const v0 = await version();
    const body = {
      funCode: 'sys_demo',
      funName: '演示',
      parentCode: 'sys',
      router: '/demo',
      sortNo: 5,
      menuType: '1',
      icon: 'StarOutlined',
    };
    expect((await t.call('POST', `${F}/insert`, { token: admin, body })).body.code).toBe(0);
    const v1 = await version();
    expect(v1).not.toBe(v0);
    expect(
      (await t.call('PUT', `${F}/update`, { token: admin, body: { ...body, funName: '演示页', isHidden: 'Y', routerSelected: '/user' } }))
        .body.code,
    ).toBe(0);
    expect(await fn('sys_demo')).toMatchObject({ funName: '演示页', isHidden: 'Y', routerSelected: '/user', noCache: 'N' });
    expect(await version()).not.toBe(v1);
    expect((await t.call('POST', `${F}/insert`, { token: admin, body })).body.message).toContain('已存在');
    expect((await t.call('POST', `${F}/insert`, { token: admin, body: { ...body, funCode: 'x1', router: null } })).body.message).toContain(
      '请填写路由',
    );
    expect(
      (await t.call('POST', `${F}/insert`, { token: admin, body: { ...body, funCode: 'x2', parentCode: 'nope' } })).body.message,
    ).toContain('上级功能不存在');
    expect(
      (await t.call('POST', `${F}/insert`, { token: admin, body: { ...body, funCode: 'x3', parentCode: 'mp' } })).body.message,
    ).toContain('上级功能不存在');
    expect((await t.call('POST', `${F}/insert`, { token: admin, body: { ...body, funCode: 'x4', menuType: '9' } })).status).toBe(400);
    await t.call('POST', '/oa/api/auth/industry/common/roleFun', { token: admin, body: { roleCode: '010', funCodes: ['sys_demo'] } });
    expect((await t.call('DELETE', `${F}/delete`, { token: admin, body: { funCode: 'sys_demo' } })).body.code).toBe(0);
    expect(await fn('sys_demo')).toBeUndefined();
    expect(await t.ctx.db.selectFrom('sys_role_function').selectAll().where('fun_code', '=', 'sys_demo').execute()).toEqual([]);
  });

  it('refuses to delete a function with children, and deletes nothing', async () => {
    const res = await t.call('DELETE', `${F}/delete`, { token: admin, body: { funCode: 'sys' } });
    expect(res.body.code).toBe(1);
    expect(res.body.message).toMatch(/下还有 \d+ 个下级功能/);
    expect(await fn('sys')).toBeDefined();
    expect((await t.call('DELETE', `${F}/delete`, { token: admin, body: { funCode: 'mp_list' } })).status).toBe(404);
  });

  it('reorders by drag, refusing to move a folder under itself', async () => {
    const res = await t.call('PUT', `${F}/sort`, { token: admin, body: { parentCode: 'sys', funCodes: ['sys_role', 'sys_user'] } });
    expect(res.body.code).toBe(0);
    expect(await fn('sys_role')).toMatchObject({ sortNo: 10, parentCode: 'sys' });
    expect(await fn('sys_user')).toMatchObject({ sortNo: 20 });
    expect(
      (await t.call('PUT', `${F}/sort`, { token: admin, body: { parentCode: 'sys_flow_def', funCodes: ['sys_flow'] } })).body.message,
    ).toContain('自己的下级');
    expect(
      (
        await t.call('PUT', `${F}/update`, {
          token: admin,
          body: { funCode: 'sys', funName: '系统管理', parentCode: 'sys_user', menuType: '0' },
        })
      ).body.message,
    ).toContain('自己的下级');
  });

  it('member functions are edited on their own surface only', async () => {
    const body = { funCode: 'mp_demo', funName: '会员演示', parentCode: 'mp', router: '/member/demo', menuType: '1' };
    expect((await t.call('POST', '/oa/api/auth/oa/memberFunction/insert', { token: admin, body })).body.code).toBe(0);
    expect((await t.call('PUT', `${F}/update`, { token: admin, body })).status).toBe(404);
    expect(
      (await t.call('DELETE', '/oa/api/auth/oa/memberFunction/delete', { token: admin, body: { funCode: 'mp_demo' } })).body.code,
    ).toBe(0);
  });
});
