import { defineModule } from './define-module';
import { field, options } from './field';

/**
 * Official documents (公文, issue 19): the area keeps its own tables (features/documents) and runs its
 * processing through the workflow engine. These declarations give the workflow designer the form
 * fields (conditions, 'formUser' approvers, field permissions) and the permission keys.
 */
export const DOC_SECRET_LEVELS = options('公开', '内部', '秘密', '机密');
export const DOC_URGENCIES = options('普通', '加急', '特急');

const receiptFields = {
  title: field.text('文件标题', { required: true, max: 200, span: 2 }),
  sourceOrg: field.text('来文单位', { required: true, max: 100 }),
  sourceNo: field.text('来文字号', { max: 64 }),
  secretLevel: field.select('密级', { options: DOC_SECRET_LEVELS, required: true }),
  urgency: field.select('紧急程度', { options: DOC_URGENCIES, required: true }),
  receivedDate: field.date('收文日期', { required: true }),
  deadline: field.date('办理时限'),
  leader: field.user('批示领导', { help: '拟办时确定' }),
  handlers: field.user('承办人', { multiple: true, help: '主办与协办部门的承办人，同时办理' }),
  readers: field.user('传阅人', { multiple: true }),
};

const dispatchFields = {
  title: field.text('文件标题', { required: true, max: 200, span: 2 }),
  secretLevel: field.select('密级', { options: DOC_SECRET_LEVELS, required: true }),
  urgency: field.select('紧急程度', { options: DOC_URGENCIES, required: true }),
  mainTo: field.text('主送', { required: true, max: 500 }),
  ccTo: field.text('抄送', { max: 500 }),
  countersigners: field.user('会签人', { multiple: true, help: '会签部门的负责人，同时会签' }),
  signer: field.user('签发人', { required: true }),
};

const common = { kind: 'approval' as const, engine: 'area' as const };

export const receiptModule = defineModule({
  ...common,
  code: 'oa_receipt',
  name: '收文',
  serial: { prefix: 'SW' },
  routes: { list: '/receipt', edit: '/receiptEdit', preview: '/receiptPreview', manage: '/receiptManager' },
  fields: receiptFields,
  title: (v) => v.title ?? '收文',
  list: { columns: ['serialNo', 'title', 'sourceOrg', 'status', 'createdAt'], filters: ['title', 'status'] },
});
export const dispatchModule = defineModule({
  ...common,
  code: 'oa_dispatch',
  name: '发文',
  serial: { prefix: 'FW' },
  routes: { list: '/dispatch', edit: '/dispatchEdit', preview: '/dispatchPreview', manage: '/dispatchManage' },
  fields: dispatchFields,
  title: (v) => v.title ?? '发文',
  list: { columns: ['serialNo', 'title', 'mainTo', 'status', 'createdAt'], filters: ['title', 'status'] },
});
export const deptReceiptModule = defineModule({
  ...common,
  code: 'oa_deptReceipt',
  name: '部门收文',
  serial: { prefix: 'BSW' },
  scope: 'dept',
  routes: { list: '/deptReceipt', edit: '/deptReceiptEdit', preview: '/deptReceiptPreview' },
  fields: receiptFields,
  title: (v) => v.title ?? '部门收文',
  list: { columns: ['serialNo', 'title', 'sourceOrg', 'status', 'createdAt'], filters: ['title', 'status'] },
});
export const deptDispatchModule = defineModule({
  ...common,
  code: 'oa_deptDispatch',
  name: '部门发文',
  serial: { prefix: 'BFW' },
  scope: 'dept',
  routes: { list: '/deptDispatch', edit: '/deptDispatchEdit', preview: '/deptDispatchPreview' },
  fields: dispatchFields,
  title: (v) => v.title ?? '部门发文',
  list: { columns: ['serialNo', 'title', 'mainTo', 'status', 'createdAt'], filters: ['title', 'status'] },
});

export const DOCUMENT_MODULES = [receiptModule, dispatchModule, deptReceiptModule, deptDispatchModule] as const;
