import { bizError } from '../../lib/errors';
import type { ModuleHooks } from '../../core/ports/module-hooks';

/** 物品借用: approval lends the item; the 'return' action records the return date. */
export const lendHooks: ModuleHooks = {
  async beforeSubmit() {
    return { lendState: '待借出', returnDate: null };
  },
  async afterApprove() {
    return { lendState: '已借出' };
  },
  actions: {
    async return(_trx, record, payload) {
      if (record.data.lendState !== '已借出') throw bizError('该物品不在借出状态，无需登记归还');
      const returnDate = String(payload.returnDate);
      const borrowDate = typeof record.data.borrowDate === 'string' ? record.data.borrowDate : '';
      if (borrowDate && returnDate < borrowDate) throw bizError('实际归还日期不能早于借用日期');
      return { lendState: '已归还', returnDate };
    },
  },
};
