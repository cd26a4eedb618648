import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope as strictEnvelope } from '@oa/shared/contract/envelope';
import { FILE_API } from '@oa/shared/contract/files-api';
import { uploadedFile } from '@oa/shared/contract/files';
import {
  mySession,
  personalCenter,
  personalCenterQuery,
  personalCenterUpdate,
  revokeSessionBody,
  setMyPicBody,
} from '@oa/shared/contract/people';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { AppError, forbidden } from '../../lib/errors';
import { auditEvent, writeAudit } from '../../core/audit';
import { receiveUpload } from '../../core/files/file-upload';
import { IMAGE_EXTENSIONS } from '../../core/files/file-types';
import { viewerOf } from '../../core/access/visibility';
import * as svc from './personal.service';

/** Refusals (bizError) answer data: null, so every answer's data is nullable. */
const envelope = <T extends z.ZodType>(data: T) => strictEnvelope(data.nullable());

const tags = ['个人中心'];
const AVATAR_MAX = 5 * 1024 * 1024;
const meOf = (req: FastifyRequest) => ({ userCode: req.auth!.user.userCode, sessionId: req.auth!.sessionId });

/** Personal centre (spec §7): my data, avatar, signature, contact details, mobile change, my sessions. */
export async function personalRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const P = '/oa/api/auth/industry/common/myPersonalCenter';

  r.get(
    P,
    {
      config: access.login(),
      schema: {
        summary: '个人中心：本人信息（userCode 只能是本人）',
        tags,
        querystring: personalCenterQuery,
        response: { 200: envelope(personalCenter) },
      },
    },
    async (req) => {
      if (req.query.userCode && req.query.userCode !== req.auth!.user.userCode) throw forbidden('只能查看本人的个人中心');
      return ok(await svc.personalCenter(ctx, viewerOf(req.auth!)));
    },
  );

  r.put(
    P,
    {
      config: access.login(),
      schema: {
        summary: '修改本人的个性签名、办公室、座机、邮箱；更换手机号需 mobile + captcha（发送到新号码的短信验证码，source 含 mobile）',
        tags,
        body: personalCenterUpdate,
        response: { 200: envelope(z.object({ mobileChanged: z.boolean() })) },
      },
    },
    async (req) => {
      try {
        const me = req.auth!.user.userCode;
        const res = await svc.updatePersonalCenter(ctx, viewerOf(req.auth!), req.body, (trx, c) =>
          writeAudit(trx, req, {
            action: c.mobileChanged ? 'personal.mobile' : 'personal.update',
            target: me,
            result: 'ok',
            before: c.before,
            after: c.after,
          }),
        );
        return ok(res, '保存成功');
      } catch (e) {
        if (e instanceof AppError && req.body.mobile)
          await auditEvent(ctx.db, req, { action: 'personal.mobile', result: 'fail', detail: { message: e.message } });
        throw e;
      }
    },
  );

  r.post(
    `/oa${FILE_API.iconUpload}`,
    {
      config: access.login(),
      schema: {
        summary: '上传头像图片（multipart 字段 file；png/jpg/gif/webp，不超过 5 MB），之后调用 setMyPic',
        tags,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(uploadedFile) },
      },
    },
    async (req) => {
      const f = await receiveUpload(ctx, req, { kind: 'avatar', scope: 'internal', allowedExt: IMAGE_EXTENSIONS, maxBytes: AVATAR_MAX });
      return ok(
        {
          filePath: f.id,
          fileId: f.id,
          fileName: f.original_name,
          size: f.size,
          mime: f.mime,
          url: `/oa${FILE_API.image}?filePath=${f.id}`,
        },
        '上传成功',
      );
    },
  );

  r.put(
    '/oa/api/auth/base/userinfo/setMyPic',
    {
      config: access.login(),
      schema: {
        summary: '设置本人头像（icon 为 userIconUpload 返回的 filePath）',
        tags,
        body: setMyPicBody,
        response: { 200: envelope(z.object({ icon: z.string() })) },
      },
    },
    async (req) => {
      await svc.setMyPic(ctx, viewerOf(req.auth!), req.body.icon);
      return ok({ icon: req.body.icon }, '头像已更新');
    },
  );

  r.get(
    '/oa/api/auth/oa/personal/sessions',
    {
      config: access.login(),
      schema: { summary: '我的登录会话（设备、IP、最近使用时间）', tags, response: { 200: envelope(z.array(mySession)) } },
    },
    async (req) => ok(await svc.mySessions(ctx, meOf(req))),
  );

  r.post(
    '/oa/api/auth/oa/personal/signOutElsewhere',
    {
      config: access.login(),
      schema: {
        summary: '退出其他设备：给 id 时只退出该会话，否则退出除当前外的全部会话',
        tags,
        body: revokeSessionBody.optional(),
        response: { 200: envelope(z.object({ count: z.number().int() })) },
      },
    },
    async (req) => {
      const id = req.body?.id;
      const count = await svc.signOutElsewhere(ctx, meOf(req), id, (trx, n) =>
        writeAudit(trx, req, { action: 'session.revoke-others', result: 'ok', detail: { count: n, id: id ?? null } }),
      );
      return ok({ count }, count > 0 ? `已退出 ${count} 个其他会话` : '没有其他会话');
    },
  );
}
