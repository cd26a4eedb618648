import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@oa/shared/contract/envelope';
import { statsOptions, stepStatsQuery, stepStatsResult } from '@oa/shared/contract/workflow-stats';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { nowIso } from '../../lib/time';
import { backfillOnReady } from '../../core/search/backfill-on-ready';
import { stepStatsBackfillSteps, statsOptions as options, stepStats } from './step-stats.service';
import { stepStatsWorkbook } from './step-stats.excel';
import { runOverdueCheck } from './overdue';
import { startPoller } from './timeouts';
import type { WfDeps } from './runtime';

const TAGS = ['流程用时'];
const S = '/oa/api/auth/oa/workflow/stats';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const POLL_MS = Number(process.env.OA_WF_POLL_MS ?? 30_000);

/** Time on every step (issue 38): the statistics, their export, the 督办时限 check and the aggregate's back-fill. */
export async function stepStatsRoutes(app: FastifyInstance, deps: WfDeps): Promise<void> {
  const { ctx } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const perm = access.perm('sys_flow_stats');

  backfillOnReady(app, 'step-stats', () => stepStatsBackfillSteps(ctx, nowIso()));
  const stop =
    POLL_MS > 0
      ? startPoller(deps, 'workflow-overdue', runOverdueCheck, POLL_MS, (e) => app.log.error({ err: e }, 'workflow overdue'))
      : null;
  app.addHook('onClose', async () => stop?.());

  r.get(
    `${S}/options`,
    { config: perm, schema: { summary: '可统计的流程（已发布）与部门', tags: TAGS, response: { 200: envelope(statsOptions) } } },
    async () => ok(await options(ctx)),
  );

  r.get(
    `${S}/steps`,
    {
      config: perm,
      schema: {
        summary: '流程各步骤用时：次数、中位与 90% 用时、当前超时、最慢的人；按月、按部门',
        tags: TAGS,
        querystring: stepStatsQuery,
        response: { 200: envelope(stepStatsResult) },
      },
    },
    async (req) => ok(await stepStats(ctx, req.query, new Date())),
  );

  r.get(
    `${S}/export`,
    { config: perm, schema: { summary: '导出流程用时统计（Excel）', tags: TAGS, querystring: stepStatsQuery } },
    async (req, reply) => {
      const q = req.query;
      const data = await stepStats(ctx, q, new Date());
      const name = `${data.processName}用时统计（${q.monthFrom}至${q.monthTo}）.xlsx`;
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', `attachment; filename="step-stats.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(await stepStatsWorkbook(data, `${q.monthFrom} 至 ${q.monthTo}`));
    },
  );
}
