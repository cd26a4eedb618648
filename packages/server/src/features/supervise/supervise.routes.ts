import { trackJob } from '../../core/metrics';
import { registerSuperviseHandover } from './handover.source';
import { alertColors } from './supervise-alerts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope as strictEnvelope, paged } from '@oa/shared/contract/envelope';
import { uploadedFile } from '@oa/shared/contract/files';
import {
  SUPERVISE_API,
  superviseBody,
  superviseDetail,
  superviseExtendBody,
  superviseIdBody,
  superviseIdQuery,
  superviseListQuery,
  superviseProgressBody,
  superviseReviewBody,
  superviseStat,
  superviseTask,
  superviseUrgeBody,
} from '@oa/shared/contract/supervise';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { forbidden } from '../../lib/errors';
import { auditEvent, writeAudit } from '../../core/audit';
import { receiveUpload } from '../../core/files/file-upload';
import { viewerOf } from '../../core/identity/account-viewer';
import { HOUR } from '../../lib/time';
import * as svc from './supervise.service';
import { raiseOverdue } from './supervise.overdue';
import { registerOverdueSupervision } from '../../core/ports/supervision-port';

const envelope = <T extends z.ZodType>(data: T) => strictEnvelope(data.nullable());
const tags = ['督办'];
const MANAGE = 'sup_manage';

