import { Readable } from 'node:stream';
import type { DistributionRow, ToReadRow } from '@oa/shared/contract/documents';
import type { AppContext } from '../../core/context';
import type { AuditLast } from '../../core/audit';
import { storeUpload } from '../../core/files/file-store';
import { bizError, forbidden, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { canManage, type DocActor } from './documents.access';
import { parseData } from './documents.lifecycle';
import {
  activeUsers,
  activeUsersOfDepts,
  addFile,
  deptNames,
  distributionOf,
  findDoc,
  insertDistribution,
  markRead,
  setDoc,
  toRead,
  updateDocIn,
  type DocRowDb,
} from './documents.repository';
import { userNames } from '../../core/identity/identity.repository';
import { insertNotices } from '../../core/ports/notice.repository';
import { indexDocument } from './documents.search';
import { distRow, newId, readable } from './documents.service';
import { findType } from './numbering.repository';
import { renderRedHeadDocx } from './render-docx';
import { redHeadModel, type RedHeadModel } from './render-model';
import { renderRedHeadOfd } from './render-ofd';
import { renderRedHeadPdf } from './render-pdf';
import { issuePdf } from './issue-stamp';
import { insertIssued } from './issued.repository';
import { docSeal, grantSeal, logSealUse } from './seal-use.service';

/** The association's name on its red-header documents (OA_ORG_NAME overrides). */
const orgName = () => process.env.OA_ORG_NAME ?? '中国行业协会';

async function modelOf(ctx: AppContext, doc: DocRowDb, seal?: { png: Buffer } | null): Promise<RedHeadModel> {
  const d = parseData(doc);
  const signer = typeof d.signer === 'string' ? d.signer : null;
  const names = await userNames(ctx.db, signer ? [signer] : []);
  // the signer is printed for documents to a higher body (请示/报告 types); the model leaves it to the type
  const typeRow = doc.type_id ? await findType(ctx.db, doc.type_id) : undefined;
  const upward = !!typeRow && /请示|报告/.test(typeRow.name);
  const model = redHeadModel(doc, { signer: upward && signer ? (names.get(signer) ?? null) : null, org: orgName() });
  // the seal put on at 印制 (seal-use.service.ts), on every later rendering
  return { ...model, seal: seal === undefined ? await docSeal(ctx.db, doc.id) : seal };
}

const RENDER = { pdf: renderRedHeadPdf, docx: renderRedHeadDocx, ofd: renderRedHeadOfd };
type Rendered = { buffer: Buffer; fileName: string };

async function rendered(ctx: AppContext, doc: DocRowDb, format: keyof typeof RENDER): Promise<Rendered> {
  if (doc.kind !== 'dispatch') throw bizError('只有发文可以生成红头文件');
  const buffer = await RENDER[format](await modelOf(ctx, doc));
  return { buffer, fileName: `${doc.doc_no ?? doc.serial_no}-${doc.title}`.slice(0, 120) + `.${format}` };
}

/** The rendered document (PDF, Word or OFD) of a dispatch the actor may read. */
export async function render(ctx: AppContext, actor: DocActor, id: string, format: keyof typeof RENDER): Promise<Rendered> {
  return rendered(ctx, await readable(ctx, actor, id), format);
}

/**
 * The OFD (PDF, .docx) of a filed or sent dispatch, for the archive and the member units (which have checked their
 * reader by the document port and the unit's copy).
 */
export async function renderFiled(ctx: AppContext, id: string, format: keyof typeof RENDER = 'ofd'): Promise<Rendered> {
  const doc = await findDoc(ctx.db, id);
  if (!doc) throw notFound('公文不存在');
  return rendered(ctx, doc, format);
}

/**
 * 印制: the numbered document is typeset as PDF — with a seal, the seal over 署名 and 成文日期 (render-seal.ts) when the
 * actor may use it (seal-use.service.ts), the use logged — then issued (QR code to the public verification page and
 * the association's signature, issue-stamp.ts; the hashes kept for the page), stored with the document, and marked
 * printed.
 */
export async function print(
  ctx: AppContext,
  actor: DocActor,
  b: { id: string; sealId: string | null; stampRecordId: string | null },
  audit: AuditLast<{ fileId: string; sealId: string | null; stampRecordId: string | null }>,
): Promise<{ fileId: string }> {
  const { id } = b;
  const doc = await findDoc(ctx.db, id);
  if (!doc || doc.kind !== 'dispatch') throw notFound('公文不存在');
  if (!(await canManage(actor, doc))) throw forbidden('只有公文管理员可以印制');
  if (doc.status !== 'numbered') throw bizError(doc.status === 'signed' ? '请先编号再印制' : '公文当前状态不能印制');
  const grant = b.sealId ? await grantSeal(ctx, actor, b.sealId, b.stampRecordId) : null;
  const model = await modelOf(ctx, doc, grant ? { png: grant.png } : null);
  const issued = await issuePdf(ctx, model, await renderRedHeadPdf(model));
  const stored = await storeUpload(ctx, {
    stream: Readable.from([issued.buffer]),
    fileName: `${doc.doc_no}.pdf`,
    owner: doc.creator,
    kind: 'document',
    scope: 'private',
    maxBytes: 50 * 1024 * 1024,
  });
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await updateDocIn(trx, id, ['numbered'], { status: 'printed', printed_file_id: stored.id, updated_at: nowIso() })))
      throw bizError('公文已印制');
    await addFile(trx, id, stored.id);
    await insertIssued(trx, {
      id: issued.id,
      doc_id: id,
      file_id: stored.id,
      doc_no: model.docNo,
      issue_date: model.date,
      issuer: model.signature,
      sha256: issued.sha256,
      sm3: issued.sm3,
      size: issued.buffer.length,
      cert_sha256: issued.certSha256,
      created_by: actor.userCode,
      created_at: nowIso(),
    });
    if (grant) await logSealUse(trx, grant, actor, doc);
    await indexDocument(trx, id);
    await audit(trx, { fileId: stored.id, sealId: grant?.seal.id ?? null, stampRecordId: grant?.recordId ?? null });
  });
  return { fileId: stored.id };
}

