import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@oa/shared/contract/envelope';
import {
  PRINT_TEMPLATE_API,
  PRINT_TEMPLATE_MAX_BYTES,
  templateDetail,
  templateInfo,
  templateModuleItem,
  templateModuleQuery,
  templatePreviewHtml,
  templatePreviewQuery,
  templateRecord,
  templateRemoveBody,
} from '@oa/shared/contract/print-template';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { inChange, writeAudit } from '../../core/audit';
import { receiveUploadBuffer } from '../../core/files/file-upload';
import * as svc from './print-template.service';
import { sheetOrigin } from './sheet-origin';

const tags = ['审批单模板'];
const PERM = 'sys_print_template';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const sendDocx = (reply: FastifyReply, name: string, buffer: Buffer) =>
  reply
    .header('content-type', DOCX)
    .header('content-disposition', `attachment; filename="template.docx"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .send(buffer);

/** The administrator's Word templates of the printed sheets: list, upload, download, delete, preview with a record. */
export async function printTemplateRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const config = access.perm(PERM);

  r.get(
    `/oa${PRINT_TEMPLATE_API.list}`,
    { config, schema: { summary: '可打印审批单的业务及其 Word 模板', tags, response: { 200: envelope(z.array(templateModuleItem)) } } },
    async () => ok(await svc.listTemplates(ctx)),
  );
  r.get(
    `/oa${PRINT_TEMPLATE_API.detail}`,
    {
      config,
      schema: { summary: '业务的模板与可用占位符', tags, querystring: templateModuleQuery, response: { 200: envelope(templateDetail) } },
    },
    async (req) => ok(await svc.templateDetail(ctx, req.query.moduleCode)),
  );
  r.post(
    `/oa${PRINT_TEMPLATE_API.upload}`,
    {
      config,
      schema: {
        summary: '上传 Word 模板（multipart 字段 file；.docx，不超过 5 MB，占位符须能解析），替换原模板',
        tags,
        querystring: templateModuleQuery,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(templateInfo) },
      },
    },
    async (req) => {
      const { moduleCode } = req.query;
      const file = await receiveUploadBuffer(ctx, req, { allowedExt: ['docx'], maxBytes: PRINT_TEMPLATE_MAX_BYTES });
      const info = await inChange(ctx.db, async (trx) => {
        const info = await svc.uploadTemplate({ ...ctx, db: trx }, req.auth!.user.userCode, moduleCode, file);
        await writeAudit(trx, req, {
          action: 'printTemplate.upload',
          target: moduleCode,
          result: 'ok',
          detail: { fileName: info.fileName },
        });
        return info;
      });
      return ok(info, '模板已上传');
    },
  );
  r.get(
    `/oa${PRINT_TEMPLATE_API.download}`,
    { config, schema: { summary: '下载业务当前的 Word 模板', tags, querystring: templateModuleQuery } },
    async (req, reply) => {
      const f = await svc.templateFile(ctx, req.query.moduleCode);
      return sendDocx(reply, f.fileName, f.buffer);
    },
  );
  r.post(
    `/oa${PRINT_TEMPLATE_API.remove}`,
    {
      config,
      schema: { summary: '删除模板（恢复默认审批单）', tags, body: templateRemoveBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await inChange(ctx.db, async (trx) => {
        await svc.removeTemplate({ ...ctx, db: trx }, req.body.moduleCode);
        await writeAudit(trx, req, { action: 'printTemplate.delete', target: req.body.moduleCode, result: 'ok' });
      });
      return ok(null, '模板已删除，恢复默认审批单');
    },
  );
  r.get(
    `/oa${PRINT_TEMPLATE_API.records}`,
    {
      config,
      schema: {
        summary: '用于预览的最近记录',
        tags,
        querystring: templateModuleQuery,
        response: { 200: envelope(z.array(templateRecord)) },
      },
    },
    async (req) => ok(await svc.previewRecords(ctx, req.query.moduleCode)),
  );
  r.get(
    `/oa${PRINT_TEMPLATE_API.preview}`,
    { config, schema: { summary: '用真实记录预览模板（docx 下载，或 html 在页面查看）', tags, querystring: templatePreviewQuery } },
    async (req, reply) => {
      const { moduleCode, recordId, format } = req.query;
      const p = await svc.previewTemplate(ctx, { userCode: req.auth!.user.userCode, moduleCode, recordId, origin: sheetOrigin(ctx, req) });
      if (format === 'html') return ok(templatePreviewHtml.parse({ html: await p.html() }));
      return sendDocx(reply, `${p.model.heading}-${p.model.serialNo}（模板预览）.docx`, p.docx);
    },
  );
}
