import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope as strictEnvelope, paged } from '@oa/shared/contract/envelope';
import { APP_API } from '@oa/shared/contract/apps-api';
import { appIdQuery, appPublish, appPublishBody, appPublishListQuery, appPublishUpdate } from '@oa/shared/contract/apps';
import { uploadedFile } from '@oa/shared/contract/files';
import { access } from '../../plugins/access';
import { requirePermission } from '../../plugins/auth';
import { ok } from '../../lib/reply';
import { notFound } from '../../lib/errors';
import { writeAudit } from '../../core/audit';
import { receiveUpload } from '../../core/files/file-upload';
import { findFile, openBlob } from '../../core/files/file-store';
import * as svc from './apps.service';

/** Refusals (bizError) answer data: null, so every answer's data is nullable. */
const envelope = <T extends z.ZodType>(data: T) => strictEnvelope(data.nullable());

const tags = ['应用发布'];
const PERM = 'sys_app';

/** App publishing (spec §7 "Apps", /app) and the public package download the QR code points to. */
export async function appsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const one = `/oa${APP_API.one}`;

  /** Published apps are readable by everyone logged in (the sidebar); the rest needs sys_app. */
  const mayManage = (req: FastifyRequest) => requirePermission(req, PERM);

  r.get(
    `/oa${APP_API.list}`,
    {
      config: access.login(),
      schema: {
        summary: '应用列表（isPublish=Y 所有登录用户可查；其他需 sys_app 权限）',
        tags,
        querystring: appPublishListQuery,
        response: { 200: envelope(paged(appPublish)) },
      },
    },
    async (req) => {
      if (req.query.isPublish !== 'Y') await mayManage(req);
      return ok(await svc.list(ctx, req.query));
    },
  );

  r.get(
    one,
    {
      config: access.login(),
      schema: { summary: '应用详情', tags, querystring: appIdQuery, response: { 200: envelope(appPublish) } },
    },
    async (req) => {
      const a = await svc.get(ctx, req.query.id);
      if (a.isPublish !== 'Y') await mayManage(req);
      return ok(a);
    },
  );

  r.post(
    one,
    {
      config: access.perm(PERM),
      schema: { summary: '新增应用', tags, body: appPublishBody, response: { 200: envelope(appPublish) } },
    },
    async (req) => {
      const a = await svc.create(ctx, req.auth!.user.userCode, req.body, (trx, after) =>
        writeAudit(trx, req, { action: 'app.create', target: String(after.id), result: 'ok', after }),
      );
      return ok(a, '保存成功');
    },
  );

  r.put(
    one,
    {
      config: access.perm(PERM),
      schema: { summary: '修改应用（含发布 / 取消发布）', tags, body: appPublishUpdate, response: { 200: envelope(appPublish) } },
    },
    async (req) => {
      const { id, ...body } = req.body;
      const a = await svc.update(ctx, id, body, (trx, { before, after }) =>
        writeAudit(trx, req, { action: 'app.update', target: String(id), result: 'ok', before, after }),
      );
      return ok(a, '保存成功');
    },
  );

  r.delete(
    one,
    {
      config: access.perm(PERM),
      schema: {
        summary: '删除应用',
        tags,
        body: z.object({ id: z.coerce.number({ message: '缺少应用编号 id' }).int().positive() }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await svc.remove(ctx, req.body.id, (trx, before) =>
        writeAudit(trx, req, { action: 'app.delete', target: String(req.body.id), result: 'ok', before }),
      );
      return ok(null, '删除成功');
    },
  );

  r.post(
    '/oa/api/auth/oa/apps/upload',
    {
      config: access.perm(PERM),
      schema: {
        summary: '上传安装包（multipart 字段 file；apk / ipa / zip，按内容校验）',
        tags,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(uploadedFile) },
      },
    },
    async (req) => {
      const f = await receiveUpload(ctx, req, { kind: 'app', scope: 'internal', allowedExt: svc.PACKAGE_EXT });
      return ok({ filePath: f.id, fileId: f.id, fileName: f.original_name, size: f.size, mime: f.mime, url: '' }, '上传成功');
    },
  );

  r.get(
    `/oa${APP_API.package}`,
    {
      config: access.public({ unsigned: true }),
      schema: { summary: '下载已发布应用的安装包（公开：手机扫码下载；未发布的应用不提供）', tags, querystring: appIdQuery },
    },
    async (req, reply) => {
      const p = await svc.publishedPackage(ctx, req.query.id);
      const file = await findFile(ctx.db, p.fileId);
      const stream = file && openBlob(ctx, file);
      if (!file || !stream) throw notFound('安装包不存在');
      const name = `${p.name}.${file.ext}`;
      return reply
        .header('content-type', file.mime)
        .header('content-length', String(file.size))
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-disposition',
          `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .send(stream);
    },
  );
}
