import { defineModule } from './define-module';
import { field, options } from './field';

export const BORROW_METHODS = options('银行转账', '现金', '支票');
export const REPAY_STATES = options('未还款', '部分还款', '已结清');

/**
 * 借款 (/Borrow, a single-route module): a cash advance; after approval finance records repayments
 * ('repay' action) until the loan is settled.
 */
export const borrowModule = defineModule({
  code: 'oa_borrow',
  name: '借款',
  kind: 'approval',
  routes: { list: '/Borrow' },
  menu: { parent: 'fin', order: 40, icon: 'TransactionOutlined', name: '借款申请' },
  serial: { prefix: 'JK' },
  scope: 'dept',
  amountField: 'amount',
  fields: {
    amount: field.money('借款金额', { required: true, min: 0.01, max: 1_000_000, capitals: true }),
    method: field.select('领款方式', { options: BORROW_METHODS, required: true }),
    bankCard: field.bankcard('收款银行卡号'),
    borrowDate: field.date('借款日期', { required: true }),
    repayDate: field.date('预计还款日期', { required: true }),
    contactPhone: field.mobile('联系电话', { required: true }),
    purpose: field.textarea('借款用途', { required: true, max: 1000 }),
    files: field.attachments('附件', { maxFiles: 10 }),
    repaid: field.money('已还金额', { readonlyOnForm: true, capitals: true }),
    repayState: field.select('还款状态', { options: REPAY_STATES, readonlyOnForm: true }),
    repayments: field.table(
      '还款记录',
      {
        date: field.date('还款日期', { required: true }),
        amount: field.money('还款金额', { required: true }),
        note: field.text('说明', { max: 100 }),
      },
      { readonlyOnForm: true, maxRows: 100 },
    ),
  },
  rules: [
    (v) =>
      v.borrowDate && v.repayDate && v.repayDate < v.borrowDate ? { field: 'repayDate', message: '预计还款日期不能早于借款日期' } : null,
    (v) => (v.method === '银行转账' && !v.bankCard ? { field: 'bankCard', message: '银行转账须填写收款银行卡号' } : null),
  ],
  actions: {
    repay: {
      label: '登记还款',
      when: ['approved'],
      who: 'manager',
      available: (d) => d.repayState !== '已结清',
      fields: {
        date: field.date('还款日期', { required: true }),
        amount: field.money('还款金额', { required: true, min: 0.01 }),
        note: field.text('说明', { max: 100 }),
      },
    },
  },
  title: (v, applicant) => `${applicant}借款${v.amount ?? ''}元`,
  list: {
    columns: ['serialNo', 'applicant', 'amount', 'borrowDate', 'repayDate', 'repayState', 'status', 'createdAt'],
    filters: ['amount', 'borrowDate', 'repayState', 'status', 'applicant', 'dept'],
  },
});
