import { nowIso } from '../../../lib/time';
import { bizError } from '../../../lib/errors';
import type { ModuleHooks } from './hook-types';

/**
 * Server hooks of the registers (issue 6): the values of system-set fields on a new row, and the
 * module actions — licence lending, suggestion replies, publishing work arrangements.
 */
export interface RegisterHooks {
  /** values of the fields the form never sets (readonlyOnForm), for a new row */
  defaults?(): Record<string, unknown>;
  actions?: ModuleHooks['actions'];
}

const today = (): string => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

const licenseHooks: RegisterHooks = {
  defaults: () => ({ lendState: '在库', borrower: null, lendDate: null, expectedReturnDate: null, lendReason: null }),
  actions: {
    async lend(_trx, record, payload) {
      if (record.data.lendState === '已借出') throw bizError('该证照已借出，归还后才能再次借出');
      if (String(payload.expectedReturnDate) < String(payload.lendDate)) throw bizError('预计归还日期不能早于借出日期');
      return { lendState: '已借出', borrower: payload.borrower, lendDate: payload.lendDate, expectedReturnDate: payload.expectedReturnDate, lendReason: payload.lendReason };
    },
    async giveBack(_trx, record, payload) {
      if (record.data.lendState !== '已借出') throw bizError('该证照在库，无需归还');
      const lendDate = typeof record.data.lendDate === 'string' ? record.data.lendDate : '';
      if (lendDate && String(payload.returnDate) < lendDate) throw bizError('归还日期不能早于借出日期');
      return { lendState: '在库', borrower: null, lendDate: null, expectedReturnDate: null, lendReason: null };
    },
  },
};

const suggestionHooks: RegisterHooks = {
  defaults: () => ({ state: '待回复', reply: null, replier: null, replyDate: null }),
  actions: {
    async reply(_trx, _record, payload, actor) {
      return { state: payload.state, reply: payload.reply, replier: actor.userName, replyDate: today() };
    },
  },
};

const bulletinHooks: RegisterHooks = {
  defaults: () => ({ publishState: '草稿', publishedAt: null, publisher: null }),
  actions: {
    async publish(_trx, record, _payload, actor) {
      if (record.data.publishState === '已发布') throw bizError('该工作安排已发布');
      return { publishState: '已发布', publishedAt: nowIso().slice(0, 19).replace('T', ' '), publisher: actor.userName };
    },
    async unpublish(_trx, record) {
      if (record.data.publishState !== '已发布') throw bizError('该工作安排尚未发布');
      return { publishState: '已撤回' };
    },
  },
};

/** Register code → its hooks. */
export const REGISTER_HOOKS: Readonly<Record<string, RegisterHooks>> = {
  biz_license: licenseHooks,
  biz_suggestion: suggestionHooks,
  hr_bulletin: bulletinHooks,
};
