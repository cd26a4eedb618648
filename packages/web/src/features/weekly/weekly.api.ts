import type { Paged } from '@oa/shared/contract/envelope';
import {
  WEEKLY_API,
  type WeeklyColumn,
  type WeeklyColumnBody,
  type WeeklyCompileSave,
  type WeeklyCompileView,
  type WeeklyDeptStatus,
  type WeeklyPeriod,
  type WeeklyReport,
  type WeeklySearchHit,
  type WeeklySection,
  type WeeklySectionSave,
} from '@oa/shared/contract/weekly';
import { http, unwrap } from '../../lib/http-client';
import { downloadFrom } from '../../lib/files-transfer';

export const weeklyApi = {
  periods: async (q: { pageNumber: number; pageSize: number }) => unwrap(await http.get<Paged<WeeklyPeriod>>(WEEKLY_API.periods, q)),
  createPeriod: async (body: { weekDate: string; deadline?: string }) => unwrap(await http.post<WeeklyPeriod>(WEEKLY_API.period, body)),
  columns: async (all = false) => unwrap(await http.get<WeeklyColumn[]>(WEEKLY_API.columns, { all: all ? 'Y' : 'N' })),
  saveColumn: async (body: WeeklyColumnBody & { id?: string }) =>
    unwrap(await (body.id ? http.put<WeeklyColumn>(WEEKLY_API.column, body) : http.post<WeeklyColumn>(WEEKLY_API.column, body))),
  removeColumn: async (id: string) => unwrap(await http.delete<null>(WEEKLY_API.column, { id })),
  section: async (periodId: string, deptCode?: string) => unwrap(await http.get<WeeklySection>(WEEKLY_API.section, { periodId, deptCode })),
  saveSection: async (body: WeeklySectionSave) => unwrap(await http.post<WeeklySection>(WEEKLY_API.section, body)),
  returnSection: async (body: { periodId: string; deptCode: string; reason: string }) =>
    unwrap(await http.post<null>(WEEKLY_API.sectionReturn, body)),
  status: async (periodId: string) => unwrap(await http.get<WeeklyDeptStatus[]>(WEEKLY_API.status, { periodId })),
  remind: async (periodId: string) => {
    const env = await http.post<{ notified: number }>(WEEKLY_API.remind, { periodId });
    unwrap(env);
    return env.message;
  },
  compile: async (periodId: string) => unwrap(await http.get<WeeklyCompileView>(WEEKLY_API.compile, { periodId })),
  saveCompile: async (body: WeeklyCompileSave) => unwrap(await http.post<WeeklyCompileView>(WEEKLY_API.compile, body)),
  report: async (periodId: string) => unwrap(await http.get<WeeklyReport>(WEEKLY_API.report, { periodId })),
  exportFile: (periodId: string, format: 'xlsx' | 'docx' | 'pdf', title: string) =>
    downloadFrom(WEEKLY_API.export, { periodId, format }, `${title}.${format}`),
  search: async (q: { pageNumber: number; pageSize: number; keyword?: string; deptCode?: string; from?: string; to?: string }) =>
    unwrap(await http.get<Paged<WeeklySearchHit>>(WEEKLY_API.search, q)),
};

export const SECTION_STATUS_COLOR: Record<string, string> = {
  draft: 'default',
  submitted: 'green',
  late: 'orange',
  returned: 'red',
  missing: 'default',
};
