import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope as strictEnvelope, paged } from '@oa/shared/contract/envelope';
import {
  SUBJECTS_API,
  SUBJECT_CONTRACT_MODULE,
  SUBJECT_MODULE,
  applicantBody,
  batchBody,
  batchItem,
  decideBody,
  formCheckBody,
  fundBody,
  fundItem,
  fundQuery,
  idBody,
  idQuery,
  scoreBody,
  statsItem,
  subjectDetail,
  subjectItem,
  subjectSearchQuery,
} from '@oa/shared/contract/subjects';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { writeAudit, type AuditLast } from '../../core/audit';
import { registerLifecycle } from '../../core/ports/workflow-port';
import { searchUserOptions } from '../../core/identity/user-options';
import { userOption, userOptionQuery } from '@oa/shared/contract/admin';
import * as svc from './subjects.service';
import * as batchSvc from './batches.service';
import * as fundSvc from './funds.service';
import * as applicantSvc from './applicants.service';
import { subjectLifecycle } from './subjects.lifecycle';
import { subjectFileGrant } from './subjects.files';
import { applicantRoutes } from './applicants.routes';
import { viewerOf } from '../../core/access/visibility';

/** Refusals (bizError) answer data: null, so every answer's data is nullable. */
const envelope = <T extends z.ZodType>(data: T) => strictEnvelope(data.nullable());
const tags = ['课题管理'];
const P = (action: string) => `/oa${SUBJECTS_API}/${action}`;
const PERM = svc.PERM;

const actorOf = (req: FastifyRequest): svc.Actor => {
  const a = req.auth!;
  return { userCode: a.user.userCode, deptCode: a.user.deptCode, isAdmin: a.isAdmin, isApplicant: a.isApplicant, can: a.can };
};

