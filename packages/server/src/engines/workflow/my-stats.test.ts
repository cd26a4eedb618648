import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { APPROVAL_SAMPLES, FILE_PLACEHOLDER } from '@oa/shared/test/approval-samples';
import { lastMonths } from './my-stats.service';

const DIALECTS = await testDialects();
const STATS = '/oa/api/auth/oa/process/myStats';
// a sample application without attachments (this suite uploads no files)
const SAMPLE = APPROVAL_SAMPLES.find((s) => !s.variant && !JSON.stringify(s.data).includes(FILE_PLACEHOLDER))!;
const submit = (t: TestApp, token: string) =>
  t.call('POST', `/oa/api/auth/oa/records/${SAMPLE.code}/submit`, { token, body: { data: SAMPLE.data } });
const openTasks = async (t: TestApp, recordId: string) => {
  const rec = await t.ctx.db.selectFrom('business_record').select('instance_id').where('id', '=', recordId).executeTakeFirstOrThrow();
  return t.ctx.db
    .selectFrom('wf_task')
    .select(['id', 'assignee'])
    .where('instance_id', '=', rec.instance_id!)
    .where('status', '=', 'open')
    .execute();
};

describe('lastMonths', () => {
  it('lists the last months oldest first, across a year boundary, in China time', () => {
    expect(lastMonths(3, Date.parse('2026-01-31T17:00:00Z'))).toEqual(['2025-12', '2026-01', '2026-02']);
    expect(lastMonths(1, Date.parse('2026-06-15T00:00:00Z'))).toEqual(['2026-06']);
  });
});

describe.each(DIALECTS)('my work statistics on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  it('counts my applications by status, month and module, and the tasks I handled', async () => {
    const staff = await t.login('staff');
    const before = (await t.call('GET', STATS, { token: staff })).body.data;
    const a = await submit(t, staff);
    const b = await submit(t, staff);
    expect(a.body.code, a.body.message).toBe(0);
    expect(b.body.code).toBe(0);

    const res = await t.call('GET', STATS, { token: staff, query: { months: '3' } });
    expect(res.status).toBe(200);
    const s = res.body.data;
    expect(s.byMonth).toHaveLength(3);
    const running = (x: typeof s) => x.byStatus.find((r: { status: string }) => r.status === 'running')?.count ?? 0;
    expect(running(s)).toBe(running(before) + 2);
    expect(s.byMonth[2].applied).toBeGreaterThanOrEqual(2);
    expect(s.byModule.find((m: { moduleCode: string }) => m.moduleCode === SAMPLE.code)?.count).toBeGreaterThanOrEqual(2);

    // whoever approves the first task sees it counted as handled this month
    const [task] = await openTasks(t, a.body.data.id);
    const approverToken = await t.login(task.assignee);
    const handledBefore = (await t.call('GET', STATS, { token: approverToken })).body.data.byMonth.at(-1).handled;
    const ok = await t.call('POST', '/oa/api/auth/oa/process/approve', {
      token: approverToken,
      body: { taskId: task.id, comment: '同意' },
    });
    expect(ok.body.code).toBe(0);
    const after = (await t.call('GET', STATS, { token: approverToken })).body.data;
    expect(after.byMonth.at(-1).handled).toBe(handledBefore + 1);

    // someone else's numbers are not mine
    const other = await t.login('zhangwei');
    const theirs = (await t.call('GET', STATS, { token: other })).body.data;
    expect(theirs.byModule.find((m: { moduleCode: string }) => m.moduleCode === SAMPLE.code)?.count ?? 0).toBe(0);
  });

  it('refuses bad input with 400 naming the field, and anonymous callers with 401', async () => {
    const staff = await t.login('staff');
    for (const months of ['0', '13', 'abc', '1.5']) {
      const res = await t.call('GET', STATS, { token: staff, query: { months } });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('月份数');
    }
    expect((await t.call('GET', STATS, {})).status).toBe(401);
  });
});
