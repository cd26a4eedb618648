import { defineModule } from './define-module';
import { field, options } from './field';
import { columnSum, FUND_SOURCES } from './approval-kit';
import { menuPage } from './module-menu';

export const DEVICE_CATEGORIES = options('计算机及外设', '办公设备', '网络设备', '音视频设备', '软件', '家具', '其他');
export const PURCHASE_STATES = options('待采购', '采购中', '已到货', '已验收');

/**
 * 设备采购 (/device; purchasing desk /deviceManager; leaders' overview /deviceSenior). After approval the
 * purchasing office records progress with the 'purchase' action.
 */
export const deviceModule = defineModule({
  code: 'oa_device',
  name: '设备采购',
  kind: 'approval',
  routes: { list: '/device', manage: '/deviceManager' },
  menu: {
    parent: 'office',
    order: 100,
    icon: 'LaptopOutlined',
    pages: [
      menuPage('oa_device_manager', '采购管理', '/deviceManager', 110, 'ShoppingCartOutlined'),
      menuPage('oa_device_senior', '采购审阅', '/deviceSenior', 120, 'FileSearchOutlined', 'leaders'),
    ],
  },
  serial: { prefix: 'SB' },
  scope: 'dept',
  amountField: 'total',
  fields: {
    subject: field.text('采购事项', { required: true, max: 100, span: 2 }),
    category: field.select('设备类别', { options: DEVICE_CATEGORIES, required: true }),
    fundSource: field.select('经费来源', { options: FUND_SOURCES, required: true }),
    expectedDate: field.date('期望到货日期'),
    contactPhone: field.phone('联系电话', { required: true }),
    items: field.table(
      '采购明细',
      {
        name: field.text('设备名称', { required: true, max: 50 }),
        model: field.text('规格型号', { max: 50 }),
        quantity: field.int('数量', { required: true, min: 1, max: 9999 }),
        price: field.money('单价', { required: true }),
        supplier: field.text('建议供应商', { max: 50 }),
      },
      { required: true, maxRows: 30 },
    ),
    total: field.money('预算合计', { capitals: true, compute: (d) => deviceTotal(d.items) }),
    reason: field.textarea('采购理由', { required: true, max: 1000 }),
    files: field.attachments('报价单等附件', { maxFiles: 10 }),
    purchaseState: field.select('采购状态', { options: PURCHASE_STATES, readonlyOnForm: true }),
    purchaseNote: field.text('采购进展说明', { max: 200, readonlyOnForm: true }),
  },
  actions: {
    purchase: {
      label: '登记采购进展',
      when: ['approved'],
      who: 'manager',
      fields: {
        purchaseState: field.select('采购状态', { options: PURCHASE_STATES, required: true }),
        purchaseNote: field.text('采购进展说明', { max: 200 }),
      },
    },
  },
  title: (v) => v.subject ?? '设备采购',
  list: {
    columns: ['serialNo', 'subject', 'category', 'total', 'purchaseState', 'applicant', 'status', 'createdAt'],
    filters: ['subject', 'category', 'purchaseState', 'total', 'status', 'dept'],
  },
});

/** Σ quantity × price of the purchase lines. */
export function deviceTotal(items: unknown): number | null {
  if (!Array.isArray(items) || items.length === 0) return null;
  const lines = items.map((r: unknown) => {
    const row = (r ?? {}) as Record<string, unknown>;
    const q = Number(row.quantity);
    const p = Number(row.price);
    return { v: Number.isFinite(q) && Number.isFinite(p) ? Math.round(q * p * 100) / 100 : 0 };
  });
  return columnSum(lines, 'v');
}
