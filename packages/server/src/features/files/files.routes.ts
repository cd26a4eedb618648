import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope as strictEnvelope } from '@oa/shared/contract/envelope';
import { FILE_API } from '@oa/shared/contract/files-api';
import { downloadQuery, imageQuery, uploadedFile } from '@oa/shared/contract/files';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { AppError, badRequest, unauthorized } from '../../lib/errors';
import { auditEvent } from '../../core/audit';
import { fieldValue, receiveUpload } from '../../core/files/file-upload';
import type { StoredFile } from '../../core/files/file-store';
import { sessionOfToken } from '../../core/identity/token-session';
import { openDownload, type Download } from './files.service';

/** Refusals (bizError) answer data: null, so every answer's data is nullable. */
const envelope = <T extends z.ZodType>(data: T) => strictEnvelope(data.nullable());

const P = (p: string) => `/oa${p}`;

const uploadAnswer = (f: StoredFile) => ({
  filePath: f.id,
  fileId: f.id,
  fileName: f.original_name,
  size: f.size,
  mime: f.mime,
  url: `${P(FILE_API.download)}?filePath=${f.id}`,
});

function send(reply: FastifyReply, d: Download) {
  for (const [k, v] of Object.entries(d.headers)) reply.header(k, v);
  return reply.send(d.stream);
}

/** Files of spec §7: upload (multipart), download (blob, permission re-checked), the open image address. */
export async function filesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  const audited = async <T>(req: FastifyRequest, action: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (e) {
      if (e instanceof AppError && e.status !== 401)
        await auditEvent(ctx.db, req, { action, result: 'denied', detail: { message: e.message } });
      throw e;
    }
  };

  r.post(
    P(FILE_API.upload),
    {
      config: access.login(),
      schema: {
        summary:
          '上传文件（multipart/form-data，字段 file；可选字段 scope=private 仅本人与管理员可下载）。类型按内容校验，大小上限 OA_UPLOAD_MAX_BYTES（默认 50 MB）',
        tags: ['文件'],
        consumes: ['multipart/form-data'],
        response: { 200: envelope(uploadedFile) },
      },
    },
    async (req) => {
      const f = await audited(req, 'file.upload', () =>
        receiveUpload(ctx, req, { kind: 'file' }, (part) => ({
          scope: fieldValue(part, 'scope') === 'private' ? 'private' : 'internal',
        })),
      );
      return ok(uploadAnswer(f), '上传成功');
    },
  );

  r.get(
    P(FILE_API.download),
    {
      config: access.login(),
      schema: { summary: '下载文件（二进制；每次下载重新校验权限；fileName 为保存的文件名）', tags: ['文件'], querystring: downloadQuery },
    },
    async (req, reply) => {
      const a = req.auth!;
      const filePath = req.query.filePath ?? req.query.fileId;
      if (!filePath) throw badRequest('缺少文件标识 filePath', 'filePath');
      const d = await audited(req, 'file.download', () =>
        openDownload(ctx, { userCode: a.user.userCode, isAdmin: a.isAdmin, isApplicant: a.isApplicant }, { ...req.query, filePath }),
      );
      return send(reply, d);
    },
  );

  r.get(
    P(FILE_API.image),
    {
      config: { ...access.public({ unsigned: true }), queryToken: true },
      schema: {
        summary:
          '图片地址（可用于 <img src>）：wtoken 为当前登录令牌，filePath 为文件标识，w 为缩略图宽度（WebP）；令牌与会话在此校验，无有效会话不提供文件',
        tags: ['文件'],
        querystring: imageQuery,
      },
    },
    async (req, reply) => {
      const h = req.headers.authorization;
      const token = req.query.wtoken || (h && /^Bearer\s+/i.test(h) ? h.replace(/^Bearer\s+/i, '').trim() : null);
      const s = await sessionOfToken(ctx, token);
      if (!s) throw unauthorized('登录已失效，请重新登录');
      const d = await openDownload(ctx, s, { filePath: req.query.filePath, width: req.query.w }, true);
      return send(reply, d);
    },
  );
}
