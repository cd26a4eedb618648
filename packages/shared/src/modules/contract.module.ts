import { defineModule } from './define-module';
import { field, options } from './field';
import { CREDIT_CODE } from './approval-kit';
import { menuPage } from './module-menu';

export const CONTRACT_TYPES = options('采购合同', '服务合同', '技术合同', '租赁合同', '委托合同', '合作协议', '其他');
export const CONTRACT_DIRECTIONS = options('付款合同', '收款合同', '无金额合同');
export const PAYMENT_TERMS = options('一次性付款', '分期付款', '按进度付款', '验收后付款', '无');

/** 合同审批 (/contract, /contract/edit, /contractPreview, ledger /contractManage with expiry reminders). */
export const contractModule = defineModule({
  code: 'oa_contract',
  name: '合同审批',
  kind: 'approval',
  routes: { list: '/contract', edit: '/contract/edit', preview: '/contractPreview', manage: '/contractManage' },
  menu: {
    parent: 'fin',
    order: 70,
    edit: '合同编辑',
    preview: '合同详情',
    icon: 'FileProtectOutlined',
    name: '合同管理',
    pages: [menuPage('oa_contract_manage', '合同台账', '/contractManage', 80, 'FolderOutlined')],
  },
  serial: { prefix: 'HT' },
  scope: 'dept',
  amountField: 'amount',
  fields: {
    contractName: field.text('合同名称', { required: true, max: 200, span: 2 }),
    contractType: field.select('合同类型', { options: CONTRACT_TYPES, required: true }),
    direction: field.select('收支类型', { options: CONTRACT_DIRECTIONS, required: true }),
    counterparty: field.text('合同相对方', { required: true, max: 200, help: '对方单位全称，与营业执照一致' }),
    creditCode: field.text('统一社会信用代码', { max: 18, placeholder: '18位统一社会信用代码' }),
    counterpartyContact: field.text('对方联系人', { max: 30 }),
    counterpartyPhone: field.phone('对方联系电话'),
    amount: field.money('合同金额', { required: true, capitals: true, help: '无金额合同填 0' }),
    paymentTerms: field.select('付款方式', { options: PAYMENT_TERMS, required: true }),
    term: field.daterange('合同期限', { required: true, startLabel: '起始日期', endLabel: '终止日期' }),
    signDate: field.date('拟签订日期'),
    remindDays: field.int('到期提前提醒', { min: 0, max: 365, unit: '天', help: '到期前多少天在合同台账中提醒（默认30天）' }),
    ourSigner: field.user('我方签约代表'),
    content: field.textarea('合同主要内容', { required: true, max: 2000 }),
    files: field.attachments('合同文本', { required: true, maxFiles: 10 }),
    remark: field.textarea('备注', { max: 500 }),
  },
  rules: [
    (v) => (v.creditCode && !CREDIT_CODE.test(v.creditCode) ? { field: 'creditCode', message: '统一社会信用代码格式不正确' } : null),
    (v) =>
      v.direction !== '无金额合同' && v.amount !== null && v.amount <= 0
        ? { field: 'amount', message: '付款或收款合同的合同金额必须大于0' }
        : null,
    (v) => (v.signDate && v.term && v.signDate > v.term[1] ? { field: 'signDate', message: '拟签订日期不能晚于合同终止日期' } : null),
  ],
  title: (v) => `${v.contractName ?? '合同'}（${v.counterparty ?? ''}）`,
  sections: [
    {
      title: '合同信息',
      fields: ['contractName', 'contractType', 'direction', 'amount', 'paymentTerms', 'term', 'signDate', 'remindDays', 'ourSigner'],
    },
    { title: '相对方', fields: ['counterparty', 'creditCode', 'counterpartyContact', 'counterpartyPhone'] },
    { title: '合同内容', fields: ['content', 'files', 'remark'] },
  ],
  list: {
    columns: ['serialNo', 'contractName', 'counterparty', 'amount', 'term', 'applicant', 'status', 'createdAt'],
    filters: ['contractName', 'counterparty', 'contractType', 'term', 'amount', 'status', 'dept'],
  },
});