/** Supervision: /supervise /supervise/edit /supervise/execList /supervise/exec /SuperviseManage. */
export async function superviseRoutes(app: FastifyInstance): Promise<void> {
  registerSuperviseHandover(app.ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const u = (p: string) => `/oa${p}`;
  const viewer = async (req: FastifyRequest): Promise<svc.Viewer> => ({
    userCode: req.auth!.user.userCode,
    isAdmin: req.auth!.isAdmin,
    canManage: await req.auth!.can(MANAGE),
  });
  const now = () => new Date();
  registerOverdueSupervision(ctx, raiseOverdue);

  ctx.fileGrants = [
    ...(ctx.fileGrants ?? []),
    async (_db, file, userCode) => {
      if (file.kind !== 'supervise') return false;
      const account = await viewerOf(ctx.db, userCode);
      if (!account) return false;
      return svc.fileReadable(ctx, file.id, { userCode, isAdmin: account.isAdmin, canManage: await account.can(MANAGE) });
    },
  ];

  r.get(
    u(SUPERVISE_API.list),
    {
      config: access.login(),
      schema: {
        summary: '督办列表（scope=mine 我督办的 / exec 我承办的 / all 全部：需督办管理权限）',
        tags,
        querystring: superviseListQuery,
        response: { 200: envelope(paged(superviseTask)) },
      },
    },
    async (req) => {
      const need = req.query.scope === 'all' ? MANAGE : req.query.scope === 'exec' ? 'sup_exec_list' : 'sup_task';
      if (!(await req.auth!.can(need))) {
        await auditEvent(ctx.db, req, {
          action: 'permission.denied',
          target: `GET ${SUPERVISE_API.list}`,
          result: 'denied',
          detail: { permission: need },
        });
        throw forbidden(`没有访问权限（需要功能权限：${need}）`);
      }
      return ok(await svc.list(ctx, await viewer(req), req.query, now()));
    },
  );

  r.get(
    u(SUPERVISE_API.one),
    {
      config: access.login(),
      schema: {
        summary: '督办详情（督办人、责任人、子任务责任人、相关部门负责人、督办管理）',
        tags,
        querystring: superviseIdQuery,
        response: { 200: envelope(superviseDetail) },
      },
    },
    async (req) => ok(await svc.detail(ctx, await viewer(req), req.query.id, now())),
  );

  r.post(
    u(SUPERVISE_API.one),
    {
      config: access.perm('sup_task_edit'),
      schema: {
        summary: '督办立项（可来自领导交办、公文批示、会议决议）',
        tags,
        body: superviseBody,
        response: { 200: envelope(superviseDetail) },
      },
    },
    async (req) => {
      const d = await svc.create(ctx, await viewer(req), req.body, now(), (trx, t) =>
        writeAudit(trx, req, {
          action: 'supervise.create',
          target: t.id,
          result: 'ok',
          detail: { serialNo: t.serialNo, owner: req.body.ownerUser, title: req.body.title },
        }),
      );
      return ok(d, '督办事项已交办');
    },
  );

  r.post(
    u(SUPERVISE_API.accept),
    {
      config: access.perm('sup_exec'),
      schema: { summary: '接收督办事项', tags, body: superviseIdBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await svc.accept(ctx, await viewer(req), req.body.id, now());
      return ok(null, '已接收');
    },
  );

  r.post(
    u(SUPERVISE_API.progress),
    {
      config: access.perm('sup_exec'),
      schema: {
        summary: '报告进展（百分比、情况、附件；可针对子任务）',
        tags,
        body: superviseProgressBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await svc.progress(ctx, await viewer(req), req.body, now());
      return ok(null, '进展已报告');
    },
  );

  r.post(
    u(SUPERVISE_API.extend),
    {
      config: access.perm('sup_exec'),
      schema: { summary: '申请延期', tags, body: superviseExtendBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await svc.requestExtension(ctx, await viewer(req), req.body, now());
      return ok(null, '延期申请已提交');
    },
  );

  r.post(
    u(SUPERVISE_API.submit),
    {
      config: access.perm('sup_exec'),
      schema: {
        summary: '申请办结',
        tags,
        body: superviseIdBody.extend({ content: z.string().trim().max(500, { message: '办结说明不能超过 500 字' }).optional() }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await svc.submit(ctx, await viewer(req), req.body.id, req.body.content, now());
      return ok(null, '已申请办结，等待督办人审核');
    },
  );

  r.post(
    u(SUPERVISE_API.review),
    {
      config: access.login(),
      schema: {
        summary: '督办人审核：办结 / 退回 / 同意或不同意延期',
        tags,
        body: superviseReviewBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await svc.review(ctx, await viewer(req), req.body, now(), (trx, { before, after }) =>
        writeAudit(trx, req, {
          action: `supervise.${req.body.action}`,
          target: req.body.id,
          result: 'ok',
          detail: req.body.comment ? { comment: req.body.comment } : undefined,
          before,
          after,
        }),
      );
      return ok(null, '操作成功');
    },
  );

  r.post(
    u(SUPERVISE_API.urge),
    {
      config: access.login(),
      schema: { summary: '催办（待办消息与短信）', tags, body: superviseUrgeBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await svc.urge(ctx, await viewer(req), req.body.id, req.body.content, now());
      return ok(null, '已催办');
    },
  );

  r.get(
    u(SUPERVISE_API.stats),
    {
      config: access.perm(MANAGE),
      schema: { summary: '各部门按期办结率', tags, response: { 200: envelope(z.array(superviseStat)) } },
    },
    async () => ok(await svc.stats(ctx, now())),
  );

  r.get(
    u(SUPERVISE_API.due),
    {
      config: access.login(),
      schema: { summary: '我承办的未办结督办（首页“督办到期”）', tags, response: { 200: envelope(z.array(superviseTask)) } },
    },
    async (req) => ok(await svc.due(ctx, await viewer(req), now())),
  );

  r.post(
    u(SUPERVISE_API.upload),
    {
      config: access.perm('sup_exec'),
      schema: {
        summary: '上传进展附件（multipart 字段 file）',
        tags,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(uploadedFile) },
      },
    },
    async (req) => {
      const f = await receiveUpload(ctx, req, { kind: 'supervise', scope: 'private' });
      return ok({ filePath: f.id, fileId: f.id, fileName: f.original_name, size: f.size, mime: f.mime, url: '' }, '上传成功');
    },
  );

  // reminders before the due date and 催办 once overdue: hourly, at most once a day per task
  const timer = setInterval(() => {
    trackJob(
      ctx,
      'supervise-reminders',
      async () => (await alertColors(ctx, new Date())) + (await svc.runReminders(ctx, new Date())),
    ).catch((e: unknown) => app.log.error({ err: e }, 'supervise reminders failed'));
  }, HOUR);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
