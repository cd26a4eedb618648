import {
  AUDIT_RESULT_LABELS,
  auditActionLabel,
  type AuditDetail,
  type AuditFilter,
  type AuditItem,
  type AuditState,
} from '@oa/shared/contract/audit-log';
import type { KeysetPaged, PageQuery } from '@oa/shared/contract/envelope';
import { chinaDateTime } from '@oa/shared/format/china-time';
import type { AppContext } from '../../core/context';
import { archives, chainHead, chainLength, lastVerification } from '../../core/audit/chain.repository';
import { verifyAndRecord, type ChainReport } from '../../core/audit/verify';
import { exceljs } from '../../lib/heavy-libs';
import { notFound } from '../../lib/errors';
import * as repo from './audit-log.repository';

type PageRow = Awaited<ReturnType<typeof repo.auditPage>>[number];

const parsed = (json: string | null): unknown => {
  if (json === null) return null;
  try {
    return JSON.parse(json);
  } catch {
    return json;
  }
};

const itemOf = (r: PageRow): AuditItem => ({
  id: Number(r.id),
  seq: Number(r.seq),
  at: r.at,
  userCode: r.user_code,
  userName: r.user_name ?? null,
  ip: r.ip,
  action: r.action,
  actionLabel: auditActionLabel(r.action),
  target: r.target,
  result: r.result,
  hasChange: r.before_json !== null || r.after_json !== null,
});

/** One page newest first; `after` continues from the previous page's last link. */
export async function listAudit(ctx: AppContext, q: PageQuery & AuditFilter & { after?: string }): Promise<KeysetPaged<AuditItem>> {
  const afterSeq = q.after ? Number(q.after.split('~')[0]) : null;
  const [rows, counted] = await Promise.all([
    repo.auditPage(ctx.db, q, q.pageSize, Number.isFinite(afterSeq) ? afterSeq : null, (q.pageNumber - 1) * q.pageSize),
    repo.auditCount(ctx.db, q),
  ]);
  const last = rows.length === q.pageSize ? rows[rows.length - 1] : undefined;
  return {
    list: rows.map(itemOf),
    ...counted,
    pageNumber: q.pageNumber,
    pageSize: q.pageSize,
    nextCursor: last ? `${last.seq}~${last.id}` : null,
  };
}

export async function auditDetail(ctx: AppContext, id: number): Promise<AuditDetail> {
  const r = await repo.auditRow(ctx.db, id);
  if (!r) throw notFound('审计记录不存在或已归档');
  return { ...itemOf(r), hash: r.hash, detail: parsed(r.detail), before: parsed(r.before_json), after: parsed(r.after_json) };
}

export const EXPORT_MAX = 50_000;

/** The filtered trail as a workbook (at most EXPORT_MAX rows, newest first), read a page at a time. */
export async function auditWorkbook(ctx: AppContext, f: AuditFilter): Promise<{ buffer: Buffer; rows: number }> {
  const wb = new (exceljs().Workbook)();
  wb.creator = '协会办公平台';
  const ws = wb.addWorksheet('安全审计');
  ws.addRow(['序号', '时间', '账号', '姓名', '来源地址', '事件', '事件代码', '对象', '结果', '变更前', '变更后']);
  ws.getRow(1).font = { bold: true };
  ws.columns.forEach((c, i) => (c.width = [8, 20, 14, 10, 16, 16, 22, 28, 8, 40, 40][i] ?? 12));
  let after: number | null = null;
  let rows = 0;
  while (rows < EXPORT_MAX) {
    const page: PageRow[] = await repo.auditPage(ctx.db, f, Math.min(2000, EXPORT_MAX - rows), after, 0);
    for (const r of page)
      ws.addRow([
        Number(r.seq),
        chinaDateTime(r.at),
        r.user_code ?? '',
        r.user_name ?? '',
        r.ip ?? '',
        auditActionLabel(r.action),
        r.action,
        r.target ?? '',
        AUDIT_RESULT_LABELS[r.result],
        r.before_json ?? '',
        r.after_json ?? '',
      ]);
    rows += page.length;
    if (page.length < 2000) break;
    after = Number(page[page.length - 1]!.seq);
  }
  return { buffer: Buffer.from(await wb.xlsx.writeBuffer()), rows };
}

export const verifyAudit = (ctx: AppContext, userCode: string): Promise<ChainReport> => verifyAndRecord(ctx.db, ctx.fieldKeys, userCode);

export async function auditState(ctx: AppContext): Promise<AuditState> {
  const [head, live, v, arch] = await Promise.all([chainHead(ctx.db), chainLength(ctx.db), lastVerification(ctx.db), archives(ctx.db)]);
  return {
    headSeq: Number(head.seq),
    liveRows: live,
    retentionDays: ctx.config.audit.retentionDays,
    lastVerification: v ? { at: v.at, userCode: v.user_code, intact: !!v.intact, message: v.message } : null,
    archives: arch.map((a) => ({
      fromSeq: Number(a.from_seq),
      uptoSeq: Number(a.upto_seq),
      rows: Number(a.row_count),
      file: a.file_name,
      at: a.at,
    })),
  };
}
