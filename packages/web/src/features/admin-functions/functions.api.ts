import type { FunctionItem } from '@oa/shared/contract/auth';
import type { FunctionBody, FunctionSortBody } from '@oa/shared/contract/admin-roles';
import { http, unwrap } from '../../lib/http-client';

/** The calls of one function-tree editor: /function (OA) or /memberFunction (member platform). */
export interface FunctionSurface {
  platform: '1' | '4';
  perm: string;
  prefix: string;
  title: string;
}
export const OA_FUNCTIONS: FunctionSurface = { platform: '1', perm: 'sys_function', prefix: '/api/auth/oa/function', title: '功能' };
export const MEMBER_FUNCTIONS: FunctionSurface = {
  platform: '4',
  perm: 'sys_member_function',
  prefix: '/api/auth/oa/memberFunction',
  title: '会员功能',
};

export function functionsApi(s: FunctionSurface) {
  return {
    list: async () => unwrap(await http.get<FunctionItem[]>(`${s.prefix}/list`)),
    insert: async (b: FunctionBody) => unwrap(await http.post<null>(`${s.prefix}/insert`, b)),
    update: async (b: FunctionBody) => unwrap(await http.put<null>(`${s.prefix}/update`, b)),
    remove: async (funCode: string) => unwrap(await http.delete<null>(`${s.prefix}/delete`, { funCode })),
    sort: async (b: FunctionSortBody) => unwrap(await http.put<null>(`${s.prefix}/sort`, b)),
  };
}
