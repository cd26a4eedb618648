import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, keysetPaged, paged } from '@oa/shared/contract/envelope';
import {
  actionResult,
  addSignBody,
  approveBody,
  batchApproveBody,
  batchApproveResult,
  batchGroup,
  ccItem,
  ccListQuery,
  ccReadBody,
  commentBody,
  instanceActionBody,
  instanceSummary,
  instanceView,
  instanceViewQuery,
  mineQuery,
  myStats,
  myStatsQuery,
  notificationItem,
  notificationQuery,
  readNotificationsBody,
  rejectBody,
  returnBody,
  taskItem,
  taskListQuery,
  transferBody,
  unreadCounts,
} from '@oa/shared/contract/workflow';
import { toReadItem, toReadListQuery, toReadMarkBody } from '@oa/shared/contract/to-read';
import { TO_READ_API } from '@oa/shared/contract/to-read-api';
import { access } from '../../plugins/access';
import { todoSources } from '../../core/ports/todo-sources';
import { lifecycleOf } from '../../core/ports/workflow-port';
import { ok } from '../../lib/reply';
import * as actions from './actions.service';
import { batchApprove, batchGroups } from './batch.service';
import * as inst from './instance.service';
import * as pending from './pending.service';
import * as toRead from './to-read.service';
import { myStats as myStatsOf } from './my-stats.service';
import { instanceView as viewOf } from './instance-view.service';
import { adminRoutes } from './admin.routes';
import { fromRequest } from './action-audit';
import { registerStream } from './stream';
import type { WfDeps } from './runtime';

/** Refusals (HTTP 200, code ≠ 0) carry null data. */
const env = <T extends z.ZodType>(data: T) => envelope(data.nullable());

const TAGS = ['待办中心'];
const me = (req: FastifyRequest) => req.auth!.user.userCode;

