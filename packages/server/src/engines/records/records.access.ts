import { EDITABLE_STATUSES, type AnyModule, type RecordStatus } from '@oa/shared/modules/define-module';
import type { RecordDetail, RecordItem } from '@oa/shared/contract/records';
import type { AppContext } from '../../core/context';
import { notFound } from '../../lib/errors';
import { findRecord, leaderDepts, type RecordRow } from './records.repository';
import type { HookRecord } from '../../core/ports/module-hooks';
import type { EngineActor } from '../../core/ports/register-port';

/** Who acts: built by the routes from the request's session (the service never sees the request). */
export type Actor = EngineActor;

export function parseData(row: RecordRow): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(row.data);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function toItem(row: RecordRow): RecordItem {
  return {
    id: row.id,
    moduleCode: row.module,
    variant: row.variant,
    serialNo: row.serial_no,
    title: row.title,
    status: row.status as RecordStatus,
    applicant: row.applicant,
    applicantName: row.applicant_name,
    dept: row.dept,
    deptName: row.dept_name,
    amount: row.amount === null ? null : Number(row.amount),
    data: parseData(row),
    instanceId: row.instance_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    submittedAt: row.submitted_at,
    finishedAt: row.finished_at,
  };
}

export function hookRecord(row: RecordRow, data = parseData(row)): HookRecord {
  return { id: row.id, module: row.module, serialNo: row.serial_no, status: row.status, applicant: row.applicant, dept: row.dept, data };
}

export const isEditable = (status: string) => (EDITABLE_STATUSES as readonly string[]).includes(status);

export async function canManage(m: AnyModule, actor: Actor): Promise<boolean> {
  return actor.isAdmin || (await actor.can(m.permissions.manage));
}

/**
 * Whether the actor may read a record: the applicant; managers and leaders of its department (not
 * others' drafts); workflow participants (approvers, CC recipients).
 */
export async function canRead(ctx: AppContext, m: AnyModule, actor: Actor, row: RecordRow): Promise<boolean> {
  if (row.applicant === actor.userCode) return true;
  if (row.status === 'draft') return false;
  if (await canManage(m, actor)) return true;
  if (m.scope === 'dept' && row.dept && (await leaderDepts(ctx.db, actor, actor.roleCodes)).includes(row.dept)) return true;
  if (await ctx.workflow.isParticipant(ctx.db, { moduleCode: m.code, recordId: row.id, userCode: actor.userCode })) return true;
  return false;
}

/** The record, or 404 when it does not exist or the actor may not read it (no existence leak). */
export async function readableRecord(ctx: AppContext, m: AnyModule, actor: Actor, id: string): Promise<RecordRow> {
  const row = await findRecord(ctx.db, ctx.fieldKeys, m.code, id);
  if (!row || !(await canRead(ctx, m, actor, row))) throw notFound('记录不存在或无权查看');
  return row;
}

export async function permissionsOn(
  ctx: AppContext,
  m: AnyModule,
  actor: Actor,
  row: RecordRow,
): Promise<Pick<RecordDetail, 'can' | 'actions'>> {
  const mine = row.applicant === actor.userCode;
  const manage = await canManage(m, actor);
  const actions = Object.entries(m.actions ?? {})
    .filter(([, a]) => a.when.includes(row.status as RecordStatus) && (!a.available || a.available(parseData(row))))
    .filter(([, a]) => (a.who === 'applicant' ? mine : a.who === 'manager' ? manage : mine || manage))
    .map(([code]) => code);
  return {
    can: {
      edit: mine && isEditable(row.status),
      delete: mine && row.status === 'draft',
      submit: mine && isEditable(row.status),
      // the process's own rule (nobody acted yet), the one the withdraw action refuses by
      withdraw:
        mine &&
        row.status === 'running' &&
        (await ctx.workflow.mayWithdraw(ctx.db, { moduleCode: m.code, recordId: row.id, userCode: actor.userCode })),
      manage,
      // the sheet is printed for any reader (this answer reaches only readers) once the record was submitted
      print: row.status !== 'draft' && m.kind === 'approval',
    },
    actions,
  };
}
