import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUDIT_LOG_API, auditDetail, auditFilter, auditListQuery, auditPage, auditState, chainReport } from '@oa/shared/contract/audit-log';
import { envelope } from '@oa/shared/contract/envelope';
import { chinaDate } from '@oa/shared/format/china-time';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { auditEvent } from '../../core/audit';
import * as svc from './audit-log.service';
import { startAuditSchedule } from './audit-schedule';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** 安全审计 (/auditLog): the audit administrator reads, verifies and exports the trail; nothing here changes it. */
export async function auditLogRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = access.perm('sys_audit_log');
  const tags = ['安全审计'];
  const ctx = app.ctx;

  r.get(
    `/oa${AUDIT_LOG_API.list}`,
    {
      config,
      schema: {
        summary: '审计记录（新的在前，可按时间、账号、事件、对象、结果筛选）',
        tags,
        querystring: auditListQuery,
        response: { 200: envelope(auditPage) },
      },
    },
    async (req) => ok(await svc.listAudit(ctx, req.query)),
  );
  r.get(
    `/oa${AUDIT_LOG_API.detail}`,
    {
      config,
      schema: {
        summary: '一条审计记录：变更前后（敏感值已遮蔽）与链上哈希',
        tags,
        querystring: z.object({
          id: z.coerce.number({ message: '请指定审计记录（id）' }).int().positive({ message: '审计记录编号不正确（id）' }),
        }),
        response: { 200: envelope(auditDetail) },
      },
    },
    async (req) => ok(await svc.auditDetail(ctx, req.query.id)),
  );
  r.get(
    `/oa${AUDIT_LOG_API.state}`,
    { config, schema: { summary: '审计链状态：链头、保存期限、最近一次校验、归档', tags, response: { 200: envelope(auditState) } } },
    async () => ok(await svc.auditState(ctx)),
  );
  r.post(
    `/oa${AUDIT_LOG_API.verify}`,
    { config, schema: { summary: '校验审计链完整性，指出第一处断开', tags, response: { 200: envelope(chainReport) } } },
    async (req) => {
      const report = await svc.verifyAudit(ctx, req.auth!.user.userCode);
      await auditEvent(ctx.db, req, { action: 'audit.verify', result: report.intact ? 'ok' : 'fail', detail: { message: report.message } });
      return ok(report);
    },
  );
  r.get(
    `/oa${AUDIT_LOG_API.export}`,
    { config, schema: { summary: '导出审计记录（.xlsx，条件同列表，至多 5 万条）', tags, querystring: auditFilter } },
    async (req, reply) => {
      const { buffer, rows } = await svc.auditWorkbook(ctx, req.query);
      await auditEvent(ctx.db, req, { action: 'audit.export', result: 'ok', detail: { rows, filter: req.query } });
      const name = `安全审计-${chinaDate()}.xlsx`;
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', `attachment; filename="audit.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(buffer);
    },
  );
  startAuditSchedule(app);
}
