import { bizError } from '../../../lib/errors';
import { nowIso } from '../../../lib/time';
import type { ModuleHooks } from './hook-types';
import { fieldError, str } from './approval-hook-kit';

/** 护照借用: the passport must be in custody; handing it over and getting it back update the custody register. */
export const passportHooks: ModuleHooks = {
  async beforeSubmit(trx, record) {
    const no = str(record.data.passportNo);
    const book = await trx.selectFrom('oa_passport_book').select(['passport_kind', 'holder_name']).where('passport_no', '=', no).executeTakeFirst();
    if (!book) throw fieldError('passportNo', '护照保管登记中没有该证件，请先交由外事部门登记保管');
    if (book.passport_kind !== record.data.passportKind) throw fieldError('passportKind', `该证件登记的类型为「${book.passport_kind}」`);
    return { lendState: '待领取', lentAt: null, returnedAt: null };
  },
  actions: {
    async lend(trx, record, payload) {
      const res = await trx.updateTable('oa_passport_book').set({ status: 'out', record_id: record.id, updated_at: nowIso() })
        .where('passport_no', '=', str(record.data.passportNo)).where('status', '=', 'in').executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) throw bizError('该证件不在库，无法借出');
      return { lendState: '已借出', lentAt: payload.lentAt };
    },
    async return(trx, record, payload) {
      if (str(payload.returnedAt) < str(record.data.lentAt)) throw bizError('实际归还日期不能早于领取日期');
      await trx.updateTable('oa_passport_book').set({ status: 'in', record_id: null, updated_at: nowIso() })
        .where('passport_no', '=', str(record.data.passportNo)).where('record_id', '=', record.id).execute();
      return { lendState: '已归还', returnedAt: payload.returnedAt };
    },
  },
};
