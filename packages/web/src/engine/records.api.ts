import {
  PICKER_DEPTS_PATH,
  PICKER_USERS_PATH,
  recordsPath,
  type DeptOption,
  type RecordDetail,
  type RecordItem,
  type RecordPage,
  type UserOption,
} from '@oa/shared/contract/records';
import { apiUrl, authHeaders, http, unwrap, HttpError } from '../lib/http-client';

/** The records API of the module engine (one set of calls for every declared module). */

interface ListParams {
  pageNumber: number;
  pageSize: number;
  /** keyset cursor of the next page (the previous page's nextCursor) */
  after?: string;
  view?: 'mine' | 'manage';
  filters?: Record<string, unknown>;
}

const cleanFilters = (f: Record<string, unknown> | undefined): string | undefined => {
  const kept = Object.entries(f ?? {}).filter(
    ([, v]) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.every((x) => x === null || x === '')),
  );
  return kept.length ? JSON.stringify(Object.fromEntries(kept)) : undefined;
};

export const recordsApi = {
  list: async (code: string, p: ListParams) =>
    unwrap(
      await http.get<RecordPage>(recordsPath(code, 'list'), {
        pageNumber: p.pageNumber,
        pageSize: p.pageSize,
        after: p.after,
        view: p.view,
        filters: cleanFilters(p.filters),
      }),
    ),
  get: async (code: string, id: string) => unwrap(await http.get<RecordDetail>(recordsPath(code, 'get'), { id })),
  save: async (code: string, body: { id?: string; variant?: string | null; data: Record<string, unknown> }) =>
    unwrap(await http.post<RecordItem>(recordsPath(code, 'save'), body, { quiet: true })),
  submit: async (
    code: string,
    body: { id?: string; variant?: string | null; data: Record<string, unknown>; picks?: Record<string, string[]> },
  ) => unwrap(await http.post<RecordItem>(recordsPath(code, 'submit'), body, { quiet: true })),
  remove: async (code: string, id: string) => unwrap(await http.post<null>(recordsPath(code, 'delete'), { id })),
  withdraw: async (code: string, id: string) => unwrap(await http.post<RecordItem>(recordsPath(code, 'withdraw'), { id })),
  action: async (code: string, id: string, action: string, payload: Record<string, unknown>) =>
    unwrap(await http.post<RecordItem>(recordsPath(code, 'action'), { id, action, payload })),
  users: async () => unwrap(await http.get<UserOption[]>(PICKER_USERS_PATH)),
  depts: async () => unwrap(await http.get<DeptOption[]>(PICKER_DEPTS_PATH)),
};

/** Downloads the export of a list (signed request, saved as a file). */
export async function exportRecords(code: string, fileName: string, p: Omit<ListParams, 'pageNumber' | 'pageSize'>): Promise<void> {
  const path = recordsPath(code, 'export');
  const url = apiUrl(path, { view: p.view, filters: cleanFilters(p.filters) });
  await saveFrom(url, fileName);
}

/** Downloads a stored file (attachments) by its id. */
export async function downloadFile(fileId: string, fileName: string): Promise<void> {
  await saveFrom(apiUrl('/api/auth/base/system/file/download', { fileId }), fileName);
}

async function saveFrom(url: string, fileName: string): Promise<void> {
  const res = await fetch(url, { headers: await authHeaders(url.split('?')[0]) });
  if (!res.ok) throw new HttpError(res.status, res.status === 404 ? '文件不存在' : `下载失败（${res.status}）`);
  const blob = await res.blob();
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

/** Uploads a file (files feature): { fileId, fileName, size, mime }. */
export async function uploadFile(file: File): Promise<{ fileId: string; fileName: string; size: number; mime: string }> {
  const form = new FormData();
  // private: readable by the uploader and, once attached, by the record's readers (server-side grant);
  // the field goes before the file so the server sees it when the file part arrives.
  form.append('scope', 'private');
  form.append('file', file, file.name);
  return unwrap(
    await http.post<{ fileId: string; fileName: string; size: number; mime: string }>('/api/auth/base/system/file/upload', form),
  );
}
