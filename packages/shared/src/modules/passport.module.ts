import { defineModule } from './define-module';
import { field, options } from './field';
import { PASSPORT_KINDS } from './abroad.module';

export const PASSPORT_LEND_STATES = options('待领取', '已借出', '已归还');

/**
 * 护照借用 (/Passport, a single-route module): passports are kept by the foreign-affairs office (the
 * custody register on the same page); a holder applies to take theirs out, the office records the
 * hand-over ('lend') and the return ('return').
 */
export const passportModule = defineModule({
  code: 'oa_passport',
  name: '护照借用',
  kind: 'approval',
  routes: { list: '/Passport' },
  menu: { parent: 'foreign', order: 20, icon: 'IdcardOutlined', name: '护照管理' },
  serial: { prefix: 'HZ' },
  scope: 'dept',
  fields: {
    holderName: field.text('持照人', { required: true, max: 30 }),
    passportKind: field.select('证件类型', { options: PASSPORT_KINDS, required: true }),
    passportNo: field.text('证件号码', { required: true, max: 20 }),
    lendRange: field.daterange('借用期间', { required: true, startLabel: '领取日期', endLabel: '归还日期' }),
    abroadSerial: field.text('关联出国(境)申请编号', { max: 30 }),
    contactPhone: field.mobile('联系电话', { required: true }),
    purpose: field.textarea('借用事由', { required: true, max: 500 }),
    lendState: field.select('借用状态', { options: PASSPORT_LEND_STATES, readonlyOnForm: true }),
    lentAt: field.date('实际领取日期', { readonlyOnForm: true }),
    returnedAt: field.date('实际归还日期', { readonlyOnForm: true }),
  },
  rules: [
    (v) =>
      v.passportNo && !/^[A-Z0-9]{5,17}$/.test(v.passportNo) ? { field: 'passportNo', message: '证件号码应为5至17位大写字母或数字' } : null,
  ],
  actions: {
    lend: {
      label: '登记领取',
      when: ['approved'],
      who: 'manager',
      available: (d) => d.lendState === '待领取',
      fields: { lentAt: field.date('实际领取日期', { required: true }) },
    },
    return: {
      label: '登记归还',
      when: ['approved'],
      who: 'manager',
      available: (d) => d.lendState === '已借出',
      fields: { returnedAt: field.date('实际归还日期', { required: true }) },
    },
  },
  title: (v) => `${v.holderName ?? ''}借用${v.passportKind ?? '护照'}`,
  list: {
    columns: ['serialNo', 'holderName', 'passportKind', 'passportNo', 'lendRange', 'lendState', 'status'],
    filters: ['holderName', 'passportNo', 'lendState', 'status'],
  },
});
