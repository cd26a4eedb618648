import { defineModule } from './define-module';
import { field, options } from './field';
import { menuPage } from './module-menu';

export const BRIEFING_CATEGORIES = options('工作动态', '会议纪要', '专题简报', '行业信息', '党建简报');
export const BRIEFING_SCOPES = options('全体人员', '部门负责人及以上');

/** 工作简报 (/briefing, /briefingEdit, /briefingPreview); approved briefings are published on /briefingList. */
export const briefingModule = defineModule({
  code: 'oa_briefing',
  name: '工作简报',
  kind: 'approval',
  routes: { list: '/briefing', edit: '/briefingEdit', preview: '/briefingPreview' },
  menu: {
    parent: 'office',
    order: 70,
    edit: '简报编辑',
    preview: '简报详情',
    icon: 'FileDoneOutlined',
    pages: [menuPage('oa_briefing_list', '简报查阅', '/briefingList', 80, 'ReadOutlined', 'all')],
  },
  serial: { prefix: 'JB' },
  scope: 'dept',
  fields: {
    title: field.text('简报标题', { required: true, max: 100, span: 2 }),
    issueNo: field.text('期号', { required: true, max: 30, placeholder: '如：2026年第3期' }),
    category: field.select('简报类别', { options: BRIEFING_CATEGORIES, required: true }),
    briefDate: field.date('简报日期', { required: true }),
    scope: field.select('发布范围', { options: BRIEFING_SCOPES, required: true }),
    editor: field.text('责任编辑', { max: 30 }),
    contactPhone: field.phone('联系电话'),
    summary: field.textarea('内容摘要', { max: 300, rows: 3 }),
    content: field.textarea('简报正文', { required: true, max: 20000, rows: 14 }),
    files: field.attachments('附件', { maxFiles: 10 }),
  },
  title: (v) => `${v.title ?? '工作简报'}${v.issueNo ? `（${v.issueNo}）` : ''}`,
  list: {
    columns: ['serialNo', 'title', 'issueNo', 'category', 'briefDate', 'applicant', 'status'],
    filters: ['title', 'category', 'briefDate', 'status', 'dept'],
  },
});
