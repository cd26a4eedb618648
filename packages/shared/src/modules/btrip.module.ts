import { defineModule } from './define-module';
import { field, options } from './field';
import { formPage, hiddenPage } from './module-menu';

export const TRANSPORTS = options('飞机', '高铁', '火车', '汽车', '自驾', '其他');
export const ESCORT_LEVELS = options('无随行人员', '一般工作人员', '处级', '局级及以上');

/** Whole days of a [start, end] date range, both ends included. */
export function rangeDays(range: unknown): number | null {
  if (!Array.isArray(range) || typeof range[0] !== 'string' || typeof range[1] !== 'string') return null;
  const ms = Date.parse(`${range[1]}T00:00:00Z`) - Date.parse(`${range[0]}T00:00:00Z`);
  return Number.isFinite(ms) && ms >= 0 ? Math.round(ms / 86_400_000) + 1 : null;
}

/** 出差申请 (/btrip, /btripEdit, /btripPreview); /seniorEdit is the senior-staff variant (variant 'senior'). */
export const btripModule = defineModule({
  code: 'oa_btrip',
  name: '出差申请',
  kind: 'approval',
  routes: { list: '/btrip', edit: '/btripEdit', preview: '/btripPreview' },
  menu: {
    parent: 'office',
    order: 30,
    icon: 'CarOutlined',
    pages: [
      formPage('oa_btrip_edit', '出差申请单', '/btripEdit', 31),
      formPage('oa_btrip_senior_edit', '领导出差申请单', '/seniorEdit', 32, { grant: 'leaders' }),
      hiddenPage('oa_btrip_preview', '出差详情', '/btripPreview', 33),
    ],
  },
  variants: { senior: { label: '领导出差', route: '/seniorEdit' } },
  serial: { prefix: 'CC' },
  scope: 'dept',
  amountField: 'budget',
  fields: {
    destination: field.text('出差地点', { required: true, max: 100 }),
    dateRange: field.daterange('出差时间', { required: true, startLabel: '出发日期', endLabel: '返回日期' }),
    days: field.int('出差天数', { unit: '天', compute: (d) => rangeDays(d.dateRange) }),
    transport: field.select('交通工具', { options: TRANSPORTS, required: true }),
    budget: field.money('预计费用', { min: 0, required: true }),
    contactPhone: field.mobile('出差期间联系电话'),
    escortLevel: field.select('随行人员级别', { options: ESCORT_LEVELS, required: true, variant: 'senior' }),
    reason: field.textarea('出差事由', { required: true, max: 500 }),
    companions: field.user('同行人员', { multiple: true, span: 2 }),
    itinerary: field.table(
      '行程安排',
      {
        date: field.date('日期', { required: true }),
        from: field.text('出发地', { required: true, max: 50 }),
        to: field.text('到达地', { required: true, max: 50 }),
        transport: field.select('交通方式', { options: TRANSPORTS }),
        note: field.text('说明', { max: 200 }),
      },
      { maxRows: 30 },
    ),
    attachments: field.attachments('附件', { maxFiles: 10 }),
  },
  rules: [
    (v) => {
      if (!v.dateRange) return null;
      const [start, end] = v.dateRange;
      const i = v.itinerary.findIndex((r) => r.date && (r.date < start || r.date > end));
      return i >= 0 ? { field: 'itinerary', message: `行程安排第${i + 1}行的日期不在出差时间内` } : null;
    },
  ],
  title: (v, applicant) => `${applicant}赴${v.destination ?? ''}出差`,
  sections: [
    {
      title: '出差信息',
      fields: ['destination', 'dateRange', 'days', 'transport', 'budget', 'contactPhone', 'escortLevel', 'reason', 'companions'],
    },
    { title: '行程安排', fields: ['itinerary'] },
    { title: '附件', fields: ['attachments'] },
  ],
  list: {
    columns: ['serialNo', 'destination', 'dateRange', 'days', 'budget', 'applicant', 'status', 'createdAt'],
    filters: ['destination', 'dateRange', 'budget', 'transport', 'status', 'dept'],
  },
});
