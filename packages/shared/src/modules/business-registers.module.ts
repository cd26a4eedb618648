import { field, options } from './field';
import { defineRegister, monthField, monthRule, notBefore } from './register-kit';

/** 综合业务: work plans, industry overview figures, licences, branch offices, suggestions. */

export const PLAN_STATES = options('未开始', '进行中', '已完成', '延期', '取消');
export const PLAN_KINDS = options('重点工作', '常规工作', '临时任务');

/** 工作计划 (/WorkPlan): each department's plan for a month, item by item, with completion. */
export const workPlanRegister = defineRegister({
  code: 'biz_work_plan',
  name: '工作计划',
  routes: { list: '/WorkPlan' },
  menu: { parent: 'biz', order: 10, icon: 'CarryOutOutlined' },
  serial: { prefix: 'JH' },
  fields: {
    dept: field.dept('部门', { required: true }),
    month: monthField('计划月份', { required: true }),
    kind: field.select('工作类别', { options: PLAN_KINDS, required: true }),
    item: field.text('工作事项', { required: true, max: 200, span: 2 }),
    content: field.textarea('工作内容及目标', { max: 1000 }),
    owner: field.user('责任人', { required: true }),
    assistants: field.user('协办人', { multiple: true }),
    dueDate: field.date('计划完成日期', { required: true }),
    state: field.select('完成情况', { options: PLAN_STATES, required: true }),
    progress: field.int('完成进度', { min: 0, max: 100, unit: '%' }),
    finishDate: field.date('实际完成日期'),
    note: field.textarea('进展说明', { max: 500, help: '延期或取消时请说明原因' }),
  },
  rules: [
    monthRule('month', '计划月份'),
    (v) => (v.state === '已完成' && !v.finishDate ? { field: 'finishDate', message: '已完成的事项请填写实际完成日期' } : null),
    (v) =>
      v.state === '已完成' && v.progress !== null && v.progress !== 100
        ? { field: 'progress', message: '已完成的事项完成进度应为100%' }
        : null,
    (v) => ((v.state === '延期' || v.state === '取消') && !v.note ? { field: 'note', message: '延期或取消的事项请填写进展说明' } : null),
  ],
  title: (v) => `${v.month ?? ''} ${v.item ?? ''}`,
  list: {
    columns: ['month', 'dept', 'kind', 'item', 'owner', 'dueDate', 'state', 'progress', 'finishDate'],
    filters: ['month', 'dept', 'kind', 'item', 'owner', 'state'],
  },
});

export const OVERVIEW_CATEGORIES = options('主要经济指标', '主要产品产量', '进出口', '固定资产投资', '企业景气', '其他');
export const OVERVIEW_PERIODS = options('月度', '季度', '半年', '年度');

/** 行业概况 (/MechanicalOverview): the industry's statistical figures by period, with year-on-year change. */
export const overviewRegister = defineRegister({
  code: 'biz_overview',
  name: '行业概况',
  routes: { list: '/MechanicalOverview' },
  menu: { parent: 'biz', order: 20, icon: 'AreaChartOutlined' },
  serial: { prefix: 'HY' },
  fields: {
    month: monthField('统计截止月份', { required: true }),
    period: field.select('统计周期', { options: OVERVIEW_PERIODS, required: true }),
    category: field.select('指标类别', { options: OVERVIEW_CATEGORIES, required: true }),
    indicator: field.text('指标名称', { required: true, max: 100 }),
    unit: field.text('计量单位', { required: true, max: 20, placeholder: '如 亿元、万台' }),
    value: field.money('本期数值', { required: true, min: -999_999_999.99 }),
    lastYear: field.money('上年同期', { min: -999_999_999.99 }),
    yoy: field.money('同比增长(%)', {
      min: -100_000,
      max: 100_000,
      compute: (d) => {
        const a = typeof d.value === 'number' ? d.value : null;
        const b = typeof d.lastYear === 'number' ? d.lastYear : null;
        return a === null || b === null || b === 0 ? null : Math.round(((a - b) / Math.abs(b)) * 10_000) / 100;
      },
    }),
    source: field.text('数据来源', { max: 100, placeholder: '如 国家统计局、协会统计' }),
    remark: field.textarea('备注', { max: 500 }),
  },
  rules: [monthRule('month', '统计截止月份')],
  title: (v) => `${v.month ?? ''} ${v.indicator ?? ''}`,
  list: {
    columns: ['month', 'period', 'category', 'indicator', 'unit', 'value', 'lastYear', 'yoy', 'source'],
    filters: ['month', 'period', 'category', 'indicator'],
  },
});

export const LICENSE_TYPES = options(
  '营业执照',
  '社会团体法人登记证书',
  '统一社会信用代码证书',
  '开户许可证',
  '资质证书',
  '认证证书',
  '授权书',
  '其他',
);
export const LICENSE_FORMS = options('正本', '副本', '复印件');
export const LICENSE_LEND_STATES = options('在库', '已借出');

