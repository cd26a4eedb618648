import { field, options } from './field';
import { defineRegister, monthField, monthRule, TIME_OF_DAY } from './register-kit';

/** 日常登记 (行政办公): phone bills, call log, express deliveries, notes. */

export const CARRIERS = options('中国移动', '中国联通', '中国电信', '中国广电', '其他');
export const NUMBER_TYPES = options('手机', '固定电话', '宽带', '传真');

/** 话费管理 (/TelManage): the monthly bill of every number the association pays for. */
export const telRegister = defineRegister({
  code: 'office_tel',
  name: '话费管理',
  routes: { list: '/TelManage' },
  menu: { parent: 'office_daily', order: 10, icon: 'PhoneOutlined' },
  serial: { prefix: 'HF' },
  amountField: 'fee',
  fields: {
    month: monthField('账单月份', { required: true }),
    phoneNo: field.phone('电话号码', { required: true }),
    numberType: field.select('号码类型', { options: NUMBER_TYPES, required: true }),
    carrier: field.select('运营商', { options: CARRIERS, required: true }),
    user: field.user('使用人', { required: true }),
    dept: field.dept('使用部门'),
    plan: field.text('套餐名称', { max: 50 }),
    fee: field.money('话费金额', { required: true, max: 99_999.99 }),
    quota: field.money('报销标准', { max: 99_999.99, help: '单位每月承担的上限，超出部分个人承担' }),
    personalPart: field.money('个人承担', {
      max: 99_999.99,
      compute: (d) => {
        const fee = typeof d.fee === 'number' ? d.fee : null;
        const quota = typeof d.quota === 'number' ? d.quota : null;
        return fee === null || quota === null ? null : Math.max(0, Math.round((fee - quota) * 100) / 100);
      },
    }),
    payDate: field.date('缴费日期'),
    remark: field.textarea('备注', { max: 300 }),
  },
  rules: [monthRule('month', '账单月份')],
  title: (v) => `${v.month ?? ''} ${v.phoneNo ?? ''} 话费`,
  list: {
    columns: ['month', 'phoneNo', 'numberType', 'carrier', 'user', 'dept', 'fee', 'quota', 'personalPart', 'payDate'],
    filters: ['month', 'phoneNo', 'user', 'dept', 'carrier', 'fee'],
  },
});

export const CALL_HANDLING = options('已转达', '已办结', '待回复', '无需处理');

/** 来电记录 (/CallLog): incoming calls taken by the office and what was done with them. */
export const callLogRegister = defineRegister({
  code: 'office_call_log',
  name: '来电记录',
  routes: { list: '/CallLog' },
  menu: { parent: 'office_daily', order: 20, icon: 'HistoryOutlined' },
  serial: { prefix: 'LD' },
  fields: {
    callDate: field.date('来电日期', { required: true }),
    callTime: field.text('来电时间', { max: 5, placeholder: '如 09:30' }),
    callerName: field.text('来电人', { required: true, max: 30 }),
    callerOrg: field.text('来电单位', { max: 100 }),
    callerPhone: field.phone('来电号码'),
    subject: field.text('来电事由', { required: true, max: 200, span: 2 }),
    content: field.textarea('内容摘要', { max: 1000 }),
    receiver: field.user('接听人', { required: true }),
    handling: field.select('处理方式', { options: CALL_HANDLING, required: true }),
    forwardTo: field.user('转达对象'),
    result: field.textarea('处理结果', { max: 500 }),
  },
  rules: [
    (v) => (v.callTime && !TIME_OF_DAY.test(v.callTime) ? { field: 'callTime', message: '来电时间格式应为“时:分”，如 09:30' } : null),
    (v) => (v.handling === '已转达' && !v.forwardTo ? { field: 'forwardTo', message: '处理方式为“已转达”时请选择转达对象' } : null),
  ],
  title: (v) => `${v.callerName ?? ''}来电：${v.subject ?? ''}`,
  list: {
    columns: ['callDate', 'callTime', 'callerName', 'callerOrg', 'callerPhone', 'subject', 'receiver', 'handling', 'forwardTo'],
    filters: ['callDate', 'callerName', 'callerOrg', 'subject', 'receiver', 'handling'],
  },
});

