import type { UnitDocRow } from '@oa/shared/contract/exchange';
import type { AppContext } from '../../core/context';
import type { AuditLast } from '../../core/audit';
import { findFile, openBlob } from '../../core/files/file-store';
import { insertNotices, noticesOf } from '../../core/ports/notice.repository';
import { userNames } from '../../core/identity/identity.repository';
import { badRequest, bizError, forbidden, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { findDoc } from './documents.repository';
import { renderFiled } from './distribution.service';
import { exchangeState } from './exchange-state';
import { UNIT_NOTICE_MODULE } from './exchange.service';
import { exchangesOfUnit, findExchange, markExchangeRead, signExchange, unitOfContact, type ExchangeRowDb } from './exchange.repository';

/**
 * The member-unit contacts' side (issue 37): a contact sees, downloads and signs for only what was sent to his
 * unit. Another unit's copy answers as missing, whatever its id.
 */
async function unitOf(ctx: AppContext, userCode: string) {
  const unit = await unitOfContact(ctx.db, userCode);
  if (!unit) throw forbidden('您的账号未关联成员单位，请联系协会办公室');
  return unit;
}

async function myCopy(ctx: AppContext, userCode: string, id: string) {
  const unit = await unitOf(ctx, userCode);
  const x = await findExchange(ctx.db, id);
  if (!x || x.unit_id !== unit.id) throw notFound('公文不存在');
  const doc = await findDoc(ctx.db, x.doc_id);
  if (!doc) throw notFound('公文不存在');
  return { unit, x, doc };
}

const orgName = () => process.env.OA_ORG_NAME ?? '中国行业协会';

type UnitCopy = ExchangeRowDb & { title: string; doc_no: string | null };

function rowOf(x: UnitCopy, names: Map<string, string>, now: string): UnitDocRow {
  return {
    id: x.id,
    docNo: x.doc_no,
    title: x.title,
    sender: orgName(),
    sentAt: x.sent_at,
    dueAt: x.due_at,
    readAt: x.read_at,
    signedAt: x.signed_at,
    signedBy: x.signed_by ? (names.get(x.signed_by) ?? x.signed_by) : null,
    replyText: x.reply_text,
    overdue: exchangeState(x, now).overdue,
  };
}

export async function unitDocs(ctx: AppContext, userCode: string, q: { pageNumber: number; pageSize: number }) {
  const unit = await unitOf(ctx, userCode);
  const { rows, total } = await exchangesOfUnit(ctx.db, unit.id, { offset: (q.pageNumber - 1) * q.pageSize, limit: q.pageSize });
  const names = await userNames(
    ctx.db,
    rows.map((r) => r.signed_by),
  );
  const now = nowIso();
  return { list: rows.map((r) => rowOf(r, names, now)), total, pageNumber: q.pageNumber, pageSize: q.pageSize, unitName: unit.name };
}

/** One document of the unit; the first opening marks the unit's copy read (when, by whom). */
export async function unitDoc(ctx: AppContext, userCode: string, id: string): Promise<UnitDocRow> {
  const { x, doc } = await myCopy(ctx, userCode, id);
  await markExchangeRead(ctx.db, x.id, userCode, nowIso());
  const fresh = (await findExchange(ctx.db, x.id))!;
  const names = await userNames(ctx.db, [fresh.signed_by]);
  return rowOf({ ...fresh, title: doc.title, doc_no: doc.doc_no }, names, nowIso());
}

/** The issued file: the PDF stored at 印制, or the OFD drawn from the same document. Reading it marks the copy read. */
export async function unitFile(ctx: AppContext, userCode: string, id: string, format: 'pdf' | 'ofd') {
  const { x, doc } = await myCopy(ctx, userCode, id);
  await markExchangeRead(ctx.db, x.id, userCode, nowIso());
  if (format === 'ofd') {
    const r = await renderFiled(ctx, doc.id);
    return { kind: 'buffer' as const, buffer: r.buffer, fileName: r.fileName, mime: 'application/ofd' };
  }
  // the PDF stored at 印制; a document printed before PDFs were kept is drawn again from the same record
  const file = doc.printed_file_id ? await findFile(ctx.db, doc.printed_file_id) : undefined;
  const stream = file ? openBlob(ctx, file) : null;
  if (file && stream) return { kind: 'stream' as const, stream, fileName: `${doc.doc_no ?? doc.title}.pdf`, mime: 'application/pdf' };
  const r = await renderFiled(ctx, doc.id, 'pdf');
  return { kind: 'buffer' as const, buffer: r.buffer, fileName: r.fileName, mime: 'application/pdf' };
}

/** 签收 with an optional reply: once per unit — when two contacts sign at once, one wins and the other is told. */
export async function sign(
  ctx: AppContext,
  userCode: string,
  b: { id: string; replyText?: string; replyFileId?: string },
  audit: AuditLast<{ unitId: string }>,
): Promise<void> {
  const { unit, x, doc } = await myCopy(ctx, userCode, b.id);
  if (x.signed_at) throw bizError('本单位已签收该公文');
  if (b.replyFileId) {
    const f = await findFile(ctx.db, b.replyFileId);
    if (!f || f.owner !== userCode) throw badRequest('回复附件不存在，请重新上传', 'replyFileId');
  }
  const at = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    const won = await signExchange(trx, x.id, { userCode, at, replyText: b.replyText || null, replyFileId: b.replyFileId ?? null });
    if (!won) throw bizError('本单位已签收该公文');
    await insertNotices(
      trx,
      [x.sent_by],
      {
        kind: 'system',
        title: `${unit.name}已签收：${doc.title}`,
        content: b.replyText ? `回复：${b.replyText}` : `${unit.name}已签收《${doc.title}》。`,
        moduleCode: doc.module_code,
        recordId: doc.id,
        event: 'distribute',
      },
      at,
    );
    await audit(trx, { unitId: unit.id });
  });
}

export async function unitNotices(ctx: AppContext, userCode: string) {
  await unitOf(ctx, userCode);
  const rows = await noticesOf(ctx.db, userCode, UNIT_NOTICE_MODULE, 50);
  return rows.map((r) => ({ id: r.id, title: r.title, content: r.content, createdAt: r.created_at }));
}
