import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { unsubmittedUsers } from './weekly.service';
import { remindDue } from './weekly-due';

const DIALECTS = await testDialects();

/** 周报待提交: within a day of the deadline, each person who owes a department's report hears once. */
describe.each(DIALECTS)('weekly report due on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  it('reminds once per period and person, only within a day of the deadline', async () => {
    const period = await t.ctx.db
      .selectFrom('oa_weekly_period')
      .select(['id', 'deadline'])
      .where('status', '=', 'open')
      .orderBy('deadline', 'desc')
      .executeTakeFirstOrThrow();
    const owing = [...new Set(await unsubmittedUsers(t.ctx.db, period.id))].sort();
    expect(owing.length).toBeGreaterThan(0);
    const reminded = () =>
      t.ctx.db
        .selectFrom('notify_outbox')
        .select('user_code')
        .where('event', '=', 'weekly_due')
        .where('link', '=', `/oa/weelkyDeptEdit?periodId=${period.id}`)
        .orderBy('user_code')
        .execute();
    const deadline = Date.parse(period.deadline);
    await remindDue(t.ctx, new Date(deadline - 2 * 86_400_000));
    expect(await reminded()).toHaveLength(0);
    const within = new Date(deadline - 3 * 3_600_000);
    await Promise.all([remindDue(t.ctx, within), remindDue(t.ctx, within)]);
    await remindDue(t.ctx, new Date(deadline - 3_600_000));
    expect((await reminded()).map((r) => r.user_code)).toEqual(owing);
  });
});
