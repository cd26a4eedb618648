import { bizError } from '../../lib/errors';
import type { RegisterHooks } from '../../core/ports/module-hooks';

/** 证照登记: lending a licence out and getting it back. */
export const licenseHooks: RegisterHooks = {
  defaults: () => ({ lendState: '在库', borrower: null, lendDate: null, expectedReturnDate: null, lendReason: null }),
  actions: {
    async lend(_trx, record, payload) {
      if (record.data.lendState === '已借出') throw bizError('该证照已借出，归还后才能再次借出');
      if (String(payload.expectedReturnDate) < String(payload.lendDate)) throw bizError('预计归还日期不能早于借出日期');
      return {
        lendState: '已借出',
        borrower: payload.borrower,
        lendDate: payload.lendDate,
        expectedReturnDate: payload.expectedReturnDate,
        lendReason: payload.lendReason,
      };
    },
    async giveBack(_trx, record, payload) {
      if (record.data.lendState !== '已借出') throw bizError('该证照在库，无需归还');
      const lendDate = typeof record.data.lendDate === 'string' ? record.data.lendDate : '';
      if (lendDate && String(payload.returnDate) < lendDate) throw bizError('归还日期不能早于借出日期');
      return { lendState: '在库', borrower: null, lendDate: null, expectedReturnDate: null, lendReason: null };
    },
  },
};
