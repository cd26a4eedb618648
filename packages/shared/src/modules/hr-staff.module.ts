import { field, options } from './field';
import { defineRegister, EDUCATION, notBefore, POLITICAL, SEX } from './register-kit';

/** 人事管理: staff records and senior staff. */

export const POST_CATEGORIES = options('管理岗', '专业技术岗', '工勤技能岗');
export const EMPLOYMENT_FORMS = options('正式在编', '劳动合同制', '劳务派遣', '退休返聘', '实习');
export const STAFF_STATES = options('在职', '离职', '退休', '停薪留职');
export const TITLES = options('正高级', '副高级', '中级', '初级', '无');

/** 员工信息 (/StaffManage): the personnel file of every staff member. */
export const staffRegister = defineRegister({
  code: 'hr_staff',
  name: '员工信息',
  routes: { list: '/StaffManage' },
  menu: { parent: 'hr', order: 10, icon: 'SolutionOutlined' },
  serial: { prefix: 'YG' },
  register: { unique: ['staffNo', 'idCard'] },
  fields: {
    staffNo: field.text('工号', { required: true, max: 20 }),
    name: field.text('姓名', { required: true, max: 30 }),
    account: field.user('系统账号'),
    sex: field.select('性别', { options: SEX, required: true }),
    birthDate: field.date('出生日期'),
    idCard: field.idcard('身份证号', { required: true }),
    ethnic: field.text('民族', { max: 20 }),
    political: field.select('政治面貌', { options: POLITICAL }),
    nativePlace: field.text('籍贯', { max: 50 }),
    education: field.select('最高学历', { options: EDUCATION, required: true }),
    school: field.text('毕业院校', { max: 100 }),
    major: field.text('所学专业', { max: 50 }),
    title: field.select('专业技术职称', { options: TITLES }),
    dept: field.dept('所在部门', { required: true }),
    position: field.text('职务', { max: 50 }),
    postCategory: field.select('岗位类别', { options: POST_CATEGORIES, required: true }),
    employmentForm: field.select('用工形式', { options: EMPLOYMENT_FORMS, required: true }),
    entryDate: field.date('入职日期', { required: true }),
    workStartDate: field.date('参加工作日期'),
    mobile: field.mobile('手机号码', { required: true }),
    email: field.email('电子邮箱'),
    bankCard: field.bankcard('工资卡号'),
    bank: field.text('开户银行', { max: 50 }),
    emergencyContact: field.text('紧急联系人', { max: 30 }),
    emergencyPhone: field.phone('紧急联系电话'),
    address: field.text('家庭住址', { max: 200, span: 2 }),
    state: field.select('在职状态', { options: STAFF_STATES, required: true }),
    leaveDate: field.date('离职/退休日期'),
    remark: field.textarea('备注', { max: 500 }),
  },
  rules: [
    notBefore('entryDate', 'workStartDate', '入职日期不能早于参加工作日期'),
    notBefore('leaveDate', 'entryDate', '离职/退休日期不能早于入职日期'),
    (v) =>
      v.state !== '在职' && v.state !== '停薪留职' && v.state && !v.leaveDate
        ? { field: 'leaveDate', message: '离职或退休人员请填写离职/退休日期' }
        : null,
  ],
  sections: [
    { title: '基本信息', fields: ['staffNo', 'name', 'account', 'sex', 'birthDate', 'idCard', 'ethnic', 'political', 'nativePlace'] },
    { title: '学历与职称', fields: ['education', 'school', 'major', 'title'] },
    {
      title: '岗位信息',
      fields: ['dept', 'position', 'postCategory', 'employmentForm', 'entryDate', 'workStartDate', 'state', 'leaveDate'],
    },
    {
      title: '联系方式与工资卡',
      fields: ['mobile', 'email', 'bankCard', 'bank', 'emergencyContact', 'emergencyPhone', 'address', 'remark'],
    },
  ],
  title: (v) => `${v.staffNo ?? ''} ${v.name ?? ''}`,
  list: {
    columns: ['staffNo', 'name', 'sex', 'dept', 'position', 'education', 'employmentForm', 'entryDate', 'mobile', 'state'],
    filters: ['staffNo', 'name', 'dept', 'employmentForm', 'state', 'entryDate'],
  },
});

export const SENIOR_POSTS = options('会长', '副会长', '秘书长', '副秘书长', '监事长', '监事', '常务理事', '理事');
export const SENIOR_STATES = options('在任', '已卸任');

/** 高管人员 (/SeniorManage): the association's leaders — president, vice presidents, secretary-general, supervisors. */
export const seniorRegister = defineRegister({
  code: 'hr_senior',
  name: '高管人员',
  routes: { list: '/SeniorManage' },
  menu: { parent: 'hr', order: 50, icon: 'CrownOutlined' },
  serial: { prefix: 'GG' },
  register: { unique: [['idCard', 'post']] },
  fields: {
    name: field.text('姓名', { required: true, max: 30 }),
    account: field.user('系统账号'),
    sex: field.select('性别', { options: SEX, required: true }),
    birthDate: field.date('出生日期'),
    idCard: field.idcard('身份证号', { required: true }),
    political: field.select('政治面貌', { options: POLITICAL }),
    education: field.select('学历', { options: EDUCATION }),
    post: field.select('协会职务', { options: SENIOR_POSTS, required: true }),
    fullTime: field.select('专兼职', { options: options('专职', '兼职'), required: true }),
    employer: field.text('工作单位', { max: 100, span: 2 }),
    employerPost: field.text('单位职务', { max: 50 }),
    termStart: field.date('任职日期', { required: true }),
    termEnd: field.date('任期届满'),
    approvalNo: field.text('任职批准文号', { max: 50 }),
    paid: field.select('协会领取薪酬', { options: options('是', '否'), required: true }),
    mobile: field.mobile('手机号码', { required: true }),
    phone: field.phone('办公电话'),
    email: field.email('电子邮箱'),
    state: field.select('任职状态', { options: SENIOR_STATES, required: true }),
    resume: field.textarea('个人简历', { max: 3000, rows: 6 }),
  },
  rules: [notBefore('termEnd', 'termStart', '任期届满不能早于任职日期')],
  title: (v) => `${v.post ?? ''} ${v.name ?? ''}`,
  list: {
    columns: ['name', 'post', 'fullTime', 'employer', 'employerPost', 'termStart', 'termEnd', 'mobile', 'state'],
    filters: ['name', 'post', 'fullTime', 'state', 'termEnd'],
  },
});
