import { COMPLIANCE_API, type ComplianceReport } from '@oa/shared/contract/compliance';
import { chinaDate } from '@oa/shared/format/china-time';
import { http, unwrap } from '../../lib/http-client';
import { downloadFrom } from '../../lib/files-transfer';

/** The 等保 self-check (contract: @oa/shared/contract/compliance). */
export const complianceApi = {
  report: async () => unwrap(await http.get<ComplianceReport>(COMPLIANCE_API.report)),
  exportPdf: () => downloadFrom(COMPLIANCE_API.pdf, {}, `等保自查报告-${chinaDate()}.pdf`, 'application/pdf'),
};
