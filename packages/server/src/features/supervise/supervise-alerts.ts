import { superviseColor } from '@oa/shared/contract/supervise';
import type { AppContext } from '../../core/context';
import { claimOnce, insertNotices } from '../../core/ports/notice.repository';
import * as repo from './supervise.repository';

const TEXT = {
  yellow: (t: { title: string; progress: number }) =>
    [`督办亮黄灯：${t.title}`, `督办事项“${t.title}”进度滞后（当前 ${t.progress}%），请加快办理。`] as const,
  red: (t: { title: string; due_date: string }) =>
    [`督办亮红灯：${t.title}`, `督办事项“${t.title}”已超过办结期限（${t.due_date}），请尽快办理。`] as const,
};

/**
 * A supervision task turning yellow (behind schedule) or red (overdue) tells its owner and supervisor once per colour
 * and due date (an extended task that turns red again is told again): the key is claimed in the message's
 * transaction, so every instance may run this. Answers how many tasks were told.
 */
export async function alertColors(ctx: AppContext, now: Date): Promise<number> {
  let n = 0;
  for (const t of await repo.openTasks(ctx.db)) {
    const color = superviseColor({ status: t.status, progress: t.progress, startDate: t.start_date, dueDate: t.due_date }, now);
    if (color !== 'yellow' && color !== 'red') continue;
    const [title, content] = TEXT[color](t);
    const at = now.toISOString();
    const told = await ctx.db.transaction().execute(async (trx) => {
      if (!(await claimOnce(trx, `supervise_alert:${t.id}:${color}:${t.due_date}`, at))) return false;
      await insertNotices(
        trx,
        [t.owner_user, t.supervisor],
        { kind: 'remind', title, content, moduleCode: 'supervise', recordId: t.id, event: 'supervise_alert' },
        at,
      );
      return true;
    });
    if (told) n++;
  }
  return n;
}
