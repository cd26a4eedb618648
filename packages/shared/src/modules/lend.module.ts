import { defineModule } from './define-module';
import { field, options } from './field';

export const LEND_STATES = options('待借出', '已借出', '已归还');

/** 物品借用 (/lend, /lendEdit, /lendPreview): after approval the item is lent; the 'return' action records the return. */
export const lendModule = defineModule({
  code: 'oa_lend',
  name: '物品借用',
  kind: 'approval',
  routes: { list: '/lend', edit: '/lendEdit', preview: '/lendPreview' },
  menu: {
    parent: 'office',
    order: 20,
    edit: '借用申请单',
    preview: '借用详情',
    icon: 'ShoppingOutlined',
  },
  serial: { prefix: 'JY' },
  scope: 'dept',
  fields: {
    item: field.text('物品名称', { required: true, max: 100 }),
    quantity: field.int('借用数量', { required: true, min: 1, max: 9999, unit: '件' }),
    purpose: field.textarea('借用用途', { required: true, max: 500 }),
    borrowDate: field.date('借用日期', { required: true }),
    expectedReturnDate: field.date('预计归还日期', { required: true }),
    contact: field.mobile('联系电话'),
    lendState: field.select('借用状态', { options: LEND_STATES, readonlyOnForm: true }),
    returnDate: field.date('实际归还日期', { readonlyOnForm: true }),
    remark: field.textarea('备注', { max: 500 }),
  },
  rules: [
    (v) =>
      v.borrowDate && v.expectedReturnDate && v.expectedReturnDate < v.borrowDate
        ? { field: 'expectedReturnDate', message: '预计归还日期不能早于借用日期' }
        : null,
  ],
  actions: {
    return: {
      label: '登记归还',
      when: ['approved'],
      who: 'applicantOrManager',
      available: (d) => d.lendState === '已借出',
      fields: { returnDate: field.date('实际归还日期', { required: true }) },
    },
  },
  title: (v, applicant) => `${applicant}借用${v.item ?? '物品'}`,
  list: {
    columns: ['serialNo', 'item', 'quantity', 'borrowDate', 'expectedReturnDate', 'lendState', 'applicant', 'status'],
    filters: ['item', 'borrowDate', 'lendState', 'status', 'applicant'],
  },
});
