import type { NotifyKind } from '../contract/notify';

/**
 * The events a person chooses channels for (个人中心「消息通知设置」). Each belongs to one message kind, the unit the
 * administrator routes to channels: a person may choose a channel for an event only when the administrator routes its
 * kind there. An event named like a kind ('task', 'remind', 'system' …) is that kind's message from any other source.
 */
export const NOTIFY_EVENTS = {
  task: { label: '新待办', kind: 'task' },
  urge: { label: '催办', kind: 'urge' },
  return: { label: '退回', kind: 'return' },
  result: { label: '审批结果（通过、驳回）', kind: 'result' },
  cc: { label: '抄送', kind: 'cc' },
  mention: { label: '意见中@提及我', kind: 'comment' },
  comment: { label: '评论', kind: 'comment' },
  distribute: { label: '公文分发与传阅', kind: 'system' },
  meeting_invite: { label: '会议邀请', kind: 'system' },
  meeting_change: { label: '会议变更', kind: 'system' },
  meeting_cancel: { label: '会议取消', kind: 'system' },
  meeting_remind: { label: '会前提醒', kind: 'remind' },
  supervise_alert: { label: '督办事项亮黄灯、红灯', kind: 'remind' },
  salary: { label: '工资条发放', kind: 'system' },
  unread: { label: '提醒未读', kind: 'remind' },
  weekly_due: { label: '周报待提交', kind: 'remind' },
  remind: { label: '其他提醒（超时等）', kind: 'remind' },
  system: { label: '其他通知', kind: 'system' },
} as const satisfies Record<string, { label: string; kind: NotifyKind }>;

export type NotifyEvent = keyof typeof NOTIFY_EVENTS;
export const NOTIFY_EVENT_CODES = Object.keys(NOTIFY_EVENTS) as NotifyEvent[];

/** The event of a message written without one: the kind's own event. */
export const eventOrKind = (event: string | null | undefined, kind: NotifyKind): NotifyEvent =>
  event && event in NOTIFY_EVENTS ? (event as NotifyEvent) : kind;
