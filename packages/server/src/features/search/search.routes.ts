import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@oa/shared/contract/envelope';
import { SEARCH_API, searchQuery, searchResult } from '@oa/shared/contract/search';
import { withDefaultRole } from '@oa/shared/access/three-admins';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { searchBackfillSteps } from '../../core/search/search-index';
import { backfillOnReady } from '../../core/search/backfill-on-ready';
import * as svc from './search.service';

/** The top bar's search box: articles, space topics and posts, approval records, register rows, people and files the user may open. */
export async function searchRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // index what exists unindexed (a database from before the index, the seed's rows): once per database
  backfillOnReady(app, 'search', () => searchBackfillSteps(app.ctx.db));
  r.get(
    `/oa${SEARCH_API.search}`,
    {
      config: access.login(),
      schema: {
        summary: '全站搜索（只返回当前用户有权打开的内容；标题与正文，高亮）',
        tags: ['全站搜索'],
        querystring: searchQuery,
        response: { 200: envelope(searchResult) },
      },
    },
    async (req) => {
      const a = req.auth!;
      return ok(
        await svc.search(
          app.ctx,
          {
            userCode: a.user.userCode,
            deptCode: a.user.deptCode,
            roleCodes: withDefaultRole(a.roleCodes),
            isAdmin: a.isAdmin,
          },
          req.query,
          a.versions,
        ),
      );
    },
  );
}