export const EXPRESS_DIRECTIONS = options('收件', '寄件');
export const EXPRESS_COMPANIES = options(
  '顺丰速运',
  '中国邮政EMS',
  '京东物流',
  '中通快递',
  '圆通速递',
  '申通快递',
  '韵达快递',
  '极兔速递',
  '德邦快递',
  '其他',
);
export const EXPRESS_PAY = options('寄付', '到付', '月结');
export const EXPRESS_STATES = options('待领取', '已领取', '已寄出', '已退回');

/** 快递登记 (/Express): parcels received for and sent by staff. */
export const expressRegister = defineRegister({
  code: 'office_express',
  name: '快递登记',
  routes: { list: '/Express' },
  menu: { parent: 'office_daily', order: 30, icon: 'GiftOutlined' },
  serial: { prefix: 'KD' },
  amountField: 'cost',
  register: { unique: ['trackingNo'] },
  fields: {
    direction: field.select('收发类型', { options: EXPRESS_DIRECTIONS, required: true }),
    regDate: field.date('登记日期', { required: true }),
    company: field.select('快递公司', { options: EXPRESS_COMPANIES, required: true }),
    trackingNo: field.text('快递单号', { required: true, min: 6, max: 40 }),
    staff: field.user('本单位收/寄件人', { required: true }),
    dept: field.dept('所在部门'),
    counterpartOrg: field.text('对方单位', { max: 100 }),
    counterpartName: field.text('对方联系人', { max: 30 }),
    counterpartPhone: field.phone('对方电话'),
    item: field.text('物品名称', { max: 100 }),
    pieces: field.int('件数', { min: 1, max: 999, unit: '件' }),
    payMode: field.select('付款方式', { options: EXPRESS_PAY }),
    cost: field.money('快递费用', { max: 99_999.99 }),
    state: field.select('状态', { options: EXPRESS_STATES, required: true }),
    doneDate: field.date('领取/寄出日期'),
    remark: field.textarea('备注', { max: 300 }),
  },
  rules: [
    (v) => (v.direction === '收件' && v.state === '已寄出' ? { field: 'state', message: '收件的状态不能是“已寄出”' } : null),
    (v) =>
      v.direction === '寄件' && (v.state === '待领取' || v.state === '已领取')
        ? { field: 'state', message: '寄件的状态应为“已寄出”或“已退回”' }
        : null,
    (v) => (v.doneDate && v.regDate && v.doneDate < v.regDate ? { field: 'doneDate', message: '领取/寄出日期不能早于登记日期' } : null),
  ],
  title: (v) => `${v.direction ?? ''} ${v.company ?? ''} ${v.trackingNo ?? ''}`,
  list: {
    columns: ['regDate', 'direction', 'company', 'trackingNo', 'staff', 'counterpartOrg', 'item', 'cost', 'state', 'doneDate'],
    filters: ['regDate', 'direction', 'company', 'trackingNo', 'staff', 'state'],
  },
});

export const NOTE_CATEGORIES = options('工作', '会议', '待办', '学习', '个人', '其他');
export const NOTE_PRIORITIES = options('普通', '重要', '紧急');

/** 记事本 (/Note): private notes — only their owner sees and edits them. */
export const noteRegister = defineRegister({
  code: 'office_note',
  name: '记事本',
  routes: { list: '/Note' },
  menu: { parent: 'office_daily', order: 40, icon: 'FormOutlined' },
  serial: { prefix: 'JS' },
  register: { visibility: 'owner' },
  fields: {
    subject: field.text('标题', { required: true, max: 100, span: 2 }),
    category: field.select('分类', { options: NOTE_CATEGORIES, required: true }),
    priority: field.select('重要程度', { options: NOTE_PRIORITIES }),
    noteDate: field.date('日期', { required: true }),
    remindDate: field.date('提醒日期'),
    content: field.textarea('内容', { required: true, max: 5000, rows: 8 }),
  },
  title: (v) => v.subject ?? '记事',
  list: {
    columns: ['noteDate', 'subject', 'category', 'priority', 'remindDate', 'createdAt'],
    filters: ['subject', 'category', 'priority', 'noteDate'],
  },
});
