import { defineModule } from './define-module';
import { field, options } from './field';

export const MAILBOX_REQUESTS = options('开通邮箱', '重置密码', '扩容', '注销邮箱');
export const MAILBOX_SIZES = options('2GB', '5GB', '10GB', '20GB');

/** 邮箱申请 (/Email, a single-route module): the association's mailboxes, handled by the IT centre. */
export const emailModule = defineModule({
  code: 'oa_email',
  name: '邮箱申请',
  kind: 'approval',
  routes: { list: '/Email' },
  menu: { parent: 'office', order: 150, icon: 'MailOutlined' },
  serial: { prefix: 'YX' },
  scope: 'dept',
  fields: {
    requestType: field.select('申请事项', { options: MAILBOX_REQUESTS, required: true }),
    userName: field.text('使用人姓名', { required: true, max: 30 }),
    account: field.text('邮箱账号', { required: true, max: 32, help: '@ 前的部分，小写字母开头，可含数字、点、下划线' }),
    size: field.select('邮箱容量', { options: MAILBOX_SIZES, required: true }),
    mobile: field.mobile('手机号码', { required: true, help: '用于接收初始密码' }),
    backupEmail: field.email('备用邮箱'),
    reason: field.textarea('申请事由', { required: true, max: 500 }),
  },
  rules: [
    (v) =>
      v.account && !/^[a-z][a-z0-9._]{2,31}$/.test(v.account)
        ? { field: 'account', message: '邮箱账号应以小写字母开头，3至32位小写字母、数字、点或下划线' }
        : null,
  ],
  title: (v) => `${v.userName ?? ''}${v.requestType ?? '邮箱申请'}`,
  list: {
    columns: ['serialNo', 'requestType', 'userName', 'account', 'size', 'status', 'createdAt'],
    filters: ['requestType', 'userName', 'account', 'status'],
  },
});
