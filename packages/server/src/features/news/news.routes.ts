import { chinaYear } from '@oa/shared/format/china-time';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope as strictEnvelope, paged } from '@oa/shared/contract/envelope';
import { NEWS_API } from '@oa/shared/contract/news-api';
import {
  NEWS_MODULE,
  articleBody,
  articleDetail,
  articleItem,
  articlePage,
  articleListQuery,
  columnBody,
  columnCodeQ,
  deptScore,
  latestQuery,
  newsColumn,
  newsIdQuery,
  readersData,
  recommendBody,
  recommendListQuery,
  remindResult,
  scoreQuery,
} from '@oa/shared/contract/news';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { writeAudit } from '../../core/audit';
import type { AppContext } from '../../core/context';
import type { FileGrant } from '../../core/files/file-store';
import { registerLifecycle } from '../../core/ports/workflow-port';
import type { Viewer } from './news.access';
import * as columns from './news.columns';
import * as rec from './news.recommend';
import * as svc from './news.service';
import { backfillOnReady } from '../../core/search/backfill-on-ready';

const envelope = <T extends z.ZodType>(data: T) => strictEnvelope(data.nullable());
const P = (p: string) => `/oa${p}`;
const tags = ['信息发布'];

const viewerOf = (req: FastifyRequest): Viewer => {
  const a = req.auth!;
  return { userCode: a.user.userCode, userName: a.user.userName, deptCode: a.user.deptCode, isAdmin: a.isAdmin, can: a.can };
};

/** Attachments, body images and covers of an article are downloadable by whoever may read the article. */
function articleFileGrant(ctx: AppContext): FileGrant {
  return async (_db, file, userCode) => {
    const v = await svc.viewerByCode(ctx, userCode);
    return !!v && svc.fileReadable(ctx, v, file.id);
  };
}

