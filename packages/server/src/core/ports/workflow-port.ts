import type { FieldPermission } from '@oa/shared/workflow/definition';
import type { Db } from '../../db/database';
import type { AppContext } from '../context';

/**
 * The seam between the module (records) engine and the workflow engine. Neither feature imports the
 * other: both are built once in app.ts (`composeEngines`) and reach each other only through `ctx.workflow`
 * and `ctx.records`, which are always there. Every call takes the caller's transaction so that a record's
 * state and its process state change together or not at all.
 *
 * Outcomes: the engine reports every outcome of its own actions (approve, reject, return, terminate,
 * timeouts, withdraw on the to-do pages) to the record's owner through `onOutcome`; the outcome of a call
 * the owner made itself (`start` finishing at once, `withdraw` through this port) is returned to the
 * owner, which applies it with the same function its `onOutcome` uses.
 */
export interface StartInput {
  moduleCode: string;
  recordId: string;
  serialNo: string;
  title: string;
  initiator: string; // user code
  deptCode: string | null; // the initiator's department when submitting
  form: Record<string, unknown>;
  /** approver nodes whose assignee is 'initiatorPicks': nodeId → the user codes the initiator chose */
  picks?: Record<string, string[]>;
}

export type ProcessOutcome = 'running' | 'approved' | 'rejected' | 'returned' | 'withdrawn' | 'terminated';

export interface WorkflowEngine {
  /** Starts (or, after a return, restarts) the process bound to the module; may finish at once (no approver → auto-pass). */
  start(trx: Db, input: StartInput): Promise<{ instanceId: string; outcome: ProcessOutcome }>;
  /** The initiator withdraws while nobody has acted yet; refuses (bizError) otherwise. */
  withdraw(trx: Db, input: { moduleCode: string; recordId: string; userCode: string }): Promise<void>;
  /** Whether the user may withdraw the record's running process now (the rule the withdraw action refuses by). */
  mayWithdraw(db: Db, input: { moduleCode: string; recordId: string; userCode: string }): Promise<boolean>;
  /** Whether a user may read a record because they are or were an approver / CC recipient of it. */
  isParticipant(db: Db, input: { moduleCode: string; recordId: string; userCode: string }): Promise<boolean>;
  /**
   * Per record, the field permissions of the user's node: their open task's node, otherwise the node of
   * their last task or CC copy (past tasks edit nothing). Records the user takes no part in are absent.
   */
  fieldPermissionsFor(
    db: Db,
    input: { moduleCode: string; recordIds: string[]; userCode: string },
  ): Promise<Map<string, Record<string, FieldPermission>>>;
}

export interface RecordLifecycle {
  /** Called inside the workflow action's transaction when an instance leaves 'running'. */
  onOutcome(
    trx: Db,
    input: { moduleCode: string; recordId: string; outcome: Exclude<ProcessOutcome, 'running'>; instanceId: string },
  ): Promise<void>;
  /** The form data of a record (conditions, field permissions, notifications). */
  getForm(
    db: Db,
    input: { moduleCode: string; recordId: string },
  ): Promise<{ title: string; serialNo: string; form: Record<string, unknown>; applicant: string } | null>;
  /**
   * Optional: applies an approver's edits to fields their node marks 'edit' (the workflow has checked the
   * permission), inside the approve action's transaction. Without it approvers cannot edit the form.
   */
  patchForm?(trx: Db, input: { moduleCode: string; recordId: string; patch: Record<string, unknown>; userCode: string }): Promise<void>;
  /**
   * Whether `userCode` may read the record itself by the area's own rules (its detail page would answer
   * it, not 404): the instance view (`process/instance`) shows the trail — title, initiator, comments —
   * only to the initiator, participants, process administrators (sys_flow_instances) and users for
   * whom this answers true. Holding `<module>:read` alone is NOT enough. Implement it with the same
   * check your record's get/preview route uses (e.g. the applicant, managers, leaders of its department).
   * Optional: without it only the initiator, participants and process administrators see the trail.
   */
  canRead?(db: Db, input: { moduleCode: string; recordId: string; userCode: string }): Promise<boolean>;
  /**
   * Optional: the record as `userCode` may see it (fields hidden from their step removed, masked numbers
   * masked), or null when they may not read it by `canRead`'s rule: what the printed 审批单/处理笺 shows.
   * Without it the module's records are not printed.
   */
  viewForm?(db: Db, input: { moduleCode: string; recordId: string; userCode: string }): Promise<ViewedForm | null>;
}

/** A record as one reader sees it (the printed sheet's head and field table). */
export interface ViewedForm {
  title: string;
  serialNo: string;
  /** the status in Chinese (已通过, 办理中 …) */
  statusLabel: string;
  /** still a draft (never submitted): nothing to print yet */
  draft: boolean;
  /** the form variant (e.g. 'senior'), whose fields and title the sheet uses */
  variant: string | null;
  applicantName: string;
  deptName: string | null;
  submittedAt: string | null;
  form: Record<string, unknown>;
  /** the first step's name on the sheet (提交, 登记, 拟稿) */
  startNode: string;
}

declare module '../context' {
  interface AppContext {
    workflow: WorkflowEngine;
    /** The module engine's lifecycle: the owner of every module code no area claimed. */
    records: RecordLifecycle;
    /** Lifecycles of areas that keep their own entities (meetings, news, …), by module code. */
    lifecycles: Map<string, RecordLifecycle>;
  }
}

/**
 * An area that runs its own entities through the workflow engine (ctx.workflow.start with its module
 * code and its own id) claims the module codes here; outcomes, forms and approver edits then reach it.
 */
export function registerLifecycle(ctx: AppContext, moduleCodes: readonly string[], lifecycle: RecordLifecycle): void {
  for (const code of moduleCodes) {
    if (ctx.lifecycles.has(code)) throw new Error(`workflow: module ${code} already has a lifecycle`);
    ctx.lifecycles.set(code, lifecycle);
  }
}

/** The lifecycle that owns a module's records: an area's own, else the module engine's. */
export function lifecycleOf(ctx: AppContext, moduleCode: string): RecordLifecycle {
  return ctx.lifecycles.get(moduleCode) ?? ctx.records;
}
