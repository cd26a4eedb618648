import { z } from 'zod';
import { fieldPermissionSchema, processDefinitionSchema } from '../workflow/definition';
import { keysetPageQuery, pageQuery } from './envelope';

/**
 * Every payload of the workflow API (issue 5). Paths:
 * - designer  `/oa/api/auth/oa/workflow/<action>` (sys_flow_def)
 * - pending centre and actions `/oa/api/auth/oa/process/<action>` (any logged-in user; the service checks the actor)
 * - process admin `/oa/api/auth/oa/process/admin/<action>` (sys_flow_instances), delegation admin (sys_flow_approver)
 * - share link `/oa/api/base/oa/workflow/share?token=` (no login)
 */

const id = z.string().min(1, { message: '缺少编号' }).max(64);
const userCode = z.string().trim().min(1, { message: '请选择人员' }).max(64);
const comment = z.string().trim().max(1000, { message: '意见不能超过 1000 字' });
const dateStr = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: '日期格式应为 YYYY-MM-DD' });

// ---------------------------------------------------------------- definitions (designer)

export const DEFINITION_STATUSES = ['draft', 'published', 'archived'] as const;
export type DefinitionStatus = (typeof DEFINITION_STATUSES)[number];

/** A field the designer may put conditions on (from the module registry). */
export const conditionField = z.object({
  code: z.string().min(1).max(64),
  label: z.string().max(64).optional(),
  type: z.enum(['number', 'money', 'int', 'date', 'select', 'user', 'dept', 'text']),
  options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
});
export type ConditionField = z.infer<typeof conditionField>;

