import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { MultipartFile } from '@fastify/multipart';
import { z } from 'zod';
import { ROLE } from '@oa/shared/constants';
import { envelope as strictEnvelope, paged } from '@oa/shared/contract/envelope';
import {
  SALARY_API,
  SALARY_MONTH_RE,
  mySalaryQuery,
  mySalarySlip,
  mySalarySlipDetail,
  salaryBatch,
  salaryBatchDetail,
  salaryBatchQuery,
  salaryFeedbackBody,
  salaryGrant,
  salaryIdBody,
  salaryIdQuery,
  salaryMatchBody,
  salarySettingBody,
  salaryVerifyBody,
} from '@oa/shared/contract/salary';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { badRequest } from '../../lib/errors';
import { auditEvent, inChange, writeAudit } from '../../core/audit';
import { fieldValue } from '../../core/files/file-upload';
import { parseSalaryExcel } from './salary.import';
import * as svc from './salary.service';

const envelope = <T extends z.ZodType>(data: T) => strictEnvelope(data.nullable());
const tags = ['工资条'];
/** finance: import, send, withdraw, export (a button permission under /salary) */
const MANAGE = 'fin_salary:manage';
/** every member of staff: their own slips */
const OWN = 'fin_salary';
/** salary data never reaches the request log: these routes log warnings and errors only */
const quiet = { logLevel: 'warn' as const };
const MAX_XLSX = 10 * 1024 * 1024;

