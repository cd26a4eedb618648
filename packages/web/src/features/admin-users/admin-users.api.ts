import type {
  AdminDept,
  AdminUser,
  DeptBody,
  ImportResult,
  UserCreateBody,
  UserListQuery,
  UserUpdateBody,
} from '@oa/shared/contract/admin';
import type { Paged } from '@oa/shared/contract/envelope';
import { apiUrl, authHeaders, http, unwrap, type QueryParams } from '../../lib/http-client';

const U = '/api/auth/oa/user';
const D = '/api/auth/oa/dept';

export const usersApi = {
  list: async (q: UserListQuery) => unwrap(await http.get<Paged<AdminUser>>(`${U}/list`, q as QueryParams)),
  insert: async (b: UserCreateBody) => unwrap(await http.post<null>(`${U}/insert`, b)),
  update: async (b: UserUpdateBody) => unwrap(await http.put<null>(`${U}/update`, b)),
  setStatus: async (userCode: string, status: 'Y' | 'N') => unwrap(await http.put<null>(`${U}/status`, { userCode, status })),
  resetPassword: async (userCode: string, password: string) => unwrap(await http.put<null>(`${U}/resetPassword`, { userCode, password })),
  import: async (file: File, password: string) => {
    const form = new FormData();
    form.append('password', password);
    form.append('file', file);
    return unwrap(await http.post<ImportResult>(`${U}/import`, form));
  },
  exportUrl: (q: QueryParams) => apiUrl(`${U}/export`, q),
  templateUrl: () => apiUrl(`${U}/template`),
};

export const deptsApi = {
  list: async () => unwrap(await http.get<AdminDept[]>(`${D}/list`)),
  insert: async (b: DeptBody) => unwrap(await http.post<null>(`${D}/insert`, b)),
  update: async (b: DeptBody) => unwrap(await http.put<null>(`${D}/update`, b)),
  remove: async (deptCode: string) => unwrap(await http.delete<null>(`${D}/delete`, { deptCode })),
  moveUsers: async (userCodes: string[], deptCode: string) => unwrap(await http.put<null>(`${D}/moveUsers`, { userCodes, deptCode })),
};

/** File name from content-disposition (RFC 5987 filename* first). */
function fileNameOf(header: string | null, fallback: string): string {
  const star = header?.match(/filename\*=UTF-8''([^;]+)/i);
  if (star) return decodeURIComponent(star[1]);
  return header?.match(/filename="([^"]+)"/i)?.[1] ?? fallback;
}

/** Downloads a signed, authorised GET as a file (xlsx exports and templates). */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const res = await fetch(url, { headers: await authHeaders(url.split('?')[0]) });
  if (!res.ok) {
    let message = `下载失败（${res.status}）`;
    try {
      message = ((await res.json()) as { message?: string }).message ?? message;
    } catch {
      /* not JSON */
    }
    throw new Error(message);
  }
  const blob = await res.blob();
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = fileNameOf(res.headers.get('content-disposition'), fallbackName);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}
