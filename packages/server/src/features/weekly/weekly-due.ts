import type { AppContext } from '../../core/context';
import { claimOnce, insertNotices } from '../../core/ports/notice.repository';
import { DAY } from '../../lib/time';
import { dueNotice, unsubmittedUsers } from './weekly.service';
import { periodsDueBetween } from './weekly-due.repository';

/**
 * 周报待提交 (periodic): within a day of a period's deadline, the leader and last editor of each department that has
 * not submitted are reminded once per period (key `weekly_due:<period>:<person>`, claimed in the message's
 * transaction, so every instance may run this). Answers how many were reminded.
 */
export async function remindDue(ctx: AppContext, now: Date): Promise<number> {
  const at = now.toISOString();
  let n = 0;
  for (const p of await periodsDueBetween(ctx.db, at, new Date(now.getTime() + DAY).toISOString())) {
    const users = [...new Set(await unsubmittedUsers(ctx.db, p.id))];
    n += await ctx.db.transaction().execute(async (trx) => {
      const fresh: string[] = [];
      for (const u of users) if (await claimOnce(trx, `weekly_due:${p.id}:${u}`, at)) fresh.push(u);
      return insertNotices(trx, fresh, dueNotice(p), at);
    });
  }
  return n;
}