/** Pending centre, instance view and the actions of an approver or initiator (the service checks who may act). */
export async function processRoutes(app: FastifyInstance, deps: WfDeps): Promise<void> {
  const { ctx } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const login = access.login();
  const P = '/oa/api/auth/oa/process';

  r.get(
    `${P}/todo`,
    {
      config: login,
      schema: { summary: '我的待办', tags: TAGS, querystring: taskListQuery, response: { 200: env(keysetPaged(taskItem)) } },
    },
    async (req) => ok(await pending.tasks(ctx.db, me(req), 'todo', req.query, req.auth!.versions)),
  );
  r.get(
    `${P}/done`,
    {
      config: login,
      schema: { summary: '我的已办', tags: TAGS, querystring: taskListQuery, response: { 200: env(keysetPaged(taskItem)) } },
    },
    async (req) => ok(await pending.tasks(ctx.db, me(req), 'done', req.query, req.auth!.versions)),
  );
  r.get(
    `${P}/cc`,
    { config: login, schema: { summary: '抄送我的', tags: TAGS, querystring: ccListQuery, response: { 200: env(keysetPaged(ccItem)) } } },
    async (req) => ok(await pending.ccList(ctx.db, me(req), req.query)),
  );
  r.post(
    `${P}/ccRead`,
    { config: login, schema: { summary: '抄送标记已读', tags: TAGS, body: ccReadBody, response: { 200: env(z.null()) } } },
    async (req) => {
      await pending.markCcRead(ctx.db, me(req), req.body.ccId);
      return ok(null);
    },
  );
  r.get(
    `${P}/mine`,
    {
      config: login,
      schema: {
        summary: '我的申请（可撤回、催办）',
        tags: TAGS,
        querystring: mineQuery,
        response: { 200: env(keysetPaged(instanceSummary)) },
      },
    },
    async (req) => ok(await pending.mine(ctx.db, me(req), req.query, req.auth!.versions)),
  );
  r.get(
    `${P}/myStats`,
    {
      config: login,
      schema: {
        summary: '我的工作统计（首页图表：我的申请按状态、月份、业务，我处理的待办按月份）',
        tags: TAGS,
        querystring: myStatsQuery,
        response: { 200: env(myStats) },
      },
    },
    async (req) => ok(await myStatsOf(ctx.db, me(req), req.query.months)),
  );

  r.get(
    `${P}/instance`,
    {
      config: login,
      schema: {
        summary: '业务记录的审批流程：时间线、当前任务、可执行操作、退回节点、字段权限、抄送已读（打开即标记已读）',
        tags: TAGS,
        querystring: instanceViewQuery,
        response: { 200: env(instanceView) },
      },
    },
    async (req) => {
      const { moduleCode, recordId } = req.query;
      // process administrators see every trail; anyone else the records they may read by the owning area's own check
      const seeAll = await req.auth!.can('sys_flow_instances');
      const readsRecord = async () =>
        (await lifecycleOf(ctx, moduleCode)?.canRead?.(ctx.db, { moduleCode, recordId, userCode: me(req) })) ?? false;
      return ok(await viewOf(ctx.db, me(req), moduleCode, recordId, seeAll, readsRecord));
    },
  );

  const act = { 200: env(actionResult) };
  r.post(
    `${P}/approve`,
    { config: login, schema: { summary: '同意（可带签名、可修改本节点可编辑字段）', tags: TAGS, body: approveBody, response: act } },
    async (req) => ok(await actions.approve(fromRequest(deps, req), me(req), req.body), '已同意'),
  );
  r.get(
    `${P}/batch-groups`,
    {
      config: login,
      schema: { summary: '可批量审批的待办（按流程和节点分组）', tags: TAGS, response: { 200: envelope(z.array(batchGroup)) } },
    },
    async (req) => ok(await batchGroups(deps, me(req))),
  );
  r.post(
    `${P}/batch-approve`,
    {
      config: login,
      schema: {
        summary: '批量同意（每条单独处理，失败的逐条列出）',
        tags: TAGS,
        body: batchApproveBody,
        response: { 200: envelope(batchApproveResult) },
      },
    },
    async (req) => {
      const out = await batchApprove(fromRequest(deps, req), me(req), req.body);
      return ok(out, out.failed.length ? `已同意 ${out.done.length} 条，${out.failed.length} 条未能处理` : `已同意 ${out.done.length} 条`);
    },
  );
  r.post(`${P}/reject`, { config: login, schema: { summary: '驳回', tags: TAGS, body: rejectBody, response: act } }, async (req) =>
    ok(await actions.reject(fromRequest(deps, req), me(req), req.body), '已驳回'),
  );
  r.post(
    `${P}/return`,
    {
      config: login,
      schema: { summary: '退回（发起人 initiator、上一节点 previous 或已通过的节点 id）', tags: TAGS, body: returnBody, response: act },
    },
    async (req) => ok(await actions.returnTask(fromRequest(deps, req), me(req), req.body), '已退回'),
  );
  r.post(`${P}/transfer`, { config: login, schema: { summary: '转交', tags: TAGS, body: transferBody, response: act } }, async (req) =>
    ok(await actions.transfer(fromRequest(deps, req), me(req), req.body), '已转交'),
  );
  r.post(
    `${P}/addSign`,
    { config: login, schema: { summary: '加签（before 前加签 / after 后加签）', tags: TAGS, body: addSignBody, response: act } },
    async (req) => ok(await actions.addSign(fromRequest(deps, req), me(req), req.body), '已加签'),
  );
  r.post(
    `${P}/withdraw`,
    { config: login, schema: { summary: '撤回（发起人，尚无人处理时）', tags: TAGS, body: instanceActionBody, response: act } },
    async (req) => ok(await inst.withdraw(fromRequest(deps, req), me(req), req.body.instanceId), '已撤回'),
  );
  r.post(
    `${P}/urge`,
    { config: login, schema: { summary: '催办（发起人，每 10 分钟一次）', tags: TAGS, body: instanceActionBody, response: act } },
    async (req) => ok(await inst.urge(fromRequest(deps, req), me(req), req.body.instanceId, req.body.comment), '已催办'),
  );
  r.post(`${P}/comment`, { config: login, schema: { summary: '评论', tags: TAGS, body: commentBody, response: act } }, async (req) =>
    ok(await inst.comment(fromRequest(deps, req), me(req), req.body.instanceId, req.body.comment, req.body.signatureFileId), '已评论'),
  );

  r.get(
    `${P}/notifications`,
    {
      config: login,
      schema: { summary: '我的通知', tags: TAGS, querystring: notificationQuery, response: { 200: env(paged(notificationItem)) } },
    },
    async (req) => ok(await pending.notifications(ctx.db, me(req), req.query)),
  );
  r.get(
    `${P}/unread`,
    { config: login, schema: { summary: '未读数（通知、待办、未读抄送、待阅）', tags: TAGS, response: { 200: env(unreadCounts) } } },
    async (req) => ok(await pending.unread(ctx.db, me(req), todoSources(ctx))),
  );
  r.get(
    `/oa${TO_READ_API.list}`,
    {
      config: login,
      schema: { summary: '待阅（分发给我的公文等）', tags: TAGS, querystring: toReadListQuery, response: { 200: env(paged(toReadItem)) } },
    },
    async (req) => ok(await toRead.toReadList(ctx, me(req), req.query)),
  );
  r.post(
    `/oa${TO_READ_API.read}`,
    { config: login, schema: { summary: '待阅标记已阅', tags: TAGS, body: toReadMarkBody, response: { 200: env(z.null()) } } },
    async (req) => {
      await toRead.toReadMark(ctx, me(req), req.body.source, req.body.id);
      return ok(null);
    },
  );
  r.post(
    `${P}/readNotifications`,
    {
      config: login,
      schema: {
        summary: '通知标记已读（不带 ids 为全部）',
        tags: TAGS,
        body: readNotificationsBody,
        response: { 200: env(z.number().int()) },
      },
    },
    async (req) => ok(await pending.readNotifications(ctx.db, me(req), req.body.ids)),
  );

  registerStream(app, deps);
  await adminRoutes(app, deps);
}
