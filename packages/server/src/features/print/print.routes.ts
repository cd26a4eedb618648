import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@oa/shared/contract/envelope';
import { PRINT_API, SIGNATURE_MAX_BYTES, sheetQuery, uploadedSignature } from '@oa/shared/contract/print';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { receiveUpload } from '../../core/files/file-upload';
import { auditEvent } from '../../core/audit';
import { signatureGrant } from './signature.grant';
import { sheetModel } from './print.service';
import { renderSheetPdf } from './print-pdf';
import { sheetDocx } from './print-template.service';
import { sheetOrigin } from './sheet-origin';

const tags = ['审批单打印'];
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const disposition = (name: string, ascii: string) => `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** Printed 审批单/处理笺 of every approval module and document, and the handwritten signatures they show. */
export async function printRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  // a signature drawn with an opinion is seen by whoever may read the record it was drawn on
  (ctx.fileGrants ??= []).push(signatureGrant(ctx));
  // the archive package keeps the 处理笺 as printed (core/ports/sheet-print.ts)
  ctx.sheetPdf = async (userCode, moduleCode, recordId) =>
    renderSheetPdf(await sheetModel(ctx, userCode, moduleCode, recordId, ctx.config.notify.publicUrl));

  r.get(
    `/oa${PRINT_API.sheet}`,
    {
      config: access.login(),
      schema: { summary: '打印审批单/处理笺（A4，PDF 或 Word；记录的任何读者）', tags, querystring: sheetQuery },
    },
    async (req, reply) => {
      const { moduleCode, recordId, format } = req.query;
      const model = await sheetModel(ctx, req.auth!.user.userCode, moduleCode, recordId, sheetOrigin(ctx, req));
      // Word prints from the module's template when an administrator uploaded one; PDF is always the default sheet
      const buffer = format === 'pdf' ? await renderSheetPdf(model) : await sheetDocx(ctx, moduleCode, model);
      await auditEvent(ctx.db, req, { action: 'sheet.print', target: `${moduleCode}/${recordId}`, result: 'ok', detail: { format } });
      return reply
        .header('content-type', format === 'pdf' ? 'application/pdf' : DOCX)
        .header('content-disposition', disposition(`${model.heading}-${model.serialNo}.${format}`, `sheet.${format}`))
        .send(buffer);
    },
  );

  r.post(
    `/oa${PRINT_API.signature}`,
    {
      config: access.login(),
      schema: {
        summary: '上传手写签名（multipart 字段 file；PNG，不超过 512 KB），同意时以 signatureFileId 附上',
        tags,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(uploadedSignature) },
      },
    },
    async (req) => {
      const f = await receiveUpload(ctx, req, { kind: 'signature', scope: 'private', allowedExt: ['png'], maxBytes: SIGNATURE_MAX_BYTES });
      return ok({ fileId: f.id }, '签名已保存');
    },
  );
}
