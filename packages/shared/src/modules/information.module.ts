import { defineModule } from './define-module';
import { field } from './field';

/**
 * 信息发布 (/information): articles live in the news area's own tables (engine 'area'); this declaration
 * gives the workflow designer the form and condition fields and the permission keys
 * (oa_information:manage = the news administrators).
 */
export const informationModule = defineModule({
  code: 'oa_information',
  name: '信息发布',
  kind: 'approval',
  engine: 'area',
  routes: { list: '/information', edit: '/information/edit', preview: '/information/preview' },
  serial: { prefix: 'XX' },
  fields: {
    title: field.text('标题', { required: true, max: 200, span: 2 }),
    columnName: field.text('栏目', { required: true, max: 64 }),
    source: field.text('来源', { max: 100 }),
    isTop: field.text('置顶', { max: 1 }),
    summary: field.textarea('摘要', { max: 500 }),
  },
  title: (v) => String(v.title ?? '信息发布'),
  list: { columns: ['title', 'columnName', 'status'], filters: ['title', 'status'] },
});
