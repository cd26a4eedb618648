import { defineModule } from './define-module';
import { field, options } from './field';
import { FUND_SOURCES } from './approval-kit';

export const CONFERENCE_ROLES = options('主办', '承办', '协办', '参会');

/** 国际会议 (/Conference, a single-route module): holding or attending an international conference. */
export const conferenceModule = defineModule({
  code: 'oa_conference',
  name: '国际会议',
  kind: 'approval',
  routes: { list: '/Conference' },
  menu: { parent: 'foreign', order: 50, icon: 'GlobalOutlined' },
  serial: { prefix: 'GH' },
  scope: 'dept',
  amountField: 'budget',
  fields: {
    conferenceName: field.text('会议名称', { required: true, max: 200, span: 2 }),
    role: field.select('我会角色', { options: CONFERENCE_ROLES, required: true }),
    place: field.text('会议地点', { required: true, max: 100 }),
    dateRange: field.daterange('会议日期', { required: true }),
    totalCount: field.int('参会总人数', { required: true, min: 1, max: 100000, unit: '人' }),
    foreignCount: field.int('境外参会人数', { required: true, min: 0, max: 100000, unit: '人' }),
    budget: field.money('会议预算', { required: true, capitals: true }),
    fundSource: field.select('经费来源', { options: FUND_SOURCES, required: true }),
    contactPhone: field.phone('联系电话', { required: true }),
    contactEmail: field.email('联系邮箱'),
    content: field.textarea('会议主题及议程', { required: true, max: 3000 }),
    files: field.attachments('会议方案等附件', { maxFiles: 10 }),
  },
  rules: [
    (v) =>
      v.totalCount !== null && v.foreignCount !== null && v.foreignCount > v.totalCount
        ? { field: 'foreignCount', message: '境外参会人数不能多于参会总人数' }
        : null,
  ],
  title: (v) => v.conferenceName ?? '国际会议',
  list: {
    columns: ['serialNo', 'conferenceName', 'role', 'place', 'dateRange', 'budget', 'status'],
    filters: ['conferenceName', 'role', 'dateRange', 'status'],
  },
});
