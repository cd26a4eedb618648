import { z } from 'zod';
import { chinaInstant } from '../format/china-time';
import { pageQuery } from './envelope';

/** Supervision (督办): tasks from a leader's instruction, a document's 批示 or a meeting's resolution. */

const id = (label: string) =>
  z
    .string({ message: `缺少${label}` })
    .trim()
    .min(1, { message: `缺少${label}` })
    .max(40, { message: `${label}无效` });
const isoDate = (label: string) =>
  z.string({ message: `请选择${label}` }).regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${label}格式应为 YYYY-MM-DD` });

export const SUPERVISE_SOURCE = {
  leader: '领导交办',
  receipt: '公文批示',
  dispatch: '发文批示',
  meeting: '会议决议',
  other: '其他',
  /** raised by the workflow when a step stays open past its 督办时限 (never chosen by hand) */
  flow: '流程超时',
} as const;
export type SuperviseSource = keyof typeof SUPERVISE_SOURCE;
export const SUPERVISE_STATUS = { assigned: '待接收', doing: '办理中', reviewing: '待审核', closed: '已办结' } as const;
export type SuperviseStatus = keyof typeof SUPERVISE_STATUS;
export type SuperviseColor = 'red' | 'yellow' | 'blue' | 'none';
export const SUPERVISE_COLOR_TEXT: Record<SuperviseColor, string> = { red: '已超期', yellow: '进度滞后', blue: '即将到期', none: '正常' };

const DAY = 86_400_000;
/** The start of a day in China (a person's due date ends at China's midnight, wherever the code runs). */
const dayStart = (d: string) => Date.parse(chinaInstant(d));

/**
 * The warning colour of an open task at `now` (one rule for the server's lists and the browser):
 * red — past the due date; yellow — behind schedule: progress more than 10 points below the share of whole days
 * elapsed; blue — due within 3 days.
 */
export function superviseColor(t: { status: string; progress: number; startDate: string; dueDate: string }, now: Date): SuperviseColor {
  if (t.status === 'closed') return 'none';
  const start = dayStart(t.startDate);
  const end = dayStart(t.dueDate) + DAY; // due at the end of the due day
  const at = now.getTime();
  if (at >= end) return 'red';
  const days = Math.max(1, Math.round((end - start) / DAY));
  const elapsed = Math.max(0, Math.floor((at - start) / DAY));
  if (t.progress < (elapsed / days) * 100 - 10) return 'yellow';
  if (end - at <= 3 * DAY) return 'blue';
  return 'none';
}

export const superviseSubtask = z.object({
  id: z.string(),
  title: z.string(),
  deptCode: z.string(),
  deptName: z.string(),
  ownerUser: z.string(),
  ownerName: z.string(),
  dueDate: z.string(),
  progress: z.number().int(),
  note: z.string().nullable(),
});
export type SuperviseSubtask = z.infer<typeof superviseSubtask>;

export const superviseTask = z.object({
  id: z.string(),
  serialNo: z.string(),
  title: z.string(),
  content: z.string(),
  sourceType: z.string(),
  sourceId: z.string().nullable(),
  sourceTitle: z.string().nullable(),
  sourceLink: z.string().nullable(),
  leadDept: z.string(),
  leadDeptName: z.string(),
  ownerUser: z.string(),
  ownerName: z.string(),
  assistDepts: z.array(z.object({ deptCode: z.string(), deptName: z.string() })),
  startDate: z.string(),
  dueDate: z.string(),
  status: z.enum(['assigned', 'doing', 'reviewing', 'closed']),
  progress: z.number().int(),
  supervisor: z.string(),
  supervisorName: z.string(),
  color: z.enum(['red', 'yellow', 'blue', 'none']),
  extensionDue: z.string().nullable(),
  extensionReason: z.string().nullable(),
  urgeCount: z.number().int(),
  closedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SuperviseTask = z.infer<typeof superviseTask>;

export const superviseLog = z.object({
  id: z.string(),
  action: z.string(),
  userCode: z.string(),
  userName: z.string(),
  percent: z.number().int().nullable(),
  content: z.string().nullable(),
  files: z.array(z.object({ fileId: z.string(), fileName: z.string() })),
  subtaskId: z.string().nullable(),
  createdAt: z.string(),
});
export type SuperviseLog = z.infer<typeof superviseLog>;
export const SUPERVISE_ACTION: Record<string, string> = {
  create: '立项交办',
  accept: '接收',
  progress: '报告进展',
  extend: '申请延期',
  extendOk: '同意延期',
  extendNo: '不同意延期',
  submit: '申请办结',
  return: '退回',
  close: '办结',
  urge: '催办',
  remind: '到期提醒',
  subProgress: '子任务进展',
};

export const superviseDetail = z.object({
  task: superviseTask,
  subtasks: z.array(superviseSubtask),
  logs: z.array(superviseLog),
  /** what the viewer may do */
  can: z.object({ accept: z.boolean(), report: z.boolean(), extend: z.boolean(), review: z.boolean(), subtaskIds: z.array(z.string()) }),
});
export type SuperviseDetail = z.infer<typeof superviseDetail>;

export const superviseBody = z.object({
  title: z
    .string({ message: '请输入督办事项' })
    .trim()
    .min(1, { message: '请输入督办事项' })
    .max(100, { message: '督办事项不能超过 100 字' }),
  content: z
    .string({ message: '请输入督办内容' })
    .trim()
    .min(1, { message: '请输入督办内容' })
    .max(4000, { message: '督办内容不能超过 4000 字' }),
  sourceType: z.enum(['leader', 'receipt', 'dispatch', 'meeting', 'other'], { message: '督办来源 sourceType 无效' }),
  sourceId: z.string().trim().max(64, { message: '来源编号过长' }).nullable().optional(),
  sourceTitle: z.string().trim().max(200, { message: '来源标题过长' }).nullable().optional(),
  sourceLink: z
    .string()
    .trim()
    .max(300)
    .refine((v) => v === '' || /^\/[A-Za-z0-9/_?&=.%-]*$/.test(v), { message: '来源链接 sourceLink 须为站内路径' })
    .nullable()
    .optional(),
  leadDept: id('牵头部门 leadDept'),
  ownerUser: id('责任人 ownerUser'),
  assistDepts: z.array(z.string().trim().min(1).max(40), { message: '协办部门 assistDepts 无效' }).max(30).default([]),
  dueDate: isoDate('办结期限 dueDate'),
  subtasks: z
    .array(
      z.object({
        title: z
          .string({ message: '请输入子任务名称' })
          .trim()
          .min(1, { message: '请输入子任务名称' })
          .max(100, { message: '子任务名称不能超过 100 字' }),
        deptCode: id('子任务部门 deptCode'),
        ownerUser: id('子任务责任人 ownerUser'),
        dueDate: isoDate('子任务期限 dueDate'),
      }),
      { message: '子任务 subtasks 无效' },
    )
    .max(50, { message: '子任务最多 50 个' })
    .default([]),
});
export type SuperviseBody = z.infer<typeof superviseBody>;

export const superviseListQuery = pageQuery.extend({
  scope: z.enum(['mine', 'exec', 'all']).default('exec'),
  status: z.enum(['assigned', 'doing', 'reviewing', 'closed', 'open']).optional(),
  color: z.enum(['red', 'yellow', 'blue']).optional(),
  keyword: z.string().trim().max(50, { message: '关键字不能超过 50 字' }).optional(),
  leadDept: z.string().trim().max(40).optional(),
});
export const superviseIdQuery = z.object({ id: id('督办编号 id') });
export const superviseIdBody = z.object({ id: id('督办编号 id') });
const text = (label: string, max: number) =>
  z
    .string({ message: `请填写${label}` })
    .trim()
    .min(1, { message: `请填写${label}` })
    .max(max, { message: `${label}不能超过 ${max} 字` });
export const superviseProgressBody = z.object({
  id: id('督办编号 id'),
  subtaskId: z.string().trim().max(40).nullable().optional(),
  percent: z
    .number({ message: '进度 percent 须为 0–100 的整数' })
    .int({ message: '进度 percent 须为整数' })
    .min(0, { message: '进度 percent 不能小于 0' })
    .max(100, { message: '进度 percent 不能大于 100' }),
  content: text('进展情况 content', 2000),
  fileIds: z
    .array(z.string().regex(/^f[0-9a-f]{30}$/, { message: '附件 fileIds 无效' }))
    .max(10, { message: '附件最多 10 个' })
    .default([]),
});
export const superviseExtendBody = z.object({
  id: id('督办编号 id'),
  dueDate: isoDate('延期至 dueDate'),
  reason: text('延期原因 reason', 500),
});
export const superviseReviewBody = z.object({
  id: id('督办编号 id'),
  action: z.enum(['close', 'return', 'extendOk', 'extendNo'], { message: '审核动作 action 无效' }),
  comment: z.string().trim().max(500, { message: '意见不能超过 500 字' }).optional(),
});
export const superviseUrgeBody = z.object({
  id: id('督办编号 id'),
  content: z.string().trim().max(200, { message: '催办内容不能超过 200 字' }).optional(),
});

export const superviseStat = z.object({
  deptCode: z.string(),
  deptName: z.string(),
  total: z.number().int(),
  closed: z.number().int(),
  onTime: z.number().int(),
  overdue: z.number().int(),
  rate: z.number(),
});
export type SuperviseStat = z.infer<typeof superviseStat>;

const P = '/api/auth/oa/supervise';
export const SUPERVISE_API = {
  list: `${P}/list`,
  one: `${P}/task`,
  accept: `${P}/accept`,
  progress: `${P}/progress`,
  extend: `${P}/extend`,
  submit: `${P}/submit`,
  review: `${P}/review`,
  urge: `${P}/urge`,
  stats: `${P}/stats`,
  upload: `${P}/upload`,
  due: `${P}/due`,
} as const;
