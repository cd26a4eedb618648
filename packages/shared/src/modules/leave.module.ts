import { defineModule } from './define-module';
import { field, options } from './field';
import { workingDays } from './approval-kit';
import { menuPage } from './module-menu';

export const ANNUAL_LEAVE = '年休假';
export const LEAVE_TYPES = options(ANNUAL_LEAVE, '事假', '病假', '调休', '婚假', '产假', '陪产假', '丧假', '探亲假');

/**
 * 请假 (/Leave, a single-route module; /LeaveManage with leave types and annual-leave balances).
 * Days are the working days (Monday–Friday) of the range. Annual leave beyond the balance is refused
 * by the server hook when submitting.
 */
export const leaveModule = defineModule({
  code: 'oa_leave',
  name: '请假',
  kind: 'approval',
  routes: { list: '/Leave', manage: '/LeaveManage' },
  menu: {
    parent: 'hr',
    order: 60,
    icon: 'CoffeeOutlined',
    name: '请假申请',
    pages: [menuPage('oa_leave_manage', '请假管理', '/LeaveManage', 70, 'CarryOutOutlined')],
  },
  serial: { prefix: 'QJ' },
  scope: 'dept',
  amountField: 'days',
  fields: {
    leaveType: field.select('请假类型', { options: LEAVE_TYPES, required: true }),
    dateRange: field.daterange('请假时间', { required: true, startLabel: '开始日期', endLabel: '结束日期' }),
    days: field.int('请假天数', { unit: '个工作日', compute: (d) => workingDays(d.dateRange) }),
    handover: field.user('工作交接人'),
    contactPhone: field.mobile('休假期间联系电话', { required: true }),
    reason: field.textarea('请假事由', { required: true, max: 500 }),
    files: field.attachments('证明材料', { maxFiles: 5, help: '病假三天及以上须上传医院证明' }),
  },
  rules: [
    (v) => (v.dateRange && v.days === 0 ? { field: 'dateRange', message: '请假时间内没有工作日' } : null),
    (v) =>
      v.leaveType === '病假' && v.days !== null && v.days >= 3 && v.files.length === 0
        ? { field: 'files', message: '病假三天及以上须上传医院证明' }
        : null,
    (v) => (v.days !== null && v.days > 180 ? { field: 'dateRange', message: '单次请假不能超过180个工作日' } : null),
  ],
  title: (v, applicant) => `${applicant}${v.leaveType ?? ''}${v.days ? `${v.days}天` : ''}`,
  list: {
    columns: ['serialNo', 'applicant', 'leaveType', 'dateRange', 'days', 'status', 'createdAt'],
    filters: ['leaveType', 'dateRange', 'status', 'applicant', 'dept'],
  },
});
