import type { FastifyInstance } from 'fastify';
import { registerWorkflowHandover } from './handover.source';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, paged } from '@oa/shared/contract/envelope';
import {
  definitionDetail,
  definitionIdQuery,
  definitionListQuery,
  definitionSummary,
  definitionVersionsQuery,
  directoryResult,
  idBody,
  publishBody,
  saveDraftBody,
  shareLinkBody,
  shareLinkResult,
  shareQuery,
  simulateBody,
  simulateResult,
  validateBody,
  validateResult,
  validationProblem,
} from '@oa/shared/contract/workflow';
import {
  APPROVER_PREVIEW_PATH,
  PICK_NODES_PATH,
  approverPreview,
  approverPreviewBody,
  pickNode,
  pickNodesBody,
} from '@oa/shared/contract/workflow-picks';
import { simulate } from '@oa/shared/workflow/simulate';
import { validateDefinition } from '@oa/shared/workflow/validate';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { badRequest, bizError, forbidden } from '../../lib/errors';
import { writeAudit } from '../../core/audit';
import * as defs from './definitions.service';
import { pickNodesFor } from './picks';
import { approverPreview as previewApprovers } from './approver-preview';
import { processRoutes } from './process.routes';
import { stepStatsRoutes } from './step-stats.routes';
import { signShareToken, verifyShareToken } from './share';
import { startTimeoutPoller } from './timeouts';
import type { WfDeps } from './runtime';

/** Refusals (HTTP 200, code ≠ 0) carry null data. */
const env = <T extends z.ZodType>(data: T) => envelope(data.nullable());

const TAGS = ['流程设计'];
const POLL_MS = Number(process.env.OA_WF_POLL_MS ?? 30_000);

