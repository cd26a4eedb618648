import { z } from 'zod';

/**
 * Hand-over when staff leave or move (issue 38): an administrator moves everything a person holds to a successor.
 * The one declaration of what a person can hold: the preview lists these kinds in this order and the move runs
 * the same kinds; every kind has exactly one source on the server (core/ports/handover-port.ts).
 */
export const HANDOVER_KINDS = {
  task: '待办任务',
  cc: '待阅抄送',
  delegation: '委托代理',
  processRole: '流程固定审批人与流程管理员',
  supervise: '督办任务',
  documentRole: '公文角色（登记人、承办人）',
  meeting: '组织的会议',
  columnGrant: '栏目发布权限',
} as const;
export type HandoverKind = keyof typeof HANDOVER_KINDS;
export const HANDOVER_KIND_LIST = Object.keys(HANDOVER_KINDS) as HandoverKind[];

const userCode = (label: string) =>
  z
    .string({ message: `请选择${label}` })
    .trim()
    .min(1, { message: `请选择${label}` })
    .max(64, { message: `${label}无效` });

export const handoverPreviewQuery = z.object({ userCode: userCode('交接人') });

export const handoverItem = z.object({ id: z.string(), title: z.string(), detail: z.string().nullable() });
export type HandoverItem = z.infer<typeof handoverItem>;

export const handoverGroup = z.object({
  kind: z.enum(HANDOVER_KIND_LIST as [HandoverKind, ...HandoverKind[]]),
  label: z.string(),
  items: z.array(handoverItem),
});
export type HandoverGroup = z.infer<typeof handoverGroup>;

export const handoverPreview = z.object({
  userCode: z.string(),
  userName: z.string(),
  active: z.boolean(),
  total: z.number().int(),
  groups: z.array(handoverGroup),
});
export type HandoverPreview = z.infer<typeof handoverPreview>;

export const handoverBody = z.object({ userCode: userCode('交接人'), successor: userCode('接收人') });

export const handoverResult = z.object({
  total: z.number().int(),
  moved: z.array(z.object({ kind: z.string(), label: z.string(), count: z.number().int() })),
});
export type HandoverResult = z.infer<typeof handoverResult>;

/** How many items of each kind a preview lists at most (a leaver holds far fewer; the move takes them all). */
export const HANDOVER_PREVIEW_LIMIT = 200;

export const handoverPeopleQuery = z.object({ keyword: z.string().trim().max(64, { message: '关键字过长' }).optional() });
export const handoverPerson = z.object({
  userCode: z.string(),
  userName: z.string(),
  deptName: z.string().nullable(),
  active: z.boolean(),
});
export type HandoverPerson = z.infer<typeof handoverPerson>;
