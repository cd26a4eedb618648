import { chinaYear } from '@oa/shared/format/china-time';
import { ErrorCode } from '@oa/shared/contract/envelope';
import type { RecordListQuery } from '@oa/shared/contract/records';
import type { RegisterPage, RegisterRow, RegisterSaveBody } from '@oa/shared/contract/registers';
import { formatSerial, type AnyModule } from '@oa/shared/modules/define-module';
import { validateRecord, type FieldIssue } from '@oa/shared/modules/field-schema';
import { registerOptionsOf } from '@oa/shared/modules/register-kit';
import { inChange, type AuditLast } from '../../core/audit';
import type { AppContext } from '../../core/context';
import type { Db } from '../../db/database';
import { AppError, bizError, forbidden, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { referenceIssues } from './record-refs';
import { parseData, toItem, type Actor } from './records.access';
import { auditFullBankCards, keepMaskedBankCards, maskItem } from './records.mask';
import { listFilters, parseFilters } from './records-query.repository';
import { findRecord, insertLog, newRecordId, type RecordRow } from './records.repository';
import { pageRecords, parseCursor, recordChunks, type ListScope } from './records-page.repository';
import { actionsOn, canEditRow, registerAccess, visibleRow, type RegisterAccess } from './register.access';
import { dataText, deleteRow, fieldValues, insertRows, reserveSerials, updateData } from './register.repository';
import { storedKeyOf, uniqueKeysOf } from './register.unique';

/** Registers on the records engine: rows are created and changed at once (no draft, no approval). */

function invalid(issues: FieldIssue[]): never {
  const first = issues[0];
  throw new AppError(ErrorCode.BAD_REQUEST, first.message, 400, {
    field: `data.${first.field}`,
    issues: issues.map((i) => ({ ...i, field: `data.${i.field}` })),
  });
}

/** Title and amount of a row, from the declaration. */
function derived(m: AnyModule, data: Record<string, unknown>, ownerName: string) {
  const title = (m.title?.(data as never, ownerName) ?? `${m.name}-${ownerName}`).trim().slice(0, 300) || m.name;
  const a = m.amountField ? data[m.amountField] : null;
  return { title, amount: typeof a === 'number' ? a : null };
}

function present(m: AnyModule, row: RecordRow, a: RegisterAccess, actor: Actor): RegisterRow {
  const item = maskItem(m, actor, toItem(row));
  const anon = registerOptionsOf(m).anonymousField;
  if (anon && item.data[anon] === '是' && row.applicant !== actor.userCode)
    Object.assign(item, { applicant: '', applicantName: '匿名', dept: null, deptName: null });
  const canEdit = canEditRow(row, a, actor);
  return { ...item, canEdit, canDelete: canEdit, actions: actionsOn(m, row, a, actor) };
}

/**
 * The rows of a register the actor may see, as disjoint branches (records-page.repository.ts `ListScope`):
 * a private register's own rows; else every row, or — when readers see only rows with certain values —
 * my rows plus the others' rows that pass the reader filter.
 */
async function registerScope(ctx: AppContext, m: AnyModule, actor: Actor, query: Pick<RecordListQuery, 'filters'>) {
  const a = await registerAccess(m, actor);
  const filters = parseFilters(m, query.filters);
  const d = ctx.dialect;
  const readerFilter = Object.entries(a.readerFilter);
  const me = actor.userCode;
  let branches: ListScope['branches'];
  if (a.onlyOwner) {
    const owner = a.onlyOwner;
    branches = [(eb) => eb('applicant', '=', owner)];
  } else if (readerFilter.length) {
    branches = [
      (eb) => eb('applicant', '=', me),
      (eb) => eb.and([eb('applicant', '!=', me), ...readerFilter.map(([k, allowed]) => eb(dataText(d, k), 'in', allowed))]),
    ];
  } else branches = [(eb) => eb.and([])];
  const scope: ListScope = {
    dialect: d,
    module: m.code,
    branches,
    ...(await listFilters(ctx.db, ctx.fieldKeys, m, filters, d)),
    ownFirst: !!a.onlyOwner || readerFilter.length > 0,
  };
  return { scope, access: a };
}

/** A page of a register; the page and its total kept under the request's `business_record_version` when given (`recordsVersion`). */
export async function list(
  ctx: AppContext,
  m: AnyModule,
  actor: Actor,
  query: RecordListQuery,
  recordsVersion?: number,
): Promise<RegisterPage> {
  const { scope, access } = await registerScope(ctx, m, actor, query);
  const { rows, ...counts } = await pageRecords(
    ctx.db,
    ctx.fieldKeys,
    scope,
    { ...query, after: parseCursor(query.after) },
    recordsVersion,
  );
  await auditFullBankCards(
    ctx,
    m,
    actor,
    rows.map((r) => ({ id: r.id, data: parseData(r) })),
    'list',
  );
  return {
    list: rows.map((r) => present(m, r, access, actor)),
    ...counts,
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
    caps: access.caps,
  };
}

/** Every row of the list (exports), read in keyset chunks. */
export async function listChunks(ctx: AppContext, m: AnyModule, actor: Actor, query: Pick<RecordListQuery, 'filters'>) {
  return recordChunks(ctx.db, ctx.fieldKeys, (await registerScope(ctx, m, actor, query)).scope);
}

export async function getRow(ctx: AppContext, m: AnyModule, actor: Actor, id: string): Promise<RegisterRow> {
  const a = await registerAccess(m, actor);
  const row = await visibleRow(ctx.db, ctx.fieldKeys, m, a, actor, id, parseData);
  await auditFullBankCards(ctx, m, actor, [{ id: row.id, data: parseData(row) }], 'view');
  return present(m, row, a, actor);
}

/** Users, departments and files a row names must exist. */
function checkRefs(
  db: Db,
  m: AnyModule,
  data: Record<string, unknown>,
  who: { userCode: string; before: Record<string, unknown> | null },
): Promise<FieldIssue[]> {
  return referenceIssues(db, Object.entries(m.fields), data, who);
}

/** Unique fields and references to other registers: the issues of one row (id: the row being edited). */
async function checkUniqueAndRefs(ctx: AppContext, m: AnyModule, data: Record<string, unknown>, id: string | null): Promise<FieldIssue[]> {
  const o = registerOptionsOf(m);
  const issues: FieldIssue[] = [];
  for (const u of o.unique) {
    const fields = typeof u === 'string' ? [u] : [...u];
    const keys = new Set(uniqueKeysOf(ctx.fieldKeys, m.code, fields, data));
    if (!keys.size) continue;
    const taken = (await fieldValues(ctx.db, ctx.dialect, m.code, fields)).some((r) => r.id !== id && keys.has(storedKeyOf(r.values)!));
    if (taken)
      issues.push({
        field: fields[fields.length - 1],
        message: `${fields.map((f) => m.fields[f].label).join('+')}「${fields.map((f) => String(data[f])).join(' ')}」已存在`,
      });
  }
  for (const [name, ref] of Object.entries(o.refs)) {
    const v = data[name];
    if (v === null || v === undefined || v === '') continue;
    const known = (await fieldValues(ctx.db, ctx.dialect, ref.module, [ref.field])).some((r) => r.values[0] === String(v));
    if (!known) issues.push({ field: name, message: `${m.fields[name].label}「${String(v)}」不存在，请先在对应的维护页面中添加` });
  }
  return issues;
}

export async function save(ctx: AppContext, m: AnyModule, actor: Actor, body: RegisterSaveBody): Promise<RegisterRow> {
  const a = await registerAccess(m, actor);
  if (!a.caps.create) throw forbidden(`没有访问权限（需要功能权限：${m.permissions.create}）`);
  const existing = body.id ? await visibleRow(ctx.db, ctx.fieldKeys, m, a, actor, body.id, parseData) : null;
  if (existing && !canEditRow(existing, a, actor)) throw forbidden('只能修改自己登记的记录');
  const before = existing ? parseData(existing) : (ctx.hooks.registers[m.code]?.defaults?.() ?? {});
  // a bank-card number sent back masked (as it was shown) keeps the stored one
  const input = keepMaskedBankCards(m, { ...body.data }, existing ? before : {});
  for (const [name, f] of Object.entries(m.fields)) if (f.readonlyOnForm) input[name] = before[name] ?? null;
  const r = validateRecord(m, input);
  if (!r.ok) invalid(r.issues);
  for (const [name, f] of Object.entries(m.fields)) if (f.readonlyOnForm) r.data[name] = before[name] ?? null;
  const issues = [
    ...(await checkRefs(ctx.db, m, r.data, { userCode: actor.userCode, before: existing ? before : null })),
    ...(await checkUniqueAndRefs(ctx, m, r.data, existing?.id ?? null)),
  ];
  if (issues.length) invalid(issues);
  const at = nowIso();
  const id = await ctx.db.transaction().execute(async (trx) => {
    if (existing) {
      const { title, amount } = derived(m, r.data, existing.applicant_name);
      if (!(await updateData(trx, ctx.fieldKeys, m.code, existing.id, { title, amount, data: JSON.stringify(r.data), updated_at: at })))
        throw notFound('记录不存在或已删除');
      await insertLog(trx, {
        record_id: existing.id,
        module: m.code,
        action: 'update',
        actor: actor.userCode,
        actor_name: actor.userName,
        from_status: existing.status,
        to_status: existing.status,
        comment: null,
        created_at: at,
      });
      return existing.id;
    }
    const seq = await reserveSerials(trx, m.code, chinaYear(), 1);
    const row = newRow(m, actor, r.data, formatSerial(m.serial.pattern, m.serial.prefix, chinaYear(), seq), at);
    await insertRows(trx, ctx.fieldKeys, [row], 'create', actor);
    return row.id;
  });
  return present(m, (await findRecord(ctx.db, ctx.fieldKeys, m.code, id))!, a, actor);
}

/** A new register row owned by the actor (status 'approved': in effect at once). */
export function newRow(m: AnyModule, actor: Actor, data: Record<string, unknown>, serialNo: string, at: string): RecordRow {
  const { title, amount } = derived(m, data, actor.userName);
  return {
    id: newRecordId(),
    module: m.code,
    variant: null,
    serial_no: serialNo,
    title,
    status: 'approved',
    applicant: actor.userCode,
    applicant_name: actor.userName,
    dept: actor.deptCode,
    dept_name: actor.deptName,
    amount,
    data: JSON.stringify(data),
    instance_id: null,
    created_at: at,
    updated_at: at,
    submitted_at: at,
    finished_at: at,
  };
}

/** Deletes a row the actor may edit; `audit` is written last in the deletion's transaction, with the row as it was. */
export async function remove(ctx: AppContext, m: AnyModule, actor: Actor, id: string, audit: AuditLast<RecordRow>): Promise<RecordRow> {
  const a = await registerAccess(m, actor);
  const row = await visibleRow(ctx.db, ctx.fieldKeys, m, a, actor, id, parseData);
  if (!canEditRow(row, a, actor)) throw forbidden('只能删除自己登记的记录');
  await inChange(ctx.db, async (trx) => {
    if (!(await deleteRow(trx, m.code, id))) throw notFound('记录不存在或已删除');
    await audit(trx, row);
  });
  return row;
}

export async function runAction(
  ctx: AppContext,
  m: AnyModule,
  actor: Actor,
  body: { id: string; action: string; payload: Record<string, unknown> },
): Promise<RegisterRow> {
  const decl = m.actions?.[body.action];
  const run = ctx.hooks.registers[m.code]?.actions?.[body.action];
  if (!decl || !run) throw new AppError(ErrorCode.BAD_REQUEST, `不支持的操作：${body.action}`, 400, { field: 'action' });
  const a = await registerAccess(m, actor);
  const row = await visibleRow(ctx.db, ctx.fieldKeys, m, a, actor, body.id, parseData);
  if (!actionsOn(m, row, a, actor).includes(body.action)) throw bizError(`没有权限执行「${decl.label}」`);
  const r = validateRecord({ ...m, fields: decl.fields, rules: [], actions: {} } as AnyModule, body.payload);
  if (!r.ok) throw new AppError(ErrorCode.BAD_REQUEST, r.issues[0].message, 400, { field: `payload.${r.issues[0].field}` });
  const refIssues = await checkRefs(ctx.db, { ...m, fields: decl.fields } as AnyModule, r.data, {
    userCode: actor.userCode,
    before: parseData(row),
  });
  if (refIssues.length) throw new AppError(ErrorCode.BAD_REQUEST, refIssues[0].message, 400, { field: `payload.${refIssues[0].field}` });
  await ctx.db.transaction().execute(async (trx) => {
    const fresh = await findRecord(trx, ctx.fieldKeys, m.code, row.id);
    if (!fresh) throw notFound('记录不存在或已删除');
    const data = parseData(fresh);
    const patch = await run(
      trx,
      {
        id: fresh.id,
        module: fresh.module,
        serialNo: fresh.serial_no,
        status: fresh.status,
        applicant: fresh.applicant,
        dept: fresh.dept,
        data,
      },
      r.data,
      actor,
    );
    const next = { ...data, ...(patch ?? {}) };
    const at = nowIso();
    await updateData(trx, ctx.fieldKeys, m.code, fresh.id, {
      ...derived(m, next, fresh.applicant_name),
      data: JSON.stringify(next),
      updated_at: at,
    });
    const comment =
      Object.values(r.data)
        .filter((v) => v !== null && v !== '')
        .map(String)
        .join('；')
        .slice(0, 500) || null;
    await insertLog(trx, {
      record_id: fresh.id,
      module: m.code,
      action: body.action,
      actor: actor.userCode,
      actor_name: actor.userName,
      from_status: fresh.status,
      to_status: fresh.status,
      comment,
      created_at: at,
    });
  });
  return present(m, (await findRecord(ctx.db, ctx.fieldKeys, m.code, row.id))!, a, actor);
}
