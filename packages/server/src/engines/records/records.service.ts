import { chinaYear } from '@oa/shared/format/china-time';
import { ErrorCode } from '@oa/shared/contract/envelope';
import {
  LOG_ACTION_LABELS,
  type RecordDetail,
  type RecordItem,
  type RecordPage,
  type RecordListQuery,
  type RecordSaveBody,
} from '@oa/shared/contract/records';
import { EDITABLE_STATUSES, fieldsFor, formatSerial, type AnyModule } from '@oa/shared/modules/define-module';
import { validateRecord, type FieldIssue } from '@oa/shared/modules/field-schema';
import type { AppContext } from '../../core/context';
import { searchUserOptions } from '../../core/identity/user-options';
import type { Viewer } from '../../core/access/visibility';
import type { Db } from '../../db/database';
import type { FieldKeyring } from '../../lib/field-cipher';
import { AppError, bizError, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { hookRecord, isEditable, parseData, permissionsOn, readableRecord, toItem, type Actor } from './records.access';
import { withoutHidden } from './records.hidden';
import { auditFullBankCards, keepMaskedBankCards, maskItem } from './records.mask';
import { applyOutcome } from './records.lifecycle';
import { referenceIssues } from './record-refs';
import { listRecords } from './records.list';
import {
  deleteRecord,
  deptOptions,
  findRecord,
  insertLog,
  insertRecord,
  listLogs,
  newRecordId,
  nextSerialSeq,
  setInstance,
  updateRecord,
  type RecordRow,
} from './records.repository';

/** The records engine: drafts, submit into the workflow, withdraw, module actions (ARCHITECTURE.md §6). */

function invalid(issues: FieldIssue[]): never {
  const first = issues[0];
  throw new AppError(ErrorCode.BAD_REQUEST, first.message, 400, {
    field: `data.${first.field}`,
    issues: issues.map((i) => ({ ...i, field: `data.${i.field}` })),
  });
}

/** User, department and file references must exist. */
async function checkRefs(
  db: Db,
  m: AnyModule,
  data: Record<string, unknown>,
  variant: string | null,
  who: { userCode: string; before: Record<string, unknown> },
): Promise<void> {
  const issues = await referenceIssues(db, fieldsFor(m, variant), data, who);
  if (issues.length) invalid(issues);
}

/** Validates the form (draft: required relaxed); fields set by the system keep their stored values. */
async function prepare(
  ctx: AppContext,
  m: AnyModule,
  actor: Actor,
  body: RecordSaveBody,
  existing: Record<string, unknown>,
  draft: boolean,
) {
  const variant = body.variant && m.variants?.[body.variant] ? body.variant : null;
  if (body.variant && !variant) throw new AppError(ErrorCode.BAD_REQUEST, '表单类型不正确', 400, { field: 'variant' });
  // a bank-card number sent back masked (as it was shown) keeps the stored one
  const input = keepMaskedBankCards(m, { ...body.data }, existing);
  for (const [name, f] of Object.entries(m.fields)) if (f.readonlyOnForm) input[name] = existing[name] ?? null;
  const r = validateRecord(m, input, { variant, draft });
  if (!r.ok) invalid(r.issues);
  for (const [name, f] of Object.entries(m.fields)) if (f.readonlyOnForm) r.data[name] = existing[name] ?? null;
  await checkRefs(ctx.db, m, r.data, variant, { userCode: actor.userCode, before: existing });
  return { variant, data: r.data };
}

function derived(m: AnyModule, data: Record<string, unknown>, applicantName: string) {
  const title = (m.title?.(data as never, applicantName) ?? `${m.name}-${applicantName}`).slice(0, 300);
  const a = m.amountField ? data[m.amountField] : null;
  return { title, amount: typeof a === 'number' ? a : null };
}

/** The actor's own editable record (404 when not theirs). */
async function ownEditable(db: Db, keys: FieldKeyring, m: AnyModule, actor: Actor, id: string): Promise<RecordRow> {
  const row = await findRecord(db, keys, m.code, id);
  if (!row || row.applicant !== actor.userCode) throw notFound('记录不存在或无权修改');
  if (!isEditable(row.status)) throw bizError('该申请已提交，不能修改');
  return row;
}

async function log(
  db: Db,
  row: Pick<RecordRow, 'id' | 'module'>,
  action: string,
  actor: Actor,
  from: string | null,
  to: string | null,
  comment: string | null = null,
) {
  await insertLog(db, {
    record_id: row.id,
    module: row.module,
    action,
    actor: actor.userCode,
    actor_name: actor.userName,
    from_status: from,
    to_status: to,
    comment,
    created_at: nowIso(),
  });
}

/** Creates or updates the record in the transaction; returns its row. */
async function upsertDraft(
  trx: Db,
  keys: FieldKeyring,
  m: AnyModule,
  actor: Actor,
  id: string | undefined,
  variant: string | null,
  data: Record<string, unknown>,
): Promise<RecordRow> {
  const at = nowIso();
  const { title, amount } = derived(m, data, actor.userName);
  if (id) {
    const row = await ownEditable(trx, keys, m, actor, id);
    const patch = { variant, title, amount, data: JSON.stringify(data), updated_at: at };
    if (!(await updateRecord(trx, keys, m.code, id, EDITABLE_STATUSES, patch))) throw bizError('该申请已提交，不能修改');
    return { ...row, ...patch };
  }
  const row: RecordRow = {
    id: newRecordId(),
    module: m.code,
    variant,
    serial_no: null,
    title,
    status: 'draft',
    applicant: actor.userCode,
    applicant_name: actor.userName,
    dept: actor.deptCode,
    dept_name: actor.deptName,
    amount,
    data: JSON.stringify(data),
    instance_id: null,
    created_at: at,
    updated_at: at,
    submitted_at: null,
    finished_at: null,
  };
  await insertRecord(trx, keys, row);
  await log(trx, row, 'create', actor, null, 'draft');
  return row;
}

export async function saveDraft(ctx: AppContext, m: AnyModule, actor: Actor, body: RecordSaveBody): Promise<RecordItem> {
  const existing = body.id ? parseData(await ownEditable(ctx.db, ctx.fieldKeys, m, actor, body.id)) : {};
  const { variant, data } = await prepare(ctx, m, actor, body, existing, true);
  const row = await ctx.db.transaction().execute((trx) => upsertDraft(trx, ctx.fieldKeys, m, actor, body.id, variant, data));
  return maskItem(m, actor, toItem(row));
}

/** Saves and submits in one transaction: serial number, record state and process start together. */
export async function submit(ctx: AppContext, m: AnyModule, actor: Actor, body: RecordSaveBody): Promise<RecordItem> {
  const existing = body.id ? parseData(await ownEditable(ctx.db, ctx.fieldKeys, m, actor, body.id)) : {};
  const { variant, data } = await prepare(ctx, m, actor, body, existing, false);
  const id = await ctx.db.transaction().execute(async (trx) => {
    let row = await upsertDraft(trx, ctx.fieldKeys, m, actor, body.id, variant, data);
    const from = row.status;
    const serialNo =
      row.serial_no ?? formatSerial(m.serial.pattern, m.serial.prefix, chinaYear(), await nextSerialSeq(trx, m.code, chinaYear()));
    let next = data;
    const patch = await ctx.hooks.modules[m.code]?.beforeSubmit?.(trx, hookRecord({ ...row, serial_no: serialNo }, next), actor);
    if (patch) next = { ...next, ...patch };
    const at = nowIso();
    const status = 'running';
    // hooks may fill the amount field (e.g. reward = rate × units): title and amount follow the final data
    const upd = {
      ...derived(m, next, actor.userName),
      serial_no: serialNo,
      status,
      data: JSON.stringify(next),
      submitted_at: at,
      updated_at: at,
      finished_at: null,
    };
    if (!(await updateRecord(trx, ctx.fieldKeys, m.code, row.id, EDITABLE_STATUSES, upd))) throw bizError('该申请已提交，请勿重复提交');
    row = { ...row, ...upd };
    await log(trx, row, from === 'draft' ? 'submit' : 'resubmit', actor, from, status);
    const started = await ctx.workflow.start(trx, {
      moduleCode: m.code,
      recordId: row.id,
      serialNo,
      title: row.title,
      initiator: actor.userCode,
      deptCode: actor.deptCode,
      form: next,
      ...(body.picks ? { picks: body.picks } : {}),
    });
    await setInstance(trx, row.id, started.instanceId);
    // a process with nobody to approve finishes at once: applied here, by the function every outcome goes through
    if (started.outcome !== 'running') await applyOutcome(ctx, trx, m, row.id, started.outcome, started.instanceId);
    return row.id;
  });
  return maskItem(m, actor, toItem((await findRecord(ctx.db, ctx.fieldKeys, m.code, id))!));
}

export async function removeDraft(ctx: AppContext, m: AnyModule, actor: Actor, id: string): Promise<void> {
  const row = await findRecord(ctx.db, ctx.fieldKeys, m.code, id);
  if (!row || row.applicant !== actor.userCode) throw notFound('记录不存在或无权删除');
  if (row.status !== 'draft') throw bizError('只能删除草稿');
  const ok = await ctx.db.transaction().execute((trx) => deleteRecord(trx, id));
  if (!ok) throw bizError('只能删除草稿');
}

export async function withdraw(ctx: AppContext, m: AnyModule, actor: Actor, id: string): Promise<RecordItem> {
  const row = await findRecord(ctx.db, ctx.fieldKeys, m.code, id);
  if (!row || row.applicant !== actor.userCode) throw notFound('记录不存在或无权撤回');
  if (row.status !== 'running') throw bizError('只有审批中的申请可以撤回');
  await ctx.db.transaction().execute(async (trx) => {
    await ctx.workflow.withdraw(trx, { moduleCode: m.code, recordId: id, userCode: actor.userCode });
    // the port does not report a withdrawal it was asked for: applied here, by the function every outcome goes through
    await applyOutcome(ctx, trx, m, id, 'withdrawn', row.instance_id ?? '', {
      userCode: actor.userCode,
      userName: actor.userName,
      action: 'withdraw',
    });
  });
  return maskItem(m, actor, toItem((await findRecord(ctx.db, ctx.fieldKeys, m.code, id))!));
}

export async function getRecord(ctx: AppContext, m: AnyModule, actor: Actor, id: string): Promise<RecordDetail> {
  const row = await readableRecord(ctx, m, actor, id);
  const logs = await listLogs(ctx.db, id);
  const [visible] = await withoutHidden(ctx, m, actor, [row]);
  const item = toItem(visible);
  await auditFullBankCards(ctx, m, actor, [item], 'view');
  return {
    ...maskItem(m, actor, item),
    ...(await permissionsOn(ctx, m, actor, row)),
    logs: logs.map((l) => ({
      id: Number(l.id),
      action: l.action,
      actionLabel: LOG_ACTION_LABELS[l.action] ?? l.action,
      actor: l.actor,
      actorName: l.actor_name,
      fromStatus: l.from_status,
      toStatus: l.to_status,
      comment: l.comment,
      createdAt: l.created_at,
    })),
  };
}

/** A page of a module's list; the page and its total kept under the request's `business_record_version` when given (`recordsVersion`). */
export async function list(
  ctx: AppContext,
  m: AnyModule,
  actor: Actor,
  query: RecordListQuery,
  recordsVersion?: number,
): Promise<RecordPage> {
  const { rows, ...counts } = await listRecords(ctx, m, actor, query, recordsVersion);
  const items = (await withoutHidden(ctx, m, actor, rows)).map(toItem);
  await auditFullBankCards(ctx, m, actor, items, 'list');
  return { list: items.map((i) => maskItem(m, actor, i)), ...counts, pageNumber: query.pageNumber, pageSize: query.pageSize };
}

/** Runs a module action (server hook) after checking who and when, and validating its payload. */
export async function runAction(
  ctx: AppContext,
  m: AnyModule,
  actor: Actor,
  body: { id: string; action: string; payload: Record<string, unknown> },
): Promise<RecordItem> {
  const decl = m.actions?.[body.action];
  const run = ctx.hooks.modules[m.code]?.actions?.[body.action];
  if (!decl || !run) throw new AppError(ErrorCode.BAD_REQUEST, `不支持的操作：${body.action}`, 400, { field: 'action' });
  const row = await readableRecord(ctx, m, actor, body.id);
  if (!(await permissionsOn(ctx, m, actor, row)).actions.includes(body.action)) throw bizError(`当前状态下不能执行「${decl.label}」`);
  const payloadModule = { ...m, fields: decl.fields, rules: [], actions: {} } as AnyModule;
  const r = validateRecord(payloadModule, body.payload);
  if (!r.ok) throw new AppError(ErrorCode.BAD_REQUEST, r.issues[0].message, 400, { field: `payload.${r.issues[0].field}` });
  await ctx.db.transaction().execute(async (trx) => {
    const fresh = (await findRecord(trx, ctx.fieldKeys, m.code, row.id))!;
    const patch = await run(trx, hookRecord(fresh), r.data, actor);
    const data = { ...parseData(fresh), ...(patch ?? {}) };
    if (!(await updateRecord(trx, ctx.fieldKeys, m.code, row.id, [fresh.status], { data: JSON.stringify(data), updated_at: nowIso() })))
      throw bizError('记录已变化，请刷新后重试');
    await log(trx, row, body.action, actor, fresh.status, fresh.status);
  });
  return maskItem(m, actor, toItem((await findRecord(ctx.db, ctx.fieldKeys, m.code, row.id))!));
}

/** The people a user/department field may name (pickers of the forms). */
export async function pickUsers(ctx: AppContext, viewer: Viewer, keyword: string | undefined) {
  return searchUserOptions(ctx.db, viewer, keyword, 2000);
}
export async function pickDepts(ctx: AppContext) {
  return (await deptOptions(ctx.db)).map((d) => ({ deptCode: d.dept_code, deptName: d.dept_name, parentCode: d.parent_code }));
}
