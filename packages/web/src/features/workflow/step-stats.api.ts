import type { StatsOptions, StepStatsQuery, StepStatsResult } from '@oa/shared/contract/workflow-stats';
import { http, unwrap } from '../../lib/http-client';
import { downloadFrom } from '../../lib/files-transfer';

const S = '/api/auth/oa/workflow/stats';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const params = (q: StepStatsQuery): Record<string, string> => ({
  moduleCode: q.moduleCode,
  monthFrom: q.monthFrom,
  monthTo: q.monthTo,
  ...(q.deptCode ? { deptCode: q.deptCode } : {}),
});

/** Time on every step (/workflow/stats). */
export const stepStatsApi = {
  options: async () => unwrap(await http.get<StatsOptions>(`${S}/options`)),
  steps: async (q: StepStatsQuery) => unwrap(await http.get<StepStatsResult>(`${S}/steps`, params(q))),
  exportXlsx: (q: StepStatsQuery, name: string) =>
    downloadFrom(`${S}/export`, params(q), `${name}用时统计（${q.monthFrom}至${q.monthTo}）.xlsx`, XLSX),
};
