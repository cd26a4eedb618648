import { defineModule } from './define-module';
import { field, options } from './field';
import { YES_NO } from './approval-kit';

export const LETTER_LANGUAGES = options('中文', '英文', '中英文');

/** 邀请函 (/Invite, a single-route module): letters inviting foreign guests, the basis of their visas. */
export const inviteModule = defineModule({
  code: 'oa_invite',
  name: '邀请函',
  kind: 'approval',
  routes: { list: '/Invite' },
  menu: { parent: 'foreign', order: 30, icon: 'MailOutlined', name: '邀请函申请' },
  serial: { prefix: 'YQ' },
  scope: 'dept',
  fields: {
    inviteeName: field.text('被邀请人（团组）', { required: true, max: 100 }),
    country: field.text('国籍（地区）', { required: true, max: 50 }),
    inviteeUnit: field.text('所在单位及职务', { required: true, max: 200 }),
    headcount: field.int('人数', { required: true, min: 1, max: 200, unit: '人' }),
    visitRange: field.daterange('来访期间', { required: true }),
    language: field.select('函件语种', { options: LETTER_LANGUAGES, required: true }),
    needVisa: field.select('是否办理签证', { options: YES_NO, required: true }),
    costBearer: field.text('费用承担方', { required: true, max: 100 }),
    contactPhone: field.phone('联系电话', { required: true }),
    contactEmail: field.email('联系邮箱'),
    purpose: field.textarea('邀请事由', { required: true, max: 1000 }),
    files: field.attachments('护照首页等材料', { maxFiles: 10 }),
  },
  title: (v) => `邀请${v.inviteeName ?? ''}来访`,
  list: {
    columns: ['serialNo', 'inviteeName', 'country', 'headcount', 'visitRange', 'status', 'createdAt'],
    filters: ['inviteeName', 'country', 'visitRange', 'status'],
  },
});
