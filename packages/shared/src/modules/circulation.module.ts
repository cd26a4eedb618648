import { defineModule } from './define-module';
import { field, options } from './field';

export const FEEDBACK_TYPES = options('工作进展', '问题反馈', '意见建议', '落实情况', '其他');

/** 工作反馈 (/circulation, /circulation/edit, /circulationPreview): checked by the leader, then circulated to the readers (CC). */
export const circulationModule = defineModule({
  code: 'oa_circulation',
  name: '工作反馈',
  kind: 'approval',
  routes: { list: '/circulation', edit: '/circulation/edit', preview: '/circulationPreview' },
  menu: {
    parent: 'office',
    order: 90,
    edit: '反馈编辑',
    preview: '反馈详情',
    icon: 'RetweetOutlined',
  },
  serial: { prefix: 'GF' },
  scope: 'dept',
  fields: {
    subject: field.text('反馈主题', { required: true, max: 100, span: 2 }),
    feedbackType: field.select('反馈类型', { options: FEEDBACK_TYPES, required: true }),
    feedbackDate: field.date('反馈日期', { required: true }),
    sourceTask: field.text('关联工作事项', { max: 200, span: 2 }),
    readers: field.user('传阅人员', { multiple: true, required: true, span: 2, help: '审核通过后抄送传阅' }),
    content: field.textarea('反馈内容', { required: true, max: 5000, rows: 8 }),
    nextStep: field.textarea('下一步工作', { max: 2000 }),
    contactPhone: field.phone('联系电话'),
    files: field.attachments('附件', { maxFiles: 10 }),
  },
  title: (v) => v.subject ?? '工作反馈',
  list: {
    columns: ['serialNo', 'subject', 'feedbackType', 'feedbackDate', 'applicant', 'status'],
    filters: ['subject', 'feedbackType', 'feedbackDate', 'status', 'dept'],
  },
});
