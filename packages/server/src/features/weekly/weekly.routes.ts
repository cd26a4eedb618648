import { runEvery } from '../../core/notify/periodic';
import { HOUR } from '../../lib/time';
import { remindDue } from './weekly-due';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope as strictEnvelope, paged } from '@oa/shared/contract/envelope';
import {
  WEEKLY_API,
  weeklyColumn,
  weeklyColumnBody,
  weeklyColumnUpdate,
  weeklyCompileSave,
  weeklyCompileView,
  weeklyDeptStatus,
  weeklyExportQuery,
  weeklyIdBody,
  weeklyPeriod,
  weeklyPeriodBody,
  weeklyPeriodIdQuery,
  weeklyPeriodQuery,
  weeklyReport,
  weeklyReturnBody,
  weeklySearchHit,
  weeklySearchQuery,
  weeklySection,
  weeklySectionQuery,
  weeklySectionSave,
} from '@oa/shared/contract/weekly';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { auditEvent, writeAudit } from '../../core/audit';
import * as svc from './weekly.service';
import { toDocx, toPdf, toXlsx } from './weekly.export';

const envelope = <T extends z.ZodType>(data: T) => strictEnvelope(data.nullable());
const tags = ['周报'];
/** role 010 (weekly-report leader) holds these */
const EDITOR = 'weekly_integrate';
const COLUMN = 'weekly_column';

const MIME = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
} as const;

