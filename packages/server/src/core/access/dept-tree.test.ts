import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { deptAndDescendants } from './dept-tree';
import { nowIso } from '../../lib/time';

const DIALECTS = await testDialects();

describe.each(DIALECTS)('department tree on %s', (dialect) => {
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

  it('gives a department and every department below it', async () => {
    expect(await deptAndDescendants(t.ctx.db, ['D01'])).toEqual(['D01', 'D0101', 'D010101']);
    expect(await deptAndDescendants(t.ctx.db, ['D0101', 'D01'])).toEqual(['D01', 'D0101', 'D010101']);
    expect(await deptAndDescendants(t.ctx.db, ['D00'])).toHaveLength(11);
  });

  it('ignores unknown departments', async () => {
    expect(await deptAndDescendants(t.ctx.db, [])).toEqual([]);
    expect(await deptAndDescendants(t.ctx.db, ['nope'])).toEqual([]);
  });
});