/** 资质许可 (/License): the association's licences and certificates, with their lending. */
export const licenseRegister = defineRegister({
  code: 'biz_license',
  name: '资质许可',
  routes: { list: '/License' },
  menu: { parent: 'biz', order: 30, icon: 'SafetyOutlined' },
  serial: { prefix: 'ZZ' },
  register: { unique: ['licenseNo'] },
  fields: {
    name: field.text('证照名称', { required: true, max: 100 }),
    type: field.select('证照类型', { options: LICENSE_TYPES, required: true }),
    licenseNo: field.text('证照编号', { required: true, max: 50 }),
    form: field.select('正副本', { options: LICENSE_FORMS, required: true }),
    issuer: field.text('发证机关', { max: 100 }),
    issueDate: field.date('发证日期'),
    expiryDate: field.date('有效期至', { help: '长期有效的留空' }),
    checkDate: field.date('下次年检日期'),
    keeper: field.user('保管人', { required: true }),
    location: field.text('存放位置', { max: 100 }),
    lendState: field.select('借用状态', { options: LICENSE_LEND_STATES, readonlyOnForm: true }),
    borrower: field.user('借用人', { readonlyOnForm: true }),
    lendDate: field.date('借出日期', { readonlyOnForm: true }),
    expectedReturnDate: field.date('预计归还日期', { readonlyOnForm: true }),
    lendReason: field.text('借用事由', { max: 200, readonlyOnForm: true }),
    files: field.attachments('证照扫描件', { maxFiles: 10 }),
    remark: field.textarea('备注', { max: 500 }),
  },
  rules: [notBefore('expiryDate', 'issueDate', '有效期至不能早于发证日期')],
  actions: {
    lend: {
      label: '借出',
      when: ['approved'],
      who: 'manager',
      fields: {
        borrower: field.user('借用人', { required: true }),
        lendDate: field.date('借出日期', { required: true }),
        expectedReturnDate: field.date('预计归还日期', { required: true }),
        lendReason: field.text('借用事由', { required: true, max: 200 }),
      },
    },
    giveBack: { label: '归还', when: ['approved'], who: 'manager', fields: { returnDate: field.date('归还日期', { required: true }) } },
  },
  title: (v) => `${v.name ?? ''}（${v.form ?? ''}）`,
  list: {
    columns: ['name', 'type', 'licenseNo', 'form', 'issuer', 'expiryDate', 'keeper', 'lendState', 'borrower', 'expectedReturnDate'],
    filters: ['name', 'type', 'licenseNo', 'expiryDate', 'lendState'],
  },
});

export const BRANCH_TYPES = options('分会', '专业委员会', '工作委员会', '代表机构', '办事机构');
export const BRANCH_STATES = options('正常', '筹备中', '整改中', '已注销');
export const ANNUAL_CHECK = options('合格', '基本合格', '不合格', '未参检');

/** 分支机构 (/Branch): the association's branches, committees and representative offices. */
export const branchRegister = defineRegister({
  code: 'biz_branch',
  name: '分支机构',
  routes: { list: '/Branch' },
  menu: { parent: 'biz', order: 40, icon: 'ClusterOutlined' },
  serial: { prefix: 'FZ' },
  register: { unique: ['name'] },
  fields: {
    name: field.text('机构名称', { required: true, max: 100, span: 2 }),
    type: field.select('机构类型', { options: BRANCH_TYPES, required: true }),
    state: field.select('机构状态', { options: BRANCH_STATES, required: true }),
    approvalNo: field.text('设立批准文号', { max: 50 }),
    foundDate: field.date('成立日期'),
    head: field.text('负责人', { required: true, max: 30 }),
    headMobile: field.mobile('负责人手机'),
    secretary: field.text('秘书长', { max: 30 }),
    phone: field.phone('联系电话'),
    email: field.email('电子邮箱'),
    address: field.text('办公地址', { max: 200, span: 2 }),
    members: field.int('会员单位数', { min: 0, max: 100_000, unit: '家' }),
    hostDept: field.dept('归口管理部门'),
    annualCheck: field.select('上年度检查', { options: ANNUAL_CHECK }),
    remark: field.textarea('备注', { max: 500 }),
  },
  title: (v) => v.name ?? '分支机构',
  list: {
    columns: ['name', 'type', 'state', 'foundDate', 'head', 'headMobile', 'phone', 'members', 'hostDept', 'annualCheck'],
    filters: ['name', 'type', 'state', 'hostDept'],
  },
});

export const SUGGESTION_CATEGORIES = options('工作流程', '制度建设', '后勤服务', '信息化建设', '业务发展', '其他');
export const SUGGESTION_STATES = options('待回复', '已回复', '已采纳', '不予采纳');

/** 意见建议 (/Suggestion): staff write in, the office replies; everyone sees their own, the office all. */
export const suggestionRegister = defineRegister({
  code: 'biz_suggestion',
  name: '意见建议',
  routes: { list: '/Suggestion' },
  menu: { parent: 'biz', order: 50, icon: 'BulbOutlined' },
  serial: { prefix: 'YJ' },
  register: { visibility: 'self', anonymousField: 'anonymous' },
  fields: {
    subject: field.text('标题', { required: true, max: 100, span: 2 }),
    category: field.select('建议类别', { options: SUGGESTION_CATEGORIES, required: true }),
    anonymous: field.select('匿名提交', { options: options('否', '是'), help: '匿名时回复人看不到您的姓名' }),
    content: field.textarea('建议内容', { required: true, max: 2000, rows: 6 }),
    state: field.select('处理状态', { options: SUGGESTION_STATES, readonlyOnForm: true }),
    reply: field.textarea('回复内容', { max: 2000, readonlyOnForm: true }),
    replier: field.text('回复人', { max: 30, readonlyOnForm: true }),
    replyDate: field.date('回复日期', { readonlyOnForm: true }),
  },
  actions: {
    reply: {
      label: '回复',
      when: ['approved'],
      who: 'manager',
      fields: {
        state: field.select('处理状态', { options: options('已回复', '已采纳', '不予采纳'), required: true }),
        reply: field.textarea('回复内容', { required: true, max: 2000 }),
      },
    },
  },
  title: (v) => v.subject ?? '意见建议',
  list: {
    columns: ['subject', 'category', 'applicant', 'createdAt', 'state', 'replier', 'replyDate'],
    filters: ['subject', 'category', 'state', 'createdAt'],
  },
});