/** /information, /information/edit|view|preview|recommend, /informationMore, /recommendMore. */
export async function newsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  backfillOnReady(app, 'news', () => svc.backfillSteps(ctx));
  const login = access.login();
  const nothing = { 200: envelope(z.null()) };
  const idRes = { 200: envelope(z.object({ id: z.string() })) };

  registerLifecycle(ctx, [NEWS_MODULE], {
    onOutcome: (trx, input) => svc.applyOutcome(ctx, trx, input.recordId, input.outcome),
    getForm: (db, input) => svc.formOf(db, input.recordId),
  });
  (ctx.fileGrants ??= []).push(articleFileGrant(ctx));

  r.get(
    P(NEWS_API.columns),
    { config: login, schema: { summary: '信息栏目树（可阅读或可发布的栏目）', tags, response: { 200: envelope(z.array(newsColumn)) } } },
    async (req) => ok(await columns.listColumns(ctx, viewerOf(req))),
  );
  r.post(
    P(NEWS_API.column),
    { config: access.perm('sys_column_auth'), schema: { summary: '新增栏目', tags, body: columnBody, response: nothing } },
    async (req) => {
      await columns.saveColumn(ctx, req.body, true, (trx, { before, after }) =>
        writeAudit(trx, req, { action: 'news.column.create', target: req.body.columnCode, result: 'ok', before, after }),
      );
      return ok(null, '栏目已新增');
    },
  );
  r.put(
    P(NEWS_API.column),
    {
      config: access.perm('sys_column_auth'),
      schema: { summary: '修改栏目（名称、上级、排序、阅读范围）', tags, body: columnBody, response: nothing },
    },
    async (req) => {
      await columns.saveColumn(ctx, req.body, false, (trx, { before, after }) =>
        writeAudit(trx, req, { action: 'news.column.update', target: req.body.columnCode, result: 'ok', before, after }),
      );
      return ok(null, '栏目已保存');
    },
  );
  r.delete(
    P(NEWS_API.column),
    {
      config: access.perm('sys_column_auth'),
      schema: { summary: '删除栏目（无子栏目、无信息时）', tags, querystring: columnCodeQ, response: nothing },
    },
    async (req) => {
      await columns.deleteColumn(ctx, req.query.columnCode, (trx, before) =>
        writeAudit(trx, req, { action: 'news.column.delete', target: req.query.columnCode, result: 'ok', before }),
      );
      return ok(null, '栏目已删除');
    },
  );

  r.get(
    P(NEWS_API.list),
    {
      config: login,
      schema: {
        summary: '信息列表（published 已发布；mine 我的稿件；manage 全部稿件）',
        tags,
        querystring: articleListQuery,
        response: { 200: envelope(articlePage) },
      },
    },
    async (req) => ok(await svc.list(ctx, viewerOf(req), req.query)),
  );
  r.get(
    P(NEWS_API.latest),
    {
      config: login,
      schema: {
        summary: '最新资讯（首页；columns 逗号分隔的栏目编码）',
        tags,
        querystring: latestQuery,
        response: { 200: envelope(z.array(articleItem)) },
      },
    },
    async (req) =>
      ok(
        await svc.latest(
          ctx,
          viewerOf(req),
          req.query.columns
            ? req.query.columns
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean)
            : null,
          req.query.limit,
        ),
      ),
  );
  r.get(
    P(NEWS_API.detail),
    {
      config: login,
      schema: {
        summary: '信息详情（编辑、审批预览；不计阅读）',
        tags,
        querystring: newsIdQuery,
        response: { 200: envelope(articleDetail) },
      },
    },
    async (req) => ok(await svc.detail(ctx, viewerOf(req), req.query.id, false)),
  );
  r.get(
    P(NEWS_API.view),
    {
      config: login,
      schema: { summary: '阅读信息（记录阅读，阅读数加一）', tags, querystring: newsIdQuery, response: { 200: envelope(articleDetail) } },
    },
    async (req) => ok(await svc.detail(ctx, viewerOf(req), req.query.id, true)),
  );
  r.get(
    P(NEWS_API.readers),
    {
      config: login,
      schema: {
        summary: '阅读情况（已读、未读；发布人与信息管理员）',
        tags,
        querystring: newsIdQuery,
        response: { 200: envelope(readersData) },
      },
    },
    async (req) => ok(await svc.readers(ctx, viewerOf(req), req.query.id)),
  );
  r.post(
    P(NEWS_API.remind),
    {
      config: login,
      schema: {
        summary: '提醒未读（发布人或信息管理员；通知栏目范围内未读的人，每篇每小时最多一次）',
        tags,
        body: newsIdQuery,
        response: { 200: envelope(remindResult) },
      },
    },
    async (req) => {
      const res = await svc.remindUnread(ctx, viewerOf(req), req.body.id, (trx, reminded) =>
        writeAudit(trx, req, { action: 'news.remind', target: req.body.id, result: 'ok', detail: { reminded } }),
      );
      return ok(res, `已提醒 ${res.reminded} 人阅读`);
    },
  );
  r.post(
    P(NEWS_API.save),
    { config: login, schema: { summary: '保存草稿（正文在服务器端清洗）', tags, body: articleBody, response: idRes } },
    async (req) => ok({ id: await svc.save(ctx, viewerOf(req), req.body) }, '已保存草稿'),
  );
  r.post(
    P(NEWS_API.submit),
    { config: login, schema: { summary: '保存并提交审核', tags, body: articleBody, response: idRes } },
    async (req) => {
      const id = await svc.submit(ctx, viewerOf(req), req.body, (trx, id) =>
        writeAudit(trx, req, {
          action: 'news.submit',
          target: id,
          result: 'ok',
          detail: { title: req.body.title, column: req.body.columnCode },
        }),
      );
      return ok({ id }, '已提交审核');
    },
  );
  r.post(
    P(NEWS_API.withdraw),
    {
      config: login,
      schema: { summary: '撤回（审核中由发布人撤回；已发布由发布人或管理员撤下）', tags, body: newsIdQuery, response: nothing },
    },
    async (req) => {
      await svc.withdraw(ctx, viewerOf(req), req.body.id, (trx, { was }) =>
        writeAudit(trx, req, {
          action: 'news.withdraw',
          target: req.body.id,
          result: 'ok',
          before: { status: was },
          after: { status: 'withdrawn' },
        }),
      );
      return ok(null, '已撤回');
    },
  );
  r.post(
    P(NEWS_API.remove),
    { config: login, schema: { summary: '删除草稿', tags, body: newsIdQuery, response: nothing } },
    async (req) => {
      await svc.remove(ctx, viewerOf(req), req.body.id);
      return ok(null, '已删除');
    },
  );

  r.post(
    P(NEWS_API.recommend),
    {
      config: access.perm('info_recommend'),
      schema: { summary: '舆情推荐（推荐至首页或向上报送，含状态）', tags, body: recommendBody, response: nothing },
    },
    async (req) => {
      await rec.recommend(ctx, viewerOf(req), req.body, (trx) =>
        writeAudit(trx, req, {
          action: 'news.recommend',
          target: req.body.id,
          result: 'ok',
          detail: { target: req.body.target, state: req.body.state },
        }),
      );
      return ok(null, '已推荐');
    },
  );
  r.delete(
    P(NEWS_API.recommend),
    { config: access.perm('info_recommend'), schema: { summary: '取消推荐', tags, querystring: newsIdQuery, response: nothing } },
    async (req) => {
      await rec.cancel(ctx, req.query.id, (trx) =>
        writeAudit(trx, req, { action: 'news.recommend.cancel', target: req.query.id, result: 'ok' }),
      );
      return ok(null, '已取消推荐');
    },
  );
  r.get(
    P(NEWS_API.recommendList),
    {
      config: login,
      schema: { summary: '推荐信息（更多推荐）', tags, querystring: recommendListQuery, response: { 200: envelope(paged(articleItem)) } },
    },
    async (req) => ok(await svc.recommended(ctx, viewerOf(req), req.query)),
  );
  r.get(
    P(NEWS_API.scores),
    {
      config: login,
      schema: {
        summary: '部门信息报送积分排名（投稿 1 分，采用 +2，领导表扬 +3）',
        tags,
        querystring: scoreQuery,
        response: { 200: envelope(z.array(deptScore)) },
      },
    },
    async (req) => ok(await rec.scores(ctx, req.query.year ?? chinaYear())),
  );
}
