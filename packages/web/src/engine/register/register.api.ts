import { recordsPath } from '@oa/shared/contract/records';
import type {
  ArrearsResult,
  AttendanceSheet,
  FeeGenerateResult,
  RegisterImportResult,
  RegisterPage,
  RegisterRow,
} from '@oa/shared/contract/registers';
import { apiUrl, authHeaders, http, unwrap, HttpError } from '../../lib/http-client';

/** The register calls of the records API (issue 6). */

export type Filters = Record<string, unknown>;

const cleanFilters = (f: Filters | undefined): string | undefined => {
  const kept = Object.entries(f ?? {}).filter(
    ([, v]) =>
      v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && (v.length === 0 || v.every((x) => x === null || x === ''))),
  );
  return kept.length ? JSON.stringify(Object.fromEntries(kept)) : undefined;
};

async function download(path: string, params: Record<string, string | undefined>, fileName: string): Promise<void> {
  const url = apiUrl(path, params);
  const res = await fetch(url, { headers: await authHeaders(url.split('?')[0]) });
  if (!res.ok) throw new HttpError(res.status, `下载失败（${res.status}）`);
  const a = document.createElement('a');
  a.href = URL.createObjectURL(await res.blob());
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

export const registerApi = {
  list: async (code: string, p: { pageNumber: number; pageSize: number; after?: string; filters?: Filters }) =>
    unwrap(
      await http.get<RegisterPage>(recordsPath(code, 'list'), {
        pageNumber: p.pageNumber,
        pageSize: p.pageSize,
        after: p.after,
        filters: cleanFilters(p.filters),
      }),
    ),
  get: async (code: string, id: string) => unwrap(await http.get<RegisterRow>(recordsPath(code, 'get'), { id })),
  save: async (code: string, body: { id?: string; data: Record<string, unknown> }) =>
    unwrap(await http.post<RegisterRow>(recordsPath(code, 'save'), body, { quiet: true })),
  remove: async (code: string, id: string) => unwrap(await http.post<null>(recordsPath(code, 'delete'), { id })),
  action: async (code: string, id: string, action: string, payload: Record<string, unknown>) =>
    unwrap(await http.post<RegisterRow>(recordsPath(code, 'action'), { id, action, payload }, { quiet: true })),
  importFile: async (code: string, file: File, skipInvalid: boolean) => {
    const form = new FormData();
    form.append('skipInvalid', String(skipInvalid));
    form.append('file', file, file.name);
    const env = await http.post<RegisterImportResult>(recordsPath(code, 'import'), form, { quiet: true });
    return { result: unwrap(env), message: env.message };
  },
  exportFile: (code: string, name: string, filters: Filters) =>
    download(recordsPath(code, 'export'), { filters: cleanFilters(filters) }, `${name}.xlsx`),
  template: (code: string, name: string) => download(recordsPath(code, 'template'), {}, `${name}导入模板.xlsx`),
  generateFees: async (code: string, month: string) => {
    const env = await http.post<FeeGenerateResult>(recordsPath(code, 'generate'), { month });
    return { result: unwrap(env), message: env.message };
  },
  arrears: async (code: string, from: string, to: string) =>
    unwrap(await http.get<ArrearsResult>(recordsPath(code, 'arrears'), { from, to })),
  attendanceSheet: async (month: string, dept?: string) =>
    unwrap(await http.get<AttendanceSheet>(recordsPath('hr_attendance', 'sheet'), { month, dept })),
};
