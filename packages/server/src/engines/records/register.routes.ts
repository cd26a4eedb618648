import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@oa/shared/contract/envelope';
import {
  recordActionBody,
  recordExportQuery,
  recordIdBody,
  recordIdQuery,
  recordListQuery,
  recordsPath,
} from '@oa/shared/contract/records';
import {
  registerImportResult,
  registerPage,
  registerRow,
  registerSaveBody,
  type RegisterImportResult,
} from '@oa/shared/contract/registers';
import type { AnyModule } from '@oa/shared/modules/define-module';
import { registerOptionsOf } from '@oa/shared/modules/register-kit';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { badRequest, forbidden } from '../../lib/errors';
import { auditEvent, writeAudit } from '../../core/audit';
import { registerActorOf } from '../../core/ports/register-port';
import { XLSX_TYPE, attachmentHeader, mapChunks } from './records.export';
import { streamWorkbook } from '../../lib/xlsx-write';
import { registerAccess } from './register.access';
import { importRows } from './register.import';
import * as svc from './register.service';
import { exportRows } from './records.mask';
import { buildTemplate, registerSheet, registerSheetRows } from './register.sheet';

/** The file part `file` of a multipart request, and the text fields. */
async function readUpload(req: FastifyRequest): Promise<{ file: Buffer; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw badRequest('请上传 Excel 文件（multipart/form-data）', 'file');
  let file: Buffer | null = null;
  const fields: Record<string, string> = {};
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file' || file) {
        part.file.resume();
        continue;
      }
      file = await part.toBuffer();
      if (part.file.truncated) throw badRequest('文件过大', 'file');
    } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
  }
  if (!file || file.length === 0) throw badRequest('请选择要导入的 Excel 文件', 'file');
  return { file, fields };
}

/**
 * The records API of a register: `/oa/api/auth/oa/records/<code>/<action>` (same paths as the approval
 * modules, register meanings): list, get, save, delete, action, export, template, import.
 */
export function registerModuleRoutes(app: FastifyInstance, m: AnyModule): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const p = (action: string) => `/oa${recordsPath(m.code, action)}`;
  const tags = [`登记台账-${m.name}`];
  const read = access.perm(m.permissions.read);
  const create = access.perm(m.permissions.create);
  const row = envelope(registerRow.nullable());

  r.get(
    p('list'),
    {
      config: read,
      schema: {
        summary: `${m.name}列表（分页、筛选）及当前用户可做的操作`,
        tags,
        querystring: recordListQuery,
        response: { 200: envelope(registerPage.nullable()) },
      },
    },
    async (req) => ok(await svc.list(ctx, m, registerActorOf(req), req.query, req.auth!.versions.records)),
  );
  r.get(
    p('get'),
    { config: read, schema: { summary: `${m.name}详情`, tags, querystring: recordIdQuery, response: { 200: row } } },
    async (req) => ok(await svc.getRow(ctx, m, registerActorOf(req), req.query.id)),
  );
  r.post(
    p('save'),
    { config: create, schema: { summary: `新增或修改${m.name}（无 id 时新增）`, tags, body: registerSaveBody, response: { 200: row } } },
    async (req) => ok(await svc.save(ctx, m, registerActorOf(req), req.body), req.body.id ? '已保存' : '已新增'),
  );
  r.post(
    p('delete'),
    { config: create, schema: { summary: `删除${m.name}`, tags, body: recordIdBody, response: { 200: envelope(z.null()) } } },
    async (req) => {
      await svc.remove(ctx, m, registerActorOf(req), req.body.id, (trx, gone) =>
        writeAudit(trx, req, { action: 'register.delete', target: `${m.code}/${gone.id}`, result: 'ok', detail: { title: gone.title } }),
      );
      return ok(null, '已删除');
    },
  );
  r.post(
    p('action'),
    { config: read, schema: { summary: `${m.name}的业务操作`, tags, body: recordActionBody, response: { 200: row } } },
    async (req) => ok(await svc.runAction(ctx, m, registerActorOf(req), req.body), '操作成功'),
  );
  r.get(
    p('export'),
    { config: read, schema: { summary: `导出${m.name}（.xlsx，条件同列表）`, tags, querystring: recordExportQuery } },
    async (req, reply) => {
      const actor = registerActorOf(req);
      // streamed in keyset chunks: every row of the list, memory bounded, other requests answered meanwhile
      const chunks = mapChunks(await svc.listChunks(ctx, m, actor, req.query), async (rows) =>
        registerSheetRows(ctx.db, m, await exportRows(ctx, m, actor, rows)),
      );
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', attachmentHeader(`${m.name}.xlsx`, `${m.code}.xlsx`))
        .send(streamWorkbook(registerSheet(m), chunks));
    },
  );
  r.get(p('template'), { config: read, schema: { summary: `${m.name}导入模板（.xlsx）`, tags } }, async (_req, reply) =>
    reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', attachmentHeader(`${m.name}导入模板.xlsx`, `${m.code}-template.xlsx`))
      .send(await buildTemplate(m)),
  );
  // a private register's owners import their own rows; elsewhere importing is a manager's job
  r.post(
    p('import'),
    {
      config: registerOptionsOf(m).visibility === 'owner' ? create : access.perm(m.permissions.manage),
      schema: {
        summary: `Excel 导入${m.name}（multipart：file 为 .xlsx；skipInvalid=true 时跳过错误行导入其余行，否则有错误行时不导入任何数据）`,
        tags,
        response: { 200: envelope(registerImportResult.nullable()) },
      },
    },
    async (req) => {
      const actor = registerActorOf(req);
      if (!(await registerAccess(m, actor)).caps.import) throw forbidden(`没有访问权限（需要功能权限：${m.permissions.manage}）`);
      const { file, fields } = await readUpload(req);
      const entry = (res: RegisterImportResult) => ({
        action: 'register.import',
        target: m.code,
        result: res.committed ? ('ok' as const) : ('fail' as const),
        detail: { imported: res.imported, total: res.total, errors: res.errors.length },
      });
      const opts = { skipInvalid: fields.skipInvalid === 'true' };
      const result = await importRows(ctx, m, actor, file, opts, (trx, res) => writeAudit(trx, req, entry(res)));
      // an import refused for its errors changed nothing: an event
      if (!result.committed) await auditEvent(ctx.db, req, entry(result));
      const message = result.committed
        ? `已导入 ${result.imported} 条${result.errors.length ? `，跳过 ${new Set(result.errors.map((e) => e.row)).size} 行有错误的数据` : ''}`
        : `有 ${new Set(result.errors.map((e) => e.row)).size} 行数据有错误，未导入任何数据，请修改后重新导入`;
      return ok(result, message);
    },
  );
}