/** Weekly reports: /weelky /weelkyDeptEdit /weelkyIntegrateEdit /weelkyIntegrateColumn /weelkyPreview /weelkysearchList. */
export async function weeklyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  runEvery(app, 'weekly-due-reminders', HOUR, (now) => remindDue(ctx, now));
  const viewer = async (req: FastifyRequest): Promise<svc.Viewer> => ({
    userCode: req.auth!.user.userCode,
    deptCode: req.auth!.user.deptCode,
    isEditor: await req.auth!.can(EDITOR),
  });
  const u = (p: string) => `/oa${p}`;

  r.get(
    u(WEEKLY_API.periods),
    {
      config: access.perm('weekly_report'),
      schema: {
        summary: '周报期次列表（本周期次自动生成）',
        tags,
        querystring: weeklyPeriodQuery,
        response: { 200: envelope(paged(weeklyPeriod)) },
      },
    },
    async (req) => ok(await svc.listPeriods(ctx, await viewer(req), req.query, new Date())),
  );

  r.post(
    u(WEEKLY_API.period),
    {
      config: access.perm(EDITOR),
      schema: { summary: '新建周报期次（周次与截止时间）', tags, body: weeklyPeriodBody, response: { 200: envelope(weeklyPeriod) } },
    },
    async (req) => ok(await svc.createPeriod(ctx, await viewer(req), req.body), '创建成功'),
  );

  r.get(
    u(WEEKLY_API.columns),
    {
      config: access.login(),
      schema: {
        summary: '周报栏目',
        tags,
        querystring: z.object({ all: z.enum(['Y', 'N']).default('N') }),
        response: { 200: envelope(z.array(weeklyColumn)) },
      },
    },
    async (req) => ok(await svc.listColumns(ctx, req.query.all !== 'Y')),
  );

  r.post(
    u(WEEKLY_API.column),
    {
      config: access.perm(COLUMN),
      schema: { summary: '新增栏目', tags, body: weeklyColumnBody, response: { 200: envelope(weeklyColumn) } },
    },
    async (req) => ok(await svc.saveColumn(ctx, req.body), '保存成功'),
  );

  r.put(
    u(WEEKLY_API.column),
    {
      config: access.perm(COLUMN),
      schema: { summary: '修改栏目', tags, body: weeklyColumnUpdate, response: { 200: envelope(weeklyColumn) } },
    },
    async (req) => ok(await svc.saveColumn(ctx, req.body), '保存成功'),
  );

  r.delete(
    u(WEEKLY_API.column),
    {
      config: access.perm(COLUMN),
      schema: { summary: '删除栏目（未被使用时）', tags, body: weeklyIdBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await svc.removeColumn(ctx, req.body.id);
      return ok(null, '删除成功');
    },
  );

  r.get(
    u(WEEKLY_API.section),
    {
      config: access.perm('weekly_dept_edit'),
      schema: {
        summary: '部门周报（默认本部门；周报负责人可看任一部门）',
        tags,
        querystring: weeklySectionQuery,
        response: { 200: envelope(weeklySection) },
      },
    },
    async (req) => ok(await svc.getSection(ctx, await viewer(req), req.query.periodId, req.query.deptCode)),
  );

  r.post(
    u(WEEKLY_API.section),
    {
      config: access.perm('weekly_dept_edit'),
      schema: {
        summary: '保存 / 提交本部门周报（截止后提交记为逾期）',
        tags,
        body: weeklySectionSave,
        response: { 200: envelope(weeklySection) },
      },
    },
    async (req) => ok(await svc.saveSection(ctx, await viewer(req), req.body, new Date()), req.body.submit ? '提交成功' : '保存成功'),
  );

  r.post(
    u(WEEKLY_API.sectionReturn),
    {
      config: access.perm(EDITOR),
      schema: { summary: '退回部门周报', tags, body: weeklyReturnBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await svc.returnSection(ctx, await viewer(req), req.body);
      return ok(null, '已退回');
    },
  );

  r.get(
    u(WEEKLY_API.status),
    {
      config: access.perm(EDITOR),
      schema: { summary: '各部门提交情况', tags, querystring: weeklyPeriodIdQuery, response: { 200: envelope(z.array(weeklyDeptStatus)) } },
    },
    async (req) => ok(await svc.deptStatus(ctx, req.query.periodId)),
  );

  r.post(
    u(WEEKLY_API.remind),
    {
      config: access.perm(EDITOR),
      schema: {
        summary: '提醒未提交的部门（待办消息）',
        tags,
        body: weeklyPeriodIdQuery,
        response: { 200: envelope(z.object({ notified: z.number().int() })) },
      },
    },
    async (req) => {
      const notified = await svc.remind(ctx, req.body.periodId);
      return ok({ notified }, notified ? `已提醒 ${notified} 人` : '各部门均已提交');
    },
  );

  r.get(
    u(WEEKLY_API.compile),
    {
      config: access.perm(EDITOR),
      schema: {
        summary: '周报汇编：已提交的部门内容与当前汇编稿',
        tags,
        querystring: weeklyPeriodIdQuery,
        response: { 200: envelope(weeklyCompileView) },
      },
    },
    async (req) => ok(await svc.compileView(ctx, await viewer(req), req.query.periodId)),
  );

  r.post(
    u(WEEKLY_API.compile),
    {
      config: access.perm(EDITOR),
      schema: {
        summary: '保存汇编稿（挑选、排序、编辑各栏目条目），可同时发布',
        tags,
        body: weeklyCompileSave,
        response: { 200: envelope(weeklyCompileView) },
      },
    },
    async (req) => {
      const v = await svc.saveCompile(ctx, await viewer(req), req.body, new Date(), (trx) =>
        writeAudit(trx, req, {
          action: req.body.publish ? 'weekly.publish' : 'weekly.compile',
          target: req.body.periodId,
          result: 'ok',
          detail: { items: req.body.items.length },
        }),
      );
      return ok(v, req.body.publish ? '发布成功' : '保存成功');
    },
  );

  r.get(
    u(WEEKLY_API.report),
    {
      config: access.perm('weekly_report'),
      schema: {
        summary: '周报预览（已发布；周报负责人可预览未发布稿）',
        tags,
        querystring: weeklyPeriodIdQuery,
        response: { 200: envelope(weeklyReport) },
      },
    },
    async (req) => ok(await svc.report(ctx, await viewer(req), req.query.periodId)),
  );

  r.get(
    u(WEEKLY_API.export),
    {
      config: access.perm('weekly_report'),
      schema: { summary: '导出周报（xlsx / docx / pdf）', tags, querystring: weeklyExportQuery },
    },
    async (req, reply) => {
      const report = await svc.report(ctx, await viewer(req), req.query.periodId);
      const f = req.query.format;
      const body = f === 'xlsx' ? await toXlsx(report) : f === 'docx' ? await toDocx(report) : await toPdf(report);
      await auditEvent(ctx.db, req, { action: 'weekly.export', target: req.query.periodId, result: 'ok', detail: { format: f } });
      const name = `${report.period.title}.${f}`;
      return reply
        .header('content-type', MIME[f])
        .header('content-disposition', `attachment; filename="weekly.${f}"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(body);
    },
  );

  r.get(
    u(WEEKLY_API.search),
    {
      config: access.perm('weekly_search'),
      schema: {
        summary: '周报数据查询（已发布周报，按周次范围、部门、内容）',
        tags,
        querystring: weeklySearchQuery,
        response: { 200: envelope(paged(weeklySearchHit)) },
      },
    },
    async (req) => ok(await svc.search(ctx, req.query)),
  );
}