/** The workflow feature's routes (designer, share, process) and its timeout poller; the engine itself is ctx.workflow (app.ts). */
export async function workflowRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const deps: WfDeps = { ctx, bus: ctx.events };
  registerWorkflowHandover(ctx);
  const stopPoller =
    POLL_MS > 0 ? startTimeoutPoller(deps, POLL_MS, (e) => app.log.error({ err: e }, 'workflow timeouts')) : () => undefined;
  app.addHook('onClose', async () => {
    stopPoller();
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const def = access.perm('sys_flow_def');

  r.get(
    '/oa/api/auth/oa/workflow/definitions',
    {
      config: def,
      schema: {
        summary: '流程定义列表（默认每个业务/部门只列最新版本）',
        tags: TAGS,
        querystring: definitionListQuery,
        response: { 200: env(paged(definitionSummary)) },
      },
    },
    async (req) => ok(await defs.list(ctx.db, req.query)),
  );

  r.get(
    '/oa/api/auth/oa/workflow/definition',
    {
      config: def,
      schema: { summary: '流程定义详情', tags: TAGS, querystring: definitionIdQuery, response: { 200: env(definitionDetail) } },
    },
    async (req) => ok(await defs.get(ctx.db, req.query.id)),
  );

  r.get(
    '/oa/api/auth/oa/workflow/versions',
    {
      config: def,
      schema: {
        summary: '某业务（及部门）的全部版本',
        tags: TAGS,
        querystring: definitionVersionsQuery,
        response: { 200: env(z.array(definitionSummary)) },
      },
    },
    async (req) => ok(await defs.versions(ctx.db, req.query.moduleCode, req.query.deptCode || null)),
  );

  r.post(
    '/oa/api/auth/oa/workflow/saveDraft',
    {
      config: def,
      schema: { summary: '保存草稿（无 id 时新建版本）', tags: TAGS, body: saveDraftBody, response: { 200: env(definitionDetail) } },
    },
    async (req) => ok(await defs.saveDraft(ctx.db, req.auth!.user.userCode, req.body), '已保存'),
  );

  r.post(
    '/oa/api/auth/oa/workflow/validate',
    {
      config: def,
      schema: { summary: '校验流程定义', tags: TAGS, body: validateBody, response: { 200: env(validateResult) } },
    },
    async (req) => {
      const d = defs.parseDefinition(req.body.definition);
      const problems = validateDefinition(d, req.body.conditionFields ?? defs.registryFields(d.moduleCode));
      return ok({ valid: problems.length === 0, problems });
    },
  );

  r.post(
    '/oa/api/auth/oa/workflow/publish',
    {
      config: def,
      schema: {
        summary: '校验并发布草稿（新发起的申请使用新版本，进行中的保持原版本）',
        tags: TAGS,
        body: publishBody,
        response: { 200: envelope(z.union([definitionDetail, z.object({ problems: z.array(validationProblem) })]).nullable()) },
      },
    },
    async (req) => {
      const out = await defs.publish(ctx.db, req.body.id, req.body.conditionFields, (trx, { before, after }) =>
        writeAudit(trx, req, {
          action: 'workflow.publish',
          target: `${after.moduleCode} v${after.version}`,
          result: 'ok',
          detail: { id: after.id, name: after.name, deptCode: after.deptCode },
          before: before && { id: before.id, version: before.version, definition: before.definition },
          after: { id: after.id, version: after.version, definition: after.definition },
        }),
      );
      return ok(out, '已发布');
    },
  );

  r.post(
    '/oa/api/auth/oa/workflow/deleteDraft',
    {
      config: def,
      schema: { summary: '删除草稿', tags: TAGS, body: idBody, response: { 200: env(z.null()) } },
    },
    async (req) => {
      await defs.removeDraft(ctx.db, req.body.id);
      return ok(null, '已删除');
    },
  );

  r.get(
    '/oa/api/auth/oa/workflow/directory',
    {
      config: def,
      schema: { summary: '设计器用的人员、部门、角色', tags: TAGS, response: { 200: env(directoryResult) } },
    },
    async () => ok(await defs.designerDirectory(ctx.db)),
  );

  r.post(
    '/oa/api/auth/oa/workflow/simulate',
    {
      config: def,
      schema: {
        summary: '表单模拟：按表单与发起人推演路线与各节点审批人',
        tags: TAGS,
        body: simulateBody,
        response: { 200: env(simulateResult) },
      },
    },
    async (req) => {
      const d = req.body.definition
        ? defs.parseDefinition(req.body.definition)
        : defs.parseDefinition((await defs.get(ctx.db, req.body.definitionId!)).definition);
      const dir = await defs.directory(ctx.db);
      if (!dir.users[req.body.initiator]) throw badRequest('发起人不存在', 'initiator');
      return ok(simulate(d, req.body.form, req.body.initiator, dir, { picks: req.body.picks }));
    },
  );

  r.post(
    `/oa${PICK_NODES_PATH}`,
    {
      config: access.login(),
      schema: {
        summary: '提交前：本表单路线上需要发起人自选审批人的节点及可选人员',
        tags: TAGS,
        body: pickNodesBody,
        response: { 200: env(z.array(pickNode)) },
      },
    },
    async (req) => {
      const { user } = req.auth!;
      if (!(await req.auth!.can(`${req.body.moduleCode}:create`)))
        throw forbidden(`没有访问权限（需要功能权限：${req.body.moduleCode}:create）`);
      return ok(
        await pickNodesFor(ctx.db, {
          moduleCode: req.body.moduleCode,
          form: req.body.form,
          initiator: user.userCode,
          deptCode: user.deptCode,
        }),
      );
    },
  );

  r.post(
    `/oa${APPROVER_PREVIEW_PATH}`,
    {
      config: access.login(),
      schema: {
        summary: '提交前：本表单将经过的审批人（按当前填写内容推演，随表单变化）',
        tags: TAGS,
        body: approverPreviewBody,
        response: { 200: env(approverPreview) },
      },
    },
    async (req) => {
      const { user } = req.auth!;
      if (!(await req.auth!.can(`${req.body.moduleCode}:create`)))
        throw forbidden(`没有访问权限（需要功能权限：${req.body.moduleCode}:create）`);
      return ok(
        await previewApprovers(ctx.db, {
          moduleCode: req.body.moduleCode,
          form: req.body.form,
          picks: req.body.picks,
          initiator: user.userCode,
          deptCode: user.deptCode,
        }),
      );
    },
  );

  r.post(
    '/oa/api/auth/oa/workflow/shareLink',
    {
      config: def,
      schema: { summary: '生成流程图只读分享链接（30 天有效）', tags: TAGS, body: shareLinkBody, response: { 200: env(shareLinkResult) } },
    },
    async (req) => {
      const d = await defs.get(ctx.db, req.body.definitionId);
      if (d.status === 'draft') throw bizError('草稿不能分享，请先发布');
      const { token, expiresAt } = await signShareToken(ctx.jwtKey, d.id);
      return ok({ token, path: `/workflow/kk?token=${encodeURIComponent(token)}`, expiresAt });
    },
  );

  r.get(
    '/oa/api/base/oa/workflow/share',
    {
      config: access.public(),
      schema: {
        summary: '分享链接打开的只读流程图（无需登录）',
        tags: TAGS,
        querystring: shareQuery,
        response: { 200: env(definitionDetail) },
      },
    },
    async (req) => {
      const id = await verifyShareToken(ctx.jwtKey, req.query.token);
      if (!id) throw bizError('分享链接无效或已过期');
      const d = await defs.get(ctx.db, id);
      if (d.status === 'draft') throw bizError('分享链接无效或已过期');
      return ok(d);
    },
  );

  await processRoutes(app, deps);
  await stepStatsRoutes(app, deps);
}
