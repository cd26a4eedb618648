import type { RolePolicy } from '@oa/shared/contract/two-factor';
import type { UserOption } from '@oa/shared/contract/admin';
import { http, unwrap } from '../../lib/http-client';

const T = '/api/auth/oa/twoFactor';

export const twoFactorPolicyApi = {
  list: async (): Promise<RolePolicy[]> => unwrap(await http.get<RolePolicy[]>(`${T}/policy/list`)),
  save: async (roleCode: string, required: boolean) => unwrap(await http.post<null>(`${T}/policy/save`, { roleCode, required })),
  userOptions: async (keyword?: string) => unwrap(await http.get<UserOption[]>(`${T}/userOptions`, { keyword })),
  /** answers the envelope: a refusal (not enrolled) is shown as a warning */
  reset: (userCode: string) => http.post<null>(`${T}/reset`, { userCode }, { quiet: true }),
};
