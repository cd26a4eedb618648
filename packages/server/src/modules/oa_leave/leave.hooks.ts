import { ANNUAL_LEAVE } from '@oa/shared/modules/leave.module';
import { annualLeaveOf } from './annual-leave';
import type { ModuleHooks } from '../../core/ports/module-hooks';
import { fieldError, num } from '../hook-kit';

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
      throw fieldError(
        'days',
        `年休假余额不足：${year}年应休${a.entitlement}天，已休${a.used}天，审批中${a.pending}天，剩余${a.balance}天，本次申请${days}天`,
      );
    }
  },
};
