import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleByCode } from '@oa/shared/modules/registry';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';

const DIALECTS = await testDialects();
const LIST = '/oa/api/auth/oa/workflow/definitions';

describe.each(DIALECTS)('searching process definitions (/workFlow) on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.login('admin');
  });
  afterAll(async () => t?.close());

  const search = async (keyword?: string) =>
    (
      await t.call('GET', LIST, {
        token: admin,
        query: { pageNumber: '1', pageSize: '100', ...(keyword === undefined ? {} : { keyword }) },
      })
    ).body.data;

  it('finds processes by part of their name or of their module name', async () => {
    const all = await search();
    expect(all.total).toBeGreaterThan(5);
    const first = all.list[0] as { name: string; moduleCode: string };
    const byName = await search(first.name.slice(0, 2));
    expect(byName.list.map((d: { id: string }) => d.id)).toContain(all.list[0].id);
    for (const d of byName.list as Array<{ name: string; moduleCode: string }>) {
      const k = first.name.slice(0, 2);
      expect(d.name.includes(k) || (moduleByCode(d.moduleCode)?.name ?? '').includes(k)).toBe(true);
    }
    const leave = await search('请假');
    expect(leave.total).toBeGreaterThanOrEqual(1);
    expect(leave.total).toBeLessThan(all.total);
    expect((await search('没有这样的流程名')).total).toBe(0);
    // LIKE wildcards are matched literally
    expect((await search('%')).total).toBe(0);
    expect((await search('_')).total).toBe(0);
  });

  it('refuses a keyword over 50 characters with 400 naming the field', async () => {
    const res = await t.call('GET', LIST, { token: admin, query: { keyword: '流'.repeat(51) } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('关键字');
  });
});
