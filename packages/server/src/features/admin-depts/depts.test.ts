import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';

const DIALECTS = await testDialects();
const D = '/oa/api/auth/oa/dept';

describe.each(DIALECTS)('departments on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.login('admin');
  });
  afterAll(async () => t?.close());

  const dept = async (code: string) =>
    (await t.call('GET', `${D}/list`, { token: admin })).body.data.find((d: { deptCode: string }) => d.deptCode === code);

  it('lists the tree with leaders and head counts', async () => {
    expect(await dept('D01')).toMatchObject({ deptName: '办公室', parentCode: 'D00', leaderUserCode: 'leader', leaderName: '王建国' });
    expect((await dept('D01')).userCount).toBeGreaterThan(1);
  });

  it('creates, edits, moves users and deletes, refusing departments with users or children', async () => {
    expect(
      (await t.call('POST', `${D}/insert`, { token: admin, body: { deptCode: 'D09', deptName: '研究室', parentCode: 'D02', sortNo: 5 } }))
        .body.code,
    ).toBe(0);
    expect(
      (await t.call('POST', `${D}/insert`, { token: admin, body: { deptCode: 'D0901', deptName: '一组', parentCode: 'D09' } })).body.code,
    ).toBe(0);
    expect(
      (await t.call('PUT', `${D}/update`, { token: admin, body: { deptCode: 'D09', deptName: '研究室', parentCode: 'D0901' } })).body
        .message,
    ).toContain('自己的下级');
    expect(
      (
        await t.call('PUT', `${D}/update`, {
          token: admin,
          body: { deptCode: 'D09', deptName: '研究中心', parentCode: 'D02', leaderUserCode: 'staff' },
        })
      ).body.code,
    ).toBe(0);
    expect(await dept('D09')).toMatchObject({ deptName: '研究中心', leaderName: '刘小雨' });
    expect((await t.call('PUT', `${D}/moveUsers`, { token: admin, body: { userCodes: ['staff'], deptCode: 'D0901' } })).body.code).toBe(0);
    expect(
      (await t.call('PUT', `${D}/moveUsers`, { token: admin, body: { userCodes: ['staff', 'ghost'], deptCode: 'D01' } })).body.message,
    ).toContain('ghost');

    const withKids = await t.call('DELETE', `${D}/delete`, { token: admin, body: { deptCode: 'D09' } });
    expect(withKids.body.message).toContain('下级部门');
    const withUsers = await t.call('DELETE', `${D}/delete`, { token: admin, body: { deptCode: 'D0901' } });
    expect(withUsers.body).toMatchObject({ code: 1, message: '部门「一组」下还有 1 名用户，请先将用户调整到其他部门' });
    expect(await dept('D0901')).toBeDefined();
    await t.call('PUT', `${D}/moveUsers`, { token: admin, body: { userCodes: ['staff'], deptCode: 'D01' } });
    expect((await t.call('DELETE', `${D}/delete`, { token: admin, body: { deptCode: 'D0901' } })).body.code).toBe(0);
    expect((await t.call('DELETE', `${D}/delete`, { token: admin, body: { deptCode: 'D09' } })).body.code).toBe(0);
    const audit = await t.ctx.db.selectFrom('sys_audit').select('action').where('action', 'like', 'dept.%').execute();
    expect(audit.length).toBe(7);
  });
});
