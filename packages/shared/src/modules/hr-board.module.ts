import { field, options } from './field';
import { defineRegister, notBefore } from './register-kit';

/** 人事管理: personnel dynamics and their types; the bulletin board of work arrangements. */

/** 动态类型 (/dynamicsType): the types personnel dynamics are filed under. */
export const dynamicsTypeRegister = defineRegister({
  code: 'hr_dynamics_type',
  name: '动态类型',
  routes: { list: '/dynamicsType' },
  menu: { parent: 'hr', order: 120, icon: 'TagsOutlined' },
  serial: { prefix: 'LX' },
  register: { unique: ['typeName'] },
  fields: {
    typeName: field.text('类型名称', { required: true, max: 30 }),
    sortNo: field.int('排序号', { min: 0, max: 9999 }),
    enabled: field.select('状态', { options: options('启用', '停用'), required: true }),
    description: field.textarea('说明', { max: 300 }),
  },
  title: (v) => v.typeName ?? '动态类型',
  list: { columns: ['typeName', 'sortNo', 'enabled', 'description'], filters: ['typeName', 'enabled'] },
});

/** Types offered on a fresh install. */
export const DEFAULT_DYNAMICS_TYPES = ['入职', '离职', '调岗', '晋升', '任免', '退休', '奖励', '处分'];

/** 人事动态 (/personnelDynamics): appointments, transfers, arrivals and departures, awards. */
export const dynamicsRegister = defineRegister({
  code: 'hr_dynamics',
  name: '人事动态',
  routes: { list: '/personnelDynamics' },
  menu: { parent: 'hr', order: 110, icon: 'NotificationOutlined' },
  serial: { prefix: 'RS' },
  register: { refs: { dynamicsType: { module: 'hr_dynamics_type', field: 'typeName' } } },
  fields: {
    subject: field.text('标题', { required: true, max: 100, span: 2 }),
    dynamicsType: field.text('动态类型', { required: true, max: 30 }),
    effectiveDate: field.date('生效日期', { required: true }),
    personName: field.text('涉及人员', { required: true, max: 100 }),
    dept: field.dept('所在部门'),
    docNo: field.text('文号', { max: 50 }),
    content: field.textarea('内容', { max: 3000, rows: 6 }),
    files: field.attachments('附件', { maxFiles: 10 }),
  },
  title: (v) => v.subject ?? '人事动态',
  list: {
    columns: ['effectiveDate', 'dynamicsType', 'subject', 'personName', 'dept', 'docNo'],
    filters: ['subject', 'dynamicsType', 'personName', 'dept', 'effectiveDate'],
  },
});

export const BULLETIN_CATEGORIES = options('周工作安排', '月工作安排', '会议安排', '值班安排', '通知', '其他');
export const PUBLISH_STATES = options('草稿', '已发布', '已撤回');

/**
 * 工作安排 (/bulletinBoard, /bulletinBoardEdit): work arrangements on the bulletin board. Written and
 * published by the office; everyone else sees the published ones.
 */
export const bulletinRegister = defineRegister({
  code: 'hr_bulletin',
  name: '工作安排',
  routes: { list: '/bulletinBoard', edit: '/bulletinBoardEdit' },
  menu: {
    parent: 'hr',
    order: 130,
    edit: '工作安排发布',
    icon: 'PushpinOutlined',
  },
  serial: { prefix: 'AP' },
  register: { readerFilter: { publishState: ['已发布'] } },
  fields: {
    subject: field.text('标题', { required: true, max: 100, span: 2 }),
    category: field.select('安排类型', { options: BULLETIN_CATEGORIES, required: true }),
    dept: field.dept('发布部门', { required: true }),
    startDate: field.date('开始日期', { required: true }),
    endDate: field.date('结束日期', { required: true }),
    pinned: field.select('置顶', { options: options('否', '是') }),
    content: field.textarea('安排内容', { required: true, max: 5000, rows: 10 }),
    files: field.attachments('附件', { maxFiles: 10 }),
    publishState: field.select('发布状态', { options: PUBLISH_STATES, readonlyOnForm: true }),
    publishedAt: field.text('发布时间', { max: 32, readonlyOnForm: true }),
    publisher: field.text('发布人', { max: 30, readonlyOnForm: true }),
  },
  rules: [notBefore('endDate', 'startDate', '结束日期不能早于开始日期')],
  actions: {
    publish: { label: '发布', when: ['approved'], who: 'manager', fields: {} },
    unpublish: { label: '撤回', when: ['approved'], who: 'manager', fields: {} },
  },
  title: (v) => v.subject ?? '工作安排',
  list: {
    columns: ['subject', 'category', 'dept', 'startDate', 'endDate', 'pinned', 'publishState', 'publishedAt'],
    filters: ['subject', 'category', 'dept', 'startDate', 'publishState'],
  },
});
