import { defineModule } from './define-module';
import { field, options } from './field';
import { URGENCY } from './approval-kit';
import { menuPage } from './module-menu';

export const SIGN_TYPES = options('请示', '报告', '情况说明', '经费请示', '人事请示', '其他');
export const SECRECY = options('公开', '内部', '秘密');

/**
 * 签报 (/sign, /signEdit, /signPreview; ledger /signManage; the leader's sign-off desk /signDeal):
 * drafted by a department, checked by its leader, then signed off by the leader it is addressed to.
 */
export const signModule = defineModule({
  code: 'oa_sign',
  name: '签报',
  kind: 'approval',
  routes: { list: '/sign', edit: '/signEdit', preview: '/signPreview', manage: '/signManage' },
  menu: {
    parent: 'office',
    order: 40,
    edit: '签报拟稿',
    preview: '签报详情',
    icon: 'EditOutlined',
    name: '签报申请',
    pages: [
      menuPage('oa_sign_manage', '签报台账', '/signManage', 50, 'SnippetsOutlined'),
      menuPage('oa_sign_deal', '领导签批', '/signDeal', 60, 'HighlightOutlined', 'leaders'),
    ],
  },
  serial: { prefix: 'QB' },
  scope: 'dept',
  amountField: 'amount',
  fields: {
    subject: field.text('签报标题', { required: true, max: 100, span: 2 }),
    signType: field.select('签报类型', { options: SIGN_TYPES, required: true }),
    urgency: field.select('缓急程度', { options: URGENCY, required: true }),
    secrecy: field.select('密级', { options: SECRECY, required: true }),
    leader: field.user('呈报领导', { required: true, help: '签批本签报的协会领导' }),
    amount: field.money('涉及金额', { capitals: true, help: '不涉及资金可不填' }),
    deadline: field.date('办理时限'),
    contactPhone: field.phone('联系电话', { required: true }),
    content: field.textarea('签报内容', { required: true, max: 5000, rows: 10 }),
    proposal: field.textarea('拟办意见', { max: 1000 }),
    files: field.attachments('附件', { maxFiles: 10 }),
  },
  title: (v) => v.subject ?? '签报',
  list: {
    columns: ['serialNo', 'subject', 'signType', 'urgency', 'leader', 'applicant', 'status', 'createdAt'],
    filters: ['subject', 'signType', 'urgency', 'status', 'createdAt', 'dept'],
  },
});