/** Research subjects, staff side (/tb*, /foundation*), and — registered from here — the applicants' area. */
export async function subjectsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  registerLifecycle(ctx, [SUBJECT_MODULE, SUBJECT_CONTRACT_MODULE], subjectLifecycle());
  const fileGrant = subjectFileGrant(ctx);
  ctx.fileGrants = [...(ctx.fileGrants ?? []), fileGrant];
  ctx.applicantFileGrants = [...(ctx.applicantFileGrants ?? []), fileGrant];
  /** The change's audit row, which its service writes last in the change's transaction (before/after: what it was and is). */
  const audit =
    (req: FastifyRequest, action: string, target: string, detail?: Record<string, unknown>): AuditLast<unknown> =>
    (trx, before) =>
      writeAudit(trx, req, {
        action: `subject.${action}`,
        target,
        result: 'ok',
        ...(detail ? { detail } : {}),
        ...(before ? { before } : {}),
      });

  const lists: Array<[string, string, svc.ListScope, string]> = [
    ['manageList', PERM.manage, 'manage', '课题管理列表（/tb）'],
    ['deptList', PERM.dept, 'dept', '本部门受理的课题（/tb/dept）'],
    ['allList', PERM.all, 'all', '全部课题（/tb/all）'],
    ['search', PERM.search, 'search', '课题查询与高级查询（年度、批次、状态、负责人、单位、经费区间）'],
    ['fundList', PERM.fund, 'all', '课题资助：各课题批准经费、到账与支出（/foundation）'],
  ];
  for (const [action, perm, scope, summary] of lists) {
    r.get(
      P(action),
      {
        config: access.perm(perm),
        schema: { summary, tags, querystring: subjectSearchQuery, response: { 200: envelope(paged(subjectItem)) } },
      },
      async (req) => ok(await svc.list(ctx, actorOf(req), scope, req.query)),
    );
  }

  r.get(
    P('detail'),
    {
      config: access.login(),
      schema: {
        summary: '课题详情（课题管理员、全部/查询/资助权限、本部门、评审专家、审批人可看）',
        tags,
        querystring: idQuery,
        response: { 200: envelope(subjectDetail) },
      },
    },
    async (req) => ok(await svc.detail(ctx, actorOf(req), req.query.id)),
  );

  r.get(
    P('reviewQueue'),
    {
      config: access.login(),
      schema: {
        summary: '我的评审任务（专家）',
        tags,
        response: { 200: envelope(z.array(subjectItem.extend({ scoredAt: z.string().nullable() }))) },
      },
    },
    async (req) => ok(await svc.expertQueue(ctx, actorOf(req))),
  );

  r.post(
    P('formCheck'),
    {
      config: access.perm(PERM.manage),
      schema: { summary: '形式审查：通过（指定评审专家）或退回修改', tags, body: formCheckBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await svc.formCheck(
        ctx,
        actorOf(req),
        req.body,
        audit(req, req.body.pass ? 'formPass' : 'formReturn', req.body.id, { experts: req.body.experts }),
      );
      return ok(null, req.body.pass ? '形式审查通过，已送专家评审' : '已退回申报人修改');
    },
  );

  r.get(
    P('expertOptions'),
    {
      config: access.perm(PERM.manage),
      schema: {
        summary: '选择评审专家（按账号、姓名、拼音搜索）',
        tags,
        querystring: userOptionQuery,
        response: { 200: envelope(z.array(userOption)) },
      },
    },
    async (req) => ok(await searchUserOptions(ctx.db, viewerOf(req.auth!), req.query.keyword)),
  );

  r.post(
    P('score'),
    {
      config: access.login(),
      schema: {
        summary: '专家评分（0-100）与评审意见；最后一位专家提交后自动提交立项审批',
        tags,
        body: scoreBody,
        response: { 200: envelope(z.object({ closed: z.boolean() })) },
      },
    },
    async (req) => {
      const res = await svc.score(ctx, actorOf(req), req.body, audit(req, 'score', req.body.id, { score: req.body.score }));
      return ok(res, res.closed ? '评审意见已提交，专家评审完成，已提交立项审批' : '评审意见已提交');
    },
  );

  r.post(
    P('resubmit'),
    {
      config: access.perm(PERM.manage),
      schema: { summary: '重新提交立项审批（审批退回或撤回后）', tags, body: idBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await svc.resubmit(ctx, actorOf(req), req.body.id, audit(req, 'resubmit', req.body.id));
      return ok(null, '已提交立项审批');
    },
  );

  r.post(
    P('decide'),
    {
      config: access.perm(PERM.manage),
      schema: { summary: '中期检查结论、结题验收、终止课题', tags, body: decideBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await svc.decide(ctx, actorOf(req), req.body, audit(req, req.body.action, req.body.id, { pass: req.body.pass }));
      return ok(null, '操作成功');
    },
  );

  r.get(
    P('stats'),
    {
      config: access.perm(PERM.flow),
      schema: { summary: '进展情况：各状态课题数、批次分布、逾期里程碑', tags, response: { 200: envelope(statsItem) } },
    },
    async () => ok(await svc.stats(ctx)),
  );

  // ------------------------------------------------------------------------------------------ batches
  r.get(
    P('batches'),
    {
      config: access.login(),
      schema: { summary: '申报批次列表', tags, response: { 200: envelope(z.array(batchItem)) } },
    },
    async () => ok(await batchSvc.listBatches(ctx)),
  );

  r.post(
    P('saveBatch'),
    {
      config: access.perm(PERM.batches),
      schema: { summary: '新增或修改申报批次', tags, body: batchBody, response: { 200: envelope(z.string()) } },
    },
    async (req) => {
      const id = await batchSvc.saveBatch(ctx, req.auth!.user.userCode, req.body, (trx, saved) =>
        writeAudit(trx, req, {
          action: 'subject.saveBatch',
          target: saved.id,
          result: 'ok',
          detail: { name: req.body.name },
          before: saved.before,
          after: req.body,
        }),
      );
      return ok(id, '保存成功');
    },
  );

  r.post(
    P('deleteBatch'),
    {
      config: access.perm(PERM.batches),
      schema: { summary: '删除申报批次（无申报时）', tags, body: idBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await batchSvc.deleteBatch(ctx, req.body.id, audit(req, 'deleteBatch', req.body.id));
      return ok(null, '删除成功');
    },
  );

  // ------------------------------------------------------------------------------------------ ledger
  r.get(
    P('funds'),
    {
      config: access.perm(PERM.fund),
      schema: {
        summary: '课题经费台账：收支明细、批准经费、到账、支出、结余',
        tags,
        querystring: fundQuery,
        response: {
          200: envelope(z.object({ list: z.array(fundItem), budget: z.number(), in: z.number(), out: z.number(), balance: z.number() })),
        },
      },
    },
    async (req) => ok(await fundSvc.ledger(ctx, req.query.subjectId)),
  );

  r.post(
    P('addFund'),
    {
      config: access.perm(PERM.fundAdd),
      schema: {
        summary: '登记经费收支（拨款不超过批准经费，支出不超过到账）',
        tags,
        body: fundBody,
        response: { 200: envelope(z.string()) },
      },
    },
    async (req) => {
      const detail = { direction: req.body.direction, amount: req.body.amount };
      const id = await fundSvc.addFund(ctx, req.auth!.user.userCode, req.body, audit(req, 'addFund', req.body.subjectId, detail));
      return ok(id, '登记成功');
    },
  );

  r.post(
    P('removeFund'),
    {
      config: access.perm(PERM.batches),
      schema: { summary: '删除台账记录', tags, body: idBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await fundSvc.removeFund(ctx, req.auth!.user.userCode, req.body.id, audit(req, 'removeFund', req.body.id));
      return ok(null, '删除成功');
    },
  );

  r.post(
    P('createApplicant'),
    {
      config: access.perm(PERM.batches),
      schema: { summary: '为外部申报人开通账号（仅课题申报平台）', tags, body: applicantBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await applicantSvc.createApplicant(ctx, req.body, audit(req, 'createApplicant', req.body.userCode));
      return ok(null, '申报账号已开通');
    },
  );

  await applicantRoutes(app);
}
