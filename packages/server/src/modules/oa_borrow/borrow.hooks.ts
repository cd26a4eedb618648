import { bizError } from '../../lib/errors';
import type { ModuleHooks } from '../../core/ports/module-hooks';
import { cents, num, rows, str } from '../hook-kit';

/** 借款: repayments are recorded on the approved loan until it is settled. */
export const borrowHooks: ModuleHooks = {
  async beforeSubmit() {
    return { repaid: 0, repayState: '未还款', repayments: [] };
  },
  actions: {
    async repay(_trx, record, payload) {
      const amount = num(record.data.amount);
      const repaid = num(record.data.repaid);
      const outstanding = cents(amount - repaid);
      if (outstanding <= 0) throw bizError('该借款已结清');
      const pay = num(payload.amount);
      if (pay > outstanding) throw bizError(`还款金额不能超过未还金额 ${outstanding.toFixed(2)} 元`);
      const date = str(payload.date);
      if (date < str(record.data.borrowDate)) throw bizError('还款日期不能早于借款日期');
      const total = cents(repaid + pay);
      return {
        repaid: total,
        repayState: total >= amount ? '已结清' : '部分还款',
        repayments: [...rows(record.data.repayments), { date, amount: pay, note: payload.note ?? null }],
      };
    },
  },
};
