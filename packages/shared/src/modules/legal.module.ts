import { defineModule } from './define-module';
import { field, options } from './field';
import { CREDIT_CODE } from './approval-kit';
import { hiddenPage } from './module-menu';

export const LEGAL_CHANGE_TYPES = options(
  '法定代表人变更',
  '名称变更',
  '住所变更',
  '业务范围变更',
  '注册资金变更',
  '业务主管单位变更',
  '其他',
);

/**
 * 法人信息变更 (/legalInfo, /legalEdit, /legalPreview; /seniorPreview is the legal representative's
 * review page with the before/after comparison).
 */
export const legalModule = defineModule({
  code: 'oa_legal',
  name: '法人信息变更',
  kind: 'approval',
  routes: { list: '/legalInfo', edit: '/legalEdit', preview: '/legalPreview' },
  menu: {
    parent: 'biz',
    order: 70,
    edit: '变更申请',
    preview: '变更详情',
    icon: 'BankOutlined',
    pages: [hiddenPage('oa_legal_senior_preview', '变更审阅', '/seniorPreview', 73, { grant: 'leaders' })],
  },
  serial: { prefix: 'FR' },
  fields: {
    entityName: field.text('法人单位名称', { required: true, max: 100 }),
    creditCode: field.text('统一社会信用代码', { required: true, max: 18 }),
    changeType: field.select('变更事项', { options: LEGAL_CHANGE_TYPES, required: true }),
    effectiveDate: field.date('拟生效日期', { required: true }),
    beforeContent: field.textarea('变更前内容', { required: true, max: 2000 }),
    afterContent: field.textarea('变更后内容', { required: true, max: 2000 }),
    reason: field.textarea('变更原因', { required: true, max: 2000 }),
    representative: field.text('法定代表人（变更后）', { max: 30 }),
    representativeIdCard: field.idcard('法定代表人身份证号'),
    representativeMobile: field.mobile('法定代表人手机号'),
    files: field.attachments('证明材料', { required: true, maxFiles: 10, help: '会议决议、登记申请书等' }),
  },
  rules: [
    (v) => (v.creditCode && !CREDIT_CODE.test(v.creditCode) ? { field: 'creditCode', message: '统一社会信用代码格式不正确' } : null),
    (v) =>
      v.changeType === '法定代表人变更' && !v.representative
        ? { field: 'representative', message: '法定代表人变更须填写变更后的法定代表人' }
        : null,
    (v) =>
      v.beforeContent && v.afterContent && v.beforeContent.trim() === v.afterContent.trim()
        ? { field: 'afterContent', message: '变更后内容与变更前相同' }
        : null,
  ],
  title: (v) => `${v.entityName ?? ''}${v.changeType ?? '信息变更'}`,
  list: {
    columns: ['serialNo', 'entityName', 'changeType', 'effectiveDate', 'applicant', 'status', 'createdAt'],
    filters: ['entityName', 'changeType', 'effectiveDate', 'status'],
  },
});
