import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { COMPLIANCE_API, complianceReport } from '@oa/shared/contract/compliance';
import { chinaDate } from '@oa/shared/format/china-time';
import { envelope } from '@oa/shared/contract/envelope';
import { access } from '../../plugins/access';
import { ok } from '../../lib/reply';
import { auditEvent } from '../../core/audit';
import { selfCheck } from './compliance.service';
import { renderCompliancePdf } from './compliance.pdf';

/** 等保自查 (/compliance): the audit administrator's self-check and its PDF for the assessor. */
export async function complianceRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = access.perm('sys_compliance');
  const tags = ['等保自查'];

  r.get(
    `/oa${COMPLIANCE_API.report}`,
    {
      config,
      schema: { summary: '等保 2.0 第三级应用层面自查：每项控制的状态与证据', tags, response: { 200: envelope(complianceReport) } },
    },
    async () => ok(await selfCheck(app.ctx)),
  );
  r.get(`/oa${COMPLIANCE_API.pdf}`, { config, schema: { summary: '导出自查报告（PDF，供测评机构）', tags } }, async (req, reply) => {
    const report = await selfCheck(app.ctx);
    const pdf = await renderCompliancePdf(report);
    await auditEvent(app.ctx.db, req, { action: 'compliance.export', result: 'ok', detail: report.summary });
    const name = `等保自查报告-${chinaDate(report.checkedAt)}.pdf`;
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="compliance.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .send(pdf);
  });
}
