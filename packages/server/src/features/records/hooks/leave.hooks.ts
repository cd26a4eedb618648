import { ANNUAL_LEAVE } from '@oa/shared/modules/leave.module';
import { annualLeaveEntitlement, yearsOfService } from '@oa/shared/modules/approval-kit';
import type { Db } from '../../../db/database';
import type { ModuleHooks } from './hook-types';
import { fieldError, num } from './approval-hook-kit';

/** Annual leave of a person in a year: entitlement by years of service, days approved and pending. */
export async function annualLeaveOf(db: Db, userCode: string, year: number, exceptRecord?: string) {
  const user = await db.selectFrom('sys_user').select('entry_date').where('user_code', '=', userCode).executeTakeFirst();
  const years = yearsOfService(user?.entry_date ?? null, `${year}-01-01`);
  const entitlement = annualLeaveEntitlement(years);
  const recs = await db.selectFrom('business_record').select(['id', 'status', 'data'])
    .where('module', '=', 'oa_leave').where('applicant', '=', userCode).where('status', 'in', ['approved', 'running']).execute();
  let used = 0;
  let pending = 0;
  for (const r of recs) {
    if (r.id === exceptRecord) continue;
    const d = JSON.parse(r.data) as Record<string, unknown>;
    const range = Array.isArray(d.dateRange) ? d.dateRange : [];
    if (d.leaveType !== ANNUAL_LEAVE || typeof range[0] !== 'string' || !range[0].startsWith(String(year))) continue;
    if (r.status === 'approved') used += num(d.days);
    else pending += num(d.days);
  }
  return { years, entitlement, used, pending, balance: Math.max(0, entitlement - used - pending) };
}

/** 请假: annual leave beyond the balance (entitlement − approved − pending this year) is refused. */
export const leaveHooks: ModuleHooks = {
  async beforeSubmit(trx, record) {
    if (record.data.leaveType !== ANNUAL_LEAVE) return;
    const range = record.data.dateRange as [string, string];
    const year = Number(range[0].slice(0, 4));
    if (range[1].slice(0, 4) !== range[0].slice(0, 4)) throw fieldError('dateRange', '年休假不能跨年度申请，请分两次申请');
    const a = await annualLeaveOf(trx, record.applicant, year, record.id);
    const days = num(record.data.days);
    if (days > a.balance) {
      throw fieldError('days', `年休假余额不足：${year}年应休${a.entitlement}天，已休${a.used}天，审批中${a.pending}天，剩余${a.balance}天，本次申请${days}天`);
    }
  },
};
