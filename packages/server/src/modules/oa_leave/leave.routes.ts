import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@oa/shared/contract/envelope';
import { leaveBalance, leaveBalanceQuery } from '@oa/shared/contract/approval-modules';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { approvalPath } from '../route-kit';
import * as svc from './leave.service';

/** Annual-leave balances (oa_leave). */
export async function leaveRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.ctx.db;
  // ---- 年休假 (/Leave, /LeaveManage)
  const tagL = ['年休假'];
  r.get(
    approvalPath('leave/mine'),
    {
      config: access.perm('oa_leave'),
      schema: {
        summary: '本人年休假余额',
        tags: tagL,
        querystring: leaveBalanceQuery,
        response: { 200: envelope(leaveBalance.nullable()) },
      },
    },
    async (req) => ok(await svc.myLeave(db, req.auth!.user.userCode, req.query.year)),
  );
  r.get(
    approvalPath('leave/balances'),
    {
      config: access.perm('oa_leave_manage'),
      schema: { summary: '全员年休假余额', tags: tagL, querystring: leaveBalanceQuery, response: { 200: envelope(z.array(leaveBalance)) } },
    },
    async (req) => ok(await svc.allLeave(db, req.query.year, req.query.keyword)),
  );
}
