import { z } from 'zod';
import { NOTIFY_EVENT_CODES } from '../notify/events';
import { NOTIFY_CHANNELS } from './notify';

/**
 * Each person's message preferences (个人中心「消息通知设置」): per event and channel at once, in a daily digest, or
 * off — within the channels and kinds the administrator switched on; quiet hours (China time) during which messages
 * wait; the time of the daily digest. Paths: NOTIFY_API.myPrefs / saveMyPrefs.
 */
export const NOTIFY_MODES = ['now', 'digest', 'off'] as const;
export type NotifyMode = (typeof NOTIFY_MODES)[number];
export const NOTIFY_MODE_LABELS: Record<NotifyMode, string> = { now: '即时', digest: '每日汇总', off: '关闭' };

const hhmm = (field: string) =>
  z
    .string({ message: `请填写时间（字段：${field}）` })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: `时间格式应为 HH:MM（字段：${field}）` });

export const notifyChoice = z.object({
  event: z.enum(NOTIFY_EVENT_CODES as [string, ...string[]], { message: '消息类型不正确（字段：choices.event）' }),
  channel: z.enum(NOTIFY_CHANNELS, { message: '渠道不正确（字段：choices.channel）' }),
  mode: z.enum(['digest', 'off'], { message: '接收方式不正确（字段：choices.mode）' }),
});
export type NotifyChoice = z.infer<typeof notifyChoice>;

export const myNotifyPrefs = z.object({
  /** the event/channel pairs not sent at once (no entry: at once) */
  choices: z.array(notifyChoice, { message: '请提交接收方式（字段：choices）' }).max(500, { message: '选择过多（字段：choices）' }),
  quietFrom: hhmm('quietFrom').nullable(),
  quietTo: hhmm('quietTo').nullable(),
  digestAt: hhmm('digestAt'),
});
export type MyNotifyPrefs = z.infer<typeof myNotifyPrefs>;

/** What a person may choose: each channel on for them, with the events the administrator routes to it. */
export const myNotifyPrefsAnswer = myNotifyPrefs.extend({
  channels: z.array(
    z.object({
      channel: z.enum(NOTIFY_CHANNELS),
      label: z.string(),
      /** the person has an address on it (an e-mail address, a mobile number) */
      reachable: z.boolean(),
      events: z.array(z.string()),
    }),
  ),
  events: z.array(z.object({ event: z.string(), label: z.string() })),
});
export type MyNotifyPrefsAnswer = z.infer<typeof myNotifyPrefsAnswer>;
