import { defineModule } from './define-module';
import { field, options } from './field';

export const RECEPTION_LEVELS = options('会长', '副会长', '秘书长', '副秘书长', '部门负责人');

/** 外宾来访 (/Visit, a single-route module): the reception plan of a foreign delegation. */
export const visitModule = defineModule({
  code: 'oa_visit',
  name: '外宾来访',
  kind: 'approval',
  routes: { list: '/Visit' },
  menu: { parent: 'foreign', order: 40, icon: 'UsergroupAddOutlined' },
  serial: { prefix: 'LF' },
  scope: 'dept',
  amountField: 'budget',
  fields: {
    delegation: field.text('来访团组名称', { required: true, max: 100, span: 2 }),
    country: field.text('国家（地区）', { required: true, max: 50 }),
    headcount: field.int('来访人数', { required: true, min: 1, max: 200, unit: '人' }),
    headOfDelegation: field.text('团长姓名及职务', { required: true, max: 100 }),
    visitRange: field.daterange('来访日期', { required: true }),
    receptionLevel: field.select('接待规格', { options: RECEPTION_LEVELS, required: true }),
    budget: field.money('接待经费', { required: true, capitals: true }),
    contactPhone: field.phone('联系电话', { required: true }),
    program: field.table(
      '日程安排',
      {
        date: field.date('日期', { required: true }),
        activity: field.text('活动内容', { required: true, max: 100 }),
        place: field.text('地点', { max: 50 }),
      },
      { maxRows: 30 },
    ),
    purpose: field.textarea('来访目的', { required: true, max: 1000 }),
    files: field.attachments('附件', { maxFiles: 10 }),
  },
  rules: [
    (v) => {
      if (!v.visitRange) return null;
      const i = v.program.findIndex((r) => r.date && (r.date < v.visitRange![0] || r.date > v.visitRange![1]));
      return i >= 0 ? { field: 'program', message: `日程安排第${i + 1}行的日期不在来访日期内` } : null;
    },
  ],
  title: (v) => `${v.delegation ?? '外宾'}来访`,
  list: {
    columns: ['serialNo', 'delegation', 'country', 'headcount', 'visitRange', 'budget', 'status'],
    filters: ['delegation', 'country', 'visitRange', 'status'],
  },
});
