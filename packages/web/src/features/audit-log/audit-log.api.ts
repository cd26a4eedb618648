import {
  AUDIT_LOG_API,
  type AuditDetail,
  type AuditFilter,
  type AuditItem,
  type AuditState,
  type ChainReportDto,
} from '@oa/shared/contract/audit-log';
import type { KeysetPaged } from '@oa/shared/contract/envelope';
import { chinaDate } from '@oa/shared/format/china-time';
import { http, unwrap } from '../../lib/http-client';
import { downloadFrom } from '../../lib/files-transfer';

const defined = (f: AuditFilter): Record<string, string> =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string>;

/** 安全审计 (contract: @oa/shared/contract/audit-log). */
export const auditLogApi = {
  list: async (f: AuditFilter, pageSize: number, after: string | null) =>
    unwrap(await http.get<KeysetPaged<AuditItem>>(AUDIT_LOG_API.list, { ...defined(f), pageSize, ...(after ? { after } : {}) })),
  detail: async (id: number) => unwrap(await http.get<AuditDetail>(AUDIT_LOG_API.detail, { id })),
  state: async () => unwrap(await http.get<AuditState>(AUDIT_LOG_API.state)),
  verify: async () => unwrap(await http.post<ChainReportDto>(AUDIT_LOG_API.verify)),
  exportXlsx: (f: AuditFilter) =>
    downloadFrom(
      AUDIT_LOG_API.export,
      defined(f),
      `安全审计-${chinaDate()}.xlsx`,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ),
};