/**
 * 分发: internal recipients (people, and everyone of the chosen departments) get the document in the to-do
 * centre's 待阅 (to-read.source.ts) with received and read time, told live; external bodies are recorded. One's own copy is
 * read at once, so circulating a document to oneself leaves nothing to do.
 */
export async function distribute(
  ctx: AppContext,
  actor: DocActor,
  b: { id: string; userCodes: string[]; deptCodes: string[]; externals: string[] },
  audit: AuditLast<{ added: number }>,
): Promise<{ added: number }> {
  const doc = await findDoc(ctx.db, b.id);
  if (!doc || doc.kind !== 'dispatch') throw notFound('公文不存在');
  if (!(await canManage(actor, doc))) throw forbidden('只有公文管理员可以分发');
  if (doc.status !== 'printed' && doc.status !== 'distributed') throw bizError('公文印制后才能分发');
  if (!b.userCodes.length && !b.deptCodes.length && !b.externals.length) throw bizError('请选择分发对象');
  const depts = await deptNames(ctx.db);
  const unknownDept = b.deptCodes.find((c) => !depts.has(c));
  if (unknownDept) throw bizError(`部门 ${unknownDept} 不存在`);
  const people = await activeUsers(ctx.db, b.userCodes);
  const missing = b.userCodes.find((c) => !people.some((p) => p.user_code === c));
  if (missing) throw bizError(`人员 ${missing} 不存在或已停用`);
  const deptPeople = await activeUsersOfDepts(ctx.db, b.deptCodes);
  const at = nowIso();
  const rows = [
    ...people.map((p) => ({ kind: 'user' as const, code: p.user_code, name: p.user_name, user: p.user_code })),
    ...deptPeople.map((p) => ({ kind: 'dept' as const, code: p.dept_code, name: depts.get(p.dept_code ?? '') ?? '', user: p.user_code })),
  ];
  const result = await ctx.db.transaction().execute(async (trx) => {
    if (!(await updateDocIn(trx, b.id, ['printed', 'distributed'], { status: 'distributed', updated_at: at })))
      throw bizError('公文状态已变化，请刷新');
    const added = await insertDistribution(trx, [
      ...rows.map((r) => ({
        id: newId('R'),
        doc_id: b.id,
        recipient_kind: r.kind,
        recipient_code: r.code,
        recipient_name: r.name,
        user_code: r.user,
        received_at: at,
        read_at: r.user === actor.userCode ? at : null,
        created_by: actor.userCode,
        created_at: at,
      })),
      ...[...new Set(b.externals)].map((name) => ({
        id: newId('R'),
        doc_id: b.id,
        recipient_kind: 'external' as const,
        recipient_code: null,
        recipient_name: name,
        user_code: null,
        received_at: null,
        read_at: null,
        created_by: actor.userCode,
        created_at: at,
      })),
    ]);
    const readers = [...new Set(rows.map((r) => r.user))].filter((u) => u !== actor.userCode);
    await insertNotices(
      trx,
      readers,
      {
        kind: 'system',
        title: `待阅公文：${doc.title}`,
        content: `${doc.doc_no ?? doc.serial_no}《${doc.title}》已分发给您，请阅知。`,
        moduleCode: doc.module_code,
        recordId: doc.id,
        event: 'distribute',
      },
      at,
    );
    if (!doc.finished_at) await setDoc(trx, b.id, { finished_at: at });
    // the recipients read it now
    await indexDocument(trx, b.id);
    await audit(trx, { added });
    return { added };
  });
  // the recipients' to-do counts refresh at once (the stream re-sends them on an event)
  for (const u of new Set(rows.map((r) => r.user))) {
    if (u !== actor.userCode) ctx.events.publish(u, { kind: 'system', title: `待阅公文：${doc.title}`, instanceId: null });
  }
  return result;
}

export async function distribution(ctx: AppContext, actor: DocActor, id: string): Promise<DistributionRow[]> {
  const doc = await readable(ctx, actor, id);
  const rows = await distributionOf(ctx.db, doc.id);
  const [users, depts] = await Promise.all([
    userNames(
      ctx.db,
      rows.map((r) => r.user_code ?? ''),
    ),
    deptNames(ctx.db),
  ]);
  return rows.map((r) => distRow(r, users, depts));
}

export async function read(ctx: AppContext, actor: DocActor, id: string): Promise<void> {
  await readable(ctx, actor, id);
  await markRead(ctx.db, id, actor.userCode, nowIso());
}

export async function myToRead(ctx: AppContext, actor: DocActor, q: { unreadOnly: 'Y' | 'N'; pageNumber: number; pageSize: number }) {
  const { rows, total } = await toRead(ctx.db, actor.userCode, q.unreadOnly === 'Y' ? 'N' : undefined, {
    offset: (q.pageNumber - 1) * q.pageSize,
    limit: q.pageSize,
  });
  const list: ToReadRow[] = rows.map((r) => ({
    distributionId: r.distribution_id,
    docId: r.id,
    title: r.title,
    docNo: r.doc_no,
    kind: r.kind,
    scope: r.scope,
    createdAt: r.created_at,
    readAt: r.read_at,
  }));
  return { list, total, pageNumber: q.pageNumber, pageSize: q.pageSize };
}
