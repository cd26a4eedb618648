import { Readable } from 'node:stream';
import type mammothModule from 'mammoth';
import { MODULES } from '@oa/shared/modules/registry';
import type { AnyModule } from '@oa/shared/modules/define-module';
import {
  PRINT_TEMPLATE_MAX_BYTES,
  type TemplateDetail,
  type TemplateInfo,
  type TemplateModuleItem,
  type TemplateRecord,
} from '@oa/shared/contract/print-template';
import type { AppContext } from '../../core/context';
import type { PrintTemplateTable } from '../../db/schema/print';
import { findFile, openBlob, storeUpload } from '../../core/files/file-store';
import { userNames } from '../../core/identity/identity.repository';
import { latestInstances } from '../../core/ports/process-participation.repository';
import { badRequest, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { allTemplates, deleteTemplate, findTemplate, saveTemplate } from './print-template.repository';
import { printableModule, sheetModel, type SheetModel } from './print.service';
import { TemplateRefused, checkTemplate, fillTemplate } from './template-fill';
import { OPINION_LOOP, headPlaceholders, opinionPlaceholders } from './template-placeholders';
import { renderSheetDocx } from './print-docx';
import { lazyRequire } from '../../lib/lazy-require';

/** loaded by the first preview, not at start-up (lib/heavy-libs.ts) */
const mammoth = lazyRequire<typeof mammothModule>('mammoth');

/**
 * The administrator's Word templates of the printed sheets (one per module, kept in the file store) and the one
 * choice every print makes: a module with a template prints its .docx from it, any other the default sheet.
 */
const sheetName = (m: AnyModule) => (m.engine === 'area' ? `${m.name}处理笺` : `${m.name}审批单`);

function moduleOf(ctx: AppContext, moduleCode: string): AnyModule {
  const m = printableModule(ctx, moduleCode);
  if (!m) throw badRequest('该业务没有审批单', 'moduleCode');
  return m;
}

async function infoOf(ctx: AppContext, rows: PrintTemplateTable[]): Promise<Map<string, TemplateInfo>> {
  const names = await userNames(
    ctx.db,
    rows.map((r) => r.uploaded_by),
  );
  return new Map(
    rows.map((r) => [
      r.module_code,
      {
        fileName: r.file_name,
        size: r.size,
        uploadedBy: r.uploaded_by,
        uploadedByName: names.get(r.uploaded_by) ?? r.uploaded_by,
        uploadedAt: r.uploaded_at,
      },
    ]),
  );
}

/** Every module that prints a sheet, with its template if it has one. */
export async function listTemplates(ctx: AppContext): Promise<TemplateModuleItem[]> {
  const info = await infoOf(ctx, await allTemplates(ctx.db));
  return MODULES.filter((m) => printableModule(ctx, m.code)).map((m) => ({
    moduleCode: m.code,
    sheetName: sheetName(m),
    template: info.get(m.code) ?? null,
  }));
}

/** A module's placeholders (to write a template with) and its current template. */
export async function templateDetail(ctx: AppContext, moduleCode: string): Promise<TemplateDetail> {
  const m = moduleOf(ctx, moduleCode);
  const row = await findTemplate(ctx.db, m.code);
  const info = row ? await infoOf(ctx, [row]) : new Map<string, TemplateInfo>();
  return {
    moduleCode: m.code,
    sheetName: sheetName(m),
    template: info.get(m.code) ?? null,
    placeholders: headPlaceholders(m),
    opinionLoop: OPINION_LOOP,
    opinionPlaceholders: opinionPlaceholders(),
  };
}

/** Checks and stores an uploaded template in place of the module's current one; a refused one writes nothing. */
export async function uploadTemplate(
  ctx: AppContext,
  actor: string,
  moduleCode: string,
  file: { fileName: string; buffer: Buffer },
): Promise<TemplateInfo> {
  const m = moduleOf(ctx, moduleCode);
  try {
    checkTemplate(file.buffer, m);
  } catch (err) {
    if (err instanceof TemplateRefused) throw badRequest(err.message, 'file');
    throw err;
  }
  const stored = await storeUpload(ctx, {
    stream: Readable.from([file.buffer]),
    fileName: file.fileName,
    owner: actor,
    kind: 'print_template',
    scope: 'private',
    allowedExt: ['docx'],
    maxBytes: PRINT_TEMPLATE_MAX_BYTES,
  });
  const row = {
    module_code: m.code,
    file_id: stored.id,
    file_name: file.fileName,
    size: stored.size,
    uploaded_by: actor,
    uploaded_at: nowIso(),
  };
  await saveTemplate(ctx.db, row);
  return (await infoOf(ctx, [row])).get(m.code)!;
}

/** Removes a module's template (the default sheet prints again); 404 when it has none. */
export async function removeTemplate(ctx: AppContext, moduleCode: string): Promise<void> {
  const m = moduleOf(ctx, moduleCode);
  if (!(await deleteTemplate(ctx.db, m.code))) throw notFound('该业务没有上传模板');
}

/** The bytes of a module's template, from the file store by the id it was stored under. */
async function templateBytes(ctx: AppContext, moduleCode: string): Promise<{ row: PrintTemplateTable; buffer: Buffer } | null> {
  const row = await findTemplate(ctx.db, moduleCode);
  const file = row && (await findFile(ctx.db, row.file_id));
  const stream = file && openBlob(ctx, file);
  if (!row || !stream) return null;
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return { row, buffer: Buffer.concat(chunks) };
}

/** The template file as uploaded (its name and bytes); 404 when the module has none. */
export async function templateFile(ctx: AppContext, moduleCode: string): Promise<{ fileName: string; buffer: Buffer }> {
  const t = await templateBytes(ctx, moduleOf(ctx, moduleCode).code);
  if (!t) throw notFound('该业务没有上传模板');
  return { fileName: t.row.file_name, buffer: t.buffer };
}

/** The printed sheet as Word: the module's template filled with the record when it has one, else the default. */
export async function sheetDocx(ctx: AppContext, moduleCode: string, model: SheetModel): Promise<Buffer> {
  const m = moduleOf(ctx, moduleCode);
  const t = await templateBytes(ctx, m.code);
  return t ? fillTemplate(t.buffer, m, model) : renderSheetDocx(model);
}

/** The latest submitted records of a module to preview a template with (newest first, each record once). */
export async function previewRecords(ctx: AppContext, moduleCode: string): Promise<TemplateRecord[]> {
  const m = moduleOf(ctx, moduleCode);
  const seen = new Set<string>();
  const out: TemplateRecord[] = [];
  for (const r of await latestInstances(ctx.db, m.code, 60)) {
    if (seen.has(r.record_id) || out.length >= 30) continue;
    seen.add(r.record_id);
    out.push({ recordId: r.record_id, serialNo: r.serial_no, title: r.title, startedAt: r.started_at });
  }
  return out;
}

/**
 * The module's template filled with a real record the administrator may read: the .docx, or its HTML rendering
 * (mammoth) to look at in the browser. 404 when the module has no template or the record is not readable.
 */
export async function previewTemplate(
  ctx: AppContext,
  q: { userCode: string; moduleCode: string; recordId: string; origin: string },
): Promise<{ docx: Buffer; model: SheetModel; html: () => Promise<string> }> {
  const m = moduleOf(ctx, q.moduleCode);
  const t = await templateBytes(ctx, m.code);
  if (!t) throw notFound('该业务没有上传模板');
  const model = await sheetModel(ctx, q.userCode, m.code, q.recordId, q.origin);
  const docx = await fillTemplate(t.buffer, m, model);
  return { docx, model, html: async () => (await mammoth().convertToHtml({ buffer: docx })).value };
}
