import { defineModule } from './define-module';
import { field, options } from './field';

export const CERTIFICATES = options(
  '社会团体法人登记证书（正本）',
  '社会团体法人登记证书（副本）',
  '开户许可证',
  '事业单位法人证书',
  '资质证书',
  '荣誉证书',
  '其他证照',
);
export const CERT_USES = options('原件外借', '复印件', '扫描件');

/**
 * 证照使用 (/certificat, /certificat/edit): borrowing the association's certificates or getting copies
 * stamped for tenders, registrations and the like; an original lent out is returned with 'return'.
 */
export const certificateModule = defineModule({
  code: 'oa_certificate',
  name: '证照使用',
  kind: 'approval',
  routes: { list: '/certificat', edit: '/certificat/edit' },
  menu: {
    parent: 'office',
    order: 130,
    edit: '证书编辑',
    icon: 'IdcardOutlined',
    name: '证书管理',
  },
  serial: { prefix: 'ZZ' },
  scope: 'dept',
  fields: {
    certificate: field.select('证照名称', { options: CERTIFICATES, required: true }),
    useType: field.select('使用方式', { options: CERT_USES, required: true }),
    copies: field.int('份数', { required: true, min: 1, max: 50, unit: '份' }),
    recipient: field.text('报送单位', { required: true, max: 100 }),
    useRange: field.daterange('借用期间', { help: '原件外借时必填', startLabel: '借出日期', endLabel: '归还日期' }),
    contactPhone: field.mobile('联系电话', { required: true }),
    purpose: field.textarea('用途说明', { required: true, max: 1000 }),
    files: field.attachments('相关材料', { maxFiles: 10 }),
    returnDate: field.date('实际归还日期', { readonlyOnForm: true }),
  },
  rules: [
    (v) => (v.useType === '原件外借' && !v.useRange ? { field: 'useRange', message: '原件外借须填写借用期间' } : null),
    (v) => (v.useRange && v.useRange[1] > addDays(v.useRange[0], 30) ? { field: 'useRange', message: '证照原件借用不得超过30天' } : null),
  ],
  actions: {
    return: {
      label: '登记归还',
      when: ['approved'],
      who: 'manager',
      available: (d) => d.useType === '原件外借' && !d.returnDate,
      fields: { returnDate: field.date('实际归还日期', { required: true }) },
    },
  },
  title: (v) => `${v.certificate ?? '证照'}${v.useType ?? ''}`,
  list: {
    columns: ['serialNo', 'certificate', 'useType', 'copies', 'recipient', 'applicant', 'status', 'createdAt'],
    filters: ['certificate', 'useType', 'recipient', 'status'],
  },
});

function addDays(iso: string, n: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}
