import { addDays, chinaDate } from '@oa/shared/format/china-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../test/harness';
import { alertColors } from './supervise-alerts';

const DIALECTS = await testDialects();

/** A supervision task turning yellow, then red, tells its owner and supervisor once per colour. */
describe.each(DIALECTS)('supervision colour alerts on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  const alerts = (id: string) =>
    t.ctx.db
      .selectFrom('notify_outbox')
      .select(['user_code', 'title', 'link'])
      .where('event', '=', 'supervise_alert')
      .where('link', '=', `/oa/supervise/exec?id=${id}`)
      .orderBy('title')
      .orderBy('user_code')
      .execute();

  it('yellow once, red once, to the owner and the supervisor, with the task page as link', async () => {
    const task = await t.ctx.db
      .selectFrom('oa_supervise_task')
      .select(['id', 'owner_user', 'supervisor'])
      .where('status', 'in', ['assigned', 'doing'])
      .executeTakeFirstOrThrow();
    const today = chinaDate();
    const now = new Date();
    // behind schedule: half the time gone, nothing done
    await t.ctx.db
      .updateTable('oa_supervise_task')
      .set({ start_date: addDays(today, -10), due_date: addDays(today, 10), progress: 0 })
      .where('id', '=', task.id)
      .execute();
    await alertColors(t.ctx, now);
    await alertColors(t.ctx, now);
    const people = [task.owner_user, task.supervisor].sort();
    expect((await alerts(task.id)).map((r) => r.user_code)).toEqual(people);
    expect((await alerts(task.id))[0].title).toMatch(/^督办亮黄灯/);
    // overdue
    await t.ctx.db
      .updateTable('oa_supervise_task')
      .set({ due_date: addDays(today, -1) })
      .where('id', '=', task.id)
      .execute();
    await Promise.all([alertColors(t.ctx, now), alertColors(t.ctx, now)]);
    const all = await alerts(task.id);
    expect(all.filter((r) => r.title.startsWith('督办亮红灯')).map((r) => r.user_code)).toEqual(people);
    expect(all).toHaveLength(4);
  });
});
