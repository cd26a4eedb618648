import { defineModule } from './define-module';
import { field, options } from './field';
import { calendarDays, FUND_SOURCES } from './approval-kit';

export const MISSION_TYPES = options('出访交流', '参加国际会议', '培训学习', '考察调研', '展览展会', '其他');
export const PASSPORT_KINDS = options('因公普通护照', '因私普通护照', '往来港澳通行证', '往来台湾通行证');

/** 出国(境)申请 (/GoAbroad, a single-route module): the mission, its members, dates and budget. */
export const abroadModule = defineModule({
  code: 'oa_abroad',
  name: '出国(境)',
  kind: 'approval',
  routes: { list: '/GoAbroad' },
  menu: { parent: 'foreign', order: 10, icon: 'RocketOutlined', name: '出国(境)申请' },
  serial: { prefix: 'CJ' },
  scope: 'dept',
  amountField: 'budget',
  fields: {
    missionName: field.text('团组名称', { required: true, max: 100, span: 2 }),
    missionType: field.select('出访类型', { options: MISSION_TYPES, required: true }),
    countries: field.text('出访国家（地区）', { required: true, max: 100 }),
    travelRange: field.daterange('出访日期', { required: true, startLabel: '出境日期', endLabel: '入境日期' }),
    days: field.int('在外天数', { unit: '天', compute: (d) => calendarDays(d.travelRange) }),
    inviter: field.text('邀请单位', { required: true, max: 200 }),
    budget: field.money('经费预算', { required: true, capitals: true }),
    fundSource: field.select('经费来源', { options: FUND_SOURCES, required: true }),
    contactPhone: field.mobile('联系电话', { required: true }),
    members: field.table(
      '团组成员',
      {
        name: field.text('姓名', { required: true, max: 30 }),
        unit: field.text('单位及职务', { required: true, max: 100 }),
        passportKind: field.select('证件类型', { options: PASSPORT_KINDS, required: true }),
      },
      { required: true, maxRows: 30 },
    ),
    tasks: field.textarea('出访任务及日程', { required: true, max: 3000 }),
    files: field.attachments('邀请函及日程', { required: true, maxFiles: 10 }),
  },
  rules: [(v) => (v.days !== null && v.days > 90 ? { field: 'travelRange', message: '单次出访不得超过90天' } : null)],
  title: (v) => `${v.missionName ?? '出访团组'}赴${v.countries ?? ''}`,
  list: {
    columns: ['serialNo', 'missionName', 'countries', 'travelRange', 'days', 'budget', 'status'],
    filters: ['missionName', 'countries', 'travelRange', 'missionType', 'status'],
  },
});
