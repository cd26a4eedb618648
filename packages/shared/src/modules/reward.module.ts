import { defineModule } from './define-module';
import { field, options } from './field';
import { formPage, menuPage } from './module-menu';

/** Kinds of labour service paid to people outside the payroll (the rate table is keyed by kind and title). */
export const REWARD_KINDS = options('评审费', '讲课费', '咨询费', '稿费', '翻译费', '其他劳务');
export const REWARD_TITLES = options('院士', '正高级', '副高级', '中级', '初级及以下');
export const REWARD_UNITS = options('小时', '半天', '天', '篇', '千字', '次');

/**
 * 劳务费 (/reward, /reward/edit, /reward/preview; rate table /reward/setting, /reward/settingEdit).
 * The rate and the amount are filled by the server from the rate table (rate × units) when submitting.
 */
export const rewardModule = defineModule({
  code: 'oa_reward',
  name: '劳务费',
  kind: 'approval',
  routes: { list: '/reward', edit: '/reward/edit', preview: '/reward/preview' },
  menu: {
    parent: 'fin',
    order: 50,
    edit: '劳务费申请单',
    preview: '劳务费详情',
    icon: 'RedEnvelopeOutlined',
    name: '劳务费申请',
    pages: [
      menuPage('oa_reward_setting', '劳务费标准', '/reward/setting', 60, 'ControlOutlined'),
      formPage('oa_reward_setting_edit', '劳务费标准编辑', '/reward/settingEdit', 61, { selected: '/reward/setting' }),
    ],
  },
  serial: { prefix: 'LW' },
  scope: 'dept',
  amountField: 'amount',
  fields: {
    payeeName: field.text('领款人姓名', { required: true, max: 30 }),
    payeeIdCard: field.idcard('身份证号码', { required: true }),
    payeeMobile: field.mobile('手机号码', { required: true }),
    payeeUnit: field.text('工作单位', { max: 100 }),
    bankName: field.text('开户银行', { required: true, max: 100, placeholder: '如：中国工商银行北京西城支行' }),
    bankCard: field.bankcard('银行卡号', { required: true }),
    serviceKind: field.select('劳务类型', { options: REWARD_KINDS, required: true }),
    payeeTitle: field.select('职称级别', { options: REWARD_TITLES, required: true }),
    serviceRange: field.daterange('劳务期间', { required: true }),
    units: field.int('工作量', { required: true, min: 1, max: 1000, help: '按劳务标准的计量单位填写' }),
    unit: field.select('计量单位', { options: REWARD_UNITS, readonlyOnForm: true }),
    rate: field.money('标准单价', { readonlyOnForm: true, help: '提交时按劳务费标准自动计算' }),
    amount: field.money('应发金额', { readonlyOnForm: true, capitals: true }),
    content: field.textarea('劳务内容', { required: true, max: 1000 }),
    files: field.attachments('证明材料', { maxFiles: 10, help: '评审意见、讲稿、签到表等' }),
  },
  title: (v) => `${v.payeeName ?? ''}${v.serviceKind ?? '劳务费'}`,
  sections: [
    { title: '领款人', fields: ['payeeName', 'payeeIdCard', 'payeeMobile', 'payeeUnit', 'bankName', 'bankCard'] },
    { title: '劳务信息', fields: ['serviceKind', 'payeeTitle', 'serviceRange', 'units', 'unit', 'rate', 'amount', 'content', 'files'] },
  ],
  list: {
    columns: ['serialNo', 'payeeName', 'serviceKind', 'units', 'amount', 'applicant', 'status', 'createdAt'],
    filters: ['payeeName', 'serviceKind', 'serviceRange', 'amount', 'status'],
  },
});
