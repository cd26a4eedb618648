import { chinaYear } from '@oa/shared/format/china-time';
import { formatDocNo, type DocType, type NumberRow } from '@oa/shared/contract/documents';
import { type DocKind, type DocScope } from '@oa/shared/contract/document-routes';
import type { AppContext } from '../../core/context';
import { inChange, type AuditLast } from '../../core/audit';
import type { Db } from '../../db/database';
import { badRequest, bizError, forbidden, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { canManage, permOf, type DocActor } from './documents.access';
import { findDoc, setDoc, updateDocIn } from './documents.repository';
import { indexDocument } from './documents.search';
import { userNames } from '../../core/identity/identity.repository';
import {
  counters,
  findNumber,
  findType,
  insertNumber,
  insertType,
  listTypes,
  numbersOf,
  prefixTaken,
  takeNext,
  updateType,
  useReserved,
  voidNumber,
  type DocTypeRow,
} from './numbering.repository';
import { newId } from './documents.service';

/**
 * Document types and numbering (发文字号 `X协〔2026〕12号`): a number is given at the numbering step
 * only (a signed dispatch without a number), exactly once, consecutive per type and year; numbers can
 * be reserved; a voided number stays in the book with its reason and is never given again.
 */
const TYPE_PAGE: Record<DocKind, string> = { receipt: 'oa_dept_receipt_type', dispatch: 'oa_dept_dispatch_type' };

/** Office types: the office's managers; department types: the type page's holders, own department. */
async function mayEditTypes(actor: DocActor, kind: DocKind, scope: DocScope): Promise<void> {
  if (actor.isAdmin) return;
  const perm = scope === 'office' ? permOf(kind, 'office', 'manage') : TYPE_PAGE[kind];
  if (!(await actor.can(perm))) throw forbidden(`没有访问权限（需要功能权限：${perm}）`);
  if (scope === 'dept' && !actor.deptCode) throw bizError('您不属于任何部门');
}

const typeOut = (t: DocTypeRow, next: number): DocType => ({
  id: t.id,
  kind: t.kind,
  scope: t.scope,
  deptCode: t.scope === 'dept' ? t.dept_code : null,
  name: t.name,
  prefix: t.prefix,
  enabled: t.enabled,
  sortNo: t.sort_no,
  remark: t.remark,
  nextNo: next,
});

export async function types(ctx: AppContext, actor: DocActor, q: { kind: DocKind; scope: DocScope; all: 'Y' | 'N' }): Promise<DocType[]> {
  const rows = await listTypes(ctx.db, {
    kind: q.kind,
    scope: q.scope,
    deptCode: q.scope === 'dept' ? (actor.deptCode ?? '-') : '-',
    enabledOnly: q.all !== 'Y',
  });
  const last = await counters(
    ctx.db,
    rows.map((r) => r.id),
    chinaYear(),
  );
  return rows.map((t) => typeOut(t, (last.get(t.id) ?? 0) + 1));
}

export async function saveType(
  ctx: AppContext,
  actor: DocActor,
  b: {
    id?: string;
    kind: DocKind;
    scope: DocScope;
    name: string;
    prefix: string;
    enabled: 'Y' | 'N';
    sortNo: number;
    remark: string | null;
  },
  audit: AuditLast<{ before: DocType | null; after: DocType }>,
): Promise<DocType> {
  await mayEditTypes(actor, b.kind, b.scope);
  const deptCode = b.scope === 'dept' ? (actor.deptCode ?? '-') : '-';
  const at = nowIso();
  if (await prefixTaken(ctx.db, { kind: b.kind, scope: b.scope, deptCode, prefix: b.prefix, exceptId: b.id }))
    throw badRequest(`机关代字「${b.prefix}」已被其他类型使用`, 'prefix');
  const year = chinaYear();
  const out = async (db: Db, typeId: string) =>
    typeOut((await findType(db, typeId))!, ((await counters(db, [typeId], year)).get(typeId) ?? 0) + 1);
  return inChange(ctx.db, async (trx) => {
    let id = b.id;
    let before: DocType | null = null;
    if (id) {
      const t = await findType(trx, id);
      if (!t || t.kind !== b.kind || t.scope !== b.scope || t.dept_code !== deptCode) throw notFound('公文类型不存在');
      before = await out(trx, id);
      await updateType(trx, id, {
        name: b.name,
        prefix: b.prefix,
        enabled: b.enabled,
        sort_no: b.sortNo,
        remark: b.remark,
        updated_at: at,
      });
    } else {
      id = newId('T');
      await insertType(trx, {
        id,
        kind: b.kind,
        scope: b.scope,
        dept_code: deptCode,
        name: b.name,
        prefix: b.prefix,
        enabled: b.enabled,
        sort_no: b.sortNo,
        remark: b.remark,
        created_at: at,
        updated_at: at,
      });
    }
    const after = await out(trx, id);
    await audit(trx, { before, after });
    return after;
  });
}

async function typeForManager(db: Db, actor: DocActor, typeId: string): Promise<DocTypeRow> {
  const t = await findType(db, typeId);
  if (!t) throw notFound('公文类型不存在');
  const ok =
    actor.isAdmin || (await canManage(actor, { kind: t.kind, scope: t.scope, dept_code: t.scope === 'dept' ? t.dept_code : null }));
  if (!ok) throw forbidden('您无权管理该类型的文号');
  return t;
}

/** Gives a signed dispatch its number (the next one, or a reserved one of its type). */
export async function assignNumber(
  ctx: AppContext,
  actor: DocActor,
  id: string,
  reservedId: string | undefined,
  audit: AuditLast<{ docNo: string }>,
): Promise<{ docNo: string }> {
  // permission checks read outside the transaction (they use their own connection)
  const doc = await findDoc(ctx.db, id);
  if (!doc || doc.kind !== 'dispatch') throw notFound('公文不存在');
  if (!(await canManage(actor, doc))) throw forbidden('只有公文管理员可以编号');
  if (!doc.type_id) throw bizError('该公文没有发文类型，不能编号');
  const t = (await findType(ctx.db, doc.type_id))!;
  return ctx.db.transaction().execute(async (trx) => {
    const at = nowIso();
    // claim the document first: only a signed document without a number moves on, exactly once
    if (!(await updateDocIn(trx, id, ['signed'], { status: 'numbered', updated_at: at }))) {
      const now = await findDoc(trx, id);
      throw bizError(now?.doc_no ? `该公文已编号：${now.doc_no}` : '公文尚未签发，不能编号');
    }
    let numberId: string;
    let docNo: string;
    if (reservedId) {
      const n = await findNumber(trx, reservedId);
      if (!n || !(await useReserved(trx, reservedId, t.id, id))) throw bizError('该预留文号不可用（已被使用或作废）');
      numberId = n.id;
      docNo = n.doc_no;
    } else {
      const y = chinaYear();
      const seq = await takeNext(trx, t.id, y);
      numberId = newId('N');
      docNo = formatDocNo(t.prefix, y, seq);
      await insertNumber(trx, {
        id: numberId,
        type_id: t.id,
        year: y,
        seq,
        doc_no: docNo,
        state: 'used',
        doc_id: id,
        reason: null,
        created_by: actor.userCode,
        created_at: at,
      });
    }
    await setDoc(trx, id, { doc_no: docNo, number_id: numberId, numbered_at: at });
    await indexDocument(trx, id);
    await audit(trx, { docNo });
    return { docNo };
  });
}

export async function reserve(
  ctx: AppContext,
  actor: DocActor,
  typeId: string,
  reason: string,
  audit: AuditLast<NumberRow>,
): Promise<NumberRow> {
  const t = await typeForManager(ctx.db, actor, typeId);
  if (t.kind !== 'dispatch') throw bizError('只有发文类型可以预留文号');
  return ctx.db.transaction().execute(async (trx) => {
    const y = chinaYear();
    const seq = await takeNext(trx, t.id, y);
    const row = {
      id: newId('N'),
      type_id: t.id,
      year: y,
      seq,
      doc_no: formatDocNo(t.prefix, y, seq),
      state: 'reserved' as const,
      doc_id: null,
      reason,
      created_by: actor.userCode,
      created_at: nowIso(),
    };
    await insertNumber(trx, row);
    const out: NumberRow = {
      id: row.id,
      typeId: t.id,
      year: y,
      seq,
      docNo: row.doc_no,
      state: row.state,
      docId: null,
      docTitle: null,
      reason,
      createdBy: actor.userCode,
      createdAt: row.created_at,
    };
    await audit(trx, out);
    return out;
  });
}

/** Voids a number; a document that had it goes back to "signed" and gets a new number at the numbering step. */
export async function voidOne(
  ctx: AppContext,
  actor: DocActor,
  numberId: string,
  reason: string,
  audit: AuditLast<{ docNo: string; docId: string | null; state: string }>,
): Promise<void> {
  const n = await findNumber(ctx.db, numberId);
  if (!n) throw notFound('文号不存在');
  await typeForManager(ctx.db, actor, n.type_id);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await voidNumber(trx, numberId, reason))) throw bizError('该文号已作废');
    if (n.doc_id) {
      const doc = await findDoc(trx, n.doc_id);
      if (doc && doc.number_id === numberId) {
        if (doc.status !== 'numbered') throw bizError('公文已印制或分发，文号不能作废');
        await setDoc(trx, doc.id, { status: 'signed', doc_no: null, number_id: null, numbered_at: null, updated_at: nowIso() });
        await indexDocument(trx, doc.id);
      }
    }
    await audit(trx, { docNo: n.doc_no, docId: n.doc_id, state: n.state });
  });
}

export async function numberBook(ctx: AppContext, actor: DocActor, typeId: string, y?: number): Promise<NumberRow[]> {
  await typeForManager(ctx.db, actor, typeId);
  const rows = await numbersOf(ctx.db, typeId, y ?? chinaYear());
  const names = await userNames(
    ctx.db,
    rows.map((r) => r.created_by),
  );
  return rows.map((r) => ({
    id: r.id,
    typeId: r.type_id,
    year: r.year,
    seq: r.seq,
    docNo: r.doc_no,
    state: r.state,
    docId: r.doc_id,
    docTitle: r.doc_title ?? null,
    reason: r.reason,
    createdBy: names.get(r.created_by) ?? r.created_by,
    createdAt: r.created_at,
  }));
}
