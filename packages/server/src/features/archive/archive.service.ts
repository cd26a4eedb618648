import { chinaDate, chinaYear } from '@oa/shared/format/china-time';
import { randomBytes } from 'node:crypto';
import { processSheet } from '../../core/ports/process-sheet';
import { HISTORY_ACTION_LABELS } from '@oa/shared/workflow/history-labels';
import type { HistoryAction } from '@oa/shared/contract/workflow';
import {
  ORG_CODES,
  RETENTION_YEARS,
  archiveCode,
  itemSeries,
  type ArchiveDetail,
  type ArchiveItem,
  type ArchivePreview,
  type ArchiveQuery,
  type FileBody,
  type PackageFile,
  type PendingRow,
  type RollRow,
} from '@oa/shared/contract/archive';
import type { AuditLast } from '../../core/audit';
import type { AppContext } from '../../core/context';
import { documentReaders, fileRefusal } from '../../core/ports/document-port';
import { badRequest, bizError, forbidden, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { pdfPageCount } from '../../lib/pdf-pages';
import { findFile, openBlob } from '../../core/files/file-store';
import {
  catalogue,
  claimDoc,
  deptNames,
  findDocForFiling,
  findItem,
  findRoll,
  insertItem,
  insertRoll,
  itemOfDoc,
  peekCounter,
  pendingDocs,
  rollCounts,
  rollTaken,
  rollTitles,
  rolls,
  setRoll,
  takeItemNo,
  updateRoll,
  type ItemRow,
} from './archive.repository';
import { userNames } from '../../core/identity/identity.repository';
import { readableItem, type ArchiveActor } from './archive-read';
import { makePackage } from './archive-package';

/**
 * The archive after DA/T 22-2015: a finished receipt or dispatch is filed once as an item (件) with its
 * 档号 `全宗号-门类·年度-保管期限-机构代码-件号`, the processing sheet and the final PDF; items are
 * numbered consecutively per fonds, category, year, retention and department; rolls group them.
 */
const newId = (p: string) => `${p}${randomBytes(10).toString('hex')}`;
const orgName = () => process.env.OA_ORG_NAME ?? '中国行业协会';

type Doc = NonNullable<Awaited<ReturnType<typeof findDocForFiling>>>;
const parse = (s: string): Record<string, unknown> => {
  try {
    return JSON.parse(s) as Record<string, unknown>;
  } catch {
    return {};
  }
};
const responsibleOf = (d: Doc) => (d.kind === 'receipt' ? (d.source_org ?? '') : (parse(d.data).issuer as string | undefined) || orgName());
const dateOf = (d: Doc) =>
  chinaDate(d.kind === 'receipt' ? (d.received_date ?? d.created_at) : (d.numbered_at ?? d.updated_at)).replace(/-/g, '');
const orgOf = (d: Doc) => ORG_CODES[d.dept_code ?? ''] ?? 'BGS';
/** dispatches of the association are kept 30 years by default, receipts 10 (the archivist decides) */
const suggested = (d: Doc) => (d.kind === 'dispatch' && d.scope === 'office' ? 'D30' : 'D10') as 'D30' | 'D10';

export async function pending(
  ctx: AppContext,
  q: { kind: 'receipt' | 'dispatch'; keyword?: string; pageNumber: number; pageSize: number },
) {
  const { rows, total } = await pendingDocs(ctx.db, q.kind, q.keyword, { offset: (q.pageNumber - 1) * q.pageSize, limit: q.pageSize });
  const depts = await deptNames(ctx.db);
  const list: PendingRow[] = rows.map((d) => ({
    docId: d.id,
    kind: d.kind,
    scope: d.scope,
    title: d.title,
    docNo: d.doc_no ?? d.source_no,
    responsible: responsibleOf(d),
    deptName: d.dept_code ? (depts.get(d.dept_code) ?? null) : null,
    finishedAt: d.finished_at,
    status: d.status,
  }));
  return { list, total, pageNumber: q.pageNumber, pageSize: q.pageSize };
}

/** The files of a document that make up its 件: the final PDF (printed dispatch / receipt body) and its attachments. */
function filesOf(d: Doc): string[] {
  const data = parse(d.data);
  const atts = Array.isArray(data.attachments) ? (data.attachments as Array<{ fileId?: unknown }>) : [];
  const main = d.kind === 'dispatch' ? d.printed_file_id : typeof data.bodyFileId === 'string' ? data.bodyFileId : null;
  return [main, ...atts.map((a) => a.fileId)].filter((f): f is string => typeof f === 'string');
}

/** The pages of the document's PDF files; null when it has none (a scan as images, a Word file). */
async function pdfPagesOf(ctx: AppContext, d: Doc): Promise<number | null> {
  let total: number | null = null;
  for (const id of filesOf(d)) {
    const f = await findFile(ctx.db, id);
    const stream = f && (f.ext.toLowerCase() === 'pdf' || f.mime === 'application/pdf') ? openBlob(ctx, f) : null;
    if (!stream) continue;
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    const n = pdfPageCount(Buffer.concat(chunks));
    if (n) total = (total ?? 0) + n;
  }
  return total;
}

export async function preview(
  ctx: AppContext,
  q: { docId: string; retention?: 'Y' | 'D30' | 'D10'; fonds?: string },
): Promise<ArchivePreview> {
  const d = await findDocForFiling(ctx.db, q.docId);
  if (!d) throw notFound('公文不存在');
  const retention = q.retention ?? suggested(d);
  const p = { fonds: q.fonds ?? 'A001', category: 'WS', year: d.doc_year, retention, orgCode: orgOf(d) };
  const next = (await peekCounter(ctx.db, itemSeries(p))) + 1;
  const filed = await itemOfDoc(ctx.db, d.id);
  return {
    docId: d.id,
    kind: d.kind,
    title: d.title,
    docNo: d.doc_no ?? d.source_no,
    responsible: responsibleOf(d),
    docDate: dateOf(d),
    secretLevel: d.secret_level,
    year: d.doc_year,
    orgCode: p.orgCode,
    suggestedRetention: suggested(d),
    nextItemNo: next,
    archiveCode: archiveCode({ ...p, itemNo: next }),
    pages: (await pdfPagesOf(ctx, d)) ?? 1,
    alreadyFiled: filed?.archive_code ?? null,
  };
}

/** Files a document (its archive code, sheet and files); `audit` is written last in the filing's transaction. */
export async function file(
  ctx: AppContext,
  actor: ArchiveActor,
  b: FileBody,
  audit: AuditLast<{ id: string; docId: string; archiveCode: string }>,
): Promise<ArchiveItem> {
  const d = await findDocForFiling(ctx.db, b.docId);
  if (!d) throw notFound('公文不存在');
  const refusal = await fileRefusal(actor, d);
  if (refusal) throw refusal.forbidden ? forbidden(refusal.message) : bizError(refusal.message);
  if (b.orgCode && !Object.values(ORG_CODES).includes(b.orgCode)) throw badRequest('机构代码不存在', 'orgCode');
  const p = { fonds: b.fonds, category: b.category, year: d.doc_year, retention: b.retention, orgCode: b.orgCode ?? orgOf(d) };
  const sheet = (await processSheet(ctx.db, d.module_code, d.id, d.kind === 'receipt' ? '登记' : '拟稿')).map((l) => ({
    node: l.node,
    action: l.action,
    actorName: l.actorName,
    comment: l.comment,
    at: l.at,
  }));
  const data = parse(d.data);
  const atts = Array.isArray(data.attachments) ? data.attachments : [];
  const pdf = d.kind === 'dispatch' ? d.printed_file_id : typeof data.bodyFileId === 'string' ? data.bodyFileId : null;
  // 页数 is the document's own: the pages of its PDF files (the typed number only when it has none)
  const pages = await pdfPagesOf(ctx, d);
  const id = newId('A');
  const at = nowIso();
  const keep = RETENTION_YEARS[b.retention];
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await claimDoc(trx, d.id))) throw bizError('该公文已归档');
    // filed: archivists read it now (the documents area re-indexes it for search)
    await documentReaders(ctx)?.reindex(trx, d.id);
    const itemNo = await takeItemNo(trx, itemSeries(p));
    const code = archiveCode({ ...p, itemNo });
    await insertItem(trx, {
      id,
      doc_id: d.id,
      kind: d.kind,
      scope: d.scope,
      fonds: p.fonds,
      category: p.category,
      year: p.year,
      retention: b.retention,
      org_code: p.orgCode,
      item_no: itemNo,
      archive_code: code,
      doc_no: d.doc_no ?? d.source_no,
      responsible: responsibleOf(d),
      title: b.title && b.title !== d.title ? `[${b.title}]` : d.title,
      doc_date: dateOf(d),
      secret_level: d.secret_level,
      pages: pages ?? b.pages ?? 1,
      remarks: b.remarks || null,
      box_no: b.boxNo || null,
      roll_id: null,
      sheet: JSON.stringify(sheet),
      pdf_file_id: pdf,
      attachments: JSON.stringify(atts),
      dept_code: d.dept_code,
      expires_year: keep === null ? null : p.year + keep,
      filed_by: actor.userCode,
      filed_at: at,
    });
    await audit(trx, { id, docId: d.id, archiveCode: code });
  });
  // the package is made after the filing commits (rendering holds no transaction); a failure leaves it to the first download
  await makePackage(ctx, id, actor.userCode).catch(() => null);
  return (await items(ctx, [(await findItem(ctx.db, id))!]))[0];
}

