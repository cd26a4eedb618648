import type { FieldPermission } from '@oa/shared/workflow/definition';
import type { Db } from '../db/database';

/**
 * The seam between the module (records) engine and the workflow engine. Neither feature imports the
 * other: the workflow feature installs `ctx.workflow` and the records feature installs `ctx.records`
 * when their routes register (src/routes.ts order: workflow before records is not required — both are
 * looked up at call time). Every call takes the caller's transaction so that a record's state and its
 * process state change together or not at all.
 */
export interface StartInput {
  moduleCode: string;
  recordId: string;
  serialNo: string;
  title: string;
  initiator: string;          // user code
  deptCode: string | null;    // the initiator's department when submitting
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
  /** Whether a user may read a record because they are or were an approver / CC recipient of it. */
  isParticipant(db: Db, input: { moduleCode: string; recordId: string; userCode: string }): Promise<boolean>;
  /**
   * Per record, the field permissions of the user's node: their open task's node, otherwise the node of
   * their last task or CC copy (past tasks edit nothing). Records the user takes no part in are absent.
   */
  fieldPermissionsFor(db: Db, input: { moduleCode: string; recordIds: string[]; userCode: string }): Promise<Map<string, Record<string, FieldPermission>>>;
}

export interface RecordLifecycle {
  /** Called inside the workflow action's transaction when an instance leaves 'running'. */
  onOutcome(trx: Db, input: { moduleCode: string; recordId: string; outcome: Exclude<ProcessOutcome, 'running'>; instanceId: string }): Promise<void>;
  /** The form data of a record (conditions, field permissions, notifications). */
  getForm(db: Db, input: { moduleCode: string; recordId: string }): Promise<{ title: string; serialNo: string; form: Record<string, unknown>; applicant: string } | null>;
  /**
   * Optional: applies an approver's edits to fields their node marks 'edit' (the workflow has checked the
   * permission), inside the approve action's transaction. Without it approvers cannot edit the form.
   */
  patchForm?(trx: Db, input: { moduleCode: string; recordId: string; patch: Record<string, unknown>; userCode: string }): Promise<void>;
}

declare module './context' {
  interface AppContext {
    workflow?: WorkflowEngine;
    records?: RecordLifecycle;
  }
}
