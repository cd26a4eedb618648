import { field, options } from './field';
import { partyFeeDue, partyFeeRate, unionFeeDue, UNION_FEE_RATE } from './fee-rules';
import { defineRegister, EDUCATION, monthField, monthRule, notBefore, PAID_STATES, PAY_MODES, SEX } from './register-kit';

/** 党群工作: party members and branches, party fees, trade union members and union fees. */

export const PARTY_MEMBER_TYPES = options('正式党员', '预备党员');
export const PARTY_MEMBER_STATES = options('正常', '已转出', '停止党籍', '已故');

/** 党员管理 (/PersonManage): the party members of the association's branches. */
export const partyMemberRegister = defineRegister({
  code: 'party_member',
  name: '党员管理',
  routes: { list: '/PersonManage' },
  menu: { parent: 'party', order: 10, icon: 'UserOutlined' },
  serial: { prefix: 'DY' },
  register: { unique: ['idCard'] },
  fields: {
    name: field.text('姓名', { required: true, max: 30 }),
    account: field.user('系统账号', { help: '关联后本人可查看自己的党费' }),
    sex: field.select('性别', { options: SEX, required: true }),
    ethnic: field.text('民族', { max: 20, placeholder: '如 汉族' }),
    birthDate: field.date('出生日期'),
    idCard: field.idcard('身份证号', { required: true }),
    education: field.select('学历', { options: EDUCATION }),
    branch: field.text('所在党支部', { required: true, max: 100 }),
    memberType: field.select('党员类别', { options: PARTY_MEMBER_TYPES, required: true }),
    joinDate: field.date('入党日期', { required: true }),
    fullDate: field.date('转正日期'),
    partyPost: field.text('党内职务', { max: 50 }),
    dept: field.dept('工作部门'),
    post: field.text('行政职务', { max: 50 }),
    mobile: field.mobile('手机号码', { required: true }),
    salaryBase: field.money('月工资基数', { max: 999_999.99, help: '计算党费的月工资收入（税后）' }),
    state: field.select('党籍状态', { options: PARTY_MEMBER_STATES, required: true }),
    transferDate: field.date('组织关系转入日期'),
    remark: field.textarea('备注', { max: 500 }),
  },
  rules: [
    notBefore('fullDate', 'joinDate', '转正日期不能早于入党日期'),
    (v) => (v.memberType === '正式党员' && !v.fullDate ? { field: 'fullDate', message: '正式党员请填写转正日期' } : null),
  ],
  title: (v) => v.name ?? '党员',
  list: {
    columns: ['name', 'sex', 'branch', 'memberType', 'joinDate', 'partyPost', 'dept', 'mobile', 'salaryBase', 'state'],
    filters: ['name', 'branch', 'memberType', 'state', 'dept'],
  },
});

export const PARTY_ORG_TYPES = options('党委', '党总支', '党支部', '联合党支部');

/**
 * 党支部管理 (/BranchManage): the party organisations (the seed puts /BranchManage under 党群工作, so it is
 * the party branches; the association's branch offices are /Branch under 综合业务).
 */
export const partyBranchRegister = defineRegister({
  code: 'party_branch',
  name: '党支部管理',
  routes: { list: '/BranchManage' },
  menu: { parent: 'party', order: 20, icon: 'ClusterOutlined' },
  serial: { prefix: 'ZB' },
  register: { unique: ['name'] },
  fields: {
    name: field.text('组织名称', { required: true, max: 100, span: 2 }),
    orgType: field.select('组织类别', { options: PARTY_ORG_TYPES, required: true }),
    parentOrg: field.text('上级党组织', { max: 100 }),
    secretary: field.user('书记', { required: true }),
    deputy: field.user('副书记'),
    committee: field.user('支委委员', { multiple: true, help: '组织、宣传、纪检等委员' }),
    foundDate: field.date('成立日期'),
    electionDate: field.date('本届选举日期'),
    termEnd: field.date('届满日期'),
    memberCount: field.int('党员人数', { min: 0, max: 10_000, unit: '人' }),
    phone: field.phone('联系电话'),
    remark: field.textarea('备注', { max: 500 }),
  },
  rules: [notBefore('termEnd', 'electionDate', '届满日期不能早于本届选举日期')],
  title: (v) => v.name ?? '党组织',
  list: {
    columns: ['name', 'orgType', 'parentOrg', 'secretary', 'deputy', 'electionDate', 'termEnd', 'memberCount', 'phone'],
    filters: ['name', 'orgType', 'secretary', 'termEnd'],
  },
});

const FEE_FIELDS_NOTE = '由月工资基数按规定比例自动计算';