async function items(ctx: AppContext, rows: ItemRow[]): Promise<ArchiveItem[]> {
  const [names, titles] = await Promise.all([
    userNames(
      ctx.db,
      rows.map((r) => r.filed_by),
    ),
    rollTitles(ctx.db, rows.map((r) => r.roll_id ?? '').filter(Boolean)),
  ]);
  const y = chinaYear();
  return rows.map((r) => ({
    id: r.id,
    docId: r.doc_id,
    kind: r.kind,
    scope: r.scope,
    archiveCode: r.archive_code,
    fonds: r.fonds,
    category: r.category,
    year: r.year,
    retention: r.retention,
    orgCode: r.org_code,
    itemNo: r.item_no,
    docNo: r.doc_no,
    responsible: r.responsible,
    title: r.title,
    docDate: r.doc_date,
    secretLevel: r.secret_level,
    pages: r.pages,
    remarks: r.remarks,
    boxNo: r.box_no,
    rollId: r.roll_id,
    rollTitle: r.roll_id ? (titles.get(r.roll_id) ?? null) : null,
    filedBy: r.filed_by,
    filedByName: names.get(r.filed_by) ?? r.filed_by,
    filedAt: r.filed_at,
    expiresYear: r.expires_year,
    expired: r.expires_year !== null && r.expires_year < y,
    packageFiles: r.package_files ? (JSON.parse(r.package_files) as PackageFile[]) : null,
  }));
}