export const definitionSummary = z.object({
  id: z.string(),
  moduleCode: z.string(),
  deptCode: z.string().nullable(),
  name: z.string(),
  version: z.number().int(),
  status: z.enum(DEFINITION_STATUSES),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type DefinitionSummary = z.infer<typeof definitionSummary>;

export const definitionDetail = definitionSummary.extend({ definition: processDefinitionSchema });
export type DefinitionDetail = z.infer<typeof definitionDetail>;

export const definitionListQuery = pageQuery.extend({
  moduleCode: z.string().max(64).optional(),
  status: z.enum(DEFINITION_STATUSES).optional(),
  /** 'Y': only the newest version of each (module, dept) */
  latestOnly: z.enum(['Y', 'N']).default('Y'),
  /** part of the process name or of its business module's name */
  keyword: z.string().trim().max(50, { message: '关键字不能超过50个字符' }).optional(),
});
export const definitionIdQuery = z.object({ id });
export const definitionVersionsQuery = z.object({ moduleCode: z.string().min(1).max(64), deptCode: z.string().max(32).optional() });

/** Saves a draft: without `id` a new draft (version = newest + 1); with `id` that draft (drafts only). */
export const saveDraftBody = z.object({ id: id.optional(), definition: processDefinitionSchema });

export const validationProblem = z.object({ nodeId: z.string().nullable(), message: z.string() });
export type ValidationProblem = z.infer<typeof validationProblem>;
export const validateBody = z.object({ definition: processDefinitionSchema, conditionFields: z.array(conditionField).optional() });
export const validateResult = z.object({ valid: z.boolean(), problems: z.array(validationProblem) });
/** Publishes a draft after validation; refusals carry `data.problems`. */
export const publishBody = z.object({ id, conditionFields: z.array(conditionField).optional() });

// ---------------------------------------------------------------- directory + simulate

export const directoryResult = z.object({
  users: z.array(
    z.object({
      userCode: z.string(),
      userName: z.string(),
      deptCode: z.string().nullable(),
      active: z.boolean(),
      roleCodes: z.array(z.string()),
    }),
  ),
  depts: z.array(
    z.object({ deptCode: z.string(), deptName: z.string(), parentCode: z.string().nullable(), leaderUserCode: z.string().nullable() }),
  ),
  roles: z.array(z.object({ roleCode: z.string(), roleName: z.string() })),
});
export type DirectoryResult = z.infer<typeof directoryResult>;

export const simulateBody = z
  .object({
    /** a definition being edited, or … */
    definition: processDefinitionSchema.optional(),
    /** … a stored one */
    definitionId: id.optional(),
    form: z.record(z.string(), z.unknown()).default({}),
    initiator: userCode,
    picks: z.record(z.string(), z.array(z.string())).optional(),
  })
  .refine((b) => !!b.definition || !!b.definitionId, { message: '请提供流程定义或定义编号', path: ['definition'] });

export const simulatedApprover = z.object({
  userCode: z.string(),
  userName: z.string(),
  /** passes automatically (same approver twice in a row) */
  auto: z.boolean(),
  reason: z.string(),
});
export const simulatedStep = z.object({
  nodeId: z.string(),
  nodeName: z.string(),
  type: z.enum(['start', 'approver', 'cc', 'branch', 'end']),
  /** what happens on entering the node */
  outcome: z.enum(['tasks', 'autoPass', 'reject', 'cc', 'route', 'start', 'end']),
  approvers: z.array(simulatedApprover),
  /** reasons in Chinese for each decision taken on this node */
  reasons: z.array(z.string()),
});
export const simulatedBranch = z.object({
  branchNodeId: z.string(),
  mode: z.enum(['exclusive', 'parallel']),
  chosen: z.array(z.string()),
  reason: z.string(),
});
export const simulateResult = z.object({
  route: z.array(z.string()),
  branches: z.array(simulatedBranch),
  steps: z.array(simulatedStep),
  /** 'rejected' when a node with nobody to approve rejects */
  outcome: z.enum(['approved', 'rejected', 'pending']),
});
export type SimulateResultDto = z.infer<typeof simulateResult>;

// ---------------------------------------------------------------- instances, tasks, history

export const INSTANCE_STATUSES = ['running', 'approved', 'rejected', 'returned', 'withdrawn', 'terminated'] as const;
export const TASK_STATUSES = ['pending', 'open', 'done', 'cancelled'] as const;
export const HISTORY_ACTIONS = [
  'submit',
  'approve',
  'reject',
  'return',
  'transfer',
  'addSign',
  'withdraw',
  'urge',
  'comment',
  'autoApprove',
  'autoReject',
  'skip',
  'cc',
  'remind',
  'reassign',
  'terminate',
  'finish',
  'formEdit',
  'resubmit',
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

export const userRef = z.object({ userCode: z.string(), userName: z.string() });
export const nodeRef = z.object({ nodeId: z.string(), nodeName: z.string() });

export const taskItem = z.object({
  taskId: z.string(),
  instanceId: z.string(),
  moduleCode: z.string(),
  recordId: z.string(),
  serialNo: z.string(),
  title: z.string(),
  nodeId: z.string(),
  nodeName: z.string(),
  initiator: z.string(),
  initiatorName: z.string(),
  assignee: z.string(),
  assigneeName: z.string(),
  /** delegation: the original assignee this task is handled for ("代 X 审批") */
  onBehalfOf: z.string().nullable(),
  onBehalfOfName: z.string().nullable(),
  status: z.enum(TASK_STATUSES),
  /** approved | rejected | returned | transferred | auto | cancelled */
  result: z.string().nullable(),
  comment: z.string().nullable(),
  createdAt: z.string(),
  actedAt: z.string().nullable(),
  dueAt: z.string().nullable(),
  instanceStatus: z.enum(INSTANCE_STATUSES),
});
export type TaskItem = z.infer<typeof taskItem>;

export const historyItem = z.object({
  id: z.number().int(),
  nodeId: z.string().nullable(),
  nodeName: z.string().nullable(),
  action: z.enum(HISTORY_ACTIONS),
  actor: z.string(),
  actorName: z.string(),
  onBehalfOf: z.string().nullable(),
  onBehalfOfName: z.string().nullable(),
  /** ready-made label, e.g. "王建国（代 刘洋 审批）" */
  actorLabel: z.string(),
  /** transfer / add-sign target, return target node, … */
  target: z.string().nullable(),
  targetName: z.string().nullable(),
  comment: z.string().nullable(),
  signatureFileId: z.string().nullable(),
  createdAt: z.string(),
});
export type HistoryItem = z.infer<typeof historyItem>;

export const ccItem = z.object({
  ccId: z.string(),
  instanceId: z.string(),
  moduleCode: z.string(),
  recordId: z.string(),
  serialNo: z.string(),
  title: z.string(),
  nodeId: z.string(),
  nodeName: z.string(),
  userCode: z.string(),
  userName: z.string(),
  initiator: z.string(),
  initiatorName: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  instanceStatus: z.enum(INSTANCE_STATUSES),
});
export type CcItem = z.infer<typeof ccItem>;

export const instanceSummary = z.object({
  instanceId: z.string(),
  definitionId: z.string(),
  version: z.number().int(),
  moduleCode: z.string(),
  recordId: z.string(),
  serialNo: z.string(),
  title: z.string(),
  initiator: z.string(),
  initiatorName: z.string(),
  deptCode: z.string().nullable(),
  status: z.enum(INSTANCE_STATUSES),
  currentNodes: z.array(nodeRef),
  approvers: z.array(userRef),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  durationMs: z.number(),
  /** the initiator may still withdraw (nobody acted) */
  canWithdraw: z.boolean(),
  lastUrgedAt: z.string().nullable(),
});
export type InstanceSummary = z.infer<typeof instanceSummary>;

export const ACTIONS = ['approve', 'reject', 'return', 'transfer', 'addSign', 'withdraw', 'urge', 'comment'] as const;
export type WorkflowAction = (typeof ACTIONS)[number];

export const returnTarget = z.object({ target: z.string(), label: z.string() });

/** GET process/instance?moduleCode&recordId — what the preview pages show (marks the viewer's CC copy read). */
export const instanceViewQuery = z.object({ moduleCode: z.string().min(1).max(64), recordId: z.string().min(1).max(64) });
export const instanceView = z.object({
  instances: z.array(instanceSummary),
  current: instanceSummary.nullable(),
  definition: processDefinitionSchema.nullable(),
  history: z.array(historyItem),
  openTasks: z.array(taskItem),
  myTask: taskItem.nullable(),
  myActions: z.array(z.enum(ACTIONS)),
  returnTargets: z.array(returnTarget),
  /** field code → permission for the viewer's open task (fields not listed: 'read') */
  fieldPermissions: z.record(z.string(), fieldPermissionSchema),
  cc: z.array(ccItem),
  /** node ids already passed (diagram highlighting) */
  passedNodeIds: z.array(z.string()),
});
export type InstanceView = z.infer<typeof instanceView>;

// ---------------------------------------------------------------- actions

const actionBase = { taskId: id, comment: comment.optional(), signatureFileId: z.string().max(128).optional() };
export const approveBody = z.object({ ...actionBase, formPatch: z.record(z.string(), z.unknown()).optional() });
export const rejectBody = z.object({ ...actionBase, comment: comment.min(1, { message: '请填写驳回意见' }) });
/** `to`: 'initiator', 'previous' or a passed node id */
export const returnBody = z.object({
  ...actionBase,
  to: z.string().min(1, { message: '请选择退回节点' }).max(64),
  /** with `to: 'initiator'`: the corrected record goes straight back to this step, keeping the approvals before it */
  resubmitToMe: z.boolean().optional(),
});
export const transferBody = z.object({ ...actionBase, toUser: userCode });
export const addSignBody = z.object({ ...actionBase, toUser: userCode, position: z.enum(['before', 'after']) });
export const instanceActionBody = z.object({ instanceId: id, comment: comment.optional() });
export const commentBody = z.object({
  instanceId: id,
  comment: comment.min(1, { message: '请填写评论内容' }),
  signatureFileId: z.string().max(128).optional(),
});
export const actionResult = z.object({ instanceId: z.string(), status: z.enum(INSTANCE_STATUSES) });
export type ActionResult = z.infer<typeof actionResult>;

// ---------------------------------------------------------------- pending centre

export const taskListQuery = keysetPageQuery.extend({ moduleCode: z.string().max(64).optional(), keyword: z.string().max(100).optional() });
export const ccListQuery = taskListQuery.extend({ read: z.enum(['Y', 'N']).optional() });
export const mineQuery = taskListQuery.extend({ status: z.enum(INSTANCE_STATUSES).optional() });
export const ccReadBody = z.object({ ccId: id });

export const notificationItem = z.object({
  id: z.string(),
  kind: z.enum(['task', 'cc', 'urge', 'remind', 'result', 'return', 'comment', 'system']),
  title: z.string(),
  content: z.string(),
  instanceId: z.string().nullable(),
  moduleCode: z.string().nullable(),
  recordId: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof notificationItem>;
export const notificationQuery = pageQuery.extend({ unreadOnly: z.enum(['Y', 'N']).default('N') });
export const unreadCounts = z.object({
  notifications: z.number().int(),
  todo: z.number().int(),
  cc: z.number().int(),
  /** unread 待阅 items of the areas' to-do sources (distributed documents…) */
  toRead: z.number().int().default(0),
});
export type UnreadCounts = z.infer<typeof unreadCounts>;
/** without ids: mark all read */
export const readNotificationsBody = z.object({ ids: z.array(id).max(500).optional() });
/**
 * SSE (GET process/stream, request header `Accept: text/event-stream`): `event: unread` with UnreadCounts on
 * connect and after each notice, `event: notification` with this data, `: ping` comments every 25 s.
 * Without that Accept header the route answers the UnreadCounts once as a JSON envelope.
 */
export const streamEvent = z.object({ kind: notificationItem.shape.kind, title: z.string(), instanceId: z.string().nullable() });
export type StreamEvent = z.infer<typeof streamEvent>;

// ---------------------------------------------------------------- process admin

export const adminInstanceQuery = keysetPageQuery.extend({
  moduleCode: z.string().max(64).optional(),
  status: z.enum(INSTANCE_STATUSES).optional(),
  initiator: z.string().max(64).optional(),
  keyword: z.string().max(100).optional(),
  startedFrom: dateStr.optional(),
  startedTo: dateStr.optional(),
});
export const reassignBody = z.object({
  taskId: id,
  toUser: userCode,
  reason: z.string().trim().min(1, { message: '请填写原因' }).max(500),
});
export const terminateBody = z.object({ instanceId: id, reason: z.string().trim().min(1, { message: '请填写原因' }).max(500) });

// ---------------------------------------------------------------- delegation

export const delegationItem = z.object({
  id: z.string(),
  userCode: z.string(),
  userName: z.string(),
  deputyCode: z.string(),
  deputyName: z.string(),
  moduleCode: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  reason: z.string().nullable(),
  enabled: z.boolean(),
  createdAt: z.string(),
});
export type DelegationItem = z.infer<typeof delegationItem>;
export const delegationBody = z
  .object({
    id: id.optional(),
    /** administrators (sys_flow_approver) may set it for anyone; others for themselves only */
    userCode: z.string().max(64).optional(),
    deputyCode: userCode,
    moduleCode: z.string().max(64).nullable().optional(),
    startDate: dateStr,
    endDate: dateStr,
    reason: z.string().trim().max(200).optional(),
    enabled: z.boolean().default(true),
  })
  .refine((b) => b.startDate <= b.endDate, { message: '结束日期不能早于开始日期', path: ['endDate'] });
export const delegationListQuery = pageQuery.extend({ userCode: z.string().max(64).optional() });
export const idBody = z.object({ id });

// ---------------------------------------------------------------- share link (/workflow/kk)

export const shareLinkBody = z.object({ definitionId: id });
export const shareLinkResult = z.object({ token: z.string(), path: z.string(), expiresAt: z.string() });
export const shareQuery = z.object({ token: z.string().min(1, { message: '缺少分享令牌' }).max(4096) });

/** GET /api/auth/oa/process/myStats — the home page's charts of my work (counts only). */
export const myStatsQuery = z.object({
  months: z.coerce
    .number({ message: '月份数须为 1 到 12 的整数' })
    .int('月份数须为 1 到 12 的整数')
    .min(1, '月份数须为 1 到 12 的整数')
    .max(12, '月份数须为 1 到 12 的整数')
    .default(6),
});
export const myStats = z.object({
  /** my applications (process instances I started) in the period, by status */
  byStatus: z.array(z.object({ status: z.enum(INSTANCE_STATUSES), count: z.number().int() })),
  /** per month ('YYYY-MM', oldest first, every month present): applications I started, tasks I handled */
  byMonth: z.array(z.object({ month: z.string(), applied: z.number().int(), handled: z.number().int() })),
  /** my applications in the period by module, most first */
  byModule: z.array(z.object({ moduleCode: z.string(), count: z.number().int() })),
});
export type MyStats = z.infer<typeof myStats>;

/** 批量审批 (issue 38): the caller's open tasks grouped by process and step, where the step allows it. */
export const batchGroup = z.object({
  /** definitionId + '/' + nodeId */
  key: z.string(),
  moduleCode: z.string(),
  processName: z.string(),
  nodeName: z.string(),
  tasks: z.array(
    z.object({ taskId: z.string(), title: z.string(), serialNo: z.string(), initiatorName: z.string(), createdAt: z.string() }),
  ),
});
export type BatchGroup = z.infer<typeof batchGroup>;
export const batchApproveBody = z.object({
  taskIds: z
    .array(z.string().min(1).max(64), { message: '请选择待办' })
    .min(1, { message: '请选择待办' })
    .max(100, { message: '一次最多批量审批 100 条' }),
  comment: comment.optional(),
});
export const batchApproveResult = z.object({
  done: z.array(z.string()),
  failed: z.array(z.object({ taskId: z.string(), title: z.string(), message: z.string() })),
});
export type BatchApproveResult = z.infer<typeof batchApproveResult>;
