import type { MemberUnit, ReceiptRow, SendBody } from '@oa/shared/contract/exchange';
import type { AppContext } from '../../core/context';
import type { AuditLast } from '../../core/audit';
import { insertNotices } from '../../core/ports/notice.repository';
import { userNames } from '../../core/identity/identity.repository';
import { findFile } from '../../core/files/file-store';
import { bizError, forbidden, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { canManage, mayReadDocument, type DocActor } from './documents.access';
import type { FileGrant } from '../../core/files/file-store';
import { findDoc } from './documents.repository';
import { newId, readable } from './documents.service';
import { exchangeState } from './exchange-state';
import {
  contactsOf,
  exchangesOfDoc,
  exchangesWithReplyFile,
  insertExchanges,
  listUnits,
  markUrged,
  unitsByIds,
} from './exchange.repository';

/** Dispatches go to member units once printed (the issued PDF exists). */
const SENDABLE = new Set(['printed', 'distributed']);
/** The message area of the contacts' notices (their area's notice list reads it). */
export const UNIT_NOTICE_MODULE = 'unit_exchange';

export async function units(ctx: AppContext): Promise<MemberUnit[]> {
  const list = await listUnits(ctx.db);
  const contacts = await contactsOf(
    ctx.db,
    list.map((u) => u.id),
  );
  return list.map((u) => ({
    id: u.id,
    code: u.code,
    name: u.name,
    contacts: contacts.filter((c) => c.unit_id === u.id).map((c) => ({ userCode: c.user_code, userName: c.user_name })),
  }));
}

async function managedDispatch(ctx: AppContext, actor: DocActor, id: string, action: string) {
  const doc = await findDoc(ctx.db, id);
  if (!doc || doc.kind !== 'dispatch') throw notFound('公文不存在');
  if (!(await canManage(actor, doc))) throw forbidden(`只有公文管理员可以${action}`);
  if (!SENDABLE.has(doc.status)) throw bizError('公文印制后才能发送给成员单位');
  return doc;
}

/** Active contacts of the given units (whom the notices go to). */
async function activeContacts(ctx: AppContext, unitIds: readonly string[]): Promise<string[]> {
  return (await contactsOf(ctx.db, unitIds)).filter((c) => c.status === 'Y').map((c) => c.user_code);
}

/** 发送给成员单位: one copy per unit (a unit sent to before keeps its copy), each unit's contacts told. */
export async function send(ctx: AppContext, actor: DocActor, b: SendBody, audit: AuditLast<{ added: number }>): Promise<{ added: number }> {
  const doc = await managedDispatch(ctx, actor, b.id, '发送给成员单位');
  const ids = [...new Set(b.unitIds)];
  const found = await unitsByIds(ctx.db, ids);
  const unknown = ids.find((id) => !found.some((u) => u.id === id));
  if (unknown) throw bizError(`成员单位 ${unknown} 不存在或已停用`);
  const at = nowIso();
  const dueAt = b.dueAt ? new Date(b.dueAt).toISOString() : null;
  if (dueAt && dueAt <= at) throw bizError('签收时限应晚于当前时间');
  const before = new Set((await exchangesOfDoc(ctx.db, doc.id)).map((x) => x.unit_id));
  const fresh = ids.filter((id) => !before.has(id));
  if (!fresh.length) throw bizError('所选成员单位均已发送过');
  const contacts = await activeContacts(ctx, fresh);
  return ctx.db.transaction().execute(async (trx) => {
    await insertExchanges(
      trx,
      fresh.map((unitId) => ({
        id: newId('X'),
        doc_id: doc.id,
        unit_id: unitId,
        sent_by: actor.userCode,
        sent_at: at,
        due_at: dueAt,
        read_at: null,
        read_by: null,
        signed_at: null,
        signed_by: null,
        reply_text: null,
        reply_file_id: null,
        urge_count: 0,
        last_urged_at: null,
      })),
    );
    await insertNotices(
      trx,
      contacts,
      {
        kind: 'system',
        title: `收到公文：${doc.title}`,
        content: `${doc.doc_no ?? ''}《${doc.title}》已发送给贵单位，请查阅并签收。`,
        moduleCode: UNIT_NOTICE_MODULE,
        recordId: doc.id,
        event: 'distribute',
      },
      at,
    );
    await audit(trx, { added: fresh.length });
    return { added: fresh.length };
  });
}

/** The sender's view: each unit's copy — sent, read (when, by whom), signed, replied, overdue, urged. */
export async function receipts(ctx: AppContext, actor: DocActor, id: string) {
  const doc = await readable(ctx, actor, id);
  const rows = await exchangesOfDoc(ctx.db, doc.id);
  const now = nowIso();
  const [names, files] = await Promise.all([
    userNames(
      ctx.db,
      rows.flatMap((r) => [r.read_by, r.signed_by]),
    ),
    Promise.all(rows.map((r) => (r.reply_file_id ? findFile(ctx.db, r.reply_file_id) : undefined))),
  ]);
  const name = (u: string | null) => (u ? (names.get(u) ?? u) : null);
  const list: ReceiptRow[] = rows.map((r, i) => ({
    id: r.id,
    unitId: r.unit_id,
    unitName: r.unit_name,
    sentAt: r.sent_at,
    dueAt: r.due_at,
    readAt: r.read_at,
    readBy: name(r.read_by),
    signedAt: r.signed_at,
    signedBy: name(r.signed_by),
    replyText: r.reply_text,
    replyFileId: r.reply_file_id,
    replyFileName: files[i]?.original_name ?? null,
    urgeCount: r.urge_count,
    lastUrgedAt: r.last_urged_at,
    ...exchangeState(r, now),
  }));
  const manager = SENDABLE.has(doc.status) && (await canManage(actor, doc));
  return { rows: list, can: { send: manager, urge: manager && list.some((r) => !r.signedAt) } };
}

/** 催办: the units that have not signed (all, or those chosen) are told again, through every channel they have. */
export async function urge(
  ctx: AppContext,
  actor: DocActor,
  b: { id: string; unitIds?: string[] },
  audit: AuditLast<{ urged: string[] }>,
): Promise<{ urged: number }> {
  const doc = await managedDispatch(ctx, actor, b.id, '催办');
  const late = (await exchangesOfDoc(ctx.db, doc.id)).filter((x) => !x.signed_at && (!b.unitIds || b.unitIds.includes(x.unit_id)));
  if (!late.length) throw bizError('没有需要催办的成员单位');
  const at = nowIso();
  const contacts = await contactsOf(
    ctx.db,
    late.map((x) => x.unit_id),
  );
  return ctx.db.transaction().execute(async (trx) => {
    for (const x of late) {
      const due = x.due_at ? `，签收时限已于 ${x.due_at.slice(0, 10)} 到期` : '';
      await insertNotices(
        trx,
        contacts.filter((c) => c.unit_id === x.unit_id && c.status === 'Y').map((c) => c.user_code),
        {
          kind: 'urge',
          title: `催办：请签收《${doc.title}》`,
          content: `${doc.doc_no ?? ''}《${doc.title}》贵单位尚未签收${due}，请尽快查阅并签收。`,
          moduleCode: UNIT_NOTICE_MODULE,
          recordId: doc.id,
          event: 'urge',
        },
        at,
      );
    }
    await markUrged(
      trx,
      late.map((x) => x.id),
      at,
    );
    await audit(trx, { urged: late.map((x) => x.unit_name) });
    return { urged: late.length };
  });
}

/** A unit's reply attachment is read by the readers of the dispatch it answers. */
export const replyFileGrant =
  (ctx: AppContext): FileGrant =>
  async (db, file, userCode) => {
    for (const x of await exchangesWithReplyFile(db, file.id)) if (await mayReadDocument(ctx, db, userCode, x.doc_id)) return true;
    return false;
  };
