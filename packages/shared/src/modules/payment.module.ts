import { defineModule } from './define-module';
import { field, options } from './field';
import { columnSum } from './approval-kit';
import { menuPage } from './module-menu';

export const PAYMENT_KINDS = options('费用报销', '对公付款', '预付款');
export const EXPENSE_CATEGORIES = options('差旅费', '交通费', '办公费', '会议费', '培训费', '印刷费', '邮电费', '招待费', '劳务费', '其他');
export const PAYMENT_METHODS = options('银行转账', '公务卡', '现金', '支票');

/**
 * 付款申请与费用报销 (/Payment, a single-route module; finance's /PaymentManage): expense lines, the
 * total computed from them and shown in capitals.
 */
export const paymentModule = defineModule({
  code: 'oa_payment',
  name: '付款报销',
  kind: 'approval',
  routes: { list: '/Payment', manage: '/PaymentManage' },
  menu: {
    parent: 'fin',
    order: 20,
    icon: 'CreditCardOutlined',
    name: '付款申请',
    pages: [menuPage('oa_payment_manage', '付款管理', '/PaymentManage', 30, 'BankOutlined')],
  },
  serial: { prefix: 'BX' },
  scope: 'dept',
  amountField: 'total',
  fields: {
    paymentKind: field.select('申请类型', { options: PAYMENT_KINDS, required: true }),
    method: field.select('支付方式', { options: PAYMENT_METHODS, required: true }),
    payee: field.text('收款人（单位）', { required: true, max: 100 }),
    bankName: field.text('开户银行', { max: 100 }),
    bankAccount: field.text('银行账号', { max: 32, mask: 'bankcard' }),
    budgetItem: field.text('预算项目', { max: 100 }),
    contactPhone: field.phone('联系电话', { required: true }),
    lines: field.table(
      '费用明细',
      {
        date: field.date('发生日期', { required: true }),
        category: field.select('费用类别', { options: EXPENSE_CATEGORIES, required: true }),
        description: field.text('摘要', { required: true, max: 100 }),
        amount: field.money('金额', { required: true }),
        invoices: field.int('票据张数', { min: 0, max: 999 }),
      },
      { required: true, maxRows: 50 },
    ),
    total: field.money('合计金额', { capitals: true, compute: (d) => columnSum(d.lines, 'amount') }),
    reason: field.textarea('付款事由', { required: true, max: 1000 }),
    files: field.attachments('发票及附件', { required: true, maxFiles: 30 }),
  },
  rules: [
    (v) =>
      v.method === '银行转账' && (!v.bankName || !v.bankAccount)
        ? { field: 'bankAccount', message: '银行转账须填写开户银行和银行账号' }
        : null,
    (v) =>
      v.bankAccount && !/^\d{8,32}$/.test(v.bankAccount.replace(/\s/g, ''))
        ? { field: 'bankAccount', message: '银行账号应为8至32位数字' }
        : null,
    (v) => (v.total !== null && v.total <= 0 ? { field: 'lines', message: '合计金额必须大于0' } : null),
  ],
  title: (v, applicant) => `${applicant}${v.paymentKind ?? '付款'}：${v.payee ?? ''}`,
  sections: [
    { title: '付款信息', fields: ['paymentKind', 'method', 'payee', 'bankName', 'bankAccount', 'budgetItem', 'contactPhone'] },
    { title: '费用明细', fields: ['lines', 'total'] },
    { title: '事由及附件', fields: ['reason', 'files'] },
  ],
  list: {
    columns: ['serialNo', 'paymentKind', 'payee', 'total', 'applicant', 'status', 'createdAt'],
    filters: ['paymentKind', 'payee', 'total', 'status', 'createdAt', 'dept'],
  },
});
