import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@oa/shared/contract/envelope';
import { VERIFY_API, issuedFacts, verifyCheck, verifyQuery } from '@oa/shared/contract/doc-verify';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { auditEvent } from '../../core/audit';
import { receiveUploadBuffer } from '../../core/files/file-upload';
import * as svc from './verify.service';

const tags = ['公文验证'];
/** An issued red-header PDF is a few hundred KB; a seal and attachments stay far below this. */
const MAX_PDF = 30 * 1024 * 1024;

/** The public verification page's answers (no login): what was issued under a QR code's id, and a file checked against it. */
export async function verifyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  r.get(
    `/oa${VERIFY_API.facts}`,
    {
      config: access.public(),
      schema: {
        summary: '印发文件验证：文号、成文日期、发文机关与文件摘要（无需登录）',
        tags,
        querystring: verifyQuery,
        response: { 200: envelope(issuedFacts) },
      },
    },
    async (req) => ok(await svc.facts(ctx, req.query.id, req.ip)),
  );

  r.post(
    `/oa${VERIFY_API.check}`,
    {
      config: access.public(),
      schema: {
        summary: '印发文件验证：上传的文件是否与印发版本完全一致（摘要相同且签名有效，无需登录）',
        tags,
        querystring: verifyQuery,
        response: { 200: envelope(verifyCheck) },
      },
    },
    async (req) => {
      const out = await svc.check(
        ctx,
        req.query.id,
        async () => (await receiveUploadBuffer(ctx, req, { allowedExt: ['pdf'], maxBytes: MAX_PDF })).buffer,
        req.ip,
      );
      await auditEvent(ctx.db, req, {
        action: 'document.verify',
        target: req.query.id,
        result: out.match ? 'ok' : 'fail',
        detail: { sha256: out.sha256 },
      });
      return ok(out, out.match ? '文件与印发版本一致' : '文件已被修改或非本系统印发');
    },
  );
}
