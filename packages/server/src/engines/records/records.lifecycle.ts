import { ErrorCode } from '@oa/shared/contract/envelope';
import { STATUS_LABELS, type AnyModule } from '@oa/shared/modules/define-module';
import { validateRecord } from '@oa/shared/modules/field-schema';
import { moduleByCode } from '@oa/shared/modules/registry';
import type { AppContext } from '../../core/context';
import type { ProcessOutcome, RecordLifecycle } from '../../core/ports/workflow-port';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { canRead, hookRecord, parseData, toItem } from './records.access';
import { withoutHidden } from './records.hidden';
import { maskItem } from './records.mask';
import { viewerOf } from '../../core/identity/account-viewer';
import { canSee, registerAccess } from './register.access';
import { findPerson, findRecord, insertLog, replaceData, updateRecord } from './records.repository';

const FINAL = new Set(['approved', 'rejected', 'terminated']);

/**
 * The one function that applies a process outcome (approved, rejected, returned, withdrawn, terminated)
 * to its record, inside the caller's transaction: the status, the finish time, the module's
 * afterApprove / afterReject hooks and the log. Idempotent: an outcome already applied is a no-op.
 * `by`: who caused it when it is logged as their act (the applicant's withdrawal); else the process.
 */
export async function applyOutcome(
  ctx: AppContext,
  trx: Db,
  m: AnyModule,
  recordId: string,
  outcome: Exclude<ProcessOutcome, 'running'>,
  instanceId: string,
  by?: { userCode: string; userName: string; action: string },
): Promise<void> {
  const row = await findRecord(trx, ctx.fieldKeys, m.code, recordId);
  if (!row) throw new Error(`records: no record ${m.code}/${recordId} for outcome ${outcome}`);
  if (row.status === outcome) return;
  let data = parseData(row);
  const hooks = ctx.hooks.modules[m.code];
  const patch =
    outcome === 'approved'
      ? await hooks?.afterApprove?.(trx, hookRecord(row, data))
      : outcome === 'rejected' || outcome === 'terminated'
        ? await hooks?.afterReject?.(trx, hookRecord(row, data))
        : undefined;
  if (patch) data = { ...data, ...patch };
  const at = nowIso();
  await updateRecord(trx, ctx.fieldKeys, m.code, recordId, [row.status], {
    status: outcome,
    data: JSON.stringify(data),
    instance_id: instanceId || row.instance_id,
    updated_at: at,
    finished_at: FINAL.has(outcome) ? at : null,
  });
  await insertLog(trx, {
    record_id: recordId,
    module: m.code,
    action: by?.action ?? outcome,
    actor: by?.userCode ?? 'system',
    actor_name: by?.userName ?? '审批流程',
    from_status: row.status,
    to_status: outcome,
    comment: null,
    created_at: at,
  });
}

/** The records side of the workflow seam (core/ports/workflow-port.ts), installed as ctx.records. */
export function recordLifecycle(ctx: AppContext): RecordLifecycle {
  return {
    /** The records engine's own read check (the one behind records/get), for the workflow's instance view. */
    async canRead(db, input) {
      const m = moduleByCode(input.moduleCode);
      const row = m ? await findRecord(db, ctx.fieldKeys, m.code, input.recordId) : undefined;
      const actor = row ? await viewerOf(ctx.db, input.userCode) : null;
      if (!m || !row || !actor) return false;
      if (m.kind === 'register')
        return (await actor.can(m.permissions.read)) && canSee(row, parseData(row), await registerAccess(m, actor), actor);
      return canRead(ctx, m, actor, row);
    },
    /** The record as the reader sees it on its detail page (hidden fields out, bank cards masked): the printed sheet. */
    async viewForm(db, input) {
      const m = moduleByCode(input.moduleCode);
      const row = m?.kind === 'approval' ? await findRecord(db, ctx.fieldKeys, m.code, input.recordId) : undefined;
      const actor = row ? await viewerOf(ctx.db, input.userCode) : null;
      if (!m || !row || !actor || !(await canRead(ctx, m, actor, row))) return null;
      const [visible] = await withoutHidden(ctx, m, actor, [row]);
      const item = maskItem(m, actor, toItem(visible));
      return {
        title: item.title,
        serialNo: item.serialNo ?? '',
        statusLabel: STATUS_LABELS[item.status] ?? item.status,
        draft: item.status === 'draft',
        variant: item.variant,
        applicantName: item.applicantName,
        deptName: item.deptName,
        submittedAt: item.submittedAt,
        form: item.data,
        startNode: '提交',
      };
    },
    async onOutcome(trx, input) {
      const m = moduleByCode(input.moduleCode);
      if (!m) throw new Error(`records: unknown module ${input.moduleCode}`);
      await applyOutcome(ctx, trx, m, input.recordId, input.outcome, input.instanceId);
    },
    async getForm(db, input) {
      const m = moduleByCode(input.moduleCode);
      const row = m ? await findRecord(db, ctx.fieldKeys, m.code, input.recordId) : undefined;
      if (!row) return null;
      return { title: row.title, serialNo: row.serial_no ?? '', form: parseData(row), applicant: row.applicant };
    },
    /** An approver's edits of the fields their node marks 'edit' (the workflow checked that): the whole form is re-validated. */
    async patchForm(trx, input) {
      const m = moduleByCode(input.moduleCode);
      const row = m ? await findRecord(trx, ctx.fieldKeys, m.code, input.recordId) : undefined;
      if (!m || !row) throw new Error(`records: no record ${input.moduleCode}/${input.recordId} to patch`);
      const editable = Object.entries(m.fields)
        .filter(([, f]) => !f.readonlyOnForm)
        .map(([n]) => n);
      const patch = Object.fromEntries(Object.entries(input.patch).filter(([k]) => editable.includes(k)));
      const current = parseData(row);
      const r = validateRecord(m, { ...current, ...patch }, { variant: row.variant });
      if (!r.ok) throw new AppError(ErrorCode.BAD_REQUEST, r.issues[0].message, 400, { field: `formPatch.${r.issues[0].field}` });
      for (const [name, f] of Object.entries(m.fields)) if (f.readonlyOnForm) r.data[name] = current[name] ?? null;
      const a = m.amountField ? r.data[m.amountField] : null;
      await replaceData(trx, ctx.fieldKeys, m.code, row.id, JSON.stringify(r.data), typeof a === 'number' ? a : null, nowIso());
      const who = await findPerson(trx, input.userCode);
      await insertLog(trx, {
        record_id: row.id,
        module: m.code,
        action: 'formEdit',
        actor: input.userCode,
        actor_name: who?.user_name ?? input.userCode,
        from_status: row.status,
        to_status: row.status,
        comment: `修改了：${Object.keys(patch)
          .map((k) => m.fields[k].label)
          .join('、')}`,
        created_at: nowIso(),
      });
    },
  };
}
