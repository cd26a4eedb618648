import { z } from 'zod';
import { keysetPageQuery } from './envelope';

/** Messages that leave the system: the administrator's channels and delivery log, each person's choices. */
export const NOTIFY_API = {
  channels: '/api/auth/oa/notify/channels',
  saveChannel: '/api/auth/oa/notify/saveChannel',
  testSend: '/api/auth/oa/notify/testSend',
  log: '/api/auth/oa/notify/log',
  attempts: '/api/auth/oa/notify/attempts',
  myPrefs: '/api/auth/oa/notify/myPrefs',
  saveMyPrefs: '/api/auth/oa/notify/saveMyPrefs',
} as const;

export const NOTIFY_CHANNELS = [
  'email',
  'sms',
  'wecom_robot',
  'dingtalk_robot',
  'feishu_robot',
  'wecom_app',
  'dingtalk_app',
  'webpush',
] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

export const NOTIFY_CHANNEL_LABELS: Record<NotifyChannel, string> = {
  email: '电子邮件',
  sms: '短信',
  wecom_robot: '企业微信群机器人',
  dingtalk_robot: '钉钉群机器人',
  feishu_robot: '飞书群机器人',
  wecom_app: '企业微信应用消息',
  dingtalk_app: '钉钉工作通知',
  webpush: '浏览器通知',
};

/** The kinds of message (the in-app message's kind) an administrator routes and a person chooses. */
export const NOTIFY_KINDS = ['task', 'urge', 'return', 'result', 'cc', 'comment', 'remind', 'system'] as const;
export type NotifyKind = (typeof NOTIFY_KINDS)[number];
export const NOTIFY_KIND_LABELS: Record<NotifyKind, string> = {
  task: '新待办',
  urge: '催办',
  return: '退回',
  result: '审批结果',
  cc: '抄送',
  comment: '评论与@提及',
  remind: '提醒（超时、督办、周报、未读）',
  system: '通知（工资条等）',
};

export const DELIVERY_STATUS_LABELS = { pending: '等待发送', sending: '发送中', sent: '已送达', failed: '发送失败' } as const;

const channel = z.enum(NOTIFY_CHANNELS, { message: '请选择渠道（字段：channel）' });
const kind = z.enum(NOTIFY_KINDS, { message: '消息类型不正确（字段：kinds）' });

export const channelItem = z.object({
  channel,
  label: z.string(),
  /** the server has the channel's settings (environment) */
  configured: z.boolean(),
  enabled: z.boolean(),
  kinds: z.array(kind),
});
export type ChannelItem = z.infer<typeof channelItem>;

export const saveChannelBody = z.object({
  channel,
  enabled: z.boolean({ message: '请选择是否启用（字段：enabled）' }),
  kinds: z.array(kind).max(NOTIFY_KINDS.length),
});
export type SaveChannelBody = z.infer<typeof saveChannelBody>;

export const testSendBody = z.object({ channel });
export const testSendAnswer = z.object({ ok: z.boolean(), answer: z.string() });
export type TestSendAnswer = z.infer<typeof testSendAnswer>;

export const deliveryLogQuery = keysetPageQuery.extend({
  status: z.enum(['pending', 'sending', 'sent', 'failed'], { message: '状态不正确（字段：status）' }).optional(),
});
export const deliveryItem = z.object({
  id: z.string(),
  channel: z.string(),
  userCode: z.string(),
  userName: z.string(),
  address: z.string(),
  title: z.string(),
  status: z.enum(['pending', 'sending', 'sent', 'failed']),
  attempts: z.number().int(),
  lastAnswer: z.string().nullable(),
  nextAt: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type DeliveryItem = z.infer<typeof deliveryItem>;

export const attemptsQuery = z.object({ deliveryId: z.string().min(1, { message: '缺少投递编号（字段：deliveryId）' }).max(64) });
export const attemptItem = z.object({ at: z.string(), ok: z.boolean(), answer: z.string() });
export type AttemptItem = z.infer<typeof attemptItem>;