/** Salary slips (/salary). */
export async function salaryRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const u = (p: string) => `/oa${p}`;
  const viewer = (req: FastifyRequest): svc.Viewer => ({
    userCode: req.auth!.user.userCode,
    sessionId: req.auth!.sessionId,
    seesFullCard: req.auth!.roleCodes.includes(ROLE.BANK_CARD_VIEWER),
  });

  // ---- finance
  r.get(
    u(SALARY_API.batches),
    {
      ...quiet,
      config: access.perm(MANAGE),
      schema: { summary: '工资批次列表', tags, querystring: salaryBatchQuery, response: { 200: envelope(paged(salaryBatch)) } },
    },
    async (req) => ok(await svc.listBatches(ctx, req.query)),
  );

  r.get(
    u(SALARY_API.batch),
    {
      ...quiet,
      config: access.perm(MANAGE),
      schema: {
        summary: '工资批次明细（预览；含每人查看、确认情况；银行卡号仅角色 014 可见全号）',
        tags,
        querystring: salaryIdQuery,
        response: { 200: envelope(salaryBatchDetail) },
      },
    },
    async (req) => {
      const d = await svc.batchDetail(ctx, viewer(req), req.query.id);
      await auditEvent(ctx.db, req, {
        action: 'salary.batch.view',
        target: req.query.id,
        result: 'ok',
        detail: { rows: d.rows.length, fullCard: viewer(req).seesFullCard },
      });
      return ok(d);
    },
  );

  r.post(
    u(SALARY_API.import),
    {
      ...quiet,
      config: access.perm(MANAGE),
      schema: {
        summary: '导入工资 Excel（multipart：month=YYYY-MM，可选 batchId 重新导入，file）；表头即工资项目，按工号或姓名+手机号匹配',
        tags,
        consumes: ['multipart/form-data'],
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw badRequest('请以 multipart/form-data 上传文件', 'file');
      let part: MultipartFile | undefined;
      try {
        part = await req.file({ limits: { fileSize: MAX_XLSX } });
      } catch {
        throw badRequest('上传内容格式不正确', 'file');
      }
      if (!part) throw badRequest('请选择要导入的 Excel 文件', 'file');
      const month = fieldValue(part, 'month') ?? '';
      const batchId = fieldValue(part, 'batchId') || undefined;
      if (!SALARY_MONTH_RE.test(month)) throw badRequest('请选择工资月份（YYYY-MM）', 'month');
      if (batchId && !/^[0-9a-f]{24}$/.test(batchId)) throw badRequest('批次编号 batchId 无效', 'batchId');
      if (!/\.xlsx$/i.test(part.filename)) throw badRequest('请上传 .xlsx 格式的 Excel 文件', 'file');
      let buf: Buffer;
      try {
        buf = await part.toBuffer();
      } catch {
        throw badRequest(`文件大小超过限制（最大 ${MAX_XLSX / 1024 / 1024} MB）`, 'file');
      }
      const sheet = await parseSalaryExcel(buf);
      const res = await inChange(ctx.db, async (trx) => {
        const res = await svc.importBatch({ ...ctx, db: trx }, req.auth!.user.userCode, { month, batchId, fileName: part.filename, sheet });
        await writeAudit(trx, req, {
          action: 'salary.import',
          target: res.batch.id,
          result: 'ok',
          detail: { month, rows: res.rows.length, unmatched: res.unmatchedRows.length },
        });
        return res;
      });
      return ok(
        res,
        res.unmatchedRows.length
          ? `导入完成，有 ${res.unmatchedRows.length} 行未匹配到人员，全部匹配后才能发送`
          : `导入成功，共 ${res.rows.length} 人`,
      );
    },
  );

  r.post(
    u(SALARY_API.match),
    {
      ...quiet,
      config: access.perm(MANAGE),
      schema: { summary: '手工匹配未匹配的行', tags, body: salaryMatchBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await inChange(ctx.db, async (trx) => {
        await svc.matchRow({ ...ctx, db: trx }, req.body.slipId, req.body.userCode);
        await writeAudit(trx, req, {
          action: 'salary.match',
          target: req.body.slipId,
          result: 'ok',
          detail: { userCode: req.body.userCode },
        });
      });
      return ok(null, '已匹配');
    },
  );

  r.post(
    u(SALARY_API.setting),
    {
      ...quiet,
      config: access.perm(MANAGE),
      schema: { summary: '批次设置：隐藏值为 0 的项目', tags, body: salarySettingBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await svc.setHideZero(ctx, req.body.id, req.body.hideZero);
      return ok(null, '保存成功');
    },
  );

  r.post(
    u(SALARY_API.send),
    {
      ...quiet,
      config: access.perm(MANAGE),
      schema: {
        summary: '发送（或撤回后重新发送）工资条；有未匹配行时拒绝',
        tags,
        body: salaryIdBody,
        response: { 200: envelope(z.object({ sent: z.number().int() })) },
      },
    },
    async (req) => {
      const sent = await inChange(ctx.db, async (trx) => {
        const sent = await svc.send({ ...ctx, db: trx }, req.body.id);
        await writeAudit(trx, req, { action: 'salary.send', target: req.body.id, result: 'ok', detail: { sent } });
        return sent;
      });
      return ok({ sent }, `已发送给 ${sent} 人`);
    },
  );

  r.post(
    u(SALARY_API.withdraw),
    {
      ...quiet,
      config: access.perm(MANAGE),
      schema: { summary: '撤回已发送的批次', tags, body: salaryIdBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await inChange(ctx.db, async (trx) => {
        await svc.withdraw({ ...ctx, db: trx }, req.body.id);
        await writeAudit(trx, req, { action: 'salary.withdraw', target: req.body.id, result: 'ok' });
      });
      return ok(null, '已撤回');
    },
  );

  r.delete(
    u(SALARY_API.batch),
    {
      ...quiet,
      config: access.perm(MANAGE),
      schema: { summary: '删除待发送的批次', tags, body: salaryIdBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await inChange(ctx.db, async (trx) => {
        await svc.removeBatch({ ...ctx, db: trx }, req.body.id);
        await writeAudit(trx, req, { action: 'salary.delete', target: req.body.id, result: 'ok' });
      });
      return ok(null, '删除成功');
    },
  );

  r.get(
    u(SALARY_API.export),
    {
      ...quiet,
      config: access.perm(MANAGE),
      schema: { summary: '导出批次（含每人查看、确认、反馈）', tags, querystring: salaryIdQuery },
    },
    async (req, reply) => {
      const f = await svc.exportBatch(ctx, viewer(req), req.query.id);
      await auditEvent(ctx.db, req, {
        action: 'salary.export',
        target: req.query.id,
        result: 'ok',
        detail: { fullCard: viewer(req).seesFullCard },
      });
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="salary.xlsx"; filename*=UTF-8''${encodeURIComponent(f.name)}`)
        .send(f.body);
    },
  );

  // ---- every person: their own slips, after confirming identity for this session
  r.get(
    u(SALARY_API.grant),
    {
      ...quiet,
      config: access.perm(OWN),
      schema: { summary: '本次登录是否已验证身份（10 分钟有效）', tags, response: { 200: envelope(salaryGrant) } },
    },
    async (req) => ok(await svc.grantOf(ctx, viewer(req))),
  );

  r.post(
    u(SALARY_API.sms),
    {
      ...quiet,
      config: access.perm(OWN),
      schema: { summary: '发送查看工资条的短信验证码', tags, response: { 200: envelope(z.object({ mobile: z.string() })) } },
    },
    async (req) => {
      const mobile = await svc.sendCode(ctx, viewer(req), req.ip);
      return ok({ mobile }, `验证码已发送至 ${mobile}`);
    },
  );

  r.post(
    u(SALARY_API.verify),
    {
      ...quiet,
      config: access.perm(OWN),
      schema: {
        summary: '验证身份（登录密码 sm3(sm3()) 或短信验证码），10 分钟内可查看本人工资条',
        tags,
        body: salaryVerifyBody,
        response: { 200: envelope(salaryGrant) },
      },
    },
    async (req) => {
      try {
        const g = await svc.verify(ctx, viewer(req), req.body);
        await auditEvent(ctx.db, req, {
          action: 'salary.verify',
          result: 'ok',
          detail: { by: 'password' in req.body ? 'password' : 'sms' },
        });
        return ok(g, '验证成功');
      } catch (err) {
        await auditEvent(ctx.db, req, {
          action: 'salary.verify',
          result: 'fail',
          detail: { by: 'password' in req.body ? 'password' : 'sms' },
        });
        throw err;
      }
    },
  );

  r.get(
    u(SALARY_API.mine),
    {
      ...quiet,
      config: access.perm(OWN),
      schema: {
        summary: '本人的工资条（需先验证身份）',
        tags,
        querystring: mySalaryQuery,
        response: { 200: envelope(paged(mySalarySlip)) },
      },
    },
    async (req) => ok(await svc.mySlips(ctx, viewer(req), req.query)),
  );

  r.get(
    u(SALARY_API.slip),
    {
      ...quiet,
      config: access.perm(OWN),
      schema: {
        summary: '查看本人的一张工资条（需先验证身份；每次查看记审计）',
        tags,
        querystring: salaryIdQuery,
        response: { 200: envelope(mySalarySlipDetail) },
      },
    },
    async (req) => {
      try {
        const s = await svc.mySlip(ctx, viewer(req), req.query.id);
        await auditEvent(ctx.db, req, { action: 'salary.slip.view', target: req.query.id, result: 'ok' });
        return ok(s);
      } catch (err) {
        await auditEvent(ctx.db, req, { action: 'salary.slip.view', target: req.query.id, result: 'denied' });
        throw err;
      }
    },
  );

  r.post(
    u(SALARY_API.confirm),
    {
      ...quiet,
      config: access.perm(OWN),
      schema: { summary: '确认工资条', tags, body: salaryIdBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await svc.confirm(ctx, viewer(req), req.body.id);
      return ok(null, '已确认');
    },
  );

  r.post(
    u(SALARY_API.feedback),
    {
      ...quiet,
      config: access.perm(OWN),
      schema: { summary: '对工资条提出反馈', tags, body: salaryFeedbackBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await svc.feedback(ctx, viewer(req), req.body.id, req.body.content);
      return ok(null, '反馈已提交');
    },
  );
}
