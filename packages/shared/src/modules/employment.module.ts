import { defineModule } from './define-module';
import { field, options } from './field';
import { hiddenPage, menuPage } from './module-menu';

export const EDUCATION_LEVELS = options('博士研究生', '硕士研究生', '大学本科', '大学专科', '高中及以下');
export const EMPLOYMENT_KINDS = options('正式员工', '劳务派遣', '实习', '退休返聘');
export const RESIGN_TYPES = options('个人辞职', '合同到期不续签', '协商解除', '退休', '其他');
export const SEXES = options('男', '女');

/**
 * 入职离职 (/employmentAndResignation; HR's register /applyList; department approvals /deptFlowList).
 * Two forms as variants: the onboarding registration (/employmentFormView) and the resignation
 * application (/resignationFormView).
 */
export const employmentModule = defineModule({
  code: 'oa_employment',
  name: '入职离职',
  kind: 'approval',
  routes: { list: '/employmentAndResignation', manage: '/applyList' },
  menu: {
    parent: 'hr',
    order: 80,
    icon: 'UserSwitchOutlined',
    pages: [
      menuPage('oa_employment_apply_list', '入离职申请记录', '/applyList', 90, 'OrderedListOutlined'),
      menuPage('oa_employment_dept_flow', '部门入离职审批', '/deptFlowList', 100, 'BranchesOutlined', 'leaders'),
      hiddenPage('oa_employment_form', '入职登记表', '/employmentFormView', 101),
      hiddenPage('oa_employment_resign_form', '离职申请表', '/resignationFormView', 102),
    ],
  },
  variants: {
    entry: { label: '入职登记', route: '/employmentFormView' },
    resign: { label: '离职申请', route: '/resignationFormView' },
  },
  serial: { prefix: 'RL' },
  scope: 'dept',
  fields: {
    personName: field.text('姓名', { required: true, max: 30 }),
    dept: field.dept('所在部门', { required: true }),
    position: field.text('岗位', { required: true, max: 50 }),
    // onboarding
    sex: field.select('性别', { options: SEXES, required: true, variant: 'entry' }),
    idCard: field.idcard('身份证号码', { required: true, variant: 'entry' }),
    mobile: field.mobile('手机号码', { required: true, variant: 'entry' }),
    email: field.email('电子邮箱', { variant: 'entry' }),
    employmentKind: field.select('用工形式', { options: EMPLOYMENT_KINDS, required: true, variant: 'entry' }),
    education: field.select('最高学历', { options: EDUCATION_LEVELS, required: true, variant: 'entry' }),
    school: field.text('毕业院校', { max: 100, variant: 'entry' }),
    major: field.text('所学专业', { max: 50, variant: 'entry' }),
    entryDate: field.date('入职日期', { required: true, variant: 'entry' }),
    probationMonths: field.int('试用期', { min: 0, max: 6, unit: '个月', variant: 'entry' }),
    contractTerm: field.daterange('劳动合同期限', { required: true, variant: 'entry' }),
    bankCard: field.bankcard('工资卡号', { variant: 'entry' }),
    emergencyContact: field.text('紧急联系人', { max: 30, variant: 'entry' }),
    emergencyPhone: field.phone('紧急联系人电话', { variant: 'entry' }),
    // resignation
    resignType: field.select('离职类型', { options: RESIGN_TYPES, required: true, variant: 'resign' }),
    lastDay: field.date('最后工作日', { required: true, variant: 'resign' }),
    handoverTo: field.user('工作交接人', { required: true, variant: 'resign' }),
    handoverItems: field.textarea('交接事项', { required: true, max: 2000, variant: 'resign' }),
    resignReason: field.textarea('离职原因', { required: true, max: 1000, variant: 'resign' }),
    contactPhone: field.mobile('离职后联系电话', { required: true, variant: 'resign' }),
    // both
    remark: field.textarea('备注', { max: 500 }),
    files: field.attachments('附件', { maxFiles: 10, help: '学历证书、离职证明、体检报告等' }),
  },
  rules: [
    (v) =>
      v.entryDate && v.contractTerm && v.contractTerm[0] < v.entryDate
        ? { field: 'contractTerm', message: '劳动合同起始日期不能早于入职日期' }
        : null,
  ],
  title: (v) => `${v.personName ?? ''}${v.variant === 'resign' ? '离职申请' : '入职登记'}`,
  list: {
    columns: ['serialNo', 'title', 'personName', 'position', 'applicant', 'status', 'createdAt'],
    filters: ['personName', 'dept', 'status', 'createdAt'],
  },
});
