import type { ColumnUser, InfoColumn, UserOption } from '@oa/shared/contract/admin';
import { http, unwrap } from '../../lib/http-client';

const P = '/api/auth/oa/columnAuth';

export const columnAuthApi = {
  columns: async () => unwrap(await http.get<InfoColumn[]>(`${P}/columns`)),
  users: async (columnCode: string) => unwrap(await http.get<ColumnUser[]>(`${P}/users`, { columnCode })),
  grant: async (columnCode: string, userCodes: string[]) => unwrap(await http.post<null>(`${P}/grant`, { columnCode, userCodes })),
  revoke: async (columnCode: string, userCodes: string[]) => unwrap(await http.delete<null>(`${P}/grant`, { columnCode, userCodes })),
  userOptions: async (keyword?: string) => unwrap(await http.get<UserOption[]>(`${P}/userOptions`, { keyword })),
};