export async function list(ctx: AppContext, q: ArchiveQuery) {
  const { rows, total } = await catalogue(
    ctx.db,
    { ...q, expiredBefore: q.expired === 'Y' ? chinaYear() : undefined },
    { offset: (q.pageNumber - 1) * q.pageSize, limit: q.pageSize },
  );
  return { list: await items(ctx, rows), total, pageNumber: q.pageNumber, pageSize: q.pageSize };
}

export async function detail(ctx: AppContext, actor: ArchiveActor, id: string): Promise<ArchiveDetail> {
  const row = await readableItem(ctx, actor, id);
  const [item] = await items(ctx, [row]);
  return {
    ...item,
    // a sheet filed before its words were Chinese reads in Chinese too
    sheet: (JSON.parse(row.sheet) as ArchiveDetail['sheet']).map((l) => ({
      ...l,
      action: HISTORY_ACTION_LABELS[l.action as HistoryAction] ?? l.action,
    })),
    pdfFileId: row.pdf_file_id,
    ofd: row.kind === 'dispatch',
    attachments: JSON.parse(row.attachments) as ArchiveDetail['attachments'],
  };
}

export async function rollList(ctx: AppContext): Promise<RollRow[]> {
  const rows = await rolls(ctx.db);
  const counts = await rollCounts(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    fonds: r.fonds,
    year: r.year,
    retention: r.retention,
    rollNo: r.roll_no,
    title: r.title,
    itemCount: counts.get(r.id) ?? 0,
    createdAt: r.created_at,
  }));
}

export async function saveRoll(
  ctx: AppContext,
  actor: ArchiveActor,
  b: { id?: string; fonds: string; year: number; retention: 'Y' | 'D30' | 'D10'; rollNo: string; title: string },
): Promise<void> {
  if (await rollTaken(ctx.db, { ...b, exceptId: b.id })) throw badRequest('该全宗、年度、保管期限下案卷号已存在', 'rollNo');
  if (b.id) {
    if (!(await findRoll(ctx.db, b.id))) throw notFound('案卷不存在');
    await updateRoll(ctx.db, b.id, { fonds: b.fonds, year: b.year, retention: b.retention, roll_no: b.rollNo, title: b.title });
  } else {
    await insertRoll(ctx.db, {
      id: newId('L'),
      fonds: b.fonds,
      year: b.year,
      retention: b.retention,
      roll_no: b.rollNo,
      title: b.title,
      created_by: actor.userCode,
      created_at: nowIso(),
    });
  }
}

export async function assignRoll(ctx: AppContext, rollId: string | null, itemIds: string[]): Promise<void> {
  if (rollId && !(await findRoll(ctx.db, rollId))) throw notFound('案卷不存在');
  await setRoll(ctx.db, itemIds, rollId);
}
