import { field, options } from './field';
import { defineRegister, monthField, monthRule, notBefore } from './register-kit';

/** 人事管理: personnel contracts, appraisal, attendance. */

export const CONTRACT_TYPES = options(
  '固定期限劳动合同',
  '无固定期限劳动合同',
  '以完成一定工作任务为期限',
  '劳务协议',
  '退休返聘协议',
  '实习协议',
);
export const CONTRACT_STATES = options('履行中', '已续签', '已终止', '已解除');
/** Contracts ending within this many days are highlighted on /PersonalContractManage. */
export const CONTRACT_EXPIRY_DAYS = 30;

/** 劳动合同 (/PersonalContractManage): every staff member's contracts; those ending within 30 days are highlighted. */
export const contractRegister = defineRegister({
  code: 'hr_contract',
  name: '劳动合同',
  routes: { list: '/PersonalContractManage' },
  menu: { parent: 'hr', order: 20, icon: 'FileProtectOutlined' },
  serial: { prefix: 'HT' },
  register: { unique: ['contractNo'] },
  fields: {
    contractNo: field.text('合同编号', { required: true, max: 40 }),
    name: field.text('员工姓名', { required: true, max: 30 }),
    account: field.user('系统账号'),
    dept: field.dept('所在部门', { required: true }),
    position: field.text('岗位', { max: 50 }),
    contractType: field.select('合同类型', { options: CONTRACT_TYPES, required: true }),
    signTimes: field.int('签订次数', { min: 1, max: 20, unit: '次', help: '第几次与本单位签订' }),
    signDate: field.date('签订日期', { required: true }),
    startDate: field.date('合同开始日期', { required: true }),
    endDate: field.date('合同结束日期', { help: '无固定期限合同留空' }),
    probationMonths: field.int('试用期', { min: 0, max: 6, unit: '个月' }),
    probationEnd: field.date('试用期截止日期'),
    state: field.select('合同状态', { options: CONTRACT_STATES, required: true }),
    files: field.attachments('合同扫描件', { maxFiles: 10 }),
    remark: field.textarea('备注', { max: 500 }),
  },
  rules: [
    notBefore('endDate', 'startDate', '合同结束日期不能早于开始日期'),
    notBefore('startDate', 'signDate', '合同开始日期不能早于签订日期'),
    (v) =>
      v.contractType && v.contractType !== '无固定期限劳动合同' && !v.endDate
        ? { field: 'endDate', message: '请填写合同结束日期（无固定期限合同除外）' }
        : null,
    (v) => (v.contractType === '无固定期限劳动合同' && v.endDate ? { field: 'endDate', message: '无固定期限合同不填写结束日期' } : null),
  ],
  title: (v) => `${v.name ?? ''} ${v.contractNo ?? ''}`,
  list: {
    columns: ['contractNo', 'name', 'dept', 'contractType', 'signTimes', 'startDate', 'endDate', 'probationEnd', 'state'],
    filters: ['contractNo', 'name', 'dept', 'contractType', 'state', 'endDate'],
  },
});

export const APPRAISAL_PERIODS = options('年度', '第一季度', '第二季度', '第三季度', '第四季度', '试用期', '专项');
export const APPRAISAL_GRADES = options('优秀', '称职', '基本称职', '不称职', '不定等次');

/** 考核管理 (/AppraisalManage): annual, quarterly and probation appraisals with score and grade. */
export const appraisalRegister = defineRegister({
  code: 'hr_appraisal',
  name: '考核管理',
  routes: { list: '/AppraisalManage' },
  menu: { parent: 'hr', order: 30, icon: 'TrophyOutlined' },
  serial: { prefix: 'KH' },
  register: { unique: [['year', 'period', 'name', 'dept']] },
  fields: {
    year: field.int('考核年度', { required: true, min: 2000, max: 2100 }),
    period: field.select('考核周期', { options: APPRAISAL_PERIODS, required: true }),
    name: field.text('被考核人', { required: true, max: 30 }),
    account: field.user('系统账号'),
    dept: field.dept('所在部门', { required: true }),
    position: field.text('职务', { max: 50 }),
    score: field.money('考核得分', { min: 0, max: 100 }),
    grade: field.select('考核等次', { options: APPRAISAL_GRADES, required: true }),
    appraiser: field.user('考核人'),
    appraiseDate: field.date('考核日期'),
    achievements: field.textarea('主要工作业绩', { max: 2000 }),
    comment: field.textarea('考核意见', { max: 1000 }),
  },
  rules: [
    (v) =>
      v.grade === '优秀' && v.score !== null && v.score < 90 ? { field: 'score', message: '考核等次为“优秀”的得分应不低于90分' } : null,
    (v) =>
      v.grade === '不称职' && v.score !== null && v.score >= 60 ? { field: 'score', message: '考核等次为“不称职”的得分应低于60分' } : null,
  ],
  title: (v) => `${v.year ?? ''}年${v.period ?? ''} ${v.name ?? ''}`,
  list: {
    columns: ['year', 'period', 'name', 'dept', 'position', 'score', 'grade', 'appraiser', 'appraiseDate'],
    filters: ['year', 'period', 'name', 'dept', 'grade'],
  },
});

/** 考勤管理 (/Attendance): the month's attendance of each person; leave days come from approved leave. */
export const attendanceRegister = defineRegister({
  code: 'hr_attendance',
  name: '考勤管理',
  routes: { list: '/Attendance' },
  menu: { parent: 'hr', order: 40, icon: 'ClockCircleOutlined' },
  serial: { prefix: 'KQ' },
  register: { unique: [['month', 'person']] },
  fields: {
    month: monthField('考勤月份', { required: true }),
    person: field.user('人员', { required: true }),
    dept: field.dept('部门'),
    workDays: field.int('应出勤天数', { required: true, min: 0, max: 31, unit: '天' }),
    actualDays: field.int('实际出勤天数', { required: true, min: 0, max: 31, unit: '天' }),
    lateTimes: field.int('迟到次数', { min: 0, max: 100, unit: '次' }),
    earlyTimes: field.int('早退次数', { min: 0, max: 100, unit: '次' }),
    absentDays: field.int('旷工天数', { min: 0, max: 31, unit: '天' }),
    businessTripDays: field.int('出差天数', { min: 0, max: 31, unit: '天' }),
    overtimeHours: field.int('加班时长', { min: 0, max: 400, unit: '小时' }),
    remark: field.textarea('备注', { max: 300 }),
  },
  rules: [
    monthRule('month', '考勤月份'),
    (v) =>
      v.workDays !== null && v.actualDays !== null && v.actualDays > v.workDays
        ? { field: 'actualDays', message: '实际出勤天数不能多于应出勤天数' }
        : null,
  ],
  title: (v) => `${v.month ?? ''} 考勤`,
  list: {
    columns: [
      'month',
      'person',
      'dept',
      'workDays',
      'actualDays',
      'lateTimes',
      'earlyTimes',
      'absentDays',
      'businessTripDays',
      'overtimeHours',
    ],
    filters: ['month', 'person', 'dept'],
  },
});