/** 党费管理 (/PartyFee): each member's monthly fee from their salary base and the rate table; paid or not. */
export const partyFeeRegister = defineRegister({
  code: 'party_fee',
  name: '党费管理',
  routes: { list: '/PartyFee' },
  menu: { parent: 'party', order: 30, icon: 'MoneyCollectOutlined' },
  serial: { prefix: 'DF' },
  amountField: 'due',
  register: { unique: [['month', 'idCard']] },
  fields: {
    month: monthField('所属月份', { required: true }),
    name: field.text('党员姓名', { required: true, max: 30 }),
    idCard: field.idcard('身份证号', { required: true }),
    branch: field.text('所在党支部', { required: true, max: 100 }),
    salaryBase: field.money('月工资基数', { required: true, max: 999_999.99 }),
    rate: field.money('缴纳比例(%)', { max: 100, compute: (d) => partyFeeRate(d.salaryBase), help: FEE_FIELDS_NOTE }),
    due: field.money('应缴金额', { max: 99_999.99, compute: (d) => partyFeeDue(d.salaryBase), help: FEE_FIELDS_NOTE }),
    paid: field.money('实缴金额', { max: 99_999.99 }),
    state: field.select('缴纳状态', { options: PAID_STATES, required: true }),
    payDate: field.date('缴纳日期'),
    payMode: field.select('缴纳方式', { options: PAY_MODES }),
    remark: field.textarea('备注', { max: 300 }),
  },
  rules: [
    monthRule('month', '所属月份'),
    (v) => (v.state === '已缴' && !v.payDate ? { field: 'payDate', message: '已缴的党费请填写缴纳日期' } : null),
    (v) => (v.state === '已缴' && v.paid === null ? { field: 'paid', message: '已缴的党费请填写实缴金额' } : null),
  ],
  title: (v) => `${v.month ?? ''} ${v.name ?? ''} 党费`,
  list: {
    columns: ['month', 'name', 'branch', 'salaryBase', 'rate', 'due', 'paid', 'state', 'payDate', 'payMode'],
    filters: ['month', 'name', 'branch', 'state'],
  },
});

export const UNION_POSTS = options('主席', '副主席', '委员', '经费审查委员', '女职工委员', '会员');
export const UNION_STATES = options('在会', '已转出', '已退会');

/** 工会会员 (/LabourManage): the trade union's members. */
export const unionMemberRegister = defineRegister({
  code: 'party_union_member',
  name: '工会会员',
  routes: { list: '/LabourManage' },
  menu: { parent: 'party', order: 40, icon: 'TeamOutlined' },
  serial: { prefix: 'GH' },
  register: { unique: ['idCard'] },
  fields: {
    name: field.text('姓名', { required: true, max: 30 }),
    account: field.user('系统账号'),
    sex: field.select('性别', { options: SEX, required: true }),
    birthDate: field.date('出生日期'),
    idCard: field.idcard('身份证号', { required: true }),
    dept: field.dept('所在部门', { required: true }),
    mobile: field.mobile('手机号码', { required: true }),
    joinDate: field.date('入会日期', { required: true }),
    cardNo: field.text('会员证号', { max: 30 }),
    unionPost: field.select('工会职务', { options: UNION_POSTS, required: true }),
    salaryBase: field.money('月工资基数', { max: 999_999.99, help: '计算会费的月工资收入' }),
    state: field.select('会籍状态', { options: UNION_STATES, required: true }),
    remark: field.textarea('备注', { max: 500 }),
  },
  title: (v) => v.name ?? '工会会员',
  list: {
    columns: ['name', 'sex', 'dept', 'mobile', 'joinDate', 'cardNo', 'unionPost', 'salaryBase', 'state'],
    filters: ['name', 'dept', 'unionPost', 'state'],
  },
});

/** 工会会费 (/LabourFee): each member's monthly union fee, 0.5% of the salary base; paid or not. */
export const unionFeeRegister = defineRegister({
  code: 'party_union_fee',
  name: '工会会费',
  routes: { list: '/LabourFee' },
  menu: { parent: 'party', order: 50, icon: 'WalletOutlined' },
  serial: { prefix: 'GF' },
  amountField: 'due',
  register: { unique: [['month', 'idCard']] },
  fields: {
    month: monthField('所属月份', { required: true }),
    name: field.text('会员姓名', { required: true, max: 30 }),
    idCard: field.idcard('身份证号', { required: true }),
    dept: field.dept('所在部门'),
    salaryBase: field.money('月工资基数', { required: true, max: 999_999.99 }),
    due: field.money('应缴会费', {
      max: 99_999.99,
      compute: (d) => unionFeeDue(d.salaryBase),
      help: `按月工资基数的${UNION_FEE_RATE}%计算`,
    }),
    paid: field.money('实缴金额', { max: 99_999.99 }),
    state: field.select('缴纳状态', { options: PAID_STATES, required: true }),
    payDate: field.date('缴纳日期'),
    payMode: field.select('缴纳方式', { options: PAY_MODES }),
    remark: field.textarea('备注', { max: 300 }),
  },
  rules: [
    monthRule('month', '所属月份'),
    (v) => (v.state === '已缴' && !v.payDate ? { field: 'payDate', message: '已缴的会费请填写缴纳日期' } : null),
  ],
  title: (v) => `${v.month ?? ''} ${v.name ?? ''} 工会会费`,
  list: {
    columns: ['month', 'name', 'dept', 'salaryBase', 'due', 'paid', 'state', 'payDate', 'payMode'],
    filters: ['month', 'name', 'dept', 'state'],
  },
});
