import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope as strictEnvelope, paged } from '@oa/shared/contract/envelope';
import {
  SPACE_API,
  SPACE_META,
  latestTopicsQuery,
  postBody,
  topicBody,
  topicDetail,
  topicIdQuery,
  topicItem,
  topicListQuery,
} from '@oa/shared/contract/spaces';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { forbidden } from '../../lib/errors';
import { auditEvent, writeAudit } from '../../core/audit';
import * as svc from './spaces.service';
import { backfillOnReady } from '../../core/search/backfill-on-ready';

const envelope = <T extends z.ZodType>(data: T) => strictEnvelope(data.nullable());
const P = (p: string) => `/oa${p}`;
const tags = ['信息公开·资源共享·部门协作'];

const viewerOf = (req: FastifyRequest): svc.SpaceViewer => {
  const a = req.auth!;
  return { userCode: a.user.userCode, userName: a.user.userName, deptCode: a.user.deptCode, isAdmin: a.isAdmin };
};

/** One implementation for the three spaces (/publicSubject, /share, /deptsubject); the kind picks the menu permission. */
export async function spacesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  backfillOnReady(app, 'spaces', () => svc.backfillSteps(ctx));
  const login = access.login();
  const nothing = { 200: envelope(z.null()) };

  (ctx.fileGrants ??= []).push(async (_db, file, userCode) => {
    const v = await svc.viewerByCode(ctx, userCode);
    return !!v && svc.fileReadable(ctx, v, file.id);
  });

  /** The space's menu function (info_public / info_share / info_dept) is required for its kind. */
  const mayUse = async (req: FastifyRequest, kind: keyof typeof SPACE_META) => {
    const fun = SPACE_META[kind].funCode;
    if (await req.auth!.can(fun)) return;
    await auditEvent(ctx.db, req, {
      action: 'permission.denied',
      target: `${req.method} ${req.routeOptions.url}`,
      result: 'denied',
      detail: { permission: fun },
    });
    throw forbidden(`没有访问权限（需要功能权限：${fun}）`);
  };

  r.get(
    P(SPACE_API.list),
    {
      config: login,
      schema: { summary: '主题列表（仅可见范围内的）', tags, querystring: topicListQuery, response: { 200: envelope(paged(topicItem)) } },
    },
    async (req) => {
      await mayUse(req, req.query.kind);
      return ok(await svc.list(ctx, viewerOf(req), req.query));
    },
  );
  r.get(
    P(SPACE_API.latest),
    {
      config: login,
      schema: {
        summary: '协作空间：我可见的最新主题（首页）',
        tags,
        querystring: latestTopicsQuery,
        response: { 200: envelope(z.array(topicItem)) },
      },
    },
    async (req) => ok(await svc.latest(ctx, viewerOf(req), req.query.limit)),
  );
  r.get(
    P(SPACE_API.detail),
    {
      config: login,
      schema: { summary: '主题详情（内容、回复、文件）', tags, querystring: topicIdQuery, response: { 200: envelope(topicDetail) } },
    },
    async (req) => ok(await svc.detail(ctx, viewerOf(req), req.query.id)),
  );
  r.post(
    P(SPACE_API.topic),
    {
      config: login,
      schema: {
        summary: '新建或修改主题（发起人与管理员修改）',
        tags,
        body: topicBody,
        response: { 200: envelope(z.object({ id: z.string() })) },
      },
    },
    async (req) => {
      await mayUse(req, req.body.kind);
      const id = await svc.saveTopic(ctx, viewerOf(req), req.body, (trx, { id, before, after }) =>
        writeAudit(trx, req, {
          action: req.body.id ? 'space.topic.update' : 'space.topic.create',
          target: id,
          result: 'ok',
          detail: { kind: req.body.kind },
          before,
          after,
        }),
      );
      return ok({ id }, '已保存');
    },
  );
  r.delete(
    P(SPACE_API.topic),
    { config: login, schema: { summary: '删除主题', tags, querystring: topicIdQuery, response: nothing } },
    async (req) => {
      await svc.deleteTopic(ctx, viewerOf(req), req.query.id, (trx, before) =>
        writeAudit(trx, req, { action: 'space.topic.delete', target: req.query.id, result: 'ok', before }),
      );
      return ok(null, '已删除');
    },
  );
  r.post(
    P(SPACE_API.post),
    { config: login, schema: { summary: '回复主题', tags, body: postBody, response: { 200: envelope(z.object({ id: z.string() })) } } },
    async (req) => ok({ id: await svc.addPost(ctx, viewerOf(req), req.body) }, '已回复'),
  );
  r.delete(
    P(SPACE_API.post),
    { config: login, schema: { summary: '删除回复', tags, querystring: topicIdQuery, response: nothing } },
    async (req) => {
      await svc.deletePost(ctx, viewerOf(req), req.query.id);
      return ok(null, '已删除');
    },
  );
}
