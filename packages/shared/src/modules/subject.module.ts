import { defineModule } from './define-module';
import { field, options } from './field';
import { SUBJECT_CATEGORIES } from '../contract/subjects-steps';

/**
 * 课题立项审批 and 课题合同签订审批: the research-subjects area keeps its own tables and pages
 * (engine 'area', features/subjects); these declarations give the workflow designer the form fields,
 * condition fields and permission keys. The form sent to the workflow carries exactly these fields.
 */
export const subjectModule = defineModule({
  code: 'oa_subject',
  name: '课题申报',
  kind: 'approval',
  engine: 'area',
  routes: { list: '/tb', preview: '/tb/info' },
  serial: { prefix: 'KT' },
  fields: {
    name: field.text('课题名称', { required: true, max: 100, span: 2 }),
    category: field.select('课题类别', { options: options(...SUBJECT_CATEGORIES), required: true }),
    orgName: field.text('申报单位', { required: true, max: 100 }),
    leaderName: field.text('课题负责人', { required: true, max: 30 }),
    budget: field.money('申请经费', { required: true, min: 0, capitals: true }),
    scoreAvg: field.int('专家平均分', { min: 0, max: 100 }),
  },
  amountField: 'budget',
  title: (v) => `课题立项：${v.name ?? ''}`,
  list: { columns: ['serialNo', 'name', 'orgName', 'leaderName', 'budget', 'status'], filters: ['name', 'status'] },
});

export const subjectContractModule = defineModule({
  code: 'oa_subjectContract',
  name: '课题合同',
  kind: 'approval',
  engine: 'area',
  routes: { list: '/foundation', preview: '/foundation/addContract' },
  serial: { prefix: 'HT' },
  fields: {
    name: field.text('课题名称', { required: true, max: 100, span: 2 }),
    partyB: field.text('乙方（承担单位）', { required: true, max: 100 }),
    budget: field.money('合同经费', { required: true, min: 0, capitals: true }),
    matchingFunds: field.money('配套经费', { min: 0 }),
  },
  amountField: 'budget',
  title: (v) => `课题合同：${v.name ?? ''}`,
  list: { columns: ['serialNo', 'name', 'partyB', 'budget', 'status'], filters: ['name', 'status'] },
});
