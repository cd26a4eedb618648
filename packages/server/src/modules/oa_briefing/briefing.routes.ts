import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, paged } from '@oa/shared/contract/envelope';
import { briefingIdQuery, briefingQuery, publishedBriefing } from '@oa/shared/contract/approval-modules';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { approvalPath, viewerOf } from '../route-kit';
import * as svc from './briefing.service';

/** The published briefings (oa_briefing). */
export async function briefingRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.ctx.db;
  // ---- 简报查阅 (/briefingList)
  const tagB = ['简报查阅'];
  r.get(
    approvalPath('briefings/list'),
    {
      config: access.perm('oa_briefing_list'),
      schema: {
        summary: '已发布的工作简报',
        tags: tagB,
        querystring: briefingQuery,
        response: { 200: envelope(paged(publishedBriefing)) },
      },
    },
    async (req) => ok(await svc.publishedBriefings(db, await viewerOf(req, 'oa_briefing:manage'), req.query)),
  );
  r.get(
    approvalPath('briefings/get'),
    {
      config: access.perm('oa_briefing_list'),
      schema: {
        summary: '已发布简报全文',
        tags: tagB,
        querystring: briefingIdQuery,
        response: { 200: envelope(publishedBriefing.nullable()) },
      },
    },
    async (req) => ok(await svc.publishedBriefing(db, await viewerOf(req, 'oa_briefing:manage'), req.query.id)),
  );
}
