import { z } from 'zod';

/**
 * A process definition in the DingTalk style (ARCHITECTURE.md §7): a chain of nodes linked by
 * `childNode`, with branch nodes whose branches each hold their own chain and rejoin at the branch
 * node's `childNode`. Node ids are stable across edits and versions.
 */

export const NODE_TYPES = ['start', 'approver', 'cc', 'branch', 'end'] as const;
export type NodeType = (typeof NODE_TYPES)[number];

/** Who approves (or who is copied). */
export const assigneeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('users'), userCodes: z.array(z.string()).min(1, { message: '请选择审批人' }) }),
  z.object({
    kind: z.literal('role'),
    roleCode: z.string().min(1, { message: '请选择角色' }),
    scope: z.enum(['all', 'initiatorDept']).default('all'),
  }),
  /** the leader (role 001 / org_dept.leader_user_code) of the initiator's department */
  z.object({ kind: z.literal('deptLeader') }),
  /** the n-th level supervisor: 1 = own department's leader, 2 = the parent department's, … */
  z.object({ kind: z.literal('supervisor'), level: z.number().int().min(1).max(10) }),
  /** every supervisor from level 1 up to `topLevel`, one after another */
  z.object({ kind: z.literal('supervisorChain'), topLevel: z.number().int().min(1).max(10) }),
  /** the initiator picks when submitting, from `candidates` (empty = anyone) */
  z.object({ kind: z.literal('initiatorPicks'), multiple: z.boolean().default(false), candidates: z.array(z.string()).default([]) }),
  z.object({ kind: z.literal('initiator') }),
  /** a user field of the form (field.user) */
  z.object({ kind: z.literal('formUser'), field: z.string().min(1, { message: '请选择表单中的人员字段' }) }),
]);
export type Assignee = z.infer<typeof assigneeSchema>;

/** sequential: one after another in list order; all: countersign; any: or-sign; ratio: pass when ≥ ratio% approve. */
export const approvalModeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('sequential') }),
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('any') }),
  z.object({ kind: z.literal('ratio'), percent: z.number().int().min(1).max(100) }),
]);
export type ApprovalMode = z.infer<typeof approvalModeSchema>;

export const fieldPermissionSchema = z.enum(['read', 'edit', 'hidden']);
export type FieldPermission = z.infer<typeof fieldPermissionSchema>;

export const timeoutRuleSchema = z.object({
  afterHours: z
    .number()
    .positive()
    .max(24 * 365),
  action: z.enum(['remind', 'autoApprove', 'autoReject']),
  /** for 'remind': repeat every N hours (0 = once) */
  repeatHours: z
    .number()
    .min(0)
    .max(24 * 30)
    .default(0),
});
export type TimeoutRule = z.infer<typeof timeoutRuleSchema>;

export const approverSettingsSchema = z.object({
  assignee: assigneeSchema,
  mode: approvalModeSchema.default({ kind: 'sequential' }),
  /** nobody resolved: pass automatically, hand to the process administrators, to the initiator's department leader, or reject */
  whenEmpty: z.enum(['autoPass', 'toAdmin', 'toLeader', 'reject']).default('toAdmin'),
  /** the approver is the initiator: approve for themselves, skip the node, or go to their leader */
  whenInitiator: z.enum(['selfApprove', 'skip', 'toLeader']).default('selfApprove'),
  /** the same approver acted on the previous node: pass automatically */
  dedupeConsecutive: z.boolean().default(true),
  /** field code → permission on this node; fields not listed are 'read' */
  fieldPermissions: z.record(z.string(), fieldPermissionSchema).default({}),
  /** form fields that must hold a value when this node approves (e.g. 批示 names the handlers of 承办) */
  requiredFields: z.array(z.string().max(64)).max(50).default([]),
  timeout: timeoutRuleSchema.nullable().default(null),
  /** which return targets the approver may choose */
  allowReturn: z.boolean().default(true),
  allowTransfer: z.boolean().default(true),
  allowAddSign: z.boolean().default(true),
  /** 批量审批: several to-do items of this step may be approved with one opinion (see `batchRefusal`) */
  allowBatch: z.boolean().default(false),
  /** 需手写签名: approving this step needs a drawn signature */
  requireSignature: z.boolean().default(false),
  /**
   * 督办时限 (hours): a task of this step open longer raises a 督办 to the assignee's department leader and a
   * 催办 to the assignee, once per task; also what the step statistics count as overdue. null: no limit.
   */
  overdueHours: z
    .number()
    .positive()
    .max(24 * 365)
    .nullable()
    .default(null),
});
export type ApproverSettings = z.infer<typeof approverSettingsSchema>;

export const ccSettingsSchema = z.object({
  assignee: assigneeSchema,
  fieldPermissions: z.record(z.string(), fieldPermissionSchema).default({}),
});
export type CcSettings = z.infer<typeof ccSettingsSchema>;

