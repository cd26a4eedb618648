import { defineModule } from './define-module';
import { field, options } from './field';
import { hiddenPage } from './module-menu';

/** "三重一大": major decisions, appointments, projects and large sums. */
export const EVENT_TYPES = options('重大决策', '重要人事任免', '重大项目安排', '大额资金使用', '其他重大事项');
export const DECISION_BODIES = options('党组会议', '会长办公会议', '理事会', '常务理事会', '秘书长办公会议');

/** 重大事项 (/bigEvents, /eventEdit, /eventPreview; the approval record page /eventApprovalDetail). */
export const eventModule = defineModule({
  code: 'oa_event',
  name: '重大事项',
  kind: 'approval',
  routes: { list: '/bigEvents', edit: '/eventEdit', preview: '/eventPreview' },
  menu: {
    parent: 'biz',
    order: 60,
    edit: '重大事项申报',
    preview: '重大事项详情',
    icon: 'AlertOutlined',
    pages: [hiddenPage('oa_event_approval_detail', '重大事项审批', '/eventApprovalDetail', 63)],
  },
  serial: { prefix: 'ZD' },
  scope: 'dept',
  amountField: 'amount',
  fields: {
    subject: field.text('事项名称', { required: true, max: 100, span: 2 }),
    eventType: field.select('事项类型', { options: EVENT_TYPES, required: true }),
    decisionBody: field.select('拟提交决策会议', { options: DECISION_BODIES, required: true }),
    amount: field.money('涉及金额', { capitals: true }),
    planDate: field.date('拟实施日期', { required: true }),
    owner: field.user('责任人', { required: true }),
    contactPhone: field.phone('联系电话', { required: true }),
    background: field.textarea('事项背景', { required: true, max: 3000 }),
    plan: field.textarea('实施方案及拟办意见', { required: true, max: 3000 }),
    risk: field.textarea('风险评估', { max: 2000 }),
    files: field.attachments('附件', { maxFiles: 10 }),
  },
  rules: [
    (v) =>
      v.eventType === '大额资金使用' && (v.amount === null || v.amount <= 0)
        ? { field: 'amount', message: '大额资金使用事项须填写涉及金额' }
        : null,
  ],
  title: (v) => v.subject ?? '重大事项',
  list: {
    columns: ['serialNo', 'subject', 'eventType', 'decisionBody', 'amount', 'planDate', 'status'],
    filters: ['subject', 'eventType', 'planDate', 'status', 'dept'],
  },
});
