import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, keysetPaged, paged } from '@oa/shared/contract/envelope';
import {
  actionResult,
  adminInstanceQuery,
  delegationBody,
  delegationItem,
  delegationListQuery,
  idBody,
  instanceSummary,
  reassignBody,
  terminateBody,
} from '@oa/shared/contract/workflow';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { inChange, writeAudit } from '../../core/audit';
import * as inst from './instance.service';
import * as pending from './pending.service';
import * as delegation from './delegation.service';
import { fromRequest } from './action-audit';
import type { WfDeps } from './runtime';

/** Refusals (HTTP 200, code ≠ 0) carry null data. */
const env = <T extends z.ZodType>(data: T) => envelope(data.nullable());

/** Process administration (instances, reassign, terminate) and delegation. */
export async function adminRoutes(app: FastifyInstance, deps: WfDeps): Promise<void> {
  const { ctx } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const P = '/oa/api/auth/oa/process';
  const TAGS = ['流程监控'];
  const instancesPerm = access.perm('sys_flow_instances');
  const approverPerm = access.perm('sys_flow_approver');

  r.get(
    `${P}/admin/instances`,
    {
      config: instancesPerm,
      schema: {
        summary: '流程实例列表（状态、当前节点、审批人、耗时）',
        tags: TAGS,
        querystring: adminInstanceQuery,
        response: { 200: env(keysetPaged(instanceSummary)) },
      },
    },
    async (req) => ok(await pending.instances(ctx.db, req.query, req.query, req.auth!.user.userCode, req.auth!.versions)),
  );

  r.post(
    `${P}/admin/reassign`,
    {
      config: instancesPerm,
      schema: { summary: '转办卡住的任务（须填写原因，记入审计）', tags: TAGS, body: reassignBody, response: { 200: env(actionResult) } },
    },
    async (req) => {
      // audited in the reassignment's transaction (workflow.reassign, engines/workflow/action-audit.ts)
      const out = await inst.reassign(fromRequest(deps, req), req.auth!.user.userCode, req.body.taskId, req.body.toUser, req.body.reason);
      return ok(out, '已转办');
    },
  );

  r.post(
    `${P}/admin/terminate`,
    {
      config: instancesPerm,
      schema: { summary: '终止流程（须填写原因，记入审计）', tags: TAGS, body: terminateBody, response: { 200: env(actionResult) } },
    },
    async (req) => {
      // audited in the termination's transaction (workflow.terminate, engines/workflow/action-audit.ts)
      const out = await inst.terminate(fromRequest(deps, req), req.auth!.user.userCode, req.body.instanceId, req.body.reason);
      return ok(out, '已终止');
    },
  );

  const T2 = ['审批委托'];
  r.get(
    `${P}/delegations`,
    {
      config: access.login(),
      schema: {
        summary: '我的委托（我委托的与委托给我的）',
        tags: T2,
        querystring: delegationListQuery,
        response: { 200: env(paged(delegationItem)) },
      },
    },
    async (req) => ok(await delegation.list(ctx.db, { involving: req.auth!.user.userCode }, req.query)),
  );
  r.post(
    `${P}/saveDelegation`,
    {
      config: access.login(),
      schema: { summary: '设置本人的审批委托', tags: T2, body: delegationBody, response: { 200: env(z.string()) } },
    },
    async (req) => ok(await delegation.save(ctx.db, req.auth!.user.userCode, false, req.body), '已保存'),
  );
  r.post(
    `${P}/deleteDelegation`,
    {
      config: access.login(),
      schema: { summary: '删除本人的审批委托', tags: T2, body: idBody, response: { 200: env(z.null()) } },
    },
    async (req) => {
      await delegation.remove(ctx.db, req.auth!.user.userCode, false, req.body.id);
      return ok(null, '已删除');
    },
  );

  r.get(
    `${P}/admin/delegations`,
    {
      config: approverPerm,
      schema: { summary: '全部审批委托', tags: T2, querystring: delegationListQuery, response: { 200: env(paged(delegationItem)) } },
    },
    async (req) => ok(await delegation.list(ctx.db, { userCode: req.query.userCode }, req.query)),
  );
  r.post(
    `${P}/admin/saveDelegation`,
    {
      config: approverPerm,
      schema: { summary: '为任意人员设置审批委托', tags: T2, body: delegationBody, response: { 200: env(z.string()) } },
    },
    async (req) => {
      const id = await inChange(ctx.db, async (trx) => {
        const id = await delegation.save(trx, req.auth!.user.userCode, true, req.body);
        await writeAudit(trx, req, { action: 'workflow.delegation.save', target: id, result: 'ok', detail: req.body });
        return id;
      });
      return ok(id, '已保存');
    },
  );
  r.post(
    `${P}/admin/deleteDelegation`,
    {
      config: approverPerm,
      schema: { summary: '删除审批委托', tags: T2, body: idBody, response: { 200: env(z.null()) } },
    },
    async (req) => {
      await inChange(ctx.db, async (trx) => {
        await delegation.remove(trx, req.auth!.user.userCode, true, req.body.id);
        await writeAudit(trx, req, { action: 'workflow.delegation.delete', target: req.body.id, result: 'ok' });
      });
      return ok(null, '已删除');
    },
  );
}
