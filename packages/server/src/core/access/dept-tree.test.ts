import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { dataScope, deptAndDescendants } from './dept-tree';
import { nowIso } from '../../lib/time';
import { loadRoles } from '../identity/identity.repository';

const DIALECTS = await testDialects();

describe.each(DIALECTS)('data scope on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    const at = nowIso();
    await t.ctx.db
      .insertInto('org_dept')
      .values([
        { dept_code: 'D0101', dept_name: '文秘科', parent_code: 'D01', sort_no: 1, leader_user_code: null, created_at: at },
        { dept_code: 'D010101', dept_name: '档案组', parent_code: 'D0101', sort_no: 1, leader_user_code: null, created_at: at },
      ])
      .execute();
  });
  afterAll(async () => t?.close());

  const subject = (userCode: string, deptCode: string | null, roleCodes: string[], isAdmin = false) => ({
    user: { userCode, deptCode },
    roleCodes,
    isAdmin,
  });

  it('gives administrators everything', async () => {
    expect(await dataScope(t.ctx.db, subject('admin', 'D06', ['admin'], true))).toEqual({ kind: 'all' });
  });

  it('gives department leaders their department and every sub-department', async () => {
    expect(await dataScope(t.ctx.db, subject('leader', 'D01', ['001', 'ROLE_SYSTEM_DEFAULT']))).toEqual({
      kind: 'dept',
      deptCodes: ['D01', 'D0101', 'D010101'],
    });
    expect(await deptAndDescendants(t.ctx.db, ['D00'])).toHaveLength(11);
  });

  it('gives everyone else their own records only', async () => {
    expect(await dataScope(t.ctx.db, subject('staff', 'D01', ['ROLE_SYSTEM_DEFAULT']))).toEqual({ kind: 'self', userCode: 'staff' });
    expect(await dataScope(t.ctx.db, subject('nobody', null, ['001']))).toEqual({ kind: 'self', userCode: 'nobody' });
  });

  it('works from the roles the session guard loads (direct and via role groups)', async () => {
    await t.ctx.db
      .insertInto('sys_role_group')
      .values({ group_code: 'g_lead', group_name: '负责人组', remark: null, created_at: nowIso() })
      .execute();
    await t.ctx.db.insertInto('sys_role_group_role').values({ group_code: 'g_lead', role_code: '001' }).execute();
    await t.ctx.db.insertInto('sys_role_group_user').values({ group_code: 'g_lead', user_code: 'staff' }).execute();
    const roleCodes = (await loadRoles(t.ctx.db, 'staff')).map((r) => r.roleCode);
    expect(await dataScope(t.ctx.db, subject('staff', 'D0101', roleCodes))).toEqual({ kind: 'dept', deptCodes: ['D0101', 'D010101'] });
  });
});
