import { defineModule } from './define-module';
import { field, options } from './field';

export const SEAL_TYPES = options('公章', '合同专用章', '财务专用章', '法人章', '党委章');

/** 用印申请 (/stamp, /stampEdit, /stampPreview). */
export const stampModule = defineModule({
  code: 'oa_stamp',
  name: '用印申请',
  kind: 'approval',
  routes: { list: '/stamp', edit: '/stampEdit', preview: '/stampPreview' },
  menu: {
    parent: 'office',
    order: 10,
    edit: '用印申请单',
    preview: '用印详情',
    icon: 'AuditOutlined',
  },
  serial: { prefix: 'YY' },
  scope: 'dept',
  fields: {
    reason: field.text('用印事由', { required: true, max: 200, span: 2 }),
    sealType: field.select('印章类型', { options: SEAL_TYPES, required: true }),
    sealName: field.text('使用印章', {
      max: 60,
      help: '盖电子印章的，填写印章管理中登记的印章名称（如“中国行业协会”）；批准后，申请人印制发文时可用该印章',
    }),
    copies: field.int('用印份数', { min: 1, max: 500, required: true, unit: '份' }),
    fileName: field.text('文件名称', { max: 200, span: 2 }),
    files: field.attachments('用印文件', { required: true, maxFiles: 10 }),
    remark: field.textarea('备注', { max: 500 }),
  },
  title: (v, applicant) => `${applicant}的用印申请：${v.reason ?? ''}`,
  list: {
    columns: ['serialNo', 'reason', 'sealType', 'copies', 'applicant', 'status', 'createdAt'],
    filters: ['reason', 'sealType', 'status', 'createdAt'],
  },
});
