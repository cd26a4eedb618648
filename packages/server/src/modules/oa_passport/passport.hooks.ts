import { bizError } from '../../lib/errors';
import { findPassportBookByNo, lendPassport, returnPassport } from './passport.repository';
import type { ModuleHooks } from '../../core/ports/module-hooks';
import { fieldError, str } from '../hook-kit';

/** 护照借用: the passport must be in custody; handing it over and getting it back update the custody register. */
export const passportHooks: ModuleHooks = {
  async beforeSubmit(trx, record) {
    const no = str(record.data.passportNo);
    const book = await findPassportBookByNo(trx, no);
    if (!book) throw fieldError('passportNo', '护照保管登记中没有该证件，请先交由外事部门登记保管');
    if (book.passport_kind !== record.data.passportKind) throw fieldError('passportKind', `该证件登记的类型为「${book.passport_kind}」`);
    return { lendState: '待领取', lentAt: null, returnedAt: null };
  },
  actions: {
    async lend(trx, record, payload) {
      const res = await lendPassport(trx, str(record.data.passportNo), record.id);
      if (Number(res.numUpdatedRows) !== 1) throw bizError('该证件不在库，无法借出');
      return { lendState: '已借出', lentAt: payload.lentAt };
    },
    async return(trx, record, payload) {
      if (str(payload.returnedAt) < str(record.data.lentAt)) throw bizError('实际归还日期不能早于领取日期');
      await returnPassport(trx, str(record.data.passportNo), record.id);
      return { lendState: '已归还', returnedAt: payload.returnedAt };
    },
  },
};
