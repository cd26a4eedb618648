import type { ColumnType, Generated } from 'kysely';
import type { BucketColumn } from '@oa/shared/workflow/step-durations';

/** Tables of migration 004-workflow. Timestamps ISO, flags 'Y'/'N'. */
/** One row (id 1): bumped at commit by every write a to-do or done list shows (migration 084). */
export interface WfTodoVersionTable {
  id: number;
  version: number;
  tx: number | null;
}

export interface WfDefinitionTable {
  id: string;
  module_code: string;
  dept_code: string | null;
  name: string;
  version: number;
  status: 'draft' | 'published' | 'archived';
  /** the ProcessDefinition as JSON */
  body: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  published_at: string | null;
}

export type InstanceStatus = 'running' | 'approved' | 'rejected' | 'returned' | 'withdrawn' | 'terminated';

export interface WfInstanceTable {
  id: string;
  definition_id: string;
  version: number;
  module_code: string;
  record_id: string;
  serial_no: string;
  title: string;
  initiator: string;
  dept_code: string | null;
  status: InstanceStatus;
  /** form snapshot (JSON), updated by approvers' permitted edits */
  form: string;
  /** initiator picks (JSON nodeId → user codes) */
  picks: string;
  /** 'Y' once an approver acted (withdraw is refused from then on) */
  acted: 'Y' | 'N';
  /** bumped by every action: the row lock that serialises actions on one instance */
  rev: number;
  started_at: string;
  ended_at: string | null;
  last_urged_at: string | null;
  /** a return to the initiator "straight back to me": the step a resubmission resumes at (migration 096) */
  resume_node_id: string | null;
}

/** Where the process stands: one token per active chain (several inside parallel branches). */
export interface WfTokenTable {
  id: string;
  instance_id: string;
  node_id: string;
  /** enclosing parallel scopes, '/branchNode:branch' joined ('' on the main chain) */
  path: string;
  status: 'active' | 'waiting' | 'done' | 'cancelled';
  /** JSON user codes who approved the previous approver node on this path */
  prev_approvers: string;
  created_at: string;
}

export interface WfTaskTable {
  id: string;
  instance_id: string;
  /** the instance's module (it never changes): the to-do list filters by it without the join (migration 083) */
  module_code: string;
  token_id: string;
  node_id: string;
  node_name: string;
  assignee: string;
  /** delegation: the original assignee */
  on_behalf_of: string | null;
  seq: number;
  status: 'pending' | 'open' | 'done' | 'cancelled';
  /** approved | rejected | returned | transferred | reassigned | auto | cancelled */
  result: string | null;
  comment: string | null;
  signature_file_id: string | null;
  /** 'Y': an add-sign approver (must approve besides the node's mode) */
  added: 'Y' | 'N';
  /** add-sign before: this task waits for that task */
  wait_for: string | null;
  created_at: string;
  opened_at: string | null;
  acted_at: string | null;
  due_at: string | null;
  timeout_count: number;
}

export interface WfCcTable {
  id: string;
  instance_id: string;
  node_id: string;
  node_name: string;
  user_code: string;
  created_at: string;
  read_at: string | null;
}

export interface WfHistoryTable {
  id: Generated<number>;
  instance_id: string;
  node_id: string | null;
  node_name: string | null;
  task_id: string | null;
  action: string;
  actor: string;
  on_behalf_of: string | null;
  target: string | null;
  comment: string | null;
  signature_file_id: string | null;
  created_at: string;
}

export interface WfNotificationTable {
  id: string;
  user_code: string;
  kind: 'task' | 'cc' | 'urge' | 'remind' | 'result' | 'return' | 'comment' | 'system';
  title: string;
  content: string;
  instance_id: string | null;
  module_code: string | null;
  record_id: string | null;
  created_at: string;
  read_at: string | null;
}

export interface WfDelegationTable {
  id: string;
  user_code: string;
  deputy_code: string;
  module_code: string | null;
  start_date: string;
  end_date: string;
  reason: string | null;
  enabled: 'Y' | 'N';
  created_by: string;
  created_at: string;
}

/** Buckets h00 … h39 of the duration histogram (`@oa/shared/workflow/step-durations`). */
type Buckets = { [K in BucketColumn]: ColumnType<number, number | undefined, number> };

/** Time on every step (migration 104): handled tasks added up per process, step, month, department and person. */
export type WfStepStatTable = Buckets & {
  module_code: string;
  node_id: string;
  /** China-time month of the handling, 'YYYY-MM' */
  month: string;
  /** the person's department when they handled it ('' for none) */
  dept_code: string;
  assignee: string;
  /** the step's latest name */
  node_name: string;
  cnt: ColumnType<number, number, number>;
  total_ms: ColumnType<number, number, number>;
};

/** The one start-up back-fill of the step statistics (row id 1; in steps, migration 135). */
export interface WfStepStatFillTable {
  id: number;
  /** when it was claimed: tasks handled before it are the back-fill's, later ones the engine's */
  filled_at: string;
  /** tasks added so far */
  tasks: number;
  /** the last task added (in id order; '' before the first step) */
  last_id: ColumnType<string, string | undefined, string>;
  /** when the pass was over (null: steps left) */
  done_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A task that stayed open past its step's 督办时限: the 督办 and 催办 were raised (once). */
export interface WfTaskOverdueTable {
  task_id: string;
  instance_id: string;
  raised_at: string;
  /** the department leader the 督办 went to (null: nobody to supervise, only the 催办) */
  leader: string | null;
}

export interface WorkflowTables {
  wf_definition: WfDefinitionTable;
  wf_instance: WfInstanceTable;
  wf_token: WfTokenTable;
  wf_task: WfTaskTable;
  wf_todo_version: WfTodoVersionTable;
  wf_cc: WfCcTable;
  wf_history: WfHistoryTable;
  wf_notification: WfNotificationTable;
  wf_delegation: WfDelegationTable;
  wf_step_stat: WfStepStatTable;
  wf_step_stat_fill: WfStepStatFillTable;
  wf_task_overdue: WfTaskOverdueTable;
}
