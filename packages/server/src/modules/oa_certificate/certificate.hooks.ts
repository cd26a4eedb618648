import { bizError } from '../../lib/errors';
import type { ModuleHooks } from '../../core/ports/module-hooks';
import { str } from '../hook-kit';

/** 证照使用: an original lent out is returned. */
export const certificateHooks: ModuleHooks = {
  async beforeSubmit() {
    return { returnDate: null };
  },
  actions: {
    async return(_trx, record, payload) {
      if (record.data.useType !== '原件外借') throw bizError('只有原件外借需要登记归还');
      const range = record.data.useRange as [string, string] | null;
      if (range && str(payload.returnDate) < range[0]) throw bizError('实际归还日期不能早于借出日期');
      return { returnDate: payload.returnDate };
    },
  },
};
