import { defineModule } from './define-module';
import { field } from './field';

/**
 * 办公用品领用 (/OfficeSuppliesManage, a single-route module with the stock table on the same page):
 * the lines name items of the stock; the server refuses items that are unknown or short when
 * submitting, and lowers the stock when the requisition is approved (refused if it ran short meanwhile).
 */
export const suppliesModule = defineModule({
  code: 'oa_supplies',
  name: '办公用品领用',
  kind: 'approval',
  routes: { list: '/OfficeSuppliesManage' },
  menu: { parent: 'office', order: 160, icon: 'ShopOutlined', name: '办公用品' },
  serial: { prefix: 'LY' },
  scope: 'dept',
  fields: {
    useDate: field.date('领用日期', { required: true }),
    contactPhone: field.phone('联系电话'),
    items: field.table(
      '领用明细',
      {
        name: field.text('物品名称', { required: true, max: 50 }),
        quantity: field.int('数量', { required: true, min: 1, max: 9999 }),
        note: field.text('备注', { max: 100 }),
      },
      { required: true, maxRows: 30 },
    ),
    purpose: field.textarea('领用用途', { required: true, max: 500 }),
  },
  rules: [
    (v) => {
      const seen = new Set<string>();
      const i = v.items.findIndex((r) => (r.name ? seen.size === seen.add(r.name.trim()).size : false));
      return i >= 0 ? { field: `items.${i}.name` as 'items', message: `领用明细第${i + 1}行的物品重复` } : null;
    },
  ],
  title: (v, applicant) =>
    `${applicant}领用${v.items
      .map((r) => r.name)
      .filter(Boolean)
      .slice(0, 3)
      .join('、')}`,
  list: {
    columns: ['serialNo', 'applicant', 'useDate', 'title', 'status', 'createdAt'],
    filters: ['useDate', 'status', 'applicant', 'dept'],
  },
});
