import { fieldsFor, formTitle, type AnyModule } from '@oa/shared/modules/define-module';
import type { AnyField } from '@oa/shared/modules/field';
import { moduleByCode } from '@oa/shared/modules/registry';
import { chinaDateTime } from '@oa/shared/format/china-time';
import type { AppContext } from '../../core/context';
import { lifecycleOf, type ViewedForm } from '../../core/ports/workflow-port';
import { processSheet } from '../../core/ports/process-sheet';
import { userNames } from '../../core/identity/identity.repository';
import { findFile, openBlob } from '../../core/files/file-store';
import { bizError, notFound } from '../../lib/errors';
import { deptNamesOf } from './print.repository';

/** One opinion row of the printed sheet: the step, who, what they said, when, and their drawn signature. */
export interface SheetOpinion {
  node: string;
  action: string;
  actorName: string;
  comment: string | null;
  at: string;
  /** PNG bytes of the handwritten signature drawn with this opinion */
  signature: Buffer | null;
}

/** Everything a printed 审批单/处理笺 shows, in the order it shows it (PDF and Word render the same model). */
export interface SheetModel {
  /** 用印申请审批单, 收文处理笺 … */
  heading: string;
  recordTitle: string;
  serialNo: string;
  statusLabel: string;
  /** 申请人 on an application, 经办人 on a document's 处理笺 */
  applicantLabel: string;
  applicantName: string;
  deptName: string | null;
  submittedAt: string | null;
  /** the form's fields in the declaration's order, as display text */
  fields: Array<{ key: string; label: string; value: string; wide: boolean }>;
  opinions: SheetOpinion[];
  /** the record's page, which the QR code carries (no credential in it) */
  url: string;
  printedAt: string;
}

/** The module codes that have a printed sheet: approval modules whose owner can show a record to a reader. */
export function printableModule(ctx: AppContext, moduleCode: string): AnyModule | null {
  const m = moduleByCode(moduleCode);
  return m && m.kind === 'approval' && m.routes.preview && lifecycleOf(ctx, m.code).viewForm ? m : null;
}

/** The record as the user may see it, or the refusal: not printable, not readable (404, no existence leak), a draft. */
async function printableView(ctx: AppContext, userCode: string, m: AnyModule | null, recordId: string) {
  if (!m) throw notFound('该业务没有审批单');
  const view = await lifecycleOf(ctx, m.code).viewForm!(ctx.db, { moduleCode: m.code, recordId, userCode });
  if (!view) throw notFound('记录不存在或无权查看');
  if (view.draft) throw bizError('草稿尚未提交，不能打印审批单');
  return view;
}

function valueText(f: AnyField, v: unknown, users: Map<string, string>, depts: Map<string, string>): string {
  if (v === null || v === undefined || v === '' || (Array.isArray(v) && !v.length)) return '';
  switch (f.kind) {
    case 'daterange':
      return Array.isArray(v) ? `${String(v[0])} 至 ${String(v[1])}` : '';
    case 'user':
      return (Array.isArray(v) ? v : [v]).map((c) => users.get(String(c)) ?? String(c)).join('、');
    case 'dept':
      return depts.get(String(v)) ?? String(v);
    case 'select':
      return f.options.find((o) => o.value === v)?.label ?? String(v);
    case 'money':
      return `${Number(v).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} 元`;
    case 'int':
      return `${String(v)}${'unit' in f && f.unit ? ` ${f.unit}` : ''}`;
    case 'attachments':
      return Array.isArray(v) ? v.map((a) => (a as { fileName?: string }).fileName ?? '').join('、') : '';
    case 'table': {
      if (!Array.isArray(v)) return '';
      const cols = Object.entries(f.columns);
      return v
        .map(
          (row, i) =>
            `${i + 1}. ${cols.map(([k, c]) => `${c.label}：${valueText(c as AnyField, (row as Record<string, unknown>)[k], users, depts) || '—'}`).join('；')}`,
        )
        .join('\n');
    }
    case 'richtext':
      return String(v)
        .replace(/<\/p>|<br\s*\/?>/g, '\n')
        .replace(/<[^>]*>/g, '')
        .trim();
    default:
      return typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
}

/** The fields of the sheet in the declaration's order (the record's variant's), as display text. */
async function fieldRows(ctx: AppContext, m: AnyModule, view: ViewedForm): Promise<SheetModel['fields']> {
  const fields = fieldsFor(m, view.variant);
  const codes = (kind: string) =>
    fields.filter(([, f]) => f.kind === kind).flatMap(([n]) => [view.form[n]].flat().filter((x): x is string => typeof x === 'string'));
  const [users, depts] = await Promise.all([userNames(ctx.db, codes('user')), deptNamesOf(ctx.db, codes('dept'))]);
  return fields.map(([name, f]) => ({
    key: name,
    label: f.label,
    value: valueText(f, view.form[name], users, depts),
    wide: f.kind === 'table' || f.kind === 'textarea' || f.kind === 'richtext',
  }));
}

/** A signature image from the file store: only a live PNG the store took as a signature. */
async function signatureBytes(ctx: AppContext, fileId: string | null): Promise<Buffer | null> {
  if (!fileId) return null;
  const file = await findFile(ctx.db, fileId);
  if (!file || file.kind !== 'signature' || file.ext !== 'png') return null;
  const stream = openBlob(ctx, file);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The printed sheet of a record for a user who may read it by the owning area's one read rule (the
 * applicant, approvers, CC readers, leaders, managers, a document's recipients …): 404 for anyone else.
 * `origin` is the site's address the QR code points to (the record's page under /oa/).
 */
export async function sheetModel(
  ctx: AppContext,
  userCode: string,
  moduleCode: string,
  recordId: string,
  origin: string,
): Promise<SheetModel> {
  const m = printableModule(ctx, moduleCode);
  const view = await printableView(ctx, userCode, m, recordId);
  const mod = m!;
  const lines = await processSheet(ctx.db, mod.code, recordId, view.startNode);
  const opinions = await Promise.all(
    lines.map(async (l) => ({
      node: l.node,
      action: l.action,
      actorName: l.actorName,
      comment: l.comment,
      at: chinaDateTime(l.at),
      signature: await signatureBytes(ctx, l.signatureFileId),
    })),
  );
  const name = formTitle(mod, view.variant);
  return {
    heading: mod.engine === 'area' ? `${name}处理笺` : `${name}审批单`,
    recordTitle: view.title,
    serialNo: view.serialNo,
    statusLabel: view.statusLabel,
    applicantLabel: mod.engine === 'area' ? '经办人' : '申请人',
    applicantName: view.applicantName,
    deptName: view.deptName,
    submittedAt: view.submittedAt ? chinaDateTime(view.submittedAt) : null,
    fields: await fieldRows(ctx, mod, view),
    opinions,
    url: `${origin}/oa${mod.routes.preview}?id=${encodeURIComponent(recordId)}`,
    printedAt: chinaDateTime(),
  };
}
