import { defineModule } from './define-module';
import { field } from './field';

/** 名片印制 (/NameCard): a member asks for boxes of business cards; the department leader approves. */
export const namecardModule = defineModule({
  code: 'oa_namecard',
  name: '名片印制',
  kind: 'approval',
  routes: { list: '/NameCard' },
  menu: { parent: 'office', order: 165, icon: 'IdcardOutlined' },
  serial: { prefix: 'MP' },
  fields: {
    boxes: field.int('印制盒数', { required: true, min: 1, max: 10, unit: '盒' }),
  },
  list: { columns: ['serialNo', 'boxes', 'applicant', 'status', 'createdAt'], filters: ['status', 'createdAt'] },
});