/** One condition of a branch; all conditions of a branch must hold (AND). */
export const conditionSchema = z.discriminatedUnion('kind', [
  /** number / money / int fields */
  z.object({
    kind: z.literal('number'),
    field: z.string(),
    op: z.enum(['<', '<=', '=', '>=', '>', '!=', 'between']),
    value: z.number(),
    value2: z.number().optional(),
  }),
  /** date fields as 'YYYY-MM-DD' */
  z.object({
    kind: z.literal('date'),
    field: z.string(),
    op: z.enum(['<', '<=', '=', '>=', '>', 'between']),
    value: z.string(),
    value2: z.string().optional(),
  }),
  /** select fields: value is one of `values` */
  z.object({ kind: z.literal('select'), field: z.string(), values: z.array(z.string()).min(1) }),
  /** user fields: the chosen user is one of `userCodes` */
  z.object({ kind: z.literal('user'), field: z.string(), userCodes: z.array(z.string()).min(1) }),
  /** dept fields: the chosen department is one of `deptCodes` (or below them) */
  z.object({ kind: z.literal('dept'), field: z.string(), deptCodes: z.array(z.string()).min(1) }),
  /** the initiator's department is one of `deptCodes` (or below them) */
  z.object({ kind: z.literal('initiatorDept'), deptCodes: z.array(z.string()).min(1) }),
  /** the initiator holds one of `roleCodes` */
  z.object({ kind: z.literal('initiatorRole'), roleCodes: z.array(z.string()).min(1) }),
]);
export type Condition = z.infer<typeof conditionSchema>;

export interface StartNode {
  id: string;
  type: 'start';
  name: string;
  childNode: FlowNode | null;
  settings: { fieldPermissions: Record<string, FieldPermission> };
}
export interface ApproverNode {
  id: string;
  type: 'approver';
  name: string;
  childNode: FlowNode | null;
  settings: ApproverSettings;
}
export interface CcNode {
  id: string;
  type: 'cc';
  name: string;
  childNode: FlowNode | null;
  settings: CcSettings;
}
export interface Branch {
  id: string;
  name: string;
  priority: number;
  /** empty on the default branch */ conditions: Condition[];
  isDefault: boolean;
  childNode: FlowNode | null;
}
export interface BranchNode {
  id: string;
  type: 'branch';
  name: string;
  mode: 'exclusive' | 'parallel';
  branches: Branch[];
  childNode: FlowNode | null;
}
export interface EndNode {
  id: string;
  type: 'end';
  name: string;
  childNode: null;
}
export type FlowNode = StartNode | ApproverNode | CcNode | BranchNode | EndNode;

const lazyNode: z.ZodType<FlowNode> = z.lazy(() => flowNodeSchema);
const base = { id: z.string().min(1).max(64), name: z.string().trim().min(1, { message: '请填写节点名称' }).max(50) };
export const flowNodeSchema: z.ZodType<FlowNode> = z.lazy(() =>
  z.discriminatedUnion('type', [
    z.object({
      ...base,
      type: z.literal('start'),
      childNode: lazyNode.nullable(),
      settings: z.object({ fieldPermissions: z.record(z.string(), fieldPermissionSchema).default({}) }),
    }),
    z.object({ ...base, type: z.literal('approver'), childNode: lazyNode.nullable(), settings: approverSettingsSchema }),
    z.object({ ...base, type: z.literal('cc'), childNode: lazyNode.nullable(), settings: ccSettingsSchema }),
    z.object({
      ...base,
      type: z.literal('branch'),
      mode: z.enum(['exclusive', 'parallel']),
      childNode: lazyNode.nullable(),
      branches: z
        .array(
          z.object({
            id: z.string().min(1).max(64),
            name: z.string().trim().min(1).max(50),
            priority: z.number().int().min(1),
            conditions: z.array(conditionSchema),
            isDefault: z.boolean(),
            childNode: lazyNode.nullable(),
          }),
        )
        .min(2, { message: '分支至少需要两个' }),
    }),
    z.object({ ...base, type: z.literal('end'), childNode: z.null() }),
  ]),
) as z.ZodType<FlowNode>;

/** What a definition version stores. */
export interface ProcessDefinition {
  /** the business module it serves (e.g. 'oa_stamp') */
  moduleCode: string;
  name: string;
  /** bound to one department only (null = everyone) */
  deptCode: string | null;
  /** process administrators: receive tasks nobody can take (whenEmpty 'toAdmin', resigned approvers) */
  adminUserCodes: string[];
  root: StartNode;
}
export const processDefinitionSchema = z.object({
  moduleCode: z.string().min(1).max(64),
  name: z.string().trim().min(1, { message: '请填写流程名称' }).max(100),
  deptCode: z.string().max(32).nullable().default(null),
  adminUserCodes: z.array(z.string()).default([]),
  root: flowNodeSchema,
});

/** The people and structure `simulate` needs, supplied by the server (or by the designer from the API). */
export interface Directory {
  users: Record<string, { userCode: string; userName: string; deptCode: string | null; active: boolean; roleCodes: string[] }>;
  depts: Record<string, { deptCode: string; deptName: string; parentCode: string | null; leaderUserCode: string | null }>;
}
